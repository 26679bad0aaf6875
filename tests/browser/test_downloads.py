"""The download buttons of notebook pages, clicked in Chromium: served, and from file://.

Served, a click saves the file (the links carry ``download``). From file://,
Chromium ignores ``download`` and opens the file instead, which the reader can
save from there: the test checks that the click lands on the file beside the page.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# (page, its notebook's name, the language of the tooltips)
PAGES = [("nonparametric", "nonparametric", "zh"), ("en/handbook/bmm", "bmm", "en")]
CJK = re.compile(r"[\u4e00-\u9fff]")


def click_downloads(page, folder, name, lang, tmp_path):
    """Click both buttons; each must save the very file that lies beside the page."""
    buttons = page.locator("a[data-download]")
    assert buttons.count() == 2
    for suffix in ("ipynb", "py"):
        button = page.locator(f'a[data-download="{suffix}"]')
        assert button.is_visible()
        title = button.get_attribute("title")
        assert bool(CJK.search(title)) == (lang == "zh"), title
        # round 24: not an icon alone; the file type shown, the whole title read
        assert button.inner_text().strip() == f".{suffix}", button.inner_text()
        expect(button).to_have_accessible_name(title)
        with page.expect_download() as info:
            button.click()
        download = info.value
        assert download.suggested_filename == f"{name}.{suffix}"
        saved = tmp_path / f"{lang}-{name}.{suffix}"
        download.save_as(saved)
        assert saved.read_bytes() == (folder / f"{name}.{suffix}").read_bytes()


@pytest.mark.parametrize(("rel", "name", "lang"), PAGES)
def test_downloads_from_the_server(browser, server, site, rel, name, lang, tmp_path):
    context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(server + rel + "/", wait_until="load")
    click_downloads(page, site / rel, name, lang, tmp_path)
    assert all(u.startswith((server, "data:", "blob:")) for u in requests), requests
    context.close()


@pytest.mark.parametrize(("rel", "name", "lang"), PAGES)
def test_downloads_open_from_file_urls(browser, offline_site, rel, name, lang):
    context = browser.new_context(accept_downloads=True, viewport={"width": 375, "height": 800})
    page = context.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    html = offline_site / f"{rel}.html"
    page.goto(html.as_uri(), wait_until="load")
    folder = html.parent
    for suffix in ("ipynb", "py"):
        button = page.locator(f'a[data-download="{suffix}"]')
        assert button.is_visible()
        assert bool(CJK.search(button.get_attribute("title"))) == (lang == "zh")
        target = folder / f"{name}.{suffix}"
        with page.expect_navigation():
            button.click()
        assert page.url == target.as_uri()
        shown = page.locator("body").inner_text()
        text = target.read_text(encoding="utf-8")
        if suffix == "ipynb":
            assert json.loads(shown) == json.loads(text)
        else:
            assert shown.strip() == text.strip()
        page.go_back(wait_until="load")
    assert all(u.startswith(("file:", "data:", "blob:")) for u in requests), requests
    context.close()
