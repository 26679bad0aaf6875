r"""Where inline code may break across lines: between the parts of a name, never inside one.

Material lets inline code break anywhere (``word-break: break-word``): a narrow
table column or a phone's line cut ``torch.sort`` into ``torch.sor`` and ``t``,
``attention_tutorial`` into ``attention_tutori`` and ``al``. The site's stylesheet
(``extra.css``) lets inline code break only where the text allows it, and inside a
word only when one piece is wider than its whole line. This module adds the places
where code still reads well when broken: ``<wbr>`` before the dot of an attribute or
a method (``x_test`` | ``.reshape(...)``) and after the slash of a path
(``handbook/`` | ``expand``); a name of ``NAME_CHARS`` characters or more may also
break after an underscore (``nadaraya_watson_`` | ``broadcast``), so that it never
overflows a phone's line; not in a heading, where a title would break there at any
width (the phone's stylesheet sets code in titles smaller instead). The same holds for
the long names of API links (mkdocs-autorefs), which are plain text. Code shorter than
``MIN_CHARS`` stays whole: a table column widens for it instead. ``<wbr>`` adds no
character, so what a reader copies or searches for is unchanged. Short code with a space
(``NOBR_CHARS`` characters at most, such as a shape ``(n, n - 1)``) keeps its line too
(class ``attn-nobr``): broken at its space, a shape read as two pieces, ``(n, n`` and
``- 1)`` (review round 28).

:func:`mark_tree` is the step on a page's tree; :func:`mark` does it to HTML.

>>> mark("<p><code>x_test.repeat_interleave(n_train).reshape(-1, 5)</code></p>")
'<p><code>x_test<wbr>.repeat_interleave(n_train)<wbr>.reshape(-1, 5)</code></p>'
>>> mark("<td><code>docs/zh/nonparametric.py</code> <code>torch.sort</code></td>")
'<td><code>docs/<wbr>zh/<wbr>nonparametric.py</code> <code>torch.sort</code></td>'
>>> mark("<td><code>nadaraya_watson_broadcast(q, k, v)</code></td>")
'<td><code>nadaraya_<wbr>watson_<wbr>broadcast(q, k, v)</code></td>'
>>> mark(
...     "<td><code>values.clamp(min=0.0, max=5.0)</code></td>"
... )  # a decimal point: no break
'<td><code>values<wbr>.clamp(min=0.0, max=5.0)</code></td>'
>>> mark(
...     '<a class="autorefs autorefs-internal" href="#x">nadaraya_watson_broadcast</a>'
... )
'<a class="autorefs autorefs-internal" href="#x">nadaraya_<wbr>watson_<wbr>broadcast</a>'
>>> mark("<h1><code>attention_tutorial.local_linear_regression</code></h1>")
'<h1><code>attention_tutorial<wbr>.local_linear_regression</code></h1>'
>>> mark("<pre><code>x_test.repeat_interleave(n)</code></pre>")  # a block
'<pre><code>x_test.repeat_interleave(n)</code></pre>'
>>> mark(
...     '<p><code>"softmax_lastdim_kernel_impl" failed</code></p>'
... )  # a quoted name
'<p><code>"softmax_<wbr>lastdim_<wbr>kernel_<wbr>impl" failed</code></p>'
>>> mark("<td><code>(n, n - 1)</code></td>")  # short, with a space
'<td><code class="attn-nobr">(n, n - 1)</code></td>'

Outside a table and a heading, inline code keeps its line (``extra.css``: prose code
is ``white-space: nowrap`` unless it holds a ``<wbr>`` or is marked ``attn-wrap``): code
of up to ``KEEP_CHARS`` characters always fits on a phone's line of prose (about 8.2 px a
character; the narrowest line, in a list inside a note at 375 px, is about 290 px), so it
moves to the next line whole rather than break at a dot, an underscore or a space where
it happens to meet the line's end. Broken there it read as two pieces (``torch`` |
``.get_rng_state()``, ``plot_explorer_`` | ``panels(data, w)`` at 1280 px; review round
41). Such code gets no ``<wbr>`` and no class. Longer code gets its ``<wbr>`` as above, or
``attn-wrap`` where it has none. In a table a column would widen for whole code, and a
title would break at any width, so there the rules above hold.

>>> mark(
...     "<p>call <code>torch.get_rng_state()</code> or <code>(n, n - 1)</code></p>"
... )
'<p>call <code>torch.get_rng_state()</code> or <code>(n, n - 1)</code></p>'
>>> mark(
...     "<p><code>self.w = nn.Parameter(torch.rand(1))</code></p>"
... )  # not nn | .Parameter
'<p><code class="attn-wrap">self.w = nn.Parameter(torch.rand(1))</code></p>'
>>> mark("<td><code>values.unsqueeze(-1)</code></td>")
'<td><code>values<wbr>.unsqueeze(-1)</code></td>'
>>> print(mark("<p><code>python -m pip install attention_tutorial</code></p>"))
<p><code class="attn-wrap">python <span class="attn-nobr">-m</span> pip install
attention_tutorial</code></p>

A minus sign that starts a word (``"-inf"``, ``-x``) keeps to its word, and words joined
by a hyphen keep together: browsers break after a hyphen, and ``float("-inf")`` read as
``float("-`` | ``inf")``, ``Set-ExecutionPolicy`` as ``Set-`` | ``ExecutionPolicy``
(review rounds 39 and 40).

>>> mark('<td><code>float("-inf")</code></td>')
'<td><code>float("<span class="attn-nobr">-inf</span>")</code></td>'
>>> mark('<p><code>scores.masked_fill(eye, float("-inf"))</code></p>')
'<p><code>scores<wbr>.masked_fill(eye, float("<span class="attn-nobr">-inf</span>"))</code></p>'
>>> out = mark(
...     "<p><code>F.softmax(-((q - k) ** 2) / 2, dim=1)</code></p>"
... )  # review 46
>>> (
...     '<span class="attn-nobr">-((</span>' in out,
...     '<span class="attn-nobr">) ** 2</span>' in out,
... )
(True, True)
>>> mark("<p><code>x.view(-1)</code></p>")  # a number: nothing to do
'<p><code>x.view(-1)</code></p>'
>>> print(
...     mark("<td><code>Set-ExecutionPolicy -Scope</code></td>").replace(
...         "> <", ">\n<"
...     )
... )
<td><code><span class="attn-nobr">Set-ExecutionPolicy</span>
<span class="attn-nobr">-Scope</span></code></td>
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

from tools.sitebuild import html_tree

MIN_CHARS = 20
NOBR_CHARS = 24
KEEP_CHARS = 32
# A name breaks after its underscores from this length on (shorter ones fit any line); in
# code that breaks at dots, only a name longer than ``KEEP_CHARS`` does (review round 43:
# ``torch.nn.functional.scaled_dot_`` | ``product_attention``).
NAME_CHARS = 25
# A first piece shorter than this keeps its name (``torch.matmul(...)``, not ``torch`` |
# ``.matmul(...)``), and so does a last piece (``dtype=torch.float32)``, not ``.float32)``
# alone): round 43.
HEAD_CHARS = 6
TAIL_CHARS = 10
# Preformatted and raw-text elements, left as they are.
_SKIP = frozenset({"pre", "script", "style", "textarea"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Where inline code is not kept whole by the stylesheet: a table's column, a title.
_NARROW = _HEADINGS | {"td", "th"}
# Before the dot of ``name.attr`` or ``call().attr`` (not of a file's suffix); after the
# slash of ``dir/name``.
_SUFFIX = r"\.(?:py|md|ipynb|ya?ml|json|toml|cfg|txt|sh|ps1|whl|css|js|html|pdf|png|svg)\b"
_BREAK = re.compile(rf"(?<=[\w)\]])(?=\.[A-Za-z_])(?!{_SUFFIX})|(?<=\w/)(?=\w)")
# The text of an API link that is one long name; an API link is an ``a`` whose first
# attribute is its class, ``autorefs...``.
_LONG_WORD = re.compile(rf"\w{{{NAME_CHARS},}}")
# A long name at the start of a piece (after a dot or a quote), and the places after its
# underscores.
_LONG_NAME = re.compile(rf"^[.\"']?\w{{{NAME_CHARS},}}")
# The name right before an attribute's dot: the whole piece, or its last word after a space,
# a bracket or a comma (a folder's ``docs/`` is no name).
_HEAD = re.compile(r"(?:^|(?<=[\s(\[,]))\w+$")
_UNDERSCORE = re.compile(r"(?<=[A-Za-z0-9]_)(?=[A-Za-z0-9])")
# A minus sign at the start of a word, kept with its word (before a digit it already is:
# Unicode's line breaking allows no break between "-" and a number); and words joined by
# hyphens (``Set-ExecutionPolicy``), kept together up to ``NOBR_CHARS`` characters.
_MINUS = re.compile(
    r"(?<![\w)\]])-[A-Za-z_]\w*(?:-[A-Za-z_]\w*)*|(?<![\w-])[A-Za-z_]\w*(?:-[A-Za-z_]\w*)+"
    r"|(?<![\w)\]\s])-\(+"  # a minus before a bracket: -((q - k) ** 2), not -( | (q …
)
# Also kept on one line, in code with spaces (review round 42): an arithmetic term
# (``n_train - 1``), a word and the " :" after it (PyTorch's ``dot : expected …``), the
# keyword that starts an import with the name after it (``from attention_tutorial``), and
# a last word of three characters at most with the word before it (``as at``, ``import *``).
_KEPT = (
    re.compile(r"[\w)\]]+ (?:\*\*|//|[-+*/]) [\w(]+"),
    re.compile(r"\((?=[^()]*\s)[^()]{8,14}\)"),  # a group of 10-16 with a space: (1, n_train - 1)
    # an index with a space and its name: queries[:, None], not queries[:, | None] (review 49)
    re.compile(r"[\w.]*\[(?=[^\[\]]*\s)[^\[\]]{1,12}\]"),
    re.compile(r"\S+ :(?=\s|$)"),
    re.compile(r"^(?:from|import) \S+"),
    re.compile(r"\b\w+ (?:\w{1,3}|\*)$"),
)


def _pieces(text: str, *, underscores: bool) -> list[str]:
    """The pieces of inline code ``text`` between its break points."""
    pieces: list[str] = []
    split = _BREAK.split(text)
    for piece in split:
        long_name = (m := _LONG_NAME.match(piece)) and (
            len(split) == 1 or len(m.group(0)) > KEEP_CHARS
        )
        if underscores and long_name:
            parts = _UNDERSCORE.split(m.group(0))
            parts[-1] += piece[m.end() :]
        else:
            parts = [piece]
        # F | .softmax, torch | .matmul: a short head stays with its name (not a folder's),
        # at the start of the code or of a word in it (y = torch | .tensor(…), review 45)
        head = _HEAD.search(pieces[-1]) if pieces else None
        if piece.startswith(".") and head and len(head.group(0)) < HEAD_CHARS:
            pieces[-1] += parts[0]
            pieces += parts[1:]
        else:
            pieces += parts
    if (
        len(pieces) > 1 and len(pieces[-1]) < TAIL_CHARS and pieces[-1].startswith(".")
    ):  # dtype=torch | .float32)
        last = pieces.pop()
        pieces[-1] += last
    return pieces


def _inline_code_text(code: Tag) -> str | None:
    """The text of inline code as Markdown and the notebooks write it (no attributes, no markup)."""
    if code.attrs or not code.contents or not all(map(html_tree.is_text, code.contents)):
        return None
    text = "".join(code.contents)
    return text if len(text) >= MIN_CHARS and "<" not in text else None


def _short_with_space(code: Tag) -> bool:
    """Whether ``code`` is plain inline code of at most ``NOBR_CHARS`` characters with a space."""
    if code.attrs or not code.contents or not all(map(html_tree.is_text, code.contents)):
        return False
    text = "".join(code.contents)
    return len(text) <= NOBR_CHARS and " " in text.strip()


def _autoref_text(link: Tag) -> str | None:
    """The text of an API link (mkdocs-autorefs) that is one long name."""
    if next(iter(link.attrs), None) != "class" or not str(link["class"]).startswith("autorefs"):
        return None
    if len(link.contents) != 1 or not html_tree.is_text(link.contents[0]):
        return None
    return str(link.contents[0]) if _LONG_WORD.fullmatch(link.contents[0]) else None


def _plain_code_text(code: Tag) -> str | None:
    """The text of plain inline code (no attributes, no markup)."""
    if code.attrs or not code.contents or not all(map(html_tree.is_text, code.contents)):
        return None
    return "".join(code.contents)


def _glued(text: str) -> list[re.Match[str]]:
    """Where code ``text`` keeps its line: a minus with its word, hyphenated words, ``_KEPT``.

    Only runs of at most ``NOBR_CHARS`` characters: a longer one may still break.
    """
    found = sorted(
        (m for pattern in (_MINUS, *_KEPT) for m in pattern.finditer(text)),
        key=lambda m: (m.start(), -len(m.group(0))),
    )
    kept: list[re.Match[str]] = []
    for m in found:
        if len(m.group(0)) <= NOBR_CHARS and (not kept or m.start() >= kept[-1].end()):
            kept.append(m)
    return kept


def _put(tree: BeautifulSoup, element: Tag, pieces: list[str]) -> None:
    """Make ``element``'s content the ``pieces`` with a ``<wbr>`` between each two.

    In code, a minus sign that starts a word goes with the word into a ``span.attn-nobr``.
    """
    element.clear()
    for i, piece in enumerate(pieces):
        if i:
            element.append(tree.new_tag("wbr"))
        at = 0
        for match in _glued(piece) if element.name == "code" else ():
            if match.start() > at:
                element.append(NavigableString(piece[at : match.start()]))
            glued = tree.new_tag("span", attrs={"class": "attn-nobr"})
            glued.append(NavigableString(match.group(0)))
            element.append(glued)
            at = match.end()
        if piece[at:]:
            element.append(NavigableString(piece[at:]))


# The header of an API table's column of types (mkdocstrings, both languages), and the
# length up to which a type keeps its line whole (``str | None`` took two lines at 1280 px).
TYPE_CHARS = 16
_TYPE_HEADERS = frozenset({"Type", "类型"})
_ALTERNATIVE = re.compile(r" \| ")


def _type_alternatives(code: Tag) -> list[list]:
    """The children of a type's ``code`` split at its top-level `` | ``.

    A list of groups, each a list of nodes; the separators are groups of their own.
    """
    groups: list[list] = [[]]
    depth = 0
    for child in list(code.contents):
        if not html_tree.is_text(child):
            groups[-1].append(child)
            continue
        text, at = str(child), 0
        for i, char in enumerate(text):
            depth += {"[": 1, "]": -1}.get(char, 0)
            if depth == 0 and _ALTERNATIVE.match(text, i) and i >= at:
                if text[at:i]:
                    groups[-1].append(NavigableString(text[at:i]))
                groups += [[NavigableString(" | ")], []]
                at = i + 3
        if text[at:]:
            groups[-1].append(NavigableString(text[at:]))
    return groups


def keep_types_tree(tree: BeautifulSoup) -> None:
    """In the type column of an API table, each alternative of a union keeps its line.

    A type cell broke inside a type at any width (``Mapping[str,`` | ``ArrayLike]``,
    ``tuple[float,`` | ``float] | None``; review rounds 40 and 41): each alternative
    with a space in it goes into a ``span.attn-nobr``, so the cell breaks only at a `` | ``;
    a type of ``TYPE_CHARS`` characters at most does not break (review round 42).

    >>> html = (
    ...     "<table><thead><tr><th>Name</th><th>Type</th></tr></thead><tbody>"
    ...     '<tr><td><code>x</code></td><td><code><span title="t">tuple</span>'
    ...     "[float, float] | None</code></td></tr></tbody></table>"
    ... )
    >>> tree = html_tree.parse(html)
    >>> keep_types_tree(tree)
    >>> print(tree.find_all("td")[1].code.decode_contents())
    <span class="attn-nobr"><span title="t">tuple</span>[float, float]</span> | None
    """
    for table in html_tree.tags(tree, ["table"]):
        heads = [th.get_text(strip=True) for th in table.find_all("th")]
        column = next((i for i, h in enumerate(heads) if h in _TYPE_HEADERS), None)
        if column is None or table.tbody is None:
            continue
        for row in table.tbody.find_all("tr", recursive=False):
            cells = row.find_all("td", recursive=False)
            code = cells[column].code if column < len(cells) else None
            if code is None or code.attrs or code.find(class_="attn-nobr") is not None:
                continue
            if len(code.get_text()) <= TYPE_CHARS:  # "str | None" on one line
                code["class"] = "attn-nobr"
                continue
            groups = _type_alternatives(code)
            code.clear()
            for group in groups:
                text = "".join(n.get_text() if isinstance(n, Tag) else str(n) for n in group)
                if text != " | " and " " in text.strip():
                    span = tree.new_tag("span", attrs={"class": "attn-nobr"})
                    for node in group:
                        span.append(node)
                    code.append(span)
                else:
                    for node in group:
                        code.append(node)


def mark_tree(tree: BeautifulSoup) -> None:
    """``<wbr>`` at the break points of inline code and long API names (not in ``pre``).

    In a table or a heading, short inline code with a space is marked to keep its line.
    In prose, code of at most ``KEEP_CHARS`` characters is left as it is (the stylesheet
    keeps it whole), and longer code without a break point is marked ``attn-wrap``.
    """
    keep_types_tree(tree)
    found = []
    for node in html_tree.nodes(tree, _SKIP):
        if not isinstance(node, Tag) or node.name not in ("code", "a"):
            continue
        in_heading = any(parent.name in _HEADINGS for parent in node.parents)
        if node.name == "code" and not any(parent.name in _NARROW for parent in node.parents):
            text = _plain_code_text(node)
            if text is None or len(text) <= KEEP_CHARS:
                continue
            pieces = _pieces(text, underscores=True) if len(text) >= MIN_CHARS else [text]
            if len(pieces) == 1:
                node["class"] = "attn-wrap"
            found.append((node, pieces))
        elif node.name == "code" and _short_with_space(node):
            node["class"] = "attn-nobr"
        elif node.name == "code" and (text := _inline_code_text(node)) is not None:
            found.append((node, _pieces(text, underscores=not in_heading)))
        elif node.name == "a" and not in_heading and (text := _autoref_text(node)) is not None:
            found.append((node, _UNDERSCORE.split(text)))
        elif node.name == "code" and _glued(_plain_code_text(node) or ""):
            found.append((node, [_plain_code_text(node)]))
    for element, pieces in found:
        if len(pieces) > 1 or (element.name == "code" and _glued(pieces[0])):
            _put(tree, element, pieces)
    for heading in html_tree.tags(tree, _HEADINGS, _SKIP):
        _name_heading(tree, heading)
    _glue_prose_minus(tree)


# A minus glued to its word in text outside code: the "-inf" of the title "masked_fill 与 -inf"
_PROSE_MINUS = re.compile(r"(?<![\w-])-inf\b")
_NOT_PROSE = _SKIP | {"code", "kbd", "title", "svg", "math", "head"}


def _glue_prose_minus(tree: BeautifulSoup) -> None:
    """Keep ``-inf`` whole in text: a line broke it as "-" | "inf" (review round 49).

    Not in code, nor in the text a notebook cell's copy button copies (mkdocs-jupyter's
    ``div.clipboard-copy-txt``):

    >>> mark('<p><a href="x">masked_fill 与 -inf</a> <code>-inf</code></p>')
    '<p><a href="x">masked_fill 与 <span class="attn-nobr">-inf</span></a> <code>-inf</code></p>'
    >>> mark('<div class="clipboard-copy-txt" id="cell-2">float("-inf")</div>')
    '<div class="clipboard-copy-txt" id="cell-2">float("-inf")</div>'
    """
    # the article's text (a finished page's navigation keeps its bytes: its titles are short)
    roots = html_tree.tags(tree, ["article"]) or [tree]
    found = [
        node
        for root in roots
        for node in html_tree.nodes(root, _NOT_PROSE)
        if html_tree.is_text(node)
        and "-inf" in node
        and _PROSE_MINUS.search(node)
        and not any(
            parent.name in _NOT_PROSE or html_tree.has_class(parent, "clipboard-copy-txt")
            for parent in node.parents
        )
    ]
    for node in found:
        text, at = str(node), 0
        for match in _PROSE_MINUS.finditer(text):
            if match.start() > at:
                node.insert_before(NavigableString(text[at : match.start()]))
            glued = tree.new_tag("span", attrs={"class": "attn-nobr"})
            glued.append(NavigableString(match.group(0)))
            node.insert_before(glued)
            at = match.end()
        if at < len(text):
            node.insert_before(NavigableString(text[at:]))
        node.extract()


# A heading that is an API's dotted name, written as text (the handbook's
# ``## torch.nn.functional.softmax``)
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")


def _name_heading(tree: BeautifulSoup, heading: Tag) -> None:
    """``<wbr>`` before the dots of a heading that is a long dotted name, as in its code.

    At 375 px the handbook's ``torch.nn.functional.softmax`` was too wide for one line
    and broke inside a word, "torch.nn.functional.softm" | "ax" (review round 48).

    >>> mark(
    ...     '<h2 id="x">torch.nn.functional.softmax<a class="headerlink" href="#x">¶</a></h2>'
    ... )
    '<h2 id="x">torch.nn<wbr>.functional<wbr>.softmax<a class="headerlink" href="#x">¶</a></h2>'
    >>> mark("<h2>torch.bmm</h2><h2>A plain title.</h2>")  # short, or not a name
    '<h2>torch.bmm</h2><h2>A plain title.</h2>'
    """
    first = heading.contents[0] if heading.contents else None
    if first is None or not html_tree.is_text(first):
        return
    text = str(first)
    if len(text) < MIN_CHARS or not _DOTTED.fullmatch(text):
        return
    pieces = re.split(r"(?=\.)", text)
    if len(pieces[0]) < HEAD_CHARS:  # torch | .nn: a short head stays with its name
        pieces[:2] = [pieces[0] + pieces[1]]
    for n, piece in enumerate(pieces):
        if n:
            first.insert_before(tree.new_tag("wbr"))
        first.insert_before(NavigableString(piece))
    first.extract()


def mark(page: str) -> str:
    """``page`` with ``<wbr>`` at the break points of its inline code (outside ``pre``)."""
    return html_tree.apply(page, mark_tree)
