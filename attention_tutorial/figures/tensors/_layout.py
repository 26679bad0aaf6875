"""The layout of a tensor picture, computed once: cell size, panel sizes, figure size.

Sizes are in inches. The cells start at 0.4 inch and shrink (down to 0.26 inch)
until the widest row of cells fits ``MAX_WIDTH``: phones scale pictures down, so
a narrow picture stays legible. Words never shrink; only the cells do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from attention_tutorial.figures.tensors.panel import Grid

MAX_WIDTH = 4.0  # inches; wider figures get smaller cells (phones scale pictures down)
# The narrow layout (a phone's): at most this wide inside the margins, so that the figure
# (with them, 3.34 inches: 334 CSS px) fits a phone's column of 335 px unshrunk, its
# smallest text (9.5 pt) about 13 px high. Its operands are stacked, one per row.
NARROW_CONTENT = 3.1
STACK_GAP = 0.15  # inches between two panels stacked without an arrow (narrow layout)
CODE_SIZE = 10.0  # points, code labels and arrow labels
CAPTION_SIZE = 9.5  # points, captions and notes
TITLE_SIZE = 10.5  # points
LINE = 0.22  # inches per caption line
GAP = 0.35  # inches between panels of one row
ARROW = 0.55  # inches of arrow between two rows
MARGIN = 0.12  # inches around the picture
TITLE = 0.35  # inches taken by the title
BOOL_ASPECT = 1.4  # the width of a boolean cell over its height
_FIRST_CELL, _SMALLEST_CELL, _CELL_STEP = 0.4, 0.26, 0.03


def text_width(text: str, size: float) -> float:
    """Rough width in inches of ``text`` at ``size`` points (CJK characters are square).

    A text of several lines: the width of its longest line.
    """
    return max(
        sum(1.0 if ord(ch) >= 0x2E80 else 0.62 for ch in line) * size / 72
        for line in text.split("\n")
    )


def _wrap(pieces: list[str], joiner: str, width: float, size: float, end: str, start: str) -> str:
    """``pieces`` joined by ``joiner`` into lines of at most ``width`` inches at ``size`` pt.

    A line that breaks gets ``end``, the next one starts with ``start``; a piece longer than
    the width stays whole.
    """
    lines = [pieces[0]]
    for piece in pieces[1:]:
        joined = f"{lines[-1]}{joiner}{piece}"
        if text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines[-1] += end
            lines.append(f"{start}{piece}")
    return "\n".join(lines)


def _split_outside(code: str, sep: str, depth: int) -> list[str]:
    """``code`` split at each ``sep`` nested in at most ``depth`` brackets, outside quotes."""
    pieces, start, level, quote = [], 0, 0, ""
    for i, ch in enumerate(code):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            level += 1
        elif ch in ")]}":
            level -= 1
        elif level <= depth and code.startswith(sep, i) and i >= start:
            pieces.append(code[start:i])
            start = i + len(sep)
    return [*pieces, code[start:]]


# the target of an assignment: a name, maybe indexed or an attribute (``y``, ``w.grad``)
_TARGET = re.compile(r"[A-Za-z_][\w.\[\], ]*")


def wrap_code(code: str, width: float, size: float) -> str:
    """``code`` broken into lines of at most ``width`` inches at ``size`` pt, line by line.

    A line breaks between the arguments of a call (after ``", "``), never inside an
    argument such as the tuple of ``reshape((4, -1))``; a line with no such place breaks
    after the ``=`` of an assignment. A piece longer than the width stays whole;
    continuation lines are indented by two.

    >>> print(
    ...     wrap_code(
    ...         "torch.where(c, x, y)",
    ...         1.2,
    ...         10.0,
    ...     )
    ... )
    torch.where(c,
      x, y)
    >>> print(
    ...     wrap_code(
    ...         "y = t[m].reshape((4, -1))",
    ...         1.8,
    ...         10.0,
    ...     )
    ... )
    y =
      t[m].reshape((4, -1))
    """
    return "\n".join(_wrap_line(line, width, size) for line in code.split("\n"))


def _wrap_line(line: str, width: float, size: float) -> str:
    if text_width(line, size) <= width:
        return line
    pieces = _split_outside(line, ", ", 1)
    if len(pieces) == 1:
        parts = _split_outside(line, " = ", 0)
        if len(parts) == 2 and _TARGET.fullmatch(parts[0]):
            return f"{parts[0]} =\n  {parts[1]}"
    return _wrap(pieces, ", ", width, size, ",", "  ")


def wrap_note(note: str, width: float, size: float) -> str:
    """``note`` (a worked sum) broken before its ``" = "`` into lines of ``width`` inches.

    A piece longer than that stays whole.

    >>> note = "y[0] = 1×1 + 2×0 = 1"
    >>> print(wrap_note(note, 1.2, 9.5))
    y[0]
    = 1×1 + 2×0 = 1
    """
    return _wrap(note.split(" = "), " = ", width, size, "", "= ")


def text_lines(text: str) -> int:
    """How many lines ``text`` takes."""
    return text.count("\n") + 1


def gap_after(arrow_text: str) -> float:
    """The height (inches) between two rows: an arrow, or a small gap where there is none."""
    return ARROW if arrow_text else STACK_GAP


def measure(grid: Grid, cell: float, aspect: float = 1.0) -> None:
    """Set the sizes (inches) of one panel for cells of ``cell`` inches.

    ``aspect``: the smallest width of a cell over its height; a figure whose panels line
    up cell for cell passes the widest of theirs (``lay_out``'s ``aligned``).
    """
    slices, rows, cols = grid.values.shape
    left = 0.55 * cell if grid.ndim == 3 else 0.0  # room for the "[i]" slice labels
    if grid.panel.col_label:
        left = max(left, text_width(grid.panel.col_label, CAPTION_SIZE) + 0.08)
    notes = grid.panel.row_notes
    right = max((text_width(n, CAPTION_SIZE) for n in notes), default=0.0)
    right = right + 0.1 if notes else 0.0
    if notes or grid.panel.col_label:
        # notes beside the cells (softmax's sums) get as much room on the other side: the
        # cells stay in the middle of the panel, under its code label, over its captions
        # and in line with the panels above and below (round 48: w1 sat 27 pt left of
        # scores, w0 6 pt right of it, their labels over neither)
        left = right = max(left, right)
    # booleans: "False" would fill a square cell wall to wall
    grid.aspect = max(aspect, BOOL_ASPECT if grid.values.dtype == bool else 1.0)
    # five characters or more ("-18.0"): a wider cell, so that the number keeps clear of
    # its borders at its full size
    longest = max(grid.labels, key=len, default="")
    if grid.values.dtype != bool and len(longest) >= 5:
        need = text_width(longest, min(10.0, 25 * cell)) + 0.12
        grid.aspect = max(grid.aspect, need / cell)
    block = left + cols * cell * grid.aspect + right
    texts = [text_width(grid.panel.code, CODE_SIZE)] + [
        text_width(c, CAPTION_SIZE) for c in grid.captions
    ]
    grid.width = max([block, *texts])
    grid.block = block
    grid.left = left
    gaps = (slices - 1) * 0.3 * cell
    title = 0.3 if grid.panel.code else 0.05
    below = 0.22 if grid.panel.col_notes else 0.0
    grid.height = title + slices * rows * cell + gaps + below + 0.06 + LINE * len(grid.captions)


@dataclass(frozen=True)
class Layout:
    """Where everything goes: the cell size, the figure size and each row's size."""

    cell: float  # inches per cell
    width: float  # of the figure
    height: float  # of the figure
    content: float  # width inside the margins
    row_widths: list[float]
    row_heights: list[float]


def lay_out(
    grids: Sequence[Sequence[Grid]],
    arrow_texts: Sequence[str],
    title_text: str | None,
    note_texts: Sequence[str],
    max_width: float = MAX_WIDTH,
    aligned: bool = False,
) -> Layout:
    """Measure every panel once, shrinking the cells until the rows of cells fit.

    The cells of the widest row fit ``max_width``; ``""`` in ``arrow_texts``: two rows
    with no arrow between them. ``aligned``: every cell of the figure as wide as the
    widest, so that panels of one shape stacked in rows line up column for column.
    """
    cell = _FIRST_CELL
    while True:
        for row in grids:
            for grid in row:
                measure(grid, cell)
        if aligned:
            widest = max(g.aspect for row in grids for g in row)
            for row in grids:
                for grid in row:
                    measure(grid, cell, widest)
        widths = [sum(g.width for g in row) + GAP * (len(row) - 1) for row in grids]
        # Only the cells shrink: shrink while the cells themselves overflow.
        blocks = [sum(g.block for g in row) + GAP * (len(row) - 1) for row in grids]
        if max(blocks) <= max_width or cell <= _SMALLEST_CELL:
            break
        cell -= _CELL_STEP
    arrow_need = [text_width(a, CODE_SIZE) + 0.5 for a in arrow_texts if a]
    text_need = [text_width(t, CAPTION_SIZE) for t in note_texts]
    if title_text:
        text_need.append(text_width(title_text, TITLE_SIZE))
    content = max(widths + arrow_need + text_need)
    heights = [max(g.height for g in row) for row in grids]
    height = (
        2 * MARGIN
        + sum(heights)
        + sum(gap_after(a) for a in arrow_texts[: len(grids) - 1])
        + (TITLE if title_text else 0.0)
        + LINE * sum(text_lines(t) for t in note_texts)
        + (0.08 if note_texts else 0.0)
    )
    return Layout(cell, content + 2 * MARGIN, height, content, widths, heights)
