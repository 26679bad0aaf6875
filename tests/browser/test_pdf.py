"""`make pdf`: one PDF per language, the chapter then the handbook, printed by Chromium."""

from __future__ import annotations

import functools
import html
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from tests.browser.conftest import _require_chromium, missing_tool
from tests.conftest import once_per_run
from tools.pdf_text import fonts_of

# long: the first of these tests prints both books (``pdfs``), so they start first
# among the tests that need the site (tests/conftest.py) and the print runs beside the others
pytestmark = [pytest.mark.browser, pytest.mark.long]

ROOT = Path(__file__).resolve().parents[2]
LANG_ROOTS = {"zh": "", "en": "en/"}
FIGURE = re.compile(r'<img[^>]+src="[^"]*assets/figures/[0-9a-f]{16}\.(png|svg)"')


def squeeze(text: str) -> str:
    """Text without white space; NFKC turns the fonts' ligatures (ﬁ) back into letters."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@pytest.fixture(scope="session")
def pdfs(site, tmp_path_factory):
    """Both PDFs, printed once per run: the first process to get here prints, others wait."""
    _require_chromium()

    def print_both(out: Path) -> dict:
        # --jobs 1: both books in one process and browser, one after the other. Beside the
        # other tests both cores are busy anyway: a second process and browser printing at
        # the same time only added their start-up
        command = [
            sys.executable,
            str(ROOT / "tools" / "pdf.py"),
            "--site",
            str(site),
            "--jobs",
            "1",
        ]
        proc = subprocess.run(
            [*command, "--out", str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=900,
        )
        return {"returncode": proc.returncode, "log": proc.stdout + proc.stderr}

    out, printed = once_per_run(tmp_path_factory, "pdf", print_both)
    assert printed["returncode"] == 0, printed["log"]
    return out


def _require_pdftotext() -> None:
    """Skip without poppler's pdftotext (``missing_tool``)."""
    if not shutil.which("pdftotext"):
        missing_tool("pdftotext not found: `apt-get install poppler-utils` (`make test` does)")


@functools.cache
def read(pdfs: Path, lang: str):
    """The PDF of ``lang`` (pypdf), the text of each of its pages and its manifest.

    Once per process. The text comes from poppler's ``pdftotext``: a second per PDF,
    where pypdf's ``extract_text`` took about 20 s.
    """
    from pypdf import PdfReader

    _require_pdftotext()
    pdf = pdfs / f"attention-tutorial.{lang}.pdf"
    reader = PdfReader(pdf)
    command = ["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"]  # stream order
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    texts = text.split("\f")  # a form feed ends every page
    assert texts[-1].strip() == "" and len(texts) == len(reader.pages) + 1, len(texts)
    manifest = json.loads((pdfs / f"attention-tutorial.{lang}.json").read_text(encoding="utf-8"))
    return reader, texts[:-1], manifest


def image_count(page) -> int:
    """The images a PDF page draws, in its resources and in the forms it draws, not decoded.

    pypdf's ``page.images`` decodes each image: 15 s per PDF.
    """

    def count(resources, seen: set[int]) -> int:
        found = 0
        for ref in (resources or {}).get("/XObject", {}).values():
            xobject = ref.get_object()
            if id(xobject) in seen:
                continue
            seen.add(id(xobject))
            if xobject.get("/Subtype") == "/Image":
                found += 1
            elif xobject.get("/Subtype") == "/Form":
                found += count(xobject.get("/Resources"), seen)
        return found

    return count(page.get("/Resources"), set())


def font_names(reader) -> set[str]:
    """The base names of the fonts the PDF's pages use, without the subset tag."""
    return {str(font.get("/BaseFont", "")).split("+")[-1] for font in fonts_of(reader.pages)}


def page_title(site: Path, url: str) -> str:
    text = (site / url / "index.html").read_text(encoding="utf-8")
    inner = re.search(r"<h1[^>]*>(.*?)</h1>", text, re.S).group(1)
    return html.unescape(re.sub(r"<[^>]+>", "", inner)).replace("¶", "").strip()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_pdf_holds_the_chapter_then_the_handbook_with_every_title(site, pdfs, lang):
    _reader, texts, manifest = read(pdfs, lang)
    prefix = LANG_ROOTS[lang]
    urls = [page["url"] for page in manifest["pages"]]
    chapter = [u for u in urls if not u.startswith(prefix + "handbook/")]
    handbook = [u for u in urls if u.startswith(prefix + "handbook/")]
    assert urls == chapter + handbook and len(chapter) >= 8 and len(handbook) >= 10
    body = squeeze("".join(texts))
    titles = [squeeze(page_title(site, url)) for url in urls]
    for title in titles:  # all in the table of contents
        assert title in body, f"{lang}: {title!r} not in the PDF's text"
    # after the table of contents, the pages follow in the order of the navigation
    start = body.index(titles[-1]) + len(titles[-1])
    for title in titles:
        start = body.index(title, start) + len(title)
    if lang == "zh":
        assert "注意力汇聚" in body and "查询" in body


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_pdf_has_a_table_of_contents_and_page_numbers(pdfs, lang):
    reader, texts, _manifest = read(pdfs, lang)
    total = len(reader.pages)
    assert total >= 30
    contents = {"zh": "目录", "en": "Contents"}[lang]
    assert contents in texts[1]
    for number in (1, total // 2, total):
        assert re.search(rf"\b{number}\s*/\s*{total}\b", texts[number - 1]), number
    assert len(reader.outline) > 0  # bookmarks for the PDF viewer's sidebar


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_figure_is_missing_from_the_pdf(site, pdfs, lang):
    reader, _texts, manifest = read(pdfs, lang)
    png = svg = 0
    for page in manifest["pages"]:
        found = FIGURE.findall((site / page["url"] / "index.html").read_text(encoding="utf-8"))
        assert page["figures"] == len(found), page["url"]
        png += found.count("png")
        svg += found.count("svg")
    assert manifest["figures"] == png + svg and png + svg >= 20
    raster = sum(image_count(page) for page in reader.pages)
    assert raster >= png  # SVG figures become vector drawings


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_formulas_are_printed_in_the_katex_fonts(pdfs, lang):
    """The site's KaTeX faces are ``font-display: optional``; the PDF waits for them."""
    reader, _texts, _manifest = read(pdfs, lang)
    fonts = font_names(reader)
    assert {"KaTeX_Main-Regular", "KaTeX_Math-Italic"} <= fonts, sorted(fonts)
