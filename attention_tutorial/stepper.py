"""The SGD stepper: the reader takes the chapter's gradient-descent steps one at a time.

``sgd_stepper`` returns an ``SgdStepper``, which a notebook cell displays: on the
site with its controls, elsewhere as the static picture of its path
(``figures.curves.plot_w_paths``), in the current language
(``figures.set_language``). Its steps are those of ``training_paths.w_path``.

Explained on the page `smoothness.md`.
"""

from __future__ import annotations

import base64
import html
import json
import numbers
from typing import Any

import numpy as np
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.data import ToyData, make_data
from attention_tutorial.explorer import STATIC_STYLE, BandwidthExplorer, _floats
from attention_tutorial.figures._base import current_language, encode, labels
from attention_tutorial.figures.curves import LAYOUTS, plot_w_paths
from attention_tutorial.training_paths import w_path

# The control's learning rates: 1-2-5 steps per decade (a log scale), with the
# chapter's 0.5 and the gentler 0.05 among them.
LEARNING_RATES = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0)
# The curve: log10(w) from -1 to 3.5 in steps of 0.01. It holds every point of the
# explorer's grid (-1 to 3), so both mark the same minimum, and reaches past 1000,
# where log w at lr 0.5 lands in one step.
W_MIN, W_MAX, W_STEPS = 0.1, 10**3.5, 451
MAX_STEPS = 50  # the step button stops here

_LABELS = {
    "zh": {
        "title": "SGD 单步演示",
        "alt": "曲线图：留一法损失随 w（对数坐标）的变化，方块是初值，圆点是 SGD 走过的 w，"
        "星号是网格上的最低点；在本章的设置下（学习率 {lr}，训练 {param}），"
        "点线圆圈标出本章训练停下的那一步，那个 w 处还有一条标着“第 {k} 步”的竖直点线；"
        "当前这一步见图上方的读数。",
        "lr": "学习率 lr",
        "lr_name": "学习率 lr（对数刻度）",
        "parameter": "训练的参数",
        "step": "走一步",
        "reset": "重来",
        "restart": "改变学习率或参数，就从初值重新开始。",
        "step_col": "步",
        "gradient": "梯度",
        "loss": "损失 L",
        "start": "初值",
        "path": "走过的 w",
        "current": "当前的 w（最新一步）",
        "minimum": "留一法的最小值",
        "step_n": "第 {k} 步",
        "chapter_end": "第 {k} 步（本章训练的步数）",
        "chapter_short": "（本章）",
        "readout": "{step}：w = {w}，{grad_name} = {grad}，L = {loss}{notes}",
        "notes": "（{notes}）",
        "note_sep": "；",
        "sentence_sep": "。",
        "elided": "省略了第 {a}–{b} 步",
        "negative": "w < 0，画在 |w| 处",
        "off_chart": "超出图的范围",
        "diverged": (
            "第 {k} 步让 w 超出了 float32 能表示的范围（约 3.4e38）：请重来，或减小学习率。"
        ),
        "last_step": "已走满 {k} 步，请按“重来”。",
        "path_name": "训练 {param}，lr = {lr:g}",  # the static picture's legend
        "static": "学习率 {lr:g}、训练 {param} 时 {k} 步的路径"
        "（静态版；在本网站上开启 JavaScript，就可以自己一步步走）",
        "static_alt": "静态图：从 w = {w0:.3g} 出发，学习率 {lr:g}，训练 {param}，走 {k} 步 SGD。",
    },
    "en": {
        "title": "SGD stepper",
        "alt": "Line chart of the leave-one-out loss against w (log scale): a square at the "
        "initial w, dots at the w of each SGD step, a star at the grid's minimum and, at the "
        "chapter's settings (lr {lr}, training {param}), a dotted ring at the step where the "
        "chapter's training stops, and a dotted vertical line at that w labelled “Step {k}”; "
        "the readout above it gives the current step.",
        "lr": "learning rate lr",
        "lr_name": "learning rate lr (log scale)",
        "parameter": "trained parameter",
        "step": "Step",
        "reset": "Reset",
        "restart": "Changing lr or the parameter starts again from the initial w.",
        "step_col": "Step",
        "gradient": "Gradient",
        "loss": "Loss L",
        "start": "Start",
        "path": "Earlier steps",
        "current": "Current w (the latest step)",
        "minimum": "Leave-one-out minimum",
        "step_n": "Step {k}",
        "chapter_end": "Step {k}, the chapter's number of steps",
        "chapter_short": " (chapter)",  # as the Chinese "（本章）": the chapter's step
        "readout": "{step}: w = {w}, {grad_name} = {grad}, L = {loss}{notes}",
        "notes": " ({notes})",
        "note_sep": "; ",
        "sentence_sep": ". ",
        "elided": "steps {a} to {b} left out",
        "negative": "w < 0, drawn at |w|",
        "off_chart": "off the chart",
        "diverged": (
            "Step {k} took w beyond float32's range (about 3.4e38): reset, or take a "
            "smaller learning rate."
        ),
        "last_step": "{k} steps taken; press Reset to start again.",
        "path_name": "training {param}, lr = {lr:g}",  # the static picture's legend
        "static": "The path of {k} steps at lr = {lr:g}, training {param} (static: turn on "
        "JavaScript on this site to take the steps yourself)",
        "static_alt": "Static picture: from w = {w0:.3g}, at learning rate {lr:g}, training "
        "{param}, {k} steps of SGD.",
    },
}
# words of the static picture only (drawn in Python): not sent to the page's script
_STATIC_ONLY = frozenset({"path_name", "static", "static_alt"})
# the JavaScript's name of a word -> its key in figures._labels.LABELS
# (the legend's words are the stepper's own: in English each entry starts with a capital)
_SHARED = {"w_axis": "w_log", "loss_axis": "loo_loss", "loss_axis_narrow": "loo_loss_narrow"}


def _words(lang: str) -> dict[str, str]:
    """Every word the page's stepper shows, in ``lang``."""
    if lang not in _LABELS:
        raise ValueError(f"lang must be 'zh' or 'en', got {lang!r}")
    shared = labels(lang)
    return {**{name: shared[key] for name, key in _SHARED.items()}, **_LABELS[lang]}


def _parameter(log_w: bool) -> str:
    return "log w" if log_w else "w"


def sgd_stepper(
    data: ToyData | None = None,
    *,
    w0: float | Tensor,
    lr: float = 0.5,
    log_w: bool = False,
    steps: int = 5,
) -> SgdStepper:
    """Return the SGD stepper of ``data`` (``make_data()`` by default); end a cell with it.

    Explained on the page `smoothness.md`.

    Each press of *Step* takes one step of ``w_path`` (full-batch SGD on the
    summed leave-one-out loss), up to ``MAX_STEPS`` (50) steps; the readout
    above the live chart and the table under it give each step's ``w``, its
    loss and its gradient. ``w_path`` gives each step's ``w`` and
    ``loss_curve(path, x, y)`` its loss; when ``w`` is trained, the gradient
    at ``path[k]`` (step ``k + 1`` moves against it: ``w - lr * gradient``)
    is ``(path[k] - path[k + 1]) / lr``.

    Args:
        data: The toy data set; ``make_data()`` if ``None``.
        w0: The initial ``w`` (the inverse bandwidth ``1 / h``) of the path,
            and again after each Reset: a number (not a bool) or a one-element
            floating tensor such as ``model.w``. The chapter's is about 0.4963,
            the untrained model's ``w`` after ``torch.manual_seed(SEED)``, as on
            the page `parametric.md` (the example takes it from the model).
            It must lie between 0.1 and ``10**3.5``, the ends of the chart.
        lr: The learning rate the control starts at (the reader can change it on
            the lesson page), one of the 13 values of ``LEARNING_RATES``
            (0.001, 0.002, 0.005, ..., 5, 10: a 1-2-5 sequence), imported with
            ``from attention_tutorial.stepper import LEARNING_RATES``.
        log_w: Start with ``log w`` as the trained parameter instead of ``w``:
            each step then changes ``w`` by a factor, and ``w`` stays positive.
        steps: The number of steps the static picture draws and the step the
            live chart marks with a dotted ring and a vertical line, 1 to 50 (the
            chapter's 5 by default); the *Step* button goes on to
            ``MAX_STEPS`` (50) steps whatever ``steps`` is.

    Returns:
        An ``SgdStepper``, which a notebook cell displays: with its controls on
        this site's lesson page, as the static picture of its path elsewhere
        (in Jupyter too).

    Raises:
        TypeError: If ``data`` is not a ``ToyData``, ``w0`` is not a number or
            a tensor, or is a bool (``True`` is not a valid ``w``), ``lr`` is not a
            number or is a bool, ``log_w`` is not a bool or ``steps`` not an int.
        ValueError: If ``w0`` is a tensor but has more than one element or an
            integer or bool dtype, ``w0`` or ``steps`` is out of range, ``lr`` is not one
            of ``LEARNING_RATES``, or if, within ``steps`` steps from ``w0`` at
            ``lr``, ``w`` stops being a positive finite number: the static picture
            needs every ``w`` on its log axis. If ``w`` overflows (training
            ``log w``: ``w0=1, lr=5, log_w=True`` on ``make_data()``), take a
            smaller ``lr``. If ``w`` goes to 0 or below (only when training
            ``w``: ``w0=5, lr=10``), take a smaller ``lr`` or ``log_w=True``,
            which keeps ``w`` positive.

    Examples:
        >>> # w0: the untrained model's w,
        >>> # seeded as in the chapter
        >>> _ = torch.manual_seed(SEED)
        >>> w0 = NWKernelRegression().w.item()
        >>> # the chapter's stepper
        >>> stepper = sgd_stepper(w0=w0)
        >>> # default: the chapter's settings
        >>> stepper.lr, stepper.steps
        (0.5, 5)
        >>> # where its 5 steps end (path()
        >>> # holds w0 and w after each step)
        >>> round(stepper.path()[-1], 2)
        16.2
        >>> # training log w at lr 0.5, one
        >>> # step overshoots to about 1700
        >>> s = sgd_stepper(w0=w0, log_w=True)
        >>> round(s.path()[1])
        1700
    """
    data = make_data() if data is None else data
    if not isinstance(data, ToyData):
        raise TypeError(f"data must be a ToyData (from make_data), got {type(data).__name__}")
    w0 = _checks.scalar("w0", w0, positive=True)
    if not W_MIN <= w0 <= W_MAX:
        raise ValueError(f"w0 must be between {W_MIN} and {W_MAX:.6g}, got {w0!r}")
    lr = _checks.positive_number("lr", lr)
    if lr not in LEARNING_RATES:
        raise ValueError(f"lr must be one of the control's values {LEARNING_RATES}, got {lr!r}")
    if isinstance(log_w, np.bool_):  # numpy's bool (from a comparison of arrays) is a bool
        log_w = bool(log_w)
    log_w = _checks.boolean("log_w", log_w)
    if isinstance(steps, numbers.Integral) and not isinstance(steps, bool):
        if not 1 <= steps <= MAX_STEPS:  # one message for both ends of the range
            raise ValueError(f"steps must be an int from 1 to {MAX_STEPS}, got {steps}")
    steps = _checks.integer("steps", steps, minimum=1, maximum=MAX_STEPS)
    stepper = SgdStepper(data, w0, lr, log_w, steps)
    settings = f"w0 = {w0:g}, lr = {lr:g}, training {_parameter(log_w)}"
    try:
        path = stepper.path()
    except ValueError as error:  # w_path: w overflowed
        raise ValueError(
            f"w is not finite within {steps} steps from {settings}: the static picture cannot "
            f"be drawn; take a smaller lr"
        ) from error
    if min(path) <= 0:
        k = next(k for k, w in enumerate(path) if w <= 0)
        raise ValueError(
            f"w is {path[k]:.3g} after step {k} from {settings}: the static picture draws w on a "
            f"log axis, so every w must be positive; take a smaller lr, or log_w=True"
        )
    return stepper


class SgdStepper:
    """What ``sgd_stepper`` returns; a notebook cell displays it as its HTML.

    Explained on the page `smoothness.md`.

    Attributes:
        data: The toy data written into the page.
        w0: The initial ``w`` of the path (and after each Reset).
        lr: The learning rate the control starts at.
        log_w: Whether the control starts with ``log w`` as the trained parameter.
        steps: The step the live chart marks with a dotted ring and a vertical line,
            and the number of steps the static picture draws.

    Examples:
        >>> # training log w at lr = 0.05:
        >>> # w stays > 0; after 5 steps it is
        >>> # at 4.0, near the minimum (w ≈ 4)
        >>> _ = torch.manual_seed(SEED)
        >>> w0 = NWKernelRegression().w.item()
        >>> stepper = sgd_stepper(
        ...     w0=w0,
        ...     lr=0.05,
        ...     log_w=True,
        ... )
        >>> # w to 2 decimals (w0 = 0.496
        >>> # shows as 0.5)
        >>> [
        ...     round(w, 2)
        ...     for w in stepper.path()
        ... ]
        [0.5, 1.12, 5.06, 4.45, 4.11, 4.0]
        >>> # its HTML: in a file of your own,
        >>> # the static picture (the steps
        >>> # need this site's script)
        >>> stepper.html().startswith("<div")
        True
    """

    data: ToyData
    w0: float
    lr: float
    log_w: bool
    steps: int

    def __init__(self, data: ToyData, w0: float, lr: float, log_w: bool, steps: int) -> None:
        """Keep the data and the settings (checked by the caller)."""
        self.data, self.w0, self.lr, self.log_w, self.steps = data, w0, lr, log_w, steps
        self._path: list[float] | None = None

    def _payload(self, lang: str) -> dict[str, Any]:
        """The JSON the browser reads: the data, the settings, the curve's range, the labels.

        Internal (the page's script reads it from ``html``), so not on the API page.
        """
        words = {k: v for k, v in _words(lang).items() if k not in _STATIC_ONLY}
        return {
            "x_train": _floats(self.data.x_train),
            "y_train": _floats(self.data.y_train),
            "w0": self.w0,
            "lr": self.lr,
            "lrs": list(LEARNING_RATES),
            "log_w": self.log_w,
            "steps": self.steps,
            "max_steps": MAX_STEPS,
            "w_min": W_MIN,
            "w_max": W_MAX,
            "w_steps": W_STEPS,
            "labels": words,
        }

    def path(self) -> list[float]:
        """``w`` before training, then after each step: ``steps + 1`` values (``w_path``)."""
        if self._path is None:  # computed once: sgd_stepper checks it, html draws it
            self._path = w_path(
                self.data.x_train,
                self.data.y_train,
                self.w0,
                lr=self.lr,
                epochs=self.steps,
                log_w=self.log_w,
            )
        return list(self._path)

    def html(self, lang: str | None = None) -> str:
        """The stepper's HTML: its JSON, and the static path shown without the site's script.

        The picture comes in the two layouts of ``plot_w_paths``, ``"wide"``
        and ``"stacked"``, each with its alt text; the HTML shows the stacked
        one on a narrow screen (a phone), the wide one elsewhere.

        Args:
            lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the
                current language), as for the figures.

        Returns:
            The HTML, a string; saved to a file of your own, it shows the static picture.
        """
        lang = current_language() if lang is None else lang
        words = _words(lang)
        payload = json.dumps(self._payload(lang), ensure_ascii=False, separators=(",", ":"))
        payload = payload.replace("</", "<\\/")  # the JSON cannot end its <script>
        path = self.path()
        grid = np.logspace(np.log10(W_MIN), np.log10(W_MAX), W_STEPS)  # (W_STEPS,)
        name = words["path_name"].format(param=_parameter(self.log_w), lr=self.lr)
        settings = {"lr": self.lr, "param": _parameter(self.log_w), "k": self.steps}
        caption = html.escape(words["static"].format(**settings))
        # the figure's own alt text (after this) names the minimum on the grid
        specific = words["static_alt"].format(w0=path[0], **settings)
        # the picture in the figures' two layouts: side by side on wide screens, stacked on
        # a phone (explorer.css shows one per width; the site build keeps the classes)
        # (classes attn-shown-wide / attn-shown-narrow; elsewhere the HTML's <style> hides one)
        images = []
        for layout in LAYOUTS:
            fig = plot_w_paths(
                self.data.x_train, self.data.y_train, {name: path}, ws=grid, layout=layout,
                lang=lang,
            )  # fmt: skip
            fig.shown_on = "wide" if layout == "wide" else "narrow"
            # the figure's own description too: the site build copies it into the alt
            space = "" if lang == "zh" else " "  # no space after a full-width stop
            fig.description = f"{specific}{space}{fig.description or ''}".strip()
            mime, image, _ = encode(fig)
            if mime == "image/svg+xml":
                image = base64.b64encode(image.encode("utf-8")).decode("ascii")
            images.append(
                f'<img class="attn-shown-{fig.shown_on}" alt="{html.escape(fig.description)}" '
                f'src="data:{mime};base64,{image}">'
            )
        return (
            f'<div class="attn-explorer attn-stepper" data-lang="{lang}">{STATIC_STYLE}'
            f'<script type="application/json" class="attn-explorer-data">{payload}</script>'
            f'<figure class="attn-explorer-static">{"".join(images)}'
            f"<figcaption>{caption}</figcaption></figure>"
            "</div>"
        )

    def _repr_html_(self) -> str:
        """The HTML in the current language (``figures.set_language``)."""
        return self.html()

    # both languages in one bundle, as the explorer does (it only calls self.html)
    _repr_mimebundle_ = BandwidthExplorer._repr_mimebundle_

    def __repr__(self) -> str:
        """Name the settings and the size of the data."""
        return (
            f"SgdStepper(w0={self.w0:g}, lr={self.lr:g}, log_w={self.log_w}, "
            f"steps={self.steps}, n_train={self.data.n_train})"
        )
