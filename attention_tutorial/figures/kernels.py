"""Learned 2-D Gaussian kernels drawn as contours around one query, panel by panel.

Explained on the page `projections.md`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from matplotlib.lines import Line2D
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._alt import ALT_FACTS
from attention_tutorial.figures._base import (
    FONTS,
    TutorialFigure,
    bilingual,
    building,
    new_figure,
    phone_layout,
)
from attention_tutorial.figures.curves import _NARROW_IN

_LEVELS = (0.25, 0.5, 0.75)  # fractions of the largest weight, the same in every panel
_LEVEL_COLOURS = ("C0", "C1", "C3")
_GRID = 201  # grid points along each axis of a panel


@bilingual
def plot_kernel_contours(
    kernels: Mapping[str, tuple[Tensor, Tensor]],
    query: Tensor,
    *,
    keys: Tensor | None = None,
    lang: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    r"""Each model's kernel around one query: where in key space the weight goes.

    A kernel is a centre ``c`` and a matrix ``A`` (symmetric, positive definite):
    key ``k`` gets a weight proportional to
    $\exp(-\tfrac12 (k - c)^\top A\, (k - c))$. Each panel
    draws it as contours at 0.25, 0.5 and 0.75 of its largest weight (the same
    levels and the same axes in every panel), the query as a cross, the centre as
    a ring and, when keys are given, the keys as grey dots. The axes take in the
    query, every centre, each kernel's outermost (0.25) contour and every key
    (without keys: three widths around each centre). A kernel's width ``h``
    along an axis of its ellipse is one standard deviation there, 1/√eigenvalue of
    ``A``; its half-peak contour lies √(2 ln 2) ≈ 1.18 widths from the centre.

    Explained on the page `projections.md`.

    Args:
        kernels: Model name → ``(centre, A)``, shapes ``(2,)`` and ``(2, 2)``;
            one to three models, one panel each.
        query: The query, shape ``(2,)``.
        keys: The keys, shape ``(n, 2)``, drawn as dots; ``None``: no dots.
        lang: The language of the labels: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``: the panels side by side; ``"narrow"`` or ``"stacked"`` (two
            names for the same phone layout): one above the other.

    Returns:
        The figure, with one axes per kernel.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``kernels`` holds no model or more than three, a
            shape is wrong or an ``A`` is not symmetric positive definite.

    Examples:
        >>> q = torch.tensor([1.0, 2.0])
        >>> A = 4 * torch.eye(2)
        >>> # the centre off the query
        >>> c = q + 0.5
        >>> keys = torch.tensor(
        ...     [
        ...         [0.5, 1.5],
        ...         [1.5, 2.5],
        ...         [2.0, 2.0],
        ...         [1.0, 3.0],
        ...     ]
        ... )
        >>> # the name of each model is its
        >>> # panel's title, shown as given
        >>> fig = plot_kernel_contours(
        ...     {"A = 4I": (c, A)},
        ...     q,
        ...     keys=keys,
        ...     lang="en",
        ... )
        >>> fig.axes[0].get_title()
        'A = 4I'
    """
    with building(lang) as labels:
        layout = phone_layout(layout, "stacked")
        if not isinstance(kernels, Mapping):
            raise TypeError(
                "kernels must be a mapping of model names to (centre, A), "
                f"got {type(kernels).__name__}"
            )
        if not 1 <= len(kernels) <= 3:
            raise ValueError(f"kernels must hold one to three models, got {len(kernels)}")
        shapes = {}
        for name, pair in kernels.items():
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise TypeError(f"kernels[{name!r}] must be a pair (centre, A)")
            centre = _checks.array(f"kernels[{name!r}] centre", pair[0], 1)
            precision = _checks.array(f"kernels[{name!r}] A", pair[1], 2)
            if centre.shape != (2,) or precision.shape != (2, 2):
                raise ValueError(f"kernels[{name!r}] must have shapes (2,) and (2, 2)")
            symmetric = np.allclose(precision, precision.T, rtol=1e-4, atol=1e-6)
            if not symmetric or np.linalg.eigvalsh(precision).min() <= 0:
                raise ValueError(f"kernels[{name!r}] A must be symmetric positive definite")
            shapes[str(name)] = (centre, (precision + precision.T) / 2)
        q = _checks.array("query", query, 1)
        if q.shape != (2,):
            raise ValueError(f"query must have shape (2,), got {q.shape}")
        points = None if keys is None else _checks.array("keys", keys, 2)
        if points is not None and points.shape[1] != 2:
            raise ValueError(f"keys must have shape (n, 2), got {points.shape}")
        # one square window for every panel: the keys, every centre (a centre
        # outside the keys' box drew an empty panel) and each kernel's outermost
        # contour (r57: the keys' box cut it off), or 3 widths around each centre
        corners = [q]
        for centre, precision in shapes.values():
            reach = 3 / np.sqrt(np.linalg.eigvalsh(precision).min())
            corners += [centre - reach, centre + reach]
        if points is not None:
            corners = [q, points.min(axis=0), points.max(axis=0)]
            # (k - c)^T A (k - c) = r^2 reaches r sqrt((A^-1)_ii) along axis i
            r = np.sqrt(-2 * np.log(min(_LEVELS)))
            for centre, precision in shapes.values():
                reach = r * np.sqrt(np.diag(np.linalg.inv(precision)))
                corners += [centre - reach, centre + reach]
        low, high = np.min(corners, axis=0), np.max(corners, axis=0)
        middle, half = (low + high) / 2, (high - low).max() / 2 * 1.05
        grid = np.linspace(-half, half, _GRID)
        g1, g2 = np.meshgrid(middle[0] + grid, middle[1] + grid)  # (_GRID, _GRID)
        n = len(shapes)
        if layout == "wide":
            fig = new_figure((3.7 * n + 0.6, 5.2))
            axes = fig.subplots(1, n, squeeze=False)[0]
        else:  # one column at the width of a phone's
            fig = new_figure((_NARROW_IN, 4.0 * n + 1.2))
            axes = fig.subplots(n, 1, squeeze=False)[:, 0]
        for ax, (name, (centre, precision)) in zip(axes, shapes.items(), strict=True):
            ax.tick_params(labelfontfamily=FONTS[lang])
            d1, d2 = g1 - centre[0], g2 - centre[1]
            # (k - c)^T A (k - c), then the weight relative to its largest
            form = precision[0, 0] * d1**2 + 2 * precision[0, 1] * d1 * d2
            bump = np.exp(-(form + precision[1, 1] * d2**2) / 2)  # (_GRID, _GRID)
            if points is not None:
                ax.scatter(points[:, 0], points[:, 1], s=6, color="0.6", zorder=1)
            ax.contour(g1, g2, bump, levels=_LEVELS, colors=_LEVEL_COLOURS, linewidths=1.8)
            ax.plot(*centre, marker="o", markersize=9, fillstyle="none", color="black")
            ax.plot(*q, marker="x", markersize=9, markeredgewidth=2, color="black")
            ax.set_xlim(middle[0] - half, middle[0] + half)
            ax.set_ylim(middle[1] - half, middle[1] + half)
            ax.set_aspect("equal")
            ax.set_title(name, fontsize="medium")
            ax.set_xlabel(labels["key_x1"])
            ax.set_ylabel(labels["key_x2"])
        handles = [
            Line2D([], [], color=colour, linewidth=1.8, label=labels["kernel_level"].format(p=p))
            for p, colour in zip(_LEVELS, _LEVEL_COLOURS, strict=True)
        ]
        handles += [
            Line2D([], [], marker="x", markeredgewidth=2, color="black", linestyle="none",
                   label=labels["query_heading"]),
            Line2D([], [], marker="o", fillstyle="none", color="black", linestyle="none",
                   label=labels["kernel_centre"]),
        ]  # fmt: skip
        if points is not None:
            handles.append(
                Line2D([], [], marker="o", markersize=4, color="0.6", linestyle="none",
                       label=labels["keys"])
            )  # fmt: skip
        # three columns under two panels or more; under one (4.3 inches) three ran past
        # both edges of the figure (r53), two fit
        fig.legend(handles=handles, loc="outside lower center",
                   ncols=3 if layout == "wide" and n > 1 else 2,
                   fontsize="small" if layout == "wide" else "medium")  # fmt: skip
        fig.alt_facts = _facts(q, shapes, lang)
        # the keys' clause only when dots are drawn (r53: said of a figure without them)
        fig.alt_values = {"keys": "" if points is None else ALT_FACTS[lang]["kernel_keys"]}
        if layout == "wide":
            fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
        else:
            fig.alt_name = "plot_kernel_contours.stacked"
        if n == 1:  # one panel: neither side by side nor one above the other (r54)
            fig.alt_name = "plot_kernel_contours.one"
    return fig


def _shape(precision: np.ndarray) -> tuple[float, float, float]:
    """The ellipse's widths along its own axes (narrow, wide) and the narrow axis's angle.

    The angle is in degrees from x₁, between −90 and 90.

    >>> _shape(np.diag([4.0, 1.0]))
    (0.5, 1.0, 0.0)
    """
    eigenvalues, axes = np.linalg.eigh(precision)  # ascending: the narrow axis last
    narrow = axes[:, 1]
    angle = float(np.degrees(np.arctan(narrow[1] / narrow[0]))) if narrow[0] else 90.0
    widths = 1 / np.sqrt(eigenvalues)
    return float(widths[1]), float(widths[0]), round(angle, 6) + 0.0


_WORDS = {
    "zh": {
        "query": "查询在 ({a:.2f}, {b:.2f})。",
        "circle": "{name}：圆，中心 ({c1:.2f}, {c2:.2f})，宽度 h = {w:.2f}"
        "（一个标准差；半峰等高线的半径 {rw:.2f}）。",
        "ellipse": "{name}：椭圆，中心 ({c1:.2f}, {c2:.2f})，沿两轴宽度 {n:.2f} 和 {w:.2f}"
        "（一个标准差；半峰等高线的半轴 {rn:.2f} 和 {rw:.2f}），窄轴与 x₁ 成 {t:.0f}°。",
    },
    "en": {
        "query": "The query is at ({a:.2f}, {b:.2f}). ",
        "circle": "{name}: a circle, centre ({c1:.2f}, {c2:.2f}), width h = {w:.2f} (one "
        "standard deviation; the half-peak contour has radius {rw:.2f}). ",
        "ellipse": "{name}: an ellipse, centre ({c1:.2f}, {c2:.2f}), widths {n:.2f} and "
        "{w:.2f} along its axes (one standard deviation; the half-peak contour's semi-axes "
        "{rn:.2f} and {rw:.2f}), the narrow one {t:.0f}° off x₁. ",
    },
}


def _facts(q: np.ndarray, shapes: dict[str, tuple[np.ndarray, np.ndarray]], lang: str) -> str:
    """The alt text's numbers: the query, each kernel's centre, widths and tilt."""
    words = _WORDS[lang]
    text = words["query"].format(a=q[0], b=q[1])
    for name, (centre, precision) in shapes.items():
        narrow, wide, tilt = _shape(precision)
        kind = "circle" if np.isclose(narrow, wide, rtol=1e-3) else "ellipse"
        half = np.sqrt(2 * np.log(2))  # the half-peak contour, in widths from the centre
        text += words[kind].format(
            name=name, c1=centre[0], c2=centre[1], n=narrow, w=wide, t=tilt,
            rn=half * narrow, rw=half * wide,
        )  # fmt: skip
    return text.strip()
