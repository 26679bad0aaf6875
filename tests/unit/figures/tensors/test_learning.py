"""Tests of attention_tutorial.figures.tensors.learning: softmax, MSE loss, SGD step, clone.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

from attention_tutorial import diagram_clone, diagram_mse_loss, diagram_sgd_step, diagram_softmax
from tests.unit.figures.tensors.cells import (
    all_text,
    by_gid,
    by_gid_text,
    colours,
    text,
    values,
)
from tests.unit.figures.test_phone_and_dark import (
    PHONE_COLUMN_PX,
    PHONE_TEXT_PX,
    smallest_text_on_a_phone,
)


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_softmax_frames_the_groups_that_sum_to_1(dim) -> None:
    x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
    fig = diagram_softmax(x, dim=dim, lang="en")
    y = np.exp(x.numpy()) / np.exp(x.numpy()).sum(axis=dim, keepdims=True)
    assert values(fig, 1) == [f"{v:.2f}" for v in y.reshape(-1)]
    texts = all_text(fig)
    if dim == 0:
        assert texts.count("1.00") >= 3 and "Σ" in texts
        assert "dim=0: each column sums to 1" in texts
    else:
        assert texts.count("Σ = 1.00") == 2
        assert f"dim={dim}: each row sums to 1" in texts


def _extent(fig, artist) -> tuple[float, float, float, float]:
    """(left, right, top, bottom) of a drawn artist in points, y downwards, as in the SVG."""
    box = artist.get_window_extent(fig._get_renderer())
    height = fig.get_figheight() * 72
    scale = 72 / fig.dpi
    return (box.x0 * scale, box.x1 * scale, height - box.y1 * scale, height - box.y0 * scale)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(
    ("x", "dim"),
    [
        ([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], 1),  # the page's two figures
        ([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], 0),
        ([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], -1),
        ([[-1.25, 2.5, -18.0], [1.0, 1.0, 1.0]], 0),  # scores' cells wider than "0.50"'s
        ([-1.25, 0.5, 2.0], 0),
    ],
)
def test_softmax_draws_its_result_under_its_input_cell_for_cell(x, dim, lang) -> None:
    # round 48: w1 sat 27 pt left of scores (0.24, orange, under 1.0, teal), w0 6 pt right
    # of it, the titles and shapes over neither, the red frames off the cells' outlines
    t = torch.tensor(x)
    fig = diagram_softmax(t, dim=dim, lang=lang)
    fig.canvas.draw()
    cells = {key: _extent(fig, c) for key, c in by_gid(fig, "cell").items()}
    n = t.numel()
    for i in range(n):  # the same place: the same x and the same size, in both panels
        assert cells[1, i][:2] == pytest.approx(cells[0, i][:2], abs=0.01), i
        height = cells[1, i][3] - cells[1, i][2]
        assert height == pytest.approx(cells[0, i][3] - cells[0, i][2], abs=0.01)
    for p in (0, 1):
        left = min(cells[p, i][0] for i in range(n))
        right = max(cells[p, i][1] for i in range(n))
        words = [a for a in fig.axes[0].texts if a.get_gid() in (f"code:{p}", f"shape:{p}")]
        words += by_gid_text(fig, f"caption:{p}").values()
        assert len(words) == (3 if p else 2)
        for word in words:  # centred on the grid, not on the grid and its sums
            box = _extent(fig, word)
            assert (box[0] + box[1]) / 2 == pytest.approx((left + right) / 2, abs=0.5), word
    # each red frame on the outline of its row (dim=1) or column (dim=0), no wider
    rows, cols = (1, n) if t.dim() == 1 else tuple(t.shape)
    frames = {i: a for (p, i), a in by_gid(fig, "group").items() if p == 1}
    by_rows = t.dim() == 1 or dim % 2 == 1
    assert len(frames) == (rows if by_rows else cols)
    for k, frame in frames.items():
        own = (
            [k * cols + c for c in range(cols)] if by_rows else [r * cols + k for r in range(rows)]
        )
        outline = (
            min(cells[1, i][0] for i in own),
            max(cells[1, i][1] for i in own),
            min(cells[1, i][2] for i in own),
            max(cells[1, i][3] for i in own),
        )
        # a patch's extent is that of its path: its outline, the line width not counted
        assert _extent(fig, frame) == pytest.approx(outline, abs=0.01), k


def test_softmax_names_its_tensors_as_the_code_does_and_its_alt_text_names_the_frames() -> None:
    x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
    fig = diagram_softmax(x, dim=1, names=("scores", "w1"), lang="en")
    assert [text(fig, f"code:{p}") for p in range(2)] == ["scores", "w1"]
    assert text(fig, "arrow:0") == "w1 = F.softmax(scores, dim=1)"
    assert "each row framed in red, with “Σ = 1.00” at the right of each" in fig.description
    # the colours mark the place, not an element the weight comes from alone (review 47)
    assert "cells of one colour come from the same element" not in fig.description
    assert "computed from all the scores of its framed row" in fig.description
    cols = diagram_softmax(x, dim=0, lang="zh")
    assert "每一列加了红框，下面各写着“1.00”，" in cols.description
    assert not cols.description.endswith("Σ。")  # the label is said once, not again at the end
    with pytest.raises(ValueError, match=r"names of x and y in your code.*got \('w',\)"):
        diagram_softmax(x, dim=1, names=("w",))
    with pytest.raises(TypeError, match="names must be a tuple of two strings"):
        diagram_softmax(x, dim=1, names="w")


def test_mse_loss_reductions() -> None:
    y_hat, y = torch.tensor([1.0, 2.0, 0.5]), torch.tensor([0.0, 2.5, 0.5])
    fig = diagram_mse_loss(y_hat, y, lang="en")
    errors = [(a - b) ** 2 for a, b in zip(y_hat.tolist(), y.tolist(), strict=True)]
    assert values(fig, 2) == [f"{e:.2f}" for e in errors]
    assert values(fig, 3) == [f"{sum(errors):.2f}"]
    assert values(fig, 4) == [f"{sum(errors) / 3:.2f}"]
    assert text(fig, "shape:3") == "shape ()"


def test_sgd_step() -> None:
    fig = diagram_sgd_step(torch.tensor([1.0, -2.0]), torch.tensor([0.44, -1.0]), 0.5, lang="en")
    assert values(fig, 2) == [f"{1.0 - 0.5 * 0.44:.2f}", f"{-2.0 + 0.5:.2f}"]
    assert values(fig, 0) == ["1.00", "-2.00"]  # one format with w.grad's 0.44
    assert "learning rate lr = 0.5" in all_text(fig)
    # no optimizer is built: the arrow says what its step() would compute
    assert text(fig, "arrow:0") == "w - 0.5 * w.grad (what optimizer.step() does)"
    # the page's step: one format for w, w.grad and the result, one decimal since it writes
    # them exactly (its -18.00 was squeezed into its cell, and -18 beside 1.00 was two formats)
    fig = diagram_sgd_step(torch.tensor([1.0, -1.0]), torch.tensor([-18.0, -18.0]), 0.1, lang="en")
    assert values(fig, 1) == ["-18.0", "-18.0"]
    # "-18.0" fills a square cell: w.grad's cells are wider, w's ("1.0") stay square
    cells = by_gid(fig, "cell")
    assert cells[1, 0].get_width() > 1.2 * cells[1, 0].get_height()
    assert cells[0, 0].get_width() == cells[0, 0].get_height()
    assert values(fig, 0) == ["1.0", "-1.0"] and values(fig, 2) == ["2.8", "0.8"]
    # the result is named apart from the w above it, in the picture and its alt text
    assert [text(fig, f"code:{p}") for p in range(3)] == ["w", "w.grad", "w (after the step)"]
    assert "level 2: w (after the step), shape (2,), values 2.8, 0.8" in fig.description
    zh = diagram_sgd_step(torch.tensor([1.0]), torch.tensor([-18.0]), 0.1, lang="zh")
    assert text(zh, "code:2") == "更新后的 w"


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_softmax(torch.tensor([1, 2]), 0), ValueError,
         "x must have a floating-point dtype"),
        (lambda: diagram_softmax(torch.ones(2, 2), 2), ValueError, r"dim must be in \[-2, 1\]"),
        (lambda: diagram_mse_loss(torch.ones(2), torch.ones(3)), ValueError,
         "y_hat and y must have the same length"),
        (lambda: diagram_sgd_step(torch.ones(2), torch.ones(2), 0), ValueError,
         "lr must be a positive finite number"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


# --- clone and detach (issue 26: the handbook's figure cells, one call each) -----------------


def test_clone_has_its_own_memory_and_detach_shares_it() -> None:
    w = torch.tensor([2.0, 3.0, 5.0], requires_grad=True)
    fig = diagram_clone(w, lang="en")
    assert [text(fig, f"code:{p}") for p in range(4)] == [
        "w (requires_grad=True)", "w.clone()", "w.detach()", "w.detach().clone()",
    ]  # fmt: skip
    assert values(fig, 1) == values(fig, 2) == values(fig, 3) == values(fig, 0)
    assert values(fig, 0) == ["2.0", "3.0", "5.0"]
    assert colours(fig, 1) == colours(fig, 2) == colours(fig, 3) == colours(fig, 0)
    cells = by_gid(fig, "cell")
    dashed = {p: cells[p, 0].get_linestyle() != "solid" for p in range(4)}
    assert dashed == {0: False, 1: False, 2: True, 3: False}  # only detach() shares memory
    assert [text(fig, f"caption:1:{i}") for i in (1, 2)] == ["new memory", "still in the graph"]
    assert [text(fig, f"caption:2:{i}") for i in (1, 2)] == [
        "shares w's memory",
        "out of the graph",
    ]
    # the copy the page recommends: memory of its own, out of the graph, drawn last
    assert [text(fig, f"caption:3:{i}") for i in (1, 2)] == ["new memory", "out of the graph"]
    tops = [by_gid(fig, "cell")[p, 0].get_y() for p in (1, 3)]
    assert tops[1] > tops[0]
    # the last arrow, ".clone()", leaves from w.detach(), and the copy sits under it: the
    # arrow's x lies within w.detach()'s cells (right of w.clone()'s), as does the copy's middle
    ax = fig.axes[0]
    arrows = [
        p
        for p in ax.patches
        if type(p).__name__ == "FancyArrowPatch" and not str(p.get_gid()).startswith("link:")
    ]  # the arrows between the levels (not the grad_fn link)
    # round 38: the first arrow is two, "clone()" to w.clone() and "detach()" to w.detach()
    assert len(arrows) == 3 and text(fig, "arrow:1") == ".clone()"
    assert [text(fig, f"arrow:0:{c}:label") for c in ("clone()", "detach()")] == [
        "clone()",
        "detach()",
    ]
    last = next(p for p in arrows if p.get_gid() is None)  # the split arrow's have gids
    arrow_x = last.get_path().vertices[0][0]

    def span(p: int) -> tuple[float, float]:
        xs = [cells[p, i].get_x() for i in range(3)]
        return min(xs), max(xs) + cells[p, 0].get_width()

    assert span(1)[1] < span(2)[0] < arrow_x < span(2)[1]
    for p, code in ((1, "clone()"), (2, "detach()")):  # each ends over its tensor's middle
        head = next(a for a in ax.patches if a.get_gid() == f"arrow:0:{code}")
        assert head._posA_posB[1][0] == pytest.approx(sum(span(p)) / 2)
    assert "two arrows, “clone()” and “detach()”, lead to w.clone() and w.detach()" in (
        fig.description
    )
    assert span(2)[0] < sum(span(3)) / 2 < span(2)[1]
    assert "the arrow “.clone()” leads from w.detach() to the next level" in fig.description
    zh = diagram_clone(w, lang="zh").description
    assert "箭头“.clone()”从 w.detach() 通向下一排" in zh
    plain = diagram_clone(torch.ones(2), lang="en")  # no graph to stay in
    assert text(plain, "code:0") == "w (requires_grad=False)"
    assert text(plain, "caption:1:2") == "out of the graph"


def test_clone_joins_detach_to_w_and_draws_the_clones_grad_fn() -> None:
    """Round 37: only a thin grey dashed border told that w.detach() shares w's memory (almost
    invisible in the dark palette), and nothing tied the tensors to w. Now a dashed navy line
    labelled "same memory" joins w.detach()'s cells to w's, an arrow labelled grad_fn leads
    from w.clone() back to w (none from the two detached tensors), the shared borders are
    thicker and navy, and the alt text says all of it."""
    w = torch.tensor([2.0, 3.0, 5.0], requires_grad=True)
    fig = diagram_clone(w, lang="en")
    ax = fig.axes[0]
    cells = by_gid(fig, "cell")

    def box(p: int) -> tuple[float, float, float, float]:
        rects = [cells[p, i] for i in range(3)]
        xs = [r.get_x() for r in rects]
        return min(xs), max(xs) + rects[0].get_width(), rects[0].get_y(), rects[0].get_height()

    lines = {str(line.get_gid()): line for line in ax.lines}
    memory = lines["link:memory"]
    xs, ys = memory.get_xdata(), memory.get_ydata()
    w_left, w_right, w_top, w_height = box(0)
    _, d_right, d_top, d_height = box(2)
    assert (xs[0], ys[0]) == pytest.approx((d_right, d_top + d_height / 2))  # from w.detach()
    assert (xs[-1], ys[-1]) == pytest.approx((w_right, w_top + w_height / 2))  # to w
    assert memory.get_linestyle() != "-"
    assert text(fig, "link:memory:label") == "same memory"
    head = [p for p in ax.patches if p.get_gid() == "link:grad_fn:head"]
    assert len(head) == 1
    tail, tip = head[0]._posA_posB  # its two ends, in inches
    assert tip[0] > tail[0] and tip[0] == pytest.approx(w_left, abs=0.05)  # points at w
    up = lines["link:grad_fn"]
    # round 38: it starts at the left edge of w.clone()'s cells, at their middle
    clone_left, _, clone_top, clone_height = box(1)
    assert (up.get_xdata()[0], up.get_ydata()[0]) == pytest.approx(
        (clone_left, clone_top + clone_height / 2)
    )
    assert min(up.get_xdata()) < clone_left
    assert text(fig, "link:grad_fn:label") == "grad_fn"
    # every text and line inside the figure
    width = fig.get_figwidth()
    left, right = ax.get_xlim()
    assert right - left == pytest.approx(width)
    assert left <= min(xs) and max(xs) <= right
    # the shared borders: thicker than a cell's edge, in navy
    assert cells[2, 0].get_linewidth() > 1.5 > cells[0, 0].get_linewidth()
    assert cells[2, 0].get_edgecolor()[:3] == pytest.approx((0x1F / 255, 0x4E / 255, 0x79 / 255))
    assert fig.description.endswith(
        "A dashed line labelled “same memory” joins the cells of w.detach() to those of w. "
        "An arrow labelled “grad_fn” leads from w.clone() back to w, the way gradients flow; "
        "the two tensors out of the graph have no such arrow."
    )
    assert "一条标着“同一块内存”的虚线" in diagram_clone(w, lang="zh").description
    plain = diagram_clone(torch.ones(2), lang="en")  # no graph: no grad_fn to draw
    assert not [p for p in plain.axes[0].patches if p.get_gid() == "link:grad_fn:head"]
    assert "grad_fn" not in plain.description and "same memory" in plain.description


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_clone([1.0]), TypeError, "w must be a torch.Tensor, got list"),
        (lambda: diagram_clone(torch.tensor(1.0)), ValueError, "w must be 1-D or 2-D"),
        (lambda: diagram_clone(torch.ones(2, 2, 2)), ValueError, "w must have at most 2 dim"),
    ],
)
def test_clone_names_the_wrong_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_mse_loss_has_a_phone_layout_with_11_px_text(lang) -> None:
    """Round 47: the wide figure (3.96 in: y_hat beside y, the sum beside the mean) was
    shown at 87 % on a phone, "shape ()" about 8 px high; on a phone every tensor has a
    row of its own, and the alt text says which levels are stacked."""
    args = (torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 0.0, 0.0]))
    wide = diagram_mse_loss(*args, lang=lang)
    narrow = diagram_mse_loss(*args, lang=lang, **wide.narrow_layout)
    assert narrow.get_size_inches()[0] * 100 <= PHONE_COLUMN_PX
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX
    assert values(narrow, 3) == ["13.0"] and values(narrow, 4) == ["4.33"]
    stacked = {"zh": "（上下排列）", "en": " (stacked)"}[lang]
    assert stacked not in wide.description
    assert narrow.description.count(stacked) == 2  # y_hat and y; the sum and the mean
    assert narrow.description.replace(stacked, "") == wide.description
    with pytest.raises(ValueError, match="layout must be one of"):
        diagram_mse_loss(*args, layout="tall")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_sgd_step_has_a_phone_layout_with_11_px_text(lang) -> None:
    """The arrow's note (what optimizer.step() does) made the figure 4.5 in wide; on a phone
    w and w.grad stack and the note goes under the code, every text >= 11 px."""
    args = (torch.tensor([1.0, 2.0]), torch.tensor([0.5, -1.0]), 0.1)
    wide = diagram_sgd_step(*args, lang=lang)
    narrow = diagram_sgd_step(*args, lang=lang, **wide.narrow_layout)
    assert narrow.get_size_inches()[0] * 100 <= PHONE_COLUMN_PX
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX
    code, note = text(narrow, "arrow:1").split("\n")  # row 0 is w, row 1 is w.grad
    assert code == "w - 0.1 * w.grad" and "optimizer.step()" in note
    assert narrow.description.count("w - 0.1 * w.grad") == 1
