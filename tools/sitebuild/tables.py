"""Tables for readers: row headers where the top-left cell is empty; wrapped before the page loads.

A comparison table written ``| | a | b |`` heads its columns but leaves its
first column (the row labels) without a header; screen readers (and
Lighthouse's ``td-has-header``) then cannot name the cells. Each body row's
first cell becomes ``<th scope="row">``.

>>> row_headers(
...     "<table><thead><tr><th></th><th>a</th></tr></thead>"
...     "<tbody><tr><td>x</td><td>1</td></tr></tbody></table>"
... ).split("<tbody>")[1]
'<tr><th scope="row">x</th><td>1</td></tr></tbody></table>'

Material's JavaScript wraps every table in a scroll box once the page has
loaded; until then the table is squeezed into the column, so the wrap moved the
text below it (a layout shift of 0.055 on the English glossary at 375 px).
``wrap`` puts the same boxes in the HTML, and ``overrides/main.html`` keeps the
script from wrapping such a table a second time (which took it out of the page and
put it back: every cell restyled and laid out again, 50 ms of CPU on the glossary);
``extra.css`` would lay a second pair of boxes out as nothing.

>>> wrap("<p>x</p><table><tr><td>1</td></tr></table>").split("<table>")[0]
'<p>x</p><div class="md-typeset__scrollwrap"><div class="md-typeset__table">'

A table is laid out with the rows parsed so far: when the browser paints while the
parser is inside a table (a slow phone, a busy machine), the rows that come next
can widen its columns and move what was painted (a layout shift of 0.024 on the
English d2l map at 375 px, four loads in ten at 6x CPU slowdown).
``paint_after_early_tables`` holds the first paint until the tables near the top
of the article are parsed, with ``<link rel="expect" blocking="render">`` (a
browser that does not know it paints as before):

>>> page = "<head></head><article><h1>t</h1><table><tr><td>1</td></tr></table></article>"
>>> out = paint_after_early_tables(page)
>>> out.split("<article>")[0]
'<head><link rel="expect" href="#attn-early-tables" blocking="render"></head>'
>>> out.split("</table>")[1]
'<span id="attn-early-tables" hidden></span></article>'

A glossary's column of Chinese terms (its header cell is ``中文``) is marked on its table,
``data-zh-column`` (the column's number), so that ``extra.css`` breaks its terms only at a
space (``最大汇聚 / 最大池化`` broke as ``最大汇聚 / 最`` | ``大池化`` at 1280 px; review round
45):

>>> term_columns(
...     "<table><thead><tr><th>English</th><th>中文</th></tr></thead></table>"
... ).split("<thead>")[0]
'<table data-zh-column="2" data-en-column="1">'

Each is a step on a page's tree (``row_headers_tree``, ``term_columns_tree``, ``wrap_tree``,
``paint_after_early_tables_tree``); the functions of the same names without
``_tree`` do it to HTML.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

from tools.sitebuild import html_tree

# the tables Material's script wraps: those without a class attribute
_PLAIN_TABLE = re.compile(r"<table(?:\s(?![^>]*\bclass=)[^>]*)?>")
# Tables that start within this many characters of the article's start. Measured on
# the built pages: those begin at most 1,200 px down at 1280 x 900, most of them on
# the first screen, and the glossary's and the d2l map's on the first screen at
# 375 x 800 too. The next ones, the contributing pages' (11,400 and 16,500
# characters in), begin 3,800 px down or lower.
EARLY = 11_000
EARLY_MARK = "attn-early-tables"
_SPACE = re.compile(r"\s*")


def _first_tag(element: Tag) -> Tag | None:
    """``element``'s first child if it is a tag with only white space before it."""
    for child in element.contents:
        if isinstance(child, Tag):
            return child
        if not html_tree.is_text(child) or not _SPACE.fullmatch(child):
            return None
    return None


def _top_left_empty(table: Tag) -> bool:
    """Whether the table's head starts with a row whose first header cell holds only white space."""
    for head in html_tree.tags(table, ["thead"]):
        row = _first_tag(head) if not head.attrs else None
        if row is None or row.name != "tr" or row.attrs:
            continue
        cell = _first_tag(row)
        if cell is not None and cell.name == "th":
            if all(html_tree.is_text(c) for c in cell.contents):
                if _SPACE.fullmatch("".join(cell.contents)):
                    return True
    return False


def row_headers_tree(tree: BeautifulSoup) -> None:
    """The first cell of each body row a row header, in tables described above."""
    for table in html_tree.tags(tree, ["table"]):
        if not _top_left_empty(table):
            continue
        for body in html_tree.tags(table, ["tbody"]):
            if body.attrs:
                continue
            for row in html_tree.tags(body, ["tr"]):
                cell = _first_tag(row)
                if cell is not None and cell.name == "td":
                    cell.name = "th"
                    cell.attrs = {"scope": "row", **cell.attrs}


# a glossary's columns of terms, by their header: the attribute that numbers each
TERM_HEADERS = {"中文": "data-zh-column", "English": "data-en-column"}
# between two renderings of a term ("最大汇聚 / 最大池化")
SEPARATOR = " / "
# the classes of a rendering, of its name and of its "(…)" when it ends in one, and of a
# hyphenated word in it; the mark of a term written the
# same in both columns ("softmax"), which a phone's card shows once (extra.css)
TERM, PART, NO_BREAK, SAME_TERM = "attn-term", "attn-part", "attn-nobr", "data-same-term"
_HYPHENATED = re.compile(r"[^\s/()]+(?:-[^\s/()]+)+")


def term_columns_tree(tree: BeautifulSoup) -> None:
    """A glossary's table (a column headed ``中文``) numbers its term columns: ``data-*-column``.

    Each rendering of a term in those columns (``最大汇聚 / 最大池化`` has two) becomes a box
    that ``extra.css`` moves to the next line whole: "0-d tensor / scalar" | "tensor" and
    "k-" | "nearest neighbours" broke inside a rendering at 1280 px, and a phone's card began
    a line with the slash (review round 47). A term written alike in both columns
    (``softmax``) marks its later cell, which a phone's card leaves out.
    """
    for table in html_tree.tags(tree, ["table"]):
        for head in html_tree.tags(table, ["thead"])[:1]:
            row = next(iter(html_tree.tags(head, ["tr"])), None)
            cells = [c for c in row.contents if isinstance(c, Tag)] if row is not None else []
            found = {html_tree.text(c).strip(): n for n, c in enumerate(cells, 1)}
            if "中文" not in found:
                continue
            columns = []
            for header, attribute in TERM_HEADERS.items():
                if header in found:
                    table[attribute] = str(found[header])
                    columns.append(found[header])
            for body in html_tree.tags(table, ["tbody"]):
                for row in html_tree.tags(body, ["tr"]):
                    _terms_of_row(tree, row, columns)


def _terms_of_row(tree: BeautifulSoup, row: Tag, columns: list[int]) -> None:
    """Each rendering of a row's term cells kept whole (:func:`term_columns_tree`)."""
    cells = [c for c in row.contents if isinstance(c, Tag)]
    terms = [cells[n - 1] for n in columns if n <= len(cells)]
    for cell in terms:
        _renderings(tree, cell)
    if len(terms) == 2 and html_tree.text(terms[0]).strip() == html_tree.text(terms[1]).strip():
        cells[max(columns) - 1][SAME_TERM] = ""  # the later of the two


def _renderings(tree: BeautifulSoup, cell: Tag) -> None:
    """Wrap each ``" / "``-separated rendering of ``cell`` in a ``TERM`` span.

    The slash ends the rendering before it, after a no-break space: a box starts a line
    whole, so a line never starts with the slash. A hyphenated word inside a rendering is
    wrapped in a ``NO_BREAK`` span. Empty elements that start the
    cell (a ``<span id>`` a link lands on) stay outside.
    """
    children = list(cell.contents)
    start = 0
    while start < len(children) and isinstance(children[start], Tag):
        if children[start].contents:
            break
        start += 1
    pieces: list[list] = [[]]
    for child in children[start:]:
        child.extract()
        if not html_tree.is_text(child) or SEPARATOR not in child:
            pieces[-1].append(child)
            continue
        parts = str(child).split(SEPARATOR)
        for n, part in enumerate(parts):
            if n:
                pieces.append([])
            if part:
                pieces[-1].append(NavigableString(part))
    for n, piece in enumerate(pieces):
        if n:
            cell.append(NavigableString(" "))
        span = tree.new_tag("span", attrs={"class": TERM})
        parts = _name_and_aside(piece)
        if n < len(pieces) - 1:
            # the slash ends the last box: a line may start before a box, not inside one
            parts[-1].append(NavigableString("\u00a0/"))
        for part, nodes in enumerate(parts):
            box = span
            if len(parts) == 2:  # a name and its "(…)": a box each
                if part:
                    span.append(NavigableString(" "))
                box = tree.new_tag("span", attrs={"class": PART})
                span.append(box)
            for node in nodes:
                box.append(node)
                if html_tree.is_text(node):
                    _hyphenated_words(tree, box, node)
        cell.append(span)


def _name_and_aside(piece: list) -> list[list]:
    """``piece`` as one part, or as two: its name and the ``(…)`` that ends it.

    The name and the aside each keep to one line where they fit ("batch matrix
    multiplication" | "(torch.bmm)"), the rendering breaking between them.
    """
    last = piece[-1] if piece else None
    if last is None or not html_tree.is_text(last) or not str(last).rstrip().endswith(")"):
        return [piece]
    for n in range(len(piece) - 1, -1, -1):
        node = piece[n]
        if html_tree.is_text(node) and " (" in node:
            head, _, tail = str(node).rpartition(" (")
            if not head.strip() and n == 0:
                return [piece]
            name = [*piece[:n], *([NavigableString(head)] if head else [])]
            return [name, [NavigableString("(" + tail), *piece[n + 1 :]]]
    return [piece]


def _hyphenated_words(tree: BeautifulSoup, parent: Tag, node: NavigableString) -> None:
    """Wrap each hyphenated word of the text ``node`` (a child of ``parent``) in a span."""
    text = str(node)
    if not _HYPHENATED.search(text):
        return
    at = 0
    for match in _HYPHENATED.finditer(text):
        if match.start() > at:
            node.insert_before(NavigableString(text[at : match.start()]))
        word = tree.new_tag("span", attrs={"class": NO_BREAK})
        word.append(NavigableString(match.group()))
        node.insert_before(word)
        at = match.end()
    if at < len(text):
        node.insert_before(NavigableString(text[at:]))
    node.extract()


def wrap_tree(tree: BeautifulSoup) -> None:
    """Each table Material's script would wrap already in its scroll box."""
    for table in html_tree.tags(tree, ["table"]):
        if _PLAIN_TABLE.fullmatch(html_tree.open_tag(table)):
            inner = table.wrap(tree.new_tag("div", attrs={"class": "md-typeset__table"}))
            inner.wrap(tree.new_tag("div", attrs={"class": "md-typeset__scrollwrap"}))


def paint_after_early_tables_tree(tree: BeautifulSoup) -> None:
    """The page's first paint waits until the tables starting within ``EARLY`` are parsed."""
    article = next(iter(html_tree.tags(tree, ["article"])), None)
    last = None
    if article is not None:
        for at, node in html_tree.offsets_from(article):
            if at > EARLY:
                break
            if isinstance(node, Tag) and node.name == "table":
                last = node
    if last is None:
        return
    last.insert_after(tree.new_tag("span", attrs={"id": EARLY_MARK, "hidden": None}))
    if tree.head is not None:
        link = {"rel": "expect", "href": f"#{EARLY_MARK}", "blocking": "render"}
        tree.head.append(tree.new_tag("link", attrs=link))


def row_headers(content: str) -> str:
    """The HTML with row headers (:func:`row_headers_tree`)."""
    return html_tree.apply(content, row_headers_tree)


def term_columns(content: str) -> str:
    """``content`` with its Chinese term columns marked (:func:`term_columns_tree`)."""
    return html_tree.apply(content, term_columns_tree)


def wrap(content: str) -> str:
    """The HTML with its tables wrapped (:func:`wrap_tree`)."""
    return html_tree.apply(content, wrap_tree)


def paint_after_early_tables(page: str) -> str:
    """The page, painted after its early tables (:func:`paint_after_early_tables_tree`)."""
    return html_tree.apply(page, paint_after_early_tables_tree)
