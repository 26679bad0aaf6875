"""The figure of every drawing function on its API page (``tools/sitebuild/apifigures.py``).

A drawing function of ``attention_tutorial.figures`` (one decorated with ``bilingual``)
shows, under its docstring example, the figure that example draws, drawn at build
time in the page's language, with its own alt text, its phone layout when it has one,
and a file in the site for each image.
"""

from __future__ import annotations

import html
import importlib
import inspect
import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from tests.site.test_api_pages import MODULES
from tools.sitebuild import apifigures
from tools.sitebuild.html_tree import has_class, parse

LANGS = ("zh", "en")
FIGURE_MODULES = [m for m in MODULES if m.startswith("figures.")]
CJK = re.compile(r"[\u4e00-\u9fff]")
NO_ALT = "No description has been provided"


def _functions(module: str) -> list[tuple[str, object]]:
    mod = importlib.import_module(f"attention_tutorial.{module}")
    return [
        (f"attention_tutorial.{module}.{name}", obj)
        for name, obj in vars(mod).items()
        if not name.startswith("_") and inspect.isfunction(obj) and obj.__module__ == mod.__name__
    ]


def drawing_functions() -> dict[str, list[str]]:
    """The drawing functions (``bilingual``) of each ``figures`` module with a page."""
    return {
        module: [name for name, obj in _functions(module) if hasattr(obj, "__wrapped__")]
        for module in FIGURE_MODULES
    }


def test_every_function_that_returns_a_figure_is_a_drawing_function() -> None:
    """A function that returns a figure but cannot be redrawn in the page's language would
    get no picture: the one such function is ``render``, the layout engine of
    ``draw_tensors`` (no example of its own: its pictures are ``draw_tensors``')."""
    not_drawn = [
        name
        for module in FIGURE_MODULES
        for name, obj in _functions(module)
        if "Figure" in str(inspect.signature(obj).return_annotation)
        and not hasattr(obj, "__wrapped__")
    ]
    assert not_drawn == ["attention_tutorial.figures.tensors.drawing.render"]
    assert sum(map(len, drawing_functions().values())) >= 25


@pytest.mark.parametrize("lang", LANGS)
def test_a_drawing_is_made_in_the_page_language_with_its_own_alt(lang: str) -> None:
    drawn = apifigures.drawings("attention_tutorial.figures.curves.plot_w_paths", lang)
    assert [d["attrs"]["class"].split()[-1] for d in drawn] == [
        "attn-shown-wide",
        "attn-shown-narrow",
    ]
    for item in drawn:
        alt = item["attrs"]["alt"]
        assert bool(CJK.search(alt)) == (lang == "zh"), alt
        assert ("留一法损失" if lang == "zh" else "leave-one-out loss") in alt
        assert item["blob"].startswith(b"<?xml") and item["file"].endswith(".svg")
        assert int(item["attrs"]["width"]) > 0 and int(item["attrs"]["height"]) > 0
    assert apifigures.drawings("attention_tutorial.figures.tensors.drawing.render", lang) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_function_whose_example_ends_on_its_phone_layout_shows_the_wide_one_first(
    lang: str,
) -> None:
    """``plot_explorer_panels``' examples draw the wide figure, then the stacked one into the
    same name: the page shows the wide drawing on wide screens and the stacked on a phone,
    not the stacked one everywhere."""
    name = "attention_tutorial.figures.explorer_panels.plot_explorer_panels"
    fig = apifigures.example_figure(name)
    assert fig._recipe[2].get("layout", "wide") == "wide"
    assert fig.narrow_layout == {"layout": "stacked"}
    wide, narrow = apifigures.drawings(name, lang)
    assert "attn-shown-wide" in wide["attrs"]["class"]
    assert "attn-shown-narrow" in narrow["attrs"]["class"]
    size = {k: (int(d["attrs"]["width"]), int(d["attrs"]["height"])) for k, d in
            (("wide", wide), ("narrow", narrow))}  # fmt: skip
    assert size["wide"][0] > size["wide"][1] and size["narrow"][1] > 2 * size["narrow"][0]
    assert narrow["narrow"] == {"layout": "stacked"}


def test_the_comment_of_a_function_becomes_its_figure() -> None:
    page = "<p>x</p>\n<!-- api-figure: attention_tutorial.figures.curves.plot_loss -->\n<p>y</p>"
    out = apifigures.api_figures(page, "en", "api/figures.curves/")
    assert 'data-api-figure="attention_tutorial.figures.curves.plot_loss"' in out
    assert re.search(r'<img loading="lazy" src="\.\./\.\./assets/figures/\w{16}\.svg" alt="', out)
    assert "api-figure:" not in out and out.endswith("<p>y</p>")


def test_a_reading_note_moves_to_just_under_its_figure() -> None:
    """r28: the note written after ``:::`` sat below the "Source code" block, away from the
    figure it explains; a note naming a function with no figure on the page fails the build."""
    name = "attention_tutorial.figures.curves.plot_loss"
    note = f'<div class="attn-api-figure-note" data-api-figure-note="{name}">\n<p>n</p>\n</div>'
    page = f"<!-- api-figure: {name} -->\n<details>src</details>\n{note}\n<p>y</p>"
    out = apifigures.api_figures(page, "en", "api/figures.curves/")
    assert out.count("<p>n</p>") == 1
    assert out.index("</figure>") < out.index("<p>n</p>") < out.index("<details>")
    with pytest.raises(PluginError, match="no figure on this page for"):
        apifigures.api_figures(note.replace(name, name + "x"), "en", "api/x/")


def _figures_of(page: str) -> dict[str, str]:
    return dict(
        re.findall(
            r'<figure class="attn-api-figure" data-api-figure="([^"]+)">(.*?)</figure>', page, re.S
        )
    )


@pytest.mark.build
@pytest.mark.parametrize("lang", LANGS)
def test_every_drawing_function_shows_its_figure_on_its_page(site: Path, lang: str) -> None:
    problems = []
    root = site if lang == "zh" else site / "en"
    for module, names in drawing_functions().items():
        page_dir = root / "api" / module
        page = (page_dir / "index.html").read_text(encoding="utf-8")
        figures = _figures_of(page)
        assert sorted(figures) == sorted(names), module
        alts_of_page = []
        for name, body in figures.items():
            images = re.findall(r"<img [^>]*>", body)
            alts_of_function: set[str] = set()  # a wide/narrow pair may share one
            if not 1 <= len(images) <= 2:
                problems.append(f"{name}: {len(images)} images")
            for img in images:
                src = re.search(r'src="([^"]+)"', img)[1]
                alt = html.unescape(re.search(r'alt="([^"]*)"', img)[1])
                if not (page_dir / src).resolve().is_file():
                    problems.append(f"{name}: {src} is not in the site")
                if len(alt) < 40 or NO_ALT in alt or bool(CJK.search(alt)) != (lang == "zh"):
                    problems.append(f"{name}: alt {alt[:60]!r}")
                alts_of_function.add(alt)
                if "attn-wide" not in img and "attn-shown-wide" not in img:
                    width = int(re.search(r'data-min-width="(\d+)"', img)[1])
                    if width > 335:  # text under 9 px in a phone's column, and no scrolling
                        problems.append(f"{name}: text too small at 375 px")
            if len(images) == 2 and not (
                "attn-shown-wide" in images[0] and "attn-shown-narrow" in images[1]
            ):
                problems.append(f"{name}: two images that are not a wide/narrow pair")
            if len(images) == 1 and "attn-shown-" in images[0]:
                problems.append(f"{name}: one drawing of a pair, shown on some screens only")
            alts_of_page += sorted(alts_of_function)
            caption = html.unescape(re.search(r"<figcaption>(.*?)</figcaption>", body, re.S)[1])
            # the page's language: lang="zh"/"en" under an example that passes lang="en"; under
            # one that passes none (r27), nothing in Chinese (the code draws what is shown) and
            # "in English" on the English page
            if apifigures.example_passes_lang(name):
                said = f'lang="{lang}"' in caption
            else:
                said = "lang=" not in caption and ("in English" in caption) == (lang == "en")
            if not said:
                problems.append(f"{name}: caption {caption!r}")
        if len(set(alts_of_page)) != len(alts_of_page):
            problems.append(f"{module}: two figures share one alt text")
    assert problems == []


def _example_calls(func) -> list:
    """The calls of ``func`` in its own docstring examples (``ast.Call`` nodes)."""
    import ast
    import doctest

    source = "\n".join(
        example.source
        for example in doctest.DocTestParser().get_examples(inspect.getdoc(func) or "")
    )
    return [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) == func.__name__
    ]


# the modules whose examples pass no lang: they print the same in both languages, and the
# Chinese reader sees code that draws exactly the figure shown (r27)
NO_LANG_MODULES = {"figures.curves", "figures.cost", "figures.explorer_panels"}


def test_every_drawing_example_calls_with_lang_en_or_without_lang() -> None:
    """Round 11: ``plot_explorer_panels(d, 2.0)`` passed no ``lang`` (a reader got Chinese
    labels), and ``plot_attention_heatmap``'s second figure neither: what an example prints
    must be the same on both pages. Round 27: on the Chinese page an example with
    ``lang="en"`` draws a figure other than the one shown. So a module's examples either all
    call with ``lang="en"`` (the box api-figures-lang says why) or, where what they print
    does not depend on the language, none passes ``lang`` (``NO_LANG_MODULES``; their
    doctests run in Chinese, and again below in English)."""
    import ast

    wrong = []
    for module, names in drawing_functions().items():
        for path in names:
            func = getattr(
                importlib.import_module(f"attention_tutorial.{module}"), path.split(".")[-1]
            )
            calls = _example_calls(func)
            if not calls:
                wrong.append(f"{path}: no call")
            for call in calls:
                lang = [k.value for k in call.keywords if k.arg == "lang"]
                if module in NO_LANG_MODULES:
                    if lang:
                        wrong.append(f"{path}: line {call.lineno} passes lang")
                    continue
                if not (lang and isinstance(lang[0], ast.Constant) and lang[0].value == "en"):
                    wrong.append(f"{path}: line {call.lineno}")
            assert apifigures.example_passes_lang(path) == (module not in NO_LANG_MODULES)
    assert wrong == []


def test_the_examples_without_lang_print_the_same_in_english() -> None:
    """The examples of ``NO_LANG_MODULES`` pass as doctests with English as the current
    language too (their doctest run uses the default, Chinese): what they print does not
    depend on the language, so the English page may show their output."""
    import doctest

    from attention_tutorial.figures._base import set_language

    failed = {}
    for module in NO_LANG_MODULES:
        mod = importlib.import_module(f"attention_tutorial.{module}")
        for path in drawing_functions()[module]:
            func = getattr(mod, path.split(".")[-1])
            namespace = dict(vars(mod))
            exec(apifigures.PREAMBLE, namespace)
            test = doctest.DocTestParser().get_doctest(
                inspect.getdoc(func) or "", namespace, path, None, 0
            )
            runner = doctest.DocTestRunner(
                optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
            )
            set_language("en")
            try:
                result = runner.run(test, out=lambda _text: None)
            finally:
                set_language(None)
            if result.failed or not result.attempted:
                failed[path] = result
    assert failed == {}


def _caption(name: str, lang: str) -> str:
    """The caption the build writes under the figure of function ``name``'s example."""
    drawn = apifigures.drawings(name, lang)
    html = apifigures.figure_html(name, lang, drawn, "api/x/")
    return re.search(r"<figcaption>(.*?)</figcaption>", html)[1]


@pytest.mark.parametrize("lang", LANGS)
def test_an_example_without_lang_is_captioned_without_lang(lang: str) -> None:
    """r27: under an example that passes no lang the caption names no lang (on the Chinese
    page the figure is exactly what the code draws; the English one says "in English")."""
    name = "attention_tutorial.figures.curves.plot_loss"
    caption = _caption(name, lang)
    assert "<code>fig = plot_loss(...)</code>" in caption and "lang" not in caption
    assert ("in English" in caption) == (lang == "en")
    page = (apifigures.ROOT / f"docs/{lang}/api/figures.curves.md").read_text(encoding="utf-8")
    assert 'set_language("en")' in page and "api-figures-lang" not in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_caption_names_the_figure_shown_and_says_how_it_was_drawn(lang: str) -> None:
    """Round 11: the Chinese caption said "the figure the example above draws" under an
    example that draws with lang="en"; and plot_attention_heatmap's example draws ``fig`` and
    ``small`` with nothing saying which is shown. The caption names the example's variable
    and, in Chinese, says the figure is that call with lang="zh"."""
    name = "attention_tutorial.figures.attention.plot_attention_heatmap"
    caption = _caption(name, lang)
    # r24: the call that drew it, not only the variable
    assert "<code>fig = plot_attention_heatmap(...)</code>" in caption and "small" not in caption
    assert f'<code>lang="{lang}"</code>' in caption
    # why lang="en" in the example but the page's language in the figure: said once, in
    # the box at the top of every figures page, not in each caption (round 15)
    assert 'lang="en"' not in caption or lang == "en"
    box = (apifigures.ROOT / f"docs/snippets/api-figures-lang.{lang}.md").read_text("utf-8")
    assert 'lang="en"' in box
    page = (apifigures.ROOT / f"docs/{lang}/api/figures.attention.md").read_text("utf-8")
    assert f'--8<-- "docs/snippets/api-figures-lang.{lang}.md"' in page


def test_the_caption_names_the_phone_layout_drawn() -> None:
    """A function with a phone layout: the caption says which layout a phone shows."""
    name = "attention_tutorial.figures.attention.plot_attention_pooling"
    # r26: "the phone layout", not "the stacked version" (a single panel is not stacked)
    for lang, words in (
        ("zh", "窄屏上改用手机布局（{}）"),
        ("en", "a phone shows the phone layout ({})"),
    ):
        drawn = apifigures.drawings(name, lang)
        html_ = apifigures.figure_html(name, lang, drawn, "api/x/")
        caption = html.unescape(re.search(r"<figcaption>(.*?)</figcaption>", html_)[1])
        assert words.format('<code>layout="stacked"</code>') in caption, caption


BOX_TITLE = {"zh": "怎样查看一张图", "en": "How to view a figure"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_that_draws_has_the_box_on_viewing_a_figure(lang: str) -> None:
    """Round 16: the score_parts page drew a figure under its example but lacked the box that
    says how to view a figure and why it is in the page's language: the box is included by
    hand on each page, and that page was written without it. Every ``figures`` page whose
    module has a drawing function (derived from the package) includes it, or says in its
    intro how to view its figure and links the section the box points to (r37f: on the
    explorer_panels page the box repeated the intro's viewing sentence 40 lines below it);
    no other page does either."""
    include = f'--8<-- "docs/snippets/api-figures.{lang}.md"'
    linked = {"zh": "](index.md#怎样查看一张图)", "en": "](index.md#how-to-view-a-figure)"}[lang]
    drawing = {module for module, names in drawing_functions().items() if names}
    assert "figures.score_parts" in drawing and len(drawing) >= 10
    with_box = set()
    for module in FIGURE_MODULES:
        text = (apifigures.ROOT / f"docs/{lang}/api/{module}.md").read_text("utf-8")
        intro = text.split("\n::: ", 1)[0]
        if include in text or (linked in intro and "Jupyter" in intro):
            with_box.add(module)
    assert with_box == drawing


@pytest.mark.build
@pytest.mark.parametrize("lang", LANGS)
def test_the_box_on_viewing_a_figure_is_on_every_built_page_that_draws(
    site: Path, lang: str
) -> None:
    root = site if lang == "zh" else site / "en"
    missing = [
        module
        for module, names in drawing_functions().items()
        if names
        and BOX_TITLE[lang]
        not in (root / "api" / module / "index.html").read_text(encoding="utf-8")
    ]
    assert missing == []


WIDGETS = {
    "stepper": "attention_tutorial.stepper.sgd_stepper",
    "explorer": "attention_tutorial.explorer.bandwidth_explorer",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_widget_page_shows_the_static_picture_of_its_example(lang: str) -> None:
    """Round 16: the stepper and explorer pages described a picture and showed none. The
    comment ``<!-- api-widget: name -->`` becomes the picture the example's widget shows
    without JavaScript, its wide and phone drawings with their own alt texts, from the
    widget's own HTML (the build draws it; nothing pasted)."""
    name = WIDGETS["stepper"]
    drawn = apifigures.widget_drawings(name, lang)
    assert [d["attrs"]["class"].split()[-1] for d in drawn] == [
        "attn-shown-wide",
        "attn-shown-narrow",
    ]
    stepper = apifigures.example_widget(name)[1]
    # the lesson's initial w, taken from the seeded untrained model (round 17: 0.496, typed,
    # gave steps that differed from the lesson's table in the second decimal)
    import torch

    import attention_tutorial as at

    torch.manual_seed(at.SEED)
    assert stepper.w0 == at.NWKernelRegression().w.item() and stepper.lr == 0.5
    for item in drawn:
        alt = item["attrs"]["alt"]
        assert bool(CJK.search(alt)) == (lang == "zh") and "0.496" in alt, alt
        assert item["blob"] in [
            __import__("base64").b64decode(src)
            for src in re.findall(r'base64,([^"]+)"', stepper.html(lang))
        ]
    # Markdown may wrap the comment in a paragraph: the figure replaces both
    page = f"<p><!-- api-widget: {name} --></p>\n<p>after</p>"
    out = apifigures.api_figures(page, lang, "api/stepper/")
    assert out.startswith('<figure class="attn-api-figure attn-api-widget"'), out[:80]
    # r24: the caption names the call that made the widget, not only its variable
    assert "<code>stepper = sgd_stepper(...)</code>" in out and out.endswith("<p>after</p>")
    # the explorer's example also shows an error: that example is skipped, not run
    assert apifigures.example_widget(WIDGETS["explorer"])[0] == "explorer"


@pytest.mark.build
@pytest.mark.parametrize("lang", LANGS)
def test_the_widget_pages_show_their_static_picture_in_the_box(site: Path, lang: str) -> None:
    root = site if lang == "zh" else site / "en"
    for page, name in WIDGETS.items():
        tree = parse((root / "api" / page / "index.html").read_text(encoding="utf-8"))
        # the first note box, "What it displays", whole (it may hold other blocks: display
        # formulas, r28); a note since review r31f (a description, not an example)
        box = next(
            d for d in tree.find_all("div") if has_class(d, "admonition") and has_class(d, "note")
        )
        figure = box.find("figure", attrs={"data-api-widget": name})
        assert figure is not None, page
        for img in figure.find_all("img"):
            assert (root / "api" / page / img["src"]).resolve().is_file(), img["src"]
