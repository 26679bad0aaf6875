"""The alt text of every figure: what it shows and what to notice, in Chinese and English.

``describe(fig, name, lang)`` writes a figure's description from two parts: the
sentence of ``ALT`` for the figure function ``name`` (what is plotted, what a
reader should notice) and the figure's own words (title, axis labels, legend
entries, captions), so the description always names the axes actually drawn.
``TutorialFigure`` stores it in the image (SVG ``<title>``, PNG ``Description``)
and the site build copies it into the ``alt`` of the page's ``<img>``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from matplotlib.figure import Figure

_NUMBER = re.compile(r"\s*[-+\N{MINUS SIGN}]?[\d.]+\s*")
_DIAGRAM_GIDS = ("cell", "value", "slice:", "code:", "shape:", "caption:", "arrow:")

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

    >>> plain(
    ...     r"weight $\alpha(q, k_i)$ of $v_{12}$"
    ... )
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


# How a tensor diagram of several levels is read; a picture with no arrow (one level, or
# levels without code between them) leaves it out: it has no levels or arrows to speak of.
STEPS = {
    "zh": "，从上往下一排排变换，每一步的代码写在箭头旁",
    "en": ", transformed level by level from the top, the code of each step beside its arrow",
}
ALT: dict[str, dict[str, str]] = {
    "zh": {
        "plot_fit": "曲线图：真实函数、模型的预测（虚线）和带噪声的训练点。",
        # plot_matrices(own_scale=...): the last matrices on a scale of their own
        "plot_matrices.own_scale": "几个小矩阵画成热图，每格写着元素的值；颜色刻度关于 0 "
        "对称，蓝色为负、红色为正，绝对值越大颜色越醒目（浅色页上越深，深色页上越亮）。颜色条有两个，都画在矩阵下面："
        "最后的矩阵数值小得多，单独用一个。",
        # {count}: the number of panels in words (``alt_values``, ``count_words``)
        "plot_fits": "{count}幅并排的曲线图，每幅是一种预测（虚线）与真实函数、训练点的对比。",
        "plot_fits.stacked": "{count}幅上下排列的曲线图，每幅是一种预测（虚线）与真实函数、"
        "训练点的对比。",
        "plot_loss": "折线图：每个训练轮次的训练损失（每轮在更新之前测得）。",
        "plot_loss_vs_w": "折线图：训练损失随参数 w（对数坐标）的变化，一条含自身的键，"
        "一条去掉自身的键（留一法），并用星号标出留一法的最小值。"
        "含自身的键时 w 越大损失越小，留一法的曲线则在中间有最小值。",
        "plot_attention_heatmap": "热图：注意力权重，每行一个查询，每列一个键，"
        "格子越醒目（浅色页上越深，深色页上越亮）权重越大。",
        "plot_data": "散点与曲线图：真实函数、带噪声的训练点，以及曲线下方一排短竖线表示测试输入"
        "（查询的位置）。",
        "plot_attention_pooling": "示意图：一个查询与每个键比较得到注意力权重（条形长度与数值），"
        "再按权重对值加权求和得到输出。离查询近的键权重大。",
        "plot_bandwidth_gallery": "图集：每行一个带宽 h，左边是 Nadaraya-Watson 拟合与均方误差，"
        "右边是对应的注意力权重热图。",
        "plot_attention_heatmaps": "几幅注意力权重热图上下排列，各有标题："
        "同一批查询（行）对同一批键（列），共用一个颜色刻度，格子越醒目（浅色页上越深，深色页上越亮）权重越大。",
        "plot_kernel_contours": "每个模型一幅图，左右并排，坐标轴相同：核在查询（叉）周围的等高线，"
        "各幅图的等高线取相同高度；圆环是核的中心{keys}。",
        # one model: one panel, nothing side by side (r54)
        "plot_kernel_contours.one": "一幅图：核在查询（叉）周围的等高线；圆环是核的中心{keys}。",
        "plot_kernel_contours.stacked": "每个模型一幅图，上下排列，坐标轴相同：核在查询（叉）周围的"
        "等高线，各幅图的等高线取相同高度；圆环是核的中心{keys}。",
        "plot_score_parts": "两幅图，横轴都是键。左：一个查询对每个键的分数，拆成点积 q k（直线）、"
        "键偏置 −k²/2（开口向下的抛物线）和两者之和，虚线是高斯核分数 −(q − k)²/2，"
        "与两者之和平行，只低一个常数；竖的点线是查询的位置。右：两种分数经 softmax 得到的权重，"
        "点和线重合。",
        "plot_score_parts.stacked": "上下两幅图，横轴都是键。上：一个查询对每个键的分数，拆成点积 "
        "q k（直线）、键偏置 −k²/2（开口向下的抛物线）和两者之和，虚线是高斯核分数 "
        "−(q − k)²/2，与两者之和平行，只低一个常数；竖的点线是查询的位置。下：两种分数经 "
        "softmax 得到的权重，点和线重合。",
        # {left} and {right}: the marked inputs, filled in from the figure (``alt_values``)
        # a whole description (no list of drawn words after it, ``alt_words`` False): the
        # titles, both axes and every legend entry in their place (r35: the list after it
        # left out the entries this sentence half-said)
        "plot_boundary_bias": "两幅图。左图“{fit_title}”，横轴是{x_fit}，纵轴是{y_fit}："
        "真实函数、Nadaraya-Watson（局部常数）拟合（虚线）、局部线性回归拟合（点划线）和训练点，"
        "{marks}，真实函数上各标一个实心点，两条拟合曲线上各标"
        "一个圆环{ring}。"
        "右图“{weights_title}”，横轴是{x_w}，纵轴是{y_w}：{edge}查询 x = {left:g} 对各个键的"
        "注意力权重（条形），点线标出查询 x = {left:g}，实线标出权重的重心 x̄ = {centre:.2f}。"
        "{inwards}",
        "plot_w_paths": "折线图：灰色曲线是留一法损失随 w（对数坐标）的变化，星号标出最小值；"
        "每条彩色折线是一次训练中 w 一步步走过的位置，从方块（初值）到描边的圆点（终值）。",
        "plot_shape_flow": "流程图，从上往下读：先是非参数注意力汇聚的各步，再是带参数模型留一法"
        "训练的各步（从 x_train 开始，leave_one_out 把它和 y_train 变成键和值）；"
        "每个方框里左边是一步的代码或公式（链旁的方框引入输入或途中算出的查询），"
        "右端是这一步得到的张量形状（由真实运行得到）；"
        "蓝色方框是输入或输出，橙色方框是中间的张量。"
        "形状在 reshape（预测）和 leave_one_out（训练）这一步从一维变成二维，"
        "在各自的最后一步变回一维。",
        # each panel named before its words (左上：…), as the English: r35
        "plot_explorer_panels": "一个 w 下的四个面板。左上：拟合、真实函数和训练点；右上：三个查询"
        "对各个键的注意力权重（每个查询一个“鼓包”，点线标出查询的位置）；左下：全部查询的注意力"
        "权重热图（纵轴：查询（测试输入），每行一个，从上到下递增；横轴：键（训练输入），每列一个，"
        "从左到右递增）；右下：留一法损失随 w（对数坐标）的曲线，"
        "星号标出最小值，竖线标出图中所用的 w。",
        "plot_explorer_panels.stacked": "一个 w 下的四个面板，从上到下排列。第一个：拟合、"
        "真实函数和训练点；第二个：三个查询对各个键的注意力权重（每个查询一个“鼓包”，点线标出查询的位置）；"
        "第三个：全部查询的注意力权重热图（纵轴：查询（测试输入），每行一个，从上到下递增；"
        "横轴：键（训练输入），每列一个，从左到右递增）；"
        "第四个：留一法损失随 w（对数坐标）的曲线，星号标出最小值，竖线标出图中所用的 w。",
        "plot_scaling": "两幅双对数图：左边是每种写法的运行时间随 n 的变化，右边是峰值内存随 n 的"
        "变化。",
        "plot_scaling.stacked": "两幅上下排列的双对数图：上面是每种写法的运行时间随 n 的变化，"
        "下面是峰值内存随 n 的变化。",
        "plot_matrices": "几个小矩阵画成热图，每格写着元素的值；共用一个关于 0 对称的颜色刻度，"
        "画在下面的颜色条上，蓝色为负、红色为正，绝对值越大颜色越醒目（浅色页上越深，深色页上越亮）。",
        "draw_tensors": "张量示意图：每个张量画成一格一格的网格" + STEPS["zh"] + "。",
    },
    "en": {
        "plot_fit": "Line chart: the true function, the model's prediction (dashed) and the noisy "
        "training points.",
        "plot_matrices.own_scale": "Small matrices drawn as heatmaps with every entry "
        "written in, on colour scales symmetric about 0 (blue negative, red positive; the larger "
        "the magnitude, the more a cell stands out: darker on a light page, brighter on a dark "
        "one). There are two colour bars, both below the matrices: the last matrix, with much "
        "smaller entries, has one of its own.",
        "plot_fits": "{count} panels side by side, each comparing one prediction (dashed) with "
        "the true function and the training points.",
        "plot_fits.stacked": "{count} panels one above the other, each comparing one prediction "
        "(dashed) with the true function and the training points.",
        "plot_loss": "Line chart of the training loss per epoch, each measured before that "
        "epoch's step.",
        "plot_loss_vs_w": "Line chart of the training loss against the parameter w (log scale), "
        "once with each point's own key included and once left out (leave-one-out), with "
        "the leave-one-out minimum marked by a star. With the own key the loss keeps falling as w "
        "grows; the leave-one-out curve has its minimum in between.",
        "plot_attention_heatmap": "Heatmap of attention weights, one row per query and one "
        "column per key; the more a cell stands out from the page (darker on a light page, "
        "brighter on a dark one), the larger its weight.",
        "plot_data": "Scatter and line chart: the true function, the noisy training points, "
        "and a row of short vertical marks under the curve at the test inputs (where the "
        "queries are).",
        "plot_attention_pooling": "Diagram: one query is compared with each key to give an "
        "attention weight (bar length and number); the values weighted by these give the "
        "output. Keys close to the query get the largest weights.",
        "plot_bandwidth_gallery": "Gallery, one row per bandwidth h: on the left the "
        "Nadaraya-Watson fit with its mean squared error, on the right the matching heatmap "
        "of attention weights.",
        "plot_attention_heatmaps": "Heatmaps of attention weights stacked one above the "
        "other, each under its title: the same queries "
        "(rows) over the same keys (columns), on one shared colour scale, where the more a cell "
        "stands out from the page (darker on a light page, brighter on a dark one), the larger "
        "its weight.",
        "plot_kernel_contours": "One panel per model, side by side, same axes: the "
        "kernel's contours around the query (cross), same levels in each; ring: the centre"
        "{keys}.",
        "plot_kernel_contours.one": "One panel: the kernel's contours around the query "
        "(cross); ring: the centre{keys}.",
        "plot_kernel_contours.stacked": "One panel per model, one above the other, same axes: "
        "the kernel's contours around the query (cross), same levels in each; ring: the "
        "centre{keys}.",
        "plot_score_parts": "Two panels over the keys. Left: one query's score for each key, "
        "split into the dot product q k (a straight line), the key bias −k²/2 (a downward "
        "parabola) and their sum; dashed, the Gaussian score −(q − k)²/2, parallel to the sum "
        "and a constant below it; the dotted vertical line is the query. Right: the weights "
        "softmax gives for both scores, dots on the line.",
        "plot_score_parts.stacked": "Two panels over the keys, one above the other. Above: one "
        "query's score for each key, split into the dot product q k (a straight line), the key "
        "bias −k²/2 (a downward parabola) and their sum; dashed, the Gaussian score "
        "−(q − k)²/2, parallel to the sum and a constant below it; the dotted vertical line is "
        "the query. Below: the weights softmax gives for both scores, dots on the line.",
        "plot_boundary_bias": "Two panels. Left, \u201c{fit_title}\u201d, {y_fit} against "
        "{x_fit}: the true function, the Nadaraya-Watson (local constant) fit (dashed), the "
        "local linear regression fit (dash-dot) and the training points, with a solid dot "
        "on the truth and a ring on each fit {marks}{ring}. "
        "Right, \u201c{weights_title}\u201d, {y_w} against {x_w}: the attention weights of "
        "the {edge}query x = {left:g} over the keys (bars), a dotted line at the query "
        "x = {left:g} and a solid line at the centre of the weights, x̄ = {centre:.2f}."
        "{inwards}",
        "plot_w_paths": "Line chart: the leave-one-out loss against w (log scale) in grey, its "
        "minimum marked by a star; each coloured polyline is the path of w during one training "
        "run, from a square (start) to an outlined dot (end).",
        "plot_shape_flow": "Flow diagram read top to bottom: the steps of non-parametric "
        "attention pooling, then those of the parametric model's leave-one-out training (from "
        "x_train, which leave_one_out turns, with y_train, into keys and values); each "
        "box holds on the left one step's code or formula (the boxes beside the chain bring in "
        "the inputs or the computed queries), and on the right the shape of the tensor it "
        "gives (from a real run); blue boxes are inputs or outputs, orange ones the tensors in "
        "between. The shapes turn two-dimensional at reshape (prediction) and at "
        "leave_one_out (training), and one-dimensional again at the last step of each.",
        # each panel named before its words (top right: ...), and not in its title's words,
        # which the list after this sentence then keeps before the panel's axes (r35: the
        # list left the top-right and bottom-right titles out, so the loss axes read as the
        # heatmap's)
        "plot_explorer_panels": "Four panels at one w. Top left: the fit with the true "
        "function and the training points; top right: for three queries, the attention "
        "weight of each key (one bump per query, a dotted line at the query); bottom left: "
        "the heatmap of every query's weights (y axis: the queries (test inputs), one row "
        "each, increasing downwards; x axis: the keys (training inputs), one column each, "
        "increasing to the right); bottom right: the leave-one-out loss at each w (log "
        "scale), its minimum a star and the drawn w marked by a vertical line.",
        "plot_explorer_panels.stacked": "Four panels at one w, one above the other. First: "
        "the fit with the true function and the training points; second: for three queries, "
        "the attention weight of each key (one bump per query, a dotted line at the query); "
        "third: the heatmap of every query's weights (y axis: the queries (test inputs), one "
        "row each, increasing downwards; x axis: the keys (training inputs), one column each, "
        "increasing to the right); fourth: the leave-one-out loss at each w (log scale), its "
        "minimum a star and the drawn w marked by a vertical line.",
        "plot_scaling": "Two log-log charts: on the left the time of each formulation against "
        "n, on the right its peak memory.",
        "plot_scaling.stacked": "Two log-log charts, one above the other: above, the time of "
        "each formulation against n; below, its peak memory.",
        "plot_matrices": "Small matrices drawn as heatmaps with every entry written in, "
        "on one colour scale symmetric about 0, shown by the colour bar below them (blue "
        "negative, red positive; the larger the magnitude, the more a cell stands out: darker "
        "on a light page, brighter on a dark one).",
        "draw_tensors": "Tensor diagram: each tensor is drawn as a grid of cells"
        + STEPS["en"]
        + ".",
    },
}
# plot_scaling of rows with predicted_bytes: the memory chart's dotted lines too, named by
# the formulations that have one ({names}: "tiled (repeat_interleave)"; once "the dotted
# lines ..., in each formulation's colour" under a figure with one dotted line)
for _lang, _counted in {
    "zh": {
        "": "内存图上的点线是{names}按中间张量算出的字节数，颜色与所属写法相同。",
        "_one": "内存图上的点线是{names}按中间张量算出的字节数，颜色与它的实线相同。",
    },
    "en": {
        "": " The dotted lines on the memory chart, each in its formulation's colour, are the "
        "counted bytes of {names}: those their intermediate tensors take.",
        "_one": " The dotted line on the memory chart, in the colour of {names}, is its "
        "counted bytes: those its intermediate tensors take.",
    },
}.items():
    for _name in ("plot_scaling", "plot_scaling.stacked"):
        for _suffix, _dots in _counted.items():
            ALT[_lang][f"{_name}.counted{_suffix}"] = ALT[_lang][_name] + _dots
# two heatmaps (the pages' case) are counted: "two", not "several"
ALT["zh"]["plot_attention_heatmaps.two"] = ALT["zh"]["plot_attention_heatmaps"].replace(
    "几幅", "两幅", 1
)
ALT["en"]["plot_attention_heatmaps.two"] = ALT["en"]["plot_attention_heatmaps"].replace(
    "Heatmaps of attention weights stacked one above the other",
    "Two heatmaps of attention weights, one above the other",
    1,
)
# with the equivalent weights the attention weights are thin stems, not bars (bars
# under the dots hid them)
# and the sentence on the dots ({ell}, filled in by the figure) goes in the weights
# panel's part, before the sentence that sums up both panels
ALT["zh"]["plot_boundary_bias.stacked"] = (
    ALT["zh"]["plot_boundary_bias"]
    .replace("两幅图。左图", "上下两幅图。上图", 1)
    .replace("。右图", "。下图", 1)
)
ALT["en"]["plot_boundary_bias.stacked"] = (
    ALT["en"]["plot_boundary_bias"]
    .replace("Two panels. Left, ", "Two panels, one above the other. Above, ", 1)
    .replace(" Right, ", " Below, ", 1)
)
for _name in ("plot_boundary_bias", "plot_boundary_bias.stacked"):
    ALT["zh"][f"{_name}.stems"] = (
        ALT["zh"][_name]
        .replace("（条形）", "（细竖线，顶端是方块）", 1)
        .replace("{centre:.2f}。", "{centre:.2f}。{ell}", 1)
    )
    ALT["en"][f"{_name}.stems"] = (
        ALT["en"][_name]
        .replace("(bars)", "(thin stems with a square on top)", 1)
        .replace("{centre:.2f}.", "{centre:.2f}. {ell}", 1)
    )
    for _lang in ("zh", "en"):
        assert "{ell}" in ALT[_lang][f"{_name}.stems"]
# one path (the stepper's picture): "the blue polyline", not "each coloured polyline"
ALT["zh"]["plot_w_paths.one"] = ALT["zh"]["plot_w_paths"].replace(
    "每条彩色折线是一次训练中", "蓝色折线是这次训练中", 1
)
ALT["en"]["plot_w_paths.one"] = ALT["en"]["plot_w_paths"].replace(
    "each coloured polyline is the path of w during one training run",
    "the blue polyline is the path of w during the training run",
    1,
)
# the explorer's panels with one or two queries (three is the default): counted in words
for _lang, (_three, *_fewer) in {
    "zh": ("三个查询", "一个查询", "两个查询"),
    "en": ("three queries", "one query", "two queries"),
}.items():
    for _name in ("plot_explorer_panels", "plot_explorer_panels.stacked"):
        for _suffix, _count in zip((".one", ".two"), _fewer, strict=True):
            ALT[_lang][_name + _suffix] = ALT[_lang][_name].replace(_three, _count, 1)
# Sentences with numbers computed by a figure function from its own data: it fills one
# in with ``alt_facts(name, lang, ...)`` and stores it as ``fig.alt_facts``; ``describe``
# puts it right after the figure's sentence of ``ALT``.
ALT_FACTS: dict[str, dict[str, str]] = {
    "zh": {
        # plot_attention_pooling: the query, then key by key its weight and value, then f(q)
        "plot_attention_pooling.query": "查询 q = {q}",
        "plot_attention_pooling.panel": "键 k{i} = {k}，权重 {w}，值 v{i} = {v}",
        "plot_attention_pooling.end": "输出 f(q) = Σᵢ α(q, kᵢ) vᵢ ≈ {output}。",
        "plot_fit": "预测离真实函数最远处在 x = {x:.1f}：预测 {y_hat:.2f}，真实值 {y_truth:.2f}。"
        "预测的最高点 {hat_max:.2f}、最低点 {hat_min:.2f}，"
        "真实函数的最高点 {truth_max:.2f}、最低点 {truth_min:.2f}。",
        # a constant prediction (average pooling): not "highest 2.43, lowest 2.43" (r45)
        "plot_fit.flat": "预测离真实函数最远处在 x = {x:.1f}：预测 {y_hat:.2f}，"
        "真实值 {y_truth:.2f}。预测是一条水平线，处处为 {hat_max:.2f}；"
        "真实函数的最高点 {truth_max:.2f}、最低点 {truth_min:.2f}。",
        "plot_fits.panel": "{name}：均方误差 {mse:.3f}，最大跳动 {jump:.2f}",
        # plot_fits(describe=(low, high)): the panels' places, then each curve's mean gap
        "plot_fits.places2.wide": "左图 {first}，右图 {second}。",
        "plot_fits.places2.stacked": "上图 {first}，下图 {second}。",
        "plot_fits.places.wide": "从左到右：{names}。",
        "plot_fits.places.stacked": "从上到下：{names}。",
        "plot_fits.list": "、",
        "plot_fits.gaps": "{x} 在 {low} 到 {high} 之间，{gaps}。",
        "plot_fits.gap_first": "{name} 的曲线平均比{truth} {side} {gap:.2f}",
        "plot_fits.gap": "{name} 的曲线平均{side} {gap:.2f}",
        "plot_fits.gap_sep": "，",
        "plot_fits.above": "高",
        "plot_fits.below": "低",
        # {best}: a space before it only when the name starts with Latin text (plot_fits)
        "plot_fits.end": "均方误差最小的是{best}（这些数由曲线算出，图上没有标出；"
        "均方误差相对真实函数计算；最大跳动是相邻两个测试输入之间预测的最大变化，"
        "真实函数为 {jump:.2f}）。",
        "plot_bandwidth_gallery": "h = {h_min} 的拟合均方误差 {mse_min:.3f}，"
        "每个查询的最大权重平均 {peak_min:.2f}；h = {h_max} 的拟合均方误差 {mse_max:.3f}，"
        "最大权重平均 {peak_max:.2f}。每幅热图有自己的颜色条：h = {h_min} 从 0 到 "
        "{top_min:.2f}，h = {h_max} 从 0 到 {top_max:.2f}；要比刻度，不要比颜色深浅。",
        "plot_bandwidth_gallery.one": "h = {h_min} 的拟合均方误差 {mse_min:.3f}，"
        "每个查询的最大权重平均 {peak_min:.2f}。",
        "plot_w_paths.path": "{name}：w 依次是 {steps}",
        # the pieces of the lead computed from the figure's numbers (r53: fixed text said
        # the Nadaraya-Watson ring circles the truth, and "left-edge", for any data)
        "kernel_keys": "，灰点是键",
        "plot_boundary_bias.ring": "（x = {right:g} 处{fit}的圆环几乎套在真实值的点上）",
        "plot_boundary_bias.left": "左端",
        "plot_boundary_bias.right": "右端",
        "plot_boundary_bias.side_left": "左",
        "plot_boundary_bias.side_right": "右",
        "plot_boundary_bias.nw": " Nadaraya-Watson ",
        "plot_boundary_bias.ll": "局部线性拟合",
        "plot_boundary_bias.ring_one": "（{fit}的圆环几乎套在真实值的点上）",
        "plot_boundary_bias.marks_two": "在 x = {left:g} 和 x = {right:g} 处",
        "plot_boundary_bias.marks_one": "在 x = {left:g} 处",
        "plot_boundary_bias.inwards": "这个查询{side}侧没有键，加权平均“看向”数据内部{miss}。",
        "plot_boundary_bias.miss": "，所以 x = {q:g} 处 Nadaraya-Watson 偏离真实函数（{nw}，"
        "真实值 {truth}），局部线性拟合偏得少得多（{ll}）",
        "plot_boundary_bias.ell": "圆点是局部线性回归对同一查询的等效权重 ℓᵢ："
        "{n} 个等效权重中有 {count} 个是负的，最低的是键 x = {at:.2f} 的 {low}。",
        "plot_data": "{n_train} 个训练点，x 从 {train_min} 到 {train_max}；{n_test} 个测试输入："
        "{tests}；真实函数在 {truth_min:.2f} 到 {truth_max:.2f} 之间。",
        "plot_w_paths.end": "网格上的最低点在 w = {best}。",
        # the second panel (zoom)
        "plot_w_paths.zoom": "下方第二幅图放大第一幅图里的虚线框（w 从 {w_low} 到 {w_high}，"
        "损失从 {loss_low} 到 {loss_high}）：挤在最低点附近的几步在那里分得开。",
        # one path (the stepper's picture): its losses and the curve's shape
        "plot_w_paths.losses": "损失从 {start} 降到 {end}；曲线最低处（星号）约 {low}，"
        "w 超过约 {flat} 之后平在约 {plateau}（与它相差不到 {tol}%）。",
        "plot_attention_heatmaps.band.panel": "{name}：有效键数 {used:.1f}，{band}",
        "plot_attention_heatmaps.band.end": "有效键数是每个查询的 1/Σα² 再对查询取平均；"
        "带指每个查询从第一个到最后一个权重不低于该行最大值十分之一的键；颜色条从 {low} 到 {top}。",
        "plot_attention_heatmaps.own.panel": "{name}：{look}，对角线上的权重平均为 {diagonal}",
        "plot_attention_heatmaps.own.block.top": "左上角是一个 {k}×{k} 的小块：最左边的 {k} 个点"
        "几乎只把权重分给彼此。",
        "plot_attention_heatmaps.own.block.bottom": "右下角是一个 {k}×{k} 的小块：最右边的 {k} 个点"
        "几乎只把权重分给彼此。",
        "plot_attention_heatmaps.own.end": "对角线是每个点自己的键；"
        "这些平均值由代码打印，图上没有画出；颜色条从 {low} 到 {top}。",
        "plot_attention_heatmap": "颜色条从 {zero} 到 {top}，即最大的权重，在查询 x = {q_high:g} "
        "那一行；最弱的一行是查询 x = {q_low:g}，它最大的权重只有 {low:.2f}。",
        "plot_attention_heatmap.rows": "颜色条从 {zero} 到 {top}，即最大的权重，在第 {q_high} "
        "行（查询，从 0 数起）；最弱的一行是第 {q_low} 行，它最大的权重只有 {low:.2f}。",
        "plot_attention_heatmap.uniform": "每个权重都是 {top}，即颜色条的顶端："
        "每个键分到的权重相同。",
        "plot_loss_vs_w": "留一法的最小值在 w = {w_min}（损失 {loss_min:.1f}）；到 w = {w_plateau} "
        "时，留一法的曲线已经平在 {loss_end:.1f}，一直到 {w_end}（与 w = {w_end} 处相差不到 "
        "{tol:g}%）；含自身的键的曲线在 w = {w_end} 处降到 {own_end}。",
        "plot_loss_vs_w.no_plateau": "留一法的最小值在 w = {w_min}（损失 {loss_min:.1f}）；"
        "w = {w_end} 处留一法的损失为 {loss_end:.1f}，含自身的键的损失为 {own_end}。",
        "plot_attention_heatmap.band": "{shape}：每个查询主要关注离它近的键，"
        "平均有效键数 {used:.1f}（共 {n} 个键；每个查询的 1/Σα²，再对查询取平均）。",
        "plot_attention_heatmap.band_wide": "{shape}：每个查询把权重分给许多键，离它越近的键"
        "分得越多，平均有效键数 {used:.1f}（共 {n} 个键；每个查询的 1/Σα²，再对查询取平均）。",
        # what the picture shows at its w, computed from the drawn weights and fit (r33: the
        # text said what a larger w would do, which only the slider shows)
        "plot_explorer_panels": "图上 w = {w:g}：{peaks}；拟合离真实函数最远在 x = {worst_x:.1f}"
        "（{fit:.2f}，真实值 {truth:.2f}）；热图的颜色条从 0 到最大的权重 {top:.3f}；"
        "竖线处的留一法损失是 {loss:.2f}，最小值 {low:.1f} 在 w ≈ {best}（星号），在竖线{side}。",
        "plot_explorer_panels.peak": "x = {q:.1f} 这个查询的权重在键 x = {key:.2f} 处最大"
        "（{top:.3f}）",
        "plot_explorer_panels.left": "左边",
        "plot_explorer_panels.right": "右边",
        "plot_explorer_panels.on": "上",
        "plot_scaling.panel": "{name}：n 从 {n_min} 到 {n_max}，{time}，"
        "峰值内存从 {m_min} 到 {m_max}{counted}",
        # the time at the smallest and the largest n: two values, or one the same at both
        # ("1 s at both n", not "from 1 s to 1 s")
        "plot_scaling.range": "{what}从 {low} 到 {high}",
        "plot_scaling.same": "{what}在两个 n 处都是 {low}",
        "plot_scaling.time": "时间",
        "plot_scaling.counted": "，算出的字节数从 {c_min} 到 {c_max}",
        # a formulation measured at one n only: a point, no range
        "plot_scaling.point": "{name}：n = {n_min} 时，时间 {t_min}，峰值内存 {m_min}{counted}",
        "plot_scaling.counted_point": "，算出的字节数 {c_min}",
        "plot_scaling.end": "时间和内存都是所给数据在最小和最大的 n 处的值。",
        # rows that are each the median of their runs (plot_scaling's _median_of_runs)
        "plot_scaling.end_median": "时间和内存都是最小和最大的 n 处 {runs} 次测量的中位数。",
        "plot_scaling.end_point": "每种写法只有一个 n，各画成一个点。",
    },
    "en": {
        "plot_attention_pooling.query": "the query q = {q}",
        "plot_attention_pooling.panel": "key k{i} = {k}, weight {w}, value v{i} = {v}",
        "plot_attention_pooling.end": "the output f(q) = Σᵢ α(q, kᵢ) vᵢ ≈ {output}.",
        "plot_fit": "The prediction is farthest from the truth at x = {x:.1f}: {y_hat:.2f} "
        "against {y_truth:.2f}. Its highest point is {hat_max:.2f} and its lowest "
        "{hat_min:.2f}; the true function's are {truth_max:.2f} and {truth_min:.2f}.",
        "plot_fit.flat": "The prediction is farthest from the truth at x = {x:.1f}: "
        "{y_hat:.2f} against {y_truth:.2f}. It is flat at {hat_max:.2f}; the true "
        "function's highest point is {truth_max:.2f} and its lowest {truth_min:.2f}.",
        "plot_bandwidth_gallery": "The fit with h = {h_min} has an MSE of {mse_min:.3f}, "
        "each query's largest weight {peak_min:.2f} on average; the fit with h = {h_max} "
        "an MSE of {mse_max:.3f}, the largest weight {peak_max:.2f} on average. Each heatmap "
        "has its own colour bar: 0 to {top_min:.2f} for h = {h_min}, 0 to {top_max:.2f} for "
        "h = {h_max}; compare the ticks, not the shades.",
        "plot_bandwidth_gallery.one": "The fit with h = {h_min} has an MSE of {mse_min:.3f}, "
        "each query's largest weight {peak_min:.2f} on average.",
        "plot_fits.panel": "{name}: MSE {mse:.3f}, largest jump {jump:.2f}",
        # plot_fits(describe=(low, high)): the panels' places, then each curve's mean gap
        "plot_fits.places2.wide": "Left panel {first}, right {second}. ",
        "plot_fits.places2.stacked": "Upper panel {first}, lower {second}. ",
        "plot_fits.places.wide": "Panels from left to right: {names}. ",
        "plot_fits.places.stacked": "Panels from top to bottom: {names}. ",
        "plot_fits.list": ", ",
        "plot_fits.gaps": "For {x} from {low} to {high}, {gaps}.",
        "plot_fits.gap_first": "the {name} curve lies on average {gap:.2f} {side} the {truth}",
        "plot_fits.gap": "the {name} curve {gap:.2f} {side} it",
        "plot_fits.gap_sep": ", ",
        "plot_fits.above": "above",
        "plot_fits.below": "below",
        "plot_fits.end": "the smallest MSE is at {best} (computed from the curves, not printed on "
        "the figure; MSE: mean squared error against the "
        "true function; jump: the largest change of the prediction between neighbouring test "
        "inputs, {jump:.2f} for the true function).",
        "kernel_keys": "; grey dots: the keys",
        "plot_boundary_bias.ring": " (at x = {right:g} the {fit} ring almost circles the "
        "truth's dot)",
        "plot_boundary_bias.left": "left-edge ",
        "plot_boundary_bias.right": "right-edge ",
        "plot_boundary_bias.side_left": "left",
        "plot_boundary_bias.side_right": "right",
        "plot_boundary_bias.nw": "Nadaraya-Watson",
        "plot_boundary_bias.ll": "local linear",
        "plot_boundary_bias.ring_one": " (the {fit} ring almost circles the truth's dot)",
        "plot_boundary_bias.marks_two": "at x = {left:g} and at x = {right:g}",
        "plot_boundary_bias.marks_one": "at x = {left:g}",
        "plot_boundary_bias.inwards": " No key of this query lies to its {side}, so the "
        "weighted average looks inwards{miss}.",
        "plot_boundary_bias.miss": ": at x = {q:g} Nadaraya-Watson misses the truth ({nw} "
        "against {truth}), the local linear fit much less ({ll})",
        "plot_boundary_bias.ell": "The dots are local linear regression's equivalent weights "
        "ℓᵢ for the same query: {count} of the {n} equivalent weights are negative, the "
        "lowest {low}, that of the key x = {at:.2f}.",
        "plot_w_paths.path": "{name}: w = {steps}",
        "plot_data": "{n_train} training points with x from {train_min} to {train_max}; "
        "{n_test} test inputs: {tests}; the true function runs from {truth_min:.2f} to "
        "{truth_max:.2f}.",
        "plot_w_paths.end": "the minimum on the grid is at w = {best}.",
        "plot_w_paths.zoom": "A second panel below enlarges the dashed box of the first (w "
        "from {w_low} to {w_high}, the loss from {loss_low} to {loss_high}), where the steps "
        "crowded near the minimum stand apart.",
        # one path (the stepper's picture): its losses and the curve's shape
        "plot_w_paths.losses": "The loss falls from {start} to {end}; the curve bottoms "
        "out at about {low} (the star) and levels off at about {plateau} above w ≈ {flat} "
        "(within {tol} % of it).",
        "plot_attention_heatmaps.band.panel": "{name}: an effective {keys} per query, {band}",
        "plot_attention_heatmaps.band.end": "the effective number of keys: each query's 1/Σα², "
        "averaged over "
        "the queries; a query's band runs from its first to its last key with at least a "
        "tenth of the row's largest weight; the colour bar runs from {low} to {top}.",
        "plot_attention_heatmaps.own.panel": "{name}: {look}, mean weight on the "
        "diagonal {diagonal}",
        "plot_attention_heatmaps.own.block.top": "Top left, a {k} × {k} block: the {k} leftmost "
        "points give their weight almost only to one another.",
        "plot_attention_heatmaps.own.block.bottom": "Bottom right, a {k} × {k} block: the {k} "
        "rightmost points give their weight almost only to one another.",
        "plot_attention_heatmaps.own.end": "the diagonal is each point's own key; these "
        "means are printed by the code, not drawn; the colour bar runs from {low} to {top}.",
        "plot_attention_heatmap": "The colour bar runs from {zero} to {top}, the largest weight, "
        "in the row of query x = {q_high:g}; the weakest row is that of query x = {q_low:g}, "
        "whose largest weight is {low:.2f}.",
        "plot_attention_heatmap.rows": "The colour bar runs from {zero} to {top}, the largest "
        "weight, in row {q_high} (a query, counted from 0); the weakest row is row {q_low}, "
        "whose largest weight is {low:.2f}.",
        "plot_attention_heatmap.uniform": "Every weight is {top}, the top of the colour "
        "bar: every key counts the same.",
        "plot_loss_vs_w": "The leave-one-out minimum is at w = {w_min} (loss {loss_min:.1f}); "
        "by w = {w_plateau} the leave-one-out curve has levelled off at {loss_end:.1f} and stays "
        "there up to {w_end} (within {tol:g} % of its value at w = {w_end}); the curve with the "
        "own key falls to "
        "{own_end} at w = {w_end}.",
        "plot_loss_vs_w.no_plateau": "The leave-one-out minimum is at w = {w_min} (loss "
        "{loss_min:.1f}); at w = {w_end} the leave-one-out loss is {loss_end:.1f} and the loss "
        "with the own key {own_end}.",
        "plot_attention_heatmap.band": "{shape}: each query attends mostly to the keys near "
        "it; an effective {used:.1f} of the {n} keys per query (1/Σα², averaged over the "
        "queries).",
        "plot_attention_heatmap.band_wide": "{shape}: each query spreads its weight over many "
        "keys, the nearer a key the more it gets; an effective {used:.1f} of the {n} keys per "
        "query (1/Σα², averaged over the queries).",
        # what the picture shows at its w, computed from the drawn weights and fit (r33: the
        # text said what a larger w would do, which only the slider shows)
        "plot_explorer_panels": "At the drawn w = {w:g}: {peaks}; the fit is furthest from the "
        "true function at x = {worst_x:.1f} ({fit:.2f} against {truth:.2f}); the heatmap's "
        "colour bar runs from 0 to the largest weight, {top:.3f}; the leave-one-out loss is "
        "{loss:.2f} at the vertical line, and its minimum, {low:.1f} at w ≈ {best} (the star), "
        "lies {side}.",
        "plot_explorer_panels.peak": "the query at x = {q:.1f} gives its largest weight, "
        "{top:.3f}, to the key x = {key:.2f}",
        "plot_explorer_panels.left": "to its left",
        "plot_explorer_panels.right": "to its right",
        "plot_explorer_panels.on": "on it",
        "plot_scaling.panel": "{name}: n from {n_min} to {n_max}, {time}, "
        "peak memory from {m_min} to {m_max}{counted}",
        "plot_scaling.range": "{what} from {low} to {high}",
        "plot_scaling.same": "{what} {low} at both n",
        "plot_scaling.time": "time",
        "plot_scaling.counted": ", counted bytes from {c_min} to {c_max}",
        # a formulation measured at one n only: a point, no range
        "plot_scaling.point": "{name}: at n = {n_min}, time {t_min}, peak memory {m_min}{counted}",
        "plot_scaling.counted_point": ", counted bytes {c_min}",
        "plot_scaling.end": "time and memory are the values given for the smallest and the "
        "largest n.",
        # rows that are each the median of their runs (plot_scaling's _median_of_runs)
        "plot_scaling.end_median": "time and memory are the medians of {runs} runs at the "
        "smallest and the largest n.",
        "plot_scaling.end_point": "each formulation has one n and is drawn as one point.",
    },
}


# small counts that begin a sentence in words (r40d: "2 panels side by side" began with a digit)
_COUNT_WORDS = {
    "zh": ("零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十"),
    "en": ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"),
}


def count_words(n: int, lang: str) -> str:
    """A count that begins a sentence: a word up to ten, capitalised in English; digits beyond.

    >>> (
    ...     count_words(2, "en"),
    ...     count_words(2, "zh"),
    ...     count_words(12, "en"),
    ...     count_words(12, "zh"),
    ... )
    ('Two', '两', '12', '12 ')
    """
    if 0 <= n < len(_COUNT_WORDS[lang]):
        return _COUNT_WORDS[lang][n]
    return f"{n} " if lang == "zh" else str(n)  # "12 幅", as "两幅"


def spoken(x: float) -> str:
    """Three significant digits, read aloud as a plain number (1702, not 1.7e+03).

    >>> (
    ...     spoken(0.4963),
    ...     spoken(16.2025),
    ...     spoken(1702.4),
    ... )
    ('0.496', '16.2', '1702')
    """
    return f"{x:.0f}" if abs(x) >= 1000 else f"{x:.3g}"


def spoken_digits(x: float) -> str:
    """Like ``spoken``, but a rounded value keeps the trailing zeros of its three digits.

    Where a value is read as a point of a figure (the end of a path), ``3.997`` is
    "4.00", close to 4, not the "4" that ``spoken`` says, which reads as exactly 4 (next
    to a minimum at 3.98, a reader would take it for a whole step past it). A value that
    three digits say exactly stays short: 0.5 is "0.5", 2.0 is "2".

    >>> [
    ...     spoken_digits(x)
    ...     for x in (
    ...         3.997,
    ...         0.5,
    ...         16.2025,
    ...         2.0,
    ...     )
    ... ]
    ['4.00', '0.5', '16.2', '2']
    >>> (
    ...     spoken_digits(99.98),
    ...     spoken_digits(1702.4),
    ... )  # "100.", not a tick's "100. MB"
    ('100', '1702')
    """
    short = spoken(x)
    if abs(x) >= 1000 or float(short) == x:
        return short
    return f"{x:#.3g}".removesuffix(".")


def alt_facts(
    name: str,
    lang: str,
    items: list[dict] | None = None,
    *,
    end_key: str = "end",
    **values: object,
) -> str:
    """Fill in the sentence(s) of ``ALT_FACTS`` for the figure function ``name``.

    With ``items``, the part ``name + ".panel"`` (or ``".path"``) is filled once per
    item, and ``name + "." + end_key`` once with ``values``; the parts are joined. An item
    with a ``"part"`` (another key of ``ALT_FACTS``, such as a line of one point, which
    has no range) is filled into that sentence instead.

    >>> alt_facts(
    ...     "plot_w_paths",
    ...     "en",
    ...     [
    ...         {
    ...             "name": "lr = 0.5",
    ...             "steps": "0.5 → 16.9 → 16.2",
    ...         }
    ...     ],
    ...     best="3.98",
    ... )
    'lr = 0.5: w = 0.5 → 16.9 → 16.2; the minimum on the grid is at w = 3.98.'
    """
    table = ALT_FACTS[lang]
    if items is None:
        return table[name].format(**values)
    sep = _PARTS[lang]["sep"]
    part = next(key for key in (f"{name}.panel", f"{name}.path") if key in table)
    filled = [table[item.get("part", part)].format(**item) for item in items]
    return sep.join([*filled, table[f"{name}.{end_key}"].format(**values)])


_PANEL_WORDS = {
    "zh": {
        "level": "第 {r} 排：{panels}",
        "level_stacked": "第 {r} 排（上下排列）：{panels}",
        "single": "{panels}",
        "single_stacked": "上下排列：{panels}",
        "arrow": "箭头“{text}”通向下一排",
        "arrow_from": "箭头“{text}”从 {code} 通向下一排",
        "unnamed": "一个张量",
        "shape": "形状 {shape}",
        "values": "值 {values}",
        "scalar": "0 维张量（形状 ()），值为 {value}",
        "slice_values": "{code}[{s}] 的值 {values}",
        "same_values": "{n} 个值都是 {value}",
        "run_values": "值 {first} 到 {last}",
        "run_rows": "各行依次是 {runs}",
        "run": "{first} 到 {last}",
        "same_rows": "{n} 行的值都是 {values}",
        "one_per_row": "{values}",
        "row_value": "第 {r} 行都是 {value}",
        "list": "、",
        "dashed": "虚线边框：与源张量共享内存",
        "solid": "实线边框：有自己的内存",
        "crossed": "{n} 格打叉（被去掉）",
        "crossed_one": "1 格打叉（被去掉）",
        "crossed_excluded": "被一道斜线划掉（不在结果里）",
        "arange_end": "数字 {value}",
        "framed": "{cells}加了红框",
        "framed_blue": "{cells}加了蓝框",
        "framed_both": "{cells}加了红框和蓝框",
        "framed_rows": "第 {which} 行",
        "framed_cols": "第 {which} 列",
        "framed_cells": "{which}的格子",
        "framed_cells_one": "{which}的格子",
        "framed_cell": "第 {r} 行第 {c} 列",
        "framed_rows_many": "第 {which} 行",
        "framed_cols_many": "第 {which} 列",
        "framed_elements": "下标为 {which} 的元素",
        "framed_elements_many": "下标为 {which} 的元素",
        "framed_index": "下标为 {which} 的格子",
        "framed_index_one": "下标为 {which} 的格子",
        "framed_scalar": "这一格",
        "each_row": "每一行加了红框",
        "the_row": "这一行加了红框",
        "each_col": "每一列加了红框",
        "notes_right": "右边各写着{notes}",
        "notes_right_one": "右边写着{notes}",
        "notes_under": "下面各写着{notes}",
        "notes_label": "这一排前面标着{label}",
        "and": "、",
        "caption": "下面写着{text}",
        "quoted": "“{}”",
        "quotes": "",
        "inner": "，",
        "between": "；",
        "end": "。",
    },
    "en": {
        "level": "level {r}: {panels}",
        "level_stacked": "level {r} (stacked): {panels}",
        "single": "{panels}",
        "single_stacked": "stacked: {panels}",
        "arrow": "the arrow “{text}” leads to the next level",
        "arrow_from": "the arrow “{text}” leads from {code} to the next level",
        "unnamed": "a tensor",
        "shape": "shape {shape}",
        "values": "values {values}",
        "scalar": "a 0-d tensor (shape ()) with value {value}",
        "slice_values": "{code}[{s}] values {values}",
        "same_values": "all {n} values {value}",
        "run_values": "values {first} to {last}",
        "run_rows": "rows {runs}",
        "run": "{first} to {last}",
        "same_rows": "values {values} in each of the {n} rows",
        "one_per_row": "values {values}",
        "row_value": "{value} across row {r}",
        "list": ", ",
        "dashed": "dashed borders: shares memory with its source",
        "solid": "solid borders: its own memory",
        "crossed": "{n} cells crossed out (dropped)",
        "crossed_one": "1 cell crossed out (dropped)",
        "crossed_excluded": "struck through (not in the result)",
        "arange_end": "the number {value}",
        "framed": "{cells} framed in red",
        "framed_blue": "{cells} framed in blue",
        "framed_both": "{cells} framed in red and in blue",
        "framed_rows": "row {which}",
        "framed_cols": "column {which}",
        "framed_cells": "the cells at {which}",
        "framed_cells_one": "the cell at {which}",
        "framed_cell": "row {r}, column {c}",
        "framed_rows_many": "rows {which}",
        "framed_cols_many": "columns {which}",
        "framed_elements": "element {which}",
        "framed_elements_many": "elements {which}",
        "framed_index": "the cells at index {which}",
        "framed_index_one": "the cell at index {which}",
        "framed_scalar": "its one cell",
        "each_row": "each row framed in red",
        "the_row": "the row framed in red",
        "each_col": "each column framed in red",
        "notes_right": "with {notes} at the right of each",
        "notes_right_one": "with {notes} at its right",
        "notes_under": "with {notes} under each",
        "notes_label": "{label} at the start of that line",
        "and": " and ",
        "caption": "captioned {text}",
        "quoted": "“{}”",
        "quotes": ", ",
        "inner": ", ",
        "between": "; ",
        "end": ".",
    },
}
# a panel's values are read out when it has at most this many cells, or all have one value
_MAX_VALUES = 8
# What the colours of a ``draw_tensors`` picture mean, unless the page says otherwise
# (its ``legend``): the default colouring gives every element its own colour.
DIAGRAM_LEGEND = {
    "zh": "同色的格子来自同一个元素。",
    "en": "Cells of one colour come from the same element.",
}


def _joined(items: list[str], words: dict[str, str]) -> str:
    """``1, 2 and 3`` (en) or ``1、2、3`` (zh)."""
    if len(items) == 1:
        return items[0]
    return words["list"].join(items[:-1]) + words["and"] + items[-1]


def _framed(
    cells: list[tuple[int, ...]],
    shape: tuple[int, ...],
    words: dict[str, str],
    frame: str = "framed",
) -> str:
    """Which cells of a panel are framed in red, counted from 0 as PyTorch indexes them.

    ``frame="framed_blue"``: the cells of the blue frames (a second example).

    Whole rows or whole columns of a matrix are named as such, other cells one by one.
    The numbers are the indices the pages print: the products diagrams frame "row 0" of
    ``a`` and write ``y[0, 0] = …`` beside it, a batch names its cells ``[0, 1, 0]``.

    >>> en = _PANEL_WORDS["en"]
    >>> _framed(
    ...     [(0, 0), (0, 1)], (3, 2), en
    ... )
    'row 0 framed in red'
    >>> _framed(
    ...     [(0, 1), (1, 2)], (2, 3), en
    ... )
    'the cells at row 0, column 1 and row 1, column 2 framed in red'
    >>> _framed(
    ...     [(0,), (1,)],
    ...     (2,),
    ...     _PANEL_WORDS["zh"],
    ... )
    '下标为 0、1 的元素加了红框'
    >>> # a 0-d tensor: one cell, no index
    >>> _framed([()], (), en)
    'its one cell framed in red'
    """
    cells = sorted(cells)

    def numbers(values: list[int]) -> str:
        return _joined([str(v) for v in sorted(set(values))], words)

    def named(key: str, values: list[int]) -> str:
        return words[key + ("_many" if len(set(values)) > 1 else "")].format(which=numbers(values))

    if not shape:  # a 0-d tensor (a dot product's result): its only cell
        text = words["framed_scalar"]
    elif len(shape) == 1:
        text = named("framed_elements", [c[0] for c in cells])
    elif len(shape) == 2:
        rows = sorted({r for r, _ in cells})
        cols = sorted({c for _, c in cells})
        if len(cells) == len(rows) * shape[1]:  # whole rows
            text = named("framed_rows", rows)
        elif len(cells) == len(cols) * shape[0]:  # whole columns
            text = named("framed_cols", cols)
        else:
            one_by_one = [words["framed_cell"].format(r=r, c=c) for r, c in cells]
            key = "framed_cells" if len(cells) > 1 else "framed_cells_one"
            text = words[key].format(which=_joined(one_by_one, words))
    else:  # a batch of matrices: the index tuples as PyTorch writes them
        indices = [str(list(c)) for c in cells]
        key = "framed_index" if len(cells) > 1 else "framed_index_one"
        text = words[key].format(which=_joined(indices, words))
    return words[frame].format(cells=text)


def _run(values: list[str]) -> bool:
    """Whether ``values`` count up by 1 (``0, 1, 2, …``): a run said as "0 to 11"."""
    try:
        numbers = [float(v) for v in values]
    except ValueError:  # "-inf", "True": not a run
        return False
    return len(numbers) > 1 and all(b - a == 1 for a, b in itertools.pairwise(numbers))


def _short_values(size: tuple[int, ...], values: list[str], words: dict[str, str]) -> str:
    """A panel's values in few words, when there are too many to read out one by one.

    A run that counts up by 1 is said by its ends (by row, for a matrix of at most 4 rows);
    a matrix whose rows are all the same is said by one row; a matrix with one value
    per row by those values. Anything else: ``""`` (the alt text then gives none).

    >>> en = _PANEL_WORDS["en"]
    >>> _short_values(
    ...     (12,),
    ...     [str(i) for i in range(12)],
    ...     en,
    ... )
    'values 0 to 11'
    >>> _short_values(
    ...     (3, 4),
    ...     [str(i) for i in range(12)],
    ...     en,
    ... )
    'rows 0 to 3, 4 to 7 and 8 to 11'
    >>> _short_values(
    ...     (3, 3),
    ...     ["1", "2", "3"] * 3,
    ...     _PANEL_WORDS["zh"],
    ... )
    '3 行的值都是 1、2、3'
    >>> _short_values(
    ...     (2, 5),
    ...     ["1"] * 5 + ["2"] * 5,
    ...     en,
    ... )
    'values 1 across row 0 and 2 across row 1'
    """
    if _run(values):
        rows, cols = (size[0], size[-1]) if len(size) == 2 else (1, len(values))
        if rows == 1 or cols == 1 or rows > 4:
            return words["run_values"].format(first=values[0], last=values[-1])
        runs = [
            words["run"].format(first=values[r * cols], last=values[(r + 1) * cols - 1])
            for r in range(rows)
        ]
        return words["run_rows"].format(runs=_joined(runs, words))
    if len(size) != 2 or size[0] < 2:
        return ""
    rows = [values[r * size[1] : (r + 1) * size[1]] for r in range(size[0])]
    if all(row == rows[0] for row in rows) and size[1] <= _MAX_VALUES:
        return words["same_rows"].format(n=size[0], values=words["list"].join(rows[0]))
    if all(len(set(row)) == 1 for row in rows) and size[0] <= _MAX_VALUES:
        each = [words["row_value"].format(r=r, value=row[0]) for r, row in enumerate(rows)]
        return words["one_per_row"].format(values=_joined(each, words))
    return ""


def diagram_facts(
    rows: list[list[dict]],
    arrows: list[str],
    lang: str,
    *,
    stacked: bool = False,
    origins: Sequence[int | None] = (),
    read_long: bool = False,
) -> str:
    """Describe a tensor diagram as drawn: each row's panels, and the arrows between rows.

    ``stacked``: the panels of a row are drawn one above the other (a phone's layout), still
    one level. ``origins[r]``: the panel of row ``r`` that arrow ``r`` starts from (``None``
    or missing: the row as a whole). ``read_long``: a panel with more than ``_MAX_VALUES``
    cells still says its values when they fit in few words (``_short_values``), for
    pictures whose point is those values (reshape's order, repeat's and expand's copies).

    Each panel is a dict with ``code``, ``shape`` (text), ``size`` (the shape as a tuple),
    ``values`` (the cells' texts), ``shared``, ``crossed`` (a number of cells), ``outlined``
    (the indices of the cells framed in red), ``second`` (optional: those framed in
    blue) and ``captions``. Borders
    are named only when the diagram has a dashed panel (then every panel says which).

    >>> panel = {
    ...     "code": "w",
    ...     "shape": "(2,)",
    ...     "values": ["2.0", "3.0"],
    ...     "shared": False,
    ...     "size": (2,),
    ...     "crossed": 0,
    ...     "outlined": [],
    ...     "captions": [],
    ... }
    >>> diagram_facts(
    ...     [
    ...         [panel],
    ...         [
    ...             {
    ...                 **panel,
    ...                 "code": "w.detach()",
    ...                 "shared": True,
    ...             }
    ...         ],
    ...     ],
    ...     ["detach()"],
    ...     "en",
    ... )  # doctest: +NORMALIZE_WHITESPACE
    'Level 1: w, shape (2,), values 2.0, 3.0, solid borders: its own memory; the arrow
    “detach()” leads to the next level; level 2: w.detach(), shape (2,), values 2.0, 3.0,
    dashed borders: shares memory with its source.'
    """
    words = _PANEL_WORDS[lang]
    any_shared = any(p["shared"] for row in rows for p in row)
    parts = []
    for r, row in enumerate(rows):
        panels = []
        for p in row:
            bits = [p["code"] or words["unnamed"], words["shape"].format(shape=p["shape"])]
            size, values = p["size"], p["values"]
            per_slice = len(values) // size[0] if len(size) == 3 else 0
            if not size and p["code"] == "end":  # arange's end: a Python number, no shape drawn
                bits[1:] = [words["arange_end"].format(value=values[0])]
            elif not size:  # one number, no axes: not a list of "values"
                bits[1:] = [words["scalar"].format(value=values[0])]
            elif len(size) == 3 and size[0] > 1 and per_slice <= _MAX_VALUES:
                # a batch of matrices: its values slice by slice, as the picture draws them
                bits.extend(
                    words["slice_values"].format(
                        code=p["code"], s=s,
                        values=words["list"].join(values[s * per_slice:(s + 1) * per_slice]),
                    )
                    for s in range(size[0])
                )  # fmt: skip
            elif len(values) <= _MAX_VALUES:
                bits.append(words["values"].format(values=words["list"].join(values)))
            elif len(set(p["values"])) == 1:  # too many to read out, but one value: say it
                bits.append(words["same_values"].format(n=len(p["values"]), value=p["values"][0]))
            elif read_long and (short := _short_values(size, values, words)):
                bits.append(short)
            if any_shared:
                bits.append(words["dashed" if p["shared"] else "solid"])
            if p["crossed"]:
                key = "crossed_one" if p["crossed"] == 1 else "crossed"
                if p["crossed"] == 1 and p.get("excluded"):
                    key = "crossed_excluded"  # arange's end: a whole panel, never in the result
                bits.append(words[key].format(n=p["crossed"]))
            second = p.get("second", [])
            if p["outlined"] and sorted(second) == sorted(p["outlined"]):  # the cells of both
                bits.append(_framed(second, p["size"], words, "framed_both"))
            else:
                if p["outlined"]:
                    bits.append(_framed(p["outlined"], p["size"], words))
                if second:
                    bits.append(_framed(second, p["size"], words, "framed_blue"))
            bits.extend(_groups(p, words))
            if p["captions"]:
                quoted = words["quotes"].join(words["quoted"].format(c) for c in p["captions"])
                bits.append(words["caption"].format(text=quoted))
            panels.append(words["inner"].join(bits))
        level = "level_stacked" if stacked and len(row) > 1 else "level"
        if len(rows) == 1:  # one level: no "level 1" (a reader looked for a level 2)
            level = level.replace("level", "single")
        parts.append(words[level].format(r=r + 1, panels=words["between"].join(panels)))
        if r < len(arrows) and arrows[r]:
            origin = origins[r] if r < len(origins) else None
            if origin is None:
                parts.append(words["arrow"].format(text=arrows[r]))
            else:
                code = row[origin]["code"] or words["unnamed"]
                parts.append(words["arrow_from"].format(text=arrows[r], code=code))
    text = words["between"].join(parts) + words["end"]
    if len(rows) == 1 and level == "single":
        return text  # begins with a tensor's code, which keeps its case
    return text[0].upper() + text[1:]  # a sentence (English) begins with a capital


def _groups(panel: dict, words: dict[str, str]) -> list[str]:
    """The frames around each row or column of ``panel`` and the notes beside them.

    >>> words = _PANEL_WORDS["en"]
    >>> _groups(
    ...     {
    ...         "groups": "rows",
    ...         "size": (2, 3),
    ...         "row_notes": ["Σ = 1.00"]
    ...         * 2,
    ...     },
    ...     words,
    ... )
    ['each row framed in red', 'with “Σ = 1.00” at the right of each']
    >>> _groups(
    ...     {
    ...         "groups": "columns",
    ...         "size": (2, 2),
    ...         "col_notes": [
    ...             "1.00",
    ...             "0.50",
    ...         ],
    ...         "col_label": "Σ",
    ...     },
    ...     _PANEL_WORDS["zh"],
    ... )
    ['每一列加了红框', '下面各写着“1.00”、“0.50”', '这一排前面标着“Σ”']
    """
    groups = panel.get("groups")
    if groups not in ("rows", "columns"):
        return []

    def quoted(notes: list[str]) -> str:
        unique = list(dict.fromkeys(notes))  # one note said once: "Σ = 1.00" beside each row
        return _joined([words["quoted"].format(n) for n in unique], words)

    one_row = len(panel["size"]) == 1 or panel["size"][0] == 1
    if groups == "rows":
        bits = [words["the_row" if one_row else "each_row"]]
        if panel.get("row_notes"):
            key = "notes_right_one" if one_row else "notes_right"
            bits.append(words[key].format(notes=quoted(panel["row_notes"])))
        return bits
    bits = [words["each_col"]]
    if panel.get("col_notes"):
        bits.append(words["notes_under"].format(notes=quoted(panel["col_notes"])))
    if panel.get("col_label"):
        bits.append(words["notes_label"].format(label=words["quoted"].format(panel["col_label"])))
    return bits


def _loss_finding(fig: Figure, lang: str) -> str:
    """The loss at the first and second epoch and at the last, and whether it then stays flat."""
    y = [float(v) for v in fig.axes[0].lines[0].get_ydata()]
    if len(y) < 3:
        return ""
    flat = abs(y[-1] - y[1]) < 0.1 * abs(y[0] - y[1])
    if lang == "zh":
        rest = "此后几乎不变" if flat else "此后继续变化"
        return (
            f"损失从第 1 轮的 {y[0]:.1f} 降到第 2 轮的 {y[1]:.1f}，{rest}，"
            f"第 {len(y)} 轮为 {y[-1]:.1f}。"
        )
    rest = "then stays nearly flat" if flat else "then keeps changing"
    return (
        f"The loss goes from {y[0]:.1f} at epoch 1 to {y[1]:.1f} at epoch 2 and {rest}: "
        f"{y[-1]:.1f} at epoch {len(y)}."
    )


# The finding of a figure, computed from what it draws (the numbers come from the data).
_FINDINGS = {
    "plot_loss": _loss_finding,
    # plot_fit, plot_attention_heatmaps: their own numbers (alt_facts, computed where they draw)
    # plot_matrices: its own numbers (alt_facts: every entry, the colour bar's range)
}

_DIAGRAM = {
    "zh": "张量示意图（{op}）：每个张量画成一格一格的网格，同色的格子来自同一个元素。",
    "en": "Tensor diagram ({op}): each tensor is drawn as a grid of cells; cells of one "
    "colour come from the same element.",
}
# The diagrams whose colours mean something else: their lead leaves the colours to the
# legend, which ``alt_facts`` reads out first (``DIAGRAM_LEGENDS``).
_DIAGRAM_OWN_KEY = {
    "zh": "张量示意图（{op}）：每个张量画成一格一格的网格" + STEPS["zh"] + "。",
    "en": "Tensor diagram ({op}): each tensor is drawn as a grid of cells" + STEPS["en"] + ".",
}
# What the colours (and red frames) of a ``diagram_*`` mean when they do not follow the
# elements; ``{...}`` fields are filled by the diagram.
DIAGRAM_LEGENDS = {
    "zh": {
        "einsum": "颜色表示行，也就是查询：{a} 和 {b} 的同一行同色，两两相乘再求和，"
        "得到 {c} 里同色的那个元素。",
        "softmax": "颜色表示位置：{y} 的每一格与 {x} 里同一位置的格子同色；但每个权重由它所在"
        "那一组（加红框的{group}）的全部分数一起算出。",
        "linear": "颜色表示输入特征，也就是 x 和 layer.weight 的列：x 的一行和 "
        "layer.weight 的一行逐格相乘（同色对同色），再把这些乘积相加；layer(x) 是算出的新值，"
        "不上色。",
        "masked_fill": "颜色表示元素的来历：scores 的每个元素一种颜色，filled 的每个格子保留"
        "它所在位置上那个分数的颜色。没有红框的格子里仍是那个分数，有红框的已换成 -inf。"
        "mask 和 weights 不上色。红框标出被掩码的格子：mask 里为 True，filled 里为 -inf，"
        "weights 里权重为 0。",
        "where": "颜色表示取自哪一个输入：input 一种颜色，other 另一种；condition 里 True "
        "的格子与 input 同色，False 的与 other 同色；result 的每个格子与它取自的输入同色。",
        "matmul": "相乘求和的是 {a} 的最后一维和 {b} 的倒数第二维。",
        "matmul_vector": "相乘求和的是 {a} 的最后一维和 {b} 唯一的一维。",
        "matmul_dot": "相乘求和的是 {a} 和 {b} 唯一的那一维。",
        "bmm": "相乘求和的是 {a} 的最后一维和 {b} 的中间一维。",
        "eye": "格子不上色，每个格子写着它的值。",
        "eye_ones": "{code} 主对角线上的 {k} 个格子是 1.0，其余 {rest} 个是 0.0。",
        "eye_wide": "{code} 不是方阵：主对角线从左上角开始，到最后一行（第 {n} 行，从 0 数起）"
        "为止，线上的 {k} 个格子是 1.0，其余 {rest} 个是 0.0。",
        "eye_tall": "{code} 不是方阵：主对角线从左上角开始，到最后一列（第 {n} 列，从 0 数起）"
        "为止，线上的 {k} 个格子是 1.0，其余 {rest} 个是 0.0。",
        "eye_mask_top": "eye 和 mask 的形状都是 ({n}, {n})：eye 的对角线上是 1.0，其余是 0.0；"
        "mask 正好相反，对角线上是 False，其余是 True。",
        "eye_mask": "{x_name} 的值为 {x}。tiled 的 {n} 行都是 "
        "{x_name}，对角线上的格子（第 i 行第 i 列）打了叉，依次是{crossed}。"
        "{name} 是每行剩下的值{gloss}：{rows}。",
    },
    "en": {
        "einsum": "The colour marks the row, that is the query: a row of {a} and the same "
        "row of {b} share a colour, and their products summed give the element of {c} "
        "in that colour.",
        "softmax": "The colour marks the position: each cell of {y} has the colour of the cell "
        "of {x} at the same place, but each weight is computed from all the scores of its "
        "framed {group}.",
        "linear": "The colour marks the input feature, that is the column of x and of "
        "layer.weight: a row of x and a row of layer.weight are multiplied cell by cell, "
        "colour with colour, and the products summed; layer(x) holds new values, left "
        "uncoloured.",
        "masked_fill": "The colour tells where an element came from: each element of scores "
        "has its own colour, and each cell of filled keeps the colour of the score at its "
        "place. Unframed cells still hold that score; framed cells now hold -inf. The cells of "
        "mask and weights are left uncoloured. Red "
        "frames mark the masked cells: True in mask, -inf in filled, weight 0 in weights.",
        "where": "The colour marks the input a value comes from: input has one colour, other "
        "another; True cells of condition have input's colour, False cells other's; each "
        "cell of result has the colour of the input it came from.",
        "matmul": "The summed axis is the last of {a} and the second-to-last of {b}.",
        "matmul_vector": "The summed axis is the last of {a} and the only one of {b}.",
        "matmul_dot": "The summed axis is the only axis of {a} and of {b}.",
        "bmm": "The summed axis is the last of {a} and the middle one of {b}.",
        "eye": "No colours here: every cell shows its value.",
        "eye_ones": "{code} has 1.0 in the {k} cells of its main diagonal and 0.0 in the other "
        "{rest}.",
        "eye_wide": "{code} is not square: its main diagonal starts at the top left and stops "
        "at the last row, row {n} (counting from 0); 1.0 in its {k} cells, 0.0 in the other "
        "{rest}.",
        "eye_tall": "{code} is not square: its main diagonal starts at the top left and stops "
        "at the last column, column {n} (counting from 0); 1.0 in its {k} cells, 0.0 in the other "
        "{rest}.",
        "eye_mask_top": "eye and mask both have shape ({n}, {n}): eye is 1.0 on the diagonal "
        "and 0.0 elsewhere; mask is the opposite, False on the diagonal and True elsewhere. ",
        "eye_mask": "{x_name} holds {x}. Each of the {n} rows of tiled is {x_name}; the cells "
        "on its diagonal (row i, column i) are crossed out: {crossed}. {name} holds what each "
        "row keeps{gloss}: {rows}.",
    },
}
# matmul and bmm: the colour marks the summed axis, not the elements; matmul's legend
# ("matmul*" in DIAGRAM_LEGENDS) names that axis of each operand as the caller's code does.
# The matmul page draws five of them in a row and says once, in its prose, how to read
# them (grids, colours, red frames): each alt text starts at what differs, the summed axis.
_DIAGRAM_MATMUL = {"zh": "", "en": ""}
_DIAGRAM_BMM = {
    "zh": "张量示意图（{op}）：每个张量画成一格一格的网格，颜色表示相乘求和的那一维；在每个批量"
    "元素里，红框里同色的格子两两相乘，乘积相加，得到 y 里加了红框的那个元素；y 是算出的新值，"
    "不上色。",
    "en": "Tensor diagram ({op}): each tensor is drawn as a grid of cells, and the colour marks "
    "the summed axis: in each batch element, inside the red frames, cells of one colour are "
    "multiplied and the products summed into the framed element of y; y holds new values, "
    "left uncoloured.",
}
# a picture of one row has no arrows to speak of
_DIAGRAM_ONE_ROW = {
    "zh": "张量示意图（{op}）：每个张量画成一格一格的网格。",
    "en": "Tensor diagram ({op}): each tensor is drawn as a grid of cells.",
}
# diagram_batch_shapes draws shapes, not values: its cells are the axes of two batch shapes
_DIAGRAM_BATCH_SHAPES = {
    "zh": "形状示意图（{op}）：每个格子是批量形状里的一维，写着它的长度；同色的格子是从右端对齐的"
    "同一维，不上色的 1 是左边补上的。",
    "en": "Shape diagram ({op}): each cell is one axis of a batch shape, showing its size; cells "
    "of one colour are the same axis, aligned from the right, and an uncoloured 1 is filled in "
    "on the left.",
}
OWN_KEY_DIAGRAMS = {
    "diagram_batch_shapes": _DIAGRAM_BATCH_SHAPES,
    "diagram_matmul": _DIAGRAM_MATMUL,
    "diagram_bmm": _DIAGRAM_BMM,
    "diagram_einsum": _DIAGRAM_OWN_KEY,
    "diagram_linear": _DIAGRAM_OWN_KEY,
    "diagram_masked_fill": _DIAGRAM_OWN_KEY,
    "diagram_where": _DIAGRAM_OWN_KEY,
    "diagram_softmax": _DIAGRAM_OWN_KEY,
    "diagram_eye": _DIAGRAM_ONE_ROW,
}


# What each diagram shows, as the page's code writes it: never the drawing function's name
_DIAGRAM_OPS = {
    "zh": {
        "eye_mask": "torch.eye 与布尔掩码", "mse_loss": "nn.MSELoss 的归约",
        "sgd_step": "SGD 走一步", "broadcast": "广播", "batch_shapes": "matmul 的批量维",
        "clone": "clone 与 detach", "transpose": "x.t()，一个视图",
    },
    "en": {
        "eye_mask": "torch.eye and a boolean mask", "mse_loss": "nn.MSELoss",
        "sgd_step": "one SGD step", "broadcast": "broadcasting",
        "batch_shapes": "matmul's batch axes",
        "clone": "clone and detach", "transpose": "x.t(), a view",
    },
}  # fmt: skip
for _table in _DIAGRAM_OPS.values():
    _table.update(
        {
            "matmul": "torch.matmul", "bmm": "torch.bmm", "einsum": "torch.einsum",
            "linear": "nn.Linear", "eye": "torch.eye", "masked_fill": "masked_fill",
            "where": "torch.where", "softmax": "F.softmax",
            "reshape": "reshape", "unsqueeze": "unsqueeze", "squeeze": "squeeze",
            "repeat_interleave": "repeat_interleave", "repeat": "repeat",
            "expand": "expand", "arange": "torch.arange", "sort": "torch.sort",
        }
    )  # fmt: skip


# diagram_clone's two connectors, after the levels: what joins the tensors to w
CLONE_LINKS = {
    "zh": {
        "memory": "一条标着“同一块内存”的虚线把 w.detach() 的格子连到 w 的格子。",
        "arrows": "两个箭头“clone()”和“detach()”分别通向下一排的 w.clone() 和 w.detach()",
        "grad_fn": "一个标着“grad_fn”的箭头从 w.clone() 指回 w：梯度沿它传回 w；"
        "两个离开计算图的张量没有这样的箭头。",
    },
    "en": {
        "memory": "A dashed line labelled “same memory” joins the cells of w.detach() to "
        "those of w.",
        "arrows": "two arrows, “clone()” and “detach()”, lead to w.clone() and w.detach() on "
        "the next level",
        "grad_fn": "An arrow labelled “grad_fn” leads from w.clone() back to w, the way "
        "gradients flow; the two tensors out of the graph have no such arrow.",
    },
}


def batch_shapes_facts(
    names: tuple[str, str],
    shapes: tuple[tuple[int, ...], tuple[int, ...]],
    out: tuple[int, ...],
    wholes: tuple[tuple[int, ...], ...] = (),
) -> dict[str, str]:
    """What ``diagram_batch_shapes`` shows, in both languages: the axes paired from the right.

    ``wholes`` are the whole shapes of the two operands and the result, written under
    their batch shapes with the part after the batch axes set apart.

    >>> batch_shapes_facts(
    ...     ("P", "Q"),
    ...     ((4, 1), (5,)),
    ...     (4, 5),
    ... )["zh"][36:]
    '1 配 5 → 5，4 配空位（算作 1）→ 4；P @ Q 的批量形状是 (4, 5)。'
    >>> batch_shapes_facts(
    ...     ("X", "v"),
    ...     ((4,), ()),
    ...     (4,),
    ...     ((4, 2, 3), (3,), (4, 2)),
    ... )["en"].split(": ")[-1]
    'X (4, 2, 3), matrix part (2, 3); v (3,), vector part (3,); X @ v (4, 2), vector part (2,).'
    """
    n = len(out)
    padded = [(None,) * (n - len(s)) + tuple(s) for s in shapes]
    # each aligned axis from the right: "1 配 5 → 5", "4 配空位（算作 1）→ 4"
    axes = list(reversed(list(zip(*padded, out, strict=True))))
    a, b = names
    sa, sb = (str(tuple(s)) for s in shapes)

    def zh(x: int | None) -> str:
        return "空位（算作 1）" if x is None else f" {x} "

    def en(x: int | None) -> str:
        return "a missing axis (counts as 1)" if x is None else str(x)

    pairs_zh = "，".join(f"{zh(x).lstrip()}配{zh(y).rstrip()} → {size}".replace("） →", "）→")
                        for x, y, size in axes)  # fmt: skip
    pairs_en = ", ".join(f"{en(x)} with {en(y)} → {size}" for x, y, size in axes)
    out_text = {
        "zh": f"{a} 的批量形状 {sa} 与 {b} 的批量形状 {sb} 从右端对齐：{pairs_zh}；"
        f"{a} @ {b} 的批量形状是 {tuple(out)}。",
        "en": f"{a}'s batch shape {sa} and {b}'s {sb}, aligned from the right: {pairs_en}; "
        f"the batch shape of {a} @ {b} is {tuple(out)}.",
    }
    if wholes:
        # each whole shape after its batch axes: the matrices, or a 1-D side's vector
        rows = zip((a, b, f"{a} @ {b}"), wholes, (*shapes, out), strict=True)
        parts = [(who, tuple(w), tuple(w[len(s) :])) for who, w, s in rows]
        zh_list = "；".join(f"{who} {w}，{'矩阵' if len(p) == 2 else '向量'}部分 {p}"
                           for who, w, p in parts)  # fmt: skip
        en_list = "; ".join(f"{who} {w}, {'matrix' if len(p) == 2 else 'vector'} part {p}"
                            for who, w, p in parts)  # fmt: skip
        out_text["zh"] += f"每个批量形状下面还写着完整的形状，批量维之后的部分单独写出：{zh_list}。"
        out_text["en"] += (
            f" Under each batch shape is the whole shape, the part after the batch axes set "
            f"apart: {en_list}."
        )
    return out_text


def diagram_legend(key: str, **fields: object) -> dict[str, str]:
    """The legend ``key`` of ``DIAGRAM_LEGENDS`` in both languages, filled with ``fields``.

    >>> diagram_legend(
    ...     "eye_wide",
    ...     code="torch.eye(2, 3)",
    ...     n=1,
    ...     k=2,
    ...     rest=4,
    ... )["en"][-43:]
    '0); 1.0 in its 2 cells, 0.0 in the other 4.'
    """
    return {lang: table[key].format(**fields) for lang, table in DIAGRAM_LEGENDS.items()}


_EYE_MASK_KEYS = {  # diagram_eye_mask(..., name="keys"): what each row of keys is
    "zh": "（第 i 行：去掉第 i 个键后的键）",
    "en": " (row i: the keys without the i-th)",
}


def eye_mask_legend(
    x: list[str],
    kept: list[list[str]],
    name: str = "y",
    x_name: str = "x",
    show_mask: bool = True,
) -> dict[str, str]:
    """The values of ``diagram_eye_mask`` in both languages: x, tiled's crossed cells, the result.

    ``x``: the cells of x as drawn; ``kept``: the cells of each row of the result, ``name``;
    ``show_mask``: eye and mask are drawn, so the text reads them out first.

    >>> eye_mask_legend(
    ...     ["0", "1"], [["1"], ["0"]]
    ... )["en"][-48:]
    'y holds what each row keeps: row 0: 1; row 1: 0.'
    """
    out = {}
    for lang, table in DIAGRAM_LEGENDS.items():
        words = _PANEL_WORDS[lang]
        if lang == "zh":
            crossed = [f"第 {i} 行的 {v}" for i, v in enumerate(x)]
            rows = [f"第 {i} 行 {words['list'].join(r)}" for i, r in enumerate(kept)]
        else:
            crossed = [f"{v} in row {i}" for i, v in enumerate(x)]
            rows = [f"row {i}: {words['list'].join(r)}" for i, r in enumerate(kept)]
        top = table["eye_mask_top"].format(n=len(x)) if show_mask else ""
        out[lang] = top + table["eye_mask"].format(
            x=words["list"].join(x), n=len(x), crossed=_joined(crossed, words),
            rows=words["between"].join(rows), name=name, x_name=x_name,
            gloss=_EYE_MASK_KEYS[lang] if name == "keys" else "",
        )  # fmt: skip
    return out


_PARTS = {
    "zh": {
        "x": "横轴：{}",
        "y": "纵轴：{}",
        "y_of": "{}纵轴：{}",
        "x_shared": "横轴（每幅相同）：{}",
        "y_shared": "纵轴（每幅相同）：{}",
        "bar": "颜色条：{}",
        "title": "标题：{}",
        "legend": "图例：{}",
        "sep": "；",
    },
    "en": {
        "x": "x axis: {}",
        "y": "y axis: {}",
        "y_of": "{} y axis: {}",
        "x_shared": "x axis (the same in every panel): {}",
        "y_shared": "y axis (the same in every panel): {}",
        "bar": "colour bar: {}",
        "title": "title: {}",
        "legend": "legend: {}",
        "sep": "; ",
    },
}


def _clean(text: str) -> str:
    r"""A drawn label as the alt text reads it: plain Unicode on one line.

    >>> _clean(
    ...     "查询的 x₁\n（x₂ = 2.5 一行）"
    ... )
    '查询的 x₁（x₂ = 2.5 一行）'
    """
    # a label broken onto two lines after a full-width "，", or before a full-width
    # bracket, joins without a space (r40d: "x₁ （x₂ = 2.5 一行）")
    return " ".join(re.sub(r"(?<=[，。；：、])\n|\s*\n(?=[（“])", "", plain(text)).split())


def _folded(text: str) -> str:
    """``text`` compared loosely: one case, single spaces, "axis: the keys" as "axis: keys"."""
    return re.sub(r"([:：]) the ", r"\1 ", " ".join(text.casefold().split()))


def _said(words: str, text: str) -> bool:
    """Whether ``text`` (folded) already says ``words``: as a whole word or phrase.

    >>> text = _folded("The keys at x = 0")
    >>> _said("keys", text)
    True
    >>> _said("key", text)  # not a word
    False
    >>> _said("x", text)  # a symbol alone
    False
    >>> _said("A", _folded("A: row 0"))
    True
    >>> _said(
    ...     "Σ", _folded("labelled “Σ”")
    ... )  # or quoted whole
    True
    """
    words = _folded(words)
    if not words:
        return False
    ascii_word = re.compile(r"[a-z0-9_]")
    start = r"(?<![a-z0-9_])" if ascii_word.match(words[0]) else ""
    end = r"(?![a-z0-9_])" if ascii_word.match(words[-1]) else ""
    if len(words) == 1:  # one letter says something only as a label ("A: row 0 ...") or quoted
        return re.search(re.escape(words) + "[:：]|“" + re.escape(words) + "”", text) is not None
    return re.search(start + re.escape(words) + end, text) is not None


def _figure_words(fig: Figure, lang: str, said: str = "") -> list[str]:
    """The words drawn in ``fig``: titles, axis labels, legends and free texts, each once.

    A legend is listed whole, every entry in the order drawn, whatever ``said`` (the
    description before the list) says: a check of each entry against the description left
    the two languages with different partial legends (a reader's review: the English loss-against-w
    chart named one of its three entries). A title or a free text is left out only when
    ``said`` states it word for word (in any case), and is never listed twice; an axis or
    colour bar only when ``said`` names it as such ("x axis: the keys (training inputs)").

    A figure whose panels each need their whole axis list (``fig.alt_every_axis``, e.g. the
    explorer's heatmap, whose keys axis the bumps panel above it also names) repeats an axis
    label in each panel that draws it. A figure whose panels have y axes of their own names
    the panel of each (``fig.alt_y_panels``, one name per axes: "左图" / "the left panel's").
    A figure of like panels (``fig.alt_shared_axes``, ``plot_fits``) says of an axis label
    drawn on more than one panel that every panel has it (the stacked fits' alt text
    named "y axis: output y" once, though both panels carry it).
    """
    parts = _PARTS[lang]
    seen: list[str] = []
    every_axis = getattr(fig, "alt_every_axis", False)
    y_panels = getattr(fig, "alt_y_panels", None)
    plots = [ax for ax in fig.axes if not hasattr(ax, "_colorbar")]
    shared = {
        axis: {
            label
            for label in (getattr(ax, f"get_{axis}label")() for ax in plots)
            if label and [getattr(ax, f"get_{axis}label")() for ax in plots].count(label) > 1
        }
        if getattr(fig, "alt_shared_axes", False)
        else set()
        for axis in "xy"
    }

    said = _folded(said)

    def add(text: str, again: bool = False, label: str | None = None) -> None:
        nonlocal said
        text = _clean(text)
        if text and (text not in seen or again) and not _said(text, said):
            seen.append(text)
            # a label said once is not said again by a legend entry (the stepper's
            # "y axis: leave-one-out loss (sum); legend: leave-one-out loss (sum)")
            said += " | " + _folded(_clean(label if label is not None else text))

    def add_named(text: str, form: str = "{}") -> None:  # a title or a free text
        if not _said(_clean(text), said):  # its words alone, without "title:"
            add(form.format(text), label=text)

    def add_legend(texts: list[str]) -> None:  # every entry, said or not
        entries = [entry for entry in (_clean(t) for t in texts) if entry]
        if entries:
            add(parts["legend"].format(parts["sep"].join(entries)), again=True)

    if fig._suptitle is not None:
        add_named(fig._suptitle.get_text(), parts["title"])
    for i, ax in enumerate(fig.axes):
        if ax.get_title():
            add_named(ax.get_title(), parts["title"])
        if hasattr(ax, "_colorbar"):  # a colour bar's label, along it or under it
            # a figure whose lead already says the colours may name its bar without them
            # (``alt_label``, plot_matrices: r54 read "blue negative, red positive" twice)
            bar = getattr(ax, "alt_label", None) or ax.get_ylabel() or ax.get_xlabel()
            add(parts["bar"].format(bar), label=bar)
            continue
        if ax.get_xlabel():
            x_part = parts["x_shared" if ax.get_xlabel() in shared["x"] else "x"]
            add(x_part.format(ax.get_xlabel()), again=every_axis, label=ax.get_xlabel())
        if ax.get_ylabel() and y_panels:  # once "纵轴：时间；纵轴：峰值内存", of which panel?
            add(parts["y_of"].format(y_panels[i], ax.get_ylabel()), label=ax.get_ylabel())
        elif ax.get_ylabel():
            y_part = parts["y_shared" if ax.get_ylabel() in shared["y"] else "y"]
            add(y_part.format(ax.get_ylabel()), again=every_axis, label=ax.get_ylabel())
        legend = ax.get_legend()
        if legend is not None:
            add_legend([t.get_text() for t in legend.get_texts()])
        for text in ax.texts:
            words = text.get_text()
            # cells and values; and a tensor diagram's code labels, shapes, captions and
            # arrows, which its facts (``diagram_facts``) already name panel by panel
            gid = str(text.get_gid())
            if gid.startswith(_DIAGRAM_GIDS) or _NUMBER.fullmatch(words):
                continue
            add_named(words)
    for legend in fig.legends:
        add_legend([t.get_text() for t in legend.get_texts()])
    return seen


# An English piece that starts a sentence after the figure's sentence of ``ALT``: its first
# word is prose ("title: fit", "x axis: epoch", "training w, lr = 0.5: w = ...", "tiled
# (repeat_interleave): n from ...") unless it is a symbol or code, which keeps its case:
# a name before "=" ("w = 1: MSE ...", "lr = 0.02: w = ..."), a single letter ("w, lr = 0.5"),
# a function of the formulas ("log w: w = ..."), a call or an attribute ("softmax(scores)",
# "torch.eye(3)", "y[0]").
_PROSE_START = re.compile(
    r"(?!(?:log|exp|sin|cos|tanh|softmax)\b)(?:[a-z]{2,}|[a-z] [a-z]{2,})(?=[ :;,]|$)(?! *=)"
)
# Figures whose facts start with a tensor's name as the code writes it ("x holds 0, 1",
# "eye and mask both have shape ...", "scores: row 0 ..."): their facts keep their case
# (``diagram_facts`` capitalises its own first level)
_CODE_FIRST = ("diagram_", "draw_tensors", "plot_matrices")


def _sentence(text: str, lang: str) -> str:
    """``text`` as the start of a sentence: in English, a first word of prose capitalised.

    >>> [
    ...     _sentence(t, "en")
    ...     for t in (
    ...         "x axis: epoch",
    ...         "training w, lr = 0.5",
    ...         "lr = 0.5: w = 16.2",
    ...         "w = 1: MSE 0.428",
    ...         "log w: w = 0.496",
    ...         "softmax(scores): a",
    ...     )
    ... ]  # doctest: +NORMALIZE_WHITESPACE
    ['X axis: epoch', 'Training w, lr = 0.5',
     'lr = 0.5: w = 16.2', 'w = 1: MSE 0.428',
     'log w: w = 0.496', 'softmax(scores): a']
    """
    if lang == "en" and _PROSE_START.match(text):
        return text[0].upper() + text[1:]
    return text


def describe(fig: Figure, name: str, lang: str) -> str:
    """Return the alt text of ``fig``, drawn by the figure function ``name`` in ``lang``.

    Every figure function has its own sentence in ``ALT``; only the handbook's
    ``diagram_*`` functions share one (a tensor drawn as a grid of cells).

    Raises:
        ValueError: If ``lang`` is unknown, or ``name`` is neither in ``ALT`` nor a
            ``diagram_*`` function.

    >>> from attention_tutorial.figures.curves import (
    ...     plot_loss,
    ... )
    >>> describe(
    ...     plot_loss(
    ...         [3.0, 2.0, 1.0], lang="en"
    ...     ),
    ...     "plot_loss",
    ...     "en",
    ... )[-43:]
    'X axis: epoch; y axis: training loss (sum).'
    """
    if lang not in ALT:
        raise ValueError(f"lang must be 'zh' or 'en', got {lang!r}")
    layout = getattr(fig, "alt_name", None)  # a layout with its own sentence ("name.stacked")
    if layout in ALT[lang]:
        lead = ALT[lang][layout]
    elif name in ALT[lang]:
        lead = ALT[lang][name]
    elif name.startswith("diagram_"):  # the handbook's tensor diagrams share one sentence
        lead = OWN_KEY_DIAGRAMS.get(name, _DIAGRAM)[lang].format(
            op=_DIAGRAM_OPS[lang].get(name.removeprefix("diagram_"), name)
        )
    else:  # a chart described as a grid of cells would mislead: every figure has its own
        raise ValueError(f"no alt text for the figure function {name!r}: add it to ALT")
    if getattr(fig, "alt_steps", True) is False:  # no arrow drawn: no levels to read
        lead = lead.replace(STEPS[lang], "", 1)
    values = getattr(fig, "alt_values", None)  # numbers the sentence names (``{left:g}``)
    if values:
        lead = lead.format(**values)
    # each piece after the lead starts a sentence (English: "Title: …", "X axis: …")
    extra = getattr(fig, "alt_facts", None)
    if extra:
        code_first = name.startswith(_CODE_FIRST)
        space = "" if lang == "zh" or not lead else " "  # matmul's lead is empty
        lead = lead + space + (extra if code_first else _sentence(extra, lang))
    if name in _FINDINGS:
        finding = _FINDINGS[name](fig, lang)
        lead = lead + (" " if lang == "en" and finding else "") + _sentence(finding, lang)
    # a figure whose facts already name every title and colour bar (``fig.alt_words``
    # False: the matrices on two scales) does not list them again
    words = _figure_words(fig, lang, said=lead) if getattr(fig, "alt_words", True) else []
    space = "" if lang == "zh" else " "  # no space after a full-width stop
    return lead + (
        ""
        if not words
        else space
        + _sentence(_PARTS[lang]["sep"].join(words), lang)
        + ("。" if lang == "zh" else ".")
    )
