"""Collection set-up shared by the whole test run.

* The Markdown pages in ``docs/`` are doctested with Sybil: every ```python
  block with ``>>>`` examples is a test, in both languages.
* The jupytext ``.py`` notebooks in ``docs/`` are pages, not modules: they are
  never imported by ``--doctest-modules``; the site build executes them.
"""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

collect_ignore_glob = ["docs/*/*.py", "docs/*/*/*.py", "site/*", ".cache/*", "benchmarks/*"]

pytest_collect_file = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        SkipParser(),
    ],
    patterns=["*.md"],
    path="docs",
    excludes=["assets/*"],
).pytest()
