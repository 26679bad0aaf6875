"""Tests of attention_tutorial.explorer: the data and HTML written into the page."""

from __future__ import annotations

import base64
import functools
import html
import itertools
import json
import re
from pathlib import Path

import pytest
import torch

from attention_tutorial import (
    BandwidthExplorer,
    bandwidth_explorer,
    make_data,
    plot_explorer_panels,
)
from attention_tutorial.figures._base import FIGURE_LANGS_ENV, FIGURE_MIME


@pytest.fixture(scope="module")
def explorer():
    return bandwidth_explorer(make_data(n_train=20), w=2.0, query_indices=(0, 5, 9))


@pytest.fixture(scope="module")
def html_of(explorer):
    """``explorer.html(lang)``, drawn once per language for the tests that only read it."""
    return functools.cache(explorer.html)


@pytest.fixture(scope="module")
def laid_out():
    """``plot_explorer_panels(make_data(), w, lang=lang, layout=layout)``, laid out (the
    constrained layout run, nothing rasterized), drawn once per (w, lang, layout) for the
    tests that only read where its parts lie, with the renderer that measured them."""

    @functools.cache
    def draw(w: float, lang: str, layout: str):
        fig = plot_explorer_panels(make_data(), w, lang=lang, layout=layout)
        fig.draw_without_rendering()
        return fig, fig._get_renderer()

    return draw


def payload_of(html: str) -> dict:
    match = re.search(
        r'<script type="application/json" class="attn-explorer-data">(.*?)</script>', html
    )
    assert match is not None
    return json.loads(match.group(1))


def test_the_page_gets_exact_copies_of_the_data(explorer, html_of):
    data = explorer.data
    payload = payload_of(html_of("en"))
    for name in ("x_train", "y_train", "x_test", "y_truth"):
        values = torch.tensor(payload[name], dtype=torch.float64)
        assert torch.equal(values.float(), getattr(data, name)), name
        assert torch.equal(values, getattr(data, name).double()), name  # no rounding at all
    assert payload["queries"] == [0, 5, 9] and payload["w"] == 2.0
    assert (payload["w_min"], payload["w_max"], payload["w_steps"]) == (0.1, 1000.0, 401)


@pytest.mark.parametrize(("lang", "label"), [("zh", "h"), ("en", "h")])
def test_labels_and_static_figure_per_language(html_of, lang, label):
    html = html_of(lang)
    assert payload_of(html)["labels"]["bandwidth"] == label
    assert f'data-lang="{lang}"' in html
    src = re.search(r'src="data:(image/[a-z+]+);base64,([^"]+)"', html)
    assert src is not None and len(base64.b64decode(src.group(2))) > 1000


def test_mimebundle_carries_both_languages(explorer, html_of, monkeypatch):
    calls = []
    monkeypatch.setattr(
        explorer, "html", lambda lang=None: calls.append(lang) or html_of(lang or "zh")
    )
    monkeypatch.setenv(FIGURE_LANGS_ENV, "zh,en")
    bundle, _ = explorer._repr_mimebundle_()
    variants = bundle[FIGURE_MIME]
    assert set(variants) == {"zh", "en"}
    assert all(v["mime"] == "text/html" for v in variants.values())
    assert payload_of(variants["en"]["data"])["labels"]["title"] == "Bandwidth explorer"
    assert bundle["text/html"] == variants["zh"]["data"] == html_of("zh")
    assert calls == ["zh", "en"]  # each language drawn once
    monkeypatch.delenv(FIGURE_LANGS_ENV)
    bundle, _ = explorer._repr_mimebundle_()
    assert FIGURE_MIME not in bundle and bundle["text/html"] == explorer._repr_html_()


def test_a_notebook_shows_the_current_language(explorer, html_of, monkeypatch):
    """Without the build's languages, text/html follows ``set_language``."""
    from attention_tutorial.figures import _base, set_language

    # the pages of a language drawn once for the module; ``html()`` itself, with no
    # language, is drawn here (``_repr_html_`` asks for the current one)
    monkeypatch.setattr(explorer, "html", lambda lang=None: html_of(lang))
    monkeypatch.delenv(FIGURE_LANGS_ENV, raising=False)
    monkeypatch.setattr(_base, "_language", None)
    set_language("en")
    bundle, _ = explorer._repr_mimebundle_()
    assert bundle["text/html"].startswith('<div class="attn-explorer" data-lang="en">')
    assert explorer._repr_html_() == bundle["text/html"]
    set_language(None)
    assert 'data-lang="zh"' in explorer._repr_mimebundle_()[0]["text/html"]


def test_json_cannot_close_the_script(explorer, monkeypatch):
    from attention_tutorial import explorer as module

    labels = {**module._LABELS["en"], "title": "</script><b>"}
    monkeypatch.setitem(module._LABELS, "en", labels)
    html = explorer.html("en")
    assert html.count("</script>") == 1
    assert payload_of(html)["labels"]["title"] == "</script><b>"


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"w": 0.01}, ValueError, "between 0.1 and 1000"),
        ({"w": -1.0}, ValueError, "positive"),
        ({"w": torch.ones(3)}, ValueError, "w must be a number or a one-element tensor"),
        # a bool is no w, as the Raises rows say: not read as 1.0
        ({"w": True}, TypeError, "w must be a real number, got bool"),
        ({"w": torch.tensor(True)}, ValueError, "w must have a floating-point dtype"),
        ({"query_indices": (0, 50)}, ValueError, r"from 0 to n_test - 1 = 49, got \(0, 50\)"),
        ({"query_indices": (-1,)}, ValueError, r"query_indices\[0\] must be an int >= 0"),
        # a repeated query drew the same bump twice, silently
        ({"query_indices": (1, 1)}, ValueError, r"must not repeat an index, got \(1, 1\)"),
        ({"query_indices": (0, 1, 2, 3)}, ValueError, "at most 3"),
        ({"query_indices": ()}, ValueError, "query_indices"),
        ({"data": torch.zeros(3)}, TypeError, "ToyData"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        bandwidth_explorer(**kwargs)


def test_w_may_be_a_one_element_tensor():
    explorer = bandwidth_explorer(make_data(n_train=20), w=torch.tensor(2.0))
    assert explorer.w == 2.0 and isinstance(explorer.w, float)


def test_w_is_taken_as_plot_explorer_panels_takes_it():
    """r31c: ``plot_explorer_panels(data, w)`` took ``w`` second, while
    ``bandwidth_explorer(data, 2.0)`` raised a TypeError (``w`` was keyword-only)."""
    import inspect

    data = make_data(n_train=20)
    assert bandwidth_explorer(data, 2.0).w == 2.0
    params = [inspect.signature(f).parameters for f in (bandwidth_explorer, plot_explorer_panels)]
    assert [list(p)[:2] for p in params] == [["data", "w"]] * 2
    assert {p["w"].kind for p in params} == {inspect.Parameter.POSITIONAL_OR_KEYWORD}


def test_default_is_the_chapter_data():
    explorer = bandwidth_explorer()
    assert isinstance(explorer, BandwidthExplorer)
    assert torch.equal(explorer.data.x_train, make_data().x_train)
    with pytest.raises(ValueError, match="lang"):
        explorer._payload("fr")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_static_picture_is_described_as_four_panels(html_of, lang):
    """Its alt text is the figure's own description, not a caption or a generic sentence."""
    from attention_tutorial.figures._alt import ALT

    page = html_of(lang)
    alts = dict(re.findall(r'<img class="attn-shown-(wide|narrow)" alt="([^"]*)"', page))
    assert html.unescape(alts["wide"]).startswith(ALT[lang]["plot_explorer_panels"])
    # the phone's picture reads its panels from top to bottom, not as a 2 x 2 grid
    assert html.unescape(alts["narrow"]).startswith(ALT[lang]["plot_explorer_panels.stacked"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_phone_gets_the_static_picture_stacked_with_text_11_px_high(html_of, lang):
    """The no-JavaScript picture was the 2 x 2 figure on a phone too (its legends about
    5 px high in a 375 px phone's column): it comes in both layouts of
    ``plot_explorer_panels``, each file saying which screens show it (the build's
    ``attn-shown-*`` classes), as the SGD stepper's does."""
    from tools.sitebuild.page_repairs import PHONE_COLUMN_PX, image_metadata

    page = html_of(lang)
    pictures = {
        shown_on: base64.b64decode(data)
        for shown_on, data in re.findall(
            r'<img class="attn-shown-(wide|narrow)" alt="[^"]*" data-min-width="\d+" '
            r'src="data:image/[a-z+]+;base64,([^"]+)">',
            page,
        )
    }
    assert set(pictures) == {"wide", "narrow"} and page.count("<img ") == 2
    facts = {shown_on: image_metadata(image)[1] for shown_on, image in pictures.items()}
    assert {shown_on: f["shown_on"] for shown_on, f in facts.items()} == {
        "wide": "wide", "narrow": "narrow",
    }  # fmt: skip
    # the smallest text, in CSS px, in the phone's column (min_width_px: where it is 9 px)
    phone_px = {shown_on: 9 * PHONE_COLUMN_PX / f["min_width_px"] for shown_on, f in facts.items()}
    assert phone_px["narrow"] >= 11 > phone_px["wide"], phone_px


def test_the_stacked_panels_are_one_column_and_an_unknown_layout_is_refused():
    from attention_tutorial import plot_explorer_panels

    fig = plot_explorer_panels(make_data(n_train=10), 2.0, layout="stacked", lang="en")
    spans = [(ax.get_subplotspec().rowspan.start, ax.get_subplotspec().colspan.start)
             for ax in fig.axes[:4]]  # fmt: skip
    assert spans == [(0, 0), (1, 0), (2, 0), (3, 0)]
    with pytest.raises(
        ValueError, match=r"layout must be one of \(.wide., .narrow., .stacked.\), got 'x'"
    ):
        plot_explorer_panels(make_data(n_train=10), 2.0, layout="x")


@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_the_query_at_0_is_drawn_right_of_the_bumps_panels_y_axis(laid_out, layout):
    """Round-15 reader: in the live explorer the dotted line of the query x = 0 lay on the
    bumps panel's y axis and could not be seen. The static picture's axis starts left of
    it by a margin (as the live panel's now does): the line is drawn inside the frame."""
    data = make_data()
    fig, _ = laid_out(1.0, "en", layout)
    bumps = fig.axes[1]
    queries = sorted(line.get_xdata()[0] for line in bumps.lines if line.get_linestyle() == ":")
    assert queries[0] == float(data.x_test[0]) == 0.0 and len(queries) == 3
    left, right = bumps.get_xlim()
    assert queries[0] - left >= 0.03 * (right - left), (left, right)


def test_the_static_picture_draws_each_thing_in_the_live_explorers_colour():
    """Round 17: the picture shown without JavaScript drew the prediction blue, the three
    queries orange, green and red and the current w red, where the widget above it draws
    them indigo, teal, purple, pink and orange. Its colours are now the widget's, read here
    from the widget's stylesheet (the light page's, which the static SVG is drawn for)."""
    from pathlib import Path

    from matplotlib.colors import to_hex

    from attention_tutorial.figures import explorer_panels as ep

    css = (Path(__file__).resolve().parents[2] / "docs/assets/stylesheets/explorer.css").read_text(
        encoding="utf-8"
    )
    rule = r"^\.attn-explorer svg \.q{} {{ stroke: (#[0-9a-f]{{6}}); }}$"
    assert ep._QUERY_COLOURS == tuple(
        re.search(rule.format(k), css, re.M).group(1) for k in range(3)
    )
    # the prediction in the static fit figures' orange, light and dark (r37c: it was indigo
    # here and orange in the figures above it)
    from attention_tutorial.figures._base import _PREDICTION_COLOUR as fit_orange

    assert ep._PREDICTION_COLOUR == fit_orange
    assert f".attn-explorer svg .prediction {{ stroke: {fit_orange};" in css
    dark_rule = (
        r'^\[data-md-color-scheme="slate"\] \.attn-explorer svg \.prediction {{ stroke: (#\w+); }}$'
    )
    dark = ep._DARK_COLOURS[ep._PREDICTION_COLOUR]
    assert re.search(dark_rule.replace("{{", "{").replace("}}", "}"), css, re.M).group(1) == dark
    assert f".prediction-key {{ color: {fit_orange}; }}" in css
    assert f".prediction-key {{ color: {dark}; }}" in css
    assert ".current { stroke: var(--md-accent-fg-color);" in css
    mkdocs = (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8")
    # both palettes: Material's indigo (link colour #4051b5), deep orange (accent #ff6e42)
    assert re.findall(r"^ +primary: (.+)$", mkdocs, re.M) == ["indigo", "indigo"]
    assert re.findall(r"^ +accent: (.+)$", mkdocs, re.M) == ["deep orange", "deep orange"]
    fig = ep.plot_explorer_panels(make_data(), 2.0, lang="en")
    ax_fit, ax_bumps, _, ax_loss = fig.axes[:4]
    assert to_hex(ax_fit.lines[1].get_color()) == ep._PREDICTION_COLOUR
    bumps = [to_hex(line.get_color()) for line in ax_bumps.lines]
    assert bumps == [c for c in ep._QUERY_COLOURS for _ in range(2)]  # bump, then query line
    assert to_hex(ax_loss.lines[-1].get_color()) == ep._CURRENT_W_COLOUR


@pytest.mark.parametrize("layout", ["wide", "stacked"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_fit_panels_legend_hides_no_training_point_at_any_w(laid_out, lang, layout):
    """Round 18: the wide fit panel's legend (loc="best") covered the point (3.16, 1.16) at
    every w, and no corner of the panel is free of points: it sits under the panel now, as
    the stacked layout's does. No point's centre lies in its box, from w = 0.1 to 1000."""
    import numpy as np

    data = make_data()
    x, y = data.x_train.numpy(), data.y_train.numpy()
    for w in (0.1, 1.0, 4.0, 17.0, 1000.0):
        fig, _ = laid_out(w, lang, layout)
        ax = fig.axes[0]
        box = ax.get_legend().get_window_extent()
        shown = ax.transData.transform(np.column_stack([x, y]))
        under = [(float(a), float(b)) for a, b, (u, v) in zip(x, y, shown, strict=True)
                 if box.x0 <= u <= box.x1 and box.y0 <= v <= box.y1]  # fmt: skip
        assert under == [], (w, under)
        assert not box.overlaps(ax.get_window_extent()), w


def _luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_dark_palette_draws_the_prediction_the_points_and_the_queries_readably(html_of):
    """Round 18: on the dark page the static panels' dashed prediction (#4051b5) and grey
    points (at 60 % opacity) were faint on the dark panel (about 2.4:1). The SVG's own dark
    variant (it has one: its heatmap keeps its colour scale) redraws them in the widget's
    dark colours (explorer.css), each at least 3:1 against the dark panel. Read in the
    static pictures of the English page (both layouts of ``plot_explorer_panels``,
    encoded), drawn once for the module."""
    from attention_tutorial.figures import explorer_panels as ep
    from attention_tutorial.figures._base import DARK_PANEL

    css = (Path(__file__).resolve().parents[2] / "docs/assets/stylesheets/explorer.css").read_text(
        encoding="utf-8"
    )
    for k in (1, 2):  # the widget's own dark query colours
        rule = rf'\[data-md-color-scheme="slate"\] \.attn-explorer svg \.q{k} {{ stroke: (#\w+); }}'
        assert ep._DARK_COLOURS[ep._QUERY_COLOURS[k]] == re.search(rule, css).group(1)
    pictures = re.findall(
        r'<img class="attn-shown-(wide|narrow)" alt="[^"]*" data-min-width="\d+" '
        r'src="data:([a-z/+]+);base64,([^"]+)">',
        html_of("en"),
    )
    assert [shown_on for shown_on, _, _ in pictures] == ["wide", "narrow"]  # wide, stacked
    for _, mime, data in pictures:
        assert mime == "image/svg+xml"
        svg = base64.b64decode(data).decode("utf-8")
        style = re.search(r"<style[^>]*>(.*?)</style>", svg, re.S).group(1)
        assert ep.DARK_PANELS_STYLE in style
        dark = style[style.index("@media (prefers-color-scheme: dark)") :]
        # each light colour the figure draws a line with is given a readable dark one
        for light in (ep._PREDICTION_COLOUR, *ep._QUERY_COLOURS):
            assert f"stroke: {light}" in svg  # the selector finds the drawn line
            match = re.search(rf'\[style\*="stroke: {light}"\] {{ stroke: (#\w+)', dark)
            shown = match.group(1) if match else light
            assert _contrast(shown, DARK_PANEL) >= 3, (light, shown)
        # the points: opaque, in a light grey
        assert 'style="fill: #808080; fill-opacity: 0.6' in svg
        point = re.search(r'\[style\*="fill: #808080; fill-opacity"\] \{ fill: (#\w+)', dark)
        assert "fill-opacity: 1 !important" in dark
        assert _contrast(point.group(1), DARK_PANEL) >= 3


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_html_carries_the_style_that_shows_one_picture(html_of, lang):
    """Round 18: rendered anywhere but this site (a notebook, a file), the HTML showed both
    static pictures, the wide and the stacked, one above the other: only the site's
    stylesheet hid one. The HTML now carries the same rules (``STATIC_STYLE``), scoped to
    the static figure's images: the stacked picture only on a screen up to 600 px wide."""
    from attention_tutorial.explorer import STATIC_STYLE

    page = html_of(lang)
    assert page.count("<style>") == 1 and STATIC_STYLE in page
    assert page.index(STATIC_STYLE) < page.index('<figure class="attn-explorer-static">')
    css = (Path(__file__).resolve().parents[2] / "docs/assets/stylesheets/explorer.css").read_text(
        encoding="utf-8"
    )
    squeeze = re.compile(r"\s+")
    site_rules = squeeze.sub("", css)
    for rule in re.findall(r"\.attn-explorer-static img\.attn-shown-\w+\{display:\w+\}",
                           STATIC_STYLE):  # fmt: skip
        assert rule.replace(" ", "") in site_rules.replace(";}", "}")
    assert "@media screen and (max-width:600px)" in STATIC_STYLE
    assert "@media screen and (max-width: 600px)" in css


def test_the_stacked_picture_is_shown_in_any_column_narrower_than_the_wide_one_declares(
    html_of,
):
    """r31c: at 601 to 640 px the wide picture was shown 552 to 582 px wide although it
    declares 583 px (its legends about 6 px high): the switch came only at a 600 px screen.
    Each image carries its declared width, and the HTML's style, the lesson pages' and the
    API pages' stylesheets switch in any column narrower than the wide one's."""
    from attention_tutorial.explorer import _WIDE_MIN_PX, STATIC_STYLE
    from attention_tutorial.figures._base import reading_facts

    for lang in ("zh", "en"):
        declared = {
            layout: reading_facts(plot_explorer_panels(layout=layout, lang=lang))["min_width_px"]
            for layout in ("wide", "stacked")
        }
        assert declared["wide"] == _WIDE_MIN_PX
        # not one w's alone: at w = 10 too (its longer "current w = 10" legend)
        wide_10 = plot_explorer_panels(w=10.0, lang=lang)
        assert reading_facts(wide_10)["min_width_px"] == _WIDE_MIN_PX
        page = html_of(lang)
        for layout, shown_on in (("wide", "wide"), ("stacked", "narrow")):
            assert f'class="attn-shown-{shown_on}"' in page
            assert f'data-min-width="{declared[layout]}"' in page
    root = Path(__file__).resolve().parents[2] / "docs/assets/stylesheets"
    sheets = [(root / name).read_text(encoding="utf-8") for name in ("explorer.css", "extra.css")]
    for css in (STATIC_STYLE, *sheets):
        squeezed = re.sub(r"\s+", "", css)
        assert f"@container(width<{_WIDE_MIN_PX}px)" in squeezed
        assert f'img.attn-shown-wide[data-min-width="{_WIDE_MIN_PX}"]{{display:none' in squeezed
        assert ">img.attn-shown-narrow{display:block" in squeezed


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_stacked_panels_leave_a_gap_between_one_panel_and_the_next(laid_out, lang):
    """Round 22: at 375 px the fit panel's legend touched the next panel's title, and the
    bumps' legend the heatmap's. Each panel's lowest part (its x label or its legend) ends
    at least a tenth of an inch above the next panel's title."""
    fig, renderer = laid_out(1.0, lang, "stacked")
    panels = fig.axes[:4]  # the colour bar's axes come after
    for upper, lower in itertools.pairwise(panels):
        parts = [upper.get_tightbbox(renderer)]
        if upper.get_legend() is not None:
            parts.append(upper.get_legend().get_window_extent(renderer))
        bottom = min(box.y0 for box in parts)
        top = lower.title.get_window_extent(renderer).y1
        assert bottom - top >= 0.1 * fig.dpi, (upper.get_title(), bottom - top)


def test_the_traceback_of_the_example_fits_a_phone():
    """Round 22: the example's error message, one line of 62 characters, overflowed a 375 px
    phone by 176 px; printed with ``prints_error(..., width=40)`` it wraps."""
    import inspect

    doc = inspect.getdoc(bandwidth_explorer)
    assert "Traceback" not in doc
    lines = [line.strip() for line in doc.splitlines()]
    assert lines[-2:] == ["ValueError: query_indices must not", "repeat an index, got (1, 1)"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_the_bumps_panel_and_the_alt_text_count_the_queries_drawn(lang, layout):
    """r23: one or two queries are not "three queries", in the title nor in the alt text."""
    counts = {
        "en": ("one query", "two queries", "three queries"),
        "zh": ("一个查询", "两个查询", "三个查询"),
    }
    data = make_data()
    for n, indices in enumerate([(3,), (3, 10), (0, 25, 40)], start=1):
        fig = plot_explorer_panels(data, 2.0, query_indices=indices, layout=layout, lang=lang)
        title = fig.axes[1].get_title()
        assert counts[lang][n - 1] in title
        alt = fig.description
        assert counts[lang][n - 1] in alt
        for other in set(counts[lang]) - {counts[lang][n - 1]}:
            assert other not in alt
        # the live explorer's panel title says the same
        words = bandwidth_explorer(data, query_indices=indices)._payload(lang)["labels"]
        assert words["bumps"] == title.replace("\n", " ")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("layout", ["wide", "stacked"])
def test_every_panel_title_lies_inside_the_figure(laid_out, lang, layout):
    """r26: the English heatmap title, "attention weight heatmap (rows: queries, columns:
    keys)", on one line ran past the left edge of the wide figure; it breaks before its
    parenthesis in both layouts, and every title is drawn whole."""
    fig, renderer = laid_out(1.0, lang, layout)  # the constrained layout placed the titles
    for ax in fig.axes[:4]:
        box = ax.title.get_window_extent(renderer)
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1, ax.get_title()
    if lang == "en":
        title = "attention weight heatmap\n(rows: queries, columns: keys)"
        assert fig.axes[2].get_title() == title


def test_the_live_heatmap_title_wraps_only_before_its_parenthesis():
    """r26: the live panel's English caption wrapped as "... (rows: queries, columns:" and
    "keys)"; the parenthesis keeps its words together, the figure's title breaks there too."""
    words = bandwidth_explorer()._payload("en")["labels"]
    assert words["heatmap"] == (
        "attention weight heatmap (rows:\N{NO-BREAK SPACE}queries,"
        "\N{NO-BREAK SPACE}columns:\N{NO-BREAK SPACE}keys)"
    )
    assert (
        bandwidth_explorer()._payload("zh")["labels"]["heatmap"]
        == "注意力权重热图（行：查询，列：键）"
    )
