"""Chinese text in Chromium's PDFs extracts as ideographs: the ToUnicode maps, fixed in place.

Chromium's PDF writer names, for some glyphs that Noto Sans CJK shares between a
Kangxi radical and an ideograph, the radical as the glyph's text ("注意⼒" instead of
"注意力"): copying, searching and extracting text from the Chinese PDF then fail.
:func:`fix_cjk_text` maps those glyphs to their ideographs, as an incremental
update of the file. Used by ``tools/pdf.py``; tested in ``tests/site/test_pdf_text.py``.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import subprocess
import zlib
from pathlib import Path

RADICALS = range(0x2E80, 0x2FE0)  # CJK Radicals Supplement and Kangxi Radicals
UNIFIED = range(0x4E00, 0xA000)  # CJK Unified Ideographs


def radical_map(cache_dir: Path | None = None) -> dict[int, int]:
    """Map each radical code point that the CJK font draws with an ideograph's glyph to it.

    Noto Sans CJK maps, e.g., U+2F12 (KANGXI RADICAL POWER) and U+529B (力) to one
    glyph; Chromium's PDF writer then tells readers the glyph is U+2F12, so the
    text copied or extracted from a Chinese PDF reads "注意⼒" instead of "注意力".

    Reading the font's ten character maps takes about 4 s of CPU: with ``cache_dir``,
    the map is kept there under the font file's path, size and time of change, and
    read back while those are the same (``tools/pdf.py`` makes it once for both books).
    """
    path = subprocess.run(
        ["fc-match", "-f", "%{file}", "Noto Sans CJK SC"], capture_output=True, text=True
    ).stdout.strip()
    if not path:
        return {}
    if cache_dir is None:
        return _radicals_of(path)
    stat = Path(path).stat()
    key = hashlib.sha256(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}".encode()).hexdigest()
    kept = cache_dir / f"radicals-{key[:16]}.json"
    if kept.is_file():
        return {int(k): v for k, v in json.loads(kept.read_text("utf-8")).items()}
    found = _radicals_of(path)
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(found), "utf-8")
    partial.replace(kept)
    return found


def _radicals_of(path: str) -> dict[int, int]:
    """:func:`radical_map` of the font collection at ``path``, read from its files."""
    from fontTools.ttLib import TTCollection

    found: dict[int, int] = {}
    for face in TTCollection(path, lazy=True).fonts:  # JP, KR, SC, TC, HK: glyphs differ
        cmap = face.getBestCmap()
        by_glyph: dict[str, int] = {}
        for code, glyph in sorted(cmap.items()):
            if code in UNIFIED:
                by_glyph.setdefault(glyph, code)
        for code, glyph in cmap.items():
            if code in RADICALS and glyph in by_glyph:
                found.setdefault(code, by_glyph[glyph])
    return found


_BFCHAR = re.compile(r"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(r"beginbfrange(.*?)endbfrange", re.S)
_HEX = re.compile(r"<([0-9A-Fa-f]+)>")


def _fix_cmap(text: str, radicals: dict[int, int]) -> str | None:
    """A ToUnicode CMap with radicals mapped to their ideographs, or None if it had none."""
    pairs: list[tuple[str, str]] = []
    for block in _BFCHAR.findall(text):
        found = _HEX.findall(block)
        pairs += list(zip(found[::2], found[1::2], strict=True))
    for block in _BFRANGE.findall(text):
        found = _HEX.findall(block)
        for low, high, dest in zip(found[::3], found[1::3], found[2::3], strict=True):
            width = len(low)
            for offset in range(int(high, 16) - int(low, 16) + 1):
                code = f"{int(low, 16) + offset:0{width}X}"
                pairs.append((code, f"{int(dest, 16) + offset:04X}"))
    changed = False
    fixed = []
    for src, dest in pairs:
        if len(dest) == 4 and int(dest, 16) in radicals:
            dest, changed = f"{radicals[int(dest, 16)]:04X}", True
        fixed.append((src, dest))
    if not changed:
        return None
    head = text[: min(m.start() for m in re.finditer(r"\d+ begin(bfchar|bfrange)", text))]
    tail = text[text.rindex("endbf") :].split("\n", 1)[1]
    body = ""
    for start in range(0, len(fixed), 100):
        chunk = fixed[start : start + 100]
        body += f"{len(chunk)} beginbfchar\n"
        body += "".join(f"<{s}> <{d}>\n" for s, d in chunk)
        body += "endbfchar\n"
    return head + body + tail


def fonts_of(pages):
    """The font dictionaries of ``pages`` (pypdf), page by page, repeats included."""
    for page in pages:
        for ref in page.get("/Resources", {}).get("/Font", {}).values():
            yield ref.get_object()


def fix_cjk_text(pdf: Path, cache_dir: Path | None = None) -> int:
    """Make Chinese text extract as ideographs (fix ToUnicode maps); return the maps fixed.

    The fixed maps are appended to the file as an incremental update (new versions
    of those objects, their cross-reference section and a trailer pointing to the
    previous one), so the rest of the file is neither parsed nor written again:
    rewriting the whole 9 MB file with pypdf took 10 s per language. Only the update
    is written, at the end of the file.
    """
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject, NameObject

    radicals = radical_map(cache_dir)
    if not radicals:
        return 0
    data = pdf.read_bytes()
    reader = PdfReader(io.BytesIO(data))
    fixed: dict[int, tuple[int, bytes]] = {}  # object number -> (generation, new map)
    seen: set[int] = set()
    for font in fonts_of(reader.pages):
        ref = font.raw_get(NameObject("/ToUnicode")) if "/ToUnicode" in font else None
        if not isinstance(ref, IndirectObject) or ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        text = _fix_cmap(ref.get_object().get_data().decode("latin-1"), radicals)
        if text is not None:
            fixed[ref.idnum] = (ref.generation, text.encode("latin-1"))
    if not fixed:
        return 0
    previous = int(re.findall(rb"startxref\s+(\d+)", data[-1024:])[-1])
    out = io.BytesIO()  # the update; its offsets count from the start of the file
    base = len(data)
    if not data.endswith(b"\n"):
        out.write(b"\n")
    offsets = {}
    for number, (generation, cmap) in sorted(fixed.items()):
        stream = zlib.compress(cmap)
        offsets[number] = base + out.tell()
        head = f"{number} {generation} obj\n<</Filter /FlateDecode /Length {len(stream)}>>"
        out.write(head.encode() + b"\nstream\n" + stream + b"\nendstream\nendobj\n")
    xref = base + out.tell()
    out.write(b"xref\n0 1\n0000000000 65535 f\r\n")  # the free list's head, as readers expect
    for number, offset in sorted(offsets.items()):  # one subsection per object
        out.write(f"{number} 1\n{offset:010d} {fixed[number][0]:05d} n\r\n".encode())
    trailer = reader.trailer
    entries = [f"/Size {trailer['/Size']}", f"/Prev {previous}"]
    for key in ("/Root", "/Info"):
        if key in trailer:
            ref = trailer.raw_get(key)
            entries.append(f"{key} {ref.idnum} {ref.generation} R")
    if "/ID" in trailer:  # Chromium writes none; a file that has one keeps it
        ids = io.BytesIO()
        trailer.raw_get("/ID").write_to_stream(ids)
        entries.append("/ID " + ids.getvalue().decode("latin-1"))
    out.write(f"trailer\n<<{' '.join(entries)}>>\nstartxref\n{xref}\n%%EOF\n".encode())
    with open(pdf, "ab") as handle:
        handle.write(out.getvalue())
    return len(fixed)
