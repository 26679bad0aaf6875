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
    monkeypatch.setattr(fastpath, "_footer", lambda root: "footer")
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
