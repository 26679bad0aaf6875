"""Gaussian-kernel scores split into a dot product and a per-key bias, for one query.

Explained on the page `dot-product.md`.
"""

from __future__ import annotations

import matplotlib
import numpy as np
import torch
from matplotlib.font_manager import FontProperties
from matplotlib.transforms import Transform, offset_copy
from torch import Tensor
from torch.nn import functional as F

from attention_tutorial import _checks
from attention_tutorial.figures._base import (
    FONTS,
    TutorialFigure,
    bilingual,
    building,
    new_figure,
    phone_layout,
)
from attention_tutorial.figures.curves import _NARROW_IN

SCORE_PARTS_LAYOUTS = ("wide", "stacked")


@bilingual
def plot_score_parts(
    query: float,
    keys: Tensor,
    *,
    lang: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """One query's Gaussian scores as a dot product plus a per-key bias, and their weights.

    Left: over the keys, the dot product q k (a straight line: the larger the key,
    the larger the score when q > 0), the key bias −k²/2, their sum q k − k²/2 and the
    Gaussian score −(q − k)²/2 (dashed), which is the sum moved down by the same
    q²/2 for every key. Right: the softmax of the sum (dots) and of the Gaussian
    score (line) over the keys: the same weights, largest at the key nearest the query.
    The legend of the scores sits under their panel, where it hides no curve.

    Explained on the page `dot-product.md`.

    Args:
        query: The query ``q``, a finite number.
        keys: The keys, shape ``(n_train,)`` with ``n_train >= 2``, finite.
        lang: The language of the labels: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: the panels side by side; ``"narrow"`` or ``"stacked"`` (two
            names for the same phone layout): the scores above the weights.

    Returns:
        The figure, with two axes: the scores, then the weights.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, or a shape or value is invalid.

    Examples:
        >>> keys = torch.linspace(0, 5, 11)
        >>> fig = plot_score_parts(
        ...     2.5, keys, lang="en"
        ... )
        >>> # the right panel's title
        >>> fig.axes[1].get_title()
        'after softmax: the same weights'
    """
    with building(lang) as labels:
        layout = phone_layout(layout, "stacked")
        q = _checks.finite_number("query", query)
        k = _checks.array("keys", keys, 1).astype(np.float64)
        if len(k) < 2 or not np.isfinite(k).all():
            raise ValueError(f"keys must hold at least 2 finite numbers, got shape {k.shape}")
        k = np.sort(k)
        dot = q * k  # (n_train,)
        bias = -(k**2) / 2  # (n_train,)
        total = dot + bias
        gaussian = -((q - k) ** 2) / 2  # = total - q^2 / 2, the same shift for every key
        weights_sum = F.softmax(torch.from_numpy(total), dim=0).numpy()
        weights_gaussian = F.softmax(torch.from_numpy(gaussian), dim=0).numpy()
        if layout == "wide":
            fig = new_figure((9.0, 4.4))
            ax_s, ax_w = fig.subplots(1, 2)
        else:  # one column at the width of a phone's, the legend under the scores
            fig = new_figure((_NARROW_IN, 8.2))
            ax_s, ax_w = fig.subplots(2, 1)
        for ax in (ax_s, ax_w):
            ax.tick_params(labelfontfamily=FONTS[lang])
        # the query's place among the keys, named in the scores' legend
        ax_s.axvline(
            q, color="black", linestyle=":", linewidth=1, label=labels["query_line"].format(q=q)
        )
        ax_w.axvline(q, color="black", linestyle=":", linewidth=1)
        ax_s.plot(k, dot, color="C0", label=labels["score_dot"])
        ax_s.plot(k, bias, color="C1", label=labels["score_bias"])
        ax_s.plot(k, total, color="C2", linewidth=2.5, label=labels["score_sum"])
        ax_s.plot(k, gaussian, color="C3", linestyle="--", label=labels["score_gaussian"])
        ax_s.set_xlabel(labels["keys"])
        ax_s.set_ylabel(labels["score"])
        ax_s.set_title(labels["scores_of"].format(q=q), fontsize="medium")
        # the legend under the panel, below its key label: inside, it hid the ends of curves
        legend_size = "small" if layout == "wide" else "medium"
        ax_s.legend(
            fontsize=legend_size, loc="upper center", ncols=2 if layout == "wide" else 1,
            bbox_to_anchor=(0.5, 0.0), bbox_transform=_under_xlabel(fig, ax_s),
        )  # fmt: skip
        ax_w.plot(k, weights_gaussian, color="C3", label=labels["weights_gaussian"])
        ax_w.plot(k, weights_sum, color="C2", linestyle="none", marker="o", markersize=4,
                  label=labels["weights_sum"])  # fmt: skip
        ax_w.set_xlabel(labels["keys"])
        ax_w.set_ylabel(labels["weight"])
        ax_w.set_title(labels["softmax_of_both"], fontsize="medium")
        ax_w.set_ylim(0, 1.45 * float(weights_gaussian.max()))  # room for the legend
        ax_w.legend(fontsize="small" if layout == "wide" else "medium", loc="upper center")
        fig.alt_facts = _facts(q, k, dot, total, gaussian, weights_sum, weights_gaussian, lang)
        if layout == "wide":
            fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
        else:
            fig.alt_name = "plot_score_parts.stacked"
    return fig


def _under_xlabel(fig: TutorialFigure, ax) -> Transform:
    """The axes' coordinates moved down past its tick labels and its x label (in points).

    A legend anchored at (0.5, 0) in these coordinates hangs under the label; the
    constrained layout then makes room for it.
    """
    ticks = matplotlib.rcParams["xtick.major.size"] + matplotlib.rcParams["xtick.major.pad"]
    tick_text = FontProperties(size=matplotlib.rcParams["xtick.labelsize"]).get_size_in_points()
    label = ax.xaxis.label.get_size() * 1.3 + matplotlib.rcParams["axes.labelpad"]
    return offset_copy(
        ax.transAxes, fig=fig, y=-(ticks + tick_text * 1.3 + label + 2), units="points"
    )


def _exact(x: float) -> str:
    """A number with up to four significant digits and no trailing zeros: 3.125, 2, 0.7614.

    >>> (
    ...     _exact(2.5**2 / 2),
    ...     _exact(2.0),
    ...     _exact(3.1249999999),
    ... )
    ('3.125', '2', '3.125')
    """
    return f"{x:.4g}"


_WORDS = {
    "zh": "查询 q = {q}。{dot}；两者之和与高斯核分数都在键 {near} 处最大，"
    "那是离查询最近的键，两条曲线处处相差 q²/2 = {shift}。两种分数给出的权重都在那里最大"
    "（{peak}），两者{gap}。",
    "en": "Query q = {q}. {dot}; the sum and "
    "the Gaussian score both peak at the key {near}, the nearest to the query, and differ by "
    "q²/2 = {shift} everywhere. The weights of both scores peak there ({peak}) and {gap}.",
}
_DOT = {  # q < 0, q > 0, q = 0
    "zh": ("点积在最小的键 {top} 处最大", "点积在最大的键 {top} 处最大", "点积处处为 0"),
    "en": (
        "The dot product is largest at the smallest key, {top}",
        "The dot product is largest at the largest key, {top}",
        "The dot product is 0 for every key",
    ),
}


_GAP = {  # the weights of the two scores: equal as drawn (in float64), or apart by rounding
    "zh": ("完全相同（图按 float64 计算）", "最多相差 {gap}"),
    "en": ("are identical (the figure computes in float64)", "differ by at most {gap}"),
}


def _facts(
    q: float,
    k: np.ndarray,
    dot: np.ndarray,
    total: np.ndarray,
    gaussian: np.ndarray,
    weights_sum: np.ndarray,
    weights_gaussian: np.ndarray,
    lang: str,
) -> str:
    """The alt text's numbers, read from what the figure draws."""
    top = k[dot.argmax()]
    gap = float(np.abs(weights_sum - weights_gaussian).max())
    near = k[total.argmax()]
    return _WORDS[lang].format(
        q=f"{q:.2f}",
        dot=_DOT[lang][2 if q == 0 else int(q > 0)].format(top=f"{top:.2f}"),
        near=f"{near:.2f}",
        shift=_exact(float(np.median(total - gaussian))),
        peak=f"{weights_gaussian.max():.3f}",
        gap=_GAP[lang][gap > 0].format(gap=f"{gap:.0e}"),
    )
