"""Links to the repository appear only when a repository is configured (tools/sitebuild/repo.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tools.sitebuild import repo

ROOT = Path(__file__).resolve().parents[2]
REPO = "https://github.com/example/attention-tutorial"


def fake_config(**values):
    config = SimpleNamespace(repo_url=None, repo_name=None, edit_uri=None, theme={"language": "en"})
    for key, value in values.items():
        setattr(config, key, value)
    return config


def test_without_a_repository_nothing_is_set(monkeypatch):
    monkeypatch.delenv(repo.REPO_ENV, raising=False)
    config = fake_config()
    repo.configure(config)
    assert config.repo_url is None and config.edit_uri is None


def test_the_environment_sets_the_repository_and_the_edit_path(monkeypatch):
    monkeypatch.setenv(repo.REPO_ENV, REPO)
    monkeypatch.setenv(repo.BRANCH_ENV, "trunk")
    config = fake_config(theme={"language": "zh"})
    repo.configure(config)
    assert config.repo_url == REPO + "/"
    assert config.repo_name == "example/attention-tutorial"
    assert config.edit_uri == "edit/trunk/docs/zh/"


def test_repo_url_in_the_config_gets_the_docs_folder_of_its_language(monkeypatch):
    monkeypatch.delenv(repo.REPO_ENV, raising=False)
    monkeypatch.delenv(repo.BRANCH_ENV, raising=False)
    config = fake_config(repo_url=REPO, repo_name="x", edit_uri="edit/master/docs/")
    repo.configure(config)
    assert config.edit_uri == "edit/main/docs/en/" and config.repo_name == "x"


def test_a_repository_that_is_not_a_web_address_is_refused(monkeypatch):
    monkeypatch.setenv(repo.REPO_ENV, "git@github.com:example/attention-tutorial.git")
    with pytest.raises(ValueError, match="ATTN_REPO_URL"):
        repo.configure(fake_config())


@pytest.mark.build
def test_the_default_site_points_at_no_repository(site):
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert 'rel="edit"' not in text and "data-source=" not in text, page
        assert 'class="md-source"' not in text, page


# ``mkdocs build`` of the English config with two of its pages, a notebook page and a
# Markdown page: the rest are excluded (``exclude_docs``), which makes links to them
# warnings, hence not ``--strict`` (the strict build of every page is the ``site`` fixture's).
# A build of every page took four times the CPU time for the same two pages' links.
TWO_PAGES_BUILD = """\
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
only = "*\\n!/nonparametric.py\\n!/glossary.md\\n"
build(load_config("mkdocs.en.yml", site_dir=sys.argv[1], strict=False, exclude_docs=only))
"""


@pytest.mark.build
def test_a_configured_repository_gives_edit_and_source_links(site, tmp_path):
    # after the `site` build (the fixture): its executed notebooks are in the project's
    # cache, so this build executes none (in a fresh clone it would execute the page)
    built = tmp_path / "en"
    env = {**os.environ, "ATTN_REPO_URL": REPO, "ATTN_REPO_BRANCH": "main"}
    env["NO_MKDOCS_2_WARNING"] = "1"
    proc = subprocess.run(
        [sys.executable, "-c", TWO_PAGES_BUILD, str(built)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert sorted(p.parent.name for p in built.glob("*/index.html")) == [
        "glossary",
        "nonparametric",
    ]
    notebook = (built / "nonparametric" / "index.html").read_text(encoding="utf-8")
    assert f'href="{REPO}/edit/main/docs/en/nonparametric.py"' in notebook
    assert f'href="{REPO}/blob/main/docs/en/nonparametric.py"' in notebook
    markdown = (built / "glossary" / "index.html").read_text(encoding="utf-8")
    assert f'href="{REPO}/edit/main/docs/en/glossary.md"' in markdown
    assert "data-source=" not in markdown
    # the header names the repository with a plain link: no widget that calls the host's API
    assert re.search(rf'<a href="{REPO}/" [^>]*class="md-source"', notebook)
    assert 'data-md-component="source"' not in notebook
