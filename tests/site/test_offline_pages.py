"""Every page of the offline build names only files beside it, and they are there.

Read from each page's HTML (``offline_pages.py``): what a browser opening it from
``file://`` would load, its figures, links, table of contents, formulas and language
selector. What its scripts do there is watched in the browser on one page of each
kind (``tests/browser/test_offline.py``).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.browser.conftest import Checks, source_pages
from tests.site.offline_pages import local_target, read_page, stylesheet_urls

pytestmark = pytest.mark.build

PAGES = [f"{page}.html" for page in source_pages()]
RAW_TEX = re.compile(r"\$\$|\\\(|\\\[|\\frac|\\sum|\\exp")


def missing(page_file: Path, urls: list[str], root: Path) -> list[str]:
    """The URLs of ``urls`` that do not name a file of ``root`` (or name no file at all)."""
    bad = []
    for url in urls:
        try:
            target = local_target(page_file, url)
        except ValueError as err:
            bad.append(str(err))
            continue
        if target is not None and (root not in target.parents or not target.is_file()):
            bad.append(url)
    return bad


def other_figures(page_file: Path, figures: list[str], offline: Path, site: Path) -> list[str]:
    """Figures that are not, byte for byte, the file at the same place of the site served
    over HTTP, which the browser tests decode (``test_pages.py``: broken images)."""
    bad = []
    for url in figures:
        target = local_target(page_file, url)
        if target is None or not target.is_file():
            continue  # a missing figure is ``missing``'s
        online = site / target.relative_to(offline)
        if not online.is_file() or online.read_bytes() != target.read_bytes():
            bad.append(url)
    return bad


def missing_fragments(page_file: Path, links: list[str], root: Path) -> list[str]:
    """Links to a ``#fragment`` of a page of ``root`` that has no element of that id."""
    bad = []
    for href in links:
        parts = urlparse(href)
        if not parts.fragment or parts.scheme:
            continue
        target = page_file if not parts.path else local_target(page_file, href)
        if target is None or target.suffix != ".html" or not target.is_file():
            continue  # a missing file is ``missing``'s
        if unquote(parts.fragment) not in read_page(target).ids:
            bad.append(href)
    return bad


@pytest.mark.parametrize("rel", PAGES)
def test_offline_page_names_only_files_beside_it(offline_site, site, rel):
    page_file = (offline_site / rel).resolve()
    root = offline_site.resolve()
    page = read_page(page_file)
    checks = Checks(f"offline {rel}")
    checks.check("articles", lambda: page.articles, 1)
    checks.check("what it loads, missing", lambda: missing(page_file, page.loads, root), [])
    checks.check(
        "figures that differ from the site's",
        lambda: other_figures(page_file, page.figures, root, site.resolve()),
        [],
    )
    checks.check("KaTeX errors", lambda: page.katex_errors, 0)
    checks.check("raw TeX left on the page", lambda: RAW_TEX.findall(page.article_text), [])
    checks.check(
        "toc links without a target",
        lambda: [h for h in page.toc if not h.startswith("#") or unquote(h[1:]) not in page.ids],
        [],
    )
    local = [h for h in page.links if not urlparse(h).scheme]
    checks.check("links to missing files", lambda: missing(page_file, local, root), [])
    checks.check(
        "links to a missing place of a page", lambda: missing_fragments(page_file, local, root), []
    )
    # the language selector names the same page in the other language, a file
    other = "zh" if rel.startswith("en/") else "en"
    expected = root / (rel[3:] if rel.startswith("en/") else "en/" + rel)
    checks.check(
        "language selector: the same page in the other language",
        lambda: [local_target(page_file, h) for h in page.languages.get(other, [])],
        [expected],
    )
    checks.report()


def test_the_offline_stylesheets_name_only_files_beside_them(offline_site):
    """The fonts and pictures of every stylesheet an offline page loads are there."""
    root = offline_site.resolve()
    sheets = set()
    for rel in PAGES:
        page_file = (offline_site / rel).resolve()
        for url in read_page(page_file).loads:
            target = local_target(page_file, url)
            if target is not None and target.suffix == ".css":
                sheets.add(target)
    assert len(sheets) >= 4, sheets  # Material's two, KaTeX's, the site's
    bad = {
        sheet.relative_to(root).as_posix(): found
        for sheet in sorted(sheets)
        if (found := missing(sheet, stylesheet_urls(sheet.read_text(encoding="utf-8")), root))
    }
    assert bad == {}
