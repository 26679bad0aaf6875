"""Chapter pages whose code is written for a phone: every line at most 40 columns.

Round 47: at 375 px, 13 code blocks of the parametric page scrolled sideways, and a phone
reader saw half of ``x_train, y_train, x_test = data.x_train, ...``. The handbook pages'
code is held to a phone's 40 columns (``tests/site/test_handbook.py``); the chapter pages
listed here are held to it too: their code cells, their ```python blocks and their
``>>>`` solutions (a solution sits in a folded answer, whose box is narrower: 37).
"""

from __future__ import annotations

import re

import jupytext
import pytest

from tests.site.markdown_doctests import PY_BLOCK, markdown_of
from tools.sitebuild.docstring_links import PHONE_CODE_COLUMNS, columns
from tools.sitebuild.notebooks import DOCS, code_cells

LANGS = ("zh", "en")
PAGES = ("cues.py", "average.py", "parametric.py", "dot-product.py")
# a folded answer's box is indented: its doctest lines keep 3 columns free
SOLUTION_COLUMNS = PHONE_CODE_COLUMNS - 3
SOLUTION = re.compile(r"<details><summary>.*?</details>", re.S)


def wide_lines(lang: str, name: str) -> list[str]:
    """The lines of a page's code over a phone's columns (a solution's over 37)."""
    path = DOCS / lang / name
    markdown = markdown_of(path)
    solutions = SOLUTION.findall(markdown)
    blocks = [(block, PHONE_CODE_COLUMNS) for block in code_cells(jupytext.read(path))]
    blocks += [
        (block, PHONE_CODE_COLUMNS) for block in PY_BLOCK.findall(SOLUTION.sub("", markdown))
    ]
    blocks += [
        (block, SOLUTION_COLUMNS) for answer in solutions for block in PY_BLOCK.findall(answer)
    ]
    return [
        line
        for block, width in blocks
        for line in block.splitlines()
        if line.startswith((">>>", "...")) or width == PHONE_CODE_COLUMNS
        if columns(line) > width
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_the_code_fits_a_phone(lang, name) -> None:
    assert wide_lines(lang, name) == [], (lang, name)


def test_the_check_finds_a_long_line() -> None:
    """The check reads the pages' code: a page of today's other chapter pages has lines over 40."""
    assert wide_lines("zh", "nonparametric.py")
