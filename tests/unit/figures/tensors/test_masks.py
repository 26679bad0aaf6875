"""Tests of attention_tutorial.figures.tensors.masks: eye, leave-one-out, masked_fill, where.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import matplotlib.colors
import pytest
import torch
from matplotlib.backends.backend_agg import FigureCanvasAgg

from attention_tutorial import diagram_eye, diagram_eye_mask, diagram_masked_fill, diagram_where
from attention_tutorial.figures._alt import describe
from attention_tutorial.figures.tensors.panel import NEUTRAL, PALETTE
from tests.unit.figures.tensors.cells import all_text, by_gid, colours, rgb, text, values


def test_eye_mask_drops_each_rows_own_element() -> None:
    n = 4
    x = torch.tensor([0.5, 1.5, 2.5, 3.5])
    fig = diagram_eye_mask(n, x, lang="en")
    # eye and mask side by side; under them x; then tiled; then kept
    assert [text(fig, f"shape:{p}") for p in range(5)] == [
        "shape (4, 4)", "shape (4, 4)", "shape (4,)", "shape (4, 4)", "shape (4, 3)",
    ]  # fmt: skip
    assert values(fig, 2) == ["0.50", "1.50", "2.50", "3.50"]
    assert values(fig, 1)[:4] == ["False", "True", "True", "True"]
    assert text(fig, "code:1") == "mask = (1 - eye).type(torch.bool)"
    # no arrow from the mask row to x; the repeat arrow leaves from x
    assert not [t for t in all_text(fig) if t == ""]
    assert text(fig, "arrow:1") == "tiled = x.repeat((4, 1))"
    tiled, kept = colours(fig, 3), colours(fig, 4)
    assert tiled[:n] == colours(fig, 2)  # each row of tiled is x
    cells = by_gid(fig, "cell")
    rows = []
    for i in range(n):
        assert cells[3, i * n + i].get_alpha() < 1  # diagonal crossed out
        row = kept[i * (n - 1) : (i + 1) * (n - 1)]
        reference = [j for j in range(n) if j != i]  # leave-one-out, by a loop
        assert row == [tiled[j] for j in reference]
        assert tiled[i] not in row
        assert values(fig, 4)[i * (n - 1) : (i + 1) * (n - 1)] == [f"{x[j]:.2f}" for j in reference]
        rows.append(f"row {i}: " + ", ".join(f"{x[j]:.2f}" for j in reference))
    # the alt text reads out eye and mask, then gives the values: x, the crossed-out
    # cells of tiled, kept row by row
    alt = describe(fig, "diagram_eye_mask", "en")
    eye_and_mask = (
        "shape (4, 4): eye is 1.0 on the diagonal and 0.0 elsewhere; mask is the "
        "opposite, False on the diagonal and True elsewhere."
    )
    assert alt.count(eye_and_mask) == 1
    assert "x holds 0.50, 1.50, 2.50, 3.50." in alt
    assert "kept holds what each row keeps: row 0: 1.50" in alt
    assert "crossed out: 0.50 in row 0, 1.50 in row 1, 2.50 in row 2 and 3.50 in row 3" in alt
    assert "; ".join(rows) in alt
    assert describe(diagram_eye_mask(n, lang="en"), "diagram_eye_mask", "en") != alt
    # the training inputs are the chapter's keys: the input and the result are named as the
    # page's code names them, in the alt text too
    keys = diagram_eye_mask(n, x, name="keys", input_name="x_train", lang="en")
    assert text(keys, "code:2") == "x_train"
    assert text(keys, "arrow:1") == "tiled = x_train.repeat((4, 1))"
    assert text(keys, "arrow:2") == "keys = tiled[mask].reshape((4, -1))"
    assert text(keys, "code:4") == "keys"
    alt = describe(keys, "diagram_eye_mask", "en")
    assert "x_train holds 0.50, 1.50, 2.50, 3.50. Each of the 4 rows of tiled is x_train;" in alt
    assert "keys holds what each row keeps (row i: the keys without the i-th): row 0:" in alt
    assert " x holds" not in alt and "tiled is x;" not in alt
    zh = describe(
        diagram_eye_mask(n, x, name="keys", input_name="x_train", lang="zh"),
        "diagram_eye_mask",
        "zh",
    )
    assert "x_train 的值为 0.50、1.50、2.50、3.50。tiled 的 4 行都是 x_train，" in zh
    assert "keys 是每行剩下的值（第 i 行：去掉第 i 个键后的键）：第 0 行" in zh
    eye_and_mask = (
        "eye 和 mask 的形状都是 (4, 4)：eye 的对角线上是 1.0，其余是 0.0；mask 正好相反，"
        "对角线上是 False，其余是 True。"
    )
    assert zh.count(eye_and_mask) == 1
    assert "x 的值为 0、1、2、3。" in describe(
        diagram_eye_mask(n, lang="zh"), "diagram_eye_mask", "zh"
    )


# The site's dark palette shows a tensor diagram through ``filter: invert(a)
# hue-rotate(180deg)`` (docs/assets/stylesheets/extra.css, read here): each sRGB channel
# c becomes a + (1 - 2a) c, then the hue turns by the CSS filter's matrix (cos = -1, sin = 0).
_HUE_TURN = [[-0.574, 1.430, 0.144], [0.426, 0.430, 0.144], [0.426, 1.430, -0.856]]
_CSS = Path(__file__).resolve().parents[4] / "docs" / "assets" / "stylesheets" / "extra.css"
_INVERT = float(
    re.search(
        r'\[data-md-color-scheme="slate"\] img\.attn-figure \{\s*filter: invert\(([\d.]+)\)',
        _CSS.read_text(encoding="utf-8"),
    ).group(1)
)


def _in_the_dark(colour: tuple[float, ...]) -> list[float]:
    inverted = [_INVERT + (1 - 2 * _INVERT) * c for c in colour]
    turned = [sum(m * c for m, c in zip(row, inverted, strict=True)) for row in _HUE_TURN]
    return [min(1.0, max(0.0, c)) for c in turned]


def _contrast(a: list[float], b: list[float]) -> float:
    def luminance(rgb_: list[float]) -> float:
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb_]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    low, high = sorted([luminance(a), luminance(b)])
    return (high + 0.05) / (low + 0.05)


def test_a_crossed_out_value_reads_on_its_dimmed_cell_in_the_dark_palette() -> None:
    """A reader at 375 px in the dark palette: the digit under tiled's cross (grey #444444
    on the dimmed cell, inverted) was a mid grey on slate. Now each crossed-out value keeps a
    WCAG contrast of at least 6 with its cell as the dark palette shows them (4.7 before)."""
    fig = diagram_eye_mask(4, lang="en")
    cells, texts = by_gid(fig, "cell"), by_gid(fig, "value")
    crossed = [flat for (panel, flat), cell in cells.items() if panel == 3 and cell.get_alpha() < 1]
    assert crossed == [0, 5, 10, 15]
    for flat in crossed:
        cell = cells[3, flat]
        alpha = cell.get_alpha()  # the dimmed cell over the white figure
        fill = tuple(alpha * c + (1 - alpha) for c in cell.get_facecolor()[:3])
        value = matplotlib.colors.to_rgb(texts[3, flat].get_color())
        ratio = _contrast(_in_the_dark(value), _in_the_dark(fill))
        assert ratio >= 6, (flat, ratio)


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_the_cross_over_a_dropped_cell_stands_out_in_both_palettes(layout) -> None:
    """Round 24, a reader at 375 px in the dark palette: the red crosses (60 % opaque, 1.1
    pt) were hard to see on the dimmed cells, a contrast of about 2.6-3. Each cross is now
    opaque, at least 1.5 pt wide, and keeps a contrast of at least 3 (WCAG's for graphics)
    with its cell in the light palette and as the dark palette shows it, on every colour of
    the palette and on the uncoloured cell."""
    fig = diagram_eye_mask(4, lang="en", layout=layout)
    cells = by_gid(fig, "cell")
    crosses = {
        (int(panel), int(flat)): line
        for line in fig.axes[0].lines
        if str(line.get_gid()).startswith("cross:")
        for _, panel, flat in [line.get_gid().split(":")]
    }
    dropped = sorted(key for key, cell in cells.items() if cell.get_alpha() < 1)
    assert sorted(crosses) == dropped != []
    for key, line in crosses.items():
        assert line.get_alpha() in (None, 1.0) and line.get_linewidth() >= 1.5, key
    # the same red and the same dimming on every colour a dropped cell can have
    line = next(iter(crosses.values()))
    red = matplotlib.colors.to_rgb(line.get_color())
    alpha = cells[dropped[0]].get_alpha()
    for colour in [*PALETTE, NEUTRAL]:
        fill = tuple(alpha * c + (1 - alpha) for c in matplotlib.colors.to_rgb(colour))
        light = _contrast(list(red), list(fill))
        dark = _contrast(_in_the_dark(red), _in_the_dark(fill))
        assert min(light, dark) >= 3, (colour, light, dark)


@pytest.mark.parametrize("layout", ["wide", "narrow"])
@pytest.mark.parametrize("values", [None, [0.44, 0.66, 2.48, 3.84]])
def test_a_crossed_out_value_sits_on_a_backing_over_its_cross(layout, values) -> None:
    """Round 27, a reader: the red X crossed the value (0.44, 0.66, …), hard to read in both
    palettes. Each crossed-out value now stands on an opaque backing of its cell's dimmed
    colour, drawn over the cross: the cross shows in the cell's corners, the number whole."""
    x = None if values is None else torch.tensor(values)
    fig = diagram_eye_mask(4, x, lang="en", layout=layout)
    # an Agg canvas: the figure's own canvas does not lay out, and the extents below
    # would be the unit box of an undrawn patch
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    cells, texts = by_gid(fig, "cell"), by_gid(fig, "value")
    crosses = {
        (int(panel), int(flat)): line
        for line in fig.axes[0].lines
        if str(line.get_gid()).startswith("cross:")
        for _, panel, flat in [line.get_gid().split(":")]
    }
    assert crosses
    for key, line in crosses.items():
        text, cell = texts[key], cells[key]
        backing = text.get_bbox_patch()
        assert backing is not None and text.get_zorder() > line.get_zorder(), key
        alpha = cell.get_alpha()
        fill = [alpha * c + (1 - alpha) for c in cell.get_facecolor()[:3]]
        assert backing.get_facecolor()[3] == 1.0, key  # opaque
        assert list(backing.get_facecolor()[:3]) == pytest.approx(fill), key
        # the backing covers the middle of the cross, not its corners
        box = backing.get_window_extent(renderer)
        square = cell.get_window_extent(renderer)
        # (measured on a drawn canvas since round 28: a value as wide as "0.44" fills most
        # of the width, so the cross shows above and below it, inside the cell)
        assert box.width < square.width and box.height < 0.8 * square.height, key
        # round 28, a reader: with a backing just the digit's size the strokes still
        # touched a one-digit "1" or "2" (dark palette, 375 px); a short value keeps a
        # clear gap of at least a quarter of the font size on every side
        if len(text.get_text()) <= 2:
            glyph = text.get_window_extent(renderer)
            gap = 0.25 * text.get_fontsize() * fig.dpi / 72
            assert box.x0 <= glyph.x0 - gap and box.x1 >= glyph.x1 + gap, key
            assert box.y0 <= glyph.y0 - gap and box.y1 >= glyph.y1 + gap, key
            assert box.width < 0.6 * square.width, key  # the cross's arms show
    # values that are kept have no backing
    kept = [k for k in texts if k not in crosses]
    assert all(texts[k].get_bbox_patch() is None for k in kept)


def test_eye_mask_has_a_phone_layout() -> None:
    fig = diagram_eye_mask(3, lang="en", layout="narrow")
    assert [text(fig, f"code:{p}") for p in range(3)] == [
        "eye = torch.eye(3)", "mask = (1 - eye).type(torch.bool)", "x = torch.arange(3)",
    ]  # fmt: skip
    assert diagram_eye_mask(3, lang="en").narrow_layout == {"layout": "narrow"}


@pytest.mark.parametrize("n", [4, 8])
def test_eye_mask_phone_arrows_break_after_the_equals_sign(n) -> None:
    """Round-19 reader: at 375 px the last arrow read "y = tiled[mask].reshape((4," over
    "-1))", broken inside the tuple. It breaks after "=" and keeps the expression whole."""
    fig = diagram_eye_mask(n, lang="en", layout="narrow")
    assert text(fig, "arrow:3") == f"kept =\n  tiled[mask].reshape(({n}, -1))"
    assert text(fig, "arrow:2") == f"tiled = x.repeat(({n}, 1))"  # it fits: one line
    assert fig.get_size_inches()[0] * 100 <= 335  # a phone's column


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_eye_mask(1), ValueError, "n must be an int >= 2"),
        (lambda: diagram_eye_mask(9), ValueError, "n must be at most 8"),
        (lambda: diagram_eye_mask(3, torch.ones(4)), ValueError,
         r"values must be a 1-D tensor of length n = 3, got shape \(4,\)"),
        (lambda: diagram_eye_mask(3, input_name=None), TypeError,
         "input_name must be a string, got NoneType"),
        (lambda: diagram_eye_mask(3, show_mask=1), TypeError,
         "show_mask must be True or False, got 1"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


def test_eye_mask_can_leave_eye_and_mask_out() -> None:
    """Round 23: at 375 px each eye-mask figure was 1.5 phone screens, and the page's second
    one repeated eye and mask unchanged. ``show_mask=False`` draws the values on top, and the
    alt text no longer reads out eye and mask."""
    x = torch.tensor([0.5, 1.5, 2.5, 3.5])
    full = diagram_eye_mask(4, x, name="keys", input_name="x_train", lang="en")
    short = diagram_eye_mask(4, x, name="keys", input_name="x_train", lang="en", show_mask=False)
    codes = [t.get_text() for t in short.axes[0].texts if str(t.get_gid()).startswith("code:")]
    assert "x_train" in codes and not any("eye" in c for c in codes)
    assert short.get_size_inches()[1] < full.get_size_inches()[1]
    assert text(short, "arrow:0") == "tiled = x_train.repeat((4, 1))"  # from the top row
    for lang in ("en", "zh"):
        alt = diagram_eye_mask(4, x, lang=lang, show_mask=False).description
        assert "eye" not in alt.split("：" if lang == "zh" else ": ", 1)[1]
        assert ("x holds 0.50" if lang == "en" else "x 的值为 0.50") in alt


def test_no_diagram_alt_text_names_a_drawing_helper() -> None:
    """Round 23: "Tensor diagram (sgd step)", "张量示意图（eye mask）": the helpers' names.
    Every ``diagram_*`` of the package has its op named as the page's code writes it."""
    import attention_tutorial as at
    from attention_tutorial.figures._alt import _DIAGRAM_OPS

    helpers = {n.removeprefix("diagram_") for n in at.__all__ if n.startswith("diagram_")}
    for lang in ("zh", "en"):
        assert helpers <= set(_DIAGRAM_OPS[lang]), helpers - set(_DIAGRAM_OPS[lang])
    assert diagram_eye_mask(3, lang="zh").description.startswith(
        "张量示意图（torch.eye 与布尔掩码）"
    )
    assert diagram_eye(3, lang="en").description.startswith("Tensor diagram (torch.eye):")


# --- torch.eye, masked_fill, where (issue 26: the handbook's figure cells, one call each) ---


def test_eye_draws_each_identity_with_its_values_uncoloured() -> None:
    fig = diagram_eye(3, (2, 3), lang="en")
    assert [text(fig, f"code:{p}") for p in range(2)] == ["torch.eye(3)", "torch.eye(2, 3)"]
    # a 1 where the row index equals the column index, by a loop
    assert values(fig, 1) == ["1.0" if r == c else "0.0" for r in range(2) for c in range(3)]
    assert set(colours(fig, 0)) == {rgb(NEUTRAL)}  # no colours: the values speak
    # one sentence per matrix, each with where its 1s are (a large one's values are not read out)
    assert "torch.eye(2, 3) is not square: its main diagonal starts at the top left and stops " \
        "at the last row, row 1 (counting from 0); 1.0 in its 2 cells, 0.0 in the other 4." \
        in fig.description  # fmt: skip
    assert "torch.eye(3) has 1.0 in the 3 cells of its main diagonal and 0.0 in the other 6." \
        in fig.description  # fmt: skip
    assert "not square" not in diagram_eye(3, lang="en").description
    zh = diagram_eye(4, (2, 3), lang="zh").description
    assert "torch.eye(4) 主对角线上的 4 个格子是 1.0，其余 12 个是 0.0。" in zh
    assert zh.count("其余") == 2  # once per matrix


def test_masked_fill_frames_the_masked_cells_in_all_three_steps() -> None:
    scores = torch.tensor([[0.5, -1.0, 2.0], [1.0, 0.0, -0.5]])
    mask = torch.tensor([[False, True, False], [False, False, True]])
    fig = diagram_masked_fill(scores, mask, lang="en")
    masked = [i for i, m in enumerate(mask.reshape(-1).tolist()) if m]  # flat 1 and 5
    assert [values(fig, 2)[i] for i in masked] == ["-inf", "-inf"]
    assert [values(fig, 3)[i] for i in masked] == ["0.00", "0.00"]
    # the unmasked weights of row 0: exp of the scores kept, over their sum, by hand
    kept = [math.exp(0.5), math.exp(2.0)]
    assert [values(fig, 3)[i] for i in (0, 2)] == [f"{k / sum(kept):.2f}" for k in kept]
    assert colours(fig, 2) == colours(fig, 0)  # filled keeps each score's own colour
    assert set(colours(fig, 1)) == set(colours(fig, 3)) == {rgb(NEUTRAL)}
    assert text(fig, "caption:3:1") == "framed (masked) cells: weight 0.00"
    # boolean cells are wider than tall, so "False" does not fill its cell wall to wall
    cells = by_gid(fig, "cell")
    assert cells[1, 0].get_width() > 1.3 * cells[1, 0].get_height()
    assert cells[3, 0].get_width() == cells[3, 0].get_height()  # "0.62": a square cell
    # "-1.00", five characters: a wider cell, the number clear of its borders at full size
    assert cells[0, 0].get_width() > 1.2 * cells[0, 0].get_height()
    renderer = FigureCanvasAgg(fig).get_renderer()
    false = by_gid(fig, "value")[1, 0]
    assert false.get_text() == "False"
    room = cells[1, 0].get_window_extent(renderer).width
    assert false.get_window_extent(renderer).width < 0.8 * room
    assert "framed (masked) cells" not in " ".join(
        all_text(diagram_masked_fill(scores, torch.zeros(2, 3, dtype=torch.bool), lang="en"))
    )  # nothing masked, nothing to caption


def test_where_colours_each_result_cell_by_the_tensor_it_came_from() -> None:
    condition = torch.tensor([[True, False, True], [False, True, False]])
    a = torch.tensor([[1, 2, 3], [4, 5, 6]])
    fig = diagram_where(condition, a, -a, lang="en")
    flags = condition.reshape(-1).tolist()
    result, from_input, from_other = colours(fig, 3), colours(fig, 1), colours(fig, 2)
    assert from_input[0] != from_other[0]
    for i, taken in enumerate(flags):
        assert result[i] == (from_input[i] if taken else from_other[i])
        assert colours(fig, 0)[i] == result[i]  # condition's cell: the colour it picks
    assert values(fig, 3) == [str(v if t else -v) for v, t in zip(range(1, 7), flags, strict=True)]
    assert "The colour marks the input a value comes from" in fig.description
    assert "cells of one colour come from the same element" not in fig.description


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_eye(), ValueError, r"sizes must be 1 to 3 sizes"),
        (lambda: diagram_eye(0), ValueError, r"sizes\[0\] must be an int >= 1, got 0"),
        (lambda: diagram_eye(2, (2, 3, 4)), ValueError, r"sizes\[1\] must be n or a pair"),
        (lambda: diagram_eye(2.5), TypeError, r"sizes\[0\] must be an int, got float"),
        (lambda: diagram_masked_fill(torch.zeros(2, 2), torch.zeros(2, 2)), ValueError,
         r"mask must be a boolean tensor \(torch.bool\), got torch.float32"),
        (lambda: diagram_masked_fill(torch.zeros(2, 2), torch.zeros(2, 3, dtype=torch.bool)),
         ValueError, r"mask must have the shape of scores, \(2, 2\), got \(2, 3\)"),
        (lambda: diagram_masked_fill(torch.zeros(2, 2),
                                     torch.tensor([[False, False], [True, True]])), ValueError,
         r"every row .* row 1 is all True"),
        (lambda: diagram_masked_fill(torch.zeros(2), torch.zeros(2, dtype=torch.bool)), ValueError,
         r"scores must be a 2-D tensor, got shape \(2,\)"),
        (lambda: diagram_masked_fill(torch.zeros(2, 2, dtype=torch.long),
                                     torch.zeros(2, 2, dtype=torch.bool)),
         ValueError, r"scores must have a floating-point dtype"),
        (lambda: diagram_where(torch.ones(1, 2), torch.ones(1, 2), torch.ones(1, 2)), ValueError,
         r"condition must be a boolean tensor"),
        (lambda: diagram_where(torch.ones(1, 2, dtype=torch.bool), torch.ones(1, 3),
                               torch.ones(1, 2)),
         ValueError, r"input must have the shape of condition, \(1, 2\), got \(1, 3\)"),
        (lambda: diagram_where(torch.ones(1, 2, dtype=torch.bool), torch.ones(1, 2),
                               torch.ones(1, 2, dtype=torch.long)),
         ValueError, r"input, other must have the same dtype"),
        (lambda: diagram_where([[True]], torch.ones(1, 1), torch.ones(1, 1)), TypeError,
         r"condition must be a torch.Tensor, got list"),
    ],
)  # fmt: skip
def test_mask_diagrams_name_the_wrong_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()
