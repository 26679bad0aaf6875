"""The key of a finished page (``tools/sitebuild/pagecache.py``) holds what shapes the page.

The end-to-end check (served after edits = a clean build) is ``test_incremental.py``;
these check the parts of the key it cannot reach in one small site.
"""

from __future__ import annotations

import re
from pathlib import Path

import material
from mkdocs.config import load_config
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import get_navigation

from tools.sitebuild import pagecache
from tools.sitebuild.notebooks import ROOT


def _templates() -> list[Path]:
    folders = [Path(material.__file__).parent / "templates", ROOT / "overrides"]
    return [p for folder in folders for p in folder.rglob("*.html") if ".icons" not in p.parts]


def test_context_entries_left_out_of_the_key_are_read_by_no_template():
    # "pages" is MkDocs' list of files; `nav_item.pages` (an attribute) is another thing
    unread = {name: re.compile(rf"(?<![\w.]){name}\b") for name in ("pages", "build_date_utc")}
    assert pagecache.COVERED - {"nav", "config", "page"} == set(unread)
    templates = _templates()
    assert len(templates) > 50  # Material's templates were found
    for path in templates:
        # the template's code: its {{ expressions }} and {% statements %}, not its comments
        source = re.sub(r"\{#.*?#\}", "", path.read_text("utf-8"), flags=re.S)
        text = " ".join(re.findall(r"\{\{.*?\}\}|\{%.*?%\}", source, flags=re.S))
        for name, pattern in unread.items():
            assert not pattern.search(text), f"{path} reads {name}: it must be in the key"


def _site_key(tmp_path: Path, nav: str, extra: str = "") -> str:
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    for name in ("index.md", "a.md"):
        (docs / name).write_text(f"# {name}\n", encoding="utf-8")
    config_file = tmp_path / "mkdocs.yml"
    config_file.write_text(f"site_name: t\n{extra}nav:\n{nav}", encoding="utf-8")
    config = load_config(str(config_file))
    files = Files([File(n, str(docs), str(tmp_path / "site"), True) for n in ("index.md", "a.md")])
    return pagecache.site_key(config, get_navigation(files, config))


def test_the_site_key_changes_with_a_title_of_the_navigation_and_with_the_config(tmp_path):
    nav = "  - Home: index.md\n  - A: a.md\n"
    base = _site_key(tmp_path, nav)
    assert _site_key(tmp_path, nav) == base  # stable: a rebuild finds its pages
    assert _site_key(tmp_path, nav.replace("- A:", "- B:")) != base
    assert _site_key(tmp_path, "  - A: a.md\n  - Home: index.md\n") != base  # order
    assert _site_key(tmp_path, nav, extra="extra:\n  x: 1\n") != base
    assert _site_key(tmp_path, nav, extra="copyright: c\n") != base


def test_a_page_kept_under_another_commit_comes_back_with_this_commits_footer(tmp_path):
    from dataclasses import asdict, replace

    from tools.sitebuild import stamp

    nav = "  - Home: index.md\n  - A: a.md\n"
    extra = "extra:\n  build_stamp:\n    seed: 0\n    commit: {}\n"
    # the commit is not in the key (the footer is swapped); the stamp's other fields are
    base = _site_key(tmp_path, nav, extra.format("abc"))
    assert _site_key(tmp_path, nav, extra.format("def")) == base
    assert _site_key(tmp_path, nav, extra.format("abc").replace("seed: 0", "seed: 1")) != base
    env = load_config(str(ROOT / "mkdocs.yml")).theme.get_env()
    built = stamp.BuildStamp("0.1.0", "2.0", 0, "ab" * 20)
    footer = stamp.block(env, built, "en", stamp.finish_block)
    record = {"html": f"<p>page</p>{footer}", "stamp": asdict(built)}
    shown = {**asdict(replace(built, commit=None)), "labels": {}, "package": "x"}
    page = pagecache._restamped(record, shown, env, "en")
    uncommitted = stamp.block(env, replace(built, commit=None), "en", stamp.finish_block)
    assert page == f"<p>page</p>{uncommitted}"
    assert pagecache._restamped(record, {**asdict(built)}, env, "en") == record["html"]
    # another seed is another page: rendered again
    assert pagecache._restamped(record, {**shown, "seed": 1}, env, "en") is None
    assert (
        pagecache._restamped({"html": "<p>page</p>", "stamp": asdict(built)}, shown, env, "en")
        is None
    )
