"""The home page's reading path and the source blocks (tools/sitebuild/pagehooks.py)."""

from __future__ import annotations

import html
import inspect
import re
from pathlib import Path

import pytest
import yaml
from mkdocs.exceptions import PluginError

from tools.sitebuild.notebooks import DOCS, ROOT, discover
from tools.sitebuild.pagehooks import (
    SOURCE,
    reading_path,
    resolve,
    source_block,
    titled_page_names,
)

CONFIGS = {"zh": ROOT / "mkdocs.yml", "en": ROOT / "mkdocs.en.yml"}
# package functions a chapter page calls without showing their code: each call needs a block
HIDDEN = {
    "at.train(": "attention_tutorial.training.train",
    "at.loss_at_w(": "attention_tutorial.training.loss_at_w",
    "at.loss_curve(": "attention_tutorial.analysis.loss_curve",
    "at.w_path(": "attention_tutorial.training_paths.w_path",
    "at.local_linear(": "attention_tutorial.local_linear_regression.local_linear",
    "at.nadaraya_watson_chunked(": "attention_tutorial.scaling.nadaraya_watson_chunked",
    "at.masked_leave_one_out(": "attention_tutorial.transformer.masked_leave_one_out",
    "at.train_leave_one_out(": "attention_tutorial.toy2d.train_leave_one_out",
    "at.train_seeds(": "attention_tutorial.toy2d.train_seeds",
}


class _AnyTagLoader(yaml.SafeLoader):
    """Reads mkdocs.yml without constructing its !ENV and !!python tags."""


_AnyTagLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def nav(lang: str) -> list:
    return yaml.load(CONFIGS[lang].read_text(encoding="utf-8"), Loader=_AnyTagLoader)["nav"]


def chapter_pages(lang: str) -> list[str]:
    """The chapter: every notebook page outside the handbook, and the d2l map."""
    pages = [nb.rel for nb in discover(DOCS, [lang]) if "/" not in nb.rel]
    return [*pages, "d2l-map.md"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_reading_path_lists_every_chapter_page_in_nav_order(lang):
    markdown = (DOCS / lang / "index.md").read_text(encoding="utf-8")
    rendered = reading_path(markdown, nav(lang), lang)
    assert "reading-path" not in rendered
    items = re.findall(r"^(\d+)\. \[([^\]]+)\]\(([^)]+)\)", rendered, re.M)
    linked = [file for _, _, file in items]
    for page in chapter_pages(lang):
        assert page in linked, f"{page} is missing from the reading path of docs/{lang}/index.md"
    assert [int(n) for n, _, _ in items] == list(range(1, len(items) + 1))
    titles = {f: t for entry in nav(lang) for t, f in entry.items() if isinstance(f, str)}
    assert all(titles[file] == title for _, title, file in items)  # titles come from nav
    order = [f for entry in nav(lang) for f in entry.values() if isinstance(f, str) and f in linked]
    assert linked == order


def test_a_page_added_to_nav_without_a_description_fails_the_build():
    markdown = "<!-- reading-path\na.py: first\nskip: g.md\n-->"
    entries = [{"Home": "index.md"}, {"A": "a.py"}, {"New": "new.py"}, {"G": "g.md"}]
    with pytest.raises(PluginError, match=r"new\.py have no description"):
        reading_path(markdown, entries, "en")
    with pytest.raises(PluginError, match=r"gone\.py are not top-level pages"):
        reading_path(
            markdown.replace("skip:", "gone.py: old\nskip:"), entries[:2] + entries[3:], "en"
        )


def markers(lang: str, rel: str) -> list[str]:
    return SOURCE.findall((DOCS / lang / rel).read_text(encoding="utf-8"))


@pytest.mark.parametrize("rel", chapter_pages("zh"))
def test_a_page_that_calls_a_hidden_function_shows_its_source(rel):
    code = (DOCS / "zh" / rel).read_text(encoding="utf-8")
    shown = set(markers("zh", rel))
    for call, name in HIDDEN.items():
        if re.search(r"^[^#\n]*" + re.escape(call), code, re.M):
            assert name in shown, f"docs/zh/{rel} calls {call}...) but shows no source of {name}"
    assert markers("zh", rel) == markers("en", rel), "both languages show the same sources"


def test_every_source_marker_names_an_object_of_the_package():
    names = {name for rel in chapter_pages("zh") for name in markers("zh", rel)}
    assert set(HIDDEN.values()) <= names
    for name in names:
        assert inspect.getsource(resolve(name))


def code_text(block: str) -> str:
    """The text of the code in a source block, as a reader sees it."""
    code = re.search(r"<pre[^>]*>.*?<code>(.*)</code></pre>", block, re.S).group(1)
    return html.unescape(re.sub(r"<[^>]+>", "", code))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_source_block_holds_the_current_source(lang):
    block = source_block("attention_tutorial.training.train", lang)
    from attention_tutorial.training import train

    assert code_text(block) == inspect.getsource(train)
    assert 'data-package-source="attention_tutorial.training.train"' in block
    assert "data-search-exclude" in block  # the code stays out of the search index
    # at 375 px the title broke the module's name inside a word ("tensors.l|earning"):
    # it may break after each dot only
    summary = block.split("<summary>", 1)[1].split("</summary>", 1)[0]
    assert "attention_tutorial.<wbr>training" in summary


DRAWING_HELPERS = [
    "attention_tutorial.figures.tensors.masks.diagram_eye",
    "attention_tutorial.figures.tensors.drawing.draw_tensors",
    "attention_tutorial.figures.tensors.panel.TensorPanel",
]


@pytest.mark.parametrize("name", DRAWING_HELPERS)
def test_a_drawing_helper_gets_no_source_block(name, tmp_path, monkeypatch):
    """Round-19 reader: the mask page showed ~40 lines of plotting code behind diagram_eye to a
    beginner, while the random page says the drawing helpers only draw pictures. A marker that
    names anything in attention_tutorial.figures fails the build, also from a kept block."""
    from tools.sitebuild import pagehooks
    from tools.sitebuild.stepcache import StepCache

    assert inspect.getsource(resolve(name))  # the name exists: the rule refuses it, not resolve
    with pytest.raises(PluginError, match="drawing helper"):
        source_block(name, "en")
    monkeypatch.setattr(pagehooks, "_blocks", StepCache(tmp_path / "steps"))
    with pytest.raises(PluginError, match="drawing helper"):
        pagehooks.source_blocks(f"<p>x</p>\n<!-- source: {name} -->", "zh")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_page_marks_a_drawing_helper(lang):
    for page in sorted((DOCS / lang).rglob("*")):
        if page.suffix in {".py", ".md"}:
            for name in SOURCE.findall(page.read_text(encoding="utf-8")):
                assert not name.startswith("attention_tutorial.figures"), f"{page}: {name}"


def test_an_unknown_name_fails_with_the_name():
    with pytest.raises(PluginError, match="no_such_function"):
        source_block("attention_tutorial.training.no_such_function", "en")


@pytest.mark.build
def test_every_built_source_block_holds_the_current_source(site: Path):
    """The code as the package has it; only its docstrings' page names (``local-linear.md``)
    shown as the pages' titles, linked (r37c: a reader saw a file name that is no page)."""
    found = 0
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        lang = "en" if page.relative_to(site).parts[0] == "en" else "zh"
        assert "<!-- source:" not in text, f"{page}: a marker was left unreplaced"
        for block in re.findall(r'<details class="example source-code".*?</details>', text, re.S):
            name = re.search(r'data-package-source="([^"]+)"', block).group(1)
            source = inspect.getsource(resolve(name))
            # on the page it names, the sentence says "this page" (r38c)
            stem = page.parent.relative_to(site).as_posix().removeprefix("en/")
            own = f"Explained on the page `{stem}.md`."
            source = source.replace(own, "Explained on this page.")
            assert code_text(block) == titled_page_names(source, lang), f"{page}: {name}"
            assert not re.search(r"`[a-z0-9_/-]+\.md`", code_text(block)), f"{page}: {name}"
            found += 1
    assert found >= 2 * len(HIDDEN)


def test_a_source_blocks_page_names_become_linked_titles(tmp_path, monkeypatch):
    """``local_linear``'s docstring says "Explained on the page `local-linear.md`"; its
    block on a page shows the page's title, linked, in the page's language."""
    from tools.sitebuild import pagehooks
    from tools.sitebuild.stepcache import StepCache

    monkeypatch.setattr(pagehooks, "_blocks", StepCache(tmp_path / "steps"))
    name = "attention_tutorial.local_linear_regression.local_linear"
    assert "Explained on the page `local-linear.md`." in inspect.getsource(resolve(name))
    marker = f"<p>x</p>\n<!-- source: {name} -->"
    en = pagehooks.source_blocks(marker, "en", lambda page: f"../{page}/")
    zh = pagehooks.source_blocks(marker, "zh", lambda page: f"../{page}/")
    assert "local-linear.md" not in en + zh
    assert 'page <a href="../local-linear/">“Boundary bias and local linear regression”</a>.' in en
    assert 'page <a href="../local-linear/">《边界偏差与局部线性回归》</a>.' in zh
    # on that page itself, no link to the page the reader is on (r38c)
    here = pagehooks.source_blocks(marker, "zh", lambda page: "./")
    assert "Explained on this page." in here and 'href="./"' not in here


def test_a_kept_source_block_is_made_again_when_the_package_text_changes(tmp_path, monkeypatch):
    from tools.sitebuild import pagehooks
    from tools.sitebuild.stepcache import StepCache

    package = tmp_path / "attention_tutorial"
    package.mkdir()
    (package / "m.py").write_text("def f():\n    return 1\n", "utf-8")
    made = []

    def block(name, lang):
        made.append(name)
        return f"block of {name} in {lang}"

    monkeypatch.setattr(pagehooks, "source_block", block)
    monkeypatch.setattr(pagehooks, "_blocks", StepCache(tmp_path / "steps"))
    monkeypatch.setattr(pagehooks, "_package_key", pagehooks.package_key(tmp_path))
    name = "attention_tutorial.m.f"
    first = pagehooks.kept_source_block(name, "en")
    assert pagehooks.kept_source_block(name, "en") == first and made == [name]
    pagehooks.kept_source_block(name, "zh")  # the other language's words
    assert made == [name, name]
    # a new process finds it on disk; the package's text edited, it is made again
    monkeypatch.setattr(pagehooks, "_blocks", StepCache(tmp_path / "steps"))
    assert pagehooks.kept_source_block(name, "en") == first and len(made) == 2
    (package / "m.py").write_text("def f():\n    return 2\n", "utf-8")
    monkeypatch.setattr(pagehooks, "_package_key", pagehooks.package_key(tmp_path))
    pagehooks.kept_source_block(name, "en")
    assert len(made) == 3
