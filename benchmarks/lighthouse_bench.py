"""Lighthouse (mobile preset) on the built site, served with gzip as a static host serves it.

Issue 11's pages: the home, a chapter notebook page, a handbook page and the glossary,
in each language. The site is served from 127.0.0.1 by a small server that compresses
text with gzip (level 6, like ``tools/sitebuild/pageweight.py``); Lighthouse drives
Debian's Chromium headless, with its default mobile preset (simulated slow 4G and a
slower CPU). Lighthouse is not a dependency of the project; install it next to it::

    npm install --no-save lighthouse@13.5.0
    .venv/bin/python benchmarks/lighthouse_bench.py --site site

It prints one line per page and writes ``benchmarks/results/lighthouse.json``: the
four category scores, cumulative layout shift, and the bytes Lighthouse saw
transferred. Scores vary a little from run to run (the simulation starts from
measured timings); the file keeps one run.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
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


def audit(lighthouse: str, url: str, chromium: str) -> dict:
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
                "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": chromium},
        )
        report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    return {
        **{name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
        "transferred_kb": round(audits["total-byte-weight"]["numericValue"] / 1024),
        "failed": sorted(
            f"{report['categories'][name]['title']}: {ref['id']}"
            for name in CATEGORIES
            for ref in report["categories"][name]["auditRefs"]
            if ref["weight"] > 0 and (audits[ref["id"]].get("score") or 1) < 1
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument(
        "--lighthouse",
        default=shutil.which("lighthouse") or str(ROOT / "node_modules/.bin/lighthouse"),
    )
    parser.add_argument("--chromium", default=os.environ.get("ATTN_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()
    httpd, base = serve(args.site)
    results = {}
    try:
        for page in PAGES:
            results["/" + page] = result = audit(args.lighthouse, base + page, args.chromium)
            scores = " / ".join(str(result[name]) for name in CATEGORIES)
            print(f"/{page:24} {scores}  CLS {result['cls']}  {result['transferred_kb']} KB")
    finally:
        httpd.shutdown()
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "lighthouse.json"
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
