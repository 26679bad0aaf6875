"""Tests of attention_tutorial.figures.tensors.drawing, panel and layout.

The panels drawn as cells, captions in the page's language, the layout's width
limit, and the errors of ``draw_tensors`` and ``TensorPanel``. The figure contract
(type, recipe, fonts, global state) is checked once in ``../test_contract.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

from attention_tutorial import (
    TensorPanel,
    diagram_arange,
    diagram_batch_shapes,
    diagram_bmm,
    diagram_broadcast,
    diagram_clone,
    diagram_expand,
    diagram_eye_mask,
    diagram_masked_fill,
    diagram_matmul,
    diagram_mse_loss,
    diagram_repeat,
    diagram_repeat_interleave,
    diagram_reshape,
    diagram_sgd_step,
    diagram_softmax,
    diagram_sort,
    diagram_squeeze,
    diagram_transpose,
    diagram_unsqueeze,
    draw_tensors,
)
from attention_tutorial.figures.tensors._layout import MAX_WIDTH
from attention_tutorial.figures.tensors.panel import NEUTRAL, PALETTE
from tests.unit.figures.tensors.cells import CJK, all_text, by_gid, by_gid_text, colours, rgb, text

A2 = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
B2 = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])


def test_draw_tensors_draws_3d_tensors_as_slices() -> None:
    x = torch.arange(24).reshape(2, 3, 4)
    fig = draw_tensors([TensorPanel(x, code="x")], lang="en")
    assert len(colours(fig, 0)) == 24
    assert "[0]" in all_text(fig) and "[1]" in all_text(fig)
    assert text(fig, "shape:0") == "shape (2, 3, 4)"
    assert text(fig, "code:0") == "x"


def test_draw_tensors_custom_sources_captions_and_rows() -> None:
    panel = TensorPanel(
        np.array([[1.0, 2.0]]), sources=np.array([[-1, 3]]),
        captions=[{"zh": "中文", "en": "English"}, "x = 1"],
    )  # fmt: skip
    fig = draw_tensors([[panel, panel], panel], arrows=[{"zh": "箭头", "en": "arrow"}], lang="en")
    assert colours(fig, 0) == [rgb(NEUTRAL), rgb(PALETTE[3])]
    assert len(by_gid(fig, "cell")) == 6
    assert {"English", "x = 1", "arrow"} <= set(all_text(fig))
    fig = draw_tensors([panel], title={"zh": "标题", "en": "title"}, lang="zh")
    assert {"中文", "标题"} <= set(all_text(fig))


FACTORIES = {
    "repeat_interleave": lambda lang: diagram_repeat_interleave(
        torch.tensor([[1, 2], [3, 4]]), 2, lang=lang
    ),
    "repeat": lambda lang: diagram_repeat(torch.tensor([1, 2]), 2, lang=lang),
    "expand": lambda lang: diagram_expand(torch.tensor([[1], [2]]), 2, 3, lang=lang),
    "broadcast": lambda lang: diagram_broadcast(torch.ones(2, 1), torch.ones(2), lang=lang),
    "reshape": lambda lang: diagram_reshape(torch.arange(6), 2, -1, lang=lang),
    "transpose": lambda lang: diagram_transpose(torch.ones(2, 3), lang=lang),
    "unsqueeze": lambda lang: diagram_unsqueeze(torch.tensor([1, 2]), 0, lang=lang),
    "squeeze": lambda lang: diagram_squeeze(torch.ones(1, 2), lang=lang),
    "matmul": lambda lang: diagram_matmul(A2[0], B2, lang=lang),
    "batch_shapes": lambda lang: diagram_batch_shapes(
        torch.ones(2, 1, 2, 3), torch.ones(3, 3, 2), lang=lang
    ),
    "bmm": lambda lang: diagram_bmm(torch.ones(2, 1, 2), torch.ones(2, 2, 1), lang=lang),
    "eye_mask": lambda lang: diagram_eye_mask(3, lang=lang),
    "clone": lambda lang: diagram_clone(torch.ones(2, requires_grad=True), lang=lang),
    "masked_fill": lambda lang: diagram_masked_fill(
        torch.zeros(1, 2), torch.tensor([[True, False]]), lang=lang
    ),
    "softmax": lambda lang: diagram_softmax(torch.zeros(2, 2), dim=0, lang=lang),
    "sort": lambda lang: diagram_sort(torch.tensor([2, 1]), lang=lang),
    "arange": lambda lang: diagram_arange(0, 1, 0.5, lang=lang),
    "mse_loss": lambda lang: diagram_mse_loss(torch.ones(2), torch.zeros(2), lang=lang),
    "sgd_step": lambda lang: diagram_sgd_step(torch.ones(2), torch.ones(2), 0.1, lang=lang),
}

WORD = {  # one caption per function, in both languages
    "repeat_interleave": ("dim=None：先展平成一维", "dim=None: flattened to 1-D first"),
    "repeat": ("新分配内存：4 个元素", "new memory: 4 elements"),
    "expand": ("与 x 共享内存，不复制", "shares memory with x: no copy"),
    "broadcast": (
        "从右往左对齐，长度为 1 的轴被拉长",
        "broadcast: size-1 axes stretched",
    ),
    "reshape": ("-1 由 PyTorch 算出：dim 1 = 3", "-1 worked out by PyTorch: dim 1 = 3"),
    # code, as expand's strides: the same in both languages
    "transpose": ("stride (1, 3)", "stride (1, 3)"),
    "unsqueeze": ("新插入的轴：dim=0（长度 1）", "new axis: dim=0 (size 1)"),
    "squeeze": ("去掉的长度为 1 的轴：dim=0", "size-1 axes removed: dim=0"),
    "matmul": ("a 的形状 (3,) → (1, 3)（前面补 1）", "a: shape (3,) → (1, 3) (1 prepended)"),
    "batch_shapes": ("左边补 1，算作 (1, 3)", "1 filled in on the left: counts as (1, 3)"),
    "bmm": ("红框里同色的格子两两相乘，再相加", "framed, same colour: multiply and sum"),
    "eye_mask": ("打叉的格子被掩码丢掉", "crossed out: dropped by the mask"),
    "clone": ("仍在计算图中", "still in the graph"),
    "masked_fill": ("加框格子（被掩码）权重为 0.00", "framed (masked) cells: weight 0.00"),
    "softmax": ("dim=0：每一列之和为 1", "dim=0: each column sums to 1"),
    "sort": ("原来的位置（索引）", "original positions"),
    "arange": ("终点不包含在内", "the end is not included"),
    "mse_loss": ("reduction='none'：逐元素", "reduction='none': element by element"),
    "sgd_step": ("学习率 lr = 0.1", "learning rate lr = 0.1"),
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_alt_text_says_what_the_colours_mean(lang) -> None:
    """By default the alt text says one colour is one element; a ``legend`` replaces that
    sentence, so a picture coloured by row does not claim its colours are elements."""
    panel = TensorPanel(torch.ones(2, 2), sources=torch.arange(2)[:, None].expand(2, 2))
    default = {
        "zh": "同色的格子来自同一个元素。",
        "en": "Cells of one colour come from the same element.",
    }
    assert default[lang] in draw_tensors([panel], lang=lang).description
    legend = {"zh": "颜色表示行。", "en": "Colour marks the row."}
    described = draw_tensors([panel], legend=legend, lang=lang).description
    assert legend[lang] in described and default[lang] not in described


def framed(outline: list[tuple[int, ...]], shape: tuple[int, ...], lang: str = "en") -> str:
    panel = TensorPanel(torch.ones(shape), outline=outline)
    return draw_tensors([panel], lang=lang).description


def test_the_alt_text_names_the_framed_cells() -> None:
    """Which cells wear a red frame (issue 26: "2 cells framed in red" did not say which):
    whole rows and columns by their number, other cells one by one. The numbers are
    PyTorch's indices, counted from 0 as the pages print them (the products diagrams write
    ``y[0, 0] = …`` in the same text; a batch's cells were ``[0, 1, 0]`` already)."""
    assert "element 0 framed in red" in framed([(0,)], (2,))
    assert "elements 0 and 2 framed in red" in framed([(2,), (0,)], (3,))
    assert "下标为 0、2 的元素加了红框" in framed([(2,), (0,)], (3,), "zh")
    assert "row 1 framed in red" in framed([(1, 0), (1, 1)], (3, 2))
    assert "column 0 framed in red" in framed([(0, 0), (1, 0), (2, 0)], (3, 2))
    two_cells = "the cells at row 0, column 1 and row 1, column 2 framed in red"
    assert two_cells in framed([(1, 2), (0, 1)], (2, 3))
    assert "第 0 行第 1 列、第 1 行第 2 列的格子加了红框" in framed([(0, 1), (1, 2)], (2, 3), "zh")
    # one cell of a batch is "the cell", two are "the cells" (r31b)
    assert "the cell at index [0, 1, 0] framed in red" in framed([(0, 1, 0)], (1, 2, 1))
    both = "the cells at index [0, 0, 0] and [0, 1, 0] framed in red"
    assert both in framed([(0, 1, 0), (0, 0, 0)], (1, 2, 1))
    # a 0-d tensor has one cell and no index to name
    assert "its one cell framed in red" in framed([()], ())
    assert "这一格加了红框" in framed([()], (), "zh")


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_words_follow_the_language(name) -> None:
    zh, en = FACTORIES[name]("zh"), FACTORIES[name]("en")
    zh_texts, en_texts = all_text(zh), all_text(en)
    assert WORD[name][0] in zh_texts
    assert WORD[name][1] in en_texts
    if name != "batch_shapes":  # its cells are a shape: no "shape (2,)" under them
        assert text(zh, "shape:0").startswith("形状 (")
        assert text(en, "shape:0").startswith("shape (")
    assert not [t for t in en_texts if CJK.search(t)]
    # code labels and cell values are the same in both languages, but for a label in words
    for kind in ("value", "code"):
        zh_values = {k: t.get_text() for k, t in by_gid_text(zh, kind).items()}
        en_values = {k: t.get_text() for k, t in by_gid_text(en, kind).items()}
        for gid, (zh_word, en_word) in _WORD_LABELS.get(name, {}).items():
            if gid.startswith(kind + ":"):
                assert (zh_values.pop(gid), en_values.pop(gid)) == (zh_word, en_word)
        assert zh_values == en_values


# labels above a panel that are words, not code: sgd_step's result, apart from the w above it
_WORD_LABELS = {"sgd_step": {"code:2": ("更新后的 w", "w (after the step)")}}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_narrow_enough_for_a_phone(name) -> None:
    width, _ = FACTORIES[name]("zh").get_size_inches()
    assert width <= MAX_WIDTH + 1.0


def test_wide_tensors_get_smaller_cells() -> None:
    narrow = draw_tensors([TensorPanel(torch.arange(4))], lang="en")
    wide = draw_tensors([TensorPanel(torch.arange(16))], lang="en")
    cell = lambda fig: by_gid(fig, "cell")[0, 0].get_width()  # noqa: E731
    assert cell(wide) < cell(narrow) == pytest.approx(0.4)
    assert 16 * cell(wide) <= MAX_WIDTH


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: draw_tensors(TensorPanel(torch.ones(2))), ValueError,
         "panels must be a non-empty"),
        (lambda: draw_tensors([torch.ones(2)]), TypeError,
         r"panels\[0\] must be a TensorPanel or a non-empty list of them, got Tensor"),
        (lambda: draw_tensors([[torch.ones(2)]]), TypeError,
         r"panels\[0\]\[0\] must be a TensorPanel"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2))] * 2), ValueError,
         r"arrows must hold one label per gap between rows \(1\), got 0"),
        (lambda: draw_tensors([TensorPanel([1, 2])]), TypeError,
         r"panels\[0\]\[0\].tensor must be a torch.Tensor or a numpy array"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2), sources=torch.ones(3, dtype=int))]),
         ValueError, r"panels\[0\]\[0\].sources must have the shape of the tensor \(2,\)"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2), sources=torch.ones(2))]),
         ValueError, r"panels\[0\]\[0\].sources must hold integers"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2), dropped=torch.ones(2))]),
         ValueError, r"panels\[0\]\[0\].dropped must be a boolean mask of shape \(2,\)"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2), outline=[(5,)])]),
         ValueError, r"panels\[0\]\[0\].outline index \(5,\) is outside shape \(2,\)"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2), groups="diagonal")]),
         ValueError, r"panels\[0\]\[0\].groups must be None, 'rows' or 'columns'"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2), captions=[{"zh": "仅中文"}])], lang="en"),
         ValueError, r"panels\[0\]\[0\].captions\[0\] must be a string or a mapping with a 'en'"),
        (lambda: draw_tensors([TensorPanel(torch.ones(20))]), ValueError,
         r"panels\[0\]\[0\].tensor of shape \(20,\) is too large"),
        (lambda: draw_tensors([TensorPanel(torch.ones(2))], legend={"zh": "仅中文"}, lang="en"),
         ValueError, r"legend must be a string or a mapping with a 'en' entry"),
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()


def test_phone_code_breaks_between_arguments_never_inside_one() -> None:
    from attention_tutorial.figures.tensors._layout import wrap_code

    # after a call's comma, not inside the tuple argument
    assert wrap_code("y = f(a, x.reshape((4, -1)))", 1.8, 10.0) == (
        "y = f(a,\n  x.reshape((4, -1)))"
    )
    # no comma between arguments: after the assignment's "="
    assert wrap_code("y = t[m].reshape((4, -1))", 1.8, 10.0) == "y =\n  t[m].reshape((4, -1))"
    # commas inside a string stay too; a label's lines are wrapped one by one
    assert wrap_code('torch.einsum("qk,qk->q", w, v)\nnote', 1.6, 10.0) == (
        'torch.einsum("qk,qk->q",\n  w, v)\nnote'
    )
    assert wrap_code("x.repeat((4, 1))", 0.5, 10.0) == "x.repeat((4, 1))"  # whole: too long
