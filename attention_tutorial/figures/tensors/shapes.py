"""Pictures of shape changes that keep the elements: reshape, transpose, unsqueeze, squeeze.

The elements stay, the caption says what happened to the shape (or, for a transpose, to
the strides).

Explained on the pages `handbook/reshape.md` and `handbook/squeeze.md`.
"""

from __future__ import annotations

from collections.abc import Sequence

from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._base import TutorialFigure, bilingual, both
from attention_tutorial.figures.tensors._operands import (
    args_text,
    element_ids,
    fits,
    matrix,
    operand,
    size_list,
    torch_shape,
)
from attention_tutorial.figures.tensors.drawing import render
from attention_tutorial.figures.tensors.panel import TensorPanel, shape_text


@bilingual
def diagram_reshape(
    x: Tensor, *shape: int | Sequence[int], lang: str | None = None
) -> TutorialFigure:
    """Draw ``x.reshape(*shape)``: the same elements in the same order, a new shape.

    The colours follow row-major order (the last axis changes fastest). A ``-1``
    in ``shape`` is worked out by PyTorch; the caption says what it became.

    Explained on the page `handbook/reshape.md`.

    Args:
        x: The input, 0-D to 3-D.
        *shape: The new shape, as ints or one tuple, with at most one ``-1``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or a size is not an int.
        ValueError: If ``lang`` is unknown, the shape does not hold ``x.numel()``
            elements, or the result is too large to draw.

    Examples:
        >>> import torch
        >>> fig = diagram_reshape(
        ...     torch.arange(6),
        ...     -1,
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
    new = size_list("shape", shape)
    what = (
        f"shape {new} cannot hold the {x.numel()} elements of x: the sizes must multiply to "
        f"{x.numel()}, with at most one -1 for PyTorch to work out"
    )
    fits("the result", torch_shape(what, lambda t: t.reshape(*new), x))
    out = x.reshape(*new)
    sources = element_ids(x).reshape(*new)
    captions = []
    if -1 in new:
        j = new.index(-1)
        captions.append(both("inferred", size=f"dim {j} = {out.shape[j]}"))
    rows = [[TensorPanel(x, code="x")], [TensorPanel(out, code="y", sources=sources,
                                                     captions=captions)]]  # fmt: skip
    return render(rows, [f"y = x.reshape({args_text(new, shape)})"], lang, read_long=True)


@bilingual
def diagram_transpose(x: Tensor, *, lang: str | None = None) -> TutorialFigure:
    """Draw ``x.t()``: a view of the same memory, read with the two strides swapped.

    Each panel is captioned with its real ``stride()``. The colours follow the elements
    of ``x``, so reading ``x.t()`` row by row they are no longer in order: no view can
    present it as one flat row (``view`` refuses, ``reshape`` copies).

    Explained on the page `handbook/reshape.md`.

    Args:
        x: The matrix to transpose (2-D).
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: ``x`` on top, ``x.t()`` below.

    Raises:
        TypeError: If ``x`` is not a tensor.
        ValueError: If ``lang`` is unknown, ``x`` is not 2-D or it is too large to draw.

    Examples:
        >>> import torch
        >>> fig = diagram_transpose(
        ...     torch.arange(6).reshape(2, 3),
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if "caption" in t.get_gid()
        ... ]
        ['stride (3, 1)', 'stride (1, 3)']
    """
    x = matrix("x", x)
    xt = x.t()
    fits("x.t()", xt.shape)
    rows = [
        [TensorPanel(x, code="x", captions=[f"stride {shape_text(x.stride())}"])],
        [TensorPanel(xt, code="x.t()", sources=element_ids(x).t(),
                     captions=[f"stride {shape_text(xt.stride())}"])],
    ]  # fmt: skip
    return render(rows, ["x.t()"], lang)


@bilingual
def diagram_unsqueeze(x: Tensor, dim: int, *, lang: str | None = None) -> TutorialFigure:
    """Draw ``x.unsqueeze(dim)``: a new axis of size 1 inserted at ``dim``.

    The elements and their order do not change; only the shape gains a 1, and
    the caption says where.

    Explained on the page `handbook/squeeze.md`.

    Args:
        x: The input, 0-D to 2-D.
        dim: Where the new axis goes, in ``[-x.dim() - 1, x.dim()]``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``dim`` is not an int.
        ValueError: If ``lang`` is unknown, ``dim`` is out of range or the result is
            too large to draw.

    Examples:
        >>> import torch
        >>> fig = diagram_unsqueeze(
        ...     torch.tensor([1, 2, 3]),
        ...     1,
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:1"
        ... ]
        ['shape (3, 1)']
    """
    x = operand("x", x, max_dim=2)
    low, high = -x.dim() - 1, x.dim()
    _checks.integer("dim", dim, -x.dim() - 2)  # the type; PyTorch checks the range
    what = f"dim must be in [{low}, {high}] for a {x.dim()}-D x, got {dim}"
    fits("the result", torch_shape(what, lambda t: t.unsqueeze(dim), x))
    out = x.unsqueeze(dim)
    position = dim if dim >= 0 else dim + out.dim()
    rows = [
        [TensorPanel(x, code="x")],
        [TensorPanel(out, code="y", sources=element_ids(x).unsqueeze(dim),
                     captions=[both("new_axis", dim=position)])],
    ]  # fmt: skip
    return render(rows, [f"y = x.unsqueeze({dim})"], lang)


@bilingual
def diagram_squeeze(
    x: Tensor, dim: int | None = None, *, lang: str | None = None
) -> TutorialFigure:
    """Draw ``x.squeeze(dim)``: axes of size 1 removed (all of them when ``dim`` is None).

    Explained on the page `handbook/squeeze.md`.

    Args:
        x: The input, 1-D to 3-D.
        dim: The axis to remove (left alone if its size is not 1), or ``None``
            for every axis of size 1.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the input on top, the result below.

    Raises:
        TypeError: If ``x`` is not a tensor or ``dim`` is not an int.
        ValueError: If ``lang`` is unknown or ``dim`` is out of range.

    Examples:
        >>> import torch
        >>> fig = diagram_squeeze(
        ...     torch.tensor([[1, 2, 3]]),
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:1"
        ... ]
        ['shape (3,)']
    """
    x = operand("x", x)
    if dim is None:
        removed = [j for j, s in enumerate(x.shape) if s == 1]
        out, sources = x.squeeze(), element_ids(x).squeeze()
    else:
        _checks.integer("dim", dim, -x.dim() - 2)  # the type; PyTorch checks the range
        rank = max(x.dim(), 1)
        what = f"dim must be in [{-rank}, {rank - 1}] for a {x.dim()}-D x, got {dim}"
        torch_shape(what, lambda t: t.squeeze(dim), x)
        position = dim % max(x.dim(), 1)
        removed = [position] if x.dim() and x.shape[position] == 1 else []
        out, sources = x.squeeze(dim), element_ids(x).squeeze(dim)
    if removed:
        caption = both("removed_axes", dims=", ".join(str(j) for j in removed))
    else:
        caption = both("nothing_removed")
    code = "x.squeeze()" if dim is None else f"x.squeeze({dim})"
    rows = [
        [TensorPanel(x, code="x")],
        [TensorPanel(out, code="y", sources=sources, captions=[caption])],
    ]
    return render(rows, [f"y = {code}"], lang)
