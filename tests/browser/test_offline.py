"""The offline build, opened from file:// with no server, in the same browser.

The offline build (``offline_site``, ``tests/conftest.py``) runs in the background
right after the main one, from the notebooks that one executed; these tests run last.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import BROKEN_IMAGES, Checks, source_pages

pytestmark = pytest.mark.browser

PAGES = [f"{page}.html" for page in source_pages()]
OFFLINE_SCHEMES = {"file", "data", "blob", "about"}


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
        log["loaded"] = time.monotonic()
        return page, log

    yield visit
    for context in contexts:
        context.close()


TOC_HREFS = "links => links.map(a => a.getAttribute('href'))"
MISSING_IDS = "ids => ids.filter(id => document.getElementById(id) === null)"


def selector_target(page, offline_site: Path, rel: str) -> Path:
    """The file the language selector links to, resolved from the page's folder."""
    lang = "zh" if rel.startswith("en/") else "en"
    href = page.locator(f'a.md-select__link[hreflang="{lang}"]').get_attribute("href")
    return ((offline_site / rel).parent / href).resolve()


@pytest.mark.parametrize("rel", PAGES)
def test_offline_page_works_from_file(offline_site, open_file, rel):
    page, log = open_file(offline_site / rel)
    checks = Checks(f"offline {rel}")
    checks.check("broken images", lambda: page.evaluate(BROKEN_IMAGES), 0)
    checks.check("KaTeX errors", lambda: page.locator(".katex-error").count(), 0)
    checks.check(
        "raw TeX left on the page",
        lambda: re.findall(r"\$\$|\\\(|\\\[|\\frac|\\sum", page.locator("article").inner_text()),
        [],
    )
    checks.check(
        "toc links without a target",
        lambda: page.evaluate(
            MISSING_IDS,
            [
                unquote(href[1:])
                for href in page.eval_on_selector_all(
                    ".md-nav--secondary a.md-nav__link", TOC_HREFS
                )
            ],
        ),
        [],
    )
    # the language selector names an existing file: the same page in the other language
    expected = offline_site / (rel[3:] if rel.startswith("en/") else "en/" + rel)
    checks.check(
        "language selector: the same page in the other language",
        lambda: selector_target(page, offline_site, rel),
        ok=lambda target: target == expected.resolve() and target.is_file(),
    )
    # What the page requested and logged, the lazy figures included, at least
    # 300 ms after it loaded (time for its scripts to run and fail)
    page.wait_for_timeout(max(0, 300 - 1000 * (time.monotonic() - log["loaded"])))
    checks.check(
        "requests other than file:, data:, blob:, about:",
        lambda: [u for u in log["requests"] if urlparse(u).scheme not in OFFLINE_SCHEMES],
        [],
    )
    checks.check("failed requests", lambda: list(log["failed"]), [])
    checks.check("console errors", lambda: list(log["errors"]), [])
    checks.report()


@pytest.mark.parametrize(
    ("rel", "term", "expected"),
    [
        ("index.html", "核回归", "nonparametric.html"),
        ("en/index.html", "leave-one-out", "leave-one-out.html"),
    ],
)
def test_offline_search(offline_site, open_file, rel, term, expected):
    page, log = open_file(offline_site / rel)
    page.wait_for_timeout(300)
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
