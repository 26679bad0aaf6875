r"""Where inline code may break across lines: between the parts of a name, never inside one.

Material lets inline code break anywhere (``word-break: break-word``): a narrow
table column or a phone's line cut ``torch.sort`` into ``torch.sor`` and ``t``,
``attention_tutorial`` into ``attention_tutori`` and ``al``. The site's stylesheet
(``extra.css``) lets inline code break only where the text allows it, and inside a
word only when one piece is wider than its whole line. This module adds the places
where code still reads well when broken: ``<wbr>`` before the dot of an attribute or
a method (``x_test`` | ``.reshape(...)``) and after the slash of a path
(``handbook/`` | ``expand``); a name of ``MIN_CHARS`` characters or more may also
break after an underscore (``nadaraya_watson_`` | ``chunked``), so that it never
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
>>> mark(
...     "<code>at.nadaraya_watson_chunked(q, k, v)</code>"
... )  # a head under 3: no break
'<code>at.nadaraya_<wbr>watson_<wbr>chunked(q, k, v)</code>'
>>> mark("<code>torch.arange(0.0, 5.0, 0.1)</code>")  # a decimal point: no break
'<code>torch<wbr>.arange(0.0, 5.0, 0.1)</code>'
>>> mark(
...     '<a class="autorefs autorefs-internal" href="#x">nadaraya_watson_chunked</a>'
... )
'<a class="autorefs autorefs-internal" href="#x">nadaraya_<wbr>watson_<wbr>chunked</a>'
>>> mark("<h1><code>attention_tutorial.local_linear_regression</code></h1>")
'<h1><code>attention_tutorial<wbr>.local_linear_regression</code></h1>'
>>> mark("<pre><code>x_test.repeat_interleave(n)</code></pre>")  # a block
'<pre><code>x_test.repeat_interleave(n)</code></pre>'
>>> mark(
...     '<p><code>"softmax_lastdim_kernel_impl" failed</code></p>'
... )  # a quoted name
'<p><code>"softmax_<wbr>lastdim_<wbr>kernel_<wbr>impl" failed</code></p>'
>>> mark("<p><code>(n, n - 1)</code></p>")  # short, with a space
'<p><code class="attn-nobr">(n, n - 1)</code></p>'

A minus sign that starts a word (``"-inf"``, ``-x``) keeps to its word, and words joined
by a hyphen keep together: browsers break after a hyphen, and ``float("-inf")`` read as
``float("-`` | ``inf")``, ``Set-ExecutionPolicy`` as ``Set-`` | ``ExecutionPolicy``
(review rounds 39 and 40).

>>> mark('<p><code>float("-inf")</code></p>')
'<p><code>float("<span class="attn-nobr">-inf</span>")</code></p>'
>>> mark('<p><code>scores.masked_fill(eye, float("-inf"))</code></p>')
'<p><code>scores<wbr>.masked_fill(eye, float("<span class="attn-nobr">-inf</span>"))</code></p>'
>>> mark("<p><code>x.view(-1)</code></p>")  # a number: nothing to do
'<p><code>x.view(-1)</code></p>'
>>> print(mark("<code>Set-ExecutionPolicy -Scope</code>").replace("> <", ">\n<"))
<code><span class="attn-nobr">Set-ExecutionPolicy</span>
<span class="attn-nobr">-Scope</span></code>
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

from tools.sitebuild import html_tree

MIN_CHARS = 20
NOBR_CHARS = 24
# Preformatted and raw-text elements, left as they are.
_SKIP = frozenset({"pre", "script", "style", "textarea"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Before the dot of ``name.attr`` or ``call().attr`` (not of a file's suffix); after the
# slash of ``dir/name``.
_SUFFIX = r"\.(?:py|md|ipynb|ya?ml|json|toml|cfg|txt|sh|ps1|whl|css|js|html|pdf|png|svg)\b"
_BREAK = re.compile(rf"(?<=[\w)\]])(?=\.[A-Za-z_])(?!{_SUFFIX})|(?<=\w/)(?=\w)")
# The text of an API link that is one long name; an API link is an ``a`` whose first
# attribute is its class, ``autorefs...``.
_LONG_WORD = re.compile(rf"\w{{{MIN_CHARS},}}")
# A long name at the start of a piece (after a dot or a quote), and the places after its
# underscores.
_LONG_NAME = re.compile(rf"^[.\"']?\w{{{MIN_CHARS},}}")
_UNDERSCORE = re.compile(r"(?<=[A-Za-z0-9]_)(?=[A-Za-z0-9])")
# A minus sign at the start of a word, kept with its word (before a digit it already is:
# Unicode's line breaking allows no break between "-" and a number); and words joined by
# hyphens (``Set-ExecutionPolicy``), kept together up to ``NOBR_CHARS`` characters.
_MINUS = re.compile(
    r"(?<![\w)\]])-[A-Za-z_]\w*(?:-[A-Za-z_]\w*)*|(?<![\w-])[A-Za-z_]\w*(?:-[A-Za-z_]\w*)+"
)


def _pieces(text: str, *, underscores: bool) -> list[str]:
    """The pieces of inline code ``text`` between its break points."""
    pieces: list[str] = []
    split = _BREAK.split(text)
    for i, piece in enumerate(split):
        if underscores:
            parts = _UNDERSCORE.split(m.group(0)) if (m := _LONG_NAME.match(piece)) else [""]
            parts[-1] += piece[m.end() :] if m else piece
        else:
            parts = [piece]
        if i == 1 and len(split[0]) < 3:  # F | .softmax: F stays with its name
            pieces[0] += parts[0]
            pieces += parts[1:]
        else:
            pieces += parts
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
    """Where code ``text`` keeps its line: a leading minus with its word, hyphenated words.

    Only runs of at most ``NOBR_CHARS`` characters: a longer one may still break.
    """
    return [m for m in _MINUS.finditer(text) if len(m.group(0)) <= NOBR_CHARS]


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


def mark_tree(tree: BeautifulSoup) -> None:
    """``<wbr>`` at the break points of inline code and long API names (not in ``pre``).

    Short inline code with a space is marked to keep its line.
    """
    found = []
    for node in html_tree.nodes(tree, _SKIP):
        if not isinstance(node, Tag) or node.name not in ("code", "a"):
            continue
        in_heading = any(parent.name in _HEADINGS for parent in node.parents)
        if node.name == "code" and _short_with_space(node):
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


def mark(page: str) -> str:
    """``page`` with ``<wbr>`` at the break points of its inline code (outside ``pre``)."""
    return html_tree.apply(page, mark_tree)
