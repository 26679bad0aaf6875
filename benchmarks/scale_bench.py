"""Memory and time of the four Nadaraya-Watson formulations as n_train = n_test grows.

Run it on an idle machine with ``.venv/bin/python benchmarks/scale_bench.py``
(``--quick`` for the sizes up to 5,000 only, ``--max-n N`` to stop earlier,
``--sizes 200 400`` for chosen sizes, ``--formulations sdpa`` for some forms only,
``--runs R`` for R >= 3 runs per cell).
Each run is a fresh Python process: it builds the seeded data, warms the function
up on a few points, resets the kernel's peak-RSS counter (``/proc/self/clear_refs``),
times one call and reads the peak resident set (``VmHWM``) minus the resident set
before the call. Each child uses one torch thread (``THREADS``). torch's CPU
allocations are invisible to ``tracemalloc``; the resident set sees them.

The timings are only worth keeping on a quiet machine: the script refuses to start,
and refuses to write, when the 1-minute load average exceeds the number of cores
(``--max-load`` changes that limit; it is printed). Every run is kept in the file,
with the load average at its start; the page shows the median of each cell
(``attention_tutorial.scaling.median_measurements``).

The tiled and broadcast forms are measured only while the machine has twice their
predicted peak free. Results go to ``attention_tutorial/results/scale.json`` (package
data: the wheel carries it and the page ``scale.md`` reads it through
``at.scale_measurements()``), written once at the end; ``--output`` writes elsewhere.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULT = ROOT / "attention_tutorial" / "results" / "scale.json"
MIN_RUNS = 3
SIZES = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000)
FULL_MATRIX_MAX_N = 20_000  # tiled and broadcast stop here (about 4.8 GB of scores)
TIMEOUT_S = 3600
# One thread: on a machine shared with other jobs, two OpenMP threads wait for each
# other at every operation (the chunked form makes thousands of small ones).
THREADS = 1


def _status_kb(field: str) -> int:
    """A memory field of /proc/self/status (VmRSS, VmHWM), in kB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"{field} not found in /proc/self/status")


def import_scaling():
    """``attention_tutorial.scaling`` and what it imports, without the package's ``__init__``.

    The ``__init__`` imports every module (the figures with matplotlib among them): a
    second of CPU time before a child can time one call, and ``tests/unit/test_scaling.py``
    starts eight children. No module of the package changes any setting when imported;
    the peak is measured from the resident set just before the call.
    """
    import importlib
    import importlib.util
    import types

    if "attention_tutorial" not in sys.modules:
        spec = importlib.util.find_spec("attention_tutorial")
        package = types.ModuleType("attention_tutorial")
        package.__spec__ = spec
        package.__path__ = list(spec.submodule_search_locations)
        sys.modules["attention_tutorial"] = package
    return importlib.import_module("attention_tutorial.scaling")


def measure(name: str, n: int, chunk_size: int) -> dict[str, object]:
    """Run one formulation once on n queries and n keys; return time and peak memory."""
    import torch

    scaling = import_scaling()

    torch.set_num_threads(THREADS)
    generator = torch.Generator().manual_seed(0)
    x_train, _ = torch.sort(torch.rand(n, generator=generator) * 5)  # (n,)
    noise = torch.normal(0.0, 0.5, (n,), generator=generator)  # (n,)
    y_train = 2 * torch.sin(x_train) + x_train**0.8 + noise  # (n,)
    x_test = torch.rand(n, generator=generator) * 5  # (n,)
    kwargs = {"chunk_size": chunk_size} if name == "chunked" else {}
    function = scaling.formulation(name)
    function(x_test[:64], x_train[:64], y_train[:64], **kwargs)  # warm-up: load the kernels
    rss_before = _status_kb("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")  # reset VmHWM to the current RSS
    start = time.perf_counter()
    y_hat = function(x_test, x_train, y_train, **kwargs)  # (n,)
    seconds = time.perf_counter() - start
    peak_kb = _status_kb("VmHWM") - rss_before
    assert y_hat.shape == (n,) and bool(torch.isfinite(y_hat).all())
    return {
        "formulation": name,
        "n": n,
        "seconds": round(seconds, 4),
        "peak_bytes": peak_kb * 1024,
        "predicted_bytes": scaling.peak_intermediate_bytes(name, n, n, chunk_size=chunk_size),
        "chunk_size": chunk_size if name == "chunked" else None,
    }


def run_child(name: str, n: int, chunk_size: int) -> dict[str, object]:
    """Measure in a fresh interpreter, so that no earlier allocation hides the peak."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", name, str(n), "--chunk-size", str(chunk_size)],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT_S,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def available_bytes() -> int:
    """MemAvailable of the machine, in bytes."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    return 0


def machine() -> dict[str, object]:
    """What the timings depend on: CPU, cores, memory, versions, load."""
    import torch

    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.machine(),
    )
    total = int(Path("/proc/meminfo").read_text().split()[1]) * 1024
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": round(total / 1e9),
        "torch": torch.__version__.split("+")[0],
        "torch_threads": THREADS,
        "python": platform.python_version(),
        "system": platform.platform(),
    }


def load_average() -> float:
    """The 1-minute load average, rounded to 0.01."""
    return round(os.getloadavg()[0], 2)


def refuse(load: float, max_load: float, when: str) -> None:
    """Stop without writing anything: the machine is too busy for timings worth keeping."""
    print(
        f"refusing to {when}: the 1-minute load average is {load:.2f}, above {max_load:g} "
        f"(the number of cores is {os.cpu_count()}); run again on an idle machine",
        file=sys.stderr,
    )
    sys.exit(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", nargs=2, metavar=("FORMULATION", "N"))
    parser.add_argument("--chunk-size", type=int, default=1024)
    parser.add_argument("--quick", action="store_true", help="sizes up to 5,000 only")
    parser.add_argument("--max-n", type=int, default=SIZES[-1])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), metavar="N")
    parser.add_argument("--runs", type=int, default=MIN_RUNS, help=f"runs per cell, >= {MIN_RUNS}")
    parser.add_argument("--output", type=Path, default=RESULT)
    parser.add_argument("--formulations", nargs="+", metavar="NAME", help="default: all four")
    parser.add_argument(
        "--max-load",
        type=float,
        default=float(os.cpu_count() or 1),
        help="refuse above this 1-minute load average (default: the number of cores)",
    )
    args = parser.parse_args()
    if args.child:
        name, n = args.child
        print(json.dumps(measure(name, int(n), args.chunk_size)))
        return
    if args.runs < MIN_RUNS:
        parser.error(f"--runs must be at least {MIN_RUNS}, got {args.runs}")

    start_load = load_average()
    print(
        f"load average {start_load:.2f} (1 minute), {os.cpu_count()} cores, limit {args.max_load:g}"
    )
    if start_load > args.max_load:
        refuse(start_load, args.max_load, "start")
    scaling = import_scaling()  # after the refusal, which needs none of it
    max_n = min(args.max_n, 5_000 if args.quick else SIZES[-1])
    cells: list[dict[str, object]] = []
    skipped: list[dict[str, object]] = []
    loads = [start_load]
    started = time.perf_counter()
    for n in sorted(n for n in args.sizes if n <= max_n):
        for name in args.formulations or scaling.FORMULATIONS:
            full = name in ("tiled", "broadcast")
            if full and n > FULL_MATRIX_MAX_N:
                continue
            need = scaling.peak_intermediate_bytes(name, n, n, chunk_size=args.chunk_size)
            if full and 2 * need > available_bytes():
                skipped.append({"formulation": name, "n": n, "reason": "memory"})
                continue
            runs = []
            for _ in range(args.runs):
                loads.append(load_average())
                row = run_child(name, n, args.chunk_size)
                runs.append(
                    {
                        "seconds": row["seconds"],
                        "peak_bytes": row["peak_bytes"],
                        "load_average": loads[-1],
                    }
                )
            cell = {
                "formulation": name,
                "n": n,
                "chunk_size": row["chunk_size"],
                "predicted_bytes": row["predicted_bytes"],
                "runs": runs,
            }
            cells.append(cell)
            (median,) = scaling.median_measurements(
                {"format": scaling.RESULTS_FORMAT, "measurements": [cell]}
            )
            print(
                f"{name:>9} n={n:>7,}  median of {len(runs)}: {median['seconds']:9.3f} s  "
                f"peak {median['peak_bytes'] / 1e6:10.1f} MB  "
                f"predicted {cell['predicted_bytes'] / 1e6:10.1f} MB  "
                f"(load {min(loads[-len(runs) :]):.2f}-{max(loads[-len(runs) :]):.2f})",
                flush=True,
            )
    loads.append(load_average())
    if max(loads) > args.max_load:
        refuse(max(loads), args.max_load, f"write {args.output}")
    machine_info = machine()
    machine_info.update(
        load_average_at_start=start_load,
        load_average_max=max(loads),
        load_average_at_end=loads[-1],
        runs_per_cell=args.runs,
        minutes=round((time.perf_counter() - started) / 60, 1),
    )
    result = {
        "format": scaling.RESULTS_FORMAT,
        "machine": machine_info,
        "measurements": cells,
        "skipped": skipped,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(
        f"wrote {args.output} ({len(cells)} cells, {args.runs} runs each, "
        f"load at most {max(loads):.2f})"
    )


if __name__ == "__main__":
    main()
