"""The strict build of both languages: pages, executed outputs, ids, no foreign hosts."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tools.sitebuild import execute
from tools.sitebuild.postprocess import is_external

pytestmark = pytest.mark.build

LANG_ROOTS = {"zh": "", "en": "en/"}


def pages(site: Path, lang: str) -> set[str]:
    """Relative paths of the HTML pages of one language."""
    root = site / LANG_ROOTS[lang] if LANG_ROOTS[lang] else site
    found = set()
    for path in root.rglob("*.html"):
        rel = path.relative_to(root).as_posix()
        if lang == "zh" and rel.startswith("en/"):
            continue
        found.add(rel)
    return found


def notebook_pages(lang: str) -> list[str]:
    """Built HTML paths of the notebook pages of one language."""
    return [
        LANG_ROOTS[lang] + nb.rel[: -len(".py")] + "/index.html" for nb in execute.discover([lang])
    ]


def test_both_languages_have_the_same_pages(site):
    zh, en = pages(site, "zh"), pages(site, "en")
    assert zh == en
    assert {"index.html", "api/index.html", "nonparametric/index.html"} <= zh


def test_there_are_notebook_pages_in_both_languages():
    zh = [nb.rel for nb in execute.discover(["zh"])]
    en = [nb.rel for nb in execute.discover(["en"])]
    assert zh and zh == en


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_notebook_pages_carry_executed_outputs_and_figures(site, lang):
    for rel in notebook_pages(lang):
        text = (site / rel).read_text(encoding="utf-8")
        assert "jp-OutputArea-output" in text, f"{rel}: no outputs"
        assert re.search(r'<img[^>]+src="data:image/(png|svg\+xml)', text) or "<svg" in text, (
            f"{rel}: no figure"
        )
        assert "Traceback" not in text and "jp-OutputArea-error" not in text, f"{rel}: error"


def heading_ids(text: str) -> list[str]:
    return re.findall(r'<h[1-6][^>]*\sid="([^"]*)"', text)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_headings_have_ids_that_the_toc_links_to(site, lang):
    for rel in pages(site, lang):
        text = (site / LANG_ROOTS[lang] / rel).read_text(encoding="utf-8")
        ids = heading_ids(text)
        assert all(ids), f"{rel}: a heading has an empty id"
        assert len(ids) == len(set(ids)), f"{rel}: duplicate heading ids"
        toc = re.search(r'<nav class="md-nav md-nav--secondary".*?</nav>', text, re.S)
        if toc is None:
            continue
        for target in re.findall(r'href="#([^"]+)"', toc.group(0)):
            target = html.unescape(target)
            assert re.search(rf'\sid="{re.escape(target)}"', text), f"{rel}: toc -> #{target}"


def test_chinese_notebook_headings_keep_their_chinese_ids(site):
    text = (site / "nonparametric/index.html").read_text(encoding="utf-8")
    ids = heading_ids(text)
    assert any(re.search(r"[\u4e00-\u9fff]", i) for i in ids), ids


URL_ATTR = re.compile(r"""<(script|img|link|iframe|source|video|audio|embed)\b([^>]*)>""", re.I)
ATTR = re.compile(r"""\b(src|href|srcset|data)\s*=\s*["']([^"']*)["']""", re.I)
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


def fetched_urls(site: Path):
    """Every URL that a built HTML or CSS file makes the browser fetch."""
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for tag, attrs in URL_ATTR.findall(text):
            for name, value in ATTR.findall(attrs):
                if tag.lower() == "link" and name.lower() == "href":
                    rel = re.search(r"""rel=["']([^"']+)""", attrs)
                    if rel and not {"stylesheet", "icon", "preload", "modulepreload"} & set(
                        rel.group(1).lower().split()
                    ):
                        continue
                urls = value.split(",") if name.lower() == "srcset" else [value]
                for url in urls:
                    yield path, url.strip().split(" ")[0]
    for path in site.rglob("*.css"):
        for groups in CSS_URL.findall(path.read_text(encoding="utf-8", errors="replace")):
            yield path, next(g for g in groups if g)


def test_no_page_loads_anything_from_another_host(site):
    offenders = [
        (p.relative_to(site).as_posix(), u) for p, u in fetched_urls(site) if is_external(u)
    ]
    assert offenders == []


def test_local_assets_that_pages_load_exist(site):
    missing = []
    for path, url in fetched_urls(site):
        if not url or is_external(url) or url.startswith(("data:", "#", "blob:", "javascript:")):
            continue
        local = url.split("#")[0].split("?")[0]
        base = site if local.startswith("/") else path.parent
        target = (base / local.lstrip("/")).resolve()
        if not target.exists():
            missing.append((path.relative_to(site).as_posix(), url[:120]))
    assert missing == []


def test_notebook_pages_share_one_stylesheet_instead_of_inlining_it(site):
    sheets = set()
    for lang in ("zh", "en"):
        for rel in notebook_pages(lang):
            text = (site / rel).read_text(encoding="utf-8")
            assert "<style" not in text.split('<article', 1)[-1], f"{rel}: inline CSS left"
            sheets |= set(re.findall(r'href="[./]*(assets/stylesheets/notebook\.[0-9a-f]+\.css)"', text))
    assert len(sheets) == 1, sheets


def test_language_selector_links_to_the_same_page(site):
    zh = (site / "nonparametric/index.html").read_text(encoding="utf-8")
    en = (site / "en/nonparametric/index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./en/nonparametric/"[^>]*hreflang="en"', zh)
    assert re.search(r'href="\.\./\.\./nonparametric/"[^>]*hreflang="zh"', en)


def test_each_language_has_its_own_search_index(site):
    zh = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    en = json.loads((site / "en/search/search_index.json").read_text(encoding="utf-8"))
    assert "\\u3400-\\u9fff" in zh["config"]["separator"]  # one token per CJK character
    assert "\\u3400" not in en["config"]["separator"]
    zh_text = " ".join(doc["text"] + doc["title"] for doc in zh["docs"])
    en_text = " ".join(doc["text"] + doc["title"] for doc in en["docs"])
    assert "注意力" in zh_text and "注意力" not in en_text.replace("注意力汇聚教程", "")
    assert "attention" in en_text.lower()
