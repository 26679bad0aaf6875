"""Tests of attention_tutorial.figures.tensors.sequences: arange and sort.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

import math

import pytest
import torch

from attention_tutorial import diagram_arange, diagram_sort
from tests.unit.figures.tensors.cells import all_text, by_gid, colours, text, values
from tests.unit.figures.test_phone_and_dark import (
    PHONE_COLUMN_PX,
    PHONE_TEXT_PX,
    smallest_text_on_a_phone,
)


def test_sort_colours_follow_the_values() -> None:
    x = torch.tensor([0.7, 0.1, 0.9, 0.4])
    fig = diagram_sort(x, lang="en")
    order = sorted(range(4), key=lambda i: x[i].item())  # reference argsort
    inp, vals, idx = colours(fig, 0), colours(fig, 1), colours(fig, 2)
    assert vals == [inp[i] for i in order] == idx
    assert values(fig, 2) == [str(i) for i in order]
    fig = diagram_sort(x, descending=True, lang="en")
    assert values(fig, 2) == [str(i) for i in reversed(order)]


@pytest.mark.parametrize(("start", "end", "step"), [(0, 1, 0.25), (0, 5, 1), (1, 1.3, 0.1)])
def test_arange_leaves_the_end_out(start, end, step) -> None:
    fig = diagram_arange(start, end, step, lang="en")
    expected = []
    value = start
    while len(expected) < 100 and (value < end if step > 0 else value > end):
        expected.append(value)  # reference loop (exact decimals), then torch's rounding
        value = start + len(expected) * step
    n = math.ceil((end - start) / step)
    assert len(values(fig, 0)) == n == len(torch.arange(start, end, step))
    assert text(fig, "shape:0") == f"shape ({n},)"
    assert values(fig, 1) == [str(end)]  # the end as passed: 1, not 1.0; 1.3, not 1.30
    crossed = by_gid(fig, "cell")[1, 0].get_alpha() < 1
    if (start, end, step) == (1, 1.3, 0.1):
        assert n == len(expected) + 1 == 4  # float rounding: 1.3 sneaks in
        assert values(fig, 0)[-1] == "1.30"
        # the end got in: not crossed out, and the length shows the float quotient
        assert not crossed and "the end is not included" not in all_text(fig)
        assert {"rounding let the end in", "= ⌈3.0000000000000004⌉ = 4"} <= set(all_text(fig))
    else:
        assert n == len(expected)
        assert crossed and "the end is not included" in all_text(fig)
        assert f"len = ⌈({end:g} - {start:g}) / {step:g}⌉ = {n}" in all_text(fig)
        # the end was never in the result: the alt text does not call it dropped
        assert "struck through (not in the result)" in fig.description
        assert "(dropped)" not in fig.description
        # one stroke over the value, corner to corner, not a cross behind it whose tips
        # alone showed (round 49)
        (stroke,) = [line for line in fig.axes[0].lines if line.get_gid() == "cross:1:0"]
        value = by_gid(fig, "value")[1, 0]
        assert len(stroke.get_xdata()) == 2 and stroke.get_zorder() > value.get_zorder()
        assert value.get_bbox_patch() is None
    # the end is the Python number passed, drawn without a shape: the alt text says so
    # (round 48, reader e, slip 12)
    assert f"end, the number {end}," in fig.description
    assert "0-d tensor" not in fig.description


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_sort(torch.ones(2, 2)), ValueError, r"x must be a 1-D tensor"),
        (lambda: diagram_arange(0, 1, 0), ValueError,
         r"or step is 0 \(PyTorch: step must be nonzero\)"),
        (lambda: diagram_arange(1, 0, 1), ValueError, "the range from start=1 to end=0"),
        (lambda: diagram_arange(0, 100, 1), ValueError, r"the result would have shape \(100,\)"),
        (lambda: diagram_arange("0", 1), TypeError, "start must be a real number"),
        (lambda: diagram_sort(torch.ones(2), descending=1), TypeError, "descending must be a bool"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("start", "end", "step"), [(0, 1, 0.25), (1, 1.3, 0.1)])
def test_arange_has_a_phone_layout_with_11_px_text(lang, start, end, step) -> None:
    """The English captions made the side-by-side figure 4.6 in wide: a phone showed its
    text at about 10 px. The phone layout stacks the end under the range."""
    wide = diagram_arange(start, end, step, lang=lang)
    narrow = diagram_arange(start, end, step, lang=lang, **wide.narrow_layout)
    assert narrow.get_size_inches()[0] * 100 <= PHONE_COLUMN_PX
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX
    assert values(narrow, 0) == values(wide, 0) and values(narrow, 1) == values(wide, 1)
