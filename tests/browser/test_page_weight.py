"""Issue 11 in a real browser: search loads on demand.

That no page shifts its layout while it loads is checked on every page's phone visit
(``tests/browser/test_pages.py``, checks in ``tests/browser/reading.py``).
"""

from __future__ import annotations

import pytest

from .search import watch
from .test_site import search

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", ["", "en/"])
def test_search_index_and_worker_load_only_when_search_is_opened(browser, server, path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch(context)  # counts the search worker's queries and answers (``search``)
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
