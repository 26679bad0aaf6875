"""What a first visit to a page of the built site downloads, raw and gzip, read from the files.

A static estimate of what the browser fetches before the reader scrolls, with
an empty cache: the page, its stylesheets and scripts, its favicon, the images
not marked ``loading="lazy"``, the web fonts its formulas need, and, when the
page does not load search on demand, Material's search worker and index (which
its bundle fetches at start). Text files count gzip-compressed as a static host
serves them (level 6); PNG and WOFF2 files as they are.

>>> gzip_size(b"a" * 1000) < 40
True
"""

from __future__ import annotations

import functools
import gzip
import json
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

import tinycss2

from tools.sitebuild import cssprune

_COMPRESSED = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".ico"}
_STYLESHEET = re.compile(r"<link\b[^>]*\brel=\"stylesheet\"[^>]*>")
_ICON = re.compile(r"<link\b[^>]*\brel=\"icon\"[^>]*>")
_SCRIPT = re.compile(r"<script\b[^>]*\bsrc=\"([^\"]+)\"")
_IMG = re.compile(r"<img\b[^>]*>")
_HREF = re.compile(r"\bhref=\"([^\"]+)\"")
_SRC = re.compile(r"\bsrc=\"([^\"]+)\"")
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)
ON_DEMAND = "search-on-demand"


def gzip_size(data: bytes) -> int:
    """Bytes of ``data`` gzip-compressed at level 6 (what nginx and most static hosts send)."""
    return len(gzip.compress(data, compresslevel=6, mtime=0))


@dataclass(frozen=True)
class Resource:
    """One file a first visit downloads: its site path, raw bytes and transferred bytes."""

    path: str
    raw: int
    gzip: int


def _resource(site: Path, rel: str) -> Resource:
    stat = (site / rel).stat()
    return _measure(str(site / rel), rel, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=4096)
def _measure(path: str, rel: str, mtime_ns: int, size: int) -> Resource:
    """One file's sizes; a file shared by many pages is compressed once (per version)."""
    data = Path(path).read_bytes()
    packed = len(data) if Path(rel).suffix.lower() in _COMPRESSED else gzip_size(data)
    return Resource(rel, len(data), packed)


def _local(url: str, folder: str) -> str | None:
    url = url.split("#", 1)[0].split("?", 1)[0]
    if not url or re.match(r"^(?:[a-z][a-z0-9+.-]*:|//)", url, re.I):
        return None
    return posixpath.normpath(posixpath.join(folder, url))


_WEIGHTS = {"normal": "400", "bold": "700"}


def _face_key(family: str, weight: str, style: str) -> tuple[str, str, str]:
    return family.strip().strip("\"'"), _WEIGHTS.get(weight, weight), style or "normal"


@functools.lru_cache(maxsize=16)
def _faces(css: str) -> dict[tuple[str, str, str], str]:
    """The ``@font-face`` rules of ``css``: (family, weight, style) -> ``url()`` (parsed once)."""
    faces: dict[tuple[str, str, str], str] = {}
    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    for rule in rules:
        if rule.type == "at-rule" and rule.lower_at_keyword == "font-face":
            decls = {
                d.lower_name: tinycss2.serialize(d.value).strip()
                for d in tinycss2.parse_blocks_contents(rule.content)
                if d.type == "declaration"
            }
            url = re.search(r"url\(\s*['\"]?([^'\")]+)", decls.get("src", ""))
            if url and "font-family" in decls:
                key = _face_key(
                    decls["font-family"], decls.get("font-weight", "400"), decls.get("font-style")
                )
                faces[key] = url.group(1)
    return faces


def font_files(page: str, css: str) -> list[str]:
    """The ``url()`` of the ``@font-face`` rules of ``css`` that the page's text needs.

    Each rule of ``css`` that can match the page (``cssprune``) and sets a font
    family, weight or style asks for that face; a rule that sets only a weight
    or a style asks for it in the family of the first rule that names one
    (KaTeX's ``.katex``).

    >>> css = (
    ...     "@font-face{font-family:M;font-weight:400;font-style:normal;src:url(m.woff2)}"
    ...     "@font-face{font-family:M;font-weight:700;font-style:normal;src:url(mb.woff2)}"
    ...     ".k{font:normal 1em M,serif}.k .b{font-weight:700}"
    ... )
    >>> font_files('<span class="k">x</span>', css)
    ['m.woff2']
    >>> font_files('<span class="k"><b class="b">x</b></span>', css)
    ['m.woff2', 'mb.woff2']
    """
    faces = _faces(css)
    if not faces:
        return []
    families = {key[0] for key in faces}
    kept = re.sub(r"@font-face\{[^}]*\}", "", cssprune.prune(css, cssprune.used_names([page])))
    wanted: list[tuple[str, str, str]] = []
    base = None
    for body in re.findall(r"\{([^{}]*)\}", kept):
        props = dict(
            (k.strip().lower(), v.strip())
            for k, _, v in (p.partition(":") for p in body.split(";"))
            if k.strip()
        )
        family = None
        for name in ("font-family", "font"):
            if name in props:
                for word in re.split(r"[,\s]+", props[name]):
                    if word.strip("\"'") in families:
                        family = word.strip("\"'")
                        break
        weight = props.get("font-weight", "400")
        style = props.get("font-style", "normal")
        if family is not None:
            base = base or family
            wanted.append(_face_key(family, weight, style))
        elif base is not None and ("font-weight" in props or "font-style" in props):
            wanted.append(_face_key(base, weight, style))
    urls: list[str] = []
    for key in wanted:
        if key in faces and faces[key] not in urls:
            urls.append(faces[key])
    return urls


def first_visit(site: Path, page: str) -> list[Resource]:
    """What a first visit to site path ``page`` (``en/parametric/index.html``) downloads."""
    site = Path(site)
    folder = posixpath.dirname(page)
    html = (site / page).read_text(encoding="utf-8")
    found: list[str] = []

    def add(url: str | None, base: str = folder) -> str | None:
        rel = _local(url or "", base) if url else None
        if rel and rel not in found and (site / rel).is_file():
            found.append(rel)
            return rel
        return None

    stylesheets = []
    for tag in _STYLESHEET.findall(html):
        href = _HREF.search(tag)
        if href and (rel := add(href.group(1))):
            stylesheets.append(rel)
    for tag in _ICON.findall(html):
        href = _HREF.search(tag)
        add(href.group(1) if href else None)
    for src in _SCRIPT.findall(html):
        add(src)
    for tag in _IMG.findall(html):
        src = _SRC.search(tag)
        if src and 'loading="lazy"' not in tag:
            add(src.group(1))
    for rel in stylesheets:
        css = (site / rel).read_text(encoding="utf-8")
        for url in font_files(html, css):
            add(url, posixpath.dirname(rel))
    config = _CONFIG.search(html)
    if config and ON_DEMAND not in html and 'name="search"' in html:
        settings = json.loads(config.group(1))
        base = posixpath.normpath(posixpath.join(folder, settings.get("base", ".")))
        add(settings.get("search"))
        add("search/search_index.json", base)
    return [_resource(site, page)] + [_resource(site, rel) for rel in found]


def total(resources: list[Resource]) -> tuple[int, int]:
    """(raw, gzip) bytes of ``resources``."""
    return sum(r.raw for r in resources), sum(r.gzip for r in resources)
