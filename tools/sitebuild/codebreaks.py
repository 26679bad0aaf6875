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
character, so what a reader copies or searches for is unchanged.

>>> mark("<p><code>x_test.repeat_interleave(n_train).reshape(-1, 5)</code></p>")
'<p><code>x_test<wbr>.repeat_interleave(n_train)<wbr>.reshape(-1, 5)</code></p>'
>>> mark("<td><code>docs/zh/nonparametric.py</code> <code>torch.sort</code></td>")
'<td><code>docs/<wbr>zh/<wbr>nonparametric.py</code> <code>torch.sort</code></td>'
>>> mark(
...     "<code>at.nadaraya_watson_chunked(q, k, v)</code>"
... )  # a head under 3: no break
'<code>at.nadaraya_<wbr>watson_<wbr>chunked(q, k, v)</code>'
>>> mark("<code>torch.arange(0, 5, 0.1)</code>")  # a decimal point is no break
'<code>torch<wbr>.arange(0, 5, 0.1)</code>'
>>> mark(
...     '<a class="autorefs autorefs-internal" href="#x">nadaraya_watson_chunked</a>'
... )
'<a class="autorefs autorefs-internal" href="#x">nadaraya_<wbr>watson_<wbr>chunked</a>'
>>> mark("<h1><code>attention_tutorial.local_linear_regression</code></h1>")
'<h1><code>attention_tutorial<wbr>.local_linear_regression</code></h1>'
>>> mark("<pre><code>x_test.repeat_interleave(n)</code></pre>")  # a block
'<pre><code>x_test.repeat_interleave(n)</code></pre>'
"""

from __future__ import annotations

import re

from tools.sitebuild import htmlslim

MIN_CHARS = 20
# Preformatted and raw-text elements, left as they are.
_SKIP = re.compile(r"(<(pre|script|style|textarea)\b.*?</\2\s*>)", re.S | re.I)
_HEADING = re.compile(r"(<(h[1-6])\b.*?</\2\s*>)", re.S | re.I)
# Inline code as Markdown and the notebooks write it: no attributes, no markup inside.
_INLINE_CODE = re.compile(rf"<code>([^<]{{{MIN_CHARS},}})</code>")
# Before the dot of ``name.attr`` or ``call().attr`` (not of a file's suffix); after the
# slash of ``dir/name``.
_SUFFIX = r"\.(?:py|md|ipynb|ya?ml|json|toml|cfg|txt|sh|ps1|whl|css|js|html|pdf|png|svg)\b"
_BREAK = re.compile(rf"(?<=[\w)\]])(?=\.[A-Za-z_])(?!{_SUFFIX})|(?<=\w/)(?=\w)")
# The text of an API link that is one long name.
_AUTOREF = re.compile(rf'(<a class="autorefs[^"]*"[^>]*>)(\w{{{MIN_CHARS},}})</a>')
# A long name at the start of a piece, and the places after its underscores.
_LONG_NAME = re.compile(rf"^\.?\w{{{MIN_CHARS},}}")
_UNDERSCORE = re.compile(r"(?<=[A-Za-z0-9]_)(?=[A-Za-z0-9])")


def _piece(piece: str) -> str:
    return _LONG_NAME.sub(lambda m: _UNDERSCORE.sub("<wbr>", m.group(0)), piece)


def _marked(match: re.Match, *, underscores: bool = True) -> str:
    out = ""
    for i, piece in enumerate(_BREAK.split(match.group(1))):
        short_head = i == 1 and len(out) < 3  # F | .softmax: F stays with its name
        out += "" if i == 0 or short_head else "<wbr>"
        out += _piece(piece) if underscores else piece
    return f"<code>{out}</code>"


def _autoref(match: re.Match) -> str:
    return match.group(1) + _UNDERSCORE.sub("<wbr>", match.group(2)) + "</a>"


def _marked_in_heading(match: re.Match) -> str:
    return _marked(match, underscores=False)


def _prose(text: str) -> str:
    return _AUTOREF.sub(_autoref, _INLINE_CODE.sub(_marked, text))


def _heading(heading: str) -> str:
    return _INLINE_CODE.sub(_marked_in_heading, heading)


def _text(text: str) -> str:
    """``text`` (no preformatted element in it) with its inline code marked."""
    return htmlslim.around(_HEADING, text, _prose, _heading)


def mark(page: str) -> str:
    """``page`` with ``<wbr>`` at the break points of its inline code (outside ``pre``)."""
    return htmlslim.around(_SKIP, page, _text)
