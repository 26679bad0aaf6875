"""The reading surface of every page of both languages (issue 10), one visit per page and width.

Desktop (1280 px, light palette): no code line hidden past the end of its box, the
copy button over no code, no In/Out prompt, outputs never wrapped inside a word, every
figure with a real alt text in the page's language, and no serious or critical
axe-core violation (axe-core is the pinned npm package, injected from
``node_modules``: no network). Phone (375 px): no figure text under ``MIN_TEXT_PX``
CSS px, every formula and table that is wider than its box scrolls inside it with a
cue, and the page does not shift its layout while it loads (CLS under 0.02). Dark
palette: the figure-heavy pages, at both widths, figures follow the palette. Each visit
collects every problem of its page and reports them together.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.conftest import BROKEN_IMAGES, ROOT, source_pages

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
MIN_TEXT_PX = 9
# The pages with the most figures: shot and checked in the dark palette too.
FIGURE_PAGES = ["cues/", "nonparametric/", "en/nonparametric/", "en/cues/", "handbook/repeat/"]
# Violations that sit in Material's own markup and that no stylesheet of ours can change,
# by rule id and CSS selector of the node, with the reason. Empty: none are left.
MATERIAL_EXCEPTIONS: dict[tuple[str, str], str] = {}


def page_paths() -> list[str]:
    return [p[: -len("index")] if p.endswith("index") else f"{p}/" for p in source_pages()]


PAGES = page_paths()


def slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home"


# Everything checked on a desktop visit, in one pass over the article.
DESKTOP_JS = """() => {
  const art = document.querySelector('article');
  const out = {cut_code: [], wrapped_outputs: [], bad_alt: [], prompts: 0, copy_over_code: []};
  const text = e => e.textContent.trim().slice(0, 60);
  const isOutput = e => e.closest('.jp-OutputArea-output') !== null;
  for (const pre of art.querySelectorAll('pre')) {
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
  const out = {small_figure_text: [], clipped_wide_blocks: []};
  for (const img of art.querySelectorAll('img')) {
    // not rendered: e.g. the explorer's no-JavaScript figure once the explorer runs
    if (img.getClientRects().length === 0) continue;
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

# The layout shift of the visit so far, every figure loaded (``_open``): the sum of the
# layout-shift entries, what Lighthouse reports as CLS. Figures carry their width and
# height (issue 11), so loading them moves nothing.
LAYOUT_SHIFT = """async () => {
    let total = 0;
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
    }).observe({type: 'layout-shift', buffered: true});
    await new Promise(r => setTimeout(r, 100));
    return total;
}"""
MAX_LAYOUT_SHIFT = 0.02

DARK_JS = """() => {
  const slate = document.body.getAttribute('data-md-color-scheme') === 'slate';
  const white = [];
  for (const img of document.querySelectorAll('article img')) {
    const s = getComputedStyle(img);
    if (s.filter === 'none') white.push(img.getAttribute('src'));
  }
  return {slate, white_figures: white};
}"""

AXE_JS = """async () => {
  const r = await axe.run(document, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']},
    resultTypes: ['violations'],
  });
  const out = [];
  for (const v of r.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const n of v.nodes) out.push([v.id, n.target.join(' ')]);
  }
  return out;
}"""


def _open(browser, url: str, width: int, *, dark: bool = False):
    context = browser.new_context(
        viewport={"width": width, "height": 900 if width > 600 else 800},
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    page.evaluate(BROKEN_IMAGES)  # loads the lazy figures
    return context, page


def _shoot(page, screenshots: Path, path: str, width: int, palette: str) -> None:
    name = f"reading.{slug(path)}.{width}.{palette}.png"
    page.screenshot(path=str(screenshots / name), full_page=True)


def _problems(found: dict) -> dict:
    return {k: v for k, v in found.items() if v not in ([], 0, None, True)}


@pytest.mark.parametrize("path", PAGES)
def test_desktop_reading(browser, server, path, screenshots):
    context, page = _open(browser, server + path, 1280)
    try:
        found = page.evaluate(DESKTOP_JS)
        assert AXE.is_file(), f"axe-core missing: run `npm ci` ({AXE})"
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate(AXE_JS)
        found["axe"] = [
            f"{rule} at {target}"
            for rule, target in violations
            if (rule, target) not in MATERIAL_EXCEPTIONS
        ]
        if path in FIGURE_PAGES:
            _shoot(page, screenshots, path, 1280, "light")
    finally:
        context.close()
    problems = _problems(found)
    report = f"{path}:\n{json.dumps(problems, ensure_ascii=False, indent=1)}"
    assert problems == {}, report


@pytest.mark.parametrize("path", PAGES)
def test_phone_reading(browser, server, path, screenshots):
    context, page = _open(browser, server + path, 375)
    try:
        found = page.evaluate(PHONE_JS, MIN_TEXT_PX)
        shift = page.evaluate(LAYOUT_SHIFT)
        if shift >= MAX_LAYOUT_SHIFT:
            found["layout_shift"] = round(shift, 3)
        if path in FIGURE_PAGES:
            _shoot(page, screenshots, path, 375, "light")
    finally:
        context.close()
    problems = _problems(found)
    assert problems == {}, f"{path}:\n{json.dumps(problems, ensure_ascii=False, indent=1)}"


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("path", FIGURE_PAGES)
def test_dark_palette_figures(browser, server, path, width, screenshots):
    context, page = _open(browser, server + path, width, dark=True)
    try:
        found = page.evaluate(DARK_JS)
        _shoot(page, screenshots, path, width, "dark")
    finally:
        context.close()
    assert found["slate"], f"{path}: the dark palette did not apply"
    assert page_figures_follow_palette(found), f"{path}: white figures {found['white_figures']}"


def page_figures_follow_palette(found: dict) -> bool:
    return found["white_figures"] == []
