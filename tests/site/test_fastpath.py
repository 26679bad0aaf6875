"""The fast path's decisions: which edits render one page alone (no site build here).

That the pages it serves are those of a clean build is tested by serving a small
site (``test_incremental.py``).
"""

from __future__ import annotations

import os
import threading
import time

import pytest

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
    with pytest.raises(ValueError, match=r"index\.html shows another stamp"):
        fastpath._restamp(snapshot, new, {}, {})


class _Config:
    """What the fast path reads of a kept config."""

    def __init__(self, path):
        self.config_file_path = str(path)
        self.plugins = {}


class _Options:
    build_also_into = "en"


def test_the_reused_site_built_ahead_gives_way_to_an_edit_then_is_kept(tmp_path, monkeypatch):
    # mkdocs serve reused the English site: it is built in the serving process, and an
    # edit arriving meanwhile stops that build at its next page, is served, then the
    # build starts again and its state is kept as served at <site>/en/
    order = []
    en_config = tmp_path / "mkdocs.en.yml"
    zh_config = tmp_path / "mkdocs.yml"

    class Subsite:
        root, config_file, calls = tmp_path, type(en_config)("mkdocs.en.yml"), 0

        def build_in_process(self, scratch):
            Subsite.calls += 1
            if Subsite.calls == 1:  # a writer's edit, while the first page is built
                edit = threading.Thread(target=served)
                edit.start()
                while not fastpath._edit_waiting.is_set():
                    time.sleep(0.01)
                fastpath.give_way()
                order.append("went on after the edit arrived")
            order.append("built")
            fastpath.keep(_Config(en_config), "files", "nav", "env", "shown")

    class Plugin:
        subsite, config, finish_plan = Subsite(), _Options(), None

    plugins = {str(zh_config): Plugin()}
    zh = fastpath.Kept(_Config(zh_config), "files", "nav", "env", "shown", site=tmp_path)
    snapshot = fastpath.Snapshot({}, {}, "", plan=object(), kept={fastpath._key(zh_config): zh})
    monkeypatch.setattr(fastpath, "current", snapshot)
    monkeypatch.setattr(fastpath, "rebuild", lambda root, plugins: order.append("edit") or True)
    monkeypatch.setattr(fastpath, "prime_later", lambda plugins: None)
    served = fastpath.wrap_builder(lambda: order.append("full build"), tmp_path, plugins)

    assert fastpath.prime(plugins) == ["mkdocs.en.yml"]
    assert order == ["edit", "built"]
    kept = snapshot.kept[fastpath._key(en_config)]
    assert (kept.site, kept.prefix, kept.nav) == (tmp_path, "en/", "nav")
    assert not fastpath._edit_waiting.is_set() and not fastpath.BUILD_LOCK.locked()
    # kept: nothing more to build
    assert fastpath.prime(plugins) == [] and Subsite.calls == 2


def test_a_build_of_the_edit_itself_never_gives_way():
    fastpath._edit_waiting.set()
    try:
        fastpath.give_way()  # not in prime's build: nothing happens
    finally:
        fastpath._edit_waiting.clear()


def test_an_edit_needing_the_site_built_ahead_waits_for_it(tmp_path, monkeypatch):
    # an English edit while the English site's state is being built: stopping that
    # build would leave the edit a build of the whole site; it waits instead
    order = []
    for lang in ("zh", "en"):
        (tmp_path / "docs" / lang).mkdir(parents=True)
        (tmp_path / "docs" / lang / "page.md").write_text("# Page\n\nProse.\n", "utf-8")
    en_config = tmp_path / "mkdocs.en.yml"
    zh_config = _Config(tmp_path / "mkdocs.yml")
    zh_config.docs_dir = str(tmp_path / "docs" / "zh")
    building = threading.Event()

    class Subsite:
        root, config_file = tmp_path, type(en_config)("mkdocs.en.yml")

        def build_in_process(self, scratch):
            building.set()
            for _ in range(50):  # 50 pages: each one would give way
                fastpath.give_way()
                time.sleep(0.01)
            order.append("built")
            fastpath.keep(_Config(en_config), "files", "nav", "env", "shown")

    class Plugin:
        subsite, config, finish_plan = Subsite(), _Options(), None

    plugins = {zh_config.config_file_path: Plugin()}
    zh = fastpath.Kept(zh_config, "files", "nav", "env", "shown", site=tmp_path)
    snapshot = fastpath.take(tmp_path, footer=False)
    snapshot.plan, snapshot.kept = object(), {fastpath._key(zh_config.config_file_path): zh}
    monkeypatch.setattr(fastpath, "current", snapshot)
    monkeypatch.setattr(fastpath, "rebuild", lambda root, plugins: order.append("edit") or True)
    served = fastpath.wrap_builder(lambda: order.append("full build"), tmp_path, plugins)

    fastpath.prime_later(plugins)
    assert building.wait(10)
    (tmp_path / "docs" / "en" / "page.md").write_text("# Page\n\nEdited prose.\n", "utf-8")
    served()
    fastpath._primer.join(10)
    assert order == ["built", "edit"]
    assert fastpath._key(en_config) in snapshot.kept


def test_an_event_with_no_input_changed_builds_nothing(monkeypatch):
    # the watcher fires twice for one save (or for an editor's hidden file): the second
    # time no input differs from the site served, which stays as it is, unless the
    # footer's commit moved (then every page changes)
    from tools.sitebuild.notebooks import ROOT

    snapshot = fastpath.take(ROOT)
    snapshot.plan = object()
    monkeypatch.setattr(fastpath, "current", snapshot)
    assert fastpath.rebuild(ROOT, {}) is True
    assert fastpath.current is snapshot
    snapshot.footer = "another commit"
    assert fastpath.rebuild(ROOT, {}) is False


@pytest.mark.parametrize(
    "event",
    [
        lambda hooks: hooks.on_pre_page(None, None, None),
        lambda hooks: hooks.on_page_context({}, None, None, None),
    ],
    ids=["a page read", "a page written"],
)
def test_the_build_ahead_gives_way_when_a_page_is_read_and_when_it_is_written(event):
    # MkDocs reads every page (on_pre_page), then writes every page (on_page_context):
    # a page kept from the cache is quick to read, so an edit arriving during the
    # writing waited for the whole build ahead (2.6 s of the English site's 2.8)
    from tools.sitebuild import hooks

    fastpath._priming.on = True
    fastpath._edit_waiting.set()
    try:
        with pytest.raises(fastpath.GaveWay):
            event(hooks)
    finally:
        fastpath._priming.on = fastpath._priming.gave_way = False
        fastpath._edit_waiting.clear()


def test_the_site_built_ahead_shows_the_stamp_served_whatever_the_tree_is_meanwhile(
    tmp_path, monkeypatch
):
    # the English site is built ahead while an edit makes the tree unclean: read from the
    # tree, its footer was the next stamp, and the edit fell back to a full build (the
    # served pages showed the commit, the kept state "uncommitted")
    from dataclasses import replace

    from tools.sitebuild import stamp

    served = replace(stamp.build_stamp(), commit="0" * 40)
    seen = []
    en_config, zh_config = tmp_path / "mkdocs.en.yml", tmp_path / "mkdocs.yml"

    class Subsite:
        root, config_file = tmp_path, type(en_config)("mkdocs.en.yml")

        def build_in_process(self, scratch):
            seen.append(stamp.current())
            fastpath.keep(_Config(en_config), "files", "nav", "env", "shown")

    class Plugin:
        subsite, config, finish_plan = Subsite(), _Options(), None

    zh = fastpath.Kept(_Config(zh_config), "files", "nav", "env", "shown", site=tmp_path)
    snapshot = fastpath.Snapshot({}, {}, "", plan=object(), kept={fastpath._key(zh_config): zh})
    snapshot.built = served
    monkeypatch.setattr(fastpath, "current", snapshot)
    monkeypatch.setattr(fastpath, "prime_later", lambda plugins: None)

    assert fastpath.prime({str(zh_config): Plugin()}) == ["mkdocs.en.yml"]
    assert seen == [served] and stamp.current() != served  # this thread only, then no more


def test_a_code_edit_renders_the_page_in_both_languages_after_syncing_the_english_code(tmp_path):
    page = "# %% [markdown]\n# {prose}\n\n# %%\nprint({value})\n"
    for lang, prose in (("zh", "中文。"), ("en", "English.")):
        (tmp_path / "docs" / lang).mkdir(parents=True)
        (tmp_path / "docs" / lang / "p.py").write_text(page.format(prose=prose, value=1), "utf-8")
    zh, en = tmp_path / "docs" / "zh" / "p.py", tmp_path / "docs" / "en" / "p.py"
    before = fastpath.take(tmp_path, footer=False)

    def edit_of(path, old, new):
        path.write_text(path.read_text("utf-8").replace(old, new), "utf-8")
        now = fastpath.take(tmp_path, before, footer=False)
        changed = [r for r in now.stats if now.stats[r] != before.stats.get(r)]
        return fastpath._edit(tmp_path, before, now, sorted(changed))

    # prose: the page of its language alone
    assert edit_of(zh, "中文。", "改过。")[1:3] == ("p.py", ["zh"])
    zh.write_text(page.format(prose="中文。", value=1), "utf-8")
    # code in the Chinese page: copied into the English page, both rendered
    now, src_uri, langs, what = edit_of(zh, "print(1)", "print(2)")
    assert (src_uri, langs) == ("p.py", ["zh", "en"]) and "changed in its code" in what
    assert en.read_text("utf-8") == page.format(prose="English.", value=2)
    assert now.texts["docs/en/p.py"] == en.read_bytes()  # the inputs after the copy
    # code changed in the English page only: the full build puts the Chinese code back
    zh.write_text(page.format(prose="中文。", value=1), "utf-8")
    en.write_text(page.format(prose="English.", value=1), "utf-8")
    before = fastpath.take(tmp_path, footer=False)
    assert edit_of(en, "print(1)", "print(3)") == (
        "docs/en/p.py: its code is not the code of docs/zh/p.py"
    )
