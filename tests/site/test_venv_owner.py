"""scripts/venv_owner.py: setup.sh rebuilds a .venv that belongs to another checkout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools.sitebuild.notebooks import ROOT

SCRIPT = ROOT / "scripts" / "venv_owner.py"


def fake_venv(checkout: Path, *, python_of: Path, installed_from: Path) -> Path:
    """A .venv whose scripts run ``python_of``'s Python and whose package is ``installed_from``."""
    venv = checkout / ".venv"
    (venv / "bin").mkdir(parents=True)
    for name in ("pip", "mkdocs"):
        script = venv / "bin" / name
        script.write_text(f"#!{python_of / '.venv' / 'bin' / 'python'}\nimport sys\n")
    record = venv / "lib/python3.11/site-packages/attention_tutorial-0.1.0.dist-info"
    record.mkdir(parents=True)
    url = {"dir_info": {"editable": True}, "url": installed_from.resolve().as_uri()}
    (record / "direct_url.json").write_text(json.dumps(url))
    return venv


def run(checkout: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(checkout)], capture_output=True, text=True
    )


def test_this_checkouts_venv_is_kept(tmp_path):
    fake_venv(tmp_path, python_of=tmp_path, installed_from=tmp_path)
    proc = run(tmp_path)
    assert (proc.returncode, proc.stdout) == (0, "")


def test_no_venv_yet_is_not_an_error(tmp_path):
    assert run(tmp_path).returncode == 0


def test_a_copied_venv_is_named_by_its_shebangs_and_its_editable_install(tmp_path):
    other = tmp_path / "main"
    here = tmp_path / "wt-docs"
    here.mkdir()
    fake_venv(here, python_of=other, installed_from=other)
    proc = run(here)
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        f".venv/bin/pip runs {other}/.venv/bin/python",
        f"its editable install of attention_tutorial points to {other.resolve()}",
    ]


@pytest.mark.parametrize("sign", ["shebang", "editable"])
def test_either_sign_alone_is_enough(tmp_path, sign):
    other = tmp_path / "main"
    here = tmp_path / "wt-docs"
    here.mkdir()
    python_of, installed_from = (other, here) if sign == "shebang" else (here, other)
    fake_venv(here, python_of=python_of, installed_from=installed_from)
    proc = run(here)
    assert proc.returncode == 1 and len(proc.stdout.splitlines()) == 1, proc.stdout


def test_a_venv_linked_from_another_checkout(tmp_path):
    other = tmp_path / "main"
    other.mkdir()
    fake_venv(other, python_of=other, installed_from=other)
    here = tmp_path / "wt-docs"
    here.mkdir()
    (here / ".venv").symlink_to(other / ".venv")
    proc = run(here)
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[0] == f".venv is a link to {(other / '.venv').resolve()}"


STUB_PYTHON = """#!/usr/bin/env bash
# a stand-in for python3.11: runs the owner check for real, fakes venv and pip
if [[ "$1" == scripts/venv_owner.py ]]; then exec {python} "$@"; fi
if [[ "$1 $2" == "-m venv" ]]; then
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python" && echo "#!$PWD/$3/bin/python" > "$3/bin/pip"
fi
exit 0
"""


def test_setup_rebuilds_a_linked_venv_and_leaves_its_target_alone(tmp_path):
    """scripts/setup.sh itself, with the system tools and pip stubbed (no install)."""
    other = tmp_path / "main"
    other.mkdir()
    fake_venv(other, python_of=other, installed_from=other)
    here = tmp_path / "wt-docs"
    for rel in ("scripts/setup.sh", "scripts/venv_owner.py", "requirements/lock.txt",
                "pyproject.toml", "package-lock.json"):  # fmt: skip
        (here / rel).parent.mkdir(parents=True, exist_ok=True)
        (here / rel).write_bytes((ROOT / rel).read_bytes())
    (here / "scripts" / "setup.sh").chmod(0o755)
    (here / ".venv").symlink_to(other / ".venv")
    stubs = tmp_path / "bin"
    stubs.mkdir()
    for name, body in {
        "python3.11": STUB_PYTHON.format(python=sys.executable),
        "fc-list": "echo 'Noto Sans CJK SC'",
        "npm": "mkdir -p node_modules",
    }.items():
        (stubs / name).write_text(body if body.startswith("#!") else f"#!/bin/sh\n{body}\n")
        (stubs / name).chmod(0o755)
    env = {"PATH": f"{stubs}:/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.run(
        ["scripts/setup.sh"], cwd=here, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert "setup: .venv belongs to another checkout" in proc.stderr
    assert f"setup:   .venv is a link to {(other / '.venv').resolve()}" in proc.stderr
    assert not (here / ".venv").is_symlink() and (here / ".venv" / "bin" / "python").is_file()
    assert (other / ".venv" / "bin" / "pip").is_file()  # the other checkout's venv is intact
    again = subprocess.run(
        ["scripts/setup.sh"], cwd=here, env=env, capture_output=True, text=True, timeout=60
    )
    assert again.returncode == 0 and "belongs to another checkout" not in again.stderr
