"""Alt text and reading facts: what a figure says of itself, and what the build reads.

That every public figure describes itself in its language, in the encoded file, is part
of the figure contract (``test_contract.py``).
"""

from __future__ import annotations

import base64
import io
import re

import numpy as np
import pytest
import torch

import attention_tutorial as at
from attention_tutorial.figures._alt import ALT, describe
from attention_tutorial.figures._base import encode, reading_facts
from tools.sitebuild import page_repairs
from tools.sitebuild.html_tree import parse


def test_description_names_the_axes_drawn():
    fig = at.plot_loss([3.0, 2.0, 1.0], lang="en")
    assert fig.description.endswith("X axis: epoch; y axis: training loss (sum).")


def test_english_sentences_after_the_lead_start_with_a_capital_unless_code():
    """Round 26: after a full stop the stepper's alt went on "training w, lr = 0.5: ...",
    "x axis: ...", and the explorer's "title: fit, ...". A piece that starts a sentence
    starts with a capital; a symbol or a name from the code keeps its case."""
    data = at.make_data()
    named = at.plot_w_paths(
        data.x_train, data.y_train, {"training w, lr = 0.5": [0.5, 16.9]}, lang="en"
    ).description
    assert ". Training w, lr = 0.5: w = 0.5 → 16.9; the minimum" in named
    assert ". X axis: w (log scale); y axis:" in named
    code = at.plot_w_paths(data.x_train, data.y_train, {"lr = 0.5": [0.5, 16.9]}, lang="en")
    assert ". lr = 0.5: w = 0.5 → 16.9;" in code.description
    panels = at.plot_explorer_panels(data, 1.0, lang="en").description
    assert ". Title: fit, true function and training data; x axis: input x;" in panels
    # no English sentence starts with a small letter, but for a symbol or code
    starts = re.findall(r"\. ([a-z]\S*)", named + " " + code.description + " " + panels)
    assert starts == ["lr"]
    zh = at.plot_explorer_panels(data, 1.0, lang="zh").description
    assert "。标题：拟合、真实函数与训练数据；横轴：输入 x；" in zh


def test_the_build_puts_the_description_in_the_img_alt():
    fig = at.plot_loss([3.0, 2.0, 1.0], lang="zh")
    mime, data, _ = encode(fig)
    payload = base64.b64encode(data.encode()).decode() if mime.endswith("xml") else data
    tag = f'<img src="data:{mime};base64,{payload}" alt="No description has been provided">'
    tree = parse(tag)
    files = page_repairs.extract_images(tree, lambda name: name)
    img = tree.find("img")
    assert img["alt"] == fig.description and len(files) == 1
    assert img["class"] == "attn-figure" and img["data-min-width"] == "324"


def test_reading_facts_follow_the_smallest_text():
    heat = at.plot_attention_heatmap(np.full((3, 2), 0.5))
    heat.savefig(io.BytesIO(), format="png")
    facts = reading_facts(heat)
    assert facts["colour_scale"] is True
    assert facts["min_width_px"] == round(6.0 * 72 * 9 / 12)  # 12 pt text, 6 in wide


def test_heatmap_axes_show_x_values_and_the_colour_bar_starts_at_0():
    weights = np.array([[0.6, 0.4], [0.3, 0.7], [0.5, 0.5]])
    fig = at.plot_attention_heatmap(weights, queries=[0.0, 1.0, 2.0], keys=[1.5, 4.5])
    # each key's cell reaches halfway to the other (3.0), and as far beyond it
    assert [float(v) for v in fig.axes[0].get_xlim()] == [0.0, 6.0]
    assert fig.axes[0].images[0].get_clim()[0] == 0.0
    with pytest.raises(ValueError, match="keys must have shape"):
        at.plot_attention_heatmap(weights, queries=[0.0, 1.0, 2.0], keys=[1.0])
    with pytest.raises(ValueError, match="queries must be sorted"):
        at.plot_attention_heatmap(weights, queries=[2.0, 1.0, 0.0], keys=[1.0, 2.0])
    with pytest.raises(ValueError, match="keys is needed"):
        at.plot_attention_heatmap(weights, queries=[0.0, 1.0, 2.0])


CHART_NAMES = sorted(
    name for name in at.__all__ if name.startswith("plot_")
)  # every chart, heatmap and diagram that is not a handbook tensor picture


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_chart_has_its_own_description(lang):
    """No line chart or heatmap falls back to the handbook's "grid of cells" sentence: every
    figure function that is not a ``diagram_*`` has its own sentence, and no two share one."""
    from tests.unit.figures.test_contract import REGISTRY

    leads = {}
    for name in CHART_NAMES:
        assert name in ALT[lang], f"{name} has no alt text in {lang}"
        fig = REGISTRY[name](lang)
        description = fig.description
        # a variant's own sentence (two heatmaps, a stacked layout) where the figure names one
        lead = ALT[lang].get(getattr(fig, "alt_name", None), ALT[lang][name])
        values = getattr(fig, "alt_values", None)  # the numbers the sentence names
        assert description.startswith(lead.format(**values) if values else lead)
        assert not description.startswith(("Tensor diagram", "张量示意图")), name
        leads[name] = ALT[lang][name]
    assert len(set(leads.values())) == len(leads)
    with pytest.raises(ValueError, match="no alt text for the figure function 'plot_new'"):
        describe(at.plot_loss([1.0, 0.5]), "plot_new", lang)


def test_chinese_descriptions_say_heatmap_as_the_pages_do():
    """The glossary's word is 热图 (热力图 nowhere)."""
    assert not [name for name, text in ALT["zh"].items() if "热力图" in text]
    assert "热图" in ALT["zh"]["plot_attention_heatmap"]


def test_chinese_descriptions_do_not_read_a_symbol_as_hours():
    # "h 小时" reads as "h hours": the texts say "h 较小时"
    assert not [name for name, text in ALT["zh"].items() if re.search(r"[A-Za-z] [小大]时", text)]


def test_fit_alt_text_gives_the_largest_miss_and_the_extremes_computed():
    """The description says where the prediction misses most, from the data drawn."""
    x = np.linspace(0, 4, 5)
    truth = np.array([0.0, 1.0, 2.0, 1.0, 0.0])
    y_hat = np.array([0.5, 1.0, 1.3, 1.0, 0.2])
    en = at.plot_fit(x, truth, y_hat, x, truth, lang="en").description
    assert "farthest from the truth at x = 2.0: 1.30 against 2.00" in en
    assert "Its highest point is 1.30 and its lowest 0.20" in en
    zh = at.plot_fit(x, truth, y_hat, x, truth, lang="zh").description
    assert "预测离真实函数最远处在 x = 2.0：预测 1.30，真实值 2.00" in zh
    assert "。横轴" in zh  # no space after a full-width stop
    assert not any(word in en for word in ("Notice", "Compare"))


def test_a_flat_fit_is_said_to_be_flat():
    """Round 45: average pooling's fit read "highest point 2.43 and lowest 2.43"."""
    x = np.linspace(0, 4, 5)
    truth = np.array([0.0, 1.0, 2.0, 1.0, 0.0])
    flat = np.full(5, 0.8)
    en = at.plot_fit(x, truth, flat, x, truth, lang="en").description
    assert "It is flat at 0.80; the true function's highest point is 2.00 and its lowest 0.00" in en
    assert "highest point is 0.80" not in en
    zh = at.plot_fit(x, truth, flat, x, truth, lang="zh").description
    assert "预测是一条水平线，处处为 0.80；真实函数的最高点 2.00、最低点 0.00。" in zh


def test_fits_alt_text_gives_each_panels_error_and_the_best():
    x = np.linspace(0, 4, 5)
    truth = x.copy()
    fits = {"w = 1": x + 1.0, "w = 2": x + np.array([0, 0.1, -0.1, 0.1, 0])}
    en = at.plot_fits(x, truth, fits, x, truth, lang="en").description
    assert "w = 1: MSE 1.000, largest jump 1.00" in en
    assert "w = 2: MSE 0.006, largest jump 1.20" in en
    assert "the smallest MSE is at w = 2" in en
    # the numbers are not drawn: the text says so (review r28e)
    assert "not printed on the figure" in en and en.startswith("Two panels side by side")
    zh = at.plot_fits(x, truth, fits, x, truth, lang="zh").description
    assert "均方误差最小的是 w = 2（" in zh  # a space between the Chinese and the name
    assert "图上没有标出" in zh and zh.startswith("两幅并排的曲线图")


def test_w_paths_alt_text_says_every_step_of_each_path_and_the_ends_sit_on_the_star():
    import torch

    x = torch.linspace(0, 5, 12)
    y = torch.sin(x)
    paths = {"lr = 0.5": [0.5, 8.0, 16.2], "lr = 0.05": [0.5, 1.0, 2.91], "log": [0.5, 1702.4]}
    fig = at.plot_w_paths(x, y, paths, lang="en")
    assert "lr = 0.5: w = 0.5 → 8 → 16.2; lr = 0.05: w = 0.5 → 1 → 2.91" in fig.description
    assert "log: w = 0.5 → 1702;" in fig.description  # read aloud, not 1.7e+03
    # a rounded end keeps its digits: 3.997 is "4.00", not a "4" that reads as exactly 4
    # next to a minimum near 3.98 (issue 26: the smoothness page said "w = 4")
    near = at.plot_w_paths(x, y, {"log w": [0.4963, 5.062, 3.997]}, lang="en").description
    assert "log w: w = 0.496 → 5.06 → 4.00;" in near
    # a long path: its first and last five values (round 20)
    long = at.plot_w_paths(x, y, {"p": [1.0 + k for k in range(20)]}, lang="en").description
    assert "p: w = 1 → 2 → 3 → 4 → 5 → … → 16 → 17 → 18 → 19 → 20;" in long
    assert "outlined dot" in fig.description and "Notice" not in fig.description
    ax = fig.axes[0]
    star = next(c for c in ax.collections if c.get_label().startswith("minimum"))
    # each end's dot small, outlined in black, over the star, which is over everything else
    # (round 19: near w = 4 the star and three steps hid under two end dots; r21: dots of 64
    # under a star of 90 still piled into one blot): an end at the minimum sits in the star
    ends = [c for c in ax.collections if c.get_sizes().tolist() == [30.0]]
    assert len(ends) == len(paths)
    others = [c for c in ax.collections if c is not star and not any(c is e for e in ends)]
    assert star.get_zorder() > max(c.get_zorder() for c in others)
    for end in ends:
        assert end.get_zorder() > star.get_zorder()
        assert end.get_sizes()[0] < star.get_sizes()[0] / 4
        assert end.get_edgecolor()[0].tolist() == [0.0, 0.0, 0.0, 1.0]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_descriptions_state_the_finding_with_the_figures_numbers(lang):
    """The loss curve, the fit, the heatmaps and the matrices say what they show, with
    numbers computed from what is drawn, not how to look at them."""
    loss = describe(at.plot_loss([58.8, 22.9, 22.8, 22.9], lang=lang), "plot_loss", lang)
    assert all(number in loss for number in ("58.8", "22.9"))
    x = np.linspace(0.0, 5.0, 11)
    fit = describe(
        at.plot_fit(x, np.sin(x), np.sin(x) + x / 10, x, np.sin(x), lang=lang), "plot_fit", lang
    )
    assert "x = 5.0" in fit  # the largest gap, at the right end (plot_fit's own numbers)
    even, sharp = np.full((2, 4), 0.25), np.eye(2, 4)  # 4 keys in use, then 1
    heatmaps = describe(
        at.plot_attention_heatmaps({"even": even, "sharp": sharp}, lang=lang),
        "plot_attention_heatmaps",
        lang,
    )
    used = ("有效键数 {}" if lang == "zh" else "an effective {} keys").format
    # each panel named by its place and its title (round 26)
    upper = f"上图 even：{used('4.0')}" if lang == "zh" else f"Upper panel, even: {used('4.0')}"
    assert upper in heatmaps
    # one key: singular (round 17)
    assert ("有效键数 1.0" if lang == "zh" else "sharp: an effective 1.0 key per query") in heatmaps
    # a uniform panel has no band: it gives the one weight, not "100% of the band"
    uniform = "每个键权重相同（0.25）" if lang == "zh" else "every key the same weight (0.25)"
    assert uniform in heatmaps and heatmaps.count("带内") + heatmaps.count("in the band") == 1
    single = at.plot_attention_heatmap(sharp, lang=lang).description  # its band, unnested
    assert "带内" not in single and "in the band" not in single
    matrices = describe(
        at.plot_matrices({"M": np.array([[13.01, 3.51], [-0.07, 0.65]])}, lang=lang),
        "plot_matrices",
        lang,
    )
    assert "13.01" in matrices  # the entries drawn in the cells are not among the words
    for text in (loss, fit, heatmaps, matrices):
        assert not any(word in text for word in ("看", "比较", "Notice", "Compare")), text


def _clone_and_detach(lang: str):
    """A diagram like the handbook's clone page: one dashed panel, nothing crossed out."""
    w = np.array([2.0, 3.0, 5.0])
    return at.draw_tensors(
        [
            at.TensorPanel(w, code="w"),
            [
                at.TensorPanel(w.copy(), code="w.clone()"),
                at.TensorPanel(
                    w, code="w.detach()", shared=True, captions=[{"zh": "共享内存", "en": "shared"}]
                ),
            ],
        ],
        arrows=["clone() / detach()"],
        lang=lang,
    )


def test_a_tensor_diagram_is_described_as_drawn():
    """Each panel with its code, shape, values and borders, level by level; crossed-out cells
    only where there are some (issue 26: "crossed out" though nothing was)."""
    en = _clone_and_detach("en").description
    assert (
        "Level 1: w, shape (3,), values 2.0, 3.0, 5.0, solid borders: its own memory; "
        "the arrow “clone() / detach()” leads to the next level; "
        "level 2: w.clone(), shape (3,), values 2.0, 3.0, 5.0, solid borders: its own memory; "
        "w.detach(), shape (3,), values 2.0, 3.0, 5.0, dashed borders: shares memory with its "
        "source, captioned “shared”."
    ) in en
    assert "crossed" not in en and "view" not in en
    zh = _clone_and_detach("zh").description
    assert "w.detach()，形状 (3,)，值 2.0、3.0、5.0，虚线边框：与源张量共享内存" in zh
    assert "打叉" not in zh
    masked = at.draw_tensors(
        [at.TensorPanel(np.arange(4), code="x", dropped=np.array([True, False, False, True]))],
        lang="en",
    ).description
    assert "x, shape (4,), values 0, 1, 2, 3, 2 cells crossed out (dropped)." in masked
    assert "evel" not in masked  # one level: no "Level 1" (reader r25c)
    assert "borders" not in masked  # no dashed panel: the borders say nothing here


def test_long_panels_say_the_values_that_make_the_point():
    """Round 47 (reader c, slip 5): repeat((3, 1)), the first expand and the first reshape
    figure gave a shape of more than 8 cells and no values, though the values (copied rows,
    one value per row, the order kept) are what the picture shows."""
    repeated = at.diagram_repeat(torch.tensor([1, 2, 3]), (3, 1), lang="en").description
    assert "y, shape (3, 3), values 1, 2, 3 in each of the 3 rows, captioned" in repeated
    expanded = at.diagram_expand(torch.tensor([[1], [2], [3]]), 3, 4, lang="en").description
    assert (
        "y, shape (3, 4), values 1 across row 0, 2 across row 1 and 3 across row 2, dashed"
        in expanded
    )
    reshaped = at.diagram_reshape(torch.arange(12), -1, 4, lang="en").description
    assert "x, shape (12,), values 0 to 11;" in reshaped
    assert "y, shape (3, 4), rows 0 to 3, 4 to 7 and 8 to 11, captioned" in reshaped
    zh = at.diagram_reshape(torch.arange(12), -1, 4, lang="zh").description
    assert "x，形状 (12,)，值 0 到 11；" in zh
    assert "y，形状 (3, 4)，各行依次是 0 到 3、4 到 7、8 到 11，" in zh
    zh = at.diagram_expand(torch.tensor([[1], [2], [3]]), 3, 4, lang="zh").description
    assert "第 0 行都是 1、第 1 行都是 2、第 2 行都是 3，虚线边框" in zh
    zh = at.diagram_repeat(torch.tensor([1, 2, 3]), (3, 1), lang="zh").description
    assert "y，形状 (3, 3)，3 行的值都是 1、2、3，" in zh
    # values with no short form are still left out, and draw_tensors keeps its long panels
    # unread (the mask pictures say their rows in their own sentences)
    mixed = at.diagram_reshape(torch.tensor([5, 1, 4, 2, 8, 0, 3, 7, 6]), 3, 3, lang="en")
    assert "y, shape (3, 3)." in mixed.description
    drawn = at.draw_tensors([at.TensorPanel(torch.arange(12), code="x")], lang="en")
    assert "x, shape (12,)." in drawn.description


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_tensor_diagram_without_arrows_does_not_speak_of_levels_and_arrows(lang):
    """A picture of one row (two tensors side by side, no arrow) once began with "transformed
    level by level from the top, the code of each step beside its arrow"; a diagram_*
    sharing that sentence (masked_fill's) keeps it when it has arrows."""
    from attention_tutorial.figures._alt import STEPS

    one = at.draw_tensors(
        [[at.TensorPanel(np.arange(3), code="a"), at.TensorPanel(np.arange(3), code="b")]],
        lang=lang,
    ).description
    assert STEPS[lang] not in one
    assert one.startswith(ALT[lang]["draw_tensors"].replace(STEPS[lang], "", 1))
    two = _clone_and_detach(lang).description
    assert two.startswith(ALT[lang]["draw_tensors"])
    stepped = at.diagram_masked_fill(
        torch.tensor([[1.0, 2.0]]), torch.tensor([[False, True]]), lang=lang
    ).description
    assert STEPS[lang] in stepped


def test_scaling_alt_text_gives_the_ends_of_each_line_from_the_data():
    rows = [
        {"formulation": name, "n": n, "seconds": seconds, "peak_bytes": peak}
        for name, n, seconds, peak in [
            ("tiled", 1000, 0.01, 12e6),
            ("tiled", 20000, 4.2, 4.8e9),
            ("sdpa", 1000, 0.02, 2.5e5),
            ("sdpa", 80000, 31.0, 4.2e6),
        ]
    ]
    en = at.plot_scaling(rows, lang="en").description
    # times with the scale page's three decimals (r38d: "6.11 s" beside "6.307 s")
    # "12 MB": no other count from 10 MB up has a decimal (r54: "40.0 MB" beside "1.2 GB";
    # the scale page's "12.0 MB" beside "11.9 MB" keeps it)
    assert "n from 1,000 to 20,000, time from 0.010 s to 4.200 s, peak memory from 12 MB" in en
    assert "n from 1,000 to 80,000, time from 0.020 s to 31.000 s, peak memory from 250 kB" in en
    assert "peak memory from 12 MB to 4.8 GB" in en and "from 250 kB to 4.2 MB" in en
    assert "Notice" not in en
    zh = at.plot_scaling(rows, lang="zh").description
    assert "峰值内存从 12 MB 到 4.8 GB" in zh and "看" not in zh
    assert "每种写法" in zh and "算法" not in zh  # the page's word for the four forms


def test_heatmaps_name_training_queries_when_the_queries_are_the_training_inputs():
    weights = {"A": np.full((3, 3), 1 / 3)}
    test = at.plot_attention_heatmaps(weights, lang="en")
    train = at.plot_attention_heatmaps(weights, queries="train", lang="en")
    assert test.axes[0].get_ylabel() == "queries (test inputs)"
    # round 23: the ticks are indices of the points sorted by x, not x values
    assert train.axes[0].get_ylabel() == "queries (training points,\nindex sorted by x)"
    assert train.axes[-2].get_xlabel() == "keys (training points, index sorted by x)"
    assert test.axes[-2].get_xlabel() == "keys (training inputs)"
    assert "y axis: queries (training points, index sorted by x)" in train.description
    zh = at.plot_attention_heatmaps(weights, queries="train", lang="zh").description
    assert "纵轴：查询（训练点编号，按 x 排序）" in zh
    with pytest.raises(ValueError, match="'test', 'train' or 'grid_row', got 'keys'"):
        at.plot_attention_heatmaps(weights, queries="keys")


def test_heatmaps_of_training_queries_name_a_block_of_bunched_points_in_a_corner():
    """Review r28a: the transformer page's heatmaps show a 4 x 4 block top left (the four
    leftmost points, bunched far from the fifth), which its prose discusses and its alt
    text left out. The block is found in the weights, in every panel, at either end."""
    bunch = np.full((3, 3), 1 / 3)
    rest = np.eye(9)
    rows = np.block([[bunch, np.zeros((3, 9))], [np.zeros((9, 3)), rest]])  # (12, 12)
    masked = np.block([[(1 - np.eye(3)) / 2, np.zeros((3, 9))], [np.zeros((9, 3)), rest]])
    en = at.plot_attention_heatmaps({"A": rows, "B": masked}, queries="train", lang="en")
    # review fx35: the block named, its bounds left to the prose (the alt text repeated them)
    assert (
        "Top left, a 3 × 3 block: the 3 leftmost points give their weight almost only to "
        "one another." in en.description
    )
    assert "at most" not in en.description
    zh = at.plot_attention_heatmaps({"A": rows}, queries="train", lang="zh").description
    assert "左上角是一个 3×3 的小块：最左边的 3 个点几乎只把权重分给彼此。" in zh
    assert "至多" not in zh
    flipped = at.plot_attention_heatmaps({"A": rows[::-1, ::-1]}, queries="train", lang="en")
    assert "Bottom right, a 3 × 3 block: the 3 rightmost points" in flipped.description
    # 0.01 of a row outside the block: no block; an identity (no sharing): no block
    leaky = rows.copy()
    leaky[0, :3] -= 0.01 / 3
    leaky[0, 5] = 0.01
    for weights in (leaky, np.eye(12)):
        figure = at.plot_attention_heatmaps({"A": weights}, queries="train", lang="en")
        assert "block" not in figure.description
    # test queries: no diagonal, no block
    assert "block" not in at.plot_attention_heatmaps({"A": rows}, lang="en").description


def test_heatmaps_of_one_grid_row_name_their_ticks_as_indices():
    """Round-27 reader: "keys (training inputs)" over index ticks on the projections page,
    whose queries are one row of the 2-D test grid and keys the points sorted by x₁.
    Round 28: the query label on one line (its two zh lines touched at both widths)."""
    weights = {"A": np.full((3, 4), 1 / 4)}
    en = at.plot_attention_heatmaps(weights, queries="grid_row", lang="en")
    assert en.axes[0].get_ylabel() == "query index (sorted by x₁)"
    assert en.axes[-2].get_xlabel() == "key index (sorted by x₁)"
    # fx35: the panel titles ("A") are said by the lead, so the list starts at an axis
    assert ". X axis: key index (sorted by x₁);" in en.description
    zh = at.plot_attention_heatmaps(weights, queries="grid_row", lang="zh").description
    assert "纵轴：查询序号（按 x₁ 排序）" in zh and "横轴：键序号（按 x₁ 排序）" in zh
    # the default stays the chapter's test inputs
    default = at.plot_attention_heatmaps(weights, lang="en")
    assert default.axes[0].get_ylabel() == "queries (test inputs)"


def test_heatmaps_of_one_grid_row_name_the_row_from_the_query_points():
    """Round-30 readers: the projections page's heatmaps never said which queries the rows
    are (the grid row x₂ = 2.5, x₁ from 0 to 4.75), and "query index (left to right)" read
    oddly on a vertical axis. Given the queries, the query axis names the row and the
    order, and the alt text says which queries the rows are, from the points passed in."""
    weights = {"A": np.full((3, 4), 1 / 4), "B": np.eye(3, 4)}
    points = torch.tensor([[0.0, 2.5], [0.25, 2.5], [4.75, 2.5]])
    en = at.plot_attention_heatmaps(weights, queries="grid_row", query_points=points, lang="en")
    assert [ax.get_ylabel() for ax in en.axes[:2]] == [
        "queries\n(row x₂ = 2.5,\nby x₁ ascending)"
    ] * 2
    assert en.axes[-2].get_xlabel() == "key index (sorted by x₁)"
    assert ". Y axis: queries (row x₂ = 2.5, by x₁ ascending);" in en.description
    assert (
        "Rows: the 3 queries of grid row x₂ = 2.5, x₁ from 0 (top) to 4.75 (bottom)."
        in en.description
    )
    zh = at.plot_attention_heatmaps(
        weights,
        queries="grid_row",
        query_points=points + torch.tensor([0, 1.0]),
        lang="zh",
    ).description
    assert "纵轴：查询（x₂ = 3.5 一行，按 x₁ 从小到大）" in zh
    assert "行：x₂ = 3.5 那一行的 3 个查询，x₁ 从上到下由 0 到 4.75。" in zh
    # the narrow layout names the row too
    narrow = at.plot_attention_heatmaps(
        weights, queries="grid_row", query_points=points, lang="en", layout="narrow"
    )
    assert narrow.axes[0].get_ylabel() == en.axes[0].get_ylabel()
    # the label fits its panel's height in both layouts and languages
    for lang in ("zh", "en"):
        for layout in ("wide", "narrow"):
            fig = at.plot_attention_heatmaps(
                weights, queries="grid_row", query_points=points, lang=lang, layout=layout
            )
            fig.draw_without_rendering()
            renderer = fig._get_renderer()
            for ax in fig.axes[:2]:
                label = ax.yaxis.label.get_window_extent(renderer)
                assert label.height < 0.9 * ax.get_window_extent(renderer).height, (lang, layout)
    # points that are not one row of the grid, x₁ ascending, or not the queries' count
    for bad, message in (
        (points[:2], r"shape \(3, 2\), one point per query, got \(2, 2\)"),
        (points.flip(0), "one row of the grid"),
        (points + torch.tensor([[0, 0], [0, 1.0], [0, 0]]), "one row of the grid"),
    ):
        with pytest.raises(ValueError, match=message):
            at.plot_attention_heatmaps(weights, queries="grid_row", query_points=bad, lang="en")
    with pytest.raises(ValueError, match="query_points needs queries='grid_row', got 'test'"):
        at.plot_attention_heatmaps(weights, query_points=points, lang="en")


def test_heatmaps_of_one_grid_row_can_tick_the_queries_in_x1():
    """Round-36 reader: the projections page had to say "the ticks are indices, not
    coordinates" of queries that are exactly x₁ = 0.25·i. With ``query_ticks="x1"`` the
    query axis is ticked in x₁ at its whole numbers; the keys keep their indices, and the
    default keeps today's index ticks."""
    weights = {"A": np.full((9, 4), 1 / 4), "B": np.eye(4)[np.arange(9) % 4]}
    points = torch.stack([torch.arange(9) * 0.25, torch.full((9,), 2.5)], dim=1)
    for lang, label in (
        ("en", "queries' x₁\n(row x₂ = 2.5)"),
        ("zh", "查询的 x₁\n（x₂ = 2.5 一行）"),
    ):
        for layout in ("wide", "narrow"):
            fig = at.plot_attention_heatmaps(
                weights,
                queries="grid_row",
                query_points=points,
                query_ticks="x1",
                lang=lang,
                layout=layout,
            )
            for ax in fig.axes[:2]:
                assert list(ax.get_yticks()) == [0, 4, 8]
                assert [t.get_text() for t in ax.get_yticklabels()] == ["0", "1", "2"]
                assert ax.get_ylabel() == label
    default = at.plot_attention_heatmaps(
        weights, queries="grid_row", query_points=points, lang="en"
    )
    assert default.axes[0].get_ylabel() == "queries\n(row x₂ = 2.5,\nby x₁ ascending)"
    with pytest.raises(ValueError, match="query_ticks='x1' needs query_points"):
        at.plot_attention_heatmaps(weights, queries="grid_row", query_ticks="x1")
    with pytest.raises(ValueError, match="query_ticks must be 'index' or 'x1', got 'x'"):
        at.plot_attention_heatmaps(weights, query_ticks="x")


def _band_and_patches() -> dict[str, np.ndarray]:
    """Two 4 x 12 weight tables: a band of 4 neighbouring keys per query, and the same band
    narrowed to two keys with three empty keys between them (patches)."""
    band, patches = np.zeros((4, 12)), np.zeros((4, 12))
    for q in range(4):
        band[q, 2 * q : 2 * q + 4] = 0.25
        patches[q, [2 * q, 2 * q + 4]] = 0.5
    return {"ProjectedAttention": band, "ScalarKernelAttention": patches}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_heatmaps_alt_text_says_whether_each_band_is_continuous(lang):
    """A reader found the projections heatmap's alt text generic: it must say that one band is
    continuous and the other broken into patches, with each one's keys in use."""
    text = at.plot_attention_heatmaps(_band_and_patches(), lang=lang).description
    if lang == "zh":
        assert "ProjectedAttention：有效键数 4.0，醒目的带连续（带内 100%" in text
        assert "ScalarKernelAttention：有效键数 2.0，醒目的带断成小块（带内 40%" in text
        assert "有效键数是每个查询的 1/Σα² 再对查询取平均" in text
        assert "颜色条从 0.00 到 0.50" in text
    else:
        assert (
            "ProjectedAttention: an effective 4.0 keys per query, the band is "
            "continuous (100% of the keys in the band have at least a tenth of the "
            "row's largest weight)" in text
        )
        assert (
            "ScalarKernelAttention: an effective 2.0 keys per query, the band is "
            "broken into patches (40% of" in text
        )
        assert "the effective number of keys: each query's 1/Σα², averaged over the queries" in text
        assert "the colour bar runs from 0.00 to 0.50" in text
    # round 16: what "keys in use" means is said once, not once per panel
    assert text.count("1/Σα²") == 1


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_heatmaps_alt_text_does_not_call_a_band_with_gaps_continuous(lang):
    """A reader found the projections heatmap's band called continuous although 43% of the
    keys inside it get no weight: a band with 4 of 7 keys weighted has gaps."""
    gaps = np.zeros((4, 12))
    for q in range(4):
        gaps[q, [q, q + 1, q + 3, q + 6]] = 0.25  # 4 of the 7 keys from the first to the last
    text = at.plot_attention_heatmaps({"A": gaps}, lang=lang).description
    if lang == "zh":
        assert (
            "A：有效键数 4.0" in text
            and "醒目的带有空隙（带内 57% 的键，权重不低于该行最大值的十分之一）" in text
        )
        assert "连续" not in text
    else:
        assert (
            "the band has gaps (57% of the keys in the band have at least a tenth "
            "of the row's largest weight)" in text
        )
        assert "continuous" not in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_heatmaps_alt_text_gives_the_picture_before_the_numbers(lang):
    """Review 26: the projections heatmaps' alt text gave the two measures but not the
    picture. A band that moves right as the queries go down runs from the top left to the
    bottom right; two panels are named by their place; patches whose cells line up down the
    queries (a key lit for several neighbouring queries) are vertical streaks."""
    band = np.zeros((6, 14))
    streaks = np.zeros((6, 14))
    for q in range(6):
        band[q, 2 * q : 2 * q + 3] = 1 / 3
        # keys 0, 4, 8 lit for queries 0 and 1, keys 2, 6, 10 for 2 and 3, and so on:
        # runs of two down the queries, of one along the keys
        streaks[q, [q // 2 * 2, q // 2 * 2 + 4, q // 2 * 2 + 8]] = 1 / 3
    text = at.plot_attention_heatmaps({"band": band, "streaks": streaks}, lang=lang).description
    if lang == "zh":
        assert "每幅图里醒目的带都沿对角线从左上走到右下。上图 band：有效键数 3.0" in text
        assert "下图 streaks：有效键数 3.0，醒目的带断成一段段竖条" in text
    else:
        assert (
            "from the top left to the bottom right. Upper panel, band: an effective 3.0 keys"
            in text
        )
        assert (
            "lower panel, streaks: an effective 3.0 keys per query, the band is broken into "
            "vertical streaks" in text
        )
    # a band that runs the other way, and patches that do not line up, say neither
    backwards = at.plot_attention_heatmaps({"A": band[::-1]}, lang=lang).description
    assert "左上" not in backwards and "top left" not in backwards
    patches = at.plot_attention_heatmaps(_band_and_patches(), lang=lang).description
    assert "竖条" not in patches and "streaks" not in patches


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_heatmaps_of_training_queries_give_the_weight_on_the_own_key(lang):
    """A reader found the leave-one-out heatmaps' alt text generic: with the training inputs
    as queries, each panel gives the mean weight on the diagonal (each point's own key):
    about half without the mask, exactly 0 with it. Round 26: it says that these numbers, and
    the keys in use, are computed from the weights and not written on the figure. Round 27:
    that the diagonal is each point's own key is said once, at the end, not in every panel.
    Review fx35: the picture, not the prose's numbers: the upper and lower panel named, one
    number each (the mean weight on the diagonal), the keys in use left to the prose.
    Round 37: "its mean weight computed from the weights drawn, not written on the figure"
    read badly aloud: the mean weights are "not shown on the figure"; the colour bar's 0
    is read as printed on it, 0.00. Round 52: "the mean weights on it are not shown" read as
    a fragment: "these means are printed by the code, not drawn"."""
    own = np.array([[0.5, 0.3, 0.2], [0.25, 0.5, 0.25], [0.1, 0.4, 0.5]])
    masked = np.array([[0.0, 0.6, 0.4], [0.5, 0.0, 0.5], [0.2, 0.8, 0.0]])
    text = at.plot_attention_heatmaps(
        {"softmax(scores)": own, "masked": masked}, queries="train", lang=lang
    ).description
    if lang == "zh":
        assert text.startswith("两幅注意力权重热图上下排列")  # counted, not "几幅"
        stands_out = "对角线最醒目（每一行最大的权重都在对角线上）"
        upper = f"上图 softmax(scores)：{stands_out}，对角线上的权重平均为 0.50"
        assert upper + "；下图 masked：" in text
        assert text.count("自己的键") == 1
        # a reader: say what the eye sees, the weight moved beside the diagonal
        assert "masked：权重移到了对角线两侧的格子上（每一行最大的权重都紧挨着对角线）" in text
        assert (
            "上的权重平均为 0；对角线是每个点自己的键；这些平均值由代码打印，图上没有画出；"
            "颜色条从 0.00 到 0.80。" in text
        )
        assert "有效键数" not in text
    else:
        assert text.startswith("Two heatmaps of attention weights, one above the other")
        stands_out = "a diagonal that stands out (every row has its largest weight on it)"
        assert f"Upper panel, softmax(scores): {stands_out}, mean weight on the diagonal" in text
        assert "mean weight on the diagonal 0.50; lower panel, masked:" in text
        assert text.count("own key") == 1
        assert "masked: the weight moved to the cells beside the diagonal (every row" in text
        assert (
            "on the diagonal 0; the diagonal is each point's own key; these means are printed "
            "by the code, not drawn; the colour bar runs from 0.00 to 0.80." in text
        )
        assert "in use" not in text
    assert "band" not in text and "带内" not in text
    three = at.plot_attention_heatmaps(
        {"a": own, "b": masked, "c": own}, queries="train", lang=lang
    )
    assert three.description.startswith(ALT[lang]["plot_attention_heatmaps"])  # not "two"
    mostly = np.eye(4)
    mostly[3] = [0.0, 0.0, 0.9, 0.1]  # three rows of four on the diagonal
    text = at.plot_attention_heatmaps({"m": mostly}, queries="train", lang=lang).description
    assert ("（75% 的行里最大的权重在对角线上）" if lang == "zh" else "(75% of the rows") in text
    scattered = np.roll(np.eye(6), 3, axis=1)  # every row's weight three cells off the diagonal
    text = at.plot_attention_heatmaps({"far": scattered}, queries="train", lang=lang).description
    assert ("大多离对角线较远" if lang == "zh" else "mostly lie away from the diagonal") in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_explorer_panels_alt_text_ends_with_the_colour_bar_it_spans(lang):
    """The static explorer's alt text ended with "colour bar:." and nothing after: the colour
    bar is named, and the sentence says what it spans (from 0 to the largest weight) and
    the loss at the drawn w. r33: it described the slider ("the larger w, the narrower the
    bumps"); it now says what the picture shows at its w, computed from the drawn data: where
    each query's weights peak, the fit's largest error, and the loss curve's minimum."""
    data = at.make_data()
    fig = at.plot_explorer_panels(data, 2.0, lang=lang)
    y_hat, weights = at.nadaraya_watson(data.x_test, data.x_train, data.y_train, 0.5)
    top = f"{weights.max().item():.3f}"
    loss = f"{at.loss_at_w(2.0, data.x_train, data.y_train):.2f}"
    text = fig.description
    assert not text.endswith(("颜色条：。", "colour bar:."))
    assert "larger w" not in text and "w 越大" not in text  # the slider's story, not the picture
    x_test, x_train = data.x_test.tolist(), data.x_train.tolist()
    peaks = []
    for i in (0, 25, 40):
        key = x_train[int(weights[i].argmax())]
        peak = f"{weights[i].max().item():.3f}"
        if lang == "zh":
            peaks.append(f"x = {x_test[i]:.1f} 这个查询的权重在键 x = {key:.2f} 处最大（{peak}）")
        else:
            peaks.append(
                f"the query at x = {x_test[i]:.1f} gives its largest weight, {peak}, to the "
                f"key x = {key:.2f}"
            )
    errors = (y_hat - data.y_truth).abs()
    worst = int(errors.argmax())
    fit, truth = f"{y_hat[worst].item():.2f}", f"{data.y_truth[worst].item():.2f}"
    ws = np.logspace(-1, 3, 101)
    curve = at.loss_curve(ws, data.x_train, data.y_train)
    low, best = f"{curve.min():.1f}", f"{ws[int(curve.argmin())]:.3g}"
    assert best == "3.98" and float(best) > 2.0  # so the minimum lies right of the line
    if lang == "zh":
        assert text.endswith("颜色条：注意力权重。")
        assert (
            f"图上 w = 2：{'，'.join(peaks)}；拟合离真实函数最远在 x = {x_test[worst]:.1f}"
            f"（{fit}，真实值 {truth}）；热图的颜色条从 0 到最大的权重 {top}；"
            f"竖线处的留一法损失是 {loss}，最小值 {low} 在 w ≈ {best}（星号），在竖线右边。"
        ) in text
    else:
        assert text.endswith("colour bar: attention weight.")
        assert (
            f"At the drawn w = 2: {'; '.join(peaks)}; the fit is furthest from the true "
            f"function at x = {x_test[worst]:.1f} ({fit} against {truth}); the heatmap's colour "
            f"bar runs from 0 to the largest weight, {top}; the leave-one-out loss is {loss} at "
            f"the vertical line, and its minimum, {low} at w ≈ {best} (the star), lies to its "
            "right."
        ) in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_gallery_alt_text_gives_the_drawn_fits_errors(lang):
    """The gallery's alt text said that a small h follows the noise, under a figure whose
    h = 0.5 fit is smooth: it now gives the smallest and the largest h's MSE, as the titles
    of their panels print them, and how concentrated their weights are."""
    data = at.make_data()
    args = (data.x_test, data.y_truth, data.x_train, data.y_train)
    fig = at.plot_bandwidth_gallery(*args, [2.0, 0.5, 1.0], lang=lang)
    titles = [ax.get_title() for ax in fig.axes if ax.get_title().startswith("h = ")]
    mse = {t.split("\n")[0]: t.split("= ")[-1] for t in titles}  # "h = 0.5": "0.118"
    assert "噪声抖动" not in fig.description and "follows the noise" not in fig.description
    first, last = fig.description.index("h = 0.5"), fig.description.index("h = 2 ")
    assert first < last
    assert mse["h = 0.5"] in fig.description[first:last]
    assert mse["h = 2"] in fig.description[last:]
    _, weights = at.nadaraya_watson(data.x_test, data.x_train, data.y_train, bandwidth=0.5)
    assert f"{weights.max(dim=1).values.mean().item():.2f}" in fig.description[first:last]
    one = at.plot_bandwidth_gallery(*args, [1.0], lang=lang)
    assert one.description.count("h = 1") == 2  # the alt text's sentence and the title


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_list_of_drawn_words_names_every_legend_entry_and_each_title_once(lang):
    """fx35: every alt text ended with the figure's titles, axes and legend, repeating the
    description: the transformer heatmaps said each title twice. fx35-alt2: leaving out each
    legend entry the description already said left the languages with different partial
    legends (the English loss-against-w chart listed one of three entries, the stepper's
    only its minimum). Every legend entry is listed, in both languages; a title the
    description says word for word is not said again; an axis stays unless the description
    names it as that axis."""
    data = at.make_data()
    name = "training w, lr = 0.5" if lang == "en" else "训练 w，lr = 0.5"
    paths = at.plot_w_paths(data.x_train, data.y_train, {name: [0.5, 16.9]}, lang=lang)
    text = paths.description
    _, _, tail = text.partition(". X axis:" if lang == "en" else "。横轴：")
    legend = paths.legends[0] if paths.legends else paths.axes[0].get_legend()
    entries = [" ".join(t.get_text().split()) for t in legend.get_texts()]
    assert len(entries) == 5  # the curve, the path, the minimum and the two markers
    listed = ("legend: " if lang == "en" else "图例：") + ("; " if lang == "en" else "；").join(
        entries
    )
    assert listed in tail, (listed, tail)
    ws = torch.logspace(-1, 3, 9)
    own = at.loss_curve(ws, data.x_train, data.y_train, leave_one_out=False)
    left_out = at.loss_curve(ws, data.x_train, data.y_train)
    vs_w = at.plot_loss_vs_w(ws, own, left_out, lang=lang)
    drawn = [t.get_text() for t in vs_w.axes[0].get_legend().get_texts()]
    assert len(drawn) == 3 and all(entry in vs_w.description for entry in drawn)
    scores = torch.tensor([[0.9, 0.1], [0.2, 0.8]])
    titles = ["softmax(scores)", "softmax(scores.masked_fill(eye, -inf))"]
    heat = at.plot_attention_heatmaps(
        dict(zip(titles, (scores, scores.flip(1)), strict=True)), queries="train", lang=lang
    ).description
    for title in titles:
        assert heat.count(title) == 1, (title, heat)
    # an axis the description does not name as an axis stays
    assert ("y axis: queries" if lang == "en" else "纵轴：查询") in heat.lower()
