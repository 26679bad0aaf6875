"""Every chapter page: both languages, identical code, working exercise solutions."""

from __future__ import annotations

import re

import jupytext
import pytest

from tests.site.markdown_doctests import PY_BLOCK, markdown_of, parse, run
from tools.sitebuild.notebooks import DOCS, code_cells, discover
from tools.sitebuild.sync import COMMAND

ZH_PAGES = sorted(nb.rel for nb in discover(DOCS, ["zh"]))
MD_PAGES = sorted(p.relative_to(DOCS / "zh").as_posix() for p in (DOCS / "zh").glob("*.md"))
DETAILS = re.compile(r"<details>\s*<summary>(.*?)</summary>(.*?)</details>", re.S)


def read(lang: str, rel: str):
    return jupytext.read(DOCS / lang / rel)


@pytest.mark.parametrize("rel", ZH_PAGES + MD_PAGES)
def test_page_exists_in_english(rel):
    assert (DOCS / "en" / rel).is_file()


def test_english_has_no_page_that_chinese_lacks():
    en = {p.relative_to(DOCS / "en").as_posix() for p in (DOCS / "en").glob("*.*")}
    zh = {p.relative_to(DOCS / "zh").as_posix() for p in (DOCS / "zh").glob("*.*")}
    assert en == zh


@pytest.mark.parametrize("rel", ZH_PAGES)
def test_code_cells_are_identical_in_both_languages(rel):
    # code is written once, in docs/zh; the sync tool copies it into docs/en
    assert code_cells(read("zh", rel)) == code_cells(read("en", rel)), (
        f"the code cells of docs/en/{rel} differ from docs/zh/{rel}: edit the code in "
        f"docs/zh/{rel}, then run `{COMMAND}` (python -m tools.sitebuild.sync)"
    )


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
        markdown = markdown_of(DOCS / lang / rel)
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
