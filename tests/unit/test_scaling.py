"""Tests of attention_tutorial.scaling: the four formulations, byte counts, bounded memory."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from attention_tutorial import scaling

ROOT = Path(__file__).resolve().parents[2]
N_TEST, N_TRAIN = 37, 23  # different on purpose


def reference(queries, keys, values, h=1.0) -> np.ndarray:
    """Nadaraya-Watson in numpy float64, by the kernel ratio."""
    q, k, v = (np.asarray(t, dtype=np.float64) for t in (queries, keys, values))
    kernel = np.exp(-(((q[:, None] - k[None, :]) / h) ** 2) / 2)  # (n_test, n_train)
    return (kernel @ v) / kernel.sum(axis=1)


@pytest.fixture
def qkv():
    generator = torch.Generator().manual_seed(1)
    keys = torch.rand(N_TRAIN, generator=generator) * 5
    return torch.rand(N_TEST, generator=generator) * 5, keys, torch.sin(keys) + keys


@pytest.mark.parametrize("name", scaling.FORMULATIONS)
@pytest.mark.parametrize("h", [0.3, 1.0, 2.5])
def test_every_formulation_matches_numpy(qkv, name, h) -> None:
    y_hat = scaling.formulation(name)(*qkv, bandwidth=h)
    assert y_hat.shape == (N_TEST,) and y_hat.dtype == torch.float32
    np.testing.assert_allclose(y_hat.numpy(), reference(*qkv, h), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("chunk_size", [1, 2, 5, 23, 24, 1000])
def test_chunked_is_exact_for_any_block_size(qkv, chunk_size) -> None:
    y_hat = scaling.nadaraya_watson_chunked(*qkv, chunk_size=chunk_size)
    np.testing.assert_allclose(y_hat.numpy(), reference(*qkv), rtol=1e-5, atol=1e-5)


def test_chunked_survives_far_away_keys() -> None:
    """Scores of -1e4 underflow exp(); the running maximum keeps the result finite."""
    queries = torch.tensor([0.0, 300.0])
    keys = torch.tensor([150.0, 151.0, 299.0])
    values = torch.tensor([1.0, 2.0, 3.0])
    y_hat = scaling.nadaraya_watson_chunked(queries, keys, values, chunk_size=1)
    expected = scaling.formulation("tiled")(queries.double(), keys.double(), values.double())
    torch.testing.assert_close(y_hat.double(), expected)


def test_chunked_equals_the_reference_at_a_larger_size() -> None:
    generator = torch.Generator().manual_seed(2)
    keys = torch.sort(torch.rand(3000, generator=generator) * 5).values
    values = 2 * torch.sin(keys) + keys**0.8
    queries = torch.rand(2500, generator=generator) * 5
    y_hat = scaling.nadaraya_watson_chunked(queries, keys, values, chunk_size=512)
    expected = reference(queries, keys, values)
    assert np.abs(y_hat.numpy() - expected).max() < 1e-5  # float32 rounding


def test_sdpa_agrees_with_torch_sdpa_on_2d_inputs(qkv) -> None:
    queries, keys, values = qkv
    bias = (-(keys**2) / 2).reshape(1, -1)
    expected = torch.nn.functional.scaled_dot_product_attention(
        queries[:, None], keys[:, None], values[:, None], attn_mask=bias, scale=1.0
    )
    torch.testing.assert_close(scaling.nadaraya_watson_sdpa(queries, keys, values), expected[:, 0])


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"queries": torch.zeros(2, 2)}, ValueError, "queries must be a 1-D tensor of shape"),
        ({"values": torch.zeros(3)}, ValueError, "keys and values must have the same length"),
        ({"bandwidth": 0.0}, ValueError, "bandwidth must be a positive finite number"),
        ({"chunk_size": 0}, ValueError, "chunk_size must be an int >= 1"),
        ({"chunk_size": 2.0}, TypeError, "chunk_size must be an int"),
        ({"keys": torch.tensor([1.0, float("nan")])}, ValueError, "keys contains NaN"),
    ],
)
def test_chunked_rejects_bad_input(kwargs, error, message) -> None:
    args = {"queries": torch.zeros(2), "keys": torch.zeros(2), "values": torch.zeros(2)}
    with pytest.raises(error, match=message):
        scaling.nadaraya_watson_chunked(**{**args, **kwargs})


def test_unknown_formulation_is_named() -> None:
    with pytest.raises(ValueError, match="name must be one of tiled, broadcast, chunked, sdpa"):
        scaling.formulation("loop")


@pytest.mark.parametrize("name", [["tiled"], None, 1])
def test_a_name_that_is_not_a_str_is_a_type_error(name) -> None:
    """Not "unhashable type: 'list'" from the dict lookup (r57-b slip 11)."""
    with pytest.raises(TypeError, match="name must be a str, got"):
        scaling.formulation(name)
    with pytest.raises(TypeError, match="name must be a str, got"):
        scaling.peak_intermediates(name, 2, 2)


def test_byte_counts_follow_the_tensors_of_the_code() -> None:
    """The tiled form's named tensors, made by hand, have exactly the counted bytes."""
    n_test, n_train = 6, 4
    queries_tiled = torch.zeros(n_test).repeat_interleave(n_train).reshape(-1, n_train)
    total = 3 * queries_tiled.nelement() * queries_tiled.element_size()
    assert scaling.peak_intermediate_bytes("tiled", n_test, n_train) == total
    assert scaling.peak_intermediate_bytes("tiled", 6, 4, dtype=torch.float64) == 2 * total
    assert scaling.peak_intermediate_bytes("chunked", 10**5, 10**5, chunk_size=1024) == 4 * 1024**2
    assert scaling.peak_intermediate_bytes("sdpa", 10, 7) == 4 * (10 + 7 + 7)  # q/h, k/h, bias
    with pytest.raises(TypeError, match=r"dtype must be a torch\.dtype"):
        scaling.peak_intermediate_bytes("tiled", 2, 2, dtype="float32")
    with pytest.raises(ValueError, match="n_test must be an int >= 1"):
        scaling.peak_intermediate_bytes("tiled", 0, 2)


def measure(name: str, n: int, chunk_size: int = 1024) -> dict:
    """Peak RSS of one call in a fresh process, by the benchmark's own child mode."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "scale_bench.py"), "--child", name, str(n),
         "--chunk-size", str(chunk_size)],
        capture_output=True, text=True, check=True, timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1"},
    ).stdout  # fmt: skip
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize("name", ["tiled", "broadcast"])
def test_the_count_is_what_the_full_forms_hold(name) -> None:
    """At n = 2,000 three float32 matrices are 48 MB; the peak RSS is that, within 3 %.

    A fourth tensor of the scores' shape, even a boolean one (1 byte per entry, +8 %),
    would show.
    """
    row = measure(name, 2000)
    assert row["predicted_bytes"] == 12 * 2000**2
    assert 0.97 * row["predicted_bytes"] < row["peak_bytes"] < 1.03 * row["predicted_bytes"]


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (("tiled", 3.1e9, 3.1e9), TypeError, "n_test must be an int"),
        (("tiled", 2, 2), None, None),
    ],
)
def test_byte_counts_are_python_integers(args, error, message) -> None:
    if error is not None:
        with pytest.raises(error, match=message):
            scaling.peak_intermediate_bytes(*args)
        return
    n = 3_100_000_000  # n^2 * 12 passes int64
    count = scaling.peak_intermediate_bytes("tiled", n, n)
    assert type(count) is int and count == 12 * n * n
    with pytest.raises(ValueError, match="dtype must be a floating dtype"):
        scaling.peak_intermediate_bytes("tiled", 2, 2, dtype=torch.int64)


def test_chunked_memory_is_bounded() -> None:
    """n = 6,000 would need 432 MB as full matrices; the chunked form stays under 24 MB."""
    chunk_size = 512  # one block of scores: 1 MB
    row = measure("chunked", 6000, chunk_size)
    assert row["predicted_bytes"] == 512 * 512 * 4
    assert row["peak_bytes"] < 24 * 2**20
    assert row["peak_bytes"] < scaling.peak_intermediate_bytes("tiled", 6000, 6000) / 18


def run_bench(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "scale_bench.py"), *args],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1"},
    )  # fmt: skip


def test_the_benchmark_refuses_a_busy_machine(tmp_path) -> None:
    """Above the load limit nothing is measured and nothing is written; the load is printed."""
    output = tmp_path / "scale.json"
    proc = run_bench("--quick", "--max-load", "-1", "--output", str(output), tmp_path=tmp_path)
    assert proc.returncode == 2
    assert re.search(r"refusing to start: the 1-minute load average is \d+\.\d\d", proc.stderr)
    assert re.match(r"load average \d+\.\d\d \(1 minute\), \d+ cores, limit -1", proc.stdout)
    assert not output.exists()
    proc = run_bench("--runs", "2", "--output", str(output), tmp_path=tmp_path)
    assert proc.returncode == 2 and "--runs must be at least 3" in proc.stderr


def test_the_benchmark_keeps_every_run_and_the_page_uses_the_median(tmp_path) -> None:
    output = tmp_path / "scale.json"
    proc = run_bench("--sizes", "64", "--formulations", "sdpa", "--max-load", "1e9",
                     "--output", str(output), tmp_path=tmp_path)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = json.loads(output.read_text(encoding="utf-8"))
    assert results["format"] == scaling.RESULTS_FORMAT
    machine = results["machine"]
    assert machine["runs_per_cell"] == 3 and machine["cores"] == os.cpu_count()
    assert machine["load_average_at_start"] <= machine["load_average_max"]
    (cell,) = results["measurements"]
    assert (cell["formulation"], cell["n"], len(cell["runs"])) == ("sdpa", 64, 3)
    assert all(run["load_average"] >= 0 and run["seconds"] > 0 for run in cell["runs"])
    (row,) = scaling.median_measurements(results)
    assert row["seconds"] == sorted(run["seconds"] for run in cell["runs"])[1]
    assert f"median of 3: {row['seconds']:9.3f} s" in proc.stdout


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({"measurements": []}, "format 2"),
        ({"format": 2, "measurements": [{"formulation": "sdpa", "n": 1, "runs": []}]},
         "non-empty list of runs"),
        # r56-b slip 5: these raised KeyError, which the Raises entry does not list
        ({"format": 2}, "results must hold a list of 'measurements', got NoneType"),
        ({"format": 2, "measurements": [{"formulation": "sdpa", "n": 8,
                                         "runs": [{"peak_bytes": 4}]}]},
         r"a run of 'sdpa' at n = 8 has no 'seconds'$"),
        ({"format": 2, "measurements": [{"formulation": "tiled", "n": 2, "runs": [{}]}]},
         r"a run of 'tiled' at n = 2 has no 'seconds' or 'peak_bytes'$"),
        ({"format": 2, "measurements": [{"runs": [{"seconds": 1.0, "peak_bytes": 4}, 3]}]},
         r"has no 'seconds' or 'peak_bytes'$"),
    ],
)  # fmt: skip
def test_median_measurements_needs_the_format_with_runs(results, message) -> None:
    with pytest.raises(ValueError, match=message):
        scaling.median_measurements(results)


def test_the_shipped_measurements_have_three_runs_per_cell() -> None:
    """scale_measurements' summary says "three runs per cell" (r56-b slip 9)."""
    bench = scaling.scale_measurements()
    assert bench["rows"] and {len(row["runs"]) for row in bench["rows"]} == {3}


def test_the_shipped_measurements_say_which_form_to_choose() -> None:
    """The module's "Which to choose" paragraph: sdpa fastest at every n up to 100,000,
    chunked the next; chunked and sdpa peak at a few MB; tiled and broadcast hold
    three n * n matrices."""
    rows = scaling.median_measurements(
        json.loads((ROOT / "attention_tutorial" / scaling.RESULTS).read_text("utf-8"))
    )
    by_n: dict[int, dict[str, dict]] = {}
    for row in rows:
        by_n.setdefault(row["n"], {})[row["formulation"]] = row
    assert max(by_n) == 100_000
    for cells in by_n.values():
        fastest = sorted(cells, key=lambda name: cells[name]["seconds"])
        assert fastest[:2] == ["sdpa", "chunked"]
        assert all(cells[name]["peak_bytes"] < 5e6 for name in ("sdpa", "chunked"))
        for name in set(cells) & {"tiled", "broadcast"}:
            n = cells[name]["n"]
            assert cells[name]["predicted_bytes"] == 3 * n * n * 4


def test_default_chunk_size_is_not_a_star_import() -> None:
    """The API page's intro names it among the names ``import *`` does not give."""
    import attention_tutorial

    assert scaling.DEFAULT_CHUNK_SIZE == 1024
    hidden = ("DEFAULT_CHUNK_SIZE", "formulation", "peak_intermediates", "median_measurements")
    assert not set(hidden) & set(attention_tutorial.__all__)


def test_median_of_an_even_number_of_runs_is_the_mean_of_the_middle_two() -> None:
    runs = [{"seconds": s, "peak_bytes": 10 * s} for s in (4.0, 1.0, 2.0, 3.0)]
    (row,) = scaling.median_measurements({"format": 2, "measurements": [{"runs": runs}]})
    assert (row["seconds"], row["peak_bytes"]) == (2.5, 25.0)


def test_the_measurements_are_package_data_read_from_anywhere(tmp_path, monkeypatch) -> None:
    """Read from a folder outside the repository: no path relative to the work tree.

    That the wheel carries the file is checked by tests/site/test_out_of_tree.py.
    """
    monkeypatch.chdir(tmp_path)
    bench = scaling.scale_measurements()
    stored = json.loads((ROOT / "attention_tutorial" / scaling.RESULTS).read_text("utf-8"))
    assert len(bench["rows"]) == len(stored["measurements"]) > 0
    assert bench["machine"] == stored["machine"]
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'attention_tutorial = ["results/*.json"]' in pyproject  # in the wheel


@pytest.mark.parametrize("name", ["chunked", "sdpa"])
@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"queries": [0.0, 1.0]}, TypeError, "queries must be a torch.Tensor"),
        ({"bandwidth": "1"}, TypeError, "bandwidth must be a real number"),
        ({"keys": torch.zeros(2, 1)}, ValueError, "keys must be a 1-D tensor"),
        ({"queries": torch.zeros(0)}, ValueError, "queries must not be empty"),
        ({"values": torch.arange(2)}, ValueError, "floating-point dtype"),
        ({"queries": torch.tensor([0.0, float("inf")])}, ValueError, "NaN or infinite"),
        ({"values": torch.zeros(2, dtype=torch.float64)}, ValueError, "same dtype"),
        ({"values": torch.zeros(3)}, ValueError, "keys and values must have the same length"),
        ({"bandwidth": float("nan")}, ValueError, "positive finite number"),
        ({"bandwidth": torch.tensor([2])}, ValueError, "floating-point dtype"),
        ({"bandwidth": torch.tensor([1.0, 2.0])}, ValueError, "one-element"),
    ],
)
def test_each_documented_condition_raises(name, kwargs, error, message) -> None:
    """The conditions the Raises entries of the chunked and sdpa forms list."""
    function = {"chunked": scaling.nadaraya_watson_chunked, "sdpa": scaling.nadaraya_watson_sdpa}
    args = {"queries": torch.zeros(2), "keys": torch.zeros(2), "values": torch.zeros(2)}
    with pytest.raises(error, match=message):
        function[name](**{**args, **kwargs})


def test_sdpa_names_the_overflow_of_its_scores() -> None:
    keys = torch.tensor([0.0, 1.0])
    with pytest.raises(ValueError, match=r"overflow torch\.float32"):
        scaling.nadaraya_watson_sdpa(keys + 1, keys, keys, bandwidth=1e-20)
