"""A first load styles and lays out the first screen only (extra.css "First screen", mkdocs.yml).

The blocks of a notebook page below the first screen keep their content out of style,
layout and paint until they come near the viewport (``content-visibility: auto``), and
Material mounts a code block (copy button, overflow check) when it first comes into view
(its ``content.lazy`` feature). What the reader sees once a block is shown is what it was
before; links to a heading, the table of contents' scroll spy, find-in-page and print
still reach the blocks not yet shown.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGE = "en/transformer/"
BLOCKS = ".jp-Notebook > .jp-CodeCell, .jp-RenderedMarkdown > *"
# Chromium tells an element with `content-visibility: auto` when its content starts or
# stops being skipped; recorded from before the first script of the page.
RECORD = """
window.skipped = new Map();
document.addEventListener('contentvisibilityautostatechange',
  e => window.skipped.set(e.target, e.skipped), true);
"""
# Which of the article's blocks Chromium renders now.
SHOWN = """sel => [...document.querySelectorAll(sel)].map(e => [
  e.tagName, getComputedStyle(e).contentVisibility, !window.skipped.get(e)])"""
# Scroll through the page, two frames at each half screen, so that every block has been
# shown once (each then keeps its real size when skipped again), and back to the top.
SCROLL_THROUGH = """async () => {
  const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y); await frames();
  }
  scrollTo(0, 0); await frames();
}"""
GEOMETRY = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return [e.tagName, Math.round(r.top + scrollY), Math.round(r.height), Math.round(r.width)];
})"""


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    context.add_init_script(RECORD)
    yield context.new_page()
    context.close()


def test_blocks_below_the_first_screen_are_left_out_on_load(page, server):
    page.goto(server + PAGE, wait_until="load")
    blocks = page.evaluate(SHOWN, BLOCKS)
    skipped = [b for b in blocks if not b[2]]
    assert len(skipped) > len(blocks) / 2, f"{len(skipped)} of {len(blocks)} blocks skipped"
    # The first paragraph is on the first screen and is shown at once.
    first_p = next(b for b in blocks if b[0] == "P")
    assert first_p[1] == "auto" and first_p[2]
    # Headings are never skipped: the table of contents reads their offsets on load.
    headings = [b for b in blocks if b[0] in ("H1", "H2", "H3", "H4")]
    assert headings and all(b[1] == "visible" for b in headings)


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("path", [PAGE, "parametric/", "en/handbook/repeat/"])
def test_a_shown_block_is_where_and_as_large_as_without_the_rule(browser, server, path, width):
    """Only blocks whose margins are their own are skipped: a block whose child's margins
    collapsed through it (a code block's <pre>, a display formula in its paragraph) would
    be taller once contained."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(server + path, wait_until="load")
        page.evaluate(SCROLL_THROUGH)
        contained = page.evaluate(GEOMETRY, BLOCKS)
        page.add_style_tag(content="* { content-visibility: visible !important }")
        page.evaluate(SCROLL_THROUGH)
        plain = page.evaluate(GEOMETRY, BLOCKS)
    finally:
        context.close()
    assert len(contained) == len(plain) > 20
    moved = [(a, b) for a, b in zip(contained, plain, strict=True) if a != b]
    assert not moved, f"blocks that differ (contained, plain): {moved[:3]}"


def test_code_blocks_are_mounted_when_they_come_into_view(page, server):
    page.goto(server + "en/", wait_until="load")
    page.wait_for_function("window.component$ !== undefined")
    page.wait_for_timeout(300)
    shown = "article pre:has(> code):not(details:not([open]) pre)"
    blocks = page.locator(shown)
    assert blocks.count() >= 2
    mounted = page.locator("article .md-code__nav").count()
    assert mounted < blocks.count(), f"{mounted} of {blocks.count()} mounted on load"
    blocks.last.scroll_into_view_if_needed()
    page.wait_for_function(
        f"[...document.querySelectorAll('{shown}')].at(-1)"
        ".querySelector('.md-code__nav button') !== null"
    )


def test_a_link_to_a_heading_far_below_lands_on_it_and_the_toc_follows(page, server):
    page.goto(server + PAGE, wait_until="load")
    last = page.evaluate("[...document.querySelectorAll('article h2[id]')].at(-1).id")
    page.goto(server + PAGE + "#" + last, wait_until="load")
    page.wait_for_timeout(800)
    top = page.evaluate(f"document.getElementById('{last}').getBoundingClientRect().top")
    assert 0 <= top < 250, f"the heading is at {top}px of the window"
    active = page.evaluate(
        "[...document.querySelectorAll('.md-sidebar--secondary .md-nav__link--active')]"
        ".map(a => a.hash)"
    )
    assert f"#{last}" in active


def test_find_in_page_reaches_a_block_not_yet_shown(page, server):
    page.goto(server + PAGE, wait_until="load")
    text = page.evaluate(
        "[...document.querySelectorAll('.jp-RenderedMarkdown > p')].filter("
        "p => window.skipped.get(p)).at(-1)"
        ".textContent.trim().split(/\\s+/).slice(0, 5).join(' ')"
    )
    assert page.evaluate("t => window.find(t)", text), text
    assert page.evaluate("getSelection().toString()").lower() == text.lower()
    # The browser's own find (Ctrl+F) also shows the block and scrolls to it; a script
    # cannot drive it, window.find shows the text is there to be found.


def test_print_lays_out_every_block(page, server):
    page.goto(server + PAGE, wait_until="load")
    page.emulate_media(media="print")
    blocks = page.evaluate(SHOWN, BLOCKS)
    assert len(blocks) > 20 and all(b[1] == "visible" for b in blocks)


# Every nav title cut short: each shown one then gets its text as its link's tooltip.
NARROW = """
addEventListener('DOMContentLoaded', () => {
  const s = document.createElement('style');
  s.textContent = '.md-nav .md-ellipsis { display: block; max-width: 3em; white-space: nowrap;'
    + ' overflow: hidden; text-overflow: ellipsis }';
  document.head.append(s);
});
"""


@pytest.mark.parametrize("path", [PAGE, "glossary/"])
def test_a_title_cut_short_gets_its_tooltip_once_seen(browser, server, path):
    """Material's ellipsis patch is told there are no titles (it watched each through a
    filter for every other: 83 titles, 6,900 calls); one observer does the same work."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(NARROW)
    try:
        page = context.new_page()
        page.goto(server + path, wait_until="load")
        page.wait_for_function("window.component$ !== undefined")
        assert page.evaluate("document.querySelectorAll('.md-ellipsis').length") == 0
        titles = page.evaluate("document.getElementsByClassName('md-ellipsis').length")
        assert titles > 50
        page.wait_for_function(
            "[...document.querySelectorAll('.md-sidebar--primary a.md-nav__link[title]')]"
            ".length > 5"
        )
        shown = page.evaluate(
            """() => [...document.getElementsByClassName('md-ellipsis')].filter(e => {
              const r = e.getBoundingClientRect();
              return e.checkVisibility() && r.top < innerHeight && r.bottom > 0
                && e.offsetWidth < e.scrollWidth;
            }).map(e => [(e.closest('a') || e).title, e.innerText])"""
        )
        assert shown and all(title == text for title, text in shown), shown[:3]
    finally:
        context.close()
