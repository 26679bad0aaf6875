"""Pasting an error message into the search box finds its entry in the error message index.

A learner copies the last line of a traceback and pastes it into the site's search box.
For every entry of the index (``docs/<lang>/handbook/errors.py``), in both languages,
the test pastes (through the clipboard, Ctrl+V) two queries taken from the built page,
not typed by hand: the first line the entry prints (``RuntimeError: mat1 and mat2 ...``)
and the first four words of the message as the entry's heading gives them. The entry's
section must be among the results Material shows first (its first batch of pages).
The Chinese site searches with its own set-up (``zh-search.js``, a separator that cuts
every Chinese character): English text pasted there must work as well.
"""

from __future__ import annotations

import pytest

from tests.site.test_error_index import INDEX, LANGS, index_entries

pytestmark = pytest.mark.browser

FIRST_WORDS = 4

# Waits until the result list has been the same for 300 ms after the worker answered;
# returns the meta line and every result link (page and section) as path + hash.
RESULTS = """async () => {
    const meta = document.querySelector('.md-search-result__meta');
    const read = () => [meta.textContent, [...document.querySelectorAll(
        '.md-search-result__list > li.md-search-result__item a.md-search-result__link')]
        .map(a => { const u = new URL(a.href); return u.pathname + u.hash; })];
    let last = JSON.stringify(read()), since = performance.now();
    const deadline = performance.now() + 10000;
    while (performance.now() < deadline) {
        await new Promise(r => setTimeout(r, 50));
        const now = JSON.stringify(read());
        if (now !== last) { last = now; since = performance.now(); continue; }
        const [text] = read();
        const busy = /初始化|Initializing|键入以开始|Type to start/.test(text);
        if (!busy && performance.now() - since > 300) return read();
    }
    return ['timeout', []];
}"""


def queries(entry) -> list[str]:
    """The printed line, and the first words of the part of the message the heading fixes.

    For PyTorch's messages these are the message's first words; the package's messages
    start with the name of the argument (``queries must be a ...``), which the heading
    leaves to ``…``: their first words are the ones after it.
    """
    fixed = entry.heading.lstrip("… ").split("…")[0]
    return [entry.printed, " ".join(fixed.split()[:FIRST_WORDS])]


@pytest.mark.parametrize("lang", LANGS)
def test_pasting_an_error_finds_its_entry(site, server, browser, lang):
    prefix = LANGS[lang]
    entries = index_entries(site, lang)
    assert len(entries) >= 11
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + prefix, wait_until="load")
        box = page.locator("input.md-search__input")
        box.click()  # loads the index and the worker
        page.wait_for_function(
            "() => /键入以开始|Type to start/.test("
            "document.querySelector('.md-search-result__meta').textContent)",
            timeout=20000,
        )
        missed, ranks = [], []
        for entry in entries:
            target = f"/{prefix}{INDEX}#{entry.anchor}"
            for query in queries(entry):
                box.fill("")
                page.evaluate("text => navigator.clipboard.writeText(text)", query)
                box.focus()
                page.keyboard.press("Control+V")
                assert box.input_value() == query  # what was pasted is what is searched
                meta, links = page.evaluate(RESULTS)
                pages = [link for link in links if "#" not in link]
                if target in links:
                    ranks.append(pages.index(f"/{prefix}{INDEX}") + 1)
                else:
                    missed.append(f"{query!r}: {meta}; first pages {pages[:3]}")
        print(lang, "rank of the index among the pages found:", ranks)
        assert missed == [], f"{len(missed)} searches in {lang} missed their entry"
        assert errors == []
    finally:
        context.close()
