"""Tests of attention_tutorial.figures.tensors.tiling: repeat_interleave, repeat, expand, broadcast.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

import pytest
import torch

from attention_tutorial import (
    diagram_broadcast,
    diagram_expand,
    diagram_repeat,
    diagram_repeat_interleave,
)
from tests.unit.figures.tensors.cells import all_text, by_gid, colours, text, values


@pytest.mark.parametrize("repeats", [2, 3])
def test_repeat_interleave_colours_come_in_runs(repeats) -> None:
    x = torch.tensor([5, 6, 7, 8])
    fig = diagram_repeat_interleave(x, repeats, lang="en")
    inp, out = colours(fig, 0), colours(fig, 1)
    assert len(out) == len(x) * repeats
    for i in range(len(out)):
        assert out[i] == inp[i // repeats]
    assert values(fig, 1) == [str(int(x[i // repeats])) for i in range(len(out))]
    assert text(fig, "shape:1") == f"shape ({len(x) * repeats},)"
    assert len(set(inp)) == len(x)  # every input element has its own colour


def test_repeat_interleave_with_tensor_repeats_along_dim_0() -> None:
    x = torch.tensor([[1, 2], [3, 4], [5, 6]])
    repeats = torch.tensor([1, 0, 2])
    fig = diagram_repeat_interleave(x, repeats, dim=0, lang="en")
    reference_rows = [r for r, k in enumerate(repeats.tolist()) for _ in range(k)]  # [0, 2, 2]
    inp, out = colours(fig, 0), colours(fig, 1)
    for i, r in enumerate(reference_rows):
        for c in range(2):
            assert out[i * 2 + c] == inp[r * 2 + c]
    assert text(fig, "shape:1") == "shape (3, 2)"
    # the handbook page's name for the tensor of counts, in the caption and the arrow
    assert "counts = torch.tensor([1, 0, 2])" in all_text(fig)
    assert "y = x.repeat_interleave(counts, dim=0)" in all_text(fig)


def test_repeat_interleave_flattens_when_dim_is_none() -> None:
    x = torch.tensor([[1, 2], [3, 4]])
    fig = diagram_repeat_interleave(x, 2, lang="en")
    assert text(fig, "shape:1") == "shape (8,)"
    assert values(fig, 1) == ["1", "1", "2", "2", "3", "3", "4", "4"]
    assert "dim=None: flattened to 1-D first" in all_text(fig)


def test_repeat_interleave_of_a_0d_tensor() -> None:
    fig = diagram_repeat_interleave(torch.tensor(2.5), 3, lang="en")
    assert text(fig, "shape:0") == "shape ()"
    assert values(fig, 1) == ["2.50"] * 3


def test_repeat_colours_come_in_cycles() -> None:
    x = torch.tensor([1, 2, 3])
    fig = diagram_repeat(x, 3, lang="en")
    inp, out = colours(fig, 0), colours(fig, 1)
    assert [out[i] == inp[i % 3] for i in range(9)] == [True] * 9
    assert text(fig, "shape:1") == "shape (9,)"
    fig = diagram_repeat(x, (2, 2), lang="en")  # one tuple works like two ints
    out = colours(fig, 1)
    assert text(fig, "shape:1") == "shape (2, 6)"
    for r in range(2):
        for c in range(6):
            assert out[r * 6 + c] == inp[c % 3]
    assert "new memory: 12 elements" in all_text(fig)


def test_repeat_of_a_column_tiles_columns() -> None:
    x = torch.tensor([[1], [2]])
    fig = diagram_repeat(x, 1, 3, lang="en")
    inp, out = colours(fig, 0), colours(fig, 1)
    assert [out[r * 3 + c] == inp[r] for r in range(2) for c in range(3)] == [True] * 6


def test_expand_shares_memory_and_reports_stride_0() -> None:
    x = torch.tensor([[1], [2], [3]])
    fig = diagram_expand(x, 3, 4, lang="en")
    inp, out = colours(fig, 0), colours(fig, 1)
    assert [out[r * 4 + c] == inp[r] for r in range(3) for c in range(4)] == [True] * 12
    texts = all_text(fig)
    assert "stride (1, 1)" in texts and "stride (1, 0)" in texts
    assert "shares memory with x: no copy" in texts
    cells = by_gid(fig, "cell")
    assert all(cells[1, i].get_linestyle() != "solid" for i in range(12))  # dashed: a view
    assert all(cells[0, i].get_linestyle() == "solid" for i in range(3))


def test_expand_with_minus_one_and_a_new_axis() -> None:
    fig = diagram_expand(torch.tensor([1, 2]), 3, -1, lang="en")
    assert text(fig, "shape:1") == "shape (3, 2)"
    assert "stride (0, 1)" in all_text(fig)


def test_broadcast_expands_both_operands_without_copies() -> None:
    a = torch.tensor([[0.0], [1.0], [2.0]])  # (3, 1)
    b = torch.tensor([0.0, 0.5])  # (2,)
    fig = diagram_broadcast(a, b, lang="en")
    assert [text(fig, f"shape:{p}") for p in range(5)] == [
        "shape (3, 1)", "shape (2,)", "shape (3, 2)", "shape (3, 2)", "shape (3, 2)",
    ]  # fmt: skip
    ca, cb, a_view, b_view = (colours(fig, p) for p in range(4))
    for i in range(3):
        for j in range(2):
            assert a_view[i * 2 + j] == ca[i]  # row i repeats a[i]
            assert b_view[i * 2 + j] == cb[j]  # column j repeats b[j]
    assert not set(ca) & set(cb)  # the two operands have different colours
    reference = [f"{a[i, 0].item() - b[j].item():.2f}" for i in range(3) for j in range(2)]
    assert values(fig, 4) == reference
    # one format for all panels: a's whole numbers get b's two decimals too
    assert values(fig, 0) == ["0.00", "1.00", "2.00"] and values(fig, 1) == ["0.00", "0.50"]
    assert {"stride (1, 0)", "stride (0, 1)"} <= set(all_text(fig))
    assert "broadcast: size-1 axes stretched" in all_text(fig)
    fig = diagram_broadcast(torch.ones(2), torch.tensor(3.0), "*", lang="en")
    assert text(fig, "code:4") == "a * b"


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_repeat_interleave([1, 2], 2), TypeError, "x must be a torch.Tensor"),
        (lambda: diagram_repeat_interleave(torch.ones(3), -1), ValueError,
         "repeats must be an int >= 0"),
        (lambda: diagram_repeat_interleave(torch.ones(3), 2.0), TypeError,
         "repeats must be an int"),
        (lambda: diagram_repeat_interleave(torch.ones(3), torch.tensor([1, 2])), ValueError,
         r"repeats and dim do not fit x of shape \(3,\): .*one count >= 0 per element of x "
         r"\(PyTorch: repeats must have the same size as input along dim"),
        (lambda: diagram_repeat_interleave(torch.ones(2, 2), torch.tensor([1, 2, 3]), dim=1),
         ValueError, r"repeats and dim do not fit x of shape \(2, 2\): .*per element along dim=1"),
        (lambda: diagram_repeat_interleave(torch.ones(3), torch.tensor([1.0, 2.0, 3.0])),
         ValueError, "repeats must be an int or a 1-D integer tensor"),
        (lambda: diagram_repeat_interleave(torch.ones(3), 2, dim=1), ValueError,
         r"dim must be an axis of x .*PyTorch: Dimension out of range"),
        (lambda: diagram_repeat_interleave(torch.ones(3), 9), ValueError,
         r"the result would have shape \(27,\), too large"),
        (lambda: diagram_repeat_interleave(torch.ones(2, 2, 2, 2), 1), ValueError,
         "x must have at most 3 dimensions"),
        (lambda: diagram_repeat_interleave(torch.ones(0), 1), ValueError, "x must not be empty"),
        (lambda: diagram_repeat(torch.ones(2, 2), 2), ValueError,
         r"sizes \(2,\) cannot repeat x of shape \(2, 2\) \(PyTorch: Number of dimensions"),
        (lambda: diagram_repeat(torch.ones(2), 1.5), TypeError, r"sizes\[0\] must be an int"),
        (lambda: diagram_repeat(torch.ones(2)), ValueError, "sizes must hold at least one size"),
        (lambda: diagram_expand(torch.ones(2), 3), ValueError,
         r"sizes \(3,\) cannot expand x of shape \(2,\): only axes of size 1"),
        (lambda: diagram_expand(torch.ones(2), -1, 2), ValueError,
         r"sizes \(-1, 2\) cannot expand x .*allowed in a leading, non-existing dim"),
        (lambda: diagram_broadcast(torch.ones(3), torch.ones(2)), ValueError,
         r"a and b do not broadcast: shapes \(3,\) and \(2,\)"),
        (lambda: diagram_broadcast(torch.ones(3), torch.ones(3), "@"), ValueError,
         "op must be one of"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


def test_broadcast_says_the_shape_a_shorter_operand_counts_as() -> None:
    """The picture went from b (2,) straight to b.expand(3, 2), skipping the (1, 2) that
    rule 1 (align from the right, a missing axis counts as 1) gives: b's caption says it."""
    fig = diagram_broadcast(torch.ones(3, 1), torch.ones(2), lang="en")
    assert "counts as (1, 2)" in all_text(fig)
    assert "counts as (3, 1)" not in all_text(fig)  # a has every axis already
    assert "算作 (1, 2)" in all_text(diagram_broadcast(torch.ones(3, 1), torch.ones(2), lang="zh"))
