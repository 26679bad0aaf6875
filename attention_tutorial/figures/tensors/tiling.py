"""Pictures of tiling: repeat_interleave, repeat, expand and broadcasting.

The colours show where every element of the result comes from.

Explained on the pages `handbook/repeat.md` and `handbook/expand.md`.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._base import TutorialFigure, bilingual, both
from attention_tutorial.figures.tensors._operands import (
    args_text,
    element_ids,
    fits,
    operand,
    size_list,
    torch_says,
    torch_shape,
)
from attention_tutorial.figures.tensors.drawing import render
from attention_tutorial.figures.tensors.panel import TensorPanel, shape_text, value_spec


@bilingual
def diagram_repeat_interleave(
    x: Tensor,
    repeats: int | Tensor,
    dim: int | None = None,
    *,
    lang: str | None = None,
) -> TutorialFigure:
    """Draw ``x.repeat_interleave(repeats, dim)``: each element repeated back to back.

    Output element ``i`` of a 1-D ``x`` comes from input element ``i // repeats``,
    so the colours come in runs. With ``dim=None`` the input is flattened first.

    Explained on the page `handbook/repeat.md`.

    Args:
        x: The input, 0-D to 3-D.
        repeats: An int ``>= 0``, or a 1-D integer tensor with one count per element
            along ``dim`` (per element of the flattened ``x`` when ``dim`` is ``None``).
            A tensor is drawn under the name ``counts``, as the handbook page's code
            calls it.
        dim: The axis along which to repeat; ``None`` flattens first.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``repeats`` is not an int or a tensor.
        ValueError: If ``lang`` is unknown, ``dim`` is out of range, ``repeats``
            has the wrong length, or the result is too large to draw.

    Examples:
        >>> fig = diagram_repeat_interleave(
        ...     torch.tensor([1, 2, 3]),
        ...     2,
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:1"
        ... ]
        ['shape (6,)']
    """
    x = operand("x", x)
    if isinstance(repeats, Tensor):
        if repeats.dim() > 1 or repeats.is_floating_point() or repeats.dtype == torch.bool:
            raise ValueError(
                f"repeats must be an int or a 1-D integer tensor, got a {repeats.dim()}-D "
                f"tensor of dtype {repeats.dtype}"
            )
        # more copies of one element than a diagram holds: refuse before allocating
        fits("the result", (int(repeats.max()) if repeats.numel() else 0,))
        code_repeats = "counts"  # the handbook page's name for a tensor of counts
    else:
        fits("the result", (_checks.integer("repeats", repeats, 0),))
        code_repeats = str(repeats)
    if dim is not None:
        _checks.integer("dim", dim, -x.dim() - 1)  # the type; PyTorch checks the range
    try:  # PyTorch checks dim, the number of counts and their signs
        out = x.repeat_interleave(repeats, dim=dim)
    except (RuntimeError, IndexError) as error:
        along = "of x" if dim is None else f"along dim={dim}"
        raise ValueError(
            f"repeats and dim do not fit x of shape {shape_text(x.shape)}: dim must be an axis "
            f"of x and repeats one count >= 0 per element {along} "
            f"(PyTorch: {torch_says(error)})"
        ) from None
    fits("the result", out.shape)
    sources = element_ids(x).repeat_interleave(repeats, dim=dim)
    code = f"x.repeat_interleave({code_repeats}" + ("" if dim is None else f", dim={dim}") + ")"
    captions = [both("flattened")] if dim is None and x.dim() > 1 else []
    given = [f"counts = torch.tensor({repeats.tolist()})"] if isinstance(repeats, Tensor) else []
    rows = [
        [TensorPanel(x, code="x", captions=given)],
        [TensorPanel(out, code="y", sources=sources, captions=captions)],
    ]
    return render(rows, [f"y = {code}"], lang)


@bilingual
def diagram_repeat(
    x: Tensor, *sizes: int | Sequence[int], lang: str | None = None
) -> TutorialFigure:
    """Draw ``x.repeat(*sizes)``: the whole tensor tiled, a new copy in memory.

    Output element ``i`` of ``x.repeat(k)`` (1-D ``x`` of length ``n``) comes from
    input element ``i % n``, so the colours come in cycles.

    Explained on the page `handbook/repeat.md`.

    Args:
        x: The input, 0-D to 3-D.
        *sizes: How many copies along each axis, as ints or one tuple; at least
            ``x.dim()`` of them (extra ones add leading axes).
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or a size is not an int.
        ValueError: If ``lang`` is unknown, PyTorch refuses the sizes (fewer than
            ``x.dim()``, or negative), or the result is too large to draw.

    Examples:
        >>> fig = diagram_repeat(
        ...     torch.tensor([1, 2, 3]),
        ...     2,
        ...     2,
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:1"
        ... ]
        ['shape (2, 6)']
    """
    x = operand("x", x)
    reps = size_list("sizes", sizes)
    what = f"sizes {reps} cannot repeat x of shape {shape_text(x.shape)}"
    fits("the result", torch_shape(what, lambda t: t.repeat(*reps), x))
    out = x.repeat(*reps)
    sources = element_ids(x).repeat(*reps)
    rows = [
        [TensorPanel(x, code="x")],
        [TensorPanel(out, code="y", sources=sources,
                     captions=[both("copies", n=out.numel())])],
    ]  # fmt: skip
    return render(rows, [f"y = x.repeat({args_text(reps, sizes)})"], lang, read_long=True)


@bilingual
def diagram_expand(
    x: Tensor, *sizes: int | Sequence[int], lang: str | None = None
) -> TutorialFigure:
    """Draw ``x.expand(*sizes)``: a view that repeats by a stride of 0, with no copy.

    The result owns no memory: the dashed cells read the input's elements again.
    The captions print the real ``stride()`` of both tensors.

    Explained on the page `handbook/expand.md`.

    Args:
        x: The input, 0-D to 3-D.
        *sizes: The new shape, as ints or one tuple; ``-1`` keeps a size; only axes
            of size 1 (or new leading axes) can grow.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the input on top, the expanded view below.

    Raises:
        TypeError: If ``x`` is not a tensor or a size is not an int.
        ValueError: If ``lang`` is unknown, the sizes cannot expand ``x``, or the
            result is too large to draw.

    Examples:
        >>> fig = diagram_expand(
        ...     torch.tensor([[1], [2]]),
        ...     2,
        ...     3,
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:1"
        ... ]
        ['shape (2, 3)']
    """
    x = operand("x", x)
    shape = size_list("sizes", sizes)
    what = (
        f"sizes {shape} cannot expand x of shape {shape_text(x.shape)}: only axes of size 1 "
        "(or new leading axes) can grow, -1 keeps a size (use repeat to copy)"
    )
    fits("the result", torch_shape(what, lambda t: t.expand(*shape), x))
    out = x.expand(*shape)
    sources = element_ids(x).expand(*shape)
    same = out.data_ptr() == x.data_ptr()
    captions = [f"stride {shape_text(out.stride())}"]
    if same:
        captions.append(both("shares", name="x"))
    rows = [
        [TensorPanel(x, code="x", captions=[f"stride {shape_text(x.stride())}"])],
        [TensorPanel(out, code="y", sources=sources, shared=True, captions=captions)],
    ]
    return render(rows, [f"y = x.expand({args_text(shape, sizes)})"], lang, read_long=True)


_OPS = {"+": torch.add, "-": torch.sub, "*": torch.mul, "/": torch.div}


@bilingual
def diagram_broadcast(
    a: Tensor, b: Tensor, op: str = "-", *, lang: str | None = None
) -> TutorialFigure:
    """Draw broadcasting in ``a op b``: both operands expanded (no copy), then combined.

    Shapes are aligned from the right; an axis of size 1 (or a missing one) is
    stretched to the other operand's size. An operand with fewer axes says the shape it
    counts as (``(2,)`` counts as ``(1, 2)``). The middle row shows these stretched
    operands as ``expand`` views with their strides; the bottom row the result.

    Explained on the page `handbook/expand.md`.

    Args:
        a: Left operand, 0-D to 2-D.
        b: Right operand, 0-D to 2-D.
        op: One of ``"+"``, ``"-"``, ``"*"``, ``"/"``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the operands, their expanded views, the result.

    Raises:
        TypeError: If ``a`` or ``b`` is not a tensor.
        ValueError: If ``lang`` or ``op`` is unknown, or the shapes do not broadcast.

    Examples:
        >>> fig = diagram_broadcast(
        ...     torch.ones(3, 1),
        ...     torch.ones(2),
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:4"
        ... ]
        ['shape (3, 2)']
    """
    a = operand("a", a, max_dim=2)
    b = operand("b", b, max_dim=2)
    if op not in _OPS:
        raise ValueError(f"op must be one of {sorted(_OPS)}, got {op!r}")
    try:
        shape = torch.broadcast_shapes(a.shape, b.shape)
    except RuntimeError:
        raise ValueError(
            f"a and b do not broadcast: shapes {shape_text(a.shape)} and "
            f"{shape_text(b.shape)} differ in an axis where neither size is 1"
        ) from None
    fits("the result", shape)
    out = _OPS[op](a, b)
    a_view, b_view = a.expand(shape), b.expand(shape)
    a_ids, b_ids = element_ids(a).expand(shape), element_ids(b).expand(shape) + a.numel()
    # one number format for every panel: a's 0.0 beside b's 0.50 would look like two rules
    spec = value_spec(*(t.detach().cpu().numpy() for t in (a, b, out)))

    def counts_as(x: Tensor) -> list[dict[str, str]]:
        # rule 1: a missing axis counts as size 1 on the left; said where it applies
        if x.dim() == len(shape):
            return []
        ones = shape_text((1,) * (len(shape) - x.dim()) + tuple(x.shape))
        return [{"zh": f"算作 {ones}", "en": f"counts as {ones}"}]

    rows = [
        [TensorPanel(a, code="a", spec=spec, captions=counts_as(a)),
         TensorPanel(b, code="b", sources=element_ids(b) + a.numel(), spec=spec,
                     captions=counts_as(b))],
        [
            TensorPanel(a_view, code=f"a.expand({args_text(shape, ())})", sources=a_ids,
                        shared=True, captions=[f"stride {shape_text(a_view.stride())}"],
                        spec=spec),
            TensorPanel(b_view, code=f"b.expand({args_text(shape, ())})", sources=b_ids,
                        shared=True, captions=[f"stride {shape_text(b_view.stride())}"],
                        spec=spec),
        ],
        [TensorPanel(out, code=f"a {op} b", sources=torch.full(tuple(shape), -1), spec=spec)],
    ]  # fmt: skip
    arrows = [both("broadcast"), f"a {op} b"]
    return render(rows, arrows, lang)
