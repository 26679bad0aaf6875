"""The chores ``tools/sitebuild/rebuild.py`` keeps give what MkDocs' own give."""

from __future__ import annotations

import os
import time

from mkdocs.config import load_config
from mkdocs.structure.files import File, Files

from tools.sitebuild import rebuild
from tools.sitebuild.notebooks import ROOT


def _theme_files(add) -> list[tuple[str, str]]:
    config = load_config(str(ROOT / "mkdocs.yml"))
    env = config.theme.get_env()
    files = Files([])
    add(files, env, config)
    return [(f.src_uri, f.abs_src_path) for f in files]


def test_the_theme_files_are_those_mkdocs_lists(monkeypatch):
    mkdocs_own = _theme_files(rebuild._mkdocs_add_files_from_theme)
    assert len(mkdocs_own) > 30  # Material's scripts, stylesheets, images were listed
    rebuild._listings.clear()
    assert _theme_files(rebuild.theme_files) == mkdocs_own
    assert _theme_files(rebuild.theme_files) == mkdocs_own  # again, from the kept listing


def test_a_file_of_the_project_theme_folder_is_seen_at_once(tmp_path):
    config = load_config(str(ROOT / "mkdocs.yml"))
    custom = tmp_path / "theme"
    (custom / "assets").mkdir(parents=True)
    config.theme.dirs.insert(0, str(custom))
    env = config.theme.get_env()
    before = Files([])
    rebuild.theme_files(before, env, config)
    (custom / "assets" / "new.js").write_text("1", encoding="utf-8")
    after = Files([])
    rebuild.theme_files(after, env, config)
    assert after.get_file_from_path("assets/new.js") is not None
    assert before.get_file_from_path("assets/new.js") is None


def test_the_notebook_check_is_asked_again_when_the_file_changes(tmp_path):
    answers = iter([False, True])
    calls = []

    def original(plugin, file):
        calls.append(file.src_uri)
        return next(answers)

    check = rebuild.should_include(original)
    page = tmp_path / "page.md"
    page.write_text("# plain\n", encoding="utf-8")
    file = File("page.md", str(tmp_path), str(tmp_path / "site"), True)
    plugin = type("P", (), {"config": {"include": ["*.md"], "ignore": []}})()
    assert check(plugin, file) is False
    assert check(plugin, file) is False and len(calls) == 1  # kept
    # the next build's plugin object, with the same patterns: still kept
    again = type("P", (), {"config": {"include": ["*.md"], "ignore": []}})()
    assert check(again, file) is False and len(calls) == 1
    page.write_text("---\njupyter: {}\n---\n# a notebook now\n", encoding="utf-8")
    later = time.time() + 5
    os.utime(page, (later, later))
    assert check(plugin, file) is True and len(calls) == 2


def test_serving_empties_the_site_folder_at_once_and_keeps_hidden_files(tmp_path, monkeypatch):
    site = tmp_path / "site"
    (site / "a" / "b").mkdir(parents=True)
    (site / "index.html").write_text("x", encoding="utf-8")
    (site / ".hidden").write_text("kept", encoding="utf-8")
    monkeypatch.setattr(rebuild, "serving", True)
    rebuild.clean_directory(str(site))
    assert sorted(p.name for p in site.iterdir()) == [".hidden"]
