"""A page's finished HTML kept by everything that shapes it: unchanged pages are not rendered again.

MkDocs renders every page through the theme on every build (``_build_page``): the
template, with the navigation of the whole site in it, then the ``post_page``
events. Under ``mkdocs serve`` that was a third of a rebuild after a one-word
edit, for pages that had not changed. :func:`build_page` does what MkDocs'
``_build_page`` does, except that the rendered and finished page is kept
(``stepcache.py``) under the hash of its inputs:

* the page itself: its content (links already resolved by autorefs), table of
  contents, title, metadata, URLs, edit link and source path;
* the site around it (:func:`site_key`, once per build): the navigation (every
  title, URL and metadata, in order), the config (every option a template can
  read, the build stamp in ``extra`` too), the theme's templates and version;
* what the ``page_context`` events added to the context (downloads, labels),
  and the template's name.

The ``page_context`` events still run for every page (Material's search plugin
collects its entries there); only the template and the ``post_page`` events are
skipped when the result is known. Those are pure: ``tests/site/test_incremental.py``
compares every page served after edits with a clean build's, byte for byte.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2
from mkdocs import utils
from mkdocs.commands import build as mkdocs_build
from mkdocs.exceptions import BuildError
from mkdocs.structure.nav import Link, Section
from mkdocs.structure.pages import Page

from tools.sitebuild import stamp
from tools.sitebuild.stepcache import StepCache, digest

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

log = logging.getLogger("mkdocs.commands.build")

# Context entries that MkDocs puts in every page's context and that the key covers
# otherwise (nav, config, page) or that no template of the theme reads (checked by
# ``test_pagecache.py``: Material's templates never name them).
COVERED = {"nav", "config", "page", "pages", "build_date_utc"}
# Options of the config no template reads, or that hold objects without a stable text.
# site_dir: the English site is built into a new folder for each set of its inputs.
UNREAD = {
    "plugins",
    "hooks",
    "watch",
    "nav",
    "markdown_extensions",
    "mdx_configs",
    "theme",
    "site_dir",
}


def _jsonable(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _nav_data(items) -> list:
    data = []
    for item in items:
        if isinstance(item, Section):
            data.append(["section", str(item.title), _nav_data(item.children)])
        elif isinstance(item, Link):
            data.append(["link", str(item.title), item.url])
        elif isinstance(item, Page):
            data.append(["page", str(item.title), item.url, _jsonable(item.meta)])
        else:  # pragma: no cover - MkDocs has no other kind of item
            data.append(["other", repr(item)])
    return data


def _theme_key(config: MkDocsConfig) -> str:
    """The theme's templates: every file of the custom folder, the theme's version."""
    hasher = hashlib.sha256()
    for folder in config.theme.dirs:
        path = Path(folder)
        if "site-packages" in path.parts:
            # an installed theme changes only with its version (a new `make serve`)
            hasher.update(str(path).encode())
            continue
        for file in sorted(path.rglob("*")):
            if file.is_file():
                hasher.update(file.relative_to(path).as_posix().encode())
                hasher.update(file.read_bytes())
    try:
        from importlib.metadata import version

        hasher.update(version("mkdocs-material").encode())
    except Exception:  # pragma: no cover - another theme
        pass
    return hasher.hexdigest()


def site_key(config: MkDocsConfig, nav) -> str:
    """What every page of this build shares: the navigation, the config, the theme.

    The build stamp's commit is left out: a page kept under another commit has its
    footer's stamp element replaced (:meth:`PageCache.finished_page`), so that a
    commit, or the first edit of a clean tree, renders no page again.
    """
    options = {k: v for k, v in config.items() if k not in UNREAD}
    extra = dict(options.get("extra") or {})
    if isinstance(extra.get("build_stamp"), dict):
        extra["build_stamp"] = {**extra["build_stamp"], "commit": "(any)"}
        options["extra"] = extra
    theme = dict(config.theme)
    return digest(
        [
            _jsonable(_nav_data(nav.items)),
            _jsonable(options),
            _jsonable(theme),
            _jsonable(sorted(config.plugins)),
            _theme_key(config),
        ]
    )


def _toc_data(items) -> list:
    return [[i.id, i.title, i.url, i.level, _toc_data(i.children)] for i in items]


def page_inputs(page: Page, context: dict, template: str, shared: str) -> list[str]:
    """Every input of one page's finished HTML (see the module's docstring)."""
    extra = {k: v for k, v in context.items() if k not in COVERED}
    return [
        shared,
        template,
        page.content or "",
        _jsonable(_toc_data(page.toc)),
        str(page.title),
        _jsonable(page.meta),
        page.url,
        str(page.canonical_url),
        str(page.abs_url),
        str(page.edit_url),
        page.file.src_uri,
        _jsonable(page.is_homepage),
        _jsonable(extra),
    ]


class PageCache:
    """The finished pages of a build, kept in a :class:`StepCache`."""

    def __init__(self, steps: StepCache) -> None:
        """Keep pages in ``steps``; :meth:`new_build` before each build."""
        self.steps = steps
        self._shared: str | None = None
        self.rendered = 0
        self.reused = 0

    def new_build(self) -> None:
        """Forget the site key of the last build (its nav and config may have changed)."""
        self._shared = None
        self.rendered = self.reused = 0

    def forget_site(self) -> None:
        """The config changed since the site key was made (the fast path's new stamp)."""
        self._shared = None

    def finished_page(self, page: Page, config: MkDocsConfig, nav, env, context) -> str:
        """The page rendered through its template and ``post_page`` events, or as before."""
        if self._shared is None:
            self._shared = site_key(config, nav)
        template_name = page.meta.get("template", "main.html")
        key = self.steps.key("page-output", page_inputs(page, context, template_name, self._shared))
        record = self.steps.get(key)
        shown = config.extra.get("build_stamp")
        if record is not None:
            output = _restamped(record, shown, env, config.theme["language"])
            if output is not None:
                self.reused += 1
                return output
        template = env.get_template(template_name)
        output = template.render(context)
        output = config.plugins.on_post_page(output, page=page, config=config)
        self.steps.put(key, {"html": output, "stamp": _stamp_fields(shown)})
        self.rendered += 1
        return output


def _stamp_fields(shown) -> dict | None:
    """The fields of the build stamp in ``config.extra`` (without its words), or None."""
    if not isinstance(shown, dict):
        return None
    names = [f.name for f in dataclasses.fields(stamp.BuildStamp)]
    return {name: shown[name] for name in names}


def _restamped(record: dict, shown, env, lang: str) -> str | None:
    """The kept page with the stamp ``shown``; None if its footer cannot be told apart."""
    kept, now = record.get("stamp"), _stamp_fields(shown)
    if kept == now:
        return record["html"]
    if kept is None or now is None:
        return None
    before, after = stamp.BuildStamp(**kept), stamp.BuildStamp(**now)
    if not stamp.only_commit_differs(before, after):
        return None
    finish = stamp.finish_block
    old, new = stamp.block(env, before, lang, finish), stamp.block(env, after, lang, finish)
    if record["html"].count(old) != 1:
        return None
    return record["html"].replace(old, new)


# The build of each config file that keeps its pages (tools/sitebuild/hooks.py sets it).
caches: dict[str, PageCache] = {}
_mkdocs_build_page = mkdocs_build._build_page


def build_page(
    page: Page,
    config: MkDocsConfig,
    doc_files,
    nav,
    env: jinja2.Environment,
    dirty: bool = False,
    excluded: bool = False,
) -> None:
    """MkDocs' ``_build_page``, with the finished page taken from the cache when known."""
    cache = caches.get(config.config_file_path)
    if cache is None or dirty or excluded:
        return _mkdocs_build_page(page, config, doc_files, nav, env, dirty, excluded)
    config._current_page = page
    try:
        output = finished_output(cache, page, config, doc_files, nav, env)
        if output.strip():
            utils.write_file(
                output.encode("utf-8", errors="xmlcharrefreplace"), page.file.abs_dest_path
            )
        else:
            log.info(f"Page skipped: '{page.file.src_uri}'. Generated empty output.")
    except Exception as e:
        message = f"Error building page '{page.file.src_uri}':"
        if not isinstance(e, BuildError):
            message += f" {e}"
        log.error(message)
        raise
    finally:
        page.active = False
        config._current_page = None


def finished_output(cache: PageCache, page: Page, config: MkDocsConfig, doc_files, nav, env) -> str:
    """The page's finished HTML, as MkDocs' ``_build_page`` makes it before writing it.

    The ``page_context`` events run (search entries, downloads); the template and
    the ``post_page`` events only when the result is not known. Also used by the
    fast path of a prose edit (``fastpath.py``), which writes the page itself.
    """
    page.active = True
    context = mkdocs_build.get_context(nav, doc_files, config, page)
    context = config.plugins.on_page_context(context, page=page, config=config, nav=nav)
    return cache.finished_page(page, config, nav, env, context)


def install() -> None:
    """Make MkDocs build pages with :func:`build_page` (idempotent)."""
    mkdocs_build._build_page = build_page
