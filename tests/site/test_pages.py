"""Every chapter page: both languages, identical code, working exercise solutions."""

from __future__ import annotations

import re

import jupytext
import pytest

from tests.site.markdown_doctests import PY_BLOCK, markdown_of, parse, run
from tools.sitebuild import execute

ZH_PAGES = sorted(nb.rel for nb in execute.discover(["zh"]))
MD_PAGES = sorted(p.relative_to(execute.DOCS / "zh").as_posix() for p in (execute.DOCS / "zh").glob("*.md"))
DETAILS = re.compile(r"<details>\s*<summary>(.*?)</summary>(.*?)</details>", re.S)


def read(lang: str, rel: str):
    return jupytext.read(execute.DOCS / lang / rel)


@pytest.mark.parametrize("rel", ZH_PAGES + MD_PAGES)
def test_page_exists_in_english(rel):
    assert (execute.DOCS / "en" / rel).is_file()


def test_english_has_no_page_that_chinese_lacks():
    en = {p.relative_to(execute.DOCS / "en").as_posix() for p in (execute.DOCS / "en").glob("*.*")}
    zh = {p.relative_to(execute.DOCS / "zh").as_posix() for p in (execute.DOCS / "zh").glob("*.*")}
    assert en == zh


@pytest.mark.parametrize("rel", ZH_PAGES)
def test_code_cells_are_identical_in_both_languages(rel):
    assert execute.code_cells(read("zh", rel)) == execute.code_cells(read("en", rel))


@pytest.mark.parametrize("rel", ZH_PAGES)
def test_headings_have_the_same_structure(rel):
    def levels(nb):
        return [
            len(m.group(1))
            for cell in nb.cells
            if cell.cell_type == "markdown"
            for m in re.finditer(r"^(#{1,6}) ", cell.source, re.M)
        ]

    assert levels(read("zh", rel)) == levels(read("en", rel))


def solutions(lang: str) -> list[tuple[str, int, str]]:
    """Every ```python block inside a collapsed <details> block of a notebook page."""
    found = []
    for rel in ZH_PAGES:
        markdown = markdown_of(execute.DOCS / lang / rel)
        index = 0
        for _, body in DETAILS.findall(markdown):
            for code in PY_BLOCK.findall(body):
                found.append((rel, index, code))
                index += 1
    return found


# The Chinese solutions only: the English ones are the same code (asserted below).
SOLUTIONS = [(lang, *s) for lang in ("zh",) for s in solutions(lang)]


def test_both_languages_have_the_same_number_of_solutions():
    assert len(solutions("zh")) == len(solutions("en"))
    assert solutions("zh") == solutions("en")  # the same code, so the English ones need no run


@pytest.mark.parametrize(
    ("lang", "rel", "index", "code"), SOLUTIONS, ids=[f"{s[0]}/{s[1]}#{s[2]}" for s in SOLUTIONS]
)
def test_exercise_solution_runs(lang, rel, index, code):
    test = parse(code, f"{lang}/{rel}#{index}")
    assert test.examples, "a solution code block must be written as >>> examples"
    run(test)
