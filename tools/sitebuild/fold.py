"""Fold an executed code cell: its code and output in a collapsed ``<details>``.

A cell the reader may skip (the checks of a page's text) is marked on its jupytext
marker line, with a summary in the page's language::

    # %% fold="逐条核对正文的代码"

The code is shared by both languages and the summary is not, so the marker is cell
metadata, not a line of code: the code cells stay identical (one execution for both
languages, ``execute.py``), and ``sync.py`` copies the Chinese cell but keeps the
English page's own summary (:func:`with_own_summary`); a Chinese fold without an
English summary stops the sync with a message saying what to write.

jupytext keeps the metadata in the executed notebook (``cell.metadata["fold"]``);
:func:`summaries` reads it by cell id, and :func:`fold_cells` wraps the cell's whole
block (input and output) in ``<details class="example attn-fold">`` with the summary,
closed. A page without the marker is left as it was, byte for byte. Inside the block
the copy button and the search index see the same cell as before (Material's search
indexes a closed ``<details>``); the PDF (``tools/pdf.py``) opens every ``<details>``
before printing, so a folded cell prints open: the prose around it ("the cell
below") still points at something on paper.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from bs4 import BeautifulSoup, Tag

from tools.sitebuild.html_tree import has_class

_KEY = "fold"
# the class of the block: Material's "example" look, as the folded package sources have
_CLASSES = "example attn-fold"
# `fold="…"` on a `# %%` line: a JSON string, as jupytext reads it
_ON_MARKER = re.compile(r'(?<![\w.-])fold=("(?:[^"\\]|\\.)*")')


def summary(marker: str) -> str | None:
    """The fold summary written on a cell's marker line, or None.

    >>> summary('# %% fold="Checks of the text"')
    'Checks of the text'
    >>> summary("# %%") is None
    True
    """
    found = _ON_MARKER.search(marker)
    return None if found is None else json.loads(found[1])


def with_own_summary(code: str, own: str, name: str = "page") -> str:
    r"""A code cell copied from the other language (``code``), with the summary of ``own``.

    ``code`` and ``own`` are cells of a percent file, marker line first. A fold in
    ``code`` keeps ``own``'s summary; ``own`` must have one.

    >>> zh = '# %% fold="核对正文"\nassert True\n'
    >>> with_own_summary(zh, '# %% fold="Checks"\npass\n')
    '# %% fold="Checks"\nassert True\n'
    """
    marker, _, body = code.partition("\n")
    if summary(marker) is None:
        return code
    own_marker = own.partition("\n")[0]
    if summary(own_marker) is None:
        raise ValueError(
            f"{name}: the cell starting {body.partition(chr(10))[0]!r} is folded in the zh "
            f"page; give its `# %%` line in this page a summary in this page's language: "
            f'# %% fold="…"'
        )
    theirs = _ON_MARKER.search(own_marker)[1]
    return _ON_MARKER.sub(lambda _: f"fold={theirs}", marker, count=1) + "\n" + body


def summaries(notebook: str | Path | None) -> dict[str, str]:
    """``{cell id: summary}`` of the folded code cells of an executed notebook (or none)."""
    if not notebook or not str(notebook).endswith(".ipynb"):
        return {}
    path = Path(notebook)
    stat = path.stat()
    return dict(_read_summaries(str(path), stat.st_mtime_ns, stat.st_size))


@functools.lru_cache(maxsize=64)
def _read_summaries(path: str, mtime_ns: int, size: int) -> tuple[tuple[str, object], ...]:
    """The ``fold`` metadata of each cell that has one, read once per version of the file."""
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    return tuple((c["id"], c["metadata"][_KEY]) for c in cells if _KEY in c.get("metadata", {}))


def fold_cells(tree: BeautifulSoup, folds: dict[str, str]) -> int:
    """Wrap each folded cell of a notebook page in a closed ``<details>``; return how many.

    ``folds`` is :func:`summaries`'s answer. mkdocs-jupyter writes a code cell as a
    ``jp-Cell`` block with the id ``cell-id=<id>`` inside another ``jp-Cell`` block;
    the outermost one, input and output, goes into the ``<details>``.

    >>> from tools.sitebuild.html_tree import parse, serialize
    >>> tree = parse(
    ...     '<div class="jp-Cell"><div class="jp-Cell" id="cell-id=c1">x</div></div>'
    ... )
    >>> fold_cells(tree, {"c1": "Checks <of> it"})
    1
    >>> print(serialize(tree))
    <details class="example attn-fold">
    <summary>Checks &lt;of&gt; it</summary>
    <div class="jp-Cell"><div class="jp-Cell" id="cell-id=c1">x</div></div>
    </details>
    """
    for cell_id, text in folds.items():
        cell = tree.find(id=f"cell-id={cell_id}")
        if not isinstance(text, str) or not text.strip():
            raise ValueError(
                f"cell {cell_id}: fold={json.dumps(text)} needs a summary to show, e.g. "
                f'`# %% fold="Checks of the text"`'
            )
        if cell is None:
            raise ValueError(f"the folded cell {cell_id} is not on the page")
        while isinstance(cell.parent, Tag) and has_class(cell.parent, "jp-Cell"):
            cell = cell.parent
        block = tree.new_tag("details", attrs={"class": _CLASSES})
        head = tree.new_tag("summary")
        head.append(tree.new_string(html.escape(text.strip(), quote=False)))
        cell.wrap(block)
        block.insert(0, "\n")
        block.insert(1, head)
        block.insert(2, "\n")
        block.append("\n")
    return len(folds)
