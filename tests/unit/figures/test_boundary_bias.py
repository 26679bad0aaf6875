"""Tests of attention_tutorial.figures.boundary_bias, the shape flow, the w paths and the
explorer's static picture (the figures first written for the chapter's additions)."""

from __future__ import annotations

import matplotlib.colors
import numpy as np
import pytest
import torch

from attention_tutorial import (
    local_linear,
    loss_at_w,
    make_data,
    nadaraya_watson,
    plot_boundary_bias,
    plot_explorer_panels,
    plot_shape_flow,
    plot_w_paths,
)
from attention_tutorial.figures._alt import describe
from attention_tutorial.figures._base import TutorialFigure


@pytest.fixture(scope="module")
def data():
    return make_data(n_train=30)  # n_train != n_test = 50


def test_boundary_bias_marks_the_centre_of_the_weights(data):
    fig = plot_boundary_bias(data.x_test, data.y_truth, data.x_train, data.y_train, lang="en")
    assert isinstance(fig, TutorialFigure) and fig._recipe is not None
    _, weights = nadaraya_watson(data.x_test, data.x_train, data.y_train)
    centre = float(weights[0].double() @ data.x_train.double())
    lines = fig.axes[1].lines
    assert lines[1].get_xdata()[0] == pytest.approx(centre, rel=1e-6)
    heights = [bar.get_height() for bar in fig.axes[1].patches]
    np.testing.assert_allclose(heights, weights[0].numpy(), rtol=1e-6)
    # drawn above the bars, full height (review 22: behind them it showed as a stub), the
    # figure's key mark: 1.5-2 pt (review 23: a 1 pt pale line barely showed in the dark
    # palette), narrower than a bar and see-through so that it hides none of them
    assert lines[1].get_zorder() > max(bar.get_zorder() for bar in fig.axes[1].patches)
    assert 1.5 <= lines[1].get_linewidth() <= 2 and lines[1].get_alpha() < 1
    assert lines[1].get_color() == "#6a3d9a"


def test_the_weights_panel_ends_where_the_bars_do(data):
    """A reader found a third of the right panel empty (every weight < 0.001 there): the
    axis ends 0.2 past the last key with a bar of at least 1/100 of the tallest."""
    fig = plot_boundary_bias(data.x_test, data.y_truth, data.x_train, data.y_train, lang="en")
    _, weights = nadaraya_watson(data.x_test, data.x_train, data.y_train)
    row = weights[0]
    shown = data.x_train[row >= row.max() / 100]
    left, right = fig.axes[1].get_xlim()
    assert right == pytest.approx(float(shown.max()) + 0.2)
    assert right < float(data.x_train.max())  # the empty stretch is cut off
    assert left == pytest.approx(float(data.x_test[0]) - 0.2)


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_the_alt_text_describes_the_right_edge_too(data, layout):
    """A reader found the alt text on the left edge only; the figure shows the right one too,
    where the local linear fit leaves the truth and Nadaraya-Watson nearly meets it."""
    args = (data.x_test, data.y_truth, data.x_train, data.y_train)
    y_nw, _ = nadaraya_watson(data.x_test, data.x_train, data.y_train)
    y_ll, _ = local_linear(data.x_test, data.x_train, data.y_train)
    x, truth = float(data.x_test[-1]), float(data.y_truth[-1])
    ll, nw = float(y_ll[-1]), float(y_nw[-1])
    assert ll < truth - 0.3 and abs(nw - truth) < 0.1  # what the sentence reports
    en = describe(plot_boundary_bias(*args, layout=layout, lang="en"), "plot_boundary_bias", "en")
    assert (
        f"At the right edge, x = {x:.1f}, the local linear fit is below the truth "
        f"({ll:.2f} against {truth:.2f}), and Nadaraya-Watson is at {nw:.2f}."
    ) in en
    zh = describe(plot_boundary_bias(*args, layout=layout, lang="zh"), "plot_boundary_bias", "zh")
    assert f"右端 x = {x:.1f} 处，局部线性拟合低于真实函数（{ll:.2f}，真实值 {truth:.2f}）" in zh
    # review 26: the marks and the weights' query are named by their inputs, not as "the
    # query at the left edge and the last input" and "that edge query"
    assert "ring on each fit at x = 0 and at x = 4.9 (at x = 4.9 the" in en
    assert "the attention weights of the left-edge query x = 0 over the keys" in en
    assert (
        "在 x = 0 和 x = 4.9 处，真实函数上各标一个实心点" in zh and "左端查询 x = 0 对各个键" in zh
    )
    assert "{" not in en + zh


@pytest.mark.parametrize(
    ("lang", "x", "keys", "legend"),
    [
        ("zh", "输入 x", "键（训练输入）", "局部线性回归"),
        ("en", "input x", "keys (training inputs)", "local linear regression"),
    ],
)
def test_labels_follow_the_language(data, lang, x, keys, legend):
    fig = plot_boundary_bias(data.x_test, data.y_truth, data.x_train, data.y_train, lang=lang)
    assert fig.axes[0].get_xlabel() == x and fig.axes[1].get_xlabel() == keys
    assert legend in [t.get_text() for t in fig.legends[0].get_texts()]
    fig = plot_w_paths(data.x_train, data.y_train, {"a": [1.0, 2.0]}, ws=[0.5, 1.0, 5.0], lang=lang)
    assert ("对数" in fig.axes[0].get_xlabel()) == (lang == "zh")
    fig = plot_explorer_panels(data, 2.0, lang=lang)
    assert fig.axes[0].get_xlabel() == x and fig.axes[1].get_xlabel() == keys


@pytest.mark.parametrize(
    ("lang", "left", "right"),
    [
        ("zh", "两种拟合（圆环在 x = 0 与 x = 4.9）", "查询 x = 0 的注意力权重"),
        (
            "en",
            "the two fits (rings at x = 0 and x = 4.9)",
            "attention weights of the query x = 0",
        ),
    ],
)
def test_both_panels_have_a_title(data, lang, left, right):
    """A reader found the right panel titled and the left one not; the alt text reads both."""
    fig = plot_boundary_bias(data.x_test, data.y_truth, data.x_train, data.y_train, lang=lang)
    assert [ax.get_title() for ax in fig.axes] == [left, right]
    assert left in fig.description and right in fig.description
    middle = plot_boundary_bias(
        data.x_test, data.y_truth, data.x_train, data.y_train, query_index=25, lang=lang
    )
    assert ("边缘" if lang == "zh" else "edge") not in middle.axes[0].get_title()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_centre_is_written_x_bar_in_mathtext(data, lang):
    """A reader saw the legend's "x̄" drawn as "x" then a lone macron in the Chinese figure:
    the CJK font set the combining macron after the x. Mathtext draws the bar over the x
    (the same code path in both languages); the alt text still reads x̄."""
    fig = plot_boundary_bias(data.x_test, data.y_truth, data.x_train, data.y_train, lang=lang)
    (centre,) = [t.get_text() for t in fig.legends[0].get_texts() if "= 0." in t.get_text()][-1:]
    assert r"$\bar{x}$ = " in centre and "\u0304" not in centre
    assert "x\u0304 = " in fig.description


def test_no_legend_hides_the_points_at_the_edge(data):
    """The section is about the points at x = 0: no legend may cover any of them."""
    fig = plot_boundary_bias(data.x_test, data.y_truth, data.x_train, data.y_train, lang="zh")
    fig.canvas.draw()
    ax_fit = fig.axes[0]
    edge = [
        ax_fit.transData.transform((x, y))
        for line in ax_fit.lines
        for x, y in line.get_xydata()
        if x == float(data.x_test[0])
    ]
    assert len(edge) >= 3  # the truth, both fits (curves and their dots)
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend())]
    assert legends
    for legend in legends:
        box = legend.get_window_extent().padded(4)
        assert not [p for p in edge if box.contains(*p)], legend


def test_w_paths_sit_on_the_leave_one_out_curve(data):
    path = [0.5, 3.0, 20.0]
    fig = plot_w_paths(data.x_train, data.y_train, {"lr": path}, lang="en")
    assert isinstance(fig, TutorialFigure) and fig._recipe is not None
    drawn = fig.axes[0].lines[1]
    assert list(drawn.get_xdata()) == path
    expected = [loss_at_w(w, data.x_train, data.y_train) for w in path]
    np.testing.assert_allclose(drawn.get_ydata(), expected, rtol=1e-9)
    with pytest.raises(ValueError, match="positive"):
        plot_w_paths(data.x_train, data.y_train, {"bad": [1.0, -2.0]}, lang="en")
    with pytest.raises(ValueError, match="at least one"):
        plot_w_paths(data.x_train, data.y_train, {}, lang="en")


@pytest.mark.parametrize(
    ("lang", "start", "end"),
    [("zh", "方块：初值", "描边的圆点：终值"), ("en", "square: start", "outlined dot: end")],
)
def test_w_paths_legend_names_both_ends_and_hides_no_path(data, lang, start, end):
    """Issue 26: the stepper's static picture named the start but not the point reached.
    The legend names the square and the outlined dot, and sits under the axes."""
    fig = plot_w_paths(data.x_train, data.y_train, {"lr": [0.5, 3.0, 20.0]}, lang=lang)
    (legend,) = fig.legends
    entries = [t.get_text() for t in legend.get_texts()]
    assert entries[-2:] == [start, end] and fig.axes[0].get_legend() is None
    fig.draw_without_rendering()
    assert not legend.get_window_extent().overlaps(fig.axes[0].get_window_extent())


def test_w_paths_draw_a_shared_start_in_grey(data):
    """Four paths from one w shared one start square, drawn in the last path's colour: it
    looked as if only that path started there. Every start is grey, as in the legend."""
    paths = {"a": [0.5, 3.0, 20.0], "b": [0.5, 1.0, 2.0], "c": [0.5, 4.0, 5.0]}
    fig = plot_w_paths(data.x_train, data.y_train, paths, lang="en")
    ax = fig.axes[0]
    squares = [c for c in ax.collections if c.get_paths()[0].vertices.shape[0] == 5]
    starts = [
        c
        for c in squares
        if list(c.get_offsets()[0])
        == [0.5, pytest.approx(loss_at_w(0.5, data.x_train, data.y_train))]
    ]
    assert len(starts) == len(paths)
    grey = matplotlib.colors.to_rgba("grey")
    for start in starts:
        np.testing.assert_allclose(start.get_facecolor()[0], grey)
    (legend,) = fig.legends
    (square,) = [h for h, t in zip(legend.legend_handles, legend.get_texts(), strict=True)
                 if t.get_text() == "square: start"]  # fmt: skip
    assert matplotlib.colors.to_rgba(square.get_markerfacecolor()) == grey
    ends = [c for c in ax.collections if c.get_sizes()[0] == 30]  # curves._END_AREA
    assert len({tuple(c.get_facecolor()[0]) for c in ends}) == len(paths)  # own colours


def test_shape_flow_shows_the_real_shapes(data):
    fig = plot_shape_flow(data.x_test, data.x_train, data.y_train, lang="en")
    shapes = [t.get_text() for t in fig.axes[0].texts if t.get_text().startswith("(")]
    # leave_one_out makes two tensors, keys and values: the box gives the shape of each
    # (review 24: one shape read as the shape of one tensor)
    assert shapes == ["(50,)", "(1500,)", "(50, 30)", "(30,)", "(50, 30)", "(50, 30)", "(30,)",
                      "(50,)", "(30,)", "(30,)", "(30, 29) each", "(30, 29)", "(30, 29)",
                      "(30, 29)", "(30, 1, 29)", "(30, 1, 1)", "(30,)"]  # fmt: skip
    codes = [t.get_text() for t in fig.axes[0].texts if str(t.get_gid()).startswith("code:")]
    # the score step on both paths (issue 26: the recap's figure had none); the keys enter
    # the prediction where the scores need them, the values where they are averaged (review
    # 22: the diagram started from x_test alone)
    assert codes[3:8] == ["keys: x_train", "scores −(q−k)²/2", "softmax(dim=1)",
                          "values: y_train", "matmul(·, y_train)"]  # fmt: skip
    # training starts from the 1-D x_train, which leave_one_out makes 2-D with y_train (round
    # 19: the diagram started at the keys); the tiled queries enter beside the chain at the
    # scores, in an orange box (round 23: in the chain after leave_one_out, they read as its
    # output)
    assert codes[8:13] == ["x_train", "y_train", "keys, values: leave_one_out",
                           "queries: x_train tiled", "scores −((q−k)w)²/2"]  # fmt: skip
    assert codes[2] == "queries: reshape(-1, n_train)"  # the prediction's query matrix
    boxes = {str(p.get_gid()) for p in fig.axes[0].patches}
    assert "flowbox-middle-1-2-in" in boxes and "flowbox-ends-1-1-in" in boxes
    assert {"flowbox-ends-0-3-in", "flowbox-middle-0-3", "flowbox-middle-1-2"} <= boxes
    # the colour key under the columns: blue = input or output, orange = in between
    key = [t.get_text() for t in fig.axes[0].texts if str(t.get_gid()).startswith("caption:key")]
    assert key == ["input or output", "tensor in between"]
    titles = [
        t.get_text() for t in plot_shape_flow(data.x_test, data.x_train, data.y_train).axes[0].texts
    ]
    assert "训练（留一法，带参数）" in titles
    # legible on a phone: the narrow drawing at most 4 inches (400 CSS px) wide, so it is
    # hardly scaled down at 375 px, and no text under 9 pt; the wide one, for a desktop's
    # column, the same enlarged (round 12: the phone's drawing was shown 365 px wide on a
    # 1280 px screen, its labels smaller than the page's text)
    narrow = plot_shape_flow(data.x_test, data.x_train, data.y_train, layout="narrow", lang="en")
    assert fig.narrow_layout == {"layout": "narrow"} and narrow.narrow_layout is None
    assert narrow.get_size_inches()[0] <= 4.0 < 4.5 <= fig.get_size_inches()[0]
    assert min(t.get_fontsize() for t in narrow.axes[0].texts) >= 9
    assert min(t.get_fontsize() for t in fig.axes[0].texts) >= 11
    assert [t.get_text() for t in narrow.axes[0].texts] == [t.get_text() for t in fig.axes[0].texts]
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
        plot_shape_flow(data.x_test, data.x_train, data.y_train, layout="x")
    # the alt text walks every step with its shape, the repeated shapes too
    alt = describe(fig, "plot_shape_flow", "en")
    assert (
        "scores −(q−k)²/2 (50, 30), with the keys x_train (30,) → softmax(dim=1) (50, 30) → "
        "matmul(·, y_train) (50,), with the values y_train (30,)." in alt
    )
    assert (
        "Training (leave-one-out, parametric): x_train (30,) → keys, values: leave_one_out "
        "(30, 29) each, with y_train (30,) → scores −((q−k)w)²/2 (30, 29), with the queries "
        "x_train tiled (30, 29) → softmax(dim=1) (30, 29)" in alt
    )
    assert "blue boxes are inputs or outputs, orange ones the tensors in between" in alt


def test_explorer_panels_show_the_package_fit(data):
    fig = plot_explorer_panels(data, 4.0, query_indices=(0, 10), lang="en")
    y_hat, weights = nadaraya_watson(data.x_test, data.x_train, data.y_train, 0.25)
    np.testing.assert_allclose(fig.axes[0].lines[1].get_ydata(), y_hat.numpy(), rtol=1e-6)
    np.testing.assert_allclose(fig.axes[1].lines[0].get_ydata(), weights[0].numpy(), rtol=1e-6)
    assert fig.axes[2].images[0].get_array().shape == (50, 30)


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_the_explorer_heatmap_ticks_both_axes_from_the_first_input(data, layout):
    """The queries start at 0 and were ticked from 0; the keys start at 0.11 and were
    ticked from 1 only, the top-left corner unlabelled (issue 26). Both axes now start
    at the first input, so both carry a 0."""
    fig = plot_explorer_panels(data, 4.0, layout=layout, lang="en")
    heatmap = fig.axes[2]
    assert float(data.x_test[0]) == 0.0 < float(data.x_train[0])
    assert heatmap.get_xlim()[0] == 0.0
    fig.draw_without_rendering()
    left, right = heatmap.get_xlim()
    shown = [
        t.get_text() for t in heatmap.get_xticklabels() if left <= t.get_position()[0] <= right
    ]
    assert shown[0] == "0"


@pytest.mark.parametrize("lang", ["fr", "", "ZH"])  # None: the current language (test_base)
def test_unknown_language_raises(data, lang):
    with pytest.raises(ValueError, match="lang"):
        plot_shape_flow(data.x_test, data.x_train, data.y_train, lang=lang)


def test_bad_query_index(data):
    with pytest.raises(ValueError, match="query_index"):
        plot_boundary_bias(data.x_test, data.y_truth, data.x_train, data.y_train, query_index=50)
    with pytest.raises(ValueError, match="query_indices"):
        plot_explorer_panels(data, 1.0, query_indices=(0, 99))
    with pytest.raises(TypeError, match="data"):
        plot_explorer_panels(torch.zeros(3), 1.0)


@pytest.mark.parametrize("name", ["x_test", "x_train", "y_train"])
def test_shape_flow_refuses_a_numpy_array_naming_it(data, name):
    """Round 18: a numpy input raised an AttributeError from deep inside (``repeat_interleave``)
    where the docstring promised a TypeError; now the TypeError names the argument."""
    args = {"x_test": data.x_test, "x_train": data.x_train, "y_train": data.y_train}
    args[name] = args[name].numpy()
    with pytest.raises(TypeError, match=f"^{name} must be a torch.Tensor, got ndarray$"):
        plot_shape_flow(**args, lang="en")


@pytest.mark.parametrize("layout", ["wide", "stacked"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_equivalent_weights_are_drawn_beside_the_attention_weights(data, layout, lang):
    """Readers of rounds 27 and 28: the page's new idea, equivalent weights that go below 0,
    had no picture. With ``equivalent_weights`` the right panel draws the local linear
    weights of the same query as dots over the bars, with a line at 0; both get a legend
    entry, the alt text says how many are negative and how low they go, and the legend
    still fits the figure's width."""
    args = (data.x_test, data.y_truth, data.x_train, data.y_train)
    fig = plot_boundary_bias(*args, equivalent_weights=True, layout=layout, lang=lang)
    _, ell = local_linear(data.x_test, data.x_train, data.y_train)
    ax_w = fig.axes[1]
    (dots,) = [line for line in ax_w.lines if line.get_marker() == "o"]
    np.testing.assert_allclose(dots.get_ydata(), ell[0].numpy(), rtol=1e-6)
    assert min(dots.get_ydata()) < 0 < max(dots.get_ydata())
    assert any(list(line.get_ydata()) == [0, 0] for line in ax_w.lines)  # a line at 0
    assert ax_w.get_ylim()[0] < float(ell[0].min())  # the negative dots are in view
    entries = [t.get_text() for t in fig.legends[0].get_texts()]
    ell_entry = (
        "局部线性的等效权重 $\\ell_i$（圆点）"
        if lang == "zh"
        else "equivalent weights $\\ell_i$ (dots)"
    )
    assert entries[-1] == ell_entry and len(entries) == 8
    negative = int((ell[0] < 0).sum())
    low = f"{float(ell[0].min()):.3f}".replace("-", "\N{MINUS SIGN}")
    name = "plot_boundary_bias"
    alt = describe(fig, name, lang)
    if lang == "en":
        assert (
            f"{negative} of the {len(ell[0])} equivalent weights are negative, the lowest "
            f"{low}, that of the key x = "
        ) in alt
        assert ax_w.get_title() == "two sets of weights of the query x = 0"
    else:
        assert f"{len(ell[0])} 个等效权重中有 {negative} 个是负的，最低的是键 x = " in alt
        assert f" 的 {low}。" in alt
        assert ax_w.get_title() == "查询 x = 0 的两种权重"
    fig.draw_without_rendering()
    box = fig.legends[0].get_window_extent()
    assert 0 <= box.x0 and box.x1 <= fig.bbox.width  # the legend is not cut off
    # the default draws no dots, as before
    plain = plot_boundary_bias(*args, layout=layout, lang=lang)
    assert not [line for line in plain.axes[1].lines if line.get_marker() == "o"]
    assert len(plain.legends[0].get_texts()) == 6
    with pytest.raises(TypeError, match="equivalent_weights"):
        plot_boundary_bias(*args, equivalent_weights="yes")


@pytest.mark.parametrize("layout", ["wide", "stacked"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_alt_text_is_one_whole_description(data, layout, lang):
    """Round-35 reader: the list of drawn words after the description left out "local linear
    regression" and "query x = 0" (the description half-said them), and the sentence on
    where the weights panel ends was the page's fourth copy of it (prose, printout and code
    comment). The description now names both titles, the four axes and every legend entry
    itself, with no list after it; where the panel ends is left to the page."""
    args = (data.x_test, data.y_truth, data.x_train, data.y_train)
    fig = plot_boundary_bias(*args, equivalent_weights=True, layout=layout, lang=lang)
    alt = fig.description
    ax_fit, ax_w = fig.axes
    said = [ax_fit.get_title(), ax_w.get_title(), ax_fit.get_xlabel(), ax_fit.get_ylabel()]
    said += [ax_w.get_xlabel(), ax_w.get_ylabel()]
    assert all(text in alt for text in said), said
    # every legend entry, in the description's words
    entries = (
        ["真实函数", "Nadaraya-Watson（局部常数）", "局部线性回归", "训练点", "查询 x = 0",
         "权重的重心 x̄ = ", "注意力权重", "等效权重 ℓᵢ"]
        if lang == "zh"
        else ["true function", "Nadaraya-Watson (local constant)", "local linear regression",
              "training points", "query x = 0", "centre of the weights, x̄ = ",
              "attention weights", "equivalent weights ℓᵢ"]
    )  # fmt: skip
    assert all(entry in alt for entry in entries), [e for e in entries if e not in alt]
    assert "±" not in alt and ("图例" if lang == "zh" else "legend:") not in alt
    assert "{" not in alt


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_alt_text_claims_only_what_the_numbers_show(lang):
    """Reader r53: the docstring example's alt said the Nadaraya-Watson ring almost circles
    the truth (it is 0.18 off, local linear closer), and a middle query was "left-edge"
    with every key to its right. Each claim is now computed from the figure's numbers."""
    x = torch.linspace(0, 5, 11)
    edge = plot_boundary_bias(x, x.sin(), x, x.sin(), lang=lang).description
    middle = plot_boundary_bias(x, x.sin(), x, x.sin(), query_index=5, lang=lang).description
    ring = "几乎套在" if lang == "zh" else "almost circles"
    assert ring not in edge and ring not in middle
    left = "左端查询" if lang == "zh" else "left-edge query"
    # r54: the key x = 0 lies on the query x = 0, so not "every key to its right"
    right = "左侧没有键" if lang == "zh" else "No key of this query lies to its left"
    assert left in edge and right in edge
    assert left not in middle and right not in middle
    minus = "−1.10" if lang == "zh" else "(−1.10 against −0.96)"
    assert minus in edge and "x = 5.0" not in edge


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_last_input_as_the_query_is_named_once(data, lang):
    """Reader r54: query_index = len(x_test) - 1 gave "rings at x = 5 and x = 5"."""
    x = torch.linspace(0, 5, 11)
    for args, last in (
        ((x, x.sin(), x, x.sin()), "5"),
        ((data.x_test, data.y_truth, data.x_train, data.y_train), "4.9"),
    ):
        n = len(args[0])
        fig = plot_boundary_bias(*args, query_index=n - 1, lang=lang)
        twice = f"x = {last} 与 x = {last}" if lang == "zh" else f"x = {last} and at x"
        title = fig.axes[0].get_title()
        assert title == (
            f"两种拟合（圆环在 x = {last}）"
            if lang == "zh"
            else f"the two fits (rings at x = {last})"
        )
        assert twice not in fig.description
        assert f"x = {last} 和 x = {last}" not in fig.description
        assert f"at x = {last} the" not in fig.description
        empty = "右侧没有键" if lang == "zh" else "No key of this query lies to its right"
        assert empty in fig.description


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("layout", ["wide", "stacked"])
@pytest.mark.parametrize("chapter", [True, False])
def test_every_title_lies_inside_the_figure(data, lang, layout, chapter):
    """Reader r54: on the chapter's data (x = 4.9) the stacked en title ran 1.4 px past
    the figure's right edge in a browser, whose font is about 1 % wider than matplotlib's
    measure: each title keeps 2 % of the figure's width clear on both sides."""
    x = torch.linspace(0, 5, 11)
    args = (
        (make_data().x_test, make_data().y_truth, make_data().x_train, make_data().y_train)
        if chapter
        else (x, x.sin(), x, x.sin())
    )
    for index in (0, len(args[0]) - 1):
        fig = plot_boundary_bias(
            *args, query_index=index, equivalent_weights=chapter, layout=layout, lang=lang
        )
        fig.draw_without_rendering()
        box = fig.bbox.padded(-0.02 * fig.bbox.width, 0)
        for ax in fig.axes:
            title = ax.title.get_window_extent()
            assert box.x0 <= title.x0 and title.x1 <= box.x1, (ax.get_title(), title, box)
            assert title.y1 <= fig.bbox.y1
