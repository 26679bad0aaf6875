"""Tests of benchmarks/lighthouse_bench.py's idle check: it measures the work of *other*
processes, not the load average that its own audits raise."""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location(
    "lighthouse_bench", ROOT / "benchmarks" / "lighthouse_bench.py"
)
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

BUSY = "import time\nend = time.monotonic() + {s}\nwhile time.monotonic() < end: pass\n"
# a loop that stops after {s} seconds of its own CPU time, however long a loaded machine makes it
BURN = "import time\nwhile time.process_time() < {s}: pass\n"
# How much CPU time a burning loop spends: the tests assert that at least 70 % of it is seen.
# Half a second is 50 clock ticks, and the counts they compare are a process tree's own
# times (exact to a tick), not samples: a whole second proved no more and cost twice as much.
BURN_S = 0.5


def fake_proc(tmp_path: Path, processes: dict[int, tuple[int, int, int]], name="x") -> Path:
    """A /proc with a stat line per process: pid -> (ppid, utime + stime, cutime + cstime)."""
    (tmp_path / "stat").write_text("cpu  100 5 30 9000 40 1 2 3 7 0\ncpu0 1 2 3 4 5 6 7 8 9 0\n")
    for pid, (ppid, own, reaped) in processes.items():
        (tmp_path / str(pid)).mkdir()
        fields = ["S", ppid, *[0] * 9, own, 0, reaped, 0] + [0] * 30
        (tmp_path / str(pid) / "stat").write_text(
            f"{pid} ({name}) " + " ".join(map(str, fields)) + "\n"
        )
    (tmp_path / "self").mkdir()  # not a process number: skipped
    return tmp_path


def test_docstring_examples():
    assert doctest.testmod(bench, optionflags=doctest.ELLIPSIS).failed == 0


def test_machine_busy_counts_work_not_idle_or_io_wait(tmp_path):
    proc = fake_proc(tmp_path, {})
    # user 100 + nice 5 + system 30 + irq 1 + softirq 2 + steal 3; not idle 9000, iowait 40
    assert bench.machine_busy(proc) == 141


@pytest.mark.parametrize("name", ["lighthouse", "Chrome_ChildIOT", "a) (b 7 8"])
def test_own_busy_is_the_tree_of_root_with_reaped_children(tmp_path, name):
    proc = fake_proc(
        tmp_path,
        {
            1: (0, 5, 900),  # init: reaps orphans, not ours
            100: (1, 10, 1000),  # the benchmark, with the audits it has reaped
            101: (100, 20, 300),  # Lighthouse, with the Chromium processes it reaped
            102: (101, 40, 0),  # a live Chromium
            200: (1, 7000, 0),  # another helper's build
            201: (200, 3000, 50),
        },
        name=name,
    )
    assert bench.own_busy(100, proc) == 10 + 1000 + 20 + 300 + 40
    assert bench.own_busy(101, proc) == 20 + 300 + 40
    assert bench.own_busy(200, proc) == 7000 + 3000 + 50
    assert bench.own_busy(999, proc) == 0  # gone


def test_wait_quiet_waits_for_quiet_within_a_bound():
    clock = iter(range(0, 1000, 3)).__next__
    readings = iter([1.5, 1.2, 0.1, 0.0])
    assert bench.wait_quiet(lambda: next(readings), 0.2, 60, clock=clock) == (0.1, 9)
    clock = iter(range(0, 1000, 3)).__next__
    assert bench.wait_quiet(lambda: 0.9, 0.2, 10, clock=clock) == (0.9, 12)
    clock = iter(range(0, 1000, 3)).__next__
    assert bench.wait_quiet(lambda: 0.9, 0.2, 0, clock=clock) == (0.9, 3)  # --dry-run


def test_refusal_names_before_and_during():
    quiet = {"other_cores_before": 0.02, "other_cores_during": 0.05}
    assert bench.refusal([quiet] * 5, 0.2) is None
    busy = {"other_cores_before": 0.02, "other_cores_during": 0.8}
    assert "0.8 cores during" in bench.refusal([quiet, busy], 0.2)
    late = {"other_cores_before": 1.1, "other_cores_during": 0.0}
    assert "1.1 cores before" in bench.refusal([late, quiet], 0.2)


def test_own_audits_are_not_other_work_and_outside_work_is():
    """Measured at once over the same second or so, from two roots: this process,
    whose child runs a busy loop in a grandchild that it reaps (as Lighthouse reaps
    Chromium), and an unrelated sleeping process, for which all of it is other work.
    Whatever else the machine does counts the same for both, so the difference is the
    busy loop: the benchmark does not count its own audits, and does count real work."""
    stranger = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        began = time.monotonic()
        ours = bench.OtherWork().start()
        theirs = bench.OtherWork(root=stranger.pid).start()
        code = (
            "import subprocess, sys\n"
            f"subprocess.run([sys.executable, '-c', {BURN.format(s=BURN_S)!r}], check=True)\n"
            "import time; time.sleep(0.3)\n"
        )
        subprocess.run([sys.executable, "-c", code], check=True)
        time.sleep(0.2)
        mine, everyone = ours.stop(), theirs.stop()
        elapsed = time.monotonic() - began
    finally:
        stranger.kill()
        stranger.wait()
    # the loop burnt BURN_S s of CPU whatever else the machine did (the suite runs in parallel):
    # averaged over the window, BURN_S/elapsed cores, which only the stranger's view counts
    assert everyone - mine >= 0.7 * BURN_S / elapsed, (mine, everyone, elapsed)
    assert mine <= everyone


def test_a_busy_stranger_is_seen_by_other_busy():
    """A busy loop outside the benchmark's tree is other work (the check still refuses
    under real outside load)."""
    me = os.getpid()
    loop = subprocess.Popen([sys.executable, "-c", BUSY.format(s=3)])
    try:
        time.sleep(0.3)
        # the loop is this test's child: measure from a root it does not descend from
        outside = bench.other_busy(0.5, root=me + 10_000_000)  # 2 cores x 50 clock ticks
    finally:
        loop.kill()
        loop.wait()
    assert outside >= 0.3


def test_orphans_of_an_audit_are_its_own_work():
    """Chromium's renderers outlive the browser process when Lighthouse closes it: an
    orphan that burns CPU must count as the benchmark's own work, not as other work
    (without the subreaper it went to init and every run was refused). In a new
    process, as the benchmark runs: a child starts a busy grandchild and exits at once.
    Measured, as above, from the benchmark's root and from an unrelated sleeping
    process's: whatever else the machine does counts the same for both."""
    code = (
        "import subprocess, sys, time\n"
        "sys.path.insert(0, 'benchmarks')\n"
        "import lighthouse_bench as bench\n"
        "assert bench.become_subreaper()\n"
        "stranger = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])\n"
        "began = time.monotonic()\n"
        "ours, theirs = bench.OtherWork().start(), bench.OtherWork(root=stranger.pid).start()\n"
        f"burn = {BURN.format(s=BURN_S)!r}\n"
        "orphaning = 'import subprocess, sys; '\n"
        "orphaning += f'subprocess.Popen([sys.executable, \"-c\", {burn!r}])'\n"
        "subprocess.run([sys.executable, '-c', orphaning], check=True)\n"
        "while bench.reap_orphans() == 0 and time.monotonic() - began < 20:\n"
        "    time.sleep(0.1)\n"
        "mine, everyone = ours.stop(), theirs.stop()\n"
        "stranger.kill()\n"
        "print(mine, everyone, time.monotonic() - began)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    mine, everyone, elapsed = map(float, out.stdout.split())
    # the orphan burnt BURN_S s of CPU: only the stranger's view counts it as other work
    assert everyone - mine >= 0.7 * BURN_S / elapsed, out.stdout
