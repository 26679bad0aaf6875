"""Kernels forked from a warm process (``tools/sitebuild/warmkernel.py``) look fresh to a page."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from tests.site.shared_kernels import lending
from tools.sitebuild import execute, warmkernel
from tools.sitebuild.execute import NotebookCache, environment_hash, kernel_environment
from tools.sitebuild.notebooks import ROOT, discover

pytestmark = pytest.mark.build

# What a page could see of how its kernel started, after its own imports.
WORLD = """\
import os, sys, warnings
import torch, matplotlib
import attention_tutorial as at
print(sys.path)
print(os.path.basename(sys.argv[0]), sys.argv[1], sys.argv[3:])
print(os.getcwd())
print({k: os.environ.get(k) for k in ("MPLBACKEND", "PYTHONHASHSEED", "OMP_NUM_THREADS",
                                      "ATTENTION_TUTORIAL_FIGURE_LANGS")})
print(hash("attention"), torch.get_num_threads(), matplotlib.get_backend())
print(sys.flags)
print(warnings.filters)
print(sorted((k, repr(v)) for k, v in matplotlib.rcParams.items()))
at.plot_loss_vs_w([0.1, 1.0, 10.0], [3.0, 2.0, 1.0], [3.0, 2.5, 2.0], layout="stacked")
"""
# Generators no page has seeded: new in every process, and so in every forked kernel.
UNSEEDED = "import random, numpy; print(torch.rand(2), numpy.random.rand(2), random.random())"
# The process the kernel was started by: the warm process, or jupyter_client's.
PARENT = "print(open(f'/proc/{os.getppid()}/cmdline').read().replace(chr(0), ' '))"


def write_page(docs: Path) -> None:
    for lang in ("zh", "en"):
        (docs / lang).mkdir(parents=True)
        cells = [WORLD, UNSEEDED, PARENT + f"  # {lang}: each language in its own kernel"]
        text = "# %% [markdown]\n# # World\n" + "".join(f"\n# %%\n{c}\n" for c in cells)
        (docs / lang / "world.py").write_text(text, encoding="utf-8")


def run(tmp_path: Path, *, warm: bool, langs=("zh", "en")) -> dict[str, list[list[dict]]]:
    """Each language's outputs, cell by cell, executed in forked or fresh kernels."""
    docs = tmp_path / "docs"
    if not docs.exists():
        write_page(docs)
    cache = NotebookCache(tmp_path / ("warm" if warm else "fresh"), "environment-1", warm=warm)
    written = cache.build(discover(docs, langs))
    assert cache.stats.executed == len(langs)
    cells = {}
    for nb, path in written.items():
        executed = nbformat.read(path, as_version=4)
        cells[nb.lang] = [cell.outputs for cell in executed.cells if cell.cell_type == "code"]
    return cells


def test_a_forked_kernel_shows_a_page_what_a_fresh_kernel_shows(tmp_path, capfd, request):
    # forked from the warm process the builds of these tests share (shared_kernels.py);
    # its kernels' log goes to a file, read with the build's own
    with lending(request.config) as lent:
        warm = run(tmp_path, warm=True)
    warm_log = capfd.readouterr().err + lent.log()
    fresh = run(tmp_path, warm=False, langs=("zh",))
    fresh_log = capfd.readouterr().err
    world = warm["zh"][0]
    assert world == fresh["zh"][0]  # printed text and figure, byte for byte
    assert warm["en"][0][0] == world[0]  # the other kernel (its figure is drawn in English)
    assert "ipykernel_launcher.py -f" in world[0]["text"] and "warnings" not in world[0]["text"]
    assert len(world) == 2 and world[1]["output_type"] == "execute_result"  # the figure
    # unseeded generators differ from kernel to kernel, as in new processes
    draws = [warm["zh"][1][0]["text"], warm["en"][1][0]["text"], fresh["zh"][1][0]["text"]]
    assert len(set(draws)) == 3, draws
    # and the kernels were forked: their parent is the warm process, not nbclient's
    assert all("warmkernel.py serve" in warm[lang][2][0]["text"] for lang in ("zh", "en"))
    assert "warmkernel.py serve" not in fresh["zh"][2][0]["text"]
    # the build's log: a fresh kernel warns that its channels (on 127.0.0.1) are plain TCP;
    # the forked ones leave that line out
    assert warmkernel.TCP_NOTICE in fresh_log
    assert warmkernel.TCP_NOTICE not in warm_log


def test_the_build_forks_its_kernels_and_the_key_says_so(monkeypatch):
    assert NotebookCache(ROOT / ".cache", "e").warm  # the default, what the plugin uses
    warm = environment_hash()
    monkeypatch.setattr(execute, "KERNEL_START", "fresh")
    assert environment_hash() != warm


def _children(pid: int) -> list[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(p) for p in text.split()]


def test_a_killed_launcher_takes_its_kernel_with_it(tmp_path):
    from jupyter_client.connect import write_connection_file

    connection, _ = write_connection_file(str(tmp_path / "kernel.json"))
    with warmkernel.WarmKernels(kernel_environment(), ROOT) as warm:
        argv = [a.replace("{connection_file}", connection) for a in warm.kernel_spec().argv]
        launcher = subprocess.Popen(argv, cwd=ROOT)
        zygote = warm._process.pid
        deadline = time.monotonic() + 60
        while not _children(zygote):
            assert time.monotonic() < deadline, "no kernel was forked"
            time.sleep(0.1)
        (kernel,) = _children(zygote)
        assert launcher.poll() is None  # lives as long as its kernel
        launcher.send_signal(signal.SIGKILL)
        launcher.wait()
        deadline = time.monotonic() + 30
        while kernel in _children(zygote):
            assert time.monotonic() < deadline, f"kernel {kernel} outlived its launcher"
            time.sleep(0.1)
    assert warm._process.returncode == 0  # stopped when the build closed its input


def test_a_warm_process_that_cannot_start_says_how_to_see_why(tmp_path):
    env = {**kernel_environment(), "PYTHONPATH": str(tmp_path)}
    (tmp_path / "torch.py").write_text("raise ImportError('no torch here')\n")
    with pytest.raises(RuntimeError, match=r"warm kernel process did not start .*serve"):
        warmkernel.WarmKernels(env, tmp_path)


def test_the_launcher_imports_only_the_standard_library():
    code = (
        "import sys; before = set(sys.modules); "
        f"sys.path.insert(0, {str(ROOT / 'tools' / 'sitebuild')!r}); import warmkernel; "
        "import json; print(json.dumps(sorted(m.split('.')[0] for m in set(sys.modules) - before)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    third_party = {"torch", "IPython", "ipykernel", "jupyter_client", "zmq", "tools"}
    assert not third_party & set(json.loads(out.stdout)), out.stdout
    assert os.path.basename(warmkernel.__file__) == "warmkernel.py"


def test_a_launcher_gone_before_it_hears_of_its_kernel_leaves_the_warm_process_serving(tmp_path):
    """On a busy machine a launcher can be killed between the fork and the fork's news."""
    import socket

    from jupyter_client.connect import write_connection_file

    connection, _ = write_connection_file(str(tmp_path / "kernel.json"))
    with warmkernel.WarmKernels(kernel_environment(), ROOT) as warm:
        zygote = warm._process.pid
        asking = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        asking.connect(warm.address)
        request = {"argv": ["-f", connection], "cwd": str(ROOT)}
        asking.sendall(json.dumps(request).encode() + b"\n")
        asking.close()  # gone before the warm process answers with the kernel's pid
        deadline = time.monotonic() + 60
        while _children(zygote) or time.monotonic() < deadline - 55:
            assert time.monotonic() < deadline, "the kernel outlived its launcher"
            assert warm._process.poll() is None, "the warm process stopped"
            time.sleep(0.1)
        assert warm._process.poll() is None
    assert warm._process.returncode == 0
