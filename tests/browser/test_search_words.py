"""The words a reader is most likely to search for find pages, in both languages.

The 30 most frequent content words of each language's search index are computed from
the built ``search/search_index.json`` (not picked by hand), then typed into the real
search box of one page per language; every word must give results from that language.
English "tensor", the most frequent word of the English site, once gave "No matching
documents" while "tensors" found 21 pages.
"""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest

from tests.browser.search import open_search, sent, wait_for_answer, watch

pytestmark = pytest.mark.browser

TOP = 30
# lunr's English stop words (lunr.stopWordFilter), which the English index drops
LUNR_STOP_WORDS = set(
    "a able about across after all almost also am among an and any are as at be because been "
    "but by can cannot could dear did do does either else ever every for from get got had has "
    "have he her hers him his how however i if in into is it its just least let like likely "
    "may me might most must my neither no nor not of off often on only or other our own rather "
    "said say says she should since so some than that the their them then there these they "
    "this tis to too twas us wants was we were what when where which while who whom why will "
    "with would yet you your".split()
)
# words of English prose and of code that carry no topic (not content words)
EN_FUNCTION_WORDS = {"one", "two", "each", "same", "more", "here", "out", "up", "now", "page"}
# Chinese function words that jieba keeps as words of two or more characters
ZH_FUNCTION_WORDS = set(
    "一个 我们 这个 这里 就是 没有 可以 因为 所以 如果 什么 这些 那么 还是 只是 "
    "也是 不是 这样 它们 他们 已经 这一 一样 其中 同一 每个 一次 这种 之后 之前 "
    "然后 但是 而是 或者 以及 还有 这时 那个 哪个 为什么 怎么 自己 这页 本页 下面 "
    "上面 出来 起来 一起 时候 得到 看到 用到 一下 两个 第一 第二".split()
)
HAN_WORD = re.compile(r"^[\u3400-\u9fff\uf900-\ufaff]{2,}$")
EN_WORD = re.compile(r"^[a-z][a-z']+[a-z]$")


def _texts(index: dict) -> list[str]:
    return [re.sub(r"<[^>]+>", " ", d["title"] + " " + d["text"]) for d in index["docs"]]


def top_words(index_path: Path, lang: str, top: int = TOP) -> list[str]:
    """The ``top`` most frequent content words of one language's search index.

    Chinese: the words jieba cut at build time (runs of Han characters between the
    zero-width spaces of the index text), two characters or more, no function word.
    English: lowercase alphabetic words of three letters or more, no stop word.
    """
    index = json.loads(index_path.read_text(encoding="utf-8"))
    counts: collections.Counter[str] = collections.Counter()
    for text in _texts(index):
        if lang == "zh":
            for word in re.split(r"[\s\u200b\u3000]+|[^\u3400-\u9fff\uf900-\ufaff]+", text):
                if HAN_WORD.match(word) and word not in ZH_FUNCTION_WORDS:
                    counts[word] += 1
        else:
            for word in re.split(r"[\s\-]+", text.lower()):
                word = re.sub(r"^\W+|\W+$", "", word)
                if (
                    EN_WORD.match(word)
                    and word not in LUNR_STOP_WORDS
                    and word not in EN_FUNCTION_WORDS
                ):
                    counts[word] += 1
    return [word for word, _ in counts.most_common(top)]


# Puts the query into the search box with the events the keyboard gives (an input event,
# then the keyup on which Material reads the box).
TYPE = """(query) => {
    const box = document.querySelector('input.md-search__input');
    box.focus();
    box.value = query;
    box.dispatchEvent(new Event('input', {bubbles: true}));
    box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}));
}"""
# The count line and the path of every result link, once the worker has answered.
FOUND = """() => [document.querySelector('.md-search-result__meta').textContent,
    [...document.querySelectorAll(
        '.md-search-result__list > li.md-search-result__item a.md-search-result__link')]
    .map(a => new URL(a.href).pathname)]"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_most_frequent_words_of_the_index_find_pages(site, server, browser, lang):
    prefix = "" if lang == "zh" else "en/"
    words = top_words(site / prefix / "search" / "search_index.json", lang)
    assert len(words) == TOP, words
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch(context)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + prefix, wait_until="load")
        open_search(page)  # loads the index and the worker
        found, empty = {}, []
        for word in words:
            before = sent(page)
            page.evaluate(TYPE, word)
            meta, pages = wait_for_answer(page, before, read=FOUND)
            found[word] = len(pages)
            if not pages:
                empty.append(f"{word!r}: {meta}")
            elif lang == "en":
                assert all(p.startswith("/en/") for p in pages), (word, pages)
            else:
                assert not any(p.startswith("/en/") for p in pages), (word, pages)
        print(lang, found)
        assert empty == [], f"no results in {lang} for: {empty}"
        assert errors == []
    finally:
        context.close()
