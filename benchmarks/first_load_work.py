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
    elements the elements of the largest style recalculation (the first, whole page)
    objects  the layout objects of the largest layout (counts, not ms)

    .venv/bin/python benchmarks/first_load_work.py --site site --page en/transformer/

What the style recalculation matches: ``--selectors N`` loads each page once more with
Chromium's selector statistics on (``disabled-by-default-blink.debug``; they make the
recalculation many times slower, so that load is not timed) and prints the match
attempts per stylesheet and the N selectors tried most often in the largest
recalculation. Attempts, not the statistics' microseconds: those jump when the thread
is preempted on a busy machine.
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
COUNTS = ("elements", "objects")
SELECTOR_STATS = "disabled-by-default-blink.debug"


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
'style': 0, 'layout': 20.0, 'bundle': 0, 'dcl': 100.0, 'elements': 0, 'objects': 0}
    """
    fcp = min((e for e in events if e.get("name") == "firstContentfulPaint"), key=lambda e: e["ts"])
    thread = (fcp["pid"], fcp["tid"])
    mine = sorted(
        (e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"),
        key=lambda e: e["ts"],
    )
    work = dict.fromkeys(COLUMNS + COUNTS, 0)
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
            count = e.get("args", {}).get("elementCount", 0)
            work["elements"] = max(work["elements"], count)
        elif e["name"] == "Layout":
            work["layout"] += _cpu(e)
            count = e.get("args", {}).get("beginData", {}).get("totalObjects", 0)
            work["objects"] = max(work["objects"], count)
        elif e["name"] == "EvaluateScript" and "/bundle." in (data.get("url") or ""):
            work["bundle"] += _cpu(e)
        elif e["name"] == "EventDispatch" and data.get("type") == "DOMContentLoaded":
            work["dcl"] += _cpu(e)
    return {k: round(v, 1) for k, v in work.items()}


def selector_attempts(
    events: list[dict], sheets: dict[str, list[str]] | None = None
) -> tuple[dict[str, int], list[tuple[int, int, str]]]:
    """Match attempts of the largest style recalculation: per stylesheet, and per selector
    (attempts, matches, selector), most attempted first. A stylesheet is named by the
    ``sheets`` (name -> its selectors) that holds most of its selectors, else by its id.

    >>> stats = {"selector_timings": [
    ...     {"selector": ".a *", "style_sheet_id": "s-1", "match_attempts": 9,
    ...      "match_count": 2, "elapsed (us)": 5},
    ...     {"selector": "p", "style_sheet_id": "ua-style-sheet", "match_attempts": 3,
    ...      "match_count": 3, "elapsed (us)": 1}]}
    >>> small = {"selector_timings": stats["selector_timings"][1:]}
    >>> events = [{"name": "SelectorStats", "args": {"selector_stats": s}}
    ...           for s in (small, stats)]
    >>> selector_attempts(events, {"a.css": [".a *", "p"], "b.css": [".b"]})
    ({'a.css': 9, 'ua-style-sheet': 3}, [(9, 2, '.a *'), (3, 3, 'p')])
    """  # fmt: skip
    recalcs = [
        e["args"]["selector_stats"]["selector_timings"]
        for e in events
        if e.get("name") == "SelectorStats" and "selector_stats" in e.get("args", {})
    ]
    if not recalcs:
        return {}, []
    timings = max(recalcs, key=lambda t: sum(s["match_attempts"] for s in t))
    by_id: dict[str, set[str]] = {}
    for s in timings:
        by_id.setdefault(s["style_sheet_id"], set()).add(s["selector"])
    names = {}  # the browser's own stylesheet keeps its id
    for sheet_id, selectors in by_id.items():
        if sheet_id.startswith("ua-"):
            names[sheet_id] = sheet_id
            continue
        overlap = {name: len(selectors & set(sel)) for name, sel in (sheets or {}).items()}
        best = max(overlap, key=overlap.get, default=None)
        names[sheet_id] = best if best is not None and overlap[best] else sheet_id
    per_sheet: dict[str, int] = {}
    for s in timings:
        name = names[s["style_sheet_id"]]
        per_sheet[name] = per_sheet.get(name, 0) + s["match_attempts"]
    rows = sorted(
        ((s["match_attempts"], s["match_count"], s["selector"]) for s in timings),
        key=lambda r: (-r[0], r[2]),
    )
    return dict(sorted(per_sheet.items(), key=lambda kv: -kv[1])), rows


# Each stylesheet of the page: its file name and the selectors of its style rules.
SHEETS_JS = """() => Array.from(document.styleSheets, (sheet) => {
  const selectors = [];
  const walk = (rules) => { for (const r of rules) {
    const parts = r.selectorText ? r.selectorText.split(/,(?![^(]*\\))/) : [];
    selectors.push(...parts.map((x) => x.trim()));
    if (r.cssRules) walk(r.cssRules);
  } };
  try { walk(sheet.cssRules); } catch (e) {}
  return [(sheet.href || "inline").split("/").pop(), selectors];
})"""


def trace(
    browser, url: str, categories: list[str] = CATEGORIES, sheets: dict | None = None
) -> list[dict]:
    """The trace events of a first load of ``url`` in a new context of ``browser`` (the
    benchmark gives every run a new browser, as Lighthouse does); ``sheets``, if given,
    receives the page's stylesheets (file name -> selectors) after the trace."""
    context = browser.new_context(
        viewport={"width": 412, "height": 823},
        device_scale_factor=1.75,
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = context.new_page()
        browser.start_tracing(page=page, categories=categories)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(3000)
        events = json.loads(browser.stop_tracing())["traceEvents"]
        if sheets is not None:
            sheets.update(page.evaluate(SHEETS_JS))
        return events
    finally:
        context.close()


def first_load(
    playwright, url: str, chromium: str, categories: list[str] = CATEGORIES, sheets=None
) -> list:
    """The trace events of one first load of ``url`` in a new Chromium (:func:`trace`)."""
    browser = playwright.chromium.launch(
        executable_path=chromium, args=lighthouse_bench.CHROME_FLAGS[1:]
    )
    try:
        return trace(browser, url, categories, sheets)
    finally:
        browser.close()


def print_selectors(events: list[dict], sheets: dict, top: int) -> None:
    """The stylesheets' and the ``top`` selectors' match attempts (:func:`selector_attempts`)."""
    per_sheet, rows = selector_attempts(events, sheets)
    print(f"    match attempts: {sum(per_sheet.values()):,}; per stylesheet: " + ", ".join(
        f"{sheet} {n:,}" for sheet, n in per_sheet.items()
    ))  # fmt: skip
    for attempts, matches, selector in rows[:top]:
        print(f"    {attempts:8,} tried {matches:7,} matched  {selector}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=lighthouse_bench.ROOT / "site")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--runs", type=int, default=5, help="loads per page (median shown)")
    parser.add_argument("--page", action="append", help="only these (default: Lighthouse's)")
    parser.add_argument(
        "--selectors", type=int, default=0, metavar="N",
        help="also one load with selector statistics: the N selectors tried most (see above)",
    )  # fmt: skip
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    httpd, base = lighthouse_bench.serve(args.site)
    try:
        with sync_playwright() as p:
            columns = COLUMNS + COUNTS
            print(f"{'page':24}" + "".join(f"{c:>9}" for c in columns) + "   (ms at 4x, median)")
            for page in args.page or lighthouse_bench.PAGES:
                load = lighthouse_bench.load()
                meter = lighthouse_bench.OtherWork().start()
                runs = [
                    summarise(first_load(p, base + page, args.chromium)) for _ in range(args.runs)
                ]
                median = {c: statistics.median(r[c] for r in runs) for c in columns}
                print(
                    f"/{page:23}"
                    + "".join(f"{median[c]:9.0f}" for c in columns)
                    + f"   load {load}, other cores {meter.stop()}",
                    flush=True,
                )
                if args.selectors:
                    stats, sheets = [*CATEGORIES, SELECTOR_STATS], {}
                    events = first_load(p, base + page, args.chromium, stats, sheets)
                    print_selectors(events, sheets, args.selectors)
    finally:
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
