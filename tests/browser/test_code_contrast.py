"""The colour contrast of highlighted code: every Pygments class the site uses, both palettes.

A code token's contrast depends only on its class's colour and its code block's
background, which are the same on every page of a palette. So it is checked here,
once per palette and kind of code block, instead of on each page's thousands of
token spans (the page scans leave code blocks out of axe-core's color-contrast rule,
``tests/browser/reading.py``; every other rule still sees them).

On one page, a copy of the first shown block of each kind (Python-Markdown's
``div.highlight`` and a notebook's input cell) is placed after it, its code replaced
by one token of every class the built site's code blocks hold and a line of plain
text; axe-core (as pinned and configured for the page scans) judges their contrast.
A planted faint token class shows the check reports what it is there to find.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.browser.reading import inject_axe

pytestmark = pytest.mark.browser

# A page with both kinds of code block shown (not only inside closed <details>).
PAGE = "handbook/bmm/"
PALETTES = {"light": "default", "dark": "slate"}
PLAIN = "plain_text"
# Tokens below axe-core's 4.5:1, by probe and class: none. When this test was written it
# found two in the dark palette's notebook cells (JupyterLab's Pygments colours on the
# slate code background #212121): comments #408080 (3.54:1) and operator words #aa22ff
# (3.36:1); docs/assets/stylesheets/extra.css now overrides them in both palettes.
KNOWN_LOW_CONTRAST: dict[str, list[tuple[str, str]]] = {
    "light": [],
    "dark": [],
}  # the text of a code block outside any token span
CODE_TOKEN = re.compile(r'<span class="([^"]+)">([^<]+)</span>')
WORD = re.compile(r"\w+")


def token_samples(site: Path) -> dict[str, str]:
    """Each class of the spans inside the built site's code blocks (``<pre>``), with a text
    it holds there: the first with a letter or digit if it ever holds one, else its first
    (axe-core judges no text of punctuation alone, such as an operator span's ``=``, on a
    page or here)."""
    samples: dict[str, str] = {}
    for page in sorted(site.rglob("*.html")):
        for block in re.findall(r"<pre[^>]*>(.*?)</pre>", page.read_text("utf-8"), re.S):
            for cls, text in CODE_TOKEN.findall(block):
                text = html.unescape(text)
                if cls not in samples or (WORD.search(text) and not WORD.search(samples[cls])):
                    samples[cls] = text
    return dict(sorted(samples.items()))


# Copies of the first shown block of each kind, each right after its original, holding one
# token of every class and a line of plain text. Returns the probes' ids.
PROBES_JS = """(samples) => {
  const kinds = {markdown: 'article div.highlight', notebook: 'article div.highlight-ipynb'};
  const ids = [];
  for (const [kind, selector] of Object.entries(kinds)) {
    const block = [...document.querySelectorAll(selector)].find(e => e.getClientRects().length);
    if (!block) throw new Error(`no ${kind} code block shown on the page`);
    // a notebook's code: its input cell, whose editor box gives the code its background
    const outer = kind === 'notebook' ? block.closest('.jp-Cell') : block;
    const probe = outer.cloneNode(true);
    probe.id = `probe-${kind}`;
    probe.querySelectorAll('[id]').forEach(e => e.removeAttribute('id'));
    probe.querySelectorAll('.jp-Cell-outputWrapper, .jp-OutputArea').forEach(e => e.remove());
    const pre = probe.querySelector('.highlight pre, .highlight-ipynb pre');
    const code = pre.querySelector('code') || pre;
    code.textContent = '';
    for (const [cls, text] of Object.entries(samples)) {
      const span = document.createElement('span');
      span.className = cls;
      span.textContent = text;
      code.append(span, '\\n');
    }
    code.append('%s\\n');
    outer.after(probe);
    ids.push(probe.id);
  }
  return ids;
}""".replace("%s", PLAIN)

# axe-core's color-contrast rule over the probes alone: every node it judged, by verdict,
# as [probe id, the token's class or PLAIN for the block's own text, contrast details].
CONTRAST_JS = """async (ids) => {
  const r = await axe.run({include: ids.map(id => ['#' + id])}, {
    runOnly: {type: 'rule', values: ['color-contrast']},
  });
  const out = {passes: [], incomplete: [], violations: []};
  for (const verdict of Object.keys(out))
    for (const v of r[verdict]) for (const n of v.nodes) {
      const e = document.querySelector(n.target.join(' '));
      const probe = e.closest('[id^="probe-"]').id;
      const token = e.matches('pre, code') ? '%s' : e.className;
      const d = (n.any[0] || {}).data || {};
      out[verdict].push([probe, token, `${d.fgColor} on ${d.bgColor}: ${d.contrastRatio}`]);
    }
  return out;
}""".replace("%s", PLAIN)


def code_contrast(browser, url: str, palette: str, samples: dict, css: str = "") -> dict:
    """What axe-core finds of the probes' contrast on ``url`` in ``palette``."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900},
        color_scheme="dark" if palette == "dark" else "light",
    )
    try:
        page = context.new_page()
        page.goto(url, wait_until="load")
        scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
        assert scheme == PALETTES[palette], f"{palette}: the page shows {scheme}"
        if css:
            page.add_style_tag(content=css)
        ids = page.evaluate(PROBES_JS, samples)
        inject_axe(page)
        return page.evaluate(CONTRAST_JS, ids)
    finally:
        context.close()


@pytest.mark.parametrize("palette", list(PALETTES))
def test_every_code_token_class_has_enough_contrast(browser, server, site, palette):
    samples = token_samples(site)
    assert {"k", "n", "o", "p", "s2", "mi", "c1", "nb"} <= set(samples), samples
    found = code_contrast(browser, server + PAGE, palette, samples)
    low = sorted((probe, token) for probe, token, _ in found["violations"])
    assert low == KNOWN_LOW_CONTRAST[palette], found["violations"]
    assert found["incomplete"] == [], found["incomplete"]  # each one judged, none left open
    # every token that holds a word was judged, in both kinds of block
    words = [cls for cls, text in samples.items() if WORD.search(text)] + [PLAIN]
    judged = {
        (probe, token) for verdict in ("passes", "violations") for probe, token, _ in found[verdict]
    }
    expected = {(f"probe-{kind}", token) for kind in ("markdown", "notebook") for token in words}
    assert judged == expected, sorted(expected ^ judged)


def test_a_faint_code_token_class_is_reported(browser, server):
    """The check can fail: a token class given a faint colour (#ccc on the light palette's
    code background) is reported in both kinds of code block, and only that class."""
    css = ".highlight .kc, .highlight-ipynb .kc { color: #ccc !important; }"
    found = code_contrast(browser, server + PAGE, "light", {"kc": "None", "k": "as"}, css)
    faint = sorted((probe, token) for probe, token, _ in found["violations"])
    assert faint == [("probe-markdown", "kc"), ("probe-notebook", "kc")], found["violations"]
