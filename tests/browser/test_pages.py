"""Every page of both languages, as a reader's browser sees it, at a desktop and a phone width.

Each page is opened once, in a fresh browser context, at 375 px: the phone checks
run on the load as a phone sees it (its layout shift included); then the viewport
is widened to 1280 px and the desktop checks run on the same page (the stylesheets'
media queries and Material's scripts follow a resize). Every check runs, the
reading surface of issue 10 included (``reading.py``); a failing page reports all
its failed checks, by width and name, together. With ``ATTN_SCREENSHOTS=1`` both
widths also save a whole-page screenshot.
"""

from __future__ import annotations

import re
import time
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.code_column import code_column_problems
from tests.browser.conftest import AXE_PATH, BROKEN_IMAGES, PAGE_SCREENSHOTS, Checks, source_pages
from tests.browser.reading import desktop_problems, phone_problems

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


# The next frame, then the first moment the main thread is idle (at most 2 s later).
IDLE = """() => new Promise(r => requestAnimationFrame(
    () => requestIdleCallback(r, {timeout: 2000})))"""


class Visit:
    """A page loaded in a fresh context, with everything the browser reported.

    Loaded means: the ``load`` event has fired, no request is in flight, and the page's
    main thread has then been idle once (``IDLE``) without starting another request: the
    tasks its scripts queued at load have run. (Playwright's ``networkidle`` waits 500 ms
    after the last request ends; the quiet period of 100 ms this replaces, polled every
    20 ms, took at least 0.12 s a visit, one idle moment 0.01-0.03 s on five pages.)
    """

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
        self.in_flight: set = set()
        self.page.on("request", self._started)
        self.page.on("requestfinished", self._ended)
        self.page.on("requestfailed", self._failed)
        self.response = self.page.goto(url, wait_until="load")
        self.settle()

    def _started(self, request) -> None:
        self.requests.append(request.url)
        self.in_flight.add(request)

    def _ended(self, request) -> None:
        self.in_flight.discard(request)

    def _failed(self, request) -> None:
        self.failed.append(request.url)
        self._ended(request)

    def settle(self, timeout: float = 30.0) -> None:
        """Wait until no request is in flight and an idle moment of the page starts none."""
        deadline = time.monotonic() + timeout
        while True:
            while self.in_flight:
                if time.monotonic() > deadline:
                    pending = sorted(r.url for r in self.in_flight)
                    raise TimeoutError(f"requests still in flight after {timeout} s: {pending}")
                self.page.wait_for_timeout(20)
            started = len(self.requests)
            self.page.evaluate(IDLE)
            if not self.in_flight and len(self.requests) == started:
                return

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


# The checks read the page with plain ``evaluate`` calls in the page's own world: a locator
# (or ``eval_on_selector_all``) makes Playwright inject its selector engine into every new
# document first, 35 ms of CPU a page. Where a locator would insist on one element
# (``inner_text``, ``get_attribute``), the script throws unless there is exactly one.
KATEX_ERRORS = "() => document.querySelectorAll('.katex-error').length"
UNRENDERED_FORMULAS = """() => [...document.querySelectorAll('.arithmatex')]
    .filter(e => !e.querySelector('.katex')).map(e => e.textContent)"""
ONE = """(selector) => {
    const found = document.querySelectorAll(selector);
    if (found.length !== 1) throw new Error(`${found.length} elements match ${selector}`);
    return found[0];
}"""
ARTICLE_TEXT = f"() => ({ONE})('article').innerText"
TOC_HREFS = """() => [...document.querySelectorAll('.md-nav--secondary a.md-nav__link')]
    .map(a => a.getAttribute('href'))"""
# The URL the language selector's one link to ``lang`` leads to.
OTHER_LANGUAGE_HREF = f"""(lang) => new URL(
    ({ONE})(`a.md-select__link[hreflang="${{lang}}"]`).getAttribute('href'), location.href).href"""
MISSING_IDS = "ids => ids.filter(id => document.getElementById(id) === null)"
# Code blocks wider than their box that no ancestor lets the reader scroll.
CUT_OFF_CODE = """() => [...document.querySelectorAll('article pre')]
    .filter(p => p.scrollWidth > p.clientWidth + 1)
    .filter(p => {
        for (let e = p; e; e = e.parentElement) {
            const o = getComputedStyle(e).overflowX;
            if (o === 'auto' || o === 'scroll') return false;
        }
        return true;
    }).map(p => p.textContent.slice(0, 40))"""
# Material's copy buttons (written by the build, ``tools/sitebuild/copybuttons.py``) as
# Material's start-up left them: each code block of the article (but a ``.no-copy`` one's)
# has one, and each button's selector, with the ids Material gave the blocks at load, is
# valid and finds exactly the ``code`` of its own block (not nothing, not another block).
COPY_BUTTON_PROBLEMS = """() => {
  const problems = [];
  const blocks = [...document.querySelectorAll(
    '[data-md-component=content] pre:not(.mermaid) > code')].filter(c => !c.closest('.no-copy'));
  for (const code of blocks) {
    const n = code.parentElement.querySelectorAll(
      ':scope > nav.md-code__nav > button[data-clipboard-target]').length;
    if (n !== 1) problems.push(`a block with ${n} copy buttons: ${code.textContent.slice(0, 40)}`);
  }
  const buttons = [...document.querySelectorAll('button[data-clipboard-target]')];
  for (const button of buttons) {
    const selector = button.getAttribute('data-clipboard-target');
    const pre = button.closest('pre');
    const own = pre && [...pre.children].find(e => e.localName === 'code');
    let found;
    try {
      found = document.querySelectorAll(selector);
    } catch (e) {
      problems.push(`${selector}: not a valid selector`);
      continue;
    }
    if (found.length !== 1 || found[0] !== own) {
      problems.push(`${selector} finds ${found.length} element(s), not its own block`);
    }
  }
  return problems;
}"""
# Boxes of the article that scroll sideways but cannot take the keyboard's focus: the
# arrow keys scroll only a focused box in Firefox and Safari.
UNFOCUSABLE_SCROLLERS = """() => [...document.querySelectorAll('article *')]
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
    .filter(e => e.tabIndex < 0 && !e.querySelector('[tabindex="0"]'))
    .map(e => e.tagName + ': ' + e.textContent.slice(0, 40))"""

# A glossary's term columns (tools/sitebuild/tables.py, extra.css): every term cell's
# renderings are boxes; a box (a rendering, or its name or "(…)") that fits the column is on
# one line, a hyphenated word is never broken, and no line starts with the slash between two
# renderings. Measured in the layout (a card's line on a phone is its row's).
UNBOXED_TERMS = """() => [...document.querySelectorAll('table[data-zh-column] td')]
    .filter(td => {
        const table = td.closest('table'), n = td.cellIndex + 1;
        return [table.dataset.zhColumn, table.dataset.enColumn].includes(String(n))
            && !td.querySelector(':scope > .attn-term');
    }).map(td => td.textContent)"""
GLOSSARY_TERM_LINES = """() => {
        // the lines a node's text is laid out on (its fragments' tops)
        const lineCount = (node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            const tops = [];
            for (const r of range.getClientRects()) {
                if (r.width > 0 && !tops.some(t => Math.abs(t - r.top) < 4)) tops.push(r.top);
            }
            return tops.length;
        };
        const room = (cell) => {
            const box = getComputedStyle(cell).display === 'inline' ? cell.closest('tr') : cell;
            const s = getComputedStyle(box);
            return box.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
        };
        const charTop = (node, at) => {
            const r = document.createRange();
            r.setStart(node, at); r.setEnd(node, at + 1);
            return r.getBoundingClientRect().top;
        };
        const problems = [];
        for (const cell of document.querySelectorAll('table[data-zh-column] td')) {
            const boxes = [...cell.querySelectorAll('.attn-term, .attn-part')];
            if (!boxes.length || cell.getClientRects().length === 0) continue;
            const width = room(cell);
            for (const box of boxes) {
                if (box.querySelector('.attn-part')) continue;  // its parts are checked
                const before = box.style.whiteSpace;
                box.style.whiteSpace = 'nowrap';
                const natural = box.getBoundingClientRect().width;
                box.style.whiteSpace = before;
                if (natural <= width + 0.5 && lineCount(box) > 1) {
                    const fit = `${Math.round(natural)} <= ${Math.round(width)} px`;
                    problems.push(`split though it fits (${fit}): ${box.textContent}`);
                }
            }
            for (const word of cell.querySelectorAll('.attn-nobr')) {
                if (lineCount(word) > 1) problems.push('broken at its hyphen: ' + word.textContent);
            }
            // no line starts with the slash between two renderings
            const chars = [];
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (let i = 0; i < node.data.length; i++) {
                    if (node.data[i].trim()) chars.push([node, i]);
                }
            }
            chars.forEach(([node, i], k) => {
                if (k > 0 && node.data[i] === '/' &&
                    Math.abs(charTop(node, i) - charTop(...chars[k - 1])) >= 4) {
                    problems.push('a line starts with "/": ' + cell.textContent);
                }
            });
        }
        return problems;
    }"""


def glossary_checks(checks: Checks, v: Visit) -> None:
    """The glossary's terms at this width: in boxes, none broken where it fits."""
    checks.check("glossary terms not in boxes", lambda: v.page.evaluate(UNBOXED_TERMS), [])
    checks.check(
        "glossary terms broken across lines", lambda: v.page.evaluate(GLOSSARY_TERM_LINES), []
    )


def screenshot(v: Visit, path) -> None:
    """The whole page, for reviewers; a long page on a busy machine gets two minutes."""
    v.page.screenshot(path=str(path), full_page=True, timeout=120_000)


def foreign_requests(v: Visit, server: str) -> list[str]:
    host = urlparse(server).netloc
    return [
        u
        for u in v.requests
        if urlparse(u).scheme in {"http", "https", "ws", "wss"} and urlparse(u).netloc != host
    ]


def toc_links_without_target(page) -> list[str]:
    """Links of the table of contents that are not ``#id`` of an element of the page."""
    hrefs = page.evaluate(TOC_HREFS)
    bad = [h for h in hrefs if not h.startswith("#") or not unquote(h[1:])]
    targets = {unquote(h[1:]): h for h in hrefs if h not in bad}
    missing = page.evaluate(MISSING_IDS, list(targets))
    return bad + [targets[target] for target in missing]


def other_language_link(v: Visit, path: str) -> str:
    """The URL path the language selector's link to the other language leads to.

    Following it would load that page once more: it is visited by its own tests,
    which check its status and its ``lang``.
    """
    lang = "zh" if path.startswith("en/") else "en"
    return urlparse(v.page.evaluate(OTHER_LANGUAGE_HREF, lang)).path


def phone_checks(checks: Checks, v: Visit, path: str, screenshots) -> None:
    """Just after the load at 375 px: no horizontal overflow, code fits or scrolls, no shift."""
    # also loads the lazy figures, for the screenshots and for the widths below
    checks.check("broken images", lambda: v.page.evaluate(BROKEN_IMAGES), 0)
    checks.check(
        "page wider than the 375px viewport",
        lambda: v.page.evaluate("document.documentElement.scrollWidth"),
        ok=lambda width: width <= 376,
    )
    checks.check("code that neither fits nor scrolls", lambda: v.page.evaluate(CUT_OFF_CODE), [])
    checks.check(
        "boxes that scroll sideways without the keyboard's focus",
        lambda: v.page.evaluate(UNFOCUSABLE_SCROLLERS),
        [],
    )
    # before the screenshot, which resizes the viewport: the layout shift of the load
    checks.check("reading surface (tests/browser/reading.py)", lambda: phone_problems(v.page), {})
    # after the reading surface, which waits for the fonts that set a character's width
    if re.match(r"(en/)?(api|handbook)/", path):
        checks.check(
            "a phone's code column (code_column.py)", lambda: code_column_problems(v.page, path), []
        )
    if path.rstrip("/").endswith("glossary"):
        glossary_checks(checks, v)
    if PAGE_SCREENSHOTS:
        checks.check("screenshot", lambda: screenshot(v, screenshots / f"{slug(path)}.mobile.png"))


def desktop_checks(checks: Checks, v: Visit, path: str, server: str, screenshots) -> None:
    """At 1280 px: formulas, table of contents, copy buttons, reading surface, language and
    its selector."""
    checks.check("broken images", lambda: v.page.evaluate(BROKEN_IMAGES), 0)
    checks.check("KaTeX errors", lambda: v.page.evaluate(KATEX_ERRORS), 0)
    checks.check("formulas not rendered by KaTeX", lambda: v.page.evaluate(UNRENDERED_FORMULAS), [])
    checks.check(
        "raw TeX left on the page",
        lambda: re.findall(r"\$\$|\\\(|\\\[|\\frac|\\sum|\\exp", v.page.evaluate(ARTICLE_TEXT)),
        [],
    )
    checks.check("toc links without a target", lambda: toc_links_without_target(v.page), [])
    checks.check(
        "copy buttons (each block's one, copying its own code)",
        lambda: v.page.evaluate(COPY_BUTTON_PROBLEMS),
        [],
    )
    axe = server + AXE_PATH
    checks.check(
        "reading surface (tests/browser/reading.py)",
        lambda: desktop_problems(v.page, axe_url=axe),
        {},
    )
    if path.rstrip("/").endswith("glossary"):
        glossary_checks(checks, v)
    if PAGE_SCREENSHOTS:
        checks.check("screenshot", lambda: screenshot(v, screenshots / f"{slug(path)}.desktop.png"))
    checks.check(
        "the page's language",
        lambda: v.page.evaluate("document.documentElement.lang")[:2],
        "en" if path.startswith("en/") else "zh",
    )
    checks.check(
        "language selector: the same page in the other language",
        lambda: other_language_link(v, path),
        "/" + other_language(path),
    )


NEXT_FRAME = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


@pytest.mark.parametrize("path", PAGES)
def test_page_at_phone_then_desktop_width(visit, server, path, screenshots):
    """One load at 375 px (the phone checks, the load's layout shift among them), then the
    same page widened to 1280 px (the desktop checks); what it requested and logged at
    the end. Every check of both widths runs; the failed ones are reported together."""
    v = visit(server + path, width=375, height=800)
    if v.response is None or v.response.status != 200:
        pytest.fail(f"{path}: status {v.response and v.response.status}", pytrace=False)
    phone = Checks(f"{path} at 375px")
    phone_checks(phone, v, path, screenshots)
    v.page.set_viewport_size({"width": 1280, "height": 900})
    v.page.evaluate(NEXT_FRAME)
    desktop = Checks(f"{path} at 1280px")
    desktop_checks(desktop, v, path, server, screenshots)
    # everything the page requested and logged at both widths, the lazy figures included
    desktop.check("requests to other hosts", lambda: foreign_requests(v, server), [])
    desktop.check("failed requests", lambda: list(v.failed), [])
    desktop.check("console errors", lambda: list(v.console_errors), [])
    both = Checks(f"{path} at 375px then 1280px")
    both.failures = [f"375px: {f}" for f in phone.failures]
    both.failures += [f"1280px: {f}" for f in desktop.failures]
    both.report()
