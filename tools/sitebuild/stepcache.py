"""Results of the build's pure steps, kept by the hash of their inputs: only what changed is redone.

A step (the repairs of one page, the formulas of one page, the CSS rules a set of
pages keeps) is a function of its inputs and of the build's own code. Its result is
stored under ``sha256(code version, step name, inputs)``: in memory for the life of
the process (``mkdocs serve`` rebuilds in one process) and on disk under
``<cache_dir>/steps`` (a ``make build`` after ``make serve`` and the English build
in its own process find them too). Since the key holds every input, a result taken
from the cache is the result the step would compute: the page served after an edit
is byte for byte the page of a clean build.

``code_version()`` hashes the build's code (``tools/sitebuild``), the KaTeX version
(``package-lock.json``) and the site's own stylesheets (which class names the
repairs keep): a change to any of them makes every stored result unreachable.

>>> cache = StepCache(None)
>>> calls = []
>>> def double(text):
...     calls.append(text)
...     return {"text": text * 2}
>>> cache.get_or_make("double", ["ab"], lambda: double("ab"))
{'text': 'abab'}
>>> cache.get_or_make("double", ["ab"], lambda: double("ab")), calls
({'text': 'abab'}, ['ab'])
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Entries kept on disk; the least recently used beyond this are deleted at the end of a build.
KEEP = 4000


@functools.cache
def code_version(root: Path = ROOT) -> str:
    """The hash of everything besides a step's inputs that shapes its result.

    Computed once per process: ``mkdocs serve`` does not reload the build's code
    either (an edit of ``tools/sitebuild`` needs a new ``make serve``).
    """
    hasher = hashlib.sha256()
    paths = sorted((root / "tools" / "sitebuild").glob("*.py"))
    paths += sorted((root / "tools" / "sitebuild").glob("*.cjs"))
    paths += sorted((root / "docs" / "assets" / "stylesheets").glob("*.css"))
    paths.append(root / "package-lock.json")
    for path in paths:
        if path.is_file():
            hasher.update(path.relative_to(root).as_posix().encode())
            hasher.update(path.read_bytes())
    return hasher.hexdigest()


def digest(parts: Iterable[str | bytes]) -> str:
    """The hash of a sequence of strings (each framed by its length: no two sequences collide)."""
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        hasher.update(f"{len(data)}:".encode())
        hasher.update(data)
    return hasher.hexdigest()


class StepCache:
    """Step results (JSON-ready values) by the hash of their inputs.

    Args:
        folder: where results are stored between processes; None: in memory only.
        version: the code version in every key (default: :func:`code_version`).
    """

    def __init__(self, folder: Path | None, version: str | None = None) -> None:
        """An empty cache in memory, reading and writing ``folder``."""
        self.folder = Path(folder) if folder is not None else None
        self.version = version if version is not None else code_version()
        self._memory: dict[str, object] = {}
        self._used: set[str] = set()
        self._blobs: dict[str, bytes] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def key(self, step: str, inputs: Iterable[str | bytes]) -> str:
        """The key of ``step`` applied to ``inputs``."""
        return digest([self.version, step, *inputs])

    def _path(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str):
        """The stored result under ``key``, or None."""
        with self._lock:
            if key in self._memory:
                self.hits += 1
                self._used.add(key)
                return self._memory[key]
        if self.folder is None:
            return None
        path = self._path(key)
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return None
        os.utime(path)  # recently used: the last to be pruned
        with self._lock:
            self._memory[key] = value
            self._used.add(key)
            self.hits += 1
        return value

    def put(self, key: str, value) -> None:
        """Store ``value`` (JSON-ready) under ``key``."""
        with self._lock:
            self._memory[key] = value
            self._used.add(key)
            self.misses += 1
        if self.folder is None:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)  # atomic: a parallel build reads all of it or nothing

    def get_or_make(self, step: str, inputs: Iterable[str | bytes], make: Callable[[], object]):
        """The result of ``step`` on ``inputs``: stored, or made by ``make()`` and stored."""
        key = self.key(step, inputs)
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def put_blob(self, data: bytes) -> str:
        """Store a file a step made (a figure, a stylesheet) by its content; return its hash."""
        name = hashlib.sha256(data).hexdigest()
        with self._lock:
            self._blobs[name] = data
        if self.folder is not None:
            path = self.folder / "blobs" / name
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f"{name}.{os.getpid()}.tmp")
                tmp.write_bytes(data)
                tmp.replace(path)
        return name

    def get_blob(self, name: str) -> bytes:
        """The file stored by :meth:`put_blob` under ``name``."""
        with self._lock:
            if name in self._blobs:
                return self._blobs[name]
        if self.folder is None:
            raise KeyError(name)
        path = self.folder / "blobs" / name
        data = path.read_bytes()
        os.utime(path)
        with self._lock:
            self._blobs[name] = data
        return data

    def new_build(self) -> None:
        """Start counting again; keep in memory only what the last build used.

        ``mkdocs serve`` keeps one cache for all its rebuilds: its memory holds the
        site of the last build, not every version of every page since it started.
        """
        with self._lock:
            self._memory = {key: self._memory[key] for key in self._used}
            self._used = set()
            if self.folder is not None:  # read again from disk when needed
                self._blobs = {}
            self.hits = self.misses = 0

    def prune(self, keep: int = KEEP) -> int:
        """Delete all but the ``keep`` most recently used results on disk; return how many."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        removed = 0
        for pattern in ("*/*.json", "blobs/*"):
            entries = []
            for path in self.folder.glob(pattern):
                try:
                    entries.append((path.stat().st_mtime, path))
                except FileNotFoundError:  # another build pruned it
                    continue
            entries.sort(reverse=True)
            for _, path in entries[keep:]:
                path.unlink(missing_ok=True)
                removed += 1
        return removed
