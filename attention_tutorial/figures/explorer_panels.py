"""The explorer's four panels at one ``w``, shown outside the lesson pages or without JavaScript.

Explained on the page `nonparametric.md`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.analysis import loss_curve
from attention_tutorial.data import ToyData, make_data
from attention_tutorial.figures._alt import alt_facts, spoken
from attention_tutorial.figures._base import (
    _MINIMUM_STAR,
    DARK_TEXT,
    FONTS,
    TutorialFigure,
    bilingual,
    building,
    draw_heatmap,
    log_axis,
    new_figure,
    phone_layout,
)
from attention_tutorial.figures._base import (
    _PREDICTION_COLOUR as _FIT_PREDICTION_COLOUR,
)
from attention_tutorial.pooling import nadaraya_watson
from attention_tutorial.training import loss_at_w

W_MIN, W_MAX = 0.1, 1000.0  # the range of w the explorer's slider covers
LAYOUTS = ("wide", "stacked")
# The second panel's title counts its queries (one to three): the title of
# figures._labels says "three", replaced here by the number drawn
_QUERY_COUNTS = {
    "zh": ("一个查询", "两个查询", "三个查询"),
    "en": ("one query", "two queries", "three queries"),
}
# "stacked": the four panels in one column 4.6 inches wide, which a phone's column of about
# 335 CSS px shows with its smallest text (12 pt) about 12 px high; "wide" (9 inches, 10 pt
# legends) showed 5 px text there
_SIZES = {"wide": (9.0, 7.0), "stacked": (4.6, 15.6)}
# the stacked panels' vertical padding (inches, constrained layout's ``h_pad``): at its default
# (1/24) a panel's legend touched the next panel's title on a phone
_STACKED_H_PAD = 0.15
# The live explorer's colours on the light page (``docs/assets/stylesheets/explorer.css``),
# so that the picture shown without JavaScript and the widget draw each thing alike
# the prediction in the orange of the page's static fit figures (``_base.draw_fit``): in the
# indigo link colour it changed colour between the figures and the explorer (r37c)
_PREDICTION_COLOUR = _FIT_PREDICTION_COLOUR
_CURRENT_W_COLOUR = "#ff6e42"  # Material's deep-orange accent, ``--md-accent-fg-color``
_QUERY_COLOURS = ("#1f9e89", "#6a51a3", "#d6336c")  # ``.q0``, ``.q1``, ``.q2``
_POINT_COLOUR = "grey"  # ``--md-default-fg-color--light``: black at 54 % opacity
# ... and on the dark page (Material's slate palette, explorer.css): the SVG's own dark
# variant (the heatmap keeps its colour scale: ``_base.DARK_SVG_STYLE``) draws them in the
# widget's dark colours, each at least 3:1 against the dark panel; the points opaque
_DARK_COLOURS = {
    # the orange the site's dark filter (extra.css: invert(0.885) hue-rotate(180deg)) makes
    # of it in the static fit figures, 5.3:1 on the dark panel; explorer.css's slate rule
    _PREDICTION_COLOUR: "#d97b33",
    _QUERY_COLOURS[1]: "#a98fe0",  # explorer.css's slate ``.q1``
    _QUERY_COLOURS[2]: "#f06595",  # and ``.q2``
}
_DARK_POINT_COLOUR = "#a9abb2"
DARK_PANELS_STYLE = (
    "@media (prefers-color-scheme: dark) {"
    + "".join(
        f' [style*="stroke: {light}"] {{ stroke: {dark} !important; }}'
        for light, dark in _DARK_COLOURS.items()
    )
    + f' [style*="fill: #808080; fill-opacity"] {{ fill: {_DARK_POINT_COLOUR} !important;'
    " fill-opacity: 1 !important; stroke: none !important; }"
    # the minimum's black star (its SVG sets no fill: black is the default) filled in the text
    # colour: on the dark panel it showed as a hollow white outline
    f' g[id^="attn-minimum-star"] use {{ fill: {DARK_TEXT} !important; }}'
    " }"
)


@bilingual
def plot_explorer_panels(
    data: ToyData | None = None,
    w: float | Tensor = 1.0,
    *,
    query_indices: Sequence[int] = (0, 25, 40),
    layout: str = "wide",
    lang: str | None = None,
) -> TutorialFigure:
    """Draw the explorer panels at one ``w``, shown outside the lesson pages or without JavaScript.

    Explained on the page `nonparametric.md`.

    Args:
        data: The toy data set; ``make_data()`` if ``None``, as for
            ``bandwidth_explorer``.
        w: The inverse bandwidth ``1 / h``, positive: a number or a one-element
            floating tensor such as ``model.w``; any positive value, also outside
            the slider's 0.1 to 1000.
        query_indices: One to three distinct test indices, each from 0 to
            ``n_test - 1``: the queries whose weights are drawn as bumps.
        layout: ``"wide"``: the panels in two rows of two; ``"narrow"`` or
            ``"stacked"`` (two names for the same phone layout): the four panels
            in one column.
        lang: The language of the labels: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure, with four axes (and a colour bar); ``fig.description`` is
        its alt text.

    Raises:
        TypeError: If ``data`` is not a ``ToyData``, ``w`` is not a number or a
            tensor, or is a bool (``True`` is not a valid ``w``), or
            ``query_indices`` is not a sequence of ints.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``w`` is a tensor but has more than one element or an
            integer or bool dtype, or is not a positive finite number, or ``query_indices``
            holds no index, more than three, a repeated one or one not between 0 and
            ``n_test - 1``.

    Examples:
        >>> d = make_data()
        >>> fig = plot_explorer_panels(d, 2.0)
        >>> # a Jupyter cell that ends with fig
        >>> # shows the figure (below); at the
        >>> # Python prompt (>>>) it prints a
        >>> # line that starts like this:
        >>> fig  # doctest: +ELLIPSIS
        <TutorialFigure size 900x700 ...>
    """
    with building(lang) as labels:
        data = make_data() if data is None else data
        if not isinstance(data, ToyData):
            raise TypeError(f"data must be a ToyData (from make_data), got {type(data).__name__}")
        w = _checks.scalar("w", w, positive=True)
        indices = _checks.distinct_indices("query_indices", query_indices, data.n_test, 3)
        layout = phone_layout(layout, "stacked")
        stacked = layout == "stacked"
        y_hat, weights = nadaraya_watson(data.x_test, data.x_train, data.y_train, 1 / w)
        grid = np.logspace(np.log10(W_MIN), np.log10(W_MAX), 101)
        losses = _loss_curve(grid, data.x_train, data.y_train)  # (101,)
        x_test, x_train = data.x_test.numpy(), data.x_train.numpy()
        fig = new_figure(_SIZES[layout])
        if stacked:
            fig.get_layout_engine().set(h_pad=_STACKED_H_PAD)
        ax_fit, ax_bumps, ax_map, ax_loss = fig.subplots(*((4, 1) if stacked else (2, 2))).flat
        # a phone's legends at the text size, under their panel (the narrow panels have no
        # empty corner for them); the wide figure's are smaller
        legend_size = "medium" if stacked else "small"
        below = {"loc": "upper center", "bbox_to_anchor": (0.5, -0.24)}
        # the top row's two legends under their panels in both layouts: inside, the fit's
        # ("best") covered the point (3.16, 1.16) at every w, and no corner of the panel is
        # free of points; the bumps' hid the top of a query's dotted line (r36f: at x = 2.5
        # for w = 1, at x = 4.0 for w = 2), and sits in the room the fit's legend makes
        top_row_place = below if stacked else {**below, "bbox_to_anchor": (0.5, -0.2)}
        for ax in (ax_fit, ax_bumps, ax_map, ax_loss):
            ax.tick_params(labelfontfamily=FONTS[lang])
        ax_fit.plot(x_test, data.y_truth.numpy(), color="black", label=labels["truth"])
        ax_fit.plot(
            x_test, y_hat.numpy(), linestyle="--", color=_PREDICTION_COLOUR,
            label=labels["prediction"],
        )  # fmt: skip
        ax_fit.scatter(
            x_train, data.y_train.numpy(), s=10, alpha=0.6, color=_POINT_COLOUR,
            label=labels["train"],
        )  # fmt: skip
        ax_fit.set(xlabel=labels["x"], title=labels["panel_fit"])
        # on a phone, "output y" stood 2 px from the tick "3": set a little apart
        ax_fit.set_ylabel(labels["y"], labelpad=8 if stacked else None)
        ax_fit.legend(fontsize=legend_size, **top_row_place)
        for k, i in enumerate(indices):
            ax_bumps.plot(x_train, weights[i].numpy(), marker=".", color=_QUERY_COLOURS[k],
                          label=labels["query_at"].format(q=x_test[i]))  # fmt: skip
            ax_bumps.axvline(x_test[i], color=_QUERY_COLOURS[k], linestyle=":")
        bumps_title = _bumps_title(labels["panel_bumps"], lang, len(indices))
        ax_bumps.set(xlabel=labels["keys"], ylabel=labels["weight"], title=bumps_title)
        ax_bumps.legend(fontsize=legend_size, **top_row_place)
        # axes in input values, not indices: rows are the queries x_test, columns the keys,
        # each cell where its key and its query lie; both axes from where the inputs start
        # (the first query, 0 on the chapter's data), so that both are ticked from there:
        # the keys start a little later, a blank strip before
        image = draw_heatmap(
            ax_map, weights.numpy(), x_test, x_train, cmap="Reds", x_from=float(x_test[0])
        )
        colorbar = fig.colorbar(image, ax=ax_map, label=labels["weight"])
        colorbar.ax.tick_params(labelfontfamily=FONTS[lang])
        # the long title in two lines, "... heatmap\n(rows: ..., columns: ...)": on one line,
        # the wide figure's ran past its left edge
        title = labels["panel_heatmap"].replace(" (", "\n(")
        ax_map.set(xlabel=labels["keys"], ylabel=labels["queries"], title=title)
        ax_loss.plot(grid, losses, color="grey")
        best = int(np.argmin(losses))
        minimum = labels["minimum_at"].format(w=grid[best])
        ax_loss.scatter([grid[best]], [losses[best]], zorder=3, label=minimum, **_MINIMUM_STAR)
        ax_loss.collections[-1].set_gid("attn-minimum-star")  # filled light in the dark palette
        ax_loss.axvline(w, color=_CURRENT_W_COLOUR, label=labels["current_w"].format(w=w))
        log_axis(ax_loss)  # plain numbers, as every log axis of the package
        # on a phone the full "leave-one-out loss (sum)" on one line was taller than the panel
        # and reached its title: the same words in two lines (r31c: the earlier "LOO loss"
        # was defined nowhere); not the live widgets' "loss L (sum)", whose L only their
        # readout defines
        loss_label = labels["loo_loss_short" if stacked else "loo_loss"]
        ax_loss.set(xlabel=labels["w_log"], ylabel=loss_label, title=labels["panel_loss"])
        # stacked: under the axes (inside, its two lines spanned most of a phone's panel and
        # covered the curve's fall), under the x label
        place = {"loc": "upper center", "bbox_to_anchor": (0.5, -0.28), "ncols": 1}
        legend = ax_loss.legend(fontsize=legend_size, **(place if stacked else {}))
        names = [text.get_text() for text in legend.get_texts()]
        legend.legend_handles[names.index(minimum)].set_gid("attn-minimum-star-legend")
        for ax in (ax_fit, ax_bumps, ax_map, ax_loss):
            ax.title.set_fontsize("medium")
        loss = loss_at_w(w, data.x_train, data.y_train)
        top = float(weights.max())
        # each drawn query's peak (the key with its largest weight), the fit's largest
        # error, and where the loss's minimum lies from the vertical line
        peaks = [
            alt_facts("plot_explorer_panels.peak", lang, q=float(x_test[i]),
                      key=float(x_train[int(weights[i].argmax())]), top=float(weights[i].max()))
            for i in indices
        ]  # fmt: skip
        errors = np.abs(y_hat.numpy() - data.y_truth.numpy())  # (n_test,)
        worst = int(errors.argmax())
        best_w = float(grid[best])
        side = "on" if np.isclose(best_w, w, rtol=0.01) else ("left" if best_w < w else "right")
        fig.alt_facts = alt_facts(
            "plot_explorer_panels", lang, w=w, loss=loss, top=top,
            peaks=("，" if lang == "zh" else "; ").join(peaks),
            worst_x=float(x_test[worst]), fit=float(y_hat[worst]),
            truth=float(data.y_truth[worst]), low=float(losses[best]), best=spoken(best_w),
            side=alt_facts(f"plot_explorer_panels.{side}", lang),
        )  # fmt: skip
        fig.dark_style = DARK_PANELS_STYLE
        fig.alt_every_axis = True  # the heatmap's keys axis, named by the bumps panel too
        # its own first sentence when stacked (the panels are read from top to bottom) or
        # with fewer than three queries (the count in words)
        alt_name = "plot_explorer_panels" + (".stacked" if stacked else "")
        alt_name += ("", ".one", ".two", "")[len(indices)]
        if alt_name != "plot_explorer_panels":
            fig.alt_name = alt_name
        if not stacked:
            fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
    return fig


# The loss curves drawn lately, by the values of their inputs (a figure is drawn many times
# from the same data: both layouts, both languages, every ``w``): 101 losses each
_LOSS_CURVES: dict[tuple, np.ndarray] = {}
_LOSS_CURVES_KEPT = 8


def _loss_curve(grid: np.ndarray, x_train: Tensor, y_train: Tensor) -> np.ndarray:
    """``loss_curve(grid, x_train, y_train)``, computed once per value of its inputs.

    Kept by the bytes, dtype, shape and strides of each input (not by the objects, which
    a caller may change in place); each call gets its own copy. Tensors that are not plain
    CPU floats are not kept.

    >>> import torch
    >>> _LOSS_CURVES.clear()
    >>> x = torch.tensor([0.0, 1.0, 2.0])
    >>> y = torch.tensor([0.0, 3.0, 0.0])
    >>> grid = np.array([1.0, 100.0])
    >>> first = _loss_curve(grid, x, y)
    >>> again = _loss_curve(
    ...     grid, x.clone(), y.clone()
    ... )
    >>> (
    ...     first.round(4),
    ...     np.array_equal(first, again),
    ... )
    (array([21.0317, 27.    ]), True)
    >>> len(_LOSS_CURVES)
    1
    >>> y[1] = (
    ...     4.0  # changed in place: computed again
    ... )
    >>> (
    ...     _loss_curve(grid, x, y).round(
    ...         4
    ...     ),
    ...     len(_LOSS_CURVES),
    ... )
    (array([37.3897, 48.    ]), 2)
    """
    tensors = (x_train, y_train)
    if not all(
        isinstance(t, Tensor)
        and t.dtype in (torch.float32, torch.float64)
        and t.device.type == "cpu"
        and not t.requires_grad
        for t in tensors
    ):
        return loss_curve(grid, x_train, y_train)
    grid = np.asarray(grid)
    key = (
        (grid.dtype.str, grid.shape, grid.tobytes()),
        *(
            (str(t.dtype), tuple(t.shape), t.stride(), t.contiguous().numpy().tobytes())
            for t in tensors
        ),
    )
    losses = _LOSS_CURVES.get(key)
    if losses is None:
        losses = loss_curve(grid, x_train, y_train)
        if len(_LOSS_CURVES) >= _LOSS_CURVES_KEPT:
            _LOSS_CURVES.pop(next(iter(_LOSS_CURVES)))  # the oldest
        _LOSS_CURVES[key] = losses
    return losses.copy()


def _bumps_title(title: str, lang: str, n_queries: int) -> str:
    """The second panel's title (``figures._labels``' "... three queries") for ``n_queries``."""
    counts = _QUERY_COUNTS[lang]
    return title.replace(counts[-1], counts[n_queries - 1], 1)
