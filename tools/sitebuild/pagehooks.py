"""Two page helpers that keep pages in step with what they describe, read at build time.

Registered in ``mkdocs.yml`` under ``hooks:`` (before ``hooks.py``, so that the
site-build plugin sees their output); ``mkdocs.en.yml`` inherits them.

- **The reading path** of the home page (``index.md``) comes from ``nav``: a comment
  ``<!-- reading-path ... -->`` holds one description per page (``file: text``) and a
  ``skip:`` line for the top-level pages that are not chapters. Every top-level
  page of ``nav`` must be described or skipped, and every described page must be
  in ``nav``, so the list cannot fall behind the navigation: a new page fails the
  build until it is described.
- **The code behind a call**: a comment ``<!-- source: attention_tutorial.x.name -->``
  in a page (a notebook's Markdown cell or a Markdown page) becomes a collapsed
  ``<details>`` block holding that object's source, read with ``inspect.getsource``
  when the site is built and highlighted by Pygments: never pasted, so it is the
  code the page's outputs came from. Only the package's computations get a block:
  a name inside ``attention_tutorial.figures`` (the drawing helpers ``diagram_*``,
  ``draw_tensors``, ``TensorPanel``) fails the build, since its code shows how a
  picture is drawn, not what the page teaches. A block is kept (``stepcache.py``) by the
  name, the language and the text of every module of the package: importing the
  package (torch with it) to read a source that has not changed was a third of the
  time ``make serve`` took to answer with every page cached.
"""

from __future__ import annotations

import functools
import html
import importlib
import inspect
import os
import re
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from tools.sitebuild.stepcache import StepCache, digest

READING_PATH = re.compile(r"<!--\s*reading-path\s*\n(?P<body>.*?)-->", re.S)
SOURCE = re.compile(r"<!--\s*source:\s*(?P<name>[A-Za-z_][\w.]*)\s*-->")
PACKAGE = "attention_tutorial"
# drawing code: pictures only, never shown in a source block
DRAWING = PACKAGE + ".figures"

SUMMARY = {
    "zh": "<code>{short}</code> 的源代码（{module}，构建网站时从包里读取）",
    "en": "Source of <code>{short}</code> ({module}, read from the package at build time)",
}
SEPARATOR = {"zh": "：", "en": ": "}
ROOT = Path(__file__).resolve().parents[2]
# Set to "off" to keep no step result between builds (as ``plugin.STEP_CACHE_ENV``).
STEP_CACHE_ENV = "ATTN_STEP_CACHE"

# The source blocks of this build, by their inputs (set by on_config).
_blocks: StepCache = StepCache(None)
_package_key = ""


def language(config: MkDocsConfig) -> str:
    """The page language of this build: ``zh`` or ``en``."""
    return "zh" if str(config.extra.get("site_lang", "zh")).startswith("zh") else "en"


# --- the reading path ----------------------------------------------------------------


def top_level_pages(nav: list) -> list[tuple[str, str]]:
    """``(title, file)`` of the pages at the top level of ``nav`` (sections left out), in order."""
    pages = []
    for entry in nav:
        if isinstance(entry, dict):
            for title, target in entry.items():
                if isinstance(target, str):
                    pages.append((title, target))
    return pages


def reading_path(markdown: str, nav: list, lang: str) -> str:
    r"""Replace the ``<!-- reading-path -->`` comment by a numbered list of the chapter's pages.

    >>> nav = [
    ...     {"Home": "index.md"},
    ...     {"A": "a.py"},
    ...     {"G": "glossary.md"},
    ...     {"S": [{"x": "s/x.md"}]},
    ... ]
    >>> print(
    ...     reading_path(
    ...         "<!-- reading-path\na.py: first\nskip: glossary.md\n-->", nav, "en"
    ...     )
    ... )
    1. [A](a.py): first
    """
    match = READING_PATH.search(markdown)
    if match is None:
        return markdown
    described: dict[str, str] = {}
    skipped: set[str] = set()
    for line in match["body"].splitlines():
        if not line.strip():
            continue
        key, sep, text = line.partition(":")
        if not sep:
            raise PluginError(f"reading-path: a line must be 'file: description', got {line!r}")
        if key.strip() == "skip":
            skipped.update(text.split())
        else:
            described[key.strip()] = text.strip()
    pages = [(title, file) for title, file in top_level_pages(nav) if file != "index.md"]
    in_nav = {file for _, file in pages}
    missing = [file for file in sorted(in_nav) if file not in described and file not in skipped]
    if missing:
        raise PluginError(
            f"reading-path in index.md: the nav page(s) {', '.join(missing)} have no description: "
            "add a line 'file: description' to the reading-path comment, or name them on its "
            "'skip:' line"
        )
    stale = sorted((set(described) | skipped) - in_nav)
    if stale:
        raise PluginError(
            f"reading-path in index.md: {', '.join(stale)} are not top-level pages of nav: "
            "remove them from the reading-path comment"
        )
    lines = []
    for title, file in pages:
        if file in described:
            lines.append(f"{len(lines) + 1}. [{title}]({file}){SEPARATOR[lang]}{described[file]}")
    return markdown[: match.start()] + "\n".join(lines) + markdown[match.end() :]


# --- the code behind a call -----------------------------------------------------------


def resolve(name: str) -> object:
    """The object a dotted name inside the package names (a module, function, class or method)."""
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        raise PluginError(f"source: {name!r} is not inside the package {PACKAGE}")
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            raise PluginError(f"source: {name!r} does not exist in the package") from None
        return obj
    raise PluginError(f"source: cannot import {name!r}")


def source_of(name: str) -> str:
    """The current source text of a package object, as ``inspect`` reads it from its file."""
    obj = resolve(name)
    try:
        return inspect.getsource(obj)
    except (OSError, TypeError) as err:
        raise PluginError(f"source: no source for {name!r}: {err}") from None


def check_shown(name: str) -> None:
    """Refuse a source block for a drawing helper: a reader is shown computations only.

    >>> check_shown("attention_tutorial.training.train")
    >>> check_shown("attention_tutorial.figures.tensors.masks.diagram_eye")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: source: ...
    """
    if name == DRAWING or name.startswith(DRAWING + "."):
        raise PluginError(
            f"source: {name!r} is a drawing helper ({DRAWING}): its code shows how a picture "
            "is drawn, not what the page teaches; remove the marker (source blocks are for "
            "the chapter's computation functions)"
        )


def source_block(name: str, lang: str) -> str:
    """The collapsed block that shows the source of ``name``, highlighted as Material does."""
    check_shown(name)
    code = _highlighted(source_of(name))
    module, _, short = name.rpartition(".")
    obj = resolve(name)
    if inspect.ismethod(obj) or "." in getattr(obj, "__qualname__", ""):
        short = obj.__qualname__
        module = obj.__module__
    # a dotted module name breaks after a dot on a phone, not inside a word
    module_html = html.escape(module).replace(".", ".<wbr>")
    summary = SUMMARY[lang].format(short=html.escape(short), module=module_html)
    return (
        f'<details class="example source-code" data-package-source="{html.escape(name)}" '
        f"data-search-exclude>\n<summary>{summary}</summary>\n"
        f'<div class="highlight"><pre><span></span><code>{code}</code></pre></div>\n</details>'
    )


@functools.lru_cache(maxsize=256)
def _highlighted(source: str) -> str:
    """Python source as Pygments' HTML (kept: every rebuild of ``mkdocs serve`` asks again)."""
    return highlight(source, PythonLexer(), HtmlFormatter(nowrap=True))


def package_key(root: Path = ROOT) -> str:
    """The text of every module of the package, with the versions of Python and Pygments."""
    parts: list[str | bytes] = [sys.version, metadata.version("pygments")]
    for path in sorted((root / PACKAGE).rglob("*.py")):
        if "__pycache__" not in path.parts:
            parts += [path.relative_to(root).as_posix(), path.read_bytes()]
    return digest(parts)


def kept_source_block(name: str, lang: str) -> str:
    """:func:`source_block`, or the block made before from the same package text."""
    check_shown(name)  # before the cache: a block kept from an earlier rule is refused too
    key = [name, lang, _package_key or package_key()]
    return _blocks.get_or_make("source-block", key, lambda: source_block(name, lang))


def titled_page_names(
    text: str, lang: str, url_of: Callable[[str], str | None] | None = None
) -> str:
    """A docstring's page names (```local-linear.md```) as the titles a reader knows the pages by.

    The package's docstrings name the page that explains them by its file ("Explained on
    the page ```local-linear.md```", checked by tests/unit/test_init.py), which reads well
    in ``help()``; shown in a source block, a reader saw a file name that is no page of the
    site (r37c). The block shows the page's title in the page's language instead, in 《》
    in Chinese and in quotes in English, as a link when ``url_of`` gives the page's URL
    (``text`` is then the block's HTML). A name that is no page stays as it is.

    >>> titled_page_names("Explained on the page `average.md`.", "en")
    'Explained on the page “Average pooling”.'
    >>> titled_page_names("`average.md`", "zh", lambda page: f"../{page}/")
    '<a href="../average/">《平均汇聚》</a>'

    On the page the sentence names, shown in that page's own source block, a link to the
    page the reader is on read as a pointer elsewhere (r38c): the sentence says "this page".

    >>> titled_page_names(
    ...     "Explained on the page `average.md`.", "zh", lambda page: "./"
    ... )
    'Explained on this page.'
    """
    from tools.sitebuild.docstring_links import EXPLAINED, PAGE_NAME, page_title

    def this_page(match: re.Match[str]) -> str:
        pages = [m.group("page") for m in PAGE_NAME.finditer(match.group("names"))]
        if url_of is not None and all(url_of(page) == "./" for page in pages):
            return "Explained on this page."
        return match.group(0)

    text = EXPLAINED.sub(this_page, text)

    def titled(match: re.Match[str]) -> str:
        page = match.group("page")
        title = page_title(page, lang)
        url = url_of(page) if url_of is not None else ""
        if title is None or url is None:
            return match.group(0)
        shown = f"《{title}》" if lang == "zh" else f"“{title}”"
        if url_of is None:
            return shown
        return f'<a href="{html.escape(url)}">{html.escape(shown)}</a>'

    return PAGE_NAME.sub(titled, text)


def source_blocks(
    page_html: str, lang: str, url_of: Callable[[str], str | None] | None = None
) -> str:
    """Replace every ``<!-- source: name -->`` comment of a page by its source block.

    The page names of the block's docstrings become the pages' titles, linked where
    ``url_of`` gives a page's URL from this page (:func:`titled_page_names`).
    """
    return SOURCE.sub(
        lambda m: titled_page_names(kept_source_block(m["name"], lang), lang, url_of), page_html
    )


# --- MkDocs events ----------------------------------------------------------------------


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the package's text once per build; keep the blocks in the build's cache."""
    global _blocks, _package_key
    _package_key = package_key(ROOT)
    options = config.extra.get("sitebuild") or {}
    folder = Path(config.config_file_path).parent / options.get("cache_dir", ".cache") / "steps"
    folder = None if os.environ.get(STEP_CACHE_ENV) == "off" else folder.resolve()
    if _blocks.folder != folder:
        _blocks = StepCache(folder)
    return config


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files) -> str:
    """The home page's reading path, from ``nav``."""
    if page.file.src_uri == "index.md":
        return reading_path(markdown, config.nav or [], language(config))
    return markdown


def on_page_content(html_text: str, *, page: Page, config: MkDocsConfig, files) -> str:
    """Source blocks in place of their comments, on every page."""

    def url_of(name: str) -> str | None:
        """The URL of the page ``name`` (``"local-linear"``) from this page, or None."""
        for suffix in (".py", ".md"):
            file = files.get_file_from_path(f"{name}{suffix}")
            if file is not None:
                return file.url_relative_to(page.file)
        return None

    try:
        return source_blocks(html_text, language(config), url_of)
    except PluginError as err:
        raise PluginError(f"{page.file.src_uri}: {err}") from None
