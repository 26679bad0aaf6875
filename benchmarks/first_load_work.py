"""A first load's main-thread work, by CPU time: what Lighthouse's blocking time is made of.

Lighthouse (``lighthouse_bench.py``) loads a page at full speed and multiplies the
*wall-clock* length of each main-thread task by 4 (its mobile CPU slowdown). On a shared
machine a task waits for a core as long as it works, so the same page measured 477 and
2,621 ms of total blocking time within half an hour (the Chinese home page, two other
helpers building). This measures the same tasks by the time the main thread really spent
on the CPU (the trace's thread time), which other work moves far less, and multiplies
that by 4 as Lighthouse does. Not Lighthouse's score: no network simulation, and the
first contentful paint is the one Chromium painted at full speed. Use it to see where the
work is and to compare two builds back to back; record scores with ``lighthouse_bench.py``
on a quiet machine.

Each run opens a new headless Chromium (Debian's ``chromium``, as the Lighthouse runs),
a phone's window (412 x 823 CSS px, as Lighthouse's mobile preset), loads the page from
the same gzip server as ``lighthouse_bench.py``, waits 3 s after ``load`` and reads the
trace of the page's main thread. Per page, the median over ``--runs`` of::

    all      every task (ms at 4x)
    before   tasks that began before the first contentful paint
    after    tasks that began after it
    blocking the parts over 50 ms of the tasks after it (Lighthouse's total blocking time)
    longest  the longest task
    style    style recalculation; layout: layout (inside any task, forced or not)
    bundle   evaluating Material's bundle (with any style or layout it forces)
    dcl      the DOMContentLoaded handlers (Material's start-up)

    .venv/bin/python benchmarks/first_load_work.py --site site --page en/transformer/
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lighthouse_bench  # the server, pages and flags Lighthouse runs with

SLOWDOWN = 4  # Lighthouse's mobile CPU slowdown
BLOCKING = 50  # ms: the part of a task over this is blocking time
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"]
COLUMNS = ("all", "before", "after", "blocking", "longest", "style", "layout", "bundle", "dcl")


def _cpu(event: dict) -> float:
    """An event's thread time (its wall time if the trace has none), in ms at 4x."""
    return SLOWDOWN * event.get("tdur", event["dur"]) / 1000


def summarise(events: list[dict]) -> dict[str, float]:
    """The work of the page's main thread (the renderer thread that painted first), at 4x.

    >>> ev = [
    ...     {"name": "firstContentfulPaint", "pid": 1, "tid": 1, "ts": 1000, "ph": "R"},
    ...     {"name": "RunTask", "pid": 1, "tid": 1, "ts": 0, "dur": 500, "tdur": 20_000,
    ...      "ph": "X"},
    ...     {"name": "Layout", "pid": 1, "tid": 1, "ts": 10, "dur": 5, "tdur": 5_000,
    ...      "ph": "X"},
    ...     {"name": "RunTask", "pid": 1, "tid": 1, "ts": 2000, "dur": 90_000, "tdur": 30_000,
    ...      "ph": "X"},
    ...     {"name": "EventDispatch", "pid": 1, "tid": 1, "ts": 2010, "dur": 80_000,
    ...      "tdur": 25_000, "ph": "X", "args": {"data": {"type": "DOMContentLoaded"}}},
    ...     {"name": "RunTask", "pid": 2, "tid": 2, "ts": 0, "dur": 9_000, "tdur": 9_000,
    ...      "ph": "X"},
    ... ]
    >>> summarise(ev)
    {'all': 200.0, 'before': 80.0, 'after': 120.0, 'blocking': 70.0, 'longest': 120.0, \
'style': 0, 'layout': 20.0, 'bundle': 0, 'dcl': 100.0}
    """
    fcp = min((e for e in events if e.get("name") == "firstContentfulPaint"), key=lambda e: e["ts"])
    thread = (fcp["pid"], fcp["tid"])
    mine = sorted(
        (e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"),
        key=lambda e: e["ts"],
    )
    work = dict.fromkeys(COLUMNS, 0)
    end = -1  # tasks nested in a task are part of it
    for task in (e for e in mine if e["name"] in TASKS):
        if task["ts"] < end:
            continue
        end = task["ts"] + task["dur"]
        cpu = _cpu(task)
        work["all"] += cpu
        work["longest"] = max(work["longest"], cpu)
        if task["ts"] < fcp["ts"]:
            work["before"] += cpu
        else:
            work["after"] += cpu
            work["blocking"] += max(0, cpu - BLOCKING)
    for e in mine:
        data = e.get("args", {}).get("data", {})
        if e["name"] == "UpdateLayoutTree":
            work["style"] += _cpu(e)
        elif e["name"] == "Layout":
            work["layout"] += _cpu(e)
        elif e["name"] == "EvaluateScript" and "/bundle." in (data.get("url") or ""):
            work["bundle"] += _cpu(e)
        elif e["name"] == "EventDispatch" and data.get("type") == "DOMContentLoaded":
            work["dcl"] += _cpu(e)
    return {k: round(v, 1) for k, v in work.items()}


def trace(browser, url: str) -> list[dict]:
    """The trace events of a first load of ``url`` in a new context of ``browser`` (the
    benchmark gives every run a new browser, as Lighthouse does)."""
    context = browser.new_context(
        viewport={"width": 412, "height": 823},
        device_scale_factor=1.75,
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = context.new_page()
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(3000)
        return json.loads(browser.stop_tracing())["traceEvents"]
    finally:
        context.close()


def first_load(playwright, url: str, chromium: str) -> dict[str, float]:
    """:func:`summarise` of one first load of ``url`` in a new Chromium."""
    browser = playwright.chromium.launch(
        executable_path=chromium, args=lighthouse_bench.CHROME_FLAGS[1:]
    )
    try:
        return summarise(trace(browser, url))
    finally:
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=lighthouse_bench.ROOT / "site")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--runs", type=int, default=5, help="loads per page (median shown)")
    parser.add_argument("--page", action="append", help="only these (default: Lighthouse's)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    httpd, base = lighthouse_bench.serve(args.site)
    try:
        with sync_playwright() as p:
            print(f"{'page':24}" + "".join(f"{c:>9}" for c in COLUMNS) + "   (ms at 4x, median)")
            for page in args.page or lighthouse_bench.PAGES:
                load = lighthouse_bench.load()
                meter = lighthouse_bench.OtherWork().start()
                runs = [first_load(p, base + page, args.chromium) for _ in range(args.runs)]
                median = {c: statistics.median(r[c] for r in runs) for c in COLUMNS}
                print(
                    f"/{page:23}"
                    + "".join(f"{median[c]:9.0f}" for c in COLUMNS)
                    + f"   load {load}, other cores {meter.stop()}",
                    flush=True,
                )
    finally:
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
