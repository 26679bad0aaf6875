r"""Render a page's formulas to HTML at build time, so that no KaTeX JavaScript ships.

Formulas come in two forms:

* Markdown pages: ``pymdownx.arithmatex`` (generic mode) wraps each formula in
  ``<span class="arithmatex">\(...\)</span>`` or ``<div class="arithmatex">\[...\]</div>``.
* Notebook pages: nbconvert leaves ``$...$`` and ``$$...$$`` (HTML-escaped) in
  the text of the Markdown cells (``jp-MarkdownCell``); code, outputs and raw
  elements (``pre``, ``code``, ``script``, ``style``) are never touched.

On a page's tree, ``find_formulas`` finds them and ``replace_formulas`` puts their
HTML in their place (as :class:`~tools.sitebuild.html_tree.RawHTML`: KaTeX's HTML is
written into the page as KaTeX wrote it, not parsed); ``KatexRenderer`` runs one
node process with the katex npm package (``package.json``) for a whole build, and
``render_step(renderer)`` is the step that puts them together: all formulas of a
page go to KaTeX in one call. ``find_math``, ``replace_math`` and ``render_math``
do the same to HTML.

>>> html = '<p>Let <span class="arithmatex">\\(a &lt; b\\)</span> hold</p>'
>>> [(m.tex, m.display) for m in find_math(html)]
[('a < b', False)]
>>> replace_math(html, find_math(html), ["<i>a</i>"])
'<p>Let <span class="arithmatex"><i>a</i></span> hold</p>'
"""

from __future__ import annotations

import html as htmllib
import json
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from bs4 import BeautifulSoup, NavigableString, PageElement

from tools.sitebuild import html_tree
from tools.sitebuild.html_tree import RawHTML, has_class
from tools.sitebuild.stepcache import StepCache

ROOT = Path(__file__).resolve().parents[2]
SERVER = Path(__file__).with_name("katex_server.cjs")


@dataclass(frozen=True, eq=False)
class Formula:
    """One formula of a page: its TeX source, display or inline, and where it sits.

    ``node`` is the arithmatex element (``tag`` names it: span or div), kept around the
    rendered formula; or the text of a notebook's Markdown cell that holds the formula
    from ``start`` to ``end``.
    """

    tex: str
    display: bool
    node: PageElement
    start: int = 0
    end: int = 0
    tag: str = ""


_ARITHMATEX = re.compile(r"\s*(\\\(|\\\[)(.*?)(\\\)|\\\])\s*", re.S)
# elements whose text is no Markdown: code, outputs and raw elements
_RAW = frozenset({"pre", "code", "script", "style", "textarea", "svg", "math"})
_DOLLARS = re.compile(
    r"(?<!\\)\$\$(?P<block>.+?)(?<!\\)\$\$"
    r"|(?<![$\\])\$(?P<inline>[^$]+?)(?<![$\\])\$"
    r"|(?P<env>\\begin\{(?P<name>[a-z]*\*?)\}.*?\\end\{(?P=name)\})",
    re.S,
)


def _arithmatex(tree: BeautifulSoup) -> list[Formula]:
    r"""The formulas pymdownx.arithmatex wrapped: ``<span class="arithmatex">\(...\)</span>``."""
    found = []
    for element in html_tree.tags(tree, ["span", "div"]):
        if element.attrs != {"class": "arithmatex"}:
            continue
        if not all(html_tree.is_text(child) for child in element.contents):
            continue
        m = _ARITHMATEX.fullmatch("".join(element.contents))
        if m:
            tex = htmllib.unescape(m.group(2)).strip()
            found.append(Formula(tex, m.group(1) == "\\[", element, tag=element.name))
    return found


def _markdown_cell_texts(tree: BeautifulSoup):
    """Yield the texts inside notebook Markdown cells, outside raw elements."""
    cells = [div for div in html_tree.tags(tree, ["div"]) if has_class(div, "jp-MarkdownCell")]
    for cell in cells:
        if any(parent in cells for parent in cell.parents):
            continue  # a cell in a cell: its texts are the outer cell's
        for node in html_tree.nodes(cell, _RAW):
            if html_tree.is_text(node):
                yield node


def find_formulas(tree: BeautifulSoup) -> list[Formula]:
    """Every formula of a page's tree: arithmatex elements and notebook ``$`` math."""
    found = _arithmatex(tree)
    elements = {id(f.node): f for f in found}
    dollars = []
    for text in _markdown_cell_texts(tree):
        for m in _DOLLARS.finditer(text):
            if m.group("block") is not None:
                tex, display = m.group("block"), True
            elif m.group("inline") is not None:
                tex, display = m.group("inline"), False
            else:
                tex, display = m.group("env"), True
            formula = Formula(htmllib.unescape(tex).strip(), display, text, m.start(), m.end())
            for parent in text.parents:
                if id(parent) in elements:
                    before = elements[id(parent)].tex
                    raise ValueError(f"overlapping formulas {before!r} and {formula.tex!r}")
            dollars.append(formula)
    if found and dollars:  # both kinds: in the page's order
        order = {id(node): i for i, node in enumerate(tree.descendants)}
        return sorted(found + dollars, key=lambda f: (order[id(f.node)], f.start))
    return found + dollars


def find_math(content: str) -> list[Formula]:
    """Every formula of a page's HTML, in order (:func:`find_formulas` on its tree).

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
    return find_formulas(html_tree.parse(content))


# Punctuation that may not start a line (after a formula) or end one (before it).
# Browsers may break a line right after or before a rendered inline formula (a row
# of inline blocks), even with a WORD JOINER there: a Chinese line would start with
# "，" or end with "（". A short inline formula and the punctuation next to it are
# kept on one line (``.attn-nobr``, ``white-space: nowrap`` in extra.css); a longer
# formula keeps the breaks KaTeX gives it, between its terms.
NO_LINE_START = frozenset("，。、；：！？）》」』】〉”’…,.;:!?)]}")
NO_LINE_END = frozenset("（《「『【〈“‘([{")
GLUE_MAX_TEX = 40  # characters of TeX; the page tests catch a glued run that overflows


def _glued(formula: Formula, before: str, after: str) -> tuple[str, str]:
    """The punctuation kept on one line with the formula.

    The last character of ``before`` and the first of ``after``, if they may not be
    apart from it.
    """
    if formula.display or len(formula.tex) > GLUE_MAX_TEX:
        return "", ""
    return (
        before[-1:] if before[-1:] in NO_LINE_END else "",
        after[:1] if after[:1] in NO_LINE_START else "",
    )


def _nobr(tree: BeautifulSoup, before: str, middle: PageElement, after: str) -> PageElement:
    """``middle`` with the punctuation glued to it in an ``attn-nobr`` span (or alone)."""
    if not before and not after:
        return middle
    span = tree.new_tag("span", attrs={"class": "attn-nobr"})
    parts = (before, middle, after)
    span.extend([NavigableString(t) if isinstance(t, str) else t for t in parts if t])
    return span


def _replace_in_text(tree: BeautifulSoup, text: NavigableString, items) -> None:
    """Put the rendered ``items`` ((formula, HTML) in order) in place of their TeX in ``text``."""
    pieces: list[PageElement] = []
    last = 0
    for formula, out in items:
        start, end = formula.start, formula.end
        before, after = _glued(formula, text[last:start], text[end:])
        start, end = start - len(before), end + len(after)
        if start > last:
            pieces.append(NavigableString(text[last:start]))
        pieces.append(_nobr(tree, before, RawHTML(out), after))
        last = end
    if last < len(text):
        pieces.append(NavigableString(text[last:]))
    text.replace_with(*pieces)


def _neighbour_text(node: PageElement | None) -> str:
    return str(node) if node is not None and html_tree.is_text(node) else ""


def _take(text: PageElement, keep: slice) -> None:
    """Keep ``text[keep]`` of a text node (the rest went into a formula's ``attn-nobr``)."""
    rest = text[keep]
    if rest:
        text.replace_with(NavigableString(rest))
    else:
        text.extract()


def _replace_element(tree: BeautifulSoup, formula: Formula, out: str) -> None:
    """Put the rendered formula into its arithmatex element, with the punctuation glued to it."""
    element = formula.node
    element.clear()
    element.append(RawHTML(out))
    previous, following = element.previous_sibling, element.next_sibling
    before, after = _glued(formula, _neighbour_text(previous), _neighbour_text(following))
    if before:
        _take(previous, slice(None, -1))
    if after:
        _take(following, slice(1, None))
    if before or after:
        span = element.wrap(tree.new_tag("span", attrs={"class": "attn-nobr"}))
        if before:
            span.insert(0, NavigableString(before))
        if after:
            span.append(NavigableString(after))


def replace_formulas(tree: BeautifulSoup, formulas: list[Formula], rendered: list[str]) -> None:
    """Replace each formula (from ``find_formulas(tree)``) by its rendered HTML.

    A short inline formula is kept on one line with the punctuation right after it
    that may not start a line, and with the punctuation right before it that may not
    end one (``NO_LINE_START``, ``NO_LINE_END``).
    """
    if len(formulas) != len(rendered):
        raise ValueError(f"{len(formulas)} formulas but {len(rendered)} rendered")
    in_text: dict[int, list] = {}
    for formula, out in zip(formulas, rendered, strict=True):
        if formula.tag:
            _replace_element(tree, formula, out)
        else:
            in_text.setdefault(id(formula.node), []).append((formula, out))
    for items in in_text.values():
        _replace_in_text(tree, items[0][0].node, items)


def replace_math(content: str, formulas: list[Formula], rendered: list[str]) -> str:
    """``content`` with each formula (from ``find_math(content)``) replaced by its rendered HTML.

    >>> page = '<div class="jp-MarkdownCell">（$w$），$b$ 和 $c$。</div>'
    >>> replace_math(page, find_math(page), ["W", "B", "C"])[29:]
    '<span class="attn-nobr">（W）</span>，B 和 <span class="attn-nobr">C。</span></div>'
    """
    if len(formulas) != len(rendered):
        raise ValueError(f"{len(formulas)} formulas but {len(rendered)} rendered")
    if not formulas:
        return content
    tree = next(p for p in formulas[0].node.parents if p.parent is None)
    replace_formulas(tree, formulas, rendered)
    return html_tree.serialize(tree)


# The HTML of every formula rendered in this process, by (tex, display). KaTeX's version
# is fixed for the life of a process (package-lock.json, read when node starts).
_RENDERED: dict[tuple[str, bool], str] = {}


class KatexRenderer:
    """One node process rendering TeX with the katex npm package; reused for a whole build.

    With ``steps`` (the build's ``StepCache``), the HTML of a page's formulas is kept
    under their TeX and display flags (in the order the page has them): the cache's
    version holds KaTeX's (``package-lock.json``) and the options
    (``katex_server.cjs``), so a kept result is what KaTeX gives. The other builds of the
    same formulas (the English site, the offline site, ``mkdocs serve``) take it from there;
    node starts only when a formula is not kept.
    """

    def __init__(self, root: Path = ROOT, steps: StepCache | None = None) -> None:
        """Check node and katex in ``root`` (``npm ci`` installs it); node starts when needed."""
        self._node = shutil.which("node")
        if self._node is None:
            raise RuntimeError("node is needed to render formulas: install Node.js 20")
        if not (root / "node_modules" / "katex").is_dir():
            raise RuntimeError(f"katex is not installed: run `npm ci` in {root}")
        self._root = root
        self._steps = steps
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen:
        """The node process with ``katex_server.cjs``, started on the first formula to render."""
        if self._proc is None:
            self._proc = subprocess.Popen(
                [self._node, str(SERVER)],
                cwd=self._root,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
        return self._proc

    def render(self, items: list[tuple[str, bool]]) -> list[str]:
        """HTML of each (tex, display) pair; ValueError naming a formula KaTeX rejects.

        Each formula is rendered once per process (``_RENDERED``): the same formula
        on another page, or on the same page rebuilt by ``mkdocs serve``, is not sent again;
        a page's formulas kept by another build (``steps``) are not rendered at all.
        """
        items = [(str(tex), bool(display)) for tex, display in items]
        key = None
        if self._steps is not None and items:
            key = self._steps.key("katex", [json.dumps(items, ensure_ascii=False)])
            kept = self._steps.get(key)
            if isinstance(kept, list) and len(kept) == len(items):
                _RENDERED.update(zip(items, kept, strict=True))
                return list(kept)
        todo = list(dict.fromkeys(item for item in items if item not in _RENDERED))
        if todo:
            with self._lock:
                proc = self._start()
                proc.stdin.write(json.dumps(todo, ensure_ascii=False) + "\n")
                proc.stdin.flush()
                reply = json.loads(proc.stdout.readline() or '{"error": "node exited"}')
            if isinstance(reply, dict):
                raise ValueError(f"KaTeX: {reply['error']}")
            _RENDERED.update(zip(todo, reply, strict=True))
        rendered = [_RENDERED[item] for item in items]
        if key is not None:
            self._steps.put(key, rendered)
        return rendered

    def close(self) -> None:
        """End the node process (if it started)."""
        if self._proc is None:
            return
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait(timeout=10)
        self._proc.stdout.close()
        self._proc = None


def render_step(renderer: KatexRenderer):
    """The step that renders every formula of a page's tree, all in one call to ``renderer``."""

    def render_formulas(tree: BeautifulSoup) -> None:
        """Every formula rendered to KaTeX HTML (and MathML for screen readers)."""
        formulas = find_formulas(tree)
        if formulas:
            rendered = renderer.render([(f.tex, f.display) for f in formulas])
            replace_formulas(tree, formulas, rendered)

    return render_formulas


def render_math(content: str, renderer: KatexRenderer) -> str:
    """The page's HTML with every formula rendered to KaTeX HTML (and MathML for screen readers)."""
    return html_tree.apply(content, render_step(renderer))
