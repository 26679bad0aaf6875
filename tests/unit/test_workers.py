"""Each test process gives its own torch its share of the cores (``conftest.py``)."""

from __future__ import annotations

import os

import torch

import conftest


def test_torch_runs_this_process_share_of_the_cores() -> None:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        share = max(1, len(os.sched_getaffinity(0)) // workers)
        assert torch.get_num_threads() == conftest.torch_threads() == share
    else:
        assert conftest.torch_threads() is None


def test_the_setting_stays_in_the_test_process(monkeypatch) -> None:
    """Nothing goes into the environment that the kernels and builds a test starts inherit:
    their torch keeps its default threads, as in any other build."""
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", str(2 * len(os.sched_getaffinity(0))))
    before, threads = dict(os.environ), torch.get_num_threads()
    try:
        conftest.pytest_configure(None)
        assert torch.get_num_threads() == 1
        assert dict(os.environ) == before
    finally:
        torch.set_num_threads(threads)
