r"""Curves of the chapter: the data, a fit, several fits, the loss per epoch and against w.

The examples use [`make_data`][attention_tutorial.data.make_data] and
[`SEED`][attention_tutorial.data.SEED] (the data),
[`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson],
[`NWKernelRegression`][attention_tutorial.model.NWKernelRegression],
[`train`][attention_tutorial.training.train],
[`predict`][attention_tutorial.training.predict],
[`loss_curve`][attention_tutorial.analysis.loss_curve] and
[`w_path`][attention_tutorial.training_paths.w_path] (in ``plot_w_paths`` with
``log_w=True``, a gradient step on $\log w$; in ``plot_loss`` without it, a gradient step
on $w$ itself, as ``train`` does).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import to_rgba
from matplotlib.patches import Rectangle
from matplotlib.ticker import MaxNLocator
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.analysis import loss_curve
from attention_tutorial.figures._alt import (
    ALT_FACTS,
    alt_facts,
    count_words,
    spoken,
    spoken_digits,
)
from attention_tutorial.figures._base import (
    _MINIMUM_STAR,
    _POINT_ALPHA,
    FONTS,
    TutorialFigure,
    _LogTicks,
    bilingual,
    building,
    data_arrays,
    draw_fit,
    log_axis,
    new_axes,
    new_figure,
    phone_layout,
    plain_number,
    real_array,
)
from attention_tutorial.training import loss_at_w

ArrayLike = Tensor | np.ndarray | Sequence[float]
# ``plot_data``, ``plot_fit``, ``plot_fits``, ``plot_loss``, ``plot_loss_vs_w`` and
# ``plot_w_paths`` in two layouts: "wide" (the site's wide screens) and
# "stacked", one column ``_NARROW_IN`` inches wide at 12 pt, which a phone's column of about
# 343 CSS px shows at 0.75 of its size: the smallest text about 11 CSS px (``MIN_TEXT_PX``: 9)
LAYOUTS = ("wide", "stacked")
_STEPS_SPOKEN = 11  # the alt text of plot_w_paths says every value of a path up to this many
# the area (pt²) of a path's end dot, drawn over the minimum's star (``_MINIMUM_STAR``, 170):
# an end at the minimum sits inside the star, whose points stay in view around it, and an end
# beside it stays a dot of its own (dots of 150 hid the star; dots of 64 under a star of
# 90, the ends at 4.00 and 4.59 and the star piled into one blot)
_END_AREA = 30
# the width (pt) of the end dot's black outline: the site's dark palette inverts the figure, the
# outline turning light grey round a light blue dot; at 0.8 the ring was too thin to tell
# the end from a plain step dot there (review r35). 1.0 is the widest that keeps the dot with
# its outline inside the phone layout's star body (test_curves)
_END_EDGE = 1.0
# the star's area in the phone layout: the phone shows that figure at 0.75 of its size, where
# the star of 170 (its body's inner radius 2.5 pt) lay wholly under an end dot (radius 3.1 pt
# with its outline) at the minimum and only its thin tips showed (r33); at 420 its body
# (inner radius 3.9 pt) rims the dot and its arms reach 10 pt out
_STACKED_STAR_AREA = 420
_NARROW_IN = 4.6
# where a leave-one-out curve levels off (plot_loss_vs_w's and the stepper's alt texts, one rule
# for one curve: r40f): from there on the curve stays within 0.1 % of its value at the grid's end
# (at the chapter's 35.7 that is 0.036, inside the spoken decimal)
_PLATEAU_TOLERANCE = 1e-3
# plot_w_paths labels its minor ticks at 2 and 5 (0.5, 2, 5, 20) on an x axis of up to this
# many powers of ten (the API page's 0.32 to 32, with the margins): labelled at 1 and 10 only,
# the w its text names (0.5, 3.18, 5.06) were hard to place (r31c)
_TWO_AND_FIVE_DECADES = 2.5
# plot_w_paths' zoomed panel labels every minor tick of a window of less than a power of ten
# when no two ticks in view are closer than this share of the axis' width (2 to 6: 0.17)
_ZOOM_TICK_GAP = 0.1
# the marker of each path's steps, path by path (the first, alone in the stepper's picture, a
# dot): a colour alone did not tell the lesson's "w, lr = 0.05" (orange) from "log w, lr = 0.05"
# (red), close in hue in the dark palette, where their steps crowd round the minimum (r36h).
# Not the start's square nor the minimum's star; the outlined end dot stays a dot for all
_PATH_MARKERS = ("o", "^", "v", "D", "P", "X")
# their sizes (pt): a triangle or a diamond of the dot's size looks smaller than the dot
_PATH_MARKER_SIZE = {"o": 4.0}
_OTHER_MARKER_SIZE = 5.0
# plot_w_paths' zoomed panel, under the first: its height (inches), and its share of the
# figure's height for the two axes (the lesson's steps round the minimum were one blot about
# 25 px across at 375 px: r37h)
_ZOOM_HEIGHT = {"wide": 2.9, "stacked": 3.4}


def _check_layout(layout: str) -> str:
    return phone_layout(layout, "stacked")  # "narrow" too


def _one_axes(lang: str, layout: str, stacked_height: float) -> tuple[TutorialFigure, Axes]:
    """One pair of axes, as wide as the page (``"wide"``) or as a phone's column.

    The wide figure asks the site for its stacked twin on phones; the stacked one is
    ``stacked_height`` inches high.
    """
    if layout == "stacked":  # the axes at the width of a phone's column: its text not shrunk
        return new_axes(lang, (_NARROW_IN, stacked_height))
    fig, ax = new_axes(lang)
    fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
    return fig, ax


def _plateau_start(curve: np.ndarray) -> int:
    """The index from which ``curve`` stays within ``_PLATEAU_TOLERANCE`` of its last value."""
    off = np.abs(curve - curve[-1]) > _PLATEAU_TOLERANCE * abs(curve[-1])
    return int(np.nonzero(off)[0][-1]) + 1 if off.any() else 0


def _legend(fig: TutorialFigure, ax: Axes, layout: str, **inside: object) -> None:
    """The legend: inside the axes (wide, with ``inside``'s options), or under them.

    Stacked: one column under the axes at the full text size, where it hides no curve.
    """
    if layout == "wide":
        ax.legend(**inside)
    else:
        fig.legend(loc="outside lower center", ncols=1, frameon=False)


@bilingual
def plot_data(
    x_test: ArrayLike,
    y_truth: ArrayLike,
    x_train: ArrayLike,
    y_train: ArrayLike,
    *,
    lang: str | None = None,
    title: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """Plot the true function, the noisy training points and where the test inputs lie.

    The test inputs are drawn as a row of short vertical marks under the
    curve: the later pages make their predictions there.

    Explained on the page `data.md`.

    Args:
        x_test: Test inputs (the queries), shape ``(n_test,)``.
        y_truth: ``f(x_test)``, shape ``(n_test,)``.
        x_train: Training inputs (the keys), shape ``(n_train,)``.
        y_train: Training outputs (the values), shape ``(n_train,)``.
        lang: The language of the figure's words: ``"zh"``, ``"en"`` or ``None`` (the
            current language).
        title: Optional title.
        layout: ``"wide"``: the legend under the axes, in two columns; ``"narrow"``
            or ``"stacked"`` (two names for the phone layout): a narrower figure,
            the legend under the axes in one column.

    Returns:
        The figure; ``fig.description`` is its alt text.

    Raises:
        TypeError: If an array does not hold real numbers (it holds bools, strings,
            complex numbers or is ``None``).
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, an array is not 1-D, is empty or holds NaN or an
            infinite value, or the lengths do not match.

    Examples:
        >>> # the chapter's data
        >>> d = make_data()
        >>> fig = plot_data(
        ...     d.x_test,
        ...     d.y_truth,
        ...     d.x_train,
        ...     d.y_train,
        ... )
    """
    with building(lang) as words:
        layout = _check_layout(layout)
        x_test_np, y_truth_np, x_train_np, y_train_np = data_arrays(
            x_test, y_truth, x_train, y_train
        )
        fig, ax = _one_axes(lang, layout, 4.8)  # stacked: the three legend lines under it
        # the truth in black (light on the dark page, as the explorer's): in the points' blue it
        # was hard to tell from them, in the dark palette most of all
        ax.plot(x_test_np, y_truth_np, color="black", label=words["truth"])
        ax.scatter(x_train_np, y_train_np, s=12, alpha=_POINT_ALPHA, label=words["train"])
        low = min(y_truth_np.min(), y_train_np.min())
        spread = max(y_truth_np.max(), y_train_np.max()) - low
        rug_y = low - 0.12 * (spread if spread > 0 else 1.0)  # just below the lowest point
        ax.plot(
            x_test_np,
            np.full_like(x_test_np, rug_y),
            linestyle="none",
            marker="|",
            markersize=8,
            color="0.4",
            label=words["test_inputs"],
        )
        ax.set_xlabel(words["x"])
        ax.set_ylabel(words["y"])
        if layout == "wide":  # under the axes: inside (upper right) it hid two training points
            ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncols=2, fontsize="small",
                      frameon=False)  # fmt: skip
        else:
            _legend(fig, ax, layout)
        if title is not None:
            ax.set_title(title)
        # the alt text's numbers, from the data drawn: counts and ranges
        fig.alt_facts = alt_facts(
            "plot_data",
            lang,
            n_train=len(x_train_np),
            train_min=spoken(float(x_train_np.min())),
            train_max=spoken(float(x_train_np.max())),
            n_test=len(x_test_np),
            tests=_inputs_spoken(x_test_np, lang),
            truth_min=float(y_truth_np.min()),
            truth_max=float(y_truth_np.max()),
        )
    return fig


def _inputs_spoken(x: np.ndarray, lang: str) -> str:
    """The test inputs read aloud: "0, 0.1, …, 4.9" (all of them when four or fewer)."""
    words = [spoken(float(v)) for v in x]
    if len(words) > 4:
        words = [words[0], words[1], "…", words[-1]]
    return ("、" if lang == "zh" else ", ").join(words)


def _after_shi(name: str, lang: str) -> str:
    """A panel's name after "是" in the Chinese alt text: a space before Latin text only.

    "是 w = 4" (a space between Chinese and Latin text), "是留一法最佳 w = 3.98" (none
    between two Chinese characters); in English the template has its own space.
    """
    if lang != "zh" or not name or _is_cjk(name[0]):
        return name
    return " " + name


def _is_cjk(char: str) -> bool:
    """Whether ``char`` is a Chinese character or full-width punctuation (no space beside it)."""
    code = ord(char)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


@bilingual
def plot_fit(
    x_test: ArrayLike,
    y_truth: ArrayLike,
    y_hat: ArrayLike,
    x_train: ArrayLike,
    y_train: ArrayLike,
    *,
    lang: str | None = None,
    title: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """Plot the true function, the prediction and the training points.

    Explained on the page `average.md`.

    Args:
        x_test: Test inputs (the queries), shape ``(n_test,)``.
        y_truth: ``f(x_test)``, shape ``(n_test,)``.
        y_hat: Predictions at ``x_test``, shape ``(n_test,)``.
        x_train: Training inputs (the keys), shape ``(n_train,)``.
        y_train: Training outputs (the values), shape ``(n_train,)``.
        lang: The language of the figure's words: ``"zh"``, ``"en"`` or ``None`` (the
            current language).
        title: Optional title.
        layout: ``"wide"``: the legend under the axes, in one row; ``"narrow"``
            or ``"stacked"`` (two names for the phone layout): a narrower figure,
            the legend under the axes in one column.

    Returns:
        The figure; ``fig.description`` is its alt text.

    Raises:
        TypeError: If an array does not hold real numbers (it holds bools, strings,
            complex numbers or is ``None``).
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, an array is not 1-D, is empty or holds NaN or an
            infinite value, or the lengths do not match.

    Examples:
        >>> d = make_data()
        >>> y_hat, _ = nadaraya_watson(
        ...     d.x_test, d.x_train, d.y_train
        ... )
        >>> fig = plot_fit(
        ...     d.x_test,
        ...     d.y_truth,
        ...     y_hat,
        ...     d.x_train,
        ...     d.y_train,
        ... )
    """
    with building(lang) as words:
        layout = _check_layout(layout)
        x_test_np, y_truth_np, x_train_np, y_train_np = data_arrays(
            x_test, y_truth, x_train, y_train
        )
        y_hat_np = real_array("y_hat", y_hat, 1)
        _checks.same_sizes(x_test=x_test_np, y_truth=y_truth_np, y_hat=y_hat_np)
        fig, ax = _one_axes(lang, layout, 4.8)  # stacked: the three legend lines under it
        draw_fit(ax, words, x_test_np, y_truth_np, y_hat_np, x_train_np, y_train_np)
        ax.set_xlabel(words["x"])
        ax.set_ylabel(words["y"])
        if layout == "wide":  # under the axes, as plot_data's: inside it crowded the points
            ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncols=3, fontsize="small",
                      frameon=False)  # fmt: skip
        else:
            _legend(fig, ax, layout)
        if title is not None:
            ax.set_title(title)
        worst = int(np.argmax(np.abs(y_hat_np - y_truth_np)))  # where the fit strays most
        # a prediction that reads as one number (average pooling's) is said to be flat
        flat = f"{y_hat_np.max():.2f}" == f"{y_hat_np.min():.2f}"
        fig.alt_facts = alt_facts(
            "plot_fit.flat" if flat else "plot_fit",
            lang,
            x=float(x_test_np[worst]),
            y_hat=float(y_hat_np[worst]),
            y_truth=float(y_truth_np[worst]),
            hat_max=float(y_hat_np.max()),
            hat_min=float(y_hat_np.min()),
            truth_max=float(y_truth_np.max()),
            truth_min=float(y_truth_np.min()),
        )
    return fig


@bilingual
def plot_fits(
    x_test: ArrayLike,
    y_truth: ArrayLike,
    fits: Mapping[str, ArrayLike],
    x_train: ArrayLike,
    y_train: ArrayLike,
    *,
    titles: Sequence[str | Mapping[str, str]] | None = None,
    layout: str = "wide",
    inputs: str = "x",
    alt: str | Mapping[str, str] | None = None,
    describe: tuple[float, float] | None = None,
    lang: str | None = None,
) -> TutorialFigure:
    """Plot several fits, one panel each, sharing the y axis and one legend.

    The ``"wide"`` layout sets the panels side by side; the phone layout
    (``"stacked"``) sets them one above the other, at a phone's width.

    Explained on the page `smoothness.md`.

    Args:
        x_test: Test inputs (the queries), shape ``(n_test,)``.
        y_truth: ``f(x_test)``, shape ``(n_test,)``.
        fits: Panel title -> predictions at ``x_test`` of shape ``(n_test,)``.
            The titles are shown as given in every language, so use symbols and
            numbers only, e.g. ``"w = 1.00"``.
        x_train: Training inputs (the keys), shape ``(n_train,)``.
        y_train: Training outputs (the values), shape ``(n_train,)``.
        titles: The panels' titles instead of the keys of ``fits``, one per fit in
            the same order: a string shown in every language, or a mapping language
            -> title (``{"zh": ..., "en": ...}``) for a title in words. The alt text
            names each panel by its title.
        layout: ``"wide"``: the panels side by side, the legend below them;
            ``"narrow"`` or ``"stacked"`` (two names for the phone layout): the
            panels one above the other, the legend under them.
        inputs: What the x axis holds: ``"x"``, the chapter's one input; ``"x1"``, the
            first feature x₁ of a 2-D input (the x axis reads "input's x₁" and the truth
            "f(x₁)"), the training points drawn against their x₁.
        alt: What the page says its figure shows, in place of the alt text's computed
            sentence (each panel's MSE and largest jump): a string for every language, or
            a mapping language -> text (``{"zh": ..., "en": ...}``).
        describe: An interval ``(low, high)`` of the x axis: in place of the computed
            sentence, the alt text names each panel by its place (left and right, or
            upper and lower in the phone layout) and gives each curve's mean distance
            above or below the truth over the test inputs from ``low`` to ``high``.
        lang: The language of the figure's words: ``"zh"``, ``"en"`` or ``None`` (the
            current language).

    Returns:
        The figure, with one panel per fit; ``fig.description`` is its alt text.

    Raises:
        TypeError: If ``fits`` is not a mapping, a key of ``fits`` is not a string, an
            array does not hold real numbers (it holds bools, strings, complex numbers or
            is ``None``), a title is neither a string nor a mapping of strings, or
            ``alt`` is neither.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``inputs`` is not ``"x"`` or ``"x1"``, ``lang`` is unknown, ``fits`` is
            empty, a length differs, ``titles`` does not have one title per fit, a
            title mapping or ``alt`` lacks ``lang``, ``alt`` and ``describe`` are both
            given, or ``describe`` is not two numbers ``low <= high`` with a test input
            between them.

    Examples:
        >>> d = make_data()
        >>> q, k, v = (
        ...     d.x_test,
        ...     d.x_train,
        ...     d.y_train,
        ... )
        >>> # predict: the parametric model's
        >>> # prediction at a fixed w
        >>> # {key: value for w in ...}: a dict
        >>> # built by a loop, one entry per w
        >>> fits = {
        ...     f"w = {w}": predict(w, q, k, v)
        ...     for w in (1, 4)
        ... }
        >>> fig = plot_fits(
        ...     q,
        ...     d.y_truth,
        ...     fits,
        ...     k,
        ...     v,
        ... )
        >>> # panel titles: the keys of fits
        >>> [ax.get_title() for ax in fig.axes]
        ['w = 1', 'w = 4']
    """
    with building(lang) as words:
        layout = _check_layout(layout)
        if inputs not in ("x", "x1"):
            raise ValueError(f'inputs must be "x" or "x1", got {inputs!r}')
        if inputs == "x1":  # the first feature of a 2-D input: its axis and f(x₁)
            words = {**words, "x": words["input_x1"], "truth": words["truth_x1"]}
        x_test_np, y_truth_np, x_train_np, y_train_np = data_arrays(
            x_test, y_truth, x_train, y_train
        )
        if not isinstance(fits, Mapping):
            raise TypeError(
                f"fits must be a mapping (e.g. a dict) of panel title -> predictions, "
                f"got {type(fits).__name__}"
            )
        if not fits:
            raise ValueError("fits must contain at least one fit")
        predictions = {}
        for name, y_hat in fits.items():
            if not isinstance(name, str):
                raise TypeError(
                    f"fits keys must be strings (panel titles), got {type(name).__name__}: "
                    f"{name!r:.40}"
                )
            y_hat_np = real_array(f"fits[{name!r}]", y_hat, 1)
            _checks.same_sizes(x_test=x_test_np, **{f"fits[{name!r}]": y_hat_np})
            predictions[name] = y_hat_np
        if titles is not None:
            predictions = dict(
                zip(_panel_titles(titles, len(predictions), lang), predictions.values(),
                    strict=True)
            )  # fmt: skip
        n = len(predictions)
        if layout == "wide":
            fig = new_figure((3.4 * n, 3.4))
            axes = fig.subplots(1, n, sharey=True, squeeze=False)[0]
        else:  # one column at the width of a phone's, the legend under the last panel
            fig = new_figure((_NARROW_IN, 2.5 * n + 0.9))
            axes = fig.subplots(n, 1, sharex=True, sharey=True, squeeze=False)[:, 0]
        for ax, (name, y_hat_np) in zip(axes, predictions.items(), strict=True):
            ax.tick_params(labelfontfamily=FONTS[lang])
            # the points nearly opaque: at alpha 0.5 their pale blue, inverted for the dark
            # palette, was faint on the dark panel at a phone's width
            draw_fit(
                ax, words, x_test_np, y_truth_np, y_hat_np, x_train_np, y_train_np,
                size=10, alpha=_POINT_ALPHA,
            )  # fmt: skip
            ax.set_title(name)
            if layout == "wide" or ax is axes[-1]:
                ax.set_xlabel(words["x"])
            if layout == "stacked" or ax is axes[0]:
                ax.set_ylabel(words["y"])
        # the legend under the panels: inside one it covered a training point;
        # at the tick labels' size ("small" came out ~8 px where the site shrinks
        # the wide figure to the column)
        handles = axes[0].get_legend_handles_labels()
        fig.alt_shared_axes = True  # "x axis (the same in every panel)": like panels
        if layout == "wide":
            fig.legend(*handles, loc="outside lower center", ncols=3, frameon=False)
            fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
        else:
            fig.legend(*handles, loc="outside lower center", ncols=1, frameon=False)
            fig.alt_name = "plot_fits.stacked"
        panels = [
            {
                "name": name,
                "mse": float(np.mean((y_hat_np - y_truth_np) ** 2)),
                "jump": float(np.abs(np.diff(y_hat_np)).max(initial=0.0)),
            }
            for name, y_hat_np in predictions.items()
        ]
        best = _after_shi(min(panels, key=lambda panel: panel["mse"])["name"], lang)
        jump = float(np.abs(np.diff(y_truth_np)).max(initial=0.0))
        fig.alt_facts = alt_facts("plot_fits", lang, panels, jump=jump, best=best)
        if alt is not None and describe is not None:
            raise ValueError("give alt or describe, not both: each replaces the same sentence")
        if alt is not None:  # the page's own account of its figure
            fig.alt_facts = _in_lang("alt", alt, lang)
        if describe is not None:  # where each panel is, and its curve's mean gap from f
            fig.alt_facts = _described(
                describe, x_test_np, y_truth_np, predictions, layout, inputs, words, lang
            )
        fig.alt_values = {"count": count_words(n, lang)}  # the alt text counts the panels
    return fig


def _described(
    describe: object,
    x_test: np.ndarray,
    y_truth: np.ndarray,
    predictions: Mapping[str, np.ndarray],
    layout: str,
    inputs: str,
    words: Mapping[str, str],
    lang: str,
) -> str:
    """``plot_fits``'s alt sentences for ``describe``: the panels' places, the mean gaps."""
    if (
        not isinstance(describe, Sequence)
        or isinstance(describe, str)
        or len(describe) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in describe)
        or not describe[0] <= describe[1]
    ):
        raise ValueError(f"describe must be two numbers (low, high), low <= high, got {describe!r}")
    low, high = describe
    inside = (x_test >= low) & (x_test <= high)
    if not inside.any():
        raise ValueError(f"describe must hold a test input: none lies from {low:g} to {high:g}")
    table = ALT_FACTS[lang]
    names = list(predictions)
    where = "stacked" if layout != "wide" else "wide"
    if len(names) == 1:
        places = ""
    elif len(names) == 2:
        places = alt_facts(f"plot_fits.places2.{where}", lang, first=names[0], second=names[1])
    else:
        joined = table["plot_fits.list"].join(names)
        places = alt_facts(f"plot_fits.places.{where}", lang, names=joined)
    gaps = []
    for i, (name, y_hat) in enumerate(predictions.items()):
        gap = float(np.mean(y_hat[inside] - y_truth[inside]))
        side = table["plot_fits.above" if gap >= 0 else "plot_fits.below"]
        part = "plot_fits.gap_first" if i == 0 else "plot_fits.gap"
        gaps.append(table[part].format(name=name, gap=abs(gap), side=side, truth=words["truth"]))
    sentence = alt_facts(
        "plot_fits.gaps",
        lang,
        x="x₁" if inputs == "x1" else "x",
        low=f"{low:g}",
        high=f"{high:g}",
        gaps=table["plot_fits.gap_sep"].join(gaps),
    )
    return places + sentence


def _in_lang(name: str, text: str | Mapping[str, str], lang: str) -> str:
    """``text`` in ``lang``: a string as it is, or a mapping's entry for ``lang``."""
    if isinstance(text, Mapping):
        if lang not in text:
            raise ValueError(f"{name} must have a text for lang {lang!r}, got keys {list(text)}")
        text = text[lang]
    if not isinstance(text, str):
        raise TypeError(
            f"{name} must be a string or a mapping of language -> string, got {type(text).__name__}"
        )
    return text


def _panel_titles(titles: Sequence[str | Mapping[str, str]], n: int, lang: str) -> list[str]:
    """The title of each of ``n`` panels in ``lang``, from ``plot_fits``'s ``titles``."""
    if isinstance(titles, str | Mapping) or not isinstance(titles, Sequence):
        raise TypeError(
            f"titles must be a sequence (e.g. a list) of one title per fit, "
            f"got {type(titles).__name__}"
        )
    if len(titles) != n:
        raise ValueError(f"titles must have one title per fit ({n}), got {len(titles)}")
    result = []
    for i, title in enumerate(titles):
        if isinstance(title, Mapping):
            if lang not in title:
                raise ValueError(
                    f"titles[{i}] must have a title for lang {lang!r}, got keys {list(title)}"
                )
            title = title[lang]
        if not isinstance(title, str):
            raise TypeError(
                f"titles[{i}] must be a string or a mapping of language -> string, "
                f"got {type(title).__name__}"
            )
        result.append(title)
    if len(set(result)) != n:
        raise ValueError(f"titles must differ from one another, got {result}")
    return result


@bilingual
def plot_loss(
    losses: Sequence[float],
    *,
    lang: str | None = None,
    title: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    r"""Plot the training loss against the epoch number (starting at 1).

    With ``train``'s defaults (``lr=0.5``, a gradient step on ``w`` itself,
    not on $\log w$), the first step carries ``w`` past the minimum of the
    leave-one-out loss (``w`` ≈ 4), straight to 16.9; the next four only
    creep back, and the loss stays nearly flat, 22.9 down to 22.7, above the
    minimum's 18.0: the example prints the losses, the path of ``w`` and that minimum.
    Why, and what it does to the fit: the page `smoothness.md`.

    ``train`` minimises the leave-one-out loss, so each loss drawn here is the
    leave-one-out curve of ``plot_loss_vs_w`` read at that epoch's ``w``: the
    example checks it with ``loss_curve``.

    Explained on the page `parametric.md`.

    Args:
        losses: One loss per epoch, each measured before that epoch's step (the
            first is the loss of the untrained model), as returned by
            [`train`][attention_tutorial.training.train].
        lang: The language of the figure's words: ``"zh"``, ``"en"`` or ``None`` (the
            current language).
        title: Optional title.
        layout: ``"wide"``: the wide-screen figure; ``"narrow"`` or
            ``"stacked"`` (two names for the phone layout): a narrower figure.

    Returns:
        The figure; ``fig.description`` is its alt text.

    Raises:
        TypeError: If ``losses`` does not hold real numbers (it holds bools, strings,
            complex numbers or is ``None``).
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, or ``losses`` is not 1-D, is empty or holds NaN or
            an infinite value.

    Examples:
        >>> d = make_data()
        >>> # "_ =" drops what it returns
        >>> _ = torch.manual_seed(SEED)
        >>> model = NWKernelRegression()
        >>> w0 = model.w.item()
        >>> losses = train(
        ...     model, d.x_train, d.y_train
        ... )
        >>> # one loss per epoch, measured
        >>> # before that epoch's step
        >>> [round(loss, 1) for loss in losses]
        [58.8, 22.9, 22.9, 22.8, 22.7]
        >>> fig = plot_loss(losses)
        >>> # w0, then w after each step: the
        >>> # first step goes far past the
        >>> # minimum (w ≈ 4), as lr = 0.5 is
        >>> # a large step for w itself
        >>> path = w_path(
        ...     d.x_train, d.y_train, w0, lr=0.5
        ... )
        >>> [round(w, 1) for w in path]
        [0.5, 16.9, 16.7, 16.6, 16.4, 16.2]
        >>> # the same w as the model's
        >>> round(model.w.item(), 1)
        16.2
        >>> # each loss is the leave-one-out
        >>> # loss at that epoch's w
        >>> # path[:5]: the first 5 values,
        >>> # w0 to w4, each epoch's w
        >>> # before its step
        >>> L = loss_curve(
        ...     path[:5], d.x_train, d.y_train
        ... )
        >>> [round(float(v), 1) for v in L]
        [58.8, 22.9, 22.9, 22.8, 22.7]
        >>> # the minimum of the leave-one-out
        >>> # loss on a grid: 18.0, at w ≈ 4
        >>> ws = np.logspace(-1, 3, 401)
        >>> L_ws = loss_curve(
        ...     ws, d.x_train, d.y_train
        ... )
        >>> round(float(L_ws.min()), 1)
        18.0
        >>> round(float(ws[L_ws.argmin()]), 2)
        3.98
    """
    with building(lang) as words:
        layout = _check_layout(layout)
        values = real_array("losses", losses, 1)
        epochs = np.arange(1, len(values) + 1)  # (n_epochs,)
        fig, ax = _one_axes(lang, layout, 3.4)
        ax.plot(epochs, values, marker="o")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # whole epochs only
        ax.set_xlabel(words["epoch"])
        ax.set_ylabel(words["loss"])
        if title is not None:
            ax.set_title(title)
    return fig


@bilingual
def plot_loss_vs_w(
    ws: ArrayLike,
    losses_with_own: ArrayLike,
    losses_left_out: ArrayLike,
    *,
    lang: str | None = None,
    title: str | None = None,
    layout: str = "wide",
) -> TutorialFigure:
    """Plot the training loss against $w$ with and without each point's own key.

    The $w$ axis is logarithmic; the minimum of the leave-one-out curve is marked.

    Explained on the page `leave-one-out.md`.

    Args:
        ws: The grid of $w$, shape ``(n_w,)``, all positive.
        losses_with_own: Loss at each $w$ with the own key included, shape ``(n_w,)``.
        losses_left_out: Loss at each $w$ with the own key left out, shape ``(n_w,)``.
        lang: The language of the figure's words: ``"zh"``, ``"en"`` or ``None`` (the
            current language).
        title: Optional title.
        layout: ``"wide"``: the legend inside the axes; ``"narrow"`` or
            ``"stacked"`` (two names for the phone layout): the legend under the axes.

    Returns:
        The figure; ``fig.description`` is its alt text.

    Raises:
        TypeError: If an array does not hold real numbers (it holds bools, strings,
            complex numbers or is ``None``).
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, an array is not 1-D, is empty or holds NaN or an
            infinite value, a length differs, or a $w$ is not positive.

    Examples:
        >>> d = make_data()
        >>> # 81 values of w from 0.1 to 1000,
        >>> # evenly spaced on a log scale
        >>> ws = torch.logspace(-1, 3, 81)
        >>> own = loss_curve(
        ...     ws,
        ...     d.x_train,
        ...     d.y_train,
        ...     leave_one_out=False,
        ... )
        >>> # leave_one_out=True by default:
        >>> # each point's own key left out
        >>> left_out = loss_curve(
        ...     ws, d.x_train, d.y_train
        ... )
        >>> # the loss at w = 1000 (own key,
        >>> # leave-one-out)
        >>> (
        ...     round(float(own[-1]), 2),
        ...     round(float(left_out[-1]), 2),
        ... )
        (0.0, 35.68)
        >>> fig = plot_loss_vs_w(
        ...     ws, own, left_out
        ... )
    """
    with building(lang) as words:
        layout = _check_layout(layout)
        grid = real_array("ws", ws, 1)
        if (grid <= 0).any():
            raise ValueError("ws must all be positive for a logarithmic axis")
        with_own = real_array("losses_with_own", losses_with_own, 1)
        left_out = real_array("losses_left_out", losses_left_out, 1)
        _checks.same_sizes(ws=grid, losses_with_own=with_own, losses_left_out=left_out)
        fig, ax = _one_axes(lang, layout, 4.8)  # stacked: the three legend lines under it
        ax.plot(grid, with_own, label=words["with_own"])
        ax.plot(grid, left_out, label=words["left_out"])
        i = int(np.argmin(left_out))
        ax.scatter([grid[i]], [left_out[i]], zorder=3, label=words["minimum"], **_MINIMUM_STAR)
        log_axis(ax)
        ax.set_xlabel(words["w_log"])
        ax.set_ylabel(words["loss"])
        _legend(fig, ax, layout)
        if title is not None:
            ax.set_title(title)
        # the plateau on the right (the alt text names the tolerance)
        start = _plateau_start(left_out)
        plateau = start < len(grid) - 1  # at least two points of the grid
        fig.alt_facts = alt_facts(
            "plot_loss_vs_w" if plateau else "plot_loss_vs_w.no_plateau",
            lang,
            w_min=spoken(float(grid[i])),
            loss_min=float(left_out[i]),
            w_plateau=spoken(float(grid[start])),
            w_end=spoken(float(grid[-1])),
            loss_end=float(left_out[-1]),
            own_end=spoken_digits(float(with_own[-1])),
            tol=100 * _PLATEAU_TOLERANCE,
        )
    return fig


class _TwoAndFive(_LogTicks):
    """The minor tick labels of ``plot_w_paths``' x axis.

    As ``log_axis``' and, on an axis of one to ``_TWO_AND_FIVE_DECADES`` powers of
    ten, also those at 2 and 5 (``0.5``, ``2``, ``5``, ``20``).
    """

    def __call__(self, value: float, pos: object = None) -> str:
        low, high = sorted(self.axis.get_view_interval())
        if 0 < 10 * low <= high <= 10**_TWO_AND_FIVE_DECADES * low and value > 0:
            leading = round(value / 10 ** math.floor(math.log10(value) + 1e-9))
            return self.label(value) if leading in (2, 5) else ""
        return super().__call__(value, pos)


class _EveryInWindow(_TwoAndFive):
    """The minor tick labels of ``plot_w_paths``' zoomed panel.

    On a window of less than a power of ten, every minor tick in view (``2``, ``3``,
    ``4``, ``5``, ``6``), if no two ticks in view are closer than
    ``_ZOOM_TICK_GAP`` of the axis' width; otherwise as ``_TwoAndFive``. At 2 and 5
    only, the steps the example's note names (4.45, 4.11, 3.18) lay between two bare
    ticks (r40f).
    """

    def __call__(self, value: float, pos: object = None) -> str:
        low, high = sorted(self.axis.get_view_interval())
        if 0 < low and high < 10 * low and value > 0:
            ticks = [*self.axis.get_minorticklocs(), *self.axis.get_majorticklocs()]
            shown = np.log10(sorted(t for t in ticks if low <= t <= high))
            if len(shown) < 2 or np.diff(shown).min() >= _ZOOM_TICK_GAP * np.log10(high / low):
                return self.label(value)
        return super().__call__(value, pos)


def _steps_spoken(path: np.ndarray) -> str:
    """The values of a path of ``w``, "0.496 → 12.9 → 4.98"; past 11, the first and last 5."""
    words = [spoken_digits(float(w)) for w in path]
    if len(words) > _STEPS_SPOKEN:
        words = [*words[:5], "…", *words[-5:]]
    return " → ".join(words)


def _path_values(name: str, path: object) -> np.ndarray:
    """One path of ``plot_w_paths`` as a 1-D array: a sequence of numbers, no bool among them.

    A scalar or a string is no path (``TypeError``, as a list of words is); a bool is
    no ``w`` (``[True, 2.0]`` drew "w = 1 → 2"), as for the stepper's ``w0``.
    """
    label = f"paths[{name!r}]"
    if isinstance(path, (str, bytes)) or np.ndim(path) == 0:
        raise TypeError(
            f"{label} must be a sequence of numbers (the values of w), "
            f"got {type(path).__name__}: {path!r:.60}"
        )
    return real_array(label, path, 1)


def _training_pair(x_train: object, y_train: object) -> tuple[Tensor, Tensor]:
    """``plot_w_paths``' training data, checked here so that each error names its argument.

    Two floating 1-D tensors of one dtype and one length, ``n_train >= 2``, finite: what
    ``loss_curve`` needs (its own errors would name ``leave_one_out``, a function the
    caller never called).
    """
    for name, value in (("x_train", x_train), ("y_train", y_train)):
        _checks.vector(name, value, "(n_train,)")
    _checks.same_length("x_train", x_train, "y_train", y_train)
    _checks.same_dtype(x_train=x_train, y_train=y_train)
    if len(x_train) < 2:
        raise ValueError(
            f"x_train and y_train must hold at least 2 points (each point's loss uses the "
            f"others), got {len(x_train)}"
        )
    return x_train, y_train


def _zoom_window(zoom: object) -> tuple[float, float, float, float]:
    """``plot_w_paths``' ``zoom``, checked: four finite numbers, each low below its high."""
    if isinstance(zoom, (str, bytes)) or np.ndim(zoom) != 1 or len(zoom) != 4:
        raise TypeError(
            f"zoom must be four numbers (w_low, w_high, loss_low, loss_high), got {zoom!r:.60}"
        )
    w_low, w_high, loss_low, loss_high = real_array("zoom", zoom, 1).tolist()  # finite too
    if not (0 < w_low < w_high and loss_low < loss_high):
        raise ValueError(
            f"zoom must have 0 < w_low < w_high and loss_low < loss_high, got {zoom!r:.60}"
        )
    return w_low, w_high, loss_low, loss_high


@bilingual
def plot_w_paths(
    x_train: Tensor,
    y_train: Tensor,
    paths: Mapping[str, Sequence[float]],
    *,
    ws: Tensor | np.ndarray | Sequence[float] | None = None,
    zoom: Sequence[float] | None = None,
    layout: str = "wide",
    lang: str | None = None,
) -> TutorialFigure:
    r"""Draw paths of $w$ during training as points on the leave-one-out loss curve.

    What it shows: the grey curve is $L(w)$, the summed leave-one-out loss at
    $w$ (``loss_curve``). Each path is a polyline through the points
    $(w_k, L(w_k))$ of that curve: $w_0$ is the path's first value and $w_k$
    ($k \ge 1$) its value after step $k$.

    How to read it: each path has a colour and a marker of its own for its
    steps (a dot, a triangle, a diamond, …). It starts at a square, grey
    (paths that start at the same $w$ share it) or, when there is only one
    path, in its colour, and ends at a dot in the path's colour; both are
    outlined in black (light grey in the dark palette), and the legend
    names them.
    Only the points lie on the curve: the straight segments only join
    successive steps; training never visited the points between.
    The star marks the minimum of the curve. It is larger than the end dots,
    which are drawn over it: a path that ends at the minimum shows its dot
    inside the star. With ``zoom``, a second panel under the first draws the
    same curve and paths in a smaller window, marked on the first panel by a
    dashed box: steps that crowd together on the full axes stand apart there.

    Explained on the page `smoothness.md`.

    Args:
        x_train: Training inputs (the keys), a floating ``torch.Tensor`` of shape
            ``(n_train,)``, ``n_train >= 2``; not a numpy array, as the curve is
            computed from them by ``loss_curve``, which takes tensors.
        y_train: Training outputs (the values), shape ``(n_train,)``, the dtype of ``x_train``.
        paths: Legend label -> the values of $w$ (all positive), e.g. from
            [`w_path`][attention_tutorial.training_paths.w_path].
            Labels are shown as given in every language: use symbols and numbers.
        ws: Grid of the curve; by default ``logspace(-1, 3.5, 226)``, widened to
            include every path.
        zoom: ``(w_low, w_high, loss_low, loss_high)``: the window of a second
            panel, under the first, with $w$ from ``w_low`` to ``w_high`` (log
            scale) and the loss from ``loss_low`` to ``loss_high``; ``None`` (the
            default): one panel only. The curve there is drawn on a grid of its own
            (201 values of $w$ across the window).
        layout: ``"wide"``: the legend in two columns under the axes; ``"narrow"`` or
            ``"stacked"`` (two names for the phone layout): a narrower figure, its
            legend in one column.
        lang: The language of the figure's words: ``"zh"``, ``"en"`` or ``None`` (the
            current language).

    Returns:
        The figure; ``fig.description`` is its alt text.

    Raises:
        TypeError: If ``x_train`` or ``y_train`` is not a ``torch.Tensor`` (a numpy
            array is refused), ``paths`` is not a mapping, a key of ``paths`` (a
            legend label) is not a string, a path is not a sequence
            of numbers (a single number, a string or a list of strings is not), or a
            path or ``ws`` holds bools, or ``zoom`` is not four numbers.
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            or ``lang`` is unknown. If ``x_train`` or ``y_train`` is not 1-D, is
            empty, is not floating (an integer or bool dtype) or holds NaN or an
            infinite value. If their lengths or dtypes differ, or ``n_train < 2``.
            If ``paths`` or one of its paths is empty, or a $w$ is not positive and
            finite. If ``ws`` is not 1-D, is empty or holds a value that is not
            positive and finite. If ``zoom`` is not finite, its ``w_low`` is not
            positive, or a low bound is not below its high one.

    Examples:
        >>> d = make_data()
        >>> x, y = d.x_train, d.y_train
        >>> # w0: the untrained model's w,
        >>> # seeded as in the lesson
        >>> _ = torch.manual_seed(SEED)
        >>> w0 = NWKernelRegression().w.item()
        >>> # a dict built by a loop: legend
        >>> # label -> path, one entry per lr,
        >>> # both training log w (log_w=True)
        >>> paths = {
        ...     f"log w, lr = {lr}": w_path(
        ...         x, y, w0, lr=lr, log_w=True
        ...     )
        ...     for lr in (0.02, 0.05)
        ... }
        >>> # the curve only near the paths:
        >>> # w from 10^-0.5 to 10^1.5
        >>> ws = np.logspace(-0.5, 1.5, 201)
        >>> # a second panel enlarges the dashed
        >>> # box: w from 2 to 6, the loss from
        >>> # 17.8 to 22
        >>> zoom = (2.0, 6.0, 17.8, 22.0)
        >>> fig = plot_w_paths(
        ...     x, y, paths, ws=ws, zoom=zoom
        ... )
        >>> # where each path ends after 5 steps
        >>> # (lr = 0.02 short of the star,
        >>> # lr = 0.05 on it)
        >>> [
        ...     round(p[-1], 2)
        ...     for p in paths.values()
        ... ]
        [3.18, 4.0]
        >>> # lr = 0.05 goes past the star
        >>> # (w ≈ 4) to 5.06, then comes back
        >>> fast = paths["log w, lr = 0.05"]
        >>> [round(w, 2) for w in fast]
        [0.5, 1.12, 5.06, 4.45, 4.11, 4.0]
    """
    with building(lang) as labels:
        layout = _check_layout(layout)
        x_train, y_train = _training_pair(x_train, y_train)
        if not isinstance(paths, Mapping):
            raise TypeError(
                f"paths must be a mapping (e.g. a dict) of legend label -> values of w, "
                f"got {type(paths).__name__}"
            )
        if not paths:
            raise ValueError("paths must contain at least one path")
        for name in paths:  # a legend label (the label 1 was drawn silently as "1")
            if not isinstance(name, str):
                raise TypeError(
                    f"paths keys must be strings (legend labels), got {type(name).__name__}: "
                    f"{name!r:.40}"
                )
        arrays = {name: _path_values(name, p) for name, p in paths.items()}
        everything = np.concatenate(list(arrays.values()))
        if not (np.isfinite(everything).all() and (everything > 0).all()):
            raise ValueError("every w of the paths must be positive and finite")
        if ws is None:
            low = min(-1.0, np.log10(everything.min()) - 0.1)
            high = max(3.5, np.log10(everything.max()) + 0.1)
            grid = np.logspace(low, high, 226)
        else:
            grid = real_array("ws", ws, 1)
            if not (grid > 0).all():
                raise ValueError("ws must all be positive for a logarithmic axis")
        window = None if zoom is None else _zoom_window(zoom)
        curve = loss_curve(grid, x_train, y_train)  # (n_w,)
        entries = len(arrays) + 4  # the legend's: curve, star, paths, two markers
        extra = 0.0 if window is None else _ZOOM_HEIGHT[layout]
        if layout == "wide":
            fig = new_figure((6.4, 3.4 + 0.22 * ((entries + 1) // 2) + extra))
        else:  # the legend in one column, at the figure's full text size
            fig = new_figure((_NARROW_IN, 4.4 + 0.25 * entries + extra))  # room for the y label
        if window is None:
            ax, zoomed = fig.add_subplot(), None
        else:  # the first panel as high as without the zoom; the legend under both
            first = 2.6 if layout == "wide" else 3.0
            spec = fig.add_gridspec(2, 1, height_ratios=[first, _ZOOM_HEIGHT[layout] - 0.5])
            ax, zoomed = fig.add_subplot(spec[0]), fig.add_subplot(spec[1])
        best = int(np.argmin(curve))
        # every start square outlined in black, as the end dots: grey (the paths often share
        # their start, and a square in the colour of the last path drawn looked like that
        # path's alone), or in the path's own colour when there is one (the stepper's
        # picture: a grey square on the grey curve nearly vanished at 375 px in the dark
        # palette, r39f)
        start_face = "C0" if len(arrays) == 1 else "grey"
        # the star over the paths' lines and start squares, under their end dots, which are
        # smaller (_END_AREA): an end at the minimum sits inside the star, the star's points
        # around it (larger ends first hid the star, then piled with it into one blot)
        star = {**_MINIMUM_STAR, "s": _STACKED_STAR_AREA} if layout != "wide" else _MINIMUM_STAR
        losses_of = {name: loss_curve(path, x_train, y_train) for name, path in arrays.items()}
        for panel in (ax, zoomed):
            if panel is None:
                continue
            if panel is ax:
                panel_grid, panel_curve = grid, curve
            else:  # a grid of its own, fine across the window
                panel_grid = np.logspace(*np.log10(window[:2]), 201)
                panel_curve = loss_curve(panel_grid, x_train, y_train)
            panel.tick_params(labelfontfamily=FONTS[lang])
            # the curve under the y axis's name (review r31d: the legend called it
            # "leave-one-out loss", the axis "leave-one-out loss (sum)")
            panel.plot(panel_grid, panel_curve, color="grey", label=labels["loo_loss"])
            panel.scatter([grid[best]], [curve[best]], zorder=4,
                          label=labels["minimum_at"].format(w=grid[best]), **star)  # fmt: skip
            for k, (name, path) in enumerate(arrays.items()):
                losses = losses_of[name]
                color = f"C{k}"
                marker = _PATH_MARKERS[k % len(_PATH_MARKERS)]
                size = _PATH_MARKER_SIZE.get(marker, _OTHER_MARKER_SIZE)
                # the marker on the steps between the ends only: the start's square and the
                # end's dot are drawn over them, and a diamond round the square or a triangle
                # under the end dot poked out of them
                panel.plot(path, losses, marker=marker, markersize=size, color=color,
                           alpha=0.85, markevery=slice(1, -1), label=name)  # fmt: skip
                # the start's square (start_face), as the legend shows it
                panel.scatter([path[0]], [losses[0]], marker="s", facecolors=[start_face],
                              edgecolors="black", linewidths=_END_EDGE, zorder=3)  # fmt: skip
                # the end's dot on top, small and outlined in black: on the star when the path
                # ends at the minimum, beside it otherwise (larger ends hid the star and three
                # steps near w = 4)
                panel.scatter(
                    [path[-1]], [losses[-1]], s=_END_AREA, facecolors=[to_rgba(color)],
                    edgecolors="black", linewidths=_END_EDGE, zorder=5,
                )  # fmt: skip
            log_axis(panel)  # plain numbers, as every log axis of the package
            minor = _TwoAndFive if panel is ax else _EveryInWindow
            panel.xaxis.set_minor_formatter(minor(plain_number, minor=True))
            panel.set_xlabel(labels["w_log"])
            panel.set_ylabel(labels["loo_loss"])
        if zoomed is not None:
            w_low, w_high, loss_low, loss_high = window
            zoomed.set_xlim(w_low, w_high)
            zoomed.set_ylim(loss_low, loss_high)
            zoomed.set_title(labels["zoom_title"], fontsize="medium")
            # the window on the first panel: a dashed box
            ax.add_patch(Rectangle((w_low, loss_low), w_high - w_low, loss_high - loss_low,
                                   fill=False, edgecolor="black", linestyle="--",
                                   linewidth=0.9, zorder=6))  # fmt: skip
        # the markers of every path's two ends, named once, as drawn: in grey for several
        # paths, in the path's own colour for one (the stepper's picture: a grey legend dot
        # read wrong against the blue end dot on the chart), both outlined in black
        end_size = float(np.sqrt(_END_AREA))  # a scatter's area in pt² -> a marker's size in pt
        markers = (("s", 6, "path_start"), ("o", end_size, "path_end"))
        for marker, size, key in markers:
            ax.plot([], [], marker=marker, markersize=size, linestyle="none", color=start_face,
                    markerfacecolor=start_face, markeredgecolor="black", label=labels[key],
                    markeredgewidth=_END_EDGE)  # fmt: skip
        # under the axes, where it hides no point of a path nor the curve's plateau
        # the curve and the paths first, then the star and the two markers: in two columns
        # (filled column by column) the paths stay together (else "lr = 0.05" ended the first
        # column, "lr = 0.2" began the second)
        handles, names = ax.get_legend_handles_labels()
        order = [0, *range(2, 2 + len(arrays)), 1, *range(2 + len(arrays), len(names))]
        handles, names = [handles[i] for i in order], [names[i] for i in order]
        if layout == "wide":
            fig.legend(handles, names, loc="outside lower center", ncols=2, fontsize="small",
                       frameon=False)  # fmt: skip
            fig.narrow_layout = {"layout": "stacked"}  # the site draws it too, for phones
        else:
            fig.legend(handles, names, loc="outside lower center", ncols=1, frameon=False)
        # every step of a path, rounded (else lr = 0.2's swing round 4, squeezed into
        # the valley's bottom, was read nowhere); a long path by its first and last steps
        ends = [{"name": name, "steps": _steps_spoken(path)} for name, path in arrays.items()]
        fig.alt_facts = alt_facts("plot_w_paths", lang, ends, best=spoken(float(grid[best])))
        if window is not None:  # the second panel, said after the paths
            space = "" if lang == "zh" else " "
            fig.alt_facts += space + alt_facts(
                "plot_w_paths.zoom", lang, w_low=spoken(window[0]), w_high=spoken(window[1]),
                loss_low=spoken(window[2]), loss_high=spoken(window[3]),
            )  # fmt: skip
        if len(arrays) == 1:  # one path, drawn in C0 (blue): its own first sentence
            fig.alt_name = "plot_w_paths.one"
            # and its losses, with the curve's bottom and plateau (the alt text gave
            # the path's w but no loss); the plateau starts where plot_loss_vs_w's does
            # (within 2 %, it said "36 above 138", where the curve is still 35.0 and rising:
            # r33; within 0.05, "204", where plot_loss_vs_w's 0.1 % gives 209 on this grid: r40f)
            (path,) = arrays.values()
            plateau = float(curve[-1])
            flat = _plateau_start(np.asarray(curve))
            losses = alt_facts(
                "plot_w_paths.losses", lang, start=f"{loss_at_w(path[0], x_train, y_train):.1f}",
                end=f"{loss_at_w(path[-1], x_train, y_train):.1f}", low=f"{curve[best]:.1f}",
                plateau=f"{plateau:.1f}",
                flat=spoken(float(grid[min(flat, len(grid) - 1)])),
                tol=f"{100 * _PLATEAU_TOLERANCE:g}",
            )  # fmt: skip
            fig.alt_facts += ("" if lang == "zh" else " ") + losses
    return fig
