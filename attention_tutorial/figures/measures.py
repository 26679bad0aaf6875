"""Figures of numbers: measured cost against n on log-log axes, small matrices written out.

Explained on the pages `scale.md` and `transformer.md`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure

from attention_tutorial import _checks
from attention_tutorial.figures._base import FONTS, bilingual, building, new_figure

_ORDER = ("tiled", "broadcast", "chunked", "sdpa")  # the keys of their names in LABELS
_STYLE = {"tiled": "o-", "broadcast": "s-", "chunked": "^-", "sdpa": "D-"}


def _rows(measurements: Sequence[Mapping[str, object]]) -> dict[str, list[Mapping[str, object]]]:
    """Group measurement rows by formulation, sorted by n; check their fields."""
    if isinstance(measurements, (str, bytes)) or len(measurements) == 0:
        raise ValueError("measurements must be a non-empty list of dicts")
    grouped: dict[str, list[Mapping[str, object]]] = {}
    for row in measurements:
        if not isinstance(row, Mapping) or not {"formulation", "n", "seconds", "peak_bytes"} <= set(
            row
        ):
            raise ValueError(
                "each measurement must be a dict with formulation, n, seconds, peak_bytes"
            )
        if row["formulation"] not in _ORDER:
            raise ValueError(
                f"unknown formulation {row['formulation']!r}; expected one of {_ORDER}"
            )
        for field in ("n", "seconds", "peak_bytes"):
            value = row[field]
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"measurement {field} must be a number, got {value!r}")
            may_be_zero = field == "peak_bytes"
            if not (math.isfinite(value) and (value >= 0 if may_be_zero else value > 0)):
                sign = "non-negative" if may_be_zero else "positive"
                raise ValueError(
                    f"measurement {field} must be a {sign} finite number, got {value!r} "
                    f"({row['formulation']}, n = {row['n']})"
                )
        grouped.setdefault(str(row["formulation"]), []).append(row)
    return {name: sorted(grouped[name], key=lambda r: r["n"]) for name in _ORDER if name in grouped}


@bilingual
def plot_scaling(
    measurements: Sequence[Mapping[str, object]], *, lang: str = "zh", title: str | None = None
) -> Figure:
    """Time and peak memory of each formulation against n, on log-log axes.

    The memory panel also draws, dashed, the bytes of the intermediate tensors
    predicted for each row (``predicted_bytes``) when the rows carry them.

    Explained on the page `scale.md`.

    Args:
        measurements: Rows of ``scale_measurements()["rows"]``: dicts with
            ``formulation``, ``n``, ``seconds``, ``peak_bytes`` (and optionally
            ``predicted_bytes``).
        lang: ``"zh"`` or ``"en"``.
        title: Optional title of the first panel.

    Returns:
        The figure, with two axes: time, then memory.

    Raises:
        TypeError: If a field of a row is not a number.
        ValueError: If ``lang`` is unknown, a row lacks a field, or its ``n``,
            ``seconds`` is not a positive finite number (``peak_bytes``: non-negative).

    Examples:
        >>> rows = [
        ...     {
        ...         "formulation": "tiled",
        ...         "n": n,
        ...         "seconds": n / 1e4,
        ...         "peak_bytes": 12 * n * n,
        ...     }
        ...     for n in (1000, 2000)
        ... ]
        >>> fig = plot_scaling(rows, lang="en")
        >>> [ax.get_xscale() for ax in fig.axes], fig.axes[1].get_ylabel()
        (['log', 'log'], 'peak memory (bytes)')
    """
    with building(lang) as labels:
        grouped = _rows(measurements)
        fig = new_figure((6.4, 3.4))
        time_ax, memory_ax = fig.subplots(1, 2)
        for name, rows in grouped.items():
            n = [float(r["n"]) for r in rows]
            time_ax.plot(
                n, [float(r["seconds"]) for r in rows], _STYLE[name], label=labels[f"scale_{name}"]
            )
            memory_ax.plot(n, [max(float(r["peak_bytes"]), 1.0) for r in rows], _STYLE[name])
            predicted = [r.get("predicted_bytes") for r in rows]
            if all(isinstance(p, (int, float)) and p > 0 for p in predicted):
                color = memory_ax.lines[-1].get_color()
                memory_ax.plot(n, predicted, ":", color=color, alpha=0.8)
        for ax, key in ((time_ax, "scale_seconds"), (memory_ax, "scale_bytes")):
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel(labels["scale_n"])
            ax.set_ylabel(labels[key])
            ax.grid(True, which="major", alpha=0.3)
            ax.tick_params(labelfontfamily=FONTS[lang])
        time_ax.legend(fontsize="small")
        memory_ax.plot([], [], "k:", label=labels["scale_predicted"])
        memory_ax.legend(fontsize="small", loc="upper left")
        if title is not None:
            time_ax.set_title(title)
    return fig


@bilingual
def plot_matrices(
    matrices: Mapping[str, object], *, lang: str = "zh", title: str | None = None
) -> Figure:
    """Small matrices side by side as heatmaps with their values written in.

    The colour scale is shared and symmetric about 0 (blue negative, red
    positive, as the caption under the matrices says), so matrices can be
    compared entry by entry.

    Explained on the page `transformer.md`.

    Args:
        matrices: Neutral name (e.g. ``"W_q"``) to a 2-D tensor or array, at most 8 x 8.
        lang: ``"zh"`` or ``"en"``.
        title: Optional title over all the matrices.

    Returns:
        The figure, one axes per matrix.

    Raises:
        ValueError: If ``lang`` is unknown, there is no matrix, or one is not 2-D or too big.

    Examples:
        >>> fig = plot_matrices({"A": np.eye(2), "B": -np.ones((2, 3))}, lang="en")
        >>> [ax.get_title() for ax in fig.axes]
        ['A', 'B']
    """
    with building(lang) as labels:
        if not isinstance(matrices, Mapping) or len(matrices) == 0:
            raise ValueError("matrices must be a non-empty mapping from name to 2-D tensor")
        arrays = {name: _checks.array(name, m, 2) for name, m in matrices.items()}
        for name, a in arrays.items():
            if max(a.shape) > 8:
                raise ValueError(f"{name} must be at most 8 x 8 to be written out, got {a.shape}")
        limit = max(float(np.abs(a).max()) for a in arrays.values()) or 1.0
        widths = [a.shape[1] for a in arrays.values()]
        fig = new_figure((min(1.2 + 0.9 * sum(widths) + 0.3 * len(widths), 6.4), 2.4))
        axes = fig.subplots(1, len(arrays), width_ratios=widths, squeeze=False)[0]
        for ax, (name, a) in zip(axes, arrays.items(), strict=True):
            ax.imshow(a, cmap="RdBu_r", vmin=-limit, vmax=limit)
            for (i, j), value in np.ndenumerate(a):
                dark = abs(value) > 0.6 * limit
                ax.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize=9,
                        color="white" if dark else "black")  # fmt: skip
            ax.set_title(name)
            ax.set_xticks(range(a.shape[1]))
            ax.set_yticks(range(a.shape[0]))
        fig.supxlabel(labels["matrix_colours"], fontsize="small")
        if title is not None:
            fig.suptitle(title)
    return fig
