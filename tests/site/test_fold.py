"""Folded code cells: the marker, its sync between languages, the collapsed block."""

from __future__ import annotations

import html
import json
import re
from types import SimpleNamespace

import jupytext
import nbformat
import pytest

from tools.sitebuild import fold, sync
from tools.sitebuild.html_tree import parse, serialize
from tools.sitebuild.notebooks import DOCS

ZH = (
    "# %% [markdown]\n# 下面的单元格只做核对。\n\n"
    "# %%\nx = 1\n\n"
    '# %% fold="核对正文的代码"\nassert x == 1\nprint("ok")\n'
)
EN = (
    "# %% [markdown]\n# The cell below only checks.\n\n"
    "# %%\nx = 2\n\n"
    '# %% fold="The code that checks the text"\nassert x\n'
)
# a code cell as mkdocs-jupyter writes it (trimmed): input and output, in two jp-Cell blocks
CELL = (
    '<div class="jp-Cell jp-CodeCell jp-Notebook-cell">\n'
    '<div class="jp-Cell jp-CodeCell jp-Notebook-cell" id="cell-id={id}">\n'
    '<div class="jp-Cell-inputWrapper"><clipboard-copy for="cell-{n}"></clipboard-copy>'
    '<pre id="cell-{n}">{code}</pre></div>\n'
    '<div class="jp-Cell-outputWrapper"><pre>{out}</pre></div>\n'
    "</div>\n</div>"
)
PAGE = (
    '<h2 id="x">Checks</h2>\n<p>The cell below only checks what the text says.</p>\n'
    + CELL.format(id="cell-1", n=0, code="x = 1", out="")
    + "\n"
    + CELL.format(id="cell-2", n=1, code="assert x == 1\nprint(&quot;ok&quot;)", out="ok")
    + "\n<p>After.</p>\n"
)


def test_the_marker_is_read_from_the_cells_marker_line():
    assert fold.summary('# %% fold="逐条核对"') == "逐条核对"
    assert fold.summary('# %% fold="the \\"checks\\""') == 'the "checks"'
    assert fold.summary("# %%") is None
    assert fold.summary('# %% unfold="x"') is None


def test_jupytext_keeps_the_summary_in_the_cells_metadata_not_in_its_code():
    zh, en = (jupytext.reads(text, fmt={"extension": ".py"}) for text in (ZH, EN))
    assert zh.cells[2].metadata == {"fold": "核对正文的代码"}
    assert zh.cells[2].source == 'assert x == 1\nprint("ok")'
    assert en.cells[2].metadata == {"fold": "The code that checks the text"}


def test_sync_copies_the_code_and_keeps_each_languages_summary():
    synced = sync.synced(ZH, EN)
    assert synced == (
        "# %% [markdown]\n# The cell below only checks.\n\n"
        "# %%\nx = 1\n\n"
        '# %% fold="The code that checks the text"\nassert x == 1\nprint("ok")\n'
    )
    assert sync.synced(ZH, synced) == synced
    # the Chinese page decides which cells fold: a fold only in English is dropped
    assert sync.synced(ZH.replace(' fold="核对正文的代码"', ""), synced).count("fold=") == 0


def test_a_fold_without_an_english_summary_stops_the_sync_and_says_what_to_write():
    with pytest.raises(ValueError, match=r"demo\.py: .*'assert x == 1'.*# %% fold=\"…\""):
        sync.synced(ZH, EN.replace(' fold="The code that checks the text"', ""), "demo.py")


def test_a_folded_cell_goes_into_a_closed_details_with_its_input_and_output():
    tree = parse(PAGE)
    assert fold.fold_cells(tree, {"cell-2": "Checks <of> the text "}) == 1
    out = serialize(tree)
    block = re.search(r"<details([^>]*)>\n<summary>(.*?)</summary>\n(.*?)\n</details>", out, re.S)
    assert block is not None
    assert block[1] == ' class="example attn-fold"'  # closed: no `open`
    assert block[2] == "Checks &lt;of&gt; the text"
    # the whole cell, input (with its copy button) and output, and nothing else
    assert block[3] == CELL.format(
        id="cell-2", n=1, code="assert x == 1\nprint(&quot;ok&quot;)", out="ok"
    )
    # the rest of the page is as it was
    assert out.replace(block[0], block[3]) == PAGE


def test_a_page_without_folds_is_written_back_byte_for_byte():
    tree = parse(PAGE)
    assert fold.fold_cells(tree, {}) == 0
    assert serialize(tree) == PAGE


@pytest.mark.parametrize(
    ("folds", "problem"),
    [({"cell-9": "x"}, "cell-9 is not on the page"), ({"cell-2": " "}, "needs a summary")],
)
def test_a_fold_that_cannot_be_made_is_an_error(folds, problem):
    with pytest.raises(ValueError, match=problem):
        fold.fold_cells(parse(PAGE), folds)


def executed(tmp_path, text: str):
    """``text`` written as the build's executed notebook: ids ``cell-<index>``."""
    nb = jupytext.reads(text, fmt={"extension": ".py"})
    for index, cell in enumerate(nb.cells):
        cell.id = f"cell-{index}"
    path = tmp_path / "page.ipynb"
    nbformat.write(nb, path)
    return path


def test_the_summaries_come_from_the_executed_notebook_by_cell_id(tmp_path):
    assert fold.summaries(executed(tmp_path, ZH)) == {"cell-2": "核对正文的代码"}
    assert fold.summaries(executed(tmp_path, EN)) == {"cell-2": "The code that checks the text"}
    assert fold.summaries(None) == {} and fold.summaries(tmp_path / "page.py") == {}


def test_the_plugin_folds_a_marked_cell_and_repairs_again_when_the_summary_changes(
    tmp_path, monkeypatch
):
    from tests.site.test_plugin import configured

    monkeypatch.setenv("ATTN_CACHE_DIR", str(tmp_path))
    plugin = configured("mkdocs.yml")
    page = SimpleNamespace(
        file=SimpleNamespace(src_uri="demo.py", abs_src_path=str(executed(tmp_path, ZH))),
        url="demo/",
        toc=[],
    )
    files = SimpleNamespace(documentation_pages=lambda: [])
    out = plugin.on_page_content(PAGE, page=page, config=None, files=files)
    assert '<details class="example attn-fold">\n<summary>核对正文的代码</summary>' in out
    executed(tmp_path, ZH.replace("核对正文的代码", "核对"))
    out = plugin.on_page_content(PAGE, page=page, config=None, files=files)
    assert "<summary>核对</summary>" in out


def project_folds(lang: str) -> dict[str, list[str]]:
    """The summaries of each page of a language that folds a cell."""
    found = {}
    for path in sorted((DOCS / lang).rglob("*.py")):
        marks = [fold.summary(line) for line in path.read_text("utf-8").splitlines()]
        if any(marks):
            found[path.relative_to(DOCS / lang).as_posix()] = [m for m in marks if m]
    return found


def test_the_checks_cells_are_folded_with_a_summary_in_each_pages_language():
    zh, en = project_folds("zh"), project_folds("en")
    assert {"local-linear.py", "handbook/errors.py"} <= set(zh)
    assert zh.keys() == en.keys()
    for name in zh:
        assert len(zh[name]) == len(en[name]), name
        assert all(re.search(r"[\u4e00-\u9fff]", text) for text in zh[name]), name
        assert not any(re.search(r"[\u3000-\u9fff]", text) for text in en[name]), name


@pytest.mark.build
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_built_pages_fold_the_marked_cells_closed_and_no_other(site, lang):
    from tests.conftest import NOTEBOOK_CACHE
    from tools.sitebuild.html_tree import text
    from tools.sitebuild.notebooks import discover

    marked = project_folds(lang)
    root = site / ("" if lang == "zh" else "en")
    index = json.loads((root / "search/search_index.json").read_text(encoding="utf-8"))
    for nb in discover(DOCS, [lang]):
        name = nb.rel[: -len(".py")]
        tree = parse((root / name / "index.html").read_text(encoding="utf-8"))
        blocks = tree.select("details.attn-fold")
        assert [text(b.summary).strip() for b in blocks] == marked.get(nb.rel, []), nb.rel
        if not blocks:
            continue
        executed = nbformat.read(NOTEBOOK_CACHE / lang / f"{name}.ipynb", 4)
        cells = [c for c in executed.cells if c.cell_type == "code" and "fold" in c.metadata]
        for block, cell in zip(blocks, cells, strict=True):
            assert "open" not in block.attrs, f"{nb.rel}: a folded cell starts open"
            # the whole cell inside: its code with its copy button, and its output
            code = text(block.select_one(".jp-InputArea pre"))
            assert code.strip() == cell.source.strip(), nb.rel
            assert block.select(".jp-InputArea clipboard-copy"), nb.rel
            printed = "".join(o.get("text", "") for o in cell.outputs)
            shown = "".join(text(o) for o in block.select(".jp-OutputArea-output"))
            assert printed.strip() in shown, nb.rel
            # its code is still in the page's search index
            first = cell.source.splitlines()[0]
            entries = [d["text"] for d in index["docs"] if d["location"].startswith(f"{name}/")]
            assert any(first in html.unescape(entry) for entry in entries), nb.rel
