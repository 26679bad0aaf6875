"""The pages' code cells: no variable named after a Python builtin, no line split for a comment.

The where page's example called its tensor ``input`` (torch.where's name for it), which
hides Python's ``input()`` for the rest of the reader's notebook (issue 26). And a trailing
comment too long for the line made the formatter split a short call over three lines
(``with (`` / ``torch.no_grad()`` / ``):``, issue 26, item 14).
"""

from __future__ import annotations

import ast
import builtins
import io
import tokenize
from pathlib import Path

from tests.conftest import ROOT

DOCS = ROOT / "docs"

# the pages' code line length, docs/ruff.toml
LINE_LENGTH = 88

BUILTINS = frozenset(name for name in dir(builtins) if not name.startswith("_"))


def shadowed_builtins(source: str) -> list[tuple[int, str]]:
    """The (line, name) of every builtin's name that ``source`` assigns or takes as an argument.

    >>> shadowed_builtins("input = 1\\nx = 2\\nfor list in []: pass")
    [(1, 'input'), (3, 'list')]
    >>> shadowed_builtins("def f(sum, y): return print(y)")
    [(1, 'sum')]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.arg):
            found.append((node.lineno, node.arg))
    return sorted((line, name) for line, name in found if name in BUILTINS)


def notebook_pages() -> list[Path]:
    """Every notebook page of both languages (jupytext percent: Markdown cells are comments)."""
    pages = sorted(DOCS.glob("*/**/*.py"))
    assert len(pages) > 40  # both languages
    return pages


def test_no_code_cell_names_a_variable_after_a_builtin() -> None:
    shadowing = [
        f"{page.relative_to(DOCS)}:{line}: {name}"
        for page in notebook_pages()
        for line, name in shadowed_builtins(page.read_text(encoding="utf-8"))
    ]
    assert shadowing == []


def split_for_a_comment(source: str, limit: int = LINE_LENGTH) -> list[int]:
    """The lines where a bracket holding one line is split only because of a comment.

    The formatter opens ``with torch.no_grad():  # a long note`` into three lines when the
    comment makes the line too long; without the comment the code fits on one line.

    >>> split_for_a_comment("with (\\n    torch.no_grad()\\n):  # a note\\n    pass\\n")
    [1]
    >>> split_for_a_comment("# a note\\nwith torch.no_grad():\\n    pass\\n")
    []
    >>> split_for_a_comment("x = f(\\n    1,\\n)\\n")  # a trailing comma, no comment
    []
    """
    lines = source.splitlines()
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    comments = {tok.start[0]: tok.start[1] for tok in tokens if tok.type == tokenize.COMMENT}

    def code(number: int) -> str:
        line = lines[number - 1]
        return line[: comments.get(number, len(line))].rstrip()

    found, opened = [], []
    for tok in tokens:
        if tok.type != tokenize.OP:
            continue
        if tok.string in "([{":
            opened.append(tok)
        elif tok.string in ")]}" and opened:
            start = opened.pop()
            first, last = start.start[0], tok.start[0]
            if last - first != 2 or not {first, first + 1, last} & comments.keys():
                continue
            if not code(first).endswith(start.string) or code(last).lstrip()[0] != tok.string:
                continue
            inner = code(first + 1).strip().removesuffix(",")
            joined = code(first) + inner + code(last).lstrip()
            if len(joined) <= limit:
                found.append(first)
    return found


def test_no_short_line_is_split_for_a_trailing_comment() -> None:
    split = [
        f"{page.relative_to(DOCS)}:{line}: put the comment on a line of its own"
        for page in notebook_pages()
        for line in split_for_a_comment(page.read_text(encoding="utf-8"))
    ]
    assert split == []
