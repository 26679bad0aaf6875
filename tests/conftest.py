"""Builds of the site shared by the site and browser tests, made in the background.

Two builds, each at most once per run (also under pytest-xdist: the first
worker starts them under a file lock, every worker waits for the same result):

* ``site``: a strict build of both languages from the project's cache, in
  ``.cache`` (cold in CI or in a fresh clone);
* ``offline_site``: the ``file://`` variant, built right after ``site`` from
  the cache ``site`` has just filled, so its notebooks are not executed again.

(Whether executing again reproduces the cache: ``tests/site/test_reproducible.py``.)

The builds a run needs (the fixtures its selected tests use) start when its first
test starts, in background processes; the tests that need no build run meanwhile,
and tests are ordered so that those that need a build come after them, the ones
that need the later build last. ``offline_site`` runs at a lower priority
(``nice``) than ``site``, which the most tests wait for.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The build's caches (mkdocs.yml: extra.sitebuild.cache_dir); the executed notebooks.
CACHE_DIR = Path(os.environ.get("ATTN_CACHE_DIR", ROOT / ".cache"))
NOTEBOOK_CACHE = CACHE_DIR / "notebooks"
TESTS = Path(__file__).resolve().parent
# Fixture name -> config and niceness; the chain runs in this order.
BUILDS = {
    "site": {"config": "mkdocs.yml", "nice": 0},
    "offline_site": {"config": "mkdocs.offline.yml", "nice": 10},
}
# Builds that share the project's cache run one after the other, in one process.
CHAINS = (("site", "offline_site"),)
OWNER_ENV = "ATTN_TEST_OWNER"
# The build runners this process started (kept, so that none is collected while it runs).
_RUNNERS: list[subprocess.Popen] = []


def build_command(
    site_dir: Path, *, cache_dir: Path | None = None, config: str = "mkdocs.yml"
) -> tuple[list[str], dict[str, str]]:
    """The ``mkdocs build --strict`` command (both languages) and its environment."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "JUPYTER_PLATFORM_DIRS": "1"}
    if cache_dir is not None:
        env["ATTN_CACHE_DIR"] = str(cache_dir)
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", config, "-d", str(site_dir)]
    return cmd, env


def run_build(
    site_dir: Path, *, cache_dir: Path | None = None, config: str = "mkdocs.yml"
) -> float:
    """Run ``mkdocs build --strict`` (both languages) into ``site_dir``; return seconds."""
    cmd, env = build_command(site_dir, cache_dir=cache_dir, config=config)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return seconds


# Every test phase of the run, as the controller receives it: [worker, test id, phase,
# start (seconds after the run started), seconds]. Written to ``timeline.json`` among
# the artifacts at the end of the run, with the background builds' times: where the
# run's time goes, by worker (``pytest_terminal_summary``).
TIMELINE: list[list] = []
RUN_START = time.time()
# The machine's busy cores over the run, sampled by the controller every CPU_PERIOD
# seconds: [seconds after the run started, busy cores since the last sample]. Which
# stretch of the run waits (cores idle) and which is short of cores (all busy): the
# timeline says what ran then.
CPU: list[list[float]] = []
CPU_PERIOD = 2.0


def cpu_times() -> tuple[float, float]:
    """The machine's CPU time (all cores) spent busy and in total, in clock ticks.

    >>> busy, total = cpu_times()
    >>> 0 <= busy <= total
    True
    """
    fields = [float(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields) - idle, sum(fields)


def busy_cores(
    before: tuple[float, float], after: tuple[float, float], cores: int | None = None
) -> float:
    """Busy cores between two ``cpu_times`` samples (``cores``: the machine's by default).

    >>> busy_cores((100.0, 400.0), (250.0, 600.0), cores=2)
    1.5
    """
    cores = cores or os.cpu_count() or 1
    total = after[1] - before[1]
    return round(cores * (after[0] - before[0]) / total, 2) if total > 0 else 0.0


def _sample_cpu() -> None:
    import threading

    def loop() -> None:
        last = cpu_times()
        while True:
            time.sleep(CPU_PERIOD)
            now = cpu_times()
            CPU.append([round(time.time() - RUN_START, 1), busy_cores(last, now)])
            last = now

    threading.Thread(target=loop, name="cpu-sampler", daemon=True).start()


def pytest_configure(config):
    # The controller's pid: background builds stop when it is gone (xdist workers inherit it).
    if not hasattr(config, "workerinput"):
        os.environ[OWNER_ENV] = str(os.getpid())
        if Path("/proc/stat").exists():
            _sample_cpu()


def pytest_runtest_logreport(report):
    """Record a test phase's worker, start and length (on the controller)."""
    node = getattr(report, "node", None)  # pytest-xdist: the worker that ran it
    worker = node.workerinput["workerid"] if node is not None else "main"
    start = getattr(report, "start", None)
    if start is not None:
        TIMELINE.append(
            [
                worker,
                report.nodeid,
                report.when,
                round(start - RUN_START, 2),
                round(report.duration, 2),
            ]
        )


def _stage(item) -> int:
    """0: needs no build; 1: needs ``site``; 2: ``offline_site``."""
    names = getattr(item, "fixturenames", ())
    return max((i + 1 for i, name in enumerate(BUILDS) if name in names), default=0)


def pytest_collection_modifyitems(session, config, items):
    """Tests without a build first (while the builds run), then in the order builds finish.

    Within each stage, the tests marked ``long`` (minutes each) come first, so that they
    run beside the short ones instead of alone on one process at the end of the run
    (a clean clone's run ended with ``test_out_of_tree`` running for minutes on one
    worker while the other had nothing left). Among the others that need no build, this
    folder's tests go first: the first of them starts the builds (``_start_builds``).
    """
    unmarked = [
        item.nodeid
        for item in items
        if _stage(item)
        and item.get_closest_marker("build") is None
        and item.get_closest_marker("browser") is None
    ]
    if unmarked:  # `-m "not build and not browser"` (the fast tests) would build the site
        raise pytest.UsageError(
            "tests that wait for a build must be marked build or browser: " + ", ".join(unmarked)
        )
    items.sort(
        key=lambda item: (
            _stage(item),
            item.get_closest_marker("long") is None,
            TESTS not in Path(item.path).parents,
        )
    )


def shared_dir(tmp_path_factory) -> Path:
    """A folder shared by every process of this run (the xdist workers' common parent)."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "builds"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def once_per_run(tmp_path_factory, name: str, make: Callable[[Path], dict]) -> tuple[Path, dict]:
    """Run ``make(folder)`` once per test run and return ``folder`` and its record.

    The first process to ask runs it (the others wait for it, under a file lock) in
    an empty ``folder`` shared by every process of the run; the record is the JSON-ready
    dictionary ``make`` returns. If ``make`` raises, nothing is recorded and the next
    process to ask runs it again.
    """
    import fcntl

    base = shared_dir(tmp_path_factory)
    folder, record = base / name, base / f"{name}.json"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not record.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a failed attempt left
            folder.mkdir()
            record.write_text(json.dumps(make(folder)))
    return folder, json.loads(record.read_text())


def _start(session, tmp_path_factory) -> Path:
    """Start the builds the selected tests need, unless another worker did; return their folder."""
    import fcntl

    folder = shared_dir(tmp_path_factory)
    needed = {
        name
        for item in session.items
        for name in BUILDS
        if name in getattr(item, "fixturenames", ())
    }
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for chain in CHAINS:
            steps = [n for n in chain if n in needed and not (folder / n / "started").exists()]
            if not steps:
                continue
            specs = []
            for name in steps:
                build = BUILDS[name]
                (folder / name).mkdir(exist_ok=True)
                (folder / name / "started").touch()
                cmd, env = build_command(folder / name / "site", config=build["config"])
                specs.append({"name": name, "cmd": cmd, "env": env, "nice": build["nice"]})
            owner = int(os.environ.get(OWNER_ENV, os.getpid()))
            runner = subprocess.Popen(
                [sys.executable, str(TESTS / "background_build.py")],
                stdin=subprocess.PIPE,
                cwd=ROOT,
                text=True,
            )
            runner.stdin.write(json.dumps({"folder": str(folder), "owner": owner, "steps": specs}))
            runner.stdin.close()
            _RUNNERS.append(runner)
            for name in steps:
                (folder / name / "runner.pid").write_text(str(runner.pid))
    return folder


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (an exited child not yet reaped does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _wait(folder: Path, name: str) -> Path:
    """The site of build ``name`` once it has finished; fail with its log if it failed."""
    result = folder / name / "result.json"
    runner = int((folder / name / "runner.pid").read_text())
    while not result.exists():
        if not _alive(runner) and not result.exists():
            pytest.fail(f"the background build {name} stopped without a result:\n{folder / name}")
        time.sleep(0.2)
    outcome = json.loads(result.read_text())
    if outcome["returncode"] != 0:
        log = (folder / name / "log.txt").read_text(errors="replace")
        pytest.fail(f"mkdocs build failed ({outcome['returncode']}):\n{log}")
    return folder / name / "site"


@pytest.fixture(scope="session", autouse=True)
def _start_builds(request, tmp_path_factory) -> Path:
    return _start(request.session, tmp_path_factory)


@pytest.fixture(scope="session")
def site(_start_builds) -> Path:
    """The built site: Chinese at the root, English under ``en/``."""
    return _wait(_start_builds, "site")


@pytest.fixture(scope="session")
def offline_site(_start_builds) -> Path:
    """The offline variant (``mkdocs.offline.yml``), to open from ``file://``."""
    return _wait(_start_builds, "offline_site")


def pytest_sessionfinish(session):
    """Stop builds no test waited for (a run ended by ``-x``); xdist workers leave theirs.

    Those stop by themselves once the controller is gone (``background_build.py``).
    """
    if hasattr(session.config, "workerinput"):
        for runner in _RUNNERS:
            runner.poll()  # reaps a finished runner (else: "subprocess still running")
        return
    for runner in _RUNNERS:
        if runner.poll() is None:
            runner.send_signal(signal.SIGINT)  # the runner kills its build, then exits
        runner.wait()


def timeline(folder: Path | None) -> dict:
    """The run's test phases and background builds, each with its start and length in seconds
    after the run started, and each worker's time in tests against the run's length.

    >>> t = timeline(None)
    >>> sorted(t)
    ['builds', 'cpu', 'seconds', 'tests', 'workers']
    """
    seconds = round(time.time() - RUN_START, 1)
    workers: dict[str, float] = {}
    for worker, _test, _phase, _start, length in TIMELINE:
        workers[worker] = round(workers.get(worker, 0.0) + length, 1)
    builds = {}
    for name in BUILDS if folder is not None else ():
        started, result = folder / name / "started", folder / name / "result.json"
        if started.exists() and result.exists():
            builds[name] = {
                "start": round(started.stat().st_mtime - RUN_START, 1),
                "seconds": round(json.loads(result.read_text())["seconds"], 1),
            }
    return {
        "seconds": seconds,
        "workers": workers,
        "builds": builds,
        "cpu": CPU,
        "tests": TIMELINE,
    }


def pytest_terminal_summary(terminalreporter, config):
    """Where the browser screenshots are, how long the background builds took, and the
    run's timeline (``timeline.json`` among the artifacts)."""
    if hasattr(config, "workerinput"):
        return
    shots = Path(os.environ.get("ATTN_ARTIFACTS", ROOT / "test-artifacts")) / "screenshots"
    if shots.is_dir() and any(shots.iterdir()):
        count = len(list(shots.glob("*.png")))
        terminalreporter.write_line(f"browser screenshots ({count}): {shots}")
    factory = getattr(config, "_tmp_path_factory", None)
    folder = factory.getbasetemp() / "builds" if factory is not None else None
    if TIMELINE:
        record = timeline(folder if folder is not None and folder.is_dir() else None)
        artifacts = Path(os.environ.get("ATTN_ARTIFACTS", ROOT / "test-artifacts"))
        artifacts.mkdir(parents=True, exist_ok=True)
        (artifacts / "timeline.json").write_text(json.dumps(record))
        busy = ", ".join(f"{w} {s:.0f} s" for w, s in sorted(record["workers"].items()))
        terminalreporter.write_line(
            f"time in tests by worker, of {record['seconds']:.0f} s: {busy} "
            f"(timeline: {artifacts / 'timeline.json'})"
        )
        if CPU:
            cores = [c for _, c in CPU]
            terminalreporter.write_line(
                f"busy cores of {os.cpu_count()}: {sum(cores) / len(cores):.2f} on average, "
                f"CPU time {sum(cores) * CPU_PERIOD:.0f} s"
            )
    if folder is None or not folder.is_dir():
        return
    times = [
        f"{name} {json.loads((folder / name / 'result.json').read_text())['seconds']:.0f} s"
        for name in BUILDS
        if (folder / name / "result.json").exists()
    ]
    if times:
        terminalreporter.write_line("background builds: " + ", ".join(times))
