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

_KEEP = re.compile(r"(<(pre|code|textarea|script|style)\b.*?</\2\s*>)", re.S | re.I)
_BREAK_RUN = re.compile(r"[ \t\r\f]*\n\s*")
_ANCHOR_NAME = re.compile(r'(<a id="([^"]+)") name="\2"')


def slim(content: str) -> str:
    """The page with whitespace runs collapsed outside preformatted elements, anchors slimmer."""
    parts = _KEEP.split(content)
    out = []
    for i in range(0, len(parts), 3):
        out.append(_ANCHOR_NAME.sub(r"\1", _BREAK_RUN.sub("\n", parts[i])))
        if i + 1 < len(parts):
            out.append(_ANCHOR_NAME.sub(r"\1", parts[i + 1]))
    return "".join(out)
