"""Pictures of the steps of learning: softmax, the MSE loss and one SGD step.

They show which cells sum to 1, the three reductions of the loss, one update of the
parameters.

Explained on the pages `handbook/softmax.md` and `handbook/training.md`.
"""

from __future__ import annotations

import re

import numpy as np
import torch
from matplotlib.patches import FancyArrowPatch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._alt import CLONE_LINKS, diagram_legend
from attention_tutorial.figures._base import (
    FONTS,
    MONO,
    TutorialFigure,
    bilingual,
    both,
    labels,
    phone_layout,
)
from attention_tutorial.figures.tensors._layout import CAPTION_SIZE, CODE_SIZE, text_width
from attention_tutorial.figures.tensors._operands import (
    code_names,
    fits,
    operand,
    torch_says,
    vector_pair,
)
from attention_tutorial.figures.tensors.drawing import _with_narrow, render
from attention_tutorial.figures.tensors.panel import TensorPanel, value_spec


@bilingual
def diagram_softmax(
    x: Tensor,
    dim: int,
    *,
    names: tuple[str, str] = ("x", "y"),
    lang: str | None = None,
) -> TutorialFigure:
    """Draw ``F.softmax(x, dim=dim)`` and frame the groups that sum to 1.

    ``dim=1`` on a 2-D ``x`` normalises each row (frames around rows, sums at the
    right); ``dim=0`` normalises each column (frames around columns, sums below).

    Explained on the page `handbook/softmax.md`.

    Args:
        x: A floating 1-D or 2-D tensor.
        dim: The axis along which the result sums to 1.
        names: The names of the input and of the result in your code, drawn on their
            panels and in the arrow (``("scores", "weights")``: ``weights =
            F.softmax(scores, dim=1)``).
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: the input on top, the softmax below.

    Raises:
        TypeError: If ``x`` is not a tensor, ``dim`` is not an int or ``names`` is not
            two strings.
        ValueError: If ``lang`` is unknown, ``x`` is not floating, ``dim`` is out
            of range or a name is empty.

    Examples:
        >>> fig = diagram_softmax(
        ...     torch.zeros(2, 3),
        ...     dim=1,
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:1"
        ... ]
        ['shape (2, 3)']
    """
    x = operand("x", x, max_dim=2)
    if x.dim() == 0:
        raise ValueError("x must be 1-D or 2-D, got a 0-D tensor")
    name_x, name_y = code_names(names, of=("x", "y"), example=("scores", "weights"))
    _checks.floating("x", x)
    _checks.integer("dim", dim, -x.dim() - 1)  # the type; PyTorch checks the range
    try:  # x is small: PyTorch checks dim on the real operation
        out = torch.softmax(x, dim=dim)
    except IndexError as error:
        raise ValueError(
            f"dim must be in [{-x.dim()}, {x.dim() - 1}] for a {x.dim()}-D x, got {dim} "
            f"(PyTorch: {torch_says(error)})"
        ) from None
    axis = dim % x.dim()
    sums = out.sum(dim=axis)
    labels = [f"{s:.2f}" for s in sums.reshape(-1).tolist()]
    if x.dim() == 1:
        panel = TensorPanel(out, code=name_y, groups="rows", row_notes=[f"Σ = {labels[0]}"],
                            captions=[both("all_sums")])  # fmt: skip
    elif axis == 1:
        panel = TensorPanel(out, code=name_y, groups="rows", row_notes=[f"Σ = {s}" for s in labels],
                            captions=[both("row_sums", dim=dim)])  # fmt: skip
    else:
        panel = TensorPanel(out, code=name_y, groups="columns", col_notes=labels, col_label="Σ",
                            captions=[both("col_sums", dim=dim)])  # fmt: skip
    rows = [[TensorPanel(x, code=name_x)], [panel]]
    group = {"zh": "一列" if axis == 0 and x.dim() == 2 else "一行",
             "en": "column" if axis == 0 and x.dim() == 2 else "row"}  # fmt: skip
    legend = {
        lang_: diagram_legend("softmax", x=name_x, y=name_y, group=group[lang_])[lang_]
        for lang_ in ("zh", "en")
    }
    # w under scores cell for cell: one cell width, both grids centred (round 48)
    arrow = f"{name_y} = F.softmax({name_x}, dim={dim})"
    return render(rows, [arrow], lang, legend=legend, aligned=True)


@bilingual
def diagram_mse_loss(
    y_hat: Tensor, y: Tensor, *, lang: str | None = None, layout: str = "wide"
) -> TutorialFigure:
    """Draw ``nn.MSELoss`` with its three reductions: ``'none'``, ``'sum'`` and ``'mean'``.

    Explained on the page `handbook/training.md`.

    Args:
        y_hat: Predictions, a floating 1-D tensor.
        y: Targets, same shape and dtype.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: ``y_hat`` beside ``y``, the sum beside the mean; ``"narrow"``
            or ``"stacked"``, one phone layout: every tensor in a row of its own, the
            arrow's code broken into lines.

    Returns:
        The figure: the two inputs, the squared errors, then their sum and mean.

    Raises:
        TypeError: If an argument is not a tensor.
        ValueError: If ``lang`` is unknown, the shapes or dtypes differ, or ``layout``
            is not ``"wide"``, ``"narrow"`` or ``"stacked"``.

    Examples:
        >>> fig = diagram_mse_loss(
        ...     torch.tensor([1.0, 2.0]),
        ...     torch.tensor([0.0, 0.0]),
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:3"
        ... ]
        ['shape ()']
    """
    y_hat, y = vector_pair("y_hat", y_hat, "y", y)
    errors = torch.nn.functional.mse_loss(y_hat, y, reduction="none")  # (n,)
    ids = torch.arange(len(y))
    rows = [
        [TensorPanel(y_hat, code="y_hat"), TensorPanel(y, code="y")],
        [TensorPanel(errors, code="squared_errors", sources=ids, captions=[both("none")])],
        [
            TensorPanel(errors.sum(), code="squared_errors.sum()", sources=torch.tensor(-1)),
            TensorPanel(errors.mean(), code="squared_errors.mean()", sources=torch.tensor(-1)),
        ],
    ]
    arrows = ["nn.MSELoss(reduction='none')", both("reduced")]
    # a phone's layout (round 47: the wide one, 3.96 in, was shown at 87 % of its size)
    figure = render(rows, arrows, lang, layout=layout)
    return _with_narrow(figure, layout)


@bilingual
def diagram_sgd_step(
    w: Tensor, grad: Tensor, lr: float, *, lang: str | None = None, layout: str = "wide"
) -> TutorialFigure:
    """Draw one step of ``torch.optim.SGD``: ``w ← w - lr * w.grad``, element by element.

    Explained on the page `handbook/training.md`.

    Args:
        w: The parameter values, a floating 1-D tensor.
        grad: Its gradient, same shape and dtype.
        lr: The learning rate, a positive number.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: ``w`` and ``w.grad`` side by side; ``"narrow"`` or
            ``"stacked"``, one phone layout: one above the other, the arrow's note under
            its code.

    Returns:
        The figure: ``w`` and ``w.grad`` on top, the updated ``w`` below.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``lang`` is unknown, the shapes differ, ``lr`` is not positive,
            or ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``.

    Examples:
        >>> fig = diagram_sgd_step(
        ...     torch.tensor([1.0]),
        ...     torch.tensor([2.0]),
        ...     0.5,
        ...     lang="en",
        ... )
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "shape:2"
        ... ]
        ['shape (1,)']
    """
    w, grad = vector_pair("w", w, "grad", grad)
    step = _checks.positive_number("lr", lr)
    new = w - step * grad  # (n,)
    values = [t.detach().cpu().numpy() for t in (w, grad, new)]
    # one format for the three: one decimal when it writes every value exactly (the
    # page's 1.0, -18.0 and 2.8: "-18.00" did not fit its cell on a phone), else value_spec's
    exact = all(np.allclose(v, np.round(v, 1), rtol=0, atol=1e-5) for v in values)
    spec = value_spec(*values)
    if exact and spec == ".2f":
        spec = ".1f"
    rows = [
        [TensorPanel(w, code="w", spec=spec), TensorPanel(grad, code="w.grad", spec=spec)],
        # the updated w, named apart from the w above it
        [TensorPanel(new, code=labels(lang)["sgd_after"],
                     captions=[both("step", lr=f"{step:g}")], spec=spec)],
    ]  # fmt: skip
    # the page's cell builds no optimizer: the arrow says what its step() would compute
    arrow = both("sgd_arrow", lr=f"{step:g}")
    if phone_layout(layout, "narrow") == "narrow":  # the note under the code, on a phone
        arrow = {k: re.sub(r" ?([（(])", r"\n\1", v, count=1) for k, v in arrow.items()}
    figure = render(rows, [arrow], lang, layout=layout)
    return _with_narrow(figure, layout)


@bilingual
def diagram_clone(w: Tensor, *, lang: str | None = None) -> TutorialFigure:
    """Draw ``w.clone()`` and ``w.detach()`` side by side under ``w``, then ``w.detach().clone()``.

    The last arrow, ``.clone()``, leaves from ``w.detach()``; ``w.detach().clone()`` sits
    under it. The colours follow the elements of ``w``. Solid borders: the tensor has its own
    memory (the clones); dashed borders: it shares ``w``'s memory (the detached tensor).
    The captions say which of them are still in the autograd graph.

    Explained on the page `handbook/clone.md`.

    Args:
        w: A 1-D or 2-D tensor, usually a parameter with ``requires_grad=True``.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: ``w`` on top, ``w.clone()`` and ``w.detach()`` below it,
        ``w.detach().clone()`` at the bottom, under ``w.detach()``.

    Raises:
        TypeError: If ``w`` is not a tensor.
        ValueError: If ``lang`` is unknown, or ``w`` is not 1-D or 2-D or too large to draw.

    Examples:
        >>> w = torch.tensor(
        ...     [2.0, 3.0], requires_grad=True
        ... )
        >>> fig = diagram_clone(w, lang="en")
        >>> [
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if t.get_gid() == "code:0"
        ... ]
        ['w (requires_grad=True)']
    """
    _checks.tensor("w", w)
    tracked = w.requires_grad
    w = operand("w", w, max_dim=2)
    if w.dim() == 0:
        raise ValueError("w must be 1-D or 2-D, got a 0-D tensor")
    fits("w", w.shape)
    graph = both("in_graph" if tracked else "out_of_graph")  # where the clone stands
    rows = [
        [TensorPanel(w, code=f"w (requires_grad={tracked})")],
        [TensorPanel(w.clone(), code="w.clone()", captions=[both("new_memory"), graph]),
         TensorPanel(w, code="w.detach()", shared=True,
                     captions=[both("shares_memory", name="w"), both("out_of_graph")])],
        [TensorPanel(w.detach().clone(), code="w.detach().clone()",
                     captions=[both("new_memory"), both("out_of_graph")])],
    ]  # fmt: skip
    # the last arrow leaves from w.detach() (panel 1 of its row): .clone() of that tensor.
    # The first arrow is laid out as one, its code in two lines, then split in two
    fig = render(rows, ["clone() /\ndetach()", ".clone()"], lang, origins=[None, 1])
    _split_first_arrow(fig, lang)
    _link_to_w(fig, lang, tracked)
    return fig


def _cell_boxes(fig: TutorialFigure) -> dict[int, tuple[float, float, float, float]]:
    """Panel -> (left, right, top, bottom) of its cells, in inches, y downwards."""
    boxes: dict[int, tuple[float, float, float, float]] = {}
    for patch in fig.axes[0].patches:
        gid = str(patch.get_gid())
        if gid.startswith("cell:"):
            p = int(gid.split(":")[1])
            x, y, w, h = patch.get_x(), patch.get_y(), patch.get_width(), patch.get_height()
            old = boxes.get(p, (x, x + w, y, y + h))
            boxes[p] = (min(old[0], x), max(old[1], x + w), min(old[2], y), max(old[3], y + h))
    return boxes


def _split_first_arrow(fig: TutorialFigure, lang: str) -> None:
    """Split the arrow "clone() / detach()" in two, one to each tensor it makes.

    Round 38: the one arrow ended between the two tensors, so neither was its target. The
    arrows leave from under w's middle and end above the middles of the two tensors' cells.
    """
    ax = fig.axes[0]
    first = next(
        p for p in ax.patches if type(p).__name__ == "FancyArrowPatch" and p.get_gid() is None
    )
    (x, top), (_, bottom) = first._posA_posB  # its two ends, in inches, y downwards
    label = next(t for t in ax.texts if t.get_gid() == "arrow:0")
    first.remove()
    label.remove()
    boxes = _cell_boxes(fig)
    style = {"arrowstyle": "-|>", "mutation_scale": 14, "linewidth": 1.5, "color": "#444444"}
    mono = [*MONO, *FONTS[lang]]
    for p, code, side in ((1, "clone()", -1), (2, "detach()", 1)):
        end = (boxes[p][0] + boxes[p][1]) / 2
        start = x + side * 0.1
        ax.add_patch(FancyArrowPatch((start, top), (end, bottom), gid=f"arrow:0:{code}", **style))
        ax.text(
            (start + end) / 2 + side * 0.12, (top + bottom) / 2, code, ha="right" if side < 0
            else "left", va="center", fontsize=CODE_SIZE, family=mono, color=_LINK,
            gid=f"arrow:0:{code}:label",
        )  # fmt: skip
    one = {"zh": "箭头“clone() / detach()”通向下一排",
           "en": "the arrow “clone() / detach()” leads to the next level"}[lang]  # fmt: skip
    two = CLONE_LINKS[lang]["arrows"]
    assert fig.alt_facts.count(one) == 1, fig.alt_facts
    fig.alt_facts = fig.alt_facts.replace(one, two)


def _link_to_w(fig: TutorialFigure, lang: str, tracked: bool) -> None:
    """Join w.detach() to w ("same memory") and, if w is tracked, w.clone() to w ("grad_fn").

    Round 37: a dashed border alone did not show the sharing, and captions alone not the
    graph. The memory line is dashed, in the navy of the shared borders, with no arrowheads
    (the sharing goes both ways) and runs right of the picture's middle; the grad_fn arrow
    runs left of it and points at w, the way the gradient flows.
    """
    ax = fig.axes[0]
    boxes = _cell_boxes(fig)
    w_box, clone_box, detach_box = boxes[0], boxes[1], boxes[2]
    w_mid = (w_box[2] + w_box[3]) / 2
    words = labels(lang)
    memory = words["same_memory"]
    # each label sits above its line, beside w's cells: the lines run far enough out for it,
    # and the figure widens on both sides (staying centred) when they would leave it
    right = max(detach_box[1] + 0.14, w_box[1] + text_width(memory, CAPTION_SIZE) + 0.2)
    left = min(clone_box[0] - 0.14, w_box[0] - text_width("grad_fn", CAPTION_SIZE) - 0.2)
    width = fig.get_figwidth()
    extra = max(0.0, right + 0.1 - width, (0.1 - left) if tracked else 0.0)
    if extra:
        fig.set_size_inches(width + 2 * extra, fig.get_figheight())
        ax.set_xlim(-extra, width + extra)
    style = {"color": _LINK, "linewidth": 1.5, "zorder": 2}
    # same memory: right from w.detach()'s cells, up, left to w's cells
    detach_mid = (detach_box[2] + detach_box[3]) / 2
    ax.plot(
        [detach_box[1], right, right, w_box[1]], [detach_mid, detach_mid, w_mid, w_mid],
        linestyle=(0, (2.5, 1.5)), gid="link:memory", **style,
    )  # fmt: skip
    ax.text(
        (w_box[1] + right) / 2, w_mid - 0.05, memory, ha="center", va="bottom",
        fontsize=CAPTION_SIZE, family=FONTS[lang], color=_LINK, gid="link:memory:label",
    )  # fmt: skip
    fig.alt_facts += ("" if lang == "zh" else " ") + CLONE_LINKS[lang]["memory"]
    if not tracked:  # no graph: the clone has no grad_fn
        return
    # grad_fn: left from w.clone()'s cells, up, then right to w's cells, arrowhead at w
    # (round 38: it started in the empty space above w.clone()'s code label)
    clone_mid = (clone_box[2] + clone_box[3]) / 2
    ax.plot(
        [clone_box[0], left, left], [clone_mid, clone_mid, w_mid], gid="link:grad_fn", **style
    )  # fmt: skip
    ax.add_patch(
        FancyArrowPatch(
            (left, w_mid), (w_box[0], w_mid), arrowstyle="-|>", mutation_scale=12,
            shrinkA=0, shrinkB=1, gid="link:grad_fn:head", **style,
        )
    )  # fmt: skip
    ax.text(
        (left + w_box[0]) / 2, w_mid - 0.05, "grad_fn", ha="center", va="bottom",
        fontsize=CAPTION_SIZE, family=[*MONO, *FONTS[lang]], color=_LINK,
        gid="link:grad_fn:label",
    )  # fmt: skip
    fig.alt_facts += ("" if lang == "zh" else " ") + CLONE_LINKS[lang]["grad_fn"]


_LINK = "#1f4e79"  # the navy of the notes and of the shared borders
