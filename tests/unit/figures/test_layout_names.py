"""The phone layout's two names, ``"narrow"`` and ``"stacked"``: every drawing function
that takes ``layout`` accepts both and draws the same figure for either.

A reader found that half the functions took only ``layout="narrow"`` and the other half
only ``layout="stacked"``, so that a layout that works for one figure failed for the next.
"""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest
import torch

import attention_tutorial as at
from attention_tutorial.figures._base import LAYOUT_NAMES, phone_layout


def _figures():
    data = at.make_data()
    _, weights = at.nadaraya_watson(data.x_test, data.x_train, data.y_train)
    gallery = (data.x_test, data.y_truth, data.x_train, data.y_train, [0.5, 2.0])
    fit = (data.x_test, data.y_truth, data.y_truth + 0.1, data.x_train, data.y_train)
    return {
        "plot_attention_heatmap": (at.plot_attention_heatmap, (weights,)),
        "plot_attention_heatmaps": (at.plot_attention_heatmaps, ({"A": weights, "B": weights},)),
        "plot_bandwidth_gallery": (at.plot_bandwidth_gallery, gallery),
        "plot_shape_flow": (at.plot_shape_flow, (data.x_test, data.x_train, data.y_train)),
        "plot_matrices": (at.plot_matrices, ({"M": np.eye(2), "A": np.eye(2), "C": np.eye(2)},)),
        "plot_kernel_contours": (
            at.plot_kernel_contours,
            ({"a": (np.zeros(2), np.eye(2)), "b": (np.ones(2), np.diag([4.0, 1.0]))}, np.zeros(2)),
        ),
        "plot_attention_pooling": (
            at.plot_attention_pooling,
            (2.5, torch.linspace(0.0, 5.0, 4), torch.linspace(-1.0, 1.0, 4)),
        ),
        "plot_fit": (at.plot_fit, fit),
        "plot_loss": (at.plot_loss, ([3.0, 2.0, 1.5],)),
        "plot_explorer_panels": (at.plot_explorer_panels, (at.make_data(n_train=10), 2.0)),
    }


FIGURES = list(_figures())


@pytest.mark.parametrize("name", FIGURES)
def test_narrow_and_stacked_draw_the_same_phone_figure(name):
    func, args = _figures()[name]
    wide = func(*args, lang="en")
    (own,) = wide.narrow_layout.values()  # the function's own name of its phone layout
    other = {"narrow": "stacked", "stacked": "narrow"}[own]
    phone = func(*args, lang="en", layout=own)
    synonym = func(*args, lang="en", layout=other)
    assert synonym.narrow_layout is None and phone.narrow_layout is None  # not a wide figure
    assert tuple(synonym.get_size_inches()) == tuple(phone.get_size_inches())
    assert tuple(synonym.get_size_inches()) != tuple(wide.get_size_inches())
    assert len(synonym.axes) == len(phone.axes)
    assert synonym.description == phone.description
    with pytest.raises(ValueError, match=r"one of \('wide', 'narrow', 'stacked'\), got 'tall'"):
        func(*args, lang="en", layout="tall")


def test_phone_layout_maps_both_names_to_the_functions_own():
    assert LAYOUT_NAMES == ("wide", "narrow", "stacked")
    for own in ("narrow", "stacked"):
        assert [phone_layout(name, own) for name in LAYOUT_NAMES] == ["wide", own, own]
    with pytest.raises(ValueError, match="two names of the phone layout"):
        phone_layout(None, "narrow")


def _layout_functions() -> list[str]:
    """Every public figure function that takes ``layout``."""
    return [
        name
        for name in at.__all__
        if inspect.isfunction(func := getattr(at, name))
        and "layout" in inspect.signature(func).parameters
    ]


@pytest.mark.parametrize("name", _layout_functions())
def test_every_layout_docstring_names_all_three_values_and_the_error(name):
    """Round 14: the heatmap's docstring named ``"narrow"``, the pooling diagram's only
    ``"stacked"``, and the gallery's Raises left out a bad ``layout``. Each function's
    ``layout`` argument names the three values it accepts, its Raises gives the ValueError
    for any other, and that error names the argument and the three values."""
    doc = inspect.getdoc(getattr(at, name))
    args = doc.split("Args:", 1)[1].split("Returns:", 1)[0]
    (layout,) = re.findall(r"\n    layout: (.*?)(?=\n    \w+:|\Z)", args, re.S)
    assert all(f'``"{value}"``' in layout for value in LAYOUT_NAMES), layout
    raises = " ".join(doc.split("Raises:", 1)[1].split("Examples:", 1)[0].split())
    value_error = raises.split("ValueError:", 1)[1]
    assert '``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``' in value_error
    assert "build draws" not in doc and "CSS px" not in doc  # no build internals


def test_the_layout_error_names_the_argument_and_the_values():
    data = at.make_data(n_train=10)
    with pytest.raises(ValueError) as error:
        at.plot_bandwidth_gallery(
            data.x_test, data.y_truth, data.x_train, data.y_train, [1.0], layout="phone"
        )
    assert str(error.value).startswith(
        "layout must be one of ('wide', 'narrow', 'stacked'), got 'phone'"
    )
