"""Execute the notebook pages once, cache their outputs, and write one notebook per language.

A page that shows code is a jupytext percent ``.py`` file, one per language
(``docs/zh/x.py`` and ``docs/en/x.py``). Both hold the same code cells and
differ only in their Markdown cells, so the code runs once for both:

1. The cache key of a notebook is the hash of its code cells, of the package's
   source (``attention_tutorial/``), of the locked dependencies
   (``requirements/lock.txt``) and of this module's format version. Prose is not
   part of the key, so editing prose executes nothing; editing the package
   re-executes every notebook (stale outputs are a bug).
2. Missing entries are executed with nbclient, two kernels at a time, with the
   repository root as working directory. A failing cell raises
   :class:`NotebookError`: a traceback is never published.
3. For each language, the notebook's own cells are joined with the cached
   outputs and written to ``.cache/notebooks/<lang>/<page>.ipynb``; figures are
   resolved to the language of the page (see ``attention_tutorial/_figure.py``).
   mkdocs-jupyter then renders that executed notebook without executing it.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import threading
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LANGS = ("zh", "en")
# Every cache of the build lives under one folder; tests point it at a temporary one.
CACHE_ROOT = Path(os.environ.get("ATTN_CACHE_DIR", ROOT / ".cache"))
CACHE = CACHE_ROOT / "notebooks"
# Bump when the cached format or the execution set-up changes.
FORMAT_VERSION = "3"
FIGURE_MIME = "application/vnd.attention-tutorial.figure+json"
FIGURE_LANGS_ENV = "ATTENTION_TUTORIAL_FIGURE_LANGS"
TIMEOUT = 600

_lock = threading.Lock()
# Statistics of this process, read by the benchmark and by the tests.
STATS = {"executed": 0, "cache_hits": 0, "seconds": 0.0}


class NotebookError(RuntimeError):
    """A notebook cell raised: the build must fail, not publish a traceback."""


@dataclass(frozen=True)
class Notebook:
    """One language's notebook page."""

    lang: str
    path: Path  # the .py source

    @property
    def rel(self) -> str:
        """Path relative to the language's docs folder, e.g. ``nonparametric.py``."""
        return self.path.relative_to(DOCS / self.lang).as_posix()

    def read(self) -> nbformat.NotebookNode:
        """Read the jupytext source into a notebook without outputs."""
        return jupytext.read(self.path)


def discover(langs: Iterable[str] = LANGS) -> list[Notebook]:
    """Every notebook page of the given languages."""
    found = []
    for lang in langs:
        for path in sorted((DOCS / lang).rglob("*.py")):
            found.append(Notebook(lang, path))
    return found


def code_cells(nb: nbformat.NotebookNode) -> list[str]:
    """The sources of the code cells, in order."""
    return [cell.source for cell in nb.cells if cell.cell_type == "code"]


# Data files that pages read while they run: part of the key of each notebook naming them.
DATA_FILES = ("benchmarks/results/scale.json",)


def environment_hash(root: Path = ROOT) -> str:
    """Hash of everything outside a notebook that its outputs depend on."""
    hasher = hashlib.sha256(FORMAT_VERSION.encode())
    for path in sorted((root / "attention_tutorial").rglob("*.py")):
        if "__pycache__" not in path.parts:
            hasher.update(path.relative_to(root).as_posix().encode())
            hasher.update(path.read_bytes())
    hasher.update((root / "requirements" / "lock.txt").read_bytes())
    hasher.update(",".join(LANGS).encode())
    return hasher.hexdigest()


def cache_key(nb: nbformat.NotebookNode, env_hash: str) -> str:
    """The key of a notebook's outputs: its code cells and the environment."""
    hasher = hashlib.sha256(env_hash.encode())
    cells = code_cells(nb)
    hasher.update(json.dumps(cells, ensure_ascii=False).encode())
    for rel in DATA_FILES:
        if any(rel in cell for cell in cells) and (ROOT / rel).is_file():
            hasher.update((ROOT / rel).read_bytes())
    return hasher.hexdigest()[:32]


def _cache_file(key: str) -> Path:
    return CACHE / "outputs" / f"{key}.json"


def _execute(key: str, sources: list[str], name: str) -> None:
    """Run the code cells in a fresh kernel and store their outputs under ``key``."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    # The kernel draws each figure once per language (attention_tutorial/_figure.py).
    kernel_env = {**os.environ, FIGURE_LANGS_ENV: ",".join(LANGS), "PYTHONHASHSEED": "0"}
    kernel_env.pop("MPLBACKEND", None)
    start = time.perf_counter()
    client = NotebookClient(
        nb,
        timeout=TIMEOUT,
        kernel_name="python3",
        allow_errors=False,
        resources={"metadata": {"path": str(ROOT)}},
    )
    try:
        client.execute(env=kernel_env)
    except CellExecutionError as err:
        raise NotebookError(f"notebook {name} failed:\n{err}") from None
    outputs = [
        {"outputs": cell.outputs, "execution_count": cell.execution_count} for cell in nb.cells
    ]
    _cache_file(key).parent.mkdir(parents=True, exist_ok=True)
    tmp = _cache_file(key).with_suffix(".tmp")
    tmp.write_text(json.dumps(outputs, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    tmp.replace(_cache_file(key))
    with _lock:
        STATS["executed"] += 1
        STATS["seconds"] += time.perf_counter() - start


def ensure_executed(
    notebooks: Iterable[Notebook], workers: int = 2, env_hash: str | None = None
) -> dict[Notebook, str]:
    """Execute every notebook whose outputs are not cached; return each notebook's key."""
    env_hash = env_hash or environment_hash()
    keys: dict[Notebook, str] = {}
    todo: dict[str, tuple[list[str], str]] = {}
    for page in notebooks:
        nb = page.read()
        key = cache_key(nb, env_hash)
        keys[page] = key
        if _cache_file(key).exists():
            STATS["cache_hits"] += 1
        elif key not in todo:
            todo[key] = (code_cells(nb), f"{page.lang}/{page.rel}")
    if todo:
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            futures = [pool.submit(_execute, k, src, name) for k, (src, name) in todo.items()]
            for future in futures:
                future.result()
    return keys


def _resolve_figures(outputs: list[dict], lang: str) -> list[dict]:
    """Keep, in each figure output, only the image drawn for ``lang``."""
    resolved = []
    for out in outputs:
        out = copy.deepcopy(out)
        data = out.get("data")
        if data and FIGURE_MIME in data:
            variants = data.pop(FIGURE_MIME)
            chosen = variants[lang]
            for mime in [m for m in data if m.startswith("image/")]:
                del data[mime]
            data[chosen["mime"]] = chosen["data"]
            data.pop("text/plain", None)
            out.setdefault("metadata", {})
            out["metadata"] = {chosen["mime"]: chosen.get("metadata", {})}
        resolved.append(out)
    return resolved


def materialize(page: Notebook, key: str) -> Path:
    """Write the executed notebook of ``page`` (its own prose, cached outputs)."""
    nb = page.read()
    cached = json.loads(_cache_file(key).read_text(encoding="utf-8"))
    cells = [cell for cell in nb.cells if cell.cell_type == "code"]
    if len(cells) != len(cached):
        raise NotebookError(f"{page.path}: cache holds {len(cached)} cells, page has {len(cells)}")
    for cell, entry in zip(cells, cached, strict=True):
        cell.outputs = [
            nbformat.from_dict(o) for o in _resolve_figures(entry["outputs"], page.lang)
        ]
        cell.execution_count = entry["execution_count"]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata.pop("jupytext", None)
    for index, cell in enumerate(nb.cells):
        cell.id = f"cell-{index}"  # stable ids: reproducible pages
    text = nbformat.writes(nb)
    dest = CACHE / page.lang / (page.rel[: -len(".py")] + ".ipynb")
    dest.parent.mkdir(parents=True, exist_ok=True)
    if not dest.exists() or dest.read_text(encoding="utf-8") != text:
        dest.write_text(text, encoding="utf-8")
    return dest


def build_all(
    langs: Iterable[str] = LANGS, workers: int = 2, env_hash: str | None = None
) -> dict[Notebook, Path]:
    """Execute what is missing, then write every language's executed notebook."""
    langs = tuple(langs)
    before = dict(STATS)
    keys = ensure_executed(discover(langs), workers=workers, env_hash=env_hash)
    written = {page: materialize(page, key) for page, key in keys.items()}
    # What this build executed, for the benchmark (benchmarks/build_bench.py).
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    stats = {k: STATS[k] - before[k] for k in STATS}
    stats.update(notebooks=len(written), unique=len(set(keys.values())))
    (CACHE_ROOT / f"stats-{'-'.join(langs)}.json").write_text(json.dumps(stats))
    return written


if __name__ == "__main__":  # pragma: no cover - manual use
    start = time.perf_counter()
    written = build_all()
    print(f"{len(written)} notebooks, {STATS} in {time.perf_counter() - start:.1f}s")
