"""Tests of benchmarks/first_load_work.py's reading of a trace: which thread, which tasks,
and the split at the first contentful paint."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))  # it imports lighthouse_bench beside it
spec = importlib.util.spec_from_file_location(
    "first_load_work", ROOT / "benchmarks" / "first_load_work.py"
)
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def task(ts, cpu_ms, pid=1, name="RunTask", **extra):
    """A complete event of ``cpu_ms`` thread time (its wall time three times that)."""
    return {"name": name, "pid": pid, "tid": pid, "ph": "X", "ts": ts,
            "dur": 3000 * cpu_ms, "tdur": 1000 * cpu_ms, **extra}  # fmt: skip


FCP = {"name": "firstContentfulPaint", "pid": 1, "tid": 1, "ts": 100_000, "ph": "R"}


def test_docstring_examples():
    assert doctest.testmod(bench, optionflags=doctest.ELLIPSIS).failed == 0


def test_thread_time_times_four_split_at_the_first_paint():
    work = bench.summarise([FCP, task(0, 30), task(100_000, 10), task(200_000, 40)])
    assert work["before"] == 120  # 30 ms of CPU, at 4x
    assert work["after"] == 200
    assert work["all"] == 320
    # 40 and 160 ms after the paint: only the part over 50 ms of the second blocks
    assert work["blocking"] == 110
    assert work["longest"] == 160


def test_wall_time_is_not_counted_when_thread_time_is_there():
    """The wall time of a task on a loaded machine (3x its CPU time here) is ignored."""
    assert bench.summarise([FCP, task(200_000, 25)])["blocking"] == 50


def test_a_trace_without_thread_time_falls_back_to_wall_time():
    event = task(200_000, 0)
    event["dur"], _ = 20_000, event.pop("tdur")
    assert bench.summarise([FCP, event])["after"] == 80


def test_nested_tasks_count_once_and_other_threads_not_at_all():
    outer = task(200_000, 100)
    inner = task(200_010, 90)  # a nested run loop inside the outer task
    other = task(200_000, 500, pid=2)  # another renderer, the GPU process, a worker
    work = bench.summarise([FCP, outer, inner, other])
    assert work["all"] == 400 and work["blocking"] == 350


def test_the_first_of_several_paints_splits():
    later = {**FCP, "ts": 300_000}
    work = bench.summarise([later, FCP, task(150_000, 20)])
    assert work["after"] == 80 and work["before"] == 0


def test_bundle_and_start_up_are_found_by_script_and_event():
    bundle = task(
        200_010, 20, name="EvaluateScript",
        args={"data": {"url": "http://x/assets/javascripts/bundle.a5f9d56c.min.js"}},
    )  # fmt: skip
    ours = task(200_020, 5, name="EvaluateScript", args={"data": {"url": "http://x/zh.js"}})
    start = task(300_010, 30, name="EventDispatch", args={"data": {"type": "DOMContentLoaded"}})
    click = task(400_010, 7, name="EventDispatch", args={"data": {"type": "click"}})
    work = bench.summarise([FCP, bundle, ours, start, click])
    assert work["bundle"] == 80 and work["dcl"] == 120


def test_elements_and_layout_objects_are_those_of_the_largest_pass():
    style = [task(10, 1, name="UpdateLayoutTree", args={"elementCount": n}) for n in (3, 1950, 5)]
    layout = [
        task(20, 1, name="Layout", args={"beginData": {"totalObjects": n}}) for n in (2793, 1)
    ]
    work = bench.summarise([FCP, *style, *layout])
    assert (work["elements"], work["objects"]) == (1950, 2793)
    assert work["style"] == 12 and work["layout"] == 8  # the passes' time still adds up


def test_selector_attempts_read_the_largest_recalculation_and_name_its_sheets():
    def stats(*timings):
        rows = [
            {"selector": sel, "style_sheet_id": sheet, "match_attempts": n, "match_count": 0}
            for sel, sheet, n in timings
        ]
        return {"name": "SelectorStats", "args": {"selector_stats": {"selector_timings": rows}}}

    first = stats((".x", "s-1", 5))
    whole = stats((".x", "s-1", 900), (".y > *", "s-2", 1000), ("html", "ua-style-sheet", 1))
    per_sheet, rows = bench.selector_attempts(
        [first, whole, {"name": "SelectorStats", "args": {}}],
        {"main.css": [".x", "html"], "extra.css": [".y > *"]},
    )
    # the browser's own sheet keeps its id although main.css has a selector "html" too
    assert per_sheet == {"extra.css": 1000, "main.css": 900, "ua-style-sheet": 1}
    assert [r[2] for r in rows] == [".y > *", ".x", "html"]
    assert bench.selector_attempts([first], None)[0] == {"s-1": 5}  # no names: the ids
