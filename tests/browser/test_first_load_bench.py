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
    assert work["elements"] > 100 and work["objects"] > work["elements"] / 2


def test_selector_statistics_of_a_real_load_name_the_site_stylesheets(browser, server):
    sheets = {}
    events = bench.trace(browser, server + "en/handbook/repeat/", [*bench.CATEGORIES,
                         bench.SELECTOR_STATS], sheets)  # fmt: skip
    per_sheet, rows = bench.selector_attempts(events, sheets)
    main = [name for name in per_sheet if name.startswith("main.")]
    assert main and "extra.css" in per_sheet, per_sheet
    assert per_sheet[main[0]] == max(per_sheet.values())  # Material's sheet is tried most
    # Material's "*" is tried on every element the recalculation styles (not on <head>'s)
    star = max(attempts for attempts, _, selector in rows if selector == "*")
    elements = bench.summarise(events)["elements"]
    assert elements / 2 < star <= elements, (star, elements)
    assert rows[0][0] >= star
