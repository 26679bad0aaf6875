"""The figure of each drawing function on its API page, drawn from the package at build time.

The API pages of ``attention_tutorial.figures`` document functions that draw; each
entry shows the figure its own docstring example draws, under the example. The
template of a function (``mkdocstrings_templates/python/material/function.html.jinja``)
writes a comment ``<!-- api-figure: attention_tutorial.figures.x.name -->`` at the end
of every entry of a ``figures`` module; here each comment becomes that function's
figure, or nothing for a function that does not draw (one not decorated with
``bilingual``, such as ``render``):

1. the examples of the function's docstring run in a fresh namespace (the module's
   names and the three imports the API pages assume), as its doctest runs them;
2. the first figure they draw with this function (not one drawn in another's phone
   layout) is drawn again with the same arguments in the page's language, and in its
   phone layout too when the function has one (``TutorialFigure.narrow_layout``), as
   the notebook pages draw theirs (``_base._drawn``): with its own alt text
   (``_alt.describe``) and reading facts; the site's stylesheet shows the wide drawing
   on wide screens and the narrow one on a phone (``attn-shown-wide`` / ``-narrow``);
3. each drawing becomes a file ``assets/figures/<sha256>.svg`` (or ``.png``), named by
   its content like the notebooks' figures (``page_repairs.extract_images``), and an
   ``<img>`` with the same attributes (alt, classes, width and height), under a caption
   that names the example's variable (``fig``; an example may draw a second figure to
   check something). An example calls either without ``lang`` (``curves``, ``cost``,
   ``explorer_panels``: it then draws in the current language, Chinese by default, and
   prints the same in both languages) or, where what it prints depends on the language,
   with ``lang="en"``: the caption then gives the page's ``lang`` and the box
   ``docs/snippets/api-figures-lang.*.md`` at the top of the page says why, once
   (``tests/site/test_apifigures.py`` checks both).
   The caption names the phone layout too.

Never pasted: a docstring edit changes the picture. The result is kept (``stepcache.py``)
by the function's name, the language and the text of every module of the package
(``pagehooks.package_key``) with the version of matplotlib: a prose edit of a page
neither imports the package nor draws anything, so ``make serve`` answers as fast as
before. What is missing is drawn in both languages at once, by whichever of the two
builds (each language's in its own process) asks first: the examples run once, not once
per language. The files are written into the site at the end of each build.
"""

from __future__ import annotations

import base64
import contextlib
import doctest
import hashlib
import html
import inspect
import io
import os
import re
from importlib import metadata
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from tools.sitebuild import imagesize, page_repairs
from tools.sitebuild.notebooks import LANGS
from tools.sitebuild.pagehooks import ROOT, STEP_CACHE_ENV, language, package_key, resolve
from tools.sitebuild.stepcache import StepCache

MARKER = re.compile(r"<!--\s*api-figure:\s*(?P<name>attention_tutorial\.figures\.[\w.]+)\s*-->")
# A widget's page (stepper, explorer) shows its static picture where its box says what it
# displays: the Markdown writes ``<!-- api-widget: attention_tutorial.stepper.sgd_stepper -->``
# (Markdown may wrap the comment in a paragraph, which a <figure> cannot stand in).
WIDGET_MARKER = re.compile(
    r"(?:<p>\s*)?<!--\s*api-widget:\s*(?P<name>attention_tutorial\.[\w.]+)\s*-->(?:\s*</p>)?"
)
WIDGET_CLASS = "attn-api-widget"
# A reading note the Markdown writes after ``:::`` (``<div class="attn-api-figure-note"
# data-api-figure-note="name" markdown>``) is moved to just under that function's figure:
# after ``:::`` it sat below the "Source code" block, away from the figure it explains (r28).
NOTE = re.compile(
    r'<div class="attn-api-figure-note" data-api-figure-note="(?P<name>[\w.]+)">.*?</div>\n?',
    re.S,
)
WIDGET_CAPTION = {
    "zh": "<code>{name} = {func}(...)</code> 在课程页以外显示的静态图；构建网站时画出。",
    "en": "The static picture that <code>{name} = {func}(...)</code> shows outside this site's "
    "lesson pages; drawn when the site was built.",
}
_DATA_IMAGE = re.compile(r'<img [^>]*src="data:(?P<mime>image/[\w+.-]+);base64,(?P<data>[^"]+)"')
# What every example on the API pages assumes (docs/*/api/index.md).
PREAMBLE = "import numpy as np\nimport torch\nfrom attention_tutorial import *\n"
FIGURE_CLASS = "attn-api-figure"
# The caption names the example's call that drew the figure (``fig = plot_loss(...)``: its
# variable too, when an example draws two), with a verb. The examples call with lang="en"
# (what they print is the same on both pages): on a Chinese page the figure is that call
# drawn with lang="zh", and the caption says so, in a few words (r26: "示例里的 fig = ...
# （lang="zh"）" had no verb, and read as contradicting the lang="en" just above it).
CAPTION = {
    "zh": '上面的 <code>{name} = {func}(...)</code> 改用 <code>lang="zh"</code> 画出的图',
    "en": 'What <code>{name} = {func}(...)</code> above draws (<code>lang="en"</code>)',
}
# An example that passes no lang draws in the current language: on the Chinese page the
# figure is exactly what it draws; the English page draws it with English as the current
# language, which the page's intro says once (r27: "the code doesn't draw the figure shown").
CAPTION_NO_LANG = {
    "zh": "上面的 <code>{name} = {func}(...)</code> 画出的图",
    "en": "What <code>{name} = {func}(...)</code> above draws, in English",
}
# Every phone drawing is "the phone layout", by the one name each function takes for it
# (r26: "a phone shows the layout="stacked" version" under a single-panel figure, where
# nothing is stacked; r28: "手机上显示手机布局" said 手机 twice).
NARROW_CAPTION = {
    "zh": "；窄屏上改用手机布局（<code>{layout}</code>）",
    "en": "; a phone shows the phone layout (<code>{layout}</code>)",
}
# Why the figure is drawn in the page's language while the example says lang="en" is said
# once per page, in the box docs/snippets/api-figures-lang.*.md, not under every figure.
END = {"zh": "。", "en": "."}

# The figures of this build, by their inputs (set by on_config); files to write, by site path.
_figures: StepCache = StepCache(None)
_package_key = ""
_site_files: dict[str, bytes] = {}


def example_figure(name: str):
    """The first figure the docstring examples of the function ``name`` draw with it, or None.

    Returns None for a function that is not a ``bilingual`` drawing function; raises
    ``PluginError`` when a drawing function's examples draw nothing with it.
    """
    found = example_call(name)
    return None if found is None else found[1]


def example_call(name: str):
    """``(variable, figure)``: :func:`example_figure` and the name the example gives it.

    ``("fig", <TutorialFigure>)``, or None for a function that does not draw.
    """
    from attention_tutorial.figures._base import TutorialFigure, set_language

    obj = resolve(name)
    func = getattr(obj, "__wrapped__", None)
    if not inspect.isfunction(obj) or func is None:
        return None
    examples = doctest.DocTestParser().get_examples(inspect.getdoc(obj) or "")
    module = inspect.getmodule(obj)
    namespace: dict = dict(vars(module)) if module is not None else {}
    exec(PREAMBLE, namespace)  # the package's own examples, as their doctests run
    # ids of the objects met so far, each kept alive in `met` so that no id is reused
    met = list(namespace.values())
    seen = set(map(id, met))
    drawn: list[tuple[str, TutorialFigure]] = []  # the function's figures, in drawing order
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # what the examples print: not the log's
            for example in examples:
                exec(compile(example.source, f"<{name} example>", "exec"), namespace)
                for variable, value in list(namespace.items()):
                    recipe = getattr(value, "_recipe", None)
                    if id(value) in seen or not isinstance(value, TutorialFigure):
                        continue
                    seen.add(id(value))
                    met.append(value)
                    if recipe and recipe[0] is func:
                        drawn.append((variable, value))
    except Exception as err:
        raise PluginError(f"api-figure: the example of {name} fails: {err!r}") from None
    finally:
        set_language(None)
    # the first one, unless it is the phone layout of another (an example that draws the
    # stacked figure after the wide one, into the same name, must not show it on a desktop)
    narrow = [fig.narrow_layout for _, fig in drawn if fig.narrow_layout]
    for variable, fig in drawn:
        kwargs = fig._recipe[2] if fig._recipe else {}
        if not any(layout.items() <= kwargs.items() for layout in narrow):
            return variable, fig
    raise PluginError(
        f"api-figure: the docstring examples of {name} draw no figure with it: "
        "assign one, e.g. `fig = ...(...)`"
    )


def example_passes_lang(name: str) -> bool:
    """Whether the docstring examples of the drawing function ``name`` pass ``lang``.

    Read from the examples' source (no example runs): a call of the function with a
    keyword ``lang``.
    """
    import ast

    obj = resolve(name)
    source = "\n".join(
        example.source
        for example in doctest.DocTestParser().get_examples(inspect.getdoc(obj) or "")
    )
    return any(
        isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) == obj.__name__
        and any(keyword.arg == "lang" for keyword in node.keywords)
        for node in ast.walk(ast.parse(source))
    )


def kept_passes_lang(name: str) -> bool:
    """:func:`example_passes_lang`, or its answer kept from the same package text.

    It reads the function's docstring, which is part of the package's text: kept under
    that (``stepcache``), a build whose figures are all kept imports no package (and no
    torch) for their captions.
    """
    key = ["passes-lang", name, _package_key or package_key()]
    return bool(_figures.get_or_make("api-figure-caption", key, lambda: example_passes_lang(name)))


def _stored(blob: bytes, ext: str) -> dict:
    """A drawing as the site stores it: its file (named by its content), blob and attributes."""
    file = f"assets/figures/{hashlib.sha256(blob).hexdigest()[:16]}.{ext}"
    attrs = page_repairs.figure_attributes(*page_repairs.image_metadata(blob))
    size = imagesize.image_size(blob)
    if size is not None:
        attrs["width"], attrs["height"] = str(size[0]), str(size[1])
    return {"file": file, "blob": blob, "attrs": attrs}


def _images(drawn: list[dict], page_url: str) -> str:
    """The ``<img>`` of each drawing, one a line."""
    images = []
    for item in drawn:
        attrs = {"loading": "lazy", "src": get_relative_url(item["file"], page_url)}
        attrs.update(item["attrs"])
        images.append(
            "<img " + " ".join(f'{k}="{html.escape(str(v))}"' for k, v in attrs.items()) + ">"
        )
    return "\n".join(images)


def example_widget(name: str):
    """``(variable, widget)``: the first widget the docstring examples of ``name`` make.

    A widget is what ``sgd_stepper`` and ``bandwidth_explorer`` return: an object with
    ``html(lang)``. Examples that expect an exception are skipped (they show an error).
    """
    obj = resolve(name)
    examples = doctest.DocTestParser().get_examples(inspect.getdoc(obj) or "")
    module = inspect.getmodule(obj)
    namespace: dict = dict(vars(module)) if module is not None else {}
    exec(PREAMBLE, namespace)
    before = {key: id(value) for key, value in namespace.items()}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for example in examples:
                if example.exc_msg is not None:
                    continue
                exec(compile(example.source, f"<{name} example>", "exec"), namespace)
                for variable, value in namespace.items():
                    new = before.get(variable) != id(value)
                    if (
                        new
                        and callable(getattr(value, "html", None))
                        and not inspect.isclass(value)
                    ):
                        return variable, value
    except Exception as err:
        raise PluginError(f"api-widget: the example of {name} fails: {err!r}") from None
    raise PluginError(f"api-widget: the docstring examples of {name} make no widget")


def widget_drawings(name: str, lang: str, found=None) -> list[dict]:
    """The static picture of ``name``'s example widget in ``lang``, as :func:`drawings` gives.

    The widget's own HTML (``html(lang)``) holds its pictures as data URIs, the wide one
    and the phone's, each with its alt text: the very images a notebook shows without
    JavaScript, moved into files. ``found``: what :func:`example_widget` gave (it runs
    the examples otherwise).
    """
    variable, widget = found if found is not None else example_widget(name)
    out = []
    for match in _DATA_IMAGE.finditer(widget.html(lang)):
        ext = "png" if match["mime"] == "image/png" else "svg"
        out.append({**_stored(base64.b64decode(match["data"]), ext), "variable": variable})
    if not out:
        raise PluginError(f"api-widget: the widget of {name}'s example has no picture")
    return out


def widget_html(name: str, lang: str, drawn: list[dict], page_url: str) -> str:
    """The ``<figure>`` of a widget's static picture, under the box that describes it."""
    caption = WIDGET_CAPTION[lang].format(
        name=html.escape(drawn[0]["variable"]), func=html.escape(name.rsplit(".", 1)[-1])
    )
    return (
        f'<figure class="{FIGURE_CLASS} {WIDGET_CLASS}" data-api-widget="{html.escape(name)}">\n'
        + _images(drawn, page_url)
        + f"\n<figcaption>{caption}</figcaption>\n</figure>"
    )


def drawings(name: str, lang: str, found=()) -> list[dict]:
    """The figure of ``name``'s example in ``lang``: ``[{"file", "blob", "attrs"}]``.

    Two entries when the function has a phone layout (the wide one first), one
    otherwise, none for a function that does not draw. ``found``: what
    :func:`example_call` gave (it runs the examples otherwise).
    """
    from attention_tutorial.figures._base import _drawn

    found = example_call(name) if found == () else found
    if found is None:
        return []
    variable, fig = found
    func, args, kwargs = fig._recipe
    variants = [_drawn(func, args, {**kwargs, "lang": lang})]
    narrow = dict(fig.narrow_layout) if fig.narrow_layout else None
    if narrow:
        variants.append(_drawn(func, args, {**kwargs, **narrow, "lang": lang}, "narrow"))
    out = []
    for variant in variants:
        data = variant["data"]
        png = variant["mime"] == "image/png"
        blob = base64.b64decode(data) if png else data.encode("utf-8")
        item = _stored(blob, "png" if png else "svg")
        out.append({**item, "narrow": narrow, "variable": variable})
    return out


def figure_html(name: str, lang: str, drawn: list[dict], page_url: str) -> str:
    """The ``<figure>`` of one function: its image(s), then a caption."""
    if not drawn:
        return ""
    captions = CAPTION if kept_passes_lang(name) else CAPTION_NO_LANG
    caption = captions[lang].format(
        name=html.escape(drawn[0].get("variable", "fig")), func=html.escape(name.rsplit(".", 1)[-1])
    )
    narrow = drawn[-1].get("narrow")
    if len(drawn) > 1 and narrow:
        # one name on every caption: each figure takes "narrow" and "stacked" alike
        narrow = {k: "stacked" if k == "layout" else v for k, v in narrow.items()}
        layout = ", ".join(f"{k}={v!r}".replace("'", '"') for k, v in narrow.items())
        caption += NARROW_CAPTION[lang].format(layout=html.escape(layout))
    caption += END[lang]
    return (
        f'<figure class="{FIGURE_CLASS}" data-api-figure="{html.escape(name)}">\n'
        + _images(drawn, page_url)
        + f"\n<figcaption>{caption}</figcaption>\n</figure>"
    )


def kept_drawings(name: str, lang: str, widget: bool = False) -> list[dict]:
    """:func:`drawings` (or :func:`widget_drawings`), or those made before from the same text.

    What is not kept is drawn in every language at once (:func:`_draw_every_language`),
    under a lock that the other language's build, running at the same time in its own
    process, takes too: the examples run once for both, and that build finds its
    language's drawings kept instead of running them again.
    """
    key = _figures.key("api-figure", _drawing_inputs(name, lang, widget))
    record = _figures.get(key)
    if record is None:
        with _drawing_lock():
            record = _figures.get(key)  # drawn by the other build while this one waited
            if record is None:
                record = _draw_every_language(name, lang, widget)
    return [{**it, "blob": _figures.get_blob(it["blob"])} for it in record["items"]]


def _drawing_inputs(name: str, lang: str, widget: bool) -> list[str]:
    """What the drawings of ``name`` in ``lang`` are kept under (``stepcache``)."""
    inputs = [name, lang, _package_key or package_key(), metadata.version("matplotlib")]
    return ["widget", *inputs] if widget else inputs


def _draw_every_language(name: str, lang: str, widget: bool) -> dict:
    """Run ``name``'s examples once, keep its figure drawn in each language; return ``lang``'s.

    Each language's drawings are what :func:`drawings` (:func:`widget_drawings`) gives
    for it alone: the examples only say what to draw (the function, its arguments), and
    each drawing is made from that in its language.
    """
    found = example_widget(name) if widget else example_call(name)
    records = {}
    for each in dict.fromkeys([*LANGS, lang]):
        if widget:
            items = widget_drawings(name, each, found)
        else:
            items = drawings(name, each, found)
        records[each] = {"items": [{**it, "blob": _figures.put_blob(it["blob"])} for it in items]}
        _figures.put(_figures.key("api-figure", _drawing_inputs(name, each, widget)), records[each])
    return records[lang]


@contextlib.contextmanager
def _drawing_lock():
    """Held while drawing: by one build at a time of those that share the cache's folder."""
    if _figures.folder is None:
        yield
        return
    import fcntl

    _figures.folder.mkdir(parents=True, exist_ok=True)
    with open(_figures.folder / "api-figures.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def api_figures(page_html: str, lang: str, page_url: str) -> str:
    """Replace every ``<!-- api-figure: name -->`` comment of a page by that function's figure."""
    notes = {match["name"]: match[0] for match in NOTE.finditer(page_html)}
    page_html = NOTE.sub("", page_html)

    def replace(match: re.Match[str]) -> str:
        drawn = kept_drawings(match["name"], lang)
        for item in drawn:
            _site_files[item["file"]] = item["blob"]
        html_ = figure_html(match["name"], lang, drawn, page_url)
        return html_ + ("\n" + notes.pop(match["name"]) if html_ and match["name"] in notes else "")

    def replace_widget(match: re.Match[str]) -> str:
        drawn = kept_drawings(match["name"], lang, widget=True)
        for item in drawn:
            _site_files[item["file"]] = item["blob"]
        return widget_html(match["name"], lang, drawn, page_url)

    page_html = WIDGET_MARKER.sub(replace_widget, MARKER.sub(replace, page_html))
    if notes:
        raise PluginError(f"api-figure-note: no figure on this page for {', '.join(notes)}")
    return page_html


# --- MkDocs events ----------------------------------------------------------------------


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the package's text once per build; keep the figures in the build's cache."""
    global _figures, _package_key
    _package_key = package_key(ROOT)
    _site_files.clear()
    options = config.extra.get("sitebuild") or {}
    folder = Path(config.config_file_path).parent / options.get("cache_dir", ".cache") / "steps"
    folder = None if os.environ.get(STEP_CACHE_ENV) == "off" else folder.resolve()
    if _figures.folder != folder:
        _figures = StepCache(folder)
    return config


def on_page_content(html_text: str, *, page: Page, config: MkDocsConfig, files) -> str:
    """Each drawing function's figure, and each widget's picture, in place of its comment."""
    if not any(mark in html_text for mark in ("api-figure:", "api-widget:", "api-figure-note")):
        return html_text
    try:
        return api_figures(html_text, language(config), page.url)
    except PluginError as err:
        raise PluginError(f"{page.file.src_uri}: {err}") from None


def on_post_build(config: MkDocsConfig) -> None:
    """Write the figure files of this build into the site."""
    site = Path(config.site_dir)
    for name, blob in _site_files.items():
        dest = site / name
        if not dest.exists() or dest.read_bytes() != blob:
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(blob)
