"""tools/sitebuild/copybuttons.py: Material's copy buttons, written where Material puts them."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tools.sitebuild import copybuttons

CONFIG = (
    '<script id="__config" type="application/json">'
    '{"translations": {"clipboard.copy": "\\u590d\\u5236"}}</script>'
)


def page(body: str) -> str:
    return CONFIG + f'<div data-md-component="content">{body}</div>'


def targets(html: str) -> list[str]:
    return [
        part.split('"')[0].replace("&gt;", ">")
        for part in html.split('data-clipboard-target="')[1:]
    ]


def test_the_title_is_the_pages_language():
    out = copybuttons.prerender(page("<pre><code>x</code></pre>"))
    assert 'title="复制"' in out


def test_blocks_are_counted_in_order_unless_an_element_around_them_has_an_id():
    body = (
        "<pre><code>a</code></pre>"
        '<div id="cell-1"><pre><code>b</code></pre></div>'
        "<pre><code>c</code></pre>"
        '<pre id="own"><code>d</code></pre>'
    )
    assert targets(copybuttons.prerender(page(body))) == [
        "#__code_0 > code",
        "#__code_cell-1 > code",
        "#__code_1 > code",
        "#__code_own > code",
    ]


def test_blocks_that_share_an_id_or_sit_under_no_css_name_get_their_own():
    """A notebook's Markdown cell is ``<div id="cell-id=cell-5">``: ``#__code_cell-id=cell-5``
    is no valid selector, and two blocks in one cell would both be named after it."""
    body = (
        '<div id="cell-id=cell-5"><pre><code>a</code></pre><pre><code>b</code></pre></div>'
        '<div id="cell-id=cell-9"><p>x</p><pre class="x"><code>c</code></pre></div>'
        '<div id="ok"><pre><code>d</code></pre><pre><code>e</code></pre></div>'
        '<div id=""><pre><code>f</code></pre></div>'  # [id] matches an empty id too
        '<p id="ok-1">taken</p>'
    )
    out = copybuttons.prerender(page(body))
    assert targets(out) == [
        "#__code_cell-id-cell-5-1 > code",
        "#__code_cell-id-cell-5-2 > code",
        "#__code_cell-id-cell-9-1 > code",
        "#__code_ok-1- > code",  # ok-1 is another element's
        "#__code_ok-2 > code",
        "#__code_code-1 > code",
    ]
    assert '<pre id="cell-id-cell-9-1" class="x"><nav' in out
    assert out.count("<pre id=") == 6


def test_an_own_id_that_is_no_css_name_is_escaped():
    out = copybuttons.prerender(page('<pre id="a=b"><code>x</code></pre>'))
    assert targets(out) == ["#__code_a\\=b > code"]


def test_no_copy_blocks_get_none_but_still_count():
    body = (
        '<div class="no-copy"><pre><code>a</code></pre></div>'
        "<pre><code>b</code></pre>"
        '<pre class="mermaid"><code>graph</code></pre>'
    )
    assert targets(copybuttons.prerender(page(body))) == ["#__code_1 > code"]


def test_a_no_copy_class_among_others_counts():
    """Material's ``.no-copy`` is a class like any other: ``class="admonition no-copy"``."""
    body = '<div class="admonition no-copy"><pre><code>a</code></pre></div>'
    assert targets(copybuttons.prerender(page(body))) == []


def test_copy_blocks_are_left_to_material():
    """Material gives a `.copy` block its button whatever the features: no second one."""
    assert "md-code__nav" not in copybuttons.prerender(
        page('<div class="copy"><pre><code>a</code></pre></div>')
    )


def test_outside_the_article_and_pages_without_code_are_unchanged():
    outside = CONFIG + '<div class="md-footer"><pre><code>x</code></pre></div>'
    assert copybuttons.prerender(outside) == outside
    plain = page("<p>no code &amp; no change</p><pre>text</pre>")
    assert copybuttons.prerender(plain) == plain


def test_the_nav_goes_right_before_the_code():
    out = copybuttons.prerender(page("<pre><span></span><code>x = 1</code></pre>"))
    assert "<pre><span></span><nav" in out and "</nav><code>x = 1</code></pre>" in out


# --- the built site (each copy button's selector is checked in the browser, on every page:
# tests/browser/test_pages.py) -----------------------------------------------------------

# A notebook cell's highlighted code, then the hidden text its copy button
# (``<clipboard-copy for="cell-N">``, mkdocs-jupyter) puts on the clipboard.
NOTEBOOK_CELL = re.compile(
    r'<div class="highlight-ipynb[^"]*"><pre>(?P<shown>.*?)</pre></div>\s*'
    r'<div class="clipboard-copy-txt" id="(?P<id>[^"]+)">(?P<copied>.*?)</div>',
    re.S,
)


@pytest.mark.build
def test_a_notebook_cells_copy_button_copies_the_code_it_shows(site: Path) -> None:
    """Indentation and blank lines included: copied code with its indentation gone
    (``for``, ``with``, ``try`` blocks) raises IndentationError where it is pasted."""
    cells, problems = 0, []
    for file in sorted(site.rglob("*.html")):
        text = file.read_text(encoding="utf-8")
        if "clipboard-copy-txt" not in text:
            continue
        found = list(NOTEBOOK_CELL.finditer(text))
        where = file.relative_to(site)
        if len(found) != text.count('class="clipboard-copy-txt"'):
            problems.append(f"{where}: a copy text not right after its cell's code")
        for cell in found:
            cells += 1
            shown = html.unescape(re.sub(r"<[^>]+>", "", cell["shown"])).rstrip("\n")
            if html.unescape(cell["copied"]) != shown:
                problems.append(f"{where} #{cell['id']}: copies other text than it shows")
    assert cells > 500, cells  # every code cell of every notebook page, both languages
    assert problems == [], problems[:10]


# A code block of a notebook's Markdown cell, as the build finishes it: its ``pre``, then
# the copy button and the ``code`` it copies (``copybuttons.code_in_prose_blocks_tree``).
PROSE_BLOCK = re.compile(r'<div class="highlight"><pre[^>]*>(?P<inside>.*?)</pre></div>', re.S)
BUTTON_THEN_CODE = re.compile(
    r'<span></span><nav class="md-code__nav"><button [^>]*></button></nav><code>'
)


@pytest.mark.build
def test_every_code_block_of_a_notebooks_text_has_its_button(site: Path) -> None:
    """nbconvert writes these blocks without ``<code>``: the build adds it, and Material's
    button with it (where the button sits on a phone: ``tests/browser/code_column.py``)."""
    blocks, problems = 0, []
    for file in sorted(site.rglob("*.html")):
        text = file.read_text(encoding="utf-8")
        start = text.find("jp-RenderedMarkdown")
        if start < 0:
            continue
        for block in PROSE_BLOCK.finditer(text, start):
            blocks += 1
            if not BUTTON_THEN_CODE.match(block["inside"]):
                where = file.relative_to(site)
                problems.append(f"{where}: a block without its button: {block['inside'][:80]}")
    assert blocks > 150, blocks  # the handbook's examples and signatures, both languages
    assert problems == [], problems[:10]
