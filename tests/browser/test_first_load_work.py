"""Start-up work Material does only where it is needed (overrides/main.html).

Material's lookup of cut-short titles (every visibility event through one filter per
title) is replaced by one observer that gives a title its tooltip once seen. Links to a
heading and the table of contents' scroll spy still work.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGE = "en/transformer/"


# The heading is near the top of the window and its entry in the table of contents active.
LANDED = """id => {
    const top = document.getElementById(id).getBoundingClientRect().top;
    const active = [...document.querySelectorAll('.md-sidebar--secondary .md-nav__link--active')];
    return top >= 0 && top < 250 && active.some(a => a.hash === '#' + id);
}"""


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    yield context.new_page()
    context.close()


def test_a_link_to_a_heading_far_below_lands_on_it_and_the_toc_follows(page, server):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(server + PAGE, wait_until="load")
    last = page.evaluate("[...document.querySelectorAll('article h2[id]')].at(-1).id")
    page.goto(server + PAGE + "#" + last, wait_until="load")
    # once the page has scrolled to the heading and the scroll spy marks its entry (at most
    # 5 s; the checks below then say which of the two did not happen)
    try:
        page.wait_for_function(LANDED, arg=last, timeout=5000)
    except PlaywrightTimeout:
        pass
    top = page.evaluate(f"document.getElementById('{last}').getBoundingClientRect().top")
    assert 0 <= top < 250, f"the heading is at {top}px of the window"
    active = page.evaluate(
        "[...document.querySelectorAll('.md-sidebar--secondary .md-nav__link--active')]"
        ".map(a => a.hash)"
    )
    assert f"#{last}" in active


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
