"""Lighthouse (mobile preset) on the built site, the way its CLI audits: a fresh browser per run.

The pages of issues 11 and 28: the home, a chapter notebook page, a handbook page, the
glossary and the Transformer page, in each language. The site is served from 127.0.0.1
by a small server that compresses text with gzip (level 6, like
``tools/sitebuild/pageweight.py``). Each audit is Lighthouse's own CLI with its
defaults: it launches a new headless Chromium with a new, empty profile, audits the
page with the mobile preset (simulated slow 4G, 4x slower CPU) and closes the browser,
as a new reader's browser meets the site (Debian's ``chromium`` package through
``CHROME_PATH``, not the headless shell the tests use). Lighthouse is not a dependency
of the project; install it beside it::

    npm install --prefix /tmp/lighthouse lighthouse@12.2.3   # 13.x wants Node 22
    .venv/bin/python benchmarks/lighthouse_bench.py --site site \
        --lighthouse /tmp/lighthouse/node_modules/.bin/lighthouse

Scores vary from run to run, and a busy core costs many points. The load average cannot
tell: the benchmark's own audits raise it (0.2, 0.6, 1.0, 1.5, 1.9 over five runs of an
idle machine), so it measures *other* work instead. Before every run it samples the CPU
time the machine spent (``/proc/stat``) minus the time of the benchmark's own process
tree (``/proc/<pid>/stat`` of itself and its descendants, Lighthouse and its Chromium)
over ``--window`` seconds, and waits (up to ``--wait`` seconds) until that other work is
at most ``--max-busy`` cores (default 0.2: an idle machine's daemons use about 0.01);
the same measure is taken over each audit. A run that found no quiet moment, or that
shared the machine with other work, makes the benchmark **refuse** to write its results;
``--dry-run`` audits anyway and writes nothing. The 1-minute load average is recorded
too. Each page is audited ``--runs`` times (default 5); the run with the median
performance score is shown, as Lighthouse's documentation advises
(https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md), and every
run is kept in ``benchmarks/results/lighthouse.json`` with its load and other work: the
four category scores, the metrics the performance score is made of, layout shift and
bytes; with the Lighthouse and Chromium versions and the machine's cores. The same as
a table for each language's contributing page (``lighthouse.zh.md``,
``lighthouse.en.md``).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGES = [
    "",
    "parametric/",
    "handbook/repeat/",
    "glossary/",
    "transformer/",
    "en/",
    "en/parametric/",
    "en/handbook/repeat/",
    "en/glossary/",
    "en/transformer/",
]
# Lighthouse's chrome-launcher adds its own flags (a new temporary profile among them);
# these only make it run here: no sandbox as root, no calls home.
CHROME_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# The metrics the performance score is made of (Lighthouse 13), in ms (CLS unitless).
METRICS = {
    "fcp_ms": "first-contentful-paint",
    "lcp_ms": "largest-contentful-paint",
    "tbt_ms": "total-blocking-time",
    "speed_index_ms": "speed-index",
}
TEXT = (".html", ".css", ".js", ".json", ".svg", ".txt", ".xml")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files; text compressed with gzip when the browser accepts it."""

    def log_message(self, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's URL
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.suffix in TEXT and path.is_file()):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(GzipHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def load() -> float:
    """The machine's 1-minute load average."""
    return round(os.getloadavg()[0], 2)


PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK")


def machine_busy(proc: Path = PROC) -> int:
    """Clock ticks every core spent on anything but idling and waiting for I/O since boot
    (user, nice, system, irq, softirq and steal; a guest's time is counted in user)."""
    fields = (proc / "stat").read_text().splitlines()[0].split()
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[1:9])
    return user + nice + system + irq + softirq + steal


def _stat(proc: Path, pid: str) -> tuple[int, int, int] | None:
    """(parent pid, own ticks, ticks of reaped children) of a process; None once it is gone."""
    try:
        text = (proc / pid / "stat").read_text()
    except OSError:  # the process ended between listing and reading
        return None
    rest = text[text.rindex(")") + 2 :].split()  # the name may hold spaces and brackets
    ppid, utime, stime, cutime, cstime = int(rest[1]), *map(int, rest[11:15])
    return ppid, utime + stime, cutime + cstime


def own_busy(root: int, proc: Path = PROC) -> int:
    """Clock ticks of process ``root`` and every live descendant, with the children they
    have reaped (a finished Lighthouse run, its Chromium) since they started."""
    stats = {}
    for entry in proc.iterdir():
        if entry.name.isdigit() and (st := _stat(proc, entry.name)) is not None:
            stats[int(entry.name)] = st
    children: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            total += stats[pid][1] + stats[pid][2]
            todo.extend(children.get(pid, []))
    return total


def become_subreaper() -> bool:
    """Make this process the parent of its descendants' orphans (Linux ``prctl``).

    When Lighthouse closes Chromium, the browser process ends before its zygote and
    renderers, which are then orphans: without this they go to ``init``, which reaps them,
    and the CPU time of every audit's renderers (0.3 cores, measured on an idle machine)
    counted as *other* work, so the benchmark refused every run. As the subreaper, this
    process receives them and ``reap_orphans`` adds their time to its reaped children's.
    """
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def reap_orphans() -> int:
    """Reap every finished child (orphans handed to this subreaper); return how many.

    Called only between audits, when no child this process waits for is running.
    """
    count = 0
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return count
        if pid == 0:
            return count
        count += 1


class OtherWork:
    """Cores kept busy by processes outside ``root``'s tree (the benchmark's own by
    default) between ``start()`` and ``stop()``: the machine's busy time minus its own.

    A descendant that ends is reaped by its parent, whose count of reaped children's ticks
    then holds its own (``own_busy`` adds that count for every process of the tree, and
    a finished process is no longer listed, so nothing is counted twice): Chromium is
    reaped by Lighthouse, Lighthouse by the benchmark (``subprocess.run``), so a finished
    audit stays the benchmark's own.
    """

    def __init__(self, root: int | None = None, proc: Path = PROC):
        self.root = os.getpid() if root is None else root
        self.proc = proc

    def start(self) -> OtherWork:
        self.t0 = time.monotonic()
        self.machine, self.own = machine_busy(self.proc), own_busy(self.root, self.proc)
        return self

    def stop(self) -> float:
        if self.root == os.getpid():
            reap_orphans()  # the audit's orphaned renderers: their time becomes ours
        elapsed = time.monotonic() - self.t0
        machine = machine_busy(self.proc) - self.machine
        own = own_busy(self.root, self.proc) - self.own
        return round(max(machine - own, 0) / TICKS / max(elapsed, 1e-3), 2)


def other_busy(window: float, root: int | None = None, proc: Path = PROC) -> float:
    """Cores kept busy by other processes over the next ``window`` seconds."""
    meter = OtherWork(root, proc).start()
    time.sleep(window)
    return meter.stop()


def wait_quiet(measure, max_busy: float, wait: float, clock=time.monotonic) -> tuple[float, float]:
    """Measure other work (``measure()``, in cores) until it is at most ``max_busy`` or
    ``wait`` seconds have passed: (the last measure, seconds waited).

    >>> readings = iter([1.4, 0.9, 0.05, 0.0])
    >>> wait_quiet(
    ...     lambda: next(readings), 0.2, 60, clock=iter(range(0, 100, 5)).__next__
    ... )
    (0.05, 15)
    >>> wait_quiet(lambda: 1.0, 0.2, 12, clock=iter(range(0, 100, 5)).__next__)
    (1.0, 15)
    """
    start = clock()
    while True:
        busy = measure()
        waited = clock() - start
        if busy <= max_busy or waited >= wait:
            return busy, waited


class Busy(Exception):
    """The machine did not become quiet: nothing is recorded."""


def audit(lighthouse: str, url: str, chromium: str, quiet, keep: Path | None = None) -> dict:
    """One Lighthouse CLI run of ``url`` in a browser of its own, once ``quiet()`` has
    waited for the machine to be quiet: scores, metrics, load and other work."""
    busy_before, waited = quiet()
    before = load()
    meter = OtherWork().start()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run(
            [
                lighthouse,
                url,
                "--quiet",
                "--output=json",
                f"--output-path={out}",
                "--only-categories=" + ",".join(CATEGORIES),
                "--chrome-flags=" + " ".join(CHROME_FLAGS),
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": chromium},
        )
        busy_during = meter.stop()
        report = json.loads(out.read_text(encoding="utf-8"))
        if keep:
            keep.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(out, keep)
    audits = report["audits"]
    return {
        "load": before,
        "other_cores_before": busy_before,
        "other_cores_during": busy_during,
        "waited_s": round(waited),
        "lighthouse": report["lighthouseVersion"],
        "chromium": report["environment"]["hostUserAgent"],
        **{name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        **{key: round(audits[audit]["numericValue"]) for key, audit in METRICS.items()},
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
        "mainthread_ms": round(audits["mainthread-work-breakdown"]["numericValue"]),
        "transferred_kb": round(audits["total-byte-weight"]["numericValue"] / 1024),
        "failed": sorted(
            f"{report['categories'][name]['title']}: {ref['id']}"
            for name in CATEGORIES
            for ref in report["categories"][name]["auditRefs"]
            if ref["weight"] > 0 and (audits[ref["id"]].get("score") or 1) < 1
        ),
    }


def median_run(runs: list[dict]) -> dict:
    """The run with the median performance score (the lower middle one of an even count),
    with every run kept whole under ``runs``.

    >>> runs = [{"performance": 90}, {"performance": 97}, {"performance": 95}]
    >>> median_run(runs)
    {'performance': 95, 'runs': [{'performance': 90}, {'performance': 97}, {'performance': 95}]}
    """
    middle = statistics.median_low(run["performance"] for run in runs)
    kept = next(run for run in runs if run["performance"] == middle)
    return {**kept, "runs": runs}


HEADINGS = {
    "zh": ["页面", "性能（五次）", "无障碍 / 最佳实践 / SEO", "TBT", "CLS"],
    "en": ["page", "performance (5 runs)", "accessibility / best practices / SEO", "TBT", "CLS"],
}


def render(results: dict, lang: str) -> str:
    """The results as a Markdown table, headings in ``lang``: the scores, total blocking
    time and layout shift (the JSON has every metric; the bytes are in build_bench's table).

    >>> row = {
    ...     "performance": 97,
    ...     "runs": [{"performance": p} for p in (96, 97, 99)],
    ...     "accessibility": 100,
    ...     "best-practices": 100,
    ...     "seo": 100,
    ...     "fcp_ms": 1210,
    ...     "lcp_ms": 1650,
    ...     "tbt_ms": 120,
    ...     "cls": 0.001,
    ...     "transferred_kb": 129,
    ... }
    >>> print(render({"/en/": row}, "en").splitlines()[-1])
    | /en/ | 97 (96-99) | 100 / 100 / 100 | 120 ms | 0.001 |
    """
    lines = [
        "| " + " | ".join(HEADINGS[lang]) + " |",
        "|---|" + "---:|" * (len(HEADINGS[lang]) - 1),
    ]
    for page, r in results.items():
        scores = [run["performance"] for run in r["runs"]]
        cells = [
            page,
            f"{r['performance']} ({min(scores)}-{max(scores)})",
            " / ".join(str(r[name]) for name in CATEGORIES[1:]),
            f"{r['tbt_ms']} ms",
            f"{r['cls']}",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def refusal(runs: list[dict], max_busy: float) -> str | None:
    """Why these runs must not be recorded (other work above ``max_busy`` cores before
    or during a run), or None.

    >>> quiet = {"other_cores_before": 0.01, "other_cores_during": 0.03}
    >>> refusal([quiet, quiet], 0.2) is None
    True
    >>> print(
    ...     refusal(
    ...         [quiet, {"other_cores_before": 0.05, "other_cores_during": 0.9}], 0.2
    ...     )
    ... )
    other work used up to 0.9 cores during a run (limit 0.2)
    >>> print(refusal([{"other_cores_before": 1.2, "other_cores_during": 0.0}], 0.2))
    other work used up to 1.2 cores before a run (limit 0.2)
    """
    for when in ("before", "during"):
        worst = max(run[f"other_cores_{when}"] for run in runs)
        if worst > max_busy:
            return f"other work used up to {worst} cores {when} a run (limit {max_busy})"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument(
        "--lighthouse",
        default=shutil.which("lighthouse") or str(ROOT / "node_modules/.bin/lighthouse"),
    )
    parser.add_argument("--chromium", default="/usr/bin/chromium")  # apt-get install chromium
    parser.add_argument("--runs", type=int, default=5, help="audits per page (median shown)")
    parser.add_argument("--page", action="append", help="audit only these (default: all)")
    parser.add_argument(
        "--max-busy",
        type=float,
        default=0.2,
        help="refuse when other processes keep more cores than this busy",
    )
    parser.add_argument("--window", type=float, default=3, help="seconds of each idle sample")
    parser.add_argument(
        "--wait", type=float, default=120, help="longest wait for a quiet machine per run"
    )
    parser.add_argument("--reports", type=Path, help="keep each run's Lighthouse JSON here")
    parser.add_argument(
        "--dry-run", action="store_true", help="audit under any load, write nothing"
    )
    args = parser.parse_args()
    become_subreaper()
    if not Path(args.chromium).is_file():
        print(f"{args.chromium}: no such browser (apt-get install chromium, or --chromium PATH)")
        return 2

    def quiet() -> tuple[float, float]:
        busy, waited = wait_quiet(
            lambda: other_busy(args.window), args.max_busy, 0 if args.dry_run else args.wait
        )
        if busy > args.max_busy and not args.dry_run:
            raise Busy(
                f"other processes kept {busy} cores busy after {waited:.0f} s of waiting "
                f"(limit {args.max_busy}): nothing recorded (--dry-run to try anyway)"
            )
        return busy, waited

    httpd, base = serve(args.site)
    results = {}
    try:
        for page in args.page or PAGES:
            runs = []
            for i in range(args.runs):
                keep = None
                if args.reports:
                    name = (page.strip("/").replace("/", "_") or "zh") + f".{i}.json"
                    keep = args.reports / ("zh_" + name if "en/" not in page and page else name)
                runs.append(audit(args.lighthouse, base + page, args.chromium, quiet, keep))
            results["/" + page] = result = median_run(runs)
            scores = " / ".join(str(result[name]) for name in CATEGORIES)
            print(
                f"/{page:24} {scores}  (runs {[r['performance'] for r in runs]}, "
                f"TBT {[r['tbt_ms'] for r in runs]}, "
                f"other cores {[r['other_cores_during'] for r in runs]}, "
                f"load {[r['load'] for r in runs]})  FCP {result['fcp_ms']} ms"
                f"  LCP {result['lcp_ms']} ms  TBT {result['tbt_ms']} ms  CLS {result['cls']}"
                f"  {result['transferred_kb']} KB  main thread {result['mainthread_ms']} ms",
                flush=True,
            )
    except Busy as busy:
        print(busy)
        return 2
    finally:
        httpd.shutdown()
    every = [run for r in results.values() for run in r["runs"]]
    why = refusal(every, args.max_busy)
    if args.dry_run or why:
        print(f"not written: {'--dry-run' if args.dry_run else why}")
        return 0 if args.dry_run else 2
    first = next(iter(results.values()))
    record = {
        "method": "Lighthouse CLI, defaults (mobile), a fresh Chromium per run; median of "
        f"{args.runs} by performance, every run kept; each run after at most "
        f"{args.max_busy} cores of other work over {args.window} s",
        "lighthouse": first["lighthouse"],
        "chromium": first["chromium"],
        "cores": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "pages": results,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "lighthouse.json"
    out.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for lang in HEADINGS:
        (RESULTS / f"lighthouse.{lang}.md").write_text(render(results, lang), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)} and lighthouse.zh.md, lighthouse.en.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
