"""wheel: built from the package's files only, with no clock in it, cached by its inputs."""

from __future__ import annotations

import zipfile

import pytest

from tools.sitebuild import wheel

PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "attention-tutorial"
version = "0.1.0"
readme = "README.md"

[tool.setuptools.packages.find]
include = ["attention_tutorial*"]
"""


@pytest.fixture
def project(tmp_path):
    """A small stand-in for the project: metadata and a package with a subpackage."""
    root = tmp_path / "project"
    (root / "attention_tutorial" / "figures" / "__pycache__").mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "README.md").write_text("# readme\n")
    (root / "attention_tutorial" / "__init__.py").write_text("SEED = 0\n")
    (root / "attention_tutorial" / "figures" / "__init__.py").write_text("")
    (root / "attention_tutorial" / "figures" / "__pycache__" / "x.cpython-311.pyc").write_bytes(
        b"x"
    )
    (root / "notes.txt").write_text("not part of the wheel\n")
    return root


def test_the_inputs_are_the_metadata_and_the_package_without_bytecode(project):
    names = [p.relative_to(project).as_posix() for p in wheel.inputs(project)]
    assert names == [
        "pyproject.toml",
        "README.md",
        "attention_tutorial/__init__.py",
        "attention_tutorial/figures/__init__.py",
    ]


def test_the_key_follows_the_package_source_only(project):
    before = wheel.key(project)
    (project / "notes.txt").write_text("changed\n")
    (project / "attention_tutorial" / "figures" / "__pycache__" / "x.cpython-311.pyc").write_bytes(
        b"y"
    )
    assert wheel.key(project) == before
    (project / "attention_tutorial" / "__init__.py").write_text("SEED = 1\n")
    assert wheel.key(project) != before


def test_the_wheel_holds_the_package_with_no_clock_in_it_and_is_built_once(project, tmp_path):
    # one pip run (several seconds): the same bytes twice follow from the fixed times
    built = wheel.build(project, tmp_path / "cache")
    assert built.name == "attention_tutorial-0.1.0-py3-none-any.whl"
    assert built.parent.name == wheel.key(project)
    entries = zipfile.ZipFile(built).infolist()
    names = {entry.filename for entry in entries}
    assert {"attention_tutorial/__init__.py", "attention_tutorial/figures/__init__.py"} <= names
    assert not any(".pyc" in name or "notes" in name for name in names)
    assert {entry.date_time for entry in entries} == {(1980, 1, 1, 0, 0, 0)}
    assert not list(project.rglob("*.egg-info")) and not (project / "build").exists()
    stamp = built.stat().st_mtime_ns
    assert wheel.build(project, tmp_path / "cache") == built  # from the cache, not rebuilt
    assert built.stat().st_mtime_ns == stamp
