"""The API reference: one page per public module, in both languages and both navs.

Adding or renaming a module of ``attention_tutorial`` means: one page
``docs/<lang>/api/<module>.md`` per language (a title, a short intro, the line
``::: attention_tutorial.<module>``), one line ``- <module>: api/<module>.md`` in the nav
of ``mkdocs.yml`` and of ``mkdocs.en.yml``, and one row in ``api/index.md``.
A module inside a subpackage gets a flat name: ``api/figures.curves.md``
(so that ``../page.py`` links from a docstring work on every API page); a
package's own ``__init__`` gets no page. This test says which of these is
missing. No build needed.
"""

from __future__ import annotations

import pkgutil
import re

import pytest
import yaml

import attention_tutorial
from tools.sitebuild import docstring_links
from tools.sitebuild.notebooks import DOCS, ROOT

LANGS = ("zh", "en")
CONFIGS = {"zh": "mkdocs.yml", "en": "mkdocs.en.yml"}
MODULES = sorted(
    info.name.removeprefix("attention_tutorial.")
    for info in pkgutil.walk_packages(attention_tutorial.__path__, "attention_tutorial.")
    if not info.ispkg and not any(part.startswith("_") for part in info.name.split("."))
)


def nav_pages(lang: str) -> list[str]:
    """Every page path in the nav of one language's config, in order."""
    text = (ROOT / CONFIGS[lang]).read_text(encoding="utf-8")
    nav = yaml.safe_load(text[text.index("\nnav:") :])["nav"]

    def walk(items):
        for item in items:
            if isinstance(item, str):
                yield item
            elif isinstance(item, dict):
                for value in item.values():
                    yield from walk(value) if isinstance(value, list) else [value]

    return list(walk(nav))


def test_there_are_modules_to_document() -> None:
    assert {"data", "pooling", "model", "training"} <= set(MODULES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("module", MODULES)
def test_every_public_module_has_its_page(lang: str, module: str) -> None:
    page = DOCS / lang / "api" / f"{module}.md"
    assert page.is_file(), f"add {page.relative_to(ROOT)} (title, intro, ::: line)"
    text = page.read_text(encoding="utf-8")
    # the whole module, or its functions one by one (scores: the lessons' first)
    assert re.search(rf"^::: attention_tutorial\.{re.escape(module)}(\.\w+)?$", text, re.M)
    assert text.startswith("# ") and len(text.split("\n\n")) >= 3, "a title and an intro"
    assert f"api/{module}.md" in nav_pages(lang), (
        f"add '- {module}: api/{module}.md' to {CONFIGS[lang]}"
    )
    index = (DOCS / lang / "api" / "index.md").read_text(encoding="utf-8")
    assert f"]({module}.md)" in index, f"add a row for {module} to docs/{lang}/api/index.md"


@pytest.mark.parametrize("lang", LANGS)
def test_no_api_page_documents_a_module_that_is_gone(lang: str) -> None:
    pages = sorted(p.stem for p in (DOCS / lang / "api").glob("*.md") if p.stem != "index")
    assert pages == MODULES
    api_in_nav = [p for p in nav_pages(lang) if p.startswith("api/")]
    assert api_in_nav[0] == "api/index.md"
    assert sorted(p.removeprefix("api/").removesuffix(".md") for p in api_in_nav[1:]) == MODULES


def test_docstring_page_names_become_links_titled_in_each_language() -> None:
    text = "Explained on the pages `parametric.md` and ``handbook/repeat.md``; not `x.md`."
    assert docstring_links.link_pages(text, "en") == (
        "Explained on the pages [Parametric attention pooling](../parametric.py) and "
        "[repeat_interleave and repeat: copying elements](../handbook/repeat.py); not `x.md`."
    )
    assert docstring_links.link_pages("`handbook/index.md`", "zh") == (
        "[张量 API 手册](../handbook/index.md)"
    )
    # in Chinese the whole sentence is Chinese, also when it is wrapped over lines
    wrapped = "Explained on the pages `average.md`,\n`nonparametric.md` and `parametric.md`."
    assert docstring_links.link_pages(wrapped, "zh") == (
        "讲解见[平均汇聚](../average.py)、[非参数注意力汇聚：Nadaraya-Watson 核回归](../nonparametric.py)"
        "和[带参数的注意力汇聚](../parametric.py)。"
    )
    # a sentence that goes on keeps its words, with the titles of the language
    assert docstring_links.link_pages("Explained on the page `average.md` (and later).", "zh") == (
        "Explained on the page [平均汇聚](../average.py) (and later)."
    )


def test_every_public_name_has_a_chinese_summary() -> None:
    """The Chinese API pages lead with one Chinese sentence per public name
    (``tools/sitebuild/summaries_zh.py``): one for each name of ``__all__``, none for a
    name that is gone; each a sentence in Chinese, ending in a full-width full stop."""
    from tools.sitebuild.summaries_zh import SUMMARIES

    assert set(SUMMARIES) == set(attention_tutorial.__all__)
    for name, sentence in SUMMARIES.items():
        assert re.search(r"[\u4e00-\u9fff]", sentence) and sentence.endswith("。"), name
        assert not re.search(r"[\u4e00-\u9fff][,;:?!(]|[,;:?!(][\u4e00-\u9fff]", sentence), name


def test_every_building_block_has_a_chinese_summary_and_its_place_on_the_page() -> None:
    """A module's public functions that are not in ``__all__`` (``scores``: the building
    blocks the package's formulations call) have a Chinese sentence each, and the
    module's API page lists them under their own heading, after the lessons' functions."""
    import importlib
    import inspect

    from tools.sitebuild.summaries_zh import BUILDING_BLOCKS

    assert "attention_tutorial.scores" in BUILDING_BLOCKS
    for path, sentences in BUILDING_BLOCKS.items():
        module = importlib.import_module(path)
        blocks = {
            name
            for name, value in vars(module).items()
            if inspect.isfunction(value)
            and value.__module__ == path
            and not name.startswith("_")
            and name not in attention_tutorial.__all__
        }
        assert set(sentences) == blocks, path
        for name, sentence in sentences.items():
            assert re.search(r"[\u4e00-\u9fff]", sentence) and sentence.endswith("。"), name
        for lang in LANGS:
            page = (
                DOCS / lang / "api" / f"{path.removeprefix('attention_tutorial.')}.md"
            ).read_text(encoding="utf-8")
            shown = re.findall(rf"^::: {re.escape(path)}\.(\w+)$", page, re.MULTILINE)
            lessons = [name for name in shown if name in attention_tutorial.__all__]
            assert shown == lessons + sorted(blocks, key=shown.index), (lang, shown)
            assert set(shown) - set(lessons) == blocks and lessons, (lang, shown)


@pytest.mark.parametrize("lang", LANGS)
def test_each_summary_is_said_once(lang: str) -> None:
    """A module's summary line is the page's intro, not repeated under it; in Chinese a
    function shows its Chinese sentence in place of the English summary, not both."""
    import griffe

    module = griffe.load("attention_tutorial.scores", search_paths=[str(ROOT)])
    english = {name: module[name].docstring.value.split("\n\n")[0] for name in ("score",)}
    english["module"] = module.docstring.value.split("\n\n")[0]
    links = docstring_links.PageLinks(lang)
    for obj in (module, module["score"], module["gaussian_scores"]):
        links.on_instance(obj=obj)
    assert english["module"] not in module.docstring.value
    score = module["score"].docstring.value
    if lang == "zh":
        assert score.startswith("差值") and english["score"] not in score
        assert module["gaussian_scores"].docstring.value.startswith("每一对查询和键")
    else:
        assert score.startswith(english["score"])


def test_every_page_named_in_a_docstring_exists() -> None:
    names = set()
    for path in (ROOT / "attention_tutorial").rglob("*.py"):
        names.update(docstring_links.PAGE_NAME.findall(path.read_text(encoding="utf-8")))
    missing = [
        page
        for _, page in names
        if docstring_links.link_pages(f"`{page}.md`", "zh") == f"`{page}.md`"
    ]
    assert names and missing == []
