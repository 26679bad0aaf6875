"""The package's wheel, built once per package version and source, offered on the site.

Readers install the package from this file (the home and contributing pages
say how, with plain pip); ``tests/site/test_out_of_tree.py`` installs the same
file into an empty virtual environment and runs downloaded notebooks there.
The wheel is built with ``pip wheel --no-deps --no-build-isolation`` from a
copy of the package's files in a temporary folder (nothing is written into the
work tree), with ``SOURCE_DATE_EPOCH`` fixed so that two builds give the same
bytes, and cached under ``.cache/wheel/<hash of its inputs>/``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "attention_tutorial"
# 1980-01-01, the earliest time a zip file can hold: no clock in the wheel.
SOURCE_DATE_EPOCH = "315532800"
SITE_FOLDER = "downloads"


def inputs(root: Path = ROOT) -> list[Path]:
    """The files the wheel is built from: project metadata and the whole package."""
    found = [root / "pyproject.toml", root / "README.md"]
    found += sorted(p for p in root.glob("LICENSE*") if p.is_file())
    found += sorted(
        p
        for p in (root / PACKAGE).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".pyc", ".pyo"}
    )
    return found


def key(root: Path = ROOT) -> str:
    """The hash of the wheel's inputs (:func:`inputs`): the name of its cache folder."""
    hasher = hashlib.sha256(SOURCE_DATE_EPOCH.encode())
    for path in inputs(root):
        hasher.update(path.relative_to(root).as_posix().encode())
        hasher.update(path.read_bytes())
    return hasher.hexdigest()[:24]


def build(root: Path = ROOT, cache: Path | None = None) -> Path:
    """The path of the package's wheel, built now if the cache does not hold it.

    Raises:
        RuntimeError: If ``pip wheel`` fails; the message holds pip's output.
    """
    if cache is None:
        cache = Path(os.environ.get("ATTN_CACHE_DIR", root / ".cache")) / "wheel"
    folder = cache / key(root)
    found = sorted(folder.glob("*.whl"))
    if found:
        return found[0]
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="wheel-", dir=cache) as tmp:
        src, dist = Path(tmp) / "src", Path(tmp) / "dist"
        for path in inputs(root):
            dest = src / path.relative_to(root)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONHASHSEED": "0"}
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        proc = subprocess.run(
            [*cmd, "--quiet", "--wheel-dir", str(dist), str(src)],
            env=env,
            capture_output=True,
            text=True,
        )
        wheels = sorted(dist.glob("*.whl"))
        if proc.returncode != 0 or len(wheels) != 1:
            raise RuntimeError(f"pip wheel failed:\n{proc.stdout}\n{proc.stderr}")
        staged = Path(tmp) / "out"
        staged.mkdir()
        shutil.move(str(wheels[0]), staged / wheels[0].name)
        try:
            staged.rename(folder)  # atomic: a parallel build sees all of it or nothing
        except OSError:
            if not any(folder.glob("*.whl")):
                raise
    return sorted(folder.glob("*.whl"))[0]


def site_file(config):
    """The wheel as a file of the site, at ``downloads/<wheel name>``."""
    from mkdocs.structure.files import File

    path = build()
    return File.generated(config, f"{SITE_FOLDER}/{path.name}", abs_src_path=str(path))
