"""Build speed, page weight and memory: our build against plain mkdocs-jupyter, in one run.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/build_bench.py``). It
copies the working tree into a temporary folder, so nothing in the repository
changes, and measures there:

1. a cold build of both languages with empty caches, ours against the same
   pages built by plain mkdocs-jupyter (``execute: true``, its own cache empty,
   none of our hooks), one language after the other;
2. our rebuild with nothing changed, after a prose-only edit of one page, and
   after an edit of the package, with the number of notebooks executed;
3. bytes per notebook page, ours against plain: the HTML alone, and its images
   (separate, cacheable files in ours; inlined into the HTML in plain);
4. the peak memory (resident set of the whole process tree) of each build;
5. what a first visit to each kind of page downloads (home, chapter notebook,
   handbook notebook, other Markdown page), raw and gzip, per language: the page,
   its stylesheets, scripts, eager images and the fonts its formulas need
   (``tools/sitebuild/pageweight.py``).

``--weights SITE`` measures only (5), on an already built site, and updates the
results and tables of the last full run.

It prints a table of ratios and writes ``benchmarks/results/benchmark.json`` and
the tables that the contributor pages include (``benchmark.zh.md``,
``benchmark.en.md``). Times are wall-clock seconds on the machine it runs on.
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
sys.path.insert(0, str(ROOT))

from tools.sitebuild import pageweight  # noqa: E402

KINDS = ("home", "chapter", "handbook", "markdown")


def page_kind(rel: str) -> str:
    """The kind of a built page (``parametric/index.html`` without the language prefix)."""
    if rel == "index.html":
        return "home"
    src = rel.removesuffix("index.html").rstrip("/")
    if (ROOT / "docs" / "zh" / f"{src}.py").exists():
        return "handbook" if src.startswith("handbook/") else "chapter"
    return "markdown"


def first_visits(site: Path) -> dict:
    """Per language and page kind: pages, mean and max of a first visit's raw and gzip bytes."""
    out: dict = {}
    for lang, prefix in (("zh", ""), ("en", "en/")):
        root = site / prefix if prefix else site
        by_kind: dict[str, list[tuple[int, int, str]]] = {k: [] for k in KINDS}
        for path in sorted(root.rglob("index.html")):
            rel = path.relative_to(root).as_posix()
            if lang == "zh" and rel.startswith("en/"):
                continue
            raw, packed = pageweight.total(pageweight.first_visit(site, prefix + rel))
            by_kind[page_kind(rel)].append((raw, packed, prefix + rel))
        out[lang] = {
            kind: {
                "pages": len(rows),
                "raw_mean": sum(r[0] for r in rows) / len(rows),
                "raw_max": max(r[0] for r in rows),
                "gzip_mean": sum(r[1] for r in rows) / len(rows),
                "gzip_max": max(r[1] for r in rows),
                "heaviest": max(rows, key=lambda r: r[1])[2],
            }
            for kind, rows in by_kind.items()
            if rows
        }
    return out


def copy_tree(dest: Path) -> None:
    """Copy the tracked and untracked (not ignored) files of the working tree.

    The npm packages (``npm ci``; KaTeX renders the formulas when the site is built)
    are ignored by git: the copy links to the installed ones.
    """
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_symlink():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.readlink(src), dest / rel)
        elif src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    if (ROOT / "node_modules").is_dir():
        os.symlink(ROOT / "node_modules", dest / "node_modules")


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Run ``cmd``; return (seconds, peak resident MB of its whole process tree)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    peak = 0.0
    done = threading.Event()

    def sample():
        nonlocal peak
        parent = psutil.Process(proc.pid)
        while not done.is_set():
            try:
                procs = [parent, *parent.children(recursive=True)]
                rss = sum(p.memory_info().rss for p in procs if p.is_running())
                peak = max(peak, rss / 2**20)
            except psutil.Error:
                pass
            time.sleep(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    output, _ = proc.communicate()
    done.set()
    sampler.join()
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{output.decode(errors='replace')[-4000:]}")
    return seconds, peak


PLAIN_CONFIG = """INHERIT: {parent}
site_dir: {site}
strict: false
hooks: []
plugins:
  mkdocs-jupyter:
    execute: true
    allow_errors: false
    cache_dir: {cache}
"""


def notebook_pages(work: Path) -> list[str]:
    return sorted(
        p.relative_to(work / "docs" / "zh").with_suffix("").as_posix()
        for p in (work / "docs" / "zh").rglob("*.py")
    )


def page_bytes(site: Path, rel: str) -> tuple[int, int]:
    """(HTML bytes, bytes of its images: inlined ones, or the files it loads) of a page."""
    page = site / rel / "index.html"
    text = page.read_text(encoding="utf-8")
    images = sum(len(m) for m in re.findall(r"data:image/[^\"')]+", text))
    images += sum(len(m) for m in re.findall(r"<svg\b.*?</svg>", text, re.S))
    for src in re.findall(r'<img[^>]+src="([^"]+\.(?:png|svg))"', text):
        images += (page.parent / src).resolve().stat().st_size
    return len(text.encode()), images


def main() -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "JUPYTER_PLATFORM_DIRS": "1"}
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "-q"]
    with tempfile.TemporaryDirectory(prefix="attn-bench-") as tmp:
        tmp = Path(tmp)
        work = tmp / "work"
        copy_tree(work)
        for lang in ("zh", "en"):  # the contributor pages include the results of a previous run
            table = work / "benchmarks" / "results" / f"benchmark.{lang}.md"
            if not table.exists():
                table.parent.mkdir(parents=True, exist_ok=True)
                table.write_text("(no results yet)\n", encoding="utf-8")
        ours_env = {**env, "ATTN_CACHE_DIR": str(tmp / "cache")}
        stats_file = tmp / "cache" / "stats-zh-en.json"

        def ours(label: str) -> dict:
            seconds, peak = run([*mkdocs, "--strict", "-d", str(tmp / "ours")], work, ours_env)
            stats = json.loads(stats_file.read_text())
            print(f"  ours {label}: {seconds:.1f} s, {stats['executed']} notebook(s) executed")
            return {
                "seconds": seconds,
                "peak_mb": peak,
                "executed": stats["executed"],
                "notebooks": stats["notebooks"],
                "unique": stats["unique"],
            }

        print("measuring (this takes a few minutes)...")
        cold = ours("cold")
        unchanged = ours("unchanged")
        page = work / "docs" / "zh" / "nonparametric.py"
        page.write_text(
            page.read_text(encoding="utf-8").replace(
                "# # 非参数注意力汇聚", "# # 非参数注意力汇聚\n#\n# 一句新加的话。", 1
            ),
            encoding="utf-8",
        )
        prose = ours("after a prose edit")
        data = work / "attention_tutorial" / "data.py"
        data.write_text(data.read_text(encoding="utf-8") + "\n# benchmark edit\n")
        package = ours("after a package edit")

        plain_seconds, plain_peak = 0.0, 0.0
        for lang, parent, site in (
            ("zh", "mkdocs.yml", "plain"),
            ("en", "mkdocs.en.yml", "plain/en"),
        ):
            config = work / f"plain-{lang}.yml"
            config.write_text(
                PLAIN_CONFIG.format(
                    parent=parent, site=tmp / site, cache=tmp / "plain-cache" / lang
                )
            )
            seconds, peak = run([*mkdocs, "-f", str(config)], work, env)
            print(f"  plain mkdocs-jupyter {lang}: {seconds:.1f} s")
            plain_seconds += seconds
            plain_peak = max(plain_peak, peak)

        pages = []
        for prefix in ("", "en/"):
            for rel in notebook_pages(work):
                ours_html, ours_img = page_bytes(tmp / "ours", prefix + rel)
                plain_html, plain_img = page_bytes(tmp / "plain", prefix + rel)
                pages.append(
                    {
                        "page": prefix + rel,
                        "ours_html": ours_html,
                        "ours_images": ours_img,
                        "plain_html": plain_html,
                        "plain_images": plain_img,
                    }
                )
        css = sorted((tmp / "ours" / "assets" / "stylesheets").glob("notebook.*.css"))
        css_bytes = sum(p.stat().st_size for p in css)
        visits = first_visits(tmp / "ours")

    results = {
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "memory_gb": round(psutil.virtual_memory().total / 2**30),
            "python": platform.python_version(),
            "system": platform.platform(terse=True),
        },
        "cold": cold,
        "unchanged": unchanged,
        "prose_edit": prose,
        "package_edit": package,
        "plain": {"seconds": plain_seconds, "peak_mb": plain_peak},
        "cold_ratio": cold["seconds"] / plain_seconds,
        "unchanged_ratio": unchanged["seconds"] / cold["seconds"],
        "shared_css_bytes": css_bytes,
        "pages": pages,
        "first_visit": visits,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "benchmark.json").write_text(json.dumps(results, indent=2) + "\n")
    for lang in ("zh", "en"):
        (RESULTS / f"benchmark.{lang}.md").write_text(render(results, lang), encoding="utf-8")
    print(render(results, "en"))


LABELS = {
    "zh": {
        "machine": "测量机器",
        "colon": "：",
        "what": "测量项",
        "ours": "本项目",
        "plain": "原版 mkdocs-jupyter",
        "ratio": "比值",
        "cold": "冷构建（两种语言，缓存为空）",
        "cold_short": "冷构建",
        "paren": "（{}）",
        "plain_short": "原版",
        "unchanged": "无改动时重新构建",
        "prose": "只改一页文字后重新构建",
        "package": "修改包代码后重新构建",
        "executed": "执行的笔记本",
        "peak": "构建峰值内存（MB）",
        "page": "页面",
        "html": "HTML 字节数",
        "images": "其中内嵌图片",
        "css": "共享的笔记本样式表（浏览器只下载一次）",
        "seconds": "秒",
        "visit": "首次访问下载量（缓存为空，读者滚动之前）",
        "lang": "语言",
        "kind": "页面类型",
        "count": "页数",
        "gzip": "gzip 传输（平均 / 最大）",
        "raw": "解压后（平均 / 最大）",
        "heaviest": "最重的一页",
        "home": "首页",
        "chapter": "章节笔记本页",
        "handbook": "手册笔记本页",
        "markdown": "其他 Markdown 页",
    },
    "en": {
        "machine": "Machine",
        "colon": ": ",
        "what": "Measure",
        "ours": "ours",
        "plain": "plain mkdocs-jupyter",
        "ratio": "ratio",
        "cold": "cold build (both languages, empty caches)",
        "cold_short": "cold build",
        "paren": " ({})",
        "plain_short": "plain",
        "unchanged": "rebuild, nothing changed",
        "prose": "rebuild after a prose-only edit of one page",
        "package": "rebuild after an edit of the package",
        "executed": "notebooks executed",
        "peak": "peak memory of the build (MB)",
        "page": "page",
        "html": "HTML bytes",
        "images": "image bytes",
        "css": "shared notebook stylesheet (downloaded once)",
        "seconds": "s",
        "visit": "First visit, empty cache, before the reader scrolls",
        "lang": "language",
        "kind": "page kind",
        "count": "pages",
        "gzip": "gzip transferred (mean / max)",
        "raw": "raw (mean / max)",
        "heaviest": "heaviest page",
        "home": "home",
        "chapter": "chapter notebook page",
        "handbook": "handbook notebook page",
        "markdown": "other Markdown page",
    },
}


def render(r: dict, lang: str) -> str:
    t = LABELS[lang]
    m = r["machine"]
    s = t["seconds"]
    lines = [
        f"{t['machine']}{t['colon']}{m['system']}, {m['cpu']}, {m['cores']} cores, "
        f"{m['memory_gb']} GB, Python {m['python']}",
        "",
        # the notebooks each build executed: a column of its own (as a row, its label named
        # all four builds and took nine lines of a phone's table)
        f"| {t['what']} | {t['ours']} | {t['plain']} | {t['ratio']} "
        f"| {t['executed']}{t['paren'].format(t['ours'] + ' / ' + t['plain_short'])} |",
        "|---|---:|---:|---:|---:|",
        f"| {t['cold']} | {r['cold']['seconds']:.1f} {s} | {r['plain']['seconds']:.1f} {s} "
        f"| {r['cold_ratio']:.2f} | {r['cold']['executed']} / {r['cold']['notebooks']} |",
        f"| {t['unchanged']} | {r['unchanged']['seconds']:.1f} {s} | "
        f"| {r['unchanged_ratio']:.2f} × {t['cold_short']} | {r['unchanged']['executed']} |",
        f"| {t['prose']} | {r['prose_edit']['seconds']:.1f} {s} | | "
        f"| {r['prose_edit']['executed']} |",
        f"| {t['package']} | {r['package_edit']['seconds']:.1f} {s} | | "
        f"| {r['package_edit']['executed']} |",
        f"| {t['peak']} | {r['cold']['peak_mb']:.0f} | {r['plain']['peak_mb']:.0f} | "
        f"{r['cold']['peak_mb'] / r['plain']['peak_mb']:.2f} | |",
        f"| {t['css']} | {r['shared_css_bytes']:,} | 0 | | |",
        "",
        f"| {t['page']} | {t['html']}{t['paren'].format(t['ours'])} "
        f"| {t['images']}{t['paren'].format(t['ours'])} "
        f"| {t['html']}{t['paren'].format(t['plain'])} | {t['ratio']} |",
        "|---|---:|---:|---:|---:|",
    ]
    for p in r["pages"]:
        lines.append(
            f"| `{p['page']}` | {p['ours_html']:,} | {p['ours_images']:,} | {p['plain_html']:,} | "
            f"{p['ours_html'] / p['plain_html']:.2f} |"
        )
    if "first_visit" in r:
        lines += [
            "",
            f"{t['visit']}:",
            "",
            f"| {t['lang']} | {t['kind']} | {t['count']} | {t['gzip']} | {t['raw']} "
            f"| {t['heaviest']} |",
            "|---|---|---:|---:|---:|---|",
        ]
        for lang, kinds in r["first_visit"].items():
            for kind, v in kinds.items():
                lines.append(
                    f"| {lang} | {t[kind]} | {v['pages']} | {v['gzip_mean'] / 1024:.0f} KB / "
                    f"{v['gzip_max'] / 1024:.0f} KB | {v['raw_mean'] / 1024:.0f} KB / "
                    f"{v['raw_max'] / 1024:.0f} KB | `{v['heaviest']}` |"
                )
    return "\n".join(lines) + "\n"


def weights_only(site: Path) -> None:
    """Measure first visits on a built site; update the last full run's results and tables."""
    results = json.loads((RESULTS / "benchmark.json").read_text())
    results["first_visit"] = first_visits(site)
    css = sorted((site / "assets" / "stylesheets").glob("notebook.*.css"))
    results["shared_css_bytes"] = sum(p.stat().st_size for p in css)
    (RESULTS / "benchmark.json").write_text(json.dumps(results, indent=2) + "\n")
    for lang in ("zh", "en"):
        (RESULTS / f"benchmark.{lang}.md").write_text(render(results, lang), encoding="utf-8")
    print(render(results, "en"))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--weights":
        weights_only(Path(sys.argv[2]))
    else:
        main()
