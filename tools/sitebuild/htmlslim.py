r"""Drop bytes of a page's HTML that the browser never shows: indentation, obsolete anchor names.

* Runs of whitespace that contain a line break collapse to one line break,
  except inside ``pre``, ``code``, ``textarea``, ``script`` and ``style``, and
  the hidden text a notebook cell's copy button copies (mkdocs-jupyter's
  ``div.clipboard-copy-txt``: its indentation and blank lines are the code's): the
  browser shows any such run as one space anyway. Theme and mkdocstrings
  templates indent deeply (84 KB on the API page). This is done in the tree's text
  (formulas rendered by KaTeX included, ``html_tree.RawHTML``), comments and the
  values of attributes outside those elements.
* ``pymdownx.highlight`` gives each code line's anchor both ``id`` and the
  obsolete ``name`` with the same value; ``id`` alone is the link target.

:func:`slim_tree` is the step on a page's tree; :func:`slim` does it to HTML.

>>> slim("<div>\n      <p>a   b</p>\n\n  </div><pre>x\n    y</pre>")
'<div>\n<p>a   b</p>\n</div><pre>x\n    y</pre>'
>>> slim('<div class="clipboard-copy-txt">if x:\n\n    y</div>')
'<div class="clipboard-copy-txt">if x:\n\n    y</div>'
>>> slim(
...     '<a id="__codelineno-0-1" name="__codelineno-0-1" href="#__codelineno-0-1"></a>'
... )
'<a id="__codelineno-0-1" href="#__codelineno-0-1"></a>'
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

from tools.sitebuild import html_tree

# whose text is shown as written
PREFORMATTED = frozenset({"pre", "code", "textarea", "script", "style"})
# whose text is copied as written (a notebook cell's copy text, mkdocs-jupyter)
_COPIED_CLASS = "clipboard-copy-txt"
_BREAK_RUN = re.compile(r"[ \t\r\f]*\n\s*")


def slim_tree(tree: BeautifulSoup) -> None:
    """Collapse whitespace runs outside preformatted elements; drop names that repeat the id."""
    stack: list[Tag] = [tree]
    while stack:
        tag = stack.pop()
        for index, child in enumerate(tag.contents):
            if child.__class__ is Tag:
                if child.name == "a":
                    _drop_name(child)
                if child.name in PREFORMATTED or _COPIED_CLASS in child.get("class", ()):
                    for anchor in html_tree.tags(child, ["a"]):
                        _drop_name(anchor)
                    continue  # its own attributes belong to the kept element too
                for key, value in child.attrs.items():
                    if isinstance(value, str) and "\n" in value:
                        child[key] = _BREAK_RUN.sub("\n", value)
                stack.append(child)
            elif "\n" in child:
                slimmer = _BREAK_RUN.sub("\n", child)
                if slimmer != child:
                    html_tree.replace_text(tag, index, slimmer)


def _drop_name(anchor: Tag) -> None:
    """Drop the anchor's ``name`` if it repeats its ``id`` (written first, then ``name``)."""
    keys = list(anchor.attrs)[:2]
    if keys == ["id", "name"] and isinstance(anchor["id"], str) and anchor["id"] == anchor["name"]:
        del anchor["name"]


def slim(content: str) -> str:
    """``content`` slimmed (:func:`slim_tree`)."""
    return html_tree.apply(content, slim_tree)
