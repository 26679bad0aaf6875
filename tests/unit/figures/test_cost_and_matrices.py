"""Tests of attention_tutorial.figures.cost and .matrices: what each figure draws, bad input."""

from __future__ import annotations

import io

import matplotlib
import numpy as np
import pytest
from matplotlib.figure import Figure

from attention_tutorial import plot_matrices, plot_scaling
from attention_tutorial.figures._base import TutorialFigure, reading_facts

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
        ("zh", "n（n_train = n_test）", "峰值内存（字节）"),
        ("en", "n (n_train = n_test)", "peak memory (bytes)"),
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
    assert tiled.get_linestyle() != broadcast.get_linestyle()
    assert tiled.get_markersize() > broadcast.get_markersize()


def test_scaling_draws_the_measured_points() -> None:
    fig = plot_scaling(ROWS, lang="en")
    time_line = fig.axes[0].lines[0]
    np.testing.assert_allclose(time_line.get_xdata(), [1000, 2000, 5000])
    np.testing.assert_allclose(time_line.get_ydata(), [1.0, 2.0, 5.0])
    assert fig.axes[1].get_yscale() == "log"


def test_matrices_write_their_values() -> None:
    fig = plot_matrices({"A": np.array([[1.5, -2.0]])}, lang="en")
    assert [t.get_text() for t in fig.axes[0].texts] == ["1.50", "-2.00"]


TRANSFORMER = {  # the Transformer page's three 2 x 2 matrices, as large as they get
    "W_q": np.array([[2.1, 0.3], [-1.2, 0.5]]),
    "W_k": np.array([[3.0, 1.0], [0.2, -0.4]]),
    "W_qᵀ W_k": np.array([[-13.01, 3.51], [-0.07, 0.65]]),
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_three_small_matrices_fit_a_phone(lang) -> None:
    """At 375 px the content is 359 px wide: the figure must stay legible there (its
    smallest text >= 9 CSS px), and no title or value may be cut off at the edges."""
    fig = plot_matrices(TRANSFORMER, lang=lang)
    assert reading_facts(fig)["min_width_px"] <= 359
    fig.canvas.draw()
    inside = fig.bbox.padded(0.5)
    texts = [ax.title for ax in fig.axes] + [t for ax in fig.axes for t in ax.texts]
    for text in [*texts, fig._supxlabel]:
        box = text.get_window_extent()
        assert inside.contains(box.x0, box.y0) and inside.contains(box.x1, box.y1), text
    assert [ax.get_title() for ax in fig.axes] == ["$W_{q}$", "$W_{k}$", "$W_{q}^\\top$ $W_{k}$"]


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
