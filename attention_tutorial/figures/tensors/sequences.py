"""Pictures of making and ordering 1-D tensors: torch.arange and torch.sort.

They show a half-open range, and where every sorted value came from.

Explained on the page `handbook/random.md`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._base import TutorialFigure, bilingual, both
from attention_tutorial.figures.tensors._operands import (
    fits,
    operand,
    torch_says,
)
from attention_tutorial.figures.tensors.drawing import _with_narrow, render
from attention_tutorial.figures.tensors.panel import TensorPanel, shape_text


@bilingual
def diagram_arange(
    start: float, end: float, step: float = 1, *, lang: str | None = None, layout: str = "wide"
) -> TutorialFigure:
    """Draw ``torch.arange(start, end, step)``: a half-open range, the end left out.

    The result has ``ceil((end - start) / step)`` elements; the crossed-out cell
    beside it is ``end``, written as passed. With a float step, rounding can make that
    count one larger than in exact arithmetic: then ``end`` is not crossed out, the last
    cell of the result (the end let in) is framed, and the length shows the quotient as
    computed in floating point.

    Explained on the page `handbook/random.md`.

    Args:
        start: The first value.
        end: The bound that is not included.
        step: The distance between two values, not 0.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: the range and its end side by side; ``"narrow"`` or
            ``"stacked"``, one phone layout: one above the other.

    Returns:
        The figure: the range and, crossed out, its end.

    Raises:
        TypeError: If an argument is not a real number.
        ValueError: If ``lang`` is unknown, ``step`` is 0, the range is empty or
            longer than 16 elements, or ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``.

    Examples:
        >>> fig = diagram_arange(
        ...     0, 1, 0.25, lang="en"
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:0"
        ... ]
        ['shape (4,)']
    """
    for name, value in (("start", start), ("end", end), ("step", step)):
        _checks.finite_number(name, value)
    empty = f"the range from start={start} to end={end} with step={step} is empty"
    try:  # PyTorch counts the elements (on the meta device: nothing is allocated)
        count = len(torch.arange(start, end, step, device="meta"))
    except RuntimeError as error:
        raise ValueError(f"{empty}, or step is 0 (PyTorch: {torch_says(error)})") from None
    if count < 1:
        raise ValueError(empty)
    fits("the result", (count,))
    out = torch.arange(start, end, step)
    # the end as passed: 1 (an int) stays 1, 1.3 is written 1.3 (not 1.0, not 1.30)
    ends = torch.tensor(end) if isinstance(end, int) else torch.tensor(end, dtype=out.dtype)
    formula = f"len = ⌈({end:g} - {start:g}) / {step:g}⌉"
    decimal = {k: Fraction(str(float(v))) for k, v in (("s", start), ("e", end), ("d", step))}
    exact = math.ceil((decimal["e"] - decimal["s"]) / decimal["d"])  # the decimals as written
    if count > exact:  # in floating point the quotient is a little above a whole number
        quotient = (end - start) / step  # as PyTorch computes it, in double precision
        result = TensorPanel(
            out, code=f"torch.arange({start}, {end}, {step})", outline=[(count - 1,)],
            captions=[formula, f"= ⌈{quotient!r}⌉ = {count}", both("rounded_in")],
        )  # fmt: skip
        end_panel = TensorPanel(ends, code="end", sources=torch.tensor(-1), spec="g",
                                captions=[both("meant_excluded")], show_shape=False)  # fmt: skip
    else:
        result = TensorPanel(
            out, code=f"torch.arange({start}, {end}, {step})", captions=[f"{formula} = {count}"]
        )
        end_panel = TensorPanel(ends, code="end", sources=torch.tensor(-1), spec="g",
                                dropped=torch.tensor(True), captions=[both("excluded")],
                                show_shape=False)  # fmt: skip
    rows = [[result, end_panel]]
    return _with_narrow(render(rows, [], lang, layout=layout), layout)


@bilingual
def diagram_sort(x: Tensor, *, descending: bool = False, lang: str | None = None) -> TutorialFigure:
    """Draw ``torch.sort(x)``: the sorted values and, below each, where it came from.

    A value keeps its colour when it moves, and its index cell has the same
    colour: ``indices[i]`` is the old position of ``values[i]``.

    Explained on the page `handbook/random.md`.

    Args:
        x: A 1-D tensor.
        descending: Sort from largest to smallest.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: ``x`` on top, ``values`` and ``indices`` below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``descending`` is not a bool.
        ValueError: If ``lang`` is unknown or ``x`` is not 1-D.

    Examples:
        >>> fig = diagram_sort(
        ...     torch.tensor([3, 1, 2]),
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:2"
        ... ]
        ['shape (3,)']
    """
    x = operand("x", x)
    if x.dim() != 1:
        raise ValueError(f"x must be a 1-D tensor, got shape {shape_text(x.shape)}")
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
    return render(rows, [f"values, indices = {code}"], lang)
