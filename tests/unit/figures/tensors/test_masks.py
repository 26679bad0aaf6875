"""Tests of attention_tutorial.figures.tensors.masks: the leave-one-out mask.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

import pytest
import torch

from attention_tutorial import diagram_eye_mask
from tests.unit.figures.tensors.cells import by_gid, colours, text, values


def test_eye_mask_drops_each_rows_own_element() -> None:
    n = 4
    x = torch.tensor([0.5, 1.5, 2.5, 3.5])
    fig = diagram_eye_mask(n, x, lang="en")
    assert [text(fig, f"shape:{p}") for p in range(4)] == [
        "shape (4, 4)", "shape (4, 4)", "shape (4, 4)", "shape (4, 3)",
    ]  # fmt: skip
    assert values(fig, 1)[:4] == ["False", "True", "True", "True"]
    tiled, kept = colours(fig, 2), colours(fig, 3)
    cells = by_gid(fig, "cell")
    for i in range(n):
        assert cells[2, i * n + i].get_alpha() < 1  # diagonal crossed out
        row = kept[i * (n - 1) : (i + 1) * (n - 1)]
        reference = [j for j in range(n) if j != i]  # leave-one-out, by a loop
        assert row == [tiled[j] for j in reference]
        assert tiled[i] not in row
        assert values(fig, 3)[i * (n - 1) : (i + 1) * (n - 1)] == [f"{x[j]:.2f}" for j in reference]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_eye_mask(1), ValueError, "n must be an int >= 2"),
        (lambda: diagram_eye_mask(9), ValueError, "n must be at most 8"),
        (lambda: diagram_eye_mask(3, torch.ones(4)), ValueError,
         r"values must be a 1-D tensor of length n = 3, got shape \(4,\)"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()
