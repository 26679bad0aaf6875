"""The codesync hook: serving syncs stale English code at once, building warns and stops."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from mkdocs.config import load_config

from tools.sitebuild import codesync_hook
from tools.sitebuild.notebooks import ROOT

ZH = "# %% [markdown]\n# # 标题\n\n# %%\nx = 2  # new code\n"
EN = "# %% [markdown]\n# # Title\n\n# %%\nx = 1\n"


@pytest.fixture
def docs(tmp_path):
    for lang, text in (("zh", ZH), ("en", EN)):
        (tmp_path / lang / "handbook").mkdir(parents=True)
        (tmp_path / lang / "handbook" / "demo.py").write_text(text, encoding="utf-8")
    return tmp_path


def english(docs) -> str:
    return (docs / "en" / "handbook" / "demo.py").read_text(encoding="utf-8")


def test_serving_syncs_the_english_page_at_once_and_says_so(docs, caplog):
    caplog.set_level(logging.INFO, logger="mkdocs")
    assert codesync_hook.keep_code_in_sync(docs, serving=True) == ["en/handbook/demo.py"]
    assert english(docs) == "# %% [markdown]\n# # Title\n\n# %%\nx = 2  # new code\n"
    (record,) = caplog.records
    assert record.levelno == logging.INFO
    assert "docs/en/handbook/demo.py: code cells synced from docs/zh/handbook/demo.py" in (
        record.getMessage()
    )
    caplog.clear()
    assert codesync_hook.keep_code_in_sync(docs, serving=True) == []
    assert caplog.records == []


def test_building_warns_naming_the_page_and_the_command_and_writes_nothing(docs, caplog):
    assert codesync_hook.keep_code_in_sync(docs, serving=False) == ["en/handbook/demo.py"]
    assert english(docs) == EN
    (record,) = caplog.records
    assert record.levelno == logging.WARNING  # a strict build stops on it
    assert record.getMessage().endswith(
        "docs/en/handbook/demo.py serves other code than docs/zh/handbook/demo.py: "
        "run `make sync-code`"
    )


def test_a_page_that_cannot_be_synced_is_a_warning_even_when_serving(docs, caplog):
    (docs / "en" / "handbook" / "demo.py").write_text(EN + "\n# %%\ny = 3\n", encoding="utf-8")
    assert codesync_hook.keep_code_in_sync(docs, serving=True) == []
    (record,) = caplog.records
    assert record.levelno == logging.WARNING
    assert "1 code cells in zh, 2 in en" in record.getMessage()


def test_mkdocs_runs_the_hook_before_the_site_build_starts():
    for name in ("mkdocs.en.yml",):  # inherits mkdocs.yml, as the offline configs do
        config = load_config(str(ROOT / name))
        first = config.plugins.events["config"][0]
        where = Path(first.__code__.co_filename)
        assert (where.name, first.__name__) == ("codesync_hook.py", "on_config"), name
