"""``tools.pdf_text.fix_cjk_text`` on a small PDF: Chinese text extracts as ideographs.

The printed PDFs themselves are checked in ``tests/browser/test_pdf.py`` (their
titles, with 力 among them, are read back from the text); this checks how the fix
is written: an incremental update that leaves every byte of the file before it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import DictionaryObject, NameObject, StreamObject

from tools import pdf_text as pdftool

# Noto Sans CJK draws U+2F12 KANGXI RADICAL POWER with the glyph of U+529B 力, and
# U+2F11 KANGXI RADICAL KNIFE with that of U+5200 刀
RADICALS = {0x2F12: 0x529B, 0x2F11: 0x5200}
CMAP = (
    "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
    "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
    "2 beginbfchar\n<0001> <6CE8>\n<0002> <2F12>\nendbfchar\n"
    "1 beginbfrange\n<0003> <0004> <2F11>\nendbfrange\n"
    "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
)


def write_pdf(path: Path) -> None:
    """One page with three fonts: two share a map with radicals, one has a plain map."""
    writer = PdfWriter()
    page = writer.add_blank_page(100, 100)
    fonts = DictionaryObject()
    maps = []
    for text in (CMAP, CMAP.replace("<2F12>", "<529B>").replace("<2F11>", "<5200>")):
        stream = StreamObject()
        stream.set_data(text.encode("latin-1"))
        maps.append(writer._add_object(stream))
    for name, cmap in (("/F1", maps[0]), ("/F2", maps[0]), ("/F3", maps[1])):
        font = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type0"),
                NameObject("/BaseFont"): NameObject("/NotoSansCJKsc-Regular"),
                NameObject("/ToUnicode"): cmap,
            }
        )
        fonts[NameObject(name)] = writer._add_object(font)
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): fonts})
    with open(path, "wb") as handle:
        writer.write(handle)


def maps_of(path: Path) -> dict[str, str]:
    fonts = PdfReader(path, strict=True).pages[0]["/Resources"]["/Font"]
    return {name: ref.get_object()["/ToUnicode"].get_data().decode() for name, ref in fonts.items()}


def test_radicals_map_to_ideographs_in_an_update_appended_to_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(pdftool, "radical_map", lambda cache_dir=None: RADICALS)
    path = tmp_path / "book.pdf"
    write_pdf(path)
    before, plain = path.read_bytes(), maps_of(path)["/F3"]
    assert pdftool.fix_cjk_text(path) == 1  # one map, shared by two fonts
    after = path.read_bytes()
    assert after.startswith(before) and after.endswith(b"%%EOF\n")
    maps = maps_of(path)  # read strictly: the update's cross-references are right
    assert maps["/F1"] == maps["/F2"]
    assert "<0002> <529B>" in maps["/F1"] and "2F12" not in maps["/F1"]
    # the range became one pair per code: <0003> was U+2F11, <0004> U+2F12
    assert "<0003> <5200>" in maps["/F1"] and "<0004> <529B>" in maps["/F1"]
    assert "<0001> <6CE8>" in maps["/F1"] and maps["/F3"] == plain
    assert pdftool.fix_cjk_text(path) == 0 and path.read_bytes() == after  # nothing left to fix


def test_the_radical_map_is_read_from_the_font_once_while_the_font_is_unchanged(
    tmp_path, monkeypatch
):
    font = tmp_path / "NotoSansCJK-Regular.ttc"
    font.write_bytes(b"a font")
    found = subprocess.CompletedProcess([], 0, stdout=str(font), stderr="")
    monkeypatch.setattr(pdftool.subprocess, "run", lambda *args, **kwargs: found)
    reads = []
    monkeypatch.setattr(pdftool, "_radicals_of", lambda path: reads.append(path) or RADICALS)
    cache = tmp_path / "cache"
    assert pdftool.radical_map(cache) == RADICALS and reads == [str(font)]
    assert pdftool.radical_map(cache) == RADICALS and len(reads) == 1  # kept: not read again
    assert pdftool.radical_map() == RADICALS and len(reads) == 2  # no cache: read
    font.write_bytes(b"another font")  # a changed font is read again
    assert pdftool.radical_map(cache) == RADICALS and len(reads) == 3
