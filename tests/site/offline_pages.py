"""What an offline page (``mkdocs.offline.yml``) asks of the files beside it, read from its HTML.

A page opened from ``file://`` loads what its HTML names (stylesheets, scripts,
icons, figures), what its stylesheets name (fonts) and what its scripts ask for.
The first two are in the files and are read here, for every page; what scripts do
is the same on every page that runs the same scripts, and is watched in the
browser on one page of each such kind (``tests/browser/test_offline.py``).

>>> page = read_html(
...     '<html><head><link rel="stylesheet" href="a.css"></head><body>'
...     '<nav class="md-nav md-nav--secondary"><a class="md-nav__link" href="#x">X</a></nav>'
...     '<article id="x">$$ <span class="katex-error">e</span>'
...     '<annotation>\\\\frac</annotation><img src="f.svg">'
...     "<details><summary>S</summary><pre>\\\\sum</pre></details></article>"
...     '<script src="s.js"></script><script>var a = 1;</script></body></html>'
... )
>>> page.loads, page.toc, page.katex_errors, page.article_text.strip()
(['a.css', 'f.svg', 's.js'], ['#x'], 1, '$$ eS')
>>> page.figures, page.ids, page.inline_scripts
(['f.svg'], {'x'}, ['var a = 1;'])
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
    "source", "track", "wbr",
}  # fmt: skip
# What a browser loads from a link element (a ``prev``/``next`` link is not loaded).
LOADED_LINKS = {"stylesheet", "icon", "preload", "modulepreload", "manifest"}
# Text a reader is never shown: TeX kept for screen readers, scripts, styles. Neither is
# what a closed ``details`` holds besides its ``summary`` until the reader opens it (a
# browser's ``innerText`` leaves it out).
UNSHOWN = {"annotation", "script", "style", "template"}
CLOSED = "details:closed"


@dataclass
class Page:
    """What one page's HTML names and holds."""

    loads: list[str] = field(default_factory=list)  # URLs the browser fetches to show it
    figures: list[str] = field(default_factory=list)  # the article's images
    links: list[str] = field(default_factory=list)  # every ``a href``
    toc: list[str] = field(default_factory=list)  # the table of contents' links
    languages: dict[str, list[str]] = field(default_factory=dict)  # hreflang -> hrefs
    ids: set[str] = field(default_factory=set)
    katex_errors: int = 0
    articles: int = 0
    article_text: str = ""
    scripts: list[str] = field(default_factory=list)  # the ``script src`` among ``loads``
    inline_scripts: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[tuple[str, set[str]]] = []
        self.text: list[str] = []
        self.script: list[str] | None = None

    def _inside(self, tag: str = "", cls: str = "") -> bool:
        return any((not tag or t == tag) and (not cls or cls in c) for t, c in self.stack)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        classes = set(a.get("class", "").split())
        page = self.page
        if "id" in a:
            page.ids.add(a["id"])
        if "katex-error" in classes:
            page.katex_errors += 1
        if tag == "article":
            page.articles += 1
        if tag == "script":
            if "src" in a:
                page.loads.append(a["src"])
                page.scripts.append(a["src"])
            else:
                self.script = []
        elif tag == "link" and LOADED_LINKS & set(a.get("rel", "").split()) and "href" in a:
            page.loads.append(a["href"])
        elif tag in {"img", "source", "iframe", "video", "audio", "embed"} and "src" in a:
            page.loads.append(a["src"])
            if tag == "img" and self._inside("article"):
                page.figures.append(a["src"])
        elif tag == "a" and "href" in a:
            page.links.append(a["href"])
            if "md-nav__link" in classes and self._inside(cls="md-nav--secondary"):
                page.toc.append(a["href"])
            if "md-select__link" in classes:
                page.languages.setdefault(a.get("hreflang", ""), []).append(a["href"])
        if tag not in VOID:
            self.stack.append((CLOSED if tag == "details" and "open" not in a else tag, classes))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag == "script" and self.script is not None:
            self.page.inline_scripts.append("".join(self.script))
            self.script = None
        names = {tag, CLOSED} if tag == "details" else {tag}
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] in names:
                del self.stack[depth:]
                return

    def _shown(self) -> bool:
        tags = [t for t, _ in self.stack]
        if any(t in UNSHOWN for t in tags):
            return False
        closed = [i for i, t in enumerate(tags) if t == CLOSED]
        return not closed or "summary" in tags[closed[-1] :]

    def handle_data(self, data):
        if self.script is not None:
            self.script.append(data)
        if self._inside("article") and self._shown():
            self.text.append(data)


def read_html(text: str) -> Page:
    """What ``text`` names and holds (``Page``)."""
    reader = _Reader()
    reader.feed(text)
    reader.close()
    reader.page.article_text = "".join(reader.text)
    return reader.page


@functools.cache
def read_page(path: Path) -> Page:
    """``read_html`` of the file at ``path``, once per process."""
    return read_html(path.read_text(encoding="utf-8"))


def local_target(page_file: Path, url: str) -> Path | None:
    """The file ``url`` names, relative to ``page_file``; None for a ``data:`` URL or an
    in-page ``#fragment``. A URL with a scheme or a host (another host, ``file:``, an
    absolute path) raises ``ValueError``: an offline page names files beside it."""
    parts = urlparse(url)
    if parts.scheme == "data" or (not parts.scheme and not parts.path and url.startswith("#")):
        return None
    if parts.scheme or parts.netloc or parts.path.startswith("/"):
        raise ValueError(f"not a relative URL: {url}")
    return (page_file.parent / unquote(parts.path)).resolve()


CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")


def stylesheet_urls(text: str) -> list[str]:
    """The ``url(...)`` of a stylesheet, ``data:`` ones left out.

    >>> stylesheet_urls(
    ...     '@font-face{src:url(fonts/a.woff2) format("woff2"),'
    ...     'url("b.woff")} .x{background:url(data:image/svg+xml;utf8,<svg/>)}'
    ... )
    ['fonts/a.woff2', 'b.woff']
    """
    return [m.group(2) for m in CSS_URL.finditer(text) if not m.group(2).startswith("data:")]


def kind(page: Page) -> tuple:
    """What decides what a page's scripts do: the scripts it loads and runs, in order."""
    return (tuple(page.scripts), tuple(page.inline_scripts))
