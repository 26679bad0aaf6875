"""A folded code cell (``# %% fold="…"``, tools/sitebuild/fold.py): closed on load; opened,
it shows the cell's code and output, its copy button copies the code, and on a 375 px
phone its code box is as wide as an unfolded cell's (40 columns, no sideways scroll)."""

from __future__ import annotations

import pytest

from tests.browser.code_column import code_column_problems

pytestmark = pytest.mark.browser

LL_FIRST = "# checks of the page's text"
ERRORS_FIRST = "# checks of this page's text"


@pytest.mark.parametrize(
    ("path", "summary", "first", "printed"),
    [
        ("local-linear/", "逐条核对正文的代码", LL_FIRST, "every check holds"),
        ("en/local-linear/", "The code that checks the text, claim by claim", LL_FIRST,
         "every check holds"),
        ("handbook/errors/", "核对本页正文的代码（可以跳过）", ERRORS_FIRST, None),
        ("en/handbook/errors/", "Checks of this page's text (skip them)", ERRORS_FIRST,
         None),
    ],
)  # fmt: skip
def test_opening_a_folded_cell_shows_its_code_and_output(
    browser, server, path, summary, first, printed
):
    context = browser.new_context(
        viewport={"width": 375, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        page = context.new_page()
        page.goto(server + path, wait_until="load")
        page.wait_for_function("window.component$ !== undefined")  # Material's bundle ran
        # the fold with this summary (a page may fold other cells too)
        folds = page.locator("details.attn-fold")
        summaries = [s.strip() for s in folds.locator(":scope > summary").all_inner_texts()]
        assert summaries.count(summary) == 1, summaries
        block = folds.nth(summaries.index(summary))
        code = block.locator(".jp-InputArea pre")
        assert not block.evaluate("d => d.open") and not code.is_visible()
        block.locator("summary").click()
        assert block.evaluate("d => d.open")
        assert code.is_visible() and code.inner_text().startswith(first)
        output = block.locator(".jp-OutputArea-output")
        if printed is None:
            assert output.count() == 0
        else:
            assert output.is_visible() and output.inner_text().strip() == printed
        if "handbook/" in path:  # its code is written to 40 columns: it fits a phone
            assert code_column_problems(page, path) == []
        block.locator(".jp-InputArea").hover()
        block.locator("clipboard-copy").first.click()
        # the code as shown, without the prompt or the output
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.strip() == code.inner_text().strip()
    finally:
        context.close()
