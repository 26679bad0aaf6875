"""The notebook cache: executed once for both languages, again only when code or package change."""

from __future__ import annotations

import json
import shutil

import nbformat
import pytest

from tools.sitebuild import execute

CODE = (
    "import attention_tutorial as at\n"
    "print('n_train =', at.make_data().n_train)\n\n"
    "# %%\n"
    "at.plot_loss([3.0, 2.0, 1.0])\n"
)


def page(title: str, code: str = CODE) -> str:
    return f"# %% [markdown]\n# # {title}\n\n# %%\n{code}"


@pytest.fixture
def docs(tmp_path, monkeypatch):
    """A docs folder with one notebook per language, and an empty cache."""
    root = tmp_path / "docs"
    (root / "zh").mkdir(parents=True)
    (root / "en").mkdir()
    (root / "zh" / "demo.py").write_text(page("演示"), encoding="utf-8")
    (root / "en" / "demo.py").write_text(page("Demo"), encoding="utf-8")
    monkeypatch.setattr(execute, "DOCS", root)
    monkeypatch.setattr(execute, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(execute, "CACHE_ROOT", tmp_path)
    monkeypatch.setattr(execute, "STATS", {"executed": 0, "cache_hits": 0, "seconds": 0.0})
    return root


def outputs(path):
    nb = nbformat.read(path, as_version=4)
    return [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]


def test_both_languages_share_one_execution(docs):
    written = execute.build_all()
    assert execute.STATS["executed"] == 1
    stats = json.loads((execute.CACHE_ROOT / "stats-zh-en.json").read_text())
    assert (stats["executed"], stats["notebooks"], stats["unique"]) == (1, 2, 1)
    by_lang = {nb.lang: path for nb, path in written.items()}
    zh, en = outputs(by_lang["zh"]), outputs(by_lang["en"])
    assert zh[0]["text"] == en[0]["text"] == "n_train = 50\n"
    # each page keeps the figure drawn in its own language
    (zh_fig,) = [o for o in zh if "data" in o]
    (en_fig,) = [o for o in en if "data" in o]
    zh_image = json.dumps(zh_fig["data"], ensure_ascii=False)
    en_image = json.dumps(en_fig["data"], ensure_ascii=False)
    assert execute.FIGURE_MIME not in zh_fig["data"]
    assert zh_image != en_image
    if "image/svg+xml" in zh_fig["data"]:
        assert "训练轮次" in zh_image and "epoch" in en_image and "训练轮次" not in en_image


def test_prose_edit_executes_nothing(docs):
    execute.build_all()
    (docs / "en" / "demo.py").write_text(page("Demo, reworded"), encoding="utf-8")
    written = execute.build_all()
    assert execute.STATS["executed"] == 1  # still only the first run
    en = next(path for nb, path in written.items() if nb.lang == "en")
    assert "Demo, reworded" in en.read_text(encoding="utf-8")


def test_code_edit_re_executes(docs):
    execute.build_all()
    for lang in ("zh", "en"):
        (docs / lang / "demo.py").write_text(page("x", CODE + "\n# %%\nprint(1 + 1)\n"))
    execute.build_all()
    assert execute.STATS["executed"] == 2


def test_package_edit_changes_the_key(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(execute.ROOT / "attention_tutorial", root / "attention_tutorial")
    (root / "requirements").mkdir()
    shutil.copy(execute.ROOT / "requirements" / "lock.txt", root / "requirements" / "lock.txt")
    before = execute.environment_hash(root)
    assert before == execute.environment_hash(root)
    data = root / "attention_tutorial" / "data.py"
    data.write_text(data.read_text() + "\n# a change\n")
    assert execute.environment_hash(root) != before
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    assert execute.cache_key(nb, before) != execute.cache_key(nb, execute.environment_hash(root))


def test_package_edit_re_executes(docs):
    execute.build_all()
    notebooks = execute.discover()
    execute.ensure_executed(notebooks, env_hash="a-different-package")
    assert execute.STATS["executed"] == 2


def test_a_failing_cell_fails_and_caches_nothing(docs):
    for lang in ("zh", "en"):
        (docs / lang / "demo.py").write_text(page("x", "1 / 0\n"), encoding="utf-8")
    with pytest.raises(execute.NotebookError, match="ZeroDivisionError"):
        execute.build_all()
    assert not list((execute.CACHE / "outputs").glob("*.json"))


def test_languages_with_different_code_execute_separately(docs):
    # different code gives different keys: each language is then executed on its own
    (docs / "en" / "demo.py").write_text(page("Demo", "print('other')\n"), encoding="utf-8")
    execute.build_all()
    assert execute.STATS["executed"] == 2


def test_a_data_file_read_by_a_page_is_part_of_its_key(tmp_path, monkeypatch):
    """Only a notebook whose code names the data file re-executes when the file changes."""
    data = tmp_path / "results.json"
    data.write_text("[1]")
    monkeypatch.setattr(execute, "ROOT", tmp_path)
    monkeypatch.setattr(execute, "DATA_FILES", ("results.json",))
    reader = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('open("results.json")')])
    other = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    before = execute.cache_key(reader, "env"), execute.cache_key(other, "env")
    data.write_text("[2]")
    assert execute.cache_key(reader, "env") != before[0]
    assert execute.cache_key(other, "env") == before[1]
