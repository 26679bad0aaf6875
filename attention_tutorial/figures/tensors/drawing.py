"""Drawing tensor pictures: panels of coloured cells in rows, arrows between the rows.

``render`` validates the panels (``panel``), lays them out once and
draws them top to bottom; ``draw_tensors`` is its public face. Every cell
rectangle carries the gid ``"cell:<panel>:<flat index>"``, its value text
``"value:<panel>:<flat index>"``, the cross over a dropped cell (one line of two strokes)
``"cross:<panel>:<flat index>"``, a blue frame ``"second:<panel>:<flat index>"``, the
frame of a row or column of a panel's ``groups`` ``"group:<panel>:<row or column>"``, every
shape caption ``"shape:<panel>"``, the other captions ``"caption:<panel>:<line>"``, code
labels ``"code:<panel>"`` and arrow labels ``"arrow:<row>"`` (panels numbered from 0 in
reading order, cells in row-major order), so tests and curious readers can find them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import matplotlib
import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import to_rgb
from matplotlib.patches import FancyArrowPatch, Rectangle

from attention_tutorial.figures._alt import DIAGRAM_LEGEND, diagram_facts
from attention_tutorial.figures._base import (
    FONTS,
    MONO,
    TutorialFigure,
    bilingual,
    labels,
    phone_layout,
)
from attention_tutorial.figures.tensors._layout import (
    ARROW,
    CAPTION_SIZE,
    CODE_SIZE,
    GAP,
    LINE,
    MARGIN,
    MAX_WIDTH,
    NARROW_CONTENT,
    TITLE,
    TITLE_SIZE,
    Layout,
    gap_after,
    lay_out,
    text_lines,
    text_width,
    wrap_code,
    wrap_note,
)
from attention_tutorial.figures.tensors.panel import (
    NEUTRAL,
    PALETTE,
    Grid,
    TensorPanel,
    Text,
    grid_of,
    pick,
    shape_text,
)

LAYOUTS = ("wide", "narrow")  # ``render``'s: the panels of a row side by side, or stacked
_EDGE = "#555555"
_HIGHLIGHT = "#c0392b"
# the second example's frames (a panel's ``second``): a blue apart from the red and from the
# pastel cells; the dark palette turns it a light blue
_SECOND = "#1f6fb4"
_NOTE = "#1f4e79"
# a shared tensor's dashed cell borders (a view, detach()'s result): thicker than a cell's edge
# and in the notes' navy. Round 37: grey dashes of 0.8 pt were hard to see at 1280 px and
# almost invisible in the dark palette
_SHARED_WIDTH = 1.6
_DIM = "#333333"
# the value in a crossed-out cell: a shade lighter than black, no more. The site's dark
# palette inverts the diagram, and the grey #444444 turned a mid grey on the dimmed cell's
# slate, under the red cross (a reader at 375 px); this one reads as the other cells' values
_DROPPED_TEXT = "#222222"
# the cross over a dropped cell: opaque and thicker than a cell's edge. At 60 % opacity and
# 1.1 pt its red kept a contrast of about 2.6-3 with the dimmed cell in the dark palette, and
# a reader at 375 px could hardly tell the crossed cells
_CROSS_WIDTH = 1.8
# a dropped cell's opacity over the white figure
_DIMMED = 0.35
# the margin of a crossed-out value's backing, in font sizes: short values
# (up to 2 characters), long ones
_SHORT_PAD = 0.3
_LONG_PAD = 0.1


def _colour(source: int) -> str:
    return NEUTRAL if source < 0 else PALETTE[source % len(PALETTE)]


def _frame(
    ax: Axes, xy: tuple[float, float], width: float, height: float, linewidth: float,
    gid: str | None = None,
) -> None:  # fmt: skip
    """A red, unfilled rectangle above the cells."""
    ax.add_patch(
        Rectangle(xy, width, height, fill=False, edgecolor=_HIGHLIGHT, linewidth=linewidth,
                  zorder=3, gid=gid)
    )  # fmt: skip


def _draw_cell(
    ax: Axes, grid: Grid, index: int, at: tuple[int, int, int], x: float, y: float, size: float
) -> None:
    """One cell: its coloured square, its value, a cross if dropped, a frame if outlined."""
    s, r, c = at
    _, rows, cols = grid.values.shape
    flat = (s * rows + r) * cols + c
    cell, wide = size, size * grid.aspect  # height, width
    dropped = bool(grid.dropped[s, r, c])
    ax.add_patch(
        Rectangle(
            (x, y), wide, cell, facecolor=_colour(int(grid.sources[s, r, c])),
            edgecolor=_NOTE if grid.panel.shared else _EDGE,
            linewidth=_SHARED_WIDTH if grid.panel.shared else 0.8,
            linestyle=(0, (2.5, 1.5)) if grid.panel.shared else "solid",
            alpha=_DIMMED if dropped else 1.0, gid=f"cell:{index}:{flat}",
        )
    )  # fmt: skip
    label = grid.labels[flat]
    value_size = min(10.0, 25 * cell)
    backing = None
    # a panel crossed out whole (arange's end: never in the result) is one struck-out value:
    # one stroke runs over it corner to corner. A cross behind a backing showed only its four
    # tips, which a reader at 375 px took for decoration (round 49)
    struck = bool(grid.dropped.all())
    if dropped and not struck:
        # the dimmed fill, opaque, behind the value and over the cross: the
        # cross shows in the cell's corners, the number stays readable. Round 28:
        # a pad of 0.1 let the strokes touch a one-digit "1" or "2" (dark palette,
        # 375 px), so a short value gets a wider margin; a long one ("0.44")
        # keeps 0.1, or its backing would hide all but the cross's tips
        fill = to_rgb(_colour(int(grid.sources[s, r, c])))
        pad = _SHORT_PAD if len(label) <= 2 else _LONG_PAD
        backing = {
            "boxstyle": f"square,pad={pad}",
            "linewidth": 0,
            "facecolor": tuple(_DIMMED * v + 1 - _DIMMED for v in fill),
        }
    ax.text(
        x + wide / 2, y + cell / 2, label, ha="center", va="center",
        fontsize=value_size,  # a long label widened its cell (_layout.measure)
        color=_DROPPED_TEXT if dropped else "black", gid=f"value:{index}:{flat}",
        bbox=backing, zorder=3,
    )  # fmt: skip
    if dropped:
        pad = 0.15 * cell
        left, right, low, high = x + pad, x + wide - pad, y + pad, y + cell - pad
        # both strokes in one line, split by a NaN: one artist, one gid; a struck-out
        # value gets one stroke, so that it stays legible under it
        xs, ys = [left, right, np.nan, left, right], [low, high, np.nan, high, low]
        ax.plot(
            xs[:2] if struck else xs, ys[:2] if struck else ys,
            color=_HIGHLIGHT, linewidth=_CROSS_WIDTH, gid=f"cross:{index}:{flat}",
            zorder=4 if struck else 2,
        )  # fmt: skip
    if flat in grid.outline:
        _frame(ax, (x, y), wide, cell, 2.2)
    if flat in grid.second:  # on the cell's edge; inside the red frame where a cell wears both
        inset = 0.12 * cell if flat in grid.outline else 0.0
        ax.add_patch(
            Rectangle((x + inset, y + inset), wide - 2 * inset, cell - 2 * inset, fill=False,
                      edgecolor=_SECOND, linewidth=2.0, zorder=3, gid=f"second:{index}:{flat}")
        )  # fmt: skip


def _draw_slice(
    ax: Axes, grid: Grid, index: int, s: int, x_grid: float, top: float, cell: float, mono: list
) -> None:
    """One 2-D slice: its ``[s]`` label (3-D only), its cells, row notes and group frames."""
    _, rows, cols = grid.values.shape
    wide = cell * grid.aspect  # a cell's width
    if grid.ndim == 3:
        ax.text(
            x_grid - 0.08, top + rows * cell / 2, f"[{s}]", ha="right", va="center",
            fontsize=min(10.0, 25 * cell) * 0.9, family=mono, color=_DIM,
            gid=f"slice:{index}:{s}",  # the alt text reads the values slice by slice instead
        )  # fmt: skip
    for r in range(rows):
        for c in range(cols):
            _draw_cell(ax, grid, index, (s, r, c), x_grid + c * wide, top + r * cell, cell)
        if grid.panel.row_notes and s == 0:
            ax.text(
                x_grid + cols * wide + 0.1, top + (r + 0.5) * cell, grid.panel.row_notes[r],
                ha="left", va="center", fontsize=CAPTION_SIZE, color=_HIGHLIGHT,
            )  # fmt: skip
    # each frame on the outline of its row or column of cells (round 48: inset by 0.04 inch
    # one way and overhanging the other, they looked like a second border beside the cells)
    if grid.panel.groups == "rows":
        for r in range(rows):
            gid = f"group:{index}:{s * rows + r}"
            _frame(ax, (x_grid, top + r * cell), cols * wide, cell, 1.6, gid)
    elif grid.panel.groups == "columns":
        for c in range(cols):
            gid = f"group:{index}:{s * cols + c}"
            _frame(ax, (x_grid + c * wide, top), wide, rows * cell, 1.6, gid)


def _draw_col_notes(ax: Axes, grid: Grid, x_grid: float, y: float, cell: float) -> None:
    """The notes under each column (e.g. column sums) and their label on the left."""
    for c, note in enumerate(grid.panel.col_notes):
        ax.text(
            x_grid + (c + 0.5) * cell * grid.aspect, y + 0.12, note, ha="center", va="center",
            fontsize=CAPTION_SIZE * min(1.0, 4 / max(len(note), 1)), color=_HIGHLIGHT,
        )  # fmt: skip
    if grid.panel.col_label:
        ax.text(
            x_grid - 0.06, y + 0.12, grid.panel.col_label, ha="right", va="center",
            fontsize=CAPTION_SIZE, color=_HIGHLIGHT,
        )  # fmt: skip


def _draw_panel(ax: Axes, grid: Grid, index: int, x0: float, y0: float, cell: float, mono: list):
    """One panel with its top-left corner at (x0, y0) (y grows downwards)."""
    slices, rows, _ = grid.values.shape
    x_grid = x0 + (grid.width - grid.block) / 2 + grid.left
    y = y0
    if grid.panel.code:
        ax.text(
            x0 + grid.width / 2, y + 0.14, grid.panel.code, ha="center", va="center",
            fontsize=CODE_SIZE, family=mono, weight="bold", gid=f"code:{index}",
        )  # fmt: skip
        y += 0.3
    else:
        y += 0.05
    for s in range(slices):
        _draw_slice(ax, grid, index, s, x_grid, y + s * (rows * cell + 0.3 * cell), cell, mono)
    y += slices * rows * cell + (slices - 1) * 0.3 * cell
    if grid.panel.col_notes:
        _draw_col_notes(ax, grid, x_grid, y, cell)
        y += 0.22
    y += 0.06
    for j, caption in enumerate(grid.captions):
        is_shape = j == 0 and grid.panel.show_shape
        ax.text(
            x0 + grid.width / 2, y + LINE / 2, caption, ha="center", va="center",
            fontsize=CAPTION_SIZE, color=_DIM if is_shape else _NOTE,
            gid=f"shape:{index}" if is_shape else f"caption:{index}:{j}",
        )  # fmt: skip
        y += LINE


def _draw_arrow(
    ax: Axes, text: str, r: int, y: float, width: float, mono: list | None,
    start: float | None = None,
) -> None:  # fmt: skip
    """The downward arrow below row ``r``, labelled with ``text`` (usually code).

    ``start``: the x of the panel it leaves from; by default the middle of the figure.
    ``mono`` ``None``: the label is prose, set like a caption (the figure's font and size).
    """
    size = CAPTION_SIZE if mono is None else CODE_SIZE
    label_width = text_width(text, size)
    middle = width / 2 if start is None else start
    middle = min(middle, width - MARGIN - label_width - 0.2)
    ax.add_patch(
        FancyArrowPatch(
            (middle, y + 0.06), (middle, y + ARROW - 0.06), arrowstyle="-|>",
            mutation_scale=14, linewidth=1.5, color="#444444",
        )
    )  # fmt: skip
    ax.text(
        middle + 0.15, y + ARROW / 2, text, ha="left", va="center",
        fontsize=size, family=mono, color=_NOTE, gid=f"arrow:{r}",
    )  # fmt: skip


def _draw(
    ax: Axes, grids: list[list[Grid]], box: Layout, arrows: list[str], title: str | None,
    notes: list[str], mono: list, origins: Sequence[int | None] = (),
    prose: frozenset[str] = frozenset(),
) -> None:  # fmt: skip
    """Draw the title, the rows of panels with arrows between them, then the notes.

    An arrow whose label is in ``prose`` has it set in the caption font, not as code.

    An arrow with an origin (``origins[r]``, a panel of row ``r``) leaves from the middle of
    that panel, and the next row is centred under it (as far as the figure allows).
    """
    y = MARGIN
    if title:
        ax.text(box.width / 2, y + 0.15, title, ha="center", va="center", fontsize=TITLE_SIZE,
                weight="bold", gid="title")  # fmt: skip
        y += TITLE
    index = 0
    start = None  # the x of the arrow into this row, when it leaves from one panel
    for r, row in enumerate(grids):
        x = MARGIN + (box.content - box.row_widths[r]) / 2
        if start is not None:  # centred under the arrow, inside the margins
            x = min(max(start - box.row_widths[r] / 2, MARGIN),
                    MARGIN + box.content - box.row_widths[r])  # fmt: skip
        middles = []
        for grid in row:
            _draw_panel(ax, grid, index, x, y, box.cell, mono)
            middles.append(x + grid.width / 2)
            x += grid.width + GAP
            index += 1
        y += box.row_heights[r]
        start = None
        if r < len(arrows):
            origin = origins[r] if r < len(origins) else None
            start = None if origin is None else middles[origin]
            if arrows[r]:  # "": the next panel stacked under this one (narrow layout)
                label_font = None if arrows[r] in prose else mono
                _draw_arrow(ax, arrows[r], r, y, box.width, label_font, start)
            y += gap_after(arrows[r])
    if notes:
        y += 0.08
    for j, note in enumerate(notes):
        height = LINE * text_lines(note)  # a note broken into lines (narrow layout)
        ax.text(box.width / 2, y + height / 2, note, ha="center", va="center",
                fontsize=CAPTION_SIZE, color=_NOTE, gid=f"note:{j}",
                linespacing=LINE * 72 / CAPTION_SIZE / 1.2 if "\n" in note else 1.2)  # fmt: skip
        y += height


def render(
    rows: Sequence[Sequence[TensorPanel]],
    arrows: Sequence[Text],
    lang: str,
    title: Text | None = None,
    notes: Sequence[Text] = (),
    legend: Text | None = None,  # what the colours mean: the alt text's first fact
    layout: str = "wide",
    origins: Sequence[int | None] = (),  # the panel each arrow leaves from (wide layout)
    prose: Sequence[int] = (),  # the arrows labelled with words, not code: the caption font
    read_long: bool = False,  # the alt text says long panels' values in short (diagram_facts)
    aligned: bool = False,  # every cell as wide as the widest: rows of one shape line up
) -> TutorialFigure:
    """Lay out rows of panels top to bottom, with a labelled arrow between two rows."""
    # layout="narrow" (a phone's): every panel in a row of its own (the panels of one row
    # stacked with no arrow between them), the arrows' code broken into lines, all within
    # NARROW_CONTENT inches: text that a phone shows at its full size
    labels(lang)  # validates lang
    layout = phone_layout(layout, "narrow")
    grids = [[grid_of(f"panels[{r}][{c}]", p, lang) for c, p in enumerate(row)]
             for r, row in enumerate(rows)]  # fmt: skip
    arrow_texts = [pick(f"arrows[{i}]", a, lang) for i, a in enumerate(arrows)]
    # the labels drawn as words; a narrow layout leaves them as they are
    prose_texts = {arrow_texts[i] for i in prose if arrow_texts[i]}
    title_text = None if title is None else pick("title", title, lang)
    note_texts = [pick(f"notes[{i}]", n, lang) for i, n in enumerate(notes)]
    max_width = MAX_WIDTH
    # the alt text reads the wide layout's levels, an arrow's lines as one (no space
    # before a full-width character)
    wide_arrows = [re.sub(r"\n(?=[\u3000-\uffef])", "", a).replace("\n", " ") for a in arrow_texts]
    levels = grids
    if layout == "narrow":
        grids, arrow_texts = _stacked(grids, arrow_texts)
        origins = ()
        max_width = NARROW_CONTENT
    drawn_arrows = arrow_texts
    if layout == "narrow":  # code and notes broken into lines; the alt text reads them whole
        room = NARROW_CONTENT - 0.5
        # prose keeps the line breaks it was given
        drawn_arrows = [a if a in prose_texts else wrap_code(a, room, CODE_SIZE)
                        for a in arrow_texts]  # fmt: skip
        note_texts = [wrap_note(n, NARROW_CONTENT, CAPTION_SIZE) for n in note_texts]
    box = lay_out(grids, drawn_arrows, title_text, note_texts, max_width, aligned)
    with matplotlib.rc_context({"font.family": FONTS[lang]}):
        fig = TutorialFigure(figsize=(box.width, box.height), facecolor="white")
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, box.width)
        ax.set_ylim(box.height, 0)
        ax.set_axis_off()
        mono = [*MONO, *FONTS[lang]]  # code in monospace, CJK from the page's font
        prose_set = frozenset(prose_texts)
        _draw(ax, grids, box, drawn_arrows, title_text, note_texts, mono, origins, prose_set)
    fig.alt_facts = diagram_facts(
        [[_facts(g) for g in row] for row in levels], wide_arrows, lang,
        stacked=layout == "narrow", origins=origins, read_long=read_long,
    )  # fmt: skip
    # an arrow with code: the alt text's lead tells how levels and arrows are read
    fig.alt_steps = any(a.strip() for a in wide_arrows)
    if legend is not None:  # what the colours mean comes before the panels
        key = pick("legend", legend, lang)
        fig.alt_facts = key + ("" if lang == "zh" else " ") + fig.alt_facts
    return fig


def _with_narrow(fig: TutorialFigure, layout: str) -> TutorialFigure:
    # the wide drawing of a diagram that has a narrow one (``render``'s ``layout``): the
    # site then draws the narrow one too and shows it on phones
    if layout == "wide":
        fig.narrow_layout = {"layout": "narrow"}
    return fig


def _stacked(grids: list[list[Grid]], arrows: list[str]) -> tuple[list[list[Grid]], list[str]]:
    """Every panel in a row of its own: ``""`` (no arrow) between panels of one row."""
    rows: list[list[Grid]] = []
    gaps: list[str] = []
    for r, row in enumerate(grids):
        for c, grid in enumerate(row):
            rows.append([grid])
            if c < len(row) - 1:
                gaps.append("")
        if r < len(arrows):
            gaps.append(arrows[r])
    return rows, gaps


def _facts(grid: Grid) -> dict:
    """What the alt text says of one panel: what is drawn, as ``diagram_facts`` takes it."""
    return {
        "code": grid.panel.code,
        "shape": shape_text(grid.shape),
        "values": grid.labels,
        "shared": grid.panel.shared,
        "crossed": int(grid.dropped.sum()),
        # every cell crossed out (arange's end): never in the result, not dropped from it
        "excluded": bool(grid.dropped.all()),
        "size": tuple(grid.shape),
        "outlined": [tuple(int(i) for i in np.unravel_index(f, grid.shape)) for f in grid.outline],
        "second": [tuple(int(i) for i in np.unravel_index(f, grid.shape)) for f in grid.second],
        "captions": grid.captions[1:] if grid.panel.show_shape else grid.captions,
        # frames around every row or column, with the notes beside them (softmax's sums)
        "groups": grid.panel.groups,
        "row_notes": list(grid.panel.row_notes or ()),
        "col_notes": list(grid.panel.col_notes or ()),
        "col_label": grid.panel.col_label or "",
    }


def _rows(panels: object) -> list[list[TensorPanel]]:
    """Normalise ``panels``: each item is a panel (a row of one) or a sequence of panels."""
    if isinstance(panels, TensorPanel) or not isinstance(panels, Sequence) or not panels:
        raise ValueError(
            "panels must be a non-empty list whose items are TensorPanel objects "
            "or lists of them (one list per row)"
        )
    rows = []
    for r, item in enumerate(panels):
        row = [item] if isinstance(item, TensorPanel) else item
        if not isinstance(row, Sequence) or not row:
            raise TypeError(
                f"panels[{r}] must be a TensorPanel or a non-empty list of them, "
                f"got {type(item).__name__}"
            )
        rows.append(list(row))
    return rows


@bilingual
def draw_tensors(
    panels: Sequence[TensorPanel | Sequence[TensorPanel]],
    *,
    arrows: Sequence[Text] = (),
    title: Text | None = None,
    notes: Sequence[Text] = (),
    legend: Text | None = None,
    lang: str | None = None,
) -> TutorialFigure:
    """Draw tensors as grids of coloured cells, row by row, with arrows between rows.

    Each item of ``panels`` is one row of the picture: a ``TensorPanel`` or a list
    of them side by side. ``arrows[i]`` labels the arrow from row ``i`` to row
    ``i + 1`` (usually the code that turns one into the other).

    Explained on the page `handbook/index.md`.

    Args:
        panels: The rows of panels, top to bottom.
        arrows: ``len(panels) - 1`` labels, neutral strings or ``{"zh": ..., "en": ...}``.
        title: Optional title, a neutral string or a mapping per language.
        notes: Extra lines under the picture, neutral strings or mappings.
        legend: What the colours (and frames) mean, one sentence per language
            ``{"zh": ..., "en": ...}``, read out first in the alt text; by default
            cells of one colour come from the same element (each element its own colour).
        lang: The language of the words: ``"zh"``, ``"en"`` or ``None`` (the current language).

    Returns:
        The figure: one axes without ticks, measured in inches.

    Raises:
        TypeError: If a panel or a tensor has the wrong type.
        ValueError: If ``lang`` is unknown, a tensor is empty or too large, or a
            field of a panel does not match its tensor.

    Examples:
        >>> import torch
        >>> x = torch.tensor(
        ...     [[1, 2, 3], [4, 5, 6]]
        ... )
        >>> fig = draw_tensors(
        ...     [
        ...         TensorPanel(x, code="x"),
        ...         TensorPanel(
        ...             x.T, code="x.T"
        ...         ),
        ...     ],
        ...     arrows=["x.T"],
        ...     lang="en",
        ... )
        >>> sorted(
        ...     t.get_text()
        ...     for t in fig.axes[0].texts
        ...     if str(t.get_gid()).startswith(
        ...         "shape"
        ...     )
        ... )
        ['shape (2, 3)', 'shape (3, 2)']
    """
    rows = _rows(panels)
    if isinstance(arrows, str) or len(arrows) != len(rows) - 1:
        raise ValueError(
            f"arrows must hold one label per gap between rows ({len(rows) - 1}), got "
            f"{'a string' if isinstance(arrows, str) else len(arrows)}"
        )
    return render(
        rows, list(arrows), lang, title, list(notes), DIAGRAM_LEGEND if legend is None else legend
    )
