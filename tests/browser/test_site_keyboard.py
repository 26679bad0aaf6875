"""Site-wide behaviour that the two builds and the keyboard see: the palette choice shared by
both languages, the closed navigation drawer out of the tab order, copy notices announced.

Round-14 readers: a dark palette picked on ``/`` was light again on ``/en/`` (two builds,
two storage scopes); at 375 px the closed drawer's links were the first ~75 stops of the
Tab key, before the page; the "已复制" / "Copied" notice after a copy was not announced.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import open_in_tab
from tests.browser.test_pages import IDLE

pytestmark = pytest.mark.browser

DARK = "label.md-header__button[for='__palette_1']"  # the toggle shown in the light palette
LIGHT = "label.md-header__button[for='__palette_0']"


def scheme(page) -> str:
    return page.evaluate("document.body.getAttribute('data-md-color-scheme')")


def _pick(page, toggle: str, want: str) -> None:
    page.locator(toggle).click()
    page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === '{want}'")


def _palette_round_trip(browser, here: str, there: str) -> list[str]:
    """The palette of ``there`` after dark was picked ``here``, then of ``here`` after light
    was picked ``there``: ``["slate", "default"]`` when the choice holds across both."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    page = context.new_page()
    try:
        page.goto(here, wait_until="load")
        assert scheme(page) == "default"
        _pick(page, DARK, "slate")
        page.goto(there, wait_until="load")
        seen = [scheme(page)]
        if seen == ["slate"]:
            _pick(page, LIGHT, "default")
            page.goto(here, wait_until="load")
            seen.append(scheme(page))
        return seen
    finally:
        context.close()


@pytest.mark.parametrize(("here", "there"), [("", "en/"), ("en/", "")])
def test_the_palette_choice_holds_in_the_other_language(browser, server, here, there):
    seen = _palette_round_trip(browser, f"{server}{here}cues/", f"{server}{there}data/")
    assert seen == ["slate", "default"]


@pytest.mark.parametrize(("here", "there"), [("", "en/"), ("en/", "")])
def test_the_palette_choice_holds_in_the_other_language_offline(
    browser, offline_site: Path, here, there
):
    """The offline build, opened from file://: its own configs, the same shared scope."""
    seen = _palette_round_trip(
        browser,
        (offline_site / here / "cues.html").as_uri(),
        (offline_site / there / "data.html").as_uri(),
    )
    assert seen == ["slate", "default"]


# Where the focus is: in the primary sidebar (the drawer), and what it is.
FOCUS = """() => {
    const el = document.activeElement;
    return {
        drawer: !!el.closest('.md-sidebar--primary'),
        what: el.tagName.toLowerCase()
            + (el.className ? '.' + String(el.className).split(' ')[0] : '')
            + (el.getAttribute('for') ? '[for=' + el.getAttribute('for') + ']' : ''),
    };
}"""
# How many of the drawer's links take the focus when asked to (a hidden one does not), of
# those laid out (Material leaves the current page's own link out: `display: none`).
FOCUSABLE_DRAWER_LINKS = """() => {
    const links = [...document.querySelectorAll('.md-sidebar--primary a[href]')]
        .filter(a => a.getClientRects().length > 0);
    let n = 0;
    for (const a of links) { a.focus(); if (document.activeElement === a) n += 1; }
    document.activeElement.blur();
    return [n, links.length];
}"""
DRAWER_SETTLED = "() => new Promise(r => setTimeout(r, 400))"  # Material's slide: 0.25 s


def _tab_stops(page, count: int) -> list[dict]:
    stops = []
    for _ in range(count):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(FOCUS))
    return stops


@pytest.mark.parametrize("lang", ["", "en/"])
def test_the_closed_drawer_is_out_of_the_tab_order_at_375px(browser, server, lang):
    context, page, _ = open_in_tab(browser, f"{server}{lang}nonparametric/", width=375, height=800)
    try:
        # the first stops: the skip link, then the header's controls; no drawer link
        stops = _tab_stops(page, 8)
        assert stops[0]["what"] == "a.md-skip", stops
        assert not any(stop["drawer"] for stop in stops), stops
        assert {"drawer": False, "what": "label.md-header__button[for=__drawer]"} in stops
        links, total = page.evaluate(FOCUSABLE_DRAWER_LINKS)
        assert total > 50 and links == 0
        # the drawer button, from the keyboard: Enter opens the drawer, focus on its first link
        page.focus("label.md-header__button[for='__drawer']")
        assert page.get_attribute("label[for='__drawer'].md-header__button", "aria-expanded") == (
            "false"
        )
        page.keyboard.press("Enter")
        assert page.evaluate("document.getElementById('__drawer').checked")
        assert page.evaluate(FOCUS)["drawer"]
        assert all(stop["drawer"] for stop in _tab_stops(page, 5))
        links, total = page.evaluate(FOCUSABLE_DRAWER_LINKS)
        assert links == total
        # Escape closes it and returns to the button; once it has slid away it is out again
        page.locator(".md-sidebar--primary a[href]").first.focus()
        page.keyboard.press("Escape")
        assert not page.evaluate("document.getElementById('__drawer').checked")
        assert page.evaluate(FOCUS)["what"] == "label.md-header__button[for=__drawer]"
        page.evaluate(DRAWER_SETTLED)
        assert page.evaluate(FOCUSABLE_DRAWER_LINKS)[0] == 0
        # opened by a tap, its links take the focus too
        page.locator("label.md-header__button[for='__drawer']").click()
        page.evaluate(DRAWER_SETTLED)
        links, total = page.evaluate(FOCUSABLE_DRAWER_LINKS)
        assert links == total
    finally:
        context.close()


def test_the_sidebar_links_stay_in_the_tab_order_at_1280px(browser, server):
    """At desktop width the primary sidebar is no drawer: its links are tabbable as before."""
    context, page, _ = open_in_tab(browser, f"{server}nonparametric/", width=1280, height=900)
    try:
        sidebar = ".md-sidebar--primary"
        assert page.eval_on_selector(sidebar, "el => getComputedStyle(el).visibility") == "visible"
        # the chapter's pages, each a link of the top level (Material folds the handbook's and
        # the API's sections, whose links stay out of the tab order until one is opened)
        chapter = page.locator(f"{sidebar} .md-nav--primary > .md-nav__list > li > a[href]")
        assert chapter.count() > 10
        for i in range(chapter.count()):
            chapter.nth(i).focus()
            assert chapter.nth(i).evaluate("a => document.activeElement === a")
    finally:
        context.close()


# The live region a copy notice is written into, and what it holds.
LIVE = """sel => {
    const el = document.querySelector(sel);
    return el && [el.getAttribute('role'), el.getAttribute('aria-live'), el.textContent.trim()];
}"""


@pytest.mark.parametrize("lang", ["", "en/"])
def test_the_copy_notices_are_announced(browser, server, lang):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        # Material's code block button: its notice goes into the dialog, a status region
        page.goto(f"{server}{lang}", wait_until="load")
        copied = page.evaluate(
            "JSON.parse(document.getElementById('__config').textContent)"
            "['translations']['clipboard.copied']"
        )
        dialog = "[data-md-component=dialog]"
        assert page.evaluate(LIVE, dialog) == ["status", "polite", ""]
        block = page.locator("article pre:has(code)").filter(
            has_text=">>> import attention_tutorial"
        )
        block.hover()
        block.locator("button.md-code__button[data-md-type=copy]").click()
        page.wait_for_function(f"({LIVE})('{dialog}')[2] !== ''")
        assert page.evaluate(LIVE, dialog) == ["status", "polite", copied]
        # a notebook cell's button: its notice, in the language of the page, in a status region
        page.goto(f"{server}{lang}nonparametric/", wait_until="load")
        region = "#attn-copy-status"
        assert page.evaluate(LIVE, region) == ["status", "polite", ""]
        cell = page.locator(".jp-CodeCell").filter(has_text="at.describe").first
        cell.hover()
        cell.locator("clipboard-copy").first.click()
        page.wait_for_function(f"({LIVE})('{region}')[2] !== ''")
        notice = cell.locator("clipboard-copy .notice").first.text_content().strip()
        assert notice == ("Copied!" if lang else "已复制")
        assert page.evaluate(LIVE, region) == ["status", "polite", notice]
        # the region is seen by no one: no box of its own on the page
        box = page.locator(region).bounding_box()
        assert box is not None and box["width"] <= 1 and box["height"] <= 1
    finally:
        context.close()


SEARCH_BUTTON = "label.md-header__button[for='__search']"
SEARCH_OPEN = "document.getElementById('__search').checked"
# Of the elements inside Material's search box, those the Tab key can reach (tabIndex >= 0,
# laid out, visible), by class: the result box and the input were Tab stops while search was closed.
SEARCH_TAB_STOPS = """() => [...document.querySelectorAll('.md-search *')]
    .filter(el => el.tabIndex >= 0 && el.getClientRects().length > 0
        && getComputedStyle(el).visibility === 'visible'
        && (el.matches('a[href], button, input, select, textarea') || el.hasAttribute('tabindex')))
    .map(el => el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0])"""


@pytest.mark.parametrize("lang", ["", "en/"])
def test_closed_search_takes_no_tab_stop_and_opens_from_the_keyboard_at_375px(
    browser, server, lang
):
    """Round-15 reader: at 375 px, with search closed, Material's zero-size result box
    ("正在初始化搜索引擎") and the hidden search input took Tab stops before the page.
    Closed, nothing of the search box is in the tab order; its header button is: Enter or
    Space opens search with the focus in the input, a query finds pages, Escape closes it and
    returns to the button; the "/" shortcut opens it too. Then the box is out again."""
    context, page, _ = open_in_tab(browser, f"{server}{lang}nonparametric/", width=375, height=800)
    try:
        assert page.evaluate(SEARCH_TAB_STOPS) == []
        stops = _tab_stops(page, 8)
        assert not any("md-search" in stop["what"] for stop in stops), stops
        assert {"drawer": False, "what": "label.md-header__button[for=__search]"} in stops
        assert page.get_attribute(SEARCH_BUTTON, "aria-expanded") == "false"
        for key in ("Enter", " "):
            page.focus(SEARCH_BUTTON)
            page.keyboard.press(key)
            page.wait_for_function(SEARCH_OPEN)
            assert page.evaluate(FOCUS)["what"] == "input.md-search__input"
            assert page.get_attribute(SEARCH_BUTTON, "aria-expanded") == "true"
            assert "div.md-search__scrollwrap" in page.evaluate(SEARCH_TAB_STOPS)
            page.keyboard.press("Control+A")  # the last query stays in the box
            page.keyboard.type("softmax")
            page.wait_for_selector(".md-search-result__item", timeout=10000)
            page.keyboard.press("Escape")
            page.wait_for_function(f"!{SEARCH_OPEN}")
            assert page.evaluate(FOCUS)["what"] == "label.md-header__button[for=__search]"
            page.evaluate(DRAWER_SETTLED)  # the result box hides after Material's fade
            assert page.evaluate(SEARCH_TAB_STOPS) == []
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("/")
        page.wait_for_function(SEARCH_OPEN)
        assert page.evaluate(FOCUS)["what"] == "input.md-search__input"
    finally:
        context.close()


def test_closed_search_keeps_only_its_input_in_the_tab_order_at_1280px(browser, server):
    """At desktop width the search input is shown in the header and stays a Tab stop; the
    empty result box is not one while search is closed."""
    context, page, _ = open_in_tab(browser, f"{server}nonparametric/", width=1280, height=900)
    try:
        assert page.evaluate(SEARCH_TAB_STOPS) == ["input.md-search__input"]
        stops = [stop["what"] for stop in _tab_stops(page, 8)]
        assert "input.md-search__input" in stops and "div.md-search__scrollwrap" not in stops
    finally:
        context.close()


# the first code block wider than the page (Chromium makes a scroll box a Tab stop, no tabindex
# needed): scrolled into view, focused, its computed outline
FOCUS_WIDE_CODE = """() => {
  const all = '.md-typeset pre, .md-typeset pre > code[tabindex]';
  const wide = [...document.querySelectorAll(all)]
    .find(el => el.scrollWidth > el.clientWidth + 1);
  if (!wide) return null;
  wide.scrollIntoView({block: 'center'});
  wide.focus({focusVisible: true});
  const style = getComputedStyle(wide);
  return {focused: document.activeElement === wide, visible: wide.matches(':focus-visible'),
          style: style.outlineStyle, width: parseFloat(style.outlineWidth)};
}"""


@pytest.mark.parametrize("lang", ["", "en/"])
def test_a_focused_wide_code_block_shows_a_focus_ring_at_375px(browser, server, lang):
    """Round 21: at 375 px a code block wider than the screen takes the keyboard focus (so
    the arrow keys scroll it) but showed no outline; extra.css gives it one. The home page's
    install commands are such a block (the chapter's code fits a phone since round 50)."""
    context, page, _ = open_in_tab(browser, f"{server}{lang}", width=375, height=800)
    try:
        page.keyboard.press("Tab")  # a keyboard user: focus moves by keyboard from here on
        seen = page.evaluate(FOCUS_WIDE_CODE)
        assert seen is not None, "no scrollable code block takes the focus at 375 px"
        assert seen["focused"] and seen["visible"], seen
        assert seen["style"] != "none" and seen["width"] >= 1, seen
    finally:
        context.close()


def _a_tab_stop_while_it_scrolls(page, code) -> None:
    """``code``, just shown at 375 px, becomes a tab stop and scrolls; at 1280 px, where it
    fits, it is no tab stop."""
    page.wait_for_function(
        "el => el.getAttribute('tabindex') === '0'", arg=code.element_handle(), timeout=5000
    )
    assert code.evaluate("el => el.scrollWidth > el.clientWidth + 1")  # it does scroll
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(
        "el => el.scrollWidth <= el.clientWidth + 1 && !el.hasAttribute('tabindex')",
        arg=code.element_handle(),
        timeout=5000,
    )


@pytest.mark.parametrize("lang", ["", "en/"])
def test_a_code_block_in_a_tab_opened_later_is_a_tab_stop_while_it_scrolls(browser, server, lang):
    """Round 39: at 375 px the home page's "macOS and Linux" tab, closed when the page
    loads, showed a code block that scrolled sideways but took no focus (Material marks
    the blocks that scroll at load, and a closed tab's block has no width then). Opened,
    it is a tab stop; at 1280 px, where it fits, it is not."""
    context, page, _ = open_in_tab(browser, f"{server}{lang}", width=375, height=800)
    try:
        labels = page.locator(".tabbed-set .tabbed-labels > label")
        assert labels.count() >= 2
        code = page.locator(".tabbed-set .tabbed-block").nth(1).locator("pre > code")
        assert code.get_attribute("tabindex") is None  # closed: no width, no tab stop
        labels.nth(1).click()
        _a_tab_stop_while_it_scrolls(page, code)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["", "en/"])
def test_a_code_block_in_a_fold_opened_later_wraps_and_takes_no_tab_stop(browser, server, lang):
    """Round 43: at 375 px an API page's "Source code in …" fold, closed when the page loads,
    showed code that scrolled sideways but took no focus; it became a tab stop while it
    scrolled. Since round 53 such a fold's lines wrap inside its box when it opens
    (copy-code.js, as the lesson pages' folds since round 50): nothing scrolls, so there is
    no box for the keyboard to scroll and no tab stop (a tab stop that scrolls nothing is
    one too many)."""
    context, page, _ = open_in_tab(browser, f"{server}{lang}api/data/", width=375, height=800)
    try:
        # a fold with a line longer than the phone's column (about 40 characters): the
        # first one's code fits since its members' docstrings became one line each (r56)
        folds = page.locator("article details.mkdocstrings-source")
        wide = folds.evaluate_all(
            "all => all.findIndex(f => f.querySelector('pre > code').textContent"
            ".split('\\n').some(line => line.length > 48))"
        )
        assert wide >= 0
        fold = folds.nth(wide)
        code = fold.locator("pre > code").first
        assert code.get_attribute("tabindex") is None  # closed: no width, no tab stop
        fold.locator("summary").click()
        page.wait_for_function(
            "el => el.classList.contains('attn-lines')", arg=code.element_handle(), timeout=5000
        )
        page.evaluate(IDLE)
        assert code.evaluate(
            "el => el.scrollWidth <= el.clientWidth + 1"
            " && el.parentElement.scrollWidth <= el.parentElement.clientWidth + 1"
        )
        assert code.get_attribute("tabindex") is None
    finally:
        context.close()


# Tab moves the focus from the last focusable element before the first tab set to its radio;
# then the screen's height, the labels' bottom and the panel's top and bottom.
FOCUS_FIRST_TAB = """() => {
    const radio = document.querySelector('.tabbed-set > input');
    const before = [...document.querySelectorAll('a[href], button, input, [tabindex="0"]')]
        .filter(e => e.compareDocumentPosition(radio) & Node.DOCUMENT_POSITION_FOLLOWING)
        .filter(e => !e.closest('.md-sidebar, .md-header, .md-search, .md-tabs') && e.offsetParent);
    before[before.length - 1].focus({preventScroll: true});
    window.scrollTo(0, 0);
}"""
WHERE_THE_TABS_ARE = """() => {
    const set = document.activeElement.closest('.tabbed-set');
    const labels = set.querySelector('.tabbed-labels').getBoundingClientRect();
    const panel = set.querySelector('.tabbed-content').getBoundingClientRect();
    return {focused: document.activeElement.type, height: innerHeight,
            labels: labels.bottom, panel: [panel.top, panel.bottom]};
}"""


@pytest.mark.parametrize("lang", ["", "en/"])
def test_a_tab_reached_by_the_keyboard_shows_its_panel_at_375px(browser, server, lang):
    """Round 40: at 375 px Tab scrolled only far enough to show the focused radio (it sits
    above the labels), so the labels landed on the screen's bottom edge, their focus ring
    cut, and the panel that the arrow keys switch lay below it. With a scroll margin under
    the radio (extra.css) the labels and the panel's first 8 rem are on screen."""
    context, page, _ = open_in_tab(browser, f"{server}{lang}", width=375, height=800)
    try:
        page.evaluate(FOCUS_FIRST_TAB)
        page.keyboard.press("Tab")
        seen = page.evaluate(WHERE_THE_TABS_ARE)
        assert seen["focused"] == "radio", seen
        assert seen["labels"] <= seen["height"] and seen["panel"][0] >= 0, seen
        assert min(seen["panel"][1], seen["height"]) - seen["panel"][0] >= 8 * 20, seen
    finally:
        context.close()


# The focus ring of what has the focus: its outline style and width, after a keyboard focus.
OUTLINE = """el => {
    el.focus();
    const style = getComputedStyle(el);
    return [document.activeElement === el, el.matches(':focus-visible'),
            style.outlineStyle, style.outlineWidth];
}"""


@pytest.mark.parametrize("lang", ["", "en/"])
def test_copy_buttons_and_links_show_a_focus_ring(browser, server, lang):
    """Round 23: a copy button focused from the keyboard showed no ring (outline none), and a
    link in the text only changed colour. Both now get the 2 px ring of the tabs and summaries."""
    context, page, _ = open_in_tab(browser, f"{server}{lang}handbook/mask/", width=1280, height=900)
    try:
        page.keyboard.press("Tab")  # a keyboard user: focus() then shows :focus-visible
        for selector in (
            ".jp-CodeCell clipboard-copy",  # a notebook cell's copy button
            "article p a[href]",  # a link in the text
        ):
            focused, visible, style, width = page.locator(selector).first.evaluate(OUTLINE)
            assert focused and visible, selector
            assert style != "none" and width == "2px", (selector, style, width)
    finally:
        context.close()
