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

import base64
import hashlib
import html
import io
import json
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


_CODE = re.compile(r"<code>.*?</code>", re.S)


def heading_text(inner_html: str, *, without_code: bool = False) -> str:
    """Plain text of a heading's inner HTML, without its permalink (and code spans)."""
    inner = _ANCHOR.sub("", inner_html)
    if without_code:
        inner = _CODE.sub("", inner)
    return " ".join(html.unescape(_TAGS.sub("", inner)).split())


def unique_slug(text: str, seen: set[str]) -> str:
    """Slug of ``text`` as Python-Markdown's toc extension makes it, unique in ``seen``."""
    base = _slugify(text, "-") or "section"
    slug, n = base, 0
    while slug in seen:
        n += 1
        slug = f"{base}_{n}"
    seen.add(slug)
    return slug


def fix_heading_ids(content: str) -> tuple[str, list[tuple[tuple[str, str], str]]]:
    """Give every heading a non-empty, unique id; return the new HTML and (texts, id) pairs.

    Each heading is described by its full text and its text without code spans:
    mkdocs-jupyter builds the table of contents from Markdown with the code
    spans removed.
    """
    seen: set[str] = set()
    headings: list[tuple[tuple[str, str], str]] = []

    def replace(match: re.Match[str]) -> str:
        level, attrs, inner = match.groups()
        text = heading_text(inner)
        slug = unique_slug(text, seen)
        headings.append(((text, heading_text(inner, without_code=True)), slug))
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


def fix_toc(toc, headings: list[tuple[tuple[str, str], str]]) -> None:
    """Point each table-of-contents entry at the id of its heading (matched by text, in order)."""
    position = 0
    for item in _walk(toc):
        title = heading_text(item.title)
        for index in range(position, len(headings)):
            if title in headings[index][0]:
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


_CJK = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
# Raw-text elements, captured whole so that re.split keeps them at odd indices.
_RAW = re.compile(
    r"(<(?:pre|script|style|textarea)\b.*?</(?:pre|script|style|textarea)>)", re.S | re.I
)
_CJK_BREAK = re.compile(rf"(?<=[{_CJK}])[ \t]*\n[ \t]*(?=[{_CJK}])")


def join_cjk_lines(content: str) -> str:
    """Remove line breaks between two CJK characters outside code.

    A source line break inside a Chinese paragraph is shown by the browser as a
    space between two characters; Chinese text has no spaces between words.
    """
    parts = _RAW.split(content)
    parts[::2] = [_CJK_BREAK.sub("", text) for text in parts[::2]]
    return "".join(parts)


_LINK = re.compile(r'(<a\s[^>]*?href=")([^"]+)(")')


def rewrite_links(content: str, resolve) -> str:
    """Replace each link href by ``resolve(href)``, unless that returns None.

    nbconvert leaves links between pages as written in the notebook
    (``nonparametric.py``); MkDocs only rewrites links of Markdown pages.
    """

    def replace(match: re.Match[str]) -> str:
        new = resolve(html.unescape(match.group(2)))
        return match.group(0) if new is None else match.group(1) + new + match.group(3)

    return _LINK.sub(replace, content)


_DATA_IMAGE = re.compile(r'src="data:image/(png|svg\+xml);base64,([A-Za-z0-9+/=\s]+)"')
_IMG = re.compile(r"<img\b[^>]*>")
_ALT = re.compile(r'\salt="[^"]*"')
_SVG_TITLE = re.compile(rb"<svg\b[^>]*>\s*<title>(.*?)</title>", re.S)
_SVG_FACTS = re.compile(rb"<!-- attn-figure (\{.*?\}) -->")
PHONE_COLUMN_PX = 335  # the text column of a 375 px wide phone


def image_metadata(blob: bytes) -> tuple[str | None, dict]:
    """The description and reading facts a figure carries in its file.

    ``attention_tutorial.figures`` writes them (``TutorialFigure``): the SVG's
    ``<title>`` or the PNG's ``Description`` becomes the alt text; the facts
    (``reading_facts`` there) give the figure's classes.
    """
    if blob.startswith(b"\x89PNG"):
        from PIL import Image

        with Image.open(io.BytesIO(blob)) as image:
            text = getattr(image, "text", {})
            return text.get("Description") or None, json.loads(text.get("attn-figure", "{}"))
    title = _SVG_TITLE.search(blob)
    facts = _SVG_FACTS.search(blob[:4000])
    return (
        html.unescape(title.group(1).decode("utf-8")) if title else None,
        json.loads(facts.group(1)) if facts else {},
    )


def figure_attributes(description: str | None, facts: dict) -> str:
    """The ``alt``, ``class`` and ``style`` of a figure's ``<img>``, from its metadata.

    >>> print(figure_attributes("a curve", {"min_width_px": 400, "colour_scale": True}))
    ... # doctest: +NORMALIZE_WHITESPACE
     alt="a curve" data-min-width="400" class="attn-figure attn-colour-scale attn-wide"
     style="--attn-min-width: 400px"
    """
    if not facts and not description:
        return ""
    out = f' alt="{html.escape(description, quote=True)}"' if description else ""
    classes = ["attn-figure"]
    style = ""
    if "min_width_px" in facts:
        out += f' data-min-width="{int(facts["min_width_px"])}"'
    if facts.get("colour_scale"):
        classes.append("attn-colour-scale")
    if facts.get("min_width_px", 0) > PHONE_COLUMN_PX:
        classes.append("attn-wide")
        style = f' style="--attn-min-width: {int(facts["min_width_px"])}px"'
    return f'{out} class="{" ".join(classes)}"{style}'


def extract_images(content: str, url_for) -> tuple[str, dict[str, bytes]]:
    """Move images inlined as data URIs into files named by their content.

    The page gets lighter and a figure is cached by the browser like any file.
    The description stored in a figure's file becomes the ``alt`` of its ``<img>``
    (instead of nbconvert's "No description has been provided for this image").
    ``url_for(name)`` gives the page-relative URL of the site path ``name``.
    Returns the new HTML and ``{site path: bytes}`` of the files to write.
    """
    files: dict[str, bytes] = {}

    def replace(match: re.Match[str]) -> str:
        kind, data = match.groups()
        blob = base64.b64decode("".join(data.split()))
        ext = "png" if kind == "png" else "svg"
        name = f"assets/figures/{hashlib.sha256(blob).hexdigest()[:16]}.{ext}"
        files[name] = blob
        return f'loading="lazy" src="{url_for(name)}"'

    def replace_img(match: re.Match[str]) -> str:
        tag = match.group(0)
        data = _DATA_IMAGE.search(tag)
        if data is None:
            return tag
        description, facts = image_metadata(base64.b64decode("".join(data.group(2).split())))
        tag = _DATA_IMAGE.sub(replace, tag)
        extra = figure_attributes(description, facts)
        if description:
            tag = _ALT.sub("", tag)
        return tag.replace("<img", "<img" + extra, 1) if extra else tag

    return _IMG.sub(replace_img, content), files


_COPY_ICON = re.compile(r'<svg aria-hidden="true" class="clipboard-copy-icon".*?</svg>', re.S)


def slim_copy_buttons(content: str) -> str:
    """Replace the inline SVG icon repeated in every code cell's copy button.

    The icon is drawn once by CSS instead (``.clipboard-copy-icon`` in
    ``docs/assets/stylesheets/extra.css``): about 1 KB less per code cell.
    """
    return _COPY_ICON.sub('<span aria-hidden="true" class="clipboard-copy-icon"></span>', content)


def css_name(css: str) -> str:
    """A content-addressed file name for a shared stylesheet."""
    return f"assets/stylesheets/notebook.{hashlib.sha256(css.encode()).hexdigest()[:10]}.css"
