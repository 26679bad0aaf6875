"""`make pdf`: one PDF per language, the chapter then the handbook, printed by Chromium."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from tests.browser.conftest import _require_chromium

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LANG_ROOTS = {"zh": "", "en": "en/"}
FIGURE = re.compile(r'<img[^>]+src="[^"]*assets/figures/[0-9a-f]{16}\.(png|svg)"')


def squeeze(text: str) -> str:
    """Text without white space; NFKC turns the fonts' ligatures (ﬁ) back into letters."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@pytest.fixture(scope="session")
def pdfs(site, tmp_path_factory):
    _require_chromium()
    out = tmp_path_factory.mktemp("pdf")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "pdf.py"), "--site", str(site), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def read(pdfs: Path, lang: str):
    from pypdf import PdfReader

    reader = PdfReader(pdfs / f"attention-tutorial.{lang}.pdf")
    manifest = json.loads((pdfs / f"attention-tutorial.{lang}.json").read_text(encoding="utf-8"))
    return reader, [page.extract_text() or "" for page in reader.pages], manifest


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
    raster = sum(len(page.images) for page in reader.pages)
    assert raster >= png  # SVG figures become vector drawings
