"""Find the notebook pages: one jupytext percent ``.py`` file per page and language.

A page that shows code exists once per language (``docs/zh/x.py`` and
``docs/en/x.py``); both hold the same code cells and differ in their Markdown
cells.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LANGS = ("zh", "en")


@dataclass(frozen=True)
class Notebook:
    """One language's notebook page: ``rel`` is its path inside the language's folder."""

    lang: str
    path: Path  # the .py source
    rel: str  # e.g. ``handbook/bmm.py``

    def read(self) -> nbformat.NotebookNode:
        """Read the jupytext source into a notebook without outputs (``read_notebook``)."""
        return read_notebook(self.path)


def read_notebook(path: Path) -> nbformat.NotebookNode:
    """``jupytext.read(path)``, parsed once per process for each text the file has held.

    Each call gets its own copy, to change as it likes. The site's tests read every page
    in a dozen places: parsing with jupytext took 7 of the 150 CPU-s of the fast tests.
    """
    path = Path(path)
    return copy.deepcopy(_parsed(path.read_text(encoding="utf-8"), path.suffix))


@functools.lru_cache(maxsize=512)
def _parsed(text: str, suffix: str) -> nbformat.NotebookNode:
    return jupytext.reads(text, fmt={"extension": suffix})


def discover(docs: Path = DOCS, langs: Iterable[str] = LANGS) -> list[Notebook]:
    """Every notebook page of the given languages under ``docs/<lang>/``."""
    found = []
    for lang in langs:
        for path in sorted((docs / lang).rglob("*.py")):
            found.append(Notebook(lang, path, path.relative_to(docs / lang).as_posix()))
    return found


def code_cells(nb: nbformat.NotebookNode) -> list[str]:
    """The sources of the code cells, in order."""
    return [cell.source for cell in nb.cells if cell.cell_type == "code"]
