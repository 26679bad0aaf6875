"""The notebook cache: executed once for both languages, again only when code or package change."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jupytext
import nbformat
import pytest

from tests.conftest import once_per_run
from tests.site.shared_kernels import lending
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
    "import torch\n"
    "print('n_train =', at.make_data().n_train)\n"
    "print('threads =', torch.get_num_threads())\n\n"
    "# %%\n"
    "at.plot_loss_vs_w([0.1, 1.0, 10.0], [3.0, 2.0, 1.0], [3.0, 2.5, 2.0], layout='stacked')\n"
)


def page(title: str, code: str = CODE) -> str:
    return f"# %% [markdown]\n# # {title}\n\n# %%\n{code}"


def write_docs(folder):
    """A docs folder in ``folder`` with one notebook per language."""
    root = folder / "docs"
    (root / "zh").mkdir(parents=True)
    (root / "en").mkdir()
    (root / "zh" / "demo.py").write_text(page("演示"), encoding="utf-8")
    (root / "en" / "demo.py").write_text(page("Demo"), encoding="utf-8")
    return root


@pytest.fixture(autouse=True)
def _one_warm_process(request):
    """The builds of these tests fork their kernels from one warm process (shared_kernels.py)."""
    with lending(request.config):
        yield


@pytest.fixture
def docs(tmp_path):
    return write_docs(tmp_path)


@pytest.fixture
def cache(tmp_path):
    """An empty cache whose outputs depend on a fixed environment."""
    return NotebookCache(tmp_path / "cache", "environment-1")


@pytest.fixture(scope="module")
def first_build(tmp_path_factory, request):
    """The demo docs built into an empty cache, once per run (the first process builds).

    Returns the folder holding ``docs`` and ``cache``, and what the build reported.
    The tests that start from a filled cache take a copy of it (``filled``).
    """

    def build(folder):
        cache = NotebookCache(folder / "cache", "environment-1")
        with lending(request.config):
            written = cache.build(discover(write_docs(folder)))
        paths = {nb.lang: str(path) for nb, path in written.items()}
        return {"stats": cache.stats.as_dict(), "written": paths}

    return once_per_run(tmp_path_factory, "execute-first-build", build)


@pytest.fixture
def filled(first_build, tmp_path):
    """A copy of the docs and of the cache filled by their first build."""
    folder, _ = first_build
    shutil.copytree(folder / "docs", tmp_path / "docs")
    shutil.copytree(folder / "cache", tmp_path / "cache")
    return tmp_path / "docs", tmp_path / "cache"


def outputs(path):
    nb = nbformat.read(path, as_version=4)
    return [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]


def test_both_languages_share_one_execution(first_build):
    folder, built = first_build
    stats = built["stats"]  # BuildStats.as_dict(), through JSON
    assert [stats[k] for k in ("executed", "cache_hits", "notebooks", "unique")] == [1, 0, 2, 1]
    by_lang = {lang: Path(path) for lang, path in built["written"].items()}
    assert by_lang["zh"] == folder / "cache" / "zh" / "demo.ipynb"
    zh, en = outputs(by_lang["zh"]), outputs(by_lang["en"])
    assert zh[0]["text"] == en[0]["text"] == "n_train = 50\nthreads = 1\n"
    # each page keeps the figure drawn in its own language
    (zh_fig,) = [o for o in zh if "data" in o]
    (en_fig,) = [o for o in en if "data" in o]
    zh_image = json.dumps(zh_fig["data"], ensure_ascii=False)
    en_image = json.dumps(en_fig["data"], ensure_ascii=False)
    assert FIGURE_MIME not in zh_fig["data"]
    assert zh_image != en_image
    if "image/svg+xml" in zh_fig["data"]:
        assert "训练损失" in zh_image and "training loss" in en_image and "训练损失" not in en_image


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_figure_with_a_narrow_layout_becomes_two_outputs(lang):
    """The page shows the wide drawing, then the narrow one (CSS shows each on its
    screens); each output keeps only its own image."""
    figure = {
        lang: {
            "mime": "image/svg+xml",
            "data": f"<svg>wide {lang}</svg>",
            "metadata": {},
            "narrow": {"mime": "image/svg+xml", "data": f"<svg>narrow {lang}</svg>"},
        }
        for lang in ("zh", "en")
    }
    out = {
        "output_type": "execute_result",
        "execution_count": 3,
        "data": {FIGURE_MIME: figure, "image/svg+xml": "<svg/>", "text/plain": "<Figure>"},
        "metadata": {},
    }
    wide, narrow = execute._page_outputs([out], lang)
    assert wide["data"] == {"image/svg+xml": f"<svg>wide {lang}</svg>"}
    assert narrow == {
        "output_type": "display_data",
        "data": {"image/svg+xml": f"<svg>narrow {lang}</svg>"},
        "metadata": {"image/svg+xml": {}},
    }


def test_kernels_run_torch_on_the_threads_the_key_names(monkeypatch):
    # the demo's kernel printed "threads = 1" above; outputs made with another count
    # (torch's default is one per core) must not be reused
    assert execute.KERNEL_THREADS == 1
    assert execute.kernel_environment()["OMP_NUM_THREADS"] == "1"
    one = environment_hash()
    monkeypatch.setattr(execute, "KERNEL_THREADS", 2)
    assert environment_hash() != one


def test_prose_edit_executes_nothing(filled):
    docs, cache_dir = filled
    (docs / "en" / "demo.py").write_text(page("Demo, reworded"), encoding="utf-8")
    cache = NotebookCache(cache_dir, "environment-1")
    written = cache.build(discover(docs))
    assert (cache.stats.executed, cache.stats.cache_hits) == (0, 2)
    en = next(path for nb, path in written.items() if nb.lang == "en")
    assert "Demo, reworded" in en.read_text(encoding="utf-8")


def test_a_new_cache_object_reuses_the_outputs_on_disk(filled):
    docs, cache_dir = filled
    again = NotebookCache(cache_dir, "environment-1")
    written = again.build(discover(docs))
    assert (again.stats.executed, again.stats.cache_hits) == (0, 2)
    assert {path.parent.name for path in written.values()} == {"zh", "en"}


def test_code_edit_re_executes(filled):
    docs, cache_dir = filled
    for lang in ("zh", "en"):
        (docs / lang / "demo.py").write_text(page("x", CODE + "\n# %%\nprint(1 + 1)\n"))
    cache = NotebookCache(cache_dir, "environment-1")
    written = cache.build(discover(docs))
    assert (cache.stats.executed, cache.stats.cache_hits, cache.stats.unique) == (1, 0, 1)
    assert all(outputs(path)[-1]["text"] == "2\n" for path in written.values())


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


def test_another_environment_re_executes(filled):
    docs, cache_dir = filled
    changed = NotebookCache(cache_dir, "environment-2")
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


def test_the_remembered_key_of_a_page_is_its_key_now(tmp_path, monkeypatch):
    """``_page_key`` (asked on every rebuild of ``mkdocs serve``) never returns a stale key."""
    data = tmp_path / "results.json"
    data.write_text("[1]")
    monkeypatch.setattr(execute, "DATA_FILES", ("results.json",))
    docs = write_docs(tmp_path)
    zh = next(nb for nb in discover(docs) if nb.lang == "zh")
    zh.path.write_text(page("演示", 'open("results.json")\n'), encoding="utf-8")
    cache = NotebookCache(tmp_path / "cache", "env", workdir=tmp_path)

    def fresh(cache: NotebookCache) -> str:
        return cache.key(jupytext.reads(zh.path.read_text("utf-8"), fmt="py:percent"))

    seen = {cache._page_key(zh)}
    assert cache._page_key(zh) == fresh(cache)
    zh.path.write_text(page("演示", 'open("results.json")\nprint(2)\n'), encoding="utf-8")
    seen.add(cache._page_key(zh))
    assert cache._page_key(zh) == fresh(cache)
    data.write_text("[2]")  # a data file the code names
    seen.add(cache._page_key(zh))
    assert cache._page_key(zh) == fresh(cache)
    other = NotebookCache(tmp_path / "cache", "env-2", workdir=tmp_path)  # another environment
    seen.add(other._page_key(zh))
    assert other._page_key(zh) == fresh(other)
    assert len(seen) == 4


def test_a_new_process_parses_no_page_whose_inputs_are_unchanged(filled, monkeypatch):
    """``make serve`` answers sooner: the keys and executed notebooks of the last process stand."""
    docs, cache_dir = filled
    before = {
        nb: path.read_bytes()
        for nb, path in NotebookCache(cache_dir, "environment-1").build(discover(docs)).items()
    }
    for memo in ("_KEYS", "_READ", "_WRITTEN"):  # a new process remembers nothing
        monkeypatch.setattr(execute, memo, {})

    def parse(*args, **kwargs):
        raise AssertionError("a page was parsed again")

    reads = jupytext.reads
    monkeypatch.setattr(jupytext, "reads", parse)
    written = NotebookCache(cache_dir, "environment-1").build(discover(docs))
    assert {nb: path.read_bytes() for nb, path in written.items()} == before
    # a prose edit is read, and written into the executed notebook
    monkeypatch.setattr(jupytext, "reads", reads)
    for memo in ("_KEYS", "_READ", "_WRITTEN"):
        monkeypatch.setattr(execute, memo, {})
    (docs / "en" / "demo.py").write_text(page("Demo, reworded"), encoding="utf-8")
    written = NotebookCache(cache_dir, "environment-1").build(discover(docs))
    en = next(path for nb, path in written.items() if nb.lang == "en")
    assert "Demo, reworded" in en.read_text(encoding="utf-8")
    # an executed notebook changed by someone else is written again
    for memo in ("_KEYS", "_READ", "_WRITTEN"):
        monkeypatch.setattr(execute, memo, {})
    en.write_text("{}", encoding="utf-8")
    NotebookCache(cache_dir, "environment-1").build(discover(docs))
    assert "Demo, reworded" in en.read_text(encoding="utf-8")


def test_the_server_keeps_one_warm_process_until_the_environment_changes(monkeypatch, tmp_path):
    # `mkdocs serve` keeps the warm kernel process between builds (a code edit's kernel
    # forks at once); one made for another environment (the package edited) is stopped
    # and another started: its kernels would run the package as it was
    started, closed = [], []

    class Warm:
        def __init__(self, env, cwd):
            started.append(self)

        def close(self):
            closed.append(self)

    monkeypatch.setattr(execute, "WarmKernels", Warm)
    env = {"PYTHONHASHSEED": "0"}
    assert execute.kept_warm("a", env, tmp_path) is None  # not serving: none is kept
    execute.keep_warm()
    try:
        first = execute.kept_warm("a", env, tmp_path)
        assert execute.kept_warm("a", dict(env), tmp_path) is first and started == [first]
        other = execute.kept_warm("b", env, tmp_path)  # the package edited
        assert other is not first and closed == [first]
        execute.warm_up_later("b", ["zh", "en"], tmp_path).join(10)
        assert len(started) == 3  # the kernels' environment is not this test's `env`
    finally:
        execute.keep_warm(False)
    assert closed == started  # the server's end stops the one it kept
