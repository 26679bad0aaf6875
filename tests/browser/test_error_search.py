"""Pasting an error message into the search box finds its entry in the error message index.

A learner copies the last line of a traceback and pastes it into the site's search box.
For every entry of the index (``docs/<lang>/handbook/errors.py``), in both languages,
the test pastes (through the clipboard, Ctrl+V) two queries taken from the built page,
not typed by hand: the first line the entry prints (``RuntimeError: mat1 and mat2 ...``)
and the first four words of the message as the entry's heading gives them. For the whole
printed line the index must be the first page found and the entry its first section
shown (``zh-search.js`` puts first the section whose heading occurs in the query); for
the first words, the entry must be among the results Material shows first (its first
batch of pages). An older PyTorch's wording that an entry quotes (``OLDER``) is pasted too,
whole, and must find its entry first like a printed line: its ``->`` once made lunr read
a ``-`` as "exclude the next term" and throw, and the search found nothing.
One page load per language, then every query in that page.
The Chinese site searches with its own set-up (``zh-search.js``, a separator that cuts
every Chinese character): English text pasted there must work as well.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import open_in_tab
from tests.browser.search import SHOWN, open_search, sent, wait_for_answer, watch
from tests.site.test_error_index import INDEX, LANGS, index_entries

pytestmark = pytest.mark.browser

FIRST_WORDS = 4

# Messages of older PyTorch versions, as they printed them for the entry's failing call
# (``torch.einsum("qk,qk->q", torch.ones(3, 2), torch.ones(3, 3))``), by the entry's anchor.
OLDER = {
    "einsum-subscript--which-does-not-broadcast-with-previously-seen-size-": [
        "RuntimeError: einsum(): operands do not broadcast with remapped shapes"
        " [original->remapped]: [3, 2]->[3, 2] [3, 3]->[3, 3]"
    ],
}


# One call before each paste: the box emptied (an input event, as the keyboard's delete
# gives), the query copied to the clipboard, the box focused; returns the queries sent so
# far (``tests/browser/search.py``).
EMPTY_BOX_AND_COPY = """async (text) => {
    const box = document.querySelector('input.md-search__input');
    box.value = '';
    box.dispatchEvent(new Event('input', {bubbles: true}));
    await navigator.clipboard.writeText(text);
    box.focus();
    return window.__attnSearch.sent;
}"""
# What the box holds once the worker has answered, then the count line and the result links.
PASTED = f"""() => [document.querySelector('input.md-search__input').value,
    ...({SHOWN})()]"""


def queries(entry) -> list[str]:
    """The printed line, and the first words of the part of the message the heading fixes.

    For PyTorch's messages these are the message's first words; the package's messages
    start with the name of the argument (``queries must be a ...``), which the heading
    leaves to ``…``: their first words are the ones after it.
    """
    fixed = entry.heading.lstrip("… ").split("…")[0]
    return [entry.printed, " ".join(fixed.split()[:FIRST_WORDS])]


def test_every_older_wording_is_an_entry_of_both_languages(site):
    for lang in LANGS:
        anchors = {entry.anchor for entry in index_entries(site, lang)}
        assert set(OLDER) <= anchors, lang


@pytest.mark.parametrize("lang", LANGS)
def test_pasting_an_error_finds_its_entry(site, server, browser, lang):
    prefix = LANGS[lang]
    entries = index_entries(site, lang)
    assert len(entries) >= 11
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    watch(context)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + prefix, wait_until="load")
        open_search(page)
        missed, ranks, low = [], [], []
        for entry in entries:
            target = f"/{prefix}{INDEX}#{entry.anchor}"
            for n, query in enumerate(queries(entry) + OLDER.get(entry.anchor, [])):
                before = page.evaluate(EMPTY_BOX_AND_COPY, query)
                page.keyboard.press("Control+V")
                pasted, meta, links = wait_for_answer(page, before, read=PASTED)
                assert pasted == query  # what was pasted is what is searched
                pages = [link for link in links if "#" not in link]
                sections = [link for link in links if "#" in link]
                if n != 1:  # a whole message: the index first, the entry first in it
                    if pages[:1] != [f"/{prefix}{INDEX}"] or sections[:1] != [target]:
                        low.append(f"{query!r}: first {pages[:2]}, {sections[:2]}")
                elif target in links:
                    ranks.append(pages.index(f"/{prefix}{INDEX}") + 1)
                else:
                    missed.append(f"{query!r}: {meta}; first pages {pages[:3]}")
        print(lang, "rank of the index among the pages its first words find:", ranks)
        assert missed == [], f"{len(missed)} searches in {lang} missed their entry"
        assert low == [], f"{len(low)} printed lines in {lang} do not find their entry first"
        assert errors == []
    finally:
        context.close()


# Every error output of the index: its box and its text's widths, its white-space, its lines.
OUTPUTS = """() => [...document.querySelectorAll(
        'article .jp-RenderedText[data-mime-type="text/plain"] pre')]
    .filter(pre => /^\\s*\\w+(Error|Exception): /.test(pre.textContent))
    .map(pre => {
        const box = pre.closest('.jp-OutputArea-output');
        return {text: pre.textContent.slice(0, 60), marked: pre.parentElement.classList
                    .contains('attn-error-output'),
                overflow: box.scrollWidth - box.clientWidth,
                whiteSpace: getComputedStyle(pre).whiteSpace,
                lines: Math.round(pre.getBoundingClientRect().height
                                  / parseFloat(getComputedStyle(pre).lineHeight)),
                printed: pre.textContent.trimEnd().split('\\n').length};
    })"""


@pytest.mark.parametrize("lang", LANGS)
def test_error_outputs_wrap_inside_their_box_at_every_width(server, browser, lang):
    """At 375 px a box shows about 43 characters: the page wraps each message at 40, so
    every printed line shows whole, wrapped once (at 80 a reader found each line wrapped
    twice). A message longer than its box wraps inside it, at every width: on a desktop,
    PyTorch's messages that other pages print whole were cut at the box's edge. Here every
    printed line fits, at both widths: one screen line per printed line."""
    for width in (375, 1280):
        url = f"{server}{LANGS[lang]}{INDEX}"
        context, page, _ = open_in_tab(browser, url, width=width, height=900)
        try:
            outputs = page.evaluate(OUTPUTS)
        finally:
            context.close()
        assert len(outputs) >= 30 and all(o["marked"] for o in outputs), outputs[:3]
        scrolling = [o["text"] for o in outputs if o["overflow"] > 0]
        assert scrolling == [], f"{len(scrolling)} error outputs scroll sideways at {width} px"
        assert all(o["whiteSpace"] == "pre-wrap" for o in outputs)
        assert [o["text"] for o in outputs if o["lines"] != o["printed"]] == [], width


# Single English words of headings, and a heading's first words: the Chinese site once
# stemmed its index ("implicitli") but not the prefix query Material makes of the last
# word ("implicitly*"), so those words found nothing; a heading's first words once put
# the pages that say "size" most first and folded the entry away under "more".
SIZE_OF_TENSOR = (
    "the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-"
)
WORDS = {
    "zh": {
        "implicitly": "grad-can-be-implicitly-created-only-for-scalar-outputs",
        "multiplied": "mat1-and-mat2-shapes-cannot-be-multiplied",
        "The size of tensor a": SIZE_OF_TENSOR,
    },
    "en": {
        "implicitly": "grad-can-be-implicitly-created-only-for-scalar-outputs",
        "The size of tensor a": SIZE_OF_TENSOR,
    },
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_word_of_a_heading_finds_its_entry_first(site, server, browser, lang):
    prefix = LANGS[lang]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch(context)
    try:
        page = context.new_page()
        page.goto(server + prefix, wait_until="load")
        open_search(page)
        box = page.locator("input.md-search__input")
        wrong = []
        for query, anchor in WORDS[lang].items():
            before = sent(page)
            box.fill(query)
            meta, links = wait_for_answer(page, before)
            sections = [link for link in links if "#" in link]
            # the index is the first page, and the entry its first section shown
            if links[:1] != [f"/{prefix}{INDEX}"] or sections[:1] != [f"/{prefix}{INDEX}#{anchor}"]:
                wrong.append(f"{query!r}: {meta}; {links[:4]}")
        assert wrong == []
    finally:
        context.close()
