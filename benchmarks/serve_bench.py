"""The writer's loop: how soon ``make serve`` answers, and how soon an edit is served.

Run it on an idle machine, with warm caches (after a ``make build`` or a ``make serve``)::

    .venv/bin/python benchmarks/serve_bench.py --record

Each run starts ``make serve`` on a free port and measures, in seconds:

1. ``answer``: from the command's start until ``/`` answers;
2. ``zh_prose``: a word added to a Markdown cell of ``docs/zh/average.py``, until the
   served ``/average/`` shows it, as a writer's second edit: the first edit of a clean
   work tree (``zh_prose_first``) also changes every page's footer to "uncommitted"
   (``tools/sitebuild/stamp.py``), in both languages (the fast path patches it into
   every page: ``tools/sitebuild/fastpath.py``);
3. ``en_prose``: the same in ``docs/en/average.py``, until ``/en/average/`` shows it
   (and ``en_prose_first``: the Chinese page was put back first, so the tree is clean
   again and the footers show the commit);
4. ``code``: a ``print`` added to a code cell of both ``average.py`` (as ``make
   sync-code`` leaves them), until both pages show what it printed: the page's
   notebook is executed again, once for both languages; ``code_run`` is how long
   its kernel ran, as the server's log says (the issue's bound: that plus 2 s).

After each edit the file is put back and the benchmark waits until the page no
longer shows the edit (not timed). The first run warms the caches of every state
the pages go through (edited pages, the footer's "uncommitted" stamp) and is
not counted; then ``--runs`` runs (5) are kept, every one, with the median. The
1-minute load average is read before and after each run; with ``--record`` the
results are written to ``benchmarks/results/serve.json`` (and the tables
``serve.zh.md``, ``serve.en.md``) only if it never exceeded the number of cores:
a loaded machine measures the other work. Without ``--record`` it only prints.

The files edited are restored whatever happens (also on Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGE = "average.py"
FIGURES = (
    "answer",
    "zh_prose",
    "en_prose",
    "code",
    "code_run",
    "zh_prose_first",
    "en_prose_first",
)
# What the server logs of a code edit it served (tools/sitebuild/fastpath.py).
CODE_RUN = re.compile(r"changed in its code: executed again in ([0-9.]+) s")
TIMEOUT = 600  # seconds before an edit counts as never served
LABELS = {
    "zh": {
        "answer": "`make serve` 开始响应",
        "zh_prose": "修改 `docs/zh/average.py` 的文字，直到 `/average/` 显示",
        "en_prose": "修改 `docs/en/average.py` 的文字，直到 `/en/average/` 显示",
        "code": "修改代码单元（两种语言），直到两页都显示新输出",
        "code_run": "其中这一页的笔记本在内核里运行的时间（服务器日志）",
        "zh_prose_first": "修改 `docs/zh/average.py` 的文字，作为干净工作区的第一次修改"
        "（每页页脚变为“未提交的修改”）",
        "en_prose_first": "修改 `docs/en/average.py` 的文字，作为干净工作区的第一次修改",
        "head": "| | 中位数（秒） | 每次运行（秒） |\n|---|---|---|",
    },
    "en": {
        "answer": "`make serve` answers",
        "zh_prose": "a prose edit to `docs/zh/average.py`, until `/average/` shows it",
        "en_prose": "a prose edit to `docs/en/average.py`, until `/en/average/` shows it",
        "code": "a code-cell edit (both languages), until both pages show the new output",
        "code_run": "of which the page's notebook ran in its kernel (the server's log)",
        "zh_prose_first": "a prose edit to `docs/zh/average.py`, as the first edit of a clean "
        "work tree (every footer changes to uncommitted)",
        "en_prose_first": "a prose edit to `docs/en/average.py`, as the first edit of a clean "
        "work tree",
        "head": "| | median (s) | every run (s) |\n|---|---|---|",
    },
}


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0))


def load() -> float:
    """The 1-minute load average."""
    return os.getloadavg()[0]


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> str | None:
    """The body of ``url``, or None while the server does not answer."""
    try:  # the server holds a request while it builds: ask again after a while
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError):
        return None


def wait_for(url: str, marker: str, start: float, *, shown: bool = True) -> float:
    """Seconds from ``start`` until the body of ``url`` shows ``marker`` (or no longer does)."""
    while time.perf_counter() - start < TIMEOUT:
        body = fetch(url)
        if body is not None and (marker in body) is shown:
            return time.perf_counter() - start
        time.sleep(0.05)
    raise TimeoutError(f"{url} did not change within {TIMEOUT} s")


def prose_edit(text: str, marker: str) -> str:
    """``text`` (a jupytext page) with ``marker`` in its first paragraph."""
    cell = re.search(r"# %% \[markdown\]\n(?:#[^\n]*\n)*", text)
    # a line of a paragraph, not a heading: the edit changes no title or anchor
    match = cell and re.compile(r"^# (?![#%])\S[^\n]*", re.M).search(text, cell.start(), cell.end())
    if not match:
        raise ValueError("the page's first Markdown cell has no paragraph")
    return text[: match.end()] + f" {marker}" + text[match.end() :]


def code_edit(text: str, marker: str) -> str:
    """``text`` with ``print('<marker>')`` at the end of its first code cell."""
    match = re.search(r"\n# %%\n(?:(?!# %%).*\n)*", text)
    if match is None:
        raise ValueError("the page has no code cell")
    end = match.end()
    return text[:end].rstrip("\n") + f"\nprint({marker!r})\n\n" + text[end:].lstrip("\n")


class Server:
    """``make serve`` on ``port``, in its own process group."""

    def __init__(self, port: int) -> None:
        """Start the command; :meth:`stop` ends it."""
        self.base = f"http://127.0.0.1:{port}"
        # outside the work tree: an untracked file would change every page's build stamp
        self.log = tempfile.NamedTemporaryFile("w", prefix="serve-bench-", delete=False)
        self.proc = subprocess.Popen(
            ["make", "serve", f"SERVE_ADDR=127.0.0.1:{port}"],
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def stop(self) -> None:
        """End the server and everything it started."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()
        Path(self.log.name).unlink(missing_ok=True)


def one_run(files: dict[str, Path], originals: dict[str, str], port: int) -> dict[str, float]:
    """The four figures of one run (the edited files are restored before it returns)."""
    start = time.perf_counter()
    server = Server(port)
    times: dict[str, float] = {}
    try:
        times["answer"] = wait_for(server.base + "/", "</html>", start)
        for lang, url in (("zh", "/average/"), ("en", "/en/average/")):
            # the first edit of a clean work tree changes every page's footer ("uncommitted",
            # stamp.py); the edits a writer makes after it change one page
            for figure in (f"{lang}_prose_first", f"{lang}_prose"):
                marker = f"bench{uuid.uuid4().hex[:12]}"
                start = time.perf_counter()
                files[lang].write_text(prose_edit(originals[lang], marker), encoding="utf-8")
                times[figure] = wait_for(server.base + url, marker, start)
            files[lang].write_text(originals[lang], encoding="utf-8")
            wait_for(server.base + url, marker, time.perf_counter(), shown=False)
        marker = f"bench{uuid.uuid4().hex[:12]}"
        start = time.perf_counter()
        for lang in ("zh", "en"):
            files[lang].write_text(code_edit(originals[lang], marker), encoding="utf-8")
        wait_for(server.base + "/average/", marker, start)
        times["code"] = wait_for(server.base + "/en/average/", marker, start)
        runs = CODE_RUN.findall(Path(server.log.name).read_text("utf-8", errors="replace"))
        if not runs:  # the edit was not served by running the page alone: say so, not 0
            raise RuntimeError("the code edit was served by a full build (see its log line)")
        times["code_run"] = float(runs[-1])
        for lang in ("zh", "en"):
            files[lang].write_text(originals[lang], encoding="utf-8")
        for url in ("/average/", "/en/average/"):
            wait_for(server.base + url, marker, time.perf_counter(), shown=False)
    finally:
        for lang, path in files.items():
            path.write_text(originals[lang], encoding="utf-8")
        server.stop()
    return times


def table(results: dict, lang: str) -> str:
    """The Markdown table of the results, in ``lang``."""
    words = LABELS[lang]
    rows = [words["head"]]
    for name in FIGURES:
        runs = results["runs"][name]
        every = ", ".join(f"{t:.1f}" for t in runs)
        rows.append(f"| {words[name]} | {results['median'][name]:.1f} | {every} |")
    loads = results["load"]
    note = (
        f"{results['cores']} 核，1 分钟平均负载 {min(loads):.2f}–{max(loads):.2f}"
        if lang == "zh"
        else f"{results['cores']} cores, 1-minute load average {min(loads):.2f}-{max(loads):.2f}"
    )
    return "\n".join(rows) + f"\n\n{note}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--record", action="store_true", help="write benchmarks/results")
    args = parser.parse_args()
    if args.record and load() > cores():
        print(f"load average {load():.2f} > {cores()} cores: not recording; run it when idle")
        return 1
    files = {lang: ROOT / "docs" / lang / PAGE for lang in ("zh", "en")}
    originals = {lang: path.read_text(encoding="utf-8") for lang, path in files.items()}
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # restore files, then exit
    runs: dict[str, list[float]] = {name: [] for name in FIGURES}
    loads: list[float] = []
    try:
        # one port for every run: the served pages name it (canonical links), and a
        # writer's `make serve` always uses the same one, so its caches are warm
        port = free_port()
        print(f"warm-up run (not counted) on port {port} ...", flush=True)
        one_run(files, originals, port)
        for index in range(args.runs):
            loads.append(load())
            times = one_run(files, originals, port)
            loads.append(load())
            for name in FIGURES:
                runs[name].append(round(times[name], 2))
            shown = ", ".join(f"{name} {times[name]:.2f} s" for name in FIGURES)
            print(f"run {index + 1}: {shown} (load {loads[-2]:.2f} -> {loads[-1]:.2f})")
    finally:
        for lang, path in files.items():
            path.write_text(originals[lang], encoding="utf-8")
        signal.signal(signal.SIGTERM, previous)
    results = {
        "cores": cores(),
        "load": loads,
        "machine": f"{platform.system()} {platform.machine()}, Python {platform.python_version()}",
        "runs": runs,
        "median": {name: statistics.median(values) for name, values in runs.items()},
    }
    print(table(results, "en"))
    if not args.record:
        return 0
    if max(loads) > cores():
        print(f"load average reached {max(loads):.2f} > {cores()} cores: not recording")
        return 1
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "serve.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    for lang in ("zh", "en"):
        (RESULTS / f"serve.{lang}.md").write_text(table(results, lang), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
