"""Collection set-up shared by the whole test run.

* The Markdown pages in ``docs/`` are doctested with Sybil: every ```python
  block with ``>>>`` examples is checked, in both languages. The examples of a
  page share its namespace and build on each other, so each page is one test
  that runs them in order (pytest-xdist could send Sybil's one-test-per-example
  to two processes) and reports every failed example with its line.
* The jupytext ``.py`` notebooks in ``docs/`` are pages, not modules: they are
  never imported by ``--doctest-modules``; the site build executes them.
"""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.example import SybilFailure
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

collect_ignore_glob = ["docs/*/*.py", "docs/*/*/*.py", "site/*", ".cache/*", "benchmarks/*"]

SYBIL = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        SkipParser(),
    ],
    patterns=["*.md"],
    path="docs",
    excludes=["assets/*"],
)


class ExamplesFailed(Exception):
    """The examples of a page that failed, each with its line and what went wrong."""


class MarkdownExamples(pytest.Item):
    """Every ``>>>`` example of one Markdown page, run in order in one namespace."""

    def runtest(self) -> None:
        failures = []
        for example in SYBIL.parse(Path(self.path)):
            try:
                example.evaluate()
            except SybilFailure as failure:
                failures.append(f"line {example.line}: {failure}")
            except Exception as error:  # a parser's own error: still report the others
                failures.append(f"line {example.line}: {type(error).__name__}: {error}")
        if failures:
            raise ExamplesFailed("\n\n".join(failures))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ExamplesFailed):
            return f"{self.path.name}: examples that failed\n\n{excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"{self.path.name}: examples"


class MarkdownPage(pytest.File):
    def collect(self):
        if any(True for _ in SYBIL.parse(Path(self.path))):  # pages without examples: no test
            yield MarkdownExamples.from_parent(self, name="examples")


def pytest_collect_file(file_path: Path, parent):
    if SYBIL.should_parse(file_path):
        return MarkdownPage.from_parent(parent, path=file_path)
    return None
