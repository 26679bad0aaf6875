"""Tests of attention_tutorial.tensor_diagrams: shapes, colours, values, words, errors.

Every colour claim is checked against plain Python index arithmetic (``i // r``
for repeat_interleave, ``i % n`` for repeat, ...), not against the module's own
trick of running the operation on element numbers.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys

import matplotlib
import numpy as np
import pytest
import torch

from attention_tutorial import tensor_diagrams as td
from attention_tutorial.tensor_diagrams import (
    NEUTRAL,
    PALETTE,
    TensorPanel,
    diagram_arange,
    diagram_bmm,
    diagram_broadcast,
    diagram_expand,
    diagram_eye_mask,
    diagram_matmul,
    diagram_mse_loss,
    diagram_repeat,
    diagram_repeat_interleave,
    diagram_reshape,
    diagram_sgd_step,
    diagram_softmax,
    diagram_sort,
    diagram_squeeze,
    diagram_unsqueeze,
    draw_tensors,
)

CJK = re.compile(r"[\u2e80-\u9fff\uff00-\uffef]")


def by_gid(fig, kind: str) -> dict[tuple[int, int], object]:
    """Artists whose gid is ``kind:<panel>:<flat>``, keyed by (panel, flat)."""
    ax = fig.axes[0]
    found = {}
    for artist in [*ax.patches, *ax.texts]:
        gid = artist.get_gid()
        if gid and gid.startswith(kind + ":"):
            _, panel, flat = gid.split(":")
            found[int(panel), int(flat)] = artist
    return found


def by_gid_text(fig, kind: str) -> dict[str, object]:
    """Texts whose gid starts with ``kind:``, keyed by gid."""
    return {t.get_gid(): t for t in fig.axes[0].texts if str(t.get_gid()).startswith(kind + ":")}


def colours(fig, panel: int) -> list[tuple[float, ...]]:
    """Face colours of the cells of one panel, in row-major order."""
    cells = by_gid(fig, "cell")
    n = sum(1 for p, _ in cells if p == panel)
    return [tuple(cells[panel, i].get_facecolor()[:3]) for i in range(n)]


def values(fig, panel: int) -> list[str]:
    texts = by_gid(fig, "value")
    n = sum(1 for p, _ in texts if p == panel)
    return [texts[panel, i].get_text() for i in range(n)]


def text(fig, gid: str) -> str:
    (found,) = [t.get_text() for t in fig.axes[0].texts if t.get_gid() == gid]
    return found


def all_text(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].texts]


def rgb(colour: str) -> tuple[float, ...]:
    return tuple(matplotlib.colors.to_rgb(colour))


# --- colours follow the source elements -----------------------------------------------


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
    assert "repeats = torch.tensor([1, 0, 2])" in all_text(fig)


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
    assert {"stride (1, 0)", "stride (0, 1)"} <= set(all_text(fig))
    assert "broadcast: size-1 axes stretched" in all_text(fig)
    fig = diagram_broadcast(torch.ones(2), torch.tensor(3.0), "*", lang="en")
    assert text(fig, "code:4") == "a * b"


def test_reshape_keeps_row_major_order() -> None:
    x = torch.arange(12).reshape(3, 4)
    fig = diagram_reshape(x, 2, -1, lang="en")
    assert colours(fig, 0) == colours(fig, 1)
    assert values(fig, 1) == [str(i) for i in range(12)]
    assert text(fig, "shape:1") == "shape (2, 6)"
    assert "-1 worked out by PyTorch: dim 1 = 6" in all_text(fig)


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


# --- matmul and bmm --------------------------------------------------------------------

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
        (torch.stack([A2, A2 + 1]), B2, "(2, 2, 2)", ["batch dims broadcast: (2,) and () → (2,)"]),
    ],
)  # fmt: skip
def test_matmul_cases(a, b, shape, extra) -> None:
    fig = diagram_matmul(a, b, lang="en")
    assert text(fig, "shape:2") == f"shape {shape}"
    assert tuple(torch.matmul(a, b).shape) == eval(shape)
    texts = all_text(fig)
    for line in ["same colour: multiplied, then summed", *extra]:
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


def test_matmul_values_and_worked_example_match_a_loop() -> None:
    fig = diagram_matmul(A2, B2, lang="en")
    expected = reference_matmul(A2.tolist(), B2.tolist())
    assert values(fig, 2) == [f"{v:.1f}" for row in expected for v in row]
    assert text(fig, "note:0") == "y[0, 0] = 1.0×1.0 + 2.0×0.0 + 3.0×1.0 = 4.0"


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
    ca = colours(fig, 0)
    assert [ca[f] == rgb(PALETTE[f % 3]) for f in range(12)] == [True] * 12


# --- masks, softmax, sort, loss, SGD ---------------------------------------------------


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
    assert by_gid(fig, "cell")[1, 0].get_alpha() < 1  # the end is crossed out
    assert "the end is not included" in all_text(fig)
    if (start, end, step) == (1, 1.3, 0.1):
        assert n == len(expected) + 1 == 4  # float rounding: 1.3 sneaks in
        assert values(fig, 0)[-1] == values(fig, 1)[0] == "1.30"


def test_mse_loss_reductions() -> None:
    y_hat, y = torch.tensor([1.0, 2.0, 0.5]), torch.tensor([0.0, 2.5, 0.5])
    fig = diagram_mse_loss(y_hat, y, lang="en")
    errors = [(a - b) ** 2 for a, b in zip(y_hat.tolist(), y.tolist(), strict=True)]
    assert values(fig, 2) == [f"{e:.2f}" for e in errors]
    assert values(fig, 3) == [f"{sum(errors):.2f}"]
    assert values(fig, 4) == [f"{sum(errors) / 3:.2f}"]
    assert text(fig, "shape:3") == "shape ()"


def test_sgd_step() -> None:
    fig = diagram_sgd_step(torch.tensor([1.0, -2.0]), torch.tensor([0.4, -1.0]), 0.5, lang="en")
    assert values(fig, 2) == [f"{1.0 - 0.5 * 0.4:.2f}", f"{-2.0 + 0.5:.2f}"]
    assert "learning rate lr = 0.5" in all_text(fig)


# --- the core and the languages --------------------------------------------------------


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
    "unsqueeze": lambda lang: diagram_unsqueeze(torch.tensor([1, 2]), 0, lang=lang),
    "squeeze": lambda lang: diagram_squeeze(torch.ones(1, 2), lang=lang),
    "matmul": lambda lang: diagram_matmul(A2[0], B2, lang=lang),
    "bmm": lambda lang: diagram_bmm(torch.ones(2, 1, 2), torch.ones(2, 2, 1), lang=lang),
    "eye_mask": lambda lang: diagram_eye_mask(3, lang=lang),
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
    "unsqueeze": ("新插入的轴：dim=0（长度 1）", "new axis: dim=0 (size 1)"),
    "squeeze": ("去掉的长度为 1 的轴：dim=0", "size-1 axes removed: dim=0"),
    "matmul": ("a 的形状 (3,) → (1, 3)（前面补 1）", "a: shape (3,) → (1, 3) (1 prepended)"),
    "bmm": ("同色的格子两两相乘，再相加", "same colour: multiplied, then summed"),
    "eye_mask": ("打叉的格子被掩码丢掉", "crossed out: dropped by the mask"),
    "softmax": ("dim=0：每一列之和为 1", "dim=0: each column sums to 1"),
    "sort": ("原来的位置（索引）", "original positions"),
    "arange": ("终点不包含在内", "the end is not included"),
    "mse_loss": ("reduction='none'：逐元素", "reduction='none': element by element"),
    "sgd_step": ("学习率 lr = 0.1", "learning rate lr = 0.1"),
}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_words_follow_the_language(name) -> None:
    zh, en = FACTORIES[name]("zh"), FACTORIES[name]("en")
    zh_texts, en_texts = all_text(zh), all_text(en)
    assert WORD[name][0] in zh_texts
    assert WORD[name][1] in en_texts
    assert text(zh, "shape:0").startswith("形状 (")
    assert text(en, "shape:0").startswith("shape (")
    assert not [t for t in en_texts if CJK.search(t)]
    # code labels and cell values are the same in both languages
    for kind in ("value", "code"):
        zh_values = {k: t.get_text() for k, t in by_gid_text(zh, kind).items()}
        assert zh_values == {k: t.get_text() for k, t in by_gid_text(en, kind).items()}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_figures_are_bilingual_and_white(name) -> None:
    fig = FACTORIES[name]("zh")
    assert isinstance(fig, td.TutorialFigure)
    assert fig.get_facecolor() == (1.0, 1.0, 1.0, 1.0)
    func, args, kwargs = fig._recipe  # the build redraws it in English from this recipe
    assert kwargs["lang"] == "zh"
    redrawn = func(*args, **{**kwargs, "lang": "en"})
    assert text(redrawn, "shape:0").startswith("shape")
    width, _ = fig.get_size_inches()
    assert width <= td.MAX_WIDTH + 1.0  # narrow enough to stay readable on a phone


def test_no_global_state_and_no_pyplot() -> None:
    before = dict(matplotlib.rcParams)
    for make in FACTORIES.values():
        make("zh")
    assert dict(matplotlib.rcParams) == before
    code = (
        "import sys, torch, attention_tutorial.tensor_diagrams as td\n"
        "td.diagram_repeat(torch.tensor([1, 2]), 2)\n"
        "assert 'matplotlib.pyplot' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- errors name the argument ----------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: diagram_repeat_interleave([1, 2], 2), TypeError, "x must be a torch.Tensor"),
        (lambda: diagram_repeat_interleave(torch.ones(3), -1), ValueError,
         "repeats must be an int >= 0"),
        (lambda: diagram_repeat_interleave(torch.ones(3), 2.0), TypeError,
         "repeats must be an int"),
        (lambda: diagram_repeat_interleave(torch.ones(3), torch.tensor([1, 2])), ValueError,
         r"repeats must hold one count per element of x: 3 counts, got 2"),
        (lambda: diagram_repeat_interleave(torch.ones(2, 2), torch.tensor([1, 2, 3]), dim=1),
         ValueError, r"repeats must hold one count per element along dim=1 \(2\)"),
        (lambda: diagram_repeat_interleave(torch.ones(3), torch.tensor([1.0, 2.0, 3.0])),
         ValueError, "repeats must be an int or a 1-D integer tensor"),
        (lambda: diagram_repeat_interleave(torch.ones(3), 2, dim=1), ValueError,
         r"dim must be in \[-1, 0\], got 1"),
        (lambda: diagram_repeat_interleave(torch.ones(3), 9), ValueError,
         r"the result would have shape \(27,\), too large"),
        (lambda: diagram_repeat_interleave(torch.ones(2, 2, 2, 2), 1), ValueError,
         "x must have at most 3 dimensions"),
        (lambda: diagram_repeat_interleave(torch.ones(0), 1), ValueError, "x must not be empty"),
        (lambda: diagram_repeat(torch.ones(2, 2), 2), ValueError,
         r"sizes must give at least one count per dimension of x \(2\), got 1"),
        (lambda: diagram_repeat(torch.ones(2), 1.5), TypeError, r"sizes\[0\] must be an int"),
        (lambda: diagram_repeat(torch.ones(2)), ValueError, "sizes must hold at least one size"),
        (lambda: diagram_expand(torch.ones(2), 3), ValueError,
         r"sizes\[0\] = 3 cannot expand an axis of size 2"),
        (lambda: diagram_expand(torch.ones(2), -1, 2), ValueError, r"sizes\[0\] is -1 for a new"),
        (lambda: diagram_broadcast(torch.ones(3), torch.ones(2)), ValueError,
         r"a and b do not broadcast: shapes \(3,\) and \(2,\)"),
        (lambda: diagram_broadcast(torch.ones(3), torch.ones(3), "@"), ValueError,
         "op must be one of"),
        (lambda: diagram_reshape(torch.ones(6), 4, -1), ValueError,
         "6 is not a multiple of 4"),
        (lambda: diagram_reshape(torch.ones(6), 4, 2), ValueError,
         r"shape \(4, 2\) holds 8 elements, but x has 6"),
        (lambda: diagram_reshape(torch.ones(6), -1, -1), ValueError, "at most one -1"),
        (lambda: diagram_unsqueeze(torch.ones(3), 2), ValueError,
         r"dim must be in \[-2, 1\] for a 1-D x, got 2"),
        (lambda: diagram_unsqueeze(torch.ones(3), "0"), TypeError, "dim must be an int"),
        (lambda: diagram_squeeze(torch.ones(1, 3), 2), ValueError, r"dim must be in \[-2, 1\]"),
        (lambda: diagram_matmul(torch.ones(2, 3), torch.ones(2, 3)), ValueError,
         r"the last axis of a \(3\) must equal the second-to-last axis of b \(2\)"),
        (lambda: diagram_matmul(torch.ones(3), torch.ones(2)), ValueError,
         r"the last axis of a \(3\) must equal the only axis of b \(2\)"),
        (lambda: diagram_matmul(torch.ones(2, 1, 2), torch.ones(3, 2, 1)), ValueError,
         r"batch axes of a \(2,\) and b \(3,\) do not broadcast"),
        (lambda: diagram_matmul(torch.ones(2), torch.ones(2, dtype=torch.float64)), ValueError,
         "a, b must have the same dtype"),
        (lambda: diagram_matmul(torch.tensor(1.0), torch.ones(2)), ValueError,
         "a and b must have at least 1 dimension"),
        (lambda: diagram_bmm(torch.ones(2, 3), torch.ones(3, 2)), ValueError,
         r"a must be 3-D \(batch, rows, columns\) for bmm, got shape \(2, 3\)"),
        (lambda: diagram_bmm(torch.ones(2, 1, 3), torch.ones(3, 3, 1)), ValueError,
         "a and b must have the same batch size, got 2 and 3"),
        (lambda: diagram_bmm(torch.ones(2, 1, 3), torch.ones(2, 2, 1)), ValueError,
         r"a.shape\[2\] \(3\) must equal b.shape\[1\] \(2\)"),
        (lambda: diagram_eye_mask(1), ValueError, "n must be an int >= 2"),
        (lambda: diagram_eye_mask(9), ValueError, "n must be at most 8"),
        (lambda: diagram_eye_mask(3, torch.ones(4)), ValueError,
         r"values must be a 1-D tensor of length n = 3, got shape \(4,\)"),
        (lambda: diagram_softmax(torch.tensor([1, 2]), 0), ValueError,
         "x must have a floating-point dtype"),
        (lambda: diagram_softmax(torch.ones(2, 2), 2), ValueError, r"dim must be in \[-2, 1\]"),
        (lambda: diagram_sort(torch.ones(2, 2)), ValueError, r"x must be a 1-D tensor"),
        (lambda: diagram_arange(0, 1, 0), ValueError, "step must not be 0"),
        (lambda: diagram_arange(1, 0, 1), ValueError, "the range from start=1 to end=0"),
        (lambda: diagram_arange(0, 100, 1), ValueError, r"the result would have shape \(100,\)"),
        (lambda: diagram_arange("0", 1), TypeError, "start must be a real number"),
        (lambda: diagram_sort(torch.ones(2), descending=1), TypeError, "descending must be a bool"),
        (lambda: diagram_mse_loss(torch.ones(2), torch.ones(3)), ValueError,
         "y_hat and y must have the same length"),
        (lambda: diagram_sgd_step(torch.ones(2), torch.ones(2), 0), ValueError,
         "lr must be a positive finite number"),
        (lambda: diagram_repeat(torch.ones(2), 2, lang="fr"), ValueError,
         "lang must be 'zh' or 'en'"),
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
    ],
)  # fmt: skip
def test_errors_name_the_argument(call, error, match) -> None:
    with pytest.raises(error, match=match):
        call()
