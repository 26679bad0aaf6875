"""Lighthouse (mobile preset) on the built site, served with gzip as a static host serves it.

Issue 11's pages: the home, a chapter notebook page, a handbook page and the glossary,
in each language. The site is served from 127.0.0.1 by a small server that compresses
text with gzip (level 6, like ``tools/sitebuild/pageweight.py``); Lighthouse drives
Debian's Chromium headless, with its default mobile preset (simulated slow 4G and a
slower CPU): the ``chromium`` package, not the headless shell the tests use.
Lighthouse is not a dependency of the project; install it next to it::

    npm install --no-save lighthouse@13.5.0
    .venv/bin/python benchmarks/lighthouse_bench.py --site site

Every audit is a first visit (Lighthouse clears the HTTP cache and the site's storage
before each), in one Chromium that runs for the whole benchmark, as a reader's browser
does, after one audit that is not recorded. Started afresh for each audit, Chromium
loads the bold Chinese font (Debian's 20 MB ``NotoSansCJK-Bold.ttc``) when a page first
draws bold Chinese text: the Chinese chapter, handbook and glossary pages were painted
at 0.45 s but shown at 1.3 s, 10 points of performance that no reader's browser, whose
system fonts are loaded, pays.

Scores vary from run to run: the simulation starts from timings measured on this
machine, and a busy core costs ten points: keep the machine idle. Each page is audited
``--runs`` times (default 5) and the run with the median performance score is kept, as
Lighthouse's documentation advises
(https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md). It prints one
line per page and writes ``benchmarks/results/lighthouse.json``: the four category
scores and the performance scores of every run, the metrics the performance score is
made of, cumulative layout shift, and the bytes Lighthouse saw transferred; and the
same as a table for each language's contributing page (``lighthouse.zh.md``,
``lighthouse.en.md``).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGES = [
    "",
    "parametric/",
    "handbook/repeat/",
    "glossary/",
    "en/",
    "en/parametric/",
    "en/handbook/repeat/",
    "en/glossary/",
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


@contextmanager
def running_chromium(chromium: str, port: int = 9339) -> Iterator[int]:
    """A headless Chromium with its DevTools port open (yields the port) until the block ends."""
    with tempfile.TemporaryDirectory() as profile:
        proc = subprocess.Popen(
            [
                chromium,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                f"--remote-debugging-port={port}",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(100):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=1):
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                raise RuntimeError(f"Chromium did not open port {port}")
            yield port
        finally:
            proc.terminate()
            proc.wait()


def audit(lighthouse: str, url: str, port: int) -> dict:
    """One Lighthouse run of ``url``: the category scores, CLS and bytes transferred."""
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
                f"--port={port}",
            ],
            check=True,
        )
        report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    return {
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
    with every run's performance score.

    >>> median_run([{"performance": 90}, {"performance": 97}, {"performance": 95}])
    {'performance': 95, 'runs': [90, 97, 95]}
    """
    middle = statistics.median_low(run["performance"] for run in runs)
    kept = next(run for run in runs if run["performance"] == middle)
    return {**kept, "runs": [run["performance"] for run in runs]}


HEADINGS = {
    "zh": ["页面", "性能（五次）", "无障碍 / 最佳实践 / SEO", "TBT", "CLS"],
    "en": ["page", "performance (5 runs)", "accessibility / best practices / SEO", "TBT", "CLS"],
}


def render(results: dict, lang: str) -> str:
    """The results as a Markdown table, headings in ``lang``: the scores, total blocking
    time and layout shift (the JSON has every metric; the bytes are in build_bench's table).

    >>> row = {
    ...     "performance": 97,
    ...     "runs": [96, 97, 99],
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
        cells = [
            page,
            f"{r['performance']} ({min(r['runs'])}-{max(r['runs'])})",
            " / ".join(str(r[name]) for name in CATEGORIES[1:]),
            f"{r['tbt_ms']} ms",
            f"{r['cls']}",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument(
        "--lighthouse",
        default=shutil.which("lighthouse") or str(ROOT / "node_modules/.bin/lighthouse"),
    )
    parser.add_argument("--chromium", default="/usr/bin/chromium")  # apt-get install chromium
    parser.add_argument("--runs", type=int, default=5, help="audits per page (median kept)")
    args = parser.parse_args()
    httpd, base = serve(args.site)
    results = {}
    with running_chromium(args.chromium) as port:
        try:
            audit(args.lighthouse, base + PAGES[1], port)  # not recorded: the browser warms up
            for page in PAGES:
                runs = [audit(args.lighthouse, base + page, port) for _ in range(args.runs)]
                results["/" + page] = result = median_run(runs)
                scores = " / ".join(str(result[name]) for name in CATEGORIES)
                print(
                    f"/{page:24} {scores}  (runs {result['runs']})  FCP {result['fcp_ms']} ms"
                    f"  LCP {result['lcp_ms']} ms  TBT {result['tbt_ms']} ms  CLS {result['cls']}"
                    f"  {result['transferred_kb']} KB"
                )
        finally:
            httpd.shutdown()
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "lighthouse.json"
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for lang in HEADINGS:
        (RESULTS / f"lighthouse.{lang}.md").write_text(render(results, lang), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)} and lighthouse.zh.md, lighthouse.en.md")


if __name__ == "__main__":
    main()
