"""Issue 11 in a real browser: search loads on demand, pages do not shift while they load."""

from __future__ import annotations

import pytest

from .conftest import source_pages
from .test_site import search

pytestmark = pytest.mark.browser

# Sum of the layout-shift entries of the page so far (what Lighthouse reports as CLS
# for a page that is scrolled once to the bottom and back).
LAYOUT_SHIFT = """async () => {
    let total = 0;
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
    }).observe({type: 'layout-shift', buffered: true});
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
        scrollTo(0, y);
        await new Promise(r => setTimeout(r, 60));
    }
    await Promise.all([...document.images].map(i => i.decode().catch(() => null)));
    await new Promise(r => setTimeout(r, 200));
    return total;
}"""


@pytest.mark.parametrize("path", ["", "en/"])
def test_search_index_and_worker_load_only_when_search_is_opened(browser, server, path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(server + path + "nonparametric/", wait_until="networkidle")
    page.wait_for_timeout(300)
    assert [u for u in requests if "search_index" in u or "/workers/" in u] == []
    results = search(page, "注意力" if path == "" else "attention")
    assert results
    fetched = [u for u in requests if "search_index" in u]
    assert fetched == [server + path + "search/search_index.json"]
    context.close()


def test_no_page_shifts_its_layout_while_it_loads(browser, server):
    context = browser.new_context(viewport={"width": 412, "height": 823})
    shifts = {}
    for rel in source_pages():
        page = context.new_page()
        url = server + rel.removesuffix("index") + ("/" if not rel.endswith("index") else "")
        page.goto(url, wait_until="load")
        shifts[rel] = page.evaluate(LAYOUT_SHIFT)
        page.close()
    context.close()
    assert len(shifts) > 40
    assert {rel: round(v, 3) for rel, v in shifts.items() if v >= 0.02} == {}
