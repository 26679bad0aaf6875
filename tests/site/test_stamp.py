"""The build stamp in every page's footer (tools/sitebuild/stamp.py)."""

from __future__ import annotations

import re
import subprocess
from importlib import metadata
from pathlib import Path

import pytest

from tools.sitebuild import stamp

ROOT = Path(__file__).resolve().parents[2]


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def test_the_stamp_names_the_package_torch_and_the_seed():
    import attention_tutorial as at

    found = stamp.build_stamp()
    assert found.package_version == "0.1.0" == stamp.package_version()
    assert found.torch_version == metadata.version("torch")
    assert found.seed == at.SEED


def test_the_commit_is_named_only_for_a_clean_work_tree(tmp_path):
    git(tmp_path, "init", "-q")
    (tmp_path / "page.md").write_text("one\n")
    git(tmp_path, "add", "page.md")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    assert stamp.commit(tmp_path) == git(tmp_path, "rev-parse", "HEAD")
    (tmp_path / "page.md").write_text("two\n")
    assert stamp.commit(tmp_path) is None
    git(tmp_path, "checkout", "-q", "page.md")
    (tmp_path / "new.md").write_text("new\n")  # an untracked file is a change too
    assert stamp.commit(tmp_path) is None
    assert stamp.commit(tmp_path / "page.md") is None  # not a folder in git


def test_a_missing_seed_is_an_error_that_says_so(tmp_path):
    (tmp_path / "attention_tutorial").mkdir()
    (tmp_path / "attention_tutorial" / "data.py").write_text("SEED = 'zero'\n")
    with pytest.raises(LookupError, match="SEED"):
        stamp.seed(tmp_path)


def test_a_stamp_handed_down_is_the_one_shown(monkeypatch, tmp_path):
    """The English build shows the stamp the Chinese build read, not one read again.

    Round 36: read twice, a work tree committed between the two reads gave the zh
    pages a commit and all the en pages "uncommitted".
    """
    from tools.sitebuild.subsite import Subsite

    given = stamp.BuildStamp("0.1.0", "2.0", 0, "ab" * 20)
    monkeypatch.delenv(stamp.ENV, raising=False)
    assert stamp.current() == stamp.build_stamp()
    monkeypatch.setenv(stamp.ENV, given.to_env())
    assert stamp.current() == given
    monkeypatch.setenv(stamp.ENV, "{}")
    with pytest.raises(ValueError, match=stamp.ENV):
        stamp.current()
    # the other site's build key is made of the stamp it is given to show
    monkeypatch.delenv(stamp.ENV)
    config = tmp_path / "mkdocs.tiny.yml"
    config.write_text("site_name: Tiny\n")

    def key(build_stamp):
        return Subsite(
            config, ROOT, tmp_path, strict=True, environment="e", build_stamp=build_stamp
        ).fingerprint()

    assert key(given) == key(given) != key(stamp.BuildStamp("0.1.0", "2.0", 0, None))


@pytest.mark.build
def test_every_page_carries_the_stamp_and_no_time_of_day(site):
    expected = stamp.build_stamp()
    # The commit is the one of the build: the work tree may have changed since (a
    # contributor edits while the suite runs). Every page names the same one, and
    # it is a commit of this repository's history, or "uncommitted".
    first = re.search(r'data-commit="([^"]*)"', (site / "index.html").read_text("utf-8"))
    commit = first.group(1)
    if commit != "uncommitted":
        assert git(ROOT, "merge-base", "--is-ancestor", commit, "HEAD") == ""
        if expected.commit is not None:  # a clean tree now: built from it unless committed since
            assert commit == expected.commit or git(ROOT, "rev-list", f"{commit}..HEAD")
    pages = list(site.rglob("*.html"))
    assert len(pages) > 40
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if "md-copyright" not in text:
            continue  # e.g. a redirect page
        match = re.search(r'<div class="md-build-stamp"([^>]*)>(.*?)</div>', text, re.S)
        assert match, page
        attrs, words = match.groups()
        assert f'data-torch-version="{expected.torch_version}"' in attrs
        assert f'data-package-version="{expected.package_version}"' in attrs
        assert f'data-seed="{expected.seed}"' in attrs and f'data-commit="{commit}"' in attrs
        assert not re.search(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}", words), words
    zh = (site / "index.html").read_text(encoding="utf-8")
    en = (site / "en" / "index.html").read_text(encoding="utf-8")
    assert "随机种子" in zh and "seed" in en


def test_the_stamp_element_is_the_partials_and_only_the_commit_may_differ():
    from dataclasses import replace

    from mkdocs.config import load_config

    from tools.sitebuild import htmlslim

    env = load_config(str(ROOT / "mkdocs.yml")).theme.get_env()
    built = stamp.BuildStamp("0.1.0", "2.0", 0, "ab" * 20)
    zh = stamp.block(env, built, "zh", htmlslim.slim)
    assert zh.startswith('<div class="md-build-stamp"') and zh.endswith("</div>")
    assert f'data-commit="{"ab" * 20}"' in zh and "提交 <code>ababababab" in zh
    en = stamp.block(env, replace(built, commit=None), "en", htmlslim.slim)
    assert 'data-commit="uncommitted"' in en and "\nuncommitted\n</div>" in en
    assert stamp.only_commit_differs(built, replace(built, commit=None))
    assert not stamp.only_commit_differs(built, built)
    assert not stamp.only_commit_differs(built, replace(built, seed=1, commit=None))
