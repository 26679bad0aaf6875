"""Tests of attention_tutorial.figures.score_parts: the dot-product page's figure."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from attention_tutorial import make_data, plot_score_parts
from attention_tutorial.figures._alt import describe
from attention_tutorial.figures._base import MIN_TEXT_PX, reading_facts


@pytest.fixture(scope="module")
def keys():
    return make_data(n_train=30).x_train  # n_train != n_test = 50


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_scores_split_into_a_dot_product_and_a_key_bias(keys, lang) -> None:
    """The page's point: -(q - k)^2 / 2 = q k - k^2 / 2 - q^2 / 2. The dot product rises with
    the key, the bias falls away from 0, their sum and the Gaussian score (parallel, q^2 / 2
    apart) peak at the key nearest the query, and both spellings give the same weights."""
    q = 2.5
    fig = plot_score_parts(q, keys, lang=lang)
    scores, weights = fig.axes
    _, dot, bias, total, gaussian = scores.lines  # the query's dotted line first
    k = np.sort(keys.numpy().astype(np.float64))
    assert np.allclose(dot.get_xdata(), k)
    assert np.allclose(dot.get_ydata(), q * k) and np.allclose(bias.get_ydata(), -(k**2) / 2)
    assert np.allclose(total.get_ydata(), dot.get_ydata() + bias.get_ydata())
    assert np.allclose(total.get_ydata() - gaussian.get_ydata(), q**2 / 2)
    nearest = k[np.abs(k - q).argmin()]
    assert k[total.get_ydata().argmax()] == k[gaussian.get_ydata().argmax()] == nearest
    assert k[dot.get_ydata().argmax()] == k.max()  # alone, the dot product wants the largest
    _, line, dots = weights.lines
    assert np.allclose(line.get_ydata(), dots.get_ydata(), atol=1e-12)
    assert np.isclose(line.get_ydata().sum(), 1.0) and k[line.get_ydata().argmax()] == nearest
    alt = describe(fig, "plot_score_parts", lang)
    assert f"{nearest:.2f}" in alt and f"{k.max():.2f}" in alt and "q²/2 = 3.125" in alt, alt
    # identical as drawn: the figure computes in float64 (the page's float32 check differs)
    assert ("完全相同（图按 float64 计算）" in alt) if lang == "zh" else ("in float64)" in alt)


def test_a_negative_query_prefers_the_smallest_key_by_dot_product(keys) -> None:
    fig = plot_score_parts(-1.0, keys, lang="en")
    k = np.sort(keys.numpy())
    assert f"largest at the smallest key, {k.min():.2f}" in fig.alt_facts
    assert "0 for every key" in plot_score_parts(0.0, keys, lang="en").alt_facts


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_phone_layout_stacks_the_panels_and_keeps_the_text_legible(keys, lang) -> None:
    """At 375 px the column is 335 px wide: the stacked figure's smallest text stays at least
    11 CSS px there; the wide one asks the site to show the stacked one on phones."""
    wide = plot_score_parts(2.5, keys, lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"}
    stacked = plot_score_parts(2.5, keys, lang=lang, **wide.narrow_layout)
    top, bottom = stacked.axes
    assert top.get_position().y0 > bottom.get_position().y1
    for fig, smallest in ((stacked, 11), (wide, 0)):  # CSS px of the smallest text, at 335 px
        shown = min(335, fig.get_size_inches()[0] * 100)
        text_px = MIN_TEXT_PX * shown / reading_facts(fig)["min_width_px"]
        assert text_px >= smallest
    assert text_px < 11  # the wide figure alone would be too small on a phone
    assert describe(stacked, "plot_score_parts", lang).startswith(
        "上下两幅图" if lang == "zh" else "Two panels over the keys, one above the other"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda k: plot_score_parts(float("nan"), k, lang="en"), "query must be a finite"),
        (lambda k: plot_score_parts(1.0, torch.ones(1), lang="en"), "keys must hold at least 2"),
        (lambda k: plot_score_parts(1.0, k[:, None], lang="en"), "keys must be a 1-D"),
        (lambda k: plot_score_parts(1.0, k, layout="tall", lang="en"), "layout must be one of"),
    ],
)
def test_bad_input_names_the_argument(keys, call, message) -> None:
    with pytest.raises(ValueError, match=message):
        call(keys)
