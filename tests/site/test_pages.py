"""Every page in both languages; the chapter pages' headings match and their solutions run."""

from __future__ import annotations

import re

import pytest

from tests.site.markdown_doctests import PY_BLOCK, markdown_of, parse, run
from tools.sitebuild.notebooks import DOCS, discover, read_notebook

ZH_PAGES = sorted(nb.rel for nb in discover(DOCS, ["zh"]))
DETAILS = re.compile(r"<details>\s*<summary>(.*?)</summary>(.*?)</details>", re.S)


def read(lang: str, rel: str):
    return read_notebook(DOCS / lang / rel)


def sources(lang: str) -> set[str]:
    """Every page source of one language (notebooks and Markdown, in subfolders too)."""
    root = DOCS / lang
    return {
        p.relative_to(root).as_posix()
        for p in [*root.rglob("*.py"), *root.rglob("*.md")]
        if "assets" not in p.relative_to(root).parts
    }


def test_both_languages_have_the_same_page_sources():
    # before any build: the built sites are compared by test_build.py, the code cells
    # by test_sync.py (test_the_project_pages_are_in_sync)
    zh, en = sources("zh"), sources("en")
    assert sorted(zh - en) == [], "write the English page of each"
    assert sorted(en - zh) == [], "an English page without a Chinese one"
    assert {"cues.py", "handbook/where.py", "api/index.md"} <= zh


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
