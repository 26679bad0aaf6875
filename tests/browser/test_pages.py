"""Every page of both languages, as a reader's browser sees it."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import BROKEN_IMAGES, source_pages

pytestmark = pytest.mark.browser


def page_paths() -> list[str]:
    """URL paths of the pages of both languages (directory URLs)."""
    paths = []
    for page in source_pages():
        if page.endswith("index"):
            paths.append(page[: -len("index")])
        else:
            paths.append(f"{page}/")
    return paths


PAGES = page_paths()


def other_language(path: str) -> str:
    return path[len("en/") :] if path.startswith("en/") else "en/" + path


class Visit:
    """A page loaded in a fresh context, with everything the browser reported."""

    def __init__(self, browser, url: str, width: int = 1280, height: int = 900):
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.console_errors: list[str] = []
        self.failed: list[str] = []
        self.requests: list[str] = []
        self.page.on(
            "console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None
        )
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        self.page.on("requestfailed", lambda r: self.failed.append(r.url))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.response = self.page.goto(url, wait_until="networkidle")

    def close(self):
        self.context.close()


@pytest.fixture
def visit(browser):
    visits = []

    def open_page(url, **kwargs):
        v = Visit(browser, url, **kwargs)
        visits.append(v)
        return v

    yield open_page
    for v in visits:
        v.close()


def slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home"


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_cleanly_from_this_host_only(visit, server, path, screenshots):
    v = visit(server + path)
    assert v.response is not None and v.response.status == 200
    host = urlparse(server).netloc
    foreign = [
        u
        for u in v.requests
        if urlparse(u).scheme in {"http", "https", "ws", "wss"} and urlparse(u).netloc != host
    ]
    assert foreign == []
    assert v.failed == []
    assert v.console_errors == []
    assert v.page.evaluate(BROKEN_IMAGES) == 0  # also loads the lazy figures for the shot
    v.page.screenshot(path=str(screenshots / f"{slug(path)}.desktop.png"), full_page=True)


@pytest.mark.parametrize("path", PAGES)
def test_images_load_and_formulas_render(visit, server, path):
    v = visit(server + path)
    broken = v.page.evaluate(BROKEN_IMAGES)
    assert broken == 0
    assert v.page.locator(".katex-error").count() == 0
    unrendered = v.page.eval_on_selector_all(
        ".arithmatex", "els => els.filter(e => !e.querySelector('.katex')).map(e => e.textContent)"
    )
    assert unrendered == []
    text = v.page.locator("article").inner_text()
    leftovers = re.findall(r"\$\$|\\\(|\\\[|\\frac|\\sum|\\exp", text)
    assert leftovers == [], "raw TeX left on the page"


@pytest.mark.parametrize("path", PAGES)
def test_toc_links_point_to_existing_ids(visit, server, path):
    v = visit(server + path)
    hrefs = v.page.eval_on_selector_all(
        ".md-nav--secondary a.md-nav__link", "links => links.map(a => a.getAttribute('href'))"
    )
    for href in hrefs:
        assert href.startswith("#"), href
        target = unquote(href[1:])
        assert target, f"empty toc link on {path}"
        found = v.page.evaluate("id => document.getElementById(id) !== null", target)
        assert found, f"{path}: toc link {href} has no target"


@pytest.mark.parametrize("path", PAGES)
def test_language_selector_opens_the_same_page(visit, server, path):
    v = visit(server + path)
    lang = "zh" if path.startswith("en/") else "en"
    link = v.page.locator(f'a.md-select__link[hreflang="{lang}"]')
    href = link.get_attribute("href")
    v.page.goto(server + path)
    # wait for the navigation itself: a page that is already idle (search loads on
    # demand) would otherwise satisfy a plain wait_for_load_state before it starts
    with v.page.expect_navigation(wait_until="networkidle"):
        v.page.evaluate("h => { window.location.href = new URL(h, location.href).href }", href)
    assert urlparse(v.page.url).path == "/" + other_language(path)
    assert v.page.evaluate("document.documentElement.lang").startswith(lang)


@pytest.mark.parametrize("path", PAGES)
def test_mobile_width_has_no_horizontal_overflow(visit, server, path, screenshots):
    v = visit(server + path, width=375, height=800)
    width = v.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 376, f"{path}: page is {width}px wide at a 375px viewport"
    bad = v.page.evaluate(
        """() => [...document.querySelectorAll('article pre')]
            .filter(p => p.scrollWidth > p.clientWidth + 1)
            .filter(p => {
                for (let e = p; e; e = e.parentElement) {
                    const o = getComputedStyle(e).overflowX;
                    if (o === 'auto' || o === 'scroll') return false;
                }
                return true;
            }).map(p => p.textContent.slice(0, 40))"""
    )
    assert bad == [], f"{path}: code that neither fits nor scrolls"
    assert v.page.evaluate(BROKEN_IMAGES) == 0  # also loads the lazy figures for the shot
    v.page.screenshot(path=str(screenshots / f"{slug(path)}.mobile.png"), full_page=True)
