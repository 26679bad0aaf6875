"""Hand the site-build plugin to MkDocs through ``hooks:``, with its options from ``extra``.

MkDocs finds plugins listed under ``plugins:`` through the entry points of
installed packages; ``tools/`` is not installed (and the shared environment is
not reinstalled for a build change), so ``mkdocs.yml`` loads this file as a
hook instead. MkDocs imports it once per process; the plugin starts each build
(each rebuild of ``mkdocs serve`` too) afresh in ``on_config``, where its
options, validated as a plugin's would be, come from ``extra.sitebuild``.

One process may build two sites: ``mkdocs serve`` builds the English site in
its own process (``subsite.py``), from inside the Chinese build, and both configs
load this same module. Each config file gets its own plugin object, and every
event goes to the plugin of the config it is about.
"""

from __future__ import annotations

import logging
import sys
import threading
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import InclusionLevel

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.sitebuild import execute, fastpath, pagecache, rebuild
from tools.sitebuild.plugin import SiteBuildPlugin

ROOT = Path(__file__).resolve().parents[2]

pagecache.install()
rebuild.install()

log = logging.getLogger("mkdocs.plugins.sitebuild")

# The plugin of each config file, by its path.
plugins: dict[str, SiteBuildPlugin] = {}
# Whether this process serves the site (``mkdocs serve``): set by on_startup.
serving = False


def _plugin(config) -> SiteBuildPlugin:
    return plugins[config.config_file_path]


def on_startup(command, dirty):
    """Remember whether this process serves the site (the English build then runs in it)."""
    global serving
    serving = command == "serve"
    rebuild.serving = serving
    if serving:
        fastpath.start_full_build(ROOT)  # the first build's inputs
        execute.keep_warm()  # a code edit's kernel is forked at once (_warm_up)


def on_serve(server, config, builder):
    """Serve a prose edit of one page by rendering that page alone (``fastpath.py``)."""
    fastpath.end_full_build(fastpath._plan(plugins), ok=True)  # the first build succeeded
    server.builder = fastpath.wrap_builder(server.builder, ROOT, plugins)
    threading.Thread(target=_warm_up, name="sitebuild-warm-up", daemon=True).start()
    return server


def _warm_up() -> None:
    """Load, while the writer reads, what the first edit would wait for otherwise.

    With every page kept, the first build under ``mkdocs serve`` segments no Chinese
    text for search: the first Chinese edit then waited for jieba to load its
    dictionary, more than a third of that edit's time. Loading it changes no output.
    The English site reused from the cache has no state in this process for a prose
    edit to render one page in: it is built here (``fastpath.prime``). The warm kernel
    process a code edit's notebook is executed in is started here too, and kept
    (``execute.keep_warm``).
    """
    try:
        import jieba

        jieba.setLogLevel(logging.WARNING)
        jieba.initialize()
    except Exception as err:  # only a warm-up: the edit loads it itself
        log.debug("sitebuild: warm-up failed: %s", err)
    for plugin in plugins.values():
        cache = plugin.cache
        if cache is not None and cache.warm:
            execute.warm_up_later(cache.environment, cache.langs, cache.workdir)
            break
    fastpath.prime_later(plugins)


def on_config(config):
    """Load the plugin's options from ``extra.sitebuild``, then configure it."""
    plugin = plugins.setdefault(config.config_file_path, SiteBuildPlugin())
    options = config.extra.get("sitebuild") or {}
    errors, warnings = plugin.load_config(options, config.config_file_path)
    problems = [f"{name}: {err}" for name, err in [*errors, *warnings]]
    if problems:
        raise PluginError(
            f"extra.sitebuild in {config.config_file_path}: " + "; ".join(map(str, problems))
        )
    plugin.serving = serving
    config = plugin.on_config(config)
    assert plugin.steps is not None
    cache = pagecache.caches.get(config.config_file_path)
    if cache is None or cache.steps is not plugin.steps:
        cache = pagecache.caches[config.config_file_path] = pagecache.PageCache(plugin.steps)
    cache.new_build()
    return config


@event_priority(-100)  # after mkdocs-jupyter has wrapped the notebook files
def on_files(files, config):
    """Execute what is not cached; render notebook pages from their executed copies."""
    return _plugin(config).on_files(files, config=config)


def on_nav(nav, config, files):
    """Kept for the fast path of a prose edit (``fastpath.py``)."""
    _plugin(config).built = {"nav": nav, "files": files}
    return nav


def on_env(env, config, files):
    """Compiled templates kept between builds."""
    _plugin(config).built["env"] = env
    return _plugin(config).on_env(env, config=config, files=files)


def on_pre_page(page, config, files):
    """API pages render once per inputs; a build made ahead of an edit gives way to it."""
    fastpath.give_way()
    return _plugin(config).on_pre_page(page, config=config, files=files)


def on_page_markdown(markdown, page, config, files):
    """API pages rank below the lessons in search."""
    return _plugin(config).on_page_markdown(markdown, page=page, config=config, files=files)


def on_page_content(html, page, config, files):
    """Repair the page's content."""
    return _plugin(config).on_page_content(html, page=page, config=config, files=files)


def on_page_context(context, page, config, nav):
    """Notebook pages offer their downloads; a build made ahead of an edit gives way to it."""
    fastpath.give_way()  # also between the pages written, after every page was read
    return _plugin(config).on_page_context(context, page=page, config=config, nav=nav)


def on_post_page(output, page, config):
    """Finish the page: formulas, tables, slimming."""
    return _plugin(config).on_post_page(output, page=page, config=config)


def on_post_template(output_content, template_name, config):
    """Finish the 404 page."""
    return _plugin(config).on_post_template(
        output_content, template_name=template_name, config=config
    )


def on_shutdown():
    """End the KaTeX processes and the warm kernel process ``mkdocs serve`` kept between builds."""
    execute.keep_warm(False)
    for plugin in plugins.values():
        plugin.on_build_error(error=None)


def on_build_error(error):
    """End the KaTeX processes (not for a build that gave way to an edit: it goes on)."""
    if isinstance(error, fastpath.GaveWay):
        return
    for plugin in plugins.values():
        plugin.on_build_error(error=error)


def on_post_build(config):
    """Write the extracted files; add the other language's site; keep the build's state."""
    plugin = _plugin(config)
    built = plugin.built
    # the top build under `mkdocs serve` shows drafts; the other language's is a plain build
    shown = InclusionLevel.is_in_serve if plugin.subsite is not None else InclusionLevel.is_included
    fastpath.keep(config, built["files"], built["nav"], built["env"], shown)
    plugin.on_post_build(config=config)
    cache = pagecache.caches.get(config.config_file_path)
    if cache is not None:
        total = cache.rendered + cache.reused
        name = Path(config.config_file_path).name
        log.info(f"{name}: {cache.rendered} of {total} pages rendered, the others kept")
