"""Tests of attention_tutorial.figures.attention: numbers against numpy, labels, errors.

The figure contract (type, language, fonts, global state) is checked once for every
figure in ``test_contract.py``.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
import torch
from matplotlib.backends.backend_agg import FigureCanvasAgg

import attention_tutorial as at
from attention_tutorial import (
    make_data,
    plot_attention_heatmap,
    plot_attention_pooling,
    plot_bandwidth_gallery,
    plot_data,
)

N_TEST, N_TRAIN = 9, 6  # different on purpose: a transposed result fails


def softmax_reference(query: float, keys: np.ndarray, h: float = 1.0) -> np.ndarray:
    """Return Nadaraya-Watson weights for one query, computed with numpy."""
    scores = -(((query - keys) / h) ** 2) / 2
    exp = np.exp(scores - scores.max())
    return exp / exp.sum()


@pytest.fixture
def toy() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Return x_test, y_truth (9 each) and x_train, y_train (6 each), float64."""
    g = torch.Generator().manual_seed(3)
    x_train, _ = torch.sort(torch.rand(N_TRAIN, generator=g, dtype=torch.float64) * 5)
    y_train = torch.randn(N_TRAIN, generator=g, dtype=torch.float64)
    x_test = torch.linspace(0, 5, N_TEST, dtype=torch.float64)
    return x_test, torch.sin(x_test), x_train, y_train


def texts(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].texts]


# plot_attention_pooling ------------------------------------------------------------


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_the_pooling_alt_text_reads_key_by_key_with_weight_and_value(layout):
    keys, values = torch.tensor([1.0, 3.0]), torch.tensor([0.5, 1.5])
    fig = plot_attention_pooling(2.0, keys, values, lang="en", layout=layout)
    # the two keys are equally near: each weight 0.5, written with the picture's decimals
    assert "key k₁ = 1.00, weight 0.50, value v₁ = 0.50; key k₂ = 3.00" in fig.description
    assert fig.description.endswith("the output f(q) = Σᵢ α(q, kᵢ) vᵢ ≈ 1.00.")
    zh = plot_attention_pooling(2.0, keys, values, lang="zh", layout=layout)
    assert "查询 q = 2.00；键 k₁ = 1.00，权重" in zh.description


@pytest.mark.parametrize("bandwidth", [0.5, 1.0, 2.0])
def test_pooling_diagram_shows_the_reference_weights_and_output(bandwidth) -> None:
    """Check every weight, the output and the formula against numpy."""
    keys = torch.tensor([0.1, 0.9, 1.5, 2.6, 3.8], dtype=torch.float64)
    values = torch.tensor([0.9, 1.7, 3.2, 3.4, 1.8], dtype=torch.float64)
    fig = plot_attention_pooling(2.0, keys, values, bandwidth=bandwidth, lang="en")
    alpha = softmax_reference(2.0, keys.numpy(), bandwidth)
    output = float(alpha @ values.numpy())
    shown = texts(fig)
    for i, (k, v, w) in enumerate(zip(keys.tolist(), values.tolist(), alpha, strict=True)):
        assert f"$k_{{{i + 1}}}$ = {k:.2f}" in shown
        assert f"$v_{{{i + 1}}}$ = {v:.2f}" in shown
        assert any(f"{w:.{d}f}" in shown for d in range(2, 7))  # as many decimals as the sum needs
    assert f"$f(q)$ = {output:.2f}" in shown
    assert "$q$ = 2.00" in shown
    assert any(t.endswith(f"≈ {output:.2f}") for t in shown)


def test_pooling_diagram_arrows_grow_with_the_weight() -> None:
    """Check that a larger weight gets a wider arrow (query -> key and value -> output)."""
    keys = torch.tensor([0.0, 1.0, 3.0])
    fig = plot_attention_pooling(0.0, keys, torch.ones(3), lang="en")
    alpha = softmax_reference(0.0, keys.numpy())
    arrows = [t for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None]
    assert len(arrows) == 2 * len(keys)
    widths = [a.arrow_patch.get_linewidth() for a in arrows]
    into_keys, into_output = widths[0::2], widths[1::2]
    assert np.argsort(into_keys).tolist() == np.argsort(alpha).tolist()
    assert into_keys == into_output


def _printed_sum(fig) -> tuple[list[tuple[str, str]], str]:
    """The terms (weight, value) of the diagram's sum, as printed, and its printed result."""
    (line,) = [t for t in texts(fig) if "×" in t]
    terms = re.findall(r"([\d.]+)×(-?[\d.]+)", line)
    return terms, line.rsplit("≈", 1)[1].strip()


@pytest.mark.parametrize("layout", ["wide", "stacked"])
@pytest.mark.parametrize("seed", range(6))
def test_pooling_diagram_sum_adds_up_as_printed(layout, seed) -> None:
    """The cues page's diagram printed 0.06×0.92 + 0.20×1.68 + ... ≈ 2.68, terms that add up to
    2.666: multiplied out as printed, the terms must round to the printed output; the bars
    print the same weights."""
    data = make_data()
    cases = [(data.x_test[20], data.x_train[::10], data.y_train[::10])]  # the cues page's
    g = torch.Generator().manual_seed(seed)
    cases.append((2.0, torch.rand(5, generator=g) * 5, torch.randn(5, generator=g) * 3))
    for query, keys, values in cases:
        fig = plot_attention_pooling(query, keys, values, lang="en", layout=layout)
        terms, result = _printed_sum(fig)
        assert len(terms) == len(keys)
        total = sum(float(w) * float(v) for w, v in terms)
        assert f"{total:.2f}" == result, (terms, total, result)
        assert f"$f(q)$ = {result}" in texts(fig)
        assert all(w in texts(fig) for w, _ in terms)  # the bars' labels
    (query, keys, values) = cases[0]
    terms, _ = _printed_sum(plot_attention_pooling(query, keys, values, layout=layout))
    # two decimals were not enough on the page: its weights carry more
    assert all(len(w.split(".")[1]) > 2 for w, _ in terms)


def test_pooling_diagram_arrows_differ_on_a_phone() -> None:
    """On the cues page at 375 px the arrows of the weights 0.06 and 0.34 looked the same: in
    the stacked layout (4.6 inches shown in a 335 px column) they differ by >= 2 px."""
    data = make_data()
    keys, values = data.x_train[::10], data.y_train[::10]
    fig = plot_attention_pooling(data.x_test[20], keys, values, layout="stacked")
    arrows = [t for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None]
    px_per_pt = 335 / (fig.get_figwidth() * 72)
    widths = sorted(a.arrow_patch.get_linewidth() * px_per_pt for a in arrows[0::2])
    assert widths[-1] - widths[0] >= 2.0, widths
    assert widths[0] >= 0.5, widths  # the thinnest still drawn


def test_pooling_diagram_on_a_phone_gives_every_arrow_a_lane_of_its_own() -> None:
    """Round 17: at 375 px v₂'s thin arrow ran inside v₁'s thick one, down the same right
    edge into the output, so only v₁ seemed to feed it. Every arrow of the stacked layout
    now turns in its own lane (x), and all the lanes of one side are apart by more than the
    half widths of the two arrows beside each other, on both sides."""
    keys, values = torch.tensor([0.0, 2.0]), torch.tensor([0.0, 10.0])
    fig = plot_attention_pooling(0.0, keys, values, layout="stacked", lang="en")
    arrows = [t for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None]
    into_keys, into_output = arrows[0::2], arrows[1::2]  # query -> key i, value i -> output
    inch_per_pt = 1 / 72
    for side, lane_of in ((into_keys, lambda a: a.xyann[0]), (into_output, lambda a: a.xy[0])):
        lanes = [lane_of(a) for a in side]
        widths = [a.arrow_patch.get_linewidth() * inch_per_pt for a in side]
        gap = abs(lanes[0] - lanes[1])
        assert gap > (widths[0] + widths[1]) / 2 + 0.03, (lanes, widths)
    # the lanes into the output land on its box's top edge
    box = next(p for p in fig.axes[0].patches if "f(q)" in "".join(
        t.get_text() for t in fig.axes[0].texts if p.contains_point(
            fig.axes[0].transData.transform(t.get_position()))))  # fmt: skip
    left, right = box.get_x(), box.get_x() + box.get_width()
    assert all(left < a.xy[0] < right for a in into_output)


def test_pooling_diagram_accepts_a_tensor_query() -> None:
    """Check that a 0-d or one-element tensor query gives the same diagram as a float."""
    data = make_data()
    keys, values = data.x_train[::10], data.y_train[::10]
    expected = texts(plot_attention_pooling(data.x_test[20].item(), keys, values))
    assert texts(plot_attention_pooling(data.x_test[20], keys, values)) == expected
    assert texts(plot_attention_pooling(data.x_test[20:21], keys, values)) == expected


@pytest.mark.parametrize(
    ("lang", "headings"),
    [
        ("zh", ["查询", "键", "注意力权重\n" r"$\alpha(q, k_i)$", "值", "输出"]),
        ("en", ["query", "keys", "attention weights\n" r"$\alpha(q, k_i)$", "values", "output"]),
    ],
)
def test_pooling_diagram_headings_follow_the_language(lang, headings) -> None:
    fig = plot_attention_pooling(1.0, torch.tensor([0.0, 2.0]), torch.tensor([1.0, 3.0]), lang=lang)
    assert texts(fig)[:5] == headings


def test_pooling_diagram_errors() -> None:
    """Check each invalid argument is named in the error."""
    keys, values = torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0])
    with pytest.raises(ValueError, match=r"query must be a number or a one-element tensor"):
        plot_attention_pooling(torch.zeros(2), keys, values)
    with pytest.raises(ValueError, match="query must have a floating-point dtype"):
        plot_attention_pooling(torch.tensor(1), keys, values)
    with pytest.raises(TypeError, match="query must be a real number, got str"):
        plot_attention_pooling("1.0", keys, values)
    with pytest.raises(ValueError, match="query must be a finite number"):
        plot_attention_pooling(float("nan"), keys, values)
    with pytest.raises(ValueError, match="keys and values must have the same length, got 2 and 3"):
        plot_attention_pooling(0.0, keys, torch.ones(3))
    with pytest.raises(ValueError, match=r"keys must hold at most 8 key-value pairs.*got 9"):
        plot_attention_pooling(0.0, torch.zeros(9), torch.zeros(9))
    with pytest.raises(ValueError, match=r"keys must be a 1-D tensor of shape \(n,\)"):
        plot_attention_pooling(0.0, torch.zeros(2, 2), torch.zeros(2))
    with pytest.raises(ValueError, match="bandwidth must be a positive finite number"):
        plot_attention_pooling(0.0, keys, values, bandwidth=0.0)


# plot_bandwidth_gallery ----------------------------------------------------------


def test_gallery_matches_a_numpy_reference(toy) -> None:
    """Check fits, weights (n_test rows, n_train columns) and the MSE in each title."""
    x_test, y_truth, x_train, y_train = toy
    bandwidths = [0.2, 1.0, 4.0]
    fig = plot_bandwidth_gallery(x_test, y_truth, x_train, y_train, bandwidths, lang="en")
    assert len(fig.axes) == 3 * len(bandwidths)  # fits, heatmaps, colour bars
    fits, heatmaps = fig.axes[:3], fig.axes[3:6]
    for h, fit, heat in zip(bandwidths, fits, heatmaps, strict=True):
        weights = np.stack([softmax_reference(q, x_train.numpy(), h) for q in x_test.tolist()])
        y_hat = weights @ y_train.numpy()
        mse = float(np.mean((y_hat - y_truth.numpy()) ** 2))
        image = heat.images[0].get_array()
        assert image.shape == (N_TEST, N_TRAIN)
        np.testing.assert_allclose(image, weights, rtol=1e-10)
        truth, prediction = fit.lines
        np.testing.assert_allclose(truth.get_ydata(), y_truth.numpy())
        np.testing.assert_allclose(prediction.get_ydata(), y_hat, rtol=1e-10)
        assert fit.get_title() == f"h = {h:g}\nMSE = {mse:.3f}"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        # the colour bar says "attention weight", as on every other heatmap (round 16)
        ("zh", ("输出 y", "查询（测试输入）", "键（训练输入）", "注意力权重")),
        ("en", ("output y", "queries (test inputs)", "keys (training inputs)", "attention weight")),
    ],
)
def test_gallery_labels_follow_the_language(toy, lang, expected) -> None:
    fig = plot_bandwidth_gallery(*toy, [0.5, 2.0], lang=lang)
    fit, _, heat, last_heat, _, last_bar = fig.axes
    assert (fit.get_ylabel(), heat.get_ylabel(), last_heat.get_xlabel()) == expected[:3]
    assert last_bar.get_ylabel() == expected[3]
    assert len(fig.legends) == 1 and len(fig.legends[0].get_texts()) == 3


def test_gallery_heatmaps_span_the_queries_range_with_a_tick_at_0() -> None:
    """Issue 26: the keys' axis began at the first key (0.11 on the page), so it had no
    0 tick while the queries' axis had one; both now start at 0. The keys' axis ends
    where the last key's cell does: half the last gap beyond the last key."""
    data = make_data()
    fig = plot_bandwidth_gallery(
        data.x_test, data.y_truth, data.x_train, data.y_train, [0.3, 1.0], lang="en"
    )
    fig.draw_without_rendering()
    heatmaps = [ax for ax in fig.axes if ax.images and not hasattr(ax, "_colorbar")]
    assert len(heatmaps) == 2 and float(data.x_train[0]) > 0.1
    for ax in heatmaps:
        left, right = ax.get_xlim()
        last, before = float(data.x_train[-1]), float(data.x_train[-2])
        assert left == 0.0 and right == pytest.approx(last + (last - before) / 2)
        shown = [t.get_text() for t in ax.get_xticklabels() if left <= t.get_position()[0] <= right]
        assert shown[0] == "0"


def test_gallery_errors(toy) -> None:
    """Check each invalid argument is named in the error."""
    x_test, y_truth, x_train, y_train = toy
    with pytest.raises(ValueError, match="bandwidths must hold between 1 and 6 numbers, got 0"):
        plot_bandwidth_gallery(x_test, y_truth, x_train, y_train, [])
    with pytest.raises(ValueError, match="bandwidths must hold between 1 and 6 numbers, got 7"):
        plot_bandwidth_gallery(x_test, y_truth, x_train, y_train, [1.0] * 7)
    with pytest.raises(ValueError, match=r"bandwidths\[1\] must be a positive finite number"):
        plot_bandwidth_gallery(x_test, y_truth, x_train, y_train, [1.0, -1.0])
    with pytest.raises(TypeError, match="bandwidths must be a sequence of numbers, got float"):
        plot_bandwidth_gallery(x_test, y_truth, x_train, y_train, 1.0)
    with pytest.raises(ValueError, match="x_train and y_train must have the same length"):
        plot_bandwidth_gallery(x_test, y_truth, x_train, y_train[:-1], [1.0])
    with pytest.raises(ValueError, match="x_test and y_truth must have the same length"):
        plot_bandwidth_gallery(x_test, y_truth[:-1], x_train, y_train, [1.0])
    with pytest.raises(ValueError, match="x_test, y_truth, x_train, y_train must have the same"):
        plot_bandwidth_gallery(x_test.float(), y_truth, x_train, y_train, [1.0])
    with pytest.raises(TypeError, match=r"x_train must be a torch\.Tensor, got list"):
        plot_bandwidth_gallery(x_test, y_truth, [0.0], y_train, [1.0])


# plot_data -----------------------------------------------------------------------


def test_plot_data_draws_truth_training_points_and_test_inputs(toy) -> None:
    x_test, y_truth, x_train, y_train = toy
    fig = plot_data(x_test, y_truth, x_train, y_train, lang="en")
    ax = fig.axes[0]
    truth, rug = ax.lines
    np.testing.assert_allclose(truth.get_ydata(), y_truth.numpy())
    np.testing.assert_allclose(rug.get_xdata(), x_test.numpy())
    lowest = min(y_truth.min().item(), y_train.min().item())
    assert np.all(rug.get_ydata() < lowest)  # the ticks lie below every point
    offsets = ax.collections[0].get_offsets()
    np.testing.assert_allclose(offsets, np.column_stack([x_train, y_train]))


@pytest.mark.parametrize(
    ("lang", "legend"),
    [
        ("zh", ["真实函数 f(x)", "训练数据（含噪声）", "测试输入（查询的位置）"]),
        (
            "en",
            ["true function f(x)", "training data (noisy)", "test inputs (where the queries are)"],
        ),
    ],
)
def test_plot_data_legend_follows_the_language(toy, lang, legend) -> None:
    fig = plot_data(*toy, lang=lang, title="t")
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == legend
    assert fig.axes[0].get_title() == "t"


def test_plot_data_errors() -> None:
    with pytest.raises(ValueError, match="x_test, y_truth must have the same length, got 2 and 1"):
        plot_data([0.0, 1.0], [0.0], [0.0], [0.0])
    with pytest.raises(ValueError, match="x_train, y_train must have the same length"):
        plot_data([0.0], [0.0], [0.0, 1.0], [0.0])
    with pytest.raises(ValueError, match=r"x_train must be a 1-D array, got shape \(1, 1\)"):
        plot_data([0.0], [0.0], [[0.0]], [0.0])


# plot_attention_heatmap ----------------------------------------------------------


def test_heatmap_shows_the_weights_with_a_colour_bar() -> None:
    """Check image data, colormap, colour bar, and a tensor that requires grad."""
    weights = torch.rand(
        N_TEST, N_TRAIN, generator=torch.Generator().manual_seed(0), requires_grad=True
    )
    fig = plot_attention_heatmap(weights, lang="en", xlabel="k", ylabel="q")
    ax = fig.axes[0]
    image = ax.images[0]
    np.testing.assert_allclose(image.get_array(), weights.detach().numpy(), rtol=1e-6)
    assert image.get_array().shape == (N_TEST, N_TRAIN)  # queries on rows
    assert image.get_cmap().name == "Reds"
    assert len(fig.axes) == 2 and image.colorbar is not None
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("k", "q")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("zh", ("键（训练输入）", "查询（测试输入）", "注意力权重")),
        ("en", ("keys (training inputs)", "queries (test inputs)", "attention weight")),
    ],
)
def test_heatmap_labels_follow_the_language(lang, expected) -> None:
    ax, colorbar_ax = plot_attention_heatmap(np.full((3, 2), 0.5), lang=lang, title="t").axes
    assert (ax.get_xlabel(), ax.get_ylabel(), colorbar_ax.get_ylabel()) == expected
    assert ax.get_title() == "t"


def test_heatmap_key_axis_starts_with_the_query_axis_at_0() -> None:
    """Review r36: the key axis of the page's heatmap was ticked 1-4, the query axis (and
    the explorer's heatmap a few screens on) from 0. It now starts where the queries do,
    as the gallery's heatmaps. Review r46: the strip up to the first key's cell was blank,
    white as the bar's 0, so average pooling's heatmap showed a column of weight 0; the
    first key's cell now reaches the axis edge."""
    data = make_data()
    _, weights = at.nadaraya_watson(data.x_test, data.x_train, data.y_train)
    for layout in ("wide", "narrow"):
        fig = plot_attention_heatmap(
            weights, queries=data.x_test, keys=data.x_train, layout=layout, lang="en"
        )
        fig.draw_without_rendering()
        ax = fig.axes[0]
        left, right = ax.get_xlim()
        assert left == 0.0 and float(data.x_train[0]) > 0.1
        shown = [t.get_text() for t in ax.get_xticklabels() if left <= t.get_position()[0] <= right]
        assert shown[0] == "0", (layout, shown)
    # one weight everywhere (average pooling): every pixel inside the axes has its colour
    fig = plot_attention_heatmap(
        np.full((50, 50), 0.02), queries=data.x_test, keys=data.x_train, lang="en"
    )
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())[..., :3]
    box = fig.axes[0].get_window_extent()
    height = pixels.shape[0]
    inside = pixels[
        int(height - box.y1) + 3 : int(height - box.y0) - 3, int(box.x0) + 3 : int(box.x1) - 3
    ]
    assert (inside == inside[0, -1]).all() and tuple(inside[0, -1]) != (255, 255, 255)


def test_heatmap_errors() -> None:
    with pytest.raises(
        ValueError, match=r"attention_weights must be a 2-D array, got shape \(3,\)"
    ):
        plot_attention_heatmap(np.ones(3))
    # a NaN weight would be a blank cell; the index is (query, key)
    weights = np.array([[0.5, 0.5], [np.nan, 1.0]])
    with pytest.raises(
        ValueError,
        match=r"attention_weights contains NaN or infinite values: 1 of 4 entries, "
        r"the first at index \(1, 0\)",
    ):
        plot_attention_heatmap(weights)


def test_heatmap_of_indices_has_whole_number_ticks() -> None:
    """Without x values the axes count rows and columns: no tick such as 2.5."""
    fig = at.plot_attention_heatmap(np.full((20, 100), 0.01), lang="en")
    ax = fig.axes[0]
    for ticks in (ax.get_xticks(), ax.get_yticks()):
        assert all(float(t).is_integer() for t in ticks)


def test_heatmaps_share_one_colour_scale_and_name_their_panels() -> None:
    sharp = np.zeros((20, 30))
    sharp[:, 3] = 1.0
    flat = np.full((20, 30), 1 / 30)
    fig = at.plot_attention_heatmaps({"ProjectedAttention": sharp, "ScalarKernelAttention": flat})
    panels, colour_bar = fig.axes[:2], fig.axes[2]
    assert [ax.get_title() for ax in panels] == ["ProjectedAttention", "ScalarKernelAttention"]
    assert {ax.images[0].get_clim() for ax in panels} == {(0.0, 1.0)}
    assert colour_bar.get_ylabel() == "注意力权重" and len(fig.axes) == 3
    for ax in panels:
        assert all(float(t).is_integer() for t in ax.get_yticks())
    np.testing.assert_array_equal(panels[1].images[0].get_array(), flat)


def test_heatmaps_errors() -> None:
    with pytest.raises(ValueError, match="mapping of 1 to 4 panel titles"):
        at.plot_attention_heatmaps({})
    with pytest.raises(ValueError, match="one shape"):
        at.plot_attention_heatmaps({"a": np.zeros((2, 3)), "b": np.zeros((3, 2))})
    with pytest.raises(ValueError, match=r"attention_weights\['a'\] must be a 2-D"):
        at.plot_attention_heatmaps({"a": np.zeros(3)})


def test_the_heatmaps_alt_text_gives_its_colour_range_and_strongest_row() -> None:
    """Round 12: every alt text but the heatmap's gave numbers. Its numbers come from the
    weights drawn: the colour bar's top (the largest weight), the query whose row holds it,
    and the weakest row's largest weight; by row number without query values."""
    keys = np.array([0.0, 1.0, 2.0, 4.0, 8.0, 9.0])
    queries = np.linspace(0.0, 9.0, N_TEST)
    weights = np.stack([softmax_reference(q, keys) for q in queries])
    peaks = weights.max(axis=1)
    fig = plot_attention_heatmap(weights, queries=queries, keys=keys, lang="en")
    high, low = queries[peaks.argmax()], queries[peaks.argmin()]
    assert (
        f"The colour bar runs from 0.00 to {peaks.max():.2f}, the largest weight, in the row of "
        f"query x = {high:g}; the weakest row is that of query x = {low:g}, whose largest "
        f"weight is {peaks.min():.2f}." in fig.description
    )
    assert high != low
    by_row = plot_attention_heatmap(weights, lang="zh").description
    assert f"在第 {peaks.argmax()} 行" in by_row and f"最弱的一行是第 {peaks.argmin()} 行" in by_row
    uniform = plot_attention_heatmap(np.full((3, 4), 0.25), lang="en").description
    assert "Every weight is 0.25, the top of the colour bar" in uniform


# A 1280 px screen shows the API page's column 792 CSS px wide (measured in Chromium, round
# 14); 690 leaves room for a narrower column. The wide pooling diagram is nine inches, drawn
# at 100 px an inch.
DESKTOP_COLUMN_PX = 690
READABLE_PX = 11


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_pooling_diagram_text_is_readable_at_1280_and_on_a_phone(lang) -> None:
    """Round 14: the wide diagram's headings (10 pt) and weights (9 pt) were 10.6 and 9.5 px
    high in a 1280 px screen's column. Every text of the wide figure, shown in that column,
    and of the phone layout, shown in a 375 px phone's 335 px column, is >= 11 px."""
    keys, values = torch.linspace(0.0, 5.0, 6), torch.linspace(1.0, 3.0, 6)
    for layout, column in (("wide", DESKTOP_COLUMN_PX), ("stacked", 335)):
        fig = plot_attention_pooling(2.5, keys, values, layout=layout, lang=lang)
        scale = min(1.0, column / (fig.get_size_inches()[0] * 100))
        sizes = [t.get_fontsize() * 100 / 72 * scale for t in fig.axes[0].texts if t.get_text()]
        assert min(sizes) >= READABLE_PX, (layout, min(sizes))


def test_heatmap_alt_says_near_keys_only_when_few_keys_share_the_weight() -> None:
    """Round 14: the chapter's heatmap (h = 1) put weight on 28.5 of 50 keys per query, and
    its alt text said each query attends "mostly to the keys near it". The words follow the
    numbers: a wide band when more than a quarter of the keys are in use, near keys below."""
    data = at.make_data()
    for bandwidth, wide in ((1.0, True), (0.2, False)):
        _, weights = at.nadaraya_watson(data.x_test, data.x_train, data.y_train, bandwidth)
        used = float((1 / (weights**2).sum(dim=1)).mean())
        assert (used > 0.25 * data.n_train) == wide
        for lang, near, spread in (
            ("en", "mostly to the keys near it", "spreads its weight over many keys"),
            ("zh", "主要关注离它近的键", "把权重分给许多键"),
        ):
            text = plot_attention_heatmap(weights, lang=lang).description
            assert f"{used:.1f}" in text
            assert (spread in text, near in text) == (wide, not wide), (bandwidth, lang)


def test_gallery_training_points_are_light_in_the_dark_palette() -> None:
    """Round 14: the gallery keeps its colours in the dark palette (its heatmaps), and its
    training points, blue at 0.4 opacity, all but vanished on the dark panels. Every fit's
    points and the legend's marker carry a gid that the figure's own dark style draws in a
    light, nearly opaque colour; the light drawing is unchanged."""
    from attention_tutorial.figures._base import encode

    data = at.make_data()
    fig = at.plot_bandwidth_gallery(
        data.x_test, data.y_truth, data.x_train, data.y_train, [0.5, 2.0], lang="en"
    )
    points = [ax.collections[0] for ax in fig.axes[:2]]
    assert [p.get_gid() for p in points] == ["attn-train-points-0", "attn-train-points-1"]
    assert all(p.get_alpha() == 0.4 for p in points)
    mime, svg, _ = encode(fig)
    assert mime == "image/svg+xml"
    dark = svg[svg.index("<style") : svg.index("</style>")]
    rule = dark[dark.index('g[id^="attn-train-points"]') :]
    assert "fill-opacity: 0.85" in rule and "fill: #9cc9f5" in rule
    assert dark.index("prefers-color-scheme: dark") < dark.index("attn-train-points")
    for gid in ("attn-train-points-0", "attn-train-points-1", "attn-train-points-legend"):
        assert f'<g id="{gid}">' in svg


def test_each_heatmap_cell_is_drawn_where_its_key_and_query_lie() -> None:
    """Round-16 reader: with ``imshow``'s extent the columns were spaced evenly, so a key of
    the chapter's random training inputs was drawn up to 0.48 from its place (the band sat
    right of the diagonal). Unevenly spaced keys here: the pixel at each key's value (and
    its query's) has that cell's colour; a cell ends halfway to its neighbour."""
    keys, queries = np.array([0.0, 0.2, 4.0]), np.array([0.0, 1.0])
    weights = np.array([[0.1, 0.5, 0.9], [0.9, 0.5, 0.1]])
    fig = at.plot_attention_heatmap(weights, queries=queries, keys=keys, lang="en")
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    ax = fig.axes[0]
    rgba = np.asarray(canvas.buffer_rgba())
    image = ax.images[0]

    def colour_at(x: float, y: float) -> np.ndarray:
        px, py = ax.transData.transform((x, y))
        return rgba[int(rgba.shape[0] - py), int(px), :3].astype(int)

    for i, q in enumerate(queries):
        for j, k in enumerate(keys):
            expected = (np.array(image.to_rgba(weights[i, j], bytes=True))[:3]).astype(int)
            assert np.abs(colour_at(k, q) - expected).max() <= 2, (q, k)
    # 2.0 lies in the middle key's cell (0.1 to 2.1), 2.2 in the last one's
    middle = np.array(image.to_rgba(weights[0, 1], bytes=True))[:3].astype(int)
    last = np.array(image.to_rgba(weights[0, 2], bytes=True))[:3].astype(int)
    assert np.abs(colour_at(2.0, 0.0) - middle).max() <= 2
    assert np.abs(colour_at(2.2, 0.0) - last).max() <= 2


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_the_heatmaps_colour_bar_is_ticked_at_both_ends(layout) -> None:
    """Review 22: the colour bar's ticks stopped at 0.8 while the alt text gave its top as
    1.00; both ends are now ticked, the top as the alt text writes it. Review 23: 0.8 was
    then dropped (0, 0.2, 0.4, 0.6, 1.00 looked uneven), and the labels mixed 0, 0.2 and
    1.00; now every round value but the top's neighbour stays, all with two decimals."""
    weights = {"A": torch.eye(4), "B": torch.full((4, 4), 0.25)}
    fig = at.plot_attention_heatmaps(weights, layout=layout, lang="en")
    bar = fig.axes[-1]
    axis = bar.yaxis if layout == "wide" else bar.xaxis
    labels = [t.get_text() for t in axis.get_ticklabels()]
    assert labels == ["0.00", "0.20", "0.40", "0.60", "0.80", "1.00"]
    assert np.allclose(axis.get_ticklocs(), [0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
    assert "from 0.00 to 1.00" in fig.alt_facts  # round 37: the ends as printed on the bar
    # a small top: its decimals for every label, three ticks on a phone
    small = at.plot_attention_heatmaps({"A": 0.013 * torch.eye(4)}, layout=layout, lang="en")
    axis = small.axes[-1].yaxis if layout == "wide" else small.axes[-1].xaxis
    labels = [t.get_text() for t in axis.get_ticklabels()]
    assert labels[-1] == "0.013" and {len(label) for label in labels} == {5}
    assert "from 0.000 to 0.013" in small.alt_facts
    assert len(labels) <= (4 if layout == "narrow" else 6)
