"""The offline build, opened from file:// with no server, in the same browser."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import BROKEN_IMAGES, source_pages

pytestmark = pytest.mark.browser

PAGES = [f"{page}.html" for page in source_pages()]


@pytest.fixture
def open_file(browser):
    contexts = []

    def visit(path: Path):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        log = {"errors": [], "requests": [], "failed": []}
        page.on("console", lambda m: log["errors"].append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: log["errors"].append(str(e)))
        page.on("request", lambda r: log["requests"].append(r.url))
        page.on("requestfailed", lambda r: log["failed"].append(r.url))
        page.goto(path.as_uri(), wait_until="load")
        page.wait_for_timeout(300)
        return page, log

    yield visit
    for context in contexts:
        context.close()


@pytest.mark.parametrize("rel", PAGES)
def test_offline_page_works_from_file(offline_site, open_file, rel):
    page, log = open_file(offline_site / rel)
    schemes = {urlparse(u).scheme for u in log["requests"]}
    assert schemes <= {"file", "data", "blob", "about"}, log["requests"]
    assert log["failed"] == []
    assert log["errors"] == []
    broken = page.evaluate(BROKEN_IMAGES)
    assert broken == 0
    assert page.locator(".katex-error").count() == 0
    text = page.locator("article").inner_text()
    assert re.findall(r"\$\$|\\\(|\\\[|\\frac|\\sum", text) == []
    for href in page.eval_on_selector_all(
        ".md-nav--secondary a.md-nav__link", "links => links.map(a => a.getAttribute('href'))"
    ):
        assert page.evaluate("id => document.getElementById(id) !== null", unquote(href[1:]))
    # the language selector names an existing file: the same page in the other language
    lang = "zh" if rel.startswith("en/") else "en"
    href = page.locator(f'a.md-select__link[hreflang="{lang}"]').get_attribute("href")
    target = ((offline_site / rel).parent / href).resolve()
    expected = offline_site / (rel[3:] if rel.startswith("en/") else "en/" + rel)
    assert target == expected.resolve() and target.is_file()


@pytest.mark.parametrize(
    ("rel", "term", "expected"),
    [
        ("index.html", "核回归", "nonparametric.html"),
        ("en/index.html", "leave-one-out", "leave-one-out.html"),
    ],
)
def test_offline_search(offline_site, open_file, rel, term, expected):
    page, log = open_file(offline_site / rel)
    box = page.locator("input.md-search__input")
    box.click()
    page.keyboard.type(term, delay=50)
    page.wait_for_function(
        "() => document.querySelectorAll('.md-search-result__list > li').length > 0",
        timeout=15000,
    )
    hrefs = page.eval_on_selector_all(
        ".md-search-result__list > li a.md-search-result__link",
        "links => links.map(a => a.href)",
    )
    pages = [h.split("#")[0].split("?")[0] for h in hrefs]
    assert any(p.endswith("/" + expected) for p in pages[:10]), pages[:10]
    assert log["errors"] == []
