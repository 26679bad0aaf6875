"""The offline build, opened from file:// with no server, in the same browser.

The offline build (``offline_site``, ``tests/conftest.py``) runs in the background
right after the main one, from the notebooks that one executed; these tests run last.

What differs offline is what a page names (files beside it, by relative paths) and
what its scripts can do from ``file://``. The first is read from every page's HTML
and stylesheets (``tests/site/test_offline_pages.py``, 0.04 s a page); the second is
the same on every page that runs the same scripts, so one page of each kind is opened
here (14 of 130 pages; opening all 130 took 50 s of a test process and as much of
Chromium's). The same pages' content with the same scripts is loaded over HTTP, one
page at a time, by ``test_pages.py``.

The visits share one tab per worker (``file_tab``) instead of a fresh browser context
each: a fresh context made each visit 0.2 s (40 %) longer, because every page parsed
and compiled the same stylesheets, scripts and fonts again. What a page could carry
over is cleared before its own scripts run: an init script empties ``localStorage``
and ``sessionStorage`` at the start of every document. Blink's memory cache stays
warm, which these checks do not depend on: a page's requests are all reported either
way (448 requests on 30 pages, fresh and shared), and a failed load is never cached.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import BROKEN_IMAGES, Checks, source_pages
from tests.browser.test_pages import (
    ARTICLE_TEXT,
    KATEX_ERRORS,
    MISSING_IDS,
    OTHER_LANGUAGE_HREF,
    TOC_HREFS,
)
from tests.site.offline_pages import kind, read_page

pytestmark = pytest.mark.browser

PAGES = [f"{page}.html" for page in source_pages()]
OFFLINE_SCHEMES = {"file", "data", "blob", "about"}


# At the start of each top-level document (not of the frames a page makes itself).
CLEAR_STORAGE = """if (window === window.top) {
  try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}
}"""


def _load(page, path: Path) -> dict:
    """Open ``path`` in ``page``; the log of what it reports, kept up to date until
    ``log["stop"]()`` is called."""
    log = {"errors": [], "requests": [], "failed": []}
    handlers = {
        "console": lambda m: log["errors"].append(m.text) if m.type == "error" else None,
        "pageerror": lambda e: log["errors"].append(str(e)),
        "request": lambda r: log["requests"].append(r.url),
        "requestfailed": lambda r: log["failed"].append(r.url),
    }
    for event, handler in handlers.items():
        page.on(event, handler)
    log["stop"] = lambda: [page.remove_listener(e, h) for e, h in handlers.items()]
    page.goto(path.as_uri(), wait_until="load")
    return log


@pytest.fixture(scope="module")
def file_tab(browser):
    """One tab for this worker's page visits; storage is emptied as each document starts."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(CLEAR_STORAGE)
    tab = {"context": context}
    _new_page(tab)
    yield tab
    context.close()


def _new_page(tab: dict) -> None:
    """A new page in the tab's context, which notes when it crashes."""
    tab["page"] = tab["context"].new_page()
    tab["crashed"] = False
    tab["page"].on("crash", lambda _: tab.update(crashed=True))


@pytest.fixture
def visit_file(file_tab):
    """Open a file in the shared tab (a new one if the last visit closed or crashed it)."""
    logs = []

    def visit(path: Path):
        if file_tab["page"].is_closed() or file_tab["crashed"]:
            _new_page(file_tab)
        logs.append(_load(file_tab["page"], path))
        return file_tab["page"], logs[-1]

    yield visit
    for log in logs:
        log["stop"]()


@pytest.fixture
def open_file(browser):
    """Open a file in a fresh context (the search tests type into the page)."""
    contexts = []

    def visit(path: Path):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        return page, _load(page, path)

    yield visit
    for context in contexts:
        context.close()


# Two frames, then the first moment the page's main thread is idle: the tasks its scripts
# queued at load (and the frames they asked for) have run, and any error they threw is logged.
SETTLED = """() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(
    () => requestIdleCallback(r, {timeout: 2000}))))"""


def selector_target(page, offline_site: Path, rel: str) -> Path:
    """The file the language selector links to (its one link to the other language)."""
    lang = "zh" if rel.startswith("en/") else "en"
    return Path(unquote(urlparse(page.evaluate(OTHER_LANGUAGE_HREF, lang)).path)).resolve()


def kinds(offline_site: Path) -> dict[tuple, list[str]]:
    """The pages grouped by what their scripts are (``offline_pages.kind``), in page order."""
    groups: dict[tuple, list[str]] = {}
    for rel in PAGES:
        groups.setdefault(kind(read_page((offline_site / rel).resolve())), []).append(rel)
    return groups


def page_checks(offline_site: Path, page, log: dict, rel: str) -> list[str]:
    """What is wrong with the offline page ``rel`` open in ``page``, as its browser sees it."""
    checks = Checks(f"offline {rel}")
    checks.check("broken images", lambda: page.evaluate(BROKEN_IMAGES), 0)
    # plain evaluate calls: no selector engine injected into each page (test_pages.py)
    checks.check("KaTeX errors", lambda: page.evaluate(KATEX_ERRORS), 0)
    checks.check(
        "raw TeX left on the page",
        lambda: re.findall(r"\$\$|\\\(|\\\[|\\frac|\\sum", page.evaluate(ARTICLE_TEXT)),
        [],
    )
    checks.check(
        "toc links without a target",
        lambda: page.evaluate(
            MISSING_IDS,
            [unquote(href[1:]) for href in page.evaluate(TOC_HREFS)],
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
    # What the page requested and logged, the lazy figures included, once its scripts have
    # run: the tasks queued by the load and two frames after it are done (``SETTLED``)
    page.evaluate(SETTLED)
    checks.check(
        "requests other than file:, data:, blob:, about:",
        lambda: [u for u in log["requests"] if urlparse(u).scheme not in OFFLINE_SCHEMES],
        [],
    )
    checks.check("failed requests", lambda: list(log["failed"]), [])
    checks.check("console errors", lambda: list(log["errors"]), [])
    return [f"{checks.where}: {failure}" for failure in checks.failures]


def test_a_page_of_each_kind_works_from_file(offline_site, visit_file):
    """The first page of each kind (the same scripts, in the same order, the same inline
    ones, which name paths relative to the page: a kind is also a depth of the tree),
    opened from ``file://`` and left until its scripts are done. What every page names
    in its HTML and stylesheets is checked in ``tests/site/test_offline_pages.py``; what
    every page does at load over HTTP, its content with the same scripts, in
    ``test_pages.py``."""
    groups = kinds(offline_site)
    # Home, chapter, handbook, API pages and the explorer's, at three depths, by language.
    assert 8 <= len(groups) <= 30, {k: v[:2] for k, v in groups.items()}
    failures = []
    for pages in groups.values():
        page, log = visit_file(offline_site / pages[0])
        failures += page_checks(offline_site, page, log, pages[0])
    assert failures == [], "\n".join(failures)


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
    # the whole term, then a key: one query, so the first results shown are its own (typed
    # key by key, results of the first letters could be read before the last letter's)
    box.fill(term)
    box.press("End")
    page.wait_for_function(
        "() => document.querySelectorAll('.md-search-result__list > li').length > 0",
        timeout=15000,
    )
    # one result per page (its sections under it, however many): the page sought among
    # the first two (en: the error index, whose entries say "leaves", "one" and "out",
    # can come first, then "Why leave one out")
    hrefs = page.eval_on_selector_all(
        ".md-search-result__list > li > a.md-search-result__link",
        "links => links.map(a => a.href)",
    )
    pages = list(dict.fromkeys(h.split("#")[0].split("?")[0] for h in hrefs))
    assert any(p.endswith("/" + expected) for p in pages[:2]), pages[:2]
    assert log["errors"] == []
