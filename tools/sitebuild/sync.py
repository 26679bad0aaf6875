"""Write the code cells of the Chinese notebook pages into their English twins.

Each code cell is written once, in ``docs/zh/<page>.py``; the English page keeps
its own Markdown cells and receives the Chinese page's code cells, in order::

    python -m tools.sitebuild.sync            # or: make sync-code
    python -m tools.sitebuild.sync --check    # exit 1 if a page is out of sync

A jupytext percent file is split on its ``# %%`` cell markers; a code cell (a
marker without ``[markdown]``) is copied as written, marker line included, so
nothing else in the English file moves. Both pages must have the same number of
code cells: a new cell is added to the English page by hand (an empty ``# %%``
where it belongs), then filled by this tool. A folded cell's summary
(``# %% fold="…"``, ``fold.py``) is prose: the English page keeps its own.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from pathlib import Path

from tools.sitebuild import fold
from tools.sitebuild.notebooks import DOCS

SOURCE, TARGET = "zh", "en"
COMMAND = "make sync-code"  # what the check's message tells the reader to run
_MARKER = re.compile(r"^# %%(?:[ \t].*)?$", re.M)


def split_cells(text: str) -> list[str]:
    """Split a percent file into chunks: the header, then one chunk per cell marker."""
    starts = [m.start() for m in _MARKER.finditer(text)]
    bounds = [0, *starts, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


def is_code(chunk: str) -> bool:
    """True for a chunk that starts with a code cell marker."""
    first = chunk.split("\n", 1)[0]
    return _MARKER.match(first) is not None and "[" not in first


def synced(source: str, target: str, name: str = "page") -> str:
    """``target`` with its code cells replaced, in order, by those of ``source``."""
    code = [chunk for chunk in split_cells(source) if is_code(chunk)]
    chunks = split_cells(target)
    slots = [i for i, chunk in enumerate(chunks) if is_code(chunk)]
    if len(slots) != len(code):
        raise ValueError(
            f"{name}: {len(code)} code cells in {SOURCE}, {len(slots)} in {TARGET}; add or "
            f"remove `# %%` cells in the {TARGET} page so that both have the same cells, "
            f"then run `{COMMAND}` again"
        )
    for slot, chunk in zip(slots, code, strict=True):
        chunk = fold.with_own_summary(chunk, chunks[slot], name)
        # keep the target's blank lines before the next cell, so only code changes
        tail = chunks[slot][len(chunks[slot].rstrip("\n")) :]
        chunks[slot] = chunk.rstrip("\n") + tail if slot < len(chunks) - 1 else chunk
    return "".join(chunks)


def pairs(docs: Path = DOCS) -> list[tuple[Path, Path]]:
    """(Chinese page, English page) for every notebook page of the Chinese site."""
    return [
        (path, docs / TARGET / path.relative_to(docs / SOURCE))
        for path in sorted((docs / SOURCE).rglob("*.py"))
    ]


def sync(docs: Path = DOCS, *, check: bool = False) -> list[str]:
    """Sync (or with ``check`` only list) the English pages whose code differs; return them."""
    stale = []
    for source, target in pairs(docs):
        name = target.relative_to(docs).as_posix()
        if not target.exists():
            raise ValueError(f"{name} is missing: write the {TARGET} page (prose), then sync")
        old = target.read_text(encoding="utf-8")
        new = synced(source.read_text(encoding="utf-8"), old, name)
        if new != old:
            stale.append(name)
            if not check:
                target.write_text(new, encoding="utf-8")
    return stale


def main(argv: list[str] | None = None) -> int:
    """Command line: sync, or ``--check``; the exit status is 1 when a check finds work."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="change nothing, exit 1 if stale")
    args = parser.parse_args(argv)
    try:
        stale = sync(check=args.check)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    for name in stale:
        print(f"{'out of sync' if args.check else 'synced'}: docs/{name}")
    if args.check and stale:
        print(f"run `{COMMAND}` to write the {SOURCE} code cells into them", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
