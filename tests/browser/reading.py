"""The reading surface of a page (issue 10): what a desktop and a phone visit check.

``tests/browser/test_pages.py`` runs these on its one visit per page and width;
``tests/browser/test_reading.py`` runs the dark palette on the figure-heavy pages.

Desktop (1280 px, light palette): no code line hidden past the end of its box, the
copy button over no code, no In/Out prompt, outputs never wrapped inside a word (an error's
output wraps inside its box instead, no line cut at its edge), inline
code never cut inside a name, no line that starts with "，" or ends with "（", every
figure with a real alt text in the page's language, and no serious or critical axe-core
violation (axe-core is the pinned npm package, injected from ``node_modules``: no
network). The colour contrast of highlighted code is the one exception: a code token's
contrast depends only on its Pygments class and the code block's background, the same on
every page, so ``tests/browser/test_code_contrast.py`` checks every class the site uses
once per palette, and the page scans leave code blocks out of that rule (thousands of
token spans, a third to half of the rule's nodes on a code-heavy page).

Both widths: no heading's permalink "¶" on a line of its own.

Phone (375 px): the same two line-break checks, no figure text under
``MIN_TEXT_PX`` CSS px, no figure cut by a box that clips it (a wide figure scrolls to
its right edge), every formula and table that is wider than its box scrolls
inside it with a cue, no display formula is wider than its box at all (it is split over
lines instead), no error output cut at its box's edge, no notebook box a tab stop unless it
scrolls (and then a region with a name), and the page does not shift its layout while it
loads (CLS under 0.02).
"""

from __future__ import annotations

import functools

from tests.browser.conftest import AXE_FILE as AXE

MIN_TEXT_PX = 9
MAX_LAYOUT_SHIFT = 0.02
# Violations that sit in Material's own markup and that no stylesheet of ours can change,
# by rule id and CSS selector of the node, with the reason. Empty: none are left.
MATERIAL_EXCEPTIONS: dict[tuple[str, str], str] = {}

# Everything checked on a desktop visit, in one pass over the article.
DESKTOP_JS = """() => {
  const art = document.querySelector('article');
  const out = {cut_code: [], wrapped_outputs: [], cut_error_outputs: [], bad_alt: [], prompts: 0,
               copy_over_code: []};
  const text = e => e.textContent.trim().slice(0, 60);
  const isOutput = e => e.closest('.jp-OutputArea-output') !== null;
  for (const pre of art.querySelectorAll('pre')) {
    const error = pre.closest('.attn-error-output');
    if (error) {  // an error message wraps inside its box: no line cut at its edge
      const cut = error.scrollWidth > error.clientWidth + 1;
      if (getComputedStyle(pre).whiteSpace !== 'pre-wrap' || cut)
        out.cut_error_outputs.push(text(pre));
      continue;
    }
    if (isOutput(pre)) {
      const lines = pre.textContent.replace(/\\n$/, '').split('\\n').length;
      const range = document.createRange();
      range.selectNodeContents(pre);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                                                       .map(r => Math.round(r.top)));
      if (getComputedStyle(pre).whiteSpace !== 'pre' || tops.size > lines)
        out.wrapped_outputs.push(text(pre));
      continue;
    }
    if (pre.scrollWidth > pre.clientWidth + 1) out.cut_code.push(text(pre));
    const box = pre.closest('.highlight, .jp-InputArea-editor') || pre.parentElement;
    const copy = '.zeroclipboard-container, button.md-clipboard';
    const button = box.querySelector(copy) || pre.parentElement.querySelector(copy);
    if (!button) continue;
    const b = button.getBoundingClientRect();
    if (b.width === 0) continue;
    const range = document.createRange();
    range.selectNodeContents(pre);
    for (const r of range.getClientRects()) {
      if (r.width > 0 && r.right > b.left + 1 && r.left < b.right - 1 &&
          r.bottom > b.top + 1 && r.top < b.bottom - 1) {
        out.copy_over_code.push(text(pre)); break;
      }
    }
  }
  for (const p of art.querySelectorAll('.jp-InputPrompt, .jp-OutputPrompt, .jp-OutputArea-prompt'))
    if (p.getBoundingClientRect().width > 0) out.prompts += 1;
  const zh = document.documentElement.lang.startsWith('zh');
  for (const img of art.querySelectorAll('img')) {
    const alt = (img.getAttribute('alt') || '').trim();
    const cjk = /[\\u4e00-\\u9fff]/.test(alt);
    if (alt.length < 40 || /No description has been provided/.test(alt) || cjk !== zh)
      out.bad_alt.push(img.getAttribute('src') + ': ' + alt.slice(0, 40));
  }
  return out;
}"""

# Everything checked on a phone visit.
PHONE_JS = """(minPx) => {
  const art = document.querySelector('article');
  const out = {small_figure_text: [], clipped_wide_blocks: [], figures_cut_by_their_box: [],
               cut_error_outputs: [], tab_stops_that_do_not_scroll: [],
               unnamed_scrolling_boxes: []};
  // The visible (client) box of an element, in viewport coordinates.
  const client = e => {
    const r = e.getBoundingClientRect();
    const left = r.left + e.clientLeft;
    return {left, right: left + e.clientWidth};
  };
  for (const img of art.querySelectorAll('img')) {
    // not rendered: e.g. the explorer's no-JavaScript figure once the explorer runs
    if (img.getClientRects().length === 0) continue;
    // Every ancestor that clips (overflow-x not visible) must show the whole figure; a
    // figure wider than its nearest clipping box may scroll in it, as far as its right
    // edge, and that box must then itself be shown whole.
    const ir = img.getBoundingClientRect();
    const clips = [];
    for (let a = img.parentElement; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== 'visible') clips.push(a);
    if (clips.length) {
      let shown = {left: ir.left, right: ir.right};
      const near = clips[0], c = client(near);
      if (ir.width > near.clientWidth + 0.5) {
        const reach = c.left - near.scrollLeft + near.scrollWidth;
        const scrolls = ['auto', 'scroll'].includes(getComputedStyle(near).overflowX);
        if (!scrolls || ir.right > reach + 0.5)
          out.figures_cut_by_their_box.push(
            `${img.getAttribute('src')}: cannot scroll to its right edge`);
        const r = near.getBoundingClientRect();
        shown = {left: r.left, right: r.right};
      }
      for (const a of (ir.width > near.clientWidth + 0.5 ? clips.slice(1) : clips)) {
        const box = client(a);
        const at = v => Math.round(v);
        if (shown.left < box.left - 0.5 || shown.right > box.right + 0.5)
          out.figures_cut_by_their_box.push(
            `${img.getAttribute('src')}: x ${at(shown.left)}-${at(shown.right)} in ` +
            `.${a.className.split(' ')[0]} clipping at ${at(box.left)}-${at(box.right)}`);
      }
    }
    const need = Number(img.dataset.minWidth || 'NaN');
    const shown = img.getBoundingClientRect().width;
    // data-min-width: the display width at which the smallest text is minPx high
    if (!(shown + 0.5 >= need)) out.small_figure_text.push(
      `${img.getAttribute('src')}: ${(minPx * shown / need).toFixed(1)}px`);
  }
  const scrolls = e => {
    const s = getComputedStyle(e);
    return (s.overflowX === 'auto' || s.overflowX === 'scroll') &&
           s.backgroundAttachment.includes('local');  // the scroll cue
  };
  for (const e of art.querySelectorAll('.attn-error-output'))
    if (e.scrollWidth > e.clientWidth + 1) out.cut_error_outputs.push(e.textContent.slice(0, 40));
  // A notebook box is a tab stop only if it scrolls here (where the most do), as a region
  // named in the page's language; a box that scrolls is one (axe-core's
  // scrollable-region-focusable, which the desktop visit runs).
  for (const e of art.querySelectorAll('.jp-Cell [tabindex], .jp-Cell-inputWrapper')) {
    const control = 'a, button, input, select, textarea, [role="button"]';
    if (e.tabIndex < 0 || e.matches(control)) continue;
    if (e.closest('.jp-RenderedHTMLCommon')) continue;  // an HTML output's own controls
    const what = `${e.className.split(' ')[0]}: ${e.textContent.trim().slice(0, 30)}`;
    if (!e.getClientRects().length || e.scrollWidth <= e.clientWidth + 1)
      out.tab_stops_that_do_not_scroll.push(what);
    else if (e.matches('.jp-OutputArea-output') &&
             (e.getAttribute('role') !== 'region' || !e.getAttribute('aria-label')))
      out.unnamed_scrolling_boxes.push(what);
  }
  const blocks = art.querySelectorAll('.katex-display, table');
  for (const e of blocks) {
    if (e.scrollWidth <= e.clientWidth + 1 &&
        e.getBoundingClientRect().right <= art.getBoundingClientRect().right + 1) continue;
    let ok = false;
    for (let a = e; a && a !== art; a = a.parentElement) if (scrolls(a)) { ok = true; break; }
    if (!ok) out.clipped_wide_blocks.push(e.tagName + ': ' + e.textContent.slice(0, 40));
  }
  return out;
}"""

# Display formulas wider than their box: on a phone none may need scrolling sideways (a
# long formula is split over aligned lines in the page's TeX). Each as its width, the
# box's and the start of its TeX (of its MathML's text where the build dropped the TeX:
# tools/sitebuild/katex_server.cjs).
# Widths are measured in the fonts the reader gets: before the KaTeX and text fonts have
# loaded, a formula laid out in a fallback font can be narrower or wider than it will be.
FONTS_LOADED_JS = "async () => { await document.fonts.ready; }"

WIDE_FORMULAS_JS = """() => [...document.querySelectorAll('article .katex-display')]
    .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.scrollWidth}px in ${e.clientWidth}px: ` +
              (e.querySelector('annotation') || e.querySelector('.katex-mathml') || e)
                .textContent.replace(/\\s+/g, ' ').trim().slice(0, 50))"""

# Inline code (not in a block) that a line break cuts inside a name: "torch.sor" | "t".
# For each code element laid out on several lines, the characters on either side of
# each line break: a letter or digit, then a letter, digit or underscore, is a cut name
# (after an underscore, a long name may break: "nadaraya_watson_" | "chunked"). The
# build marks where names may break (tools/sitebuild/codebreaks.py).
CUT_NAMES_JS = """() => {
  const cuts = [];
  const name = /[A-Za-z0-9_]/;
  const range = document.createRange();
  for (const code of document.querySelectorAll('article code')) {
    if (code.closest('pre')) continue;
    if ([...code.getClientRects()].filter(r => r.width > 0).length < 2) continue;
    let top = null, before = '', seen = '';
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const ch = node.data[i];
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].find(r => r.width > 0);
        if (box) {
          if (top !== null && Math.abs(box.top - top) > 2 && /[A-Za-z0-9]/.test(before) &&
              name.test(ch))
            cuts.push(seen.slice(-16) + ' | ' + node.data.slice(i, i + 16));
          top = box.top;
        }
        before = ch;
        seen += ch;
      }
    }
  }
  return cuts;
}"""

# Line breaking next to punctuation. Chinese: no line starts with a mark that closes or
# pauses ("，", "。", "）", ...) and none ends with an opening bracket or quote ("（",
# "“"). For each such mark in the article's text (formulas included, code blocks not),
# the visible character next to it on the other side; a mark on another line than that
# character, and at the start (or end) of its own line, is a break in the wrong place.
# English: the same for ",", ".", ")", "(" ... touching an inline formula (no space
# between) and not part of it: a browser may break after a formula's box, which the
# build prevents (``attn-nobr``, tools/sitebuild/mathrender.py). Elsewhere an ASCII mark
# never starts a line, and after a space it may ("see ... below"); so may inline code that
# starts with a mark, after a space (the error index's "… must have the same length").
BAD_LINE_BREAKS_JS = """() => {
  const closing = /[，。、；：！？）》」』】〉”’…]/, opening = /[（《「『【〈“‘]/;
  const asciiClosing = /[,.;:!?)\\]}]/, asciiOpening = /[(\\[{]/;
  const found = [];
  const range = document.createRange();
  const box = (node, i) => {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    return [...range.getClientRects()].find(r => r.width > 0);
  };
  const chars = [];  // visible characters, in order: [node, index, white space before]
  const walker = document.createTreeWalker(document.querySelector('article'),
                                           NodeFilter.SHOW_TEXT);
  let space = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('pre, .katex-mathml, script, style')) continue;
    for (let i = 0; i < node.data.length; i++) {
      if (/\\s|\u2060/.test(node.data[i])) { space = true; continue; }
      chars.push([node, i, space]);
      space = false;
    }
  }
  const context = k => chars.slice(Math.max(0, k - 8), k + 4)
                            .map(([n, i]) => n.data[i]).join('');
  const inFormula = ([node]) => node.parentElement.closest('.katex') !== null;
  for (let k = 0; k < chars.length; k++) {
    const [node, i, spaced] = chars[k];
    const ch = node.data[i];
    let closes = closing.test(ch), opens = opening.test(ch);
    if (!closes && !opens && !inFormula(chars[k])) {
      const before = chars[k - 1], after = chars[k + 1];
      closes = asciiClosing.test(ch) && !spaced && before !== undefined && inFormula(before);
      opens = asciiOpening.test(ch) && after !== undefined && !after[2] && inFormula(after);
    }
    if (!closes && !opens) continue;
    // inline code that starts with the mark, after a space ("… must have the same length"):
    // a literal, which may begin a line as a whole
    if (closes && spaced && node.parentElement.closest('code')) continue;
    const other = closes ? chars[k - 1] : chars[k + 1];
    if (!other) continue;
    const mine = box(node, i), theirs = box(other[0], other[1]);
    if (!mine || !theirs || Math.abs(mine.top - theirs.top) < mine.height / 2) continue;
    // on different lines: wrong if the mark begins its line (or, opening, ends it)
    if (closes ? mine.left < theirs.left : mine.left > theirs.left) found.push(context(k));
  }
  return found;
}"""

# A heading whose permalink "¶" (invisible until hovered) sits on a line of its own: an
# empty line under the heading (review r38e, extra.css). The "¶" must start on the line of
# the heading's last character.
LONE_PERMALINKS_JS = """() => {
  const found = [];
  const range = document.createRange();
  for (const a of document.querySelectorAll('article :is(h2, h3, h4, h5, h6) > a.headerlink')) {
    const h = a.parentElement;
    const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    let last = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      if (!a.contains(n) && !n.parentElement.closest('.katex-mathml') && n.data.trim())
        last = n;
    if (!last) continue;
    const i = last.data.trimEnd().length - 1;
    range.setStart(last, i);
    range.setEnd(last, i + 1);
    const text = [...range.getClientRects()].find(r => r.width > 0);
    const link = a.getBoundingClientRect();
    if (text && link.top >= text.bottom - 1) found.push(h.textContent.trim().slice(0, 60));
  }
  return found;
}"""

# A Chinese title in two parts at its "：" (``.attn-title-part``, tools/sitebuild/
# page_repairs.py: title_parts_tree) breaks between the parts, or inside a part at a space
# or after punctuation: never between two characters of a word ("非参数注意力汇" | "聚：",
# "核" | "回归", reader rounds 38 and 39). Each break inside a part, as the 8 characters
# before and after it, unless the part is one run wider than the line (no place to break).
TITLE_BREAKS_JS = """() => {
  const found = [];
  const range = document.createRange();
  const fine = /[\\s，。、；：！？）》」』】〉”’…,.;:!?)\\]-]/;
  for (const part of document.querySelectorAll('article :is(h1, h2) .attn-title-part')) {
    if (!/[\\s，。、；：！？,.;:!?-]/.test(part.textContent.trim())) continue;
    let top = null, before = '', seen = '';
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.katex-mathml')) continue;
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].find(r => r.width > 0);
        if (box) {
          if (top !== null && box.top - top > 2 && !fine.test(before))
            found.push(seen.slice(-8) + ' | ' + node.data.slice(i, i + 8));
          top = box.top;
        }
        before = node.data[i];  // a space at the end of a line has no box
        seen += node.data[i];
      }
    }
  }
  return found;
}"""

# The layout shift of the visit so far, the lazy figures loaded (by the phone visit's
# broken-image check, ``test_pages.py``): the sum of the layout-shift entries, what
# Lighthouse reports as CLS. Figures carry their width and height (issue 11), so loading
# them moves nothing. A buffered observer holds the entries so far as soon as it
# observes: ``takeRecords`` reads them without waiting for its callback (which never
# comes on a page that did not shift).
LAYOUT_SHIFT = """() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({type: 'layout-shift', buffered: true});
    const entries = observer.takeRecords();
    observer.disconnect();
    return entries.filter(e => !e.hadRecentInput).reduce((total, e) => total + e.value, 0);
}"""
DARK_JS = """() => {
  const slate = document.body.getAttribute('data-md-color-scheme') === 'slate';
  const white = [];
  for (const img of document.querySelectorAll('article img')) {
    const s = getComputedStyle(img);
    // a heatmap's SVG draws its own dark variant when its colour scheme is dark
    const own = s.colorScheme === 'dark' && img.getAttribute('src').endsWith('.svg');
    if (s.filter === 'none' && !own) white.push(img.getAttribute('src'));
  }
  return {slate, white_figures: white};
}"""

# Highlighted code blocks: Python-Markdown's (``div.highlight``) and the notebooks' inputs.
CODE_BLOCKS = ".highlight pre, .highlight-ipynb pre"

# ``preload: false``: axe-core does not fetch the page's stylesheets and media again before
# the run; only the rules that need them (css-orientation-lock, experimental and not run
# here, and no-autoplay-audio, on pages without audio) read them. On every page of the site
# both ways found the same violations and incompletes, and the scan took 15 % less time
# (47 s -> 40 s for the 128 pages).
# ``code``: a selector whose elements (and what they hold) the color-contrast rule skips;
# every other rule still sees them. The rule's own filter (axe-core's pinned version) is
# wrapped rather than the whole run given an ``exclude``, which would hide the blocks'
# copy buttons and scrolling from the other rules too.
AXE_JS = """async (code) => {
  const rule = axe._audit.rules.find(r => r.id === 'color-contrast');
  if (!rule) throw new Error('axe-core has no color-contrast rule');
  if (code) {
    const matches = rule.matches;
    rule.matches = function (node, ...rest) {
      return !node.closest(code) && matches.call(this, node, ...rest);
    };
  }
  const r = await axe.run(document, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']},
    resultTypes: ['violations'],
    preload: false,
  });
  const out = [];
  for (const v of r.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const n of v.nodes) out.push([v.id, n.target.join(' ')]);
  }
  return out;
}"""


def problems(found: dict) -> dict:
    """The checks of ``found`` that found something (empty lists, zeros and ``True`` pass)."""
    return {k: v for k, v in found.items() if v not in ([], 0, None, True)}


@functools.cache
def _axe_source() -> str:
    assert AXE.is_file(), f"axe-core missing: run `npm ci` ({AXE})"
    # evaluated as a script whose value is nothing (not the axe object, to be serialised)
    return AXE.read_text(encoding="utf-8") + "\n;void 0;\n//# sourceURL=axe.min.js"


# Loads a script as a ``<script>`` element of the page would, then takes the element out
# again (the document is as it was, ``window.axe`` defined). Fetched from the test server,
# axe-core's 650 kB do not travel through the Playwright driver as an ``evaluate``
# argument: 0.10 CPU-s a page against 0.13.
LOAD_SCRIPT_JS = """(url) => new Promise((resolve, reject) => {
  const script = document.createElement('script');
  script.src = url;
  script.onload = () => { script.remove(); resolve(); };
  script.onerror = () => { script.remove(); reject(new Error(`${url} did not load`)); };
  document.head.append(script);
})"""


def inject_axe(page) -> None:
    """Load the pinned axe-core into ``page``, in the page's own world (as a ``<script>`` of
    it would run: ``window.axe``). Evaluated there directly, it took 0.08 CPU-s a page
    against 0.11 through ``add_script_tag``, which adds an element and awaits its load."""
    page.evaluate(_axe_source())


# One round trip for each width's checks (each ``evaluate`` costs the test process, the
# Playwright driver and the browser about 1.5 ms of CPU: 9 a page saved). The checks are
# the functions above, called in turn in the page; what they find is returned together.
PHONE_ALL_JS = f"""async (minPx) => {{
  await ({FONTS_LOADED_JS})();
  const found = ({PHONE_JS})(minPx);
  found.formulas_wider_than_their_box = ({WIDE_FORMULAS_JS})();
  found.code_cut_inside_a_name = ({CUT_NAMES_JS})();
  found.punctuation_on_the_wrong_side_of_a_line_break = ({BAD_LINE_BREAKS_JS})();
  found.permalink_on_a_line_of_its_own = ({LONE_PERMALINKS_JS})();
  found.title_broken_inside_a_word = ({TITLE_BREAKS_JS})();
  found.layout_shift = ({LAYOUT_SHIFT})();
  return found;
}}"""

# The desktop checks, then axe-core (loaded into the page, ``inject_axe``, unless ``axe``
# is null: then ``window.axe`` is the one already there) over the page they read.
DESKTOP_ALL_JS = f"""async ({{code, axeUrl}}) => {{
  await ({FONTS_LOADED_JS})();
  const found = ({DESKTOP_JS})();
  found.code_cut_inside_a_name = ({CUT_NAMES_JS})();
  found.punctuation_on_the_wrong_side_of_a_line_break = ({BAD_LINE_BREAKS_JS})();
  found.permalink_on_a_line_of_its_own = ({LONE_PERMALINKS_JS})();
  found.title_broken_inside_a_word = ({TITLE_BREAKS_JS})();
  if (axeUrl) await ({LOAD_SCRIPT_JS})(axeUrl);
  found.axe = await ({AXE_JS})(code);
  return found;
}}"""


def desktop_problems(page, *, code_contrast: bool = False, axe_url: str | None = None) -> dict:
    """Everything wrong with the reading surface of ``page``, loaded at a desktop width.

    The contrast of highlighted code is left to ``test_code_contrast.py`` unless
    ``code_contrast``. axe-core comes from ``axe_url`` where the page's server serves it
    (``tests/browser/conftest.py``: ``AXE_PATH``), else it is evaluated in the page.
    """
    if axe_url is None:
        inject_axe(page)
    found = page.evaluate(
        DESKTOP_ALL_JS, {"code": None if code_contrast else CODE_BLOCKS, "axeUrl": axe_url}
    )
    found["axe"] = [
        f"{rule} at {target}"
        for rule, target in found["axe"]
        if (rule, target) not in MATERIAL_EXCEPTIONS
    ]
    return problems(found)


def phone_problems(page) -> dict:
    """Everything wrong with ``page`` at a phone width, its figures loaded."""
    found = page.evaluate(PHONE_ALL_JS, MIN_TEXT_PX)
    shift = found.pop("layout_shift")
    if shift >= MAX_LAYOUT_SHIFT:
        found["layout_shift"] = round(shift, 3)
    return problems(found)
