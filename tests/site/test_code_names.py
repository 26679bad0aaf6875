"""The pages' code cells name no variable after a Python builtin.

The where page's example called its tensor ``input`` (torch.where's name for it), which
hides Python's ``input()`` for the rest of the reader's notebook (issue 26).
"""

from __future__ import annotations

import ast
import builtins

from tests.conftest import ROOT

DOCS = ROOT / "docs"

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


def test_no_code_cell_names_a_variable_after_a_builtin() -> None:
    # jupytext percent pages: the Markdown cells are comments, the code cells the code
    pages = sorted(DOCS.glob("*/**/*.py"))
    assert len(pages) > 40  # both languages
    shadowing = [
        f"{page.relative_to(DOCS)}:{line}: {name}"
        for page in pages
        for line, name in shadowed_builtins(page.read_text(encoding="utf-8"))
    ]
    assert shadowing == []
