"""The tool that writes the Chinese pages' code cells into the English ones."""

from __future__ import annotations

import pytest

from tools.sitebuild import sync

ZH = (
    "# %% [markdown]\n# # 标题\n\n"
    "# %%\nimport torch\nx = torch.ones(2)  # (2,)\n\n"
    "# %% [markdown]\n# 说明\n\n"
    "# %%\nprint(x.sum())\n"
)
EN = (
    "# %% [markdown]\n# # Title\n#\n# Two lines of prose.\n\n"
    "# %%\nimport torch\nx = torch.zeros(2)\n\n\n"
    "# %% [markdown]\n# Explanation\n\n"
    "# %%\nprint(x)\n"
)


def test_code_cells_are_copied_and_the_prose_is_kept():
    assert sync.synced(ZH, EN) == (
        "# %% [markdown]\n# # Title\n#\n# Two lines of prose.\n\n"
        "# %%\nimport torch\nx = torch.ones(2)  # (2,)\n\n\n"
        "# %% [markdown]\n# Explanation\n\n"
        "# %%\nprint(x.sum())\n"
    )
    assert sync.synced(ZH, sync.synced(ZH, EN)) == sync.synced(ZH, EN)


def test_a_different_number_of_code_cells_says_what_to_do():
    with pytest.raises(ValueError, match=r"2 code cells in zh, 1 in en.*make sync-code"):
        sync.synced(ZH, "# %%\nprint(1)\n", "demo.py")


def test_check_lists_stale_pages_and_writes_nothing(tmp_path):
    for lang, text in (("zh", ZH), ("en", EN)):
        (tmp_path / lang / "handbook").mkdir(parents=True)
        (tmp_path / lang / "handbook" / "demo.py").write_text(text, encoding="utf-8")
    assert sync.sync(tmp_path, check=True) == ["en/handbook/demo.py"]
    assert (tmp_path / "en" / "handbook" / "demo.py").read_text(encoding="utf-8") == EN
    assert sync.sync(tmp_path) == ["en/handbook/demo.py"]
    assert sync.sync(tmp_path, check=True) == []


def test_the_project_pages_are_in_sync():
    assert sync.sync(check=True) == [], "run `make sync-code`"
