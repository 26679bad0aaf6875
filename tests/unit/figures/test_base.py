"""Tests of attention_tutorial.figures._base and _labels: the label table, encoding, recipes."""

from __future__ import annotations

import base64
import re
import string

import matplotlib
import numpy as np
import pytest

from attention_tutorial.figures import _base
from attention_tutorial.figures._base import (
    DARK_SVG_STYLE,
    FIGURE_LANGS_ENV,
    FIGURE_MIME,
    SVG_ALWAYS_BELOW,
    TutorialFigure,
    bilingual,
    both,
    building,
    encode,
    labels,
    new_axes,
    new_figure,
    reading_facts,
)
from attention_tutorial.figures._labels import LABELS
from tools.sitebuild import page_repairs

# The alt texts the figures' ``describe`` reads. Not ``from ..._alt import ALT``: collecting
# ``_alt.py``'s doctests (importlib mode) imports that module a second time, and a test run
# after them patched the copy ``describe`` does not read (a failure that depended on order).
ALT = _base.describe.__globals__["ALT"]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_labels_with_the_same_fields() -> None:
    assert set(LABELS) == {"zh", "en"}
    assert LABELS["zh"].keys() == LABELS["en"].keys()
    for key in LABELS["zh"]:
        assert fields(LABELS["zh"][key]) == fields(LABELS["en"][key]), key


def test_one_wording_per_label() -> None:
    """No two labels of one language say the same thing under different keys."""

    def repeated(table: dict[str, str]) -> set[str]:
        texts = list(table.values())
        return {t for t in texts if texts.count(t) > 1}

    assert repeated(LABELS["en"]) == set()
    # Chinese has no plural: the colour bar's "attention weight" and the diagram's
    # "attention weights" heading are the same words; and the phone's loss label (English:
    # "leave-one-out" and "loss (sum)" in two lines) needs no break in Chinese: the one-line
    # label fits a phone's panel
    assert repeated(LABELS["zh"]) == {"注意力权重", "留一法损失（求和）"}


def test_labels_and_both() -> None:
    assert labels("zh")["train"] == "训练数据（含噪声）"
    assert labels("en")["train"] == "training data (noisy)"
    assert both("summed", k=3) == {"zh": "相乘求和的轴：长度 3", "en": "summed axis: size 3"}
    with pytest.raises(ValueError, match="lang must be 'zh' or 'en', got 'de'"):
        labels("de")


def test_building_sets_the_fonts_only_inside_the_block() -> None:
    before = matplotlib.rcParams["font.family"]
    with building("zh") as words:
        assert matplotlib.rcParams["font.family"][0] == "Noto Sans CJK SC"
        assert words["x"] == "输入 x"
    assert matplotlib.rcParams["font.family"] == before


def test_encoding_is_deterministic() -> None:
    def draw() -> TutorialFigure:
        fig, ax = new_axes("en")
        ax.plot([0, 1, 2], [1, 0, 1])
        return fig

    assert encode(draw()) == encode(draw())


def formats_drawn(fig: TutorialFigure, monkeypatch) -> list[str]:
    """The formats ``fig`` will be saved in, in order, as a list filled by later calls."""
    drawn: list[str] = []
    savefig = fig.savefig

    def recording(fname, *args, format=None, **kwargs):
        drawn.append(format)
        return savefig(fname, *args, format=format, **kwargs)

    monkeypatch.setattr(fig, "savefig", recording)
    return drawn


def test_a_short_svg_is_kept_without_drawing_the_png(monkeypatch) -> None:
    fig, ax = new_axes("en")
    ax.plot([0, 1, 2], [1, 0, 1])
    drawn = formats_drawn(fig, monkeypatch)
    mime, data, meta = encode(fig)
    assert (mime, meta, drawn) == ("image/svg+xml", {}, ["svg"])
    assert data.startswith("<?xml") and len(data) < SVG_ALWAYS_BELOW


def test_a_long_svg_is_compared_with_the_png_and_the_shorter_is_kept(monkeypatch) -> None:
    """5,000 points: every marker is an element of the SVG, a few pixels of the PNG."""
    fig, ax = new_axes("en")
    ax.scatter(*np.random.default_rng(0).random((2, 5000)), s=2)
    fig.description = "five thousand points"
    drawn = formats_drawn(fig, monkeypatch)
    mime, data, meta = encode(fig)
    assert drawn == ["svg", "png"]
    assert mime == "image/png" and meta == {"width": 600, "height": 350}
    # the alt text and the reading facts travel in the PNG too, and the build reads them
    description, facts = page_repairs.image_metadata(base64.b64decode(data))
    assert description == "five thousand points" and facts == reading_facts(fig)


def test_a_long_svg_of_a_colour_scale_stays_svg_with_its_dark_variant(monkeypatch) -> None:
    """A heatmap beside 5,000 points: its SVG is far longer than its PNG, and the PNG would
    show the light heatmap in the dark palette. The SVG is kept and the PNG not drawn; the
    heatmap's dark drawing (made with every other artist hidden) is the light one's image
    in the dark map, placed where the light one is."""
    left, right = new_figure((6.0, 3.5)).subplots(1, 2)
    left.imshow(np.arange(12.0).reshape(3, 4), cmap="Reds")
    right.scatter(*np.random.default_rng(0).random((2, 5000)), s=2)
    fig = left.figure
    shown = {artist: artist.get_visible() for artist in fig.findobj()}
    drawn = formats_drawn(fig, monkeypatch)
    mime, data, meta = encode(fig)
    assert (mime, meta, drawn) == ("image/svg+xml", {}, ["svg", "svg"])
    assert len(data) > SVG_ALWAYS_BELOW and DARK_SVG_STYLE in data
    light = re.search(r'<image class="attn-light-map"(.*?)xlink:href', data, re.S).group(1)
    dark = re.search(r'<image class="attn-dark-map"(.*?)xlink:href', data, re.S).group(1)
    assert light == dark  # the same place, size and clip: only the pixels differ
    assert {artist: artist.get_visible() for artist in shown} == shown  # none left hidden


def test_the_bundle_carries_one_variant_per_language(monkeypatch) -> None:
    @bilingual
    def figure(*, lang: str | None = None) -> TutorialFigure:
        with building(lang) as words:
            fig, ax = new_axes(lang)
            ax.set_xlabel(words["x"])
        return fig

    for lang, sentence in (("zh", "一幅空图。"), ("en", "An empty chart.")):
        monkeypatch.setitem(ALT[lang], "figure", sentence)  # every figure has its own
    monkeypatch.setenv(FIGURE_LANGS_ENV, "zh,en")
    bundle, _ = figure()._repr_mimebundle_()
    variants = bundle[FIGURE_MIME]
    assert set(variants) == {"zh", "en"}
    assert "输入 x" in variants["zh"]["data"] and "input x" in variants["en"]["data"]
    monkeypatch.delenv(FIGURE_LANGS_ENV)
    assert FIGURE_MIME not in figure()._repr_mimebundle_()[0]


def test_a_figure_with_a_narrow_layout_carries_both_drawings(monkeypatch) -> None:
    """Issue 26: the scale page's figure, side by side on wide screens, stacked on phones.
    Each language's variant holds the narrow drawing too, and each drawing's reading facts
    say which screens it is for (the build turns them into classes)."""

    @bilingual
    def figure(*, layout: str = "wide", lang: str | None = None) -> TutorialFigure:
        with building(lang) as words:
            fig, ax = new_axes(lang, (6.0, 3.0) if layout == "wide" else (3.0, 6.0))
            ax.set_xlabel(words["x"])
        if layout == "wide":
            fig.narrow_layout = {"layout": "tall"}
        return fig

    for lang, sentence in (("zh", "一幅空图。"), ("en", "An empty chart.")):
        monkeypatch.setitem(ALT[lang], "figure", sentence)
    monkeypatch.setenv(FIGURE_LANGS_ENV, "zh,en")
    variants = figure()._repr_mimebundle_()[0][FIGURE_MIME]
    for lang, word in (("zh", "输入 x"), ("en", "input x")):
        wide, narrow = variants[lang], variants[lang]["narrow"]
        assert word in wide["data"] and word in narrow["data"]
        facts = [page_repairs.image_metadata(v["data"].encode())[1] for v in (wide, narrow)]
        assert [f["shown_on"] for f in facts] == ["wide", "narrow"]
        assert facts[0]["min_width_px"] == 2 * facts[1]["min_width_px"]
    monkeypatch.delenv(FIGURE_LANGS_ENV)
    bundle, _ = figure()._repr_mimebundle_()  # a reader's notebook: the wide figure only
    assert FIGURE_MIME not in bundle and '"shown_on"' not in bundle["image/svg+xml"]


def test_set_language_is_the_default_of_calls_that_name_no_language():
    from attention_tutorial.figures import set_language

    @bilingual
    def drawn_in(*, lang: str | None = None) -> str:
        return lang

    try:
        assert drawn_in() == drawn_in(lang=None) == "zh"
        set_language("en")
        assert (drawn_in(), drawn_in(lang=None), drawn_in(lang="zh")) == ("en", "en", "zh")
        # r25: the message names all three values it takes, None too
        with pytest.raises(ValueError, match=r"^lang must be 'zh', 'en' or None, got 'fr'$"):
            set_language("fr")
        assert drawn_in() == "en"
    finally:
        set_language(None)
    assert drawn_in() == "zh"


def test_show_outside_jupyter_says_to_save_the_figure() -> None:
    """Round 14: ``fig.show()`` failed with matplotlib's message about pyplot-managed
    figures, and no API page said how to look at a figure. Outside Jupyter it raises an
    error that says what to do instead."""
    fig = TutorialFigure(figsize=(2, 1))
    with pytest.raises(RuntimeError, match=r'needs Jupyter.*fig\.savefig\("figure\.png"\)'):
        fig.show()


def test_show_in_jupyter_displays_the_figure(monkeypatch) -> None:
    import IPython.display

    from attention_tutorial.figures import _base

    shown = []
    monkeypatch.setattr(_base, "_in_jupyter", lambda: True)
    monkeypatch.setattr(IPython.display, "display", shown.append)
    fig = TutorialFigure(figsize=(2, 1))
    assert fig.show() is None
    assert shown == [fig]


def test_in_jupyter_needs_a_kernel(monkeypatch) -> None:
    import IPython

    from attention_tutorial.figures import _base

    class Shell:
        kernel = None

    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    assert not _base._in_jupyter()
    monkeypatch.setattr(IPython, "get_ipython", Shell)  # a terminal IPython: no kernel
    assert not _base._in_jupyter()
    Shell.kernel = object()
    assert _base._in_jupyter()
