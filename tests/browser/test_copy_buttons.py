"""Copy buttons come with the page (tools/sitebuild/copybuttons.py), not from Material's
start-up, which inserted them block by block and restyled each block; the page after
start-up is the one Material made, and the buttons copy as before."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# Installed before the page's first script: code-block navs added once the page was parsed
# (by a script, not the parser).
RECORD = """
window.navsAddedLate = 0;
new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => {
  if (document.readyState !== 'loading' && n.nodeType === 1
      && (n.matches('.md-code__nav') || n.querySelector('.md-code__nav')))
    window.navsAddedLate += 1;
}))).observe(document, {childList: true, subtree: true});
"""

# For each code block Material mounts: its buttons, and whether each names the block.
BLOCKS = """() => [...document.querySelectorAll(
    '[data-md-component=content] pre:not(.mermaid) > code')].map(code => {
  const buttons = [...code.parentElement.querySelectorAll(':scope > nav > button')];
  return buttons.map(b => {
    try { return document.querySelector(b.dataset.clipboardTarget) === code; }
    catch (e) { return 'invalid selector'; }
  });
})"""


@pytest.fixture
def page(browser):
    context = browser.new_context(
        viewport={"width": 375, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    context.add_init_script(RECORD)
    yield context.new_page()
    context.close()


# leave-one-out: two source blocks in one Markdown cell of a notebook (its <div id="cell-id=…">)
@pytest.mark.parametrize(
    "path", ["", "en/", "api/pooling/", "en/contributing/", "leave-one-out/", "en/smoothness/"]
)
def test_each_block_has_its_one_button_from_the_page(page, server, path):
    page.goto(server + path, wait_until="load")
    page.wait_for_function("window.component$ !== undefined")  # Material's bundle ran
    page.wait_for_timeout(200)
    blocks = page.evaluate(BLOCKS)
    assert blocks, "the page has code blocks"
    assert all(buttons == [True] for buttons in blocks), blocks
    assert page.evaluate("window.navsAddedLate") == 0, "a script inserted a copy button"
    # the button is Material's: its title in the page's language, its type
    button = page.locator("article pre > nav > button").first
    assert button.get_attribute("data-md-type") == "copy"
    assert button.get_attribute("title") == ("复制" if not path.startswith("en/") else
                                             "Copy to clipboard")  # fmt: skip


def test_a_button_copies_and_says_so(page, server):
    page.goto(server + "en/", wait_until="load")
    page.wait_for_function("window.component$ !== undefined")
    block = page.locator("article pre:has(code)").filter(has_text=">>> import attention_tutorial")
    block.locator("button.md-code__button").click()
    assert page.evaluate("navigator.clipboard.readText()").startswith(
        "import torch\nimport attention_tutorial as at\n"
    )
    dialog = page.locator(".md-dialog")
    dialog.wait_for(state="visible", timeout=3000)
    assert "Copied to clipboard" in dialog.inner_text()


def test_a_button_in_a_notebooks_prose_copies_its_own_block(page, server):
    """The second of two source blocks in one Markdown cell: its button copies that block,
    indented as written, though an opened fold shows each line's indent as padding (its lines
    wrap on a phone: copy-code.js)."""
    page.goto(server + "en/leave-one-out/", wait_until="load")
    page.wait_for_function("window.component$ !== undefined")
    details = page.locator('details[data-package-source="attention_tutorial.training.loss_at_w"]')
    block = details.locator("pre:has(code)")
    code = block.locator("code").text_content()  # the page's text, before the fold opens
    assert code.startswith("def loss_at_w(") and "\n    " in code
    details.locator("summary").click()
    shown = block.locator("code").inner_text()
    assert [line.strip() for line in shown.splitlines() if line.strip()] == [
        line.strip() for line in code.splitlines() if line.strip()
    ]
    block.hover()
    block.locator("button.md-code__button").click()
    page.locator(".md-dialog").wait_for(state="visible", timeout=3000)
    assert page.evaluate("navigator.clipboard.readText()") == code.rstrip()
    # selected by hand and copied (Ctrl+C), its lines come with their indents (round 52)
    block.locator("code").evaluate(
        "c => { const r = document.createRange(); r.selectNodeContents(c);"
        " getSelection().removeAllRanges(); getSelection().addRange(r); }"
    )
    page.keyboard.press("Control+C")
    assert page.evaluate("navigator.clipboard.readText()").rstrip() == code.rstrip()


def test_a_handbook_example_copies_its_code_without_prompts_or_output(page, server):
    """A ``>>>`` block of a notebook's text (nbconvert's, given its ``code`` by the build):
    its button copies the code a reader can paste, not the prompts and printed shapes."""
    page.goto(server + "en/handbook/matmul/", wait_until="load")
    page.wait_for_function("window.component$ !== undefined")
    block = page.locator(".jp-RenderedMarkdown pre:has(code)").filter(has_text=">>> row = ")
    assert ">>> import torch" in block.inner_text() and "torch.Size([2])" in block.inner_text()
    block.hover()
    block.locator("button.md-code__button").click()
    page.locator(".md-dialog").wait_for(state="visible", timeout=3000)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("import torch\nx = torch.ones(3)\n"), copied
    assert "row = x.reshape(1, 3)" in copied
    assert ">>>" not in copied and "torch.Size" not in copied


def test_a_continued_statement_is_copied_with_the_empty_line_that_ends_it(page, server):
    """A ``for`` typed on ``...`` lines, then the next ``>>>`` statement: pasted at Python's
    prompt, the copy runs only with an empty line between the two."""
    page.goto(server + "en/leave-one-out/", wait_until="load")
    page.wait_for_function("window.component$ !== undefined")
    block = page.locator(".jp-RenderedMarkdown pre:has(code)").filter(has_text="for epoch in")
    block.locator("xpath=ancestor::details").locator("summary").click()
    block.hover()
    block.locator("button.md-code__button").click()
    page.locator(".md-dialog").wait_for(state="visible", timeout=3000)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "    w_seen.append(model.w.item())\n\npairs = zip(" in copied, copied
    assert "for epoch in range(20):\n    trainer.zero_grad()\n" in copied


def test_without_javascript_no_button_shows(browser, server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server + "en/", wait_until="load")
        assert page.locator("article pre > nav.md-code__nav").count() >= 1
        assert not page.locator("article pre > nav.md-code__nav").first.is_visible()
    finally:
        context.close()
