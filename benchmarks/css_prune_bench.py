"""CSS pruning: the build's ``cssprune`` against PurgeCSS, on the notebook pages' stylesheet.

The input is the CSS mkdocs-jupyter inlines into every notebook page (about 590 KB,
taken from its cache), the content is the built site (every page and script), as the
build prunes it. PurgeCSS (npm, not a dependency of the project) is run with the
options that make it drop what ``cssprune`` drops (unused ``@font-face``,
``@keyframes`` and custom properties) and without them. It prints, per tool, the bytes
kept (raw and gzip) and the median time of ``--runs`` runs, every run listed, with the
load average; with ``--write`` it stores them in ``benchmarks/results/css_prune.json``,
refused on a busy machine (load average above ``--max-load``)::

    npm install --prefix /tmp/purgecss purgecss@7.0.2
    .venv/bin/python benchmarks/css_prune_bench.py --site site \\
        --purgecss /tmp/purgecss/node_modules/.bin/purgecss

Screenshots of the pages with each tool's stylesheet are not compared here.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.sitebuild import cssprune  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
PURGE_OPTIONS = {"purgecss": [], "purgecss --font-face --keyframes --variables": [
    "--font-face", "--keyframes", "--variables"]}  # fmt: skip


def notebook_css(cache: Path) -> str:
    """The CSS of the first cached notebook page, with mkdocs-jupyter's list literal unpacked.

    mkdocs-jupyter writes the Pygments rules as a Python list (``['pre { … }']``);
    browsers and ``cssprune`` skip it as one invalid rule, PurgeCSS's parser stops.
    """
    page = json.loads(sorted(cache.glob("mkdocs-jupyter/zh/*.json"))[0].read_text("utf-8"))
    css = "\n".join(re.findall(r"<style[^>]*>(.*?)</style>", page["content"], re.S))
    found = re.search(r"(\['.*?'\])\s*\n", css, re.S)
    if found:
        unpacked = "\n".join(ast.literal_eval(found.group(1)))
        css = css[: found.start(1)] + unpacked + css[found.end(1) :]
    return css


def sizes(css: str) -> dict:
    """Raw and gzip (level 6) bytes of ``css``."""
    data = css.encode()
    return {"bytes": len(data), "gzip_bytes": len(gzip.compress(data, 6, mtime=0))}


def run_cssprune(site: Path, css: str) -> tuple[str, float]:
    """``cssprune`` as the build runs it: read the site, collect the names, prune."""
    start = time.perf_counter()
    pages = [p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html"))]
    scripts = [p.read_text(encoding="utf-8") for p in sorted(site.glob("**/assets/**/*.js"))]
    used = cssprune.used_names(pages, extra_classes=cssprune.script_words(scripts))
    pruned = cssprune.prune(css, used)
    return pruned, time.perf_counter() - start


def run_purgecss(purgecss: str, site: Path, css: str, options: list[str]) -> tuple[str, float]:
    """PurgeCSS's CLI on the same CSS and content (node's start-up included)."""
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "notebook.css", Path(tmp) / "out"
        source.write_text(css, encoding="utf-8")
        out.mkdir()
        content = [f"{site}/**/*.html", f"{site}/**/*.js"]
        start = time.perf_counter()
        subprocess.run(
            [purgecss, "--css", str(source), "--content", *content, *options, "--output", str(out)],
            check=True,
            capture_output=True,
        )
        elapsed = time.perf_counter() - start
        return (out / "notebook.css").read_text(encoding="utf-8"), elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--cache", type=Path, default=ROOT / ".cache")
    parser.add_argument("--purgecss", default=str(ROOT / "node_modules/.bin/purgecss"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-load", type=float, default=0.5)
    parser.add_argument("--write", action="store_true", help="store the results (idle only)")
    args = parser.parse_args()
    if args.write and os.getloadavg()[0] > args.max_load:
        print(f"load average {os.getloadavg()[0]:.2f} > {args.max_load}: not measured")
        return 2
    css = notebook_css(args.cache)
    tools = {"cssprune": lambda: run_cssprune(args.site, css)}
    for name, options in PURGE_OPTIONS.items():
        tools[name] = lambda options=options: run_purgecss(args.purgecss, args.site, css, options)
    results = {"input": sizes(css), "tools": {}}
    for name, run in tools.items():
        runs = []
        for _ in range(args.runs):
            load = round(os.getloadavg()[0], 2)
            out, seconds = run()
            runs.append({"seconds": round(seconds, 2), "load": load})
        median = statistics.median(r["seconds"] for r in runs)
        results["tools"][name] = {**sizes(out), "median_seconds": median, "runs": runs}
        kept = results["tools"][name]
        print(
            f"{name:45} {kept['bytes']:>7} B ({kept['gzip_bytes']} B gzip) of "
            f"{results['input']['bytes']}; median {median:.2f} s; runs {runs}"
        )
    loads = [r["load"] for t in results["tools"].values() for r in t["runs"]]
    if not args.write:
        return 0
    if max(loads) > args.max_load:
        print(f"not written: the load rose to {max(loads)}")
        return 2
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "css_prune.json"
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
