"""Doctests written in the Markdown cells of notebook pages (exercises, handbook)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from tools.sitebuild.notebooks import read_notebook

# ```pycon: a session, highlighted as such (prompts and output set apart, as in the API
# pages' examples); ```python: code
PY_BLOCK = re.compile(r"```(?:python|pycon)\n(.*?)```", re.S)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def markdown_of(path: Path) -> str:
    """The Markdown cells of a jupytext notebook, joined."""
    nb = read_notebook(path)
    return "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")


def parse(code: str, name: str) -> doctest.DocTest:
    """The ``>>>`` examples of one code block, with fresh globals."""
    return doctest.DocTestParser().get_doctest(code, {}, name, name.split("#")[0], 0)


def run(test: doctest.DocTest) -> None:
    """Run the examples; a mismatch fails the calling test with doctest's report."""
    runner = doctest.DocTestRunner(verbose=False, optionflags=FLAGS)
    runner.run(test, out=lambda text: pytest.fail(text, pytrace=False))
    assert runner.failures == 0
