"""A strict build of both languages into a temporary folder, shared by the site tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The build's caches (mkdocs.yml: extra.sitebuild.cache_dir); the executed notebooks.
CACHE_DIR = Path(os.environ.get("ATTN_CACHE_DIR", ROOT / ".cache"))
NOTEBOOK_CACHE = CACHE_DIR / "notebooks"


def run_build(
    site_dir: Path, *, cache_dir: Path | None = None, config: str = "mkdocs.yml"
) -> float:
    """Run ``mkdocs build --strict`` (both languages) into ``site_dir``; return seconds."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "JUPYTER_PLATFORM_DIRS": "1"}
    if cache_dir is not None:
        env["ATTN_CACHE_DIR"] = str(cache_dir)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", config, "-d", str(site_dir)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return seconds


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The built site: Chinese at the root, English under ``en/``."""
    site_dir = tmp_path_factory.mktemp("site") / "site"
    run_build(site_dir)
    return site_dir
