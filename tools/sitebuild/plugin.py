"""The site-build MkDocs plugin: executed notebooks from the cache, page repairs, both languages.

* ``on_files``: executes the notebook pages that are not cached (both languages
  at once, two kernels in parallel, :class:`~tools.sitebuild.execute.NotebookCache`)
  and points each ``.py`` page at its executed ``.ipynb``, which mkdocs-jupyter
  renders without executing.
* ``on_page_content``: :meth:`SiteBuildPlugin.repair_page` repairs each page
  (``page_repairs.py``); :meth:`SiteBuildPlugin.write_site_files` writes the files
  those repairs take out of the pages.
* ``on_page_context``: a notebook page offers its executed ``.ipynb`` and its
  ``.py`` source (``downloads.py``), written by :meth:`SiteBuildPlugin.write_site_files`;
  ``on_config`` puts the build stamp (``stamp.py``) and the repository links
  (``repo.py``) into the config, ``on_files`` adds the package's wheel (``wheel.py``).
* With ``build_also`` (the Chinese config names the English one), the English
  site is built in a second process while this one renders, and copied into
  ``<site_dir>/<build_also_into>`` (``subsite.py``).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import os
import posixpath
import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote as urlunquote
from urllib.parse import urlsplit, urlunsplit

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure import pages as mkdocs_pages
from mkdocs.structure.toc import get_toc
from mkdocs.utils import get_relative_url

from tools.sitebuild import (
    codebreaks,
    copybuttons,
    downloads,
    fastpath,
    fold,
    html_tree,
    htmlslim,
    imagesize,
    mathrender,
    page_repairs,
    rebuild,
    repo,
    site_finish,
    stamp,
    tables,
    wheel,
)
from tools.sitebuild.execute import NotebookCache, NotebookError, environment_hash
from tools.sitebuild.html_tree import parse, serialize
from tools.sitebuild.notebooks import DOCS, LANGS, ROOT, discover
from tools.sitebuild.stepcache import StepCache, digest
from tools.sitebuild.subsite import Subsite

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page


# Set to "off" to keep no step result between builds (stepcache.py).
STEP_CACHE_ENV = "ATTN_STEP_CACHE"
# The API reference pages (mkdocstrings), whose rendering is kept by its inputs.
API_FOLDER = "api/"
# Search weight of the API reference pages against the lessons (1 = the same). Each API
# page names every module as attention_tutorial.<module>, which a query's trailing
# wildcard ("attention*") matches, and its links carry the lessons' titles: at 0.2 the
# API pages took the first ten results for "attention"; at 0.05 the lessons lead.
API_SEARCH_BOOST = 0.05
# The error message index, whose entries a learner finds by pasting an error into the search
# box. Each message shares its words (dimension, range, keys, values, length) with the pages
# that explain it, which are longer and ranked it 3rd to 5th for a whole pasted line; boosted,
# it comes first or second (tests/browser/test_error_search.py).
ERRORS_PAGE = "handbook/errors.py"
ERRORS_SEARCH_BOOST = 4


class SiteBuildConfig(Config):
    """The plugin's options (``extra.sitebuild`` in ``mkdocs.yml``, see ``hooks.py``)."""

    cache_dir = config_options.Type(str, default=".cache")
    """Root of every cache of the build (notebooks, mkdocs-jupyter, the other site)."""
    languages = config_options.ListOfItems(config_options.Choice(LANGS), default=list(LANGS))
    """Whose notebook pages this build executes: its own, and those of ``build_also``."""
    build_also = config_options.Optional(config_options.File(exists=True))
    """The config of the other language's site, built into ``build_also_into``."""
    build_also_into = config_options.Type(str, default="en")
    """The folder of ``site_dir`` that receives the other language's site."""
    join_cjk_lines = config_options.Type(bool, default=False)
    """Remove line breaks between two CJK characters (Chinese pages)."""
    offline = config_options.Type(bool, default=False)
    """The ``file://`` variant: drop the hreflang links whose sitemaps would be fetched."""


class SiteBuildPlugin(BasePlugin[SiteBuildConfig]):
    """Build one language of the site; with ``build_also``, the other one too."""

    def __init__(self) -> None:
        """An unconfigured plugin: ``on_config`` sets it up for each build."""
        self.cache: NotebookCache | None = None
        # `mkdocs serve` (hooks.py): the other language is built in this process
        self.serving = False
        self.subsite: Subsite | None = None
        self.cache_root = ROOT / ".cache"
        self.page_lang = "zh"  # the pages' language, set by on_config
        # files that the page repairs take out of the pages: {site path: content}
        self.site_files: dict[str, bytes] = {}
        # the build's one KaTeX process: formulas are rendered at build time
        self.katex: mathrender.KatexRenderer | None = None
        # results of the page steps by their inputs, kept across the rebuilds of `mkdocs serve`
        self.steps: StepCache | None = None
        self._links_key: str | None = None
        self._files_key: str | None = None
        self._pages_key: str | None = None
        self._api_key = ""
        self._pruned = False
        # what the finishing steps did to the pages (the fast path of a prose edit)
        self.finish_plan: site_finish.FinishPlan | None = None
        # this build's navigation, files and theme environment (hooks.py keeps them)
        self.built: dict = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Set up the notebook cache and, with ``build_also``, the other site."""
        lang = config.theme["language"]
        if lang not in self.config.languages:
            raise PluginError(
                f"sitebuild: languages {self.config.languages} lack this site's language "
                f"{lang!r}; add it to extra.sitebuild.languages in {config.config_file_path}"
            )
        self.page_lang = "zh" if lang.startswith("zh") else "en"  # names what the pages add
        self.cache_root = (Path(config.config_file_path).parent / self.config.cache_dir).resolve()
        # compiled templates (the theme's, nbconvert's) kept between builds: rebuild.py
        rebuild.bytecode_folder = self.cache_root / "jinja"
        self.site_files = {}
        self._links_key = self._files_key = self._pages_key = None
        # ATTN_STEP_CACHE=off: nothing is kept between builds (a reference build, in tests)
        steps = None if os.environ.get(STEP_CACHE_ENV) == "off" else self.cache_root / "steps"
        if self.steps is None or self.steps.folder != steps:
            self.steps = StepCache(steps)
        self.steps.new_build()
        self._keep_search_entries(config)
        built = stamp.configure(config)  # the footer of every page (both languages)
        try:
            repo.configure(config)  # "edit this page" only when a repository is known
        except ValueError as err:
            raise PluginError(f"sitebuild: {err}") from None
        environment = environment_hash(ROOT)
        # what an API page's rendering reads besides its Markdown: the package's source
        # (docstrings), the configs (mkdocstrings' options, the language), the site URL,
        # and the build's own part of it: the docstring extension, its Chinese sentences
        # and the templates that override mkdocstrings' (tools/sitebuild). Not which
        # config file: the options rendering reads (_rendering_options) stand for it, so
        # the offline variant, whose config adds only the offline plugin, finds the pages
        # the site's build rendered (its other URLs are placed after: _render_markdown_page)
        folder = Path(config.config_file_path).parent
        configs = [path.read_bytes() for path in sorted(folder.glob("mkdocs*.yml"))]
        which = [_rendering_options(config), config.theme["language"], str(config.site_url)]
        here = Path(__file__).parent
        ours = [here / "docstring_links.py", here / "summaries_zh.py"]
        ours += sorted((here / "mkdocstrings_templates").rglob("*.jinja"))
        own = [
            f"{path.relative_to(here).as_posix()}\n".encode() + path.read_bytes() for path in ours
        ]
        self._api_key = digest([environment, *configs, *which, *own])
        self.cache = NotebookCache(self.cache_root / "notebooks", environment)
        jupyter = config.plugins.get("mkdocs-jupyter")
        if jupyter is not None:
            jupyter.config["cache_dir"] = str(self.cache_root / "mkdocs-jupyter" / lang)
        self.subsite = None
        if self.config.build_also:
            self.subsite = Subsite(
                Path(self.config.build_also),
                ROOT,
                self.cache_root / "site-en",
                strict=bool(config.strict),
                environment=environment,
                build_stamp=built,  # the other language's footer: the same stamp
            )
        return config

    def _keep_search_entries(self, config: MkDocsConfig) -> None:
        """Material's search entries of a page kept by what they are made of (``stepcache``).

        Material's search plugin cuts each page into sections with an HTML parser and
        segments their Chinese text: after an edit of one page, that was a fifth of
        a rebuild for pages that did not change. Its ``add_entry_from_context`` is
        wrapped (on this build's own index object) to keep the entries under what they
        are made of: the sections its parser finds in the page's content (kept too,
        under that content: parsing every page again was most of the English site's
        build ahead of its first edit, ``fastpath.prime``), the page's title, metadata
        and table of contents, and the search options. Not the page's URL, which an
        entry's location only starts with: the entries are kept without it and the
        URL put in front again, so that a site with other URLs (the offline variant)
        finds the entries of the site's build. The serve test compares the index with
        a clean build's, byte for byte.
        """
        search = config.plugins.get("material/search") or config.plugins.get("search")
        index = getattr(search, "search_index", None)
        if index is None or not hasattr(index, "add_entry_from_context"):
            return
        try:
            from material.plugins.search.plugin import Parser
        except ImportError:  # another search plugin: its entries are made every time
            return
        steps = self.steps
        assert steps is not None
        make = index.add_entry_from_context
        options = json.dumps(dict(search.config), sort_keys=True, default=str)
        known = _MATERIAL_ADD_ENTRY == _code_digest(type(index).add_entry_from_context)
        parser_version = _code_digest(Parser)  # what the kept sections were found by

        def make_from(page: Page, sections) -> bool:
            """Material's ``add_entry_from_context`` from the sections parsed already.

            Its own method parses the page's content again (a tenth of a cold build);
            this is that method, line for line, fed with the parser's sections made for
            the key. Returns True (nothing done) if Material's method is not the one
            copied here (``_MATERIAL_ADD_ENTRY``): then it runs itself.
            """
            if not known:
                return True
            search_meta = page.meta.get("search") or {}
            if search_meta.get("exclude"):
                return False
            for section in sections:
                if not section.is_excluded():
                    index.create_entry_for_section(section, page.toc, page.url, page)
            return False

        def parsed(page: Page):
            parser = Parser()
            parser.feed(page.content or "")
            parser.close()
            return parser.data

        def add_entry_from_context(page: Page) -> None:
            # the sections of a page whose URLs on_page_content placed in text kept
            # without them (_neutral_content): known without parsing the page again
            # (the same sections: marks and URLs are in attributes, sections hold text);
            # any other page's under its content, as a rebuild of the same inputs finds it
            data = None
            neutral = _neutral_content(page)
            text = neutral if neutral is not None else (page.content or "")
            sections_key = steps.key("search-sections", [parser_version, text])
            sections = steps.get(sections_key)
            if sections is None:
                data = parsed(page)
                sections = json.dumps(
                    [[s.id, s.title, s.text] for s in data if not s.is_excluded()],
                    ensure_ascii=False,
                )
                steps.put(sections_key, sections)
            inputs = [
                options,
                sections,
                str(page.title),
                json.dumps(page.meta, sort_keys=True, default=str, ensure_ascii=False),
                json.dumps(_toc_data(page.toc), ensure_ascii=False),
            ]
            key = steps.key("search-entries", inputs)
            entries = steps.get(key)
            if entries is None:
                start = len(index.entries)
                if make_from(page, parsed(page) if data is None else data):
                    make(page)  # Material's own method changed: let it parse again
                made = copy.deepcopy(index.entries[start:])
                if all(entry.get("location", "").startswith(page.url) for entry in made):
                    for entry in made:
                        entry["location"] = entry["location"][len(page.url) :]
                    steps.put(key, made)
            else:
                for entry in copy.deepcopy(entries):
                    entry["location"] = page.url + entry["location"]
                    index.entries.append(entry)

        index.add_entry_from_context = add_entry_from_context

    @event_priority(-100)  # after mkdocs-jupyter has wrapped the notebook files
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Execute what is not cached; render each notebook page from its executed copy."""
        assert self.cache is not None
        try:
            written = self.cache.build(discover(DOCS, self.config.languages))
        except NotebookError as err:
            raise PluginError(str(err)) from None
        # What this build executed, for the benchmark (benchmarks/build_bench.py).
        stats = self.cache_root / f"stats-{'-'.join(self.config.languages)}.json"
        stats.parent.mkdir(parents=True, exist_ok=True)
        stats.write_text(json.dumps(self.cache.stats.as_dict()))
        by_path = {page.path.resolve(): path for page, path in written.items()}
        for file in files:
            if file.src_uri.endswith(".py") and file.abs_src_path:
                executed = by_path.get(Path(file.abs_src_path).resolve())
                if executed is None:
                    raise PluginError(
                        f"sitebuild: no executed notebook for {file.src_uri}: its language is "
                        f"missing from extra.sitebuild.languages in {config.config_file_path}"
                    )
                file.abs_src_path = str(executed)
        try:
            files.append(wheel.site_file(config))  # the package, for readers
        except RuntimeError as err:
            raise PluginError(f"sitebuild: {err}") from None
        if self.subsite is not None:
            self.subsite.start(in_process=self.serving)
        return files

    def on_env(self, env, *, config: MkDocsConfig, files: Files):
        """Keep the theme's compiled templates between builds (Jinja's bytecode cache).

        Each build makes a new Jinja environment, which compiled Material's templates
        again: an eighth of a rebuild under ``mkdocs serve``. Jinja checks each stored
        template against its source's checksum.
        """
        env.bytecode_cache = rebuild.bytecode_cache()
        return env

    def on_pre_page(self, page: Page, *, config: MkDocsConfig, files: Files) -> Page:
        """Markdown pages, API pages too, rendered once per inputs (``_render_markdown_page``)."""
        if page.file.src_uri.endswith(".md"):
            render = page.render
            page.render = functools.partial(self._render_markdown_page, page, render)
        return page

    def _render_markdown_page(self, page: Page, render, config: MkDocsConfig, files: Files) -> None:
        """Render a Markdown page, or take what rendering it gave before under the same inputs.

        mkdocstrings renders each API page's docstrings through its templates: more
        than half of a rebuild of one language after a prose edit elsewhere (the
        other Markdown pages, a tenth). The result depends on the page's Markdown,
        the package's source, the configs (``_api_key``), the files its links may
        point to (``_files_key``) and the files the page includes (``_snippets_key``).
        Besides the page's content, table of contents and title, rendering registers
        the page's anchors with autorefs (which resolves the other pages' cross-references
        to them) and its objects in mkdocstrings' inventory (``objects.inv``): those calls
        are recorded and made again when the result is reused.

        Not of the URLs: while the page renders, each link MkDocs resolves to a file is
        written as a mark naming that file (:func:`_marked_links`), and the inventory's
        URIs are kept without the page's URL; :func:`_place_urls` and the page's URL
        make them this build's again. So the offline variant (``x.html`` URLs) reuses
        what the site's build rendered. A page whose content keeps a relative URL
        that is not a mark (made some other way) is kept under its URLs as well.
        """
        assert self.steps is not None
        mkdocstrings = config.plugins.get("mkdocstrings")
        autorefs = config.plugins.get("autorefs")
        if mkdocstrings is None or autorefs is None:
            render(config, files)
            return
        if self._links_key is None:
            self._links_key = _links_key(files)
            self._files_key = _files_key(files)
        snippets = _snippets_key(page.markdown or "", Path(config.config_file_path).parent)
        markdown = page.markdown or ""
        common = [markdown, page.file.src_uri, self._api_key]
        neutral = self.steps.key("api-page-marked", [*common, self._files_key, snippets])
        placed = self.steps.key("api-page", [*common, page.url, self._links_key, snippets])
        record = None if "attn-url:" in markdown else self.steps.get(neutral)
        if record is None:
            record = self.steps.get(placed)
        inventory = mkdocstrings.handlers.inventory
        if record is None:
            anchors: list = []
            items: list = []
            register_anchor, register_item = autorefs.register_anchor, inventory.register

            def record_anchor(at, identifier, anchor=None, *, title=None, primary=True):
                anchors.append([identifier, anchor, title, primary])
                register_anchor(at, identifier, anchor, title=title, primary=primary)

            def record_item(name, domain, role, uri, priority=1, dispname=None):
                items.append([name, domain, role, uri, priority, dispname])
                register_item(name, domain, role, uri, priority, dispname)

            # (the fast path of a prose edit records the registrations too: fastpath.py)
            own = autorefs.__dict__.get("register_anchor"), inventory.__dict__.get("register")
            autorefs.register_anchor, inventory.register = record_anchor, record_item
            marks = "attn-url:" not in markdown
            try:
                with _marked_links(marks):
                    render(config, files)
            finally:
                _restore(autorefs, "register_anchor", own[0])
                _restore(inventory, "register", own[1])
            links = getattr(page, "links_to_anchors", None)
            record = {
                "content": page.content,
                "toc": _toc_tokens(page.toc),
                "title": page._title_from_render,
                "present": sorted(page.present_anchor_ids or ()),
                "links": None
                if links is None
                else {f.src_uri: dict(anchors_) for f, anchors_ in links.items()},
                "anchors": anchors,
                "items": items,
            }
            if marks and _only_marked_urls(page.content or "") and _own_uris(items, page.url):
                record["items"] = [[*it[:3], it[3][len(page.url) :], *it[4:]] for it in items]
                record["marked"] = True
                self.steps.put(neutral, record)
            else:
                if marks:  # a URL not made by MkDocs' links: this page is kept under its URLs
                    record["content"] = _place_urls(record["content"] or "", page, files)
                self.steps.put(placed, record)
            page.attn_url_marks = marks  # on_page_content places them
            return
        page.content = record["content"]
        page.attn_url_marks = marked = record.get("marked", False)
        page.toc = get_toc(record["toc"])
        page._title_from_render = record["title"]
        page.present_anchor_ids = set(record["present"])
        if record["links"] is not None:
            page.links_to_anchors = {
                files.get_file_from_path(src): dict(anchors_)
                for src, anchors_ in record["links"].items()
            }
        for identifier, anchor, title, primary in record["anchors"]:
            autorefs.register_anchor(page, identifier, anchor, title=title, primary=primary)
        for item in record["items"]:
            if marked:
                item = [*item[:3], page.url + item[3], *item[4:]]
            inventory.register(*item)
        mkdocstrings.handlers.get_handler("python")  # "seen": its CSS and inventory are written

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Search weights (Material's ``search.boost``): API pages below, the error index above.

        The reference repeats every term of the chapter in docstrings; a reader who
        searches "attention" or "高斯核" wants the lesson first. A reader who pastes an
        error message wants its entry in the error message index first. (A notebook page
        has no front matter: its ``page.meta`` is set here.)
        """
        if page.file.src_uri.startswith(API_FOLDER):
            page.meta.setdefault("search", {}).setdefault("boost", API_SEARCH_BOOST)
        elif page.file.src_uri == ERRORS_PAGE:
            page.meta.setdefault("search", {}).setdefault("boost", ERRORS_SEARCH_BOOST)
        return markdown

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Repair the page's HTML (see :meth:`repair_page`), or take the repairs made before.

        The result is a function of the HTML, the page's source path, the pages its
        links may point to and its table of contents: kept under those (``stepcache.py``).
        Not of the URLs: the repair writes each URL it makes (a link to another page, a
        figure, the notebook stylesheet) as a mark naming its target (:func:`_url_mark`),
        which :func:`_place_urls` replaces by the URL relative to this page. So the
        offline site, whose URLs differ (``x.html``), reuses what the site's build made.
        A Markdown page's only repair (Chinese lines joined) reads nothing but its HTML:
        kept under that alone, with its links as marks too when those are its only
        relative URLs (:meth:`_render_markdown_page`), so the offline site reuses it.
        """
        assert self.steps is not None
        if not page.file.src_uri.endswith(".py"):
            # a rendered page's links are marks (_render_markdown_page): its repair is
            # kept under them if they are its only relative URLs, the URLs placed after
            marked = getattr(page, "attn_url_marks", False)
            if marked and (not self.config.join_cjk_lines or not _only_marked_urls(html)):
                html, marked = _place_urls(html, page, files), False
            if not self.config.join_cjk_lines:
                return html  # nothing to repair
            record = self.steps.get_or_make(
                "markdown-content", [html], lambda: {"html": self.repair_page(html, page, files)}
            )
            if not marked:
                return record["html"]
            return _keep_neutral(page, record["html"], _place_urls(record["html"], page, files))
        if "attn-url:" in html:  # _place_urls would take it for a mark of the repair
            raise PluginError(f"{page.file.src_uri}: the page holds the text 'attn-url:'")
        if self._pages_key is None:
            self._pages_key = _pages_key(files)
        inputs = [
            html,
            page.file.src_uri,
            self._pages_key,
            json.dumps([item.title for item in _walk_toc(page.toc)], ensure_ascii=False),
            json.dumps(self.config.join_cjk_lines),
            self.page_lang,
            json.dumps(fold.summaries(getattr(page.file, "abs_src_path", None))),
        ]

        def repair() -> dict:
            files_before = dict(self.site_files)
            self.site_files = {}
            try:
                out = self.repair_page(html, page, files)
                made = {name: self.steps.put_blob(blob) for name, blob in self.site_files.items()}
            finally:
                self.site_files = {**files_before, **self.site_files}
            return {"html": out, "toc": [item.id for item in _walk_toc(page.toc)], "files": made}

        record = self.steps.get_or_make("page-content", inputs, repair)
        for item, anchor in zip(_walk_toc(page.toc), record["toc"], strict=True):
            item.id = anchor
        for name, blob in record["files"].items():
            if name not in self.site_files:
                self.site_files[name] = self.steps.get_blob(blob)
        return _keep_neutral(page, record["html"], _place_urls(record["html"], page, files))

    def repair_page(self, html: str, page: Page, files: Files) -> str:
        """The one place where a page's content HTML is changed.

        Chinese pages lose the line breaks between CJK characters; notebook pages
        get heading ids, resolved links, no CDN scripts, figures and CSS as files.
        A notebook page's URLs come out as marks (:func:`_url_mark`), which
        :func:`_place_urls` makes relative to the page.
        """
        notebook = page.file.src_uri.endswith(".py")
        if not notebook and not self.config.join_cjk_lines:
            return html
        tree = parse(html)
        if self.config.join_cjk_lines:
            page_repairs.join_cjk_lines(tree)
        if not notebook:
            return serialize(tree)
        page_repairs.rewrite_links(tree, _link_resolver(page, files))
        try:  # cells marked `# %% fold="…"` collapsed (fold.py)
            fold.fold_cells(tree, fold.summaries(getattr(page.file, "abs_src_path", None)))
        except ValueError as err:
            raise PluginError(f"{page.file.src_uri}: {err}") from None
        headings = page_repairs.fix_heading_ids(tree)
        try:
            page_repairs.fix_toc(page.toc, headings)
        except ValueError as err:
            raise PluginError(f"{page.file.src_uri}: {err}") from None
        page_repairs.keep_ellipses_attached(tree)
        page_repairs.mark_error_outputs(tree)
        page_repairs.strip_scripts(tree)
        page_repairs.slim_copy_buttons(tree, self.page_lang)
        images = page_repairs.extract_images(tree, lambda name: _url_mark("file", name))
        self.site_files.update(images)
        page_repairs.keep_tab_stops_that_scroll(tree, self.page_lang)
        # figures get their width and height: no layout shift as lazy images load
        sizes = {_url_mark("file", n): imagesize.image_size(b) for n, b in images.items()}
        css = page_repairs.extract_styles(tree)
        page_repairs.unwrap_plain_tokens(tree, page_repairs.class_names(css) | _own_classes())
        name = page_repairs.css_name(css)
        self.site_files[name] = css.encode()
        href = _url_mark("file", name)
        body = imagesize.add_sizes(serialize(tree), sizes.get)
        return f'<link rel="stylesheet" href="{href}">\n{body}'

    def on_page_context(self, context: dict, *, page: Page, config: MkDocsConfig, nav) -> dict:
        """Notebook pages offer their executed notebook and source (``downloads.py``)."""
        self.site_files.update(downloads.attach(context, page, config))
        return context

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """The finished page (:meth:`finish_page`), or the one made before from the same HTML."""
        assert self.steps is not None
        inputs = [output, page.file.src_uri, json.dumps(self._keeps_alternates(config))]
        record = self.steps.get_or_make(
            "page-finish", inputs, lambda: {"html": self.finish_page(output, page, config)}
        )
        return record["html"]

    def finish_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """The page parsed once, finished by :meth:`finish_steps` in order, serialized once."""
        tree = parse(output, as_written=True)
        try:
            html_tree.run(tree, self.finish_steps(config))
        except ValueError as err:  # a formula KaTeX rejects
            raise PluginError(f"{page.file.src_uri}: {err}") from None
        return serialize(tree)

    def finish_steps(self, config: MkDocsConfig) -> list[html_tree.Step]:
        """The steps that finish a templated page, in the order they run on its tree.

        1. ``render_formulas``: every formula rendered by KaTeX, in one call per page
           (``mathrender.py``).
        2. ``row_headers_tree``: a row header in each body row of a table whose
           top-left cell is empty; ``term_columns_tree``: a glossary's column of Chinese
           terms marked; 3. ``wrap_tree``: tables in their scroll box before Material's
           script runs (``tables.py``).
        4. ``slim_tree``: indentation and repeated anchor names dropped (``htmlslim.py``).
        5. ``mark_tree``: inline code breaks between the parts of a name
           (``codebreaks.py``).
        6. ``drop_unused_explorer_tree``: the explorer's script and stylesheet only on
           pages that show it; ``permalink_titles_tree``: each heading's permalink named
           in the page's language; ``trim_link_titles_tree``: tooltips without the
           templates' indentation; ``name_nav_toggles_tree``: the navigation's
           icon-only section toggles named; ``title_parts_tree``: a Chinese title breaks
           after its "：" first (``page_repairs.py``).
        7. ``code_in_prose_blocks_tree``: a notebook's prose code blocks get their
           ``<code>``; ``prerender_tree``: code blocks come with Material's copy button
           (``copybuttons.py``).
        8. ``drop_alternate_links_tree``: no relative hreflang links
           (:meth:`_keeps_alternates`).
        9. ``paint_after_early_tables_tree``: the first paint waits for the tables
           near the top (``tables.py``). Last: it measures where each table starts in
           the finished page, so nothing may be inserted before a table after it (the
           copy buttons, inserted after it, once moved a table of the stepper's API page
           past the limit the step had measured it within).
        """
        if self.katex is None:
            self.katex = mathrender.KatexRenderer(steps=self.steps)
        steps = [
            mathrender.render_step(self.katex),
            tables.row_headers_tree,
            tables.term_columns_tree,
            tables.wrap_tree,
            htmlslim.slim_tree,
            codebreaks.mark_tree,
            page_repairs.drop_unused_explorer_tree,
            page_repairs.permalink_titles_tree,
            page_repairs.trim_link_titles_tree,
            page_repairs.name_nav_toggles_tree,
            page_repairs.title_parts_tree,
            copybuttons.code_in_prose_blocks_tree,
            copybuttons.prerender_tree,
        ]
        if not self._keeps_alternates(config):
            steps.append(page_repairs.drop_alternate_links_tree)
        steps.append(tables.paint_after_early_tables_tree)
        return steps

    def on_post_template(
        self, output_content: str, *, template_name: str, config: MkDocsConfig
    ) -> str:
        """The 404 page: slim, no explorer assets, named toggles, no relative hreflang links."""
        if not template_name.endswith(".html"):
            return output_content
        steps: list[html_tree.Step] = [
            page_repairs.drop_unused_explorer_tree,
            page_repairs.name_nav_toggles_tree,
        ]
        if not self._keeps_alternates(config):
            steps.append(page_repairs.drop_alternate_links_tree)
        tree = parse(output_content, as_written=True)
        html_tree.run(tree, [*steps, htmlslim.slim_tree])
        return serialize(tree)

    def _keeps_alternates(self, config: MkDocsConfig) -> bool:
        return bool(config.site_url) and not self.config.offline

    def on_build_error(self, *, error: Exception) -> None:
        """End the KaTeX process."""
        self._close_katex()

    def _close_katex(self) -> None:
        if self.katex is not None:
            self.katex.close()
            self.katex = None

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the files taken out of the pages; add the other language's site."""
        if not self.serving:  # `mkdocs serve` keeps it for the next edit (hooks.on_shutdown)
            self._close_katex()
        assert self.steps is not None
        if not self._pruned:
            # once per process: `mkdocs serve` keeps what its rebuilds use in memory, and
            # looking at every stored result took a tenth of a rebuild
            self.steps.prune()
            self._pruned = True
        site = Path(config.site_dir)
        self.write_site_files(site)
        if self.subsite is not None:
            into = self.config.build_also_into
            self.subsite.finish(site / into)
            # both languages are in place: one copy of shared assets, used CSS only
            self.finish_plan = site_finish.FinishPlan()
            site_finish.finalize(
                site, preload=not self.config.offline, steps=self.steps, plan=self.finish_plan
            )
            fastpath.served_at(config.config_file_path, site, "")
            fastpath.served_at(str(self.subsite.root / self.subsite.config_file), site, into + "/")

    def write_site_files(self, site: Path) -> None:
        """The one place where files are added to the built site."""
        for name, blob in self.site_files.items():
            dest = site / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(blob)


def _code_digest(function) -> str:
    """The hash of a function's source (which version of a method a copy follows)."""
    import inspect

    return digest([inspect.getsource(function)])


# Material's SearchIndex.add_entry_from_context (9.8.2) that make_from copies
# (_keep_search_entries); another version of it runs itself.
_MATERIAL_ADD_ENTRY = "250105302b3f3c8c6c1de994367756bad1a6e415cec4d907a6fe85c69989e138"


def _keep_neutral(page: Page, neutral: str, placed: str) -> str:
    """Return ``placed``, the page's content; remember it was ``neutral`` with URLs placed.

    Material's search entries are made of the sections its parser finds in the content,
    which hold no URL: the same for every placing of the marks of ``neutral``
    (``_keep_search_entries`` keeps them under it).
    """
    page.attn_neutral_content = (neutral, placed)
    return placed


def _neutral_content(page: Page) -> str | None:
    """The text ``page.content`` was placed from, if it is still that content (or None).

    Still that content in value: autorefs gives every page's content back as a new
    string (``on_env``), the same text when the page has no cross-reference to resolve.
    """
    kept = getattr(page, "attn_neutral_content", None)
    if kept is None or kept[1] != page.content:
        return None
    return kept[0]


def _restore(obj, name: str, value) -> None:
    """Put back ``obj``'s own attribute ``name`` (None: it had none, its class's is used)."""
    if value is None:
        obj.__dict__.pop(name, None)
    else:
        setattr(obj, name, value)


def _walk_toc(items):
    """The entries of a table of contents, depth first (the order ``fix_toc`` numbers them)."""
    for item in items:
        yield item
        yield from _walk_toc(item.children)


def _toc_tokens(items) -> list:
    """A table of contents as the tokens ``mkdocs.structure.toc.get_toc`` builds it from."""
    return [
        {"level": i.level, "id": i.id, "name": i.title, "children": _toc_tokens(i.children)}
        for i in items
    ]


def _toc_data(items) -> list:
    """A table of contents as plain data: what the search entries read of it."""
    return [[i.id, i.title, i.url, i.level, _toc_data(i.children)] for i in items]


# pymdownx.snippets: a line `--8<-- "path"` includes the file at path (from the root).
_SNIPPET = re.compile(r"""^[ \t]*-+8<-+[ \t]+["']?([^"'\n]+?)["']?[ \t]*$""", re.MULTILINE)


def _snippets_key(markdown: str, root: Path, depth: int = 0) -> str:
    """The content of every file a page includes with pymdownx.snippets (nested too)."""
    parts = []
    for name in _SNIPPET.findall(markdown):
        path = root / name.strip()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            text = "\0missing"  # snippets reports it (check_paths); the key still differs
        nested = _snippets_key(text, root, depth + 1) if depth < 4 else ""
        parts += [name, text, nested]
    return digest(parts) if parts else ""


def _pages_key(files: Files) -> str:
    """The pages a notebook's link may point to, by their source paths (not their URLs)."""
    return json.dumps(sorted(f.src_uri for f in files.documentation_pages()), ensure_ascii=False)


def _links_key(files: Files) -> str:
    """What a page's links may resolve to: the URL of every page, by its source path."""
    pages = sorted((f.src_uri, f.url) for f in files.documentation_pages())
    return json.dumps(pages, ensure_ascii=False)


def _files_key(files: Files) -> str:
    """What a page's links may resolve to, without URLs: every file's source path."""
    return json.dumps(sorted((f.src_uri, str(f.inclusion)) for f in files), ensure_ascii=False)


def _stable(value) -> str:
    """A text of ``value`` that is the same in every process (no object addresses).

    >>> import functools
    >>> _stable(functools.partial(posixpath.join, "a", b=1))
    "partial(posixpath.join, ('a',), {'b': 1})"
    """
    if isinstance(value, functools.partial):
        return f"partial({_stable(value.func)}, {value.args!r}, {value.keywords!r})"
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', value)}"
    text = repr(value)
    return type(value).__qualname__ if " at 0x" in text else text


def _rendering_options(config: MkDocsConfig) -> str:
    """The options a Markdown page's rendering reads: its extensions, mkdocstrings', autorefs'.

    The same for a config and its offline variant (which only adds the offline plugin).
    """
    plugins = {
        name: dict(config.plugins[name].config)
        for name in ("mkdocstrings", "autorefs")
        if name in config.plugins
    }
    options = {
        "markdown_extensions": [_stable(ext) for ext in config.markdown_extensions],
        "mdx_configs": config.mdx_configs,
        "plugins": plugins,
        "docs_dir": Path(config.docs_dir).name,
    }
    return json.dumps(options, sort_keys=True, ensure_ascii=False, default=_stable)


# Relative URLs in a rendered page: a link or image whose address names no scheme.
_ADDRESS = re.compile(r"""\b(?:href|src)=(?:"([^"]*)"|'([^']*)')""")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def _only_marked_urls(html: str) -> bool:
    """Whether every relative address in ``html`` is a mark (:func:`_url_mark`) or a fragment.

    >>> _only_marked_urls('<a href="attn-url:page:a.md:attn-url#x">a</a> <a href="#y">')
    True
    >>> _only_marked_urls('<img src="https://a.b/c.png"> <a href="../a/">')
    False
    """
    for match in _ADDRESS.finditer(html):
        address = match[1] if match[1] is not None else match[2]
        if address and not address.startswith("#") and not _SCHEME.match(address):
            return False
    return True


def _own_uris(items: list, url: str) -> bool:
    """Whether every inventory item recorded for a page points into the page at ``url``."""
    return all(isinstance(item[3], str) and item[3].startswith(url) for item in items)


@contextlib.contextmanager
def _marked_links(enabled: bool = True):
    """While a page renders: each link MkDocs resolves to a file written as that file's mark.

    MkDocs makes a link to ``../data.py`` relative to the page (``../data/`` or
    ``../data.html``); here the address is ``attn-url:page:data.py:attn-url``
    instead (query and fragment kept), which :func:`_place_urls` turns into the same
    relative URL for the page's URL. A link MkDocs leaves as it is stays as it is.
    """
    if not enabled:
        yield
        return
    processor = mkdocs_pages._RelativePathTreeprocessor
    resolve = processor.path_to_url

    def path_to_url(self, url: str) -> str:
        new = resolve(self, url)
        scheme, netloc, path, query, fragment = urlsplit(url)
        if scheme or netloc or not path or url.startswith(("/", "\\")):
            return new
        target = self.files.get_file_from_path(
            self._target_uri(self.file.src_uri, urlunquote(path))
        )
        if target is None:
            return new
        relative = get_relative_url(target.url, self.file.url)
        if new != urlunsplit(("", "", relative, query, fragment)):
            return new
        return urlunsplit(("", "", _url_mark("page", target.src_uri), query, fragment))

    processor.path_to_url = path_to_url
    try:
        yield
    finally:
        processor.path_to_url = resolve


@functools.cache
def _own_classes() -> frozenset[str]:
    """The class names our own stylesheets (``docs/assets/stylesheets``) mention."""
    sheets = sorted((DOCS / "assets" / "stylesheets").glob("*.css"))
    return frozenset().union(*(page_repairs.class_names(p.read_text("utf-8")) for p in sheets))


def _link_resolver(page: Page, files: Files):
    """Resolve a notebook's link to another page (``x.py``, ``../y.md#z``) to that page's URL."""

    def resolve(href: str) -> str | None:
        path, _, fragment = href.partition("#")
        if not path.endswith((".py", ".md", ".ipynb")) or page_repairs.is_external(path):
            return None
        src = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
        target = files.get_file_from_path(src)
        if target is None:
            raise PluginError(
                f"{page.file.src_uri}: link to {href!r}, no such page; write the path of a "
                f"page relative to this one (e.g. `nonparametric.py`, `../glossary.md#x`)"
            )
        return _url_mark("page", target.src_uri) + (f"#{fragment}" if fragment else "")

    return resolve


# What a notebook page's repair writes in place of a URL: the target's site path
# ("file") or source path ("page"); on_page_content refuses a page whose text holds one.
_URL_MARK = re.compile(r"attn-url:(file|page):([^\s\"'<>]+?):attn-url")


def _url_mark(kind: str, target: str) -> str:
    """The mark of the URL of ``target`` (a site path, or a page's source path).

    >>> _url_mark("file", "assets/figures/ab.svg")
    'attn-url:file:assets/figures/ab.svg:attn-url'
    """
    return f"attn-url:{kind}:{target}:attn-url"


def _place_urls(html: str, page: Page, files: Files) -> str:
    """``html`` with each :func:`_url_mark` replaced by its URL relative to ``page``.

    >>> from types import SimpleNamespace
    >>> files = SimpleNamespace(
    ...     get_file_from_path=lambda src: SimpleNamespace(url=src[:-3] + ".html")
    ... )
    >>> marked = f'<a href="{_url_mark("page", "cues.py")}#x">'
    >>> marked += f'<img src="{_url_mark("file", "assets/a.svg")}">'
    >>> _place_urls(marked, SimpleNamespace(url="nonparametric.html"), files)
    '<a href="cues.html#x"><img src="assets/a.svg">'
    >>> _place_urls(marked, SimpleNamespace(url="nonparametric/"), files)
    '<a href="../cues.html#x"><img src="../assets/a.svg">'
    """

    def url(match: re.Match) -> str:
        kind, target = match.groups()
        if kind == "page":
            target = files.get_file_from_path(target).url
        return get_relative_url(target, page.url)

    placed = _URL_MARK.sub(url, html)
    if "attn-url:" in placed:  # a mark it could not read: the page would link nowhere
        raise PluginError(f"{page.file.src_uri}: a URL mark left unplaced in the repaired page")
    return placed
