"""Chores MkDocs repeats on every rebuild of ``mkdocs serve``, done once per input instead.

Measured on a rebuild after a one-word edit (2 cores), each was a tenth of it or more:

* :func:`theme_files`: listing the theme's files (``Files.add_files_from_theme``
  walks Material's ~10,000 icons and matches each against a dozen patterns). An
  installed theme's listing is kept for the life of the process; a theme folder of
  the project (``overrides/``) is listed again every build.
* :func:`should_include`: mkdocs-jupyter parses every Markdown page with jupytext
  to see whether it is a notebook, twice per build; the answer is kept by the
  file's path, size and modification time.
* :func:`nbconvert_environment`: nbconvert compiles its HTML templates again for
  every notebook it converts (a new exporter each time); they are kept compiled in
  Jinja's bytecode cache (checked against each template's source), as the theme's
  templates are (``plugin.py``).
* :func:`clean_directory`: under ``mkdocs serve`` the site folder is emptied by
  moving its entries aside (one rename each) and deleting them in a background
  thread, instead of deleting a thousand files before the build can start.

Each one gives what MkDocs or mkdocs-jupyter would have given: the files of the
site, and so the served pages, are the same (``tests/site/test_incremental.py``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from pathlib import Path

from mkdocs import utils
from mkdocs.commands import build as mkdocs_build
from mkdocs.structure.files import File, Files

_mkdocs_add_files_from_theme = Files.add_files_from_theme
_mkdocs_clean_directory = utils.clean_directory
# (theme folder, static templates, Markdown extensions) -> the files MkDocs would add
_listings: dict[tuple, list[str]] = {}
# (path, size, mtime) -> mkdocs-jupyter's answer
_notebooks: dict[tuple, bool] = {}
# Whether this process serves the site (set by hooks.on_startup).
serving = False
# Where compiled templates are kept (set by hooks.on_config: the build's cache folder).
bytecode_folder: Path | None = None


def _installed(folder: str) -> bool:
    return "site-packages" in Path(folder).parts


def _listing(folder: str, config) -> list[str]:
    """The theme files of ``folder`` that MkDocs copies into the site, as MkDocs selects them."""
    env_like = _FolderEnv(folder)
    found = Files([])
    _mkdocs_add_files_from_theme(found, env_like, _OneFolderConfig(config, folder))
    return [file.src_uri for file in found]


class _FolderEnv:
    """A Jinja environment's ``list_templates`` for one folder (all MkDocs asks of it)."""

    def __init__(self, folder: str) -> None:
        import jinja2

        self._loader = jinja2.FileSystemLoader([folder])

    def list_templates(self, filter_func=None):
        names = self._loader.list_templates()
        return [n for n in names if filter_func is None or filter_func(n)]


class _OneFolderConfig:
    """The config as ``add_files_from_theme`` reads it, with the theme reduced to one folder."""

    def __init__(self, config, folder: str) -> None:
        self._config = config
        self.theme = _Theme(config.theme, folder)

    def __getattr__(self, name):
        return getattr(self._config, name)


class _Theme:
    def __init__(self, theme, folder: str) -> None:
        self.static_templates = theme.static_templates
        self.dirs = [folder]


def theme_files(self: Files, env, config) -> None:
    """``Files.add_files_from_theme``, with the listing of an installed theme kept."""
    names_by_folder = []
    for folder in config.theme.dirs:
        key = (folder, tuple(config.theme.static_templates), tuple(utils.markdown_extensions))
        if _installed(folder):
            if key not in _listings:
                _listings[key] = _listing(folder, config)
            names_by_folder.append((folder, _listings[key]))
        else:
            names_by_folder.append((folder, _listing(folder, config)))
    # as MkDocs: sorted names, each from the first folder that has it; docs files win
    chosen: dict[str, str] = {}
    for folder, names in names_by_folder:
        for name in names:
            chosen.setdefault(name, folder)
    for name in sorted(chosen):
        if self.get_file_from_path(name) is None:
            self.append(File(name, chosen[name], config.site_dir, config.use_directory_urls))


def should_include(original):
    """mkdocs-jupyter's ``should_include``, kept by the file's path, size and time."""

    def wrapper(self, file):
        path = file.abs_src_path
        if path is None or not path.endswith(".md"):
            return original(self, file)  # no file is read: nothing to keep
        try:
            stat = os.stat(path)
        except OSError:
            return original(self, file)
        # the answer depends on the file and on the plugin's patterns (a new plugin object
        # comes with every build's config, so the patterns, not the object, are the key)
        patterns = (tuple(self.config["include"]), tuple(self.config["ignore"]))
        key = (patterns, path, stat.st_size, stat.st_mtime_ns)
        if key not in _notebooks:
            _notebooks[key] = original(self, file)
        return _notebooks[key]

    return wrapper


def clean_directory(directory: str) -> None:
    """Empty ``directory``: at once under ``mkdocs serve``, as MkDocs does otherwise."""
    if not serving or not os.path.isdir(directory):
        return _mkdocs_clean_directory(directory)
    entries = [e for e in os.listdir(directory) if not e.startswith(".")]
    if not entries:
        return None
    trash = tempfile.mkdtemp(prefix=".trash-", dir=os.path.dirname(os.path.abspath(directory)))
    for entry in entries:
        os.rename(os.path.join(directory, entry), os.path.join(trash, entry))
    threading.Thread(target=shutil.rmtree, args=(trash, True), daemon=True).start()
    return None


def bytecode_cache():
    """Jinja's bytecode cache in :data:`bytecode_folder` (None before a build configures it)."""
    if bytecode_folder is None:
        return None
    import jinja2

    bytecode_folder.mkdir(parents=True, exist_ok=True)
    return jinja2.FileSystemBytecodeCache(str(bytecode_folder))


def nbconvert_environment(original):
    """The ``TemplateExporter._create_environment`` of nbconvert, with the bytecode cache."""

    def wrapper(self):
        environment = original(self)
        if environment.bytecode_cache is None:
            environment.bytecode_cache = bytecode_cache()
        return environment

    wrapper._kept = True
    return wrapper


def install() -> None:
    """Put these in place of MkDocs', mkdocs-jupyter's and nbconvert's own (idempotent)."""
    Files.add_files_from_theme = theme_files
    utils.clean_directory = clean_directory
    mkdocs_build.utils.clean_directory = clean_directory
    try:
        from mkdocs_jupyter.plugin import Plugin
        from nbconvert.exporters.templateexporter import TemplateExporter
    except ImportError:  # pragma: no cover - the site is built without notebooks
        return
    if not getattr(TemplateExporter._create_environment, "_kept", False):
        TemplateExporter._create_environment = nbconvert_environment(
            TemplateExporter._create_environment
        )
    if not getattr(Plugin.should_include, "_kept", False):
        Plugin.should_include = should_include(Plugin.should_include)
        Plugin.should_include._kept = True
