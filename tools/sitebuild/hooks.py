"""MkDocs hooks: executed notebooks from our cache, fixes of notebook pages, both languages.

Loaded by ``mkdocs.yml`` (and so by ``mkdocs.en.yml``, which inherits it).

* ``on_files``: executes the notebook pages that are not cached (both languages
  at once, two kernels in parallel) and points each ``.py`` page at its executed
  ``.ipynb``, which mkdocs-jupyter renders without executing.
* ``on_page_content``: heading ids, table of contents, CDN scripts and the
  inlined JupyterLab CSS of notebook pages (``postprocess.py``).
* The Chinese build (``mkdocs.yml``) also builds the English site
  (``mkdocs.en.yml``) in a second process while it renders its own pages, and
  copies it into ``<site_dir>/en``, so one ``mkdocs build`` or ``mkdocs serve``
  gives the whole site. The English build is reused while its inputs are
  unchanged.
"""

from __future__ import annotations

import hashlib
import logging
import os
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.sitebuild import downloads, execute, postprocess, repo, stamp, wheel

log = logging.getLogger("mkdocs.hooks.sitebuild")

CHILD_ENV = "ATTN_SITE_CHILD"
EN_CONFIG = execute.ROOT / "mkdocs.en.yml"
EN_CONFIG_OFFLINE = execute.ROOT / "mkdocs.offline.en.yml"


_state: dict = {}


def _is_parent(config) -> bool:
    return config.theme["language"] == "zh" and os.environ.get(CHILD_ENV) != "1"


def _en_fingerprint(config, strict: bool, env_hash: str) -> str:
    hasher = hashlib.sha256(env_hash.encode())
    hasher.update(f"strict={strict}".encode())
    hasher.update(f"offline={bool(config.extra.get('offline'))}".encode())
    for folder in ("docs/en", "docs/assets", "docs/snippets", "overrides", "tools/sitebuild"):
        for path in sorted((execute.ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                hasher.update(path.relative_to(execute.ROOT).as_posix().encode())
                hasher.update(path.read_bytes())
    for name in ("mkdocs.yml", "mkdocs.en.yml", "mkdocs.offline.yml", "mkdocs.offline.en.yml"):
        hasher.update((execute.ROOT / name).read_bytes())
    hasher.update(_state["stamp"].fingerprint().encode())  # the footer of every page
    hasher.update(repo.fingerprint().encode())  # "edit this page" links
    return hasher.hexdigest()


def on_config(config):
    """Remember which language this build is."""
    _state.clear()
    _state["lang"] = config.theme["language"]
    _state["css"] = {}
    _state["files"] = {}
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is not None:
        jupyter.config["cache_dir"] = str(execute.CACHE_ROOT / "mkdocs-jupyter" / _state["lang"])
    _state["stamp"] = stamp.configure(config)
    try:
        repo.configure(config)
    except ValueError as err:
        raise PluginError(str(err)) from None
    return config


@event_priority(-100)  # after mkdocs-jupyter has wrapped the notebook files
def on_files(files, config):
    """Execute what is not cached; render each notebook page from its executed copy."""
    lang = _state["lang"]
    parent = _is_parent(config)
    env_hash = execute.environment_hash()
    try:
        written = execute.build_all(execute.LANGS if parent else (lang,), env_hash=env_hash)
    except execute.NotebookError as err:
        raise PluginError(str(err)) from None
    by_path = {page.path.resolve(): path for page, path in written.items()}
    for file in files:
        if file.src_uri.endswith(".py") and file.abs_src_path:
            executed = by_path.get(Path(file.abs_src_path).resolve())
            if executed is None:
                raise PluginError(f"no executed notebook for {file.src_uri}")
            file.abs_src_path = str(executed)
    try:
        files.append(wheel.site_file(config))  # the package, for readers (wheel.py)
    except RuntimeError as err:
        raise PluginError(str(err)) from None
    if parent:
        _start_english(config, env_hash)
    return files


def _en_build_dir(config) -> Path:
    """Where the English site is built: one folder per output folder, so builds don't collide."""
    tag = hashlib.sha256(str(Path(config.site_dir).resolve()).encode()).hexdigest()[:12]
    return execute.CACHE_ROOT / "site-en" / tag


def _start_english(config, env_hash: str) -> None:
    strict = bool(config.strict)
    en_build = _en_build_dir(config)
    fingerprint = _en_fingerprint(config, strict, env_hash)
    stamp = en_build.with_suffix(".fingerprint")
    if en_build.is_dir() and stamp.exists() and stamp.read_text() == fingerprint:
        _state["en"] = None
        log.info("English site unchanged, reusing %s", en_build)
        return
    stamp.unlink(missing_ok=True)
    en_config = EN_CONFIG_OFFLINE if config.extra.get("offline") else EN_CONFIG
    cmd = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(en_config), "-d", str(en_build)]
    if strict:
        cmd.append("--strict")
    env = {**os.environ, CHILD_ENV: "1"}
    proc = subprocess.Popen(
        cmd, cwd=execute.ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    _state["en"] = (proc, stamp, fingerprint)


def on_page_content(html, page, config, files):
    """Repair notebook pages: heading ids, table of contents, scripts, shared CSS."""
    if _state["lang"] == "zh":
        html = postprocess.join_cjk_lines(html)
    if not page.file.src_uri.endswith(".py"):
        return html
    html = postprocess.rewrite_links(html, _link_resolver(page, files))
    html, headings = postprocess.fix_heading_ids(html)
    try:
        postprocess.fix_toc(page.toc, headings)
    except ValueError as err:
        raise PluginError(f"{page.file.src_uri}: {err}") from None
    html = postprocess.strip_scripts(html)
    html = postprocess.slim_copy_buttons(html)
    html, images = postprocess.extract_images(html, lambda name: get_relative_url(name, page.url))
    _state["files"].update(images)
    html, css = postprocess.extract_styles(html)
    name = postprocess.css_name(css)
    _state["css"][name] = css
    href = get_relative_url(name, page.url)
    return f'<link rel="stylesheet" href="{href}">\n{html}'


def on_page_context(context, page, config, nav):
    """Notebook pages offer their executed notebook and source (``downloads.py``)."""
    _state["files"].update(downloads.attach(context, page, config))
    return context


_ALTERNATE_LINK = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]*">\s*')


def on_post_page(output, page, config):
    """Offline variant: drop the hreflang links, whose sitemaps Material would fetch.

    From file:// those fetches fail; the language selector does not need them.
    """
    if config.extra.get("offline"):
        return _ALTERNATE_LINK.sub("", output)
    return output


def _link_resolver(page, files):
    """Resolve a notebook's link to another page (``x.py``, ``../y.md#z``) to that page's URL."""

    def resolve(href: str) -> str | None:
        path, _, fragment = href.partition("#")
        if not path.endswith((".py", ".md", ".ipynb")) or postprocess.is_external(path):
            return None
        src = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
        target = files.get_file_from_path(src)
        if target is None:
            raise PluginError(f"{page.file.src_uri}: link to {href!r}, no such page")
        url = get_relative_url(target.url, page.url)
        return url + (f"#{fragment}" if fragment else "")

    return resolve


def on_post_build(config):
    """Write the shared notebook stylesheet; add the English site under /en/."""
    site = Path(config.site_dir)
    for name, css in _state.get("css", {}).items():
        dest = site / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(css, encoding="utf-8")
    for name, blob in _state.get("files", {}).items():
        dest = site / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(blob)
    if not _is_parent(config) or "en" not in _state:
        return
    if _state["en"] is not None:
        proc, stamp, fingerprint = _state["en"]
        output, _ = proc.communicate()
        if proc.returncode != 0:
            raise PluginError(f"the English build failed:\n{output}")
        if output.strip():
            log.info("English build:\n%s", output.strip())
        stamp.write_text(fingerprint)
    target = site / "en"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(_en_build_dir(config), target)
