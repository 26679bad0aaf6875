"""Build the other language's site in a second process and place it inside this one.

The Chinese build (``mkdocs.yml``) names the English config in the plugin's
``build_also`` option; while it renders its own pages, :class:`Subsite` runs
``mkdocs build -f mkdocs.en.yml`` into a folder of the cache and, at the end,
copies it into ``<site_dir>/<into>``.

A build is kept in the cache under its fingerprint (every input of the English
site), so any build with the same inputs reuses it, whatever its output folder:
``make build`` after the tests, or ``make serve`` after ``make build``. Two
processes that need the same build take turns (a file lock): the second reuses
what the first made. Only the ``KEEP`` most recently used builds are kept.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import IO

from mkdocs.exceptions import PluginError

from tools.sitebuild import repo, stamp, wheel

log = logging.getLogger("mkdocs.plugins.sitebuild")

# Builds of the other language kept in the cache, the most recently used first.
KEEP = 6
# The builds this process holds the lock of, by lock file (``mkdocs serve`` builds again
# in the same process, and a second ``flock`` on a new descriptor would wait for the first).
_HELD: dict[Path, IO[str]] = {}

# What the second site's pages are made of, besides the executed notebooks.
# benchmarks/results: the tables the contributing page includes (pymdownx.snippets).
INPUT_FOLDERS = (
    "docs/en",
    "docs/assets",
    "docs/snippets",
    "benchmarks/results",
    "overrides",
    "tools/sitebuild",
)


class Subsite:
    """One build of the site described by ``config_file``, kept in ``cache_dir``.

    Args:
        config_file: the MkDocs config of the other language.
        root: the repository root (the working directory of the build).
        cache_dir: where builds are kept between runs, each in a folder named after
            the config and its fingerprint.
        strict: whether to build with ``--strict``.
        environment: the notebook cache's environment hash (outputs depend on it).
        build_stamp: the footer's stamp of the build that starts this one, which the
            other site shows too (``ATTN_BUILD_STAMP``); None: the work tree's now.
    """

    def __init__(
        self,
        config_file: Path,
        root: Path,
        cache_dir: Path,
        *,
        strict: bool,
        environment: str,
        build_stamp: stamp.BuildStamp | None = None,
    ) -> None:
        """Describe the build; :meth:`start` runs it."""
        self.build_stamp = build_stamp or stamp.build_stamp(root)
        self.config_file = config_file
        self.root = root
        self.cache_dir = cache_dir
        self.strict = strict
        self.environment = environment
        self.build_dir: Path | None = None  # known once :meth:`start` has the fingerprint
        self._process: subprocess.Popen | None = None
        self._here = False  # build in this process, in :meth:`finish`
        self._fingerprint = ""

    @property
    def _stamp(self) -> Path:
        """Holds the fingerprint once the build is complete (empty while it runs)."""
        assert self.build_dir is not None, "start() first"
        return self.build_dir.with_suffix(".fingerprint")

    @property
    def _lock_file(self) -> Path:
        """Held by the process that makes or reuses the build, from start to finish."""
        assert self.build_dir is not None, "start() first"
        return self.build_dir.with_suffix(".lock")

    def fingerprint(self) -> str:
        """Hash of every input of the other site: unchanged inputs, unchanged site."""
        hasher = hashlib.sha256(self.environment.encode())
        hasher.update(f"strict={self.strict}".encode())
        hasher.update(self.config_file.name.encode())
        for folder in INPUT_FOLDERS:
            for path in sorted((self.root / folder).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    hasher.update(path.relative_to(self.root).as_posix().encode())
                    hasher.update(path.read_bytes())
        for path in [*sorted(self.root.glob("mkdocs*.yml")), self.root / "package-lock.json"]:
            hasher.update(path.read_bytes())
        hasher.update(wheel.key(self.root).encode())  # the wheel readers download (README too)
        # Read at build time, not from a file: the footer and the "edit this page" links.
        # The footer's stamp is the one this build shows (handed to the other build).
        hasher.update(self.build_stamp.fingerprint().encode())
        hasher.update(repo.fingerprint().encode())
        return hasher.hexdigest()

    def start(self, *, in_process: bool = False) -> None:
        """Start the build in a second process, unless a complete one has the same inputs.

        With ``in_process`` (``mkdocs serve``), the build runs in this process in
        :meth:`finish`, where it finds this process's imports and step results warm:
        a second process would first spend seconds importing MkDocs and its plugins.
        """
        self._fingerprint = self.fingerprint()
        name = self.config_file.stem.replace(".", "-")
        self.build_dir = self.cache_dir / f"{name}-{self._fingerprint[:16]}"
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        _lock(self._lock_file, self.config_file.name)
        self._stamp.touch()  # used now: the last to be pruned
        prune(self.cache_dir, KEEP)
        if self.build_dir.is_dir() and self._stamp.read_text() == self._fingerprint:
            log.info("%s unchanged, reusing %s", self.config_file.name, self.build_dir)
            return
        self._stamp.write_text("")  # matches nothing until the build has finished
        if in_process:
            self._here = True
            return
        cmd = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(self.config_file)]
        cmd += ["-d", str(self.build_dir)]
        if self.strict:
            cmd.append("--strict")
        env = {**os.environ, stamp.ENV: self.build_stamp.to_env()}  # one stamp for both
        self._process = subprocess.Popen(
            cmd,
            cwd=self.root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    def finish(self, target: Path) -> None:
        """Wait for the build, then replace ``target`` by a copy of the built site."""
        assert self.build_dir is not None, "start() first"
        try:
            if self._here:
                self._here = False
                self._build_here()
                self._stamp.write_text(self._fingerprint)
            if self._process is not None:
                output, _ = self._process.communicate()
                failed = self._process.returncode != 0
                self._process = None
                if failed:
                    raise PluginError(
                        f"the build of {self.config_file.name} failed; its output follows. Fix "
                        f"the page it names, or run `mkdocs build -f {self.config_file.name}` to "
                        f"see the error alone:\n{output}"
                    )
                if output.strip():
                    log.info("%s:\n%s", self.config_file.name, output.strip())
                self._stamp.write_text(self._fingerprint)
            if target.exists():
                shutil.rmtree(target)
            # hard links, not copies: the kept build is never written into (the finishing
            # steps replace a file they change: ``assets.write_text``)
            shutil.copytree(self.build_dir, target, copy_function=_link)
        finally:
            _unlock(self._lock_file)

    def _build_here(self) -> None:
        """Build the site in this process into its folder of the cache."""
        assert self.build_dir is not None, "start() first"
        before = os.environ.get(stamp.ENV)
        os.environ[stamp.ENV] = self.build_stamp.to_env()  # the footer of the build here
        try:
            self.build_in_process(self.build_dir)
        finally:
            if before is None:
                os.environ.pop(stamp.ENV, None)
            else:
                os.environ[stamp.ENV] = before

    def build_in_process(self, site_dir: Path) -> None:
        """Build the site into ``site_dir`` in this process, as ``mkdocs build`` would.

        ``mkdocs serve`` keeps the state of this build for a prose edit (fastpath.py),
        made in a thread of its own while the server answers: the footer's stamp is then
        the work tree's when it runs (an edit may have changed it since the build
        started), so ``ATTN_BUILD_STAMP`` is set around the kept site's build only
        (``_build_here``), never here, where a thread would set it for the whole process.
        """
        from mkdocs.commands.build import build
        from mkdocs.config import load_config
        from mkdocs.exceptions import Abort

        # strict as the command line's --strict: only ever turned on
        options = {"strict": True} if self.strict else {}
        config = load_config(str(self.root / self.config_file), site_dir=str(site_dir), **options)
        try:
            build(config)
        except Abort as err:
            raise PluginError(
                f"the build of {self.config_file.name} failed ({err}); the messages above "
                f"name the page. Run `mkdocs build -f {self.config_file.name}` to see them alone"
            ) from None


def _link(source: str, dest: str) -> None:
    """Place ``source`` at ``dest`` as a hard link (a copy where links are not possible)."""
    try:
        os.link(source, dest)
    except OSError:
        shutil.copy2(source, dest)


def _lock(path: Path, what: str) -> None:
    """Hold the lock file ``path`` (waiting for another process that holds it)."""
    if path in _HELD:
        return
    handle = open(path, "w")  # held until _unlock
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        log.info("another build of %s with the same inputs is running: waiting for it", what)
        fcntl.flock(handle, fcntl.LOCK_EX)
    _HELD[path] = handle


def _unlock(path: Path) -> None:
    handle = _HELD.pop(path, None)
    if handle is not None:
        handle.close()


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the ``keep`` most recently used builds in ``folder``; return them.

    A build is ``<name>/`` with its ``<name>.fingerprint`` (whose time is its last use:
    :meth:`Subsite.start` touches it) and ``<name>.lock``. A build that another process
    is making now was used last, so it is among those kept while fewer than ``keep``
    builds run at once.
    """
    stamps = sorted(folder.glob("*.fingerprint"), key=_last_use, reverse=True)
    kept = {p.with_suffix("") for p in stamps[:keep]}
    removed = []
    for path in folder.iterdir():
        build = path.with_suffix("") if path.suffix in {".fingerprint", ".lock"} else path
        if build in kept:
            continue
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(path)
    return sorted(removed)


def _last_use(stamp: Path) -> float:
    """When ``stamp``'s build was last used; 0 if another process has just pruned it."""
    try:
        return stamp.stat().st_mtime
    except FileNotFoundError:
        return 0.0
