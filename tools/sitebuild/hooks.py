"""Hand the site-build plugin to MkDocs through ``hooks:``, with its options from ``extra``.

MkDocs finds plugins listed under ``plugins:`` through the entry points of
installed packages; ``tools/`` is not installed (and the shared environment is
not reinstalled for a build change), so ``mkdocs.yml`` loads this file as a
hook instead. MkDocs imports it once per process; the plugin starts each build
(each rebuild of ``mkdocs serve`` too) afresh in ``on_config``, where its
options, validated as a plugin's would be, come from ``extra.sitebuild``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.sitebuild.plugin import SiteBuildPlugin

plugin = SiteBuildPlugin()


def on_config(config):
    """Load the plugin's options from ``extra.sitebuild``, then configure it."""
    options = config.extra.get("sitebuild") or {}
    errors, warnings = plugin.load_config(options, config.config_file_path)
    problems = [f"{name}: {err}" for name, err in [*errors, *warnings]]
    if problems:
        raise PluginError(
            f"extra.sitebuild in {config.config_file_path}: " + "; ".join(map(str, problems))
        )
    return plugin.on_config(config)


on_files = plugin.on_files
on_page_markdown = plugin.on_page_markdown
on_page_content = plugin.on_page_content
on_page_context = plugin.on_page_context
on_post_page = plugin.on_post_page
on_post_template = plugin.on_post_template
on_build_error = plugin.on_build_error
on_post_build = plugin.on_post_build
