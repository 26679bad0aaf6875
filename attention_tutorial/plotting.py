"""Figures of the chapter, in Chinese (default) or English.

Every function builds a ``matplotlib.figure.Figure`` (a ``TutorialFigure``, which displays
itself in notebooks) directly: ``pyplot`` is never
imported, nothing global is changed (fonts are set with ``matplotlib.rc_context``
only while the figure is built), and everything works without a display.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

import matplotlib
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial._figure import TutorialFigure, bilingual

_FIGSIZE = (6.0, 3.5)

_FONTS = {
    "zh": ["Noto Sans CJK SC", "Noto Sans CJK JP", "DejaVu Sans"],
    "en": ["DejaVu Sans"],
}

_LABELS = {
    "zh": {
        "x": "输入 x",
        "y": "输出 y",
        "truth": "真实函数 f(x)",
        "prediction": "预测值",
        "train": "训练数据（含噪声）",
        "queries": "查询（测试输入）",
        "keys": "键（训练输入）",
        "weight": "注意力权重",
        "epoch": "训练轮次（epoch）",
        "loss": "训练损失（求和）",
    },
    "en": {
        "x": "input x",
        "y": "output y",
        "truth": "true function f(x)",
        "prediction": "prediction",
        "train": "training data (noisy)",
        "queries": "queries (test inputs)",
        "keys": "keys (training inputs)",
        "weight": "attention weight",
        "epoch": "epoch",
        "loss": "training loss (sum)",
    },
}


@contextmanager
def _building(lang: str, table: Mapping[str, dict[str, str]] = _LABELS) -> Iterator[dict[str, str]]:
    """Yield the labels of ``lang`` from ``table`` while the fonts of ``lang`` are active."""
    if lang not in table:
        raise ValueError(f"lang must be 'zh' or 'en', got {lang!r}")
    with matplotlib.rc_context({"font.family": _FONTS[lang]}):
        yield table[lang]


def _new_axes(lang: str) -> tuple[Figure, Axes]:
    """Create a white, constrained-layout figure with one axes."""
    fig = TutorialFigure(figsize=_FIGSIZE, layout="constrained", facecolor="white")
    ax = fig.add_subplot()
    ax.tick_params(labelfontfamily=_FONTS[lang])
    return fig, ax


def _data_arrays(
    x_test: Tensor | np.ndarray,
    y_truth: Tensor | np.ndarray,
    x_train: Tensor | np.ndarray,
    y_train: Tensor | np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Check the test inputs with their truth and the training pairs; return them as arrays."""
    x_test_np = _checks.array("x_test", x_test, 1)
    y_truth_np = _checks.array("y_truth", y_truth, 1)
    x_train_np = _checks.array("x_train", x_train, 1)
    y_train_np = _checks.array("y_train", y_train, 1)
    _checks.same_sizes(x_test=x_test_np, y_truth=y_truth_np)
    _checks.same_sizes(x_train=x_train_np, y_train=y_train_np)
    return x_test_np, y_truth_np, x_train_np, y_train_np


@bilingual
def plot_fit(
    x_test: Tensor | np.ndarray,
    y_truth: Tensor | np.ndarray,
    y_hat: Tensor | np.ndarray,
    x_train: Tensor | np.ndarray,
    y_train: Tensor | np.ndarray,
    *,
    lang: str = "zh",
    title: str | None = None,
) -> Figure:
    """Plot the true function, the prediction and the training points.

    Explained on the page `average.md` (and used on every later page).

    Args:
        x_test: Test inputs, shape ``(n_test,)``.
        y_truth: ``f(x_test)``, shape ``(n_test,)``.
        y_hat: Predictions at ``x_test``, shape ``(n_test,)``.
        x_train: Training inputs, shape ``(n_train,)``.
        y_train: Training outputs, shape ``(n_train,)``.
        lang: ``"zh"`` or ``"en"``, the language of labels and legend.
        title: Optional title.

    Returns:
        The figure.

    Raises:
        ValueError: If ``lang`` is unknown or the shapes do not match.

    Examples:
        >>> x = np.linspace(0, 5, 7)
        >>> fig = plot_fit(x, x, x + 0.1, x[:4], x[:4], lang="en")
        >>> fig.axes[0].get_xlabel(), fig.axes[0].get_ylabel()
        ('input x', 'output y')
    """
    with _building(lang) as labels:
        x_test_np = _checks.array("x_test", x_test, 1)
        y_truth_np = _checks.array("y_truth", y_truth, 1)
        y_hat_np = _checks.array("y_hat", y_hat, 1)
        x_train_np = _checks.array("x_train", x_train, 1)
        y_train_np = _checks.array("y_train", y_train, 1)
        _checks.same_sizes(x_test=x_test_np, y_truth=y_truth_np, y_hat=y_hat_np)
        _checks.same_sizes(x_train=x_train_np, y_train=y_train_np)
        fig, ax = _new_axes(lang)
        ax.plot(x_test_np, y_truth_np, label=labels["truth"])
        ax.plot(x_test_np, y_hat_np, linestyle="--", label=labels["prediction"])
        ax.scatter(x_train_np, y_train_np, s=12, alpha=0.5, label=labels["train"])
        ax.set_xlabel(labels["x"])
        ax.set_ylabel(labels["y"])
        ax.legend()
        if title is not None:
            ax.set_title(title)
    return fig


@bilingual
def plot_attention_heatmap(
    attention_weights: Tensor | np.ndarray,
    *,
    lang: str = "zh",
    xlabel: str | None = None,
    ylabel: str | None = None,
    title: str | None = None,
) -> Figure:
    """Show attention weights as an image: one row per query, one column per key.

    Explained on the page `nonparametric.md`.

    Args:
        attention_weights: Shape ``(n_queries, n_keys)``; a tensor that requires
            grad is detached first.
        lang: ``"zh"`` or ``"en"``, the language of the default labels.
        xlabel: Label of the key axis; defaults to "keys (training inputs)".
        ylabel: Label of the query axis; defaults to "queries (test inputs)".
        title: Optional title.

    Returns:
        The figure; its second axes is the colour bar.

    Raises:
        ValueError: If ``lang`` is unknown or the weights are not 2-D.

    Examples:
        >>> fig = plot_attention_heatmap(np.full((3, 2), 0.5), lang="en")
        >>> fig.axes[0].get_ylabel(), fig.axes[1].get_ylabel()
        ('queries (test inputs)', 'attention weight')
    """
    with _building(lang) as labels:
        weights = _checks.array("attention_weights", attention_weights, 2)
        fig, ax = _new_axes(lang)
        image = ax.imshow(weights, cmap="Reds")
        colorbar = fig.colorbar(image, ax=ax, label=labels["weight"])
        colorbar.ax.tick_params(labelfontfamily=_FONTS[lang])
        ax.set_xlabel(labels["keys"] if xlabel is None else xlabel)
        ax.set_ylabel(labels["queries"] if ylabel is None else ylabel)
        if title is not None:
            ax.set_title(title)
    return fig


@bilingual
def plot_loss(losses: Sequence[float], *, lang: str = "zh", title: str | None = None) -> Figure:
    """Plot the training loss against the epoch number (starting at 1).

    Explained on the page `parametric.md`.

    Args:
        losses: One loss per epoch, as returned by ``train``.
        lang: ``"zh"`` or ``"en"``, the language of the labels.
        title: Optional title.

    Returns:
        The figure.

    Raises:
        ValueError: If ``lang`` is unknown or ``losses`` is empty.

    Examples:
        >>> fig = plot_loss([3.0, 2.0, 1.5], lang="en")
        >>> fig.axes[0].get_xlabel()
        'epoch'
        >>> fig.axes[0].lines[0].get_xdata().tolist()
        [1, 2, 3]
    """
    with _building(lang) as labels:
        values = _checks.array("losses", losses, 1)
        epochs = np.arange(1, len(values) + 1)  # (n_epochs,)
        fig, ax = _new_axes(lang)
        ax.plot(epochs, values, marker="o")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # whole epochs only
        ax.set_xlabel(labels["epoch"])
        ax.set_ylabel(labels["loss"])
        if title is not None:
            ax.set_title(title)
    return fig


@bilingual
def plot_curves(
    x: Tensor | np.ndarray | Sequence[float],
    curves: Mapping[str, Tensor | np.ndarray | Sequence[float]],
    *,
    xlabel: str,
    ylabel: str,
    lang: str = "zh",
    logx: bool = False,
    logy: bool = False,
    title: str | None = None,
) -> Figure:
    """Plot several named curves over the same ``x``, e.g. the loss against ``w``.

    Explained on the page `leave-one-out.md`.

    Args:
        x: The shared x values, shape ``(n,)``.
        curves: Legend label -> y values of shape ``(n,)``.
        xlabel: Label of the x axis (in the language of the page).
        ylabel: Label of the y axis (in the language of the page).
        lang: ``"zh"`` or ``"en"``, which selects the fonts.
        logx: Use a logarithmic x axis.
        logy: Use a logarithmic y axis.
        title: Optional title.

    Returns:
        The figure.

    Raises:
        ValueError: If ``lang`` is unknown, ``curves`` is empty or a length differs.

    Examples:
        >>> fig = plot_curves([1, 10, 100], {"a": [3.0, 2.0, 1.0]},
        ...                   xlabel="w", ylabel="loss", lang="en", logx=True)
        >>> fig.axes[0].get_xscale(), len(fig.axes[0].lines)
        ('log', 1)
    """
    with _building(lang):
        x_np = _checks.array("x", x, 1)
        if not curves:
            raise ValueError("curves must contain at least one curve")
        fig, ax = _new_axes(lang)
        for label, y in curves.items():
            y_np = _checks.array(f"curves[{label!r}]", y, 1)
            _checks.same_sizes(x=x_np, **{f"curves[{label!r}]": y_np})
            ax.plot(x_np, y_np, label=label)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        if logx:
            ax.set_xscale("log")
        if logy:
            ax.set_yscale("log")
        ax.legend()
        if title is not None:
            ax.set_title(title)
    return fig
