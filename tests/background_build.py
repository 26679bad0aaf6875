"""Run site builds one after the other in the background, for the tests (``tests/conftest.py``).

Reads from stdin ``{"folder", "owner", "steps": [{"name", "cmd", "env", "nice"}]}``;
writes each build's output to ``<folder>/<name>/log.txt`` and, when it is done,
``<folder>/<name>/result.json`` (return code, seconds). Stops the build when the
test run that asked for it (process ``owner``) is gone, or after ``TIMEOUT`` seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# A hung build fails (pytest's per-test timeout does not cover the fixtures that wait).
TIMEOUT = 1800


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def run(step: dict, out: Path, owner: int) -> int:
    """Run one build in its own process group; kill the group if the test run ends first."""
    with open(out / "log.txt", "w") as log:
        proc = subprocess.Popen(
            step["cmd"],
            env=step["env"],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=lambda: os.nice(step["nice"]),
        )
        deadline = time.monotonic() + TIMEOUT
        try:
            while proc.poll() is None:
                if not alive(owner):
                    break
                if time.monotonic() > deadline:
                    log.write(f"\nbackground_build.py: stopped after {TIMEOUT} s\n")
                    break
                time.sleep(0.5)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    return proc.returncode


def main() -> None:
    spec = json.load(sys.stdin)
    folder = Path(spec["folder"])
    for step in spec["steps"]:
        out = folder / step["name"]
        start = time.perf_counter()
        returncode = run(step, out, spec["owner"])
        if not alive(spec["owner"]):
            return
        result = {"returncode": returncode, "seconds": time.perf_counter() - start}
        (out / "result.tmp").write_text(json.dumps(result))
        (out / "result.tmp").replace(out / "result.json")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the test run was interrupted: the build is already stopped
        pass
