"""Attention figures: the weights as a heatmap, one query pooling its keys, bandwidths.

Every number drawn is computed here from the tensors passed in; ``pyplot`` is never
imported and no matplotlib setting (``rcParams``) is changed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import matplotlib
import numpy as np
import torch
from matplotlib.patches import FancyBboxPatch
from matplotlib.ticker import MaxNLocator
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._alt import alt_facts
from attention_tutorial.figures._base import (
    FIGSIZE,
    FONTS,
    TutorialFigure,
    bilingual,
    building,
    draw_fit,
    draw_heatmap,
    new_axes,
    new_figure,
    phone_layout,
)
from attention_tutorial.pooling import nadaraya_watson

_MAX_PAIRS = 8  # more key-value pairs than this no longer fit in the diagram
_MAX_BANDWIDTHS = 6  # more panels than this no longer fit in the gallery
# ``plot_attention_pooling``: "wide" (nine inches, five columns) or "stacked" (or "narrow"),
# a phone's column ``_NARROW_IN`` inches wide, which 335 CSS px show at 0.73 of its size
_NARROW_IN = 4.6
# every text of the wide diagram, in points: a page column of about 690 CSS px (1280 px
# screens) shows the nine inches at 0.77 of their size, 12 pt then 12.7 px high (10 pt
# headings and 9 pt weights were 10.6 and 9.5 px)
_WIDE_PT = 12

_BOX = {"boxstyle": "round,pad=0.02,rounding_size=0.12", "linewidth": 1.2}
_QUERY_COLOR, _KEY_COLOR, _VALUE_COLOR, _OUT_COLOR = "#fde2c8", "#d6e4f5", "#d9efd9", "#eadcf2"
# the pooling diagram's arrows: line width (points) and arrow head from the weight. A wide
# range, so that 0.06 and 0.34 still look different on a phone (the stacked layout there is
# shown at 0.73 of its size)
_ARROW_WIDTH = (0.5, 9.0)  # width = a + b * weight
_ARROW_HEAD = (6.0, 14.0)


def _weight_decimals(alpha: list[float], values: list[float], output: float) -> int:
    """The decimals of the weights that make the pooling diagram's sum add up as printed.

    The diagram writes every value and the output with two decimals and the sum
    ``w_1×v_1 + ... ≈ f(q)`` underneath; with the weights rounded to two decimals too, the
    terms as printed can add up to a different number than the output (0.06×0.92 + ... is
    2.666, the output 2.68). This is the fewest decimals, two to six, for which the printed
    terms, multiplied out and added, round to the printed output.

    >>> # weights 0.8808 and 0.1192: 0.88×0.00 + 0.12×10.00 = 1.20, but the output is 1.19
    >>> _weight_decimals(
    ...     [0.8808, 0.1192],
    ...     [0.0, 10.0],
    ...     1.192,
    ... )
    3
    >>> _weight_decimals(
    ...     [0.5, 0.5], [1.0, 3.0], 2.0
    ... )
    2
    """
    shown_values = [float(f"{v:.2f}") for v in values]
    for decimals in range(2, 7):
        shown = [float(f"{a:.{decimals}f}") for a in alpha]
        total = sum(a * v for a, v in zip(shown, shown_values, strict=True))
        if f"{total:.2f}" == f"{output:.2f}":
            return decimals
    return 6


@bilingual
def plot_attention_heatmap(
    attention_weights: Tensor | np.ndarray,
    *,
    queries: Tensor | np.ndarray | None = None,
    keys: Tensor | np.ndarray | None = None,
    layout: str = "wide",
    lang: str | None = None,
    xlabel: str | None = None,
    ylabel: str | None = None,
    title: str | None = None,
) -> TutorialFigure:
    """Show attention weights as an image: one row per query, one column per key.

    The colour bar starts at 0 (no weight) and is ticked at its top, the largest
    weight. With ``queries`` and ``keys`` the axes show their x values instead of
    row and column indices.

    Explained on the page `nonparametric.md`.

    Args:
        attention_weights: Shape ``(n_queries, n_keys)``; a tensor that requires
            grad is detached first.
        queries: The query inputs, shape ``(n_queries,)``, sorted ascending; optional,
            but only together with ``keys``.
        keys: The key inputs, shape ``(n_keys,)``, sorted ascending; optional, but only
            together with ``queries``.
        layout: ``"wide"`` (the colour bar on the right), or ``"narrow"`` or
            ``"stacked"`` (two names for the same phone layout): the colour bar under
            the heatmap, which gets the figure's width.
        lang: The language of the default labels: ``"zh"``, ``"en"`` or ``None`` (the current
            language).
        xlabel: Label of the key axis; defaults to "keys (training inputs)".
        ylabel: Label of the query axis; defaults to "queries (test inputs)".
        title: Optional title.

    Returns:
        The figure; its second axes is the colour bar.

    Raises:
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, the weights are not 2-D, only one of ``queries`` /
            ``keys`` is given, or they do not match the weights' rows / columns or are
            not sorted.

    Examples:
        >>> # the chapter's data
        >>> d = make_data()
        >>> _, weights = nadaraya_watson(
        ...     d.x_test, d.x_train, d.y_train
        ... )
        >>> # one row per query, one column per key
        >>> weights.shape
        torch.Size([50, 50])
        >>> fig = plot_attention_heatmap(
        ...     weights,
        ...     queries=d.x_test,
        ...     keys=d.x_train,
        ...     lang="en",
        ... )
    """
    with building(lang) as words:
        weights = _checks.array("attention_weights", attention_weights, 2)
        extent = None
        if queries is not None or keys is not None:
            q = _sorted_inputs("queries", queries, weights.shape[0])
            k = _sorted_inputs("keys", keys, weights.shape[1])
            extent = (k[0], k[-1], q[-1], q[0])  # rows run down from the first query
        layout = phone_layout(layout, "narrow")
        narrow = layout == "narrow"
        # narrow: the heatmap the figure's width, the colour bar under it (as the
        # several heatmaps' narrow layout does)
        fig, ax = new_axes(lang, (_HEATMAPS_NARROW_IN, 4.6) if narrow else FIGSIZE)
        if extent is None:
            image = ax.imshow(weights, cmap="Reds", vmin=0.0, aspect="auto")
        else:  # each cell where its key and its query lie; the key axis starts where the
            # query axis does (0 on the chapter's data), as the explorer's and the gallery's:
            # it was ticked from 1, a blank strip before the first key (r36)
            image = draw_heatmap(ax, weights, q, k, cmap="Reds", x_from=float(q[0]))
            # the first key's cell reaches that edge: the blank strip read as weight 0,
            # white as the bar's 0 (r46). Every x in it is nearest the first key, whose
            # colour the picture has there; the ticks stay at the x values
            image.set_clip_box(ax.bbox)
        where = {"location": "bottom", "aspect": 30} if narrow else {}
        colorbar = fig.colorbar(image, ax=ax, label=words["weight"], **where)
        colorbar.ax.tick_params(labelfontfamily=FONTS[lang])
        # the top ticked, as the several heatmaps' bar: the average page's text is about the
        # top, 0.02 (1/50 in every cell), where the automatic ticks stopped at 0.0175 (r45);
        # a phone's row of ticks: four at most, or long ones (0.0025) run into each other
        _tick_both_ends(colorbar, float(weights.max()), 4 if narrow else 5)
        if extent is None:  # row and column indices: whole numbers only
            ticks = {"nbins": 5} if narrow else {}  # a phone's ticks: about five per axis
            ax.xaxis.set_major_locator(MaxNLocator(integer=True, **ticks))
            ax.yaxis.set_major_locator(MaxNLocator(integer=True, **ticks))
        if not narrow:  # the site draws the narrow layout too, for phones
            fig.narrow_layout = {"layout": "narrow"}
        ax.set_xlabel(words["keys"] if xlabel is None else xlabel)
        ax.set_ylabel(words["queries"] if ylabel is None else ylabel)
        if title is not None:
            ax.set_title(title)
        # what the alt text says, from the weights drawn: the band (unless every weight is
        # the same: average pooling), then the colour bar's range (its top is the largest
        # weight: vmax is left to imshow) and the strongest and weakest rows
        facts = _heatmap_facts(weights, None if extent is None else q, lang)
        top, n_keys = float(weights.max()), weights.shape[1]
        if top - float(weights.min()) > 1e-6 * top:
            band = _panel_facts("", weights, own=False, lang=lang)
            used = band["used"]
            # "mostly the keys near it" only while few keys share the weight (the
            # words once said so of 28.5 keys in use out of 50)
            key = "band" if used <= NEAR_KEYS_SHARE * n_keys else "band_wide"
            wide = HEATMAP_BAND_WIDE[lang] if key == "band_wide" else ""
            shape = HEATMAP_BAND[lang][band["kind"]].format(wide=wide)
            lead = alt_facts(
                f"plot_attention_heatmap.{key}", lang, used=used, shape=shape, n=n_keys
            )
            facts = lead + ("" if lang == "zh" else " ") + facts
        fig.alt_facts = facts
    return fig


@bilingual
def plot_attention_heatmaps(
    attention_weights: Mapping[str, Tensor | np.ndarray],
    *,
    queries: str = "test",
    query_points: Tensor | np.ndarray | None = None,
    layout: str = "wide",
    lang: str | None = None,
    query_ticks: str = "index",
) -> TutorialFigure:
    """Show several models' attention weights, one heatmap above the other, on one colour scale.

    Every heatmap has one row per query and one column per key (indices, whole
    numbers on the axes); all share the colour bar, from 0 to the largest weight
    of any of them, so that a colour means the same weight in each.

    Explained on the page `projections.md`.

    Args:
        attention_weights: Panel title -> weights of shape ``(n_queries, n_keys)``, the
            same shape for every panel (one to four panels; tensors that require grad
            are detached). The titles are shown as given in every language: use names
            from the code, such as the models' class names.
        queries: ``"test"``, ``"train"`` or ``"grid_row"``: what the queries are, for
            the axis labels (``"train"``: each training input attends to the training
            inputs, as in leave-one-out training; both axes then say that their ticks
            number the training points sorted by x; ``"grid_row"``: the queries are one
            row of the 2-D toy's test grid, left to right, over keys sorted by x₁, and
            both axes say so).
        query_points: With ``queries="grid_row"``, optionally the queries themselves,
            shape ``(n_queries, 2)``: one row of the grid (one x₂), x₁ ascending. The
            query axis and the alt text then name that row and its range of x₁.
        layout: ``"wide"`` (the colour bar on the right), or ``"narrow"`` or
            ``"stacked"`` (two names for the same phone layout): the colour bar under
            the heatmaps, which get the figure's width.
        lang: The language of the labels: ``"zh"``, ``"en"`` or ``None`` (the current language).
        query_ticks: ``"index"`` (query indices on the query axis), or ``"x1"`` with
            ``query_points``: the query axis in x₁ itself, ticked at the queries whose x₁
            is a whole number (0, 1, 2, ...); the key axis keeps its indices.

    Returns:
        The figure: one axes per panel, then the colour bar.

    Raises:
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``queries`` is not ``"test"``, ``"train"`` or
            ``"grid_row"``, there are no panels or more than four, or the weights are not
            2-D or differ in shape, or ``query_points`` is given with other queries than
            ``"grid_row"``, is not one point per query of shape ``(n_queries, 2)``, or
            its points are not one row of the grid, x₁ ascending, or ``query_ticks`` is
            not ``"index"`` or ``"x1"``, or ``"x1"`` without ``query_points``.

    Examples:
        >>> fig = plot_attention_heatmaps(
        ...     {
        ...         "A": np.full((3, 4), 0.25),
        ...         "B": np.eye(3, 4),
        ...     },
        ...     lang="en",
        ... )
    """
    with building(lang) as words:
        if not isinstance(attention_weights, Mapping) or not 1 <= len(attention_weights) <= 4:
            raise ValueError(
                "attention_weights must be a mapping of 1 to 4 panel titles to weight matrices"
            )
        panels = {
            name: _checks.array(f"attention_weights[{name!r}]", w, 2)
            for name, w in attention_weights.items()
        }
        shapes = {a.shape for a in panels.values()}
        if len(shapes) > 1:
            raise ValueError(
                f"attention_weights must all have one shape (n_queries, n_keys), got {shapes}"
            )
        if queries not in ("test", "train", "grid_row"):
            raise ValueError(f"queries must be 'test', 'train' or 'grid_row', got {queries!r}")
        axis_words = _TRAIN_AXES[lang] if queries == "train" else _GRID_ROW_AXES[lang]
        row = None  # the grid row's x₂ and its queries' x₁, from ``query_points``
        if query_points is not None:
            row = _grid_row(query_points, queries, next(iter(shapes))[0])
            axis_words = {**axis_words, "queries": _GRID_ROW_QUERIES[lang].format(x2=row[0])}
        if query_ticks not in ("index", "x1"):
            raise ValueError(f"query_ticks must be 'index' or 'x1', got {query_ticks!r}")
        whole = None  # query_ticks="x1": (rows, labels) of the queries at whole x₁
        if query_ticks == "x1":
            if row is None:
                raise ValueError("query_ticks='x1' needs query_points")
            axis_words["queries"] = _GRID_ROW_QUERIES_X1[lang].format(x2=row[0])
            rows_at = [i for i, x in enumerate(row[1]) if float(x).is_integer()]
            whole = rows_at, [f"{row[1][i]:g}" for i in rows_at]
        layout = phone_layout(layout, "narrow")
        narrow = layout == "narrow"
        top = max(float(a.max()) for a in panels.values()) or 1.0
        n_queries, n_keys = next(iter(shapes))
        # a square table drawn wide gets square cells: at the wide panels' 3:1 its
        # cells were flat strips and a 4 x 4 block a dash (review fx35)
        square = n_queries == n_keys and not narrow
        if narrow:  # taller panels the figure's width, the colour bar under them
            fig = new_figure((_HEATMAPS_NARROW_IN, 1.3 + 2.6 * len(panels)))
        elif square:  # "compressed": the square panels and their colour bar centred
            fig = new_figure((_HEATMAPS_WIDE_IN, 0.6 + _HEATMAPS_SQUARE_IN * len(panels)))
            fig.set_layout_engine("compressed")
        else:
            fig = new_figure((_HEATMAPS_WIDE_IN, 0.4 + 2.3 * len(panels)))
        axes = fig.subplots(len(panels), 1, sharex=True, squeeze=False)[:, 0]
        # a phone's tick labels a size up: the numbers a reader looks up (review fx35)
        tick_size = {"labelsize": _HEATMAPS_NARROW_TICK_PT} if narrow else {}
        for ax, (name, weights) in zip(axes, panels.items(), strict=True):
            aspect = "equal" if square else "auto"
            image = ax.imshow(weights, cmap="Reds", vmin=0.0, vmax=top, aspect=aspect)
            # a code-long title (e.g. "softmax(scores.masked_fill(eye, -inf))") fits the
            # narrow panels at the text size
            ax.set_title(name, fontsize="medium" if narrow else None)
            if queries == "train" or row is not None:  # two lines, spaced (zh touched)
                ax.set_ylabel(axis_words["queries"], linespacing=_TRAIN_LINESPACING)
            else:
                ax.set_ylabel(words["queries"] if queries == "test" else axis_words["queries"])
            # a phone's ticks: about five per axis (0, 10, ..., 40 for 50 keys), not ten
            ticks = {"nbins": 5} if narrow else {}
            ax.xaxis.set_major_locator(MaxNLocator(integer=True, **ticks))
            ax.yaxis.set_major_locator(MaxNLocator(integer=True, **ticks))
            if whole is not None:  # the query axis in x₁, the keys still indices
                ax.set_yticks(*whole)
            ax.tick_params(labelfontfamily=FONTS[lang], **tick_size)
        axes[-1].set_xlabel(words["keys"] if queries == "test" else axis_words["keys"])
        where = {"location": "bottom", "aspect": 30} if narrow else {}
        if square:  # a bar about as thin as the one beside the flat panels
            where = {"aspect": 40}
        colorbar = fig.colorbar(image, ax=list(axes), label=words["weight"], **where)
        colorbar.ax.tick_params(labelfontfamily=FONTS[lang], **tick_size)
        # a phone's row of ticks: three when the labels are long (0.0025), else five
        _tick_both_ends(colorbar, top, 3 if narrow and top < 0.05 else 5)
        if not narrow:  # the site draws the narrow layout too, for phones
            fig.narrow_layout = {"layout": "narrow"}
        # what the alt text says of each panel, from the weights drawn
        own = queries == "train" and len(set(next(iter(shapes)))) == 1  # the keys' own rows
        items = [_panel_facts(name, weights, own, lang) for name, weights in panels.items()]
        lead = ""
        # the picture before the numbers: where the band runs, and which
        # panel is which when there are two, one above the other
        if not own and all(_runs_down(weights) for weights in panels.values()):
            lead = _DIAGONAL_LEAD[lang] + ("" if lang == "zh" else " ")
        if len(panels) == 2:
            for item, where in zip(items, _UPPER_LOWER[lang], strict=True):
                item["name"] = where.format(name=item["name"])
            items[0]["name"] = items[0]["name"][0].upper() + items[0]["name"][1:]
        if row is not None:  # which queries the rows are, before what they show
            x2, x1 = row
            lead = _GRID_ROW_FACTS[lang].format(x2=x2, n=len(x1), first=x1[0], last=x1[-1]) + lead
        low, high = _bar_ends(top)  # the colour bar's end labels, as printed on it
        fig.alt_facts = lead + alt_facts(
            "plot_attention_heatmaps" + (".own" if own else ".band"), lang, items, low=low, top=high
        )
        if own:  # a bunch of points at an end of x: the block the eye sees in a corner
            fig.alt_facts += _corner_block(panels, lang)
        if len(panels) == 2:  # the alt text counts them
            fig.alt_name = "plot_attention_heatmaps.two"
    return fig


def _tick_both_ends(colorbar, top: float, nbins: int) -> None:
    """Tick a weight colour bar at 0 and at its top, the largest weight, and a few round values.

    The automatic ticks stopped below the top (at 0.8 of a bar ending at 1.00), so that the
    top the alt text names was unlabelled; a round value within 15 % of the bar of the
    top is left out, or the two labels would run into each other (0.08 beside a top
    of 0.09 nearly touched on a phone, r54; leaving out
    everything above 0.8 of the top dropped 0.8, and 0, 0.2, 0.4, 0.6, 1.00 looked uneven).
    Every label has the top's decimals (0.00, 0.20, ..., 1.00).
    """
    top_label = _bar_ends(top)[1]
    decimals = len(top_label.partition(".")[2])
    ticks = MaxNLocator(nbins=nbins).tick_values(0.0, top)
    # fewer, rounder ticks while a step cannot be written in the top's decimals: a bar to
    # 0.02 ticked every 0.005 read 0.00, 0.01, 0.01, 0.01, 0.02 (the single heatmap, r45)
    while nbins > 1 and any(abs(t * 10**decimals - round(t * 10**decimals)) > 1e-6 for t in ticks):
        nbins -= 1
        ticks = MaxNLocator(nbins=nbins).tick_values(0.0, top)
    inner = [t for t in ticks if 0 < t < 0.85 * top]
    labels = [f"{t:.{decimals}f}" for t in (0.0, *inner)]
    colorbar.set_ticks([0.0, *inner, top], labels=[*labels, top_label])


def _bar_ends(top: float) -> tuple[str, str]:
    """The labels at the two ends of a weight colour bar, which the alt text repeats.

    A reader (round 37) heard "from 0 to 1.00" for a bar that reads 0.00 to 1.00: the 0
    takes the top's decimals.

    >>> _bar_ends(1.0), _bar_ends(0.0025)
    (('0.00', '1.00'), ('0.0000', '0.0025'))
    """
    top_label = f"{top:.2f}" if top >= 0.05 else f"{top:.2g}"
    return f"{0:.{len(top_label.partition('.')[2])}f}", top_label


# ``plot_attention_heatmaps(queries="train")``: both axes count the chapter's training
# points, sorted by x ("keys (training inputs)" over ticks 0 to 45 read as x values);
# the queries' label on two lines, or the Chinese one ran past a panel's height
_TRAIN_LINESPACING = 1.4
_TRAIN_AXES = {
    "zh": {"queries": "查询（训练点编号，\n按 x 排序）", "keys": "键（训练点编号，按 x 排序）"},
    "en": {
        "queries": "queries (training points,\nindex sorted by x)",
        "keys": "keys (training points, index sorted by x)",
    },
}


HEATMAPS_LAYOUTS = ("wide", "narrow")
# the narrow heatmaps: 4.6 inches shown in a phone's 335 px column keep 12 pt text 12.1 px
# high (``PHONE_TEXT_PX``: 11; the wide figure's 6 inches gave its ticks 9.3 px)
_HEATMAPS_NARROW_IN = 4.6
# their tick labels 14 pt, about 14 px in that column (a reader found the 12 pt ones small):
# the axis labels stay 12 pt, the English ones as wide as the figure
_HEATMAPS_NARROW_TICK_PT = 14
# the wide heatmaps fill a desktop's text column (792 px from a 1280 px window up): at
# 6 inches they sat in its left three quarters, off centre (review of the transformer page)
_HEATMAPS_WIDE_IN = 8.25
# the height per panel of a square table drawn wide (square cells, the panels one
# above the other): 3.6 inches, about 350 px in that column, 7 px a cell for 50 keys
_HEATMAPS_SQUARE_IN = 3.6


# A heatmap's alt text says each query attends mostly to the keys near it while it uses
# (1/Σα², averaged) at most this share of the keys; above it, that the band is wide.
NEAR_KEYS_SHARE = 0.25
BAND_SHARE = 0.1  # a key is in a query's band when its weight is >= this share of the row's max
# A band in which at least BAND_WHOLE of the keys get weight is continuous; from
# BAND_FILLED up it has gaps; below BAND_FILLED it is broken into patches.
BAND_WHOLE = 0.9
BAND_FILLED = 0.5
# ``plot_attention_heatmaps(queries="grid_row")``: the projections page's queries are one
# row of the 2-D test grid and its keys the training points sorted by x₁; the ticks are
# indices ("keys (training inputs)" over index ticks); the query label on one
# line (its two zh lines touched; the page's text says which grid row it is);
# by x₁, not "left to right", which read oddly on a vertical axis
_GRID_ROW_AXES = {
    "zh": {"queries": "查询序号（按 x₁ 排序）", "keys": "键序号（按 x₁ 排序）"},
    "en": {
        "queries": "query index (sorted by x₁)",
        "keys": "key index (sorted by x₁)",
    },
}


# ``query_points`` given: the query label names the grid row, on two lines (zh) or three
# (en; on two its English ran past a panel's height), and the alt text says which queries
# the rows are
_GRID_ROW_QUERIES = {
    "zh": "查询（x₂ = {x2:g} 一行，\n按 x₁ 从小到大）",
    "en": "queries\n(row x₂ = {x2:g},\nby x₁ ascending)",
}
# ``query_ticks="x1"``: the query axis ticked in x₁ itself (review r36: "the ticks are
# indices, not coordinates" was an apology the page had to make)
_GRID_ROW_QUERIES_X1 = {
    "zh": "查询的 x₁\n（x₂ = {x2:g} 一行）",
    "en": "queries' x₁\n(row x₂ = {x2:g})",
}
_GRID_ROW_FACTS = {
    "zh": "行：x₂ = {x2:g} 那一行的 {n} 个查询，x₁ 从上到下由 {first:g} 到 {last:g}。",
    "en": "Rows: the {n} queries of grid row x₂ = {x2:g}, x₁ from {first:g} (top) to "
    "{last:g} (bottom). ",
}


def _grid_row(query_points, queries: str, n_queries: int) -> tuple[float, list[float]]:
    """Check ``plot_attention_heatmaps``'s ``query_points``; return the row's x₂ and the x₁s.

    >>> _grid_row(
    ...     [[0.0, 2.5], [0.5, 2.5]],
    ...     "grid_row",
    ...     2,
    ... )
    (2.5, [0.0, 0.5])
    """
    if queries != "grid_row":
        raise ValueError(f"query_points needs queries='grid_row', got {queries!r}")
    points = _checks.array("query_points", query_points, 2)
    if points.shape != (n_queries, 2):
        raise ValueError(
            f"query_points must have shape ({n_queries}, 2), one point per query, "
            f"got {points.shape}"
        )
    x1, x2 = points[:, 0].tolist(), points[:, 1].tolist()
    if len(set(x2)) != 1 or any(b <= a for a, b in itertools.pairwise(x1)):
        raise ValueError("query_points must be one row of the grid (one x₂), x₁ ascending")
    return x2[0], x1


# What the eye sees of a heatmap of training queries: where most rows have their largest
# weight (at least DIAGONAL_ROWS of them), on the diagonal or in a cell beside it.
DIAGONAL_ROWS = 0.5
DIAGONAL_WORDS = {
    "zh": {
        "on": "对角线最醒目（{share:.0%} 的行里最大的权重在对角线上）",
        "on_all": "对角线最醒目（每一行最大的权重都在对角线上）",
        "beside": "权重移到了对角线两侧的格子上（{share:.0%} 的行里最大的权重紧挨着对角线）",
        "beside_all": "权重移到了对角线两侧的格子上（每一行最大的权重都紧挨着对角线）",
        "off": "最大的权重大多离对角线较远",
    },
    "en": {
        "on": "a diagonal that stands out ({share:.0%} of the rows have their largest weight "
        "on it)",
        "on_all": "a diagonal that stands out (every row has its largest weight on it)",
        "beside": "the weight moved to the cells beside the diagonal ({share:.0%} of the rows "
        "have their largest weight next to it)",
        "beside_all": "the weight moved to the cells beside the diagonal (every row has its "
        "largest weight next to it)",
        "off": "the largest weights mostly lie away from the diagonal",
    },
}
BAND_WORDS = {
    "zh": {
        "continuous": "醒目的带连续",
        "gaps": "醒目的带有空隙",
        "patches": "醒目的带断成小块",
        "streaks": "醒目的带断成一段段竖条，即同一个键在相邻几个查询上都分到权重",
    },
    "en": {
        "continuous": "the band is continuous",
        "gaps": "the band has gaps",
        "patches": "the band is broken into patches",
        "streaks": "the band is broken into vertical streaks, each a key that keeps its "
        "weight over several neighbouring queries",
    },
}


# The one heatmap's alt text opens with its band in one sentence, by the band's kind (as
# ``BAND_WORDS``), "wide" (``HEATMAP_BAND_WIDE``) when many keys share the weight.
HEATMAP_BAND = {
    "zh": {
        "continuous": "权重集中成一条沿对角线的连续{wide}带",
        "gaps": "权重集中成一条沿对角线的{wide}带，带上有空隙",
        "patches": "权重沿对角线分布，断成小块",
    },
    "en": {
        "continuous": "The weight forms a continuous{wide} band along the diagonal",
        "gaps": "The weight forms a{wide} band along the diagonal, with gaps",
        "patches": "The weight lies along the diagonal, broken into patches",
    },
}
HEATMAP_BAND_WIDE = {"zh": "宽", "en": " wide"}


# how much of a band gets weight (``filled``); a panel whose every weight is the same (the
# average pooling's) has no band: it says that weight instead
BAND_SHARE_WORDS = {
    "zh": "（带内 {filled:.0%} 的键，权重不低于该行最大值的十分之一）",
    "en": " ({filled:.0%} of the keys in the band have at least a tenth of the row's "
    "largest weight)",
}
# a band of test queries over sorted keys that moves right as the queries go down: each
# query's centre of mass (its mean key position) rises with the query, correlation >= this
_DIAGONAL_CORRELATION = 0.9
_DIAGONAL_LEAD = {
    "zh": "每幅图里醒目的带都沿对角线从左上走到右下。",
    "en": "In each panel the band of large weights runs diagonally, from the top left to the "
    "bottom right.",
}
# two panels, one above the other: each named by its place, then its title
_UPPER_LOWER = {
    "zh": ("上图 {name}", "下图 {name}"),
    "en": ("upper panel, {name}", "lower panel, {name}"),
}
# a band broken into patches whose lit cells run down the queries (a key keeps its weight
# over neighbouring queries) at least this many times as far as along the keys: streaks
_STREAK_RATIO = 2.0
UNIFORM_WORDS = {
    "zh": "每个键权重相同（{weight:.2g}）",
    "en": "every key the same weight ({weight:.2g})",
}


# a corner block of the training queries' heatmaps: k points at an end of x, each of which
# gives at most this much weight, in every panel, to the keys outside the k
_BLOCK_OUTSIDE = 1e-3
_BLOCK_SHARED = 0.1  # and at least this much to the others in the block


def _corner_block(panels: dict[str, np.ndarray], lang: str) -> str:
    """The alt text's sentence on a block in a corner of square heatmaps, or ``""``.

    The block is the fewest points, 2 to a quarter of them, at the start (top left) or the
    end (bottom right) of the keys, each of which gives, in every panel, at most
    ``_BLOCK_OUTSIDE`` of its weight to the keys outside the block and at least
    ``_BLOCK_SHARED`` to the others in it: points bunched together, far from the rest
    (the transformer page's 4 × 4 block). The sentence names the block only: the weight
    outside it, panel by panel, is the prose's (review fx35: an alt text of ~900 characters
    repeated the prose's numbers).

    >>> near = np.full((2, 2), 0.5)
    >>> rows = np.block(
    ...     [
    ...         [near, np.zeros((2, 6))],
    ...         [
    ...             np.zeros((6, 2)),
    ...             np.eye(6),
    ...         ],
    ...     ]
    ... )
    >>> _corner_block({"A": rows}, "en")[
    ...     :29
    ... ]
    ' Top left, a 2 × 2 block: the'
    >>> _corner_block(
    ...     {"A": np.eye(8)}, "en"
    ... )
    ''
    """
    n = len(next(iter(panels.values())))
    for corner in ("top", "bottom"):
        for k in range(2, n // 4 + 1):
            inside = slice(0, k) if corner == "top" else slice(n - k, n)
            # each panel's largest weight outside the block
            outside = {
                name: float((rows[inside].sum(axis=1) - rows[inside, inside].sum(axis=1)).max())
                for name, rows in panels.items()
            }
            # each point shares with the others of the block (an identity is no block)
            shared = min(
                float((rows[inside, inside].sum(axis=1) - np.diagonal(rows[inside, inside])).min())
                for rows in panels.values()
            )
            if max(outside.values()) <= _BLOCK_OUTSIDE and shared >= _BLOCK_SHARED:
                block = alt_facts(f"plot_attention_heatmaps.own.block.{corner}", lang, k=k)
                return block if lang == "zh" else " " + block
    return ""


def _panel_facts(name: str, weights: np.ndarray, own: bool, lang: str) -> dict[str, object]:
    """One heatmap's numbers for its alt text.

    ``used``: keys in use per query, the mean over queries of ``1 / sum of squared
    weights`` (``n`` for uniform weights, 1 when one key takes all). With ``own``
    (queries are the keys, row i is key i): ``diagonal``, the mean weight of each
    query on its own key, and ``look``, what the eye sees in ``lang``: a diagonal that stands out
    when at least ``DIAGONAL_ROWS`` of the rows have their largest weight on it, else the
    weight moved beside it when that many have it next to the diagonal. Otherwise
    ``filled``: the share of keys between a query's
    first and last key with at least ``BAND_SHARE`` of its largest weight that have
    that much weight, averaged over queries (1.0: an unbroken band), and ``shape``, the
    words for it in ``lang``: from ``BAND_WHOLE`` up a continuous band, from
    ``BAND_FILLED`` up a band with gaps, below it a band broken into patches; ``band``:
    ``shape`` followed by the share, or, when every weight is the same, that weight
    (``UNIFORM_WORDS``).

    >>> band = np.array(
    ...     [
    ...         [0.5, 0.0, 0.5],
    ...         [0.2, 0.6, 0.2],
    ...     ]
    ... )
    >>> facts = _panel_facts(
    ...     "A", band, own=False, lang="en"
    ... )
    >>> (
    ...     facts["filled"],
    ...     facts["shape"],
    ...     round(facts["used"], 2),
    ... )
    (0.83, 'the band has gaps', 2.14)
    >>> print(facts["band"])
    the band has gaps (83% of the keys in the
    band have at least a tenth of the row's
    largest weight)
    >>> _panel_facts(
    ...     "A",
    ...     np.full((2, 4), 0.25),
    ...     own=False,
    ...     lang="en",
    ... )["band"]
    'every key the same weight (0.25)'
    >>> _panel_facts(
    ...     "B",
    ...     np.eye(2),
    ...     own=True,
    ...     lang="en",
    ... )["diagonal"]
    '1.00'
    """
    rows = weights.astype(float)
    used = float((1.0 / (rows**2).sum(axis=1)).mean())
    if own:
        diagonal = float(np.diagonal(rows).mean())
        offset = np.abs(rows.argmax(axis=1) - np.arange(len(rows)))  # the largest from the diagonal
        on, beside = float((offset == 0).mean()), float((offset == 1).mean())
        words = DIAGONAL_WORDS[lang]
        kind, share = ("on", on) if on >= DIAGONAL_ROWS else ("beside", beside)
        look = (
            words["off"]
            if share < DIAGONAL_ROWS
            else words[kind + "_all"]
            if share == 1
            else words[kind].format(share=share)
        )
        shown = "0" if diagonal == 0 else f"{diagonal:.2f}"
        keys = f"{used:.1f} key" + ("" if f"{used:.1f}" == "1.0" else "s")
        return {"name": name, "used": used, "keys": keys, "diagonal": shown, "look": look}
    filled = []
    for row in rows:
        inside = row >= BAND_SHARE * row.max()
        first, last = np.flatnonzero(inside)[[0, -1]]
        filled.append(float(inside[first : last + 1].mean()))
    share = round(float(np.mean(filled)), 2)
    kind = "continuous" if share >= BAND_WHOLE else "gaps" if share >= BAND_FILLED else "patches"
    # patches whose cells line up down the queries read as vertical streaks
    lit = rows >= BAND_SHARE * rows.max(axis=1, keepdims=True)  # (n_queries, n_keys)
    down, across = _run_length(lit, axis=0), _run_length(lit, axis=1)
    streaks = kind == "patches" and down >= _STREAK_RATIO * across
    shape = BAND_WORDS[lang]["streaks" if streaks else kind]
    band = shape + BAND_SHARE_WORDS[lang].format(filled=share)
    if np.allclose(rows, rows.flat[0]):  # no band: every key the same weight
        band = UNIFORM_WORDS[lang].format(weight=float(rows.flat[0]))
    # "1.0 key", "4.0 keys": the English panel's count of keys in use
    keys = f"{used:.1f} key" + ("" if f"{used:.1f}" == "1.0" else "s")
    return {
        "name": name, "used": used, "keys": keys, "filled": share, "kind": kind,
        "shape": shape, "band": band,
    }  # fmt: skip


def _run_length(inside: np.ndarray, axis: int) -> float:
    """The mean length of the runs of ``True`` along ``axis`` (0: down the rows).

    >>> lit = np.array(
    ...     [[1, 0], [1, 1], [1, 0]],
    ...     dtype=bool,
    ... )
    >>> (
    ...     _run_length(lit, axis=0),
    ...     _run_length(lit, axis=1),
    ... )
    (2.0, 1.3333333333333333)
    """
    lines = inside.T if axis == 0 else inside
    runs = []
    for line in lines:
        edges = np.diff(np.concatenate(([0], line.astype(int), [0])))
        runs.extend(np.flatnonzero(edges == -1) - np.flatnonzero(edges == 1))
    return float(np.mean(runs)) if runs else 0.0


def _runs_down(weights: np.ndarray) -> bool:
    """Whether the weight moves right as the queries go down: a band from top left to bottom right.

    Each row's centre of mass (its mean key position, weighted) must rise with the row,
    with a correlation of at least ``_DIAGONAL_CORRELATION``.

    >>> (
    ...     _runs_down(np.eye(3)),
    ...     _runs_down(np.eye(3)[::-1]),
    ...     _runs_down(np.ones((3, 3))),
    ... )
    (True, False, False)
    """
    rows = weights.astype(float)
    centres = (rows * np.arange(rows.shape[1])).sum(axis=1) / rows.sum(axis=1)
    if len(centres) < 2 or np.ptp(centres) == 0:
        return False
    return bool(np.corrcoef(np.arange(len(centres)), centres)[0, 1] >= _DIAGONAL_CORRELATION)


def _heatmap_facts(weights: np.ndarray, queries: np.ndarray | None, lang: str) -> str:
    """The alt text's numbers: the colour bar's range and the strongest and weakest rows.

    A row's strength is its largest weight; a row is named by its query's value, or by
    its number without ``queries``.
    """
    top = float(np.nanmax(weights))
    # the colour bar's end labels as printed on it (0.00 and 1.00, not 0 and 1.00)
    zero, bar_top = _bar_ends(top)
    if float(np.nanmin(weights)) == top:  # average pooling: one weight everywhere
        return alt_facts("plot_attention_heatmap.uniform", lang, top=bar_top)
    peaks = np.nanmax(weights, axis=1)  # each query's largest weight
    high, low = int(np.argmax(peaks)), int(np.argmin(peaks))
    ends = {"zero": zero, "top": bar_top, "low": peaks[low]}
    if queries is None:
        return alt_facts("plot_attention_heatmap.rows", lang, q_high=high, q_low=low, **ends)
    where = {"q_high": float(queries[high]), "q_low": float(queries[low])}
    return alt_facts("plot_attention_heatmap", lang, **ends, **where)


def _sorted_inputs(name: str, value: object, size: int) -> np.ndarray:
    """Check that ``value`` is 1-D of ``size`` ascending inputs; return it as an array."""
    if value is None:
        raise ValueError(f"{name} is needed when the other axis has x values: shape ({size},)")
    inputs = _checks.array(name, value, 1)
    if inputs.shape[0] != size:
        raise ValueError(
            f"{name} must have shape ({size},) to match the weights, got {inputs.shape}"
        )
    if size > 1 and not np.all(np.diff(inputs) > 0):
        raise ValueError(f"{name} must be sorted ascending (the heatmap's axis is an x axis)")
    return inputs


@bilingual
def plot_attention_pooling(
    query: float | Tensor,
    keys: Tensor,
    values: Tensor,
    *,
    bandwidth: float = 1.0,
    lang: str | None = None,
    title: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    r"""Draw one query pooling a few key-value pairs: $f(q) = \sum_i \alpha(q, k_i) v_i$.

    The weights are computed, not illustrative: they come from
    [`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson]
    (a softmax of $-((q - k_i)/h)^2/2$), drawn as bars and as the widths of
    the arrows, and the output box holds the weighted average of the values.

    Explained on the page `cues.md`.

    Args:
        query: The query ``q``: a number or a one-element floating tensor.
        keys: Keys ``k_i``, shape ``(n,)`` with ``1 <= n <= 8``.
        values: Values ``v_i``, shape ``(n,)``: one per key, the dtype of ``keys``.
        bandwidth: Kernel width ``h`` passed to ``nadaraya_watson``.
        lang: The language of the column headings: ``"zh"``, ``"en"`` or ``None`` (the current
            language).
        title: Optional title.
        layout: ``"wide"``: five columns, query, keys, weights, values and output, left
            to right; ``"narrow"`` or ``"stacked"`` (two names for the same phone
            layout): the query above the keys, weights and values, the output and the
            sum under them.

    Returns:
        The figure (one axes without ticks).

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, or a shape or value is invalid.

    Examples:
        >>> keys = torch.tensor([0.0, 2.0])
        >>> values = torch.tensor([0.0, 10.0])
        >>> fig = plot_attention_pooling(
        ...     0.0, keys, values, lang="en"
        ... )
        >>> # the weights it draws, from nadaraya_watson
        >>> q = torch.tensor([0.0])
        >>> _, weights = nadaraya_watson(
        ...     q, keys, values
        ... )
        >>> weights
        tensor([[0.8808, 0.1192]])
    """
    with building(lang) as words:
        layout = phone_layout(layout, "stacked")
        q = _checks.scalar("query", query)
        _checks.vector("keys", keys, "(n,)")
        _checks.vector("values", values, "(n,)")
        _checks.same_length("keys", keys, "values", values)
        n = len(keys)
        if n > _MAX_PAIRS:
            raise ValueError(
                f"keys must hold at most {_MAX_PAIRS} key-value pairs for a readable diagram, "
                f"got {n}"
            )
        queries = torch.tensor([q], dtype=keys.dtype)  # (1,)
        y_hat, attention_weights = nadaraya_watson(queries, keys, values, bandwidth)
        alpha = attention_weights[0].tolist()  # (n,) -> list of n floats
        output = y_hat.item()
        # the weights as printed, with enough decimals for the sum under them to add up
        digits = _weight_decimals(alpha, values.tolist(), output)
        pooled = _Pooled(q, keys.tolist(), values.tolist(), alpha, output, digits)
        facts = _pooling_facts(lang, pooled)
        if layout == "stacked":
            fig = _pooling_stacked(words, pooled)
            if title is not None:
                fig.axes[0].set_title(title)
            fig.alt_facts, fig.alt_words = facts, title is not None
            return fig

        height = 0.62 * n + 1.95
        fig = new_figure((9.0, height))
        ax = fig.add_subplot()
        ax.set_xlim(0, 10)
        ax.set_ylim(-0.9, n + 1.3)
        ax.set_axis_off()
        rows = [n - 0.5 - i for i in range(n)]  # y of row i, top to bottom
        middle = n / 2

        def box(x: float, y: float, width: float, label: str, color: str) -> None:
            ax.add_patch(
                FancyBboxPatch(
                    (x - width / 2, y - 0.3), width, 0.6, facecolor=color, edgecolor="0.3", **_BOX
                )
            )
            ax.text(x, y, label, ha="center", va="center", fontsize=_WIDE_PT)

        def arrow(start: tuple[float, float], end: tuple[float, float], weight: float) -> None:
            ax.annotate(
                "",
                xy=end,
                xytext=start,
                arrowprops={
                    "arrowstyle": "-|>",
                    "linewidth": _ARROW_WIDTH[0] + _ARROW_WIDTH[1] * weight,
                    "color": "#b03a2e",
                    "alpha": 0.35 + 0.65 * weight,
                    "shrinkA": 0,
                    "shrinkB": 0,
                    "mutation_scale": _ARROW_HEAD[0] + _ARROW_HEAD[1] * weight,
                },
            )

        heading_y = n + 0.7  # two lines: the weights' heading, then alpha
        headings = [
            (1.0, words["query_heading"]),
            (3.6, words["keys_heading"]),
            (5.45, words["weights_heading"] + "\n" + r"$\alpha(q, k_i)$"),
            (7.3, words["values_heading"]),
            (9.15, words["output_heading"]),
        ]
        for x, heading in headings:
            ax.text(
                x, heading_y, heading, ha="center", va="center", fontsize=_WIDE_PT, weight="bold"
            )

        box(1.0, middle, 1.4, f"$q$ = {q:.2f}", _QUERY_COLOR)
        box(9.15, middle, 1.5, f"$f(q)$ = {output:.2f}", _OUT_COLOR)
        bar_start, bar_length = 4.45, 1.0  # room for a weight of four decimals at 12 pt
        largest = max(alpha)
        for i, (y, weight) in enumerate(zip(rows, alpha, strict=True)):
            key, value = keys[i].item(), values[i].item()
            box(3.6, y, 1.3, f"$k_{{{i + 1}}}$ = {key:.2f}", _KEY_COLOR)
            box(7.3, y, 1.3, f"$v_{{{i + 1}}}$ = {value:.2f}", _VALUE_COLOR)
            arrow((1.7, middle), (2.95, y), weight)
            arrow((7.95, y), (8.4, middle), weight)
            length = bar_length * weight / largest
            ax.add_patch(
                FancyBboxPatch(
                    (bar_start, y - 0.13),
                    length,
                    0.26,
                    boxstyle="square,pad=0",
                    facecolor="#b03a2e",
                    alpha=0.35 + 0.65 * weight,
                    linewidth=0,
                )
            )
            ax.text(
                bar_start + length + 0.08, y, f"{weight:.{digits}f}", va="center", fontsize=_WIDE_PT
            )

        terms = " + ".join(
            f"{w:.{digits}f}×{v:.2f}" for w, v in zip(alpha, values.tolist(), strict=True)
        )
        formula = r"$f(q)=\sum_i\,\alpha(q, k_i)\,v_i$"
        ax.text(5.0, -0.5, f"{formula} = {terms} ≈ {output:.2f}", ha="center", va="center")
        if title is not None:
            ax.set_title(title)
        fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
        # the alt text reads key by key (the drawn labels were a list of numbers)
        fig.alt_facts, fig.alt_words = facts, title is not None
    return fig


_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


class _Pooled(NamedTuple):
    """One query's pooling as ``plot_attention_pooling`` draws it (weights to ``digits``)."""

    q: float
    keys: list[float]
    values: list[float]
    alpha: list[float]
    output: float
    digits: int


def _pooling_facts(lang: str, pooled: _Pooled) -> str:
    """The alt text's facts of ``plot_attention_pooling``: query, key by key, output.

    Each key comes with its weight and value (review round 46: the drawn labels, read out
    as a list, paired a weight with its key only in the sum).

    >>> _pooling_facts("en", _Pooled(2.0, [1.0, 3.0], [0.5, 1.5], [0.5, 0.5], 1.0, 4))
    'the query q = 2.00; key k₁ = 1.00, weight 0.5000, value v₁ = 0.50; \
key k₂ = 3.00, weight 0.5000, value v₂ = 1.50; the output f(q) = Σᵢ α(q, kᵢ) vᵢ ≈ 1.00.'
    """
    q, keys, values, alpha, output, digits = pooled
    rows = [
        {"i": str(i).translate(_SUBSCRIPTS), "k": f"{k:.2f}", "w": f"{w:.{digits}f}",
         "v": f"{v:.2f}"}
        for i, (k, w, v) in enumerate(zip(keys, alpha, values, strict=True), 1)
    ]  # fmt: skip
    head = alt_facts("plot_attention_pooling.query", lang, q=f"{q:.2f}")
    rest = alt_facts("plot_attention_pooling", lang, rows, output=f"{output:.2f}")
    return head + ("；" if lang == "zh" else "; ") + rest


def _pooling_stacked(words: dict[str, str], pooled: _Pooled) -> TutorialFigure:
    """``plot_attention_pooling`` laid out for a phone's column.

    The weights are printed with ``digits`` decimals. The query on top, then one row
    per key-value pair (key, weight, value), then the output and the sum, three terms
    a line. Measured in inches (y grows downwards);
    every text 11 pt, which a 335 CSS px column shows about 11 px high (the figure is
    ``_NARROW_IN`` inches wide).
    """
    q, keys, values, alpha, output, digits = pooled
    n = len(keys)
    size = 11  # points: every text
    width, row_h = _NARROW_IN, 0.5
    terms = [f"{w:.{digits}f}×{v:.2f}" for w, v in zip(alpha, values, strict=True)]
    per_line = 3
    lines = [" + ".join(terms[i : i + per_line]) for i in range(0, n, per_line)]
    first_row = 1.95  # y of the first key-value row
    out_y = first_row + (n - 1) * row_h + 0.8
    height = out_y + 0.45 + 0.3 * (len(lines) + 1) + 0.12
    fig = new_figure((width, height))
    fig.set_layout_engine("none")  # one axes filling the figure, placed by hand
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_axis_off()

    def box(x: float, y: float, box_w: float, label: str, color: str) -> None:
        ax.add_patch(FancyBboxPatch((x - box_w / 2, y - 0.19), box_w, 0.38, facecolor=color,
                                    edgecolor="0.3", **_BOX))  # fmt: skip
        ax.text(x, y, label, ha="center", va="center", fontsize=size)

    def arrow(start: tuple[float, float], end: tuple[float, float], weight: float, turn: str):
        ax.annotate("", xy=end, xytext=start, arrowprops={
            "arrowstyle": "-|>", "linewidth": _ARROW_WIDTH[0] + _ARROW_WIDTH[1] * weight,
            "color": "#b03a2e", "alpha": 0.35 + 0.65 * weight, "shrinkA": 0, "shrinkB": 0,
            "mutation_scale": _ARROW_HEAD[0] + _ARROW_HEAD[1] * weight, "connectionstyle": turn,
        })  # fmt: skip

    key_x, key_w, bar_start, bar_length, value_x, value_w = 1.25, 1.2, 1.95, 0.5, 3.7, 1.1
    heading = {"ha": "center", "va": "center", "fontsize": size, "weight": "bold"}
    ax.text(1.0, 0.22, words["query_heading"], **heading)
    query_y = 0.62
    box(1.0, query_y, 1.7, f"$q$ = {q:.2f}", _QUERY_COLOR)
    headings_y = 1.35
    ax.text(key_x, headings_y, words["keys_heading"], **heading)
    ax.text(bar_start + 0.45, headings_y, f"{words['weights_heading']}\n$\\alpha(q, k_i)$",
            **heading)  # fmt: skip
    ax.text(value_x, headings_y, words["values_heading"], **heading)
    out_x, out_w = 3.4, 2.3
    largest = max(alpha)
    # each arrow in a lane of its own, so that a thin one is not hidden under a thick one:
    # on the left the first key's lane is the innermost, on the right the first value's the
    # outermost, so that no two arrows cross
    # inches between two lanes, left and right (where the value boxes leave less room)
    step, right_step = (min(0.14, room / max(n - 1, 1)) for room in (0.35, 0.22))
    for i, weight in enumerate(alpha):
        y = first_row + i * row_h
        box(key_x, y, key_w, f"$k_{{{i + 1}}}$ = {keys[i]:.2f}", _KEY_COLOR)
        box(value_x, y, value_w, f"$v_{{{i + 1}}}$ = {values[i]:.2f}", _VALUE_COLOR)
        # down the left from the query into each key; from each value down the right into
        # the output: the wider the arrow, the larger the weight
        left, right = 0.55 - i * step, out_x + out_w / 2 - 0.06 - i * right_step
        arrow((left, query_y + 0.19), (key_x - key_w / 2, y), weight, "angle,angleA=-90,angleB=180")
        arrow((value_x + value_w / 2, y), (right, out_y - 0.19), weight, "angle,angleA=0,angleB=90")
        length = bar_length * weight / largest
        ax.add_patch(FancyBboxPatch((bar_start, y - 0.09), length, 0.18, boxstyle="square,pad=0",
                                    facecolor="#b03a2e", alpha=0.35 + 0.65 * weight,
                                    linewidth=0))  # fmt: skip
        ax.text(bar_start + length + 0.05, y, f"{weight:.{digits}f}", va="center", fontsize=size)
    ax.text(out_x - out_w / 2 - 0.1, out_y, words["output_heading"], **{**heading, "ha": "right"})
    box(out_x, out_y, out_w, f"$f(q)$ = {output:.2f}", _OUT_COLOR)
    # the sum written out under the output, a few terms per line: one text, which the alt
    # text reads as the wide figure's one line
    sum_lines = [r"$f(q)=\sum_i\,\alpha(q, k_i)\,v_i$"]
    for j, line in enumerate(lines):
        end = f" ≈ {output:.2f}" if j == len(lines) - 1 else " +"
        sum_lines.append(("= " if j == 0 else "   ") + line + end)
    ax.text(0.15, out_y + 0.4, "\n".join(sum_lines), va="top", fontsize=size, linespacing=1.6)
    return fig


@bilingual
def plot_bandwidth_gallery(
    x_test: Tensor,
    y_truth: Tensor,
    x_train: Tensor,
    y_train: Tensor,
    bandwidths: Sequence[float],
    *,
    lang: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """Show Nadaraya-Watson fits (left) and their weights (right), one row per bandwidth.

    Row ``j`` uses ``nadaraya_watson(x_test, x_train, y_train, bandwidth=bandwidths[j])``;
    its fit's title gives the bandwidth and the test MSE against ``y_truth``. Each
    heatmap has its own colour scale: a wide kernel spreads the weight thinly.

    Explained on the page `nonparametric.md`.

    Args:
        x_test: Test inputs (the queries), shape ``(n_test,)``.
        y_truth: ``f(x_test)``, shape ``(n_test,)``.
        x_train: Training inputs (the keys), shape ``(n_train,)``.
        y_train: Training outputs (the values), shape ``(n_train,)``.
        bandwidths: One to six positive kernel widths ``h``.
        lang: The language of the labels: ``"zh"``, ``"en"`` or ``None`` (the current language).
        layout: ``"wide"``, or ``"narrow"`` or ``"stacked"`` (two names for the same
            phone layout): the same grid with larger text and fewer ticks.

    Returns:
        The figure: ``2 * len(bandwidths)`` axes (fits, then heatmaps) followed by
        one colour bar per heatmap.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, or a shape or value is invalid.

    Examples:
        >>> d = make_data()
        >>> fig = plot_bandwidth_gallery(
        ...     d.x_test,
        ...     d.y_truth,
        ...     d.x_train,
        ...     d.y_train,
        ...     [0.5, 2.0],
        ...     lang="en",
        ... )
        >>> # the first fit's title
        >>> print(fig.axes[0].get_title())
        h = 0.5
        MSE = 0.118
    """
    with building(lang) as words:
        _checks.vector("x_test", x_test, "(n_test,)")
        _checks.vector("y_truth", y_truth, "(n_test,)")
        _checks.vector("x_train", x_train, "(n_train,)")
        _checks.vector("y_train", y_train, "(n_train,)")
        _checks.same_length("x_test", x_test, "y_truth", y_truth)
        _checks.same_length("x_train", x_train, "y_train", y_train)
        _checks.same_dtype(x_test=x_test, y_truth=y_truth, x_train=x_train, y_train=y_train)
        if isinstance(bandwidths, (str, bytes)) or not isinstance(bandwidths, Sequence):
            raise TypeError(
                f"bandwidths must be a sequence of numbers, got {type(bandwidths).__name__}"
            )
        if not 1 <= len(bandwidths) <= _MAX_BANDWIDTHS:
            raise ValueError(
                f"bandwidths must hold between 1 and {_MAX_BANDWIDTHS} numbers, "
                f"got {len(bandwidths)}"
            )
        widths = [_checks.positive_number(f"bandwidths[{j}]", h) for j, h in enumerate(bandwidths)]
        layout = phone_layout(layout, "narrow")
        narrow = layout == "narrow"
        # one row per bandwidth (fit | heatmap); for a phone the same grid, larger text
        text = {"font.size": _GALLERY_NARROW_PT} if narrow else {}
        with matplotlib.rc_context(text):
            fig = _gallery(x_test, y_truth, x_train, y_train, widths, words, lang, narrow)
        if not narrow:  # the site draws the narrow layout too, for phones
            fig.narrow_layout = {"layout": "narrow"}
    return fig


GALLERY_LAYOUTS = ("wide", "narrow")
# The gallery's dark variant (after ``_base.DARK_SVG_STYLE``; its heatmaps keep their colours):
# the training points, pale blue at 0.4 opacity on the light panel, were barely visible on the
# dark one; there they are drawn light and nearly opaque, in the legend too.
DARK_GALLERY_STYLE = (
    "@media (prefers-color-scheme: dark) {"
    ' g[id^="attn-train-points"] use, g[id^="attn-train-points"] path'
    " { fill: #9cc9f5 !important; fill-opacity: 0.85 !important;"
    " stroke: #9cc9f5 !important; stroke-opacity: 0.85 !important; }"
    " }"
)
# the narrow gallery's text: 6 inches shown in a phone's 335 px column keep 15 pt text
# 11.6 px high (``PHONE_TEXT_PX``: 11)
_GALLERY_NARROW_PT = 15


def _gallery(
    x_test: Tensor,
    y_truth: Tensor,
    x_train: Tensor,
    y_train: Tensor,
    widths: list[float],
    words: dict[str, str],
    lang: str,
    narrow: bool,
) -> TutorialFigure:
    """Draw the gallery of ``plot_bandwidth_gallery`` (its arguments checked)."""
    n_rows = len(widths)
    fig = new_figure((6.0, (3.0 if narrow else 2.5) * n_rows + 0.9))
    cells = fig.add_gridspec(n_rows, 2, width_ratios=(1.15, 1.0))
    fit_axes = [fig.add_subplot(cells[j, 0]) for j in range(n_rows)]
    heat_axes = [fig.add_subplot(cells[j, 1]) for j in range(n_rows)]
    for ax in fit_axes[1:]:
        ax.sharex(fit_axes[0])
        ax.sharey(fit_axes[0])
    x_test_np, y_truth_np = x_test.detach().numpy(), y_truth.detach().numpy()
    x_train_np, y_train_np = x_train.detach().numpy(), y_train.detach().numpy()
    ascending = all(len(v) < 2 or bool(np.all(np.diff(v) > 0)) for v in (x_test_np, x_train_np))
    drawn = {}  # h: (its fit's MSE, each query's largest weight on average), for the alt text
    for j, h in enumerate(widths):
        y_hat, attention_weights = nadaraya_watson(x_test, x_train, y_train, bandwidth=h)
        mse = ((y_hat - y_truth) ** 2).mean().item()
        drawn[h] = (mse, attention_weights.max(dim=1).values.mean().item())
        ax = fit_axes[j]
        ax.tick_params(labelfontfamily=FONTS[lang])
        y_hat_np = y_hat.detach().numpy()  # (n_test,)
        draw_fit(
            ax,
            words,
            x_test_np,
            y_truth_np,
            y_hat_np,
            x_train_np,
            y_train_np,
            size=8,
            alpha=0.4,
        )
        ax.collections[-1].set_gid(f"attn-train-points-{j}")  # brightened in the dark palette
        ax.set_title(f"h = {h:g}\nMSE = {mse:.3f}")
        ax.set_ylabel(words["y"])
        heat = heat_axes[j]
        heat.tick_params(labelfontfamily=FONTS[lang])
        if ascending:  # sorted data: each cell where its key and its query lie; the keys'
            # axis starts where the queries' does (0, ticked), the first key a little right
            image = draw_heatmap(
                heat,
                attention_weights.detach().numpy(),
                x_test_np,
                x_train_np,
                cmap="Reds",
                x_from=float(x_test_np[0]),
            )
        else:
            image = heat.imshow(
                attention_weights.detach().numpy(), cmap="Reds", vmin=0.0, aspect="auto"
            )
        colorbar = fig.colorbar(image, ax=heat)
        # each heatmap's own colour bar top, for the alt text (r53: said only "colour bar")
        drawn[h] = (*drawn[h], float(image.get_clim()[1]))
        colorbar.ax.tick_params(labelfontfamily=FONTS[lang])
        colorbar.set_label(words["weight"])  # as on every other heatmap
        heat.set_ylabel(words["queries"])
        if narrow:  # fewer, larger ticks
            for axis in (ax.xaxis, ax.yaxis, heat.xaxis, heat.yaxis, colorbar.ax.yaxis):
                axis.set_major_locator(MaxNLocator(nbins=3))
    fit_axes[-1].set_xlabel(words["x"])
    heat_axes[-1].set_xlabel(words["keys"])
    h_min, h_max = min(drawn), max(drawn)  # the smallest and the largest bandwidth drawn
    fig.alt_facts = alt_facts(
        "plot_bandwidth_gallery" if h_max > h_min else "plot_bandwidth_gallery.one",
        lang,
        h_min=f"{h_min:g}",
        mse_min=drawn[h_min][0],
        peak_min=drawn[h_min][1],
        h_max=f"{h_max:g}",
        mse_max=drawn[h_max][0],
        peak_max=drawn[h_max][1],
        top_min=drawn[h_min][2],
        top_max=drawn[h_max][2],
    )
    legend = fig.legend(
        handles=fit_axes[0].lines + fit_axes[0].collections,
        loc="outside lower center",
        ncols=2,
    )
    legend.legend_handles[-1].set_gid("attn-train-points-legend")
    fig.dark_style = DARK_GALLERY_STYLE
    return fig
