"""``plot_kernel_contours``: learned 2-D kernels as contours around one query.

A reader of the projections page found the heatmap of M, A and A⁻¹Mᵀ says less than a
picture of the learned bump: these tests check that the contours are where the kernel's
formula puts them, that every panel shares its axes and levels, and what the alt text says.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import attention_tutorial as at
from attention_tutorial.figures._base import reading_facts
from attention_tutorial.figures.kernels import _LEVELS

PHONE_COLUMN_PX = 335  # the text column of a 375 px phone (see test_phone_and_dark.py)
MIN_TEXT_PX = 9


def _kernels():
    query = torch.tensor([1.0, 2.0])
    w = 2.0
    tilted = torch.tensor([[5.0, 1.5], [1.5, 1.0]])  # symmetric positive definite
    return (
        query,
        w,
        {
            "one w": (query, w**2 * torch.eye(2)),
            "tilted": (query + torch.tensor([0.4, 0.1]), tilted),
        },
    )


def _contour_vertices(ax) -> list[np.ndarray]:
    """The vertices of each level's contour in ``ax``, one array per level."""
    (contours,) = [c for c in ax.collections if hasattr(c, "levels")]
    return [np.concatenate(path.to_polygons()) for path in contours.get_paths()]


def test_a_one_w_kernel_is_a_circle_of_the_formula_s_radius_around_the_query():
    """exp(−½ w² r²) = p at r = √(−2 ln p) / w: each level's contour is that circle."""
    query, w, kernels = _kernels()
    fig = at.plot_kernel_contours({"one w": kernels["one w"]}, query, lang="en")
    levels = _contour_vertices(fig.axes[0])
    assert len(levels) == len(_LEVELS)
    for p, vertices in zip(_LEVELS, levels, strict=True):
        radius = np.linalg.norm(vertices - query.numpy(), axis=1)
        assert radius == pytest.approx(np.sqrt(-2 * np.log(p)) / w, rel=2e-2)


def test_the_tilted_kernel_is_centred_on_its_centre_and_the_panels_share_axes():
    query, _, kernels = _kernels()
    fig = at.plot_kernel_contours(kernels, query, keys=torch.rand(20, 2) * 5, lang="en")
    one, tilted = fig.axes
    assert one.get_xlim() == tilted.get_xlim() and one.get_ylim() == tilted.get_ylim()
    centre, A = (v.numpy().astype(float) for v in kernels["tilted"])
    for p, vertices in zip(_LEVELS, _contour_vertices(tilted), strict=True):
        d = vertices - centre  # on the contour: (k - c)^T A (k - c) = -2 ln p
        form = np.einsum("ni,ij,nj->n", d, A, d)
        assert form == pytest.approx(-2 * np.log(p), rel=2e-2)
    assert [ax.get_title() for ax in fig.axes] == ["one w", "tilted"]


def test_a_centre_outside_the_keys_is_inside_the_axes():
    """A reader passed a centre three units past the keys: the panel was empty, while its
    alt text described the ring. The axes now take in every centre as well as the keys."""
    query, _, kernels = _kernels()
    keys = torch.tensor([[0.0, 0.0], [2.0, 3.0], [1.0, 1.0]])
    far = query + torch.tensor([3.0, 0.0])
    fig = at.plot_kernel_contours({"far": (far, kernels["one w"][1])}, query, keys=keys)
    (ax,) = fig.axes
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    for x, y in [far.tolist(), query.tolist(), *keys.tolist()]:
        assert x0 < x < x1 and y0 < y < y1
    assert _contour_vertices(ax)  # the contours are drawn in it


@pytest.mark.parametrize("with_keys", [True, False])
def test_every_contour_vertex_lies_inside_the_axes(with_keys):
    """Reader r57: with keys the axes took in only the keys, the query and the centre, so
    the 0.25 and 0.5 contours of the docstring's example were cut at the top and right
    (a cut contour has vertices on the window's edge). Both panels share the axes here."""
    q = torch.tensor([1.0, 2.0])
    keys = torch.tensor([[0.5, 1.5], [1.5, 2.5], [2.0, 2.0], [1.0, 3.0]])
    tilted = torch.tensor([[5.0, 1.5], [1.5, 1.0]])
    kernels = {"A = 4I": (q + 0.5, 4 * torch.eye(2)), "tilted": (q - 0.3, tilted)}
    fig = at.plot_kernel_contours(kernels, q, keys=keys if with_keys else None, lang="en")
    for ax in fig.axes:
        (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
        margin = 1e-6 * (x1 - x0)
        levels = _contour_vertices(ax)
        assert len(levels) == len(_LEVELS)
        for vertices in levels:
            x, y = vertices.T
            assert (x > x0 + margin).all() and (x < x1 - margin).all()
            assert (y > y0 + margin).all() and (y < y1 - margin).all()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_alt_text_names_each_kernel_s_centre_widths_and_tilt(lang):
    query, w, kernels = _kernels()
    text = at.plot_kernel_contours(kernels, query, lang=lang).description
    eigenvalues, axes = np.linalg.eigh(kernels["tilted"][1].numpy().astype(float))
    narrow, wide = 1 / np.sqrt(eigenvalues[::-1])
    tilt = np.degrees(np.arctan(axes[1, 1] / axes[0, 1]))
    assert "(1.00, 2.00)" in text and f"{1 / w:.2f}" in text  # the circle: on the query
    assert "(1.40, 2.10)" in text and f"{narrow:.2f}" in text and f"{wide:.2f}" in text
    assert f"{tilt:.0f}°" in text
    assert (
        ("圆" in text and "椭圆" in text)
        if lang == "zh"
        else ("circle" in text and "ellipse" in text)
    )


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_phone_layout_stacks_the_panels_with_legible_text(lang):
    query, _, kernels = _kernels()
    wide = at.plot_kernel_contours(kernels, query, lang=lang)
    narrow = at.plot_kernel_contours(kernels, query, lang=lang, **wide.narrow_layout)
    (left, right) = (ax.get_position() for ax in wide.axes)
    (top, bottom) = (ax.get_position() for ax in narrow.axes)
    assert left.x1 < right.x0 and top.y0 > bottom.y1
    shown = min(PHONE_COLUMN_PX, narrow.get_size_inches()[0] * 100)
    assert MIN_TEXT_PX * shown / reading_facts(narrow)["min_width_px"] >= 11


@pytest.mark.parametrize(
    ("kernels", "query", "message"),
    [
        ({}, torch.zeros(2), "one to three models, got 0"),
        (
            {str(i): (torch.zeros(2), torch.eye(2)) for i in range(4)},
            torch.zeros(2),
            "one to three models, got 4",
        ),
        ({"a": (torch.zeros(2), -torch.eye(2))}, torch.zeros(2), "positive definite"),
        (
            {"a": (torch.zeros(2), torch.tensor([[1.0, 2.0], [0.0, 1.0]]))},
            torch.zeros(2),
            "symmetric",
        ),
        ({"a": (torch.zeros(3), torch.eye(2))}, torch.zeros(2), r"shapes \(2,\) and \(2, 2\)"),
        ({"a": (torch.zeros(2), torch.eye(2))}, torch.zeros(3), r"query must have shape \(2,\)"),
    ],
)
def test_bad_kernels_are_refused_by_name(kernels, query, message):
    with pytest.raises(ValueError, match=message):
        at.plot_kernel_contours(kernels, query, lang="en")


def test_a_kernel_that_is_not_a_pair_is_a_type_error():
    with pytest.raises(TypeError, match=r"kernels\['a'\] must be a pair"):
        at.plot_kernel_contours({"a": torch.eye(2)}, torch.zeros(2), lang="en")


@pytest.mark.parametrize("kernels", [[(torch.zeros(2), torch.eye(2))], None, "a"])
def test_kernels_that_are_not_a_mapping_are_a_type_error(kernels):
    """Reader r57: a list of (centre, A) raised ValueError, which Raises did not list."""
    with pytest.raises(TypeError, match="kernels must be a mapping"):
        at.plot_kernel_contours(kernels, torch.zeros(2), lang="en")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_one_model_is_one_panel_in_the_alt_text(lang, layout):
    """Reader r54: the one-panel example's alt said "One panel per model, side by side"."""
    q = torch.tensor([1.0, 2.0])
    one = at.plot_kernel_contours({"m": (q, 4 * torch.eye(2))}, q, layout=layout, lang=lang)
    two = at.plot_kernel_contours(
        {"a": (q, 4 * torch.eye(2)), "b": (q, torch.eye(2))}, q, layout=layout, lang=lang
    )
    several = "每个模型一幅图" if lang == "zh" else "One panel per model"
    assert one.description.startswith("一幅图：" if lang == "zh" else "One panel: ")
    assert several not in one.description
    assert two.description.startswith(several)
