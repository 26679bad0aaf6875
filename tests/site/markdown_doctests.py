"""Doctests written in the Markdown cells of notebook pages (exercises, handbook)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import jupytext
import pytest

PY_BLOCK = re.compile(r"```python\n(.*?)```", re.S)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def markdown_of(path: Path) -> str:
    """The Markdown cells of a jupytext notebook, joined."""
    nb = jupytext.read(path)
    return "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")


def parse(code: str, name: str) -> doctest.DocTest:
    """The ``>>>`` examples of one code block, with fresh globals."""
    return doctest.DocTestParser().get_doctest(code, {}, name, name.split("#")[0], 0)


# Examples that passed in this process: the same block again (the English copy of a
# Chinese one, run in the same worker: tests/conftest.py groups them) asserts nothing new.
_PASSED: set[tuple[tuple[str, str], ...]] = set()


def run(test: doctest.DocTest) -> None:
    """Run the examples; a mismatch fails the calling test with doctest's report."""
    key = tuple((example.source, example.want) for example in test.examples)
    if key in _PASSED:
        return
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=lambda text: pytest.fail(text, pytrace=False))
    assert runner.failures == 0
    _PASSED.add(key)
