"""The site-build plugin: which config builds which, clear errors, the English build cache."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError

from tools.sitebuild.notebooks import ROOT
from tools.sitebuild.plugin import SiteBuildPlugin
from tools.sitebuild.subsite import INPUT_FOLDERS, Subsite, prune


def configured(name: str) -> SiteBuildPlugin:
    """The plugin as the build of the config file ``name`` sets it up (nothing built)."""
    config = load_config(str(ROOT / name))
    hook = config.plugins["tools/sitebuild/hooks.py"]
    hook.on_config(config)
    return hook.plugins[config.config_file_path]


@pytest.mark.parametrize(
    ("name", "languages", "other", "offline"),
    [
        ("mkdocs.yml", ["zh", "en"], "mkdocs.en.yml", False),
        ("mkdocs.en.yml", ["en"], None, False),
        ("mkdocs.offline.yml", ["zh", "en"], "mkdocs.offline.en.yml", True),
        ("mkdocs.offline.en.yml", ["en"], None, True),
    ],
)
def test_each_config_names_what_it_builds(name, languages, other, offline):
    plugin = configured(name)
    assert plugin.config.languages == languages
    assert plugin.config.offline is offline
    assert plugin.config.join_cjk_lines is (name in ("mkdocs.yml", "mkdocs.offline.yml"))
    if other is None:
        assert plugin.config.build_also is None and plugin.subsite is None
    else:
        assert plugin.subsite is not None and plugin.subsite.config_file == ROOT / other


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"build_also": "missing.yml"}, "build_also"),
        ({"languages": ["fr"]}, "languages"),
        ({"offline": "yes"}, "offline"),
    ],
)
def test_bad_options_are_reported_by_name(tmp_path, options, problem):
    errors, _ = SiteBuildPlugin().load_config(options, str(tmp_path / "mkdocs.yml"))
    assert [name for name, _ in errors] == [problem]


def test_an_unknown_option_is_reported():
    _, warnings = SiteBuildPlugin().load_config({"build_als": "x"}, str(ROOT / "mkdocs.yml"))
    assert [name for name, _ in warnings] == ["build_als"]


def test_a_site_whose_language_is_not_built_is_an_error():
    config = load_config(str(ROOT / "mkdocs.en.yml"))
    plugin = SiteBuildPlugin()
    plugin.load_config({"languages": ["zh"]}, config.config_file_path)
    with pytest.raises(PluginError, match=r"add it to extra\.sitebuild\.languages"):
        plugin.on_config(config)


def test_the_cache_folder_follows_attn_cache_dir(tmp_path, monkeypatch):
    # the tests and the benchmark build with their own caches
    monkeypatch.setenv("ATTN_CACHE_DIR", str(tmp_path))
    plugin = configured("mkdocs.yml")
    assert plugin.cache_root == tmp_path
    assert plugin.cache.cache_dir == tmp_path / "notebooks"
    assert plugin.subsite.cache_dir == tmp_path / "site-en"


def test_the_english_site_is_rebuilt_when_a_file_it_includes_changes():
    """Every file an English page includes (``--8<--``, e.g. the benchmark tables of the
    contributing page) is an input of the English build's fingerprint."""
    included = {
        path
        for page in (ROOT / "docs" / "en").rglob("*.md")
        for path in re.findall(r'--8<-- "([^"]+)"', page.read_text(encoding="utf-8"))
    }
    assert "benchmarks/results/lighthouse.en.md" in included
    outside = [p for p in included if not p.startswith(tuple(f + "/" for f in INPUT_FOLDERS))]
    assert outside == []


def test_the_cache_keeps_the_most_recently_used_english_builds(tmp_path):
    """Each build into a new folder (every test run) adds one; only ``keep`` stay."""
    for age, tag in enumerate(["newest", "second", "third", "oldest"]):
        (tmp_path / tag).mkdir()
        (tmp_path / tag / "index.html").write_text("built")
        stamp = tmp_path / f"{tag}.fingerprint"
        stamp.write_text("f")
        os.utime(stamp, (1e9 - age, 1e9 - age))
    (tmp_path / "unstamped").mkdir()  # a build whose stamp is gone: never reused
    removed = prune(tmp_path, keep=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "newest", "newest.fingerprint", "second", "second.fingerprint"
    ]  # fmt: skip
    assert [p.name for p in removed] == [
        "oldest", "oldest.fingerprint", "third", "third.fingerprint", "unstamped"
    ]  # fmt: skip


def tiny_subsite(tmp_path, environment: str = "e") -> Subsite:
    """A Subsite of a one-page site (no plugins): builds in about a second."""
    docs = tmp_path / "tiny-docs"
    if not docs.is_dir():
        docs.mkdir()
        (docs / "index.md").write_text("# Tiny\n", encoding="utf-8")
        (tmp_path / "mkdocs.tiny.yml").write_text(f"site_name: Tiny\ndocs_dir: {docs}\n")
    return Subsite(
        tmp_path / "mkdocs.tiny.yml", ROOT, tmp_path / "cache", strict=True, environment=environment
    )


@pytest.mark.build
def test_a_build_with_the_same_inputs_is_reused_whatever_the_output_folder(tmp_path):
    first = tiny_subsite(tmp_path)
    first.start()
    assert first._process is not None  # nothing to reuse: built
    first.finish(tmp_path / "out-1" / "en")
    again = tiny_subsite(tmp_path)
    again.start()
    assert again._process is None and again.build_dir == first.build_dir  # reused
    again.finish(tmp_path / "out-2" / "en")
    assert (tmp_path / "out-2" / "en" / "index.html").read_bytes() == (
        tmp_path / "out-1" / "en" / "index.html"
    ).read_bytes()
    other = tiny_subsite(tmp_path, environment="another")  # other inputs: its own build
    other.start()
    assert other._process is not None and other.build_dir != first.build_dir
    other.finish(tmp_path / "out-3" / "en")
    assert sorted(p.name for p in (tmp_path / "cache").iterdir() if p.is_dir()) == sorted(
        [first.build_dir.name, other.build_dir.name]
    )


TRY_LOCK = """
import fcntl, sys
with open(sys.argv[1], "w") as handle:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print("held")
    else:
        print("free")
"""


@pytest.mark.build
def test_a_build_holds_its_lock_from_start_to_finish(tmp_path):
    """Another process that needs the same build waits (here: finds the lock taken)."""
    subsite = tiny_subsite(tmp_path)
    subsite.start()
    lock = subsite.build_dir.with_suffix(".lock")

    def other_process() -> str:
        return subprocess.run(
            [sys.executable, "-c", TRY_LOCK, str(lock)], capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        assert other_process() == "held"
    finally:
        subsite.finish(tmp_path / "out" / "en")
    assert other_process() == "free"


def test_the_english_site_is_rebuilt_when_the_wheel_it_offers_changes(tmp_path, monkeypatch):
    """The English pages offer the package's wheel, whose long description is README.md."""
    subsite = tiny_subsite(tmp_path)
    before = subsite.fingerprint()
    read_bytes = Path.read_bytes
    readme = ROOT / "README.md"
    monkeypatch.setattr(
        Path, "read_bytes", lambda p: read_bytes(p) + b"\nedited" if p == readme else read_bytes(p)
    )
    assert subsite.fingerprint() != before


@pytest.mark.build
def test_serve_builds_the_other_site_in_its_own_process_with_the_same_result(tmp_path):
    """``mkdocs serve`` builds the English site in the serving process (warm imports)."""
    here = tiny_subsite(tmp_path)
    here.start(in_process=True)
    assert here._process is None  # nothing started: built in finish()
    here.finish(tmp_path / "out-here" / "en")
    other = Subsite(
        tmp_path / "mkdocs.tiny.yml", ROOT, tmp_path / "cache-2", strict=True, environment="e"
    )
    other.start()
    assert other._process is not None
    other.finish(tmp_path / "out-process" / "en")
    page = Path("en") / "index.html"

    def built(folder: str) -> bytes:  # MkDocs' theme writes the time of the build
        return re.sub(rb"Build Date UTC : [^\n]*", b"", (tmp_path / folder / page).read_bytes())

    assert built("out-here") == built("out-process")
    again = tiny_subsite(tmp_path)
    again.start(in_process=True)  # the same inputs: reused, not built again
    assert again.build_dir == here.build_dir and not again._here
    again.finish(tmp_path / "out-again" / "en")


def test_each_config_has_its_own_plugin_in_one_process():
    """The serving process builds both languages: neither build may see the other's state."""
    zh, en = configured("mkdocs.yml"), configured("mkdocs.en.yml")
    assert zh is not en
    assert zh.config.languages == ["zh", "en"] and en.config.languages == ["en"]
    assert configured("mkdocs.yml") is zh  # the same plugin for every rebuild of a config


@pytest.fixture
def counted_repairs(tmp_path, monkeypatch):
    """The Chinese build's plugin, caching in ``tmp_path``, and the URLs of the pages it repairs."""
    monkeypatch.setenv("ATTN_CACHE_DIR", str(tmp_path))
    plugin = configured("mkdocs.yml")
    calls = []
    repair = plugin.repair_page
    monkeypatch.setattr(
        plugin,
        "repair_page",
        lambda html, page, files: calls.append(page.url) or repair(html, page, files),
    )
    return plugin, calls


def test_a_markdown_page_is_repaired_once_whatever_its_url(counted_repairs):
    """The offline site's page (``x.html``) takes the repair the site's page (``x/``) got.

    A Markdown page's repair joins the lines of its Chinese text and reads nothing but
    its HTML: kept by its URL too, the offline build parsed every page again.
    """
    from types import SimpleNamespace

    plugin, calls = counted_repairs
    html = "<p>一段中文\n文字。</p>\n<pre>代码\n换行</pre>"
    pages = [
        SimpleNamespace(file=SimpleNamespace(src_uri="glossary.md"), url=url, toc=[])
        for url in ("glossary/", "glossary.html")
    ]
    files = SimpleNamespace(documentation_pages=lambda: [])
    out = [plugin.on_page_content(html, page=p, config=None, files=files) for p in pages]
    assert out == ["<p>一段中文文字。</p>\n<pre>代码\n换行</pre>"] * 2
    assert calls == ["glossary/"]


def test_a_notebook_page_is_repaired_once_and_its_urls_placed_for_each_site(counted_repairs):
    """The offline site's notebook page (``x.html``) takes the repair of the site's (``x/``).

    The repair's URLs (links to other pages, figures, the notebook stylesheet) depend on
    the page's URL: kept by it, the offline build repaired every notebook page again.
    They are kept as marks and placed for each site's URLs.
    """
    import io
    from types import SimpleNamespace

    from PIL import Image

    from tools.sitebuild.plugin import _place_urls, _url_mark

    plugin, calls = counted_repairs
    png = io.BytesIO()
    Image.new("RGB", (3, 2)).save(png, format="PNG")
    data = base64.b64encode(png.getvalue()).decode()
    html = (
        "<style>.jp-x { color: red; }</style>"
        '<p>见<a href="cues.py#q">提示</a>，<a href="https://example.org/">外部</a>。</p>'
        f'<img src="data:image/png;base64,{data}">'
    )
    figure = f"../assets/figures/{hashlib.sha256(png.getvalue()).hexdigest()[:16]}.png"
    out = []
    for page_url, cues_url in (("nonparametric/", "cues/"), ("nonparametric.html", "cues.html")):
        urls = {"nonparametric.py": page_url, "cues.py": cues_url}
        docs = [SimpleNamespace(src_uri=src, url=url) for src, url in urls.items()]
        files = SimpleNamespace(
            documentation_pages=lambda docs=docs: docs,
            get_file_from_path=lambda src, docs=docs: next(d for d in docs if d.src_uri == src),
        )
        page = SimpleNamespace(
            file=SimpleNamespace(src_uri="nonparametric.py"), url=page_url, toc=[]
        )
        out.append(plugin.on_page_content(html, page=page, config=None, files=files))
    assert calls == ["nonparametric/"]
    site, offline = out
    assert '<a href="../cues/#q">提示</a>' in site and '<a href="cues.html#q">提示</a>' in offline
    assert '<a href="https://example.org/">外部</a>' in site and "attn-url" not in site + offline
    assert f'src="{figure}"' in site and f'src="{figure[3:]}"' in offline
    css = re.search(
        r'<link rel="stylesheet" href="\.\./(assets/stylesheets/notebook\.\w+\.css)">', site
    )
    assert css is not None and offline.startswith(f'<link rel="stylesheet" href="{css[1]}">')
    assert site.replace("../", "").replace("cues/", "cues.html") == offline
    with pytest.raises(PluginError, match="holds the text 'attn-url:'"):
        plugin.on_page_content(
            html + _url_mark("page", "x.py"), page=page, config=None, files=files
        )
    with pytest.raises(PluginError, match="a URL mark left unplaced"):
        _place_urls(_url_mark("page", "a b.py"), page, files)


# --- finishing a templated page: one tree, one parse ----------------------------------

# The commit whose finishing steps were passes over the page's text, one after another.
STRING_CHAIN_COMMIT = "67ea693"
_STRING_CHAIN = """
import sys
from pathlib import Path
from tools.sitebuild import (
    codebreaks, copybuttons, htmlslim, mathrender, page_repairs, tables,
)
page, drop = sys.stdin.read(), sys.argv[1] == "drop"
katex = mathrender.KatexRenderer(Path(sys.argv[2]))
out = mathrender.render_math(page, katex)
katex.close()
out = codebreaks.mark(htmlslim.slim(tables.wrap(tables.row_headers(out))))
out = page_repairs.drop_unused_explorer(tables.paint_after_early_tables(out))
out = copybuttons.prerender(out)
sys.stdout.write(page_repairs.drop_alternate_links(out) if drop else out)
"""
LONG = "attention_tutorial.nadaraya_watson_chunked"
FINISH_PAGE = f"""<!doctype html>
<html lang="zh" class="no-js">
  <head>
    <meta charset=utf-8>
    <link rel="alternate" href="/" hreflang="zh">
    <link rel="alternate" href="/en/" hreflang="en">
    <link rel="stylesheet" href="../assets/stylesheets/explorer.css">
  </head>
  <body>
    <input  class="md-toggle" type=checkbox id="__drawer" autocomplete="off" checked>
    <svg viewBox="0 0 24 24"><path d="M3 6h18v2H3z"/></svg>
    <div data-md-component="content">
      <article class="md-content__inner md-typeset">
        <h1 id="x"><code>{LONG}</code></h1>
        <p>权重（<span class="arithmatex">\\(\\alpha(x, x_i)\\)</span>）之和为一：
          <span class="arithmatex">\\(a &lt; b\\)</span>。</p>
        <div class="arithmatex">\\[
          f(x) = \\sum_i \\alpha(x, x_i) y_i
        \\]</div>
        <table><thead><tr><th></th><th>a</th></tr></thead>
          <tbody><tr><td>x</td><td><code>{LONG}(q, k, v)</code></td></tr></tbody></table>
        <p>See <a class="autorefs autorefs-internal" href="#n">nadaraya_watson_chunked</a>.</p>
        <div class="jp-Cell jp-MarkdownCell"><p>“$w$”（$h$），$$y = 1$$ and <code>$no$</code></p>
          <div class="highlight"><pre><span></span><code>x = 1
    y = 2</code></pre></div></div>
        <div id="cell-id=cell-5"><pre><code>a</code></pre><pre><code>b</code></pre></div>
        <pre><a id="__codelineno-0-1" name="__codelineno-0-1" href="#x"></a>kept
          as is</pre>
      </article>
    </div>
    <script id="__config" type="application/json">{{"translations": {{"clipboard.copy": "复制"}}}}</script>
    <script src="../assets/javascripts/explorer.js" defer></script>
  </body>
</html>
"""  # noqa: E501 (the page of Material's template, one line of its config script)


def _string_chain(tmp_path: Path, page: str, *, drop: bool) -> str:
    """What the finishing steps of ``STRING_CHAIN_COMMIT`` made of ``page``."""
    try:
        archive = subprocess.run(
            ["git", "archive", STRING_CHAIN_COMMIT, "tools/sitebuild"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"commit {STRING_CHAIN_COMMIT} is not in this checkout")
    old = tmp_path / "old"
    old.mkdir(exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(old), str(ROOT)])}
    run = [sys.executable, "-c", _STRING_CHAIN, "drop" if drop else "keep", str(ROOT)]
    done = subprocess.run(run, input=page, env=env, capture_output=True, text=True, cwd=old)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("site_url", [None, "https://example.org/"])
def test_a_page_is_finished_on_one_tree_with_the_bytes_the_string_passes_gave(
    tmp_path, monkeypatch, site_url
):
    """One parse and one serialization; the page byte for byte what the passes over its text made.

    The page has formulas (with punctuation kept on their line), a table whose
    top-left cell is empty, long inline code, an API link, code blocks that need ids of
    their own, an unused explorer's assets, hreflang links and a theme's spellings
    (``type=checkbox``, two spaces, ``<path/>``).
    """
    from types import SimpleNamespace

    from tools.sitebuild import html_tree

    plugin = configured("mkdocs.yml")
    parses = []
    feed = html_tree._Builder.feed
    monkeypatch.setattr(
        html_tree._Builder, "feed", lambda self, *a, **k: parses.append(1) or feed(self, *a, **k)
    )
    page = SimpleNamespace(file=SimpleNamespace(src_uri="x.md"))
    config = SimpleNamespace(site_url=site_url)
    out = plugin.finish_page(FINISH_PAGE, page, config)
    plugin._close_katex()
    assert len(parses) == 1
    assert 'class="katex"' in out and "md-code__button" in out and "<wbr>" in out
    assert ("hreflang" in out) == (site_url is not None)
    assert out == _string_chain(tmp_path, FINISH_PAGE, drop=site_url is None)


def test_finishing_steps_are_named_and_documented():
    from types import SimpleNamespace

    plugin = configured("mkdocs.yml")
    steps = plugin.finish_steps(SimpleNamespace(site_url=None))
    plugin._close_katex()
    names = [step.__name__ for step in steps]
    assert names == [
        "render_formulas",
        "row_headers_tree",
        "term_columns_tree",
        "wrap_tree",
        "slim_tree",
        "mark_tree",
        "drop_unused_explorer_tree",
        "permalink_titles_tree",
        "trim_link_titles_tree",
        "name_nav_toggles_tree",
        "title_parts_tree",
        "code_in_prose_blocks_tree",
        "prerender_tree",
        "drop_alternate_links_tree",
        "paint_after_early_tables_tree",
    ]
    assert all(step.__doc__ for step in steps)
    assert all(name in plugin.finish_steps.__doc__ for name in names)


def test_search_entries_are_kept_whatever_the_page_url(tmp_path):
    """A page's search entries are kept by the sections Material's parser finds, not by its
    URL: the same page with other links (the offline variant's ``.html`` URLs) gets them
    from the cache, located at its own URL, as Material makes them; another text does not."""
    from types import SimpleNamespace

    from material.plugins.search.plugin import SearchIndex
    from mkdocs.structure.toc import get_toc

    from tools.sitebuild.stepcache import StepCache

    options = {"lang": ["zh"], "separator": r"[\s\-]+", "pipeline": [], "fields": {}}

    def page(url: str, link: str, text: str = "注意力汇聚") -> SimpleNamespace:
        content = (
            f'<h1 id="t">标题</h1><p>{text}，见 <a href="{link}">核回归</a>。</p>'
            f'<h2 id="s">第二节</h2><p><img src="{link}x.png"> 更多 <code>x</code></p>'
        )
        toc = get_toc([{"level": 1, "id": "t", "name": "标题", "children": []}])
        return SimpleNamespace(content=content, url=url, title="标题", meta={}, toc=toc)

    def entries(pages, steps: StepCache | None) -> list[dict]:
        index = SearchIndex(**options)
        plugin = SiteBuildPlugin()
        plugin.steps = steps
        search = SimpleNamespace(search_index=index, config=options)
        config = SimpleNamespace(plugins={"material/search": search})
        if steps is not None:
            plugin._keep_search_entries(config)
        for each in pages:
            index.add_entry_from_context(each)
        return index.entries

    steps = StepCache(tmp_path / "steps", version="test")
    site = [page("nonparametric/", "../kernel/"), page("", "kernel/", text="首页")]
    assert entries(site, steps) == entries(site, None)
    made = steps.misses
    # a rebuild of the same pages (the English site built again under `mkdocs serve`)
    # finds their sections under their content and their entries under those
    assert entries(site, steps) == entries(site, None)
    assert steps.misses == made and steps.hits == 4
    offline = [
        page("nonparametric.html", "kernel.html"),
        page("index.html", "kernel.html", text="首页"),
    ]
    kept = entries(offline, steps)
    # other contents (other links): parsed again, their sections the same, so the
    # entries are taken from the cache
    assert steps.misses == made + 2 and steps.hits == 4 + 2
    assert kept == entries(offline, None)
    assert (
        kept[0]["location"] == "nonparametric.html"
        and kept[1]["location"] == "nonparametric.html#s"
    )
    other = [page("nonparametric.html", "kernel.html", text="另一段文字")]
    assert entries(other, steps) == entries(other, None)
    assert steps.misses == made + 2 + 2  # its sections, then its entries


# --- API pages: rendered once for the site and its offline variant --------------------


def test_a_config_and_its_offline_variant_render_api_pages_under_one_key():
    """The offline variant only adds the offline plugin: its API pages take the site's.

    Keyed by the config file's path, the offline build rendered every API page again;
    another language (other options, other sentences) has its own key.
    """
    zh, zh_offline = configured("mkdocs.yml"), configured("mkdocs.offline.yml")
    en, en_offline = configured("mkdocs.en.yml"), configured("mkdocs.offline.en.yml")
    assert zh._api_key == zh_offline._api_key and en._api_key == en_offline._api_key
    assert zh._api_key != en._api_key


def test_links_rendered_as_marks_are_placed_as_mkdocs_writes_them(tmp_path):
    """A page rendered with its links as marks (``_marked_links``) is the same text for
    both kinds of URL (``x/`` and ``x.html``), and placing the marks gives, byte for byte,
    what MkDocs writes for each: links to pages (with a fragment or a query), to a page's
    folder, to an image; external links, fragments and broken links stay as written."""
    from types import SimpleNamespace

    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page

    from tools.sitebuild.plugin import _marked_links, _only_marked_urls, _place_urls

    docs = tmp_path / "docs"
    for name in ("index.md", "average.md", "api/pooling.md", "handbook/index.md", "a.png"):
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text("# x\n", encoding="utf-8")
    text = (
        "# Pooling\n\n[a](../average.md#x) [b](../index.md) [c](../handbook/index.md) "
        "[d](../average.md?q=1#y) ![e](../a.png) [f](https://example.org/a.md) [g](#h)\n"
    )
    rendered = {}
    for directory_urls in (True, False):
        (tmp_path / "mkdocs.yml").write_text(
            f"site_name: t\nuse_directory_urls: {str(directory_urls).lower()}\n",
            encoding="utf-8",
        )
        config = load_config(str(tmp_path / "mkdocs.yml"))
        files = Files(
            [
                File(name, str(docs), str(tmp_path / "site"), directory_urls)
                for name in ("index.md", "average.md", "api/pooling.md", "handbook/index.md")
            ]
            + [File("a.png", str(docs), str(tmp_path / "site"), directory_urls)]
        )
        pages = []
        for marks in (False, True):
            file = files.get_file_from_path("api/pooling.md")
            page = Page(None, file, config)
            page.markdown = text
            with _marked_links(marks):
                page.render(config, files)
            pages.append(page)
        plain, marked = pages
        assert "attn-url:" not in plain.content and _only_marked_urls(marked.content)
        assert not _only_marked_urls(plain.content)
        assert marked.links_to_anchors is None or (
            {f.src_uri: a for f, a in marked.links_to_anchors.items()}
            == {f.src_uri: a for f, a in plain.links_to_anchors.items()}
        )
        page = SimpleNamespace(url=plain.url, file=plain.file)
        assert _place_urls(marked.content, page, files) == plain.content
        rendered[directory_urls] = (plain.content, marked.content)
    assert rendered[True][1] == rendered[False][1]  # one text for both sites
    assert rendered[True][0] != rendered[False][0]
    assert 'href="../../average/#x"' in rendered[True][0]
    assert 'href="../average.html?q=1#y"' in rendered[False][0]
    assert 'href="https://example.org/a.md"' in rendered[True][1]
    assert 'href="#h"' in rendered[True][1]
    # a relative URL MkDocs does not resolve (raw HTML) makes the page's text not neutral
    assert not _only_marked_urls(rendered[True][1] + "<a href='../average.md'>raw</a>")


def test_search_sections_of_a_placed_page_are_found_without_parsing_it_again(tmp_path, monkeypatch):
    """A page whose content is a kept text with its URLs placed (a notebook page's repair,
    a Markdown page's links) has the sections of that text, whatever the URLs: the offline
    variant's page gets its entries without Material's parser, and the same entries as
    Material makes; a content changed after placing is parsed again."""
    from types import SimpleNamespace

    from material.plugins.search import plugin as material_search
    from mkdocs.structure.toc import get_toc

    from tools.sitebuild.plugin import _keep_neutral, _place_urls, _url_mark
    from tools.sitebuild.stepcache import StepCache

    options = {"lang": ["zh"], "separator": r"[\s\-]+", "pipeline": [], "fields": {}}
    neutral = (
        f'<h1 id="t">标题</h1><p>注意力，见 <a href="{_url_mark("page", "kernel.md")}">核'
        f'回归</a>。</p><h2 id="s">第二节</h2><p><img src="{_url_mark("page", "a.png")}">'
        " 更多 <code>x</code></p>"
    )
    feeds = []
    feed = material_search.Parser.feed
    monkeypatch.setattr(
        material_search.Parser, "feed", lambda self, data: feeds.append(1) or feed(self, data)
    )

    def page(url: str, urls: dict, extra: str = "") -> SimpleNamespace:
        files = SimpleNamespace(get_file_from_path=lambda src: SimpleNamespace(url=urls[src]))
        toc = get_toc([{"level": 1, "id": "t", "name": "标题", "children": []}])
        each = SimpleNamespace(url=url, title="标题", meta={}, toc=toc)
        each.content = _keep_neutral(each, neutral, _place_urls(neutral, each, files)) + extra
        return each

    def entries(pages, steps: StepCache | None) -> list[dict]:
        index = material_search.SearchIndex(**options)
        plugin = SiteBuildPlugin()
        plugin.steps = steps
        search = SimpleNamespace(search_index=index, config=options)
        if steps is not None:
            plugin._keep_search_entries(SimpleNamespace(plugins={"material/search": search}))
        for each in pages:
            index.add_entry_from_context(each)
        return index.entries

    steps = StepCache(tmp_path / "steps", version="test")
    site = [page("nonparametric/", {"kernel.md": "kernel/", "a.png": "a.png"})]
    assert "../kernel/" in site[0].content
    assert entries(site, steps) == entries(site, None)
    offline = [page("nonparametric.html", {"kernel.md": "kernel.html", "a.png": "a.png"})]
    assert "kernel.html" in offline[0].content
    feeds.clear()
    kept = entries(offline, steps)
    assert feeds == []  # neither our key nor Material's entries parsed the page
    assert kept == entries(offline, None) and kept[0]["location"] == "nonparametric.html"
    changed = [page("nonparametric.html", {"kernel.md": "kernel.html", "a.png": "a.png"}, "<p>")]
    feeds.clear()
    assert entries(changed, steps) == entries(changed, None)
    assert len(feeds) == 2  # ours (the content is not the placed text), then Material's
