r"""Where inline code may break across lines: between the parts of a name, never inside one.

Material lets inline code break anywhere (``word-break: break-word``): a narrow
table column or a phone's line cut ``torch.sort`` into ``torch.sor`` and ``t``,
``attention_tutorial`` into ``attention_tutori`` and ``al``. The site's stylesheet
(``extra.css``) lets inline code break only where the text allows it, and inside a
word only when one piece is wider than its whole line. This module adds the places
where code still reads well when broken: ``<wbr>`` before the dot of an attribute or
a method (``x_test`` | ``.reshape(...)``) and after the slash of a path
(``handbook/`` | ``expand``). Code shorter than ``MIN_CHARS`` stays whole: a table
column widens for it instead. ``<wbr>`` adds no character, so what a reader copies
or searches for is unchanged.

>>> mark("<p><code>x_test.repeat_interleave(n_train).reshape(-1, 5)</code></p>")
'<p><code>x_test<wbr>.repeat_interleave(n_train)<wbr>.reshape(-1, 5)</code></p>'
>>> mark("<td><code>docs/zh/nonparametric.py</code> <code>torch.sort</code></td>")
'<td><code>docs/<wbr>zh/<wbr>nonparametric.py</code> <code>torch.sort</code></td>'
>>> mark("<code>torch.arange(0, 5, 0.1)</code>")  # a decimal point is no break
'<code>torch<wbr>.arange(0, 5, 0.1)</code>'
>>> mark("<pre><code>x_test.repeat_interleave(n)</code></pre>")  # a block
'<pre><code>x_test.repeat_interleave(n)</code></pre>'
"""

from __future__ import annotations

import re

MIN_CHARS = 20
# Preformatted and raw-text elements, left as they are.
_SKIP = re.compile(r"(<(pre|script|style|textarea)\b.*?</\2\s*>)", re.S | re.I)
# Inline code as Markdown and the notebooks write it: no attributes, no markup inside.
_INLINE_CODE = re.compile(rf"<code>([^<]{{{MIN_CHARS},}})</code>")
# Before the dot of ``name.attr`` or ``call().attr`` (not of a file's suffix); after the
# slash of ``dir/name``.
_SUFFIX = r"\.(?:py|md|ipynb|ya?ml|json|toml|cfg|txt|sh|ps1|whl|css|js|html|pdf|png|svg)\b"
_BREAK = re.compile(rf"(?<=[\w)\]])(?=\.[A-Za-z_])(?!{_SUFFIX})|(?<=\w/)(?=\w)")


def _marked(match: re.Match) -> str:
    return "<code>" + _BREAK.sub("<wbr>", match.group(1)) + "</code>"


def mark(page: str) -> str:
    """``page`` with ``<wbr>`` at the break points of its inline code (outside ``pre``)."""
    parts = _SKIP.split(page)
    for i in range(0, len(parts), 3):  # the text between preformatted elements
        parts[i] = _INLINE_CODE.sub(_marked, parts[i])
    return "".join(part for i, part in enumerate(parts) if i % 3 != 2)
