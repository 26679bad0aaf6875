"""The chapter pages' code is written for a phone: every line at most 40 columns.

Round 47: at 375 px, 13 code blocks of the parametric page scrolled sideways, and a phone
reader saw half of ``x_train, y_train, x_test = data.x_train, ...``. The handbook pages'
code is held to a phone's 40 columns (``tests/site/test_handbook.py``); every chapter page
is held to it too (round 50 wrapped the last nine): their code cells, their ```python blocks
and their ``>>>`` solutions (a solution sits in a folded answer, whose box is narrower: 37).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.markdown_doctests import PY_BLOCK, markdown_of
from tools.sitebuild.docstring_links import PHONE_CODE_COLUMNS, columns
from tools.sitebuild.notebooks import DOCS, code_cells, discover, read_notebook

LANGS = ("zh", "en")
# every chapter page (the handbook's are tests/site/test_handbook.py's)
PAGES = sorted(nb.rel for nb in discover(DOCS, ["zh"]) if "/" not in nb.rel)
# a folded answer's box is indented: its doctest lines keep 3 columns free
SOLUTION_COLUMNS = PHONE_CODE_COLUMNS - 3
SOLUTION = re.compile(r"<details><summary>.*?</details>", re.S)


def wide_lines(lang: str, name: str) -> list[str]:
    """The lines of a page's code over a phone's columns (a solution's over 37)."""
    return wide_lines_of(DOCS / lang / name)


def wide_lines_of(path: Path) -> list[str]:
    """The lines of the code of the notebook page at ``path`` over a phone's columns."""
    markdown = markdown_of(path)
    solutions = SOLUTION.findall(markdown)
    blocks = [(block, PHONE_CODE_COLUMNS) for block in code_cells(read_notebook(path))]
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


# A page with one line too long of each kind (41 columns of code, 38 of a solution's
# doctest) and every kind's longest allowed line; a wide character counts two columns.
PAGE = """# %% [markdown]
# # A page
#
# ```python
# block_fits = "_________________________"
# block_too_long = "______________________"
# ```
#
# <details><summary>Answer</summary>
#
# ```python
# >>> answer_fits = "_________________"
# >>> answer_too_long = "______________"
# ```
#
# </details>

# %%
cell_fits = "__________________________"
cell_too_long = "中文中文中文中文中文中_"
"""


def test_the_check_finds_each_kind_of_long_line(tmp_path) -> None:
    page = tmp_path / "page.py"
    page.write_text(PAGE, encoding="utf-8")
    assert wide_lines_of(page) == [
        'cell_too_long = "中文中文中文中文中文中_"',
        'block_too_long = "______________________"',
        '>>> answer_too_long = "______________"',
    ]
