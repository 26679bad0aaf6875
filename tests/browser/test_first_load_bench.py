"""benchmarks/first_load_work.py reads a real Chromium trace: the events it looks for
(tasks, the first contentful paint, Material's bundle, DOMContentLoaded, style and layout)
are there under the names it knows."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
spec = importlib.util.spec_from_file_location(
    "first_load_work", ROOT / "benchmarks" / "first_load_work.py"
)
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_a_real_first_load_is_read_whole(browser, server):
    work = bench.summarise(bench.trace(browser, server + "en/handbook/repeat/"))
    for name in ("before", "after", "style", "layout", "bundle", "dcl"):
        assert work[name] > 0, (name, work)
    assert work["before"] + work["after"] == pytest.approx(work["all"], abs=0.2)
    assert work["longest"] <= work["all"]
    # Material's bundle and start-up run inside tasks the sum has counted
    assert work["bundle"] + work["dcl"] < work["all"]
