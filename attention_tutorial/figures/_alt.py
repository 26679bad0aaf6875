"""The alt text of every figure: what it shows and what to notice, in Chinese and English.

``describe(fig, name, lang)`` writes a figure's description from two parts: the
sentence of ``ALT`` for the figure function ``name`` (what is plotted, what a
reader should notice) and the figure's own words (title, axis labels, legend
entries, captions), so the description always names the axes actually drawn.
``TutorialFigure`` stores it in the image (SVG ``<title>``, PNG ``Description``)
and the site build copies it into the ``alt`` of the page's ``<img>``.
"""

from __future__ import annotations

import re

from matplotlib.figure import Figure

_NUMBER = re.compile(r"\s*[-+]?[\d.]+\s*")

# Matplotlib mathtext in a label ("$\\alpha(q, k_i)$") becomes plain Unicode
# ("α(q, kᵢ)"): a screen reader reads the alt text aloud, TeX and all.
_SYMBOLS = {
    r"\alpha": "α", r"\sigma": "σ", r"\pi": "π", r"\ell": "ℓ", r"\infty": "∞",
    r"\partial": "∂", r"\sum": "Σ", r"\cdot": "·", r"\top": "T", r"\sqrt": "√",
    r"\lVert": "‖", r"\rVert": "‖", r"\tfrac12": "½", r"\big": "", r"\,": " ",
    r"\mathrm": "", r"\mathbf": "",
}  # fmt: skip
_ACCENTS = re.compile(r"\\(hat|bar)\s*\{?(\w)\}?")
_COMBINING = {"hat": "\u0302", "bar": "\u0304"}
_SUBSCRIPTS = str.maketrans("0123456789ijn+-", "₀₁₂₃₄₅₆₇₈₉ᵢⱼₙ₊₋")
_SUPERSCRIPTS = str.maketrans("0123456789Tn+-", "⁰¹²³⁴⁵⁶⁷⁸⁹ᵀⁿ⁺⁻")
_SCRIPT = re.compile(r"([_^])(?:\{([^{}]*)\}|(\S))")


def plain(text: str) -> str:
    r"""Return ``text`` with its ``$...$`` mathtext written as plain Unicode.

    >>> plain(r"weight $\alpha(q, k_i)$ of $v_{12}$")
    'weight α(q, kᵢ) of v₁₂'
    """
    if "$" not in text:
        return text
    text = _ACCENTS.sub(lambda m: m.group(2) + _COMBINING[m.group(1)], text)
    for symbol, glyph in _SYMBOLS.items():
        text = text.replace(symbol, glyph)

    def script(match: re.Match) -> str:
        body = match.group(2) if match.group(2) is not None else match.group(3)
        table = _SUBSCRIPTS if match.group(1) == "_" else _SUPERSCRIPTS
        moved = body.translate(table)
        if all(a != b for a, b in zip(body, moved, strict=True)):
            return moved
        return match.group(1) + (body if len(body) == 1 else f"({body})")

    text = _SCRIPT.sub(script, text)
    text = re.sub(r"\\([A-Za-z]+)", r"\1", text)  # \sin, \exp: the name itself
    return text.replace("$", "").replace("{", "").replace("}", "")


ALT: dict[str, dict[str, str]] = {
    "zh": {
        "plot_fit": "曲线图：真实函数、模型的预测（虚线）和带噪声的训练点。"
        "看预测曲线离真实函数有多近，哪里偏离最大。",
        "plot_fits": "并排的几幅曲线图，每幅是一种预测（虚线）与真实函数、训练点的对比。"
        "比较各幅预测的平滑程度和偏差。",
        "plot_loss": "折线图：每个训练轮次的训练损失。看损失下降得多快、最后是否平稳。",
        "plot_loss_vs_w": "折线图：训练损失随参数 w（对数坐标）的变化，一条含自身的键，"
        "一条去掉自身的键（留一法），并标出留一法的最小值。"
        "含自身的键时 w 越大损失越小，留一法的曲线则在中间有最小值。",
        "plot_attention_heatmap": "热力图：注意力权重，每行一个查询，每列一个键，颜色越深权重越大。"
        "深色带沿对角线分布：每个查询主要关注离它近的键。",
        "plot_data": "散点与曲线图：真实函数、带噪声的训练点，以及曲线下方一排刻度表示测试输入"
        "（查询的位置）。",
        "plot_attention_pooling": "示意图：一个查询与每个键比较得到注意力权重（条形长度与数值），"
        "再按权重对值加权求和得到输出。离查询近的键权重大。",
        "plot_bandwidth_gallery": "图集：每行一个带宽 h，左边是 Nadaraya-Watson 拟合与均方误差，"
        "右边是对应的注意力权重热力图。h 小时拟合贴着噪声抖动、权重集中在对角线附近，"
        "h 大时拟合变平、权重摊开。",
        "draw_tensors": "张量示意图：每个张量画成一格一格的网格，"
        "箭头上写着把上一行变成下一行的代码。",
    },
    "en": {
        "plot_fit": "Line chart: the true function, the model's prediction (dashed) and the noisy "
        "training points. Notice how close the prediction stays to the truth and where "
        "it strays most.",
        "plot_fits": "Panels side by side, each comparing one prediction (dashed) with the true "
        "function and the training points. Compare how smooth and how biased each one is.",
        "plot_loss": "Line chart of the training loss per epoch. Notice how fast it falls and "
        "whether it levels off.",
        "plot_loss_vs_w": "Line chart of the training loss against the parameter w (log scale), "
        "once with each point's own key included and once left out (leave-one-out), with "
        "the leave-one-out minimum marked. With the own key the loss keeps falling as w "
        "grows; the leave-one-out curve has its minimum in between.",
        "plot_attention_heatmap": "Heatmap of attention weights, one row per query and one "
        "column per key; darker means a larger weight. The dark band along the diagonal "
        "shows that each query attends mostly to the keys near it.",
        "plot_data": "Scatter and line chart: the true function, the noisy training points, "
        "and a row of ticks under the curve marking the test inputs (where the queries are).",
        "plot_attention_pooling": "Diagram: one query is compared with each key to give an "
        "attention weight (bar length and number); the values weighted by these give the "
        "output. Keys close to the query get the largest weights.",
        "plot_bandwidth_gallery": "Gallery, one row per bandwidth h: on the left the "
        "Nadaraya-Watson fit with its mean squared error, on the right the matching heatmap "
        "of attention weights. A small h follows the noise with weights close to the "
        "diagonal; a large h flattens the fit and spreads the weights.",
        "draw_tensors": "Tensor diagram: each tensor is drawn as a grid of cells; the arrows "
        "carry the code that turns one row into the next.",
    },
}
_DIAGRAM = {
    "zh": "张量示意图（{op}）：每个张量画成一格一格的网格，同色的格子来自同一个元素。",
    "en": "Tensor diagram ({op}): each tensor is drawn as a grid of cells; cells of one "
    "colour come from the same element.",
}
_PARTS = {
    "zh": {
        "x": "横轴：{}",
        "y": "纵轴：{}",
        "bar": "颜色条：{}",
        "title": "标题：{}",
        "legend": "图例：{}",
        "sep": "；",
    },
    "en": {
        "x": "x axis: {}",
        "y": "y axis: {}",
        "bar": "colour bar: {}",
        "title": "title: {}",
        "legend": "legend: {}",
        "sep": "; ",
    },
}


def _figure_words(fig: Figure, lang: str) -> list[str]:
    """The words drawn in ``fig``: titles, axis labels, legends and free texts, each once."""
    parts = _PARTS[lang]
    seen: list[str] = []

    def add(text: str) -> None:
        text = " ".join(plain(text).split())
        if text and text not in seen:
            seen.append(text)

    if fig._suptitle is not None:
        add(parts["title"].format(fig._suptitle.get_text()))
    for ax in fig.axes:
        if ax.get_title():
            add(parts["title"].format(ax.get_title()))
        if ax.get_xlabel():
            add(parts["x"].format(ax.get_xlabel()))
        if ax.get_ylabel():
            add(parts["bar" if hasattr(ax, "_colorbar") else "y"].format(ax.get_ylabel()))
        legend = ax.get_legend()
        if legend is not None:
            entries = parts["sep"].join(t.get_text() for t in legend.get_texts())
            add(parts["legend"].format(entries))
        for text in ax.texts:
            words = text.get_text()
            if str(text.get_gid()).startswith(("cell", "value")) or _NUMBER.fullmatch(words):
                continue
            add(words)
    for legend in fig.legends:
        entries = parts["sep"].join(t.get_text() for t in legend.get_texts())
        add(parts["legend"].format(entries))
    return seen


def describe(fig: Figure, name: str, lang: str) -> str:
    """Return the alt text of ``fig``, drawn by the figure function ``name`` in ``lang``.

    >>> from attention_tutorial.figures.curves import plot_loss
    >>> describe(plot_loss([3.0, 2.0, 1.0], lang="en"), "plot_loss", "en")[-43:]
    'x axis: epoch; y axis: training loss (sum).'
    """
    if lang not in ALT:
        raise ValueError(f"lang must be 'zh' or 'en', got {lang!r}")
    if name in ALT[lang]:
        lead = ALT[lang][name]
    else:
        lead = _DIAGRAM[lang].format(op=name.removeprefix("diagram_").replace("_", " "))
    words = _figure_words(fig, lang)
    return lead + (
        "" if not words else " " + _PARTS[lang]["sep"].join(words) + ("。" if lang == "zh" else ".")
    )
