"""Pictures of boolean masks: the leave-one-out recipe with torch.eye.

The recipe: tile, cross out the diagonal, reshape.

Explained on the page `handbook/mask.md`.
"""

from __future__ import annotations

import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._alt import diagram_legend, eye_mask_legend
from attention_tutorial.figures._base import TutorialFigure, bilingual, both
from attention_tutorial.figures.tensors._operands import (
    fits,
    matrix,
    operand,
)
from attention_tutorial.figures.tensors.drawing import _with_narrow, render
from attention_tutorial.figures.tensors.panel import TensorPanel, format_values, shape_text


@bilingual
def diagram_eye_mask(
    n: int,
    values: Tensor | None = None,
    *,
    name: str = "kept",
    input_name: str = "x",
    lang: str | None = None,
    layout: str = "wide",
    show_mask: bool = True,
) -> TutorialFigure:
    """Draw the leave-one-out recipe: tile, mask out the diagonal, reshape to ``(n, n - 1)``.

    Top: ``eye = torch.eye(n)`` and the mask ``(1 - eye).type(torch.bool)``; under them
    the values, named ``input_name``. Then ``tiled``, the values repeated as ``n`` rows by
    ``.repeat((n, 1))`` (the arrow leaves from the values), with the diagonal crossed
    out. Bottom: what the mask keeps, reshaped and named ``name``; row ``i`` no longer
    holds element ``i``'s colour. The alt text reads out eye and mask, then lists the
    values, tiled's crossed-out cells and the result, row by row.

    Explained on the page `handbook/mask.md`.

    Args:
        n: The number of elements, ``2 <= n <= 8``.
        values: A 1-D tensor of length ``n``; defaults to ``torch.arange(n)``.
        name: The result's name in the picture: ``"keys"`` when ``values`` are
            the training inputs, the chapter's keys.
        input_name: The values' name in the picture, as the calling code names
            them: ``"x_train"`` for the training inputs.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: ``eye`` and ``mask`` side by side; ``"narrow"`` or
            ``"stacked"``, one phone layout: every panel stacked, the code broken into
            lines.
        show_mask: ``False`` leaves out the top row, ``eye`` and ``mask``: for a second
            picture of the same ``n``, where only the values change.

    Returns:
        The figure: four rows, or three without ``eye`` and ``mask``.

    Raises:
        TypeError: If ``n`` is not an int, ``values`` is not a tensor, ``name``
            or ``input_name`` is not a string, or ``show_mask`` is not a bool.
        ValueError: If ``lang`` is unknown, ``n`` is out of range, ``values``
            does not have length ``n``, or ``layout`` is not ``"wide"``, ``"narrow"`` or
            ``"stacked"``.

    Examples:
        >>> fig = diagram_eye_mask(3, lang="en")
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:4"
        ... ]
        ['shape (3, 2)']
    """
    _checks.integer("n", n, 2)
    for arg, text in (("name", name), ("input_name", input_name)):
        if not isinstance(text, str):
            raise TypeError(f"{arg} must be a string, got {type(text).__name__}")
    if not isinstance(show_mask, bool):
        raise TypeError(f"show_mask must be True or False, got {show_mask!r}")
    if n > 8:
        raise ValueError(f"n must be at most 8 for a readable diagram, got {n}")
    given = values is not None
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
    mask = (1 - eye).type(torch.bool)  # (n, n), False on the diagonal
    tiled = values.repeat((n, 1))  # (n, n)
    kept = tiled[mask].reshape((n, -1))  # (n, n - 1)
    ids = torch.arange(n).repeat((n, 1))  # (n, n): column j holds element j
    neutral = torch.full((n, n), -1)
    x_code = input_name if given else f"{input_name} = torch.arange({n})"
    rows = [
        [
            TensorPanel(eye, code=f"eye = torch.eye({n})", sources=neutral,
                        captions=[both("eye")]),
            TensorPanel(mask, code="mask = (1 - eye).type(torch.bool)", sources=neutral,
                        captions=[both("mask")]),
        ],
        [TensorPanel(values, code=x_code)],  # under the mask, no arrow: tiled comes from x
        [TensorPanel(tiled, code="tiled", sources=ids, dropped=~mask,
                     captions=[both("dropped")])],
        [TensorPanel(kept, code=name, sources=ids[mask].reshape((n, -1)),
                     captions=[both("kept", k=n - 1)])],
    ]  # fmt: skip
    arrows = [
        "",
        f"tiled = {input_name}.repeat(({n}, 1))",
        f"{name} = tiled[mask].reshape(({n}, -1))",
    ]
    x_cells = format_values(values.numpy())
    kept_cells = [[x_cells[j] for j in range(n) if j != i] for i in range(n)]
    legend = eye_mask_legend(x_cells, kept_cells, name, input_name, show_mask)
    if not show_mask:  # the values on top: tiled's arrow still leaves from them
        rows, arrows = rows[1:], arrows[1:]
    figure = render(rows, arrows, lang, legend=legend, layout=layout)
    return _with_narrow(figure, layout)


@bilingual
def diagram_eye(*sizes: int | tuple[int, int], lang: str | None = None) -> TutorialFigure:
    """Draw ``torch.eye`` for each size, side by side: 1 on the main diagonal, 0 elsewhere.

    A size ``n`` draws ``torch.eye(n)``, a pair ``(n, m)`` draws ``torch.eye(n, m)``.
    The cells are not coloured: each shows its value.

    Explained on the page `handbook/mask.md`.

    Args:
        *sizes: One to three sizes, each an int ``n >= 1`` or a pair ``(n, m)`` of them.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: one row of identity matrices.

    Raises:
        TypeError: If a size is neither an int nor a pair of ints.
        ValueError: If ``lang`` is unknown, no size or more than three are given, or a
            size is below 1 or too large to draw.

    Examples:
        >>> fig = diagram_eye(
        ...     3, (2, 3), lang="en"
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "code:1"
        ... ]
        ['torch.eye(2, 3)']
    """
    if not 1 <= len(sizes) <= 3:
        raise ValueError(
            f"sizes must be 1 to 3 sizes, e.g. diagram_eye(4, (2, 3)); got {len(sizes)}"
        )
    panels = []
    legend = diagram_legend("eye")
    for i, size in enumerate(sizes):
        pair = size if isinstance(size, tuple) else (size,)
        if len(pair) not in (1, 2):
            raise ValueError(f"sizes[{i}] must be n or a pair (n, m), got {size!r}")
        for value in pair:
            _checks.integer(f"sizes[{i}]", value, 1)
        n, m = pair[0], pair[-1]
        fits(f"sizes[{i}]", (n, m))
        code = f"torch.eye({n})" if len(pair) == 1 else f"torch.eye({n}, {m})"
        panels.append(TensorPanel(torch.eye(n, m), code=code, sources=torch.full((n, m), -1)))
        # each panel by its code: a large one's values are not read out, so say where its 1s are
        # one sentence per matrix; a non-square one also says where its diagonal stops
        key = "eye_ones" if n == m else "eye_wide" if n < m else "eye_tall"
        k = min(n, m)
        extra = diagram_legend(key, code=code, n=k - 1, k=k, rest=n * m - k)
        legend = {lang_: legend[lang_] + ("" if lang_ == "zh" else " ") + extra[lang_]
                  for lang_ in legend}  # fmt: skip
    return render([panels], [], lang, legend=legend)


@bilingual
def diagram_masked_fill(
    scores: Tensor, mask: Tensor, *, lang: str | None = None, layout: str = "wide"
) -> TutorialFigure:
    """Draw the masked softmax: ``scores.masked_fill(mask, float("-inf"))``, then ``softmax``.

    Top: ``scores`` and the boolean ``mask``; middle: ``filled``, ``-inf`` where
    ``mask`` is ``True``; bottom: ``F.softmax(filled, dim=1)``, whose masked cells weigh
    0. Red frames mark the masked cells in all three.

    Explained on the page `handbook/masked-fill.md`.

    Args:
        scores: A floating 2-D tensor ``(n_queries, n_keys)``.
        mask: A boolean tensor of the same shape; every row must keep one ``False``
            (a row of ``-inf`` only would give NaN weights).
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: ``scores`` and ``mask`` side by side; ``"narrow"`` or
            ``"stacked"``, one phone layout: one above the other, the code broken into
            lines.

    Returns:
        The figure: four rows.

    Raises:
        TypeError: If ``scores`` or ``mask`` is not a tensor.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``scores`` is not a floating 2-D tensor, ``mask`` is not
            boolean or has another shape, or a row of ``mask`` is all ``True``.

    Examples:
        >>> scores = torch.tensor(
        ...     [[0.5, -1.0], [1.0, 0.0]]
        ... )
        >>> mask = torch.tensor(
        ...     [[False, True], [False, False]]
        ... )
        >>> fig = diagram_masked_fill(
        ...     scores, mask, lang="en"
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "value:2:1"
        ... ]
        ['-inf']
    """
    scores = matrix("scores", scores)
    _checks.floating("scores", scores)
    mask = matrix("mask", mask, like=("scores", scores))
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must be a boolean tensor (torch.bool), got {mask.dtype}")
    full = mask.all(dim=1).nonzero().reshape(-1).tolist()
    if full:
        raise ValueError(
            f"mask must leave at least one False in every row (a row of -inf only gives NaN "
            f"weights), but row {full[0]} is all True"
        )
    filled = scores.masked_fill(mask, float("-inf"))  # (n_queries, n_keys)
    weights = torch.softmax(filled, dim=1)  # (n_queries, n_keys)
    grey = torch.full(tuple(scores.shape), -1)  # colour id -1: no colour
    masked = [tuple(i) for i in mask.nonzero().tolist()]  # framed in red
    captions = [] if not masked else [both("masked_weight", w=f"{weights[mask].max():.2f}")]
    rows = [
        [TensorPanel(scores, code="scores"),
         TensorPanel(mask, code="mask", sources=grey, outline=masked)],
        [TensorPanel(filled, code="filled", outline=masked)],
        [TensorPanel(weights, code="weights", sources=grey, outline=masked, captions=captions)],
    ]  # fmt: skip
    arrows = ['scores.masked_fill(mask, float("-inf"))', "F.softmax(filled, dim=1)"]
    figure = render(rows, arrows, lang, legend=diagram_legend("masked_fill"), layout=layout)
    return _with_narrow(figure, layout)


@bilingual
def diagram_where(
    condition: Tensor,
    input: Tensor,
    other: Tensor,
    *,
    lang: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """Draw ``torch.where(condition, input, other)``: each cell taken from one of two tensors.

    ``input`` is drawn in one colour, ``other`` in another; a ``True`` cell of
    ``condition`` has ``input``'s colour, a ``False`` one ``other``'s, and each cell of the
    result the colour of the tensor it was taken from.

    Explained on the page `handbook/where.md`.

    Args:
        condition: A boolean 2-D tensor.
        input: The values where ``condition`` is ``True``: a 2-D tensor of its shape.
        other: The values where it is ``False``: a 2-D tensor of its shape and ``input``'s dtype.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: the three tensors side by side; ``"narrow"`` or ``"stacked"``,
            one phone layout: one above the other over the result, the code broken into
            lines.

    Returns:
        The figure: the three tensors on top, the result below.

    Raises:
        TypeError: If an argument is not a tensor.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``condition`` is not boolean, or a tensor is not 2-D, has
            another shape or (``other``) another dtype than ``input``.

    Examples:
        >>> condition = torch.tensor(
        ...     [[True, False]]
        ... )
        >>> fig = diagram_where(
        ...     condition,
        ...     torch.tensor([[1, 2]]),
        ...     torch.tensor([[-1, -2]]),
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "code:3"
        ... ]
        ['result']
    """
    condition = matrix("condition", condition)
    if condition.dtype != torch.bool:
        raise ValueError(f"condition must be a boolean tensor (torch.bool), got {condition.dtype}")
    input = matrix("input", input, like=("condition", condition))
    other = matrix("other", other, like=("condition", condition))
    _checks.same_dtype(input=input, other=other)
    chosen = condition.long()  # colour 1 where input is taken, 0 where other is
    shape = tuple(condition.shape)
    rows = [
        [TensorPanel(condition, code="condition", sources=chosen),
         TensorPanel(input, code="input", sources=torch.ones(shape, dtype=torch.long)),
         TensorPanel(other, code="other", sources=torch.zeros(shape, dtype=torch.long))],
        [TensorPanel(torch.where(condition, input, other), code="result", sources=chosen)],
    ]  # fmt: skip
    arrows = ["torch.where(condition, input, other)"]
    figure = render(rows, arrows, lang, legend=diagram_legend("where"), layout=layout)
    return _with_narrow(figure, layout)
