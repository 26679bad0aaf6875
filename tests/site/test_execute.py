"""The notebook cache: executed once for both languages, again only when code or package change."""

from __future__ import annotations

import json
import shutil

import nbformat
import pytest

from tools.sitebuild import execute
from tools.sitebuild.execute import (
    FIGURE_MIME,
    NotebookCache,
    NotebookError,
    environment_hash,
)
from tools.sitebuild.notebooks import ROOT, discover

# Jupyter kernels execute notebooks here: slow, so not among the fast tests.
pytestmark = pytest.mark.build

CODE = (
    "import attention_tutorial as at\n"
    "print('n_train =', at.make_data().n_train)\n\n"
    "# %%\n"
    "at.plot_loss([3.0, 2.0, 1.0])\n"
)


def page(title: str, code: str = CODE) -> str:
    return f"# %% [markdown]\n# # {title}\n\n# %%\n{code}"


@pytest.fixture
def docs(tmp_path):
    """A docs folder with one notebook per language."""
    root = tmp_path / "docs"
    (root / "zh").mkdir(parents=True)
    (root / "en").mkdir()
    (root / "zh" / "demo.py").write_text(page("演示"), encoding="utf-8")
    (root / "en" / "demo.py").write_text(page("Demo"), encoding="utf-8")
    return root


@pytest.fixture
def cache(tmp_path):
    """An empty cache whose outputs depend on a fixed environment."""
    return NotebookCache(tmp_path / "cache", "environment-1")


def outputs(path):
    nb = nbformat.read(path, as_version=4)
    return [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]


def test_both_languages_share_one_execution(docs, cache):
    written = cache.build(discover(docs))
    stats = cache.stats
    assert (stats.executed, stats.cache_hits, stats.notebooks, stats.unique) == (1, 0, 2, 1)
    assert json.loads(json.dumps(stats.as_dict()))["executed"] == 1
    by_lang = {nb.lang: path for nb, path in written.items()}
    assert by_lang["zh"] == cache.cache_dir / "zh" / "demo.ipynb"
    zh, en = outputs(by_lang["zh"]), outputs(by_lang["en"])
    assert zh[0]["text"] == en[0]["text"] == "n_train = 50\n"
    # each page keeps the figure drawn in its own language
    (zh_fig,) = [o for o in zh if "data" in o]
    (en_fig,) = [o for o in en if "data" in o]
    zh_image = json.dumps(zh_fig["data"], ensure_ascii=False)
    en_image = json.dumps(en_fig["data"], ensure_ascii=False)
    assert FIGURE_MIME not in zh_fig["data"]
    assert zh_image != en_image
    if "image/svg+xml" in zh_fig["data"]:
        assert "训练轮次" in zh_image and "epoch" in en_image and "训练轮次" not in en_image


def test_prose_edit_executes_nothing(docs, cache):
    cache.build(discover(docs))
    (docs / "en" / "demo.py").write_text(page("Demo, reworded"), encoding="utf-8")
    written = cache.build(discover(docs))
    assert (cache.stats.executed, cache.stats.cache_hits) == (1, 2)
    en = next(path for nb, path in written.items() if nb.lang == "en")
    assert "Demo, reworded" in en.read_text(encoding="utf-8")


def test_a_new_cache_object_reuses_the_outputs_on_disk(docs, cache):
    cache.build(discover(docs))
    again = NotebookCache(cache.cache_dir, cache.environment)
    again.build(discover(docs))
    assert (again.stats.executed, again.stats.cache_hits) == (0, 2)


def test_code_edit_re_executes(docs, cache):
    cache.build(discover(docs))
    for lang in ("zh", "en"):
        (docs / lang / "demo.py").write_text(page("x", CODE + "\n# %%\nprint(1 + 1)\n"))
    cache.build(discover(docs))
    assert cache.stats.executed == 2


def test_package_edit_changes_the_environment(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "attention_tutorial", root / "attention_tutorial")
    (root / "requirements").mkdir()
    shutil.copy(ROOT / "requirements" / "lock.txt", root / "requirements" / "lock.txt")
    before = environment_hash(root)
    assert before == environment_hash(root)
    data = root / "attention_tutorial" / "data.py"
    data.write_text(data.read_text() + "\n# a change\n")
    after = environment_hash(root)
    assert after != before
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    cache_dir = tmp_path / "cache"
    assert NotebookCache(cache_dir, before).key(nb) != NotebookCache(cache_dir, after).key(nb)


def test_another_environment_re_executes(docs, cache):
    cache.build(discover(docs))
    changed = NotebookCache(cache.cache_dir, "environment-2")
    changed.build(discover(docs))
    assert (changed.stats.executed, changed.stats.cache_hits) == (1, 0)


def test_a_failing_cell_fails_and_caches_nothing(docs, cache):
    for lang in ("zh", "en"):
        (docs / lang / "demo.py").write_text(page("x", "1 / 0\n"), encoding="utf-8")
    with pytest.raises(NotebookError, match="ZeroDivisionError"):
        cache.build(discover(docs))
    assert not list((cache.cache_dir / "outputs").glob("*.json"))


def test_languages_with_different_code_execute_separately(docs, cache):
    # different code gives different keys: each language is then executed on its own
    (docs / "en" / "demo.py").write_text(page("Demo", "print('other')\n"), encoding="utf-8")
    cache.build(discover(docs))
    assert (cache.stats.executed, cache.stats.unique) == (2, 2)


def test_a_cache_entry_that_does_not_fit_the_page_names_the_fix(docs, cache):
    (nb,) = discover(docs, ["zh"])
    key = cache.key(nb.read())
    cache.outputs_file(key).parent.mkdir(parents=True)
    cache.outputs_file(key).write_text("[]", encoding="utf-8")
    with pytest.raises(NotebookError, match=r"delete .* and build again"):
        cache.materialize(nb, key)


def test_a_stream_cut_in_pieces_by_the_kernel_is_one_output_on_the_page(docs, cache):
    # where the kernel cuts printed text depends on timing: the page must not
    (nb,) = discover(docs, ["en"])
    key = cache.key(nb.read())
    pieces = [
        {"output_type": "stream", "name": "stdout", "text": "a\n"},
        {"output_type": "stream", "name": "stdout", "text": "b\n"},
        {"output_type": "stream", "name": "stderr", "text": "warning\n"},
        {"output_type": "stream", "name": "stdout", "text": "c\n"},
    ]
    entries = [{"outputs": pieces, "execution_count": 1}, {"outputs": [], "execution_count": 2}]
    cache.outputs_file(key).parent.mkdir(parents=True)
    cache.outputs_file(key).write_text(json.dumps(entries), encoding="utf-8")
    first, _ = [c for c in nbformat.read(cache.materialize(nb, key), 4).cells if "outputs" in c]
    assert [(o["name"], o["text"]) for o in first.outputs] == [
        ("stdout", "a\nb\n"),
        ("stderr", "warning\n"),
        ("stdout", "c\n"),
    ]


def test_a_data_file_read_by_a_page_is_part_of_its_key(tmp_path, monkeypatch):
    """Only a notebook whose code names the data file re-executes when the file changes."""
    data = tmp_path / "results.json"
    data.write_text("[1]")
    monkeypatch.setattr(execute, "DATA_FILES", ("results.json",))
    cache = NotebookCache(tmp_path / "cache", "env", workdir=tmp_path)
    reader = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('open("results.json")')])
    other = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    before = cache.key(reader), cache.key(other)
    data.write_text("[2]")
    assert cache.key(reader) != before[0]
    assert cache.key(other) == before[1]
