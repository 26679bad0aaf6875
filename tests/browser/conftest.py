"""Serve the built site on 127.0.0.1 and drive Debian's Chromium with Playwright.

Outside CI a missing Chromium skips these tests with instructions; under CI
(``CI=true``) it is a failure. Screenshots go to ``test-artifacts/screenshots``
(or ``$ATTN_ARTIFACTS``), reported at the end of the run (``tests/conftest.py``).
The whole-page screenshots of every page at both widths are for reviewers, not
checks: they are taken with ``ATTN_SCREENSHOTS=1`` (``make screenshots``), which
makes the page tests take about a fifth longer.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest

from tools.pdf import CHROMIUM  # the one Chromium of the tests and the PDF (ATTN_CHROMIUM)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("ATTN_ARTIFACTS", ROOT / "test-artifacts"))
PAGE_SCREENSHOTS = os.environ.get("ATTN_SCREENSHOTS") == "1"


def source_pages() -> list[str]:
    """Every page of both languages, as its source path without suffix: ``en/handbook/bmm``."""
    pages = []
    for lang, prefix in (("zh", ""), ("en", "en/")):
        docs = ROOT / "docs" / lang
        for src in sorted(docs.rglob("*")):
            if src.suffix in {".md", ".py"} and "assets" not in src.parts:
                pages.append(prefix + src.relative_to(docs).with_suffix("").as_posix())
    return pages


# Counts the article's images that fail to load; lazy ones are loaded first.
BROKEN_IMAGES = """async () => {
    let broken = 0;
    for (const img of document.querySelectorAll('article img')) {
        img.loading = 'eager';
        const timeout = new Promise((_, r) => setTimeout(() => r('timeout'), 10000));
        try { await Promise.race([img.decode(), timeout]); }
        catch (e) { broken += 1; continue; }
        if (img.naturalWidth === 0) broken += 1;
    }
    return broken;
}"""


class Checks:
    """The checks of one page visit: every one runs, the failures are reported together.

    >>> checks = Checks("en/cues/ at 1280px")
    >>> checks.check("broken images", lambda: 0, 0)
    >>> checks.check("console errors", lambda: ["TypeError: x"], [])
    >>> checks.failures
    ["console errors: got ['TypeError: x'], expected []"]
    """

    def __init__(self, where: str):
        self.where = where
        self.failures: list[str] = []

    def check(self, name: str, actual, expected=None, *, ok=None) -> None:
        """Record a failure unless ``actual()`` equals ``expected`` (or ``ok(value)`` holds).

        An exception while checking (a timeout, a missing element) is that check's failure.
        """
        try:
            value = actual()
        except Exception as err:  # the other checks of the page still run
            self.failures.append(f"{name}: {type(err).__name__}: {err}".splitlines()[0])
            return
        passed = ok(value) if ok is not None else value == expected
        if not passed:
            want = "" if ok is not None else f", expected {expected!r}"
            self.failures.append(f"{name}: got {value!r}{want}")

    def report(self) -> None:
        """Fail the test with every failed check of the page, if any."""
        if self.failures:
            lines = "\n".join(f"  - {failure}" for failure in self.failures)
            pytest.fail(
                f"{self.where}: {len(self.failures)} check(s) failed:\n{lines}", pytrace=False
            )


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def missing_tool(message: str) -> None:
    """Skip for a missing system tool, with instructions; under CI (``CI=true``) fail instead."""
    if os.environ.get("CI") == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def _require_chromium() -> None:
    """Skip without Chromium (``missing_tool``)."""
    if Path(CHROMIUM).exists() and shutil.which(CHROMIUM):
        return
    missing_tool(
        f"Chromium not found at {CHROMIUM}: install it with `apt-get install "
        "chromium-headless-shell fonts-noto-cjk` (or run `make test`, which does), "
        "or set ATTN_CHROMIUM"
    )


# Where the test server (``server``) serves the pinned axe-core, beside the site: pages
# load it from there for the accessibility check (``tests/browser/reading.py``).
AXE_PATH = "__tests__/axe.min.js"
AXE_FILE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if path.split("?", 1)[0] == "/" + AXE_PATH:
            return str(AXE_FILE)
        return super().translate_path(path)


@pytest.fixture(scope="session")
def server(site):
    """Base URL of the built site, served from 127.0.0.1."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser():
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# At the start of each top-level document (not of the frames a page makes itself): what a
# page of the site could carry over to the next document of the same tab is emptied.
CLEAR_STORAGE = """if (window === window.top) {
  try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}
}"""


class TabVisit:
    """One visit in the worker's shared tab (``open_in_tab``): ``close()`` ends it.

    Stands where a fresh context's visit stood in the tests (``context, page, log``):
    ``close()`` stops the visit's log and leaves the document for ``about:blank``.
    """

    def __init__(self, tab: dict, page, handlers: dict):
        self.tab, self.page, self.handlers = tab, page, handlers

    def new_cdp_session(self, page):
        return page.context.new_cdp_session(page)

    def close(self) -> None:
        for event, handler in self.handlers.items():
            self.page.remove_listener(event, handler)
        if not self.page.is_closed() and not self.tab["crashed"]:
            try:
                self.page.mouse.move(0, 0)  # no hover carried over to the next document
                self.page.goto("about:blank")
            except Exception:  # a visit that broke the page: the next one gets a new page
                self.tab["crashed"] = True


_TABS: dict = {}


def open_in_tab(browser, url: str, *, width=1280, height=900, color_scheme="light"):
    """Open ``url`` as a new document in this worker's one shared tab: ``(visit, page, log)``.

    Each visit is a new document in the same page (new DOM, new scripts, emptied
    ``localStorage`` and ``sessionStorage``: ``CLEAR_STORAGE``), at the given viewport and
    colour scheme, as a fresh context's page would be; only the browser's caches stay warm
    (the page's stylesheets, scripts and fonts are not fetched and compiled again). A fresh
    context for each visit cost 0.72 CPU-s a load of the stepper's page, a new document in
    the same tab 0.51. The tests that load a page for a first load's sake (its layout shift,
    its requests: ``test_pages.py``) keep a fresh context.
    """
    tab = _TABS.get(id(browser))
    if tab is None or tab["browser"] is not browser:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_init_script(CLEAR_STORAGE)
        tab = _TABS[id(browser)] = {"browser": browser, "context": context, "crashed": True}
    if tab["crashed"] or tab["page"].is_closed():
        tab["page"] = tab["context"].new_page()
        tab["crashed"] = False
        tab["page"].on("crash", lambda _: tab.update(crashed=True))
    page = tab["page"]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=color_scheme)
    log = {"errors": [], "requests": []}
    handlers = {
        "console": lambda m: log["errors"].append(m.text) if m.type == "error" else None,
        "pageerror": lambda e: log["errors"].append(str(e)),
        "request": lambda r: log["requests"].append(r.url),
    }
    for event, handler in handlers.items():
        page.on(event, handler)
    visit = TabVisit(tab, page, handlers)
    try:
        page.goto(url, wait_until="load")
    except BaseException:
        visit.close()
        raise
    return visit, page, log


@pytest.fixture(scope="session")
def screenshots():
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
