"""Execute the notebook pages once for both languages and cache their outputs by code.

:class:`NotebookCache` is the whole protocol:

1. The cache key of a notebook is the hash of its code cells and of
   ``environment``, a hash of everything outside the page that its outputs
   depend on (:func:`environment_hash`: the package's source, the locked
   dependencies, this module's format version, the kernels' thread count).
   Prose is not part of the key, so editing prose executes nothing; editing the
   package re-executes every notebook.
2. Missing entries are executed with nbclient, two kernels at a time, each
   running torch on ``KERNEL_THREADS`` thread(s), with the repository root as
   working directory. The kernels are forked from one process that has already
   imported torch and the package (``warmkernel.py``): a fresh kernel spent 4.8 s
   of CPU importing before a page's first line. A failing cell raises
   :class:`NotebookError`: a traceback is never published.
3. For each language, the notebook's own cells are joined with the cached
   outputs and written to ``<cache_dir>/<lang>/<page>.ipynb``; figures are
   resolved to the language of the page (see ``attention_tutorial/figures/_base.py``).
   mkdocs-jupyter then renders that executed notebook without executing it.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import os
import threading
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import jupytext
import nbformat

from tools.sitebuild.contract import FIGURE_LANGS_ENV, FIGURE_MIME
from tools.sitebuild.notebooks import LANGS, ROOT, Notebook, code_cells
from tools.sitebuild.stepcache import code_version
from tools.sitebuild.warmkernel import WarmKernels

# Bump when the cached format or the execution set-up changes.
FORMAT_VERSION = "3"
# Threads of torch (and of OpenMP/MKL under it) in each kernel. Two kernels with two
# threads each on two cores waited on each other: a cold build took 96 s, with one
# thread each 78 s, with identical text outputs. Part of the key: a float summed in
# another order may print differently, so outputs made with another count are not reused.
KERNEL_THREADS = 1
# How kernels start: forked from a process that has imported torch and the package
# (``warmkernel.py``). Part of the key, as the thread count: the outputs of fresh kernels
# are the same bytes (tests/site/test_reproducible.py), but a cache says how it was made.
KERNEL_START = "forked-warm"
THREAD_VARIABLES = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")
TIMEOUT = 600
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


class NotebookError(RuntimeError):
    """A notebook cell raised: the build must fail, not publish a traceback."""


@dataclass
class BuildStats:
    """What one cache object did: read by the plugin, which writes it for the benchmark."""

    executed: int = 0
    cache_hits: int = 0
    seconds: float = 0.0
    notebooks: int = 0
    unique: int = 0

    def as_dict(self) -> dict:
        """The statistics as a JSON-ready dictionary."""
        return asdict(self)


# Data files that pages read while they run: part of the key of each notebook naming them.
DATA_FILES = ("attention_tutorial/results/scale.json",)


def environment_hash(root: Path = ROOT, langs: Iterable[str] = LANGS) -> str:
    """Hash of everything outside a notebook that its outputs depend on."""
    hasher = hashlib.sha256(FORMAT_VERSION.encode())
    for path in sorted((root / "attention_tutorial").rglob("*.py")):
        if "__pycache__" not in path.parts:
            hasher.update(path.relative_to(root).as_posix().encode())
            hasher.update(path.read_bytes())
    hasher.update((root / "requirements" / "lock.txt").read_bytes())
    hasher.update(",".join(langs).encode())
    hasher.update(f"threads={KERNEL_THREADS}".encode())
    hasher.update(f"kernels={KERNEL_START}".encode())
    return hasher.hexdigest()


def kernel_environment(langs: Iterable[str] = LANGS) -> dict[str, str]:
    """The environment of a kernel: figures drawn in every language, ``KERNEL_THREADS`` threads.

    >>> env = kernel_environment(["zh", "en"])
    >>> env["ATTENTION_TUTORIAL_FIGURE_LANGS"], env["OMP_NUM_THREADS"]
    ('zh,en', '1')
    """
    # The kernel draws each figure once per language (attention_tutorial/figures/_base.py).
    env = {**os.environ, FIGURE_LANGS_ENV: ",".join(langs), "PYTHONHASHSEED": "0"}
    env.update(dict.fromkeys(THREAD_VARIABLES, str(KERNEL_THREADS)))
    env.pop("MPLBACKEND", None)
    return env


def _page_outputs(outputs: list[dict], lang: str) -> list[dict]:
    """A cell's outputs as the page of ``lang`` shows them.

    Each figure keeps only the image drawn for ``lang``; a figure drawn in two
    layouts (``narrow``: for phones) becomes two outputs, the wide one first, and
    the page shows each on its screens (the images' ``shown_on``). Consecutive
    pieces of one stream are joined: where the kernel cut a cell's printed text
    depends on timing, and a page must not.
    """
    resolved: list[dict] = []
    for out in outputs:
        out = copy.deepcopy(out)
        last = resolved[-1] if resolved else {}
        if out.get("output_type") == "stream" and last.get("output_type") == "stream":
            if last["name"] == out["name"]:
                last["text"] += out["text"]
                continue
        data = out.get("data")
        narrow = None
        if data and FIGURE_MIME in data:
            variants = data.pop(FIGURE_MIME)
            chosen = variants[lang]
            for mime in [m for m in data if m.startswith("image/")]:
                del data[mime]
            data[chosen["mime"]] = chosen["data"]
            data.pop("text/plain", None)
            out["metadata"] = {chosen["mime"]: chosen.get("metadata", {})}
            narrow = chosen.get("narrow")
        resolved.append(out)
        if narrow is not None:
            resolved.append(
                {
                    "output_type": "display_data",
                    "data": {narrow["mime"]: narrow["data"]},
                    "metadata": {narrow["mime"]: narrow.get("metadata", {})},
                }
            )
    return resolved


# The pages read by this process: {source path: (its bytes, the notebook read from them)}.
_READ: dict[Path, tuple[bytes, nbformat.NotebookNode]] = {}
# The cache keys of the pages read by this process: {source path: (what the key was made
# from, the key)}.
_KEYS: dict[Path, tuple[tuple, str]] = {}
# The executed notebooks this process wrote: {file: (page source, key, file's and outputs'
# signatures)}; a file changed by someone else is written again.
_WRITTEN: dict[Path, tuple[bytes, str, tuple, tuple]] = {}


def _read(page: Notebook) -> nbformat.NotebookNode:
    """A copy of the page's notebook, parsed again only when its source changed."""
    source = page.path.read_bytes()
    known = _READ.get(page.path)
    if known is None or known[0] != source:
        text = source.decode("utf-8")
        known = (source, jupytext.reads(text, fmt={"extension": page.path.suffix}))
        _READ[page.path] = known
    return copy.deepcopy(known[1])


def _signature(path: Path) -> tuple:
    """What changes when a file is written: its modification time (ns) and size."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return ()
    return (stat.st_mtime_ns, stat.st_size)


class _Kept:
    """The warm kernel process ``mkdocs serve`` keeps between its builds (``keep_warm``).

    Started when the server answers, a code edit's notebook is then executed in a forked
    kernel at once, not after the 1.6 s a warm process takes to import torch and the
    package. Kept under the environment hash and the kernels' environment: after an
    edit of the package, the next execution starts another.
    """

    on = False
    key: str | None = None
    warm: WarmKernels | None = None
    lock = threading.Lock()

    @classmethod
    def close(cls) -> None:
        if cls.warm is not None:
            cls.warm.close()
        cls.warm, cls.key = None, None


def keep_warm(on: bool = True) -> None:
    """Keep the warm kernel process between builds (``mkdocs serve``), or stop keeping it."""
    with _Kept.lock:
        _Kept.on = on
        if not on:
            _Kept.close()


def kept_warm(environment: str, env: dict[str, str], cwd: Path) -> WarmKernels | None:
    """The kept warm process for these kernels, started if need be; None when none is kept.

    A kept process made for another environment (the package edited, another lock) is
    stopped first: its kernels would run the package as it was.
    """
    with _Kept.lock:
        if not _Kept.on:
            return None
        parts = [environment, str(cwd), json.dumps(env, sort_keys=True)]
        key = hashlib.sha256("\0".join(parts).encode()).hexdigest()
        if _Kept.key != key or _Kept.warm is None:
            _Kept.close()
            _Kept.warm, _Kept.key = WarmKernels(env, cwd), key
        return _Kept.warm


def warm_up_later(environment: str, langs: Iterable[str], cwd: Path) -> threading.Thread | None:
    """Start the kept warm process in a thread of its own (None when none is kept)."""
    if not _Kept.on:
        return None
    env = kernel_environment(langs)
    thread = threading.Thread(
        target=kept_warm, args=(environment, env, cwd), name="sitebuild-warm", daemon=True
    )
    thread.start()
    return thread


class NotebookCache:
    """Executed outputs of notebook pages under ``cache_dir``, keyed by code and environment.

    Args:
        cache_dir: where outputs (``outputs/<key>.json``) and the executed
            notebooks of each language (``<lang>/<page>.ipynb``) are written.
        environment: the hash of what the outputs depend on besides the code
            cells (:func:`environment_hash` in the build).
        langs: the languages each kernel draws its figures in.
        workdir: the working directory of the kernels.
        workers: how many kernels run at the same time.
        warm: fork each kernel from a process that has imported torch and the package
            (``warmkernel.py``); ``False``: a fresh kernel process for each notebook.
    """

    def __init__(
        self,
        cache_dir: Path,
        environment: str,
        *,
        langs: Iterable[str] = LANGS,
        workdir: Path = ROOT,
        workers: int = 2,
        warm: bool = True,
    ) -> None:
        """Point the cache at ``cache_dir``; nothing is read or executed yet."""
        self.cache_dir = Path(cache_dir)
        self.environment = environment
        self.langs = tuple(langs)
        self.workdir = Path(workdir)
        self.workers = max(1, workers)
        self.warm = warm
        self.stats = BuildStats()
        self._lock = threading.Lock()

    def key(self, nb: nbformat.NotebookNode) -> str:
        """The key of a notebook's outputs: its code cells and the environment."""
        hasher = hashlib.sha256(self.environment.encode())
        cells = code_cells(nb)
        hasher.update(json.dumps(cells, ensure_ascii=False).encode())
        for rel in DATA_FILES:
            if any(rel in cell for cell in cells) and (self.workdir / rel).is_file():
                hasher.update((self.workdir / rel).read_bytes())
        return hasher.hexdigest()[:32]

    def _page_key(self, page: Notebook) -> str:
        """:meth:`key` of the page's notebook, computed again only when its source changed.

        ``mkdocs serve`` asks for every page's key on every rebuild; the key also reads
        the data files a page names, which are part of what is remembered.
        """
        source = page.path.read_bytes()
        data = tuple(
            (self.workdir / rel).read_bytes() if (self.workdir / rel).is_file() else b""
            for rel in DATA_FILES
        )
        memo = (source, self.environment, str(self.workdir), data)
        known = _KEYS.get(page.path)
        if known is None or known[0] != memo:
            known = (memo, self._stored_key(page, memo))
            _KEYS[page.path] = known
        return known[1]

    def _stored_key(self, page: Notebook, memo: tuple) -> str:
        """:meth:`key` of the page, kept on disk by what it is made of (and the build's code).

        A new ``make serve`` asked for every page's key, and parsing every page with
        jupytext to make it was a fifth of the time before the site answered.
        """
        hasher = hashlib.sha256(code_version().encode())
        for part in (memo[0], memo[1].encode(), memo[2].encode(), *memo[3]):
            hasher.update(len(part).to_bytes(8, "big") + part)
        path = self.cache_dir / "keys" / f"{hasher.hexdigest()}.txt"
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            pass
        key = self.key(_read(page))
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
        tmp.write_text(key, encoding="utf-8")
        tmp.replace(path)
        return key

    def outputs_file(self, key: str) -> Path:
        """Where the outputs stored under ``key`` live."""
        return self.cache_dir / "outputs" / f"{key}.json"

    def _execute(
        self, key: str, sources: list[str], name: str, warm: WarmKernels | None = None
    ) -> None:
        """Run the code cells in a new kernel and store their outputs under ``key``.

        The kernel is forked from ``warm``'s process, or a fresh process without it.
        """
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError

        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = dict(KERNELSPEC)
        nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
        kernel_env = kernel_environment(self.langs)
        start = time.perf_counter()
        extra = {} if warm is None else {"kernel_manager_class": warm.kernel_manager_class()}
        client = NotebookClient(
            nb,
            timeout=TIMEOUT,
            kernel_name="python3",
            allow_errors=False,
            resources={"metadata": {"path": str(self.workdir)}},
            **extra,
        )
        try:
            client.execute(env=kernel_env)
        except CellExecutionError as err:
            raise NotebookError(
                f"notebook {name} failed (fix the cell, then build again):\n{err}"
            ) from None
        outputs = [
            {"outputs": cell.outputs, "execution_count": cell.execution_count} for cell in nb.cells
        ]
        dest = self.outputs_file(key)
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_suffix(".tmp")
        tmp.write_text(json.dumps(outputs, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        tmp.replace(dest)
        with self._lock:
            self.stats.executed += 1
            self.stats.seconds += time.perf_counter() - start

    def ensure_executed(self, pages: Iterable[Notebook]) -> dict[Notebook, str]:
        """Execute every page whose outputs are not cached; return each page's key."""
        keys: dict[Notebook, str] = {}
        todo: dict[str, tuple[list[str], str]] = {}
        for page in pages:
            key = self._page_key(page)
            keys[page] = key
            if self.outputs_file(key).exists():
                self.stats.cache_hits += 1
            elif key not in todo:
                todo[key] = (code_cells(_read(page)), f"{page.lang}/{page.rel}")
        if todo:
            with contextlib.ExitStack() as stack:
                warm = None
                if self.warm:
                    env = kernel_environment(self.langs)
                    warm = kept_warm(self.environment, env, self.workdir)
                    if warm is None:
                        warm = stack.enter_context(WarmKernels(env, self.workdir))
                pool = stack.enter_context(ThreadPoolExecutor(max_workers=self.workers))
                futures = [
                    pool.submit(self._execute, k, s, name, warm) for k, (s, name) in todo.items()
                ]
                for future in futures:
                    future.result()
        return keys

    def materialize(self, page: Notebook, key: str) -> Path:
        """Write the executed notebook of ``page`` (its own prose, cached outputs).

        Done again only when the page's source, its outputs or the file written
        changed since this process last wrote it (``mkdocs serve`` rebuilds often).
        """
        dest = self.cache_dir / page.lang / (page.rel[: -len(".py")] + ".ipynb")
        source = page.path.read_bytes()
        outputs_file = self.outputs_file(key)
        done = _WRITTEN.get(dest)
        if done is not None and done == (source, key, _signature(dest), _signature(outputs_file)):
            return dest
        # written by an earlier process from the same page, outputs and code (a new
        # `make serve`): what it wrote is recorded beside it, with the file's signature
        record = dest.with_name(dest.name + ".written")
        made = self._written_record(source, key, outputs_file)
        try:
            if json.loads(record.read_text(encoding="utf-8")) == [made, list(_signature(dest))]:
                _WRITTEN[dest] = (source, key, _signature(dest), _signature(outputs_file))
                return dest
        except (FileNotFoundError, ValueError):
            pass
        nb = _read(page)
        cached = json.loads(outputs_file.read_text(encoding="utf-8"))
        cells = [cell for cell in nb.cells if cell.cell_type == "code"]
        if len(cells) != len(cached):
            raise NotebookError(
                f"{page.path}: the cache holds {len(cached)} cells, the page has {len(cells)}; "
                f"delete {self.outputs_file(key)} and build again"
            )
        for cell, entry in zip(cells, cached, strict=True):
            cell.outputs = [
                nbformat.from_dict(o) for o in _page_outputs(entry["outputs"], page.lang)
            ]
            cell.execution_count = entry["execution_count"]
        nb.metadata["kernelspec"] = dict(KERNELSPEC)
        nb.metadata.pop("jupytext", None)
        for index, cell in enumerate(nb.cells):
            cell.id = f"cell-{index}"  # stable ids: reproducible pages
        text = nbformat.writes(nb)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if not dest.exists() or dest.read_text(encoding="utf-8") != text:
            dest.write_text(text, encoding="utf-8")
        _WRITTEN[dest] = (source, key, _signature(dest), _signature(outputs_file))
        record.write_text(json.dumps([made, list(_signature(dest))]), encoding="utf-8")
        return dest

    def _written_record(self, source: bytes, key: str, outputs_file: Path) -> str:
        """What an executed notebook is written from: the page, its outputs, the build's code."""
        hasher = hashlib.sha256(code_version().encode())
        hasher.update(hashlib.sha256(source).digest())
        hasher.update(key.encode())
        hasher.update(repr(_signature(outputs_file)).encode())
        return hasher.hexdigest()

    def build(self, pages: Iterable[Notebook]) -> dict[Notebook, Path]:
        """Execute what is missing, then write every page's executed notebook."""
        keys = self.ensure_executed(pages)
        written = {page: self.materialize(page, key) for page, key in keys.items()}
        self.stats.notebooks += len(written)
        self.stats.unique += len(set(keys.values()))
        return written
