"""Pictures of matrix products: matmul and its batch shapes, bmm, einsum and nn.Linear.

Red frames mark the cells that make the result's first element.

Explained on the pages `handbook/matmul.md`, `handbook/bmm.md`, `handbook/einsum.md` and
`handbook/linear.md`.
"""

from __future__ import annotations

import torch
from torch import Tensor, nn

from attention_tutorial import _checks
from attention_tutorial.figures._alt import batch_shapes_facts, diagram_legend
from attention_tutorial.figures._base import TutorialFigure, bilingual, both
from attention_tutorial.figures.tensors._operands import (
    code_names,
    fits,
    matrix,
    operand,
    torch_shape,
)
from attention_tutorial.figures.tensors.drawing import _with_narrow, render
from attention_tutorial.figures.tensors.panel import (
    TensorPanel,
    format_values,
    shape_text,
    value_spec,
)


def _matmul_panels(
    a: Tensor,
    b: Tensor,
    out: Tensor,
    k: int,
    code_a: str = "a",
    code_b: str = "b",
    second_pair: bool = False,
) -> tuple[TensorPanel, TensorPanel, TensorPanel, list[str]]:
    """Panels for ``a @ b``: cells coloured by the index they are summed over.

    ``second_pair``: in a batch of two or more, frame in blue what makes the first element of
    batch element 1 too, and add its worked sum (the second of the returned notes).
    """
    a_ids = torch.arange(k).expand(a.shape)  # colour of a[..., i, j] = j
    b_shape = b.shape if b.dim() > 1 else (k, 1)
    b_ids = torch.arange(k).unsqueeze(-1).expand(b_shape)  # colour of b[..., i, j] = i
    if b.dim() == 1:
        b_ids = b_ids.squeeze(-1)
    # Outline the first output element and the row of a and column of b that make it.
    # one number format for the operands, the result and the worked sum: not 0.20 beside 1.0
    spec = value_spec(*(t.detach().cpu().numpy() for t in (a, b, out)))

    def number(t: Tensor) -> str:
        return format_values(t.detach().cpu().numpy().reshape(1), spec)[0]

    def worked(s: int) -> tuple[str, list, list, tuple[int, ...]]:
        """Element ``[s, 0, ...]`` of the result: its worked sum and the cells that make it.

        ``s``: a batch index, 0 without a batch. Returns the sum, the cells of ``a`` and
        ``b``, the index in ``y``.
        """
        # a batch axis of size 1 (or none) is broadcast: slice 0 serves every batch element
        s_a = s if a.dim() == 3 and a.shape[0] > 1 else 0
        s_b = s if b.dim() == 3 and b.shape[0] > 1 else 0
        a_row = a[s_a, 0] if a.dim() == 3 else a[0] if a.dim() == 2 else a
        b_col = b[s_b, :, 0] if b.dim() == 3 else b[:, 0] if b.dim() == 2 else b
        terms = " + ".join(f"{number(p)}×{number(q)}" for p, q in zip(a_row, b_col, strict=True))
        index_out = (s, *(0,) * (out.dim() - 1)) if out.dim() else ()
        expr = f"y[{', '.join(str(i) for i in index_out)}]" if out.dim() else "y"
        cells_a = [(*((s_a,) if a.dim() == 3 else ()), *((0,) if a.dim() > 1 else ()), j)
                   for j in range(k)]  # fmt: skip
        cells_b = [(*((s_b,) if b.dim() == 3 else ()), j, *((0,) if b.dim() > 1 else ()))
                   for j in range(k)]  # fmt: skip
        return f"{expr} = {terms} = {number(out[index_out])}", cells_a, cells_b, index_out

    example, outline_a, outline_b, index_out = worked(0)
    # a batch of two or more: the second batch element's first element, framed in blue,
    # shows that each matrix of the stack meets its own (or the one shared) partner
    batched = len(out.shape) > (a.dim() > 1) + (b.dim() > 1) and out.shape[0] > 1
    second = worked(1) if batched and second_pair else None
    panel_a = TensorPanel(a, code=code_a, sources=a_ids, outline=outline_a, spec=spec,
                          second=second[1] if second else ())  # fmt: skip
    panel_b = TensorPanel(b, code=code_b, sources=b_ids, outline=outline_b, spec=spec,
                          second=second[2] if second else ())  # fmt: skip
    panel_out = TensorPanel(
        out,
        code="y",
        sources=torch.full(out.shape, -1),
        outline=[index_out],
        second=[second[3]] if second else (),
        spec=spec,
    )
    examples = [example] + ([second[0]] if second else [])
    return panel_a, panel_b, panel_out, examples


def _matrix_operands(a: object, b: object, max_dim: int) -> tuple[Tensor, Tensor]:
    a = operand("a", a, max_dim)
    b = operand("b", b, max_dim)
    if a.dim() == 0 or b.dim() == 0:
        raise ValueError(
            f"a and b must have at least 1 dimension each, got shapes {shape_text(a.shape)} "
            f"and {shape_text(b.shape)}"
        )
    _checks.same_dtype(a=a, b=b)
    return a, b


def _operand_names(names: object) -> tuple[str, str]:
    """The labels of ``a`` and ``b``: two non-empty strings, as the caller's code names them."""
    return code_names(names, of=("a", "b"), example=("A", "a"))


@bilingual
def diagram_matmul(
    a: Tensor,
    b: Tensor,
    *,
    names: tuple[str, str] = ("a", "b"),
    lang: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """Draw ``torch.matmul(a, b)`` with the dimension that is summed over in colour.

    The last axis of ``a`` meets the second-to-last axis of ``b`` (the only axis of a
    1-D ``b``): cells with the same colour are multiplied together and summed.
    A 1-D ``a`` gets a 1 prepended and a 1-D ``b`` a 1 appended, removed again
    from the result; the captions say so. The red outlines show how the first
    element of the result is made. Batch axes (3-D) are broadcast; in a batch of two or
    more, blue outlines show how the first element of batch element 1 is made (with
    the same cells of an operand that has no batch axis).

    Explained on the page `handbook/matmul.md`.

    Args:
        a: Left operand, 1-D to 3-D.
        b: Right operand, 1-D to 3-D, same dtype as ``a``.
        names: The labels of ``a`` and ``b`` in the figure and its alt text: the names
            the calling code gives them, e.g. ``("A", "a")`` for ``torch.matmul(A, a)``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: the operands side by side; ``"narrow"`` or ``"stacked"``, one
            phone layout: the operands one above the other over the result. A batched
            product (a 3-D operand) drawn wide asks for the narrow one on phones, where
            its wide drawing would shrink the text below 11 px.

    Returns:
        The figure: ``a`` and ``b`` side by side, the result below.

    Raises:
        TypeError: If ``a`` or ``b`` is not a tensor, or ``names`` is not a tuple of
            strings.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``names`` is not two non-empty names, the summed sizes
            differ, the batch axes do not broadcast, or the result is too large to draw.

    Examples:
        >>> A = torch.tensor(
        ...     [[1, 2, 3], [4, 5, 6]]
        ... )
        >>> B = torch.tensor(
        ...     [[1, 0], [0, 1], [1, 1]]
        ... )
        >>> fig = diagram_matmul(
        ...     A,
        ...     B,
        ...     names=("A", "B"),
        ...     lang="en",
        ... )
        >>> # the element the red frames build
        >>> (A @ B)[0, 0]
        tensor(4)
    """
    a, b = _matrix_operands(a, b, 3)
    name_a, name_b = _operand_names(names)
    k_a = a.shape[-1]
    k_b = b.shape[0] if b.dim() == 1 else b.shape[-2]
    what = (
        f"a of shape {shape_text(a.shape)} and b of shape {shape_text(b.shape)} cannot be "
        f"multiplied: the last axis of a ({k_a}) must equal the "
        f"{'only' if b.dim() == 1 else 'second-to-last'} axis of b ({k_b}), and the batch "
        "axes must broadcast"
    )
    out_shape = torch_shape(what, torch.matmul, a, b)
    fits("the result", out_shape)
    # the result keeps a's rows (if a is 2-D or more) and b's columns (if b is): the rest is batch
    batch = out_shape[: len(out_shape) - (a.dim() > 1) - (b.dim() > 1)]
    batch_a, batch_b = a.shape[:-2], b.shape[:-2]
    out = torch.matmul(a, b)
    panel_a, panel_b, panel_out, examples = _matmul_panels(
        a, b, out, k_a, name_a, name_b, second_pair=True
    )
    # a second pair framed in blue: the caption names both frames (round 38)
    framed = "same_colour_both" if panel_out.second else "same_colour"
    words = [both(framed), both("summed", k=k_a)]
    dot = a.dim() == 1 and b.dim() == 1  # a plain dot product: no promotion to explain
    if a.dim() == 1 and not dot:
        words.append(both("prepended", name=name_a, before=shape_text(a.shape),
                                     after=shape_text((1, k_a))))  # fmt: skip
    if b.dim() == 1 and not dot:
        words.append(both("appended", name=name_b, before=shape_text(b.shape),
                                     after=shape_text((k_b, 1))))  # fmt: skip
    if (a.dim() == 1 or b.dim() == 1) and not dot:
        promoted = (
            tuple(batch)
            + ((1,) if a.dim() == 1 else tuple(a.shape[-2:-1]))
            + ((1,) if b.dim() == 1 else tuple(b.shape[-1:]))
        )
        words.append(both("removed", before=shape_text(promoted), after=shape_text(out.shape)))
    if (a.dim() == 3) != (b.dim() == 3):  # one side has no batch: "()" was cryptic
        name, other = (name_b, name_a) if a.dim() == 3 else (name_a, name_b)
        words.append(both("batch_one", name=name, other=other))
    elif a.dim() == 3:
        words.append(both("batch", a=shape_text(batch_a), b=shape_text(batch_b),
                                     out=shape_text(batch)))  # fmt: skip
    panel_out = TensorPanel(
        out,
        code="y",
        sources=panel_out.sources,
        outline=panel_out.outline,
        second=panel_out.second,
        captions=words,
        spec=panel_out.spec,
    )
    rows = [[panel_a, panel_b], [panel_out]]
    # which axes the colours mark, said with the caller's names
    axes = "matmul_dot" if dot else "matmul_vector" if b.dim() == 1 else "matmul"
    legend = diagram_legend(axes, a=name_a, b=name_b)
    arrow = f"y = torch.matmul({name_a}, {name_b})"
    fig = render(rows, [arrow], lang, notes=examples, legend=legend, layout=layout)
    # the 3-D panels make the batched picture the tallest and its captions the longest
    return _with_narrow(fig, layout) if a.dim() == 3 or b.dim() == 3 else fig


@bilingual
def diagram_batch_shapes(
    a: Tensor,
    b: Tensor,
    *,
    names: tuple[str, str] = ("a", "b"),
    lang: str | None = None,
) -> TutorialFigure:
    """Draw how ``torch.matmul(a, b)`` pairs the batch axes: the shapes aligned from the right.

    Only shapes are drawn, one cell per batch axis holding its size: the batch shape of
    ``a`` over that of ``b``, right-aligned, and the batch shape of the result below.
    A shape with fewer axes gets 1s filled in on the left (uncoloured); cells of one colour
    are the same axis. In each axis the two sizes are equal or one of them is 1, which
    takes the other size. Under each batch shape is the whole shape, with the part after
    the batch axes (the matrices, or the vector of a 1-D side) set apart.

    Explained on the page `handbook/matmul.md`.

    Args:
        a: Left operand; its batch axes are all but its last two.
        b: Right operand, the same; at least one of the two has a batch axis.
        names: The labels of ``a`` and ``b`` in the figure and its alt text: the names
            the calling code gives them, e.g. ``("P", "Q")`` for ``P @ Q``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the two batch shapes, one above the other, and the result's below,
        each with its whole shape.

    Raises:
        TypeError: If ``a`` or ``b`` is not a tensor, or ``names`` is not a tuple of
            strings.
        ValueError: If ``lang`` is unknown, ``names`` is not two non-empty names, neither
            operand has a batch axis, or ``torch.matmul(a, b)`` fails.

    Examples:
        >>> fig = diagram_batch_shapes(
        ...     torch.ones(4, 1, 2, 3),
        ...     torch.ones(5, 3, 2),
        ...     names=("P", "Q"),
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "caption:2:0"
        ... ]
        ['batch shape (4, 5)']
    """
    a = operand("a", a, max_dim=8)
    b = operand("b", b, max_dim=8)
    name_a, name_b = _operand_names(names)
    batch_a, batch_b = tuple(a.shape[:-2]), tuple(b.shape[:-2])
    if not batch_a and not batch_b:
        raise ValueError(
            f"a of shape {shape_text(a.shape)} and b of shape {shape_text(b.shape)} have no "
            "batch axes (all but the last two): nothing to align"
        )
    what = (
        f"a of shape {shape_text(a.shape)} and b of shape {shape_text(b.shape)} cannot be "
        "multiplied with torch.matmul"
    )
    torch_shape(what, torch.matmul, a, b)
    out = tuple(torch.broadcast_shapes(batch_a, batch_b))
    n = len(out)
    fits("the batch shape", (n,))

    result = tuple(torch.matmul(a, b).shape)

    def whole(full: tuple[int, ...], batch: tuple[int, ...]) -> dict[str, str]:
        # the whole shape last, the part after the batch axes set apart: the matrices, or
        # the vector of a 1-D side (and of the result it gives)
        part = full[len(batch) :]
        key = "batch_whole" if len(part) == 2 else "batch_whole_vector"
        return both(key, shape=shape_text(full), part=shape_text(part))

    def panel(shape: tuple[int, ...], full: tuple[int, ...], code: str) -> TensorPanel:
        filled = n - len(shape)
        cells = torch.tensor((1,) * filled + shape)
        # one colour per aligned axis; the 1s filled in on the left uncoloured
        sources = torch.tensor([-1] * filled + list(range(filled, n)))
        captions = [both("batch_shape", shape=shape_text(shape))]
        if filled:
            captions.append(both("batch_filled", shape=shape_text(tuple(cells.tolist()))))
        captions.append(whole(full, shape))
        return TensorPanel(cells, code=code, sources=sources, captions=captions,
                           show_shape=False)  # fmt: skip

    rows = [
        [panel(batch_a, tuple(a.shape), name_a)],
        [panel(batch_b, tuple(b.shape), name_b)],
        [TensorPanel(torch.tensor(out), code=f"{name_a} @ {name_b}",
                     sources=torch.arange(n), show_shape=False,
                     captions=[both("batch_shape", shape=shape_text(out)),
                               whole(result, out)])],
    ]  # fmt: skip
    # no arrow between the two operands: they are aligned, not computed one from the other;
    # the arrow's note is words, not code: the caption font (round 42)
    fig = render(rows, ["", both("batch_aligned")], lang, prose=[1])
    wholes = (tuple(a.shape), tuple(b.shape), result)
    facts = batch_shapes_facts((name_a, name_b), (batch_a, batch_b), out, wholes)
    fig.alt_facts = facts[lang]
    return fig


@bilingual
def diagram_bmm(
    a: Tensor,
    b: Tensor,
    *,
    names: tuple[str, str] = ("a", "b"),
    lang: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """Draw ``torch.bmm(a, b)``: one matrix product per batch element, no broadcasting.

    Slice ``[i]`` of the result is ``a[i] @ b[i]``; the colours mark the summed axis
    (the last of ``a``, the middle one of ``b``).

    Explained on the page `handbook/bmm.md`.

    Args:
        a: Shape ``(batch, n, k)``.
        b: Shape ``(batch, k, m)``, same batch size and dtype.
        names: The labels of ``a`` and ``b`` in the figure and its alt text: the code
            that gives them, e.g. ``("weights.unsqueeze(1)", "values.unsqueeze(-1)")``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: the operands side by side, and the site shows the narrow
            drawing on phones; ``"narrow"`` or ``"stacked"``, one phone layout: the
            operands one above the other over the result, the code broken into lines.

    Returns:
        The figure: ``a`` and ``b`` side by side, the result below.

    Raises:
        TypeError: If ``a`` or ``b`` is not a tensor, or ``names`` is not a tuple of
            strings.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``names`` is not two non-empty names, an operand is not
            3-D, or the sizes do not match.

    Examples:
        >>> a = torch.arange(6.0).reshape(
        ...     2, 1, 3
        ... )
        >>> b = torch.arange(1.0, 7.0).reshape(
        ...     2, 3, 1
        ... )
        >>> fig = diagram_bmm(a, b, lang="en")
        >>> # 0*1 + 1*2 + 2*3 and 3*4 + 4*5 + 5*6
        >>> torch.bmm(a, b).flatten()
        tensor([ 8., 62.])
    """
    a, b = _matrix_operands(a, b, 3)
    name_a, name_b = _operand_names(names)
    what = (
        f"a of shape {shape_text(a.shape)} and b of shape {shape_text(b.shape)} cannot be "
        "multiplied by bmm: both must be 3-D (batch, rows, columns), with the same batch "
        "size and a.shape[2] == b.shape[1]"
    )
    fits("the result", torch_shape(what, torch.bmm, a, b))
    out = torch.bmm(a, b)
    panel_a, panel_b, panel_out, examples = _matmul_panels(a, b, out, a.shape[2], name_a, name_b)
    panel_out = TensorPanel(
        out, code="y", sources=panel_out.sources, outline=panel_out.outline,
        captions=[both("same_colour"), both("summed", k=a.shape[2])], spec=panel_out.spec,
    )  # fmt: skip
    rows = [[panel_a, panel_b], [panel_out]]
    # which axes the colours mark, said with the caller's names
    legend = diagram_legend("bmm", a=name_a, b=name_b)
    arrow = f"y = torch.bmm({name_a}, {name_b})"
    fig = render(rows, [arrow], lang, notes=examples, legend=legend, layout=layout)
    return _with_narrow(fig, layout)


@bilingual
def diagram_einsum(
    weights: Tensor, values: Tensor, *, lang: str | None = None, layout: str = "wide"
) -> TutorialFigure:
    """Draw ``torch.einsum("qk,qk->q", weights, values)``: each row's products, summed.

    The chapter's weighted average of the values, one per query, written with einsum.
    The colour marks the row (the query); red frames the cells that make the first
    element of the result.

    Explained on the page `handbook/einsum.md`.

    Args:
        weights: A floating 2-D tensor, shape ``(n_queries, n_keys)``.
        values: Shape ``(n_queries, n_keys)``, the shape and dtype of ``weights``: each
            query's own row of values.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: the operands side by side; ``"narrow"`` or ``"stacked"``, one
            phone layout: the operands one above the other over the result, the code
            broken into lines.

    Returns:
        The figure: ``weights`` and ``values`` on top, the result ``y_hat`` below.

    Raises:
        TypeError: If ``weights`` or ``values`` is not a tensor.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``weights`` is not a floating 2-D tensor, or ``values``
            has another shape or dtype.

    Examples:
        >>> weights = torch.tensor(
        ...     [[0.2, 0.8], [1.0, 0.0]]
        ... )
        >>> values = torch.tensor(
        ...     [[1.0, 5.0], [2.0, 8.0]]
        ... )
        >>> fig = diagram_einsum(
        ...     weights, values, lang="en"
        ... )
        >>> # 0.2*1 + 0.8*5 and 1*2 + 0*8
        >>> torch.einsum(
        ...     "qk,qk->q", weights, values
        ... )
        tensor([4.2000, 2.0000])
    """
    weights = matrix("weights", weights)
    _checks.floating("weights", weights)
    values = matrix("values", values, like=("weights", weights))
    _checks.same_dtype(weights=weights, values=values)
    n_queries, n_keys = weights.shape
    rows = torch.arange(n_queries)[:, None].expand(n_queries, n_keys)  # colour = row (query)
    first = [(0, k) for k in range(n_keys)]  # the cells of the result's first element
    panels = [
        [TensorPanel(weights, code="weights", sources=rows, outline=first),
         TensorPanel(values, code="values", sources=rows, outline=first)],
        [TensorPanel(torch.einsum("qk,qk->q", weights, values), code="y_hat",
                     sources=torch.arange(n_queries), outline=[(0,)])],
    ]  # fmt: skip
    arrows = ['torch.einsum("qk,qk->q", weights, values)']
    legend = diagram_legend("einsum", a="weights", b="values", c="y_hat")
    return _with_narrow(render(panels, arrows, lang, legend=legend, layout=layout), layout)


@bilingual
def diagram_linear(layer: nn.Linear, x: Tensor, *, lang: str | None = None) -> TutorialFigure:
    """Draw ``layer(x) = x @ layer.weight.T`` for an ``nn.Linear`` without bias.

    The colour marks the input feature (a column of ``x`` and of ``layer.weight``):
    cells of one colour are multiplied and the products summed. ``layer(x)`` holds new
    values, drawn grey; red frames the cells that make its first element.

    Explained on the page `handbook/linear.md`.

    Args:
        layer: An ``nn.Linear(in_features, out_features, bias=False)``.
        x: A floating 2-D tensor ``(n, in_features)`` of the layer's dtype.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: ``x`` and ``layer.weight`` on top, ``layer(x)`` below.

    Raises:
        TypeError: If ``layer`` is not an ``nn.Linear`` or ``x`` is not a tensor.
        ValueError: If ``lang`` is unknown, ``layer`` has a bias, or ``x`` is not a
            floating 2-D tensor with ``in_features`` columns of the layer's dtype.

    Examples:
        >>> from torch import nn
        >>> layer = nn.Linear(3, 2, bias=False)
        >>> # weights set by hand, easy to read
        >>> with torch.no_grad():
        ...     _ = layer.weight.copy_(
        ...         torch.tensor(
        ...             [
        ...                 [0.5, -1.0, 2.0],
        ...                 [1.5, 0.25, -0.5],
        ...             ]
        ...         )
        ...     )
        >>> # rows 0 to 2 pick one input feature
        >>> # each; row 3 adds all three
        >>> x = torch.tensor(
        ...     [
        ...         [1.0, 0.0, 0.0],
        ...         [0.0, 1.0, 0.0],
        ...         [0.0, 0.0, 1.0],
        ...         [1.0, 1.0, 1.0],
        ...     ]
        ... )
        >>> fig = diagram_linear(
        ...     layer, x, lang="en"
        ... )
        >>> # row j of layer(x): column j of layer.weight
        >>> torch.equal(
        ...     layer(x)[:3], layer.weight.T
        ... )
        True
    """
    if not isinstance(layer, nn.Linear):
        raise TypeError(f"layer must be a torch.nn.Linear, got {type(layer).__name__}")
    if layer.bias is not None:
        raise ValueError("layer must have no bias: create it with nn.Linear(..., bias=False)")
    weight = matrix("layer.weight", layer.weight)  # (out_features, in_features)
    x = matrix("x", x)
    _checks.floating("x", x)
    if x.shape[1] != layer.in_features:
        raise ValueError(
            f"x must have in_features = {layer.in_features} columns, "
            f"got shape {shape_text(x.shape)}"
        )
    _checks.same_dtype(x=x, weight=weight)
    with torch.no_grad():
        out = layer(x)  # (n, out_features)
    fits("layer(x)", out.shape)
    n, n_in = x.shape
    features = torch.arange(n_in)  # colour = input feature, a column of x and of the weight
    panels = [
        [TensorPanel(x, code="x", sources=features.expand(n, n_in),
                     outline=[(0, j) for j in range(n_in)]),
         TensorPanel(weight, code="layer.weight", sources=features.expand(weight.shape),
                     outline=[(0, j) for j in range(n_in)])],
        [TensorPanel(out, code="layer(x)", sources=torch.full(tuple(out.shape), -1),
                     outline=[(0, 0)])],
    ]  # fmt: skip
    return render(panels, ["layer(x) = x @ layer.weight.T"], lang, legend=diagram_legend("linear"))
