r"""Drop bytes of a page's HTML that the browser never shows: indentation, obsolete anchor names.

* Runs of whitespace that contain a line break collapse to one line break,
  except inside ``pre``, ``code``, ``textarea``, ``script`` and ``style``: the
  browser shows any such run as one space anyway. Theme and mkdocstrings
  templates indent deeply (84 KB on the API page).
* ``pymdownx.highlight`` gives each code line's anchor both ``id`` and the
  obsolete ``name`` with the same value; ``id`` alone is the link target.

>>> slim("<div>\n      <p>a   b</p>\n\n  </div><pre>x\n    y</pre>")
'<div>\n<p>a   b</p>\n</div><pre>x\n    y</pre>'
>>> slim(
...     '<a id="__codelineno-0-1" name="__codelineno-0-1" href="#__codelineno-0-1"></a>'
... )
'<a id="__codelineno-0-1" href="#__codelineno-0-1"></a>'
"""

from __future__ import annotations

import re
from collections.abc import Callable

_KEEP = re.compile(r"(<(pre|code|textarea|script|style)\b.*?</\2\s*>)", re.S | re.I)
_BREAK_RUN = re.compile(r"[ \t\r\f]*\n\s*")
_ANCHOR_NAME = re.compile(r'(<a id="([^"]+)") name="\2"')


def around(
    elements: re.Pattern,
    content: str,
    outside: Callable[[str], str],
    inside: Callable[[str], str] = lambda element: element,
) -> str:
    r"""``content`` with ``outside`` applied between the ``elements``, ``inside`` to each.

    The pattern's first group is the whole element, its second the tag name that
    closes it (as in ``_KEEP``).

    >>> around(re.compile(r"(<(b)>.*?</\2>)"), "x<b>x</b>x", str.upper)
    'X<b>x</b>X'
    """
    parts = elements.split(content)  # text, element, tag name, text, ...
    out = [outside(parts[0])]
    for i in range(1, len(parts), 3):
        out += [inside(parts[i]), outside(parts[i + 2])]
    return "".join(out)


def _drop_anchor_names(text: str) -> str:
    return _ANCHOR_NAME.sub(r"\1", text)


def slim(content: str) -> str:
    """The page with whitespace runs collapsed outside preformatted elements, anchors slimmer."""
    return around(
        _KEEP,
        content,
        lambda text: _drop_anchor_names(_BREAK_RUN.sub("\n", text)),
        _drop_anchor_names,
    )
