"""Give each figure its width and height, read from the image file, so the page doesn't shift.

Without ``width``/``height`` the browser learns a lazy image's size only when it
arrives and pushes the text below it down (cumulative layout shift). PNG sizes
come from the IHDR header, SVG sizes from ``width``/``height`` (or the
``viewBox``), in CSS pixels.

>>> png = bytes.fromhex("89504e470d0a1a0a0000000d49484452000001f4000000c8")
>>> image_size(png)
(500, 200)
>>> image_size(
...     b'<svg xmlns="http://www.w3.org/2000/svg" width="345.6pt" height="216pt">'
... )
(461, 288)
>>> add_sizes('<img alt="" src="a.png">', {"a.png": (500, 200)}.get)
'<img alt="" src="a.png" width="500" height="200">'
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable

_PNG = b"\x89PNG\r\n\x1a\n"
_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4}
_LENGTH = re.compile(r"^\s*([0-9.]+)\s*([a-z]*)\s*$")
_SVG_TAG = re.compile(rb"<svg\b[^>]*>", re.S)


def _attr(tag: str, name: str) -> str | None:
    m = re.search(rf'\s{name}\s*=\s*["\']([^"\']*)["\']', tag)
    return m.group(1) if m else None


def _length(value: str | None) -> float | None:
    m = _LENGTH.match(value or "")
    if m is None or m.group(2) not in _UNITS:
        return None
    return float(m.group(1)) * _UNITS[m.group(2)]


def image_size(blob: bytes) -> tuple[int, int] | None:
    """(width, height) in CSS pixels of a PNG or SVG image, or None if it can't be read."""
    if blob.startswith(_PNG) and blob[12:16] == b"IHDR":
        width, height = struct.unpack(">II", blob[16:24])
        return width, height
    tag = _SVG_TAG.search(blob[:4096])
    if tag is None:
        return None
    text = tag.group(0).decode("utf-8", "replace")
    width, height = _length(_attr(text, "width")), _length(_attr(text, "height"))
    if width is None or height is None:
        box = (_attr(text, "viewBox") or "").replace(",", " ").split()
        if len(box) != 4:
            return None
        width, height = float(box[2]), float(box[3])
    if width <= 0 or height <= 0:
        return None
    return round(width), round(height)


_IMG = re.compile(r"<img\b[^>]*>", re.S)


def add_sizes(content: str, size_of: Callable[[str], tuple[int, int] | None]) -> str:
    """Add ``width``/``height`` to each ``<img>`` without them whose ``src`` has a known size."""

    def replace(match: re.Match[str]) -> str:
        tag = match.group(0)
        src = _attr(tag, "src")
        if src is None or _attr(tag, "width") is not None or _attr(tag, "height") is not None:
            return tag
        size = size_of(src)
        if size is None:
            return tag
        end = -2 if tag.endswith("/>") else -1
        return f'{tag[:end].rstrip()} width="{size[0]}" height="{size[1]}"{tag[end:]}'

    return _IMG.sub(replace, content)
