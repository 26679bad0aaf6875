"""Fix what mkdocs-jupyter gets wrong in a rendered notebook page.

* Chinese headings get ``id=""`` (its slugify is ASCII-only) while the table of
  contents links to ``#_2``: every heading gets the id that Python-Markdown
  gives the same heading on a Markdown page (``pymdownx.slugs``, Unicode kept),
  and the table of contents is rewritten to match.
* nbconvert adds a mermaid loader from a CDN and an empty MathJax
  ``<script src="">``: both are removed (KaTeX renders the math locally).
* About 590 KB of JupyterLab CSS is inlined in every page: it is moved into one
  shared stylesheet that the browser caches once for the whole site.
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Iterator

from pymdownx.slugs import slugify

_slugify = slugify(case="lower")

_HEADING = re.compile(r"<h([1-6])((?:\s[^>]*)?)>(.*?)</h\1>", re.S)
_ID_ATTR = re.compile(r'\sid="[^"]*"')
_ANCHOR = re.compile(r'<a class="anchor-link" href="[^"]*">(.*?)</a>', re.S)
_TAGS = re.compile(r"<[^>]+>")
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
_SRC = re.compile(r'\ssrc="([^"]*)"')


def heading_text(inner_html: str) -> str:
    """Plain text of a heading's inner HTML, without its permalink."""
    return html.unescape(_TAGS.sub("", _ANCHOR.sub("", inner_html))).strip()


def unique_slug(text: str, seen: set[str]) -> str:
    """Slug of ``text`` as Python-Markdown's toc extension makes it, unique in ``seen``."""
    base = _slugify(text, "-") or "section"
    slug, n = base, 0
    while slug in seen:
        n += 1
        slug = f"{base}_{n}"
    seen.add(slug)
    return slug


def fix_heading_ids(content: str) -> tuple[str, list[tuple[str, str]]]:
    """Give every heading a non-empty, unique id; return the new HTML and (text, id) pairs."""
    seen: set[str] = set()
    headings: list[tuple[str, str]] = []

    def replace(match: re.Match[str]) -> str:
        level, attrs, inner = match.groups()
        text = heading_text(inner)
        slug = unique_slug(text, seen)
        headings.append((text, slug))
        attrs = _ID_ATTR.sub("", attrs)
        inner = _ANCHOR.sub(
            lambda a: (
                f'<a class="headerlink" href="#{slug}" title="Permanent link">{a.group(1)}</a>'
            ),
            inner,
        )
        return f'<h{level} id="{slug}"{attrs}>{inner}</h{level}>'

    return _HEADING.sub(replace, content), headings


def _walk(items) -> Iterator:
    for item in items:
        yield item
        yield from _walk(item.children)


def fix_toc(toc, headings: list[tuple[str, str]]) -> None:
    """Point each table-of-contents entry at the id of its heading (matched by text, in order)."""
    position = 0
    for item in _walk(toc):
        title = heading_text(item.title)
        for index in range(position, len(headings)):
            if headings[index][0] == title:
                item.id = headings[index][1]
                position = index + 1
                break
        else:
            raise ValueError(f"table of contents entry {title!r} has no heading on the page")


def is_external(url: str) -> bool:
    """True for a URL that the browser would fetch from another host."""
    return bool(re.match(r"^(?:[a-z][a-z0-9+.-]*:)?//", url.strip(), re.I))


def strip_scripts(content: str) -> str:
    """Drop scripts from other hosts, empty ``src`` stubs, MathJax config, the mermaid loader."""

    def replace(match: re.Match[str]) -> str:
        attrs, body = match.groups()
        src = _SRC.search(attrs)
        if src is not None and (src.group(1).strip() == "" or is_external(src.group(1))):
            return ""
        if "text/x-mathjax-config" in attrs:
            return ""
        if "mermaid" in body and ("import(" in body or "cdn" in body.lower()):
            return ""
        return match.group(0)

    return _SCRIPT.sub(replace, content)


def extract_styles(content: str) -> tuple[str, str]:
    """Remove the inline ``<style>`` blocks; return the HTML and their joined CSS."""
    blocks = [m.group(1).strip() for m in _STYLE.finditer(content)]
    return _STYLE.sub("", content), "\n".join(blocks) + "\n"


def css_name(css: str) -> str:
    """A content-addressed file name for a shared stylesheet."""
    return f"assets/stylesheets/notebook.{hashlib.sha256(css.encode()).hexdigest()[:10]}.css"
