"""A first load does no work twice (overrides/main.html, extra.css; numbers in their comments).

Three things Material's bundle did on every load made Chromium style and lay out much of
the page a second time: it changed ``<html>``'s class (a restyle of every element), took
every table out of the page to wrap it in a scroll box that the build had already
written (a restyle and relayout of every cell), and measured the code blocks inside
closed ``<details>``, whose hidden content Chromium then styled and laid out. The first
two are recorded here as they happen, with MutationObservers installed before the page's
first script; the third by what a closed ``<details>`` lays out.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# Installed before any script of the page (before <html> exists, hence on the document):
# what changes on <html> (setting a value it has already changes nothing: no restyle),
# with whether <body> was parsed when the change was seen, and
# how many tables leave the document.
RECORD = """
window.htmlMarks = [];
window.tablesRemoved = 0;
new MutationObserver(ms => ms.forEach(m => {
  const html = m.target === document.documentElement, name = m.attributeName;
  if (m.type === 'attributes' && html && m.oldValue !== m.target.getAttribute(name))
    window.htmlMarks.push([name, m.oldValue, m.target.getAttribute(name), !!document.body]);
  m.removedNodes.forEach(n => {
    if (n.nodeName === 'TABLE' || (n.querySelector && n.querySelector('table')))
      window.tablesRemoved += 1;
  });
})).observe(document, {attributes: true, attributeOldValue: true, childList: true, subtree: true});
"""

BOXES = """() => [...document.querySelectorAll('article table')].map(t => {
  const inner = t.parentElement, outer = inner && inner.parentElement;
  return [inner.className, outer.className, outer.parentElement.className];
})"""


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    context.add_init_script(RECORD)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", ["en/glossary/", "handbook/repeat/", ""])
def test_html_is_marked_before_the_body_is_styled(page, server, path):
    page.goto(server + path, wait_until="load")
    page.wait_for_function("window.component$ !== undefined")  # Material's bundle ran
    classes = page.evaluate("document.documentElement.className").split()
    assert "js" in classes and "js-focus-visible" in classes and "no-js" not in classes
    marks = page.evaluate("window.htmlMarks")
    assert marks, "the page's own script marks <html>"
    late = [mark for mark in marks if mark[3]]
    assert not late, f"<html> changed after <body> was parsed (a restyle of the page): {late}"


@pytest.mark.parametrize("path", ["en/glossary/", "glossary/", "handbook/"])
def test_tables_stay_in_the_page_and_in_one_box(page, server, path):
    page.goto(server + path, wait_until="load")
    page.wait_for_function("window.component$ !== undefined")
    boxes = page.evaluate(BOXES)
    assert boxes, "the page has tables"
    assert page.evaluate("window.tablesRemoved") == 0, "a table was taken out and put back"
    for inner, outer, around in boxes:
        assert (inner, outer) == ("md-typeset__table", "md-typeset__scrollwrap")
        assert "md-typeset__table" not in around.split(), "a table wrapped twice"


def test_material_still_wraps_a_table_it_finds_bare(browser, server):
    """The lookup leaves out only the tables already in their box: a bare one (which the
    build never writes, but a page could) is still wrapped by Material as before."""
    context = browser.new_context()
    try:
        page = context.new_page()
        article = '<article class="md-content__inner md-typeset">'
        bare = "<table id=bare><tr><td>1</td></tr></table>"

        def add_bare_table(route):
            html = route.fetch().text()
            assert article in html
            route.fulfill(body=html.replace(article, article + bare, 1), content_type="text/html")

        page.route(server + "en/glossary/", add_bare_table)
        page.goto(server + "en/glossary/", wait_until="load")
        page.wait_for_function("window.component$ !== undefined")
        assert page.evaluate(
            "document.getElementById('bare').parentElement.parentElement.className"
        ) == ("md-typeset__scrollwrap")
    finally:
        context.close()


@pytest.mark.parametrize("path", ["transformer/", "en/parametric/"])
def test_closed_details_lay_nothing_out_until_opened(page, server, path):
    page.goto(server + path, wait_until="load")
    page.wait_for_function("window.component$ !== undefined")
    closed = page.locator("article details:not([open]):has(pre)")
    assert closed.count() >= 1
    details = closed.first.element_handle()  # this one, once open too
    # nothing inside has a box (content-visibility: hidden would lay it out when measured)
    assert details.evaluate("d => d.querySelector('pre').offsetWidth") == 0
    details.query_selector("summary").click()
    assert details.evaluate("d => d.open")
    assert details.evaluate("d => d.querySelector('pre').offsetHeight") > 0
    # Material mounted the code block all the same: its copy button is there and shown
    assert details.query_selector("button.md-code__button[data-md-type=copy]").is_visible()
