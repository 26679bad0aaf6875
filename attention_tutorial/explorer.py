"""The interactive bandwidth explorer: the data written into the page, the browser does the rest.

``bandwidth_explorer`` returns an object that a notebook displays as HTML: a
container with the seeded data as JSON and, as the fallback without
JavaScript, a static picture of the same four panels drawn by
``plot_explorer_panels``. The site's ``docs/assets/javascripts/explorer.js``
finds the container, adds a slider for ``w`` and recomputes the attention
weights, the fit and the leave-one-out loss in the browser. Like the figures,
the HTML is produced in every language the build asks for
(``ATTENTION_TUTORIAL_FIGURE_LANGS``).

Explained on the pages `nonparametric.md` and `leave-one-out.md`.
"""

from __future__ import annotations

import base64
import html
import json
import os
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch

from attention_tutorial import _checks
from attention_tutorial._figure import (
    FIGURE_LANGS_ENV,
    FIGURE_MIME,
    TutorialFigure,
    bilingual,
    encode,
)
from attention_tutorial.analysis import loss_curve
from attention_tutorial.data import ToyData, make_data
from attention_tutorial.plotting import _FONTS, _building
from attention_tutorial.pooling import nadaraya_watson

W_MIN, W_MAX, W_STEPS = 0.1, 1000.0, 401  # the slider: log10(w) from -1 to 3 in steps of 0.01

_LABELS = {
    "zh": {
        "title": "带宽探索器",
        "w": "w",
        "bandwidth": "带宽 1/|w|",
        "fit": "拟合、真实函数与训练数据",
        "bumps": "三个查询的注意力权重",
        "heatmap": "注意力权重热图（行：查询，列：键）",
        "loss": "留一法训练损失与 w",
        "x": "输入 x",
        "y": "输出 y",
        "truth": "真实函数 f(x)",
        "prediction": "预测值",
        "train": "训练数据",
        "weight": "注意力权重",
        "queries": "查询（测试输入）",
        "keys": "键（训练输入）",
        "w_axis": "w（对数坐标）",
        "loss_axis": "留一法损失（求和）",
        "current": "当前 w",
        "minimum": "最小值",
        "query": "查询",
        "static": "w = {w:g} 时的四幅图（静态版；启用 JavaScript 后可拖动 w）",
    },
    "en": {
        "title": "Bandwidth explorer",
        "w": "w",
        "bandwidth": "bandwidth 1/|w|",
        "fit": "fit, true function and training data",
        "bumps": "attention weights of three queries",
        "heatmap": "attention weights (rows: queries, columns: keys)",
        "loss": "leave-one-out training loss against w",
        "x": "input x",
        "y": "output y",
        "truth": "true function f(x)",
        "prediction": "prediction",
        "train": "training data",
        "weight": "attention weight",
        "queries": "queries (test inputs)",
        "keys": "keys (training inputs)",
        "w_axis": "w (log scale)",
        "loss_axis": "leave-one-out loss (sum)",
        "current": "current w",
        "minimum": "minimum",
        "query": "query",
        "static": "The four panels at w = {w:g} (static; with JavaScript, w can be moved)",
    },
}


def _floats(values: torch.Tensor) -> list[float]:
    """Exact decimal copies of a tensor's values (float32 -> float64 is exact)."""
    return [float(v) for v in values.detach().double().tolist()]


def _query_indices(indices: Sequence[int], n_test: int) -> list[int]:
    checked = [_checks.integer("query_indices[i]", i, minimum=0) for i in indices]
    if not checked or any(i >= n_test for i in checked):
        raise ValueError(
            f"query_indices must be 1 to 3 indices below n_test = {n_test}, got {indices}"
        )
    if len(checked) > 3:
        raise ValueError(f"query_indices must hold at most 3 indices, got {len(checked)}")
    return checked


@bilingual
def plot_explorer_panels(
    data: ToyData,
    w: float = 1.0,
    *,
    query_indices: Sequence[int] = (0, 25, 40),
    lang: str = "zh",
) -> TutorialFigure:
    """Draw the explorer's four panels at one ``w``: the picture shown without JavaScript.

    Explained on the page `nonparametric.md`.

    Args:
        data: The toy data set (``make_data()``).
        w: The inverse bandwidth, positive.
        query_indices: Up to three test indices whose weights are drawn as bumps.
        lang: ``"zh"`` or ``"en"``, the language of the labels.

    Returns:
        The figure, with four axes (and a colour bar).

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``lang`` is unknown or a value is out of range.

    Examples:
        >>> fig = plot_explorer_panels(make_data(n_train=10), 2.0, lang="en")
        >>> [ax.get_xlabel() for ax in fig.axes[:2]]
        ['input x', 'keys (training inputs)']
    """
    with _building(lang, _LABELS) as labels:
        if not isinstance(data, ToyData):
            raise TypeError(f"data must be a ToyData (from make_data), got {type(data).__name__}")
        w = _checks.positive_number("w", w)
        indices = _query_indices(query_indices, data.n_test)
        y_hat, weights = nadaraya_watson(data.x_test, data.x_train, data.y_train, 1 / w)
        grid = np.logspace(np.log10(W_MIN), np.log10(W_MAX), 101)
        losses = loss_curve(grid, data.x_train, data.y_train)  # (101,)
        x_test, x_train = data.x_test.numpy(), data.x_train.numpy()
        fig = TutorialFigure(figsize=(9.0, 6.4), layout="constrained", facecolor="white")
        (ax_fit, ax_bumps), (ax_map, ax_loss) = fig.subplots(2, 2)
        for ax in (ax_fit, ax_bumps, ax_map, ax_loss):
            ax.tick_params(labelfontfamily=_FONTS[lang])
        ax_fit.plot(x_test, data.y_truth.numpy(), color="black", label=labels["truth"])
        ax_fit.plot(x_test, y_hat.numpy(), linestyle="--", label=labels["prediction"])
        ax_fit.scatter(x_train, data.y_train.numpy(), s=10, alpha=0.5, label=labels["train"])
        ax_fit.set(xlabel=labels["x"], ylabel=labels["y"], title=labels["fit"])
        ax_fit.legend(fontsize="small")
        for k, i in enumerate(indices):
            ax_bumps.plot(x_train, weights[i].numpy(), marker=".", color=f"C{k + 1}",
                          label=f"{labels['query']} x = {x_test[i]:.1f}")  # fmt: skip
            ax_bumps.axvline(x_test[i], color=f"C{k + 1}", linestyle=":")
        ax_bumps.set(xlabel=labels["keys"], ylabel=labels["weight"], title=labels["bumps"])
        ax_bumps.legend(fontsize="small")
        image = ax_map.imshow(weights.numpy(), cmap="Reds", aspect="auto")
        fig.colorbar(image, ax=ax_map).ax.tick_params(labelfontfamily=_FONTS[lang])
        ax_map.set(xlabel=labels["keys"], ylabel=labels["queries"], title=labels["heatmap"])
        ax_loss.plot(grid, losses, color="grey")
        best = int(np.argmin(losses))
        ax_loss.scatter([grid[best]], [losses[best]], marker="*", s=100, color="black",
                        label=f"{labels['minimum']} w ≈ {grid[best]:.2f}")  # fmt: skip
        ax_loss.axvline(w, color="C3", label=f"{labels['current']} = {w:g}")
        ax_loss.set_xscale("log")
        ax_loss.set(xlabel=labels["w_axis"], ylabel=labels["loss_axis"], title=labels["loss"])
        ax_loss.legend(fontsize="small")
        for ax in (ax_fit, ax_bumps, ax_map, ax_loss):
            ax.title.set_fontsize("medium")
    return fig


class BandwidthExplorer:
    """What ``bandwidth_explorer`` returns: displays itself as the explorer's HTML.

    Explained on the page `nonparametric.md`.

    Attributes:
        data: The toy data written into the page.
        w: The initial ``w`` of the slider.
        query_indices: The test indices whose weights are drawn as bumps.

    Examples:
        >>> html = bandwidth_explorer(make_data(n_train=10)).html("en")
        >>> html.startswith('<div class="attn-explorer" data-lang="en">')
        True
    """

    def __init__(self, data: ToyData, w: float, query_indices: list[int]) -> None:
        """Keep the data, the initial ``w`` and the query indices (checked by the caller)."""
        self.data, self.w, self.query_indices = data, w, query_indices

    def payload(self, lang: str) -> dict[str, Any]:
        """The JSON the browser reads: the data, the slider's range, the labels."""
        if lang not in _LABELS:
            raise ValueError(f"lang must be 'zh' or 'en', got {lang!r}")
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
            "labels": _LABELS[lang],
        }

    def html(self, lang: str = "zh") -> str:
        """The container: the JSON, and the static figure shown without JavaScript."""
        payload = json.dumps(self.payload(lang), ensure_ascii=False, separators=(",", ":"))
        payload = payload.replace("</", "<\\/")  # the JSON cannot end its <script>
        fig = plot_explorer_panels(self.data, self.w, query_indices=self.query_indices, lang=lang)
        mime, image, _ = encode(fig)
        if mime == "image/svg+xml":
            image = base64.b64encode(image.encode("utf-8")).decode("ascii")
        caption = html.escape(_LABELS[lang]["static"].format(w=self.w))
        return (
            f'<div class="attn-explorer" data-lang="{lang}">'
            f'<script type="application/json" class="attn-explorer-data">{payload}</script>'
            f'<figure class="attn-explorer-static"><img alt="{caption}" '
            f'src="data:{mime};base64,{image}"><figcaption>{caption}</figcaption></figure>'
            "</div>"
        )

    def _repr_html_(self) -> str:
        return self.html("zh")

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        bundle: dict[str, Any] = {"text/html": self.html("zh"), "text/plain": repr(self)}
        langs = os.environ.get(FIGURE_LANGS_ENV)
        if langs:
            bundle[FIGURE_MIME] = {
                lang: {"mime": "text/html", "data": self.html(lang), "metadata": {}}
                for lang in langs.split(",")
            }
        return bundle, {}

    def __repr__(self) -> str:
        """Name the initial ``w`` and the size of the data."""
        sizes = f"n_train={self.data.n_train}, n_test={self.data.n_test}"
        return f"BandwidthExplorer(w={self.w:g}, {sizes})"


def bandwidth_explorer(
    data: ToyData | None = None, *, w: float = 1.0, query_indices: Sequence[int] = (0, 25, 40)
) -> BandwidthExplorer:
    """Return the interactive bandwidth explorer of ``data``, for display in a notebook cell.

    On the site a slider moves ``w`` from 0.1 to 1000 (log scale) and four panels
    follow: the fit, the weights of three queries, the weights' heatmap and the
    leave-one-out loss against ``w``, all computed in the browser from the data
    written into the page. Without JavaScript the static picture of
    ``plot_explorer_panels`` at the initial ``w`` stays.

    Explained on the pages `nonparametric.md` and `leave-one-out.md`.

    Args:
        data: The toy data set; ``make_data()`` if ``None``.
        w: The initial ``w``, between 0.1 and 1000.
        query_indices: One to three test indices whose weights are drawn as bumps.

    Returns:
        A ``BandwidthExplorer``; a notebook shows it as HTML.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``w`` or an index is out of range.

    Examples:
        >>> explorer = bandwidth_explorer(make_data(n_train=10), w=2.0)
        >>> explorer
        BandwidthExplorer(w=2, n_train=10, n_test=50)
        >>> len(explorer.payload("en")["x_train"]), explorer.payload("en")["labels"]["w"]
        (10, 'w')
    """
    data = make_data() if data is None else data
    if not isinstance(data, ToyData):
        raise TypeError(f"data must be a ToyData (from make_data), got {type(data).__name__}")
    w = _checks.positive_number("w", w)
    if not W_MIN <= w <= W_MAX:
        raise ValueError(f"w must be between {W_MIN} and {W_MAX}, got {w!r}")
    return BandwidthExplorer(data, w, _query_indices(query_indices, data.n_test))
