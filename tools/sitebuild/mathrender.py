r"""Render a page's formulas to HTML at build time, so that no KaTeX JavaScript ships.

Formulas come in two forms:

* Markdown pages: ``pymdownx.arithmatex`` (generic mode) wraps each formula in
  ``<span class="arithmatex">\(...\)</span>`` or ``<div class="arithmatex">\[...\]</div>``.
* Notebook pages: nbconvert leaves ``$...$`` and ``$$...$$`` (HTML-escaped) in
  the text of the Markdown cells (``jp-MarkdownCell``); code, outputs and raw
  elements (``pre``, ``code``, ``script``, ``style``) are never touched.

``find_math`` and ``replace_math`` are pure; ``KatexRenderer`` runs one node
process with the katex npm package (``package.json``) for a whole build, and
``render_math(html, renderer)`` puts them together.

>>> html = '<p>Let <span class="arithmatex">\\(a &lt; b\\)</span> hold</p>'
>>> [(m.tex, m.display) for m in find_math(html)]
[('a < b', False)]
>>> replace_math(html, find_math(html), ["<i>a</i>"])
'<p>Let <span class="arithmatex"><i>a</i></span> hold</p>'
"""

from __future__ import annotations

import html as htmllib
import itertools
import json
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = Path(__file__).with_name("katex_server.cjs")


@dataclass(frozen=True)
class Formula:
    """One formula of a page: its TeX source, display or inline, and where it sits."""

    tex: str
    display: bool
    start: int
    end: int
    tag: str = ""  # the arithmatex element (span or div) kept around the rendered formula


_ARITHMATEX = re.compile(
    r'<(span|div) class="arithmatex">\s*(\\\(|\\\[)(.*?)(\\\)|\\\])\s*</\1>', re.S
)
_TOKEN = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.S)
_RAW = {"pre", "code", "script", "style", "textarea", "svg", "math"}
_CLASS = re.compile(r'\sclass="([^"]*)"')
_DOLLARS = re.compile(
    r"(?<!\\)\$\$(?P<block>.+?)(?<!\\)\$\$"
    r"|(?<![$\\])\$(?P<inline>[^$]+?)(?<![$\\])\$"
    r"|(?P<env>\\begin\{(?P<name>[a-z]*\*?)\}.*?\\end\{(?P=name)\})",
    re.S,
)


def _markdown_cell_text(content: str):
    """Yield (start, end) of the text runs inside notebook Markdown cells, outside raw elements."""
    cell_depth = None  # the <div> depth at which the current Markdown cell opened
    depth = 0
    raw_until = None  # the raw element we are inside, until its closing tag
    last = 0
    for token in _TOKEN.finditer(content):
        closing, name, attrs = token.group(1), (token.group(2) or "").lower(), token.group(3)
        if raw_until is None and cell_depth is not None and token.start() > last:
            yield last, token.start()
        last = token.end()
        if token.group(0).startswith("<!--") or not name:
            continue
        if raw_until is not None:
            if closing and name == raw_until:
                raw_until = None
            continue
        if not closing and name in _RAW and not (attrs or "").rstrip().endswith("/"):
            raw_until = name
            continue
        if name != "div":
            continue
        if closing:
            depth -= 1
            if cell_depth is not None and depth < cell_depth:
                cell_depth = None
        else:
            depth += 1
            classes = _CLASS.search(attrs or "")
            if cell_depth is None and classes and "jp-MarkdownCell" in classes.group(1).split():
                cell_depth = depth


def find_math(content: str) -> list[Formula]:
    """Every formula of a page's HTML, in order: arithmatex elements and notebook ``$`` math.

    >>> [
    ...     f.tex
    ...     for f in find_math(
    ...         '<div class="jp-MarkdownCell"><p>$x$ and $$y$$</p></div>'
    ...     )
    ... ]
    ['x', 'y']
    >>> find_math('<div class="jp-MarkdownCell"><pre>$x$</pre></div><p>$z$</p>')
    []
    """
    found = [
        Formula(
            htmllib.unescape(m.group(3)).strip(),
            m.group(2) == "\\[",
            m.start(),
            m.end(),
            m.group(1),
        )
        for m in _ARITHMATEX.finditer(content)
    ]
    for start, end in _markdown_cell_text(content):
        for m in _DOLLARS.finditer(content, start, end):
            if m.group("block") is not None:
                tex, display = m.group("block"), True
            elif m.group("inline") is not None:
                tex, display = m.group("inline"), False
            else:
                tex, display = m.group("env"), True
            found.append(Formula(htmllib.unescape(tex).strip(), display, m.start(), m.end()))
    found.sort(key=lambda f: f.start)
    for before, after in itertools.pairwise(found):
        if after.start < before.end:
            raise ValueError(f"overlapping formulas {before.tex!r} and {after.tex!r}")
    return found


# Punctuation that may not start a line (after a formula) or end one (before it).
# Browsers may break a line right after or before a rendered inline formula (a row
# of inline blocks), even with a WORD JOINER there: a Chinese line would start with
# "，" or end with "（". A short inline formula and the punctuation next to it are
# kept on one line (``.attn-nobr``, ``white-space: nowrap`` in extra.css); a longer
# formula keeps the breaks KaTeX gives it, between its terms.
NO_LINE_START = frozenset("，。、；：！？）》」』】〉”’…,.;:!?)]}")
NO_LINE_END = frozenset("（《「『【〈“‘([{")
GLUE_MAX_TEX = 40  # characters of TeX; the page tests catch a glued run that overflows


def replace_math(content: str, formulas: list[Formula], rendered: list[str]) -> str:
    """Replace each formula (from ``find_math(content)``) by its rendered HTML.

    A short inline formula is kept on one line with the punctuation right after it
    that may not start a line, and with the punctuation right before it that may not
    end one (``NO_LINE_START``, ``NO_LINE_END``).

    >>> page = '<div class="jp-MarkdownCell">（$w$），$b$ 和 $c$。</div>'
    >>> replace_math(page, find_math(page), ["W", "B", "C"])[29:]
    '<span class="attn-nobr">（W）</span>，B 和 <span class="attn-nobr">C。</span></div>'
    """
    if len(formulas) != len(rendered):
        raise ValueError(f"{len(formulas)} formulas but {len(rendered)} rendered")
    parts, last = [], 0
    for formula, out in zip(formulas, rendered, strict=True):
        start, end = formula.start, formula.end
        if formula.tag:
            out = f'<{formula.tag} class="arithmatex">{out}</{formula.tag}>'
        if not formula.display and len(formula.tex) <= GLUE_MAX_TEX:
            if start > last and content[start - 1] in NO_LINE_END:
                start -= 1
                out = content[start] + out
            if end < len(content) and content[end] in NO_LINE_START:
                out += content[end]
                end += 1
            if (start, end) != (formula.start, formula.end):
                out = f'<span class="attn-nobr">{out}</span>'
        parts.append(content[last:start])
        parts.append(out)
        last = end
    parts.append(content[last:])
    return "".join(parts)


# The HTML of every formula rendered in this process, by (tex, display). KaTeX's version
# is fixed for the life of a process (package-lock.json, read when node starts).
_RENDERED: dict[tuple[str, bool], str] = {}


class KatexRenderer:
    """One node process rendering TeX with the katex npm package; reused for a whole build."""

    def __init__(self, root: Path = ROOT) -> None:
        """Start node with ``katex_server.cjs`` in ``root``, where ``npm ci`` installed katex."""
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is needed to render formulas: install Node.js 20")
        if not (root / "node_modules" / "katex").is_dir():
            raise RuntimeError(f"katex is not installed: run `npm ci` in {root}")
        self._proc = subprocess.Popen(
            [node, str(SERVER)],
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self._lock = threading.Lock()

    def render(self, items: list[tuple[str, bool]]) -> list[str]:
        """HTML of each (tex, display) pair; ValueError naming a formula KaTeX rejects.

        Each formula is rendered once per process (``_RENDERED``): the same formula
        on another page, or on the same page rebuilt by ``mkdocs serve``, is not sent again.
        """
        todo = list(dict.fromkeys(item for item in map(tuple, items) if item not in _RENDERED))
        if todo:
            with self._lock:
                self._proc.stdin.write(json.dumps(todo, ensure_ascii=False) + "\n")
                self._proc.stdin.flush()
                reply = json.loads(self._proc.stdout.readline() or '{"error": "node exited"}')
            if isinstance(reply, dict):
                raise ValueError(f"KaTeX: {reply['error']}")
            _RENDERED.update(zip(todo, reply, strict=True))
        return [_RENDERED[tuple(item)] for item in items]

    def close(self) -> None:
        """End the node process."""
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait(timeout=10)
        self._proc.stdout.close()


def render_math(content: str, renderer: KatexRenderer) -> str:
    """The page's HTML with every formula rendered to KaTeX HTML (and MathML for screen readers)."""
    formulas = find_math(content)
    rendered = renderer.render([(f.tex, f.display) for f in formulas])
    return replace_math(content, formulas, rendered)
