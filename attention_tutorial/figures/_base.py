"""The base of every figure: a self-displaying ``Figure``, the page's language and fonts.

``TutorialFigure`` is a plain matplotlib ``Figure`` that also displays itself in
Jupyter without pyplot: as SVG (text left to the browser's fonts), or as a PNG
drawn at twice the display size when the SVG is large and the PNG smaller, with
no timestamps and fixed ids, so that two builds give identical bytes.

The site executes each notebook once for both languages. When the environment
variable ``ATTENTION_TUTORIAL_FIGURE_LANGS`` is set (the build sets it to
``zh,en``), a figure made by a function decorated with ``bilingual`` is drawn
again for each of these languages and all variants travel in one output; the
build keeps the variant of the page's language. Explained on the page
``contributing.md``. A reader's notebook draws its figures in one language:
``set_language("en")`` makes it the default of every ``bilingual`` function (the
notebooks downloaded from the site call it in their first code cell).

The helpers every figure module uses: ``labels(lang)`` (the words of one
language, from the one table in ``_labels``), ``building(lang)`` (those words,
with the language's fonts active while the figure is built), ``new_figure`` and
``new_axes`` (a white figure), ``FONTS`` (the font list of each language),
``data_arrays`` and ``draw_fit`` (the truth, a prediction and the training points).
"""

from __future__ import annotations

import base64
import functools
import html
import io
import json
import math
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec

import matplotlib
import matplotlib.text
import numpy as np
import torch
from matplotlib.axes import Axes
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.figure import Figure
from matplotlib.image import AxesImage, NonUniformImage
from matplotlib.ticker import Formatter
from matplotlib.transforms import Bbox, TransformedBbox, blended_transform_factory

from attention_tutorial import _checks
from attention_tutorial._contract import FACTS_KEY, FIGURE_LANGS_ENV, FIGURE_MIME
from attention_tutorial.figures._alt import describe
from attention_tutorial.figures._labels import LABELS

MIN_TEXT_PX = 9  # the smallest figure text a phone reader can still read, in CSS px
PNG_DPI = 200  # twice the 100 dpi display size: sharp on high-density screens
# An SVG shorter than this is kept without drawing the PNG (``encode``).
SVG_ALWAYS_BELOW = 100_000
FIGSIZE = (6.0, 3.5)  # inches, one pair of axes
BASE_FONT_PT = 12  # the default text size of every figure (matplotlib's is 10)
FONTS = {
    "zh": ["Noto Sans CJK SC", "Noto Sans CJK JP", "DejaVu Sans"],
    "en": ["DejaVu Sans"],
}
MONO = ["DejaVu Sans Mono"]
_SVG_RC = {"svg.fonttype": "none", "svg.hashsalt": "attention-tutorial", "svg.image_inline": True}
# The dark palette of an SVG figure whose colours encode values (a heatmap): the site
# cannot invert it (its colour map would invert too), so the SVG carries its own dark
# variant, chosen by the colour scheme its page gives the image (``color-scheme: dark``
# in the dark palette, docs/assets/stylesheets/extra.css). The panels and text turn dark
# and light; an image drawn with a colour map of ``DARK_CMAPS`` is shown in its dark
# counterpart, other colour maps (embedded images) and text with a colour of its own (the
# matrices' entries) stay as they are. The colours are Material's slate palette. A figure
# whose page names its colours ("the blue boxes") takes this variant too
# (``TutorialFigure.keeps_colours``): inverted, its pale blue and orange turned dark navy
# and brown; its text on those pale fills must then have a colour of its own.
DARK_PANEL = "#1e2029"  # Material's slate background: the dark variant's panels
# Sequential colour maps whose low end is white ("no weight" reads as the white panel) and
# their dark counterparts, whose low end is the dark panel: in the dark palette a heatmap
# drawn with "Reds" was a glaring white block wherever the weights are near zero (issue
# 26). The SVG carries both drawings of each image, the style below shows one (``encode``).
# (the dark one: from the panel through reds of Reds, the darkest first, to a light red,
# lightness rising all the way: on a dark page the lighter cell holds more weight)
DARK_CMAPS = {
    "Reds": LinearSegmentedColormap.from_list(
        "Reds_dark", [DARK_PANEL, "#a50f15", "#ef3b2c", "#fc9272", "#fcbba1"]
    ),
    # the diverging map of signed entries (figures/matrices.py, ``_DIVERGING``): its white
    # middle glared on the dark page; the dark one runs from RdBu's deep blue through a
    # slate grey to a red, lighter the larger the magnitude, light text readable on all of
    # it. Its middle was the panel itself: a reader saw the cells near 0 (-0.07) only as
    # outlines; the grey keeps them filled cells, a little lighter than the panel
    "attn_diverging": LinearSegmentedColormap.from_list(
        "attn_diverging_dark", ["#2166ac", "#2a5585", "#383b49", "#9a2c40", "#d6404f"]
    ),
}
# The matrices' diverging map on the light page: RdBu_r (blue negative, red positive) with a
# light grey middle instead of its near-white one (#f7f7f7), which left a cell near 0 on the
# white page an empty outline (its dark counterpart in ``DARK_CMAPS``)
_DIVERGING = LinearSegmentedColormap.from_list(
    "attn_diverging",
    [
        *(matplotlib.colormaps["RdBu_r"](i / 10) for i in range(5)),
        "#e6e6e6",
        *(matplotlib.colormaps["RdBu_r"](i / 10) for i in range(6, 11)),
    ],
)
DARK_TEXT = "#e2e4e9"  # the text of the dark variant
DARK_SVG_STYLE = (
    "image.attn-dark-map { display: none; }"
    " @media (prefers-color-scheme: dark) {"
    f' path[style*="fill: #ffffff"] {{ fill: {DARK_PANEL} !important; }}'
    ' [style*="stroke: #000000"] { stroke: #c6c8ce !important; }'
    ' [style*="stroke: #cccccc"] { stroke: #5a5d66 !important; }'
    f" text {{ fill: {DARK_TEXT}; }}"
    " image.attn-light-map { display: none; }"
    " image.attn-dark-map { display: inline; }"
    " }"
)

# The minimum of a loss curve, one marker in every figure (plot_loss_vs_w, plot_w_paths, the
# explorer's panels, the stepper's picture) and in the live widgets (explorer.js): a black
# star edged in white, which shows in the dark variant on the panel. Larger than a path's end
# dot (``curves._END_AREA``), which plot_w_paths draws on it: an end at the minimum sits in
# the star, the star's points around it (at 90 the ends at 4.00 and 4.59 piled onto it)
_MINIMUM_STAR = {"marker": "*", "s": 170, "color": "black", "edgecolors": "white",
                 "linewidths": 0.6}  # fmt: skip
P = ParamSpec("P")
DEFAULT_LANGUAGE = "zh"  # the current language until ``set_language`` names another
# The language set by ``set_language``; None: ``DEFAULT_LANGUAGE``.
_language: str | None = None


def set_language(lang: str | None) -> None:
    """Make ``lang`` the current language: the figures of later calls that pass no ``lang``.

    Every figure function takes ``lang: str | None = None``: ``"zh"`` or ``"en"``
    draws in that language, ``None`` (the default) in the current language, which
    is Chinese until this function names another; ``set_language(None)`` makes it
    Chinese again.

    Raises:
        ValueError: If ``lang`` is not 'zh', 'en' or None.

    >>> @bilingual
    ... def words(
    ...     *, lang: str | None = None
    ... ) -> str:
    ...     return labels(lang)["truth"]
    >>> words()
    '真实函数 f(x)'
    >>> set_language("en")
    >>> words(), words(lang="zh")
    ('true function f(x)', '真实函数 f(x)')
    >>> set_language(None)
    >>> words()
    '真实函数 f(x)'
    """
    global _language
    if lang is not None and lang not in LABELS:  # None is a language here: the default
        raise ValueError(f"lang must be 'zh', 'en' or None, got {lang!r}")
    _language = lang


def current_language() -> str:
    """The language of a figure whose call passes no ``lang``: ``"zh"`` or ``"en"``.

    >>> current_language()
    'zh'
    """
    return _language or DEFAULT_LANGUAGE


def encode(fig: Figure) -> tuple[str, str, dict[str, Any]]:
    """Encode ``fig`` as SVG, or as PNG if that is smaller; return (mime, data, metadata).

    An SVG shorter than ``SVG_ALWAYS_BELOW`` characters is kept as it is, and the
    PNG is not drawn: the SVG stays sharp at every zoom, and the PNG of such a
    figure is larger (3.4 to 5.4 times, in base64, for every figure of the site).
    A longer SVG (thousands of points, say) is compared with the PNG, drawn at
    ``PNG_DPI``, and the shorter of the two is kept. A figure whose colours encode
    values (``reading_facts``: ``colour_scale``) is always SVG: only an SVG carries
    its own dark variant.

    >>> fig = TutorialFigure(figsize=(2, 1))
    >>> mime, data, meta = encode(fig)
    >>> mime, meta
    ('image/svg+xml', {})
    """
    width, height = fig.get_size_inches()
    description = getattr(fig, "description", None)
    svg = _svg(fig)
    facts = json.dumps(reading_facts(fig), sort_keys=True)
    start = svg.index(">", svg.index("<svg")) + 1
    head = f"\n <!-- {FACTS_KEY} {facts} -->"
    if description:  # the first child <title> is the SVG's accessible name; the build reads it
        head = f"\n <title>{html.escape(description)}</title>{head}"
    if '"colour_scale": true' in facts:  # its own dark variant (``DARK_SVG_STYLE``)
        style = DARK_SVG_STYLE + getattr(fig, "dark_style", "")
        head += f'\n <style type="text/css">{style}</style>'
    svg = svg[:start] + head + svg[start:]
    if '"colour_scale": true' in facts:
        # its dark variant lives in the SVG (``DARK_SVG_STYLE``): a PNG would show the
        # light drawing in the dark palette, so the PNG is neither drawn nor compared
        return "image/svg+xml", _with_dark_maps(fig, svg), {}
    if len(svg) < SVG_ALWAYS_BELOW:
        return "image/svg+xml", svg, {}
    binary = io.BytesIO()
    png_meta = {"Software": None, FACTS_KEY: facts}
    if description:
        png_meta["Description"] = description
    fig.savefig(binary, format="png", dpi=PNG_DPI, metadata=png_meta)
    png = base64.b64encode(binary.getvalue()).decode("ascii")
    if len(svg) <= len(png):
        return "image/svg+xml", svg, {}
    size = {"width": round(width * 100), "height": round(height * 100)}
    return "image/png", png, size


def _svg(fig: Figure) -> str:
    """``fig`` as SVG text: no date, no creator, fixed ids, text left to the browser's fonts."""
    buffer = io.StringIO()
    with matplotlib.rc_context(_SVG_RC):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return buffer.getvalue()


_IMAGE = re.compile(r"<image\b.*?/>", re.S)


def _with_dark_maps(fig: Figure, svg: str) -> str:
    """``svg`` (``fig`` drawn) with a dark drawing after each image of a ``DARK_CMAPS`` map.

    The figure is drawn once more with each such image (and so its colour bar) in the dark
    counterpart of its colour map; each image of that drawing that differs from the light
    one follows it, classed ``attn-dark-map`` (the light one ``attn-light-map``), and
    ``DARK_SVG_STYLE`` shows one of the two. The colour maps are restored afterwards.

    >>> import numpy as np
    >>> fig = new_figure((2.0, 1.0))
    >>> ax = fig.add_subplot()
    >>> image = ax.imshow(
    ...     np.eye(2), cmap="Reds"
    ... )
    >>> svg = _with_dark_maps(
    ...     fig, _svg(fig)
    ... )
    >>> svg.count("attn-dark-map")
    1
    >>> image.get_cmap().name
    'Reds'
    """
    images = [
        image for ax in fig.axes for image in ax.images if image.get_cmap().name in DARK_CMAPS
    ]
    if not images:
        return svg
    light = [image.get_cmap() for image in images]
    engine = fig.get_layout_engine()
    # Only what SVG draws as an image is drawn again: every other artist is hidden for
    # that drawing (text and axes were most of its time). Each image is placed and
    # clipped as before, so its <image> is the light drawing's, byte for byte, where its
    # colour map has no dark counterpart (``match.group(0) == dark_image`` below).
    hidden = [
        artist
        for parent in (fig, *fig.axes)
        for artist in parent.get_children()
        if artist.get_visible() and not _may_be_an_image(artist)
    ]
    try:
        # the places of the drawing just made: a layout engine run once more moves things
        fig.set_layout_engine("none")
        for image, cmap in zip(images, light, strict=True):
            image.set_cmap(DARK_CMAPS[cmap.name])  # its colour bar follows
        for artist in hidden:
            artist.set_visible(False)
        dark = _IMAGE.findall(_svg(fig))
    finally:
        for artist in hidden:
            artist.set_visible(True)
        for image, cmap in zip(images, light, strict=True):
            image.set_cmap(cmap)
        fig.set_layout_engine(engine)
    shown = _IMAGE.findall(svg)
    if len(dark) != len(shown):  # the drawings must match image for image
        raise RuntimeError(f"{len(shown)} images in the light drawing, {len(dark)} in the dark")
    pieces = []
    end = 0
    for match, dark_image in zip(_IMAGE.finditer(svg), dark, strict=True):
        if match.group(0) == dark_image:  # a colour map without a dark counterpart
            continue
        pieces += [
            svg[end : match.start()],
            match.group(0).replace("<image ", '<image class="attn-light-map" ', 1),
            dark_image.replace("<image ", '<image class="attn-dark-map" ', 1),
        ]
        end = match.end()
    return "".join(pieces) + svg[end:]


def _may_be_an_image(artist: matplotlib.artist.Artist) -> bool:
    """Whether SVG may draw ``artist`` as an ``<image>``.

    An image, a rasterized artist (a colour bar's solids), or an axes (whose own images
    are looked at apart).
    """
    return isinstance(artist, (AxesImage, Axes)) or bool(artist.get_rasterized())


def reading_facts(fig: Figure) -> dict[str, Any]:
    """What the site needs to show ``fig`` legibly (drawn figures only).

    ``min_width_px``: the narrowest display width (CSS px) at which the smallest
    text of the figure is still ``MIN_TEXT_PX`` high; ``colour_scale``: whether a
    colour encodes a value (an image such as a heatmap) or is named by the page
    (``TutorialFigure.keeps_colours``), which a dark variant must not invert;
    ``shown_on`` (only for one of a pair of layouts, see
    ``TutorialFigure.narrow_layout``): ``"wide"`` or ``"narrow"``, the screens the
    site shows this layout on.

    >>> fig = new_figure((6.0, 3.0))
    >>> fig.text(
    ...     0.5, 0.5, "smallest", fontsize=8
    ... )  # doctest: +ELLIPSIS
    Text(...)
    >>> # 6 in * 72 pt/in * 9 px / 8 pt
    >>> reading_facts(fig)
    {'min_width_px': 486, 'colour_scale': False}
    """
    sizes = [
        t.get_fontsize()
        for t in fig.findobj(matplotlib.text.Text)
        if t.get_visible() and t.get_text().strip()
    ]
    width_in = float(fig.get_size_inches()[0])
    smallest = min(sizes, default=12.0)
    facts: dict[str, Any] = {
        "min_width_px": round(width_in * 72 * MIN_TEXT_PX / smallest),  # 1 pt = 1/72 in
        "colour_scale": bool(getattr(fig, "keeps_colours", False))
        or any(ax.images for ax in fig.axes),
    }
    shown_on = getattr(fig, "shown_on", None)
    if shown_on is not None:
        facts["shown_on"] = shown_on
    return facts


class TutorialFigure(Figure):
    """A matplotlib ``Figure`` that displays itself in notebooks (see the module docstring).

    To look at one: in Jupyter, make it the last expression of a cell (or call
    ``fig.show()``, which displays it there); anywhere else, save it and open the file,
    ``fig.savefig("figure.png")``. Outside Jupyter ``fig.show()`` raises a
    ``RuntimeError`` that says so: the figure belongs to no ``pyplot`` window.
    """

    _recipe: tuple[Callable[..., Figure], tuple[Any, ...], dict[str, Any]] | None = None
    description: str | None = None  # the alt text, set by ``bilingual`` (see ``_alt``)
    alt_facts: str | None = None  # numbers for the alt text, set by the figure function
    # numbers the alt text's sentence names (``{left:g}`` in ``_alt.ALT``), set by the figure
    alt_values: dict[str, float] | None = None
    # Keyword arguments that draw the same figure laid out for a phone's narrow column
    # (e.g. ``{"layout": "stacked"}``), set by the figure function; the site build then
    # shows this figure on wide screens and that one on narrow ones (``shown_on``).
    narrow_layout: dict[str, Any] | None = None
    shown_on: str | None = None  # "wide" or "narrow": set on the two drawings of a pair
    # True: the page names the figure's colours, which the dark palette must keep (it
    # carries ``DARK_SVG_STYLE`` as a heatmap does, rather than being inverted)
    keeps_colours: bool = False
    # CSS rules of the figure's own dark variant, added to ``DARK_SVG_STYLE`` (a figure that
    # keeps its colours gives its pale fills their dark counterparts: shape_flow.py)
    dark_style: str = ""

    def show(self, warn: bool = True) -> None:
        """Display the figure in Jupyter; elsewhere raise, saying to save it instead.

        ``warn`` is accepted for matplotlib's signature and ignored.

        Raises:
            RuntimeError: Outside a Jupyter kernel (there is no window to show it in).

        >>> fig = TutorialFigure(figsize=(2, 1))
        >>> fig.show()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        RuntimeError: fig.show() needs Jupyter: ... fig.savefig("figure.png"), ...
        """
        del warn
        if _in_jupyter():
            from IPython.display import display

            display(self)
            return
        raise RuntimeError(
            "fig.show() needs Jupyter: this figure has no pyplot window. Save it and open "
            'the file, fig.savefig("figure.png"), or make fig the last line of a Jupyter cell.'
        )

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        langs = os.environ.get(FIGURE_LANGS_ENV)
        if not (langs and self._recipe is not None):
            mime, data, meta = encode(self)
            return {mime: data}, ({mime: meta} if meta else {})
        func, args, kwargs = self._recipe
        variants = {}
        for lang in langs.split(","):
            variants[lang] = _drawn(func, args, {**kwargs, "lang": lang})
            if self.narrow_layout:  # the same figure for narrow screens, shown there
                narrow_kwargs = {**kwargs, **self.narrow_layout, "lang": lang}
                variants[lang]["narrow"] = _drawn(func, args, narrow_kwargs, "narrow")
        # The site shows only the variants. The plain image beside them (for a notebook
        # viewer that knows nothing of them) is the variant of the figure's own language,
        # drawn from the same recipe: encoding this figure again cost a third of its time.
        own_lang = kwargs.get("lang")
        if isinstance(own_lang, str) and own_lang in variants:
            own = variants[own_lang]
            mime, data, meta = own["mime"], own["data"], own["metadata"]
        else:
            mime, data, meta = encode(self)
        return {mime: data, FIGURE_MIME: variants}, ({mime: meta} if meta else {})


def _in_jupyter() -> bool:
    """Whether the code runs in a Jupyter kernel (where a figure can be displayed)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _drawn(
    func: Callable[..., Figure],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    shown_on: str | None = None,
) -> dict[str, Any]:
    """Draw ``func(*args, **kwargs)`` for the site: its mime type, data and metadata.

    ``shown_on`` (``"wide"`` or ``"narrow"``) marks one drawing of a pair of layouts;
    a figure that has a narrow layout is itself the wide one.
    """
    variant = func(*args, **kwargs)
    if shown_on is None and getattr(variant, "narrow_layout", None):
        shown_on = "wide"
    variant.shown_on = shown_on
    variant.description = describe(variant, func.__name__, kwargs["lang"])
    mime, data, meta = encode(variant)
    return {"mime": mime, "data": data, "metadata": meta}


def bilingual(func: Callable[P, Figure]) -> Callable[P, Figure]:
    """Let a figure function's figure be redrawn in another language by the site build.

    The function must take a keyword argument ``lang: str | None = None``; a call
    that passes no ``lang``, or ``None``, draws in ``current_language()``. The figure
    also gets its alt text in that language (``describe`` in ``_alt``).
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> Figure:
        if kwargs.get("lang") is None:
            kwargs["lang"] = current_language()
        fig = func(*args, **kwargs)
        if isinstance(fig, TutorialFigure):
            fig._recipe = (func, args, dict(kwargs))
            lang = kwargs["lang"]
            fig.description = describe(fig, func.__name__, lang if isinstance(lang, str) else "zh")
        return fig

    return wrapper


def labels(lang: str) -> dict[str, str]:
    """Return the words of ``lang``; raise ``ValueError`` for an unknown language.

    >>> labels("en")["x"], labels("zh")["x"]
    ('input x', '输入 x')
    """
    if lang not in LABELS:
        raise ValueError(f"lang must be 'zh' or 'en', got {lang!r}")
    return LABELS[lang]


def both(key: str, **fields: object) -> dict[str, str]:
    """Return the entry ``key`` in every language, formatted with ``fields``.

    >>> both("kept", k=2)["en"]
    '2 left in each row'
    """
    return {lang: words[key].format(**fields) for lang, words in LABELS.items()}


@contextmanager
def building(lang: str) -> Iterator[dict[str, str]]:
    """Yield the words of ``lang`` while the fonts of ``lang`` are active.

    Only ``matplotlib.rc_context`` is used: no global setting outlives the block.
    """
    words = labels(lang)
    # 12 pt text on a 6-inch figure stays >= 9 CSS px when a phone shows it 324 px wide
    with matplotlib.rc_context({"font.family": FONTS[lang], "font.size": BASE_FONT_PT}):
        yield words


# The phone's layout of a drawing function has two names, "narrow" and "stacked"; every
# function that takes ``layout`` accepts both (``phone_layout``)
LAYOUT_NAMES = ("wide", "narrow", "stacked")


def phone_layout(layout: object, phone: str) -> str:
    """Check ``layout`` and return it in the drawing function's own spelling.

    ``"narrow"`` and ``"stacked"`` are synonyms: the figure laid out for a phone's
    narrow column, which the function calls ``phone``; ``"wide"`` stays ``"wide"``.

    >>> (
    ...     phone_layout(
    ...         "narrow", "stacked"
    ...     ),
    ...     phone_layout(
    ...         "stacked", "narrow"
    ...     ),
    ... )
    ('stacked', 'narrow')
    >>> phone_layout("wide", "stacked")
    'wide'
    >>> phone_layout(
    ...     "tall", "narrow"
    ... )  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: layout must be one of ('wide', 'narrow', 'stacked'), got 'tall' ("narrow" ...
    """
    if not isinstance(layout, str) or layout not in LAYOUT_NAMES:
        raise ValueError(
            f"layout must be one of {LAYOUT_NAMES}, got {layout!r} "
            '("narrow" and "stacked" are two names of the phone layout)'
        )
    return "wide" if layout == "wide" else phone


def new_figure(figsize: tuple[float, float], **kwargs: Any) -> TutorialFigure:
    """Create a white, constrained-layout ``TutorialFigure`` of ``figsize`` inches."""
    return TutorialFigure(figsize=figsize, layout="constrained", facecolor="white", **kwargs)


def new_axes(lang: str, figsize: tuple[float, float] = FIGSIZE) -> tuple[TutorialFigure, Axes]:
    """Create a white figure with one axes whose tick labels use the fonts of ``lang``."""
    fig = new_figure(figsize)
    ax = fig.add_subplot()
    ax.tick_params(labelfontfamily=FONTS[lang])
    return fig, ax


class _CellImage(NonUniformImage):
    """A ``NonUniformImage`` whose colour map can change after its data is set.

    matplotlib refuses (its nearest-cell picture is made from the colours at draw time
    anyway); :func:`_with_dark_maps` draws each heatmap once more in a dark map.
    """

    def set_cmap(self, cmap: Any) -> None:
        data, self._A = self._A, None
        try:
            super().set_cmap(cmap)
        finally:
            self._A = data


def cell_edges(centres: np.ndarray) -> np.ndarray:
    """The edges of the cells around sorted ``centres``: halfway between neighbours.

    The outer cells reach as far beyond their centre as towards their neighbour.

    >>> cell_edges(
    ...     np.array([0.0, 1.0, 4.0])
    ... ).tolist()
    [-0.5, 0.5, 2.5, 5.5]
    """
    if len(centres) < 2:
        return np.array([centres[0] - 0.5, centres[0] + 0.5])
    middles = (centres[1:] + centres[:-1]) / 2
    return np.concatenate([[2 * centres[0] - middles[0]], middles, [2 * centres[-1] - middles[-1]]])


def draw_heatmap(
    ax: Axes,
    weights: np.ndarray,
    rows: np.ndarray,
    columns: np.ndarray,
    *,
    cmap: str,
    vmin: float = 0.0,
    vmax: float | None = None,
    x_from: float | None = None,
) -> AxesImage:
    """Draw ``weights`` as a heatmap with each cell where its row's and column's inputs lie.

    ``weights`` has one row per value of ``rows`` (the first on top) and one column per
    value of ``columns``. ``imshow`` with an ``extent`` spaces the cells evenly: the
    chapter's keys are random training inputs, so a key could be drawn half a unit from
    where it lies (a reader found the band pushed right of the diagonal). Here each cell
    spans from halfway to its left neighbour to halfway to its right one
    (:func:`cell_edges`); both inputs must be sorted. ``x_from``: where the x axis
    starts, left of the first cell (so that both axes of the chapter's heatmaps are
    ticked from 0), blank up to that cell.

    >>> fig, ax = new_axes("en")
    >>> image = draw_heatmap(
    ...     ax,
    ...     np.eye(3),
    ...     rows=np.array([0.0, 1.0, 2.0]),
    ...     columns=np.array(
    ...         [0.5, 0.6, 2.0]
    ...     ),
    ...     cmap="Reds",
    ... )
    >>> # from halfway below the first key to as far past the last
    >>> [
    ...     round(float(v), 2)
    ...     for v in ax.get_xlim()
    ... ]
    [0.45, 2.7]
    """
    x, y = np.asarray(columns, dtype=float), np.asarray(rows, dtype=float)
    values = np.asarray(weights, dtype=float)
    x_edges, y_edges = cell_edges(x), cell_edges(y)
    left = x_edges[0] if x_from is None else min(x_from, x_edges[0])
    extent = (x_edges[0], x_edges[-1], y_edges[0], y_edges[-1])
    image = _CellImage(ax, interpolation="nearest", cmap=cmap, extent=extent)
    image.set_data(x, y, values)
    image.set_clim(vmin, values.max() if vmax is None else vmax)
    ax.add_image(image)
    # the picture fills the axes, each pixel the colour of the cell nearest it: cut it at the
    # first cell's left edge (blank from ``x_from`` up to it)
    across = blended_transform_factory(ax.transData, ax.transAxes)
    image.set_clip_box(TransformedBbox(Bbox([[x_edges[0], 0.0], [x_edges[-1], 1.0]]), across))
    ax.set_xlim(left, x_edges[-1])
    ax.set_ylim(y_edges[-1], y_edges[0])  # the first row on top
    return image


def plain_number(value: float, _position: object = None) -> str:
    """A tick label of a log axis as a plain number: ``'1,000'``, ``'0.1'``, ``'10'``.

    >>> (
    ...     plain_number(0.01),
    ...     plain_number(1.0),
    ... )
    ('0.01', '1')
    >>> plain_number(1000.0)
    '1,000'
    """
    return f"{value:,.0f}" if value >= 1 else f"{value:g}"


class _LogTicks(Formatter):
    """The tick labels of ``log_axis``: ``label`` at every major tick (a power of ten).

    As minor ticks' formatter: nothing, unless the axis spans less than a power of
    ten, where a major tick or two would leave it almost unlabelled; then every minor
    tick in view is labelled, or only those at 2 and 5 (``20``, ``50``, ``200``) when
    more than four are in view.
    """

    def __init__(self, label: Callable[[float], str], minor: bool) -> None:
        self.label, self.minor = label, minor

    def __call__(self, value: float, pos: object = None) -> str:
        if not self.minor:
            return self.label(value)
        low, high = sorted(self.axis.get_view_interval())
        if not (0 < low and high < 10 * low and value > 0):
            return ""
        shown = [t for t in self.axis.get_minorticklocs() if low <= t <= high]
        leading = round(value / 10 ** math.floor(math.log10(value) + 1e-9))
        return self.label(value) if len(shown) <= 4 or leading in (2, 5) else ""


def log_axis(ax: Axes, which: str = "x", label: Callable[[float], str] = plain_number) -> None:
    """Make the ``which`` axis (``"x"`` or ``"y"``) of ``ax`` logarithmic, ticked in plain numbers.

    Every log axis of the package is ticked this one way: ``0.1``, ``1``, ``10``,
    ``1,000``, never ``10⁻¹``: matplotlib sets the exponent of ``10^3`` at 0.7 of the
    text size, too small on a phone and not counted by ``reading_facts``. The minor
    ticks stay, unlabelled, unless the axis spans less than a power of ten: then they
    are labelled too (those at 2 and 5 when more than four are in view), as a decade's
    one or two powers of ten would leave the axis almost bare. ``label`` writes a
    tick's value (``plain_number``; e.g. bytes as ``"1 MB"``).

    >>> fig, ax = new_axes("en")
    >>> log_axis(ax)
    >>> ax.get_xscale()
    'log'
    >>> ticks = (
    ...     ax.xaxis.get_major_formatter()
    ... )
    >>> ticks(0.1), ticks(1000)
    ('0.1', '1,000')
    >>> # 1,000 to 4,000: less than a decade
    >>> _ = ax.set_xlim(1000, 4000)
    >>> minor = (
    ...     ax.xaxis.get_minor_formatter()
    ... )
    >>> minor(2000), minor(3000)
    ('2,000', '3,000')
    >>> # 1 to 1,000: the minor ticks unlabelled
    >>> _ = ax.set_xlim(1, 1000)
    >>> minor(2)
    ''
    """
    if which not in ("x", "y"):
        raise ValueError(f"which must be 'x' or 'y', got {which!r}")
    (ax.set_xscale if which == "x" else ax.set_yscale)("log")
    axis = ax.xaxis if which == "x" else ax.yaxis
    axis.set_major_formatter(_LogTicks(label, minor=False))
    axis.set_minor_formatter(_LogTicks(label, minor=True))


def _holds_bool(value: object) -> bool:
    """Whether ``value`` is a bool, or a tensor, array or nested list holding bools."""
    if isinstance(value, (bool, np.bool_)):
        return True
    if isinstance(value, torch.Tensor):
        return value.dtype == torch.bool
    if isinstance(value, np.ndarray):
        if value.dtype == np.bool_:
            return True
        return value.dtype == object and any(_holds_bool(v) for v in value.flat)
    if isinstance(value, (list, tuple)):
        return any(_holds_bool(v) for v in value)
    return False


def _not_real(value: object) -> str | None:
    """The type of a value that is no real number in ``value`` (``None``, a string, a complex).

    ``np.asarray(..., dtype=float)`` reads ``"1"`` as 1, ``None`` as NaN and drops an
    imaginary part with only a warning: each is refused instead, naming what was found.
    """
    if value is None or isinstance(value, (str, bytes, complex, np.complexfloating)):
        return type(value).__name__
    if isinstance(value, torch.Tensor):
        return str(value.dtype) if value.dtype.is_complex else None
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "cUS":
            return str(value.dtype)
        if value.dtype == object:
            return next((t for t in map(_not_real, value.flat) if t is not None), None)
        return None
    if isinstance(value, (list, tuple)):
        return next((t for t in map(_not_real, value) if t is not None), None)
    return None


def real_array(name: str, value: object, ndim: int) -> np.ndarray:
    """``_checks.array`` that also refuses bools, ``None``, strings and complex numbers.

    ``True`` would be drawn as the number 1, ``"2"`` as 2, a complex number without its
    imaginary part.

    >>> real_array("y_hat", [0.5, 2.0], 1)
    array([0.5, 2. ])
    >>> real_array(
    ...     "y_hat", torch.tensor([True]), 1
    ... )
    Traceback (most recent call last):
    ...
    TypeError: y_hat must hold real numbers, got bool
    """
    if _holds_bool(value):
        raise TypeError(f"{name} must hold real numbers, got bool")
    found = _not_real(value)
    if found is not None:
        raise TypeError(f"{name} must hold real numbers, got {found}")
    return _checks.array(name, value, ndim)


def data_arrays(
    x_test: object, y_truth: object, x_train: object, y_train: object
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Check the test inputs with their truth and the training pairs; return them as arrays."""
    x_test_np = real_array("x_test", x_test, 1)
    y_truth_np = real_array("y_truth", y_truth, 1)
    x_train_np = real_array("x_train", x_train, 1)
    y_train_np = real_array("y_train", y_train, 1)
    _checks.same_sizes(x_test=x_test_np, y_truth=y_truth_np)
    _checks.same_sizes(x_train=x_train_np, y_train=y_train_np)
    return x_test_np, y_truth_np, x_train_np, y_train_np


# The training points' opacity and the prediction's colour in the data and fit figures: at
# least 3:1 against the panel (WCAG 1.4.11) on the light page and, through the site's dark
# filter (docs/assets/stylesheets/extra.css), on the dark one. Points at 0.5 opacity were
# 2.0:1 and matplotlib's orange "C1" 2.5:1 on white; 0.85 keeps a point under another
# visible, and Dark2's orange is 3.8:1 (5.2:1 inverted on the slate page)
_POINT_ALPHA = 0.85
_PREDICTION_COLOUR = "#d95f02"


def draw_fit(
    ax: Axes,
    words: dict[str, str],
    x_test: np.ndarray,
    y_truth: np.ndarray,
    y_hat: np.ndarray,
    x_train: np.ndarray,
    y_train: np.ndarray,
    *,
    size: float = 12,
    alpha: float = _POINT_ALPHA,
) -> None:
    """Draw the truth, the prediction (dashed) and the training points on ``ax``."""
    # the truth in black, as in ``plot_data`` (light on the dark page): in the first colour it
    # was the training points' blue
    ax.plot(x_test, y_truth, color="black", label=words["truth"])
    ax.plot(x_test, y_hat, linestyle="--", color=_PREDICTION_COLOUR, label=words["prediction"])
    ax.scatter(x_train, y_train, s=size, alpha=alpha, label=words["train"])
