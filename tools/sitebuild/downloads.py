"""Downloads of each notebook page: its executed ``.ipynb`` and its jupytext ``.py`` source.

Both files are written into the site next to the page (``nonparametric/`` holds
``index.html``, ``nonparametric.ipynb`` and ``nonparametric.py``; in the
offline variant they sit beside ``nonparametric.html``), so the links work on
any server and from ``file://``. The ``.ipynb`` is the page's executed notebook
from the build's cache: its own language's prose, the outputs, and the figures
of that language embedded in it, so it opens anywhere without the site.
The buttons are drawn by ``overrides/partials/actions.html``.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from mkdocs.utils import get_relative_url

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
    stem = posixpath.splitext(posixpath.basename(src_uri))[0]
    folder = posixpath.dirname(page.file.dest_uri)
    return [
        Download("ipynb", posixpath.join(folder, f"{stem}.ipynb"), executed),
        Download("py", posixpath.join(folder, f"{stem}.py"), Path(docs_dir) / src_uri),
    ]


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
    return {d.dest: d.source.read_bytes() for d in downloads}
