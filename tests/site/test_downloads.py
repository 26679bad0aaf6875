"""Every notebook page offers its executed notebook and its source, beside the page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from bs4 import BeautifulSoup, SoupStrainer

from tests.site.outputs import figure_count
from tools.sitebuild import downloads as downloads_module
from tools.sitebuild.notebooks import discover

pytestmark = pytest.mark.build

LANG_ROOTS = {"zh": "", "en": "en/"}
CJK = re.compile(r"[\u4e00-\u9fff]")
# The figure outputs of a notebook page, whole: the only part of the page parsed into a tree
# (the whole page's tree took three times as long, for the same images)
RENDERED_OUTPUTS = SoupStrainer(class_=re.compile(r"(?:^|\s)jp-Rendered(?:SVG|Image)(?:\s|$)"))


def text_outputs(nb) -> list[str]:
    """The text a notebook printed or returned, cell by cell (figures and HTML left out).

    A cell's printed text is joined into one string: how the kernel cut it into
    stream messages depends on timing, not on what was printed.
    """
    found = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        streams: dict[str, str] = {}
        for out in cell.outputs:
            if out.output_type == "stream":
                streams[out.name] = streams.get(out.name, "") + out.text
            elif out.output_type in {"execute_result", "display_data"}:
                # a figure or an HTML widget is shown as such; the build keeps no
                # text/plain beside it, a fresh kernel does (``BandwidthExplorer(...)``)
                if "text/plain" in out.get("data", {}) and not any(
                    m.startswith("image/") or m == "text/html" for m in out["data"]
                ):
                    found.append(out["data"]["text/plain"])
        found += [streams[name] for name in sorted(streams)]
    return found


def images(nb) -> list[str]:
    return [
        mime
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.outputs
        for mime in out.get("data", {})
        if mime.startswith("image/")
    ]


def downloads(site: Path, lang: str):
    for nb in discover(langs=[lang]):
        stem = nb.rel[: -len(".py")]
        folder = site / LANG_ROOTS[lang] / stem
        yield nb, folder, downloads_module.file_stem(nb.rel)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_notebook_page_links_to_its_two_downloads(site, lang):
    for _nb, folder, name in downloads(site, lang):
        text = (folder / "index.html").read_text(encoding="utf-8")
        for suffix in ("ipynb", "py"):
            link = re.search(
                rf'<a href="{name}\.{suffix}" download="{name}\.{suffix}" title="([^"]+)"', text
            )
            assert link, f"{folder}: no {suffix} download"
            assert bool(CJK.search(link.group(1))) == (lang == "zh"), link.group(1)
            assert (folder / f"{name}.{suffix}").is_file()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_download_is_named_like_a_module(lang):
    """Round 36: ``random.py`` beside the other pages replaced Python's ``random``."""
    offered = [downloads_module.file_stem(nb.rel) for nb in discover(langs=[lang])]
    assert "handbook-random" in offered and "matmul" in offered
    assert len(set(offered)) == len(offered), "two pages' downloads share a name"
    for name in offered:
        assert not name.isidentifier() or name not in downloads_module.module_names(), name


def test_downloads_saved_in_one_folder_leave_imports_alone(site, tmp_path):
    """A reader saves every page's ``.py`` in one folder and runs one: torch still imports."""
    for _nb, folder, name in downloads(site, "zh"):
        (tmp_path / f"{name}.py").write_bytes((folder / f"{name}.py").read_bytes())
    assert (tmp_path / "handbook-random.py").is_file() and not (tmp_path / "random.py").exists()
    # ``-c`` puts the current folder first on sys.path, as running a script there does
    proc = subprocess.run(
        [sys.executable, "-c", "import attention_tutorial, torch, tempfile, random; print(1)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0 and proc.stdout == "1\n", proc.stderr[-2000:]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_downloads_are_the_page_source_and_a_standalone_executed_notebook(site, lang):
    total = pairs = 0
    for nb, folder, name in downloads(site, lang):
        assert (folder / f"{name}.py").read_bytes() == nb.path.read_bytes()
        executed = nbformat.read(folder / f"{name}.ipynb", as_version=4)
        nbformat.validate(executed)
        # the page's own prose, in its language
        title = executed.cells[0].source.split("\n")[0]
        assert title == nb.read().cells[0].source.split("\n")[0]
        assert bool(CJK.search(title)) == (lang == "zh"), title
        # figures are embedded, in the page's language; nothing points at the site
        raw = (folder / f"{name}.ipynb").read_text(encoding="utf-8")
        assert "assets/figures" not in raw and "vnd.attention-tutorial" not in raw
        page = (folder / "index.html").read_text(encoding="utf-8")
        shown = re.findall(
            r'<img[^>]+src="[^"]*assets/figures/[0-9a-f]{16}\.(?:png|svg)"[^>]*>', page
        )
        # a figure drawn in two layouts: the page has both, the notebook the wide one (an
        # HTML output, the explorer, brings both drawings inside its own HTML)
        soup = BeautifulSoup(page, "html.parser", parse_only=RENDERED_OUTPUTS)
        phone = [
            img
            for img in soup.select(":is(.jp-RenderedSVG, .jp-RenderedImage) img")
            if "attn-shown-narrow" in img.get("class", [])
        ]
        assert figure_count(executed) == len(shown) - len(phone), name
        outputs = [o for c in executed.cells if c.cell_type == "code" for o in c.outputs]
        assert not any(downloads_module.phone_layout(o) for o in outputs), name
        pairs += len(phone)
        assert all(o for o in text_outputs(executed)), name
        total += (folder / f"{name}.ipynb").stat().st_size
    assert total > 0 and pairs > 0


def test_downloaded_figures_are_drawn_in_the_language_of_the_page(site):
    zh = nbformat.read(site / "nonparametric" / "nonparametric.ipynb", as_version=4)
    en = nbformat.read(site / "en" / "nonparametric" / "nonparametric.ipynb", as_version=4)
    assert text_outputs(zh) == text_outputs(en)
    zh_images, en_images = images(zh), images(en)
    assert zh_images and len(zh_images) == len(en_images)
    differing = [
        1
        for a, b in zip(zh.cells, en.cells, strict=True)
        if a.cell_type == "code" and a.outputs != b.outputs
    ]
    assert differing, "the Chinese and English notebooks carry the same figures"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_downloaded_notebook_draws_its_figures_in_its_language(site, lang):
    for _nb, folder, name in downloads(site, lang):
        cell = nbformat.read(folder / f"{name}.ipynb", as_version=4).cells[1]
        assert cell.cell_type == "code" and not cell.outputs, name
        assert cell.source.endswith(f'set_language("{lang}")'), name


SOURCE = {
    "cells": [
        {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Title"},
        {
            "cell_type": "markdown",
            "id": "b",
            "metadata": {},
            "source": "See [pooling](nonparametric.py#kernels), [bmm](handbook/bmm.py), "
            "[the terms](glossary.md) and [PyTorch](https://pytorch.org/x.py).",
        },
    ],
    "metadata": {},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def test_links_to_pages_point_online_only_when_the_site_url_is_known():
    raw = json.dumps(SOURCE).encode()
    online = json.loads(downloads_module.for_reader(raw, "average.py", "en", "https://x.org/t/"))
    assert online["cells"][2]["source"] == (
        "See [pooling](https://x.org/t/nonparametric/#kernels), "
        "[bmm](https://x.org/t/handbook/bmm/), [the terms](https://x.org/t/glossary/) "
        "and [PyTorch](https://pytorch.org/x.py)."
    )
    assert "open those pages online" not in online["cells"][1]["source"]
    nested = json.loads(downloads_module.for_reader(raw, "handbook/bmm.py", "zh", "https://x.org/"))
    assert "](https://x.org/handbook/nonparametric/#kernels)" in nested["cells"][2]["source"]
    offline = json.loads(downloads_module.for_reader(raw, "average.py", "en", None))
    assert offline["cells"][2]["source"] == SOURCE["cells"][1]["source"]
    assert "open those pages online" in offline["cells"][1]["source"]
    assert offline["cells"][1]["source"].endswith('set_language("en")')
    nbformat.validate(nbformat.reads(json.dumps(offline), as_version=4))
