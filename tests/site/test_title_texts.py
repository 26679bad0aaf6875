"""A link that gives a page's or a section's title reads that title (no build needed).

Round 16: the nn.Linear handbook page sent the reader to 《训练：Parameter、MSELoss、SGD》, a
title the training page no longer has, and the English glossary to "learning projections
on a 2-D toy problem" (the page is "Learned projections …"). Where a link presents a
title, its text is the title of what it opens (that the Chinese ones stand in 《》 is
tests/site/test_title_links.py's concern):

- a link in 《》 (Chinese), or after "See" or "the page" (English), is a page title;
- a link whose text has the colon form of the target's title ("训练：…", "Training: …") is
  the whole title;
- a link in “…”一节 (Chinese), or before "on the page" / "of the page" (English), is the
  title of a section of the target page.

A page title may be shortened to the part before its colon (《非参数注意力汇聚》) or, on an
API page, before the module's name in code ("Curves `attention_tutorial.figures.curves`"), and
an English one may start with a small letter in running text. Emphasis and HTML tags in
headings (``*w*``, ``<span>``) are not part of the title. A page-title link with an anchor
gives the title of the page or of that section.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tools.sitebuild.notebooks import DOCS, read_notebook

LANGS = ("zh", "en")
PAGES = sorted(
    (lang, p.relative_to(DOCS / lang).as_posix())
    for lang in LANGS
    for p in [*(DOCS / lang).rglob("*.py"), *(DOCS / lang).rglob("*.md")]
    if "assets" not in p.relative_to(DOCS / lang).parts
)
LINK = r"\[(?P<text>[^\]\n]+)\]\((?P<target>[^)\s#]+\.(?:py|md))(?P<anchor>#[^)\s]*)?\)"
PAGE_TITLE = {
    "zh": re.compile(rf"《{LINK}》"),
    "en": re.compile(rf"(?:\b[Tt]he page|\b[Ss]ee) {LINK}"),
}
SECTION_TITLE = {
    "zh": re.compile(rf"“{LINK}”一节"),
    "en": re.compile(rf"{LINK} (?:on|of) the page"),
}
ANY_LINK = re.compile(LINK)
COLON = {"zh": "：", "en": ": "}
FENCED = re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$", re.S | re.M)


def markdown_of(path: Path) -> str:
    """The Markdown a page shows: a ``.md`` file, or the Markdown cells of a notebook page.

    Read once per version of the file: a page is the target of many links, and each link
    reads its target's headings (jupytext's reading of a notebook page was most of the
    time of these tests).
    """
    stat = path.stat()
    return _markdown_of(path, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _markdown_of(path: Path, _mtime_ns: int, _size: int) -> str:
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    notebook = read_notebook(path)
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def plain(text: str) -> str:
    """A heading or link text as read: no HTML tags, emphasis marks or doubled spaces.

    Inside 《》 a title's own 《》 become 〈〉 (《与〈动手学深度学习〉对照》): the same title.
    """
    text = text.translate(str.maketrans("〈〉", "《》"))
    return " ".join(re.sub(r"<[^>]+>|\*", "", text).split())


def headings(path: Path) -> list[str]:
    """The headings of a page, its title first."""
    text = FENCED.sub("", markdown_of(path))
    return [plain(h) for h in re.findall(r"^#{1,6} (.+?)\s*$", text, re.M)]


def page_titles(lang: str, title: str) -> set[str]:
    """The texts that give ``title``: whole, up to its colon or its code (English: any case)."""
    titles = {title, title.split(COLON[lang])[0], title.split(" `")[0]}
    if lang == "en":
        titles |= {t[0].lower() + t[1:] for t in titles}
    return titles


def wrong_titles(lang: str, page: Path, markdown: str) -> list[str]:
    """Each link of ``markdown`` (on ``page``) that presents a title other than the real one."""
    text = FENCED.sub("", markdown)
    found = []

    def target(m: re.Match) -> Path | None:
        path = (page.parent / m["target"]).resolve()
        return path if path.is_file() and path.is_relative_to(DOCS / lang) else None

    for m in PAGE_TITLE[lang].finditer(text):
        path = target(m)
        if path and m["anchor"]:  # the page's title, or the title of the section
            if plain(m["text"]) not in {*headings(path)[1:], *page_titles(lang, headings(path)[0])}:
                found.append(f"{m['text']!r} is no heading of {path.name}")
        elif path and plain(m["text"]) not in page_titles(lang, headings(path)[0]):
            found.append(f"{m['text']!r} is not the title {headings(path)[0]!r}")
    for m in ANY_LINK.finditer(text):
        path = target(m)
        if not path or m["anchor"] or COLON[lang] not in m["text"]:
            continue
        title = headings(path)[0]
        head = plain(m["text"]).split(COLON[lang])[0]
        if head in page_titles(lang, title.split(COLON[lang])[0]) and plain(m["text"]) != title:
            found.append(f"{m['text']!r} is not the title {title!r}")
    for m in SECTION_TITLE[lang].finditer(text):
        path = target(m)
        if path and plain(m["text"]) not in headings(path)[1:]:
            found.append(f"{m['text']!r} is no heading of {path.name}")
    return found


@pytest.mark.parametrize(
    ("lang", "bad"),
    [
        ("zh", "（见手册《[训练：Parameter、MSELoss、SGD](training.py)》一页）"),
        ("zh", "见手册[训练：Parameter、MSELoss、SGD](training.py)"),
        ("zh", "《[训练](linear.py)》"),
        ("zh", "见“[一个 w 为什么变成矩阵](../transformer.py#一个-w-为什么会变成矩阵)”一节"),
        ("en", "See [learning projections on a 2-D toy problem](../projections.py)."),
        ("en", "the page [Training: Parameter, MSELoss, SGD](training.py)"),
        ("en", "[Why w turns into a matrix](../transformer.py#why-one-w) on the page"),
        ("en", "See [Why w turns into a matrix](../transformer.py#why-one-w)."),
    ],
)
def test_the_check_catches(lang: str, bad: str) -> None:
    assert wrong_titles(lang, DOCS / lang / "handbook" / "linear.py", bad)


@pytest.mark.parametrize(
    ("lang", "good"),
    [
        ("zh", "见手册《[训练：nn.Parameter、nn.MSELoss 与 torch.optim.SGD](training.py)》一页"),
        ("zh", "《[非参数注意力汇聚](../nonparametric.py)》"),
        ("zh", "“[一个 *w* 为什么会变成矩阵](../transformer.py#一个-w-为什么会变成矩阵)”一节"),
        ("zh", "手册 [torch.matmul](matmul.py) 和[注意力](../cues.py)"),
        ("zh", "《[与〈动手学深度学习〉对照](../d2l-map.md)》"),
        ("en", "See [Learned projections on a 2-D toy problem](../projections.py)."),
        ("en", "see [non-parametric attention pooling](../nonparametric.py)"),
        ("en", "[API reference: pooling](../api/pooling.md), [leave-one-out](../leave-one-out.py)"),
        ("en", "[masked_fill and -inf](masked-fill.py)"),
        ("en", "See [Why one *w* becomes a matrix](../transformer.py#why-one-w-becomes-a-matrix)"),
        ("en", "the page [curves](../api/figures/curves.md)"),
    ],
)
def test_the_check_allows(lang: str, good: str) -> None:
    assert wrong_titles(lang, DOCS / lang / "handbook" / "linear.py", good) == []


@pytest.mark.parametrize(
    ("lang", "rel"),
    PAGES,
)
def test_links_give_the_real_titles(lang: str, rel: str) -> None:
    path = DOCS / lang / rel
    assert wrong_titles(lang, path, markdown_of(path)) == []
