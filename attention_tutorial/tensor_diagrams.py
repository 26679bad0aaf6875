"""Pictures of tensor operations: every tensor a grid of coloured, labelled cells.

The pictures of the tensor API handbook (`handbook/index.md`). Each cell shows
its value; its colour says which element of the input it came from, so after
``repeat_interleave`` the colours come in runs and after ``repeat`` they come in
cycles. A 1-D tensor is one row of cells, a 2-D tensor a grid and a 3-D tensor a
stack of 2-D slices labelled ``[0]``, ``[1]``, ... Under each grid is its shape.
Floats are written with two decimals, or one when every value of the tensor is
whole or one of them reaches 100; a crossed-out cell is dropped by a mask; dashed
borders mark a view that owns no memory.

``draw_tensors`` lays out any tensors you give it; the ``diagram_*`` functions
run one operation with PyTorch and draw its input and output. The colours are
found by running the same operation on the element numbers ``0, 1, 2, ...``
of the input, so they can never disagree with PyTorch.

Like ``plotting``, this module builds ``TutorialFigure`` objects directly, never
imports ``pyplot`` and changes no global setting. Words come from a table per
language; code (``x.repeat(2)``), numbers and shapes are the same in both.
Every cell rectangle carries the gid ``"cell:<panel>:<flat index>"``, its value
text ``"value:<panel>:<flat index>"`` and every shape caption ``"shape:<panel>"``
(panels numbered from 0 in reading order, cells in row-major order), so tests
and curious readers can find them.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import matplotlib
import numpy as np
import torch
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, Rectangle
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._base import FONTS, MONO, TutorialFigure, bilingual, both, labels

Text = str | Mapping[str, str]
"""A caption: a language-neutral string (code, numbers) or ``{"zh": ..., "en": ...}``."""

MAX_ROWS = 10  # rows of one 2-D slice
MAX_COLS = 16  # columns of one grid
MAX_SLICES = 4  # 2-D slices of a 3-D tensor
MAX_WIDTH = 4.0  # inches; wider figures get smaller cells (phones scale pictures down)

# Light colours, distinct at a glance, dark text readable on each; element i gets
# PALETTE[i % len(PALETTE)].
PALETTE = (
    "#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3", "#b3de69", "#fccde5", "#ffed6f",
    "#bc80bd", "#ccebc5", "#e5c494", "#a6cee3", "#fdbf6f", "#cab2d6", "#b2df8a", "#f4a582",
)  # fmt: skip
NEUTRAL = "#f4f4f4"  # cells whose colour carries no meaning (results of sums, masks)
_EDGE = "#555555"
_HIGHLIGHT = "#c0392b"


def _shape(shape: Sequence[int]) -> str:
    """Format a shape the way Python prints a tuple: ``(3,)``, ``(2, 3)``, ``()``."""
    return str(tuple(int(s) for s in shape))


def _text_width(text: str, size: float) -> float:
    """Rough width in inches of ``text`` at ``size`` points (CJK characters are square)."""
    ems = sum(1.0 if ord(ch) >= 0x2E80 else 0.62 for ch in text)
    return ems * size / 72


@dataclass(frozen=True)
class TensorPanel:
    """One tensor to draw, with its code label, colours and notes.

    Explained on the page `handbook/index.md`.

    Attributes:
        tensor: The values to draw: a tensor or array with 0 to 3 dimensions.
        code: Language-neutral label above the grid, e.g. ``"x.repeat(2)"``.
        sources: Integer colour id of every cell (same shape as ``tensor``): cells
            with the same id get the same colour, ``-1`` means no colour. ``None``
            gives every element its own colour (its flat index).
        captions: Extra lines under the shape, each a neutral string or a mapping
            ``{"zh": ..., "en": ...}``.
        dropped: Boolean mask of the cells to cross out (same shape as ``tensor``).
        shared: Draw dashed cell borders: the tensor is a view that owns no memory.
        outline: Indices of cells to outline in red, e.g. ``[(0, 0), (0, 1)]``.
        groups: ``"rows"`` or ``"columns"``: draw a frame around each row or column.
        row_notes: One short neutral string per row, written right of the row.
        col_notes: One short neutral string per column, written under the column.
        col_label: A short neutral label written left of the column notes, e.g. ``"Σ"``.
        show_shape: Write the shape under the grid (the first caption line).

    Examples:
        >>> panel = TensorPanel(torch.arange(3), code="x")
        >>> panel.code, panel.shared
        ('x', False)
    """

    tensor: Tensor | np.ndarray
    code: str = ""
    sources: Tensor | np.ndarray | None = None
    captions: Sequence[Text] = ()
    dropped: Tensor | np.ndarray | None = None
    shared: bool = False
    outline: Sequence[tuple[int, ...]] = ()
    groups: str | None = None
    row_notes: Sequence[str] = ()
    col_notes: Sequence[str] = ()
    col_label: str = ""
    show_shape: bool = True


# --- layout ---------------------------------------------------------------------------


@dataclass
class _Grid:
    """A validated panel turned into numpy arrays and sizes (in cells)."""

    values: np.ndarray  # always 3-D: (slices, rows, cols)
    labels: list[str]  # formatted values, flat, row-major
    sources: np.ndarray  # (slices, rows, cols) int
    dropped: np.ndarray  # (slices, rows, cols) bool
    outline: set[int]  # flat indices
    shape: tuple[int, ...]
    ndim: int
    panel: TensorPanel
    captions: list[str] = field(default_factory=list)
    width: float = 0.0  # inches, filled by _measure
    block: float = 0.0  # inches taken by the cells (and their notes) alone
    height: float = 0.0


def _as_array(name: str, value: object) -> np.ndarray:
    if isinstance(value, Tensor):
        return value.detach().cpu().numpy()
    if isinstance(value, np.ndarray):
        return value
    raise TypeError(f"{name} must be a torch.Tensor or a numpy array, got {type(value).__name__}")


def _format_values(values: np.ndarray) -> list[str]:
    """Format the cells: booleans, integers, or floats with two decimals (one if all whole)."""
    flat = values.reshape(-1)
    if values.dtype == bool:
        return ["True" if v else "False" for v in flat]
    if np.issubdtype(values.dtype, np.integer):
        return [str(int(v)) for v in flat]
    finite = flat[np.isfinite(flat)].astype(float)
    largest = float(np.abs(finite).max()) if finite.size else 0.0
    if largest >= 1000:
        return [f"{v:.3g}" for v in flat.astype(float)]
    whole = bool(np.all(finite == np.round(finite)))
    decimals = 1 if whole or largest >= 100 else 2  # one rule for the whole tensor
    return [f"{v:.{decimals}f}" if math.isfinite(v) else str(v) for v in flat.astype(float)]


def _grid(name: str, panel: object, lang: str) -> _Grid:
    """Validate one panel and convert it to a ``_Grid``."""
    if not isinstance(panel, TensorPanel):
        raise TypeError(f"{name} must be a TensorPanel, got {type(panel).__name__}")
    values = _as_array(f"{name}.tensor", panel.tensor)
    shape = tuple(values.shape)
    if values.ndim > 3:
        raise ValueError(
            f"{name}.tensor must have at most 3 dimensions for a diagram, got shape {shape}"
        )
    if values.size == 0:
        raise ValueError(f"{name}.tensor must not be empty, got shape {shape}")
    cube = values.reshape((1,) * (3 - values.ndim) + shape)  # (slices, rows, cols)
    slices, rows, cols = cube.shape
    if cols > MAX_COLS or rows > MAX_ROWS or slices > MAX_SLICES:
        raise ValueError(
            f"{name}.tensor of shape {shape} is too large for a diagram: at most "
            f"{MAX_SLICES} slices of {MAX_ROWS} rows and {MAX_COLS} columns"
        )
    if panel.sources is None:
        sources = np.arange(values.size).reshape(cube.shape)
    else:
        sources = _as_array(f"{name}.sources", panel.sources)
        if tuple(sources.shape) != shape:
            raise ValueError(
                f"{name}.sources must have the shape of the tensor {shape}, "
                f"got {tuple(sources.shape)}"
            )
        if not np.issubdtype(sources.dtype, np.integer):
            raise ValueError(f"{name}.sources must hold integers, got dtype {sources.dtype}")
        sources = sources.reshape(cube.shape)
    if panel.dropped is None:
        dropped = np.zeros(cube.shape, dtype=bool)
    else:
        dropped = _as_array(f"{name}.dropped", panel.dropped)
        if tuple(dropped.shape) != shape or dropped.dtype != bool:
            raise ValueError(
                f"{name}.dropped must be a boolean mask of shape {shape}, "
                f"got {dropped.dtype} of shape {tuple(dropped.shape)}"
            )
        dropped = dropped.reshape(cube.shape)
    outline = set()
    for index in panel.outline:
        if not isinstance(index, tuple) or len(index) != values.ndim:
            raise ValueError(
                f"{name}.outline must hold index tuples of length {values.ndim}, got {index!r}"
            )
        try:
            outline.add(int(np.ravel_multi_index(index, shape)) if shape else 0)
        except ValueError:
            raise ValueError(f"{name}.outline index {index!r} is outside shape {shape}") from None
    if panel.groups not in (None, "rows", "columns"):
        raise ValueError(f"{name}.groups must be None, 'rows' or 'columns', got {panel.groups!r}")
    if panel.row_notes and len(panel.row_notes) != rows:
        raise ValueError(f"{name}.row_notes must hold {rows} strings, got {len(panel.row_notes)}")
    if panel.col_notes and len(panel.col_notes) != cols:
        raise ValueError(f"{name}.col_notes must hold {cols} strings, got {len(panel.col_notes)}")
    words = labels(lang)
    captions = [words["shape"].format(shape=_shape(shape))] if panel.show_shape else []
    for j, caption in enumerate(panel.captions):
        if isinstance(caption, str):
            captions.append(caption)
        elif isinstance(caption, Mapping) and lang in caption:
            captions.append(str(caption[lang]))
        else:
            raise ValueError(
                f"{name}.captions[{j}] must be a string or a mapping with a {lang!r} entry"
            )
    return _Grid(
        values=cube,
        labels=_format_values(values),
        sources=sources,
        dropped=dropped,
        outline=outline,
        shape=shape,
        ndim=values.ndim,
        panel=panel,
        captions=captions,
    )


_CODE_SIZE = 10.0
_CAPTION_SIZE = 9.5
_LINE = 0.22  # inches per caption line
_GAP = 0.35  # inches between panels of one row
_ARROW = 0.55  # inches of arrow between two rows
_MARGIN = 0.12


def _measure(grid: _Grid, cell: float) -> None:
    """Set the width and height (inches) of one panel for cells of ``cell`` inches."""
    slices, rows, cols = grid.values.shape
    left = 0.55 * cell if grid.ndim == 3 else 0.0  # room for the "[i]" slice labels
    if grid.panel.col_label:
        left = max(left, _text_width(grid.panel.col_label, _CAPTION_SIZE) + 0.08)
    notes = grid.panel.row_notes
    right = max((_text_width(n, _CAPTION_SIZE) for n in notes), default=0.0)
    right = right + 0.1 if notes else 0.0
    block = left + cols * cell + right
    texts = [_text_width(grid.panel.code, _CODE_SIZE)] + [
        _text_width(c, _CAPTION_SIZE) for c in grid.captions
    ]
    grid.width = max([block, *texts])
    grid.block = block
    gaps = (slices - 1) * 0.3 * cell
    title = 0.3 if grid.panel.code else 0.05
    below = 0.22 if grid.panel.col_notes else 0.0
    grid.height = title + slices * rows * cell + gaps + below + 0.06 + _LINE * len(grid.captions)


def _colour(source: int) -> str:
    return NEUTRAL if source < 0 else PALETTE[source % len(PALETTE)]


def _draw_grid(
    ax, grid: _Grid, index: int, x0: float, y0: float, cell: float, mono: list[str]
) -> None:
    """Draw one panel with its top-left corner at (x0, y0) (y grows downwards)."""
    slices, rows, cols = grid.values.shape
    left = 0.55 * cell if grid.ndim == 3 else 0.0
    if grid.panel.col_label:
        left = max(left, _text_width(grid.panel.col_label, _CAPTION_SIZE) + 0.08)
    notes = grid.panel.row_notes
    right = max((_text_width(n, _CAPTION_SIZE) for n in notes), default=0.0)
    block = left + cols * cell + (right + 0.1 if notes else 0.0)
    x_grid = x0 + (grid.width - block) / 2 + left
    y = y0
    if grid.panel.code:
        ax.text(
            x0 + grid.width / 2, y + 0.14, grid.panel.code, ha="center", va="center",
            fontsize=_CODE_SIZE, family=mono, weight="bold", gid=f"code:{index}",
        )  # fmt: skip
        y += 0.3
    else:
        y += 0.05
    value_size = min(10.0, 25 * cell)
    for s in range(slices):
        top = y + s * (rows * cell + 0.3 * cell)
        if grid.ndim == 3:
            ax.text(
                x_grid - 0.08, top + rows * cell / 2, f"[{s}]", ha="right", va="center",
                fontsize=value_size * 0.9, family=mono, color="#333333",
            )  # fmt: skip
        for r in range(rows):
            for c in range(cols):
                flat = (s * rows + r) * cols + c
                x, y_cell = x_grid + c * cell, top + r * cell
                dropped = bool(grid.dropped[s, r, c])
                rect = Rectangle(
                    (x, y_cell), cell, cell, facecolor=_colour(int(grid.sources[s, r, c])),
                    edgecolor=_EDGE, linewidth=0.8,
                    linestyle=(0, (3, 2)) if grid.panel.shared else "solid",
                    alpha=0.35 if dropped else 1.0, gid=f"cell:{index}:{flat}",
                )  # fmt: skip
                ax.add_patch(rect)
                label = grid.labels[flat]
                size = value_size * min(1.0, 5 / max(len(label), 1))
                ax.text(
                    x + cell / 2, y_cell + cell / 2, label, ha="center", va="center",
                    fontsize=size, color="#444444" if dropped else "black",
                    gid=f"value:{index}:{flat}",
                )  # fmt: skip
                if dropped:
                    pad = 0.15 * cell
                    for xs, ys in (
                        ((x + pad, x + cell - pad), (y_cell + pad, y_cell + cell - pad)),
                        ((x + pad, x + cell - pad), (y_cell + cell - pad, y_cell + pad)),
                    ):
                        ax.plot(xs, ys, color=_HIGHLIGHT, linewidth=1.1, alpha=0.6)
                if flat in grid.outline:
                    ax.add_patch(
                        Rectangle(
                            (x, y_cell), cell, cell, fill=False, edgecolor=_HIGHLIGHT,
                            linewidth=2.2, zorder=3,
                        )
                    )  # fmt: skip
            if grid.panel.row_notes and s == 0:
                ax.text(
                    x_grid + cols * cell + 0.1, top + (r + 0.5) * cell, grid.panel.row_notes[r],
                    ha="left", va="center", fontsize=_CAPTION_SIZE, color=_HIGHLIGHT,
                )  # fmt: skip
        if grid.panel.groups == "rows":
            for r in range(rows):
                ax.add_patch(
                    Rectangle(
                        (x_grid - 0.04, top + r * cell + 0.04), cols * cell + 0.08, cell - 0.08,
                        fill=False, edgecolor=_HIGHLIGHT, linewidth=1.6, zorder=3,
                    )
                )  # fmt: skip
        elif grid.panel.groups == "columns":
            for c in range(cols):
                ax.add_patch(
                    Rectangle(
                        (x_grid + c * cell + 0.04, top - 0.04), cell - 0.08, rows * cell + 0.08,
                        fill=False, edgecolor=_HIGHLIGHT, linewidth=1.6, zorder=3,
                    )
                )  # fmt: skip
    y += slices * rows * cell + (slices - 1) * 0.3 * cell
    if grid.panel.col_notes:
        for c, note in enumerate(grid.panel.col_notes):
            ax.text(
                x_grid + (c + 0.5) * cell, y + 0.12, note, ha="center", va="center",
                fontsize=_CAPTION_SIZE * min(1.0, 4 / max(len(note), 1)), color=_HIGHLIGHT,
            )  # fmt: skip
        if grid.panel.col_label:
            ax.text(
                x_grid - 0.06, y + 0.12, grid.panel.col_label, ha="right", va="center",
                fontsize=_CAPTION_SIZE, color=_HIGHLIGHT,
            )  # fmt: skip
        y += 0.22
    y += 0.06
    for j, caption in enumerate(grid.captions):
        is_shape = j == 0 and grid.panel.show_shape
        ax.text(
            x0 + grid.width / 2, y + _LINE / 2, caption, ha="center", va="center",
            fontsize=_CAPTION_SIZE, color="#333333" if is_shape else "#1f4e79",
            gid=f"shape:{index}" if is_shape else None,
        )  # fmt: skip
        y += _LINE


def _render(
    rows: Sequence[Sequence[TensorPanel]],
    arrows: Sequence[Text],
    lang: str,
    title: Text | None = None,
    notes: Sequence[Text] = (),
) -> TutorialFigure:
    """Lay out rows of panels top to bottom, with a labelled arrow between two rows."""
    labels(lang)  # validates lang
    grids = []
    for r, row in enumerate(rows):
        grids.append([])
        for c, panel in enumerate(row):
            grids[-1].append(_grid(f"panels[{r}][{c}]", panel, lang))

    def pick(name: str, text: Text) -> str:
        if isinstance(text, str):
            return text
        if isinstance(text, Mapping) and lang in text:
            return str(text[lang])
        raise ValueError(f"{name} must be a string or a mapping with a {lang!r} entry")

    arrow_texts = [pick(f"arrows[{i}]", a) for i, a in enumerate(arrows)]
    title_text = None if title is None else pick("title", title)
    note_texts = [pick(f"notes[{i}]", n) for i, n in enumerate(notes)]
    cell = 0.4
    while True:
        for row in grids:
            for grid in row:
                _measure(grid, cell)
        widths = [sum(g.width for g in row) + _GAP * (len(row) - 1) for row in grids]
        # Only the cells shrink: shrink while the cells themselves overflow.
        blocks = [sum(g.block for g in row) + _GAP * (len(row) - 1) for row in grids]
        if max(blocks) <= MAX_WIDTH or cell <= 0.26:
            break
        cell -= 0.03
    arrow_need = [_text_width(a, _CODE_SIZE) + 0.5 for a in arrow_texts]
    text_need = [_text_width(t, _CAPTION_SIZE) for t in note_texts]
    if title_text:
        text_need.append(_text_width(title_text, 10.5))
    content = max(widths + arrow_need + text_need)
    width = content + 2 * _MARGIN
    heights = [max(g.height for g in row) for row in grids]
    height = (
        2 * _MARGIN
        + sum(heights)
        + _ARROW * (len(grids) - 1)
        + (0.35 if title_text else 0.0)
        + _LINE * len(note_texts)
        + (0.08 if note_texts else 0.0)
    )
    with matplotlib.rc_context({"font.family": FONTS[lang]}):
        fig = TutorialFigure(figsize=(width, height), facecolor="white")
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, width)
        ax.set_ylim(height, 0)
        ax.set_axis_off()
        mono = [*MONO, *FONTS[lang]]  # code in monospace, CJK from the page's font
        y = _MARGIN
        if title_text:
            ax.text(width / 2, y + 0.15, title_text, ha="center", va="center", fontsize=10.5,
                    weight="bold", gid="title")  # fmt: skip
            y += 0.35
        index = 0
        for r, row in enumerate(grids):
            x = _MARGIN + (content - widths[r]) / 2
            for grid in row:
                _draw_grid(ax, grid, index, x, y, cell, mono)
                x += grid.width + _GAP
                index += 1
            y += heights[r]
            if r < len(arrow_texts):
                label_width = _text_width(arrow_texts[r], _CODE_SIZE)
                middle = min(width / 2, width - _MARGIN - label_width - 0.2)
                ax.add_patch(
                    FancyArrowPatch(
                        (middle, y + 0.06), (middle, y + _ARROW - 0.06), arrowstyle="-|>",
                        mutation_scale=14, linewidth=1.5, color="#444444",
                    )
                )  # fmt: skip
                ax.text(
                    middle + 0.15, y + _ARROW / 2, arrow_texts[r], ha="left", va="center",
                    fontsize=_CODE_SIZE, family=mono, color="#1f4e79", gid=f"arrow:{r}",
                )  # fmt: skip
                y += _ARROW
        if note_texts:
            y += 0.08
        for j, note in enumerate(note_texts):
            ax.text(width / 2, y + _LINE / 2, note, ha="center", va="center",
                    fontsize=_CAPTION_SIZE, color="#1f4e79", gid=f"note:{j}")  # fmt: skip
            y += _LINE
    return fig


def _rows(panels: object) -> list[list[TensorPanel]]:
    """Normalise ``panels``: each item is a panel (a row of one) or a sequence of panels."""
    if isinstance(panels, TensorPanel) or not isinstance(panels, Sequence) or not panels:
        raise ValueError(
            "panels must be a non-empty list whose items are TensorPanel objects "
            "or lists of them (one list per row)"
        )
    rows = []
    for r, item in enumerate(panels):
        row = [item] if isinstance(item, TensorPanel) else item
        if not isinstance(row, Sequence) or not row:
            raise TypeError(
                f"panels[{r}] must be a TensorPanel or a non-empty list of them, "
                f"got {type(item).__name__}"
            )
        rows.append(list(row))
    return rows


@bilingual
def draw_tensors(
    panels: Sequence[TensorPanel | Sequence[TensorPanel]],
    *,
    arrows: Sequence[Text] = (),
    title: Text | None = None,
    notes: Sequence[Text] = (),
    lang: str = "zh",
) -> Figure:
    """Draw tensors as grids of coloured cells, row by row, with arrows between rows.

    Each item of ``panels`` is one row of the picture: a ``TensorPanel`` or a list
    of them side by side. ``arrows[i]`` labels the arrow from row ``i`` to row
    ``i + 1`` (usually the code that turns one into the other).

    Explained on the page `handbook/index.md`.

    Args:
        panels: The rows of panels, top to bottom.
        arrows: ``len(panels) - 1`` labels, neutral strings or ``{"zh": ..., "en": ...}``.
        title: Optional title, a neutral string or a mapping per language.
        notes: Extra lines under the picture, neutral strings or mappings.
        lang: ``"zh"`` or ``"en"``, the language of the words.

    Returns:
        The figure: one axes without ticks, measured in inches.

    Raises:
        TypeError: If a panel or a tensor has the wrong type.
        ValueError: If ``lang`` is unknown, a tensor is empty or too large, or a
            field of a panel does not match its tensor.

    Examples:
        >>> x = torch.tensor([[1, 2, 3], [4, 5, 6]])
        >>> fig = draw_tensors([TensorPanel(x, code="x"), TensorPanel(x.T, code="x.T")],
        ...                    arrows=["x.T"], lang="en")
        >>> sorted(t.get_text() for t in fig.axes[0].texts if str(t.get_gid()).startswith("shape"))
        ['shape (2, 3)', 'shape (3, 2)']
    """
    rows = _rows(panels)
    if isinstance(arrows, str) or len(arrows) != len(rows) - 1:
        raise ValueError(
            f"arrows must hold one label per gap between rows ({len(rows) - 1}), got "
            f"{'a string' if isinstance(arrows, str) else len(arrows)}"
        )
    return _render(rows, list(arrows), lang, title, list(notes))


# --- one diagram per operation ----------------------------------------------------------


def _tensor(name: str, value: object, max_dim: int = 3) -> Tensor:
    value = _checks.tensor(name, value)
    if value.dim() > max_dim:
        raise ValueError(
            f"{name} must have at most {max_dim} dimensions for a diagram, "
            f"got shape {_shape(value.shape)}"
        )
    if value.numel() == 0:
        raise ValueError(f"{name} must not be empty, got shape {_shape(value.shape)}")
    return value.detach()


def _ids(x: Tensor) -> Tensor:
    """Element numbers 0, 1, 2, ... in the shape of ``x``: colour ids that travel with data."""
    return torch.arange(x.numel()).reshape(x.shape)


def _fits(name: str, shape: Sequence[int]) -> None:
    """Raise a clear error if a result would be too large for a diagram."""
    shape = tuple(shape)
    cube = (1,) * (3 - len(shape)) + shape if len(shape) <= 3 else shape
    if len(shape) > 3 or cube[2] > MAX_COLS or cube[1] > MAX_ROWS or cube[0] > MAX_SLICES:
        raise ValueError(
            f"{name} would have shape {_shape(shape)}, too large for a diagram (at most 3 "
            f"dimensions, {MAX_SLICES} slices of {MAX_ROWS} rows and {MAX_COLS} columns): "
            "use a smaller input"
        )


def _sizes(name: str, sizes: tuple[object, ...]) -> tuple[int, ...]:
    """Accept ``f(x, 2, 3)`` or ``f(x, (2, 3))``; return the ints."""
    if len(sizes) == 1 and isinstance(sizes[0], (tuple, list, torch.Size)):
        sizes = tuple(sizes[0])
    if not sizes:
        raise ValueError(f"{name} must hold at least one size")
    for j, s in enumerate(sizes):
        if isinstance(s, bool) or not isinstance(s, numbers.Integral):
            raise TypeError(f"{name}[{j}] must be an int, got {type(s).__name__}")
    return tuple(int(s) for s in sizes)


def _args(sizes: Sequence[int], given: tuple[object, ...]) -> str:
    """The sizes as the caller wrote them: ``2, 3`` or one tuple ``(2, 3)``."""
    text = ", ".join(str(s) for s in sizes)
    if len(given) == 1 and isinstance(given[0], (tuple, list, torch.Size)):
        return f"({text},)" if len(sizes) == 1 else f"({text})"
    return text


@bilingual
def diagram_repeat_interleave(
    x: Tensor,
    repeats: int | Tensor,
    dim: int | None = None,
    *,
    lang: str = "zh",
) -> Figure:
    """Draw ``x.repeat_interleave(repeats, dim)``: each element repeated in place.

    Output element ``i`` of a 1-D ``x`` comes from input element ``i // repeats``,
    so the colours come in runs. With ``dim=None`` the input is flattened first.

    Explained on the page `handbook/repeat.md`.

    Args:
        x: The input, 0-D to 3-D.
        repeats: An int ``>= 0``, or a 1-D integer tensor with one count per element
            along ``dim`` (per element of the flattened ``x`` when ``dim`` is ``None``).
        dim: The axis along which to repeat; ``None`` flattens first.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``repeats`` is not an int or a tensor.
        ValueError: If ``lang`` is unknown, ``dim`` is out of range, ``repeats``
            has the wrong length, or the result is too large to draw.

    Examples:
        >>> fig = diagram_repeat_interleave(torch.tensor([1, 2, 3]), 2, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:1"]
        ['shape (6,)']
    """
    x = _tensor("x", x)
    if isinstance(repeats, Tensor):
        if repeats.dim() > 1 or repeats.is_floating_point() or repeats.dtype == torch.bool:
            raise ValueError(
                f"repeats must be an int or a 1-D integer tensor, got a {repeats.dim()}-D "
                f"tensor of dtype {repeats.dtype}"
            )
        if bool((repeats < 0).any()):
            raise ValueError("repeats must not hold negative counts")
        along = x.numel() if dim is None else None
        code_repeats = "repeats"
    else:
        _checks.integer("repeats", repeats, 0)
        along = None
        code_repeats = str(repeats)
    if dim is not None:
        _checks.integer("dim", dim, -max(x.dim(), 1))
        if dim >= max(x.dim(), 1):
            raise ValueError(
                f"dim must be in [{-max(x.dim(), 1)}, {max(x.dim(), 1) - 1}], got {dim}"
            )
        along = x.shape[dim] if x.dim() else 1
    if isinstance(repeats, Tensor) and repeats.numel() not in (1, along):
        where = "element of x" if dim is None else f"element along dim={dim} ({along})"
        raise ValueError(
            f"repeats must hold one count per {where}: {along} counts, got {repeats.numel()}"
        )
    ids = _ids(x)
    out = x.repeat_interleave(repeats, dim=dim)
    _fits("the result", out.shape)
    sources = ids.repeat_interleave(repeats, dim=dim)
    code = f"x.repeat_interleave({code_repeats}" + ("" if dim is None else f", dim={dim}") + ")"
    captions = [both("flattened")] if dim is None and x.dim() > 1 else []
    given = [f"repeats = torch.tensor({repeats.tolist()})"] if isinstance(repeats, Tensor) else []
    rows = [
        [TensorPanel(x, code="x", captions=given)],
        [TensorPanel(out, code="y", sources=sources, captions=captions)],
    ]
    return _render(rows, [f"y = {code}"], lang)


@bilingual
def diagram_repeat(x: Tensor, *sizes: int | Sequence[int], lang: str = "zh") -> Figure:
    """Draw ``x.repeat(*sizes)``: the whole tensor tiled, a new copy in memory.

    Output element ``i`` of ``x.repeat(k)`` (1-D ``x`` of length ``n``) comes from
    input element ``i % n``, so the colours come in cycles.

    Explained on the page `handbook/repeat.md`.

    Args:
        x: The input, 0-D to 3-D.
        *sizes: How many copies along each axis, as ints or one tuple; at least
            ``x.dim()`` of them (extra ones add leading axes).
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or a size is not an int.
        ValueError: If ``lang`` is unknown, there are fewer sizes than ``x.dim()``,
            a size is negative, or the result is too large to draw.

    Examples:
        >>> fig = diagram_repeat(torch.tensor([1, 2, 3]), 2, 2, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:1"]
        ['shape (2, 6)']
    """
    x = _tensor("x", x)
    reps = _sizes("sizes", sizes)
    if len(reps) < x.dim():
        raise ValueError(
            f"sizes must give at least one count per dimension of x ({x.dim()}), got {len(reps)}"
        )
    if any(s < 0 for s in reps):
        raise ValueError(f"sizes must not be negative, got {reps}")
    out_shape = torch.Size(reps[: len(reps) - x.dim()]) + torch.Size(
        a * b for a, b in zip(x.shape, reps[len(reps) - x.dim() :], strict=True)
    )
    _fits("the result", out_shape)
    out = x.repeat(*reps)
    sources = _ids(x).repeat(*reps)
    rows = [
        [TensorPanel(x, code="x")],
        [TensorPanel(out, code="y", sources=sources,
                     captions=[both("copies", n=out.numel())])],
    ]  # fmt: skip
    return _render(rows, [f"y = x.repeat({_args(reps, sizes)})"], lang)


@bilingual
def diagram_expand(x: Tensor, *sizes: int | Sequence[int], lang: str = "zh") -> Figure:
    """Draw ``x.expand(*sizes)``: a view that repeats by a stride of 0, with no copy.

    The result owns no memory: the dashed cells read the input's elements again.
    The captions print the real ``stride()`` of both tensors.

    Explained on the page `handbook/expand.md`.

    Args:
        x: The input, 0-D to 3-D.
        *sizes: The new shape, as ints or one tuple; ``-1`` keeps a size; only axes
            of size 1 (or new leading axes) can grow.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the input on top, the expanded view below.

    Raises:
        TypeError: If ``x`` is not a tensor or a size is not an int.
        ValueError: If ``lang`` is unknown, the sizes cannot expand ``x``, or the
            result is too large to draw.

    Examples:
        >>> fig = diagram_expand(torch.tensor([[1], [2]]), 2, 3, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:1"]
        ['shape (2, 3)']
    """
    x = _tensor("x", x)
    shape = _sizes("sizes", sizes)
    if len(shape) < x.dim():
        raise ValueError(f"sizes must give at least x.dim() = {x.dim()} sizes, got {len(shape)}")
    offset = len(shape) - x.dim()
    for j, s in enumerate(shape):
        old = x.shape[j - offset] if j >= offset else None
        if s == -1 and old is None:
            raise ValueError(f"sizes[{j}] is -1 for a new leading axis: give its size")
        if s != -1 and s < 0:
            raise ValueError(f"sizes[{j}] must be >= 0 or -1, got {s}")
        if old is not None and s not in (-1, old) and old != 1:
            raise ValueError(
                f"sizes[{j}] = {s} cannot expand an axis of size {old}: only axes of size 1 "
                "can grow (use repeat to copy)"
            )
    final = tuple(x.shape[j - offset] if s == -1 else s for j, s in enumerate(shape))
    _fits("the result", final)
    out = x.expand(*shape)
    sources = _ids(x).expand(*shape)
    same = out.data_ptr() == x.data_ptr()
    captions = [f"stride {_shape(out.stride())}"]
    if same:
        captions.append(both("shares", name="x"))
    rows = [
        [TensorPanel(x, code="x", captions=[f"stride {_shape(x.stride())}"])],
        [TensorPanel(out, code="y", sources=sources, shared=True, captions=captions)],
    ]
    return _render(rows, [f"y = x.expand({_args(shape, sizes)})"], lang)


_OPS = {"+": torch.add, "-": torch.sub, "*": torch.mul, "/": torch.div}


@bilingual
def diagram_broadcast(a: Tensor, b: Tensor, op: str = "-", *, lang: str = "zh") -> Figure:
    """Draw broadcasting in ``a op b``: both operands expanded (no copy), then combined.

    Shapes are aligned from the right; an axis of size 1 (or a missing one) is
    stretched to the other operand's size. The middle row shows these stretched
    operands as ``expand`` views with their strides; the bottom row the result.

    Explained on the page `handbook/expand.md`.

    Args:
        a: Left operand, 0-D to 2-D.
        b: Right operand, 0-D to 2-D.
        op: One of ``"+"``, ``"-"``, ``"*"``, ``"/"``.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the operands, their expanded views, the result.

    Raises:
        TypeError: If ``a`` or ``b`` is not a tensor.
        ValueError: If ``lang`` or ``op`` is unknown, or the shapes do not broadcast.

    Examples:
        >>> fig = diagram_broadcast(torch.ones(3, 1), torch.ones(2), lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:4"]
        ['shape (3, 2)']
    """
    a = _tensor("a", a, max_dim=2)
    b = _tensor("b", b, max_dim=2)
    if op not in _OPS:
        raise ValueError(f"op must be one of {sorted(_OPS)}, got {op!r}")
    try:
        shape = torch.broadcast_shapes(a.shape, b.shape)
    except RuntimeError:
        raise ValueError(
            f"a and b do not broadcast: shapes {_shape(a.shape)} and {_shape(b.shape)} differ "
            "in an axis where neither size is 1"
        ) from None
    _fits("the result", shape)
    out = _OPS[op](a, b)
    a_view, b_view = a.expand(shape), b.expand(shape)
    a_ids, b_ids = _ids(a).expand(shape), _ids(b).expand(shape) + a.numel()
    rows = [
        [TensorPanel(a, code="a"), TensorPanel(b, code="b", sources=_ids(b) + a.numel())],
        [
            TensorPanel(a_view, code=f"a.expand({_args(shape, ())})", sources=a_ids, shared=True,
                        captions=[f"stride {_shape(a_view.stride())}"]),
            TensorPanel(b_view, code=f"b.expand({_args(shape, ())})", sources=b_ids, shared=True,
                        captions=[f"stride {_shape(b_view.stride())}"]),
        ],
        [TensorPanel(out, code=f"a {op} b", sources=torch.full(tuple(shape), -1))],
    ]  # fmt: skip
    arrows = [both("broadcast"), f"a {op} b"]
    return _render(rows, arrows, lang)


@bilingual
def diagram_reshape(x: Tensor, *shape: int | Sequence[int], lang: str = "zh") -> Figure:
    """Draw ``x.reshape(*shape)``: the same elements in the same order, a new shape.

    The colours follow row-major order (the last axis changes fastest). A ``-1``
    in ``shape`` is worked out by PyTorch; the caption says what it became.

    Explained on the page `handbook/reshape.md`.

    Args:
        x: The input, 0-D to 3-D.
        *shape: The new shape, as ints or one tuple, with at most one ``-1``.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or a size is not an int.
        ValueError: If ``lang`` is unknown, the shape does not hold ``x.numel()``
            elements, or the result is too large to draw.

    Examples:
        >>> fig = diagram_reshape(torch.arange(6), -1, 3, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:1"]
        ['shape (2, 3)']
    """
    x = _tensor("x", x)
    new = _sizes("shape", shape)
    if sum(s == -1 for s in new) > 1:
        raise ValueError(f"shape may hold at most one -1, got {new}")
    if any(s < -1 for s in new):
        raise ValueError(f"shape must hold sizes >= 0 or -1, got {new}")
    known = math.prod(s for s in new if s != -1)
    if -1 in new:
        if known == 0 or x.numel() % known:
            raise ValueError(
                f"shape {new} cannot hold the {x.numel()} elements of x: "
                f"{x.numel()} is not a multiple of {known}"
            )
    elif known != x.numel():
        raise ValueError(
            f"shape {new} holds {known} elements, but x has {x.numel()}: they must be equal"
        )
    out = x.reshape(*new)
    _fits("the result", out.shape)
    sources = _ids(x).reshape(*new)
    captions = []
    if -1 in new:
        j = new.index(-1)
        captions.append(both("inferred", size=f"dim {j} = {out.shape[j]}"))
    rows = [[TensorPanel(x, code="x")], [TensorPanel(out, code="y", sources=sources,
                                                     captions=captions)]]  # fmt: skip
    return _render(rows, [f"y = x.reshape({_args(new, shape)})"], lang)


@bilingual
def diagram_unsqueeze(x: Tensor, dim: int, *, lang: str = "zh") -> Figure:
    """Draw ``x.unsqueeze(dim)``: a new axis of size 1 inserted at ``dim``.

    The elements and their order do not change; only the shape gains a 1, and
    the caption says where.

    Explained on the page `handbook/squeeze.md`.

    Args:
        x: The input, 0-D to 2-D.
        dim: Where the new axis goes, in ``[-x.dim() - 1, x.dim()]``.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``dim`` is not an int.
        ValueError: If ``lang`` is unknown, ``dim`` is out of range or the result is
            too large to draw.

    Examples:
        >>> fig = diagram_unsqueeze(torch.tensor([1, 2, 3]), 1, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:1"]
        ['shape (3, 1)']
    """
    x = _tensor("x", x, max_dim=2)
    low, high = -x.dim() - 1, x.dim()
    _checks.integer("dim", dim, low)
    if dim > high:
        raise ValueError(f"dim must be in [{low}, {high}] for a {x.dim()}-D x, got {dim}")
    out = x.unsqueeze(dim)
    _fits("the result", out.shape)
    position = dim if dim >= 0 else dim + out.dim()
    rows = [
        [TensorPanel(x, code="x")],
        [TensorPanel(out, code="y", sources=_ids(x).unsqueeze(dim),
                     captions=[both("new_axis", dim=position)])],
    ]  # fmt: skip
    return _render(rows, [f"y = x.unsqueeze({dim})"], lang)


@bilingual
def diagram_squeeze(x: Tensor, dim: int | None = None, *, lang: str = "zh") -> Figure:
    """Draw ``x.squeeze(dim)``: axes of size 1 removed (all of them when ``dim`` is None).

    Explained on the page `handbook/squeeze.md`.

    Args:
        x: The input, 1-D to 3-D.
        dim: The axis to remove (left alone if its size is not 1), or ``None``
            for every axis of size 1.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``dim`` is not an int.
        ValueError: If ``lang`` is unknown or ``dim`` is out of range.

    Examples:
        >>> fig = diagram_squeeze(torch.tensor([[1, 2, 3]]), lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:1"]
        ['shape (3,)']
    """
    x = _tensor("x", x)
    if dim is None:
        removed = [j for j, s in enumerate(x.shape) if s == 1]
        out, sources = x.squeeze(), _ids(x).squeeze()
    else:
        _checks.integer("dim", dim, -max(x.dim(), 1))
        if dim >= max(x.dim(), 1):
            raise ValueError(
                f"dim must be in [{-max(x.dim(), 1)}, {max(x.dim(), 1) - 1}] for a "
                f"{x.dim()}-D x, got {dim}"
            )
        position = dim % max(x.dim(), 1)
        removed = [position] if x.dim() and x.shape[position] == 1 else []
        out, sources = x.squeeze(dim), _ids(x).squeeze(dim)
    if removed:
        caption = both("removed_axes", dims=", ".join(str(j) for j in removed))
    else:
        caption = both("nothing_removed")
    code = "x.squeeze()" if dim is None else f"x.squeeze({dim})"
    rows = [
        [TensorPanel(x, code="x")],
        [TensorPanel(out, code="y", sources=sources, captions=[caption])],
    ]
    return _render(rows, [f"y = {code}"], lang)


def _matmul_panels(
    a: Tensor, b: Tensor, out: Tensor, k: int, code_a: str = "a", code_b: str = "b"
) -> tuple[TensorPanel, TensorPanel, TensorPanel, str]:
    """Panels for ``a @ b``: cells coloured by the index they are summed over."""
    a_ids = torch.arange(k).expand(a.shape)  # colour of a[..., i, j] = j
    b_shape = b.shape if b.dim() > 1 else (k, 1)
    b_ids = torch.arange(k).unsqueeze(-1).expand(b_shape)  # colour of b[..., i, j] = i
    if b.dim() == 1:
        b_ids = b_ids.squeeze(-1)
    # Outline the first output element and the row of a and column of b that make it.
    a_row = a.reshape(-1, k)[0] if a.dim() > 1 else a
    b_col = b.reshape(-1, *b.shape[-2:])[0][:, 0] if b.dim() > 1 else b
    terms = " + ".join(
        f"{_format_values(p.numpy().reshape(1))[0]}×{_format_values(q.numpy().reshape(1))[0]}"
        for p, q in zip(a_row, b_col, strict=True)
    )
    first = out.reshape(-1)[0]
    index_out = (0,) * out.dim()
    expr = f"y[{', '.join('0' for _ in index_out)}]" if out.dim() else "y"
    example = f"{expr} = {terms} = {_format_values(first.numpy().reshape(1))[0]}"
    outline_a = (
        [(*(0,) * (a.dim() - 1), j) for j in range(k)] if a.dim() > 1 else [(j,) for j in range(k)]
    )
    if b.dim() > 1:
        outline_b = [(*(0,) * (b.dim() - 2), j, 0) for j in range(k)]
    else:
        outline_b = [(j,) for j in range(k)]
    panel_a = TensorPanel(a, code=code_a, sources=a_ids, outline=outline_a)
    panel_b = TensorPanel(b, code=code_b, sources=b_ids, outline=outline_b)
    panel_out = TensorPanel(
        out, code="y", sources=torch.full(out.shape, -1), outline=[index_out] if out.dim() else []
    )
    return panel_a, panel_b, panel_out, example


def _matrix_operands(a: object, b: object, max_dim: int) -> tuple[Tensor, Tensor]:
    a = _tensor("a", a, max_dim)
    b = _tensor("b", b, max_dim)
    if a.dim() == 0 or b.dim() == 0:
        raise ValueError(
            f"a and b must have at least 1 dimension each, got shapes {_shape(a.shape)} "
            f"and {_shape(b.shape)}"
        )
    _checks.same_dtype(a=a, b=b)
    return a, b


@bilingual
def diagram_matmul(a: Tensor, b: Tensor, *, lang: str = "zh") -> Figure:
    """Draw ``torch.matmul(a, b)`` with the dimension that is summed over in colour.

    The last axis of ``a`` meets the second-to-last axis of ``b`` (the only axis of a
    1-D ``b``): cells with the same colour are multiplied together and summed.
    A 1-D ``a`` gets a 1 prepended and a 1-D ``b`` a 1 appended, removed again
    from the result; the captions say so. The red outlines show how the first
    element of the result is made. Batch axes (3-D) are broadcast.

    Explained on the page `handbook/matmul.md`.

    Args:
        a: Left operand, 1-D to 3-D.
        b: Right operand, 1-D to 3-D, same dtype as ``a``.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: ``a`` and ``b`` side by side, the result below.

    Raises:
        TypeError: If ``a`` or ``b`` is not a tensor.
        ValueError: If ``lang`` is unknown, the summed sizes differ, the batch
            axes do not broadcast, or the result is too large to draw.

    Examples:
        >>> a = torch.tensor([[1, 2, 3], [4, 5, 6]])
        >>> b = torch.tensor([[1, 0], [0, 1], [1, 1]])
        >>> fig = diagram_matmul(a, b, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "note:0"]
        ['y[0, 0] = 1×1 + 2×0 + 3×1 = 4']
    """
    a, b = _matrix_operands(a, b, 3)
    k_a = a.shape[-1]
    k_b = b.shape[0] if b.dim() == 1 else b.shape[-2]
    if k_a != k_b:
        raise ValueError(
            f"the last axis of a ({k_a}) must equal the "
            f"{'only' if b.dim() == 1 else 'second-to-last'} axis of b ({k_b}); "
            f"got shapes {_shape(a.shape)} and {_shape(b.shape)}"
        )
    batch_a, batch_b = a.shape[:-2], b.shape[:-2]
    try:
        batch = torch.broadcast_shapes(batch_a, batch_b)
    except RuntimeError:
        raise ValueError(
            f"the batch axes of a {_shape(batch_a)} and b {_shape(batch_b)} do not broadcast"
        ) from None
    out_shape = (
        tuple(batch)
        + (a.shape[-2:-1] if a.dim() > 1 else ())
        + (b.shape[-1:] if b.dim() > 1 else ())
    )
    _fits("the result", out_shape)
    out = torch.matmul(a, b)
    panel_a, panel_b, panel_out, example = _matmul_panels(a, b, out, k_a)
    words = [both("same_colour"), both("summed", k=k_a)]
    dot = a.dim() == 1 and b.dim() == 1  # a plain dot product: no promotion to explain
    if a.dim() == 1 and not dot:
        words.append(both("prepended", name="a", before=_shape(a.shape),
                                     after=_shape((1, k_a))))  # fmt: skip
    if b.dim() == 1 and not dot:
        words.append(both("appended", name="b", before=_shape(b.shape),
                                     after=_shape((k_b, 1))))  # fmt: skip
    if (a.dim() == 1 or b.dim() == 1) and not dot:
        promoted = (
            tuple(batch)
            + ((1,) if a.dim() == 1 else tuple(a.shape[-2:-1]))
            + ((1,) if b.dim() == 1 else tuple(b.shape[-1:]))
        )
        words.append(both("removed", before=_shape(promoted), after=_shape(out.shape)))
    if a.dim() == 3 or b.dim() == 3:
        words.append(both("batch", a=_shape(batch_a), b=_shape(batch_b),
                                     out=_shape(batch)))  # fmt: skip
    panel_out = TensorPanel(
        out, code="y", sources=panel_out.sources, outline=panel_out.outline, captions=words
    )
    rows = [[panel_a, panel_b], [panel_out]]
    return _render(rows, ["y = torch.matmul(a, b)"], lang, notes=[example])


@bilingual
def diagram_bmm(a: Tensor, b: Tensor, *, lang: str = "zh") -> Figure:
    """Draw ``torch.bmm(a, b)``: one matrix product per batch element, no broadcasting.

    Slice ``[i]`` of the result is ``a[i] @ b[i]``; the colours mark the summed axis
    (the last of ``a``, the middle one of ``b``).

    Explained on the page `handbook/bmm.md`.

    Args:
        a: Shape ``(batch, n, k)``.
        b: Shape ``(batch, k, m)``, same batch size and dtype.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: ``a`` and ``b`` side by side, the result below.

    Raises:
        TypeError: If ``a`` or ``b`` is not a tensor.
        ValueError: If ``lang`` is unknown, an operand is not 3-D, or the sizes
            do not match.

    Examples:
        >>> a, b = torch.ones(2, 1, 3), torch.ones(2, 3, 1)
        >>> fig = diagram_bmm(a, b, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:2"]
        ['shape (2, 1, 1)']
    """
    a = _checks.tensor("a", a)
    b = _checks.tensor("b", b)
    for name, t in (("a", a), ("b", b)):
        if t.dim() != 3:
            raise ValueError(
                f"{name} must be 3-D (batch, rows, columns) for bmm, got shape {_shape(t.shape)}"
            )
    a, b = _matrix_operands(a, b, 3)
    if a.shape[0] != b.shape[0]:
        raise ValueError(
            f"a and b must have the same batch size, got {a.shape[0]} and {b.shape[0]}"
        )
    if a.shape[2] != b.shape[1]:
        raise ValueError(
            f"a.shape[2] ({a.shape[2]}) must equal b.shape[1] ({b.shape[1]}); got shapes "
            f"{_shape(a.shape)} and {_shape(b.shape)}"
        )
    _fits("the result", (a.shape[0], a.shape[1], b.shape[2]))
    out = torch.bmm(a, b)
    panel_a, panel_b, panel_out, example = _matmul_panels(a, b, out, a.shape[2])
    panel_out = TensorPanel(
        out, code="y", sources=panel_out.sources, outline=panel_out.outline,
        captions=[both("same_colour"), both("summed", k=a.shape[2])],
    )  # fmt: skip
    rows = [[panel_a, panel_b], [panel_out]]
    return _render(rows, ["y = torch.bmm(a, b)"], lang, notes=[example])


@bilingual
def diagram_eye_mask(n: int, values: Tensor | None = None, *, lang: str = "zh") -> Figure:
    """Draw the leave-one-out recipe: tile, mask out the diagonal, reshape to ``(n, n - 1)``.

    Top: ``torch.eye(n)`` and the mask ``(1 - torch.eye(n)).type(torch.bool)``.
    Middle: ``values.repeat((n, 1))`` with the diagonal crossed out. Bottom: what
    the mask keeps, reshaped; row ``i`` no longer holds element ``i``'s colour.

    Explained on the page `handbook/mask.md`.

    Args:
        n: The number of elements, ``2 <= n <= 8``.
        values: A 1-D tensor of length ``n``; defaults to ``torch.arange(n)``.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: three rows.

    Raises:
        TypeError: If ``n`` is not an int or ``values`` is not a tensor.
        ValueError: If ``lang`` is unknown, ``n`` is out of range or ``values``
            does not have length ``n``.

    Examples:
        >>> fig = diagram_eye_mask(3, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:3"]
        ['shape (3, 2)']
    """
    _checks.integer("n", n, 2)
    if n > 8:
        raise ValueError(f"n must be at most 8 for a readable diagram, got {n}")
    if values is None:
        values = torch.arange(n)
    else:
        values = _tensor("values", values, max_dim=1)
        if values.dim() != 1 or len(values) != n:
            raise ValueError(
                f"values must be a 1-D tensor of length n = {n}, got shape {_shape(values.shape)}"
            )
    eye = torch.eye(n)
    mask = (1 - torch.eye(n)).type(torch.bool)  # (n, n), False on the diagonal
    tiled = values.repeat((n, 1))  # (n, n)
    kept = tiled[mask].reshape((n, -1))  # (n, n - 1)
    ids = torch.arange(n).repeat((n, 1))  # (n, n): column j holds element j
    neutral = torch.full((n, n), -1)
    rows = [
        [
            TensorPanel(eye, code=f"torch.eye({n})", sources=neutral,
                        captions=[both("eye")]),
            TensorPanel(mask, code="mask", sources=neutral, captions=[both("mask")]),
        ],
        [TensorPanel(tiled, code=f"tiled = x.repeat(({n}, 1))", sources=ids, dropped=~mask,
                     captions=[both("dropped")])],
        [TensorPanel(kept, code="y", sources=ids[mask].reshape((n, -1)),
                     captions=[both("kept", k=n - 1)])],
    ]  # fmt: skip
    arrows = [f"x.repeat(({n}, 1))", "y = tiled[mask].reshape((n, -1))"]
    return _render(rows, arrows, lang)


@bilingual
def diagram_softmax(x: Tensor, dim: int, *, lang: str = "zh") -> Figure:
    """Draw ``F.softmax(x, dim=dim)`` and frame the groups that sum to 1.

    ``dim=1`` on a 2-D ``x`` normalises each row (frames around rows, sums at the
    right); ``dim=0`` normalises each column (frames around columns, sums below).

    Explained on the page `handbook/softmax.md`.

    Args:
        x: A floating 1-D or 2-D tensor.
        dim: The axis along which the result sums to 1.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the input on top, the softmax below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``dim`` is not an int.
        ValueError: If ``lang`` is unknown, ``x`` is not floating or ``dim`` is out
            of range.

    Examples:
        >>> fig = diagram_softmax(torch.zeros(2, 3), dim=1, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:1"]
        ['shape (2, 3)']
    """
    x = _tensor("x", x, max_dim=2)
    if x.dim() == 0:
        raise ValueError("x must be 1-D or 2-D, got a 0-D tensor")
    _checks.floating("x", x)
    _checks.integer("dim", dim, -x.dim())
    if dim >= x.dim():
        raise ValueError(
            f"dim must be in [{-x.dim()}, {x.dim() - 1}] for a {x.dim()}-D x, got {dim}"
        )
    out = torch.softmax(x, dim=dim)
    axis = dim % x.dim()
    sums = out.sum(dim=axis)
    labels = [f"{s:.2f}" for s in sums.reshape(-1).tolist()]
    if x.dim() == 1:
        panel = TensorPanel(out, code="y", groups="rows", row_notes=[f"Σ = {labels[0]}"],
                            captions=[both("all_sums")])  # fmt: skip
    elif axis == 1:
        panel = TensorPanel(out, code="y", groups="rows", row_notes=[f"Σ = {s}" for s in labels],
                            captions=[both("row_sums", dim=dim)])  # fmt: skip
    else:
        panel = TensorPanel(out, code="y", groups="columns", col_notes=labels, col_label="Σ",
                            captions=[both("col_sums", dim=dim)])  # fmt: skip
    rows = [[TensorPanel(x, code="x")], [panel]]
    return _render(rows, [f"y = F.softmax(x, dim={dim})"], lang)


@bilingual
def diagram_arange(start: float, end: float, step: float = 1, *, lang: str = "zh") -> Figure:
    """Draw ``torch.arange(start, end, step)``: a half-open range, the end left out.

    The result has ``ceil((end - start) / step)`` elements; the crossed-out cell
    beside it is ``end``. With a float step, rounding can make that count one
    larger than expected, and the picture then shows ``end`` on both sides.

    Explained on the page `handbook/random.md`.

    Args:
        start: The first value.
        end: The bound that is not included.
        step: The distance between two values, not 0.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the range and, crossed out, its end.

    Raises:
        TypeError: If an argument is not a real number.
        ValueError: If ``lang`` is unknown, ``step`` is 0, the range is empty or
            longer than 16 elements.

    Examples:
        >>> fig = diagram_arange(0, 1, 0.25, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:0"]
        ['shape (4,)']
    """
    for name, value in (("start", start), ("end", end), ("step", step)):
        _checks.finite_number(name, value)
    if step == 0:
        raise ValueError("step must not be 0")
    count = math.ceil((end - start) / step)
    if count < 1:
        raise ValueError(f"the range from start={start} to end={end} with step={step} is empty")
    _fits("the result", (count,))
    out = torch.arange(start, end, step)
    ends = torch.tensor(end, dtype=out.dtype)
    formula = f"len = ⌈({end:g} - {start:g}) / {step:g}⌉ = {len(out)}"
    rows = [
        [
            TensorPanel(out, code=f"torch.arange({start}, {end}, {step})", captions=[formula]),
            TensorPanel(ends, code="end", sources=torch.tensor(-1), dropped=torch.tensor(True),
                        captions=[both("excluded")], show_shape=False),
        ]
    ]  # fmt: skip
    return _render(rows, [], lang)


@bilingual
def diagram_sort(x: Tensor, *, descending: bool = False, lang: str = "zh") -> Figure:
    """Draw ``torch.sort(x)``: the sorted values and, below each, where it came from.

    A value keeps its colour when it moves, and its index cell has the same
    colour: ``indices[i]`` is the old position of ``values[i]``.

    Explained on the page `handbook/random.md`.

    Args:
        x: A 1-D tensor.
        descending: Sort from largest to smallest.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: ``x`` on top, ``values`` and ``indices`` below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``descending`` is not a bool.
        ValueError: If ``lang`` is unknown or ``x`` is not 1-D.

    Examples:
        >>> fig = diagram_sort(torch.tensor([3, 1, 2]), lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:2"]
        ['shape (3,)']
    """
    x = _tensor("x", x)
    if x.dim() != 1:
        raise ValueError(f"x must be a 1-D tensor, got shape {_shape(x.shape)}")
    _checks.boolean("descending", descending)
    values, indices = torch.sort(x, descending=descending)
    code = "torch.sort(x, descending=True)" if descending else "torch.sort(x)"
    rows = [
        [TensorPanel(x, code="x")],
        [
            TensorPanel(values, code="values", sources=indices,
                        captions=[both("values")]),
            TensorPanel(indices, code="indices", sources=indices,
                        captions=[both("indices")]),
        ],
    ]  # fmt: skip
    return _render(rows, [f"values, indices = {code}"], lang)


@bilingual
def diagram_mse_loss(y_hat: Tensor, y: Tensor, *, lang: str = "zh") -> Figure:
    """Draw ``nn.MSELoss`` with its three reductions: ``'none'``, ``'sum'`` and ``'mean'``.

    Explained on the page `handbook/training.md`.

    Args:
        y_hat: Predictions, a floating 1-D tensor.
        y: Targets, same shape and dtype.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: the two inputs, the squared errors, then their sum and mean.

    Raises:
        TypeError: If an argument is not a tensor.
        ValueError: If ``lang`` is unknown or the shapes or dtypes differ.

    Examples:
        >>> fig = diagram_mse_loss(torch.tensor([1.0, 2.0]), torch.tensor([0.0, 0.0]), lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:3"]
        ['shape ()']
    """
    y_hat = _checks.vector("y_hat", y_hat, "(n,)").detach()
    y = _checks.vector("y", y, "(n,)").detach()
    _checks.same_length("y_hat", y_hat, "y", y)
    _checks.same_dtype(y_hat=y_hat, y=y)
    _fits("y_hat", y_hat.shape)
    errors = torch.nn.functional.mse_loss(y_hat, y, reduction="none")  # (n,)
    ids = torch.arange(len(y))
    rows = [
        [TensorPanel(y_hat, code="y_hat"), TensorPanel(y, code="y")],
        [TensorPanel(errors, code="l", sources=ids, captions=[both("none")])],
        [
            TensorPanel(errors.sum(), code="l.sum()", sources=torch.tensor(-1)),
            TensorPanel(errors.mean(), code="l.mean()", sources=torch.tensor(-1)),
        ],
    ]
    arrows = ["nn.MSELoss(reduction='none')", both("reduced")]
    return _render(rows, arrows, lang)


@bilingual
def diagram_sgd_step(w: Tensor, grad: Tensor, lr: float, *, lang: str = "zh") -> Figure:
    """Draw one step of ``torch.optim.SGD``: ``w ← w - lr * w.grad``, element by element.

    Explained on the page `handbook/training.md`.

    Args:
        w: The parameter values, a floating 1-D tensor.
        grad: Its gradient, same shape and dtype.
        lr: The learning rate, a positive number.
        lang: ``"zh"`` or ``"en"``.

    Returns:
        The figure: ``w`` and ``w.grad`` on top, the updated ``w`` below.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``lang`` is unknown, the shapes differ or ``lr`` is not positive.

    Examples:
        >>> fig = diagram_sgd_step(torch.tensor([1.0]), torch.tensor([2.0]), 0.5, lang="en")
        >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "shape:2"]
        ['shape (1,)']
    """
    w = _checks.vector("w", w, "(n,)").detach()
    grad = _checks.vector("grad", grad, "(n,)").detach()
    _checks.same_length("w", w, "grad", grad)
    _checks.same_dtype(w=w, grad=grad)
    step = _checks.positive_number("lr", lr)
    _fits("w", w.shape)
    new = w - step * grad  # (n,)
    rows = [
        [TensorPanel(w, code="w"), TensorPanel(grad, code="w.grad")],
        [TensorPanel(new, code="w", captions=[both("step", lr=f"{step:g}")])],
    ]
    return _render(rows, [f"optimizer.step():  w - {step:g} * w.grad"], lang)
