"""Griffe extension: a docstring's "Explained on the page `data.md`" becomes a link.

The package's docstrings name the page that explains them (``data.md``,
``handbook/repeat.md``) so that they read well in ``help()``. On the API
reference pages (``docs/<lang>/api/<module>.md``) the name becomes a Markdown
link to the page's source file (``../data.py``), which MkDocs resolves to the
page's URL in either language, and a strict build fails if the page is gone.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import griffe

DOCS = Path(__file__).resolve().parents[2] / "docs" / "zh"
PAGE_NAME = re.compile(r"(`{1,2})(?P<page>[a-z0-9_/-]+)\.md\1")


def link_pages(text: str) -> str:
    """Replace every ```name.md``` that names a page of the site by a link to it."""

    def link(match: re.Match[str]) -> str:
        page = match.group("page")
        for suffix in (".py", ".md"):
            if (DOCS / f"{page}{suffix}").is_file():
                return f"[`{page}`](../{page}{suffix})"
        return match.group(0)

    return PAGE_NAME.sub(link, text)


class PageLinks(griffe.Extension):
    """Rewrite the page names in every docstring as it is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Link the page names of one object's docstring."""
        if obj.docstring is not None:
            obj.docstring.value = link_pages(obj.docstring.value)
