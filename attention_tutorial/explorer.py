"""The interactive bandwidth explorer: the data written into the page, the browser does the rest.

``bandwidth_explorer`` returns a ``BandwidthExplorer``, which a notebook cell
displays: on the site with a slider for ``w``, elsewhere as the static picture
of its four panels (``figures.explorer_panels.plot_explorer_panels``), in the
current language (``figures.set_language``).

Explained on the pages `nonparametric.md` and `leave-one-out.md`.
"""

from __future__ import annotations

import base64
import html
import json
import os
from collections.abc import Sequence
from typing import Any

import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial._contract import EXPLORER_WIDE_MIN_PX, STATIC_STYLE
from attention_tutorial.data import ToyData, make_data
from attention_tutorial.figures._base import (
    FIGURE_LANGS_ENV,
    FIGURE_MIME,
    current_language,
    encode,
    labels,
    reading_facts,
)
from attention_tutorial.figures.explorer_panels import (
    LAYOUTS,
    W_MAX,
    W_MIN,
    _bumps_title,
    plot_explorer_panels,
)

W_STEPS = 401  # the slider: log10(w) from -1 to 3 in steps of 0.01, like logspace(-1, 3, 401)
# STATIC_STYLE and the wide picture's declared minimum width (attention_tutorial/_contract.py):
# the style that shows one of the static picture's two layouts, carried in the widget's HTML.
_WIDE_MIN_PX = EXPLORER_WIDE_MIN_PX

# Words of the page's controls and panels that are not figure words; the words the
# panels share with the static figure come from the one table, figures._labels.
_LABELS = {
    "zh": {
        "title": "带宽探索器",
        "w": "w",
        "w_name": "w（带宽的倒数，对数刻度）",  # the slider's name: a scale on a slider is 刻度
        "bandwidth": "h",  # the bandwidth 1/|w|: w, h and L on one line at 375 px
        "current_note": "当前 w = {w}，L = {loss}",
        # what a screen reader says of the slider: w, the loss there, and at the grid's
        # minimum that it is the minimum (with w alone, the minimum could not be found: r37h)
        "value_text": "w = {w}，L = {loss}",
        "value_text_minimum": "w = {w}，L = {loss}（最小值）",
        "minimum": "最小值",
        "query": "查询",
        "static": "w = {w:g} 时的四个面板（静态版；在本网站的课程页上可以拖动 w）",
        # each live panel's description for screen readers, with the slider's state
        "fit_alt": "曲线图：w = {w}（带宽 {h}）时的 Nadaraya-Watson 拟合（虚线），"
        "以及真实函数和训练点。",
        "bumps_alt": "曲线图：w = {w} 时几个查询对各个键的注意力权重，每个查询一座峰，"
        "w 越大峰越窄。",
        "heatmap_alt": "热图：w = {w} 时的注意力权重，每行一个查询，每列一个键，"
        "颜色越浓权重越大（颜色条从 0 到最大的权重 {max}）。",
        "loss_alt": "曲线图：留一法损失随 w（对数坐标）的变化。当前 w = {w}，L = {loss}；"
        "最小值在 w ≈ {best}。",
    },
    "en": {
        "title": "Bandwidth explorer",
        "w": "w",
        "w_name": "w (the inverse of the bandwidth, log scale)",
        "bandwidth": "h",
        "current_note": "current w = {w}, L = {loss}",
        "value_text": "w = {w}, L = {loss}",
        "value_text_minimum": "w = {w}, L = {loss} (the minimum)",
        "minimum": "minimum",
        "query": "query",
        "static": "The four panels at w = {w:g} (static; on this site's lesson page, w can "
        "be moved)",
        # each live panel's description for screen readers, with the slider's state
        "fit_alt": "Line chart: the Nadaraya-Watson fit (dashed) at w = {w} (bandwidth {h}), "
        "with the true function and the training points.",
        "bumps_alt": "Line chart: the attention weights of a few queries over the keys at "
        "w = {w}, one bump per query; a larger w makes the bumps narrower.",
        "heatmap_alt": "Heatmap of the attention weights at w = {w}, one row per query and "
        "one column per key, a more intense colour for a larger weight (the colour key runs from 0 "
        "to the largest weight, {max}).",
        "loss_alt": "Line chart of the leave-one-out loss against w (log scale). At the "
        "current w = {w}, L = {loss}; the minimum is at w ≈ {best}.",
    },
}
# the JavaScript's name of a word -> its key in figures._labels.LABELS
_SHARED = {
    "fit": "panel_fit", "bumps": "panel_bumps", "heatmap": "panel_heatmap",
    "loss": "panel_loss", "x": "x", "y": "y", "truth": "truth", "prediction": "prediction",
    "train": "train_points", "weight": "weight", "queries": "queries", "keys": "keys",
    "w_axis": "w_log", "loss_axis": "loo_loss", "loss_axis_narrow": "loo_loss_narrow",
}  # fmt: skip


def _words(lang: str) -> dict[str, str]:
    """Every word the page's explorer shows, in ``lang``."""
    if lang not in _LABELS:
        raise ValueError(f"lang must be 'zh' or 'en', got {lang!r}")
    shared = labels(lang)
    return {**{name: shared[key] for name, key in _SHARED.items()}, **_LABELS[lang]}


def _floats(values: torch.Tensor) -> list[float]:
    """Exact decimal copies of a tensor's values (float32 -> float64 is exact)."""
    return [float(v) for v in values.detach().double().tolist()]


def bandwidth_explorer(
    data: ToyData | None = None,
    w: float | Tensor = 1.0,
    *,
    query_indices: Sequence[int] = (0, 25, 40),
) -> BandwidthExplorer:
    """Return the bandwidth explorer of ``data`` (``make_data()`` by default); end a cell with it.

    Explained on the pages `nonparametric.md` and `leave-one-out.md`.

    Args:
        data: The toy data set; ``make_data()`` if ``None``.
        w: The initial ``w``, between 0.1 and 1000: a number or a one-element
            floating tensor such as ``model.w``.
        query_indices: One to three distinct test indices (ints), each from 0 to
            ``n_test - 1`` (0 to 49 for ``make_data()``): the queries whose
            weights are drawn as bumps.

    Returns:
        A ``BandwidthExplorer``, which a notebook cell displays: with a slider
        on this site's lesson pages, as its static picture elsewhere (in
        Jupyter too).

    Raises:
        TypeError: If ``data`` is not a ``ToyData``, ``w`` is not a number or
            a tensor, or is a bool (``True`` is not a valid ``w``), or
            ``query_indices`` is not a sequence of ints.
        ValueError: If ``w`` is a tensor but has more than one element or an
            integer or bool dtype, or is not between 0.1 and 1000, or ``query_indices``
            is empty, holds more than three indices, repeats one, or holds one not
            between 0 and ``n_test - 1``.

    Examples:
        >>> # the explorer of both lessons
        >>> explorer = bandwidth_explorer(
        ...     make_data(),
        ...     w=1.0,
        ...     query_indices=(0, 25, 40),
        ... )
        >>> explorer.query_indices
        [0, 25, 40]
        >>> # each index at most once
        >>> # (prints_error runs a line that
        >>> # must fail and prints its error,
        >>> # wrapped at width characters)
        >>> with prints_error(
        ...     ValueError, width=40
        ... ):
        ...     bandwidth_explorer(
        ...         query_indices=(1, 1)
        ...     )
        ValueError: query_indices must not
            repeat an index, got (1, 1)
    """
    data = make_data() if data is None else data
    if not isinstance(data, ToyData):
        raise TypeError(f"data must be a ToyData (from make_data), got {type(data).__name__}")
    w = _checks.scalar("w", w, positive=True)
    if not W_MIN <= w <= W_MAX:
        raise ValueError(f"w must be between {W_MIN} and {W_MAX}, got {w!r}")
    indices = _checks.distinct_indices("query_indices", query_indices, data.n_test, 3)
    return BandwidthExplorer(data, w, indices)


class BandwidthExplorer:
    """What ``bandwidth_explorer`` returns; a notebook cell displays it as its HTML.

    Explained on the pages `nonparametric.md` and `leave-one-out.md`.

    Attributes:
        data: The toy data written into the page.
        w: The initial ``w`` of the slider.
        query_indices: The test indices whose weights are drawn as bumps.

    Examples:
        >>> explorer = bandwidth_explorer()
        >>> explorer.w, explorer.query_indices
        (1.0, [0, 25, 40])
        >>> # its HTML: in a file of your own,
        >>> # the static picture (the slider
        >>> # needs this site's script)
        >>> explorer.html().startswith("<div")
        True
    """

    data: ToyData
    w: float
    query_indices: list[int]

    def __init__(self, data: ToyData, w: float, query_indices: list[int]) -> None:
        """Keep the data, the initial ``w`` and the query indices (checked by the caller)."""
        self.data, self.w, self.query_indices = data, w, query_indices

    def _payload(self, lang: str) -> dict[str, Any]:
        """The JSON the browser reads: the data, the slider's range, the labels.

        Internal (the page's script reads it from ``html``), so not on the API page.
        """
        words = _words(lang)
        # the bumps panel's title counts the queries, as in the static figure
        words["bumps"] = _bumps_title(words["bumps"], lang, len(self.query_indices))
        # the heatmap's title wraps before its parenthesis, as the static figure breaks it,
        # not inside it: "... (rows: queries, columns:" then "keys)" alone
        head, paren, tail = words["heatmap"].partition(" (")
        words["heatmap"] = head + paren + tail.replace(" ", "\N{NO-BREAK SPACE}")
        return {
            "x_train": _floats(self.data.x_train),
            "y_train": _floats(self.data.y_train),
            "x_test": _floats(self.data.x_test),
            "y_truth": _floats(self.data.y_truth),
            "queries": self.query_indices,
            "w": self.w,
            "w_min": W_MIN,
            "w_max": W_MAX,
            "w_steps": W_STEPS,
            "labels": words,
        }

    def html(self, lang: str | None = None) -> str:
        """The explorer's HTML: its JSON and its static figure.

        The figure comes in the two layouts of ``plot_explorer_panels``,
        ``"wide"`` and ``"stacked"``, each with its alt text; the HTML shows the
        stacked one on a narrow screen (a phone) or in a column too narrow for
        the wide one, the wide one elsewhere.

        Args:
            lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the
                current language), as for the figures.

        Returns:
            The HTML, a string; saved to a file of your own, it shows the static figure.
        """
        lang = current_language() if lang is None else lang
        payload = json.dumps(self._payload(lang), ensure_ascii=False, separators=(",", ":"))
        payload = payload.replace("</", "<\\/")  # the JSON cannot end its <script>
        caption = html.escape(_LABELS[lang]["static"].format(w=self.w))
        # the picture in two layouts: 2 x 2 on wide screens, stacked on a phone (explorer.css
        # shows one per width; the site build keeps the classes attn-shown-wide and
        # attn-shown-narrow, and outside the site the HTML's <style> hides one)
        images = []
        for layout in LAYOUTS:
            fig = plot_explorer_panels(
                self.data, self.w, query_indices=self.query_indices, layout=layout, lang=lang
            )
            fig.shown_on = "wide" if layout == "wide" else "narrow"
            # the narrowest column that shows its text readably, which STATIC_STYLE reads
            min_width = reading_facts(fig)["min_width_px"]
            mime, image, _ = encode(fig)
            if mime == "image/svg+xml":
                image = base64.b64encode(image.encode("utf-8")).decode("ascii")
            alt = html.escape(fig.description or caption)  # the four panels, described
            images.append(
                f'<img class="attn-shown-{fig.shown_on}" alt="{alt}" '
                f'data-min-width="{min_width}" src="data:{mime};base64,{image}">'
            )
        return (
            f'<div class="attn-explorer" data-lang="{lang}">{STATIC_STYLE}'
            f'<script type="application/json" class="attn-explorer-data">{payload}</script>'
            f'<figure class="attn-explorer-static">{"".join(images)}'
            f"<figcaption>{caption}</figcaption></figure>"
            "</div>"
        )

    def _repr_html_(self) -> str:
        """The HTML in the current language (``figures.set_language``)."""
        return self.html()

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """text/html in the current language; the build's languages as variants."""
        langs = os.environ.get(FIGURE_LANGS_ENV)
        wanted = langs.split(",") if langs else []
        here = current_language()
        # each language drawn once: the current one serves text/html and its variant
        pages = {lang: self.html(lang) for lang in dict.fromkeys([here, *wanted])}
        bundle: dict[str, Any] = {"text/html": pages[here], "text/plain": repr(self)}
        if wanted:
            bundle[FIGURE_MIME] = {
                lang: {"mime": "text/html", "data": pages[lang], "metadata": {}} for lang in wanted
            }
        return bundle, {}

    def __repr__(self) -> str:
        """Name the initial ``w`` and the size of the data."""
        sizes = f"n_train={self.data.n_train}, n_test={self.data.n_test}"
        return f"BandwidthExplorer(w={self.w!r}, {sizes})"
