"""A display formula whose HTML is still arriving is not painted: nothing moves when the rest comes.

A slow phone or a slow network paints a page before all of its HTML has arrived. A
long display formula painted in part, centred in its box, moved left as the rest of it
came in, and one that wraps on a phone broke its lines anew: a layout shift (0.01-0.03
on ``/en/leave-one-out/`` at 375 px with the CPU slowed 8 times, above the 0.02 the page
tests allow). Each display formula ends with an empty marker (``katex_server.cjs``) and
the stylesheet keeps a formula hidden until the parser has reached it (``extra.css``).

Here the test server sends the built page in two parts, cut inside the KaTeX HTML of its
first display formula, and holds the second until the part is painted: the part shows
nothing of the formula, and the whole page has no layout shift inside a formula. The
same page with the rule overridden shows the formula in part and the shift, which is
what the check is there to find.
"""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from tests.browser.reading import LAYOUT_SHIFT

pytestmark = pytest.mark.browser

PAGE = "en/leave-one-out/"
MARKER = b'<span class="attn-math-end"></span>'
NEXT_FRAME = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
# The first display formula of the article: whether it is shown, where its first part starts.
FIRST_FORMULA = """() => {
  const katex = document.querySelector('article .katex-display > .katex');
  const first = katex.querySelector('.katex-html > .katex-base').getBoundingClientRect();
  return {visibility: getComputedStyle(katex).visibility, left: Math.round(first.left)};
}"""
# The layout shifts of the load whose moved elements lie inside a display formula.
SHIFTS_IN_FORMULAS = """() => {
  const o = new PerformanceObserver(() => {});
  o.observe({type: 'layout-shift', buffered: true});
  const entries = o.takeRecords();
  o.disconnect();
  const inFormula = s => {
    const node = s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement);
    return node !== null && node !== undefined && node.closest('.katex-display') !== null;
  };
  return entries.filter(e => !e.hadRecentInput && e.sources.some(inFormula))
                .reduce((total, e) => total + e.value, 0);
}"""


def split_inside_first_formula(page: bytes) -> tuple[bytes, bytes]:
    """The page cut halfway into the KaTeX HTML of its first display formula."""
    start = page.index(b'class="katex-display"')
    html = page.index(b'class="katex-html"', start)
    end = page.index(MARKER, html)  # the formula's end
    cut = (html + end) // 2
    return page[:cut], page[cut:]


def serve_in_two_parts(site, page: bytes):
    """A server of ``site`` that sends ``page`` in place of ``PAGE``, in two parts: the second
    once ``release`` is set. Returns ``(the page's URL, release, server)``."""
    first, rest = split_inside_first_formula(page)
    release = threading.Event()

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path != "/" + PAGE:
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(first)
            self.wfile.flush()
            release.wait(60)
            self.wfile.write(rest)

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(site))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/{PAGE}", release, httpd


def _shown_at_once(route) -> None:
    """The site's extra.css with a last rule that shows every formula as it arrives."""
    response = route.fetch()
    route.fulfill(response=response, body=response.text() + SHOWN_AT_ONCE)


SHOWN_AT_ONCE = "\n.katex-display > .katex { visibility: visible !important; }\n"


def load_in_two_parts(browser, site, page: bytes, *, hidden_while_arriving=True) -> dict:
    """Load ``page`` at 375 px: the first formula while only its first part has arrived
    (once painted) and when the whole page has, and the load's shifts inside formulas.
    Without ``hidden_while_arriving`` the stylesheet's rule that hides a formula until its
    end marker has arrived is overridden."""
    url, release, httpd = serve_in_two_parts(site, page)
    context = browser.new_context(viewport={"width": 375, "height": 800})
    if not hidden_while_arriving:
        context.route("**/stylesheets/extra.css", _shown_at_once)
    try:
        tab = context.new_page()
        tab.goto(url, wait_until="commit")
        tab.wait_for_function(
            "() => document.querySelector('article .katex-display .katex-html > .katex-base')"
        )
        tab.evaluate(NEXT_FRAME)
        partial = tab.evaluate(FIRST_FORMULA)
        release.set()
        tab.wait_for_load_state("load")
        tab.evaluate("document.fonts.ready.then(() => null)")
        tab.evaluate(NEXT_FRAME)
        return {
            "partial": partial,
            "whole": tab.evaluate(FIRST_FORMULA),
            "shift_in_formulas": tab.evaluate(SHIFTS_IN_FORMULAS),
            "shift": tab.evaluate(LAYOUT_SHIFT),
        }
    finally:
        release.set()
        context.close()
        httpd.shutdown()
        httpd.server_close()


def test_a_formula_in_part_is_hidden_and_nothing_moves_when_the_rest_arrives(browser, site):
    page = (site / PAGE / "index.html").read_bytes()
    assert page.count(MARKER) == page.count(b'class="katex-display"') > 0
    seen = load_in_two_parts(browser, site, page)
    assert seen["partial"]["visibility"] == "hidden", seen
    assert seen["whole"]["visibility"] == "visible", seen
    assert seen["shift_in_formulas"] == 0, seen
    assert seen["shift"] <= 0.02, seen


def test_without_the_rule_the_formula_shows_in_part_and_moves(browser, site):
    """What the check above is there to find: the page with every formula shown as it
    arrives, as before the markers."""
    page = (site / PAGE / "index.html").read_bytes()
    seen = load_in_two_parts(browser, site, page, hidden_while_arriving=False)
    assert seen["partial"]["visibility"] == "visible", seen
    assert seen["partial"]["left"] > seen["whole"]["left"], seen  # centred, then it grew
    assert seen["shift_in_formulas"] > 0, seen
