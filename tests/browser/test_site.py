"""Site-wide behaviour in a real browser: search, dark mode, copy buttons."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from tests.browser.conftest import PAGE_SCREENSHOTS, open_in_tab
from tests.browser.search import BOX, open_search, sent, wait_for_answer, watch
from tools.sitebuild import restyle

pytestmark = pytest.mark.browser

# A term typed into the search box, and the page that explains it.
ZH_TERMS = {
    "注意力": "cues/",
    "汇聚": "average/",
    "查询": "cues/",
    "核回归": "nonparametric/",
    "高斯核": "nonparametric/",
    "权重": "nonparametric/",
    "留一法": "leave-one-out/",
    "带宽": "smoothness/",
    "平均汇聚": "average/",
    "点积注意力": "dot-product/",
    "随意线索": "cues/",
    "术语表": "glossary/",
}
EN_TERMS = {
    "attention": "cues/",
    "pooling": "average/",
    "query": "cues/",
    "kernel regression": "nonparametric/",
    "gaussian kernel": "nonparametric/",
    "weights": "nonparametric/",
    "leave-one-out": "leave-one-out/",
    "bandwidth": "smoothness/",
    "average pooling": "average/",
    "dot-product": "dot-product/",
    "volitional": "cues/",
    "glossary": "glossary/",
}


# The page of each result shown, best first.
RESULT_PAGES = """() => [...document.querySelectorAll(
    '.md-search-result__list > li.md-search-result__item')]
    .map(li => new URL(li.querySelector('a.md-search-result__link').href).pathname)"""


def search(page, query: str) -> list[str]:
    """Type ``query`` into the search box as a reader does; return the result pages, best first.

    Each key sends the box's new value to the search worker; the result is read once the
    worker has answered every query (``tests/browser/search.py``).
    """
    box = page.locator(BOX)
    box.click()
    box.fill("")
    before = sent(page)
    page.keyboard.type(query)
    return wait_for_answer(page, before, read=RESULT_PAGES)


@pytest.fixture(scope="module")
def search_pages(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch(context)
    errors: list[str] = []
    pages = {}
    for lang, path in (("zh", ""), ("en", "en/")):
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + path, wait_until="load")
        open_search(page)
        pages[lang] = page
    yield pages, errors
    context.close()


def _check(pages, errors, lang, term, expected):
    results = search(pages[lang], term)
    assert results, f"{term!r} found nothing"
    top = [urlparse(r).path for r in results[:5]]
    want = ("/" if lang == "zh" else "/en/") + expected
    assert any(p.startswith(want) for p in top), f"{term!r}: {want} not in {top}"
    if lang == "zh":
        assert not any(r.startswith("/en/") for r in results), f"{term!r} returned English pages"
    else:
        assert all(r.startswith("/en/") for r in results), f"{term!r} returned Chinese pages"
    assert errors == []


@pytest.mark.parametrize(("term", "expected"), ZH_TERMS.items())
def test_chinese_search_finds_the_page(search_pages, term, expected):
    _check(*search_pages, "zh", term, expected)


@pytest.mark.parametrize(("term", "expected"), EN_TERMS.items())
def test_english_search_finds_the_page(search_pages, term, expected):
    _check(*search_pages, "en", term, expected)


def scheme(page) -> str:
    return page.evaluate("document.body.getAttribute('data-md-color-scheme')")


def figure_corner_pixels(page) -> list[list]:
    """The top-left pixel of every figure shown in the notebook outputs, as the image draws it,
    with whether it is a figure with a colour scale (a heatmap: ``attn-colour-scale``)."""
    return page.evaluate(
        """async () => {
            const out = [];
            const timeout = new Promise((_, reject) => setTimeout(() => reject('timeout'), 10000));
            for (const img of document.querySelectorAll('.jp-OutputArea-output img')) {
                if (!img.getClientRects().length) continue;  // the other layout's drawing
                img.loading = 'eager';  // lazy images below the fold never decode otherwise
                await Promise.race([img.decode(), timeout]);
                const c = document.createElement('canvas');
                c.width = img.naturalWidth; c.height = img.naturalHeight;
                const ctx = c.getContext('2d');
                ctx.drawImage(img, 0, 0);
                out.push([img.classList.contains('attn-colour-scale'),
                          [...ctx.getImageData(2, 2, 1, 1).data]]);
            }
            return out;
        }"""
    )


# The content of every <meta name="color-scheme"> of the document.
COLOR_SCHEME_METAS = (
    "[...document.querySelectorAll('meta[name=\"color-scheme\"]')].map(m => m.content)"
)

# Records when the renamed switching attribute is set (+) and removed (-) on <body>.
SWITCHING_WATCH = f"""() => {{
    window.switching = [];
    new MutationObserver(ms => ms.forEach(m => window.switching.push(
        m.attributeName + (document.body.hasAttribute(m.attributeName) ? '+' : '-')
    ))).observe(document.body, {{attributeFilter: ['{restyle.SWITCHING}']}});
}}"""


@pytest.mark.parametrize("root", ["", "en/"])
def test_dark_mode_toggles_persists_and_keeps_figures_readable(browser, server, root, screenshots):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    page = context.new_page()
    page.goto(server + root + "nonparametric/", wait_until="load")
    assert scheme(page) == "default"
    assert page.evaluate(COLOR_SCHEME_METAS) == ["light"]
    light = figure_corner_pixels(page)
    assert light and all(p[:3] == [255, 255, 255] for _, p in light)
    assert any(heatmap for heatmap, _ in light), "no heatmap on the page"
    # transitions stay off while the palette switches (tools/sitebuild/restyle.py)
    page.evaluate(SWITCHING_WATCH)
    page.locator("label.md-header__button[for='__palette_1']").click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    page.wait_for_function(f"!document.body.hasAttribute('{restyle.SWITCHING}')")
    assert page.evaluate("window.switching") == [f"{restyle.SWITCHING}+", f"{restyle.SWITCHING}-"]
    # the page's one color-scheme meta follows the palette (overrides/main.html)
    page.wait_for_function(f"{COLOR_SCHEME_METAS}.join() === 'dark'")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"
    # line charts keep their own white background (the stylesheet shows them inverted,
    # tests/browser/test_reading.py); a heatmap draws its own dark panel, its colour map kept
    dark = figure_corner_pixels(page)
    assert [p for heatmap, p in dark if not heatmap] == [p for h, p in light if not h]
    assert all(max(p[:3]) < 60 for heatmap, p in dark if heatmap), dark
    if PAGE_SCREENSHOTS:  # for reviewers (make screenshots); the default run takes none
        page.screenshot(path=str(screenshots / f"dark_{root.strip('/') or 'zh'}.png"))
    page.goto(server + root + "api/", wait_until="load")
    assert scheme(page) == "slate", "the palette choice did not persist across pages"
    assert page.evaluate(COLOR_SCHEME_METAS) == ["dark"]
    context.close()


def test_copy_button_copies_code_without_prompts_or_outputs(browser, server):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server, wait_until="load")
    block = page.locator("article pre:has(code)").filter(has_text=">>> import attention_tutorial")
    block.hover()
    block.locator("button.md-code__button[data-md-type=copy]").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("import torch\nimport attention_tutorial as at\n")
    assert ">>>" not in copied and "(50, 50)" not in copied
    context.close()


def test_notebook_copy_button_copies_the_cell_source_only(browser, server):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server + "nonparametric/", wait_until="load")
    cell = page.locator(".jp-CodeCell").filter(has_text="at.describe").first
    cell.hover()
    cell.locator("clipboard-copy").first.click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "data = at.make_data()" in copied
    assert "In [" not in copied and "shape (50,)" not in copied
    context.close()


@pytest.mark.parametrize("scheme_name", ["light", "dark"])
def test_the_install_tabs_show_a_keyboard_focus_ring(browser, server, scheme_name):
    """Round-13 reader: tabbing to the home page's install tabs showed no focus ring (Material
    only recolours the label in the faint accent). The focused tab's label gets a 2 px outline
    in the text colour, in both palettes; a mouse click leaves none."""
    context, page, _ = open_in_tab(browser, server, color_scheme=scheme_name)
    labels = page.locator(".tabbed-set .tabbed-labels > label")
    assert labels.count() >= 2
    outline = "el => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth]"
    labels.nth(1).click()  # a mouse click: no ring
    assert labels.nth(1).evaluate(outline)[0] == "none"
    page.locator(".tabbed-set > input").nth(0).focus()
    page.keyboard.press("ArrowRight")  # the keyboard moves the focus to the second tab...
    page.keyboard.press("ArrowLeft")  # ...and back to the first
    focused = page.evaluate("document.activeElement.matches('.tabbed-set > input')")
    assert focused
    assert labels.nth(0).evaluate(outline) == ["solid", "2px"]
    text = page.evaluate("getComputedStyle(document.querySelector('.md-typeset')).color")
    ring = labels.nth(0).evaluate("el => getComputedStyle(el).outlineColor")
    assert ring == text  # the text colour: dark on the light palette, light on the dark
    context.close()


@pytest.mark.parametrize("scheme_name", ["light", "dark"])
def test_a_collapsed_block_shows_a_keyboard_focus_ring(browser, server, scheme_name):
    """Round-17 reader: tabbing to the summary of a <details> block ("Source of …", "How it
    was measured") showed only Material's faint tint. A summary that has the keyboard focus gets
    a 2 px outline in the text colour, in both palettes; a mouse click leaves none."""
    context, page, _ = open_in_tab(browser, server + "en/scale/", color_scheme=scheme_name)
    summaries = page.locator("details.source-code > summary")
    assert summaries.count() >= 2
    outline = "el => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth]"
    summaries.nth(1).click()  # a mouse click: no ring
    assert summaries.nth(1).evaluate(outline)[0] == "none"
    summaries.nth(0).focus()
    page.keyboard.press("Shift+Tab")  # the keyboard moves the focus away...
    page.keyboard.press("Tab")  # ...and back to the first summary
    assert page.evaluate("document.activeElement.matches('details.source-code > summary')")
    assert summaries.nth(0).evaluate(outline) == ["solid", "2px"]
    text = page.evaluate("getComputedStyle(document.querySelector('.md-typeset')).color")
    ring = summaries.nth(0).evaluate("el => getComputedStyle(el).outlineColor")
    assert ring == text  # the text colour: dark on the light palette, light on the dark
    context.close()


# The header's first topic (the site name): its text, its shown width against its box, and
# the words CSS shows in its place (none, or "Attention pooling" with an empty alternative).
SITE_NAME = """() => {
    const e = document.querySelector('.md-header__topic .md-ellipsis');
    return {text: e.textContent.trim(), shown: e.scrollWidth, box: e.clientWidth,
            before: getComputedStyle(e, '::before').content};
}"""


@pytest.mark.parametrize(
    ("path", "width"), [("en/smoothness/", 375), ("en/smoothness/", 1280), ("smoothness/", 375)]
)
def test_the_site_name_in_the_header_is_not_cut(browser, server, path, width):
    """Round-24 reader: at 375 px the English site name was cut to "Attention poo…". There
    the header shows "Attention pooling" whole; the element's text, which screen readers
    read, stays the full name, and 1280 px shows the name as before."""
    visit, page, _ = open_in_tab(browser, server + path, width=width, height=800)
    try:
        got = page.evaluate(SITE_NAME)
        full = "Attention pooling tutorial" if path.startswith("en/") else "注意力汇聚教程"
        assert got["text"] == full, got
        assert got["shown"] <= got["box"], got  # nothing cut off
        short = path.startswith("en/") and width < 480
        assert got["before"] == ('"Attention pooling" / ""' if short else "none"), got
    finally:
        visit.close()


# Every package-source fold of the page, opened: whether the copy button still copies the
# code's text as it was, its box's widths, and for each line laid out on more than one line,
# whether its first character is on its first line and how far right of that character its
# continuation starts, in characters of the code's font.
SOURCE_FOLDS = """async () => {
    const folds = [];
    for (const fold of document.querySelectorAll(
            'details.source-code, details.mkdocstrings-source')) {
        const code = fold.querySelector('pre > code');
        const before = code.textContent;
        fold.open = true;
        // measured before the toggle event, a task of its own, has run: the code as written
        const scrolls = (box) => box.scrollWidth > box.clientWidth + 1;
        const wide = scrolls(code) || scrolls(code.parentElement);
        // the toggle event is a task of its own: the next frame, then a task after it
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
        const pre = code.parentElement;
        const probe = document.createRange();
        const first = code.querySelector('.attn-line');
        let ch = 0;
        if (first) {
            const node = document.createTreeWalker(first, NodeFilter.SHOW_TEXT).nextNode();
            probe.setStart(node, 0); probe.setEnd(node, 1);
            ch = probe.getBoundingClientRect().width;
        }
        const hangs = [];
        for (const line of code.querySelectorAll('.attn-line')) {
            const range = document.createRange();
            range.selectNodeContents(line);
            const rects = [...range.getClientRects()].filter(r => r.width > 0);
            const tops = [...new Set(rects.map(r => Math.round(r.top)))];
            if (tops.length < 2) continue;
            const text = line.textContent;
            const lead = text.length - text.trimStart().length;
            const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
            let start = null, seen = 0;
            for (let n = walker.nextNode(); n && !start; n = walker.nextNode()) {
                if (seen + n.data.length > lead) {
                    probe.setStart(n, lead - seen); probe.setEnd(n, lead - seen + 1);
                    start = probe.getBoundingClientRect();
                }
                seen += n.data.length;
            }
            const later = rects.filter(r => Math.round(r.top) > tops[0] + 2);
            const left = Math.min(...later.map(r => r.left));
            hangs.push([(left - start.left) / ch, Math.round(start.top) === tops[0]]);
        }
        const lines = before.replace(/\\n$/, '').split('\\n').length;
        folds.push({wide, same: (pre.dataset.copy ?? code.textContent) === before, lines,
                    blocks: code.querySelectorAll('.attn-line').length,
                    scrolls: scrolls(code) || scrolls(pre), hangs});
    }
    return folds;
}"""


@pytest.mark.parametrize(
    ("path", "width"),
    [
        ("leave-one-out/", 375),
        ("en/transformer/", 375),
        ("api/pooling/", 375),
        ("en/scale/", 1280),
    ],
)
def test_an_opened_package_source_wraps_its_lines_instead_of_scrolling(
    browser, server, path, width
):
    """Round 50: three readers at 375 px found the package's source in its folds scrolling
    sideways (lines of up to 100 columns in a 297 px box). Opened, a fold lays each line out
    as a block that wraps inside the box (copy-code.js, extra.css): nothing scrolls, a wrapped
    line starts on its first line (not after a blank one: a long first word once broke after
    the indent) and continues 6 characters right of where it starts (4 read as a nested
    statement, round 52), and the copy button copies the code as it was. A fold whose code
    fits its box is left as it is. An API page's "Source code in …" folds (mkdocstrings) the
    same (round 53)."""
    visit, page, _ = open_in_tab(browser, server + path, width=width, height=800)
    try:
        folds = page.evaluate(SOURCE_FOLDS)
    finally:
        visit.close()
    assert folds, f"{path}: no package-source fold"
    for fold in folds:
        assert fold["same"] and fold["blocks"] == (fold["lines"] if fold["wide"] else 0), fold
        assert not fold["scrolls"], fold
        assert all(abs(hang - 6) < 0.2 and first for hang, first in fold["hangs"]), fold
    if width == 375:  # the package's lines are wider than a phone's box: some wrap
        assert all(fold["wide"] for fold in folds), folds
        assert sum(len(fold["hangs"]) for fold in folds) > 10, folds
