"""The tensor API handbook: every ```python >>> example runs, both languages match.

Each handbook entry (``docs/<lang>/handbook/*.py``) writes its worked examples as
doctests in Markdown cells; this file runs each block on its own (fresh globals),
checks that the two languages have the same examples and pictures, and that
the overview page links every page.

A handbook page of the *index* kind (``INDEXES``) gathers what the entries teach
instead of explaining one API: it has no ``>>>`` example and no tensor picture of
its own, and its own rules live in its own test (the error message index:
``tests/site/test_error_index.py``). Every other rule applies to it too.
"""

from __future__ import annotations

import re

import pytest

from tests.site.markdown_doctests import PY_BLOCK, markdown_of, parse, run
from tools.scaffold import _HANDBOOK_WORDS
from tools.sitebuild.docstring_links import PHONE_CODE_COLUMNS, columns
from tools.sitebuild.notebooks import DOCS, code_cells, read_notebook

LANGS = ("zh", "en")
HANDBOOK = {lang: DOCS / lang / "handbook" for lang in LANGS}
PAGES = sorted(p.name for p in HANDBOOK["zh"].glob("*.py"))
# Pages that index the entries rather than explain one API (see the module docstring).
INDEXES = ("errors.py",)
ENTRIES = [name for name in PAGES if name not in INDEXES]
DIAGRAM_CALL = re.compile(r"\bat\.(diagram_\w+|draw_tensors)\(")


def markdown(lang: str, name: str) -> str:
    return markdown_of(HANDBOOK[lang] / name)


def page_code(lang: str, name: str) -> list[str]:
    return code_cells(read_notebook(HANDBOOK[lang] / name))


def doctest_blocks(lang: str, name: str) -> list[str]:
    """Every ```python block with ``>>>`` in the Markdown cells of one page."""
    return [code for code in PY_BLOCK.findall(markdown(lang, name)) if ">>>" in code]


# The Chinese blocks only: the English ones are the same code, character for
# character (test_both_languages_have_the_same_examples), so running them again
# would assert nothing new.
BLOCKS = [
    (lang, name, index, code)
    for lang in LANGS[:1]
    for name in ENTRIES
    for index, code in enumerate(doctest_blocks(lang, name))
]


def test_the_handbook_has_pages_in_both_languages() -> None:
    assert len(PAGES) >= 8
    assert sorted(p.name for p in HANDBOOK["en"].glob("*.py")) == PAGES
    for lang in LANGS:
        assert (HANDBOOK[lang] / "index.md").is_file()


@pytest.mark.parametrize(
    ("lang", "name", "index", "code"),
    BLOCKS,
    ids=[f"{lang}/handbook/{name}#{index}" for lang, name, index, _ in BLOCKS],
)
def test_handbook_example_runs(lang, name, index, code) -> None:
    run(parse(code, f"{lang}/handbook/{name}#{index}"))


def test_every_index_is_a_page_of_the_handbook() -> None:
    # an index exempted from the entry rules must exist: no stale exemption
    assert set(INDEXES) <= set(PAGES)
    assert len(ENTRIES) >= 8


@pytest.mark.parametrize("name", ENTRIES)
def test_both_languages_have_the_same_examples(name) -> None:
    zh, en = doctest_blocks("zh", name), doctest_blocks("en", name)
    assert len(zh) == len(en) >= 1
    assert zh == en  # the examples are code: comments in English, identical in both languages


@pytest.mark.parametrize("name", ENTRIES)
def test_every_page_draws_a_diagram(name) -> None:
    cells = page_code("zh", name)
    assert any(DIAGRAM_CALL.search(cell) for cell in cells), name


@pytest.mark.parametrize("name", ENTRIES)
def test_every_entry_heads_its_diagrams_with_the_scaffolds_word(name) -> None:
    """fx35: the English entries headed their diagrams "Picture", which reads oddly; every
    entry now uses the scaffold's word, "图示" and "Diagram" ("Diagrams" for several)."""
    for lang in LANGS:
        word = _HANDBOOK_WORDS[lang]["picture"]
        heads = re.findall(r"^### (.+)$", markdown(lang, name), flags=re.MULTILINE)
        assert {word, f"{word}s"} & set(heads), (lang, name, heads)
        assert not {"Picture", "Pictures"} & set(heads), (lang, name)


@pytest.mark.parametrize("name", PAGES)
def test_every_page_links_the_chapter(name) -> None:
    """A link to a chapter page, to the page or to one of its sections."""
    for lang in LANGS:
        assert re.search(r"\]\(\.\./[a-z-]+\.py(#[^)\s]+)?\)", markdown(lang, name)), (lang, name)


@pytest.mark.parametrize("lang", LANGS)
def test_the_overview_lists_every_page(lang) -> None:
    index = (HANDBOOK[lang] / "index.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([a-z-]+\.py)(?:#[a-z0-9-]+)?\)", index))
    assert linked == set(PAGES)


def test_the_clone_picture_draws_the_w_of_the_example() -> None:
    """The picture of clone and detach shows the very ``w`` its first example builds."""
    tensor = re.compile(r"w = torch\.tensor\((\[[^\]]*\]), requires_grad=True,?\)")

    def one_line(code: str) -> str:  # the statements with their prompts and breaks removed
        code = re.sub(r"^(>>>|\.\.\.) ?", "", code, flags=re.M)
        return re.sub(r"\(\s+", "(", re.sub(r",\s+", ", ", re.sub(r",?\s*\n\s*\)", ")", code)))

    example = tensor.findall(one_line(doctest_blocks("zh", "clone.py")[0]))
    drawn = [m for cell in page_code("zh", "clone.py") for m in tensor.findall(one_line(cell))]
    assert len(example) == 1 and drawn == example


def wide_lines(lang: str, name: str) -> list[str]:
    """The lines of a page's code (code cells and ```python blocks) over a phone's 40 columns."""
    code = page_code(lang, name) + PY_BLOCK.findall(markdown(lang, name))
    return [
        line for block in code for line in block.splitlines() if columns(line) > PHONE_CODE_COLUMNS
    ]


@pytest.mark.parametrize("name", PAGES)
def test_the_code_fits_a_phone(name) -> None:
    """Issue: at 375 px the explaining comments sat off the right edge of the code box.

    A comment goes on its own line above the code it explains and long calls are broken,
    so that a phone shows every line of the page's code whole (the built page is checked
    in the browser: tests/browser/code_column.py).
    """
    for lang in LANGS:
        assert wide_lines(lang, name) == [], (lang, name)
