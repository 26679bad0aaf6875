"""Griffe extension: docstrings for the API pages of one language.

The package's docstrings name the page that explains them (``data.md``,
``handbook/repeat.md``) so that they read well in ``help()``. On the API
reference pages (``docs/<lang>/api/<module>.md``) each name becomes a Markdown
link to the page's source file (``../data.py``), which MkDocs resolves to the
page's URL in either language (a strict build fails if the page is gone), with
the page's title in that language as its text: "[Average pooling](../average.py)",
"[平均汇聚](../average.py)".

A module's own summary line is dropped in both languages: its API page opens with the
same sentence, written in the page's language, and so is the module's sentence
"Explained on the page(s) ...": the page's intro links those pages. A member's sentence
that names the very pages its module's docstring, or its page's intro, names is dropped
too: the page says it once, not under every function.

With ``lang: zh`` (``mkdocs.yml``) two more things happen, for a Chinese reader:

- every public name of the package (and each building block of ``BUILDING_BLOCKS``, each
  method or helper of ``MEMBERS``) gets its Chinese sentence (``summaries_zh.py`` beside
  this file) in place of the English summary, the first paragraph of its docstring (one
  summary, not the same one twice);
- every documented parameter, return value, exception and attribute gets its Chinese text
  (``summaries_zh.SECTIONS``) in place of the English description, once the package is
  loaded (``on_package``); names, types and defaults stay as the docstring has them;
- the sentence "Explained on the page(s) `a.md` and `b.md`." becomes
  "讲解见[…](../a.py)和[…](../b.py)。" (a sentence that goes on after the page
  names keeps its English words, with the Chinese titles);
- every other paragraph of a docstring (a module's notes, a function's prose, the prose
  between examples) and every comment inside an example gets its Chinese text
  (``summaries_zh.PARAGRAPHS`` and ``summaries_zh.COMMENTS``, keyed by the English text, so
  that an English paragraph that changes has no Chinese text until one is written: the API
  tests name it); a paragraph whose Chinese text is empty is dropped, where the Chinese
  summary already says it.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from pathlib import Path
from typing import Any

import griffe

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "zh"  # the pages of both languages have the same paths
PAGE_NAME = re.compile(r"(`{1,2})(?P<page>[a-z0-9_/-]+)\.md\1")
# "Explained on the page `a.md`." / "... pages `a.md`, `b.md` and `c.md`." (wrapped lines too)
EXPLAINED = re.compile(
    r"Explained\s+on\s+the\s+pages?\s+"
    r"(?P<names>(?:`{1,2}[a-z0-9_/-]+\.md`{1,2}(?:,\s*|\s+and\s+)?)+)\."
)
# the sentence with the space or blank line before it
EXPLAINED_SENTENCE = re.compile(rf"\s*{EXPLAINED.pattern}")
_TITLE = {  # the first heading: "# T" in Markdown, "# # T" in a jupytext percent notebook
    ".md": re.compile(r"^# (?P<title>.+?)\s*$", re.MULTILINE),
    ".py": re.compile(r"^# # (?P<title>.+?)\s*$", re.MULTILINE),
}
PACKAGE = "attention_tutorial"


@functools.cache
def page_title(page: str, lang: str) -> str | None:
    """The title (first heading) of the page ``page`` (``"average"``) in ``lang``."""
    for suffix in (".py", ".md"):
        source = ROOT / "docs" / lang / f"{page}{suffix}"
        if source.is_file():
            match = _TITLE[suffix].search(source.read_text(encoding="utf-8"))
            title = match.group("title") if match else page
            return title.replace("[", "(").replace("]", ")")  # stays one link text
    return None


def _target(page: str) -> str | None:
    """The link target of ``page`` from an API page, or None if there is no such page."""
    for suffix in (".py", ".md"):
        if (DOCS / f"{page}{suffix}").is_file():
            return f"../{page}{suffix}"
    return None


def link_pages(text: str, lang: str = "en") -> str:
    """Replace every ```name.md``` that names a page of the site by a link to it.

    The link's text is the page's title in ``lang``, as the page writes it (a title that
    starts with a name in code keeps its lower case: "torch.matmul: ..."); in Chinese
    each title stands in 《》, as a title in Chinese prose does, and the sentence
    "Explained on the page(s) ..." is written in Chinese; in English it reads
    "Explained in *Title*, *Title* and *Title*.", each title in italics.
    """

    def link(match: re.Match[str]) -> str:
        page = match.group("page")
        target = _target(page)
        if target is None:
            return match.group(0)
        text = f"[{page_title(page, lang) or page}]({target})"
        return f"《{text}》" if lang == "zh" else text

    if lang == "zh":

        def chinese(match: re.Match[str]) -> str:
            pages = [m.group("page") for m in PAGE_NAME.finditer(match.group("names"))]
            if any(_target(page) is None for page in pages):
                return match.group(0)
            links = [f"《[{page_title(page, lang)}]({_target(page)})》" for page in pages]
            joined = links[0] if len(links) == 1 else "、".join(links[:-1]) + "和" + links[-1]
            return f"讲解见{joined}。"

        text = EXPLAINED.sub(chinese, text)
    else:  # the titles in italics, so that where one ends and the next begins shows

        def english(match: re.Match[str]) -> str:
            pages = [m.group("page") for m in PAGE_NAME.finditer(match.group("names"))]
            if any(_target(page) is None for page in pages):
                return match.group(0)
            links = [f"*[{page_title(page, lang)}]({_target(page)})*" for page in pages]
            joined = links[0] if len(links) == 1 else ", ".join(links[:-1]) + " and " + links[-1]
            return f"Explained in {joined}."

        text = EXPLAINED.sub(english, text)
    text = PAGE_NAME.sub(link, text)
    if lang == "zh":  # no space between 《》 and the Chinese around it ("见 `scale.md` 一页")
        text = re.sub(rf"(?<=[{_WIDE}])[ \t]+(?=《)|(?<=》)[ \t]+(?=[{_WIDE}])", "", text)
    return text


def explained_pages(text: str) -> frozenset[str]:
    """The pages of ``text``'s sentences "Explained on the page(s) ...": ``{"average"}``."""
    return frozenset(
        page.group("page")
        for sentence in EXPLAINED.finditer(text)
        for page in PAGE_NAME.finditer(sentence.group("names"))
    )


def intro_pages(module: str, lang: str) -> frozenset[str]:
    """The pages the intro of ``module``'s API page links (``"attention_tutorial.stepper"``)."""
    name = module.removeprefix(f"{PACKAGE}.")
    page = ROOT / "docs" / lang / "api" / f"{name}.md"
    if not page.is_file():
        return frozenset()
    intro = page.read_text(encoding="utf-8").split("\n::: ", 1)[0]
    return frozenset(re.findall(r"\]\(\.\./([a-z0-9_/-]+)\.(?:py|md)(?:#[^)]*)?\)", intro))


# a row of an intro's table "| [`name`][path] | [title](../page.py#section), ...: what |"
_FIGURE_ROW = re.compile(
    r"^\| \[`[^`]+`\]\[(?P<path>[\w.]+)\] \| (?P<cell>[^|]+) \|\s*$", re.MULTILINE
)
# a link to a lesson section; in Chinese the section's name follows the page's: 《[数据](...)》
# “看一眼数据”一节 (r24: without it the sentence named the pages only)
_SECTION_LINK = re.compile(r"\[[^\]]+\]\(\.\./[a-z0-9_/-]+\.py#[^)]+\)(?:》“[^”]+”一节)?")


def figure_sections(module: str, lang: str) -> dict[str, list[str]]:
    """The lesson sections (Markdown links) that the intro's table gives each function.

    ``figures.curves`` has such a table: "function | its figure, in the section of the
    lesson that shows it". Each function's own entry then links those sections, so a
    reader who lands on the function sees where its figure is drawn.
    """
    page = DOCS.parent / lang / "api" / f"{module.removeprefix(PACKAGE + '.')}.md"
    if not page.exists():
        return {}
    intro = page.read_text(encoding="utf-8").split("\n::: ", 1)[0]
    rows = {}
    for row in _FIGURE_ROW.finditer(intro):
        links = _SECTION_LINK.findall(row.group("cell"))
        if links:
            rows[row.group("path")] = links
    return rows


def figure_sentence(links: list[str], lang: str) -> str:
    """The sentence saying where the lesson shows the figure, in ``lang``, linking ``links``.

    "Its figure, in the lesson: A, B and C" read like a label; it is now a sentence,
    the sections of several joined by semicolons (their titles hold commas and "and").

    >>> figure_sentence(["[A](../a.py#x)"], "en")
    'In the lesson, its figure appears in the section [A](../a.py#x).'
    """
    if lang == "zh":  # 《[数据](...)》“看一眼数据”一节: the section after the page
        quoted = [f"《{link}》" if "》" not in link else f"《{link}" for link in links]
        joined = quoted[0] if len(quoted) == 1 else "、".join(quoted[:-1]) + "和" + quoted[-1]
        return f"在课程里，它画的图出现在{joined}。"
    if len(links) == 1:
        return f"In the lesson, its figure appears in the section {links[0]}."
    joined = "; ".join(links[:-1]) + "; and " + links[-1]
    return f"In the lesson, its figure appears in the sections {joined}."


def summary_zh(obj: griffe.Object) -> str | None:
    """The Chinese sentence of ``obj``, or None.

    Public names of the package have one, and so have the building blocks of a module
    (``BUILDING_BLOCKS``).
    """
    from tools.sitebuild.summaries_zh import BUILDING_BLOCKS, MEMBERS, SUMMARIES

    public = public_modules()

    if obj.is_alias or obj.parent is None or not obj.path.startswith(f"{PACKAGE}."):
        return None
    if obj.parent.is_module and obj.name in public:
        return SUMMARIES.get(obj.name)
    if obj.parent.is_module and obj.name in BUILDING_BLOCKS.get(obj.parent.path, {}):
        return BUILDING_BLOCKS[obj.parent.path][obj.name]
    return MEMBERS.get(relative_path(obj))


def relative_path(obj: griffe.Object) -> str:
    """``obj``'s path inside the package: ``"pooling.nadaraya_watson"``."""
    return obj.path.removeprefix(f"{PACKAGE}.")


def section_key(kind: str, item: Any) -> str | None:
    """The key of one documented item in ``summaries_zh.SECTIONS``, or None for other kinds.

    A parameter goes by its name (``"x"``, ``"*shape"``), the return value by ``"return"``,
    an exception by ``"raise ValueError"``, a warning by ``"warn RuntimeWarning"``, an
    attribute by ``"attr x_train"``.
    """
    if kind == "parameters":
        return item.name
    if kind == "returns":
        return "return"
    if kind == "raises":
        return f"raise {item.annotation}"
    if kind == "attributes":
        return f"attr {item.name}"
    if kind == "warns":
        return f"warn {item.annotation}"
    return None


def documented_items(obj: griffe.Object) -> list[tuple[str, Any]]:
    """Every item ``obj``'s docstring documents, with its key (``section_key``).

    Parameters, return value, exceptions and attributes, in the docstring's order.
    """
    if obj.docstring is None:
        return []
    return [
        (key, item)
        for section in obj.docstring.parsed
        if isinstance(section.value, list)
        for item in section.value
        if (key := section_key(section.kind.value, item)) is not None
    ]


def shown_objects(obj: griffe.Object):
    """``obj`` and every member an API page can show.

    No aliases, no ``_private`` names; ``__init__`` stays (a class page shows it unless the
    page hides it).
    """
    yield obj
    for name, member in obj.members.items():
        if member.is_alias or (name.startswith("_") and name != "__init__"):
            continue
        yield from shown_objects(member)


def translate_sections(obj: griffe.Object) -> None:
    """Put the Chinese texts of ``summaries_zh.SECTIONS`` in place of ``obj``'s English ones.

    Parameters, return value, exceptions and attributes: their names, types and defaults
    stay. An item without a Chinese text keeps its English one (the API tests fail on it).
    """
    from tools.sitebuild.summaries_zh import SECTIONS

    texts = SECTIONS.get(relative_path(obj), {})
    for key, item in documented_items(obj):
        if key in texts:
            item.description = texts[key]


SECTION_HEADER = re.compile(
    r"^(Args|Arguments|Parameters|Returns|Yields|Raises|Examples?|Attributes|Warns|Notes?|"
    r"Warnings?|Methods|Other Parameters|See Also|References):\s*$"
)
BLOCK_BREAK = re.compile(r"(\n[ \t]*\n)")
# a comment at the end of a line of an example: ">>> x  # why", ">>> # why"
EXAMPLE_COMMENT = re.compile(r"^(?P<code>\s*(?:>>>|\.\.\.)(?: .*?)?\s)#\s+(?P<text>.+?)\s*$")
# a comment that is code, not prose, and reads the same in either language: a directive
# ("doctest: +ELLIPSIS", "fmt: skip") or a shape ("(2, 2)", "(n_queries,) = (2,)")
CODE_COMMENT = re.compile(r"(?:doctest|fmt|noqa|type):.*|\([\w, ]*\)(?: = \([\w, ]*\))?")


def normalized(text: str) -> str:
    """``text`` on one line, runs of whitespace made one space: the key of a paragraph."""
    return " ".join(text.split())


def _blocks(text: str) -> list[tuple[str, str]]:
    """``text`` cut at its blank lines, each piece with its kind, separators kept.

    Kinds: ``"summary"`` (the first paragraph), ``"prose"`` (a paragraph outside the
    sections, or between the examples), ``"example"`` (code of the Examples section),
    ``"section"`` (the rest of a section: its items), ``"sep"`` (a blank line).
    """
    pieces: list[tuple[str, str]] = []
    section = None
    for i, part in enumerate(BLOCK_BREAK.split(text)):
        if i % 2:
            pieces.append(("sep", part))
            continue
        first = part.split("\n", 1)[0]
        if i == 0:
            kind = "summary"
        elif header := SECTION_HEADER.match(first):
            section = header.group(1)
            kind = "header"
        elif not first.startswith((" ", "\t")):
            section, kind = None, "prose"
        elif section in {"Example", "Examples"}:
            kind = "example" if first.lstrip().startswith(">>>") else "prose"
        else:
            kind = "section"
        pieces.append((kind, part))
    return pieces


def _comments(code: str) -> list[re.Match[str]]:
    """The comments of the lines of one example (none inside a string)."""
    found = []
    for line in code.splitlines():
        match = EXAMPLE_COMMENT.match(line)
        if (
            match
            and match.group("code").count("'") % 2 == 0
            and match.group("code").count('"') % 2 == 0
        ):
            found.append(match)
    return found


def english_prose(text: str) -> tuple[list[str], list[str]]:
    r"""The paragraphs and the example comments of a docstring that a Chinese page translates.

    Paragraphs (normalized) other than the summary and the sentences "Explained on the
    page(s) ..." (``link_pages`` writes those in Chinese); comments as written after ``#``,
    but for those that are code (``CODE_COMMENT``: a directive or a shape). A header block
    ("Examples:" with its first lines) is read as its parts.

    >>> english_prose(
    ...     "Summary.\n\nA note.\n\nExamples:\n    >>> x  # (2, 2)\n    >>> y  # why"
    ... )
    (['A note.'], ['why'])
    """
    paragraphs, comments = [], []
    for kind, part in _blocks(text):
        if kind == "prose" and not EXPLAINED.fullmatch(normalized(part)):
            paragraphs.append(normalized(part))
        elif kind in {"example", "header"}:
            said = (match.group("text") for match in _comments(part))
            comments.extend(text for text in said if not CODE_COMMENT.fullmatch(text))
    return paragraphs, comments


def prose_zh(text: str) -> str:
    r"""``text`` with its paragraphs and example comments in Chinese, where written.

    ``summaries_zh.PARAGRAPHS`` and ``COMMENTS`` are keyed by the English text; a paragraph
    whose Chinese text is empty goes (the Chinese summary already says it), one without a
    Chinese text stays as it is (the API tests name it).

    >>> prose_zh("Summary.\n\nAn English note no table has.")
    'Summary.\n\nAn English note no table has.'
    """
    from tools.sitebuild.summaries_zh import COMMENTS, PARAGRAPHS

    out: list[str] = []
    for kind, part in _blocks(text):
        if kind == "prose" and (zh := PARAGRAPHS.get(normalized(part))) is not None:
            if not zh:
                if out and out[-1].strip() == "":
                    out.pop()  # the blank line before it goes too
                continue
            indent = part[: len(part) - len(part.lstrip())]
            part = indent + zh
        elif kind in {"example", "header"}:
            lines = []
            for line in part.split("\n"):
                match = next(iter(_comments(line)), None)
                if match and (zh := COMMENTS.get(match.group("text"))) is not None:
                    line = f"{match.group('code')}# {zh}"
                lines.append(line)
            part = "\n".join(lines)
        out.append(part)
    return "".join(out)


# A phone's code box on an API page (375 px) shows 40 columns of a line (a CJK
# character takes two): tests/unit/test_docstrings.py keeps the examples' code and output
# within them, and a longer comment is wrapped here (``wrap_example_comments``).
PHONE_CODE_COLUMNS = 40
# full-width punctuation that must not begin a line
_NO_LINE_START = set("，。、；：？！）》」』”’")
_WIDE = "\u2e80-\u9fff\uff00-\uffef\u3000-\u303f“”‘’"
# one CJK character, a run of other non-space characters, or a run of spaces
_WRAP_TOKEN = re.compile(f"[{_WIDE}]|[^\\s{_WIDE}]+|\\s+")


def columns(text: str) -> int:
    """The width of ``text`` in a monospaced box: a wide (CJK) character takes two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


_PAUSES = set("，。、；：？！）》」』”’")


def _phrase_end(line: str, width: int) -> int | None:
    """Where to cut ``line``: after its last pause mark, else at its last space.

    Only where that leaves at least half of ``width`` on the line; None if nowhere.
    """
    for marks in (_PAUSES, {" "}):
        for at in range(len(line) - 1, 0, -1):
            if line[at - 1] in marks:
                if columns(line[:at].rstrip()) >= width // 2:
                    return at
                break
    return None


def _wrap_words(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` columns.

    Between words, or between two CJK characters (never before a full-width stop or
    closing mark). Chinese has no spaces between words, so a cut between two CJK
    characters would often split a word (结 / 尾), and a cut at the last space can leave
    one character alone: a line of Chinese is cut instead after its last full-width
    pause mark, or else at its last space, if that leaves it at least half full.

    >>> _wrap_words("以 `stepper` 结尾的 notebook 单元格会显示它", 34)
    ['以 `stepper` 结尾的 notebook', '单元格会显示它']
    >>> _wrap_words("页面用的 HTML，可以写进你自己的文件", 20)
    ['页面用的 HTML，', '可以写进你自己的文件']
    >>> _wrap_words("它约达 1e8，float32 在那里的间隔是 8", 34)
    ['它约达 1e8，float32', '在那里的间隔是 8']
    """
    tokens = _WRAP_TOKEN.findall(text)
    lines: list[str] = []
    line = ""
    for token in tokens:
        if token.isspace():
            token = " "
        if columns(line + token) <= width or not line.strip():
            line += token
            continue
        cut = _phrase_end(line, width) if re.search(f"[{_WIDE}]", line + token) else None
        if (
            cut is not None
            and token not in _NO_LINE_START
            and (columns(line[cut:].lstrip() + token) <= width)
        ):
            lines.append(line[:cut].rstrip())
            line = line[cut:].lstrip() + token
            continue
        if token == " ":
            lines.append(line.rstrip())
            line = ""
            continue
        carry = ""
        while token in _NO_LINE_START and line and columns(line + token) > width:
            carry, line = line[-1] + carry, line[:-1]
            if carry[0] not in _NO_LINE_START:
                break
        lines.append(line.rstrip())
        line = (carry + token).lstrip()
    if line.strip():
        lines.append(line.rstrip())
    return lines


_OPERATORS = set("-+*/=<>")


def _clean_cuts(text: str, lines: list[str]) -> bool:
    """Whether every cut between ``lines`` is at a space of ``text`` or after a pause mark.

    Not between two characters of a Chinese word (结 / 尾), after an opening bracket, or
    beside an operator (``5e7 -`` / ``0.5``).
    """
    flat = re.sub(r"\s+", " ", text.strip())
    at = 0
    for line, after in itertools.pairwise(lines):
        at = flat.find(line, at) + len(line)
        if not (flat[at : at + 1] == " " or line[-1] in _PAUSES):
            return False
        if line[-1] in _OPERATORS or after[0] in _OPERATORS:
            return False
    return True


def _wrap_evenly(text: str, width: int) -> list[str]:
    """:func:`_wrap_words` into as few lines, each as short as that allows.

    The greedy cut fills each line and leaves the rest, often a word or two, alone on
    the last (``w stays`` / ``positive``); the same number of lines at the narrowest
    width that still gives that number, each cut at a space or after a pause mark,
    reads as one sentence.

    >>> _wrap_words("log w at lr = 0.05: w stays positive", 34)
    ['log w at lr = 0.05: w stays', 'positive']
    >>> _wrap_evenly("log w at lr = 0.05: w stays positive", 34)
    ['log w at lr = 0.05:', 'w stays positive']
    >>> _wrap_evenly("标签正负交替，邻居的标签总是错的，所以", 30)
    ['标签正负交替，', '邻居的标签总是错的，所以']
    """
    lines = _wrap_words(text, width)
    if len(lines) < 2:
        return lines
    if not re.search(f"[{_WIDE}]", text):  # English: cut at the phrases' ends
        return _wrap_phrases(text, width, len(lines))
    for narrower in range(max(columns(line) for line in lines) - 1, width // 2, -1):
        tried = _wrap_words(text, narrower)
        if len(tried) > len(lines):
            break
        if max(map(columns, tried)) <= narrower and _clean_cuts(text, tried):
            lines = tried
    return lines


_PHRASE_ENDS = (",", ":", ";", ".", ")")


def _wrap_phrases(text: str, width: int, most: int) -> list[str]:
    """English ``text`` in at most ``most`` lines of ``width`` columns, cut where phrases end.

    Among the cuts into the fewest lines, those after a comma, colon or closing bracket
    (``with its own key,`` / ``each point copies ...``), else the fullest first lines:
    the even cut of :func:`_wrap_evenly` left short fragments (``the lesson's initial`` /
    ``w: the untrained``). A cut beside an operator (``5e7 -`` / ``0.5``) or inside
    brackets, and a word or two alone on the last line, are avoided.

    >>> _wrap_phrases(
    ...     "with its own key, each point copies its own label once w is large", 34, 3
    ... )
    ['with its own key,', 'each point copies its own label', 'once w is large']
    >>> _wrap_phrases("log w at lr = 0.05: w stays positive", 34, 2)
    ['log w at lr = 0.05:', 'w stays positive']
    """
    words = text.split()
    n = len(words)
    # best[i]: (lines, bad cuts, slack of the full lines) of words[:i], and where it cut
    best: list[tuple[tuple[int, int, int], int] | None] = [None] * (n + 1)
    best[0] = ((0, 0, 0), 0)
    for end in range(1, n + 1):
        for start in range(end - 1, -1, -1):
            line = " ".join(words[start:end])
            if columns(line) > width and end - start > 1:
                break
            if best[start] is None:
                continue
            (lines, bad, slack), _ = best[start]
            if end < n:  # a cut after this line
                after = words[end]
                bad += not line.endswith(_PHRASE_ENDS)
                bad += 2 * (line[-1] in _OPERATORS or after[0] in _OPERATORS)
                opened = " ".join(words[:end])
                bad += opened.count("(") > opened.count(")")  # not inside brackets
                slack += (width - columns(line)) ** 2
            elif start and columns(line) < 12:  # not a word or two alone on the last line
                bad += 2
            score = (lines + 1, bad, slack)
            if best[end] is None or score < best[end][0]:
                best[end] = (score, start)
    assert best[n] is not None
    cuts, at = [], n
    while at:
        start = best[at][1]
        cuts.append(" ".join(words[start:at]))
        at = start
    lines = cuts[::-1]
    return lines if len(lines) <= most else _wrap_words(text, width)


def wrap_example_comments(text: str, width: int = PHONE_CODE_COLUMNS) -> str:
    r"""``text`` with each example comment that would pass ``width`` columns wrapped.

    A comment after code (``>>> x  # why``) goes on its own lines above the code; a
    comment line (``>>> # why``) is cut into several. A directive (``doctest: +ELLIPSIS``)
    stays where it is. The doctests of the package run the docstring as written; a page
    shows the same example, with its comments on lines a phone's code box shows whole.
    A comment line inside a statement keeps its indentation:

    >>> shown = wrap_example_comments(
    ...     "F.\n\nExamples:\n    >>> def f():\n    ...     # " + "word " * 9, width=30
    ... )
    >>> for line in shown.splitlines()[4:]:
    ...     print(repr(line))
    '    ...     # word word word'
    '    ...     # word word word'
    '    ...     # word word word'
    """
    out: list[str] = []
    for kind, part in _blocks(text):
        if kind not in {"example", "header"}:
            out.append(part)
            continue
        lines = []
        for line in part.split("\n"):
            match = next(iter(_comments(line)), None)
            if match is None or columns(line.strip()) <= width:
                lines.append(line)
                continue
            comment = match.group("text")
            if CODE_COMMENT.fullmatch(comment):
                lines.append(line)
                continue
            code = match.group("code").rstrip()
            indent = code[: len(code) - len(code.lstrip())]
            body = code.strip()
            # ">>>" or "...", then the code with its indentation (a comment line's code is
            # only that indentation, which ``rstrip`` took from ``body``)
            prefix, inner = body[:3], match.group("code").lstrip()[3:]
            if prefix == ">>>":  # comment lines of their own, before the statement
                lead = ">>> "
            else:  # inside a statement: comment lines at the code's indentation
                lead = "..." + (inner[: len(inner) - len(inner.lstrip())] or " ")
            for piece in _wrap_evenly(comment, width - columns(lead) - 2):
                lines.append(f"{indent}{lead}# {piece}")
            if inner.strip():
                lines.append(f"{indent}{body}")
        out.append("\n".join(lines))
    return "".join(out)


# a name in code spans: `name`, ``name``, ``module.name`` (not already a link's text)
CODE_NAME = re.compile(r"(?<![\[`])(`{1,2})(?P<name>[A-Za-z_][\w.]*)\1(?![`\]])")


def _defined_in(module: str, name: str) -> str | None:
    """The module whose source defines the function or class ``name`` that ``module`` sees.

    It follows ``from x import name``; None for a value, a module or another package's name.
    """
    import ast

    path = ROOT / Path(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                return module
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return None  # a value (``SEED = 0``): it carries no ``__module__``
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    if not node.module.startswith(f"{PACKAGE}."):
                        return None  # from another package: not the package's own
                    return _defined_in(node.module, alias.name)
    return None


@functools.cache
def public_modules() -> dict[str, str | None]:
    """The package's public names (``__all__``) -> the module that defines each, or None.

    Read from the package's source (``ast``): what ``getattr(obj, "__module__", None)``
    gives for each (``tests/site/test_docstring_links.py`` compares them). The build does
    not import the package, and with it torch (about 2 CPU-s in each of its processes),
    for names.
    """
    import ast

    init = ROOT / PACKAGE / "__init__.py"
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return {name: _defined_in(PACKAGE, name) for name in ast.literal_eval(node.value)}
    raise ValueError(f"{init}: no __all__")


@functools.cache
def _identifiers() -> dict[str, str]:
    """Every name an API page shows under its own heading -> its identifier for autorefs.

    The public names (``"w_path"``), the same with their module (``"training_paths.w_path"``)
    and the building blocks (``"score"``, ``"scores.score"``); a module's name gives its API
    page (``"scores.md"``), a Markdown link.
    """
    from tools.sitebuild.summaries_zh import BUILDING_BLOCKS

    found = {}
    for name, module in public_modules().items():
        if module and module.startswith(f"{PACKAGE}.") and not name.isupper():
            found[name] = found[f"{module.removeprefix(PACKAGE + '.')}.{name}"] = f"{module}.{name}"
    for module, blocks in BUILDING_BLOCKS.items():
        for name in blocks:
            found[name] = found[f"{module.removeprefix(PACKAGE + '.')}.{name}"] = f"{module}.{name}"
    for page in (DOCS / "api").glob("*.md"):  # a module: its API page (``scores``)
        if page.stem not in {"index", "data", "model"}:  # not the arguments data, model
            found.setdefault(page.stem, f"{page.name}")
    return found


def link_names(text: str, own: str = "") -> str:
    r"""``text`` with each name of the package in its prose made a link, as in the lessons.

    Autorefs resolves ``[`name`][identifier]``; examples and sections are left alone, and
    so is the object's own name (``own``, its identifier).

    >>> link_names("Summary.\n\nAs ``w_path``; `x` is not.")
    'Summary.\n\nAs [`w_path`][attention_tutorial.training_paths.w_path]; `x` is not.'
    """
    names = _identifiers()

    def link(match: re.Match[str]) -> str:
        target = names.get(match.group("name"))
        if target is None or target in {own, f"{own.removeprefix(PACKAGE + '.')}.md"}:
            return match.group(0)
        if target.endswith(".md"):
            return f"[`{match.group('name')}`]({target})"
        return f"[`{match.group('name')}`][{target}]"

    return "".join(
        CODE_NAME.sub(link, part) if kind in {"summary", "prose"} else part
        for kind, part in _blocks(text)
    )


def drop_summary(text: str) -> str:
    """``text`` without its first paragraph (the one-line summary a page already says)."""
    _, _, rest = text.strip().partition("\n\n")
    return rest


class PageLinks(griffe.Extension):
    """Rewrite every docstring as it is loaded, for the API pages of ``lang``."""

    def __init__(self, lang: str = "en") -> None:
        """Keep the language of the pages: ``"zh"`` or ``"en"``."""
        if lang not in {"zh", "en"}:
            raise ValueError(f"PageLinks: lang must be 'zh' or 'en', got {lang!r}")
        self.lang = lang
        # module path -> the pages its docstring names, and those its API page's intro links
        self.explained: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """In Chinese, translate every documented item's description.

        Done once the whole package is loaded: a class's docstring reads its ``__init__``
        and its members.
        """
        if self.lang != "zh" or pkg.path != PACKAGE:
            return
        for obj in shown_objects(pkg):
            translate_sections(obj)

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Link the page names of one object's docstring; in Chinese, summarise it in Chinese.

        The Chinese sentence takes the place of the English summary. A module's summary
        goes in both languages: its API page opens with the same sentence.
        """
        sentence = summary_zh(obj) if self.lang == "zh" else None
        if obj.docstring is None:
            if sentence is not None:  # a constant such as SEED has no docstring of its own
                obj.docstring = griffe.Docstring(sentence, parent=obj)
            return
        text = obj.docstring.value
        if obj.is_module and obj.path.startswith(PACKAGE):
            # seen before its members: remember the pages it and its API page's intro
            # name (the English's: a Chinese note leaves the sentence to the intro)
            self.explained[obj.path] = (explained_pages(text), intro_pages(obj.path, self.lang))
        if self.lang == "zh" and obj.path.startswith(f"{PACKAGE}."):
            text = prose_zh(text)
        if obj.path.startswith(f"{PACKAGE}."):
            text = wrap_example_comments(text)
        if obj.is_module and obj.path.startswith(PACKAGE):
            # the intro names the module's pages (tests/site/test_api_pages.py), so the
            # module's sentence goes
            text = EXPLAINED_SENTENCE.sub("", text)
        elif links := figure_sections(obj.module.path, self.lang).get(obj.path):
            # the intro's table links the sections that show this function's figure
            text = EXPLAINED_SENTENCE.sub(
                lambda _: "\n\n" + figure_sentence(links, self.lang), text
            )
        elif (pages := explained_pages(text)) and pages in self.explained.get(obj.module.path, ()):
            text = EXPLAINED_SENTENCE.sub("", text)  # the page already says it, once
        text = link_pages(text, self.lang)
        if obj.is_module and obj.path.startswith(PACKAGE):
            text = drop_summary(text)
        elif sentence is not None:
            text = f"{sentence}\n\n{drop_summary(text)}".rstrip()
        obj.docstring.value = link_names(text, obj.path)
