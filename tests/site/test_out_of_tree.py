"""A downloaded notebook runs outside the repository, installed with the pages' own pip commands.

The commands readers are given (``docs/snippets/run-notebook.sh``, included in the
home and contributing pages) run here line by line, in a new folder outside the
work tree holding what a reader downloads from the built site: the package's
wheel, the notebook the commands open (``nonparametric``) and every notebook whose
code reads a file (found in the pages' code cells, not picked by hand: a file read
by a path relative to the repository would not be there; data the pages need
ship inside the package, like ``at.scale_measurements()``). Three changes, all
about this machine and the test's time rather than the commands:

* pip finds the CPU torch among the wheels on disk (``find-links`` of the
  machine's pip config), so ``--index-url`` is dropped from the torch line;
* ``pip install jupyterlab`` runs with ``--dry-run``: pip resolves it against the
  environment just made (so the command works there) but installs nothing.
  Installing JupyterLab and its ~80 dependencies took most of this test's time and
  is not needed to run a notebook: the two pieces that are, ``ipykernel`` and
  ``nbclient`` (both JupyterLab dependencies), are installed instead, with the
  dependencies they need, each at the version and from the file that resolution chose
  (its ``--report``), with ``--no-deps``: what ``pip install jupyterlab`` would have
  installed of them, without pip resolving a second time (3.6 CPU-s);
* JupyterLab is not opened; the notebooks are executed with nbclient.

The package still comes from the wheel and torch is installed into the new
environment; the test asserts both (where ``import attention_tutorial`` resolves, found
by the import system without importing torch once more: the kernels imported it). pip
does not compile the installed modules to bytecode (``PIP_COMPILE=0``): the first kernel
compiles what it imports and writes it, as Python does by default on a reader's machine
(a ``PYTHONDONTWRITEBYTECODE`` of the test's own environment is not passed on: with it,
each kernel compiled torch's modules again).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import time
import zipfile
from pathlib import Path

import nbformat
import pytest

from tests.site.test_downloads import text_outputs
from tools.sitebuild import downloads
from tools.sitebuild.notebooks import code_cells, discover

pytestmark = pytest.mark.build

ROOT = Path(__file__).resolve().parents[2]
SNIPPETS = ROOT / "docs" / "snippets"
TORCH_INDEX = " --index-url https://download.pytorch.org/whl/cpu"
# A code cell that reads a file: by a path, or through the package's data
READS_A_FILE = re.compile(
    r"\bPath\(|\bopen\(|\.read_(text|bytes)\(|\b(json|np|numpy|torch|pickle)\.load\(|"
    r"\bread_csv\(|\bloadtxt\(|\bat\.scale_measurements\("
)


def notebooks_that_read_files() -> list[str]:
    """The Chinese notebook pages (their English twins carry the same code) that read a file."""
    return sorted(
        nb.rel.removesuffix(".py")
        for nb in discover(langs=("zh",))
        if any(READS_A_FILE.search(cell) for cell in code_cells(nb.read()))
    )


NOTEBOOKS = ["nonparametric", *notebooks_that_read_files()]  # the commands' page, then readers
JUPYTERLAB = "python -m pip install jupyterlab"
RUNNER = ("ipykernel", "nbclient")  # what executing needs of JupyterLab
REPORT = "jupyterlab-report.json"  # what the dry run of JUPYTERLAB would install

EXECUTE = """
import sys, nbformat
from nbclient import NotebookClient
for name in sys.argv[1:]:
    nb = nbformat.read(name, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": "."}}).execute()
    nbformat.write(nb, "executed-" + name)
"""


def kernel_requirements(report: dict, wanted=RUNNER) -> list[str]:
    """``wanted`` and what they depend on, pinned to the files a pip ``--report`` resolved.

    A dependency the report does not install is left out: the environment has it.

    >>> def package(name, *requires):
    ...     url = f"https://example.org/{name}-1.0-py3-none-any.whl"
    ...     meta = {"name": name, "requires_dist": list(requires)}
    ...     return {"metadata": meta, "download_info": {"url": url}}
    >>> report = {
    ...     "environment": {"sys_platform": "linux", "python_version": "3.11"},
    ...     "install": [
    ...         package("Kernel", "dep[x]", "win; sys_platform == 'win32'"),
    ...         package("dep", "more; extra == 'x'", "tests; extra == 'test'"),
    ...         package("more"),
    ...         package("win"),
    ...         package("tests"),
    ...     ],
    ... }
    >>> for line in kernel_requirements(report, wanted=("kernel",)):
    ...     print(line)
    dep @ https://example.org/dep-1.0-py3-none-any.whl
    Kernel @ https://example.org/Kernel-1.0-py3-none-any.whl
    more @ https://example.org/more-1.0-py3-none-any.whl
    """
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    resolved = {canonicalize_name(p["metadata"]["name"]): p for p in report["install"]}
    missing = [name for name in wanted if canonicalize_name(name) not in resolved]
    assert not missing, f"{missing}: not installed by the resolution of {JUPYTERLAB!r}"
    todo, seen = [(canonicalize_name(name), "") for name in wanted], set()
    while todo:
        name, extra = todo.pop()
        if (name, extra) in seen or name not in resolved:
            continue
        seen.add((name, extra))
        for text in resolved[name]["metadata"].get("requires_dist") or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({**report["environment"], "extra": extra}):
                todo += [(canonicalize_name(req.name), e) for e in ("", *sorted(req.extras))]
    packages = [resolved[name] for name in sorted({name for name, _ in seen})]
    return [f"{p['metadata']['name']} @ {p['download_info']['url']}" for p in packages]


def commands(suffix: str) -> list[str]:
    text = (SNIPPETS / f"run-notebook.{suffix}").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def test_windows_gets_the_same_pip_commands_as_macos_and_linux():
    unix, windows = commands("sh"), commands("ps1")
    assert unix[:2] == ["python3 -m venv .venv", "source .venv/bin/activate"]
    assert windows[:2] == ["py -m venv .venv", r".venv\Scripts\activate"]
    assert unix[2:] == windows[2:]
    assert unix[2] == "python -m pip install torch==2.13.0" + TORCH_INDEX


def test_the_pages_show_the_commands_of_the_snippets(site):
    expected = commands("sh")[2:]
    for page in ("index.html", "contributing/index.html", "en/index.html"):
        text = (site / page).read_text(encoding="utf-8")
        assert "--8&lt;--" not in text and "--8<--" not in text, f"{page}: snippet not included"
        # the highlighted code, as a reader copies it: tags gone, entities decoded
        shown = html.unescape(re.sub(r"<[^>]+>", "", text))
        for line in expected:  # each pip line, in both tabs (Windows and macOS/Linux)
            assert shown.count(line) == 2, f"{page}: {line!r} shown {shown.count(line)} times"


def test_every_notebook_that_reads_a_file_runs_out_of_tree():
    """The scale page reads the benchmark's results, through the package."""
    assert "scale" in NOTEBOOKS and len(NOTEBOOKS) == len(set(NOTEBOOKS))
    pages = {nb.rel.removesuffix(".py"): nb for nb in discover(langs=("zh",))}
    for rel in NOTEBOOKS[1:]:
        code = "\n".join(code_cells(pages[rel].read()))
        assert "benchmarks/results" not in code, f"{rel} reads a file outside the package"


def test_the_wheel_holds_every_module_of_the_package(site):
    (wheel,) = (site / "downloads").glob("*.whl")
    assert wheel.name in commands("sh")[3]
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "attention_tutorial").rglob("*")
        if p.suffix in (".py", ".json") and "__pycache__" not in p.parts
    }
    assert "attention_tutorial/results/scale.json" in modules  # package data, read by a page
    assert modules and modules <= names, sorted(modules - names)
    assert (site / "en" / "downloads" / wheel.name).read_bytes() == wheel.read_bytes()


@pytest.mark.timeout(1800)
@pytest.mark.long  # a new environment with torch in it: started first (tests/conftest.py)
def test_downloaded_notebooks_run_in_a_fresh_environment(site, tmp_path, record_property):
    work = tmp_path / "reader"
    work.mkdir()
    assert ROOT not in work.parents
    (wheel,) = (site / "downloads").glob("*.whl")
    shutil.copy(wheel, work)
    names = []
    for rel in NOTEBOOKS:
        name = downloads.file_stem(rel + ".py") + ".ipynb"
        shutil.copy(site / rel / name, work / name)
        names.append(name)
    lines = commands("sh")
    assert lines[-1] == "jupyter lab nonparametric.ipynb"
    assert lines[-2] == JUPYTERLAB
    script = [line.replace(TORCH_INDEX, "") for line in lines[:-2]]
    dry_run = f" install --dry-run --quiet --report {REPORT} "
    script.append(JUPYTERLAB.replace(" install ", dry_run, 1))
    # then, in the same environment: ipykernel and nbclient as that resolution chose them
    run = [lines[1], "python -m pip install --quiet --no-deps -r kernel-requirements.txt"]
    run += ["python - " + " ".join(names) + " <<'EOF'" + EXECUTE + "EOF"]
    # where the import system finds the package (what ``import`` would load), without
    # importing torch a third time: the notebooks' kernels have imported it
    run.append(
        "python -c \"import importlib.util as u; print(u.find_spec('attention_tutorial').origin)\""
    )
    # a reader's shell: no PYTHONPATH or virtual environment of this run, and Python's
    # default of writing bytecode (PYTHONDONTWRITEBYTECODE made each kernel compile torch)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE"}
    }
    # pip writes no bytecode: the kernel compiles the modules it imports, not the 5,000 files
    # of torch (half of this test's CPU). Not PIP_NO_COMPILE=1: pip reads the value of a
    # --no-X option's variable as X itself, so PIP_NO_COMPILE=1 leaves compiling on.
    env.update(PIP_COMPILE="0", JUPYTER_PLATFORM_DIRS="1", PYTHONHASHSEED="0")

    def bash(lines: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["bash", "-euo", "pipefail", "-c", "\n".join(lines)],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
        )

    start = time.perf_counter()
    proc = bash(script)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-5000:]
    report = json.loads((work / REPORT).read_text(encoding="utf-8"))
    requirements = kernel_requirements(report)
    (work / "kernel-requirements.txt").write_text("\n".join(requirements) + "\n")
    proc = bash(run)
    seconds = time.perf_counter() - start
    record_property("out_of_tree_seconds", round(seconds, 1))
    print(f"out-of-tree install and run: {seconds:.0f} s")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-5000:]
    # the package came from the wheel installed in the new environment, not from the tree
    imported = Path(proc.stdout.strip().splitlines()[-1])
    assert work / ".venv" in imported.parents and "site-packages" in imported.parts
    for name in names:
        ran = nbformat.read(work / f"executed-{name}", as_version=4)
        shipped = nbformat.read(work / name, as_version=4)
        assert text_outputs(ran) == text_outputs(shipped), name
        assert len(text_outputs(ran)) >= 3, name
    # passed: the reader's environment (1 GB, torch in it) goes now, not at a later run's end
    # (pytest keeps the temporary folders of the last three runs, deleting the oldest)
    shutil.rmtree(work / ".venv")
    artifacts = Path(os.environ.get("ATTN_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    (artifacts / "out-of-tree.json").write_text(json.dumps({"seconds": round(seconds, 1)}))
