"""What a phone and the dark palette show of the figures with a colour scale.

A reader found the matrix figure's entries and the bandwidth gallery's ticks about 7 px
high on a 375 px phone, and every heatmap on a light panel in the dark palette.
"""

from __future__ import annotations

import base64
import functools
import io
import itertools
import re
from pathlib import Path

import matplotlib.colors
import numpy as np
import PIL.Image
import pytest
import torch

import attention_tutorial as at
from attention_tutorial.figures._alt import ALT
from attention_tutorial.figures._base import (
    _IMAGE,
    DARK_PANEL,
    DARK_SVG_STYLE,
    _drawn,
    _svg,
    encode,
    reading_facts,
)

PHONE_COLUMN_PX = 335  # the text column of a 375 px phone (tools/sitebuild/page_repairs.py)
PHONE_TEXT_PX = 11  # the smallest figure text a phone must show
MIN_TEXT_PX = 9  # the text size ``min_width_px`` is computed for


def smallest_text_on_a_phone(fig) -> float:
    """The height (CSS px) of the figure's smallest text when a phone's column shows it."""
    shown = min(PHONE_COLUMN_PX, fig.get_size_inches()[0] * 100)
    return MIN_TEXT_PX * shown / reading_facts(fig)["min_width_px"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_three_small_matrices_have_a_phone_layout_with_larger_text(lang):
    """The projections page's three 2 x 2 matrices: a reader found the wide figure (475 px)
    scaled to a phone's column with its ticks and colour-bar labels about 9-10 px high. The
    narrow layout, two matrices a row and each colour bar under its group, fits the column
    at its own size: every text is larger there, none below 11 px, and nothing is lost."""
    matrices = {"M": np.array([[13.01, 3.51], [-0.07, 0.65]]), "A": np.eye(2), "A⁻¹Mᵀ": -np.eye(2)}
    wide = at.plot_matrices(matrices, own_scale=["A⁻¹Mᵀ"], lang=lang)
    assert wide.narrow_layout == {"layout": "narrow"}
    narrow = at.plot_matrices(matrices, own_scale=["A⁻¹Mᵀ"], lang=lang, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert narrow.get_size_inches()[0] * 100 <= PHONE_COLUMN_PX + 15  # shown about 1:1
    small = smallest_text_on_a_phone(narrow)
    assert small >= PHONE_TEXT_PX and small > 1.3 * smallest_text_on_a_phone(wide)
    assert narrow.description == wide.description  # the same entries, the same alt text
    narrow.draw_without_rendering()
    heatmaps = narrow.axes[:3]
    assert [ax.get_title() for ax in heatmaps] == [ax.get_title() for ax in wide.axes[:3]]
    (m, a, centre) = (ax.get_position() for ax in heatmaps)
    assert abs(m.y0 - a.y0) < 1e-6 and centre.y1 < m.y0  # M beside A, A⁻¹Mᵀ under them
    assert abs((centre.x0 + centre.x1) / 2 - 0.5) < 0.05  # the lone matrix in the middle
    bars = narrow.axes[3:]
    assert len(bars) == 2 and bars[0].get_position().y0 > centre.y1  # a bar under each row
    assert at.plot_matrices({"M": np.eye(2), "A": np.eye(2)}, lang=lang).narrow_layout is None
    drawn = _drawn(at.plot_matrices, (matrices,), {"lang": lang, "layout": "narrow"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]  # the site shows it on phones only
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
        at.plot_matrices(matrices, lang=lang, layout="x")


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
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
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
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
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
    narrow.draw_without_rendering()  # the constrained layout places the titles
    renderer = narrow._get_renderer()
    figure_box = narrow.bbox
    for ax in heatmaps:  # each title inside the figure, not cut at its edges
        box = ax.title.get_window_extent(renderer)
        assert figure_box.x0 <= box.x0 and box.x1 <= figure_box.x1, ax.get_title()
    assert narrow.description == wide.description  # the same alt text: the same weights
    drawn = _drawn(at.plot_attention_heatmaps, args, {"lang": lang, "layout": "narrow"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]  # the site shows it on phones only
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
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
    narrow.draw_without_rendering()  # laid out, nothing rasterized: where each label lies
    renderer = narrow._get_renderer()
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
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
        at.plot_attention_heatmap(weights, lang=lang, layout="x")


def test_a_heatmap_svg_carries_its_dark_variant_and_a_line_chart_does_not():
    heatmap = at.plot_attention_heatmap(torch.softmax(torch.randn(4, 6), dim=1), lang="en")
    mime, svg, _ = encode(heatmap)
    assert mime == "image/svg+xml"
    assert DARK_SVG_STYLE in svg and "prefers-color-scheme: dark" in DARK_SVG_STYLE
    assert svg.index("<style") < 4000  # in the head, which the build reads
    _, chart, _ = encode(at.plot_loss([3.0, 2.0, 1.0], lang="en"))
    assert DARK_SVG_STYLE not in chart  # the site inverts line charts itself


def _heatmap_calls():
    """Every figure that draws weights with "Reds", as (function, args, kwargs): the pages'
    heatmaps, the gallery and the explorer's picture without JavaScript, in both layouts."""
    data = at.make_data()
    _, weights = at.nadaraya_watson(data.x_test, data.x_train, data.y_train)
    inputs = {"queries": data.x_test, "keys": data.x_train}
    gallery = (data.x_test, data.y_truth, data.x_train, data.y_train, [0.3, 3.0])
    calls = {
        "plot_attention_heatmap": ((weights,), inputs),
        "plot_attention_heatmaps": (({"a": weights, "b": weights.T},), {}),
        "plot_bandwidth_gallery": (gallery, {}),
        "plot_explorer_panels": ((data, 3.0), {}),
    }
    return {
        f"{name} {layout}": (getattr(at, name), args, {**kwargs, "layout": layout, "lang": "en"})
        for name, (args, kwargs) in calls.items()
        for layout in ("wide", "stacked" if name == "plot_explorer_panels" else "narrow")
    }


def _pixels(image_element: str) -> np.ndarray:
    """The RGB pixels (0-255) of an SVG ``<image>`` element's inline PNG."""
    data = re.search(r'xlink:href="data:image/png;base64,([^"]*)"', image_element).group(1)
    with PIL.Image.open(io.BytesIO(base64.b64decode(data))) as png:
        return np.asarray(png.convert("RGBA"))[..., :3].reshape(-1, 3).astype(float)


def _hex(colour: str) -> np.ndarray:
    return np.array(matplotlib.colors.to_rgb(colour)) * 255


def _lightness(rgb: np.ndarray) -> np.ndarray:
    return rgb @ np.array([0.2126, 0.7152, 0.0722])


@functools.cache
def _encoded_heatmap(call: str):
    """The figure of ``_heatmap_calls()[call]`` and its SVG, drawn and encoded once: the
    dark-map test and the explorer's star test read the same drawing."""
    func, args, kwargs = _heatmap_calls()[call]
    fig = func(*args, **kwargs)
    _, svg, _ = encode(fig)
    return fig, svg


@pytest.mark.parametrize("call", _heatmap_calls())
def test_heatmaps_have_a_dark_colour_map_whose_no_weight_is_the_dark_panel(call):
    """In the dark palette the heatmaps kept "Reds", whose low end is white: wherever the
    weights are near zero (most of a heatmap) the page showed a glaring white block (issue
    26). Each heatmap and colour bar now comes twice in its SVG: as drawn on the light page,
    unchanged, and in the dark counterpart of its colour map, whose 0 is the dark panel and
    whose lightness rises with the weight; the SVG's style shows one of the two."""
    func, args, kwargs = _heatmap_calls()[call]
    fresh = _IMAGE.findall(_svg(func(*args, **kwargs)))  # drawn for the light page alone
    fig, svg = _encoded_heatmap(call)
    light = re.findall(r'<image class="attn-light-map".*?/>', svg, re.S)
    dark = re.findall(r'<image class="attn-dark-map".*?/>', svg, re.S)
    heatmaps = sum(len(ax.images) for ax in fig.axes)
    colour_bars = sum(hasattr(ax, "_colorbar") for ax in fig.axes)
    assert heatmaps and colour_bars and len(light) == len(dark) == heatmaps + colour_bars
    assert len(_IMAGE.findall(svg)) == len(fresh) + len(dark)
    # every light image's pixels exactly those of the fresh drawing's (compared as arrays:
    # as lists of numbers, hundreds of thousands each, the comparison took longer than it)
    light_pixels, dark_pixels = [_pixels(e) for e in light], [_pixels(e) for e in dark]
    fresh_pixels = [_pixels(e) for e in fresh]
    assert len(light_pixels) == len(fresh_pixels)
    differ = [i for i, (a, b) in enumerate(zip(light_pixels, fresh_pixels, strict=True))
              if not np.array_equal(a, b)]  # fmt: skip
    assert differ == [], differ  # the images (by position) whose shape or a pixel differs
    for light_image, dark_image, light_rgb, dark_rgb in zip(
        light, dark, light_pixels, dark_pixels, strict=True
    ):
        place = r'(?:transform|x|y|width|height)="[^"]*"'
        assert re.findall(place, light_image) == re.findall(place, dark_image)
        on_light, on_dark = _lightness(light_rgb), _lightness(dark_rgb)
        # the cells in the same order from least to most weight in both drawings: lighter
        # for less on the light page, darker for less on the dark one
        order = np.argsort(-on_light, kind="stable")
        assert np.all(np.diff(on_dark[order]) >= -1.5)
    # no weight (the foot of every colour bar): the light page's near-white, the dark
    # page's panel; the most weight: Reds' darkest red, the dark map's lightest red
    on_light, on_dark = np.concatenate(light_pixels), np.concatenate(dark_pixels)
    faintest = on_dark[np.argmin(_lightness(on_dark))]
    assert np.abs(faintest - _hex(DARK_PANEL)).max() <= 6, faintest
    assert _lightness(on_light).max() > 235 > _lightness(on_dark).max() > 150
    assert _lightness(on_light).min() < 30 < _lightness(on_dark).min()
    # one of the two drawings at a time: the dark ones only for a dark colour scheme
    outside, inside = DARK_SVG_STYLE.split("@media (prefers-color-scheme: dark)")
    assert "image.attn-dark-map { display: none; }" in outside
    assert "image.attn-light-map { display: none; }" in inside
    assert "image.attn-dark-map { display: inline; }" in inside


def _contrast(a: np.ndarray, b: np.ndarray) -> float:
    """The WCAG contrast ratio of two RGB colours (0-255)."""

    def luminance(rgb: np.ndarray) -> float:
        c = rgb / 255
        c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
        return float(c @ np.array([0.2126, 0.7152, 0.0722]))

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _square(image_element: str) -> tuple[np.ndarray, ...]:
    """The colours of a 2 x 2 matrix's cells in an SVG ``<image>``, row by row."""
    data = re.search(r'xlink:href="data:image/png;base64,([^"]*)"', image_element).group(1)
    with PIL.Image.open(io.BytesIO(base64.b64decode(data))) as png:
        square = np.asarray(png.convert("RGB")).astype(float)
    height, width, _ = square.shape
    rows, columns = (height // 4, 3 * height // 4), (width // 4, 3 * width // 4)
    # the image holds the last row first (the SVG flips it)
    return tuple(square[i, j] for i in rows[::-1] for j in columns)


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_the_matrices_have_a_dark_diverging_map_whose_zero_stands_out_from_the_panel(layout):
    """Round-14 reader: the matrices' blue-red map kept its white middle on the dark page, a
    glaring block round every entry near 0. As the "Reds" heatmaps do, each matrix and colour
    bar comes twice in the SVG: for the light page, and in a dark diverging map, blue below
    and red above, lighter the larger the magnitude. The entries' near-black text turns
    light on the dark page. Round 30: that dark map's 0 was the dark panel itself, and
    RdBu's near-white 0 nearly the white page: a cell near 0 (-0.07) showed only as an
    outline. Now 0 is a grey that stands out from the panel in both palettes."""
    entries = np.array([[-2.0, -1.0], [0.0, 2.0]])
    fig = at.plot_matrices({"M": entries, "A": entries / 2}, lang="en", layout=layout)
    _, svg, _ = encode(fig)
    light = re.findall(r'<image class="attn-light-map".*?/>', svg, re.S)
    dark = re.findall(r'<image class="attn-dark-map".*?/>', svg, re.S)
    assert len(light) == len(dark) == 3  # two matrices and their colour bar
    for drawing, panel in ((dark[0], DARK_PANEL), (light[0], "#ffffff")):
        low, minus, zero, high = _square(drawing)  # M's 2 x 2 cells
        # a cell at 0 is a filled cell, not an outline: it stands out from the panel
        assert _contrast(zero, _hex(panel)) >= 1.2, (panel, zero)
        assert np.ptp(zero) <= 25, zero  # a grey: neither blue nor red
        assert low[2] > low[0] and high[0] > high[2]  # blue below 0, red above
        if panel == DARK_PANEL:  # lighter the larger the magnitude
            assert _lightness(low) > _lightness(minus) > _lightness(zero) < _lightness(high)
        else:  # darker the larger the magnitude
            assert _lightness(low) < _lightness(minus) < _lightness(zero) > _lightness(high)
    # the colour bars too: their middle is that grey, not the panel
    for drawing, panel in ((dark[-1], DARK_PANEL), (light[-1], "#ffffff")):
        bar = _pixels(drawing)
        middle = bar[np.argmin(np.ptp(bar, axis=1))]  # its greyest colour: 0
        assert np.ptp(middle) <= 25 and _contrast(middle, _hex(panel)) >= 1.2, (panel, middle)
    # the entries' dark text gets a light colour in the dark palette only
    rule = re.search(r'text\[style\*="fill: (#[0-9a-f]{6})"\] \{ fill: (#[0-9a-f]{6})', svg)
    assert rule and f"fill: {rule.group(1)}" in svg and _lightness(_hex(rule.group(2))) > 200
    assert svg.index("@media (prefers-color-scheme: dark)") < rule.start()


def _texts_inside(fig) -> None:
    """Everything drawn in ``fig`` (texts, ticks shown, legends) lies within the figure:
    nothing is cut at its edges."""
    fig.draw_without_rendering()  # laid out, nothing rasterized: where everything lies
    drawn = fig.get_tightbbox(fig._get_renderer())  # inches
    width, height = fig.get_size_inches()
    assert -0.01 <= drawn.x0 and drawn.x1 <= width + 0.01, drawn
    assert -0.01 <= drawn.y0 and drawn.y1 <= height + 0.01, drawn


def _loss_vs_w_args():
    data = at.make_data()
    ws = torch.logspace(-1, 3, 81)
    own, left_out = (
        at.loss_curve(ws, data.x_train, data.y_train, leave_one_out=loo) for loo in (False, True)
    )
    return ws, own, left_out


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", ["plot_data", "plot_loss_vs_w"])
def test_the_data_and_the_loss_against_w_have_a_phone_layout_with_11_px_text(lang, name):
    """``plot_data`` (data page) and ``plot_loss_vs_w`` (leave-one-out page) had one layout,
    their legends about 7 px high in a phone's column (issue 26). The wide figure asks for
    a stacked one, as narrow as the column with the legend under the axes: >= 11 px text."""
    data = at.make_data()
    func = getattr(at, name)
    args = (
        (data.x_test, data.y_truth, data.x_train, data.y_train)
        if name == "plot_data"
        else _loss_vs_w_args()
    )
    wide = func(*args, lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"}
    narrow = func(*args, lang=lang, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    assert reading_facts(narrow)["min_width_px"] <= PHONE_COLUMN_PX  # no sideways scrolling
    assert narrow.description == wide.description  # the same curves, the same alt text
    (legend,) = narrow.legends  # under the axes, not over the curves
    assert narrow.axes[0].get_legend() is None
    narrow.draw_without_rendering()
    assert not legend.get_window_extent().overlaps(narrow.axes[0].get_window_extent())
    assert [t.get_text() for t in legend.get_texts()] == [
        t.get_text() for t in wide.axes[0].get_legend().get_texts()
    ]
    _texts_inside(narrow)
    drawn = _drawn(func, args, {"lang": lang, "layout": "stacked"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]  # the site shows it on phones only
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
        func(*args, lang=lang, layout="x")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("n", [2, 5, 8])
def test_the_pooling_diagram_has_a_phone_layout_that_fits_the_column(lang, n):
    """``plot_attention_pooling`` (cues page) is nine inches wide: it asked for 648 CSS px on
    a phone and overflowed its 335 px column (issue 26). Its stacked layout (the query
    above the key-weight-value rows, the output and the sum under them) fits the column
    with every text >= 11 px, and draws the same numbers."""
    keys = torch.linspace(0.0, 5.0, n)
    values = torch.linspace(-10.0, 10.0, n)  # the widest labels: "-10.00"
    wide = at.plot_attention_pooling(2.5, keys, values, lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"}
    assert reading_facts(wide)["min_width_px"] > PHONE_COLUMN_PX  # the overflow it had
    narrow = at.plot_attention_pooling(2.5, keys, values, lang=lang, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert reading_facts(narrow)["min_width_px"] <= PHONE_COLUMN_PX
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    _texts_inside(narrow)

    def numbers(fig) -> list[str]:  # every weight, key, value, the output and the sum
        return sorted(t.get_text().split(" = ")[-1] for t in fig.axes[0].texts
                      if t.get_text()[-1:].isdigit() and "×" not in t.get_text())  # fmt: skip

    assert numbers(narrow) == numbers(wide) and len(numbers(wide)) == 3 * n + 2
    (wide_sum,) = [t.get_text() for t in wide.axes[0].texts if "×" in t.get_text()]
    (narrow_sum,) = [t.get_text() for t in narrow.axes[0].texts if "×" in t.get_text()]
    assert " ".join(narrow_sum.split()) == wide_sum  # every term, in order, on a few lines
    assert narrow_sum.count("\n") == 1 + (n - 1) // 3  # three terms a line under the formula
    # the rows read from the top: key i above key i + 1
    key_y = [t.get_position()[1] for t in narrow.axes[0].texts if t.get_text().startswith("$k_")]
    assert len(key_y) == n and key_y == sorted(key_y)  # y grows downwards in this figure
    # the same words and numbers, read in the order each layout is read in
    # (fx35: after the common sentence, which the words it already says are left out of:
    # "Query" in one layout was the first word after it, "q = 2.50" now in the other)
    sep = "；" if lang == "zh" else "; "
    lead = ALT[lang]["plot_attention_pooling"]

    def pieces(fig) -> list[str]:
        assert fig.description.startswith(lead)
        words = fig.description.removeprefix(lead).lstrip().split(sep)
        return sorted(word[:1].lower() + word[1:] for word in words)

    assert pieces(narrow) == pieces(wide)
    query = narrow.description.index("q = 2.50")
    assert query < narrow.description.index("k₁ =") < narrow.description.index("f(q) =")
    args = (2.5, keys, values)
    drawn = _drawn(at.plot_attention_pooling, args, {"lang": lang, "layout": "stacked"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
        at.plot_attention_pooling(*args, lang=lang, layout="x")


def _einsum_args():
    weights = torch.tensor([[0.2, 0.8], [0.5, 0.5], [1.0, 0.0]])  # the einsum page's
    return weights, torch.tensor([[10.0, 20.0], [30.0, 40.0], [50.0, 60.0]])


def _where_args():
    condition = torch.tensor([[True, False, True], [False, True, False]])  # the where page's
    a = torch.tensor([[1, 2, 3], [4, 5, 6]])
    return condition, a, -a


def _masked_fill_args():
    scores = torch.tensor([[0.5, -1.0, 2.0], [1.0, 0.0, -0.5]])  # the masked-fill page's
    return scores, torch.tensor([[False, True, False], [False, False, True]])


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(
    ("name", "args", "levels"),
    [
        ("diagram_einsum", _einsum_args(), [["weights", "values"], ["y_hat"]]),
        ("diagram_where", _where_args(), [["condition", "input", "other"], ["result"]]),
        ("diagram_masked_fill", _masked_fill_args(), [["scores", "mask"], ["filled"], ["weights"]]),
    ],
)
def test_the_einsum_where_and_masked_fill_diagrams_have_a_phone_layout(lang, name, args, levels):
    """The handbook's einsum, where and masked_fill diagrams put their operands side by side:
    a phone showed them 343 px wide (masked_fill: at 87 %), their text about 8-10 px (issue
    26). The narrow layout stacks the operands and breaks the code of the arrows into lines:
    the figure fits the column unshrunk, every text >= 11 px."""
    codes = [c for level in levels for c in level]
    func = getattr(at, name)
    wide = func(*args, lang=lang)
    assert wide.narrow_layout == {"layout": "narrow"}
    narrow = func(*args, lang=lang, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert narrow.get_size_inches()[0] * 100 <= PHONE_COLUMN_PX  # shown at its own size
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    _texts_inside(narrow)
    ax = narrow.axes[0]
    labels = {t.get_gid(): t for t in ax.texts}
    drawn_codes = [labels[f"code:{i}"].get_text() for i in range(len(codes))]
    assert drawn_codes == codes  # every panel, in reading order
    tops = [labels[f"code:{i}"].get_position()[1] for i in range(len(codes))]
    assert tops == sorted(tops) and len(set(tops)) == len(codes)  # one above the other
    arrows = [t.get_text() for t in ax.texts if str(t.get_gid()).startswith("arrow:")]
    wide_arrows = [t.get_text() for t in wide.axes[0].texts
                   if str(t.get_gid()).startswith("arrow:")]  # fmt: skip
    assert [" ".join(a.split()) for a in arrows] == wide_arrows
    assert "\n" in arrows[0]  # the longest code, broken into lines
    # the alt text reads the wide layout's levels (the stacked operands one level), each
    # code whole, and nothing else changes
    for k, level in enumerate(levels):
        stacked = len(level) > 1
        if lang == "zh":
            said = f"第 {k + 1} 排{'（上下排列）' if stacked else ''}：{level[0]}"
        else:
            said = f"evel {k + 1}{' (stacked)' if stacked else ''}: {level[0]},"
        assert said in narrow.description, said
    assert f"evel {len(levels) + 1}" not in narrow.description
    assert f"第 {len(levels) + 1} 排" not in narrow.description
    for code in wide_arrows:
        assert narrow.description.count(code) == 1
    assert "\n" not in narrow.description
    assert narrow.description.replace("（上下排列）", "").replace(" (stacked)", "") == (
        wide.description
    )
    drawn = _drawn(func, args, {"lang": lang, "layout": "narrow"}, "narrow")
    assert '"shown_on": "narrow"' in drawn["data"]
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
        func(*args, lang=lang, layout="x")


def _log_axes_figures(lang):
    """Every figure of the package with a logarithmic axis, with its log axes' names."""
    data = at.make_data()
    rows = [{"formulation": "tiled", "n": n, "seconds": n / 1e5, "peak_bytes": 12 * n * n}
            for n in (100, 1000, 10000)]  # fmt: skip
    paths = {"lr = 0.1": [0.5, 2.0, 30.0]}
    return {
        "plot_loss_vs_w": (at.plot_loss_vs_w(*_loss_vs_w_args(), lang=lang), "x"),
        "plot_w_paths": (at.plot_w_paths(data.x_train, data.y_train, paths, lang=lang), "x"),
        "plot_scaling": (at.plot_scaling(rows, lang=lang), "xy"),
        "plot_explorer_panels": (at.plot_explorer_panels(data, 3.0, lang=lang), "x"),
    }


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_log_axis_is_ticked_in_plain_numbers(lang):
    """Log axes came ticked in two styles, ``10⁻¹`` on some figures and ``0.1`` on others
    (issue 26); a power of ten also sets its exponent at 0.7 of the text size. One style
    now: plain numbers (``0.1``, ``1``, ``10``, ``1,000``, or bytes), minor ticks unlabelled."""
    seen = 0
    for name, (fig, which) in _log_axes_figures(lang).items():
        fig.draw_without_rendering()
        for ax in fig.axes:
            for axis in [a for a in (ax.xaxis, ax.yaxis) if a.get_scale() == "log"]:
                assert axis.axis_name in which, (name, axis.axis_name)
                major = [t.get_text() for t in axis.get_ticklabels() if t.get_text()]
                minor = [t.get_text() for t in axis.get_ticklabels(minor=True) if t.get_text()]
                assert major and not minor, (name, major, minor)
                for label in major:  # "0.1", "10", "1,000", "100 kB": no "$10^{-1}$"
                    assert re.fullmatch(r"[\d,.]+( [kMG]?B)?", label), (name, label)
                seen += 1
    assert seen == 7  # loss vs w, w paths, both of each scaling panel, the explorer's


def test_the_shape_flow_keeps_its_named_colours_in_the_dark_palette():
    """The recap page names the shape flow's colours: blue boxes for inputs and outputs,
    orange for the tensors in between. The site inverted the figure in the dark palette,
    which turned them navy and brown (issue 26). It now carries its own dark variant (as
    a heatmap does): the page dark, its words light; the boxes keep their light colours in
    the light variant (their dark ones: the next test)."""
    data = at.make_data()
    fig = at.plot_shape_flow(data.x_test, data.x_train, data.y_train, lang="en")
    assert reading_facts(fig)["colour_scale"]  # the site does not invert it
    _, svg, _ = encode(fig)
    assert DARK_SVG_STYLE in svg and svg.index("<style") < 4000
    fills = {p.get_facecolor()[:3] for p in fig.axes[0].patches}
    assert {(0.839, 0.894, 0.961), (0.992, 0.886, 0.784)} <= {
        tuple(round(c, 3) for c in f) for f in fills
    }  # the blue and the orange, untouched by the dark style (it re-colours white only)
    on_boxes = [t for t in fig.axes[0].texts if str(t.get_gid()).startswith(("code:", "shape:"))]
    off_boxes = [t for t in fig.axes[0].texts if str(t.get_gid()).startswith("caption:")]
    assert on_boxes and off_boxes
    # text with a colour of its own keeps it in the dark variant (dark on the pale boxes);
    # black text (titles, the key's words, on the page itself) turns light with the page
    assert all(matplotlib.colors.to_hex(t.get_color()) != "#000000" for t in on_boxes)
    assert all(matplotlib.colors.to_hex(t.get_color()) == "#000000" for t in off_boxes)
    colour = matplotlib.colors.to_hex(on_boxes[0].get_color())
    body = svg[svg.index("</style>") :]  # the drawing (the style's selectors name the colour)
    assert body.count(f"fill: {colour}") == len(on_boxes)
    # a chart whose colours are only told apart, not named, is still inverted by the site
    assert not reading_facts(at.plot_loss([3.0, 2.0], lang="en"))["colour_scale"]


def _luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    rgb = matplotlib.colors.to_rgb(hex_colour)
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_the_shape_flow_has_dark_blue_and_orange_boxes_in_the_dark_palette():
    """In the dark palette the shape flow kept its pale blue and peach boxes, which glared on
    the dark page (review of the recap page). Its dark variant gives every box a dark blue or
    a dark orange (still the colours the page names) and the text on them a light colour
    that reads on both (WCAG contrast >= 4.5)."""
    from attention_tutorial.figures.shape_flow import DARK_FLOW_STYLE

    data = at.make_data(n_train=40)
    fig = at.plot_shape_flow(data.x_test, data.x_train, data.y_train, lang="zh")
    _, svg, _ = encode(fig)
    style = svg[svg.index("<style") : svg.index("</style>")]
    assert DARK_SVG_STYLE in style and DARK_FLOW_STYLE in style
    rules = dict(re.findall(r'g\[id\^="flowbox-(\w+)"\] path \{ fill: (#[0-9a-f]{6})', style))
    hex_colour = "(#[0-9a-f]{6})"
    (text_rule,) = re.findall(
        rf'text\[style\*="fill: {hex_colour}"\] \{{ fill: {hex_colour}', style
    )
    # every box (14 steps, 3 inputs beside them and the key's 2 swatches) is in a group the
    # rules find
    box = rf'<g id="flowbox-(ends|middle)-[^"]*">\s*<path[^>]*style="fill: {hex_colour}'
    boxes = re.findall(box, svg)
    assert len(boxes) == 19 and {kind for kind, _ in boxes} == {"ends", "middle"}
    pale = {"ends": "#d6e4f5", "middle": "#fde2c8"}
    assert all(fill == pale[kind] for kind, fill in boxes)  # the light variant as before
    # the dark fills: blue and orange hues, dark enough for light text
    hue = {
        k: 360 * matplotlib.colors.rgb_to_hsv(matplotlib.colors.to_rgb(v))[0]
        for k, v in rules.items()
    }
    assert 200 <= hue["ends"] <= 230 and 20 <= hue["middle"] <= 40, hue
    on_box, light = text_rule
    assert svg[svg.index("</style>") :].count(f"fill: {on_box}") == len(
        [t for t in fig.axes[0].texts if str(t.get_gid()).startswith(("code:", "shape:"))]
    )
    for fill in rules.values():
        ratio = (_luminance(light) + 0.05) / (_luminance(fill) + 0.05)
        assert ratio >= 4.5, (fill, ratio)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_local_linear_and_projections_figures_show_11_px_text_on_a_phone(lang):
    """Round-13 reader: the stacked two-panel figures of the local-linear and projections
    pages were scaled to about 0.75 in a phone's column, their legend text 10 px or less.
    The stacked boundary figure's legend is at the full text size; the projections page's
    two heatmaps (20 queries over 100 keys) keep their phone layout's text >= 11 px."""
    data = at.make_data()
    args = (data.x_test, data.y_truth, data.x_train, data.y_train)
    wide = at.plot_boundary_bias(*args, lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"}
    stacked = at.plot_boundary_bias(*args, lang=lang, **wide.narrow_layout)
    assert stacked.get_size_inches()[0] * 100 > PHONE_COLUMN_PX  # scaled down there
    assert smallest_text_on_a_phone(stacked) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    (legend,) = stacked.legends
    assert legend.get_texts()[0].get_fontsize() == stacked.axes[0].xaxis.label.get_fontsize()
    weights = torch.softmax(torch.randn(20, 100, generator=torch.Generator().manual_seed(0)), 1)
    panels = {"ProjectedAttention": weights, "ScalarKernelAttention": weights.flip(1)}
    wide = at.plot_attention_heatmaps(panels, lang=lang)
    narrow = at.plot_attention_heatmaps(panels, lang=lang, **wide.narrow_layout)
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_the_explorer_panels_star_is_filled_light_in_the_dark_palette(layout):
    """r24: the minimum's black star, edged in white, showed as a hollow outline on the dark
    panel. The star and its legend entry sit in groups that the figure's dark style fills in
    the dark variant's text colour; the light drawing keeps the black star."""
    from attention_tutorial.figures._base import DARK_TEXT

    # at.plot_explorer_panels(at.make_data(), 3.0, lang="en", layout=layout), encoded: the
    # drawing the dark-map test reads too
    call = f"plot_explorer_panels {layout}"
    func, args, kwargs = _heatmap_calls()[call]
    assert (func, args[1:], kwargs) == (
        at.plot_explorer_panels,
        (3.0,),
        {"layout": layout, "lang": "en"},
    )
    _, svg = _encoded_heatmap(call)
    groups = re.findall(r'<g id="(attn-minimum-star[^"]*)">\s*(?:<defs>.*?</defs>\s*)?(.*?)</g>',
                        svg, re.S)  # fmt: skip
    assert sorted(gid for gid, _ in groups) == ["attn-minimum-star", "attn-minimum-star-legend"]
    assert all("<use " in body for _, body in groups)
    dark = svg.split("@media (prefers-color-scheme: dark)", 1)[1]
    assert f'g[id^="attn-minimum-star"] use {{ fill: {DARK_TEXT} !important; }}' in dark
    assert _lightness(_hex(DARK_TEXT)) > 200


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_shape_flow_leaves_room_between_each_label_and_its_shape(lang):
    """Reader round 27: at 375 px "queries: x_train tiled" almost ran into its shape
    "(40, 39)" (16 px apart in the narrow drawing, under two characters). In every box of
    the phone layout the label and the shape are now at least three characters apart."""
    data = at.make_data(n_train=40)
    fig = at.plot_shape_flow(data.x_test, data.x_train, data.y_train, layout="narrow", lang=lang)
    fig.draw_without_rendering()  # laid out, nothing rasterized: where each text lies
    renderer = fig._get_renderer()
    texts = [t for ax in fig.axes for t in ax.texts]
    codes = [t for t in texts if (t.get_gid() or "").startswith("code:")]
    shapes = [t for t in texts if (t.get_gid() or "").startswith("shape:")]
    pairs = [
        (code, shape)
        for code in codes
        for shape in shapes
        if abs(code.get_position()[1] - shape.get_position()[1]) < 1e-9
    ]
    assert len(pairs) == len(codes) == len(shapes)  # one shape beside each label
    for code, shape in pairs:
        left, right = code.get_window_extent(renderer), shape.get_window_extent(renderer)
        # a character of the 10 pt monospace shape: its width over its length
        char = right.width / len(shape.get_text())
        assert right.x0 - left.x1 >= 3 * char, (code.get_text(), shape.get_text())


_SLATE_PAGE = np.array([30, 33, 41])  # Material's slate background, as the site's CSS says
_EXTRA_CSS = "docs/assets/stylesheets/extra.css"


def _site_dark(rgb: np.ndarray) -> np.ndarray:
    """``rgb`` (0-255) as the dark palette shows a line chart: the site's
    ``invert(p) hue-rotate(180deg)`` filter, then ``mix-blend-mode: lighten`` on the page."""
    css = (Path(__file__).resolve().parents[3] / _EXTRA_CSS).read_text(encoding="utf-8")
    rule = re.search(r"img\.attn-figure \{\s*filter: invert\(([\d.]+)\) hue-rotate\(180deg\)", css)
    assert rule, "the dark palette's filter of line charts changed: update this test"
    p = float(rule.group(1))
    inverted = p * 255 + rgb * (1 - 2 * p)
    # CSS hue-rotate(180deg): the filter's matrix at cos = -1, sin = 0
    turn = np.array(
        [[-0.574, 1.43, 0.144], [0.426, 0.43, 0.144], [0.426, 1.43, -0.856]]
    )  # fmt: skip
    return np.maximum(np.clip(turn @ inverted, 0, 255), _SLATE_PAGE)


@pytest.mark.parametrize("layout", ["wide", "stacked"])
@pytest.mark.parametrize("name", ["plot_data", "plot_fit"])
def test_the_data_and_fit_marks_reach_3_to_1_on_both_palettes(name, layout):
    """fx35: the training points, at 0.5 opacity, were 2.0:1 against the panel and the
    orange prediction 2.5:1. Every mark of the data and fit figures reaches 3:1 (WCAG
    1.4.11) against the white panel and, through the site's dark filter, the slate page."""
    x = np.linspace(0.0, 4.0, 5)
    args = (x, x, x, x) if name == "plot_data" else (x, x, x + 0.5, x, x)
    fig = getattr(at, name)(*args, lang="en", layout=layout)
    ax = fig.axes[0]
    r, g, b, a = ax.collections[0].get_facecolor()[0]
    alpha = ax.collections[0].get_alpha()
    alpha = a if alpha is None else alpha
    marks = {"points": alpha * np.array([r, g, b]) * 255 + (1 - alpha) * 255}
    for line in ax.lines:
        marks[line.get_label()] = np.array(matplotlib.colors.to_rgb(line.get_color())) * 255
    white = np.array([255.0, 255.0, 255.0])
    for mark, rgb in marks.items():
        assert _contrast(rgb, white) >= 3.0, (mark, _contrast(rgb, white))
        dark = _contrast(_site_dark(rgb), _site_dark(white))
        assert dark >= 3.0, (mark, dark)
    assert len(marks) == 3  # points, truth, and the prediction or the test inputs' rug


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_the_boundary_figure_keeps_nadaraya_watson_in_the_fit_figures_orange(layout):
    """Review r36: Nadaraya-Watson was orange dashed on the page before (``plot_fit``) and
    blue dashed in the boundary figure, where orange meant local linear regression. It is
    now the fit figures' orange here too (line and rings); local linear regression has a
    colour of its own (line, rings and equivalent-weight dots), and both reach 3:1 against
    the white panel and, through the site's dark filter, the slate page."""
    data = at.make_data()
    args = (data.x_test, data.y_truth, data.x_train, data.y_train)
    x = np.linspace(0.0, 4.0, 5)
    fit = at.plot_fit(x, x, x + 0.5, x, x, lang="en")
    (orange,) = [line.get_color() for line in fit.axes[0].lines if line.get_linestyle() == "--"]
    fig = at.plot_boundary_bias(*args, equivalent_weights=True, layout=layout, lang="en")
    ax_fit, ax_w = fig.axes
    styles = {line.get_linestyle(): line.get_color() for line in ax_fit.lines[:3]}
    nw, ll = styles["--"], styles["-."]
    assert matplotlib.colors.same_color(nw, orange)
    assert not matplotlib.colors.same_color(ll, nw)
    rings = {line.get_markeredgecolor() for line in ax_fit.lines if line.get_markersize() == 10}
    assert {matplotlib.colors.to_hex(c) for c in rings} == {
        matplotlib.colors.to_hex(nw),
        matplotlib.colors.to_hex(ll),
    }
    (dots,) = [line for line in ax_w.lines if line.get_marker() == "o"]
    assert matplotlib.colors.same_color(dots.get_color(), ll)
    white = np.array([255.0, 255.0, 255.0])
    for colour in (nw, ll):
        rgb = np.array(matplotlib.colors.to_rgb(colour)) * 255
        assert _contrast(rgb, white) >= 3.0, (colour, _contrast(rgb, white))
        dark = _contrast(_site_dark(rgb), _site_dark(white))
        assert dark >= 3.0, (colour, dark)
