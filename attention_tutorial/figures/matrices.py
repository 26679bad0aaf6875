"""Small matrices written out: heatmaps with every entry's value, on one shared colour scale.

Explained on the page `projections.md`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import numpy as np
from matplotlib.figure import Figure

from attention_tutorial import _checks
from attention_tutorial.figures._base import FONTS, bilingual, building, new_figure

_CELL = 0.56  # inches per matrix entry: room for "-13.01" at the entries' font size
_VALUE_PT = 10  # the entries' font size: the figure's smallest text
_SYMBOL = re.compile(r"^([A-Za-z])_([A-Za-z0-9]+)(ᵀ?)$")


def _math(name: str) -> str:
    r"""Write the tokens of ``name`` such as ``W_q`` or ``W_qᵀ`` as mathtext (``$W_{q}^\top$``).

    >>> _math("W_qᵀ W_k"), _math("M")
    ('$W_{q}^\\top$ $W_{k}$', 'M')
    """
    words = []
    for word in name.split(" "):
        match = _SYMBOL.match(word)
        if match is None:
            words.append(word)
            continue
        letter, index, transposed = match.groups()
        top = r"^\top" if transposed else ""
        words.append(f"${letter}_{{{index}}}{top}$")
    return " ".join(words)


@bilingual
def plot_matrices(
    matrices: Mapping[str, object], *, lang: str | None = None, title: str | None = None
) -> Figure:
    """Small matrices side by side as heatmaps with their values written in.

    The colour scale is shared and symmetric about 0 (blue negative, red
    positive, as the caption under the matrices says), so matrices can be
    compared entry by entry. The figure's width follows the number of columns,
    so that three 2 x 2 matrices fit a phone's screen without being scaled below
    legible text. Names such as ``W_q`` or ``W_qᵀ W_k`` are set as symbols.

    Explained on the page `projections.md`.

    Args:
        matrices: Neutral name (e.g. ``"W_q"``) to a 2-D tensor or array, at most 8 x 8.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        title: Optional title over all the matrices.

    Returns:
        The figure, one axes per matrix.

    Raises:
        ValueError: If ``lang`` is unknown, there is no matrix, or one is not 2-D or too big.

    Examples:
        >>> fig = plot_matrices({"A": np.eye(2), "W_k": -np.ones((2, 3))}, lang="en")
        >>> [ax.get_title() for ax in fig.axes]
        ['A', '$W_{k}$']
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
        rows = max(a.shape[0] for a in arrays.values())
        # the entries, plus per matrix the row ticks and a gap; the titles and the caption
        width = _CELL * sum(widths) + 0.45 * len(widths) + 0.3
        height = _CELL * rows + 1.25 + (0.35 if title is not None else 0.0)
        fig = new_figure((width, height))
        axes = fig.subplots(1, len(arrays), width_ratios=widths, squeeze=False)[0]
        for ax, (name, a) in zip(axes, arrays.items(), strict=True):
            ax.imshow(a, cmap="RdBu_r", vmin=-limit, vmax=limit)
            for (i, j), value in np.ndenumerate(a):
                dark = abs(value) > 0.6 * limit
                ax.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize=_VALUE_PT,
                        color="white" if dark else "black")  # fmt: skip
            ax.set_title(_math(name))
            ax.set_xticks(range(a.shape[1]))
            ax.set_yticks(range(a.shape[0]))
            ax.tick_params(labelfontfamily=FONTS[lang])
        fig.supxlabel(labels["matrix_colours"], fontsize=_VALUE_PT)
        if title is not None:
            fig.suptitle(title)
    return fig
