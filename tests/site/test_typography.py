"""Chinese prose uses full-width quotes, commas and parentheses (no build needed).

Reads the Markdown cells of ``docs/zh/**/*.py`` (jupytext) and ``docs/zh/**/*.md``,
removes everything that is not prose (fenced code, code spans, math, HTML tags,
link targets, snippet lines) and fails on an ASCII ``"`` on a line with Chinese
text, or on a half-width ``,`` ``(`` ``)`` touching a Chinese character.
"""

from __future__ import annotations

import re

import pytest
import yaml

from tools.sitebuild.notebooks import DOCS, ROOT, read_notebook

ZH = DOCS / "zh"
PAGES = sorted(
    p.relative_to(ZH).as_posix()
    for p in [*ZH.rglob("*.py"), *ZH.rglob("*.md")]
    if "assets" not in p.relative_to(ZH).parts
)
CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
NOT_PROSE = [
    re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$", re.S | re.M),  # fenced code
    re.compile(r"\$\$.*?\$\$", re.S),  # display math
    re.compile(r"(`+).+?\1", re.S),  # code spans
    re.compile(r"\$[^$\n]+\$"),  # inline math
    re.compile(r"<[^>\n]*>"),  # HTML tags and their attributes
    re.compile(r"\]\([^)\n]*\)"),  # link targets: ](page.py)
    re.compile(r"^--8<--.*$", re.M),  # pymdownx.snippets
    re.compile(r"^[ \t]*(===|!!!|\?\?\?\+?)[^\n]*\"[^\n]*$", re.M),  # tab and admonition titles
]
ASCII_QUOTE_LINE = re.compile(rf'^(?=.*[{CJK}]).*".*$', re.M)
HALF_WIDTH = re.compile(rf"[{CJK}][,()]|[,()][{CJK}]")
# a source line break inside a paragraph, next to a full-width quote: the page
# shows it as a space (only breaks between two CJK characters are removed)
# a space after full-width punctuation, also across the end of bold or italics
# (``。** 它``): the page shows a gap the punctuation already makes
SPACE_AFTER_FULL_WIDTH = re.compile(r"[。，、；：？！）」』”](?:\*{1,2}|_{1,2})?[ \t]+(?=[^\s|])")
FULL_WIDTH_MARKS = "。，、；：？！"


def unclosed_bold(text: str) -> list[str]:
    """Closing ``**`` between full-width punctuation and a word (``**为什么？**因为``).

    Python-Markdown shows it bold, but Jupyter (CommonMark) does not close it, and the
    downloaded notebooks show the asterisks: write ``**为什么**？因为``.
    """
    found = []
    for line in text.split("\n"):
        marks = [m.start() for m in re.finditer(r"\*\*", line)]
        for at in marks[1::2]:
            after = line[at + 2 : at + 3]
            if at and line[at - 1] in FULL_WIDTH_MARKS and after and not after.isspace():
                found.append(
                    f"bold closed after full-width punctuation: {line[max(0, at - 12) : at + 8]}"
                )
    return found


# a linked page title running into 一页 / 一节 (“为什么要留一一页”): in 《》 or “ ”
UNQUOTED_TITLE = re.compile(r"(?<![《“])\[[^\]\n]+\]\([^)\n]+\)(?=一页|一节)")


def unquoted_titles(markdown: str) -> list[str]:
    """Links to a page or section written straight before 一页 or 一节, outside code."""
    text = NOT_PROSE[2].sub(" ", NOT_PROSE[0].sub(" ", markdown))  # fenced code, code spans
    return [
        f"page title before 一页/一节 without 《》: {m.group(0)}"
        for m in UNQUOTED_TITLE.finditer(text)
    ]


QUOTE_BREAK = re.compile(r"[“”‘’][ \t]*\n[ \t]*(?=[^\s#|>-])|(?<=[^\s|])[ \t]*\n[ \t]*[“”‘’]")


def prose(markdown: str, removed: str = " ") -> str:
    """The text a reader sees as prose; what is removed becomes ``removed``."""
    for pattern in NOT_PROSE:
        markdown = pattern.sub(removed, markdown)
    return markdown


def markdown_of(rel: str) -> str:
    path = ZH / rel
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    notebook = read_notebook(path)
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def problems(markdown: str) -> list[str]:
    text = prose(markdown)
    found = [f"ASCII quote: {m.group(0).strip()}" for m in ASCII_QUOTE_LINE.finditer(text)]
    for m in HALF_WIDTH.finditer(text):
        context = text[max(0, m.start() - 12) : m.end() + 12].replace("\n", " ")
        found.append(f"half-width {m.group(0)!r}: {context}")
    # code, math and links stand for a word here, not for a space
    worded = prose(markdown, removed="\u2060")
    for m in SPACE_AFTER_FULL_WIDTH.finditer(worded):
        context = worded[max(0, m.start() - 12) : m.end() + 12].replace("\n", " ")
        found.append(f"space after full-width punctuation: {context}")
    found += unclosed_bold(text)
    found += unquoted_titles(markdown)
    for m in QUOTE_BREAK.finditer(text):
        context = text[max(0, m.start() - 12) : m.end() + 12].replace("\n", "⏎")
        found.append(f"line break next to a quote: {context}")
    return found


@pytest.mark.parametrize(
    "bad",
    [
        '一行"晚点"是红色的',
        '"不平滑"不等于"更差"',
        '表中"own key included"一列',
        "注意力汇聚(attention pooling)",
        "查询,键和值",
        "函数里根本没有\n“想找什么”这个输入",
        "根本没有“想找什么”\n这个输入",
        "**为什么？** 因为",
        "取错了张量。 它的",
        "**为什么？**因为",
        "（见[为什么要留一](leave-one-out.py)一页）",
        "Transformer 页的[为什么只有一个 w](transformer.py#为什么只有一个-w)一节",
    ],
)
def test_the_lint_catches(bad: str) -> None:
    assert problems(bad)


@pytest.mark.parametrize(
    "good",
    [
        "一行“晚点”是红色的，表中“own key included”一列",
        '写成 `torch.normal(0.0, 0.5, (3))` 或 `loss(reduction="none")` 都行',
        '```python\nprint("中文")\n```',
        '<span class="x">中文</span>',
        "见《[数据](data.py)》一页，“[不同带宽一览](nonparametric.py#不同带宽一览)”一节",
        "[数据](data.py)里的一页表格",
        '$f("x")$ 中文',
        'English prose with "quotes" stays as it is',
        "## “不平滑”不等于“更差”\n\n下一段",
        "上一段。\n\n“顺序相同”指的是行优先顺序",
        "- 第一项\n- “有效键数”",
        '=== "macOS 和 Linux"\n\n    正文',
        "**为什么**？因为",
        "三个主角：**查询**、**键**和**值**",
    ],
)
def test_the_lint_allows(good: str) -> None:
    assert problems(good) == []


@pytest.mark.parametrize("rel", PAGES)
def test_chinese_prose_uses_full_width_punctuation(rel: str) -> None:
    assert problems(markdown_of(rel)) == [], f"docs/zh/{rel}"


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml, ignoring its Python tags (only ``nav`` is needed)."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def nav_pages(items: list) -> set[str]:
    """Every page source named in a nav (nested sections too)."""
    found = set()
    for item in items:
        values = [item] if isinstance(item, str) else list(item.values())
        for value in values:
            found |= nav_pages(value) if isinstance(value, list) else {value}
    return found


def test_the_lint_reads_every_page_of_the_chinese_site() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    published = nav_pages(config["nav"])
    assert {"cues.py", "handbook/where.py", "api/index.md"} <= published
    assert sorted(published - set(PAGES)) == []  # the nested ones (handbook/, api/) too
    assert [rel for rel in PAGES if rel.startswith("assets/")] == []  # no vendored files


# a link whose text already ends a sentence (“…能互换吗？”, "…swapped?", "…but got: […].")
# followed by one more stop: the page shows two marks in a row (“吗？。”, "?.")
DOUBLED_AFTER_LINK = re.compile(r"[？?。.]`*\]\([^)\n]*\)[。.]")
ALL_PAGES = sorted(
    p.relative_to(DOCS).as_posix()
    for lang in ("zh", "en")
    for p in [*(DOCS / lang).rglob("*.py"), *(DOCS / lang).rglob("*.md")]
    if "assets" not in p.relative_to(DOCS / lang).parts
)


def doubled_stops(markdown: str) -> list[str]:
    """Links whose text ends in ？ ? 。 or . followed by 。 or ., outside fenced code."""
    text = NOT_PROSE[0].sub(" ", markdown)
    return [
        f"a stop after a link ending in one: {m.group(0)}"
        for m in DOUBLED_AFTER_LINK.finditer(text)
    ]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("[查询和键能互换吗？](a.py#x)。", True),
        ("[can they be swapped?](a.py#x).", True),
        ("[`… but got: […].`](errors.py#x).", True),
        ("[查询和键能互换吗？](a.py#x)", False),
        ("[`shape`](a.py#x).", False),
        ("```\n[a?](b.py).\n```", False),
    ],
)
def test_the_doubled_stop_check(text: str, found: bool) -> None:
    assert bool(doubled_stops(text)) is found


@pytest.mark.parametrize("rel", ALL_PAGES)
def test_no_doubled_stop_after_a_link(rel: str) -> None:
    path = DOCS / rel
    if path.suffix == ".md":
        markdown = path.read_text(encoding="utf-8")
    else:
        notebook = read_notebook(path)
        markdown = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    assert doubled_stops(markdown) == [], f"docs/{rel}"
