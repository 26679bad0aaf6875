"""A folded code cell (``# %% fold="…"``, tools/sitebuild/fold.py): closed on load, and
opening it shows the cell's code and output, whose copy button copies the code."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("path", "summary"),
    [
        ("local-linear/", "逐条核对正文的代码"),
        ("en/local-linear/", "The code that checks the text, claim by claim"),
    ],
)
def test_opening_a_folded_cell_shows_its_code_and_output(browser, server, path, summary):
    context = browser.new_context(
        viewport={"width": 375, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        page = context.new_page()
        page.goto(server + path, wait_until="load")
        page.wait_for_function("window.component$ !== undefined")  # Material's bundle ran
        block = page.locator("details.attn-fold")
        assert block.count() == 1
        assert block.locator("summary").inner_text().strip() == summary
        code = block.locator(".jp-InputArea pre")
        output = block.locator(".jp-OutputArea-output")
        assert not block.evaluate("d => d.open")
        assert not code.is_visible() and not output.is_visible()
        block.locator("summary").click()
        assert block.evaluate("d => d.open")
        assert code.is_visible() and "# checks of the page's text" in code.inner_text()
        assert output.is_visible() and "every check holds" in output.inner_text()
        button = block.locator("clipboard-copy").first
        block.locator(".jp-InputArea").hover()
        button.click()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith("# checks of the page's text")
        assert "every check holds" not in copied and "In [" not in copied
    finally:
        context.close()
