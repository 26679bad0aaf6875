"""Tests of attention_tutorial.figures.tensors.products: matmul, bmm, einsum and nn.Linear.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from torch import nn

from attention_tutorial import (
    diagram_batch_shapes,
    diagram_bmm,
    diagram_einsum,
    diagram_linear,
    diagram_matmul,
)
from attention_tutorial.figures.tensors.panel import NEUTRAL, PALETTE
from tests.unit.figures.tensors.cells import all_text, by_gid, colours, rgb, text, values

A2 = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
B2 = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])


def reference_matmul(a: list, b: list) -> list:
    """Plain Python matrix product of two nested lists."""
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]  # fmt: skip


@pytest.mark.parametrize(
    ("a", "b", "shape", "extra"),
    [
        (A2[0], B2[:, 0], "()", []),  # 1-D . 1-D: a dot product
        (A2, B2, "(2, 2)", []),  # 2-D . 2-D
        (A2[0], B2, "(2,)", ["a: shape (3,) → (1, 3) (1 prepended)",
                             "the added 1 is removed: (1, 2) → (2,)"]),
        (A2, B2[:, 1], "(2,)", ["b: shape (3,) → (3, 1) (1 appended)",
                                "the added 1 is removed: (2, 1) → (2,)"]),
        (torch.stack([A2, A2 + 1]), B2, "(2, 2, 2)",
         ["b: no batch dims; each matrix uses it"]),
    ],
)  # fmt: skip
def test_matmul_cases(a, b, shape, extra) -> None:
    fig = diagram_matmul(a, b, lang="en")
    assert text(fig, "shape:2") == f"shape {shape}"
    assert tuple(torch.matmul(a, b).shape) == eval(shape)
    texts = all_text(fig)
    # round 38: a batch frames its second pair in blue, and the caption speaks of each frame
    framed = (
        "each frame, same colour: multiply, sum"
        if a.dim() == 3
        else "framed, same colour: multiply and sum"
    )
    for line in [framed, *extra]:
        assert line in texts

    def promotions(lines: list[str]) -> list[str]:
        return [t for t in lines if "prepended" in t or "appended" in t]

    assert promotions(texts) == promotions(extra)  # none for a plain dot product
    # a[..., j] and b[..., j, :] share the colour of the summed index j
    ca, cb = colours(fig, 0), colours(fig, 1)
    k = a.shape[-1]
    m = b.shape[-1] if b.dim() > 1 else 1
    for flat, colour in enumerate(ca):
        assert colour == rgb(PALETTE[flat % k])
    for flat, colour in enumerate(cb):
        assert colour == rgb(PALETTE[(flat // m) % k])
    assert set(colours(fig, 2)) == {rgb(NEUTRAL)}


@pytest.mark.parametrize(
    ("a", "b", "names", "axes_en", "axes_zh"),
    [
        (A2[0], B2[:, 0], ("a", "b"), "the only axis of a and of b", "a 和 b 唯一的那一维"),
        (A2[0], B2, ("a", "B"), "the last of a and the second-to-last of B",
         "a 的最后一维和 B 的倒数第二维"),
        (A2, A2[0], ("A", "a"), "the last of A and the only one of a",
         "A 的最后一维和 a 唯一的一维"),
        (torch.stack([A2, A2 + 1]), B2, ("batch", "B"),
         "the last of batch and the second-to-last of B", "batch 的最后一维和 B 的倒数第二维"),
    ],
)  # fmt: skip
def test_matmul_names_its_operands_as_the_code_does(a, b, names, axes_en, axes_zh) -> None:
    """Round 16: the handbook drew ``torch.matmul(A, a)`` with the matrix labelled ``a`` and
    the vector ``b``, and its text said "every row of a" where the code's ``a`` is the
    vector. ``names`` labels the operands, the arrow, the captions and the alt text."""
    left, right = names
    for lang in ("en", "zh"):
        fig = diagram_matmul(a, b, names=names, lang=lang)
        assert [text(fig, f"code:{i}") for i in range(3)] == [left, right, "y"]
        assert text(fig, "arrow:0") == f"y = torch.matmul({left}, {right})"
        promoted = [t for t in all_text(fig) if "补 1" in t or "1 prepended" in t
                    or "1 appended" in t]  # fmt: skip
        if a.dim() == 1 and b.dim() > 1:
            assert promoted[0].startswith(left)
        if b.dim() == 1 and a.dim() > 1:
            assert promoted[0].startswith(right)
        if lang == "en":
            assert f"The summed axis is {axes_en}." in fig.description
            assert f"the arrow “y = torch.matmul({left}, {right})”" in fig.description
        else:
            assert f"相乘求和的是 {axes_zh}。" in fig.description
        # left out, the names are a and b
        if names != ("a", "b"):
            default = diagram_matmul(a, b, lang=lang)
            assert text(default, "arrow:0") == "y = torch.matmul(a, b)"


def test_matmul_values_and_worked_example_match_a_loop() -> None:
    fig = diagram_matmul(A2, B2, lang="en")
    expected = reference_matmul(A2.tolist(), B2.tolist())
    assert values(fig, 2) == [f"{v:.1f}" for row in expected for v in row]
    assert text(fig, "note:0") == "y[0, 0] = 1.0×1.0 + 2.0×0.0 + 3.0×1.0 = 4.0"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_batched_matmul_frames_a_second_pair_in_blue(lang) -> None:
    """Round 37: the batched figure framed only batch[0]'s row 0, so nothing showed that B,
    which has no batch axis, serves every matrix of the stack. Blue frames now mark batch[1]'s
    row 0, the same column of B (inside its red frame) and y[1, 0, 0], with its worked sum
    as a second note; the alt text names the blue cells. Other cases keep one frame."""
    batch = torch.stack([A2, A2 + 1])
    fig = diagram_matmul(batch, B2, names=("batch", "B"), lang=lang)
    second = by_gid(fig, "second")
    assert sorted(second) == [(0, 6), (0, 7), (0, 8), (1, 0), (1, 2), (1, 4), (2, 4)]
    red = by_gid(fig, "cell")
    # B's column 0 wears both frames: the blue one inside the cell
    assert second[1, 0].get_x() > red[1, 0].get_x()
    assert second[0, 6].get_x() == pytest.approx(red[0, 6].get_x())  # batch[1]: on the edge
    assert text(fig, "note:1") == "y[1, 0, 0] = 2.0×1.0 + 3.0×0.0 + 4.0×1.0 = 6.0"
    assert float((batch @ B2)[1, 0, 0]) == 6.0
    words = {
        "en": ["[1, 0, 0], [1, 0, 1] and [1, 0, 2] framed in blue",
               "column 0 framed in red and in blue", "[1, 0, 0] framed in blue"],
        "zh": ["下标为 [1, 0, 0]、[1, 0, 1]、[1, 0, 2] 的格子加了蓝框", "第 0 列加了红框和蓝框",
               "下标为 [1, 0, 0] 的格子加了蓝框"],
    }[lang]  # fmt: skip
    for word in words:
        assert word in fig.description
    narrow = diagram_matmul(batch, B2, names=("batch", "B"), lang=lang, layout="narrow")
    assert narrow.description.replace("（上下排列）", "").replace(" (stacked)", "") == (
        fig.description
    )
    for one in (diagram_matmul(A2, B2, lang=lang), diagram_bmm(batch, batch.mT, lang=lang)):
        assert not by_gid(one, "second")


def test_bmm_multiplies_slice_by_slice() -> None:
    a = torch.arange(12.0).reshape(2, 2, 3)
    b = torch.arange(12.0).reshape(2, 3, 2) / 2
    fig = diagram_bmm(a, b, lang="en")
    assert text(fig, "shape:2") == "shape (2, 2, 2)"
    expected = [reference_matmul(a[i].tolist(), b[i].tolist()) for i in range(2)]
    flat = [v for s in expected for row in s for v in row]
    whole = all(float(v).is_integer() for v in flat)
    decimals = 1 if whole or max(abs(v) for v in flat) >= 100 else 2  # the documented rule
    assert values(fig, 2) == [f"{v:.{decimals}f}" for v in flat]
    # the colour marks the summed axis: a[i, r, j] and b[i, j, c] share the colour of j
    assert colours(fig, 0) == [rgb(PALETTE[flat % 3]) for flat in range(12)]
    assert colours(fig, 1) == [rgb(PALETTE[(flat // 2) % 3]) for flat in range(12)]


def test_the_bmm_alt_text_says_the_colour_marks_the_summed_axis() -> None:
    """The bmm figure's alt text opened with the default "cells of one colour come from the
    same element" (issue 26), which the picture does not draw: its colours mark the summed
    axis. The first sentence says so, in both languages."""
    a, b = torch.ones(2, 1, 3), torch.ones(2, 3, 1)
    en, zh = (diagram_bmm(a, b, lang=lang).description for lang in ("en", "zh"))
    first_en = en.split(". ")[0]
    assert first_en.startswith("Tensor diagram (torch.bmm): each tensor is drawn as a grid")
    assert "the colour marks the summed axis" in first_en
    assert (
        "inside the red frames, cells of one colour are multiplied and the products summed "
        "into the framed element of y"
    ) in first_en
    first_zh = zh.split("。")[0]
    assert first_zh.startswith("张量示意图（torch.bmm）")
    assert "颜色表示相乘求和的那一维" in first_zh
    assert "红框里同色的格子两两相乘，乘积相加，得到 y 里加了红框的那个元素" in first_zh
    assert "每个批量元素里" in first_zh
    # which axis of each operand: in the second sentence
    assert en.split(". ")[1] == "The summed axis is the last of a and the middle one of b"
    assert zh.split("。")[1] == "相乘求和的是 a 的最后一维和 b 的中间一维"
    for text_ in (en, zh):
        assert "same element" not in text_ and "同一个元素" not in text_


def test_the_matmul_alt_text_starts_at_the_summed_axis() -> None:
    """Round 33: the matmul page draws five diagrams, and each alt text opened with the same
    ~60-word legend. The page's prose says once how to read them (grids, colours, red
    frames, y uncoloured); each alt text starts at what differs: which axis of each operand
    is summed, named as the caller's code names it (never "same element": the colours do
    not follow the elements)."""
    a, b = torch.ones(2, 1, 3), torch.ones(2, 3, 1)
    en, zh = (diagram_matmul(a, b, lang=lang).description for lang in ("en", "zh"))
    assert en.startswith("The summed axis is the last of a and the second-to-last of b. ")
    assert zh.startswith("相乘求和的是 a 的最后一维和 b 的倒数第二维。")
    assert "Tensor diagram" not in en and "张量示意图" not in zh
    for text_ in (en, zh):
        assert "same element" not in text_ and "同一个元素" not in text_
    # the legend the alt texts leave out is on the page, before the first diagram
    root = Path(__file__).resolve().parents[4]
    for lang, words in [
        ("en", ["grid of cells", "colour marks the summed axis", "red frame", "uncoloured"]),
        ("zh", ["一格一格的网格", "颜色标出求和的那一维", "红框", "不上色"]),
    ]:
        page = (root / "docs" / lang / "handbook" / "matmul.py").read_text(encoding="utf-8")
        before = page[: page.index("at.diagram_matmul(")]
        for word in words:
            assert word in before, (lang, word)


def test_bmm_names_its_operands_as_the_calling_code_does() -> None:
    """The chapter's case draws ``torch.bmm(weights.unsqueeze(1), values.unsqueeze(-1))``: the
    panels were labelled a and b, which the page's code never names."""
    names = ("weights.unsqueeze(1)", "values.unsqueeze(-1)")
    fig = diagram_bmm(torch.ones(3, 1, 2), torch.ones(3, 2, 1), names=names, lang="en")
    assert text(fig, "code:0") == names[0] and text(fig, "code:1") == names[1]
    assert text(fig, "arrow:0") == f"y = torch.bmm({names[0]}, {names[1]})"
    assert f"the last of {names[0]} and the middle one of {names[1]}" in fig.description
    with pytest.raises(ValueError, match="names must be two non-empty strings"):
        diagram_bmm(torch.ones(1, 1, 1), torch.ones(1, 1, 1), names=("a", ""))


def test_the_linear_alt_text_gives_the_values_of_an_input_of_ones() -> None:
    """The API page draws ``diagram_linear`` with ``x = torch.ones(4, 3)``: twelve cells, too
    many to read out one by one, and the alt text gave no value of x (issue 26). A panel
    whose cells all hold one value says it; one with several values beyond eight still
    gives none."""
    torch.manual_seed(0)
    layer = nn.Linear(3, 2, bias=False)
    en, zh = (diagram_linear(layer, torch.ones(4, 3), lang=lang).description
              for lang in ("en", "zh"))  # fmt: skip
    assert "x, shape (4, 3), all 12 values 1.0," in en
    assert "x，形状 (4, 3)，12 个值都是 1.0，" in zh
    varied = diagram_linear(layer, torch.arange(12.0).reshape(4, 3), lang="en").description
    assert "x, shape (4, 3), row 0 framed in red" in varied


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_matmul_alt_text_counts_as_its_equation_indexes(lang) -> None:
    """The alt text framed "row 1" of a and "row 1, column 1" of y, then wrote
    ``y[0, 0] = 1.0×1.0 + …`` in the same text: one element, two ways of counting. The frames
    now name PyTorch's indices, those of the equation and of the page's printed tensors."""
    described = diagram_matmul(A2, B2, lang=lang).description
    assert "y[0, 0] = 1.0×1.0 + 2.0×0.0 + 3.0×1.0 = 4.0" in described
    framed = {
        "en": ["a, shape (2, 3), values 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, row 0 framed in red;",
               "column 0 framed in red;", "the cell at row 0, column 0 framed in red"],
        "zh": ["第 0 行加了红框；", "第 0 列加了红框；", "第 0 行第 0 列的格子加了红框"],
    }  # fmt: skip
    for words in framed[lang]:
        assert words in described
    assert not any(one in described for one in ("row 1", "column 1", "第 1 行", "第 1 列"))


def test_the_dot_product_alt_text_calls_its_result_a_0_d_tensor() -> None:
    """Round 24: the alt text of the 1-D · 1-D figure read "y, shape (), values 32.0", a
    list word for one number. The result is a 0-d tensor: one value, no axes."""
    a, b = A2[0], torch.tensor([4.0, 5.0, 6.0])
    value = float(torch.dot(a, b))  # 1*4 + 2*5 + 3*6, by PyTorch's own dot product
    en, zh = (diagram_matmul(a, b, lang=lang).description for lang in ("en", "zh"))
    assert f"y, a 0-d tensor (shape ()) with value {value:.1f}," in en
    assert f"y，0 维张量（形状 ()），值为 {value:.1f}，" in zh
    assert "values 32.0" not in en and "值 32.0" not in zh
    # round 26: the page says the red frames show how the result's first element is made,
    # but y, the one number, had no frame; it has one now, and the alt text says so
    assert f"with value {value:.1f}, its one cell framed in red," in en
    assert f"值为 {value:.1f}，这一格加了红框，" in zh
    # the frames drawn: one per element of a and of b, and one around y
    fig = diagram_matmul(a, b, lang="en")
    frames = [p for p in fig.axes[0].patches if not p.get_fill()]
    assert len(frames) == len(a) + len(b) + 1


def test_the_batched_matmul_alt_text_reads_each_matrix_of_the_batch() -> None:
    """The matmul page's batched figure: its alt text gave no value of the (2, 2, 3) a (12
    cells, beyond eight) and read the slice labels out as a stray "[0]; [1];". It now gives
    the values slice by slice, as drawn, and the labels only there."""
    batch = torch.stack([A2, A2 + 1])
    en, zh = (diagram_matmul(batch, B2, lang=lang).description for lang in ("en", "zh"))
    a0 = ", ".join(f"{v:.1f}" for v in A2.flatten().tolist())
    a1 = ", ".join(f"{v:.1f}" for v in (A2 + 1).flatten().tolist())
    assert f"a, shape (2, 2, 3), a[0] values {a0}, a[1] values {a1}, the cells" in en
    y = torch.matmul(batch, B2)
    y0, y1 = (", ".join(f"{v:.1f}" for v in y[s].flatten().tolist()) for s in range(2))
    # y's one framed cell is "the cell" (r31b), a's three are "the cells"
    assert f"y[1] values {y1}, the cell at index [0, 0, 0] framed in red" in en
    assert f"y, shape (2, 2, 2), y[0] values {y0}, y[1] values {y1}, the cell" in en
    assert f"a[0] 的值 {a0.replace(', ', '、')}，a[1] 的值 {a1.replace(', ', '、')}，" in zh
    for text_ in (en, zh):
        assert "[0]; [1]" not in text_ and "[0]；[1]" not in text_


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_batched_matmul_has_a_phone_layout_with_11_px_text(lang) -> None:
    """At 375 px the batched figure's captions were about 10 px (the wide figure, 4 inches,
    shrunk to the column). The narrow layout stacks a, b and y and breaks the worked sum
    before its "=": the figure fits the column unshrunk, every text >= 11 px, and it says
    what the wide one says. The four other cases stay as they are (>= 11 px already)."""
    from tests.unit.figures.test_phone_and_dark import (
        PHONE_COLUMN_PX,
        PHONE_TEXT_PX,
        smallest_text_on_a_phone,
    )

    batch = torch.stack([A2, A2 + 1])
    wide = diagram_matmul(batch, B2, lang=lang)
    assert wide.narrow_layout == {"layout": "narrow"}
    narrow = diagram_matmul(batch, B2, lang=lang, **wide.narrow_layout)
    assert narrow.narrow_layout is None
    assert narrow.get_size_inches()[0] * 100 <= PHONE_COLUMN_PX
    assert smallest_text_on_a_phone(narrow) >= PHONE_TEXT_PX > smallest_text_on_a_phone(wide)
    note = text(narrow, "note:0")
    assert "\n= " in note and " ".join(note.split()) == text(wide, "note:0")
    tops = [text(narrow, f"code:{i}") for i in range(3)]
    assert tops == ["a", "b", "y"]
    codes = {t.get_gid(): t.get_position()[1] for t in narrow.axes[0].texts}
    assert codes["code:0"] < codes["code:1"] < codes["code:2"]  # one above the other
    stacked = " (stacked)" if lang == "en" else "（上下排列）"
    assert narrow.description.replace(stacked, "") == wide.description
    for a, b in [(A2[0], B2[:, 0]), (A2, B2), (A2[0], B2), (A2, B2[:, 1])]:
        fig = diagram_matmul(a, b, lang=lang)
        assert fig.narrow_layout is None and smallest_text_on_a_phone(fig) >= PHONE_TEXT_PX


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_matmul(torch.ones(2, 3), torch.ones(2, 3)), ValueError,
         r"the last axis of a \(3\) must equal the second-to-last axis of b \(2\)"),
        (lambda: diagram_matmul(torch.ones(3), torch.ones(2)), ValueError,
         r"the last axis of a \(3\) must equal the only axis of b \(2\)"),
        (lambda: diagram_matmul(torch.ones(2, 1, 2), torch.ones(3, 2, 1)), ValueError,
         r"a of shape \(2, 1, 2\) and b of shape \(3, 2, 1\) cannot be multiplied.*batch axes "
         r"must broadcast \(PyTorch: The size of tensor a \(2\) must match"),
        (lambda: diagram_matmul(torch.ones(2), torch.ones(2, dtype=torch.float64)), ValueError,
         "a, b must have the same dtype"),
        (lambda: diagram_matmul(torch.tensor(1.0), torch.ones(2)), ValueError,
         "a and b must have at least 1 dimension"),
        (lambda: diagram_matmul(torch.ones(2), torch.ones(2), names="Aa"), TypeError,
         r"names must be a tuple of two strings, the names of a and b in your code, "
         r"e.g. \('A', 'a'\); got 'Aa'"),
        (lambda: diagram_matmul(torch.ones(2), torch.ones(2), names=("A", 1)), TypeError,
         "names must be a tuple of two strings"),
        (lambda: diagram_matmul(torch.ones(2), torch.ones(2), names=("A",)), ValueError,
         r"names must be two non-empty strings .*got \('A',\)"),
        (lambda: diagram_matmul(torch.ones(2), torch.ones(2), names=("A", "")), ValueError,
         "names must be two non-empty strings"),
        (lambda: diagram_matmul(torch.ones(2), torch.ones(2), names=("A", " a")), ValueError,
         "without surrounding spaces"),
        (lambda: diagram_bmm(torch.ones(2, 3), torch.ones(3, 2)), ValueError,
         r"a of shape \(2, 3\) and b of shape \(3, 2\) cannot be multiplied by bmm: both must "
         r"be 3-D.*PyTorch: batch1 must be a 3D tensor"),
        (lambda: diagram_bmm(torch.ones(2, 1, 3), torch.ones(3, 3, 1)), ValueError,
         r"same batch size.*but got: \[3, 3\]"),
        (lambda: diagram_bmm(torch.ones(2, 1, 3), torch.ones(2, 2, 1)), ValueError,
         r"a.shape\[2\] == b.shape\[1\].*but got: \[2, 2\]"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


# --- einsum and nn.Linear (issue 26: the handbook's figure cells, one call each) -----------


def test_einsum_colours_each_row_and_sums_its_products() -> None:
    weights = torch.tensor([[0.2, 0.8], [0.5, 0.5], [1.0, 0.0]])
    values_ = torch.tensor([[10.0, 20.0], [10.0, 30.0], [10.0, 20.0]])
    fig = diagram_einsum(weights, values_, lang="en")
    rows = weights.tolist()
    sums = [sum(w * v for w, v in zip(r, s, strict=True)) for r, s in zip(rows, values_.tolist(),
                                                                          strict=True)]  # fmt: skip
    assert values(fig, 2) == [f"{s:.1f}" for s in sums]  # 18.0, 20.0, 10.0
    for panel in (0, 1):  # a row of weights and of values: the colour of its y_hat element
        assert colours(fig, panel) == [colours(fig, 2)[i // 2] for i in range(6)]
    assert len(set(colours(fig, 2))) == 3
    assert "the element of y_hat in that colour" in fig.description


def test_linear_colours_the_input_features_and_computes_x_times_the_weight() -> None:
    layer = nn.Linear(3, 2, bias=False)
    with torch.no_grad():
        _ = layer.weight.copy_(torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]]))
    x = torch.tensor([[1.0, 2.0, 3.0], [0.0, 1.0, -1.0]])
    fig = diagram_linear(layer, x, lang="en")
    w = layer.weight.tolist()
    by_hand = [sum(a * b for a, b in zip(row, out, strict=True)) for row in x.tolist() for out in w]
    assert values(fig, 2) == [f"{v:.1f}" for v in by_hand]  # 1, 5, 0, 0
    feature = [PALETTE[j % len(PALETTE)] for j in range(3)]
    assert colours(fig, 0) == colours(fig, 1) == [rgb(feature[i % 3]) for i in range(6)]
    assert set(colours(fig, 2)) == {rgb(NEUTRAL)}  # new values: grey
    assert text(fig, "code:1") == "layer.weight"


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_einsum(torch.ones(2, 2), torch.ones(2, 3)), ValueError,
         r"values must have the shape of weights, \(2, 2\), got \(2, 3\)"),
        (lambda: diagram_einsum(torch.ones(2, 2, dtype=torch.long), torch.ones(2, 2)),
         ValueError, r"weights must have a floating-point dtype"),
        (lambda: diagram_einsum(torch.ones(2, 2), torch.ones(2, 2, dtype=torch.float64)),
         ValueError, r"weights, values must have the same dtype"),
        (lambda: diagram_einsum(torch.ones(2, 2, 2), torch.ones(2, 2, 2)), ValueError,
         r"weights must have at most 2 dimensions"),
        (lambda: diagram_linear(nn.Linear(3, 2), torch.ones(2, 3)), ValueError,
         r"layer must have no bias: create it with nn.Linear\(..., bias=False\)"),
        (lambda: diagram_linear(nn.Linear(3, 2, bias=False), torch.ones(2, 4)), ValueError,
         r"x must have in_features = 3 columns, got shape \(2, 4\)"),
        (lambda: diagram_linear(torch.ones(2, 3), torch.ones(2, 3)), TypeError,
         r"layer must be a torch.nn.Linear, got Tensor"),
    ],
)  # fmt: skip
def test_einsum_and_linear_name_the_wrong_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


def test_the_api_examples_figures_carry_their_worked_sum_and_shapes() -> None:
    """What the API examples of the four products once printed from the figure's texts."""
    a, b = torch.tensor([[1, 2, 3], [4, 5, 6]]), torch.tensor([[1, 0], [0, 1], [1, 1]])
    fig = diagram_matmul(a, b, lang="en")
    assert text(fig, "note:0") == "y[0, 0] = 1×1 + 2×0 + 3×1 = 4"
    bmm = diagram_bmm(
        torch.arange(6.0).reshape(2, 1, 3), torch.arange(1.0, 7.0).reshape(2, 3, 1), lang="en"
    )
    assert text(bmm, "shape:2") == "shape (2, 1, 1)"
    weights = torch.tensor([[0.2, 0.8], [1.0, 0.0]])
    einsum = diagram_einsum(weights, torch.tensor([[1.0, 5.0], [2.0, 8.0]]), lang="en")
    assert text(einsum, "shape:2") == "shape (2,)"
    layer = nn.Linear(3, 2, bias=False)
    x = torch.cat([torch.eye(3), torch.ones(1, 3)])
    assert text(diagram_linear(layer, x, lang="en"), "shape:2") == "shape (4, 2)"


def test_a_product_figure_writes_its_operands_result_and_sum_in_one_format():
    """Round 18: the bmm page's second figure wrote the weights 0.20, the values 1.0 and the
    result 1.80 side by side. One format for a figure's numbers (``value_spec``): two decimals
    as soon as one of them needs them, one when all are whole."""
    weights = torch.tensor([[0.2, 0.8], [0.5, 0.5], [1.0, 0.0]])
    vals = torch.tensor([[1.0, 2.0], [3.0, 5.0], [7.0, 9.0]])
    fig = diagram_bmm(weights.unsqueeze(1), vals.unsqueeze(-1), lang="en")
    assert values(fig, 0)[:2] == ["0.20", "0.80"]
    assert values(fig, 1)[:2] == ["1.00", "2.00"]
    assert values(fig, 2) == ["1.80", "4.00", "7.00"]
    assert "0.20×1.00 + 0.80×2.00 = 1.80" in " ".join(all_text(fig))
    whole = diagram_matmul(torch.arange(6.0).reshape(2, 3), torch.arange(3.0), lang="en")
    assert values(whole, 0)[:3] == ["0.0", "1.0", "2.0"]
    assert "0.0×0.0 + 1.0×1.0 + 2.0×2.0 = 5.0" in " ".join(all_text(whole))


def test_batch_shapes_aligns_the_batch_shapes_from_the_right():
    # matmul's (4, 1) and (5,): Q's one axis meets P's last; a 1 is filled in on its left
    fig = diagram_batch_shapes(
        torch.ones(4, 1, 2, 3), torch.ones(5, 3, 2), names=("P", "Q"), lang="en"
    )
    assert values(fig, 0) == ["4", "1"]
    assert values(fig, 1) == ["1", "5"]
    assert values(fig, 2) == ["4", "5"]
    assert list(torch.broadcast_shapes((4, 1), (5,))) == [4, 5]
    # one colour per aligned axis; the filled-in 1 has none
    p, q, out = colours(fig, 0), colours(fig, 1), colours(fig, 2)
    assert p == out and q[1] == p[1] and q[0] == rgb(NEUTRAL) != p[0]
    assert text(fig, "caption:1:1") == "1 filled in on the left: counts as (1, 5)"
    assert text(fig, "code:2") == "P @ Q"
    # the whole shapes under the batch shapes, the matrices set apart (round 41)
    assert text(fig, "caption:0:1") == "shape (4, 1, 2, 3); matrix part (2, 3)"
    assert text(fig, "caption:1:2") == "shape (5, 3, 2); matrix part (3, 2)"
    assert text(fig, "caption:2:1") == "shape (4, 5, 2, 2); matrix part (2, 2)"
    assert tuple((torch.ones(4, 1, 2, 3) @ torch.ones(5, 3, 2)).shape) == (4, 5, 2, 2)
    assert fig.description.endswith(
        "P's batch shape (4, 1) and Q's (5,), aligned from the right: 1 with 5 → 5, 4 with a "
        "missing axis (counts as 1) → 4; the batch shape of P @ Q is (4, 5). Under each batch "
        "shape is the whole shape, the part after the batch axes set apart: P (4, 1, 2, 3), "
        "matrix part (2, 3); Q (5, 3, 2), matrix part (3, 2); P @ Q (4, 5, 2, 2), matrix part "
        "(2, 2)."
    )
    zh = diagram_batch_shapes(torch.ones(4, 1, 2, 3), torch.ones(5, 3, 2), names=("P", "Q"),
                              lang="zh")  # fmt: skip
    assert "1 配 5 → 5，4 配空位（算作 1）→ 4" in zh.description
    assert "P (4, 1, 2, 3)，矩阵部分 (2, 3)；Q (5, 3, 2)，矩阵部分 (3, 2)" in zh.description
    assert text(zh, "caption:0:1") == "形状 (4, 1, 2, 3)，矩阵部分 (2, 3)"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_batch_shapes_sets_its_arrow_note_like_a_caption(lang):
    # the note by the arrow is words, not code: the captions' font, size and colour, not the
    # code font (round 42: in zh the monospace space left a wide gap after the 1)
    fig = diagram_batch_shapes(torch.ones(4, 1, 2, 3), torch.ones(5, 3, 2), lang=lang)
    texts = {t.get_gid(): t for t in fig.axes[0].texts}
    note, caption, code = texts["arrow:1"], texts["caption:0:0"], texts["code:2"]
    assert "DejaVu Sans Mono" in code.get_fontfamily()
    assert note.get_fontfamily() == caption.get_fontfamily()
    assert "DejaVu Sans Mono" not in note.get_fontfamily()
    assert note.get_fontsize() == caption.get_fontsize()
    assert note.get_color() == caption.get_color()


def test_batch_shapes_sets_a_vector_apart_as_a_vector():
    # X @ v: v is 1-D, so its part after the (empty) batch shape is a vector, and so is
    # each of the result's
    fig = diagram_batch_shapes(torch.ones(4, 2, 3), torch.ones(3), names=("X", "v"), lang="en")
    assert text(fig, "caption:0:1") == "shape (4, 2, 3); matrix part (2, 3)"
    assert text(fig, "caption:1:2") == "shape (3,); vector part (3,)"
    assert text(fig, "caption:2:1") == "shape (4, 2); vector part (2,)"
    assert "X @ v (4, 2), vector part (2,)." in fig.description


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        (torch.ones(2, 3), torch.ones(3, 2), "no batch axes"),
        (torch.ones(4, 2, 3), torch.ones(5, 3, 2), "cannot be multiplied"),
    ],
)
def test_batch_shapes_refuses_what_it_cannot_draw(a, b, message):
    with pytest.raises(ValueError, match=message):
        diagram_batch_shapes(a, b, lang="en")
