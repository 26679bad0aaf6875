"""Tests of attention_tutorial.figures.curves: the data drawn, labels, errors.

The figure contract (type, language, fonts, global state) is checked once for every
figure in ``test_contract.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from attention_tutorial import (
    make_data,
    nadaraya_watson,
    plot_data,
    plot_fit,
    plot_fits,
    plot_loss,
    plot_loss_vs_w,
    plot_w_paths,
)


def test_plot_fit_draws_the_given_data() -> None:
    """Check the two lines, the scatter of training points and the legend."""
    data = make_data()
    y_hat, _ = nadaraya_watson(data.x_test, data.x_train, data.y_train)
    fig = plot_fit(data.x_test, data.y_truth, y_hat, data.x_train, data.y_train, lang="en")
    ax = fig.axes[0]
    truth, prediction = ax.lines
    np.testing.assert_allclose(truth.get_ydata(), data.y_truth.numpy())
    np.testing.assert_allclose(prediction.get_ydata(), y_hat.numpy())
    offsets = ax.collections[0].get_offsets()
    np.testing.assert_allclose(offsets, np.column_stack([data.x_train, data.y_train]))
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels == ["true function f(x)", "prediction", "training data (noisy)"]


@pytest.mark.parametrize(
    ("lang", "fit", "loss"),
    [
        ("zh", ("输入 x", "输出 y"), ("训练轮次（epoch）", "训练损失（求和）")),
        ("en", ("input x", "output y"), ("epoch", "training loss (sum)")),
    ],
)
def test_axis_labels_follow_the_language(lang, fit, loss) -> None:
    x = np.linspace(0, 5, 7)
    ax = plot_fit(x, x, x, x[:3], x[:3], lang=lang, title="t").axes[0]
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_title()) == (*fit, "t")
    ax = plot_loss([3.0, 2.0], lang=lang).axes[0]
    assert (ax.get_xlabel(), ax.get_ylabel()) == loss


def test_plot_loss_starts_at_epoch_one() -> None:
    """Check the x data (1, 2, 3), the y data and the markers."""
    line = plot_loss([3.0, 2.0, 1.5]).axes[0].lines[0]
    assert list(line.get_xdata()) == [1, 2, 3]
    assert list(line.get_ydata()) == [3.0, 2.0, 1.5]
    assert line.get_marker() == "o"


def loss_figure(lang: str):
    """Return a small loss-against-w figure."""
    return plot_loss_vs_w([0.1, 1.0, 10.0], [3.0, 2.0, 0.1], [3.0, 1.0, 2.0], lang=lang)


def fits_figure(lang: str):
    """Return a two-panel fits figure with 5 test and 3 training points."""
    x = np.linspace(0, 4, 5)
    return plot_fits(x, np.sin(x), {"w = 1": np.cos(x), "w = 9": x}, x[:3], -x[:3], lang=lang)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("zh", ("w（对数坐标）", "训练损失（求和）",
                ["含自身的键（不留一）", "去掉自身的键（留一法）", "留一法的最小值"],
                "输入 x", "输出 y", ["真实函数 f(x)", "预测值", "训练数据（含噪声）"])),
        ("en", ("w (log scale)", "training loss (sum)",
                ["own key included", "own key left out (leave-one-out)", "leave-one-out minimum"],
                "input x", "output y",
                ["true function f(x)", "prediction", "training data (noisy)"])),
    ],
)  # fmt: skip
def test_loss_vs_w_and_fits_labels_follow_the_language(lang: str, expected) -> None:
    xlabel, ylabel, legend, fit_x, fit_y, fit_legend = expected
    ax = loss_figure(lang).axes[0]
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_xscale()) == (xlabel, ylabel, "log")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == legend
    fits = fits_figure(lang)
    axes = fits.axes
    assert [a.get_xlabel() for a in axes] == [fit_x, fit_x]
    assert axes[0].get_ylabel() == fit_y
    assert [t.get_text() for t in fits.legends[0].get_texts()] == fit_legend


def test_plot_loss_vs_w_draws_the_data_and_marks_the_minimum() -> None:
    ax = loss_figure("en").axes[0]
    with_own, left_out = ax.lines
    np.testing.assert_allclose(with_own.get_ydata(), [3.0, 2.0, 0.1])
    np.testing.assert_allclose(left_out.get_ydata(), [3.0, 1.0, 2.0])
    np.testing.assert_allclose(ax.collections[0].get_offsets(), [[1.0, 1.0]])


def test_plot_loss_vs_w_alt_gives_the_minimum_the_plateau_and_the_own_key_curve() -> None:
    """The alt text reads the numbers off the data: the leave-one-out minimum, the plateau
    on the right (from the first w within 0.1 % of the last value) and the own-key curve."""
    ws = [0.1, 1.0, 10.0, 100.0, 1000.0]
    own, left_out = [3.0, 2.0, 1.0, 0.5, 0.0], [3.0, 1.25, 2.0, 2.5, 2.5]
    en = plot_loss_vs_w(ws, own, left_out, lang="en").description
    assert (
        "The leave-one-out minimum is at w = 1 (loss 1.2); by w = 100 the leave-one-out "
        "curve has levelled off at 2.5 and stays there up to 1000 (within 0.1 % of its value "
        "at w = 1000); the curve with the own key falls to 0 at w = 1000."
    ) in en
    zh = plot_loss_vs_w(ws, own, left_out, lang="zh").description
    assert (
        "留一法的最小值在 w = 1（损失 1.2）；到 w = 100 时，留一法的曲线已经平在 2.5，"
        "一直到 1000（与 w = 1000 处相差不到 0.1%）；含自身的键的曲线在 w = 1000 处降到 0。"
    ) in zh
    # no plateau: the last two values differ, so the alt names only the end values
    assert (
        "The leave-one-out minimum is at w = 1 (loss 1.0); at w = 10 the leave-one-out loss "
        "is 2.0 and the loss with the own key 0.1."
    ) in loss_figure("en").description


def test_plot_fits_draws_one_panel_per_fit() -> None:
    """Check the panel titles, the shared y axis and the data of each panel."""
    first, second = fits_figure("en").axes
    assert (first.get_title(), second.get_title()) == ("w = 1", "w = 9")
    assert first.get_shared_y_axes().joined(first, second)
    x = np.linspace(0, 4, 5)
    np.testing.assert_allclose(first.lines[1].get_ydata(), np.cos(x))
    np.testing.assert_allclose(second.lines[1].get_ydata(), x)
    np.testing.assert_allclose(second.collections[0].get_offsets()[:, 1], -x[:3])
    # one legend, under the panels: inside the first it covered a training point
    assert first.get_legend() is None and second.get_legend() is None
    assert len(fits_figure("en").legends) == 1
    # its text no smaller than the tick labels (round 23: "small", ~8 px on the site)
    fig = fits_figure("en")
    legend_pt = min(t.get_fontsize() for t in fig.legends[0].get_texts())
    tick_pt = max(t.get_fontsize() for t in first.get_xticklabels() + first.get_yticklabels())
    assert legend_pt >= tick_pt, (legend_pt, tick_pt)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_plot_fits_titles_in_words_per_language(lang) -> None:
    """A reader saw panels titled only "w = 1.00 / w = 16.20 / w = 3.98" and could not tell
    which was which: ``titles`` says what each panel is, in the figure's language, and the
    alt text names each panel by that title."""
    x = np.linspace(0, 4, 5)
    fits = {"start": np.cos(x), "learned": x}
    titles = [{"zh": "起点 w = 1", "en": "start: w = 1"}, "w = 9"]
    for layout in ("wide", "stacked"):
        fig = plot_fits(x, np.sin(x), fits, x[:3], -x[:3], titles=titles, layout=layout,
                        lang=lang)  # fmt: skip
        first = "起点 w = 1" if lang == "zh" else "start: w = 1"
        assert [ax.get_title() for ax in fig.axes] == [first, "w = 9"]
        assert first in fig.description and "start" not in fig.description.replace(first, "")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_plot_fits_along_x1_names_the_feature(lang) -> None:
    """r37d: the projections page draws its predictions along x₁ of a 2-D input; the x axis
    and the truth say x₁, not the chapter's x, in both layouts and in the alt text."""
    x = np.linspace(0, 4, 5)
    axis, truth = (
        ("输入的 x₁", "真实函数 f(x₁)") if lang == "zh" else ("input's x₁", "true function f(x₁)")
    )
    for layout in ("wide", "stacked"):
        fig = plot_fits(x, np.sin(x), {"a": x, "b": x}, x, x, inputs="x1", layout=layout, lang=lang)
        assert fig.axes[-1].get_xlabel() == axis
        assert truth in [t.get_text() for t in fig.legends[0].get_texts()]
        assert axis in fig.description and truth in fig.description
    with pytest.raises(ValueError, match=r'inputs must be "x" or "x1", got \'x2\''):
        plot_fits(x, x, {"a": x}, x, x, inputs="x2", lang=lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_plot_fits_alt_says_what_the_page_gives(lang) -> None:
    """r38d: the projections page's alt text gave the smoothness page's largest jumps, a
    measure that page never uses; ``alt`` puts the page's own sentence in place of the
    computed one, in both layouts, and a call without it keeps the jumps."""
    x = np.linspace(0, 4, 5)
    fits = {"a": x, "b": np.cos(x)}
    own = {"zh": "沿 x₂ = 2.5 这一行", "en": "along the row x₂ = 2.5"}
    for layout in ("wide", "stacked"):
        fig = plot_fits(x, np.sin(x), fits, x, x, alt=own, layout=layout, lang=lang)
        assert own[lang][1:] in fig.description
        assert all(word not in fig.description for word in ("jump", "跳动", "MSE", "均方"))
    assert "jump" in plot_fits(x, np.sin(x), fits, x, x, lang="en").description
    same = plot_fits(x, np.sin(x), fits, x, x, alt="w = 1", lang=lang).description
    assert "w = 1" in same and "MSE" not in same
    with pytest.raises(ValueError, match=r"alt must have a text for lang 'en'"):
        plot_fits(x, x, fits, x, x, alt={"zh": "a"}, lang="en")
    with pytest.raises(TypeError, match="alt must be a string or a mapping"):
        plot_fits(x, x, fits, x, x, alt=3, lang=lang)


@pytest.mark.parametrize(
    ("lang", "wide", "stacked", "gaps"),
    [
        ("zh", "左图 a，右图 b。", "上图 a，下图 b。",
         "x₁ 在 3 到 4 之间，a 的曲线平均比真实函数 f(x₁) 高 0.54，b 的曲线平均低 0.07。"),
        ("en", "Left panel a, right b.", "Upper panel a, lower b.",
         "For x₁ from 3 to 4, the a curve lies on average 0.54 above the true function "
         "f(x₁), the b curve 0.07 below it."),
    ],
)  # fmt: skip
def test_plot_fits_describe_names_the_panels_and_the_mean_gaps(lang, wide, stacked, gaps) -> None:
    """r39d: the projections page built its alt text in the teaching cell, a dict in both
    languages, and never said which panel is which; ``describe`` computes it: the panels'
    places in each layout and each curve's mean gap from f over the interval only."""
    x = np.linspace(0, 5, 21)  # 3, 3.25, ..., 4 inside the interval
    truth = np.sin(x)
    inside = (x >= 3) & (x <= 4)
    a = truth + np.where(inside, 0.54, 9.0)  # far off outside: only the interval counts
    b = truth - np.where(inside, 0.07, 9.0)
    fits = {"a": a, "b": b}
    for layout, places in (("wide", wide), ("stacked", stacked)):
        fig = plot_fits(x, truth, fits, x, x, inputs="x1", describe=(3, 4), layout=layout,
                        lang=lang)  # fmt: skip
        assert places + (" " if lang == "en" else "") + gaps in fig.description
        assert all(word not in fig.description for word in ("jump", "跳动", "MSE", "均方"))
    three = plot_fits(x, truth, {**fits, "c": truth}, x, x, describe=(3, 4), lang=lang)
    assert ("从左到右：a、b、c。" if lang == "zh" else "from left to right: a, b, c.") in (
        three.description
    )
    for bad, match in (
        ((4, 3), "describe must be two numbers"),
        ((3,), "describe must be two numbers"),
        ("34", "describe must be two numbers"),
        ((5.1, 6), "describe must hold a test input: none lies from 5.1 to 6"),
    ):
        with pytest.raises(ValueError, match=match):
            plot_fits(x, truth, fits, x, x, describe=bad, lang=lang)
    with pytest.raises(ValueError, match="give alt or describe, not both"):
        plot_fits(x, truth, fits, x, x, alt="a", describe=(3, 4), lang=lang)


@pytest.mark.parametrize(
    ("titles", "error", "match"),
    [
        (["a"], ValueError, r"titles must have one title per fit \(2\), got 1"),
        ("ab", TypeError, "titles must be a sequence"),
        ([{"zh": "a"}, "b"], ValueError, r"titles\[0\] must have a title for lang 'en'"),
        (["a", 3], TypeError, r"titles\[1\] must be a string or a mapping"),
        (["a", "a"], ValueError, "titles must differ from one another"),
    ],
)  # fmt: skip
def test_plot_fits_refuses_bad_titles(titles, error, match) -> None:
    x = np.linspace(0, 4, 5)
    with pytest.raises(error, match=match):
        plot_fits(x, x, {"a": x, "b": x}, x, x, titles=titles, lang="en")


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: plot_fit([0.0, 1.0], [0.0, 1.0], [0.0], [0.0], [0.0]), ValueError,
         "x_test, y_truth, y_hat must have the same length, got 2 and 2 and 1"),
        (lambda: plot_fit([0.0, 1.0], [0.0], [0.0, 1.0], [0.0], [0.0]), ValueError,
         "x_test, y_truth must have the same length, got 2 and 1"),
        (lambda: plot_fit([0.0], [0.0], [0.0], [0.0], ["a"]), TypeError,
         "y_train must hold real numbers, got str"),
        (lambda: plot_fit([0.0], [0.0], [0.0], [0.0], [{}]), TypeError,
         "y_train must be a 1-D sequence of numbers, got list"),
        (lambda: plot_loss([]), ValueError, "losses must not be empty"),
        # a NaN would leave a silent gap in the curve: training that diverged, say
        (lambda: plot_loss([3.0, 2.0, np.nan]), ValueError,
         r"losses contains NaN or infinite values: 1 of 3 entries, the first at index 2"),
        (lambda: plot_fit([0.0, 1.0], [0.0, 1.0], [np.nan, np.inf], [0.0], [0.0]), ValueError,
         r"y_hat contains NaN or infinite values: 2 of 2 entries, the first at index 0"),
        (lambda: plot_loss_vs_w([0.0, 1.0], [1.0, 1.0], [1.0, 1.0]), ValueError,
         "ws must all be positive"),
        (lambda: plot_loss_vs_w([1.0, np.nan], [1.0, 1.0], [1.0, 1.0]), ValueError,
         "ws contains NaN or infinite values"),
        (lambda: plot_loss_vs_w([1.0, 2.0], [1.0], [1.0, 1.0]), ValueError,
         "ws, losses_with_own, losses_left_out must have"),
        (lambda: plot_fits([0.0], [0.0], {}, [0.0], [0.0]), ValueError,
         "fits must contain at least one fit"),
        (lambda: plot_fits([0.0, 1.0], [0.0, 1.0], {"a": [0.0]}, [0.0], [0.0]), ValueError,
         r"x_test, fits\['a'\] must have the same length"),
        (lambda: plot_fits([0.0], [0.0], {"a": [0.0]}, [0.0, 1.0], [0.0]), ValueError,
         "x_train, y_train must have the same length"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


def _paths_figure(layout: str, lang: str = "en"):
    import torch

    x = torch.linspace(0.0, 5.0, 12)
    paths = {"w, lr = 0.5": [0.5, 8.0, 16.2], "log w, lr = 0.5": [0.5, 1702.4]}
    return plot_w_paths(x, torch.sin(x), paths, layout=layout, lang=lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_fits_and_paths_have_a_narrow_layout_for_phones(lang) -> None:
    """A reader on a phone (375 px, a column of about 343 px) found the three fits 661 px
    wide and the paths of w 415 px wide: scrolled sideways, or shrunk below legible text.
    Each figure carries a stacked drawing that the site shows there: narrow enough that its
    smallest text stays above ``MIN_TEXT_PX`` in that column, panels one above the other,
    the legend under them; every text counted (no "10^3" whose exponent is smaller)."""
    from attention_tutorial.figures._base import reading_facts

    x = np.linspace(0, 4, 5)
    fits = {"w = 1": np.cos(x), "w = 9": x, "w = 4": x / 2}
    wide = plot_fits(x, np.sin(x), fits, x[:3], -x[:3], lang=lang)
    stacked = plot_fits(x, np.sin(x), fits, x[:3], -x[:3], layout="stacked", lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"} and stacked.narrow_layout is None
    assert reading_facts(wide)["min_width_px"] > 343  # what the reader found
    tops = [ax.get_position().y0 for ax in stacked.axes]
    assert tops == sorted(tops, reverse=True) and len(set(tops)) == 3  # one column
    assert [ax.get_title() for ax in stacked.axes] == ["w = 1", "w = 9", "w = 4"]
    assert all(ax.get_legend() is None for ax in stacked.axes) and len(stacked.legends) == 1
    # the count in words (r40d: "3 panels" began the sentence with a digit)
    zh_starts, en_starts = ("三幅上下排列的", "三幅并排的"), ("Three panels one", "Three panels")
    starts = zh_starts if lang == "zh" else en_starts
    assert stacked.description.startswith(starts[0]) and wide.description.startswith(starts[1])
    paths_wide, paths_stacked = _paths_figure("wide", lang), _paths_figure("stacked", lang)
    assert paths_wide.narrow_layout == {"layout": "stacked"}
    assert paths_stacked.legends[0]._ncols == 1
    for fig in (stacked, paths_stacked):
        assert reading_facts(fig)["min_width_px"] <= 0.75 * 343
        fig.draw_without_rendering()
        ticks = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels()]
        assert ticks and not any("$" in t for t in ticks), ticks
    assert "1,000" in [t.get_text() for t in paths_stacked.axes[0].get_xticklabels()]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_plot_loss_has_a_narrow_layout_for_phones(lang) -> None:
    """A reader at 375 px found the loss per epoch drawn 6 inches wide in a 343 px column,
    its axis label about 7 px high. The wide figure carries a stacked drawing for phones,
    as narrow as the fits' (4.6 inches), its smallest text legible at 3/4 of that column."""
    from attention_tutorial.figures._base import reading_facts

    losses = [61.4, 38.2, 38.0, 37.9, 37.8]
    wide = plot_loss(losses, lang=lang)
    stacked = plot_loss(losses, layout="stacked", lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"} and stacked.narrow_layout is None
    assert float(stacked.get_figwidth()) == 4.6 < float(wide.get_figwidth())
    assert reading_facts(stacked)["min_width_px"] <= 0.75 * 343
    assert list(stacked.axes[0].lines[0].get_ydata()) == losses
    assert stacked.description == wide.description  # the same numbers, read off the same data
    with pytest.raises(ValueError, match=r"layout must be one of \('wide', 'narrow', 'stacked'\)"):
        plot_loss(losses, layout="tall")


def test_fits_and_paths_name_a_bad_layout() -> None:
    x = np.linspace(0, 4, 5)
    with pytest.raises(ValueError, match=r"layout must be one of \('wide', 'narrow', 'stacked'\)"):
        plot_fits(x, x, {"a": x}, x, x, layout="tall")
    with pytest.raises(ValueError, match=r"layout must be one of \('wide', 'narrow', 'stacked'\)"):
        _paths_figure("tall")


def _points_under_legend(fig, ax, legend, x, y) -> list[tuple[float, float]]:
    """The points ``(x, y)`` of ``ax`` whose centre lies in ``legend``'s box (display units)."""
    fig.draw_without_rendering()
    box = legend.get_window_extent()
    shown = ax.transData.transform(np.column_stack([x, y]))
    return [
        (round(float(a), 2), round(float(b), 2))
        for a, b, (u, v) in zip(x, y, shown, strict=True)
        if box.x0 <= u <= box.x1 and box.y0 <= v <= box.y1
    ]


@pytest.mark.parametrize("layout", ["wide", "stacked"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_data_figures_legend_hides_no_training_point(lang, layout):
    """Round 18: the English wide figure's legend (upper right, inside the axes) hid the
    training points (2.41, 3.91) and (2.48, 3.70). It is under the axes now, in both
    languages and layouts; no point's centre lies in its box."""
    from attention_tutorial import make_data, plot_data

    d = make_data()
    fig = plot_data(d.x_test, d.y_truth, d.x_train, d.y_train, lang=lang, layout=layout)
    ax = fig.axes[0]
    legend = ax.get_legend() or fig.legends[0]
    x, y = d.x_train.numpy(), d.y_train.numpy()
    assert _points_under_legend(fig, ax, legend, x, y) == []
    fig.draw_without_rendering()
    assert not legend.get_window_extent().overlaps(ax.get_window_extent())


def _bools():
    """A bool tensor, a bool numpy array and a list with a bool in it."""
    import torch

    return [torch.tensor([True, False]), np.array([True, False]), [1.0, True]]


@pytest.mark.parametrize("bools", _bools())
@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda b: plot_data(b, [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]), "x_test"),
        (lambda b: plot_data([0.0, 1.0], [0.0, 1.0], [0.0, 1.0], b), "y_train"),
        (lambda b: plot_fit([0.0, 1.0], [0.0, 1.0], b, [0.0, 1.0], [0.0, 1.0]), "y_hat"),
        (lambda b: plot_fits([0.0, 1.0], [0.0, 1.0], {"a": b}, [0.0], [0.0]), r"fits\['a'\]"),
        (lambda b: plot_loss(b), "losses"),
        (lambda b: plot_loss_vs_w([1.0, 2.0], b, [1.0, 2.0]), "losses_with_own"),
        (lambda b: plot_loss_vs_w(b, [1.0, 2.0], [1.0, 2.0]), "ws"),
    ],
)  # fmt: skip
def test_bools_are_refused_naming_the_argument(call, name, bools) -> None:
    """Round 22: a bool array was drawn silently as 0 and 1 by plot_data, plot_fit and
    plot_loss_vs_w; every curve refuses it, naming the argument."""
    with pytest.raises(TypeError, match=rf"^{name} must hold real numbers, got bool$"):
        call(bools)


def _training(n: int = 6, dtype=None):
    import torch

    x = torch.linspace(0.0, 5.0, n, dtype=dtype)
    return x, torch.sin(x)


@pytest.mark.parametrize(
    ("make", "error", "match"),
    [
        (lambda x, y: (x, y[:-1]), ValueError,
         r"^x_train and y_train must have the same length, got 6 and 5$"),
        (lambda x, y: (x.long(), y), ValueError,
         r"^x_train must have a floating-point dtype \(e.g. torch.float32\), got torch.int64$"),
        (lambda x, y: (x, y > 0), ValueError,
         r"^y_train must have a floating-point dtype \(e.g. torch.float32\), got torch.bool$"),
        (lambda x, y: (x.double(), y), ValueError,
         r"^x_train, y_train must have the same dtype, got torch.float64, torch.float32$"),
        (lambda x, y: (x[:1], y[:1]), ValueError,
         r"^x_train and y_train must hold at least 2 points"),
        (lambda x, y: (x[:0], y[:0]), ValueError, r"^x_train must not be empty$"),
        (lambda x, y: (x.numpy(), y), TypeError, r"^x_train must be a torch.Tensor, got ndarray$"),
        (lambda x, y: (x[None], y), ValueError, r"^x_train must be a 1-D tensor"),
    ],
)  # fmt: skip
def test_w_paths_errors_name_x_train_and_y_train(make, error, match) -> None:
    """Round 22: mismatched lengths, integer or bool dtypes and a single point were caught
    inside ``loss_curve`` (one error named ``leave_one_out``, which the caller never called);
    plot_w_paths checks its training data first, and each error names its argument."""
    x, y = make(*_training())
    with pytest.raises(error, match=match) as caught:
        plot_w_paths(x, y, {"a": [0.5, 4.0]}, lang="en")
    assert "leave_one_out" not in str(caught.value)


def test_w_paths_refuses_bool_ws() -> None:
    x, y = _training()
    with pytest.raises(TypeError, match=r"^ws must hold real numbers, got bool$"):
        plot_w_paths(x, y, {"a": [0.5, 4.0]}, ws=[True, True], lang="en")


def test_w_paths_draw_the_ends_over_a_larger_star() -> None:
    """Round 22: the ends at 4.00 and 4.59 of the example piled onto the minimum's star (90)
    under dots of 64: the star is now larger than an end dot, which is drawn over it, so that
    an end at the minimum sits inside the star and one beside it stays a dot of its own."""
    d = make_data()
    paths = {"a": [0.5, 3.99], "b": [0.5, 4.59]}
    ax = plot_w_paths(d.x_train, d.y_train, paths, lang="en").axes[0]
    (star,) = [c for c in ax.collections if "minimum" in c.get_label()]
    ends = [c for c in ax.collections if c.get_offsets()[0][0] in (3.99, 4.59)]
    assert len(ends) == 2
    for end in ends:
        assert end.get_sizes()[0] < star.get_sizes()[0] / 4  # the star's points around it
        assert end.get_zorder() > star.get_zorder()
        assert tuple(end.get_edgecolor()[0]) == (0.0, 0.0, 0.0, 1.0)  # outlined in black
    lines = [line for line in ax.get_lines() if line.get_label() in paths]
    assert all(line.get_zorder() < star.get_zorder() for line in lines)


def test_w_paths_on_a_phone_show_the_star_round_an_end_at_the_minimum() -> None:
    """r33: at 375 px the end dot of lr = 0.05 (w = 4.00) hid the star at 3.98: the phone
    layout showed only the star's thin tips. There the star's body (a matplotlib star's inner
    radius is 0.382 of its outer one) reaches past the end dot and its outline, and its arms
    reach well beyond, at the 0.75 scale a phone shows the figure at."""
    d = make_data()
    paths = {"a": [0.5, 3.99], "b": [0.5, 4.59]}
    for layout, phone in (("wide", False), ("stacked", True)):
        ax = plot_w_paths(d.x_train, d.y_train, paths, layout=layout, lang="en").axes[0]
        (star,) = [c for c in ax.collections if "minimum" in c.get_label()]
        (end,) = [c for c in ax.collections if c.get_offsets()[0][0] == 3.99]
        outer = np.sqrt(star.get_sizes()[0]) / 2  # points
        dot = np.sqrt(end.get_sizes()[0]) / 2 + end.get_linewidths()[0] / 2
        assert end.get_zorder() > star.get_zorder()  # both seen: the dot over the star's body
        if phone:
            assert 0.382 * outer > dot * 1.2, (outer, dot)
            assert 0.75 * (outer - dot) >= 5  # the arms' visible length, in points
        else:  # the wide figure keeps the one star of every figure (checked elsewhere)
            assert star.get_sizes()[0] == 170
        legend = ax.figure.legends[0]
        (handle,) = [h for h, t in zip(legend.legend_handles, legend.get_texts(), strict=True)
                     if "minimum" in t.get_text()]  # fmt: skip
        assert handle.get_sizes()[0] == star.get_sizes()[0]  # the legend shows the same star


@pytest.mark.parametrize(
    ("value", "found"),
    [
        (None, "NoneType"),
        (np.array([1.0 + 2.0j, 3.0]), "complex128"),
        ([1.0, 2.0j], "complex"),
        (["1", "2"], "str"),
        (np.array(["1", "2"]), "<U1"),
    ],
)
@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda v: plot_data(v, [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]), "x_test"),
        (lambda v: plot_fit([0.0, 1.0], [0.0, 1.0], v, [0.0, 1.0], [0.0, 1.0]), "y_hat"),
        (lambda v: plot_loss(v), "losses"),
    ],
)  # fmt: skip
def test_none_strings_and_complex_numbers_are_refused(call, name, value, found) -> None:
    """r23: ``None`` gave "x_test must be a 1-D array, got shape ()", a complex array was drawn
    without its imaginary part (a ComplexWarning only) and ``["1", "2"]`` as numbers."""
    with pytest.raises(TypeError, match=rf"^{name} must hold real numbers, got {found}$"):
        call(value)


def test_a_complex_tensor_is_refused() -> None:
    import torch

    with pytest.raises(TypeError, match=r"^losses must hold real numbers, got torch.complex64$"):
        plot_loss(torch.tensor([1.0 + 1.0j, 2.0]))


def test_plot_fits_refuses_a_key_that_is_no_string() -> None:
    """r23: ``{1: y_hat}`` failed with "'int' object is not subscriptable"."""
    message = r"^fits keys must be strings \(panel titles\), got int: 1$"
    with pytest.raises(TypeError, match=message):
        plot_fits([0.0, 1.0], [0.0, 1.0], {1: [0.0, 1.0]}, [0.0], [0.0], lang="en")


def test_w_paths_refuses_a_path_of_strings() -> None:
    """r23: ``{"a": ["1", "2"]}`` was drawn as the path 1 -> 2."""
    x, y = _training()
    with pytest.raises(TypeError, match=r"^paths\['a'\] must hold real numbers, got str$"):
        plot_w_paths(x, y, {"a": ["1", "2"]}, lang="en")


@pytest.mark.parametrize(
    ("label", "shown"), [(1, "int: 1"), (0.5, "float: 0.5"), (None, "NoneType")]
)
def test_w_paths_refuses_a_label_that_is_no_string(label, shown) -> None:
    """r24: ``{1: path}`` was drawn with the legend label "1", silently."""
    x, y = _training()
    message = rf"^paths keys must be strings \(legend labels\), got {shown}"
    with pytest.raises(TypeError, match=message):
        plot_w_paths(x, y, {label: [0.5, 4.0]}, lang="en")


def test_w_paths_legend_keeps_the_paths_together() -> None:
    """r23: in two columns "lr = 0.05" ended the first column and "lr = 0.2" began the
    second; the curve and the paths now fill the first column."""
    fig = _paths_figure("wide")
    names = [t.get_text() for t in fig.legends[0].get_texts()]
    assert names[1:3] == ["w, lr = 0.5", "log w, lr = 0.5"]


def test_the_truth_has_one_colour_in_every_curve() -> None:
    """r23: the true function was black in plot_data, the points' blue in plot_fit(s)."""
    from matplotlib.colors import to_hex

    x = [0.0, 1.0, 2.0]
    figs = [
        plot_data(x, x, x, x, lang="en"),
        plot_fit(x, x, x, x, x, lang="en"),
        plot_fits(x, x, {"a": x}, x, x, lang="en"),
    ]
    colours = {to_hex(fig.axes[0].lines[0].get_color()) for fig in figs}
    assert colours == {"#000000"}
    point = to_hex(figs[1].axes[0].collections[0].get_facecolor()[0])
    assert to_hex(figs[1].axes[0].lines[1].get_color()) not in {point, "#000000"}


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_w_paths_label_2_and_5_on_an_axis_of_two_decades(layout) -> None:
    """r31c: the API example's axis, 0.32 to 32, was labelled at 1 and 10 only, and the w its
    text names (0.5, 3.18, 5.06) were hard to place: on an axis of up to two and a half powers
    of ten the minor ticks at 2 and 5 are labelled too; on a wider one (the lesson's and the
    stepper's default grid) they stay bare."""
    d = make_data()
    paths = {"a": [0.5, 1.12, 5.06, 4.0]}

    def minor_labels(**kwargs) -> list[str]:
        fig = plot_w_paths(d.x_train, d.y_train, paths, layout=layout, lang="en", **kwargs)
        fig.draw_without_rendering()
        ax = fig.axes[0]
        low, high = ax.get_xlim()
        return [
            t.get_text()
            for t in ax.get_xticklabels(minor=True)
            if t.get_text() and low <= t.get_position()[0] <= high
        ]

    assert minor_labels(ws=np.logspace(-0.5, 1.5, 201)) == ["0.5", "2", "5", "20"]
    assert minor_labels() == []


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_w_paths_zoom_labels_every_tick_of_a_window_within_a_decade(layout) -> None:
    """r40f: the API example's zoom, w from 2 to 6, was labelled at 2 and 5 only, and the steps
    its note names (4.45, 4.11, 3.18) could not be placed: a window of less than a power of ten
    labels every tick in view, unless two of them would crowd (5 to 20: 7, 8, 9 and 10); the
    first panel keeps its own labels."""
    d = make_data()
    paths = {"a": [0.5, 5.06, 4.45, 4.11, 3.18]}

    def labelled(zoom) -> tuple[list[str], list[str]]:
        fig = plot_w_paths(d.x_train, d.y_train, paths, zoom=zoom, layout=layout, lang="en")
        fig.draw_without_rendering()
        shown = []
        for ax in fig.axes:
            low, high = ax.get_xlim()
            ticks = ax.get_xticklabels(minor=True) + ax.get_xticklabels()
            inside = [t for t in ticks if t.get_text() and low <= t.get_position()[0] <= high]
            shown.append([t.get_text() for t in sorted(inside, key=lambda t: t.get_position()[0])])
        return shown[0], shown[1]

    first, zoomed = labelled((2.0, 6.0, 17.8, 22.0))
    assert zoomed == ["2", "3", "4", "5", "6"]
    assert first == ["0.1", "1", "10", "100", "1,000"]
    assert labelled((5.0, 20.0, 17.0, 30.0))[1] == ["5", "10", "20"]


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_w_paths_zoom_draws_a_second_panel_of_the_dashed_box(layout) -> None:
    """r37h: at 375 px the lesson's steps round the minimum were one blot about 25 px
    across. ``zoom`` adds a panel under the first, limited to the window, with the same
    curve, star and paths; the first panel marks the window with a dashed box, and the
    alt text says what the second panel shows."""
    d = make_data()
    paths = {"a": [0.5, 2.1, 2.9], "b": [0.5, 5.06, 4.45, 4.0]}
    window = (1.0, 20.0, 17.0, 25.0)
    plain = plot_w_paths(d.x_train, d.y_train, paths, layout=layout, lang="en")
    fig = plot_w_paths(d.x_train, d.y_train, paths, zoom=window, layout=layout, lang="en")
    assert len(plain.axes) == 1 and len(fig.axes) == 2
    first, zoomed = fig.axes
    assert zoomed.get_xscale() == "log"
    np.testing.assert_allclose([*zoomed.get_xlim(), *zoomed.get_ylim()], window)
    # below the first, each as wide; the figure taller by the new panel only
    assert zoomed.get_position().y1 < first.get_position().y0
    assert fig.get_size_inches()[0] == plain.get_size_inches()[0]
    assert fig.get_size_inches()[1] > plain.get_size_inches()[1]
    (box,) = [p for p in first.patches if p.get_linestyle() == "--"]
    np.testing.assert_allclose([box.get_x(), box.get_y()], [1.0, 17.0])
    np.testing.assert_allclose([box.get_width(), box.get_height()], [19.0, 8.0])
    for ax in (first, zoomed):  # the same paths and star in both
        assert [line.get_label() for line in ax.get_lines() if line.get_label() in paths] == [
            "a",
            "b",
        ]
        assert [c for c in ax.collections if "minimum" in c.get_label()]
    assert zoomed.get_title() == "inside the dashed box, enlarged"
    assert "A second panel below enlarges the dashed box of the first (w from 1 to 20, the " \
        "loss from 17 to 25)" in fig.description  # fmt: skip
    assert "second panel" not in plain.description
    # one legend, for both panels
    assert len(fig.legends) == 1


@pytest.mark.parametrize(
    ("zoom", "error", "match"),
    [
        ((1.0, 20.0, 17.0), TypeError, "zoom must be four numbers"),
        ("1, 20, 17, 25", TypeError, "zoom must be four numbers"),
        ((1.0, 20.0, 17.0, True), TypeError, "zoom must hold real numbers"),
        ((20.0, 1.0, 17.0, 25.0), ValueError, "w_low < w_high"),
        ((0.0, 20.0, 17.0, 25.0), ValueError, "0 < w_low"),
        ((1.0, 20.0, 25.0, 17.0), ValueError, "loss_low < loss_high"),
        ((1.0, float("inf"), 17.0, 25.0), ValueError, "zoom contains NaN or infinite"),
    ],
)
def test_w_paths_zoom_is_refused_unless_a_window(zoom, error, match) -> None:
    d = make_data()
    with pytest.raises(error, match=match):
        plot_w_paths(d.x_train, d.y_train, {"a": [0.5, 4.0]}, zoom=zoom, lang="en")
