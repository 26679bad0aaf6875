"""A page title named in Chinese prose stands in 《》 (no build needed).

Written bare inside a sentence, a linked title runs into the words around it: “随后的
从核回归到 Transformer 注意力、在二维玩具问题上学习投影和注意力的开销随 n 的增长已经
走出了本章” reads as “投影和注意力的开销”. The site writes 《非参数注意力汇聚》一页.

The titles come from the site's nav (``mkdocs.yml``) and from each page's own heading,
never from a list typed here. Prose is every paragraph and list item of the Markdown of
``docs/zh`` (tables, headings, code and math are not prose). A link whose text is a
title is left alone when it

* is a label or a reference, not part of a sentence: it starts a list item, or follows
  ``：``, ``、`` or ``（``, and ends the item or is followed by ``：``, ``、``, ``）`` or
  ``。`` (``- [数据](data.py)：…``, ``张量 API 手册：[a](…)、[b](…)``, ``（[a](…)）``);
* is the home page's title (首页: a common noun, “the home page”), or has no Chinese
  character (``torch.matmul``: the name of the API, not of the page);
* is a term of the glossary (平均汇聚: the method, which the page is named after).
"""

from __future__ import annotations

import re

import pytest
import yaml

from tests.site.test_typography import CJK, PAGES, ROOT, ZH, _Loader, markdown_of

LINK = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)")
FENCED = re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$", re.S | re.M)
AS_WORD = [  # each stands for a word in a sentence
    re.compile(r"(`+).+?\1", re.S),  # code spans
    re.compile(r"\$\$.*?\$\$", re.S),  # display math
    re.compile(r"\$[^$\n]+\$"),  # inline math
]
TAG = re.compile(r"<[^>\n]*>")  # HTML tags; what they enclose stays
ITEM = re.compile(r"^(?:[-*+]|\d+\.)[ \t]+")  # the marker that starts a list item
NOT_PROSE_LINE = re.compile(r"^(?:\||#|!!!|\?\?\?|===|--8<--)")  # tables, headings, ...
LABEL_BEFORE = "：、（"
LABEL_AFTER = "：、）。"


def nav_titles(items: list) -> dict[str, str]:
    """Page source -> its title, for every titled page of a nav (nested sections too)."""
    found = {}
    for item in items:
        if not isinstance(item, dict):
            continue
        for title, value in item.items():
            if isinstance(value, list):
                found |= nav_titles(value)
            else:
                found[value] = title
    return found


def heading(rel: str) -> str | None:
    """The page's own title: the first level-one heading of its Markdown."""
    match = re.search(r"^# (.+?)[ \t]*$", markdown_of(rel), re.M)
    return match.group(1) if match else None


def glossary_terms() -> set[str]:
    """The Chinese terms of the glossary's tables (each spelling of “a / b”)."""
    terms = set()
    for line in (ZH / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and len(cells) >= 2 and not set(cells[0]) <= set("-:"):
            # tags out first: a <span> keeps each spelling on one line, an empty one
            # holds the row's anchor
            terms |= {term.strip() for term in TAG.sub("", cells[0]).split("/")}
    return terms


def page_titles() -> set[str]:
    """Every title a zh page is known by (nav and heading) that prose must put in 《》."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    by_page = nav_titles(config["nav"])
    titles = set(by_page.values()) | {heading(rel) for rel in PAGES} - {None}
    exempt = {by_page.get("index.md"), heading("index.md")} | glossary_terms()
    return {t for t in titles - exempt if re.search(f"[{CJK}]", t)}


TITLES = page_titles()


def prose_items(markdown: str) -> list[str]:
    """The paragraphs and list items of ``markdown``, each on one line, code as a word."""
    text = FENCED.sub("\n\n", markdown)
    for pattern in AS_WORD:
        text = pattern.sub("x", text)
    text = TAG.sub("", text)
    items: list[str] = []
    for block in re.split(r"\n[ \t]*\n", text):
        current: list[str] = []
        for line in block.split("\n"):
            line = line.strip()
            if not line or NOT_PROSE_LINE.match(line):
                continue
            if ITEM.match(line) and current:
                items.append("".join(current))
                current = []
            current.append(ITEM.sub("", line))
        if current:
            items.append("".join(current))
    return items


def bare_titles(markdown: str, titles: set[str] = TITLES) -> list[str]:
    """Links in prose whose text is a page title, not in 《》 and not a label."""
    found = []
    for item in prose_items(markdown):
        for link in LINK.finditer(item):
            if link.group(1) not in titles:
                continue
            before, after = item[: link.start()].rstrip(), item[link.end() :].lstrip()
            if before.endswith("《") and after.startswith("》"):
                continue
            label = (not before or before[-1] in LABEL_BEFORE) and (
                not after or after[0] in LABEL_AFTER
            )
            if not label:
                context = item[max(0, link.start() - 10) : link.end() + 10]
                found.append(f"page title {link.group(1)!r} not in 《》: …{context}…")
    return found


def test_the_titles_come_from_the_nav_and_the_headings() -> None:
    assert {"从核回归到 Transformer 注意力", "为什么要留一", "masked_fill 与 -inf"} <= TITLES
    assert "torch.matmul" not in TITLES  # an API's name
    assert "首页" not in TITLES and "平均汇聚" not in TITLES  # a common noun, a term


@pytest.mark.parametrize(
    ("bad", "count"),
    [
        (
            "随后的[从核回归到 Transformer 注意力](transformer.py)、[在二维玩具问题上学习投影]"
            "(projections.py)和[注意力的开销随 n 的增长](scale.py)已经走出了本章",
            3,
        ),
        ("是下一页[在二维玩具问题上学习投影](projections.py)的内容", 1),
        ("范围是“[数据](data.py)”至“[为什么要留一](leave-one-out.py)”这几页", 2),
        ("带宽的含义见[训练后的曲线为何不平滑](smoothness.py)）。", 1),
        ("见手册 [masked_fill 与 -inf](handbook/masked-fill.py)。", 1),
        ("- 第一项，见[为什么要留一](leave-one-out.py#常见疑问)的表", 1),
        ("（见[为什么要留一](leave-one-out.py)）", 1),
        ("（手册：[masked_fill 与 -inf](handbook/masked-fill.py)；这一行", 1),
        ("一段话的第一行\n接着[为什么要留一](leave-one-out.py)的内容", 1),
    ],
)
def test_the_check_catches(bad: str, count: int) -> None:
    assert len(bare_titles(bad)) == count, bare_titles(bad)


@pytest.mark.parametrize(
    "good",
    [
        "见《[非参数注意力汇聚](nonparametric.py)》一页",
        "《[为什么要留一](leave-one-out.py#常见疑问)》的表",
        "1. [数据](data.py)：本章的回归问题",
        "- 张量 API 手册：[softmax 与 dim](handbook/softmax.py)、"
        "[torch.eye 与布尔掩码](handbook/mask.py)",
        "（手册：[masked_fill 与 -inf](handbook/masked-fill.py)）",
        "留一法损失（[为什么要留一](leave-one-out.py)），用优化器训练",
        "| 疑问 | [为什么要留一](leave-one-out.py) |",
        "## [为什么要留一](leave-one-out.py)",
        "`[为什么要留一](leave-one-out.py)` 和 $[数据](x)$",
        "```\n见[为什么要留一](leave-one-out.py)的内容\n```",
        "用 [torch.matmul](handbook/matmul.py) 相乘",
        "预测接近[平均汇聚](average.py)的那条水平线",
        "见[为什么只有一个 w](transformer.py#为什么只有一个-w)",
    ],
)
def test_the_check_allows(good: str) -> None:
    assert bare_titles(good) == []


@pytest.mark.parametrize("rel", PAGES)
def test_page_titles_in_chinese_prose_stand_in_book_title_marks(rel: str) -> None:
    assert bare_titles(markdown_of(rel)) == [], f"docs/zh/{rel}"
