"""The shape flow of the non-parametric prediction and of leave-one-out training, step by step.

Explained on the page `recap.md`.
"""

from __future__ import annotations

import torch
from matplotlib.patches import FancyBboxPatch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures._base import (
    FONTS,
    MONO,
    TutorialFigure,
    bilingual,
    building,
    new_figure,
    phone_layout,
)
from attention_tutorial.model import NWKernelRegression
from attention_tutorial.pooling import leave_one_out, nadaraya_watson
from attention_tutorial.scores import score

# "wide": the site's desktop column; "narrow": a phone's, where it keeps 11 px text
LAYOUTS = ("wide", "narrow")
# the wide drawing is the narrow one enlarged: boxes, gaps and text alike
_SCALE = {"wide": 1.25, "narrow": 1.0}
# The canvas, in inches: the wide drawing fills it, 8.5 inches, a little more than the site's
# column at 1280 px (768 px), which shows its 15.6 px text at about 14 px; a narrower column
# scales it down further. The narrow one is its drawing alone.
_CANVAS = {"wide": 8.5, "narrow": None}
# The drawing's width, in the narrow one's inches (before ``_SCALE``). Wide: the input that
# enters a step sits beside it, right of the chain (r35: with each input on a row of its own
# above its step, the boxes used 440 of the column's 768 px and the figure was 1286 px tall,
# more than a 1280 x 900 screen shows); narrow: on a row of its own, as a phone has no room
_WIDTH = {"wide": 6.8, "narrow": 3.8}
# wide: the chain's boxes end here, the inputs' boxes start at ``_SIDE_BOX``
_CHAIN_END, _SIDE_BOX = 3.62, 3.86


def _flow_shapes(x_test: Tensor, x_train: Tensor, y_train: Tensor) -> dict[str, tuple[int, ...]]:
    """Run both flows once and record the shape of every tensor the flow diagram shows."""
    n_train = len(x_train)
    queries = x_test.repeat_interleave(n_train)  # (n_test * n_train,)
    tiled = queries.reshape(-1, n_train)  # (n_test, n_train)
    scores = score(tiled - x_train, 1.0)  # (n_test, n_train): -(q - k)^2 / 2
    y_hat, weights = nadaraya_watson(x_test, x_train, y_train)  # (n_test,), (n_test, n_train)
    keys, values = leave_one_out(x_train, y_train)  # (n_train, n_train - 1)
    n_keys = keys.shape[1]
    # the model's own first steps: each training input tiled against its n_train - 1 keys
    loo_queries = x_train.repeat_interleave(n_keys).reshape(-1, n_keys)  # (n_train, n_train - 1)
    model = NWKernelRegression(w=1.0)
    with torch.no_grad():
        loo_scores = score(loo_queries - keys, model.w)  # (n_train, n_train - 1)
        y_fit = model(x_train, keys, values)  # (n_train,)
    loo_weights = model.attention_weights  # (n_train, n_train - 1)
    assert loo_weights is not None
    left = loo_weights.unsqueeze(1)  # (n_train, 1, n_train - 1)
    right = values.unsqueeze(-1)  # (n_train, n_train - 1, 1)
    product = torch.bmm(left, right)  # (n_train, 1, 1)
    return {
        "x_test": tuple(x_test.shape), "repeat": tuple(queries.shape),
        "tiled": tuple(tiled.shape), "scores": tuple(scores.shape),
        "weights": tuple(weights.shape), "y_hat": tuple(y_hat.shape),
        "x_train": tuple(x_train.shape), "keys": tuple(keys.shape),
        "loo_queries": tuple(loo_queries.shape), "loo_scores": tuple(loo_scores.shape),
        "loo_weights": tuple(loo_weights.shape), "left": tuple(left.shape),
        "right": tuple(right.shape), "product": tuple(product.shape),
        "y_fit": tuple(y_fit.shape),
    }  # fmt: skip


# The inputs that enter the flow beside the chain (the keys where the scores need them, the
# values where they are averaged; in training the tiled queries, where the scores need them),
# and how the alt text says so; the prediction's tiled queries are named in their box
_INPUTS = {
    "zh": {"keys": "键：x_train", "values": "值：y_train", "keys_alt": "键 x_train",
           "values_alt": "值 y_train", "queries_alt": "查询 x_train 平铺",
           "tiled": "查询：reshape(-1, n_train)", "enters": "（{what} {shape} 在这一步进入）",
           "split": "键、值：leave_one_out", "each": "各 {shape}"},
    "en": {"keys": "keys: x_train", "values": "values: y_train", "keys_alt": "the keys x_train",
           "values_alt": "the values y_train", "queries_alt": "the queries x_train tiled",
           "tiled": "queries: reshape(-1, n_train)", "enters": ", with {what} {shape}",
           "split": "keys, values: leave_one_out", "each": "{shape} each"},
}  # fmt: skip


# The shape flow's dark variant: its boxes a dark blue and a dark orange (the page still calls
# them blue and orange), the text on them light, as on the rest of a dark page. Only in this
# figure's SVG, after ``DARK_SVG_STYLE``; the boxes are found by their gid (``flowbox-...``).
DARK_FLOW_STYLE = (
    "@media (prefers-color-scheme: dark) {"
    ' g[id^="flowbox-ends"] path { fill: #234a78 !important; }'
    ' g[id^="flowbox-middle"] path { fill: #87460f !important; }'
    ' text[style*="fill: #1a1a1a"] { fill: #eceef2 !important; }'
    " }"
)


@bilingual
def plot_shape_flow(
    x_test: Tensor,
    x_train: Tensor,
    y_train: Tensor,
    *,
    layout: str = "wide",
    lang: str | None = None,
) -> TutorialFigure:
    r"""Draw the tensor shapes of the non-parametric prediction and of leave-one-out training.

    Two groups of boxes, one above the other, read top to bottom: first the
    non-parametric prediction (the test inputs as queries, tiled with
    ``repeat_interleave``), then the parametric model's leave-one-out training
    (``leave_one_out`` turns ``x_train`` and ``y_train`` into keys and values, a row of
    the other ``n_train - 1`` points for each training input, and each training input is
    a query against its row, through ``bmm``). The keys and the values enter as blue
    boxes beside the chain (on a phone: each in a row of its own above the step), each
    with an arrow into the step that takes it in; in training the tiled queries enter
    the same way, in an orange box (a tensor in between). The shapes are not typed in:
    both flows are run on the given data and every box shows the shape of the real
    tensor.

    Explained on the page `recap.md`.

    Args:
        x_test: Test inputs (queries), a ``torch.Tensor`` (not a numpy array) of
            shape ``(n_test,)``.
        x_train: Training inputs (keys), a ``torch.Tensor`` of shape ``(n_train,)``,
            ``n_train >= 2``.
        y_train: Training outputs (values), a ``torch.Tensor`` of shape ``(n_train,)``.
        layout: ``"wide"``, or ``"narrow"`` or ``"stacked"`` (two names for the same
            phone layout): one column; each input gets a row of its own above the step
            that takes it in.
        lang: The language of the row titles: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure, with one axes (no ticks).

    Raises:
        TypeError: If ``x_test``, ``x_train`` or ``y_train`` is not a
            ``torch.Tensor`` (a numpy array is refused; the error names it).
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, or a shape is invalid.

    Examples:
        >>> # 3 test inputs (queries),
        >>> # 4 training points (keys, values)
        >>> fig = plot_shape_flow(
        ...     torch.zeros(3),
        ...     torch.arange(4.0),
        ...     torch.ones(4),
        ...     lang="en",
        ... )
    """
    with building(lang) as labels:
        layout = phone_layout(layout, "narrow")
        for name, value in (("x_test", x_test), ("x_train", x_train), ("y_train", y_train)):
            _checks.tensor(name, value)  # a numpy array failed deep inside, unnamed
        shapes = _flow_shapes(x_test, x_train, y_train)
        # a step's third item: the input that enters there (drawn as a blue box beside the
        # chain, its arrow into the step), e.g. the keys where the scores need them
        words = _INPUTS[lang]
        keys_in = (words["keys"], shapes["x_train"], words["keys_alt"], "ends")
        values_in = (words["values"], shapes["x_train"], words["values_alt"], "ends")
        y_train_in = ("y_train", shapes["x_train"], "y_train", "ends")  # made into values here
        # drawn in the chain after leave_one_out, the tiled queries read as its
        # output; they meet its keys at the scores, computed on the way (orange)
        queries_in = (labels["flow_tiled_queries"], shapes["loo_queries"], words["queries_alt"],
                      "middle")  # fmt: skip
        rows = [
            (labels["row_nonparametric"], [
                ("x_test", shapes["x_test"], None),
                ("repeat_interleave", shapes["repeat"], None),
                (words["tiled"], shapes["tiled"], None),  # the query matrix
                ("scores −(q−k)²/2", shapes["scores"], keys_in),
                ("softmax(dim=1)", shapes["weights"], None),
                ("matmul(·, y_train)", shapes["y_hat"], values_in),
            ]),
            (labels["row_training"], [
                ("x_train", shapes["x_train"], None),
                # the 1-D to 2-D step of training: each row the other n_train - 1 points
                # two tensors of one shape: the box names both and gives the shape of each
                # (one shape by "leave_one_out(x_train, y_train)" read as one tensor)
                (words["split"], words["each"].format(shape=shapes["keys"]), y_train_in),
                ("scores −((q−k)w)²/2", shapes["loo_scores"], queries_in),
                ("softmax(dim=1)", shapes["loo_weights"], None),
                ("unsqueeze(1)", shapes["left"], None),
                ("bmm(·, values.unsqueeze(-1))", shapes["product"], None),
                ("reshape(-1)", shapes["y_fit"], None),
            ]),
        ]  # fmt: skip
        # One column, read top to bottom, so that it keeps its size on a phone: the narrow
        # figure is 3.8 inches wide (380 CSS px at the site's 100 dpi), its text 10 pt (about
        # 14 px, 12 px in a phone's 335 px column). The wide one is the drawing scaled by 1.25
        # (475 px), its text 9 pt scaled (about 15.6 px): a desktop column showed the narrow
        # one 365 px wide, its labels smaller than the page's text. Placed in the narrow one's
        # inches.
        scale = _SCALE[layout]
        # narrow: 10 pt, not 9, whose monospace labels read small on a 375 px screen
        text, title_size = (9 * scale, 10 * scale) if layout == "wide" else (10, 11)  # pt
        beside = layout == "wide"  # the inputs beside their steps, not on rows of their own
        # inches; wide: tighter, so that the whole figure fits a 1280 x 900 screen
        step_h, gap, title_h, between, key_h = (
            (0.32, 0.12, 0.34, 0.25, 0.4) if beside else (0.36, 0.2, 0.4, 0.3, 0.4)
        )
        # narrow: an input that enters a step takes a row of its own above that step
        heights = [
            title_h
            + sum((2 if entry and not beside else 1) * (step_h + gap) for *_, entry in steps)
            - gap
            for _, steps in rows
        ]
        width, height = _WIDTH[layout], sum(heights) + between + key_h + 0.1
        # the chain's boxes end at ``chain_end``; wide, the inputs' boxes start at ``side``
        chain_end = _CHAIN_END if beside else width - 0.08
        canvas = _CANVAS[layout] or width * scale
        fig = new_figure((canvas, height * scale))
        fig.set_layout_engine("none")  # one axes, placed by hand in the canvas's middle
        drawn = width * scale / canvas  # the drawing's share of the canvas's width
        ax = fig.add_axes(((1 - drawn) / 2, 0, drawn, 1))
        ax.set_xlim(0, width)
        ax.set_ylim(0, height)
        ax.axis("off")
        mono = [*MONO, *FONTS[lang]]  # code in monospace, a Chinese word from the page's font
        ends, middle = "#d6e4f5", "#fde2c8"  # inputs and outputs; the tensors in between
        # the page and the key name these colours ("blue", "orange"): the dark palette must
        # not invert them (``DARK_SVG_STYLE``), and gives them a dark blue and orange of its
        # own, under light text (``DARK_FLOW_STYLE``)
        fig.keeps_colours = True
        fig.dark_style = DARK_FLOW_STYLE
        on_box = "#1a1a1a"
        top = height - 0.05
        # the chain's arrows on the left; an input's box from ``side`` to the right edge
        # room for "queries: x_train tiled" and its shape, and more (0.85, not
        # 1.0): on a 375 px phone the label almost ran into its shape
        chain, side = 0.7, _SIDE_BOX if beside else 0.85
        for form, ((title, steps), form_h) in enumerate(zip(rows, heights, strict=True)):
            ax.text(0.08, top - title_h / 2, title, fontsize=title_size, fontweight="bold",
                    va="center", gid=f"caption:{title}")  # fmt: skip
            y = top - title_h
            for c, (code, shape, entry) in enumerate(steps):
                kind = "ends" if c in (0, len(steps) - 1) else "middle"
                colour = ends if kind == "ends" else middle
                if entry:  # the input, right of the chain's arrow, and its arrow into the step
                    # "ends" (an input) or "middle" (computed on the way)
                    gid = f"flowbox-{entry[3]}-{form}-{c}-in"
                    ax.add_patch(FancyBboxPatch((side, y - step_h), width - 0.08 - side, step_h,
                                                facecolor=ends if entry[3] == "ends" else middle,
                                                boxstyle="round,pad=0.0,rounding_size=0.06",
                                                gid=gid))  # fmt: skip
                    ax.text(side + 0.08, y - step_h / 2, entry[0], ha="left", va="center",
                            fontsize=text, family=mono, color=on_box,
                            gid=f"code:{entry[0]}")  # fmt: skip
                    ax.text(width - 0.16, y - step_h / 2, str(entry[1]), ha="right", va="center",
                            fontsize=text, family=MONO, fontweight="bold", color=on_box,
                            gid=f"shape:{entry[1]}")  # fmt: skip
                    if beside:  # its arrow leftwards, into the step on the same row
                        tail, head = (side, y - step_h / 2), (chain_end, y - step_h / 2)
                    else:  # its arrow down, into the step on the next row
                        across = (side + width - 0.08) / 2
                        tail, head = (across, y - step_h), (across, y - step_h - gap)
                    ax.annotate("", xy=head, xytext=tail,
                                arrowprops={"arrowstyle": "->",
                                            "mutation_scale": 10 * scale})  # fmt: skip
                    if not beside:
                        y -= step_h + gap
                box = FancyBboxPatch((0.08, y - step_h), chain_end - 0.08, step_h, facecolor=colour,
                                     boxstyle="round,pad=0.0,rounding_size=0.06",
                                     gid=f"flowbox-{kind}-{form}-{c}")  # fmt: skip
                ax.add_patch(box)
                middle_y = y - step_h / 2
                ax.text(0.16, middle_y, code, ha="left", va="center", fontsize=text, family=mono,
                        color=on_box, gid=f"code:{code}")  # fmt: skip
                # mono: a Chinese word ("各") from the page's font
                ax.text(chain_end - 0.08, middle_y, str(shape), ha="right", va="center",
                        fontsize=text, family=mono, fontweight="bold", color=on_box,
                        gid=f"shape:{shape}")  # fmt: skip
                if c:  # the chain's arrow, past the row of an input that enters here
                    start = y + gap + (step_h + gap if entry and not beside else 0)
                    ax.annotate("", xy=(chain, y), xytext=(chain, start),
                                arrowprops={"arrowstyle": "->",
                                            "mutation_scale": 10 * scale})  # fmt: skip
                y -= step_h + gap
            top -= form_h + between
        # the colour key, under the two groups: a swatch and its words, two to a line
        key_y = 0.05 + key_h / 2
        swatches = ((0.08, "ends", ends, labels["flow_ends"]),
                    (chain_end / 2 + 0.04, "middle", middle, labels["flow_middle"]))  # fmt: skip
        for x, kind, colour, word in swatches:
            ax.add_patch(FancyBboxPatch((x, key_y - 0.09), 0.28, 0.18, facecolor=colour,
                                        boxstyle="round,pad=0.0,rounding_size=0.04",
                                        gid=f"flowbox-{kind}-key"))  # fmt: skip
            ax.text(
                x + 0.36, key_y, word, va="center", fontsize=text, gid=f"caption:key:{word}"
            )  # in the alt lead
        # the alt text names every step with its shape, in order (the words drawn above,
        # which the alt text would otherwise list once each, losing the repeated shapes)
        zh = lang == "zh"
        arrow = " → "
        fig.alt_facts = ("" if zh else " ").join(
            (f"{title}：" if zh else f"{title[:1].upper()}{title[1:]}: ")
            + arrow.join(
                f"{code} {shape}"
                + (words["enters"].format(what=entry[2], shape=entry[1]) if entry else "")
                for code, shape, entry in steps
            )
            + ("。" if zh else ".")
            for title, steps in rows
        )
        if layout == "wide":
            fig.narrow_layout = {"layout": "narrow"}  # the site draws it too, for phones
    return fig
