"""tools/pdf_book.py: the book's pages, read from each language's navigation."""

from __future__ import annotations

import pytest

from tools import pdf_book
from tools.sitebuild.notebooks import DOCS


def sources(lang: str) -> list[list[str]]:
    return [pages for _, pages in pdf_book.book(lang)[1]]


def test_both_books_hold_the_same_pages_in_the_same_order():
    assert sources("zh") == sources("en")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_chapter_then_the_handbook_every_page_a_source(lang):
    config, [(chapter_title, chapter), (handbook_title, handbook)] = pdf_book.book(lang)
    assert chapter_title == pdf_book.WORDS[lang]["chapter"]
    assert handbook_title in {"张量 API 手册", "Tensor API handbook"}
    assert chapter[0] == "cues.py" and chapter[-1] == "recap.py"
    assert all(page.endswith(".py") and "/" not in page for page in chapter)
    assert handbook[0] == "handbook/index.md" and len(handbook) > 10
    assert [p for p in chapter + handbook if not (DOCS / lang / p).is_file()] == []
    assert config["site_name"]


def test_a_nav_without_a_handbook_is_refused(tmp_path):
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nnav:\n  - A: a.py\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no chapter pages or no handbook"):
        pdf_book.book("zh", tmp_path)


@pytest.mark.parametrize(
    ("src", "url"),
    [("index.md", ""), ("cues.py", "cues/"), ("handbook/index.md", "handbook/"),
     ("handbook/masked-fill.py", "handbook/masked-fill/")],
)  # fmt: skip
def test_page_url(src, url):
    assert pdf_book.page_url(src) == url
