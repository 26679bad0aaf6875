"""Figures of the chapter's additions: boundary bias, the path of ``w``, the shape flow.

Built on ``figures._base``; their words are in ``figures._labels``. Explained on the
pages `nonparametric.md`, `smoothness.md` and `recap.md`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import torch
from matplotlib.patches import FancyBboxPatch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.analysis import loss_curve
from attention_tutorial.figures._base import (
    FONTS,
    MONO,
    TutorialFigure,
    bilingual,
    building,
    data_arrays,
    new_figure,
)
from attention_tutorial.local_linear_regression import local_linear
from attention_tutorial.model import NWKernelRegression
from attention_tutorial.pooling import leave_one_out, nadaraya_watson
from attention_tutorial.training import loss_at_w


@bilingual
def plot_boundary_bias(
    x_test: Tensor,
    y_truth: Tensor,
    x_train: Tensor,
    y_train: Tensor,
    *,
    bandwidth: float = 1.0,
    query_index: int = 0,
    lang: str = "zh",
) -> TutorialFigure:
    """Show the boundary bias of Nadaraya-Watson and how local linear regression reduces it.

    Left: the truth, both fits and the training points. Right: the attention
    weights of one query at the edge over the keys, with the query and the
    weighted mean of the keys (where a weighted average "looks").

    Explained on the page `nonparametric.md`.

    Args:
        x_test: Test inputs, shape ``(n_test,)``.
        y_truth: ``f(x_test)``, shape ``(n_test,)``.
        x_train: Training inputs, shape ``(n_train,)``.
        y_train: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h`` of both fits.
        query_index: Which test input to show the weights of (default: the first).
        lang: ``"zh"`` or ``"en"``, the language of the labels.

    Returns:
        The figure, with two axes.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``lang`` is unknown or a shape or value is invalid.

    Examples:
        >>> x = torch.linspace(0, 5, 11)
        >>> fig = plot_boundary_bias(x, x.sin(), x, x.sin(), lang="en")
        >>> fig.axes[0].get_xlabel(), fig.axes[1].get_xlabel()
        ('input x', 'keys (training inputs)')
    """
    with building(lang) as labels:
        data_arrays(x_test, y_truth, x_train, y_train)
        index = _checks.integer("query_index", query_index, minimum=0)
        if index >= len(x_test):
            raise ValueError(f"query_index must be < n_test = {len(x_test)}, got {index}")
        y_nw, weights = nadaraya_watson(
            x_test, x_train, y_train, bandwidth
        )  # (n_test,), (n_test, n_train)
        y_ll, _ = local_linear(x_test, x_train, y_train, bandwidth)  # (n_test,)
        query = float(x_test[index])
        row = weights[index].numpy()  # (n_train,)
        centre = float(row @ x_train.double().numpy())
        fig = new_figure((9.0, 3.6))
        ax_fit, ax_w = fig.subplots(1, 2)
        for ax in (ax_fit, ax_w):
            ax.tick_params(labelfontfamily=FONTS[lang])
        ax_fit.plot(x_test, y_truth, color="black", label=labels["truth"])
        ax_fit.plot(x_test, y_nw, linestyle="--", label=labels["nw_fit"])
        ax_fit.plot(x_test, y_ll, linestyle="-.", label=labels["ll_fit"])
        ax_fit.scatter(
            x_train, y_train, s=10, alpha=0.4, color="grey", label=labels["train_points"]
        )
        for y_at, style in ((float(y_nw[index]), "C0"), (float(y_ll[index]), "C1")):
            ax_fit.plot([query], [y_at], marker="o", color=style)
        ax_fit.plot([query], [float(y_truth[index])], marker="o", color="black")
        ax_fit.set_xlabel(labels["x"])
        ax_fit.set_ylabel(labels["y"])
        ax_fit.legend(fontsize="small", loc="lower left")
        ax_w.bar(x_train, row, width=0.06, color="C3", alpha=0.8)
        ax_w.axvline(query, color="black", linestyle=":", label=labels["query_at"].format(q=query))
        ax_w.axvline(centre, color="C0", linestyle="--", label=labels["centre"].format(c=centre))
        ax_w.set_xlim(min(query, float(x_train.min())) - 0.2, float(x_train.max()) + 0.2)
        ax_w.set_title(labels["weights_of"].format(q=query), fontsize="medium")
        ax_w.set_xlabel(labels["keys"])
        ax_w.set_ylabel(labels["weight"])
        ax_w.legend(fontsize="small")
    return fig


@bilingual
def plot_w_paths(
    x_train: Tensor,
    y_train: Tensor,
    paths: Mapping[str, Sequence[float]],
    *,
    ws: Tensor | np.ndarray | Sequence[float] | None = None,
    lang: str = "zh",
) -> TutorialFigure:
    """Draw paths of ``w`` during training as points on the leave-one-out loss curve.

    Each path is a polyline through ``(w_k, L(w_k))``, from the first value
    (a square) to the last (a filled circle).

    Explained on the page `smoothness.md`.

    Args:
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``.
        y_train: Training outputs, shape ``(n_train,)``.
        paths: Legend label -> the values of ``w`` (all positive), e.g. from ``w_path``.
            Labels are shown as given in every language: use symbols and numbers.
        ws: Grid of the curve; by default ``logspace(-1, 3.5, 226)``, widened to
            include every path.
        lang: ``"zh"`` or ``"en"``, the language of the labels.

    Returns:
        The figure.

    Raises:
        TypeError: If ``paths`` is not a mapping.
        ValueError: If ``lang`` is unknown, ``paths`` is empty or a ``w`` is not positive.

    Examples:
        >>> x = torch.tensor([0.0, 1.0, 2.0, 3.0])
        >>> fig = plot_w_paths(x, x**2, {"lr = 0.1": [1.0, 2.0]}, ws=[0.5, 1, 4], lang="en")
        >>> fig.axes[0].get_xscale(), fig.axes[0].get_xlabel()
        ('log', 'w (log scale)')
    """
    with building(lang) as labels:
        if not isinstance(paths, Mapping):
            raise TypeError(
                f"paths must be a mapping (e.g. a dict) of legend label -> values of w, "
                f"got {type(paths).__name__}"
            )
        if not paths:
            raise ValueError("paths must contain at least one path")
        arrays = {name: _checks.array(f"paths[{name!r}]", p, 1) for name, p in paths.items()}
        everything = np.concatenate(list(arrays.values()))
        if not (np.isfinite(everything).all() and (everything > 0).all()):
            raise ValueError("every w of the paths must be positive and finite")
        if ws is None:
            low = min(-1.0, np.log10(everything.min()) - 0.1)
            high = max(3.5, np.log10(everything.max()) + 0.1)
            grid = np.logspace(low, high, 226)
        else:
            grid = _checks.array("ws", ws, 1)
            if not (grid > 0).all():
                raise ValueError("ws must all be positive for a logarithmic axis")
        curve = loss_curve(grid, x_train, y_train)  # (n_w,)
        fig = new_figure((6.4, 3.8))
        ax = fig.add_subplot()
        ax.tick_params(labelfontfamily=FONTS[lang])
        ax.plot(grid, curve, color="grey", label=labels["loo_curve"])
        best = int(np.argmin(curve))
        ax.scatter([grid[best]], [curve[best]], marker="*", s=120, color="black", zorder=4,
                   label=labels["minimum_at"].format(w=grid[best]))  # fmt: skip
        for k, (name, path) in enumerate(arrays.items()):
            losses = [loss_at_w(float(w), x_train, y_train) for w in path]
            color = f"C{k}"
            ax.plot(path, losses, marker="o", markersize=4, color=color, alpha=0.85, label=name)
            ax.scatter([path[0]], [losses[0]], marker="s", color=color, zorder=3)
            ax.scatter([path[-1]], [losses[-1]], s=60, color=color, edgecolor="black", zorder=5)
        ax.set_xscale("log")
        ax.set_xlabel(labels["w_log"])
        ax.set_ylabel(labels["loo_loss"])
        ax.legend(fontsize="small")
    return fig


def _flow_shapes(x_test: Tensor, x_train: Tensor, y_train: Tensor) -> dict[str, tuple[int, ...]]:
    """Run both forms once and record the shape of every tensor the flow diagram shows."""
    n_train = len(x_train)
    queries = x_test.repeat_interleave(n_train)  # (n_test * n_train,)
    tiled = queries.reshape(-1, n_train)  # (n_test, n_train)
    y_hat, weights = nadaraya_watson(x_test, x_train, y_train)  # (n_test,), (n_test, n_train)
    keys, values = leave_one_out(x_train, y_train)  # (n_train, n_train - 1)
    model = NWKernelRegression(w=1.0)
    with torch.no_grad():
        y_fit = model(x_train, keys, values)  # (n_train,)
    loo_weights = model.attention_weights  # (n_train, n_train - 1)
    assert loo_weights is not None
    left = loo_weights.unsqueeze(1)  # (n_train, 1, n_train - 1)
    right = values.unsqueeze(-1)  # (n_train, n_train - 1, 1)
    product = torch.bmm(left, right)  # (n_train, 1, 1)
    return {
        "x_test": tuple(x_test.shape), "repeat": tuple(queries.shape),
        "tiled": tuple(tiled.shape), "weights": tuple(weights.shape),
        "y_hat": tuple(y_hat.shape), "x_train": tuple(x_train.shape),
        "keys": tuple(keys.shape), "loo_weights": tuple(loo_weights.shape),
        "left": tuple(left.shape), "right": tuple(right.shape),
        "product": tuple(product.shape), "y_fit": tuple(y_fit.shape),
    }  # fmt: skip


@bilingual
def plot_shape_flow(
    x_test: Tensor, x_train: Tensor, y_train: Tensor, *, lang: str = "zh"
) -> TutorialFigure:
    r"""Draw the shapes of both forms of attention pooling, step by step: a column of boxes each.

    The shapes are not typed in: both forms are run on the given data and every
    box shows the shape of the real tensor.

    Explained on the page `recap.md`.

    Args:
        x_test: Test inputs (queries), shape ``(n_test,)``.
        x_train: Training inputs (keys), shape ``(n_train,)``, ``n_train >= 2``.
        y_train: Training outputs (values), shape ``(n_train,)``.
        lang: ``"zh"`` or ``"en"``, the language of the row titles.

    Returns:
        The figure, with one axes (no ticks).

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``lang`` is unknown or a shape is invalid.

    Examples:
        >>> fig = plot_shape_flow(
        ...     torch.zeros(3), torch.arange(4.0), torch.ones(4), lang="en"
        ... )
        >>> "(3, 4)" in [t.get_text().split("\n")[-1] for t in fig.axes[0].texts]
        True
    """
    with building(lang) as labels:
        shapes = _flow_shapes(x_test, x_train, y_train)
        rows = [
            (labels["row_nonparametric"], [
                ("x_test", shapes["x_test"]), ("repeat_interleave", shapes["repeat"]),
                ("reshape(-1, n_train)", shapes["tiled"]), ("softmax(dim=1)", shapes["weights"]),
                ("matmul(·, y_train)", shapes["y_hat"]),
            ]),
            (labels["row_training"], [
                ("keys, values", shapes["keys"]), ("softmax(dim=1)", shapes["loo_weights"]),
                ("unsqueeze(1)", shapes["left"]),
                ("bmm(·, values.unsqueeze(-1))", shapes["product"]),
                ("reshape(-1)", shapes["y_fit"]),
            ]),
        ]  # fmt: skip
        # One column, read top to bottom, so that it keeps its size on a phone: the figure is
        # 3.8 inches wide (380 CSS px at the site's 100 dpi), its text 9 pt (about 12 px).
        step_h, gap, title_h, between = 0.36, 0.2, 0.4, 0.3  # inches
        form_h = title_h + len(rows[0][1]) * step_h + (len(rows[0][1]) - 1) * gap
        width, height = 3.8, 2 * form_h + between + 0.1
        fig = new_figure((width, height))
        fig.set_layout_engine("none")  # one axes filling the figure, placed by hand
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, width)
        ax.set_ylim(0, height)
        ax.axis("off")
        top = height - 0.05
        for title, steps in rows:
            ax.text(0.08, top - title_h / 2, title, fontsize=10, fontweight="bold", va="center")
            y = top - title_h
            for c, (code, shape) in enumerate(steps):
                colour = "#d6e4f5" if c in (0, len(steps) - 1) else "#fde2c8"
                box = FancyBboxPatch((0.08, y - step_h), width - 0.16, step_h, facecolor=colour,
                                     boxstyle="round,pad=0.0,rounding_size=0.06")  # fmt: skip
                ax.add_patch(box)
                middle = y - step_h / 2
                ax.text(0.16, middle, code, ha="left", va="center", fontsize=9, family=MONO)
                ax.text(width - 0.16, middle, str(shape), ha="right", va="center", fontsize=9,
                        family=MONO, fontweight="bold")  # fmt: skip
                if c:
                    ax.annotate("", xy=(width / 2, y), xytext=(width / 2, y + gap),
                                arrowprops={"arrowstyle": "->"})  # fmt: skip
                y -= step_h + gap
            top -= form_h + between
    return fig
