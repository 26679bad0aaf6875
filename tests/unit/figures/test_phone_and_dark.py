"""What a phone and the dark palette show of the figures with a colour scale.

A reader found the matrix figure's entries and the bandwidth gallery's ticks about 7 px
high on a 375 px phone, and every heatmap on a light panel in the dark palette.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch
from matplotlib.backends.backend_agg import FigureCanvasAgg

import attention_tutorial as at
from attention_tutorial.figures._base import DARK_SVG_STYLE, _drawn, encode, reading_facts

PHONE_COLUMN_PX = 335  # the text column of a 375 px phone (tools/sitebuild/page_repairs.py)
PHONE_TEXT_PX = 11  # the smallest figure text a phone must show
MIN_TEXT_PX = 9  # the text size ``min_width_px`` is computed for


def smallest_text_on_a_phone(fig) -> float:
    """The height (CSS px) of the figure's smallest text when a phone's column shows it."""
    shown = min(PHONE_COLUMN_PX, fig.get_size_inches()[0] * 100)
    return MIN_TEXT_PX * shown / reading_facts(fig)["min_width_px"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_three_small_matrices_are_legible_on_a_phone(lang):
    matrices = {"M": np.array([[13.01, 3.51], [-0.07, 0.65]]), "A": np.eye(2), "A⁻¹Mᵀ": -np.eye(2)}
    fig = at.plot_matrices(matrices, lang=lang)
    assert getattr(fig, "narrow_layout", None) is None  # one layout, legible everywhere
    assert smallest_text_on_a_phone(fig) >= PHONE_TEXT_PX


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_fit_has_a_phone_layout_with_11_px_text(lang):
    """The fit of the average, nonparametric and parametric pages had one layout, its
    labels and legend about 7 px high on a 375 px phone (issue 26). The wide figure asks
    for a stacked one (the legend under the axes), which a phone shows at 11 px or more."""
    data = at.make_data()
    args = (data.x_test, data.y_truth, data.y_truth + 0.1, data.x_train, data.y_train)
    wide = at.plot_fit(*args, lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"}
    narrow = at.plot_fit(*args, lang=lang, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    assert narrow.description == wide.description  # the same curves, the same alt text
    (legend,) = narrow.legends  # under the axes, not over the curves
    narrow.draw_without_rendering()
    assert not legend.get_window_extent().overlaps(narrow.axes[0].get_window_extent())
    drawn = _drawn(at.plot_fit, args, {"lang": lang, "layout": "stacked"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]  # the site shows it on phones only
    with pytest.raises(ValueError, match=r"layout must be one of \('wide', 'stacked'\), got 'x'"):
        at.plot_fit(*args, lang=lang, layout="x")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_gallery_has_a_phone_layout_with_larger_text(lang):
    data = at.make_data()
    args = (data.x_test, data.y_truth, data.x_train, data.y_train, [0.1, 0.3, 1.0, 3.0])
    wide = at.plot_bandwidth_gallery(*args, lang=lang)
    assert wide.narrow_layout == {"layout": "narrow"}
    narrow = at.plot_bandwidth_gallery(*args, lang=lang, **wide.narrow_layout)
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    assert [ax.get_title() for ax in narrow.axes[:4]] == [ax.get_title() for ax in wide.axes[:4]]
    drawn = _drawn(at.plot_bandwidth_gallery, args, {"lang": lang, "layout": "narrow"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]  # the site shows it on phones only
    with pytest.raises(ValueError, match=r"layout must be one of \('wide', 'narrow'\), got 'x'"):
        at.plot_bandwidth_gallery(*args, lang=lang, layout="x")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_transformer_pages_heatmaps_have_a_phone_layout_with_11_px_ticks(lang):
    """The transformer page's two 50 x 50 heatmaps: their ticks were 9.3 px high in a
    phone's column. The narrow layout (colour bar under the heatmaps, about five ticks
    per axis) keeps every text >= 11 px there; the titles, long code, stay whole."""
    weights = torch.softmax(torch.randn(50, 50, generator=torch.Generator().manual_seed(0)), 1)
    panels = {"softmax(scores)": weights, "softmax(scores.masked_fill(eye, -inf))": weights}
    args = (panels,)
    wide = at.plot_attention_heatmaps(*args, queries="train", lang=lang)
    assert wide.narrow_layout == {"layout": "narrow"}
    narrow = at.plot_attention_heatmaps(*args, queries="train", lang=lang, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    heatmaps = narrow.axes[:2]
    assert [ax.get_title() for ax in heatmaps] == list(panels)
    visible = [t for t in heatmaps[1].get_xticks() if 0 <= t <= 49]
    assert visible == [0, 10, 20, 30, 40]  # ten ticks in the wide layout: 0, 5, ..., 45
    canvas = FigureCanvasAgg(narrow)
    canvas.draw()  # the constrained layout places the titles
    renderer = canvas.get_renderer()
    figure_box = narrow.bbox
    for ax in heatmaps:  # each title inside the figure, not cut at its edges
        box = ax.title.get_window_extent(renderer)
        assert figure_box.x0 <= box.x0 and box.x1 <= figure_box.x1, ax.get_title()
    assert narrow.description == wide.description  # the same alt text: the same weights
    drawn = _drawn(at.plot_attention_heatmaps, args, {"lang": lang, "layout": "narrow"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]  # the site shows it on phones only
    with pytest.raises(ValueError, match=r"layout must be one of \('wide', 'narrow'\), got 'x'"):
        at.plot_attention_heatmaps(*args, lang=lang, layout="x")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("inputs", [True, False], ids=["x values", "indices"])
def test_the_single_heatmap_has_a_phone_layout_with_11_px_text(lang, inputs):
    """``plot_attention_heatmap`` (average, nonparametric and parametric pages): its ticks
    were 9.3 px high in a phone's column. The narrow layout (the colour bar under the
    heatmap, about five ticks per axis) keeps every text >= 11 px there."""
    data = at.make_data()
    _, weights = at.nadaraya_watson(data.x_test, data.x_train, data.y_train)
    if not inputs:  # the average page's: every weight 1/50, colour bar ticks 0.0025 apart
        weights = torch.full((50, 50), 1 / 50)
    kwargs = {"queries": data.x_test, "keys": data.x_train} if inputs else {}
    wide = at.plot_attention_heatmap(weights, lang=lang, **kwargs)
    assert wide.narrow_layout == {"layout": "narrow"}
    narrow = at.plot_attention_heatmap(weights, lang=lang, **kwargs, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    heatmap, colorbar = narrow.axes
    assert colorbar.get_position().y1 < heatmap.get_position().y0  # the colour bar under it
    canvas = FigureCanvasAgg(narrow)
    canvas.draw()
    renderer = canvas.get_renderer()
    labels = [t for t in colorbar.xaxis.get_ticklabels() if t.get_visible() and t.get_text()]
    boxes = sorted((t.get_window_extent(renderer) for t in labels), key=lambda box: box.x0)
    gaps = [right.x0 - left.x1 for left, right in itertools.pairwise(boxes)]
    assert len(boxes) >= 3 and min(gaps) > 0, [t.get_text() for t in labels]  # none overlap
    if not inputs:  # indices: 0, 10, ..., 40 for 50 keys, as the several heatmaps' ticks
        assert [t for t in heatmap.get_xticks() if 0 <= t <= 49] == [0, 10, 20, 30, 40]
    assert narrow.description == wide.description  # the same alt text: the same weights
    args = (weights,)
    drawn = _drawn(at.plot_attention_heatmap, args, {"lang": lang, **kwargs, "layout": "narrow"},
                   "narrow")  # fmt: skip
    assert '"shown_on": "narrow"' in drawn["data"]  # the site shows it on phones only
    with pytest.raises(ValueError, match=r"layout must be one of \('wide', 'narrow'\), got 'x'"):
        at.plot_attention_heatmap(weights, lang=lang, layout="x")


def test_a_heatmap_svg_carries_its_dark_variant_and_a_line_chart_does_not():
    heatmap = at.plot_attention_heatmap(torch.softmax(torch.randn(4, 6), dim=1), lang="en")
    mime, svg, _ = encode(heatmap)
    assert mime == "image/svg+xml"
    assert DARK_SVG_STYLE in svg and "prefers-color-scheme: dark" in DARK_SVG_STYLE
    assert svg.index("<style") < 4000  # in the head, which the build reads
    _, chart, _ = encode(at.plot_loss([3.0, 2.0, 1.0], lang="en"))
    assert DARK_SVG_STYLE not in chart  # the site inverts line charts itself
