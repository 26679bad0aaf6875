"""Tests of attention_tutorial.figures.cost and .matrices: what each figure draws, bad input."""

from __future__ import annotations

import functools
import io
import itertools
import re

import matplotlib
import numpy as np
import pytest
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure

from attention_tutorial import plot_matrices, plot_scaling
from attention_tutorial.figures._base import TutorialFigure, encode, reading_facts

ROWS = [
    {"formulation": name, "n": n, "seconds": n * s, "peak_bytes": n * n * b, "predicted_bytes": n}
    for name, s, b in (("tiled", 1e-3, 12), ("sdpa", 1e-4, 0))
    for n in (1000, 2000, 5000)
]


def figures(lang: str) -> list[Figure]:
    return [
        plot_scaling(ROWS, lang=lang, title="t"),
        plot_matrices({"W_q": np.eye(2), "W_k": -np.ones((2, 2))}, lang=lang, title="t"),
    ]


def test_figures_are_white_tutorial_figures_that_save() -> None:
    for fig in figures("en"):
        assert isinstance(fig, TutorialFigure)
        assert fig.get_facecolor() == (1.0, 1.0, 1.0, 1.0)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        assert buffer.getvalue().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("lang", "xlabel", "ylabel"),
    [
        ("zh", "n（n_train = n_test）", "峰值内存"),
        ("en", "n (n_train = n_test)", "peak memory"),
    ],
)
def test_labels_follow_the_language(lang, xlabel, ylabel) -> None:
    fig = plot_scaling(ROWS, lang=lang)
    assert fig.axes[1].get_xlabel() == xlabel and fig.axes[1].get_ylabel() == ylabel
    (legend,) = fig.legends  # one legend for both panels
    entries = [t.get_text() for t in legend.get_texts()]
    assert len(entries) == len(set(entries)) == 3  # two formulations and the counted bytes


def test_scaling_legend_hides_no_point_and_tiled_shows_around_broadcast() -> None:
    """The legend lies outside both axes, its text legible on a phone; tiled and broadcast,
    which measure the same, are drawn so that both stay visible (dashes, marker sizes)."""
    rows = [
        {"formulation": name, "n": n, "seconds": n / 1e3, "peak_bytes": 12.0 * n * n}
        for name in ("tiled", "broadcast", "chunked", "sdpa")
        for n in (1000, 2000, 5000)
    ]
    fig = plot_scaling(rows, lang="en")
    renderer = fig.canvas.get_renderer() if hasattr(fig.canvas, "get_renderer") else None
    if renderer is None:  # a bare Figure: lay it out through the Agg canvas
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw_without_rendering()
    (legend,) = fig.legends
    box = legend.get_window_extent(renderer)
    assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1  # not cut at the figure's edges
    for ax in fig.axes:
        assert ax.get_legend() is None
        assert not box.overlaps(ax.get_window_extent(renderer))
    # a phone's column (343 px at 375 px) shows every text of it at 9 CSS px or more
    assert reading_facts(fig)["min_width_px"] <= 343
    tiled, broadcast = fig.axes[0].lines[:2]
    # tiled's large hollow circles stay visible round broadcast's small squares
    assert tiled.get_markerfacecolor() == "none"
    assert tiled.get_markersize() > broadcast.get_markersize()
    # r21: every measured line solid (a dashed one was hard to tell from the counted
    # bytes' dotted lines at 375 px); the dotted ones are the counted bytes alone
    measured = [line for ax in fig.axes for line in ax.lines if line.get_marker() != "None"]
    assert len(measured) == 8  # four formulations, two panels
    assert {line.get_linestyle() for line in measured} == {"-"}


def _svg_text_sizes(fig) -> set[float]:
    """The font sizes (pt) of every text the figure's SVG draws, mathtext scripts included."""
    mime, svg, _ = encode(fig)  # as the site draws it: text left to the browser's fonts
    assert mime == "image/svg+xml"
    return {float(x) for x in re.findall(r"font-size: ([\d.]+)px", svg)}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_scaling_stacks_its_panels_for_phones_and_every_text_is_counted(lang) -> None:
    """Issue 26: at 375 px the side-by-side figure was shown at 56 % of its size, its labels
    at 9.7 CSS px and the exponents of "10^3" at 6.8 px. The site shows phones the stacked
    layout (time above memory), drawn by the same call; every text of both layouts is one
    that ``reading_facts`` counts (plain tick labels, no mathtext exponents), so the
    figure's data-min-width, which the browser test checks, holds for all of it."""
    wide = plot_scaling(ROWS, lang=lang)
    stacked = plot_scaling(ROWS, layout="stacked", lang=lang)
    assert wide.narrow_layout == {"layout": "stacked"} and stacked.narrow_layout is None
    time_ax, memory_ax = stacked.axes
    assert time_ax.get_position().y0 > memory_ax.get_position().y1  # one above the other
    assert time_ax.get_position().x0 == pytest.approx(memory_ax.get_position().x0)
    for fig in (wide, stacked):
        fig.draw_without_rendering()
        labels = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels()]
        labels += [t.get_text() for ax in fig.axes for t in ax.get_yticklabels()]
        assert not any("$" in label for label in labels), labels
        assert _svg_text_sizes(fig) == {13.0}
    assert "1,000" in [t.get_text() for t in time_ax.get_xticklabels()]
    assert "1 MB" in [t.get_text() for t in memory_ax.get_yticklabels()]
    # a phone's column, 343 px: the stacked figure's text at 9 CSS px or more, with room
    assert reading_facts(stacked)["min_width_px"] <= 0.7 * 343
    assert stacked.description.startswith(
        "两幅上下排列" if lang == "zh" else "Two log-log charts, one above"
    )


def test_scaling_names_a_bad_layout() -> None:
    with pytest.raises(
        ValueError, match=r"layout must be one of \('wide', 'narrow', 'stacked'\), got 'tall'"
    ):
        plot_scaling(ROWS, layout="tall", lang="en")


def test_scaling_draws_the_measured_points() -> None:
    fig = plot_scaling(ROWS, lang="en")
    time_line = fig.axes[0].lines[0]
    np.testing.assert_allclose(time_line.get_xdata(), [1000, 2000, 5000])
    np.testing.assert_allclose(time_line.get_ydata(), [1.0, 2.0, 5.0])
    assert fig.axes[1].get_yscale() == "log"


def test_counted_bytes_are_dotted_in_their_formulations_colour_and_grey_in_the_legend() -> None:
    """Each dotted line of the memory panel takes its formulation's colour; the legend's
    entry for them is neutral grey (a black one matched no line drawn) and says so."""
    fig = plot_scaling(ROWS, lang="en")
    time_ax, memory_ax = fig.axes
    colours = [to_rgb(line.get_color()) for line in time_ax.lines if line.get_xdata().size]
    dotted = [to_rgb(line.get_color()) for line in memory_ax.lines if line.get_linestyle() == ":"]
    assert dotted == colours  # one per formulation, in its colour
    (legend,) = fig.legends
    entry = next(t for t in legend.get_texts() if t.get_text().startswith("counted bytes"))
    handle = legend.legend_handles[legend.get_texts().index(entry)]
    red, green, blue = to_rgb(handle.get_color())
    assert handle.get_linestyle() == ":" and red == green == blue  # grey, no hue
    assert 0.3 < red < 0.7  # neither black nor white: visible in both palettes
    assert "colour" in entry.get_text()  # the label says the lines take their own colour
    # the Chinese label says so too (r41: it read only "算出的字节数（点线）")
    zh = [t.get_text() for t in plot_scaling(ROWS, lang="zh").legends[0].get_texts()]
    assert zh[-1] == "算出的字节数（同色点线）"


def test_with_one_counted_formulation_the_legend_entry_takes_its_colour() -> None:
    """r27: the API example counts only tiled's bytes, yet the legend's dotted swatch was grey
    beside a label that says "in its formulation's colour"; the dotted lines were thinner than
    the solid ones and faded on the dark palette."""
    rows = [{**row} for row in ROWS]
    for row in rows:
        if row["formulation"] == "sdpa":
            del row["predicted_bytes"]
    fig = plot_scaling(rows, lang="en")
    time_ax, memory_ax = fig.axes
    (legend,) = fig.legends
    handle = legend.legend_handles[-1]
    assert handle.get_linestyle() == ":"
    assert to_rgb(handle.get_color()) == to_rgb(time_ax.lines[0].get_color())  # tiled's
    (dotted,) = [line for line in memory_ax.lines if line.get_linestyle() == ":"]
    solid = memory_ax.lines[0]
    assert dotted.get_linewidth() > solid.get_linewidth()


def test_without_counted_bytes_the_legend_and_alt_text_say_nothing_of_dotted_lines() -> None:
    """Round 17: the API example's rows carry no predicted_bytes, yet the legend and the alt
    text described dotted lines that were not drawn."""
    rows = [{k: v for k, v in row.items() if k != "predicted_bytes"} for row in ROWS]
    for lang, dotted in (("en", "dotted"), ("zh", "点线")):
        bare, counted = plot_scaling(rows, lang=lang), plot_scaling(ROWS, lang=lang)
        assert not any(line.get_linestyle() == ":" for line in bare.axes[1].lines)
        assert dotted not in bare.description
        assert not any(dotted in t.get_text() for t in bare.legends[0].get_texts())
        assert bare.description.count(dotted) == 0 < counted.description.count(dotted)


@pytest.mark.parametrize(
    ("ns", "memory", "time"),
    [
        # under a decade: 1,000 to 2,000 (the old API example) -- minor ticks labelled
        ((1000, 2000), {"20 MB", "30 MB", "40 MB"}, {"0.1", "0.2"}),
        # three decades: only the powers of ten
        ((100, 1000, 10000), {"100 kB", "1 MB", "10 MB", "100 MB", "1 GB"}, {"0.01", "0.1", "1"}),
    ],
)
def test_a_log_axis_under_a_decade_labels_its_minor_ticks(ns, memory, time) -> None:
    """Round 17: n from 1,000 to 2,000 and memory from 12 to 48 MB left the memory axis with
    no label at all and the others with one: an axis spanning less than a power of ten labels
    its minor ticks (in plain numbers, bytes as bytes); a wider one only its powers of ten."""
    rows = [
        {"formulation": "tiled", "n": n, "seconds": n / 1e4, "peak_bytes": 12 * n * n} for n in ns
    ]
    fig = plot_scaling(rows, lang="en")
    fig.canvas.draw()

    def shown(axis) -> set[str]:  # the labels of the ticks in view, as drawn
        low, high = sorted(axis.get_view_interval())
        labels = set()
        for locs, formatter in (
            (axis.get_majorticklocs(), axis.get_major_formatter()),
            (axis.get_minorticklocs(), axis.get_minor_formatter()),
        ):
            inside = [x for x in locs if low <= x <= high]
            labels |= {label for label in formatter.format_ticks(inside) if label}
        return labels

    time_ax, memory_ax = fig.axes
    assert memory <= shown(memory_ax.yaxis) and time == shown(time_ax.yaxis)
    assert len(shown(time_ax.xaxis)) >= 2
    assert not any("e" in label or "10^" in label for label in shown(memory_ax.yaxis))


def test_the_matrices_alt_text_reads_no_entry_as_a_word() -> None:
    """Round 17: a negative entry, drawn with a true minus (−1.00), was read out again among
    the figure's words ("title: W_k; −1.00; colour bar: ...")."""
    fig = plot_matrices({"A": np.eye(2), "W_k": -np.ones((2, 3))}, lang="en")
    assert "W_k: row 0 −1.00, −1.00, −1.00;" in fig.description
    # six entries and the colour bar's low end, written with the figure's minus (r53);
    # none read again among the figure's words
    assert fig.description.count("\N{MINUS SIGN}1.00") == 7
    # fx35: each title is said once, by the sentence on its matrix ("A: row 0 ...")
    assert "title:" not in fig.description.lower()
    assert fig.description.endswith(". Colour bar: entry, one scale for all matrices.")


def test_matrices_write_their_values() -> None:
    fig = plot_matrices({"A": np.array([[1.5, -2.0]])}, lang="en")
    assert [t.get_text() for t in fig.axes[0].texts] == [
        "1.50",
        "−2.00",
    ]  # a true minus, as on the colour bar


PROJECTIONS = {  # the projections page's three 2 x 2 matrices, as large as they get
    "M": np.array([[13.01, 3.51], [-0.07, 0.65]]),
    "A": np.array([[10.49, 1.85], [1.85, 2.6]]),
    "A⁻¹Mᵀ": np.array([[1.15, -0.06], [0.53, 0.29]]),
}


@functools.cache
def own_scale_laid_out(lang: str, layout: str) -> Figure:
    """``plot_matrices(PROJECTIONS, lang=lang, own_scale=["A⁻¹Mᵀ"], layout=layout)``, laid
    out (``draw_without_rendering``: the constrained layout, nothing rasterized), drawn
    once per (lang, layout) for the tests that only read it ("wide" is the default)."""
    fig = plot_matrices(PROJECTIONS, lang=lang, own_scale=["A⁻¹Mᵀ"], layout=layout)
    fig.draw_without_rendering()
    return fig


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_three_small_matrices_fit_a_phone(lang) -> None:
    """At 375 px the content is 359 px wide: the figure must stay legible there (its
    smallest text >= 9 CSS px), and no title, value or colour bar label may be cut off."""
    fig = plot_matrices(PROJECTIONS, lang=lang)
    assert reading_facts(fig)["min_width_px"] <= 359
    fig.draw_without_rendering()  # the constrained layout, as when the figure is saved
    inside = fig.bbox.padded(0.5)
    texts = [ax.title for ax in fig.axes] + [t for ax in fig.axes for t in ax.texts]
    bar = fig.axes[-1]
    low, high = sorted(bar.get_xlim())
    ticks = [t for t in bar.get_xticklabels() if low <= t.get_position()[0] <= high]
    for text in [*texts, bar.xaxis.label, *ticks]:
        box = text.get_window_extent()
        assert inside.contains(box.x0, box.y0) and inside.contains(box.x1, box.y1), text
    assert [ax.get_title() for ax in fig.axes] == ["$M$", "$A$", "$A^{-1}M^{\\top}$", ""]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_matrices_have_one_colour_bar_and_say_what_they_draw(lang) -> None:
    """Issue 26: the projections page reasons with M, A and A⁻¹Mᵀ. One colour bar shows the
    shared scale, symmetric about 0; the alt text reads every entry out, gives the colour
    bar's range and says that the ticks are indices."""
    fig = plot_matrices(PROJECTIONS, lang=lang)
    *panels, bar = fig.axes
    assert hasattr(bar, "_colorbar") and len(panels) == 3
    assert [ax.images[0].get_clim() for ax in panels] == [(-13.01, 13.01)] * 3
    assert bar._colorbar.mappable.get_clim() == (-13.01, 13.01)
    alt = fig.description
    for number in ("13.01", "3.51", "−0.07", "0.65", "10.49", "2.60", "1.15", "−0.06", "0.29"):
        assert number in alt, number
    assert "A⁻¹Mᵀ" in alt and "−13.01" in alt
    assert ("序号" in alt) if lang == "zh" else ("indices" in alt)
    assert [t.get_text() for t in panels[0].get_xticklabels()] == ["0", "1"]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_the_ticks_can_name_the_coordinates(lang, layout) -> None:
    """Round-14 reader: the projections page's matrices were ticked 0 and 1 while the page
    reads them as x_1 and x_2. ``ticks`` names the rows and columns, in both layouts (the
    phone's too), and the alt text reads the rows by those names."""
    fig = plot_matrices(PROJECTIONS, lang=lang, own_scale=["A⁻¹Mᵀ"], ticks=["x_1", "x_2"],
                        layout=layout)  # fmt: skip
    panels = [ax for ax in fig.axes if ax.images]
    for ax in panels:  # the row names only on the left of each row of matrices
        assert [t.get_text() for t in ax.get_xticklabels()] == ["$x_{1}$", "$x_{2}$"]
        assert [t.get_text() for t in ax.get_yticklabels()] in (["$x_{1}$", "$x_{2}$"], [])
    assert [t.get_text() for t in panels[0].get_yticklabels()] == ["$x_{1}$", "$x_{2}$"]
    alt = fig.description
    assert ("x₁ 行 13.01、3.51" in alt) if lang == "zh" else ("row x₁ 13.01, 3.51" in alt), alt
    assert ("行和列依次对应 x₁、x₂" in alt) if lang == "zh" else ("stand for x₁, x₂" in alt)
    assert ("序号" not in alt) if lang == "zh" else ("indices" not in alt)
    if layout == "wide":  # the phone's drawing keeps the names
        assert fig.narrow_layout == {"layout": "narrow"}
    with pytest.raises(ValueError, match=r"ticks must name every row and column: 3 names"):
        plot_matrices(PROJECTIONS, lang=lang, ticks=["a", "b", "c"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_wide_matrices_leave_no_blank_band_over_their_titles(lang) -> None:
    """Round-14 reader: about 40 px of blank lay over the titles of the wide figure."""
    fig = own_scale_laid_out(lang, "wide")  # laid out
    top = max(ax.title.get_window_extent().y1 for ax in fig.axes if ax.images)
    assert fig.bbox.y1 - top < 0.2 * fig.dpi  # under 0.2 inches: the layout's pad and a bit


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_matrix_ten_times_smaller_gets_a_colour_bar_of_its_own(lang) -> None:
    """Round-8 reader: on the shared ±13.01 scale every cell of A⁻¹Mᵀ (|x| <= 1.15), the
    matrix the text reads most closely, looked white. ``own_scale`` draws it on its own
    scale, with its own colour bar under it, and the alt text gives both ranges; it
    still fits a phone."""
    fig = own_scale_laid_out(lang, "wide")  # laid out
    *panels, shared, own = fig.axes
    assert [ax.images[0].get_clim() for ax in panels] == [(-13.01, 13.01)] * 2 + [(-1.15, 1.15)]
    assert shared._colorbar.mappable.get_clim() == (-13.01, 13.01)
    assert own._colorbar.mappable.get_clim() == (-1.15, 1.15)
    under = panels[2].get_window_extent()
    assert under.x0 - 1 <= own.get_window_extent().x0 < own.get_window_extent().x1 <= under.x1 + 1
    assert shared.get_window_extent().x1 < under.x0  # the shared bar stays under M and A
    dark = [t for t in panels[2].texts if t.get_color() == "white"]
    assert [t.get_text() for t in dark] == ["1.15"]  # its largest entry is dark, as M's is
    alt = fig.description
    assert "−13.01" in alt and "−1.15" in alt and alt.count("13.01") == 3, alt
    assert ("共用一个关于" not in alt) if lang == "zh" else ("on one colour scale" not in alt)
    assert ("单独用一个" in alt) if lang == "zh" else ("has one of its own" in alt)
    # each bar named by its matrices: only M and A share one (review 24)
    assert (
        ("M、A 共用一个颜色条，从 −13.01" in alt)
        if lang == "zh"
        else ("M, A share one colour bar, from −13.01" in alt)
    )
    assert (
        ("A⁻¹Mᵀ 单独用一个，从 −1.15" in alt)
        if lang == "zh"
        else ("A⁻¹Mᵀ has its own, from −1.15" in alt)
    )
    # the titles and bar labels, named by the facts, are not listed again (review 27)
    assert ("标题：" not in alt) if lang == "zh" else ("title:" not in alt.lower())
    assert "， " not in alt  # the bar's label, on two lines, is read as one
    inside = fig.bbox.padded(0.5)
    for text in (shared.xaxis.label, own.xaxis.label):
        box = text.get_window_extent()
        assert inside.contains(box.x0, box.y0) and inside.contains(box.x1, box.y1), text
    assert reading_facts(fig)["min_width_px"] <= 359
    with pytest.raises(ValueError, match=r"own_scale must name the last matrices of \['M', "):
        plot_matrices(PROJECTIONS, lang=lang, own_scale=["M"])
    with pytest.raises(ValueError, match="own_scale must name the last matrices"):
        plot_matrices(PROJECTIONS, lang=lang, own_scale="A⁻¹Mᵀ")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: plot_scaling([], lang="en"), "measurements must be a non-empty list"),
        (lambda: plot_scaling([{"n": 1}], lang="en"), "each measurement must be a dict"),
        (lambda: plot_scaling(ROWS, lang="fr"), "lang must be 'zh' or 'en', got 'fr'"),
        (lambda: plot_matrices({}, lang="en"), "matrices must be a non-empty mapping"),
        (lambda: plot_matrices({"A": np.zeros((9, 9))}, lang="en"), "A must be at most 8 x 8"),
        (lambda: plot_matrices({"A": np.zeros(3)}, lang="en"), "A must be a 2-D array"),
    ],
)
def test_bad_input_is_named(call, message) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_rc_params_are_unchanged() -> None:
    before = dict(matplotlib.rcParams)
    for lang in ("zh", "en"):
        figures(lang)
    assert dict(matplotlib.rcParams) == before


def drawn_texts(fig: Figure) -> list:
    """Every text ``fig`` draws: titles, entries, labels, and the ticks inside their axis."""
    texts = []
    for ax in fig.axes:
        texts += [ax.title, *ax.texts, ax.xaxis.label, ax.yaxis.label]
        for axis, (low, high) in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            low, high = sorted((low, high))
            ticks = axis.get_major_ticks()
            texts += [t.label1 for t in ticks if low - 1e-9 <= t.get_loc() <= high + 1e-9]
    return [t for t in texts if t.get_text() and t.get_visible()]


@pytest.mark.parametrize("layout", ["wide", "narrow"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_text_of_the_matrices_comes_near_the_edge_of_the_canvas(lang, layout) -> None:
    """Round-13 reader: at 1280 px the bottom of the zh colour-bar label's second line
    ("这几个矩阵共用一个色标") was cut off at the image's edge, and its two lines were not
    centred. The SVG leaves the text to the browser's fonts, whose lines can sit lower than
    matplotlib measures, so every text keeps 0.1 inch clear of each edge of the canvas, and
    the label's lines are centred under its bar. The second bar names its matrix."""
    fig = own_scale_laid_out(lang, layout)  # laid out
    clear = fig.bbox.padded(-0.1 * fig.dpi)  # the canvas less 0.1 inch on each side
    texts = drawn_texts(fig)
    assert len(texts) >= 3 * 4 + 3 + 2  # every entry, the titles, both bars' labels
    for text in texts:
        box = text.get_window_extent()
        assert clear.x0 <= box.x0 and box.x1 <= clear.x1, (text.get_text(), box, clear)
        assert clear.y0 <= box.y0 and box.y1 <= clear.y1, (text.get_text(), box, clear)
    shared, own = (ax.xaxis.label for ax in fig.axes[3:])
    # a label on two lines (en) is centred; zh fits one short line (review 26: its two
    # lines touched at 375 px)
    assert ("\n" in shared.get_text()) == (lang == "en") and shared._multialignment == "center"
    # the shared bar names its matrices (review 24: "these matrices" read as all three)
    assert "$M$" in shared.get_text() and "$A$" in shared.get_text()
    assert "A^{-1}" not in shared.get_text()
    assert own.get_text() == (
        "$A^{-1}M^{\\top}$ 的元素值" if lang == "zh" else "entry of $A^{-1}M^{\\top}$"
    )


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        ("x", TypeError, r"measurement predicted_bytes must be a number, got 'x'"),
        (True, TypeError, r"measurement predicted_bytes must be a number, got True"),
        (-1, ValueError, r"predicted_bytes must be a non-negative finite number, got -1"),
        (float("nan"), ValueError, r"predicted_bytes must be a non-negative finite number"),
        (float("inf"), ValueError, r"predicted_bytes must be a non-negative finite number"),
    ],
)
def test_a_bad_predicted_bytes_is_named_not_dropped(value, error, message) -> None:
    """r21: "x" or -1 in predicted_bytes silently dropped the dotted line and its legend."""
    rows = [dict(ROWS[0]), *ROWS[1:]]
    rows[0]["predicted_bytes"] = value
    with pytest.raises(error, match=message):
        plot_scaling(rows, lang="en")


def test_predicted_bytes_in_some_rows_of_a_formulation_is_refused_not_dropped() -> None:
    """r24: one row without predicted_bytes dropped the formulation's dotted line silently."""
    rows = [dict(row) for row in ROWS]
    del rows[1]["predicted_bytes"]  # tiled at n = 2000
    message = (
        r"predicted_bytes must be given in every row of a formulation or in none: "
        r"tiled has it at n = 1000, 5000 but not at n = 2000$"
    )
    with pytest.raises(ValueError, match=message):
        plot_scaling(rows, lang="en")
    # a formulation without it in any row is fine: only the others get a dotted line
    rows = [row if row["formulation"] == "tiled" else dict(row) for row in ROWS]
    for row in rows[3:]:
        del row["predicted_bytes"]
    dotted = [line for line in plot_scaling(rows, lang="en").axes[1].lines
              if line.get_linestyle() == ":"]  # fmt: skip
    assert len(dotted) == 1


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_zero_bytes_drawn_at_one_byte_is_said_so_in_the_alt_text(lang) -> None:
    """r24: sdpa's 0 B is drawn at 1 B on the log axis, but the alt text said only "0 B"."""
    fig = plot_scaling(ROWS, lang=lang)  # sdpa's peak_bytes are 0
    sdpa = next(line for line in fig.axes[1].lines if line.get_linestyle() == "-"
                and min(line.get_ydata()) == 1.0)  # fmt: skip
    assert list(sdpa.get_ydata()) == [1.0, 1.0, 1.0]
    said = "0 B（对数轴上没有 0，画在 1 B 处）" if lang == "zh" else "0 B (drawn at 1 B: a log axis"
    assert fig.description.count(said) == 2  # its smallest and its largest n
    assert "12 MB" in fig.description and "12 MB (drawn" not in fig.description


def test_zero_predicted_bytes_is_drawn_as_peak_bytes_is() -> None:
    rows = [{**row, "predicted_bytes": 0} for row in ROWS]
    fig = plot_scaling(rows, lang="en")
    dotted = [line for line in fig.axes[1].lines if line.get_linestyle() == ":"]
    assert dotted and all(min(line.get_ydata()) == 1.0 for line in dotted)


@pytest.mark.parametrize(
    ("measurements", "error", "message"),
    [
        (None, TypeError, r"measurements must be a non-empty list of dicts, got NoneType"),
        ((r for r in ROWS), TypeError, r"must be a non-empty list of dicts, got generator"),
        ("rows", TypeError, r"measurements must be a non-empty list of dicts, got str"),
        ([], ValueError, r"measurements must be a non-empty list of dicts$"),
    ],
)
def test_measurements_that_are_no_list_are_named(measurements, error, message) -> None:
    """r21: None or a generator raised "object of type 'NoneType' has no len()"."""
    with pytest.raises(error, match=message):
        plot_scaling(measurements, lang="en")


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_the_matrices_colour_bars_are_ticked_at_both_ends(layout) -> None:
    """Review 22: the colour bar's ticks stopped at -10 and 10 while the alt text gave its
    range as -13.01 to 13.01; both ends are now ticked, as the alt text writes them."""
    matrices = {
        "M": np.array([[13.01, 3.51], [-0.07, 0.65]]),
        "A": np.eye(2),
        "C": np.eye(2) * 1.15,
    }
    fig = plot_matrices(matrices, own_scale=["C"], layout=layout, lang="en")
    shared, own = ([t.get_text() for t in bar.get_xticklabels()] for bar in fig.axes[3:])
    # the shared bar, under two matrices, has room for a 0 between its ends; the own one,
    # under one, for a 0 alone (review 26: -1.15 and 1.15 only hid where the sign changes)
    assert (shared[0], shared[-1]) == ("\u221213.01", "13.01") and "0" in shared
    assert own == ["\u22121.15", "0", "1.15"]
    # and the own bar's three labels keep clear of each other (0.05 inch at least)
    fig.draw_without_rendering()
    boxes = [t.get_window_extent() for t in fig.axes[4].get_xticklabels()]
    for left, right in itertools.pairwise(boxes):
        assert right.x0 - left.x1 >= 0.05 * fig.dpi, (left, right)
    assert "from −13.01 to 13.01" in fig.alt_facts and "from −1.15 to 1.15" in fig.alt_facts


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("n", np.int64(1000)),
        ("seconds", np.float32(0.5)),
        ("seconds", "torch"),
        ("peak_bytes", "torch_int"),
    ],
)
def test_numpy_scalars_and_0d_tensors_are_numbers(field, value) -> None:
    """r23: ``np.int64(100)`` and ``torch.tensor(0.1)`` were refused as no numbers."""
    import torch

    value = {"torch": torch.tensor(0.5), "torch_int": torch.tensor(12)}.get(value, value)
    rows = [dict(ROWS[0]), *ROWS[1:]]
    rows[0][field] = value
    fig = plot_scaling(rows, lang="en")
    assert fig.description


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (np.bool_(True), r"measurement n must be a number, got np.True_"),
        (None, r"measurement n must be a number, got None"),
        ("1000", r"measurement n must be a number, got '1000'"),
        (1j, r"measurement n must be a number, got 1j"),
    ],
)
def test_bools_strings_none_and_complex_are_no_measurement(value, message) -> None:
    rows = [dict(ROWS[0]), *ROWS[1:]]
    rows[0]["n"] = value
    with pytest.raises(TypeError, match=message):
        plot_scaling(rows, lang="en")


def test_a_tuple_of_rows_is_a_list_of_rows() -> None:
    assert plot_scaling(tuple(ROWS), lang="en").description


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_alt_text_gives_the_counted_bytes_at_both_ends(lang) -> None:
    """r25: the alt text gave the measured bytes only, never the dotted lines' values; a
    counted 0 B is drawn at 1 B and said so; no ASCII space after a full-width bracket."""
    rows = [dict(row) for row in ROWS]
    rows[3]["predicted_bytes"] = 0  # sdpa at its smallest n
    alt = plot_scaling(rows, lang=lang).description
    if lang == "zh":
        assert "算出的字节数从 1 kB 到 5 kB" in alt
        assert "算出的字节数从 0 B（对数轴上没有 0，画在 1 B 处）到 5 kB" in alt
        assert "） " not in alt
    else:
        assert "counted bytes from 1 kB to 5 kB" in alt
        assert "counted bytes from 0 B (drawn at 1 B: a log axis has no 0) to 5 kB" in alt
    bare = [{k: v for k, v in row.items() if k != "predicted_bytes"} for row in ROWS]
    assert "算出的字节数从" not in plot_scaling(bare, lang="zh").description


@pytest.mark.parametrize(
    ("lang", "layout", "first", "second"),
    [
        ("zh", "wide", "左图纵轴：时间（秒）", "右图纵轴：峰值内存"),
        ("zh", "stacked", "上图纵轴：时间（秒）", "下图纵轴：峰值内存"),
        ("en", "wide", "left panel's y axis: time (seconds)", "right panel's y axis: peak memory"),
        ("en", "stacked", "upper panel's y axis: time", "lower panel's y axis: peak memory"),
    ],
)
def test_the_alt_text_names_the_panel_of_each_y_axis(lang, layout, first, second) -> None:
    """r26: the alt text read "纵轴：时间（秒）；纵轴：峰值内存", two y axes and no word
    of which panel each belongs to."""
    description = plot_scaling(ROWS, lang=lang, layout=layout).description
    assert first in description and second in description, description
    assert description.index(first) < description.index(second)
    # no y axis without its panel
    assert description.count("纵轴：" if lang == "zh" else "y axis:") == 2


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_matrices_name_what_their_rows_and_columns_stand_for(lang) -> None:
    """Review 28: the M / A / A⁻¹Mᵀ figure never said which axis is the query and which
    the key; ``roles`` labels each matrix's axes, and ``round_ticks`` ticks a bar from
    -1.15 to 1.15 at -1, 0, 1 (its ends nearly touched at 375 px)."""
    roles = {"M": ("query", "key"), "A": ("key", "key"), "A⁻¹Mᵀ": ("centre", "query")}
    for layout in ("wide", "narrow"):
        fig = plot_matrices(
            PROJECTIONS, lang=lang, own_scale=["A⁻¹Mᵀ"], roles=roles, round_ticks=True,
            layout=layout,
        )  # fmt: skip
        fig.draw_without_rendering()
        query, key, centre = (
            ("查询 $x$", "键 $k$", "中心 $c$")
            if lang == "zh"
            else ("query $x$", "key $k$", "centre $c$")
        )
        labels = [(ax.get_ylabel(), ax.get_xlabel()) for ax in fig.axes[:3]]
        assert labels == [(query, key), (key, key), (centre, query)]
        own = fig.axes[4]
        ticks = [t.get_text() for t in own.get_xticklabels()]
        limit = float(np.abs(np.asarray(PROJECTIONS["A⁻¹Mᵀ"])).max())
        if limit >= 1:
            assert ticks[1] == "0" and ticks[0] == "\N{MINUS SIGN}" + ticks[2]
        clear = fig.bbox.padded(-0.1 * fig.dpi)
        for text in drawn_texts(fig):
            box = text.get_window_extent()
            assert clear.x0 <= box.x0 and box.x1 <= clear.x1, (text.get_text(), box, clear)
            assert clear.y0 <= box.y0 and box.y1 <= clear.y1, (text.get_text(), box, clear)
    alt = fig.description
    assert (
        "M 的行是查询 x，列是键 k" if lang == "zh" else "M: rows the query x, columns the key k"
    ) in alt
    default = own_scale_laid_out(lang, "wide")  # plot_matrices(PROJECTIONS, own_scale=...)
    assert default.axes[0].get_ylabel() == "" and "rows the" not in default.description
    with pytest.raises(ValueError, match=r"roles must map names of .* got 'B'"):
        plot_matrices(PROJECTIONS, lang=lang, roles={"B": ("query", "key")})
    with pytest.raises(ValueError, match=r"roles must map names of .* got 'M': \('query',\)"):
        plot_matrices(PROJECTIONS, lang=lang, roles={"M": "query"})


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_alt_text_says_bytes_as_drawn_and_one_point_as_a_point(lang) -> None:
    """r31b: 0.4 B was said "0 B", 999.6 B "1000 B" next to a "1 kB" tick, and a
    formulation measured at one n "n from 500 to 500, time from 0.01 s to 0.01 s"."""
    rows = [
        {"formulation": "tiled", "n": 500, "seconds": 0.01, "peak_bytes": 0.4,
         "predicted_bytes": 999.6},
        {"formulation": "sdpa", "n": 500, "seconds": 0.02, "peak_bytes": 2e6},
    ]  # fmt: skip
    alt = plot_scaling(rows, lang=lang).alt_facts
    if lang == "zh":
        assert "平铺（repeat_interleave）：n = 500 时，时间 0.010 s，峰值内存 0.4 B（" in alt
        # review fx33: 0.4 B is below 1 B, not a 0 that the log axis lacks
        assert "峰值内存 0.4 B（小于 1 B，画在 1 B 处）" in alt and "没有 0" not in alt
        assert "算出的字节数 1 kB；" in alt
        assert alt.endswith("每种写法只有一个 n，各画成一个点。")
    else:
        assert "tiled (repeat_interleave): at n = 500, time 0.010 s, peak memory 0.4 B (" in alt
        assert "peak memory 0.4 B (below 1 B, drawn at 1 B)" in alt and "has no 0" not in alt
        assert ", counted bytes 1 kB;" in alt
        assert alt.endswith("each formulation has one n and is drawn as one point.")
    assert "1000 B" not in alt and " 500 " not in alt.replace("= 500 ", "")
    # a formulation of one row next to one of two: each is said its own way
    rows.append({"formulation": "sdpa", "n": 1000, "seconds": 0.08, "peak_bytes": 4e6})
    alt = plot_scaling(rows, lang=lang).alt_facts
    assert ("n = 500 时，时间 0.010 s" if lang == "zh" else "at n = 500, time 0.010 s") in alt
    assert ("n 从 500 到 1,000" if lang == "zh" else "n from 500 to 1,000") in alt
    assert alt.endswith("最大的 n 处的值。" if lang == "zh" else "the largest n.")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_alt_text_rounds_as_the_scale_page_table(lang) -> None:
    """r37d: "0.016 s" beside "0.0181 s", "0.0092 s" and "0.0024 s", and "299 kB" where the
    table prints 0.3 (MB): times to three decimals and bytes below 1 MB to two significant
    digits, as the table prints them; r38d: "6.11 s" beside "6.307 s" where the table
    prints 6.110, so the trailing zeros stay."""
    rows = [
        {"formulation": "sdpa", "n": 1000, "seconds": 0.0024, "peak_bytes": 299_008},
        {"formulation": "sdpa", "n": 100_000, "seconds": 11.63, "peak_bytes": 2.5e6},
        {"formulation": "broadcast", "n": 1000, "seconds": 0.0181, "peak_bytes": 11.8e6},
        {"formulation": "broadcast", "n": 2000, "seconds": 6.11, "peak_bytes": 48e6},
    ]
    alt = plot_scaling(rows, lang=lang).alt_facts
    for said in ("0.002 s", "11.630 s", "0.018 s", "6.110 s", "300 kB", "2.5 MB", "11.8 MB"):
        assert said in alt, said
    for unsaid in ("0.0024", "0.0181", "299 kB", "6.11 s"):
        assert unsaid not in alt, unsaid


def test_two_rows_of_a_formulation_at_one_n_are_refused_not_zigzagged() -> None:
    """r31b: a repeated measurement at one n was drawn as a line going up and back down."""
    rows = [*ROWS, {**ROWS[1], "seconds": 9.0}]  # tiled at n = 2000, twice
    message = (
        r"^measurements must have one row per formulation and n: tiled has more than one "
        r"at n = 2000 \(give one, e.g. their median\)$"
    )
    with pytest.raises(ValueError, match=message):
        plot_scaling(rows, lang="en")
    # the same n in two formulations is the normal case
    assert plot_scaling(ROWS, lang="en").description


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_equal_time_is_said_once_and_the_dotted_entry_names_its_formulation(lang) -> None:
    """fx35-alt2: a time equal at both ends read "time from 1 s to 1 s"; the legend entry of
    one formulation's counted bytes, "counted bytes (dotted)", did not say whose they were."""
    rows = []
    for n in (100, 10000):
        rows.append({"formulation": "tiled", "n": n, "seconds": 1.0, "peak_bytes": 12.0 * n * n,
                     "predicted_bytes": 12 * n * n})  # fmt: skip
        rows.append({"formulation": "sdpa", "n": n, "seconds": 1e-8 * n * n,
                     "peak_bytes": 4000.0 * n})  # fmt: skip
    fig = plot_scaling(rows, lang=lang)
    text = fig.description
    same, apart = (
        ("时间在两个 n 处都是 1.000 s", "时间从 0.0001 s 到 1 s")
        if lang == "zh"
        else ("time 1.000 s at both n", "time from 0.0001 s to 1 s")
    )
    assert (
        same in text
        and apart in text
        and "from 1 s to 1 s" not in text
        and "从 1 s 到 1 s" not in text
    )
    entries = [t.get_text() for t in fig.legends[0].get_texts()]
    whose = "平铺：算出的字节数（点线）" if lang == "zh" else "tiled: counted bytes (dotted)"
    assert entries[-1] == whose and whose in text


@pytest.mark.parametrize(
    ("lang", "medians", "given"),
    [
        ("zh", "时间和内存都是最小和最大的 n 处 3 次测量的中位数。", "所给数据"),
        ("en", "time and memory are the medians of 3 runs at the smallest", "values given"),
    ],
)
def test_the_alt_text_says_medians_only_when_the_rows_are_their_runs_medians(
    lang, medians, given
) -> None:
    """r39d: the scale page's points are medians of three runs, and its alt text said
    "the values given"; rows that carry their runs, and are their medians, say so."""

    def with_runs(row: dict, factors=(0.5, 1.0, 3.0)) -> dict:
        runs = [
            {"seconds": row["seconds"] * f, "peak_bytes": row["peak_bytes"] * f} for f in factors
        ]
        return {**row, "runs": runs}

    rows = [with_runs(row) for row in ROWS]
    assert medians in plot_scaling(rows, lang=lang).description
    # no runs, a row that is not its runs' median, or rows of different counts: as before
    for other in (
        ROWS,
        [with_runs(row, (1.0, 2.0, 3.0)) for row in ROWS],
        [*rows[:-1], with_runs(ROWS[-1], (0.5, 1.0, 1.0, 3.0))],
    ):
        alt = plot_scaling(other, lang=lang).description
        assert given in alt and medians not in alt


@pytest.mark.parametrize("layout", ["wide", "narrow"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_scaling_legend_is_no_wider_than_its_panels(lang, layout) -> None:
    """Round 44: with a longer zh label the wide legend reached 11.8 px past the panels on
    each side, and so past the saved figure's edge (its first marker touched it)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = plot_scaling(ROWS, lang=lang, layout=layout)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    left = min(ax.get_tightbbox(renderer).x0 for ax in fig.axes)
    right = max(ax.get_tightbbox(renderer).x1 for ax in fig.axes)
    for legend in fig.legends:
        extent = legend.get_window_extent(renderer)
        assert left <= extent.x0 and extent.x1 <= right, (extent, left, right)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_matrices_alt_says_the_colours_once(lang):
    """Reader r54: "(blue negative, red positive) … Colour bar: entry (blue negative, red
    positive)": the bar is named without the colours the lead already gives."""
    fig = plot_matrices({"A": np.array([[1.0, -1.0], [0.5, 2.0]])}, lang=lang)
    colours = "蓝色为负" if lang == "zh" else "blue negative"
    assert fig.description.count(colours) == 1 and "蓝为负" not in fig.description
    bar = "颜色条：元素的值，" if lang == "zh" else "Colour bar: entry, one scale"
    assert bar in fig.description


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_whole_byte_count_drops_its_point_zero_where_alone(lang):
    """Reader r54: "from 400 kB to 40.0 MB" beside "1.2 GB" and "120 kB"."""
    rows = [
        {"formulation": "sdpa", "n": n, "seconds": 1e-8 * n * n, "peak_bytes": 4000 * n}
        for n in (100, 10000)
    ]
    text = plot_scaling(rows, lang=lang).description
    assert "40 MB" in text and "40.0 MB" not in text
