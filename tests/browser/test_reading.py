"""Figures follow the dark palette on the figure-heavy pages, at both widths (issue 10).

The rest of the reading surface is checked on every page's visits in
``tests/browser/test_pages.py`` (the checks: ``tests/browser/reading.py``). With
``ATTN_SCREENSHOTS=1`` (``make screenshots``) each visit also keeps a whole-page
screenshot in the dark palette, for reviewers; the default run takes none.

And two checks of those visits are shown to report what they are there to find, on
small pages made to fail them: the accessibility check (axe-core) and the phone
visit's layout-shift check.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from tests.browser.conftest import BROKEN_IMAGES, PAGE_SCREENSHOTS, open_in_tab
from tests.browser.reading import DARK_JS, desktop_problems, phone_problems

pytestmark = pytest.mark.browser

# The pages with the most figures.
FIGURE_PAGES = ["cues/", "nonparametric/", "en/nonparametric/", "en/cues/", "handbook/repeat/"]


def slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home"


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("path", FIGURE_PAGES)
def test_dark_palette_figures(browser, server, path, width, screenshots):
    height = 900 if width > 600 else 800
    context, page, _ = open_in_tab(
        browser, server + path, width=width, height=height, color_scheme="dark"
    )
    try:
        page.evaluate(BROKEN_IMAGES)  # loads the lazy figures
        found = page.evaluate(DARK_JS)
        if PAGE_SCREENSHOTS:
            name = f"{slug(path)}.{'desktop' if width > 600 else 'mobile'}.dark.png"
            page.screenshot(path=str(screenshots / name), full_page=True, timeout=120_000)
    finally:
        context.close()
    assert found["slate"], f"{path}: the dark palette did not apply"
    assert found["white_figures"] == [], f"{path}: white figures {found['white_figures']}"


# The first heatmap (a figure with a colour scale), loaded.
HEATMAP = "article img.attn-colour-scale"
LOADED = "async img => { img.loading = 'eager'; await img.decode(); }"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_heatmaps_follow_the_palette_and_keep_their_colour_map(browser, server, scheme):
    """A reader found the heatmaps kept a light panel in the dark palette. Their panel
    follows the palette; the colour map does not invert: the largest weight stays the
    darkest red in both palettes."""
    from PIL import Image

    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(server + "nonparametric/", wait_until="load")
        heatmap = page.locator(HEATMAP).first
        heatmap.evaluate(LOADED)
        heatmap.scroll_into_view_if_needed()  # its block is painted once near the viewport
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))")
        shot = Image.open(io.BytesIO(heatmap.screenshot())).convert("RGB")
    finally:
        context.close()
    corner = shot.getpixel((3, 3))
    if scheme == "dark":
        assert max(corner) < 60, corner  # a dark panel
    else:
        assert min(corner) > 240, corner
    pixels = np.asarray(shot, dtype=int).reshape(-1, 3)
    reds = pixels[(pixels[:, 0] > 90) & (pixels[:, 0] > 2 * pixels[:, 1] + 20)]
    assert len(reds), "no red cell"
    deepest = tuple(reds[reds.sum(axis=1).argmin()])
    assert deepest[0] < 160 and deepest[1] < 40, deepest  # a deep red, in both palettes


def test_an_inverted_chart_takes_the_dark_pages_colour(browser, server):
    """Inverted, a line chart's white background was a grey slab (33, 33, 33) on the slate
    page (30, 33, 41) (review round 26); blended, its corner is the page's colour."""
    from PIL import Image

    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(server + "en/nonparametric/", wait_until="load")
        chart = page.locator("article img.attn-figure:not(.attn-colour-scale)").first
        chart.evaluate(LOADED)
        chart.scroll_into_view_if_needed()
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        shot = Image.open(io.BytesIO(chart.screenshot())).convert("RGB")
    finally:
        context.close()
    page_colour = tuple(int(c) for c in re.findall(r"\d+", background)[:3])
    assert page_colour != (255, 255, 255), "the dark palette did not apply"
    corner = shot.getpixel((2, 2))
    assert max(abs(a - b) for a, b in zip(corner, page_colour, strict=True)) <= 1, (
        corner,
        page_colour,
    )


# A faint paragraph (#bbb on white: 1.9:1), a button without a name, and a faint token in a
# highlighted code block.
INACCESSIBLE = """<!doctype html><html lang="en"><head><title>t</title></head><body><main>
<article><h1>Title</h1><p style="color: #bbb">Faint text.</p><p><button></button></p>
<div class="highlight"><pre><span class="k" style="color: #ccc">def</span> f</pre></div>
</article></main></body></html>"""


@pytest.mark.parametrize("code_contrast", [False, True])
def test_the_pinned_axe_core_reports_serious_violations(browser, code_contrast):
    """The page visits' accessibility check can fail: axe-core, as pinned and configured
    there, reports a contrast below 4.5:1 and a button without a name, by rule and place.
    The contrast of highlighted code is left out of the page visits' scan
    (``tests/browser/test_code_contrast.py`` checks it) and of nothing else."""
    page = browser.new_page()
    try:
        page.set_content(INACCESSIBLE)
        found = desktop_problems(page, code_contrast=code_contrast)
    finally:
        page.close()
    expected = ["button-name at button", "color-contrast at p:nth-child(2)"]
    if code_contrast:
        expected.append("color-contrast at span")
    assert found == {"axe": expected}


TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
# A page that pushes its text 300 px down 0.2 s after it loaded (a late banner).
SHIFTING = """<!doctype html><html lang="en"><head><title>t</title></head><body><main>
<article><h1>Title</h1><p>Text that a late banner pushes down.</p><p>More text.</p></article>
</main><script>setTimeout(() => {
  const banner = document.createElement('div');
  banner.style.height = '%s';
  document.querySelector('article').prepend(banner);
}, 200);</script></body></html>"""


@pytest.mark.parametrize("height", ["300px", "0"])
def test_the_phone_visit_reports_a_layout_shift(browser, height):
    """The phone visits' layout-shift check sees a shift that happens after the load, and
    none when nothing moves. The page is loaded by navigation (``set_content`` writes
    the document, which reports no layout shift)."""
    page = browser.new_page(viewport={"width": 375, "height": 800})
    try:
        page.route(
            "http://shift.test/",
            lambda route: route.fulfill(body=SHIFTING % height, content_type="text/html"),
        )
        page.goto("http://shift.test/", wait_until="load")
        # the banner is in, and two frames later the shift it caused (if any) is recorded
        page.wait_for_selector("article > div", state="attached")
        page.evaluate(TWO_FRAMES)
        found = phone_problems(page)
    finally:
        page.close()
    if height == "0":
        assert found == {}
    else:  # the paragraphs, a fifth of the viewport, move by more than a third of it
        assert list(found) == ["layout_shift"] and 0.1 < found["layout_shift"] < 0.5, found


# A display formula as KaTeX renders it, 600 px wide, in a phone's 343 px column, and a
# short one. The site's stylesheet lets a wide one scroll with a cue (``PHONE_JS``);
# ``WIDE_FORMULAS_JS`` still reports it.
WIDE_FORMULA = """<!doctype html><html lang="en"><head><title>t</title><style>
body { margin: 0; } article { margin: 0 16px; }
.katex-display { display: block; overflow-x: auto; background-attachment: local; }
.katex { display: inline-block; white-space: nowrap; }</style></head><body><main>
<article><h1>Title</h1>
<p><span class="katex-display"><span class="katex"><span class="katex-mathml"><math><semantics>
<mrow></mrow><annotation encoding="application/x-tex">f(x) = \\sum_i y_i</annotation>
</semantics></math></span><span class="katex-html" style="display: inline-block; width: %s">
</span></span></span></p></article></main></body></html>"""


def phone_problems_of(browser, content: str) -> dict:
    """``phone_problems`` of a page holding ``content``, at 375 px."""
    page = browser.new_page(viewport={"width": 375, "height": 800})
    try:
        page.set_content(content)
        return phone_problems(page)
    finally:
        page.close()


@pytest.mark.parametrize("width", ["600px", "200px"])
def test_the_phone_visit_reports_a_formula_wider_than_its_box(browser, width):
    """The phone visits' check of display formulas names one wider than its box, with its
    width, the box's and its TeX, even though it scrolls; a narrower one passes."""
    found = phone_problems_of(browser, WIDE_FORMULA % width)
    if width == "200px":
        assert found == {}
    else:
        assert found == {"formulas_wider_than_their_box": ["600px in 343px: f(x) = \\sum_i y_i"]}


# A Chinese title in two parts as the build writes it, in a phone's column, with the
# site's rule for the parts (``extra.css``) or without it.
SPLIT_TITLE = """<!doctype html><html lang="zh"><head><title>t</title><style>
body { margin: 0; } article { margin: 0 16px; } h1 { font-size: 28px; } %s</style></head><body>
<main><article><h1><span class="attn-title-part">非参数注意力汇聚：</span><span
class="attn-title-part">Nadaraya-Watson 核回归</span></h1></article></main></body></html>"""
PARTS_RULE = """.attn-title-part { display: inline-block; word-break: keep-all;
overflow-wrap: anywhere; }"""


@pytest.mark.parametrize("rule", [PARTS_RULE, ""])
def test_the_visits_report_a_title_broken_inside_a_word(browser, rule):
    """With the site's rule the two-part title breaks after "：" and at its space; without it
    the line runs out inside a word (核 | 回归), and the phone visit's check names the break."""
    found = phone_problems_of(browser, SPLIT_TITLE % rule)
    if rule:
        assert found == {}
    else:
        assert list(found) == ["title_broken_inside_a_word"], found
        assert all(" | " in cut for cut in found["title_broken_inside_a_word"]), found


# A sentence whose last item, a run that may not break, starts a line with "…": as inline
# code (a literal, which may) or as prose (where "…" may not begin a line).
ELLIPSIS_FIRST = """<!doctype html><html lang="en"><head><title>t</title><style>
body { margin: 0; } article { width: 240px; font: 16px sans-serif; }</style></head><body>
<main><article><p>Listed in the error-message index: <%s style="white-space: nowrap">… must
have the same length</%s>.</p></article></main></body></html>"""


@pytest.mark.parametrize("tag", ["code", "span"])
def test_the_visits_report_a_line_that_starts_with_a_closing_mark_unless_code_starts_so(
    browser, tag
):
    """The line-break check names a line that begins with "…" in prose; inline code that
    begins with it (the error index's "… must have the same length") may start a line."""
    found = phone_problems_of(browser, ELLIPSIS_FIRST % (tag, tag))
    if tag == "code":
        assert found == {}
    else:
        assert list(found) == ["punctuation_on_the_wrong_side_of_a_line_break"], found
