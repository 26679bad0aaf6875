"""The panel model: one tensor to draw (``TensorPanel``), validated into cells (``Grid``).

A panel becomes a ``Grid``: its values as a 3-D array ``(slices, rows, cols)``, the
text of every cell, the colour id (source) of every cell, which cells are crossed
out or outlined, and its caption lines in the page's language. The sizes of a grid
in inches are set once, when the panels are laid out; ``drawing`` only reads them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from torch import Tensor

from attention_tutorial.figures._base import labels

Text = str | Mapping[str, str]
"""A caption: a language-neutral string (code, numbers) or ``{"zh": ..., "en": ...}``."""

MAX_ROWS = 10  # rows of one 2-D slice
MAX_COLS = 16  # columns of one grid
MAX_SLICES = 4  # 2-D slices of a 3-D tensor


# Light colours, distinct at a glance, dark text readable on each; element i gets
# PALETTE[i % len(PALETTE)].
PALETTE = (
    "#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3", "#b3de69", "#fccde5", "#ffed6f",
    "#bc80bd", "#ccebc5", "#e5c494", "#a6cee3", "#fdbf6f", "#cab2d6", "#b2df8a", "#f4a582",
)  # fmt: skip
NEUTRAL = "#f4f4f4"  # cells whose colour carries no meaning (results of sums, masks)
_EDGE = "#555555"
_HIGHLIGHT = "#c0392b"


def shape_text(shape: Sequence[int]) -> str:
    """Format a shape the way Python prints a tuple: ``(3,)``, ``(2, 3)``, ``()``."""
    return str(tuple(int(s) for s in shape))


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
        shared: Draw dashed cell borders: the tensor shares its memory with its
            source (a view such as ``expand``'s result, or ``detach()``'s).
        outline: Indices of cells to outline in red, e.g. ``[(0, 0), (0, 1)]``.
        second: Indices of cells to outline in blue, a second example beside the red one
            (drawn inside the cell's edge, so a cell can wear both frames).
        groups: ``"rows"`` or ``"columns"``: draw a frame around each row or column.
        row_notes: One short neutral string per row, written right of the row.
        col_notes: One short neutral string per column, written under the column.
        col_label: A short neutral label written left of the column notes, e.g. ``"Σ"``.
        show_shape: Write the shape under the grid (the first caption line).
        spec: The format of every float cell, e.g. ``".2f"``; ``None``: chosen from this
            tensor alone (``format_values``). A figure passes one ``value_spec`` to all its
            panels so that they print their numbers alike.

    Examples:
        >>> import torch
        >>> panel = TensorPanel(
        ...     torch.arange(3), code="x"
        ... )
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
    second: Sequence[tuple[int, ...]] = ()
    groups: str | None = None
    row_notes: Sequence[str] = ()
    col_notes: Sequence[str] = ()
    col_label: str = ""
    show_shape: bool = True
    spec: str | None = None


@dataclass
class Grid:
    """A validated panel turned into numpy arrays and sizes (in cells)."""

    values: np.ndarray  # always 3-D: (slices, rows, cols)
    labels: list[str]  # formatted values, flat, row-major
    sources: np.ndarray  # (slices, rows, cols) int
    dropped: np.ndarray  # (slices, rows, cols) bool
    outline: set[int]  # flat indices
    second: set[int]  # flat indices, framed in blue
    shape: tuple[int, ...]
    ndim: int
    panel: TensorPanel
    captions: list[str] = field(default_factory=list)
    # sizes in inches, set once by _layout.measure
    width: float = 0.0  # the whole panel, code label and captions included
    block: float = 0.0  # the cells and their notes alone
    left: float = 0.0  # room left of the cells (slice labels, column label)
    height: float = 0.0
    aspect: float = 1.0  # a cell's width over its height (wider for "False")


def as_array(name: str, value: object) -> np.ndarray:
    """Return a tensor (detached) or a numpy array as a numpy array; refuse anything else."""
    if isinstance(value, Tensor):
        return value.detach().cpu().numpy()
    if isinstance(value, np.ndarray):
        return value
    raise TypeError(f"{name} must be a torch.Tensor or a numpy array, got {type(value).__name__}")


def value_spec(*tensors: np.ndarray) -> str:
    """The format of float cells, one rule for all of ``tensors`` together.

    Two decimals, or one if every value is whole; ``.3g`` from 1000 on (and one decimal
    from 100 on). A figure that prints several tensors passes all of them, so that
    ``0.0`` and ``0.50`` never sit side by side.

    Examples:
        >>> from importlib import import_module
        >>> panel = import_module(
        ...     "attention_tutorial.figures"
        ...     ".tensors.panel"
        ... )
        >>> panel.value_spec(
        ...     np.array([0.0, 1.0]),
        ...     np.array([0.5]),
        ... )
        '.2f'
    """
    flat = np.concatenate([np.asarray(t, dtype=float).reshape(-1) for t in tensors])
    finite = flat[np.isfinite(flat)]
    largest = float(np.abs(finite).max()) if finite.size else 0.0
    if largest >= 1000:
        return ".3g"
    whole = bool(np.all(finite == np.round(finite)))
    return ".1f" if whole or largest >= 100 else ".2f"


def format_values(values: np.ndarray, spec: str | None = None) -> list[str]:
    """Format the cells: booleans, integers, or floats with two decimals (one if all whole).

    ``spec``: the format of the floats (``value_spec`` of several tensors); by default
    ``value_spec(values)``, one rule for the whole tensor.

    A number that rounds to zero is written without a sign: ``-0.0043`` as ``0.00``, not
    as a zero with a minus sign, which a reader takes for a misprint.

    Examples:
        >>> from importlib import import_module
        >>> panel = import_module(
        ...     "attention_tutorial.figures"
        ...     ".tensors.panel"
        ... )
        >>> panel.format_values(
        ...     np.array([-0.0043, 0.31, -0.48])
        ... )
        ['0.00', '0.31', '-0.48']
    """
    flat = values.reshape(-1)
    if values.dtype == bool:
        return ["True" if v else "False" for v in flat]
    if np.issubdtype(values.dtype, np.integer):
        return [str(int(v)) for v in flat]
    spec = value_spec(values) if spec is None else spec
    # "+ 0.0" turns -0.0 into 0.0 after rounding: no "-0.00"
    return [
        format(float(format(v, spec)) + 0.0, spec) if math.isfinite(v) else str(v)
        for v in flat.astype(float)
    ]


def _flat(name: str, indices: Sequence[tuple[int, ...]], shape: tuple[int, ...]) -> set[int]:
    """The flat indices of the cells ``indices`` names (a panel's ``outline`` or ``second``)."""
    flat = set()
    for index in indices:
        if not isinstance(index, tuple) or len(index) != len(shape):
            raise ValueError(f"{name} must hold index tuples of length {len(shape)}, got {index!r}")
        try:
            flat.add(int(np.ravel_multi_index(index, shape)) if shape else 0)
        except ValueError:
            raise ValueError(f"{name} index {index!r} is outside shape {shape}") from None
    return flat


def grid_of(name: str, panel: object, lang: str) -> Grid:
    """Validate one panel and convert it to a ``Grid``."""
    if not isinstance(panel, TensorPanel):
        raise TypeError(f"{name} must be a TensorPanel, got {type(panel).__name__}")
    values = as_array(f"{name}.tensor", panel.tensor)
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
        sources = as_array(f"{name}.sources", panel.sources)
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
        dropped = as_array(f"{name}.dropped", panel.dropped)
        if tuple(dropped.shape) != shape or dropped.dtype != bool:
            raise ValueError(
                f"{name}.dropped must be a boolean mask of shape {shape}, "
                f"got {dropped.dtype} of shape {tuple(dropped.shape)}"
            )
        dropped = dropped.reshape(cube.shape)
    outline = _flat(f"{name}.outline", panel.outline, shape)
    second = _flat(f"{name}.second", panel.second, shape)
    if panel.groups not in (None, "rows", "columns"):
        raise ValueError(f"{name}.groups must be None, 'rows' or 'columns', got {panel.groups!r}")
    if panel.row_notes and len(panel.row_notes) != rows:
        raise ValueError(f"{name}.row_notes must hold {rows} strings, got {len(panel.row_notes)}")
    if panel.col_notes and len(panel.col_notes) != cols:
        raise ValueError(f"{name}.col_notes must hold {cols} strings, got {len(panel.col_notes)}")
    words = labels(lang)
    captions = [words["shape"].format(shape=shape_text(shape))] if panel.show_shape else []
    captions += [pick(f"{name}.captions[{j}]", c, lang) for j, c in enumerate(panel.captions)]
    return Grid(
        values=cube,
        labels=format_values(values, panel.spec),
        sources=sources,
        dropped=dropped,
        outline=outline,
        second=second,
        shape=shape,
        ndim=values.ndim,
        panel=panel,
        captions=captions,
    )


def pick(name: str, text: Text, lang: str) -> str:
    """Return a neutral string as is, or the ``lang`` entry of a mapping."""
    if isinstance(text, str):
        return text
    if isinstance(text, Mapping) and lang in text:
        return str(text[lang])
    raise ValueError(f"{name} must be a string or a mapping with a {lang!r} entry")
