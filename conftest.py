"""Collection set-up shared by the whole test run.

* The Markdown pages in ``docs/`` are doctested with Sybil: every ```python
  block with ``>>>`` examples is checked, in both languages. The examples of a
  page share its namespace and build on each other, so each page is one test
  that runs them in order (pytest-xdist could send Sybil's one-test-per-example
  to two processes) and reports every failed example with its line.
* The jupytext ``.py`` notebooks in ``docs/`` are pages, not modules: they are
  never imported by ``--doctest-modules``; the site build executes them.
* Each pytest-xdist worker gives torch its share of the cores: by default every
  process runs as many torch threads as the machine has cores, and two workers on
  two cores spent a quarter of the unit tests' CPU time in threads waiting for each
  other (fast subset: 42-47 core-seconds with two threads each, 33-34 with one). Only
  the workers' own torch is set here: the kernels the builds start run one thread
  each by their own setting (``tools/sitebuild/execute.py``, part of the cache key),
  as in any other build.
"""

import os
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.example import SybilFailure
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser


def torch_threads() -> int | None:
    """The torch threads of one test process: its share of the cores under pytest-xdist,
    ``None`` (torch's default) in a single process."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    return max(1, len(os.sched_getaffinity(0)) // workers) if workers > 1 else None


def pytest_configure(config):
    threads = torch_threads()
    if threads is not None:
        import torch

        torch.set_num_threads(threads)


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
        document = SYBIL.parse(Path(self.path))
        if Path(self.path).parent.name == "api":  # the imports an API page says it assumes
            document.namespace.update(api_page_imports())
        for example in document:
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


def api_page_imports() -> dict:
    """The names of ``import numpy as np``, ``import torch`` and ``from attention_tutorial
    import *``: what every API page says its examples assume."""
    import numpy as np
    import torch

    import attention_tutorial

    names = {name: getattr(attention_tutorial, name) for name in attention_tutorial.__all__}
    return {"np": np, "torch": torch, **names}


@pytest.fixture(autouse=True)
def _api_page_imports(doctest_namespace):
    """The package's examples run with the imports their API pages state (as the examples
    of the API pages' Markdown do, and ``tests/site/test_api_pages.py``), so that an example
    need not import again what its page says is imported."""
    doctest_namespace.update(api_page_imports())
