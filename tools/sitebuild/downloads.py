"""Downloads of each notebook page: its executed ``.ipynb`` and its jupytext ``.py`` source.

Both files are written into the site next to the page (``nonparametric/`` holds
``index.html``, ``nonparametric.ipynb`` and ``nonparametric.py``; in the
offline variant they sit beside ``nonparametric.html``), so the links work on
any server and from ``file://``. The ``.ipynb`` is the page's executed notebook
from the build's cache: its own language's prose, the outputs, and the figures
of that language embedded in it, so it opens anywhere without the site.
A download is named after its page unless Python could import it instead of a
module (:func:`file_stem`): ``handbook/random.py`` is offered as
``handbook-random.py``, since a ``random.py`` saved beside the other pages would
replace the standard library's ``random`` for every script run in that folder.
:func:`for_reader` adds what a reader running it needs (a second cell that sets
the figures' language, links to the other pages online when ``site_url`` is set).
The buttons are drawn by ``overrides/partials/actions.html``.
"""

from __future__ import annotations

import base64
import functools
import importlib.metadata
import json
import posixpath
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from mkdocs.utils import get_relative_url

from tools.sitebuild.page_repairs import image_metadata

# Tooltips of the buttons, in the page's language.
LABELS = {
    "zh": {
        "ipynb": "下载本页的 Jupyter 笔记本（.ipynb，含运行结果和图）",
        "py": "下载本页的源文件（jupytext 格式的 .py）",
        "source": "在仓库中查看本页的源文件",
    },
    "en": {
        "ipynb": "Download this page as a Jupyter notebook (.ipynb, with outputs and figures)",
        "py": "Download this page's source (a jupytext .py file)",
        "source": "View this page's source in the repository",
    },
}
ICONS = {"ipynb": "material/download", "py": "material/language-python"}
# The cell a downloaded notebook starts its code with: its figures in its language.
LANGUAGE_CELL = {
    "zh": "# 重新运行时，图也用中文绘制（与本笔记本的语言一致）。",
    "en": "# Figures drawn again by this notebook are in English, its language.",
}
UNRESOLVED_NOTE = {
    "zh": "# 文中指向其他页面的链接写的是源文件名（.py、.md），请在网站上打开那些页面。",
    "en": "# Links to other pages name their source files (.py, .md); open those pages online.",
}
# A Markdown link to another page of the site: [text](path.py#fragment)
_PAGE_LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|/|#)([^)\s#]+\.(?:py|md|ipynb))(#[^)\s]*)?\)")


@dataclass(frozen=True)
class Download:
    """One file offered on a page."""

    kind: str  # "ipynb" or "py"
    dest: str  # path inside the site, e.g. "nonparametric/nonparametric.ipynb"
    source: Path  # the file copied there

    @property
    def filename(self) -> str:
        """The name the file is saved under."""
        return posixpath.basename(self.dest)


@functools.cache
def module_names() -> frozenset[str]:
    """Names ``import`` resolves to a module: the standard library's and every installed package's.

    The installed packages are the build's environment, which holds what a reader's
    holds (torch, numpy, matplotlib, the package, Jupyter) and more.
    """
    return frozenset(sys.stdlib_module_names) | frozenset(
        importlib.metadata.packages_distributions()
    )


def file_stem(src_uri: str) -> str:
    """The name, without suffix, that the downloads of page ``src_uri`` are saved under.

    The page's own name, unless a ``.py`` file of that name would be imported in place of a
    module: Python puts a script's folder first on ``sys.path``, so a ``random.py`` saved
    beside the other pages breaks every one of them (``import torch`` imports ``tempfile``,
    which imports ``random``: the page, which imports torch again). Such a page's name gets
    its folder in front (``chapter`` at the top): a name with a hyphen is never imported.

    >>> file_stem("handbook/matmul.py"), file_stem("handbook/masked-fill.py")
    ('matmul', 'masked-fill')
    >>> file_stem("handbook/random.py"), file_stem("json.py"), file_stem("torch.py")
    ('handbook-random', 'chapter-json', 'chapter-torch')
    """
    folder, name = posixpath.split(posixpath.splitext(src_uri)[0])
    if name.isidentifier() and name in module_names():
        return (folder.replace("/", "-") or "chapter") + "-" + name
    return name


def for_page(page, docs_dir: str) -> list[Download]:
    """The downloads of ``page``: none unless it is a notebook page.

    A notebook page's ``abs_src_path`` already points at its executed notebook
    (the hooks' ``on_files``); its jupytext source is ``docs_dir/src_uri``.
    """
    src_uri = page.file.src_uri
    if not src_uri.endswith(".py"):
        return []
    executed = Path(page.file.abs_src_path)
    if executed.suffix != ".ipynb":
        raise ValueError(f"{src_uri}: expected an executed .ipynb, got {executed}")
    stem = file_stem(src_uri)
    folder = posixpath.dirname(page.file.dest_uri)
    return [
        Download("ipynb", posixpath.join(folder, f"{stem}.ipynb"), executed),
        Download("py", posixpath.join(folder, f"{stem}.py"), Path(docs_dir) / src_uri),
    ]


def page_url(src_uri: str) -> str:
    """The URL of a page relative to its site: ``handbook/bmm.py`` -> ``handbook/bmm/``."""
    stem = posixpath.splitext(src_uri)[0]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


# A pure function of its arguments: `mkdocs serve` asks again for every page on every
# rebuild (parsing and writing each notebook was a tenth of an English prose edit's rebuild).
@functools.lru_cache(maxsize=256)
def for_reader(executed: bytes, src_uri: str, lang: str, site_url: str | None) -> bytes:
    """The executed notebook as a reader downloads it.

    A second cell calls ``set_language(lang)`` so that figures the reader draws
    again are in the notebook's language (the pages were executed with the
    package's default, which the build redraws per language). Links to other
    pages become their online URLs when ``site_url`` is known; otherwise the
    cell says that they name source files. A figure drawn in two layouts keeps
    only its wide one (a notebook is read on a wide screen; the page shows the
    phone's layout on phones): Jupyter would show the figure twice. Other
    outputs are left as they are.
    """
    nb = json.loads(executed)
    unresolved = False

    def online(match: re.Match) -> str:
        nonlocal unresolved
        if not site_url:
            unresolved = True
            return match.group(0)
        target = posixpath.normpath(posixpath.join(posixpath.dirname(src_uri), match.group(1)))
        url = site_url.rstrip("/") + "/" + page_url(target)
        return f"]({url}{match.group(2) or ''})"

    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            cell["source"] = _PAGE_LINK.sub(online, text)
        elif cell["cell_type"] == "code":
            cell["outputs"] = [out for out in cell["outputs"] if not phone_layout(out)]
    lines = [LANGUAGE_CELL[lang]]
    if unresolved:
        lines.append(UNRESOLVED_NOTE[lang])
    lines += ["from attention_tutorial.figures import set_language", "", f'set_language("{lang}")']
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": "\n".join(lines),
    }
    if (nb.get("nbformat"), nb.get("nbformat_minor", 0)) >= (4, 5):
        cell["id"] = "set-language"
    nb["cells"].insert(1, cell)
    return (json.dumps(nb, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def phone_layout(output: dict) -> bool:
    """Whether ``output`` is the phone's layout of a figure drawn in two layouts.

    >>> from tools.sitebuild.contract import FACTS_KEY
    >>> svg = '<svg><!-- {key} {{"shown_on": "narrow"}} --></svg>'
    >>> phone_layout({"data": {"image/svg+xml": svg.format(key=FACTS_KEY)}})
    True
    >>> phone_layout({"output_type": "stream", "text": "narrow"})
    False
    """
    for mime, data in output.get("data", {}).items():
        if not mime.startswith("image/"):
            continue
        text = "".join(data) if isinstance(data, list) else data
        blob = text.encode() if mime == "image/svg+xml" else base64.b64decode(text)
        if image_metadata(blob)[1].get("shown_on") == "narrow":
            return True
    return False


def attach(context: dict, page, config) -> dict[str, bytes]:
    """Give the template the page's download buttons; return the files to write."""
    labels = LABELS[config.theme["language"]]
    downloads = for_page(page, config.docs_dir)
    context["downloads"] = [
        {
            "kind": d.kind,
            "href": get_relative_url(d.dest, page.url),
            "filename": d.filename,
            "title": labels[d.kind],
            "icon": ICONS[d.kind],
        }
        for d in downloads
    ]
    context["source_title"] = labels["source"]
    lang = config.theme["language"]
    site_url = config.site_url or None
    return {
        d.dest: (
            for_reader(d.source.read_bytes(), page.file.src_uri, lang, site_url)
            if d.kind == "ipynb"
            else d.source.read_bytes()
        )
        for d in downloads
    }
