r"""Create a new page in both languages, with its nav entries (and index rows), ready to fill in.

::

    python -m tools.scaffold handbook cumsum --api torch.cumsum \
        --zh "torch.cumsum：累加" --en "torch.cumsum: running sums"
    python -m tools.scaffold chapter kernels --zh "别的核函数" --en "Other kernels"
    make new-page KIND=handbook NAME=cumsum API=torch.cumsum ZH="…" EN="…"  # the same

A **handbook entry** (``docs/<lang>/handbook/<name>.py``) gets what
``tests/site/test_handbook.py`` asks of every entry: the seed cell, a signature, a
``>>>`` example identical in both languages, the four section headings (examples,
picture, pitfalls, where the chapter uses it), a ``draw_tensors`` cell with captions
written as ``{"zh": …, "en": …}``, an error printed as ``TypeName: first line``, a
link to a chapter page, a row in the table of both handbook overviews and an entry
in the nav of both configs. A **chapter page** (``docs/<lang>/<name>.py``) gets the
seed cell, a section with a code cell, the common questions, an exercise whose
solution is written as ``>>>`` examples in a ``<details>`` block, and the list of
APIs used; its nav entry goes before the recap, and a line in the reading path of both
home pages (``<!-- reading-path``) before the recap's. Both languages have the same code
cells (``make sync-code`` keeps them so) and the same headings.

Every placeholder the writer replaces carries the marker ``TODO``; the example code
runs as written, so the new page builds and passes the tests before it is filled in.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = {"zh": "mkdocs.yml", "en": "mkdocs.en.yml"}
KINDS = ("handbook", "chapter")
TODO = "TODO"
_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
# a top-level nav line (``  - Title: page``) and a handbook nav line (``      - Title: page``)
_NAV_ENTRY = re.compile(r"^(?P<indent> *)- (?:(?P<title>.+?): )?(?P<page>[\w./-]+\.(?:py|md))$")

# The example, the picture and the error are the same code in both languages; only
# the prose around them is translated. The example must run: the tests execute it.
_HANDBOOK_EXAMPLE = """\
# ```pycon
# >>> import torch
# >>> x = torch.arange(6).reshape(2, 3)  # TODO: an example of {api}
# >>> x.sum(dim=1)
# tensor([ 3, 12])
# ```"""
_HANDBOOK_PICTURE = """\
# %%
x = torch.arange(6).reshape(2, 3)  # (2, 3)  TODO: the tensors of the picture
at.draw_tensors(
    [at.TensorPanel(x, code="x"), at.TensorPanel(x.T, code="x.T")],
    arrows=[{{"zh": "转置", "en": "transpose"}}],
    title={{"zh": "{zh}", "en": "{en}"}},
)"""
_HANDBOOK_ERROR = """\
# %%
try:  # TODO: the mistake people make with {api}
    torch.ones(2, 3) @ torch.ones(2, 3)
except RuntimeError as err:
    print(type(err).__name__ + ":", str(err).splitlines()[0])"""
_SEED_CELL = """\
# %%
import torch

import attention_tutorial as at

_ = torch.manual_seed(at.SEED)"""

_HANDBOOK_WORDS = {
    "zh": {
        "intro": "TODO：一两句话说明 `{api}` 做什么、本章为什么需要它。",
        "params": "- TODO：每个参数一行：它是什么，形状和类型有什么要求。",
        "examples": "例子",
        "picture": "图示",
        "picture_text": "TODO：说明图里的颜色和格子表示什么。",
        "pitfalls": "陷阱",
        "pitfalls_text": "TODO：大家常犯的错误，以及它真实的报错信息：",
        "used": "本章在哪里用到",
        "used_text": "TODO：[数据](../data.py)一页用到它的地方。",
        "row": "TODO：一句话",
        "used_row": "[数据](../data.py)",
    },
    "en": {
        "intro": "TODO: one or two sentences on what `{api}` does and why the chapter needs it.",
        "params": "- TODO: one line per parameter: what it is, what shape and type it takes.",
        "examples": "Examples",
        "picture": "Diagram",
        "picture_text": "TODO: what the colours and cells of the diagram show.",
        "pitfalls": "Pitfalls",
        "pitfalls_text": "TODO: the mistake people make, with the real error message:",
        "used": "Where the chapter uses it",
        "used_text": "TODO: where [the data](../data.py) page uses it.",
        "row": "TODO: in one sentence",
        "used_row": "[The data](../data.py)",
    },
}

_CHAPTER_CODE = """\
# %%
x = torch.arange(6.0).reshape(2, 3)  # (2, 3)  TODO: the code of this section
print("shape:", tuple(x.shape))"""
_CHAPTER_SOLUTION = """\
# ```pycon
# >>> import torch
# >>> x = torch.arange(6.0).reshape(2, 3)  # TODO: the solution, as examples
# >>> tuple(x.mean(dim=0).shape)
# (3,)
# ```"""
_CHAPTER_WORDS = {
    "zh": {
        "intro": "TODO：本页讲什么，它建立在哪一页之上（例如[数据](data.py)）。",
        "section": "TODO：第一节",
        "section_text": "TODO：这一节的正文。",
        "questions": "常见疑问",
        "question": "**TODO：一个读者会问的问题？** TODO：回答。",
        "exercises": "练习",
        "exercise": "1. TODO：一道练习题。",
        "solution": "答案",
        "solution_text": "TODO：解释答案。",
        "apis": "本页用到的 API",
        "apis_text": "- PyTorch：TODO\n# - 张量 API 手册：TODO",
        "path": "TODO：一句话说明这一页讲什么。",
    },
    "en": {
        "intro": "TODO: what this page is about, and the page it builds on "
        "(e.g. [the data](data.py)).",
        "section": "TODO: the first section",
        "section_text": "TODO: the text of this section.",
        "questions": "Common confusions",
        "question": "**TODO: a question readers ask?** TODO: the answer.",
        "exercises": "Exercises",
        "exercise": "1. TODO: an exercise.",
        "solution": "Solution",
        "solution_text": "TODO: explain the solution.",
        "apis": "APIs used on this page",
        "apis_text": "- PyTorch: TODO\n# - Tensor API handbook: TODO",
        "path": "TODO: what this page teaches, in one sentence.",
    },
}


@dataclass(frozen=True)
class NewPage:
    """What to create: the kind, the file name (no suffix) and a title per language."""

    kind: str
    name: str
    titles: dict[str, str]
    api: str = ""  # a handbook entry's API, e.g. ``torch.cumsum`` (the name if not given)

    def __post_init__(self) -> None:
        """Refuse a kind, name or title that would make a broken page."""
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {self.kind!r}")
        if not _NAME.fullmatch(self.name):
            raise ValueError(
                f"name must be lower-case words joined by '-' (e.g. masked-fill), got {self.name!r}"
            )
        for lang in CONFIGS:
            title = self.titles.get(lang, "").strip()
            if not title or "\n" in title:
                raise ValueError(f"a one-line {lang} title is needed, got {title!r}")

    @property
    def rel(self) -> str:
        """The page's path inside ``docs/<lang>/``, e.g. ``handbook/cumsum.py``."""
        return f"handbook/{self.name}.py" if self.kind == "handbook" else f"{self.name}.py"

    @property
    def api_name(self) -> str:
        """The API a handbook entry explains, as written in its table row."""
        return self.api or self.name


def handbook_page(page: NewPage, lang: str) -> str:
    """The jupytext source of a new handbook entry in one language."""
    words = {k: v.format(api=page.api_name) for k, v in _HANDBOOK_WORDS[lang].items()}
    title = page.titles[lang]
    return "\n".join(
        [
            "# %% [markdown]",
            f"# # {title}",
            "#",
            f"# {words['intro']}",
            "",
            _SEED_CELL,
            "",
            "# %% [markdown]",
            f"# ## {page.api_name}",
            "#",
            "# ```python",
            f"# {page.api_name}(...) -> Tensor  # TODO: the signature",
            "# ```",
            "#",
            f"# {words['params']}",
            "#",
            f"# ### {words['examples']}",
            "#",
            _HANDBOOK_EXAMPLE.format(api=page.api_name),
            "#",
            f"# ### {words['picture']}",
            "#",
            f"# {words['picture_text']}",
            "",
            _HANDBOOK_PICTURE.format(zh=page.titles["zh"], en=page.titles["en"]),
            "",
            "# %% [markdown]",
            f"# ### {words['pitfalls']}",
            "#",
            f"# {words['pitfalls_text']}",
            "",
            _HANDBOOK_ERROR.format(api=page.api_name),
            "",
            "# %% [markdown]",
            f"# ### {words['used']}",
            "#",
            f"# {words['used_text']}",
            "",
        ]
    )


def chapter_page(page: NewPage, lang: str) -> str:
    """The jupytext source of a new chapter page in one language."""
    words = _CHAPTER_WORDS[lang]
    return "\n".join(
        [
            "# %% [markdown]",
            f"# # {page.titles[lang]}",
            "#",
            f"# {words['intro']}",
            "",
            _SEED_CELL + "  # the one seed of the whole chapter",
            "",
            "# %% [markdown]",
            f"# ## {words['section']}",
            "#",
            f"# {words['section_text']}",
            "",
            _CHAPTER_CODE,
            "",
            "# %% [markdown]",
            f"# ## {words['questions']}",
            "#",
            f"# {words['question']}",
            "#",
            f"# ## {words['exercises']}",
            "#",
            f"# {words['exercise']}",
            "#",
            f"# <details><summary>{words['solution']}</summary>",
            "#",
            _CHAPTER_SOLUTION,
            "#",
            f"# {words['solution_text']}",
            "#",
            "# </details>",
            "#",
            f"# ## {words['apis']}",
            "#",
            f"# {words['apis_text']}",
            "",
        ]
    )


def _yaml_title(title: str) -> str:
    """A nav title as a YAML scalar: quoted when plain YAML would misread it."""
    if re.search(r"[:#\[\]{},&*!|>'\"%@`]", title) or title != title.strip():
        return '"' + title.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return title


def add_nav_entry(config: str, page: NewPage, title: str) -> str:
    r"""``config`` (the text of a MkDocs config) with the page's nav entry added.

    A handbook entry goes after the last handbook entry; a chapter page goes before
    the recap (``recap.py``), or after the last top-level notebook page if there is
    no recap. The file is edited as text so that its comments and tags stay as
    they are.

    Examples:
        >>> text = "nav:\n  - Home: index.md\n  - Data: data.py\n  - Recap: recap.py\n"
        >>> page = NewPage("chapter", "kernels", {"zh": "核", "en": "Kernels: more"})
        >>> print(add_nav_entry(text, page, "Kernels: more"), end="")
        nav:
          - Home: index.md
          - Data: data.py
          - "Kernels: more": kernels.py
          - Recap: recap.py
    """
    lines = config.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.rstrip() == "nav:"), None)
    if start is None:
        raise ValueError("the config has no top-level `nav:`")
    entries = []  # (line index, indent, page) of every nav entry
    for i in range(start + 1, len(lines)):
        line = lines[i].rstrip("\n")
        if line and not line.startswith(" "):
            break  # the next top-level key
        if match := _NAV_ENTRY.match(line):
            entries.append((i, len(match["indent"]), match["page"]))
    if any(p == page.rel for _, _, p in entries):
        raise ValueError(f"{page.rel} is already in the nav")
    if page.kind == "handbook":
        handbook = [(i, indent) for i, indent, p in entries if p.startswith("handbook/")]
        if not handbook:
            raise ValueError("the nav has no handbook section")
        at, indent = handbook[-1][0] + 1, handbook[-1][1]
    else:
        top = min(indent for _, indent, _ in entries)
        chapter = [(i, p) for i, indent, p in entries if indent == top and p.endswith(".py")]
        if not chapter:
            raise ValueError("the nav has no chapter page")
        recap = [i for i, p in chapter if p == "recap.py"]
        at, indent = (recap[0] if recap else chapter[-1][0] + 1), top
    lines.insert(at, f"{' ' * indent}- {_yaml_title(title)}: {page.rel}\n")
    return "".join(lines)


def add_index_row(index: str, page: NewPage, lang: str) -> str:
    """The handbook overview ``index`` with a row for the new entry at the end of its table.

    The table is the last one of the page (its header names the entry, the sentence,
    the page and where the chapter uses it).
    """
    lines = index.splitlines(keepends=True)
    rows = [i for i, line in enumerate(lines) if line.startswith("|")]
    if not rows:
        raise ValueError("the handbook overview has no table")
    words = _HANDBOOK_WORDS[lang]
    link = f"[{page.titles[lang]}]({page.name}.py)"
    row = f"| `{page.api_name}` | {words['row']} | {link} | {words['used_row']} |\n"
    last = rows[-1]
    if not lines[last].endswith("\n"):
        lines[last] += "\n"
    lines.insert(last + 1, row)
    return "".join(lines)


def add_reading_path_line(home: str, page: NewPage, lang: str) -> str:
    r"""The home page ``home`` with a line for the new chapter page in its reading path.

    The ``<!-- reading-path`` comment describes every chapter page of the nav in one
    line (``tools/sitebuild/pagehooks.py`` refuses a nav page it does not describe);
    the new page's line goes before the recap's, as its nav entry does, else before the
    comment's ``skip:`` line or its end.

    Examples:
        >>> home = "<!-- reading-path\ndata.py: d\nrecap.py: r\nskip: glossary.md\n-->\n"
        >>> page = NewPage("chapter", "kernels", {"zh": "核", "en": "Kernels"})
        >>> print(add_reading_path_line(home, page, "en"), end="")
        <!-- reading-path
        data.py: d
        kernels.py: TODO: what this page teaches, in one sentence.
        recap.py: r
        skip: glossary.md
        -->
    """
    lines = home.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.startswith("<!-- reading-path")), None)
    if start is None:
        raise ValueError("the home page has no <!-- reading-path comment")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("-->"))
    body = range(start + 1, end)
    at = next((i for i in body if lines[i].startswith("recap.py:")), None)
    at = at if at is not None else next((i for i in body if lines[i].startswith("skip:")), end)
    lines.insert(at, f"{page.rel}: {_CHAPTER_WORDS[lang]['path']}\n")
    return "".join(lines)


def create(page: NewPage, root: Path = ROOT) -> list[Path]:
    """Write the page in both languages and add it to the nav (and the overview); return the files.

    Nothing is written when a page of that name exists or a config cannot take the
    entry: the checks come first.
    """
    docs = root / "docs"
    sources = {lang: docs / lang / page.rel for lang in CONFIGS}
    for path in sources.values():
        if path.exists():
            raise ValueError(f"{path.relative_to(root)} exists already")
    render = handbook_page if page.kind == "handbook" else chapter_page
    writes = {path: render(page, lang) for lang, path in sources.items()}
    for lang, name in CONFIGS.items():
        path = root / name
        writes[path] = add_nav_entry(path.read_text(encoding="utf-8"), page, page.titles[lang])
        if page.kind == "handbook":
            index = docs / lang / "handbook" / "index.md"
            writes[index] = add_index_row(index.read_text(encoding="utf-8"), page, lang)
        else:  # the home page's reading path describes every chapter page
            home = docs / lang / "index.md"
            writes[home] = add_reading_path_line(home.read_text(encoding="utf-8"), page, lang)
    for path, text in writes.items():
        path.write_text(text, encoding="utf-8")
    return list(writes)


def main(argv: list[str] | None = None) -> int:
    """Command line: the kind, the name and both titles; prints the files and what comes next."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("name", help="the file name without .py, e.g. cumsum or masked-fill")
    parser.add_argument("--zh", required=True, help="the Chinese title (also its nav entry)")
    parser.add_argument("--en", required=True, help="the English title (also its nav entry)")
    parser.add_argument("--api", default="", help="handbook: the API, e.g. torch.cumsum")
    args = parser.parse_args(argv)
    try:
        page = NewPage(args.kind, args.name, {"zh": args.zh, "en": args.en}, args.api)
        written = create(page)
    except ValueError as err:
        print(f"scaffold: {err}", file=sys.stderr)
        return 2
    for path in written:
        print(f"written: {path.relative_to(ROOT)}")
    print(
        f"next: replace every {TODO} in docs/zh/{page.rel} and docs/en/{page.rel} (and the "
        f"new rows), write code in docs/zh only, then `make sync-code`; check with "
        f"`.venv/bin/pytest tests/site -m 'not build and not browser' -k {page.name}`"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
