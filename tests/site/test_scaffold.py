"""The scaffold: a new page, created in a copy of the docs, passes the rules its kind must pass.

The rules are not restated here: the handbook's and the chapter's own tests
(``test_handbook.py``, ``test_pages.py``) run on the copy, by pointing their
folders at it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import jupytext
import matplotlib
import pytest
import yaml

import tests.site.test_handbook as handbook_rules
import tests.site.test_pages as chapter_rules
from tools import scaffold
from tools.sitebuild import pagehooks, sync
from tools.sitebuild.notebooks import code_cells

ROOT = scaffold.ROOT
TITLES = {"zh": "torch.cumsum：累加", "en": "torch.cumsum: running sums"}


class _Loader(yaml.SafeLoader):
    """Reads a MkDocs config, ignoring its Python tags."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def nav_pages(config: Path) -> dict[str, str]:
    """Every page of a config's nav with its title (an untitled entry: '')."""
    found = {}

    def walk(items):
        for item in items:
            if isinstance(item, str):
                found[item] = ""
            else:
                for title, value in item.items():
                    walk(value) if isinstance(value, list) else found.setdefault(value, title)

    walk(yaml.load(config.read_text(encoding="utf-8"), Loader=_Loader)["nav"])
    return found


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The docs and both configs, copied: the scaffold writes into the copy only."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("assets"))
    for name in [*scaffold.CONFIGS.values(), "pyproject.toml"]:
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "attention_tutorial").symlink_to(ROOT / "attention_tutorial")  # first-party
    return tmp_path


def ruff_problems(root: Path, *paths: Path) -> str:
    """What `make lint` says about these files (the pages' own ruff.toml applies)."""
    ruff = [str(Path(sys.executable).with_name("ruff"))]
    out = ""
    for args in (["check", "--no-cache"], ["format", "--check", "--no-cache"]):
        proc = subprocess.run(
            [*ruff, *args, *map(str, paths)], cwd=root, capture_output=True, text=True
        )
        out += proc.stdout if proc.returncode else ""
    return out


def run_code_cells(path: Path) -> None:
    """Execute a page's code cells in one namespace, as its kernel would (figures not shown)."""
    namespace: dict = {}
    backend = matplotlib.get_backend()
    matplotlib.use("Agg")
    try:
        for cell in code_cells(jupytext.read(path)):
            exec(compile(cell, str(path), "exec"), namespace)
    finally:
        matplotlib.pyplot.close("all")
        matplotlib.use(backend)


def test_a_new_handbook_entry_passes_the_handbook_rules(copy, monkeypatch, capsys):
    page = scaffold.NewPage("handbook", "cumsum", TITLES, api="torch.cumsum")
    written = scaffold.create(page, copy)
    handbooks = {lang: copy / "docs" / lang / "handbook" for lang in scaffold.CONFIGS}
    assert set(written) == {
        *(folder / name for folder in handbooks.values() for name in ("cumsum.py", "index.md")),
        copy / "mkdocs.yml",
        copy / "mkdocs.en.yml",
    }

    monkeypatch.setattr(handbook_rules, "HANDBOOK", handbooks)
    monkeypatch.setattr(
        handbook_rules, "PAGES", sorted(p.name for p in handbooks["zh"].glob("*.py"))
    )
    handbook_rules.test_the_handbook_has_pages_in_both_languages()
    handbook_rules.test_both_languages_have_the_same_examples("cumsum.py")
    handbook_rules.test_every_page_draws_a_diagram("cumsum.py")
    handbook_rules.test_every_page_links_the_chapter("cumsum.py")
    for lang in scaffold.CONFIGS:
        handbook_rules.test_the_overview_lists_every_page(lang)
    for index, code in enumerate(handbook_rules.doctest_blocks("zh", "cumsum.py")):
        handbook_rules.test_handbook_example_runs("zh", "cumsum.py", index, code)
    assert sync.sync(copy / "docs", check=True) == []  # the code cells are the same

    # the four section headings, in both languages, like every other entry
    for lang in scaffold.CONFIGS:
        text = (handbooks[lang] / "cumsum.py").read_text(encoding="utf-8")
        where = (handbooks[lang] / "where.py").read_text(encoding="utf-8")
        assert [line for line in text.splitlines() if line.startswith("# ###")] == [
            line for line in where.splitlines() if line.startswith("# ###")
        ]
        assert nav_pages(copy / scaffold.CONFIGS[lang])["handbook/cumsum.py"] == TITLES[lang]

    assert ruff_problems(copy, *(handbooks[lang] / "cumsum.py" for lang in scaffold.CONFIGS)) == ""
    run_code_cells(handbooks["zh"] / "cumsum.py")  # the seed, the picture, the error
    assert capsys.readouterr().out.startswith("RuntimeError: ")


def test_a_new_chapter_page_passes_the_chapter_rules(copy, monkeypatch, capsys):
    page = scaffold.NewPage("chapter", "kernels", {"zh": "别的核函数", "en": "Other kernels"})
    scaffold.create(page, copy)

    monkeypatch.setattr(chapter_rules, "DOCS", copy / "docs")
    monkeypatch.setattr(chapter_rules, "ZH_PAGES", ["kernels.py"])
    chapter_rules.test_both_languages_have_the_same_page_sources()
    assert sync.sync(copy / "docs", check=True) == []  # the code cells are the same
    chapter_rules.test_headings_have_the_same_structure("kernels.py")
    chapter_rules.test_both_languages_have_the_same_number_of_solutions()
    (solution,) = chapter_rules.solutions("zh")
    chapter_rules.test_exercise_solution_runs("zh", *solution)

    for lang, config in scaffold.CONFIGS.items():
        pages = list(nav_pages(copy / config))
        assert pages.index("kernels.py") == pages.index("recap.py") - 1  # before the recap
        # the home page's reading path describes it (the build refuses a nav page it does
        # not: round 54 found a new chapter page stopping `make serve`), before the recap
        nav = yaml.load((copy / config).read_text(encoding="utf-8"), Loader=_Loader)["nav"]
        home = (copy / "docs" / lang / "index.md").read_text(encoding="utf-8")
        path = pagehooks.reading_path(home, nav, lang)
        assert f"(kernels.py){pagehooks.SEPARATOR[lang]}TODO" in path
        assert path.index("(kernels.py)") < path.index("(recap.py)")
    pages = [copy / "docs" / lang / "kernels.py" for lang in scaffold.CONFIGS]
    assert ruff_problems(copy, *pages) == ""
    run_code_cells(pages[0])
    assert capsys.readouterr().out == "shape: (2, 3)\n"


def test_an_existing_page_or_a_bad_name_writes_nothing(copy):
    before = (copy / "mkdocs.yml").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="exists already"):
        scaffold.create(scaffold.NewPage("handbook", "where", TITLES), copy)
    with pytest.raises(ValueError, match="lower-case words"):
        scaffold.NewPage("handbook", "Cum_Sum", TITLES)
    with pytest.raises(ValueError, match="en title"):
        scaffold.NewPage("chapter", "kernels", {"zh": "核"})
    assert (copy / "mkdocs.yml").read_text(encoding="utf-8") == before
    assert not (copy / "docs" / "en" / "handbook" / "Cum_Sum.py").exists()
