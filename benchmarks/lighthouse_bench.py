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

Scores vary from run to run, and a busy core costs many points: the benchmark records
the 1-minute load average before every run and **refuses** to start (or to write its
results, if the load rose during the runs) when it is above ``--max-load`` (default
0.5, an idle two-core machine); ``--dry-run`` audits anyway and writes nothing. Each
page is audited ``--runs`` times (default 5); the run with the median performance
score is shown, as Lighthouse's documentation advises
(https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md), and every
run is kept in ``benchmarks/results/lighthouse.json`` with its load: the four category
scores, the metrics the performance score is made of, layout shift and bytes; with
the Lighthouse and Chromium versions and the machine's cores. The same as a table for
each language's contributing page (``lighthouse.zh.md``, ``lighthouse.en.md``).
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


def audit(lighthouse: str, url: str, chromium: str) -> dict:
    """One Lighthouse CLI run of ``url`` in a browser of its own: scores, metrics, load."""
    before = load()
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
        report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    return {
        "load": before,
        "lighthouse": report["lighthouseVersion"],
        "chromium": report["environment"]["hostUserAgent"],
        **{name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        **{key: round(audits[audit]["numericValue"]) for key, audit in METRICS.items()},
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
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
    parser.add_argument("--max-load", type=float, default=0.5, help="refuse above this load")
    parser.add_argument(
        "--dry-run", action="store_true", help="audit under any load, write nothing"
    )
    args = parser.parse_args()
    if not Path(args.chromium).is_file():
        print(f"{args.chromium}: no such browser (apt-get install chromium, or --chromium PATH)")
        return 2
    start = load()
    if start > args.max_load and not args.dry_run:
        print(
            f"load average {start} > {args.max_load}: the machine is busy, nothing audited "
            "(wait for it to be idle, or --dry-run to try without recording)"
        )
        return 2
    httpd, base = serve(args.site)
    results = {}
    try:
        for page in args.page or PAGES:
            runs = [audit(args.lighthouse, base + page, args.chromium) for _ in range(args.runs)]
            results["/" + page] = result = median_run(runs)
            scores = " / ".join(str(result[name]) for name in CATEGORIES)
            print(
                f"/{page:24} {scores}  (runs {[r['performance'] for r in runs]}, "
                f"load {[r['load'] for r in runs]})  FCP {result['fcp_ms']} ms"
                f"  LCP {result['lcp_ms']} ms  TBT {result['tbt_ms']} ms  CLS {result['cls']}"
                f"  {result['transferred_kb']} KB"
            )
    finally:
        httpd.shutdown()
    loads = [run["load"] for r in results.values() for run in r["runs"]]
    if args.dry_run or max(loads) > args.max_load:
        print(
            f"not written: {'--dry-run' if args.dry_run else 'the load rose'} "
            f"(loads {min(loads)}-{max(loads)}, limit {args.max_load})"
        )
        return 0 if args.dry_run else 2
    first = next(iter(results.values()))
    record = {
        "method": "Lighthouse CLI, defaults (mobile), a fresh Chromium per run; median of "
        f"{args.runs} by performance, every run kept",
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
