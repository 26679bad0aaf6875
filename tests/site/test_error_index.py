"""The error message index (``docs/<lang>/handbook/errors.py``) and the pages that print errors.

Each entry of the index is an ``###`` heading that names a message (``…`` stands for
the part that varies: shapes, lengths, dtypes), a code cell that runs the failing line
at build time and prints the message, and links to the pages that explain it.
In the built site, in both languages:

* every entry shows a message that its heading names;
* every error that any page prints (``RuntimeError: …`` in a text output) is the
  message of exactly one entry, and that page links to the entry's anchor;
* every entry links back to each page that prints its message, and an entry that
  no page prints links to at least one page that explains it;
* the messages the issue asked for (issue 27) have entries.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin

import pytest
from bs4 import BeautifulSoup, Tag

from tools.sitebuild.notebooks import DOCS, read_notebook

LANGS = {"zh": "", "en": "en/"}
INDEX = "handbook/errors/"  # the index's URL under each language's root
# a printed error: its type, then the message (wrapped lines joined)
ERROR_START = re.compile(r"(?:^|\s)((?:\w+Error|\w*Exception)): ")
# Issue 27: the messages the index must hold at least (first words; torch 2.13 words the
# einsum one "einsum(): subscript k has size 3 ... which does not broadcast ...").
REQUIRED = [
    "mat1 and mat2 shapes cannot be multiplied",
    "Can't call numpy() on Tensor that requires grad",
    "masked_fill_ only supports boolean masks",
    "Dimension out of range",
    "shape '[",
    "view size is not compatible with input tensor's size and stride",
    "Expected size for first two dimensions of batch2 tensor",
    "einsum(): subscript",
    "a leaf Variable that requires grad is being used in an in-place operation",
    "Trying to backward through the graph a second time",
    "expected scalar type Float but found Double",
    # round 23: the chapter's own matrix-vector product with a NumPy-made y_train
    "addmv input tensors must have the same dtype",
]


@dataclass
class Entry:
    """One entry of the built index."""

    heading: str
    anchor: str
    printed: str  # the first line of the entry's first text output: "Type: message"
    links: set[str] = field(default_factory=set)  # site paths it links, without fragments

    @property
    def kind(self) -> str:
        return self.printed.split(": ", 1)[0]

    @property
    def message(self) -> str:
        return self.printed.split(": ", 1)[1]

    @property
    def literal(self) -> int:
        """How many characters of the heading are fixed text (not ``…``)."""
        return len(self.heading.replace("…", ""))

    def names(self, message: str) -> bool:
        """Whether the heading names ``message`` (``…`` matches anything)."""
        parts = [re.escape(p) for p in self.heading.split("…")]
        return re.match(".*?".join(parts), message) is not None


def heading_pattern_matches(heading: str, message: str) -> bool:
    return Entry(heading, "", "Error: " + message).names(message)


def page_url(site: Path, path: Path) -> str:
    """The site path (``/en/handbook/bmm/``) of a built ``index.html``."""
    return "/" + path.parent.relative_to(site).as_posix().removeprefix(".") + "/"


def _normalise(url: str) -> str:
    return re.sub(r"/+", "/", url if url.endswith("/") else url.rsplit("/", 1)[0] + "/")


def resolve(href: str, base: str) -> tuple[str, str] | None:
    """(site path, fragment) of a link to another page, resolved against ``base``."""
    if href.startswith(("http:", "https:", "mailto:", "#")):
        return None
    url, fragment = urldefrag(urljoin(base, href))
    return _normalise(url), fragment


def resolved_links(tag: Tag, base: str) -> list[tuple[str, str]]:
    """(site path, fragment) of each link to another page inside ``tag``."""
    found = (resolve(a["href"], base) for a in tag.find_all("a", href=True))
    return [link for link in found if link is not None]


def text_outputs(soup: BeautifulSoup) -> list[Tag]:
    """The ``<pre>`` of every text output of a notebook page, in order."""
    return [
        pre
        for div in soup.select("div.jp-RenderedText[data-mime-type='text/plain']")
        for pre in div.find_all("pre", limit=1)
    ]


def printed_errors(output: str) -> list[str]:
    """Each error a text output prints, as ``Type: message`` with wrapped lines joined."""
    text = " ".join(output.split())
    starts = [m.start(1) for m in ERROR_START.finditer(text)]
    ends = [*starts[1:], len(text)] if starts else []
    return [text[a:b].strip() for a, b in zip(starts, ends, strict=True)]


def first_printed_line(output: str) -> str:
    """The first line an entry prints, its wrapped lines (indented) joined again."""
    first, *rest = output.strip("\n").splitlines()
    for line in rest:
        if not line.startswith("    "):
            break
        first += " " + line.strip()
    return first


def index_entries(site: Path, lang: str) -> list[Entry]:
    """The entries of the built index of one language, in page order."""
    base = "/" + LANGS[lang] + INDEX
    article = soup_of(site / LANGS[lang] / INDEX / "index.html").select_one("article")
    entries: list[Entry] = []
    current: Entry | None = None
    for tag in article.find_all(["h2", "h3", "div", "a"]):
        if tag.name in ("h2", "h3"):
            current = None
            if tag.name == "h3":
                text = " ".join(
                    s for a in tag.find_all(string=True) if not a.find_parent("a") for s in [a]
                )
                current = Entry(" ".join(text.split()), tag["id"], "")
                entries.append(current)
        elif current is None:
            continue
        elif tag.name == "div" and "jp-RenderedText" in tag.get("class", []):
            if not current.printed and tag.get("data-mime-type") == "text/plain":
                current.printed = first_printed_line(tag.get_text())
        elif tag.name == "a" and tag.get("href"):
            link = resolve(tag["href"], base)
            if link is not None and link[0] != base:
                current.links.add(link[0])
    return entries


class PageScan(HTMLParser):
    """What these tests read of a built page, in one pass of the tokenizer, without a tree.

    ``outputs``: the text of each text output's ``<pre>`` (``text_outputs``), as
    ``get_text()`` gives it; ``hrefs``: the ``href`` of every link in the ``<article>``.
    BeautifulSoup builds the whole page as a tree first: four times the time, for all
    126 pages (``test_pages_that_print_an_error_link_its_entry_and_the_entry_links_back``
    compares the two on a few pages).
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.outputs: list[str] = []
        self.hrefs: list[str] = []
        self._article = 0  # open <article> elements
        self._divs: list[bool] = []  # open <div>s: whether each is a text output
        self._output_pre = False  # the first <pre> of the open text output: seen yet
        self._pre = 0  # open <pre> elements inside that first <pre>
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self._article += 1
        elif tag == "a" and self._article and a.get("href") is not None:
            self.hrefs.append(a["href"])
        elif tag == "div":
            output = "jp-RenderedText" in (a.get("class") or "").split()
            self._divs.append(output and a.get("data-mime-type") == "text/plain")
            if self._divs[-1]:
                self._output_pre = False
        elif tag == "pre" and (self._pre or (any(self._divs) and not self._output_pre)):
            self._output_pre = True
            self._pre += 1

    def handle_startendtag(self, tag, attrs):
        if tag != "pre":  # <pre/> holds no text
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "article" and self._article:
            self._article -= 1
        elif tag == "div" and self._divs:
            self._divs.pop()
        elif tag == "pre" and self._pre:
            self._pre -= 1
            if not self._pre:
                self.outputs.append("".join(self._text))
                self._text = []

    def handle_data(self, data):
        if self._pre:
            self._text.append(data)


@functools.cache
def scan(path: Path) -> PageScan:
    """The scan of one built page (each page is read once per process)."""
    page = PageScan()
    page.feed(path.read_text("utf-8"))
    page.close()
    return page


@functools.cache
def soup_of(path: Path) -> BeautifulSoup:
    """A built page as a tree (each page is parsed once per process)."""
    return BeautifulSoup(path.read_text("utf-8"), "html.parser")


def printing_pages(site: Path, lang: str) -> dict[str, list[str]]:
    """Every page of one language except the index: {site path: errors it prints}."""
    root = site / LANGS[lang]
    pages = {}
    for path in sorted(root.rglob("index.html")):
        rel = path.relative_to(root).as_posix()
        if (lang == "zh" and rel.startswith("en/")) or rel == INDEX + "index.html":
            continue
        errors = [e for text in scan(path).outputs for e in printed_errors(text)]
        if errors:
            pages[page_url(site, path)] = errors
    return pages


def links_of_page(site: Path, url: str) -> set[tuple[str, str]]:
    hrefs = scan(site / url.strip("/") / "index.html").hrefs
    return {link for link in (resolve(href, url) for href in hrefs) if link is not None}


# ---- the sources: no build needed ----------------------------------------------------


def _source_headings(lang: str) -> list[str]:
    text = (DOCS / lang / "handbook" / "errors.py").read_text("utf-8")
    return re.findall(r"^# ### (.+)$", text, re.M)


def test_the_entries_are_the_same_messages_in_both_languages():
    # the headings name the messages, which are not translated
    assert _source_headings("zh") == _source_headings("en")
    assert len(_source_headings("zh")) >= len(REQUIRED)


def test_a_heading_names_a_message_with_ellipses_for_what_varies():
    assert heading_pattern_matches(
        "shape '[…]' is invalid for input of size …",
        ("shape '[4, -1]' is invalid for input of size 6"),
    )
    assert heading_pattern_matches(
        "… must have the same length", "keys and values must have the same length, got 50 and 40"
    )
    assert not heading_pattern_matches(
        "mat1 and mat2 shapes cannot be multiplied", "mat1 and mat2 must have the same dtype"
    )
    err = "RuntimeError: one of the\nvariables\nwith detach: [2.]"
    assert printed_errors(err) == ["RuntimeError: one of the variables with detach: [2.]"]
    wrapped = "RuntimeError: Trying to backward\n    through the graph\nw: 1.0\n"
    assert first_printed_line(wrapped) == "RuntimeError: Trying to backward through the graph"


# ---- the built site -------------------------------------------------------------------


@pytest.mark.build
@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_shows_the_message_its_heading_names(site, lang):
    entries = index_entries(site, lang)
    assert [e.heading for e in entries] == _source_headings(lang)
    wrong = [(e.heading, e.printed) for e in entries if not ERROR_START.match(" " + e.printed)]
    assert wrong == [], "each entry's first output is the error"
    wrong = [(e.heading, e.message) for e in entries if not e.names(e.message)]
    assert wrong == []
    assert len({e.anchor for e in entries}) == len(entries)
    for first_words in REQUIRED:
        assert any(e.message.startswith(first_words) for e in entries), first_words


@pytest.mark.build
@pytest.mark.parametrize("lang", LANGS)
def test_pages_that_print_an_error_link_its_entry_and_the_entry_links_back(site, lang):
    entries = index_entries(site, lang)
    index_url = "/" + LANGS[lang] + INDEX
    printed_by: dict[str, set[str]] = {e.anchor: set() for e in entries}
    problems = []
    pages = printing_pages(site, lang)
    assert len(pages) >= 15, sorted(pages)
    # the scan that read the pages agrees with BeautifulSoup's tree (``PageScan``) on the
    # index and the first three: the same text outputs and links in the article
    for url in [index_url, *list(pages)[:3]]:
        soup = soup_of(site / url.strip("/") / "index.html")
        scanned = scan(site / url.strip("/") / "index.html")
        assert scanned.outputs == [pre.get_text() for pre in text_outputs(soup)] != [], url
        assert links_of_page(site, url) == set(resolved_links(soup.select_one("article"), url))
    for url, errors in pages.items():
        links = links_of_page(site, url)
        for error in errors:
            message = error.split(": ", 1)[1]
            found = [e for e in entries if e.names(message)]
            # a generic heading ("… must have the same dtype") also names a specific message
            # ("addmv input tensors must have the same dtype, …"): the most specific one wins
            found = [e for e in found if e.literal == max(f.literal for f in found)]
            if len(found) != 1:
                problems.append(f"{url}: {error[:70]!r} is named by {len(found)} entries")
                continue
            printed_by[found[0].anchor].add(url)
            if (index_url, found[0].anchor) not in links:
                problems.append(f"{url} prints {error[:50]!r} but does not link #{found[0].anchor}")
    for entry in entries:
        missing = printed_by[entry.anchor] - entry.links
        if missing:
            problems.append(f"#{entry.anchor} does not link back to {sorted(missing)}")
        if not entry.links:
            problems.append(f"#{entry.anchor} links no page that explains it")
    assert problems == []
    assert sum(1 for pages_ in printed_by.values() if pages_) >= 25


def section_text(site: Path, url: str, fragment: str) -> str:
    """The text of the section a link lands on: from its heading to the next heading of
    the same or a higher level."""
    heading = soup_of(site / url.strip("/") / "index.html").find(id=unquote(fragment))
    assert heading is not None and heading.name in ("h2", "h3", "h4"), (url, fragment)
    parts = [heading.get_text()]
    for tag in heading.find_all_next(["h1", "h2", "h3", "h4", "p", "li", "pre"]):
        if tag.name[0] == "h" and tag.name <= heading.name:
            break
        if tag.name != "h4":
            parts.append(tag.get_text())
    return " ".join(" ".join(parts).split())


@pytest.mark.build
@pytest.mark.parametrize("lang", LANGS)
def test_the_backward_twice_entry_links_a_section_that_shows_it(site, lang):
    """Issue 27: the entry linked a section on gradient accumulation, which never calls
    backward() twice on one loss; the section it links must print the message."""
    base = "/" + LANGS[lang] + INDEX
    soup = soup_of(site / LANGS[lang] / INDEX / "index.html")
    heading = soup.find("h3", id="trying-to-backward-through-the-graph-a-second-time")
    entry = heading.find_next("ul")
    handbook = [
        (url, fragment)
        for url, fragment in resolved_links(entry, base)
        if url.startswith(f"/{LANGS[lang]}handbook/") and fragment
    ]
    assert handbook, "the entry links a handbook section"
    for url, fragment in handbook:
        text = section_text(site, url, fragment)
        assert "RuntimeError: Trying to backward through the graph a second time" in text, url
        assert "retain_graph=True" in text, url


def test_every_entry_runs_on_its_own(capsys):
    """Round-32 reader: entries used names that earlier entries defined (``A``, ``weights``,
    ``scores``, ``data``), so an entry copied alone failed with a NameError. Each code cell
    now runs with nothing but the page's first cell (its imports and ``prints_error``)
    before it; only the last cell, the build's checks of the text, uses the entries'."""

    notebook = read_notebook(DOCS / "zh" / "handbook" / "errors.py")
    cells = [c.source for c in notebook.cells if c.cell_type == "code"]
    first, *entries, checks = cells
    assert checks.startswith("# checks of this page's text")
    imports: dict = {}
    exec(compile(first, "first cell", "exec"), imports)
    failed = []
    for n, code in enumerate(entries, start=2):
        try:
            exec(compile(code, f"cell {n}", "exec"), dict(imports))
        except Exception as err:
            failed.append(f"cell {n}: {type(err).__name__}: {err}\n{code[:200]}")
    capsys.readouterr()
    assert failed == []
