"""Pictures of boolean masks: the leave-one-out recipe with torch.eye.

The recipe: tile, cross out the diagonal, reshape.

Explained on the page `handbook/mask.md`.
"""

from __future__ import annotations

import torch
from matplotlib.figure import Figure
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._base import bilingual, both
from attention_tutorial.figures.tensors._operands import (
    operand,
)
from attention_tutorial.figures.tensors.drawing import render
from attention_tutorial.figures.tensors.panel import TensorPanel, shape_text


@bilingual
def diagram_eye_mask(n: int, values: Tensor | None = None, *, lang: str | None = None) -> Figure:
    """Draw the leave-one-out recipe: tile, mask out the diagonal, reshape to ``(n, n - 1)``.

    Top: ``torch.eye(n)`` and the mask ``(1 - torch.eye(n)).type(torch.bool)``.
    Middle: ``values.repeat((n, 1))`` with the diagonal crossed out. Bottom: what
    the mask keeps, reshaped; row ``i`` no longer holds element ``i``'s colour.

    Explained on the page `handbook/mask.md`.

    Args:
        n: The number of elements, ``2 <= n <= 8``.
        values: A 1-D tensor of length ``n``; defaults to ``torch.arange(n)``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: three rows.

    Raises:
        TypeError: If ``n`` is not an int or ``values`` is not a tensor.
        ValueError: If ``lang`` is unknown, ``n`` is out of range or ``values``
            does not have length ``n``.

    Examples:
        >>> fig = diagram_eye_mask(3, lang="en")
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:3"
        ... ]
        ['shape (3, 2)']
    """
    _checks.integer("n", n, 2)
    if n > 8:
        raise ValueError(f"n must be at most 8 for a readable diagram, got {n}")
    if values is None:
        values = torch.arange(n)
    else:
        values = operand("values", values, max_dim=1)
        if values.dim() != 1 or len(values) != n:
            raise ValueError(
                f"values must be a 1-D tensor of length n = {n}, "
                f"got shape {shape_text(values.shape)}"
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
    return render(rows, arrows, lang)
