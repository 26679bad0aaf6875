"""Tests of attention_tutorial.plotting: labels, data, fonts, no global state."""

from __future__ import annotations

import io
import subprocess
import sys
import warnings
from pathlib import Path

import matplotlib
import numpy as np
import pytest
import torch
from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from attention_tutorial import (
    make_data,
    nadaraya_watson,
    plot_attention_heatmap,
    plot_curves,
    plot_fit,
    plot_loss,
)

ROOT = Path(__file__).resolve().parents[2]
N_TEST, N_TRAIN = 7, 5


def all_figures(lang: str) -> list[Figure]:
    """Build one figure of each kind, with negative numbers on some axes."""
    x_test, x_train = np.linspace(0, 5, N_TEST), np.linspace(0.2, 4.8, N_TRAIN)
    weights = torch.rand(N_TEST, N_TRAIN, generator=torch.Generator().manual_seed(0))
    return [
        plot_fit(x_test, np.sin(x_test), np.cos(x_test), x_train, -x_train, lang=lang, title="t"),
        plot_attention_heatmap(weights, lang=lang, title="t"),
        plot_loss([3.0, 2.0, 1.5], lang=lang, title="t"),
        plot_curves(
            [0.1, 1.0, 10.0], {"a": [3, 2, 1], "b": [1, 2, 3]}, xlabel="w", ylabel="L",
            lang=lang, logx=True, logy=True, title="t",
        ),
    ]  # fmt: skip


def test_every_function_returns_a_white_figure() -> None:
    """Check the return type, the white background and that a PNG can be written."""
    for fig in all_figures("en"):
        assert isinstance(fig, Figure)
        assert fig.get_facecolor() == (1.0, 1.0, 1.0, 1.0)
        assert fig.axes[0].get_title() == "t"
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        assert buffer.getvalue().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("lang", "fit", "heatmap", "loss"),
    [
        ("zh", ("输入 x", "输出 y"), ("键（训练输入）", "查询（测试输入）", "注意力权重"),
         ("训练轮次（epoch）", "训练损失（求和）")),
        ("en", ("input x", "output y"),
         ("keys (training inputs)", "queries (test inputs)", "attention weight"),
         ("epoch", "training loss (sum)")),
    ],
)  # fmt: skip
def test_axis_labels_follow_the_language(lang, fit, heatmap, loss) -> None:
    """Check every default axis label in both languages."""
    fit_fig, heatmap_fig, loss_fig, _ = all_figures(lang)
    assert (fit_fig.axes[0].get_xlabel(), fit_fig.axes[0].get_ylabel()) == fit
    ax, colorbar_ax = heatmap_fig.axes
    assert (ax.get_xlabel(), ax.get_ylabel(), colorbar_ax.get_ylabel()) == heatmap
    assert (loss_fig.axes[0].get_xlabel(), loss_fig.axes[0].get_ylabel()) == loss


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


def test_heatmap_shows_the_weights_with_a_colour_bar() -> None:
    """Check image data, colormap, colour bar, and a tensor that requires grad."""
    weights = torch.rand(N_TEST, N_TRAIN, requires_grad=True)
    fig = plot_attention_heatmap(weights, lang="en", xlabel="k", ylabel="q")
    ax = fig.axes[0]
    image = ax.images[0]
    np.testing.assert_allclose(image.get_array(), weights.detach().numpy(), rtol=1e-6)
    assert image.get_array().shape == (N_TEST, N_TRAIN)  # queries on rows
    assert image.get_cmap().name == "Reds"
    assert len(fig.axes) == 2 and image.colorbar is not None
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("k", "q")


def test_plot_loss_starts_at_epoch_one() -> None:
    """Check the x data (1, 2, 3), the y data and the markers."""
    line = plot_loss([3.0, 2.0, 1.5]).axes[0].lines[0]
    assert list(line.get_xdata()) == [1, 2, 3]
    assert list(line.get_ydata()) == [3.0, 2.0, 1.5]
    assert line.get_marker() == "o"


def test_plot_curves_labels_scales_and_legend() -> None:
    """Check labels, log scales and one line per named curve."""
    fig = plot_curves(
        torch.tensor([1.0, 10.0]), {"留一法": torch.tensor([2.0, 1.0]), "含自身": [1.0, 0.1]},
        xlabel="w", ylabel="损失", logy=True,
    )  # fmt: skip
    ax = fig.axes[0]
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("w", "损失")
    assert (ax.get_xscale(), ax.get_yscale()) == ("linear", "log")
    assert [text.get_text() for text in ax.get_legend().get_texts()] == ["留一法", "含自身"]
    assert len(ax.lines) == 2


CALLS = [
    lambda lang: plot_fit([0.0], [0.0], [0.0], [0.0], [0.0], lang=lang),
    lambda lang: plot_attention_heatmap(np.ones((2, 2)), lang=lang),
    lambda lang: plot_loss([1.0], lang=lang),
    lambda lang: plot_curves([1.0], {"a": [1.0]}, xlabel="x", ylabel="y", lang=lang),
]


@pytest.mark.parametrize("call", CALLS)
def test_unknown_language_raises(call) -> None:
    """Check that an unknown lang is named in the error."""
    with pytest.raises(ValueError, match="lang must be 'zh' or 'en', got 'fr'"):
        call("fr")


def test_shape_errors() -> None:
    """Check the errors for wrong shapes and empty inputs."""
    with pytest.raises(
        ValueError, match=r"attention_weights must be a 2-D array, got shape \(3,\)"
    ):
        plot_attention_heatmap(np.ones(3))
    with pytest.raises(ValueError, match="x_test, y_truth, y_hat must have the same length"):
        plot_fit([0.0, 1.0], [0.0], [0.0, 1.0], [0.0], [0.0])
    with pytest.raises(ValueError, match="losses must not be empty"):
        plot_loss([])
    with pytest.raises(ValueError, match="curves must contain at least one curve"):
        plot_curves([1.0], {}, xlabel="x", ylabel="y")
    with pytest.raises(
        ValueError, match=r"x, curves\['a'\] must have the same length, got 2 and 1"
    ):
        plot_curves([1.0, 2.0], {"a": [1.0]}, xlabel="x", ylabel="y")


def test_rc_params_are_unchanged() -> None:
    """Check that building and drawing figures leaves matplotlib's settings alone."""
    before = dict(matplotlib.rcParams)
    for lang in ("zh", "en"):
        for fig in all_figures(lang):
            FigureCanvasAgg(fig).draw()
    assert dict(matplotlib.rcParams) == before


def test_pyplot_is_never_imported() -> None:
    """Check, in a fresh interpreter, that importing and plotting avoids pyplot."""
    code = (
        "import sys\n"
        "import attention_tutorial as at\n"
        "from matplotlib.backends.backend_agg import FigureCanvasAgg\n"
        "FigureCanvasAgg(at.plot_loss([1.0, 0.5])).draw()\n"
        "print('matplotlib.pyplot' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def cjk_font_installed() -> bool:
    """Return whether matplotlib can find Noto Sans CJK SC."""
    try:
        font_manager.findfont(
            font_manager.FontProperties(family="Noto Sans CJK SC"), fallback_to_default=False
        )
    except ValueError:
        return False
    return True


@pytest.mark.skipif(
    not cjk_font_installed(),
    reason="font 'Noto Sans CJK SC' not installed (Debian: apt-get install fonts-noto-cjk, "
    "then delete matplotlib's font cache)",
)
def test_chinese_figures_have_no_missing_glyphs() -> None:
    """Check that drawing every Chinese figure warns about no missing glyph."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for fig in all_figures("zh"):
            assert fig.axes[0].xaxis.label.get_fontfamily()[0] == "Noto Sans CJK SC"
            FigureCanvasAgg(fig).draw()
    missing = [str(w.message) for w in caught if "Glyph" in str(w.message)]
    assert missing == []
