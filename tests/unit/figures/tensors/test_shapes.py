"""Tests of attention_tutorial.figures.tensors.shapes: reshape, unsqueeze, squeeze.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

import pytest
import torch

from attention_tutorial import (
    diagram_reshape,
    diagram_squeeze,
    diagram_transpose,
    diagram_unsqueeze,
)
from tests.unit.figures.tensors.cells import all_text, colours, text, values


def test_reshape_keeps_row_major_order() -> None:
    x = torch.arange(12).reshape(3, 4)
    fig = diagram_reshape(x, 2, -1, lang="en")
    assert colours(fig, 0) == colours(fig, 1)
    assert values(fig, 1) == [str(i) for i in range(12)]
    assert text(fig, "shape:1") == "shape (2, 6)"
    assert "-1 worked out by PyTorch: dim 1 = 6" in all_text(fig)


def test_transpose_swaps_the_strides_and_keeps_each_element_s_colour() -> None:
    x = torch.arange(6).reshape(2, 3)
    fig = diagram_transpose(x, lang="en")
    assert values(fig, 1) == ["0", "3", "1", "4", "2", "5"]
    # cell (i, j) of x.t() is x's cell (j, i), in x's colour: plain index arithmetic
    x_colours = colours(fig, 0)
    assert colours(fig, 1) == [x_colours[j * 3 + i] for i in range(3) for j in range(2)]
    assert text(fig, "caption:0:1") == "stride (3, 1)"
    assert text(fig, "caption:1:1") == "stride (1, 3)"
    assert text(fig, "shape:1") == "shape (3, 2)"
    assert text(fig, "arrow:0") == "x.t()"
    alt = fig.description
    assert alt.startswith("Tensor diagram (x.t(), a view):")
    assert "x.t(), shape (3, 2), values 0, 3, 1, 4, 2, 5, captioned “stride (1, 3)”" in alt
    zh = diagram_transpose(x, lang="zh").description
    assert zh.startswith("张量示意图（x.t()，一个视图）：")


@pytest.mark.parametrize(
    ("x", "dim", "shape", "axis"),
    [
        (torch.tensor([1, 2, 3]), 0, "(1, 3)", 0),
        (torch.tensor([1, 2, 3]), 1, "(3, 1)", 1),
        (torch.tensor([1, 2, 3]), -1, "(3, 1)", 1),
        (torch.ones(2, 3), 1, "(2, 1, 3)", 1),
        (torch.ones(2, 3), -1, "(2, 3, 1)", 2),
    ],
)
def test_unsqueeze_says_where_the_new_axis_goes(x, dim, shape, axis) -> None:
    fig = diagram_unsqueeze(x, dim, lang="en")
    assert text(fig, "shape:1") == f"shape {shape}"
    assert tuple(x.unsqueeze(dim).shape) == eval(shape)
    assert f"new axis: dim={axis} (size 1)" in all_text(fig)
    assert colours(fig, 0) == colours(fig, 1)


def test_squeeze_removes_axes_of_size_1() -> None:
    x = torch.tensor([[[1, 2, 3]]])
    fig = diagram_squeeze(x, lang="en")
    assert text(fig, "shape:1") == "shape (3,)"
    assert "size-1 axes removed: dim=0, 1" in all_text(fig)
    fig = diagram_squeeze(torch.ones(2, 1), 0, lang="en")  # size 2: left alone
    assert text(fig, "shape:1") == "shape (2, 1)"
    assert "no axis of size 1 to remove" in all_text(fig)
    fig = diagram_squeeze(torch.ones(2, 1), -1, lang="en")
    assert text(fig, "shape:1") == "shape (2,)"


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_reshape(torch.ones(6), 4, -1), ValueError,
         r"shape \(4, -1\) cannot hold the 6 elements of x.*PyTorch: shape '\[4, -1\]' is invalid"),
        (lambda: diagram_reshape(torch.ones(6), 4, 2), ValueError,
         r"shape \(4, 2\) cannot hold the 6 elements of x"),
        (lambda: diagram_reshape(torch.ones(6), -1, -1), ValueError,
         "only one dimension can be inferred"),
        (lambda: diagram_unsqueeze(torch.ones(3), 2), ValueError,
         r"dim must be in \[-2, 1\] for a 1-D x, got 2"),
        (lambda: diagram_unsqueeze(torch.ones(3), "0"), TypeError, "dim must be an int"),
        (lambda: diagram_squeeze(torch.ones(1, 3), 2), ValueError, r"dim must be in \[-2, 1\]"),
        (lambda: diagram_transpose(torch.ones(3)), ValueError,
         r"x must be a 2-D tensor, got shape \(3,\)"),
        (lambda: diagram_transpose([[1, 2]]), TypeError, "x must be a"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()
