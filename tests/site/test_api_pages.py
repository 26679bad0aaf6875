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

import functools
import html
import pkgutil
import re
import urllib.parse

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


@pytest.mark.parametrize("lang", LANGS)
def test_the_sidebar_lists_the_modules_in_the_order_of_the_index(lang: str) -> None:
    """Review fx33: the index grouped ``training_paths`` and ``local_linear_regression`` with
    the chapter's computations and the tensor pictures before their building blocks, while the
    sidebar put them after ``scaling`` and the building blocks first. Both list the modules in
    one order: the order of the index's table rows."""
    index = (DOCS / lang / "api" / "index.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[[^\]]+\]\(([\w.]+)\.md\) \|", index, re.M)
    api_in_nav = [p for p in nav_pages(lang) if p.startswith("api/")][1:]  # [0]: the index
    in_nav = [p.removeprefix("api/").removesuffix(".md") for p in api_in_nav]
    assert sorted(rows) == MODULES, "one table row per module"
    assert in_nav == rows, f"{CONFIGS[lang]}: order the API pages as docs/{lang}/api/index.md"


def test_docstring_page_names_become_links_titled_in_each_language() -> None:
    text = "Explained on the pages `parametric.md` and ``handbook/repeat.md``; not `x.md`."
    assert docstring_links.link_pages(text, "en") == (
        "Explained on the pages [Parametric attention pooling](../parametric.py) and "
        "[repeat_interleave and repeat: copying elements](../handbook/repeat.py); not `x.md`."
    )
    # round 11: a page's title in Chinese prose stands in 《》, with no space around it
    assert docstring_links.link_pages("`handbook/index.md`", "zh") == (
        "《[张量 API 手册](../handbook/index.md)》"
    )
    assert docstring_links.link_pages("丢多少见 `scale.md` 一页。", "zh") == (
        "丢多少见《[注意力的开销随 n 的增长](../scale.py)》一页。"
    )
    # a title that starts with a name in code keeps its lower case in English
    assert docstring_links.link_pages("Explained on the page `handbook/matmul.md`.", "en") == (
        "Explained in *[torch.matmul: one function, five kinds of product](../handbook/matmul.py)*."
    )
    # in Chinese the whole sentence is Chinese, also when it is wrapped over lines
    wrapped = "Explained on the pages `average.md`,\n`nonparametric.md` and `parametric.md`."
    assert docstring_links.link_pages(wrapped, "zh") == (
        "讲解见《[平均汇聚](../average.py)》、"
        "《[非参数注意力汇聚：Nadaraya-Watson 核回归](../nonparametric.py)》"
        "和《[带参数的注意力汇聚](../parametric.py)》。"
    )
    # in English the titles are in italics, so that three titles do not run together
    assert docstring_links.link_pages(wrapped, "en") == (
        "Explained in *[Average pooling](../average.py)*, "
        "*[Non-parametric attention pooling: Nadaraya-Watson kernel regression]"
        "(../nonparametric.py)* and *[Parametric attention pooling](../parametric.py)*."
    )
    # a sentence that goes on keeps its words, with the titles of the language
    assert docstring_links.link_pages("Explained on the page `average.md` (and later).", "zh") == (
        "Explained on the page 《[平均汇聚](../average.py)》 (and later)."
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
            shown = re.findall(rf"^\s*::: {re.escape(path)}\.(\w+)$", page, re.MULTILINE)
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


def _english_prose(modules=MODULES):
    """{paragraph or comment: the object that has it} of the English docstrings shown."""
    package = _package()
    paragraphs, comments = {}, {}
    for module in modules:
        for obj in docstring_links.shown_objects(package[module]):
            if obj.docstring is None:
                continue
            found, said = docstring_links.english_prose(obj.docstring.value)
            paragraphs.update(dict.fromkeys(found, obj.path))
            comments.update(dict.fromkeys(said, obj.path))
    return paragraphs, comments


def test_every_paragraph_and_comment_has_its_chinese_text_and_no_other() -> None:
    """Round 6: on the Chinese pages each docstring's second paragraph and the comments of
    the examples were English. Each paragraph and comment of every module (``MODULES``: a
    new module is in it by construction) has its Chinese text (``summaries_zh.PARAGRAPHS``,
    ``COMMENTS``), keyed by the English: an English paragraph that changes fails here,
    naming it, until its Chinese text follows; a text kept for English that is gone fails
    too. Comments that are code (a shape, a directive) read the same in both languages."""
    from tools.sitebuild.summaries_zh import COMMENTS, PARAGRAPHS

    paragraphs, comments = _english_prose()
    missing = [f"{path}: {text!r}" for text, path in paragraphs.items() if text not in PARAGRAPHS]
    missing += [f"{path}: # {text!r}" for text, path in comments.items() if text not in COMMENTS]
    stale = [text for text in PARAGRAPHS if text not in paragraphs]
    stale += [text for text in COMMENTS if text not in comments]
    assert paragraphs and comments and missing == [] and stale == []
    # every module's docstrings are read: one with prose of its own is among them
    assert {path.rsplit(".", 1)[0] for path in paragraphs.values()} >= {
        f"attention_tutorial.{module}" for module in ("figures.tensors.tiling", "toy2d")
    }
    assert "(2, 2)" not in comments and "doctest: +ELLIPSIS" not in comments


def _joined_comments(example: str) -> list[str]:
    """The comments of an example, a comment the build wrapped over several lines as one."""
    texts: list[str] = []
    alone = False  # whether the last line was a comment on a line of its own
    for line in example.splitlines():
        match = next(iter(docstring_links._comments(line)), None)
        if match is None:
            alone = False
            continue
        own_line = match.group("code").strip() in {">>>", "..."}
        if own_line and alone:
            texts[-1] += " " + match.group("text")
        else:
            texts.append(match.group("text"))
        alone = own_line
    return texts


def test_a_chinese_page_shows_no_english_paragraph_or_comment() -> None:
    """What the Chinese pages render (the extension loaded): every paragraph and example
    comment of those modules is Chinese, each "dropped" paragraph is gone, and the English
    pages keep the English."""
    import griffe

    loaded = {
        lang: griffe.load(
            "attention_tutorial",
            search_paths=[str(ROOT)],
            extensions=griffe.load_extensions(docstring_links.PageLinks(lang)),
        )
        for lang in LANGS
    }
    english = []
    for module in MODULES:
        for obj in docstring_links.shown_objects(loaded["zh"][module]):
            if obj.docstring is None:
                continue
            for kind, part in docstring_links._blocks(obj.docstring.value):
                texts = (
                    [part]
                    if kind in {"summary", "prose"}
                    else _joined_comments(part)
                    if kind in {"example", "header"}
                    else []
                )
                english += [
                    f"{obj.path}: {t}"
                    for t in texts
                    if t.strip()
                    and not CJK.search(t)
                    and not docstring_links.CODE_COMMENT.fullmatch(t)
                    and not DISPLAY_FORMULA.fullmatch(t.strip())
                ]
    assert english == []
    zh, en = (loaded[lang]["scores.dot_product_scores"].docstring.value for lang in LANGS)
    assert "They are not the Gaussian scores" in en and "They are not" not in zh
    assert "# 第 i 行与高斯核分数只差" in zh and "# row i differs" in en
    pooling = loaded["zh"]["scores.dot_product_pooling"].docstring.value
    # round 7: the numbers of the warning in Chinese; round 11: float32's two steps said once,
    # each with its size (4 at the scores' 5e7, 8 at the larger term's 1e8), not one in the
    # prose and the other in a comment
    assert "量级 ``5e7`` 处是 4" in pooling and "量级 ``1e8`` 处是 8" in pooling
    assert "3.7754" in pooling
    en_pooling = " ".join(loaded["en"]["scores.dot_product_pooling"].docstring.value.split())
    assert "steps by 4 at the scores' size, ``5e7``, and by 8 at the size" in en_pooling
    # (a comment the build wrapped over several lines, read as one)
    compact = re.sub(r"\s*\n\s*>>> # ", "", pooling).replace(" ", "")
    assert "警告写的是较大一项的量级1e8" in compact and "用float32算，两者都舍入成5e7" in compact
    comments = [line for line in pooling.splitlines() if line.strip().startswith(">>> #")]
    assert comments and not [line for line in comments if re.search(r"间隔[为是] [48]", line)]
    # a module note dropped (the intro says it) still names its module's page, so that a
    # member's "Explained on the page `transformer.md`" goes: the intro says it once
    module, member = (loaded["zh"][f"transformer{name}"] for name in ("", ".dot_product_attention"))
    assert module.docstring.value == "" and "讲解见" not in member.docstring.value
    assert "# (1, 2, 2)" in loaded["zh"]["transformer.dot_product_attention"].docstring.value


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


# --- what a reader of the API pages sees (the reader's notes of issue 26) -----------------


@functools.cache
def _raw_package():
    """The package as griffe reads it with no extension, once per process: loading a module
    by its own path (``attention_tutorial.pooling``) loads the whole package each time,
    a second per module; the modules of one load are the same objects."""
    import griffe

    return griffe.load("attention_tutorial", search_paths=[str(ROOT)])


def _public_modules():
    package = _raw_package()
    for module in MODULES:
        yield module, package[module]


def _intro(lang: str, module: str) -> str:
    """The hand-written part of an API page: everything before its first ``:::`` line."""
    text = (DOCS / lang / "api" / f"{module}.md").read_text(encoding="utf-8")
    return text.split("\n::: ", 1)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_each_intro_names_its_pages_by_their_titles_and_its_module_in_full(lang: str) -> None:
    """Round 11: "Explained in *Torch.matmul: ...*" (the title is "torch.matmul: ..."), and on
    the Chinese pages "讲解见torch.matmul：…和torch.bmm：…" with no 《》 where the other intros
    have them. Each link of an intro to a lesson or handbook page reads that page's title as
    the page writes it, in 《》 in Chinese; each page's heading names its module in full
    (``attention_tutorial.figures.tensors.products``, as ``attention_tutorial.figures.curves``)."""
    problems = []
    for module in MODULES:
        intro = _intro(lang, module)
        if (
            not intro.startswith("# ")
            or f"`attention_tutorial.{module}`" not in intro.split("\n", 1)[0]
        ):
            problems.append(f"{module}: heading {intro.splitlines()[0]!r}")
        for link in re.finditer(r"(?P<before>.?)\[(?P<text>[^\]]+)\]\(\.\./(?P<page>[a-z0-9_/-]+)"
                                r"\.(?:py|md)\)(?P<after>.?)", intro):  # fmt: skip
            title = docstring_links.page_title(link["page"], lang)
            if link["text"] != title:
                problems.append(f"{module}: {link['text']!r} is not the title {title!r}")
            if lang == "zh" and (link["before"], link["after"]) != ("《", "》"):
                problems.append(f"{module}: {link['text']!r} without 《》")
    assert problems == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_page_is_explained_once_by_its_intro(lang: str) -> None:
    """The intro links every page the module's docstring names; the docstring's own
    "Explained on" sentence then goes (the intro says it), and so does a member's that
    names just the module's or the intro's pages: on the stepper page every member said
    the same sentence as the intro."""
    import griffe

    links = docstring_links.PageLinks(lang)
    # the package loaded once each way (a load per module took a minute per language)
    package = griffe.load(
        "attention_tutorial", search_paths=[str(ROOT)], extensions=griffe.load_extensions(links)
    )
    package_raw = _raw_package()
    for module in MODULES:
        loaded, raw = package[module], package_raw[module]
        named = docstring_links.explained_pages(raw.docstring.value)
        linked = set(
            re.findall(r"\]\(\.\./([a-z0-9_/-]+)\.(?:py|md)(?:#[^)]*)?\)", _intro(lang, module))
        )
        assert named <= linked, (lang, module, sorted(named - linked))
        assert (
            "Explained on" not in loaded.docstring.value and "讲解见" not in loaded.docstring.value
        )
        for name, member in raw.members.items():
            if member.is_alias or member.docstring is None:
                continue
            pages = docstring_links.explained_pages(member.docstring.value)
            if pages and pages in (named, linked):
                said = loaded[name].docstring.value
                assert "Explained on" not in said and "讲解见" not in said, (module, name)


@pytest.mark.parametrize("lang", LANGS)
def test_each_curves_function_links_the_lesson_section_of_its_figure(lang: str) -> None:
    """Round 7: the curves page shows no figure, and each function's entry named only the
    lesson page ("Explained on the page The data"). Each entry now links the sections
    the intro's table gives it (plot_fit: four, r25: its use in "Can queries and keys be
    swapped?" too), as "In the lesson, its figure appears in the section ..." (fx35: it read
    "Its figure, in the lesson: ...", a label rather than a sentence)."""
    import griffe

    package = griffe.load(
        "attention_tutorial",
        search_paths=[str(ROOT)],
        extensions=griffe.load_extensions(docstring_links.PageLinks(lang)),
    )
    module = package["figures.curves"]
    table = docstring_links.figure_sections(module.path, lang)
    names = ["plot_data", "plot_fit", "plot_fits", "plot_loss", "plot_loss_vs_w", "plot_w_paths"]
    assert sorted(path.rsplit(".", 1)[1] for path in table) == sorted(names)
    lead = {
        "zh": "在课程里，它画的图出现在《",
        "en": "In the lesson, its figure appears in the section",
    }[lang]
    for name in names:
        said = module[name].docstring.value
        links = table[module[name].path]
        assert lead in said and all(link in said for link in links), (lang, name)
        assert all(re.search(r"\]\(\.\./[a-z-]+\.py#[^)]+\)", link) for link in links)
        assert "Explained on" not in said and "讲解见" not in said, (lang, name)
    assert len(table[module["plot_fit"].path]) == 4
    if lang == "zh":  # r24: each page's section too, not the page alone
        said = module["plot_data"].docstring.value
        assert "在课程里，它画的图出现在《[数据](../data.py#看一眼数据)》“看一眼数据”一节。" in said
        assert all(link.endswith("一节") for links in table.values() for link in links)
        fit = module["plot_fit"].docstring.value
        assert fit.count("一节、《") == 2 and "一节和《" in fit
    else:  # several sections: semicolons between them (their titles hold commas)
        fit = module["plot_fit"].docstring.value
        assert "its figure appears in the sections [" in fit and fit.count("; [") == 2
        assert "; and [" in fit


def test_stepper_and_explorer_lead_with_the_function_and_hide_private_members() -> None:
    """``sgd_stepper`` (what a reader calls) comes before ``SgdStepper`` (what it returns),
    each shown on its own (the module's docstring said the intro again), and the page's
    filters hide every name that starts with ``_`` (``__init__``, ``__repr__``)."""
    for module, function, cls in (
        ("stepper", "sgd_stepper", "SgdStepper"),
        ("explorer", "bandwidth_explorer", "BandwidthExplorer"),
    ):
        for lang in LANGS:
            text = (DOCS / lang / "api" / f"{module}.md").read_text(encoding="utf-8")
            shown = re.findall(rf"^::: attention_tutorial\.{module}(\S*)$", text, re.MULTILINE)
            assert shown == [f".{function}", f".{cls}"], (lang, module, shown)
            for name in shown:
                block = text.split(f"::: attention_tutorial.{module}{name}\n", 1)[1]
                options = yaml.safe_load(block.split("\n\n", 1)[0])["options"]
                hidden = [
                    re.compile(f.removeprefix("!")) for f in options["filters"] if f[0] == "!"
                ]
                for private in ("__init__", "__repr__", "_repr_html_", "_repr_mimebundle_"):
                    assert any(f.search(private) for f in hidden), (lang, module, private)


def test_every_documented_attribute_has_a_type() -> None:
    """An ``Attributes:`` entry shows a type: the docstring's, or the class's annotation."""
    untyped = []
    for module, loaded in _public_modules():
        for name, member in loaded.members.items():
            if member.is_alias or not member.is_class or member.docstring is None:
                continue
            for section in member.docstring.parse("google"):
                if section.kind.value == "attributes":
                    untyped += [
                        f"{module}.{name}.{a.name}" for a in section.value if not a.annotation
                    ]
    assert untyped == []


def test_the_dot_product_scores_are_not_called_the_same_scores() -> None:
    """They are the Gaussian scores shifted by (q_i w)^2/2 in row i: the softmax is the
    same, the scores are not; both languages say so."""
    import griffe

    from tools.sitebuild.summaries_zh import SUMMARIES

    sentence = SUMMARIES["dot_product_scores"]
    assert "同一组分数" not in sentence
    assert "$(q_i w)^2/2$" in sentence and "分数不同" in sentence and "softmax" in sentence
    doc = griffe.load("attention_tutorial.scores", search_paths=[str(ROOT)])
    english = doc["dot_product_scores"].docstring.value
    assert "the same scores" not in english
    assert "(q_i w)^2 / 2" in english and "The scores differ" in english


def test_a_printed_negative_zero_is_explained() -> None:
    """An example that prints ``-0.0000`` says, in a comment, why the zero has a sign."""
    import ast

    negative_zero = re.compile(r"(?<![\w.])-0\.0+(?![0-9]*[1-9])")
    unexplained = []
    for path in sorted((ROOT / "attention_tutorial").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)):
                continue
            doc = ast.get_docstring(node) or ""
            lines = doc.splitlines()
            for i, line in enumerate(lines):
                shown = line.strip()
                if shown.startswith((">>>", "...")) or not negative_zero.search(shown):
                    continue
                at = next(j for j in range(i, -1, -1) if ">>>" in lines[j])
                call = lines[at]
                while at > 0 and lines[at - 1].strip().startswith(">>> #"):
                    at -= 1  # the comment may stand on its own lines above the call
                    call = lines[at] + call
                if "#" not in call or "minus sign" not in call:
                    unexplained.append(f"{path.name}: {shown}")
    assert unexplained == []


def source_block_problems(site) -> list[str]:
    """Raw page names (``average.md``) in the API pages' "Source code" blocks: each object's
    docstring is left out of its block (the page shows it, rendered, just above), and so is
    each docstring of a class's members the page lists below it, so none is left; every
    block says where the docstring went. Each block's title names the file
    with no space after the Chinese full-width colon ("源代码位于： attention_tutorial/…" was)."""
    problems = []
    for page in sorted(site.glob("**/api/*/index.html")):
        text = page.read_text(encoding="utf-8")
        listed = set(re.findall(r'<h\d id="(attention_tutorial\.[\w.]+)"', text))
        blocks = re.finditer(r'<details class="mkdocstrings-source">(.*?)</details>', text, re.S)
        for found in blocks:
            block = found[1]
            owner = re.findall(r'<h\d id="(attention_tutorial\.[\w.]+)"', text[: found.start()])
            code = re.sub(r"<[^>]+>", "", block)
            if re.search(r"`[a-z0-9_/-]+\.md`", code):
                problems.append(f"{page.relative_to(site)}: a page name in a source block")
            if "文档字符串见上文" not in code and "the docstring, shown above" not in code:
                problems.append(f"{page.relative_to(site)}: a docstring in a source block")
            # nor a docstring of a method the page lists below its class (r56): the line
            # after its `def` is a stand-in (the members the page does not list keep theirs)
            plain = html.unescape(code)
            for method in sorted(m for m in listed if owner and m.startswith(owner[-1] + ".")):
                first = _first_line_of_body(plain, method.rsplit(".", 1)[1])
                if first.startswith('"""') and not first.startswith('"""…"""'):
                    problems.append(f"{page.relative_to(site)}: {method}'s docstring")
            # its title: "源代码位于：attention_tutorial/…", no space after the full-width colon
            title = re.sub(r"<[^>]+>", "", block.split("</summary>")[0])
            if not re.fullmatch(r"\s*(源代码位于：|Source code in )attention_tutorial/\S+", title):
                problems.append(f"{page.relative_to(site)}: a source block titled {title!r}")
    return problems


def _first_line_of_body(code: str, name: str) -> str:
    """The first line after the signature of ``def name(`` in ``code`` ("" if none)."""
    lines = code.split("\n")
    start = next((i for i, line in enumerate(lines) if f"def {name}(" in line), None)
    if start is None:
        return ""
    end = next(i for i in range(start, len(lines)) if lines[i].rstrip().endswith(":"))
    return next((line.strip() for line in lines[end + 1 :] if line.strip()), "")


@pytest.mark.build
def test_the_source_blocks_show_the_code_not_the_docstring_again(site) -> None:
    assert list(site.glob("en/api/pooling/index.html")) and source_block_problems(site) == []


def test_no_api_page_names_a_private_module() -> None:
    """What an API page renders (a module's docstring, its public members') names no private
    module or helper (``figures._base``, ``_layout``): a reader cannot use them."""
    private = re.compile(r"``[\w.]*?\b_[a-z]\w*``")
    found = []

    def walk(obj) -> None:
        if obj.docstring is not None:
            found.extend(f"{obj.path}: {hit}" for hit in private.findall(obj.docstring.value))
        for name, member in obj.members.items():
            if not member.is_alias and not name.startswith("_"):
                walk(member)

    for _, loaded in _public_modules():
        walk(loaded)
    assert found == []


# --- the Chinese pages' tables (issue 26, the reader's round 5) ---------------------------

CJK = re.compile(r"[\u4e00-\u9fff]")
# what typography does not look at: code spans, formulas and link targets
NOT_PROSE = re.compile(r"`[^`]*`|\$[^$]*\$|\]\([^)]*\)")
# a paragraph that is one display formula ($$...$$, as arithmatex needs it: a block of its
# own) reads the same in both languages: its Chinese text is the formula itself
DISPLAY_FORMULA = re.compile(r"\$\$[^$]+\$\$")
ASCII_NEXT_TO_CJK = re.compile(r"[\u4e00-\u9fff][,;:?!()]|[,;:?!()][\u4e00-\u9fff]")


@functools.cache
def _package():
    """The package as griffe reads it for the site (Google style, one "Returns:" item)."""
    import griffe

    return griffe.load(
        "attention_tutorial",
        search_paths=[str(ROOT)],
        docstring_parser="google",
        docstring_options={"returns_multiple_items": False},
    )


def _documented(package) -> dict[str, list[str]]:
    """Object path inside the package -> the keys of everything its docstring documents,
    for every object an API page shows (``docstring_links.shown_objects``)."""
    found = {}
    for module in MODULES:
        for obj in docstring_links.shown_objects(package[module]):
            keys = [key for key, _ in docstring_links.documented_items(obj)]
            if keys:
                found[docstring_links.relative_path(obj)] = keys
    return found


def test_every_documented_item_has_its_chinese_text_and_no_other() -> None:
    """Each parameter, return value, exception and attribute that a docstring documents has
    its Chinese text in ``summaries_zh.SECTIONS`` (the Chinese pages show it in place of the
    English one), and no text is kept for an item, or an object, that is gone: a renamed
    parameter fails here until its Chinese text follows. Computed from the package."""
    from tools.sitebuild.summaries_zh import SECTIONS

    documented = _documented(_package())
    missing = [
        f"{path}: {key}"
        for path, keys in documented.items()
        for key in keys
        if key not in SECTIONS.get(path, {})
    ]
    stale = [
        f"{path}: {key}"
        for path, texts in SECTIONS.items()
        for key in texts
        if key not in documented.get(path, [])
    ]
    assert documented and missing == [] and stale == []


def _chinese_texts():
    from tools.sitebuild.summaries_zh import (
        BUILDING_BLOCKS,
        MEMBERS,
        PARAGRAPHS,
        SECTIONS,
        SUMMARIES,
    )

    yield from SUMMARIES.items()
    for blocks in BUILDING_BLOCKS.values():
        yield from blocks.items()
    yield from MEMBERS.items()
    yield from (
        (english, text)
        for english, text in PARAGRAPHS.items()
        if text and not DISPLAY_FORMULA.fullmatch(text)
    )
    for path, texts in SECTIONS.items():
        yield from ((f"{path}: {key}", text) for key, text in texts.items())


def test_the_chinese_texts_are_chinese_with_full_width_punctuation() -> None:
    """Each text is a Chinese sentence ending in a full-width full stop (or a full-width
    colon where the English paragraph ends with a colon: it introduces a display formula);
    outside code, formulas and link targets no ASCII comma, semicolon, colon or bracket
    touches a Chinese character (``（当前语言）``, not ``(当前语言)``)."""
    bad = []
    for name, text in _chinese_texts():
        prose = NOT_PROSE.sub("x", text)
        ends = ("。", "：") if name.endswith(":") else ("。",)
        if not (CJK.search(prose) and text.endswith(ends)) or ASCII_NEXT_TO_CJK.search(prose):
            bad.append(f"{name}: {text}")
    assert bad == []


def test_the_chinese_texts_use_the_glossary() -> None:
    """The glossary's words (``/work/shared/notes/content.md``, the glossary page): 查询, 键,
    值, 带宽; not the synonyms a translation drifts to."""
    drift = re.compile(r"询问|关键字|键值对应|数值对|频宽|窗宽")
    assert [name for name, text in _chinese_texts() if drift.search(text)] == []


def test_every_shown_member_has_a_chinese_summary() -> None:
    """Methods, properties and module helpers an API page shows lead with a Chinese
    sentence too (``summaries_zh.MEMBERS``): the stepper's ``payload``, ``path`` and
    ``html`` had none; and no sentence is kept for a member that is gone."""
    from tools.sitebuild.summaries_zh import MEMBERS

    package = _package()
    without, shown = [], set()
    for module in MODULES:
        for obj in docstring_links.shown_objects(package[module]):
            if obj.is_module or obj.docstring is None:
                continue
            shown.add(docstring_links.relative_path(obj))
            if docstring_links.summary_zh(obj) is None:
                without.append(docstring_links.relative_path(obj))
    assert without == [] and set(MEMBERS) <= shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_are_in_the_language_of_the_page(lang: str) -> None:
    """With the page's extension loaded, a Chinese page's parameters, return value and
    exceptions read in Chinese; the English page keeps the docstring's English; the names
    and types are the docstring's in both."""
    import griffe

    package = griffe.load(
        "attention_tutorial",
        search_paths=[str(ROOT)],
        extensions=griffe.load_extensions(docstring_links.PageLinks(lang)),
        docstring_parser="google",
        docstring_options={"returns_multiple_items": False},
    )
    items = docstring_links.documented_items(package["pooling.nadaraya_watson"])
    assert [key for key, _ in items] == [
        "queries", "keys", "values", "bandwidth", "return", "raise TypeError", "raise ValueError"
    ]  # fmt: skip
    for key, item in items:
        assert bool(CJK.search(item.description)) == (lang == "zh"), (lang, key)
    queries = items[0][1]
    assert queries.name == "queries" and str(queries.annotation) == "Tensor"
    if lang == "zh":
        assert "浮点类型" in queries.description
        raises = next(item for key, item in items if key == "raise ValueError")
        assert "float64 与 float32" in raises.description


SETUP = "import numpy as np\nimport torch\nfrom attention_tutorial import *\n"


@pytest.mark.parametrize("lang", LANGS)
def test_each_page_says_which_imports_its_examples_assume(lang: str) -> None:
    """Near the top (before the first object), each API page names the lines its examples
    assume: a reader who lands on it from the search and copies an example needs them."""
    for module in MODULES:
        text = (DOCS / lang / "api" / f"{module}.md").read_text(encoding="utf-8")
        top = text.split("\n::: ", 1)[0]
        for line in SETUP.splitlines():
            assert f"`{line}`" in top, (lang, module, line)


def test_every_example_runs_with_just_those_imports_and_shows_what_python_prints() -> None:
    """Each example an API page shows runs in a fresh namespace holding only the page's
    stated imports (the doctests of ``make test`` run in the module's own namespace, which
    has more names): ``formulation`` of ``scaling`` is not in ``at``, so its example
    imports it. Its outputs are character for character what Python prints: only
    ``ELLIPSIS`` (an explicit ``...``), no ``NORMALIZE_WHITESPACE`` and no ``NUMBER``, which
    ``make test``'s doctests allow (round 12: thirteen outputs, a repr, a list, an error
    message, a warning, were broken over several lines to fit a phone, and passed only
    because whitespace was normalised; ``tensor([1., 1.])`` stood for
    ``tensor([1.0000, 1.0000])``)."""
    import doctest

    failures = []
    package = _package()
    for module in MODULES:
        for obj in docstring_links.shown_objects(package[module]):
            if obj.docstring is None or ">>>" not in obj.docstring.value:
                continue
            namespace: dict = {}
            exec(SETUP, namespace)
            test = doctest.DocTestParser().get_doctest(
                obj.docstring.value, namespace, obj.path, None, 0
            )
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            out: list[str] = []
            if runner.run(test, out=out.append).failed:
                failures.append("".join(out)[-600:])
    assert failures == []


def test_the_api_pages_own_examples_show_what_python_prints() -> None:
    """The same for the examples written on the API pages themselves (``stepper.md``): the
    Markdown doctests of ``make test`` normalise whitespace (``conftest.py``); here an
    output must be exactly what Python prints."""
    import doctest

    from sybil import Sybil
    from sybil.evaluators.python import PythonEvaluator
    from sybil.example import SybilFailure
    from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser

    from conftest import api_page_imports

    class PyconCodeBlockParser(PythonCodeBlockParser):
        """The ```pycon blocks (a session, highlighted as the docstrings' examples are)."""

        def __init__(self, doctest_optionflags: int = 0) -> None:
            super().__init__(doctest_optionflags=doctest_optionflags)
            self.codeblock_parser = CodeBlockParser("pycon", PythonEvaluator(()))

    flags = doctest.ELLIPSIS
    strict = Sybil(
        parsers=[PythonCodeBlockParser(doctest_optionflags=flags), PyconCodeBlockParser(flags)]
    )
    failures, examples = [], 0
    for path in sorted(DOCS.glob("*/api/*.md")):
        document = strict.parse(path)
        document.namespace.update(api_page_imports())
        for example in document:
            examples += 1
            try:
                example.evaluate()
            except SybilFailure as failure:
                failures.append(f"{path.relative_to(ROOT)} line {example.line}: {failure}")
    assert examples >= 10  # stepper.md, both languages
    assert failures == []


@pytest.mark.parametrize("lang", LANGS)
def test_names_in_the_prose_are_links_as_in_the_lessons(lang: str) -> None:
    """Round 6: ``w_path``, ``nadaraya_watson``, ``analysis.bandwidth_from_w`` were plain code
    in the docstrings' prose while the lessons link them. Each name of the package in prose
    becomes an autorefs link (not the object's own name, not inside examples or sections)."""
    import griffe

    package = griffe.load(
        "attention_tutorial",
        search_paths=[str(ROOT)],
        extensions=griffe.load_extensions(docstring_links.PageLinks(lang)),
    )
    stepper = package["stepper.sgd_stepper"].docstring.value
    assert "[`w_path`][attention_tutorial.training_paths.w_path]" in stepper
    assert "[`sgd_stepper`]" not in stepper  # its own name stays plain
    assert ">>> stepper = sgd_stepper(w0=w0)" in stepper  # examples untouched
    pooling = package["pooling"].docstring.value
    assert "[`analysis.bandwidth_from_w`][attention_tutorial.analysis.bandwidth_from_w]" in pooling
    assert "[`scores`](scores.md)" in pooling  # a module: its page
    scores = package["scores"].docstring.value
    assert "[`score`][attention_tutorial.scores.score]" in scores


@pytest.mark.build
def test_the_api_pages_link_lesson_sections_that_exist(site) -> None:
    """The API pages point at the section of a lesson that shows a figure (round 6: the
    curves, stepper and explorer pages showed no picture of what they draw): every such
    ``#anchor`` is a heading of that page, in each language."""
    broken = []
    for page in sorted(site.glob("**/api/*/index.html")):
        html = page.read_text(encoding="utf-8")
        for target, anchor in re.findall(r'href="(\.\./\.\./[\w-]+/)#([^"]+)"', html):
            lesson = (page.parent / target / "index.html").resolve()
            ids = set(re.findall(r'id="([^"]+)"', lesson.read_text(encoding="utf-8")))
            if anchor not in ids and urllib.parse.unquote(anchor) not in ids:
                broken.append(f"{page.relative_to(site)}: {target}#{anchor}")
    assert broken == []
    curves = (site / "api" / "figures.curves" / "index.html").read_text(encoding="utf-8")
    assert curves.count('href="../../smoothness/#') >= 2


def class_bases_words(site, lang: str) -> list[str]:
    """The words before each class's bases on the API pages of ``lang`` ("Bases:")."""
    folder = site / "api" if lang == "zh" else site / "en" / "api"
    words = []
    for page in sorted(folder.glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        words += re.findall(r'<p class="doc doc-class-bases">\s*(.*?)\s*<code', text, re.S)
    return words


@pytest.mark.build
def test_a_class_names_its_bases_in_the_language_of_the_page(site) -> None:
    """mkdocstrings writes "Bases:" in English on every page; a Chinese page says 基类：
    (``mkdocstrings_templates/python/material/class.html.jinja``)."""
    zh, en = class_bases_words(site, "zh"), class_bases_words(site, "en")
    assert len(zh) == len(en) >= 3  # model, transformer: nn.Module subclasses
    assert set(zh) == {"基类："} and set(en) == {"Bases:"}


def test_the_api_pages_own_example_outputs_fit_a_phones_code_box() -> None:
    """The outputs of the examples written on the API pages themselves (the docstrings' are
    checked in ``tests/unit/test_docstrings.py``): 40 characters a line, which a 375 px
    phone's code box shows without scrolling sideways."""
    too_long = []
    paths = sorted(DOCS.glob("*/api/*.md"))
    assert len(paths) > 40  # both languages
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```(?:python|pycon)\n(.*?)```", text, re.S):
            too_long += [
                f"{path.relative_to(ROOT)}: {line}"
                for line in block.splitlines()
                if not line.startswith((">>>", "...")) and len(line) > 40
            ]
    assert too_long == []


def _example_lines(text: str):
    """The ``>>>`` and ``...`` lines of a docstring, as an API page shows them."""
    for line in text.splitlines():
        shown = line.strip()
        if shown.startswith((">>>", "...")):
            yield shown


def test_every_example_line_fits_a_phones_code_box_in_both_languages() -> None:
    """The code and comments of every docstring example, as each language's API page shows
    them (the Chinese comments from ``summaries_zh``, each long comment wrapped by the
    build): 40 columns a line, a CJK character two, which a 375 px phone's code box shows
    whole (round 9: "# 课程里的单步演示；以 `stepper` 结尾的…" was cut)."""
    import doctest
    import importlib
    import inspect

    width = docstring_links.PHONE_CODE_COLUMNS
    too_long = []
    finder = doctest.DocTestFinder()
    for module in MODULES:
        for test in finder.find(importlib.import_module(f"attention_tutorial.{module}")):
            name = test.name.removeprefix(f"attention_tutorial.{module}")
            if any(part.startswith("_") and not part.endswith("__") for part in name.split(".")):
                continue  # a private helper, hidden on the API page
            text = inspect.cleandoc(test.docstring or "")
            for lang, shown in (("en", text), ("zh", docstring_links.prose_zh(text))):
                for line in _example_lines(docstring_links.wrap_example_comments(shown)):
                    if docstring_links.columns(line) > width:
                        too_long.append(f"{lang} {test.name}: {line}")
    assert too_long == []


def _lines_but_error_messages(code: str):
    """The lines of an example block, but the error message each traceback ends with."""
    in_traceback = False
    for line in code.splitlines():
        if line.startswith(">>>"):
            in_traceback = False
        elif line.startswith("Traceback (most recent call last):"):
            in_traceback = True
        if not in_traceback:
            yield line


def test_only_a_tracebacks_lines_are_left_out_of_the_width_check() -> None:
    code = ">>> f(1)\nTraceback (most recent call last):\n...\nValueError: x\n>>> g()\n'a'\n"
    assert list(_lines_but_error_messages(code)) == [">>> f(1)", ">>> g()", "'a'"]


@pytest.mark.build
def test_every_example_line_on_the_built_api_pages_fits_a_phones_code_box(site) -> None:
    """The same, read from every API page of the built site (the pages' own examples too),
    outputs included, but for an error message: the line after a traceback's header and
    ``...`` is the message the package raises, shown whole, as Python prints it (see
    ``tests/unit/test_docstrings.py``)."""
    import html as html_module

    too_long = []
    pages = sorted(site.glob("api/*/index.html")) + sorted(site.glob("en/api/*/index.html"))
    assert len(pages) > 50
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for pre in re.findall(
            r'<div class="(?:language-python )?highlight"><pre>(.*?)</pre>', text, re.S
        ):
            code = html_module.unescape(re.sub(r"<[^>]+>", "", pre))
            if ">>>" not in code:
                continue
            too_long += [
                f"{page.relative_to(site).parent}: {line}"
                for line in _lines_but_error_messages(code)
                if docstring_links.columns(line) > docstring_links.PHONE_CODE_COLUMNS
            ]
    assert too_long == []


@pytest.mark.build
def test_a_required_parameter_says_required_not_default_required(site) -> None:
    """Round 22: on a phone each parameter of a table becomes a block, its last cell labelled
    "Default:" by extra.css, and a required parameter read "默认：必需" ("default:
    required"). Its cell has the class ``doc-param-required``, which the label skips: the
    template (``mkdocstrings_templates/.../parameters.html.jinja``) and the stylesheet agree."""
    for page, words in (("api/stepper", "必需"), ("en/api/stepper", "required")):
        text = (site / page / "index.html").read_text(encoding="utf-8")
        rows = re.findall(r'<tr class="doc-section-item">(.*?)</tr>', text, re.S)
        w0 = next(row for row in rows if re.search(r"<code>w0</code>", row))
        assert re.search(rf'<td class="doc-param-required">\s*<em>{words}</em>\s*</td>', w0), w0
        lr = next(row for row in rows if re.search(r"<code>lr</code>", row))
        assert "doc-param-required" not in lr  # a default: labelled as before
    css = (ROOT / "docs/assets/stylesheets/extra.css").read_text(encoding="utf-8")
    labels = re.findall(r"([^{}]*)\{\s*content: \"(?:Default: |默认：)\";", css)
    assert len(labels) == 2 and all(
        label.strip().endswith("td:nth-child(4):not(.doc-param-required)::before")
        for label in labels
    ), labels
