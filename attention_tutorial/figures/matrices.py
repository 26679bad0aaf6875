"""Small matrices written out: heatmaps with every entry's value, on one shared colour scale.

Explained on the page `projections.md`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import MaxNLocator

from attention_tutorial import _checks
from attention_tutorial.figures._alt import plain
from attention_tutorial.figures._base import (
    _DIVERGING,
    DARK_TEXT,
    FONTS,
    TutorialFigure,
    bilingual,
    building,
    new_figure,
    phone_layout,
)

_LABEL_LINE = 0.2  # inches: one line of a colour bar's label
_CELL = 0.66  # inches per matrix entry: room for "-13.01" at the entries' font size
# the entries' font size, the figure's smallest text: three 2 x 2 matrices shown in a
# phone's 335 px column keep it 11 px high (``PHONE_TEXT_PX``)
_VALUE_PT = 12
_EDGE_PAD = 0.12  # inches of blank round the figure's edges (constrained layout's pad)
# a symbol: a letter, an optional subscript (``_q``), then optionally ⁻¹ and ᵀ
_SYMBOL = re.compile(r"([A-Za-z])(?:_([A-Za-z0-9]+))?(⁻¹)?(ᵀ)?")
_MAX_SYMBOLS = 2  # a word of more letters ("centre") is a word, not a product of symbols


def _math(name: str) -> str:
    r"""Write the symbols of ``name`` (``W_q``, ``W_qᵀ``, ``A⁻¹Mᵀ``) as mathtext.

    Each word made of one or two symbols is set as math; any other word stays as it is.

    >>> (
    ...     _math("W_qᵀ W_k"),
    ...     _math("M"),
    ...     _math("A⁻¹Mᵀ"),
    ...     _math("centre"),
    ... )
    ('$W_{q}^{\\top}$ $W_{k}$', '$M$', '$A^{-1}M^{\\top}$', 'centre')
    """
    words = []
    for word in name.split(" "):
        symbols = list(_SYMBOL.finditer(word))
        whole = "".join(m.group(0) for m in symbols) == word
        if not word or not whole or len(symbols) > _MAX_SYMBOLS:
            words.append(word)
            continue
        math = ""
        for match in symbols:
            letter, index, inverse, transposed = match.groups()
            tops = ("-1" if inverse else "") + ("\\top" if transposed else "")
            math += letter + (f"_{{{index}}}" if index else "") + (f"^{{{tops}}}" if tops else "")
        words.append(f"${math}$")
    return " ".join(words)


@bilingual
def plot_matrices(
    matrices: Mapping[str, object],
    *,
    lang: str | None = None,
    title: str | None = None,
    own_scale: Collection[str] = (),
    ticks: Sequence[str] | None = None,
    roles: Mapping[str, Sequence[str]] | None = None,
    round_ticks: bool = False,
    layout: str = "wide",
) -> TutorialFigure:
    """Small matrices side by side as heatmaps with their values written in.

    The colour scale is shared and symmetric about 0 (blue negative, red
    positive), drawn as one colour bar under the matrices, so matrices can be
    compared entry by entry. The ticks are the row and column indices (from 0),
    or the names given in ``ticks``.
    The figure's width follows the number of columns, so that three 2 x 2
    matrices fit a phone's screen without being scaled below legible text.
    Names made of one or two symbols, such as ``W_q``, ``W_qᵀ`` or ``A⁻¹Mᵀ``, are
    set as math. The matrices named in ``own_scale`` (the last ones) get a scale and
    a colour bar of their own: entries ten times smaller than the others' would all
    look white on the shared scale.

    Explained on the page `projections.md`.

    Args:
        matrices: A name in no particular language (e.g. ``"W_q"``), shown as given in
            both languages, to a 2-D tensor or array, at most 8 x 8.
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).
        title: Optional title over all the matrices.
        own_scale: Names of the last matrices, drawn on a scale of their own.
        ticks: Optional names of the rows and columns (e.g. ``["x_1", "x_2"]``, set as
            math), one per row and per column of every matrix: the matrices must then be
            square, as many rows as names.
        roles: Optional axis names: a matrix's name to what its rows and its columns
            stand for, two of ``"query"``, ``"key"`` and ``"centre"`` (the query
            ``x``, the key ``k`` and the kernel's centre ``c``), drawn as its y and x
            axis labels and said in the alt text.
        round_ticks: Tick each colour bar at round values inside its range (``-1``,
            ``0``, ``1`` on a bar from ``-1.15`` to ``1.15``) instead of at its ends.
        layout: ``"wide"``: every matrix in one row; ``"narrow"`` or ``"stacked"`` (two
            names for the same phone layout): at most two matrices a row, each colour
            bar under its matrices.

    Returns:
        The figure, one axes per matrix, then each colour bar's.

    Raises:
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, there is no matrix, or one is not 2-D or too big, or
            ``own_scale`` names another matrix than the last ones, ``ticks`` does not
            name every row and column, or ``roles`` names another matrix or role.

    Examples:
        >>> fig = plot_matrices(
        ...     {
        ...         "A": np.eye(2),
        ...         "W_k": -np.ones((2, 3)),
        ...     },
        ...     lang="en",
        ... )
    """
    with building(lang) as labels:
        if not isinstance(matrices, Mapping) or len(matrices) == 0:
            raise ValueError("matrices must be a non-empty mapping from name to 2-D tensor")
        arrays = {name: _checks.array(name, m, 2) for name, m in matrices.items()}
        for name, a in arrays.items():
            if max(a.shape) > 8:
                raise ValueError(f"{name} must be at most 8 x 8 to be written out, got {a.shape}")
        names = list(arrays)
        own = [name for name in names if name in set(own_scale)]
        if (
            isinstance(own_scale, str)
            or len(own) != len(set(own_scale))
            or (own and names[-len(own) :] != own)
        ):
            raise ValueError(f"own_scale must name the last matrices of {names}, got {own_scale!r}")
        if ticks is not None:
            ticks = list(ticks) if not isinstance(ticks, str) else [ticks]
            sizes = {name: a.shape for name, a in arrays.items()}
            if any(shape != (len(ticks), len(ticks)) for shape in sizes.values()):
                raise ValueError(
                    f"ticks must name every row and column: {len(ticks)} names for "
                    f"matrices of shapes {sizes}"
                )
        roles = _roles(roles, names)
        layout = phone_layout(layout, "narrow")
        groups = [names[: len(names) - len(own)], own]
        limits = [
            max(float(np.abs(arrays[n]).max()) for n in g) or 1.0 if g else 1.0 for g in groups
        ]
        # the rows of matrices: one, or (narrow) each group's matrices two by two
        per_row = len(names) if layout == "wide" else _NARROW_PER_ROW
        rows_of = [g[i : i + per_row] for g in groups for i in range(0, len(g), per_row)]
        axes_of = {}
        # the shared bar's label on one line (zh) needs a line less
        one_line = bool(own) and "\n" not in labels["matrix_colours_some"]
        if layout == "wide":
            widths = [a.shape[1] for a in arrays.values()]
            rows = max(a.shape[0] for a in arrays.values())
            # the entries, a gap per matrix, the row ticks once; the titles and the colour bar
            width = _CELL * sum(widths) + 0.18 * len(widths) + 0.45
            width += _ROLE_IN * len(widths) if roles else 0.0  # each matrix's y label
            # (2.0 left about 0.4 inches blank over the titles; 1.62 cut a title with
            # a superscript)
            height = _CELL * rows + 1.69 - (_LABEL_LINE if one_line else 0.0)
            height += _ROLE_IN if roles else 0.0  # the x labels
            height += 0.35 if title is not None else 0.0
            fig = new_figure((width, height))
            axes = fig.subplots(1, len(arrays), width_ratios=widths, squeeze=False)[0]
            axes_of = dict(zip(names, axes, strict=True))
        else:  # two matrices a row, a row of one centred; each bar under its group's last row
            cells = max(a.shape[1] for a in arrays.values())  # the widest matrix's columns
            heights = [max(arrays[n].shape[0] for n in row) for row in rows_of]
            last = {g[-1] for g in groups if g}
            row_inches = [
                _CELL * h
                + 0.5
                + (1.3 if row[-1] in last else 0.0)
                + (_ROLE_IN if roles else 0.0)
                - (_LABEL_LINE if one_line and row[-1] == groups[0][-1] else 0.0)
                for h, row in zip(heights, rows_of, strict=True)
            ]
            width = _CELL * cells * per_row + 0.18 * per_row + 0.45
            width += _ROLE_IN * per_row if roles else 0.0
            fig = new_figure((width, sum(row_inches) + (0.35 if title is not None else 0.0)))
            grid = fig.add_gridspec(len(rows_of), 2 * per_row, height_ratios=row_inches)
            for r, row in enumerate(rows_of):
                start = per_row - len(row)  # in half-slots: a lone matrix sits in the middle
                for k, name in enumerate(row):
                    axes_of[name] = fig.add_subplot(grid[r, start + 2 * k : start + 2 * k + 2])
        firsts = {names[0]} if layout == "wide" else {row[0] for row in rows_of}
        for group, limit in zip(groups, limits, strict=True):
            image, group_axes = None, [axes_of[name] for name in group]
            for ax, name in zip(group_axes, group, strict=True):
                a = arrays[name]
                image = ax.imshow(a, cmap=_DIVERGING, vmin=-limit, vmax=limit)
                for (i, j), value in np.ndenumerate(a):
                    dark = abs(value) > 0.6 * limit
                    # near-black, not black: the SVG writes its colour, which a dark palette
                    # keeps (``_base.DARK_SVG_STYLE`` lightens the text that has none)
                    # a true minus (U+2212), as matplotlib writes the colour bar's ticks
                    entry = f"{value:.2f}".replace("-", "\N{MINUS SIGN}")
                    ax.text(j, i, entry, ha="center", va="center", fontsize=_VALUE_PT,
                            color="white" if dark else _ENTRY_TEXT)  # fmt: skip
                ax.set_title(_math(name))
                names_of = [_math(t) for t in ticks] if ticks is not None else None
                ax.set_xticks(range(a.shape[1]), names_of)
                ax.set_yticks(range(a.shape[0]), names_of)
                if name not in firsts:  # the row indices once, on the left (of each row)
                    ax.tick_params(labelleft=False)
                if name in roles:  # what the rows and the columns stand for
                    ax.set_ylabel(labels[f"matrix_role_{roles[name][0]}"], fontsize=_VALUE_PT)
                    ax.set_xlabel(labels[f"matrix_role_{roles[name][1]}"], fontsize=_VALUE_PT)
                ax.tick_params(labelfontfamily=FONTS[lang])
            if not group:
                continue
            # under the group's last row (narrow) or all its matrices (wide): one scale
            under = [axes_of[n] for n in next(r for r in rows_of if r[-1] == group[-1])]
            bar = fig.colorbar(
                image, ax=under if layout == "narrow" else group_axes,
                location="bottom", fraction=0.08, aspect=30 if layout == "wide" else 20,
            )  # fmt: skip
            shared = "matrix_colours" if not own else "matrix_colours_some"
            named = "、" if lang == "zh" else ", "
            label = labels[shared if group is groups[0] else "matrix_colours_own"]
            bar.set_label(label.format(names=named.join(_math(n) for n in group)),
                          fontsize=_VALUE_PT)  # fmt: skip
            if not own:  # the alt text's lead says the colours: the bar without them (r54)
                bar.ax.alt_label = re.sub(r"\s*[（(][^）)]*[）)]", "", bar.ax.get_xlabel())
            columns = sum(arrays[n].shape[1] for n in group)
            if round_ticks:
                _tick_round(bar, limit, columns)
            else:
                _tick_both_ends(bar, limit, columns)
            bar.ax.xaxis.label.set_wrap(True)  # on two lines when the matrices are narrow
            if lang == "zh":  # no spaces to wrap at: after its last comma, if too wide (r53)
                _break_zh(bar.ax.xaxis.label, fig)
            bar.ax.xaxis.label.set_multialignment("center")  # its lines centred under the bar
            bar.ax.tick_params(labelfontfamily=FONTS[lang], labelsize=_VALUE_PT)
        # room round the edges for the browser's fonts (the SVG leaves the text to them): a
        # two-line colour-bar label drawn with taller line spacing than matplotlib's was cut
        # off at the bottom of the wide figure
        fig.get_layout_engine().set(h_pad=_EDGE_PAD, w_pad=_EDGE_PAD)
        if title is not None:
            fig.suptitle(title)
        fig.alt_facts = _entries(arrays, limits, groups, lang, ticks)
        if roles:  # what each matrix's rows and columns stand for, after its entries
            fig.alt_facts += _WORDS[lang]["roles"].format(
                matrices=_WORDS[lang]["role_between"].join(
                    _WORDS[lang]["role"].format(
                        name=plain(_math(name)),
                        rows=plain(labels[f"matrix_role_{row}"]),
                        columns=plain(labels[f"matrix_role_{column}"]),
                    )
                    for name, (row, column) in roles.items()
                )
            )
        # the dark drawing's colour map has a dark middle: its near-black entries turn light
        fig.dark_style = (
            " @media (prefers-color-scheme: dark) {"
            f' text[style*="fill: {_ENTRY_TEXT}"] {{ fill: {DARK_TEXT} !important; }} }}'
        )
        if own:  # the alt text's first sentence says there are two colour bars
            fig.alt_name = "plot_matrices.own_scale"
            fig.alt_words = False  # the facts name every matrix (the titles) and both bars
        if layout == "wide" and len(names) > _NARROW_PER_ROW:  # scaled down on a phone
            fig.narrow_layout = {"layout": "narrow"}
    return fig


MATRICES_LAYOUTS = ("wide", "narrow")
_ROLES = ("query", "key", "centre")  # what a matrix's rows or columns can stand for
_ROLE_IN = 0.3  # inches: a y label beside each matrix, an x label under it (``roles``)
# the entries' text on a pale cell; the dark drawing (``fig.dark_style``) makes it light
_ENTRY_TEXT = "#111111"
# the narrow layout's matrices per row: two 2 x 2 matrices and their colour bar fit a
# phone's 335 px column at the figure's own size, the entries' 12 pt text 16 px high there
_NARROW_PER_ROW = 2


_WORDS = {
    "zh": {
        "matrix": "{name}：{rows}",
        "row": "第 {i} 行 {values}",
        "largest": "{name}：绝对值最大的是第 {i} 行第 {j} 列的 {value}",
        "end": "颜色条从 {low} 到 {high}；刻度是行和列的序号，从 0 开始。",
        "bar": "{names} 共用一个颜色条，从 {low} 到 {high}",
        "bar_own": "{names} 单独用一个，从 {low} 到 {high}",
        "ends": "{bars}；刻度是行和列的序号，从 0 开始。",
        "row_named": "{i} 行 {values}",
        "named": "行和列依次对应 {ticks}。",
        "roles": "{matrices}。",
        "role": "{name} 的行是{rows}，列是{columns}",
        "role_between": "；",
        "list": "、",
        "rows": "，",
        "between": "；",
        "stop": "。",
    },
    "en": {
        "matrix": "{name}: {rows}",
        "row": "row {i} {values}",
        "largest": "{name}: the entry of largest magnitude is {value}, row {i} column {j}",
        "end": "The colour bar runs from {low} to {high}; the ticks are row and column "
        "indices, from 0.",
        "bar": "{names} share one colour bar, from {low} to {high}",
        "bar_own": "{names} has its own, from {low} to {high}",
        "ends": "{bars}; the ticks are row and column indices, from 0.",
        "row_named": "row {i} {values}",
        "named": "the rows and the columns stand for {ticks}, in that order.",
        "roles": " {matrices}.",
        "role": "{name}: rows the {rows}, columns the {columns}",
        "role_between": "; ",
        "list": ", ",
        "rows": "; ",
        "between": ". ",
        "stop": ". ",
    },
}
# a colour bar under this many columns of entries is ticked at its ends and 0 only
_ZERO_ONLY_COLUMNS = 2
_LISTED = 9  # matrices of at most this many entries are read out entry by entry


def _tick_both_ends(bar, limit: float, columns: int) -> None:
    """Tick a colour bar at both ends, -limit and limit (the range the alt text gives).

    The automatic ticks stopped short of the ends (at -10 and 10 of a bar from -13.01 to
    13.01). A bar under at least three columns of entries also gets 0 and round values in
    between, except one too close to an end, whose label would run into the end's; a bar
    under two columns gets 0 alone (a bar of only -1.15 and 1.15 hid where the
    sign changes), which fits between the ends now that their labels stand inside the bar.
    """
    inner = [0.0] if columns == _ZERO_ONLY_COLUMNS else []
    if columns > _ZERO_ONLY_COLUMNS:
        found = MaxNLocator(nbins=4).tick_values(-limit, limit)
        inner = [float(t) for t in found if abs(t) < 0.6 * limit]
    values = [-limit, *inner, limit]
    labels = [f"{v:.2f}" if abs(v) == limit else f"{v:g}" for v in values]
    # a true minus (U+2212), as in the entries; the ends as the alt text writes them
    bar.set_ticks(values, labels=[t.replace("-", "\N{MINUS SIGN}") for t in labels])
    # the end labels inside the bar's width: centred on the ends they stuck out, and the
    # layout shrank the matrices to make room for them
    ticks = bar.ax.xaxis.get_major_ticks()
    ticks[0].label1.set_horizontalalignment("left")
    ticks[-1].label1.set_horizontalalignment("right")


def _roles(roles: Mapping[str, Sequence[str]] | None, names: list[str]) -> dict:
    """Check ``roles``: matrix name -> (rows, columns), each one of ``_ROLES``."""
    if roles is None:
        return {}
    if not isinstance(roles, Mapping):
        raise ValueError(f"roles must map matrix names to (rows, columns), got {roles!r}")
    checked = {}
    for name, pair in roles.items():
        pair = tuple(pair) if not isinstance(pair, str) else (pair,)
        if name not in names or len(pair) != 2 or any(r not in _ROLES for r in pair):
            raise ValueError(
                f"roles must map names of {names} to two of {_ROLES} (rows, columns), "
                f"got {name!r}: {pair!r}"
            )
        checked[name] = pair
    return checked


def _minus(value: float) -> str:
    """``value`` to 2 decimals with the minus sign the figure's ticks show (r53)."""
    return f"{value:.2f}".replace("-", "\N{MINUS SIGN}")


def _break_zh(label: Text, fig: Figure) -> None:
    """Break a Chinese colour-bar label after its last "，" if wider than the figure.

    The figure less 0.2 inches: matplotlib wraps only at spaces, and the label under two
    small matrices ran past the figure's right edge (r53).
    """
    text = label.get_text()
    width = label.get_window_extent(fig._get_renderer()).width
    if "，" in text and width > fig.bbox.width - 0.2 * fig.dpi:
        head, tail = text.rsplit("，", 1)
        label.set_text(f"{head}，\n{tail}")


def _round_below(limit: float) -> float:
    """The largest of 1, 2, 2.5 and 5 times a power of 10 that is at most ``limit``.

    >>> (
    ...     _round_below(1.15),
    ...     _round_below(13.01),
    ... )
    (1.0, 10.0)
    """
    power = 10.0 ** math.floor(math.log10(limit))
    return next(step * power for step in (5.0, 2.5, 2.0, 1.0) if step * power <= limit)


def _tick_round(bar, limit: float, columns: int) -> None:
    """Tick a colour bar at round values inside its range, 0 among them (``round_ticks``).

    Review 28: the ends of a bar under two columns, ``-1.15 0 1.15``, nearly touched at
    375 px; ``-1 0 1`` do not. A bar under two columns gets 0 and the round value
    ``_round_below(limit)`` each side; a wider one also their halves (-10, -5, 0, 5, 10).
    """
    top = _round_below(limit)
    values = [-top, 0.0, top]
    if columns > _ZERO_ONLY_COLUMNS:
        values = [-top, -top / 2, 0.0, top / 2, top]
    labels = [f"{v:g}".replace("-", "\N{MINUS SIGN}") for v in values]
    bar.set_ticks(values, labels=labels)


def _entries(
    arrays: Mapping[str, np.ndarray],
    limits: list[float],
    groups: list[list[str]],
    lang: str,
    ticks: list[str] | None = None,
) -> str:
    """The alt text's numbers: every entry of a small matrix, row by row; else its largest.

    Then each colour bar's range: one sentence for one bar, each bar named by its
    matrices when some have a scale of their own; then what the ticks are.
    """
    words = dict(_WORDS[lang])
    if ticks is not None:  # the rows by their names, and the ticks' names at the end
        names = words["list"].join(plain(_math(t)) for t in ticks)
        words["row"] = words["row_named"]
        for key in ("end", "ends"):
            words[key] = words[key].split("；" if lang == "zh" else "; ")[0]
            words[key] += ("；" if lang == "zh" else "; ") + words["named"].format(ticks=names)
        labels_of = [plain(_math(t)) for t in ticks]
    else:
        labels_of = None
    parts = []
    for name, a in arrays.items():
        shown = plain(_math(name))
        if a.size <= _LISTED:
            rows = words["rows"].join(
                words["row"].format(
                    i=labels_of[i] if labels_of else i,
                    values=words["list"].join(_minus(v) for v in row),
                )
                for i, row in enumerate(a)
            )
            parts.append(words["matrix"].format(name=shown, rows=rows))
        else:
            i, j = divmod(int(np.abs(a).argmax()), a.shape[1])
            parts.append(words["largest"].format(name=shown, i=i, j=j, value=_minus(a[i, j])))
    text = words["between"].join(parts) + words["stop"]
    drawn = [(g, limit) for g, limit in zip(groups, limits, strict=True) if g]
    if len(drawn) == 1:
        return text + words["end"].format(low=_minus(-limits[0]), high=_minus(limits[0]))
    bars = words["rows"].join(
        words["bar" if len(g) > 1 else "bar_own"].format(
            names=words["list"].join(plain(_math(n)) for n in g),
            low=_minus(-limit),
            high=_minus(limit),
        )
        for g, limit in drawn
    )
    return text + words["ends"].format(bars=bars[0].upper() + bars[1:])
