"""The boundary bias of kernel averaging, and how local linear regression reduces it.

Explained on the page `local-linear.md`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._alt import ALT_FACTS, alt_facts
from attention_tutorial.figures._base import (
    _PREDICTION_COLOUR,
    FONTS,
    TutorialFigure,
    bilingual,
    building,
    data_arrays,
    new_figure,
    phone_layout,
)
from attention_tutorial.figures.curves import _NARROW_IN
from attention_tutorial.local_linear_regression import local_linear
from attention_tutorial.pooling import nadaraya_watson

if TYPE_CHECKING:
    from matplotlib.axes import Axes

LAYOUTS = ("wide", "stacked")
# the stacked layout's text size: a phone shows its 4.6 inches about 343 px wide, where the
# 12 pt of the rest came out about 9 px (r35); at 15 pt about 11.5 px. Its titles at 14 pt
# (at 15 the left one ran past the figure's right edge), or smaller where a longer title
# needs it (``_fit_titles``)
_STACKED_FONT_PT = 15
_STACKED_TITLE_PT = 14
_CENTRE_COLOUR = "#6a3d9a"  # the weights' centre: dark purple, clear in both palettes
# Nadaraya-Watson in the orange of every fit on the page before (``draw_fit``: a reader
# took this figure's orange, then local linear's, for Nadaraya-Watson, r36), local linear
# regression in a teal of its own, unlike the blue of the explorer's old prediction line:
# 5.1:1 against the white panel, 6.0:1 through the dark palette's filter
_LOCAL_LINEAR_COLOUR = "#00798c"


@bilingual
def plot_boundary_bias(
    x_test: Tensor,
    y_truth: Tensor,
    x_train: Tensor,
    y_train: Tensor,
    *,
    bandwidth: float = 1.0,
    query_index: int = 0,
    equivalent_weights: bool = False,
    layout: str = "wide",
    lang: str | None = None,
) -> TutorialFigure:
    """Show the boundary bias of Nadaraya-Watson and how local linear regression reduces it.

    Left: the truth, both fits and the training points. Right: the attention
    weights of one query at the edge over the keys, with the query and the
    weighted mean of the keys (where a weighted average "looks"); with
    ``equivalent_weights``, beside them the equivalent weights of local linear
    regression for the same query, which can go below 0. The weights panel ends
    just past the last key with a weight of at least 1/100 of the largest: the keys
    beyond it get almost nothing. One legend under both panels, so that none hides
    the points at the edge.

    Explained on the page `local-linear.md`.

    Args:
        x_test: Test inputs, shape ``(n_test,)``.
        y_truth: ``f(x_test)``, shape ``(n_test,)``.
        x_train: Training inputs, shape ``(n_train,)``.
        y_train: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h`` of both fits.
        query_index: Which test input to show the weights of (default: the first).
        equivalent_weights: Also draw, as dots, the equivalent weights of local
            linear regression for that query (its prediction is their weighted sum
            of ``y_train``), with a line at 0.
        layout: ``"wide"``: the panels side by side; ``"narrow"`` or ``"stacked"`` (two
            names for the same phone layout): the fit above the weights.
        lang: The language of the labels: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure, with two axes.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, or a shape or value is invalid.

    Examples:
        >>> x = torch.linspace(0, 5, 11)
        >>> fig = plot_boundary_bias(
        ...     x,
        ...     x.sin(),
        ...     x,
        ...     x.sin(),
        ...     lang="en",
        ... )
        >>> # the right panel's title
        >>> fig.axes[1].get_title()
        'attention weights of the query x = 0'
    """
    layout = phone_layout(layout, "stacked")
    size = {} if layout == "wide" else {"font.size": _STACKED_FONT_PT}
    with building(lang) as labels, matplotlib.rc_context(size):
        data_arrays(x_test, y_truth, x_train, y_train)
        index = _checks.integer("query_index", query_index, minimum=0)
        equivalent_weights = _checks.boolean("equivalent_weights", equivalent_weights)
        if index >= len(x_test):
            raise ValueError(f"query_index must be < n_test = {len(x_test)}, got {index}")
        y_nw, weights = nadaraya_watson(
            x_test, x_train, y_train, bandwidth
        )  # (n_test,), (n_test, n_train)
        # (n_test,), (n_test, n_train)
        y_ll, weights_ll = local_linear(x_test, x_train, y_train, bandwidth)
        query = float(x_test[index])
        row = weights[index].numpy()  # (n_train,)
        centre = float(row @ x_train.double().numpy())
        if layout == "wide":
            fig = new_figure((9.0, 4.7 if equivalent_weights else 4.3))
            ax_fit, ax_w = fig.subplots(1, 2)
        else:  # one column at the width of a phone's, the legend under both panels
            fig = new_figure((_NARROW_IN, 10.2 if equivalent_weights else 9.4))
            ax_fit, ax_w = fig.subplots(2, 1)
        for ax in (ax_fit, ax_w):
            ax.tick_params(labelfontfamily=FONTS[lang])
        ax_fit.plot(x_test, y_truth, color="black", label=labels["truth"])
        ax_fit.plot(x_test, y_nw, linestyle="--", color=_PREDICTION_COLOUR, label=labels["nw_fit"])
        ax_fit.plot(
            x_test, y_ll, linestyle="-.", color=_LOCAL_LINEAR_COLOUR, label=labels["ll_fit"]
        )
        # a darker grey than the curves' neighbours: the dark palette inverts the figure,
        # and the former pale grey (alpha 0.4) came out dim on its slate panel
        # and nearly opaque: at alpha 0.55 they were still faint on the dark panel at a
        # phone's width
        ax_fit.scatter(
            x_train, y_train, s=10, alpha=0.85, color="#505050", label=labels["train_points"]
        )
        # a dot on each curve at the query, and at the last input: the alt text and the
        # page read the fits at the right edge too (only x = 0 was marked). The
        # truth's dot is solid and drawn first; the fits' dots are rings above it, so that a
        # fit that lands on the truth (Nadaraya-Watson at x = 4.9) still shows
        for marked in dict.fromkeys((index, len(x_test) - 1)):
            x_at = float(x_test[marked])
            ax_fit.plot([x_at], [float(y_truth[marked])], marker="o", color="black", zorder=3)
            rings = (
                (float(y_nw[marked]), _PREDICTION_COLOUR),
                (float(y_ll[marked]), _LOCAL_LINEAR_COLOUR),
            )
            for y_at, style in rings:
                ax_fit.plot(
                    [x_at], [y_at], marker="o", markersize=10, markerfacecolor="none",
                    markeredgewidth=1.8, color=style, zorder=4,
                )  # fmt: skip
        # both panels under a title: the fits at the query, then that query's weights
        edge = index in (0, len(x_test) - 1)
        last = float(x_test[-1])
        # the last input as the query: one input marked, named once (r54: "rings at
        # x = 5 and x = 5")
        key = "fits_last" if index == len(x_test) - 1 else "fits_edge"
        title = labels[key if edge else "fits_query"].format(q=query, last=last)
        title_size = "medium" if layout == "wide" else _STACKED_TITLE_PT
        ax_fit.set_title(title, fontsize=title_size)
        ax_fit.set_xlabel(labels["x"])
        ax_fit.set_ylabel(labels["y"])
        if equivalent_weights:
            # thin stems with a square on top, not bars: the bars hid the dots of the
            # equivalent weights at the same keys; the stems leave both readable
            bars = ax_w.stem(x_train, row, linefmt="C3-", markerfmt="C3s")
            bars.markerline.set_markersize(3.5)
            bars.stemlines.set_linewidth(1.2)
            bars.baseline.set_visible(False)  # the line at 0 is drawn below
        else:
            bars = ax_w.bar(x_train, row, width=0.06, color="C3", alpha=0.8)
        ax_w.axvline(
            query, color="black", linestyle=":", label=labels["query_mark"].format(q=query)
        )
        # solid and in its own colour (the dashed line of the legend is the fit); above
        # the bars (behind them it showed as a stub over the tallest); the figure's key mark,
        # so 1.6 pt in a dark purple, 7.6:1 against the white panel and 6.6:1 against the
        # dark one once inverted (a thin pale C4 barely showed there), narrower
        # than a bar and slightly see-through, so that it hides none of them
        ax_w.axvline(
            centre, color=_CENTRE_COLOUR, linewidth=1.6, alpha=0.9, zorder=3,
            label=labels["centre"].format(c=centre),
        )  # fmt: skip
        # the weights panel's named lines: not the stems' parts (labelled "_nolegend_")
        named = [line for line in ax_w.lines if not line.get_label().startswith("_")]
        handles = [*ax_fit.lines[:3], *ax_fit.collections, *named]
        if equivalent_weights:
            # the equivalent weights of local linear regression beside the bars: dots in the
            # local linear fit's colour, joined by a thin line, and a line at 0, since the
            # point is that they go below it (reviews 27, 28)
            ell = weights_ll[index].numpy()  # (n_train,)
            ax_w.axhline(0, color="grey", linewidth=0.8, zorder=1)
            (dots,) = ax_w.plot(
                x_train, ell, color=_LOCAL_LINEAR_COLOUR, marker="o", markersize=3.5, linewidth=1.0,
                zorder=4, label=labels["ell_dots"],
            )  # fmt: skip
            bars.set_label(labels["alpha_bars"])
            handles += [bars, dots]
        # the keys with a visible bar (at least 1/100 of the tallest): beyond them the panel
        # was a third empty; the page says where it ends
        shown = x_train.double().numpy()[row >= row.max() / 100]
        right = max(query, shown.max()) + 0.2
        ax_w.set_xlim(min(query, shown.min()) - 0.2, right)
        title = labels["weights_both" if equivalent_weights else "weights_of"]
        ax_w.set_title(title.format(q=query), fontsize=title_size)
        ax_w.set_xlabel(labels["keys"])
        ax_w.set_ylabel(labels["weight_value" if equivalent_weights else "weight"])
        # one legend under both panels: inside either it would hide a point at the edge,
        # the very points the figure is about
        fig.legend(
            handles=handles,
            loc="outside lower center",
            ncols=3 if layout == "wide" else 1,
            # stacked: at the full text size, which a phone shows about 11 px high (its
            # column is 335 px, the figure 4.6 inches); "small" came out 10 px there
            fontsize="small" if layout == "wide" else "medium",
        )
        # the alt text's lead covers the left edge; the right edge, from the same fits (the
        # equivalent weights: in the lead, {ell}). Where the weights panel ends the page
        # says and prints (r35: said a fourth time here)
        fig.alt_facts = _right_edge(x_test, y_truth, y_nw, y_ll, lang)
        low, high = ax_fit.get_ylim()
        # the lead names the titles, the axes and every legend entry: no list after it
        fig.alt_words = False
        # the two marked inputs, the titles, the axes and the centre, named in the sentence
        fig.alt_values = {
            "left": query, "right": last, "centre": centre,
            "fit_title": ax_fit.get_title(), "weights_title": ax_w.get_title(),
            "x_fit": ax_fit.get_xlabel(), "y_fit": ax_fit.get_ylabel(),
            "x_w": ax_w.get_xlabel(), "y_w": ax_w.get_ylabel(),
            **_computed_claims(
                x_test, y_truth, x_train, (y_nw, y_ll), index, high - low, lang
            ),
        }  # fmt: skip
        if equivalent_weights:  # the dots: said in the weights panel's part ({ell})
            fig.alt_values["ell"] = _equivalent_facts(x_train, weights_ll[index], lang)
        if layout == "wide":
            fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
        else:
            fig.alt_name = "plot_boundary_bias.stacked"
        if equivalent_weights:  # the attention weights are stems (the alt text says so)
            fig.alt_name = getattr(fig, "alt_name", None) or "plot_boundary_bias"
            fig.alt_name += ".stems"
        if layout != "wide":
            _fit_titles(fig, (ax_fit, ax_w))
    return fig


def _fit_titles(fig: TutorialFigure, axes: tuple[Axes, ...]) -> None:
    """Shrink the stacked titles a point at a time until each lies inside the figure.

    A title is centred on its axes, which sit right of the figure's centre (the y label
    takes the left margin): at 14 pt the chapter's "the two fits (rings at x = 0 and
    x = 4.9)" ran 1.4 px past the figure's right edge in a browser (r54), where
    matplotlib measured it 4 px inside: the browser's font runs about 1 % wider, so each
    title must keep 2 % of the figure's width clear on both sides.
    """
    for size in range(_STACKED_TITLE_PT, _STACKED_TITLE_PT - 3, -1):
        for ax in axes:
            ax.title.set_fontsize(size)
        fig.draw_without_rendering()
        box = fig.bbox.padded(-0.02 * fig.bbox.width, 0)
        extents = [ax.title.get_window_extent() for ax in axes]
        if all(box.x0 <= e.x0 and e.x1 <= box.x1 for e in extents):
            return


def _computed_claims(
    x_test: Tensor,
    y_truth: Tensor,
    x_train: Tensor,
    fits: tuple[Tensor, Tensor],
    index: int,
    span: float,
    lang: str,
) -> dict[str, str]:
    """The alt text's claims that hold only for some data, each said only when it holds.

    ``ring``: the fit whose ring at the last input lies within a fortieth of ``span``
    (the fit panel's y range; about the ring's radius) of the truth's dot, the closer
    one; ``marks``: the marked inputs, the query and the last one (once if they are the
    same); ``edge``: "left-edge" or "right-edge" when the query is the smallest or the
    largest input; ``inwards``: no key on one side of the query, and then, if
    Nadaraya-Watson misses the truth there by more than a tenth of ``span`` and the
    local linear fit by less than half as much, both misses
    (r53: fixed text said the ring circled the truth, and "left-edge", for any data).

    >>> import torch
    >>> x = torch.tensor([0.0, 1.0, 2.0])
    >>> claims = _computed_claims(
    ...     x,
    ...     x,
    ...     x,
    ...     (x + 0.5, x + 0.1),
    ...     0,
    ...     4.0,
    ...     "en",
    ... )
    >>> claims["ring"]
    " (at x = 2 the local linear ring almost circles the truth's dot)"
    >>> claims["edge"]
    'left-edge '
    """
    words = ALT_FACTS[lang]
    name = "plot_boundary_bias."
    y_nw, y_ll = fits
    last, truth = float(x_test[-1]), float(y_truth[-1])
    misses = {"nw": abs(float(y_nw[-1]) - truth), "ll": abs(float(y_ll[-1]) - truth)}
    closer = min(misses, key=misses.__getitem__)
    query = float(x_test[index])
    # the query is the last input: one input marked, named once (r54)
    one = index == len(x_test) - 1
    ring = ""
    if misses[closer] < span / 40:
        fit = words[name + closer]
        if one:
            ring = words[name + "ring_one"].format(fit=fit.lstrip())
        else:
            ring = words[name + "ring"].format(right=last, fit=fit)
    marks = words[name + ("marks_one" if one else "marks_two")].format(left=query, right=last)
    edge = ""
    if query <= float(x_test.min()):
        edge = words[name + "left"]
    elif query >= float(x_test.max()):
        edge = words[name + "right"]
    keys = x_train.double()
    # the side with no key: a key may lie on the query itself (the docstring example's
    # x = 0), so not "every key lies to its right" (r54)
    side = "left" if bool((keys >= query).all()) else None
    if bool((keys <= query).all()):
        side = "right"
    inwards = ""
    if side is not None:
        at = float(y_truth[index])
        nw, ll = float(y_nw[index]), float(y_ll[index])
        miss = ""
        if abs(nw - at) > span / 10 and abs(ll - at) < abs(nw - at) / 2:
            miss = words[name + "miss"].format(
                q=query, nw=_signed(nw), truth=_signed(at), ll=_signed(ll)
            )
        inwards = words[name + "inwards"].format(side=words[f"{name}side_{side}"], miss=miss)
    return {"ring": ring, "edge": edge, "inwards": inwards, "marks": marks}


def _signed(value: float) -> str:
    """``value`` to 2 decimals with a minus sign, as the figure's ticks write it."""
    return f"{value:.2f}".replace("-", "\N{MINUS SIGN}")


def _right_edge(x_test: Tensor, y_truth: Tensor, y_nw: Tensor, y_ll: Tensor, lang: str) -> str:
    """The alt text's sentence on the right edge: both fits and the truth at the last input.

    >>> import torch
    >>> x = torch.tensor([0.0, 4.9])
    >>> _right_edge(
    ...     x,
    ...     torch.tensor([0.0, 1.6]),
    ...     torch.tensor([0.0, 1.58]),
    ...     torch.tensor([0.0, 1.12]),
    ...     "en",
    ... )[:58]
    'At the right edge, x = 4.9, the local linear fit is below '
    """
    x, truth = float(x_test[-1]), float(y_truth[-1])
    nw, ll = float(y_nw[-1]), float(y_ll[-1])
    ll_s, truth_s, nw_s = _signed(ll), _signed(truth), _signed(nw)
    if lang == "zh":
        side = "低于" if ll < truth else "高于"
        return (
            f"右端 x = {x:g} 处，局部线性拟合{side}真实函数（{ll_s}，真实值 {truth_s}），"
            f"Nadaraya-Watson 为 {nw_s}。"
        )
    side = "below" if ll < truth else "above"
    return (
        f"At the right edge, x = {x:g}, the local linear fit is {side} the truth ({ll_s} "
        f"against {truth_s}), and Nadaraya-Watson is at {nw_s}."
    )


def _equivalent_facts(x_train: Tensor, ell: Tensor, lang: str) -> str:
    """The alt text's sentence on the equivalent weights: how many are negative, how low.

    >>> import torch
    >>> _equivalent_facts(
    ...     torch.tensor([0.1, 1.0, 2.0]),
    ...     torch.tensor([1.2, 0.1, -0.3]),
    ...     "en",
    ... )[-40:]
    'lowest −0.300, that of the key x = 2.00.'
    """
    low = int(ell.argmin())
    return alt_facts(
        "plot_boundary_bias.ell", lang, n=len(ell), count=int((ell < 0).sum()),
        low=f"{float(ell[low]):.3f}".replace("-", "\N{MINUS SIGN}"), at=float(x_train[low]),
    )  # fmt: skip
