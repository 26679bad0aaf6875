"""The fast path's decisions: which edits render one page alone (no site build here).

That the pages it serves are those of a clean build is tested by serving a small
site (``test_incremental.py``).
"""

from __future__ import annotations

import os

from tools.sitebuild import fastpath

PAGE = """# %% [markdown]
# # Title
#
# Some prose.

# %%
print(6 * 7)

# %% [markdown] tags=["x"]
# ## Section
#
# More prose.
"""


def test_only_the_markdown_cells_text_may_change():
    same = PAGE.encode()
    assert fastpath._prose_only(same, PAGE.replace("Some", "Other").encode())
    assert fastpath._prose_only(same, PAGE.replace("More prose.", "More.\n# Lines.").encode())
    for edited in [
        PAGE.replace("6 * 7", "6 * 8"),  # code
        PAGE.replace('tags=["x"]', 'tags=["y"]'),  # a cell's metadata
        PAGE.replace("# %%\nprint", "# %% [markdown]\nprint"),  # a cell's type
        PAGE + "\n# %%\nprint(1)\n",  # a new cell
        "# ---\n# jupyter: {}\n# ---\n\n" + PAGE,  # the header
    ]:
        assert not fastpath._prose_only(same, edited.encode()), edited


def test_a_page_is_a_py_or_md_source_of_a_language_outside_api_and_assets():
    assert fastpath._page_of("docs/zh/average.py") == ("zh", "average.py")
    assert fastpath._page_of("docs/en/handbook/bmm.py") == ("en", "handbook/bmm.py")
    assert fastpath._page_of("docs/en/glossary.md") == ("en", "glossary.md")
    for rel in [
        "docs/en/api/model.md",  # mkdocstrings: the package's docstrings, the inventory
        "docs/zh/assets/javascripts/x.js",
        "docs/snippets/a.md",
        "mkdocs.yml",
        "tools/sitebuild/plugin.py",
    ]:
        assert fastpath._page_of(rel) is None, rel


def test_the_snapshot_sees_an_edit_and_skips_editors_hidden_files(tmp_path, monkeypatch):
    monkeypatch.setattr(fastpath, "_footer", lambda root: (None, "footer"))
    page = tmp_path / "docs" / "zh" / "a.md"
    page.parent.mkdir(parents=True)
    page.write_text("# A\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", "utf-8")
    before = fastpath.take(tmp_path)
    assert set(before.stats) == {"docs/zh/a.md", "mkdocs.yml"}
    assert before.texts == {"docs/zh/a.md": b"# A\n"} and before.footer == "footer"
    (page.parent / ".a.md.swp").write_bytes(b"vim")
    assert fastpath.take(tmp_path, before).stats == before.stats
    page.write_text("# A\n\nmore\n", "utf-8")
    os.utime(page, ns=(1, 1))
    after = fastpath.take(tmp_path, before)
    assert after.stats["docs/zh/a.md"] != before.stats["docs/zh/a.md"]
    assert after.texts["docs/zh/a.md"] == b"# A\n\nmore\n"


def test_a_new_commit_is_patched_into_every_footer_with_the_names_the_pages_now_use(tmp_path):
    from dataclasses import replace
    import pytest
    from mkdocs.config import load_config

    from tools.sitebuild import site_finish, stamp
    from tools.sitebuild.notebooks import ROOT

    env = load_config(str(ROOT / "mkdocs.yml")).theme.get_env()
    old = stamp.BuildStamp("0.1.0", "2.0", 0, "ab" * 20)
    new = replace(old, commit=None)
    blocks = {lang: stamp.block(env, old, lang, stamp.finish_block) for lang in ("zh", "en")}
    pages = {
        "index.html": f"<p>中文</p>{blocks['zh']}",
        "en/index.html": f"<p><code>x</code></p>{blocks['en']}",
        "en/redirect.html": "<meta http-equiv=refresh>",
    }
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, "utf-8")
    plan = site_finish.FinishPlan()
    plan.names = {rel: site_finish.used_names_of(text) for rel, text in pages.items()}
    kept = fastpath.Kept(None, None, None, env, None, site=tmp_path)
    snapshot = fastpath.Snapshot({}, {}, "", plan, {"zh": kept}, built=old)
    writes = {}
    names = fastpath._restamp(snapshot, new, writes, {})
    assert sorted(p.relative_to(tmp_path).as_posix() for p in writes) == [
        "en/index.html",
        "index.html",
    ]
    for rel in ("index.html", "en/index.html"):
        lang = "en" if rel.startswith("en/") else "zh"
        after = stamp.block(env, new, lang, stamp.finish_block)
        text = writes[tmp_path / rel].decode()
        assert text == pages[rel].replace(blocks[lang], after)
        # as a clean build's finishing steps would read the page
        assert names[rel] == site_finish.used_names_of(text)
    assert "code" not in names["index.html"][2] and "code" in names["en/index.html"][2]
    # a page whose footer shows another stamp: the site is built again
    (tmp_path / "index.html").write_text(
        stamp.block(env, replace(old, seed=3), "zh", stamp.finish_block), "utf-8"
    )
    with pytest.raises(ValueError, match="index.html shows another stamp"):
        fastpath._restamp(snapshot, new, {}, {})
