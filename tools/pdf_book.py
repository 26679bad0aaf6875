"""What the PDF book holds and how its one HTML document is put together.

The book of a language is the chapter, then the tensor API handbook, in the order of
that language's navigation (:func:`book`); :func:`document` joins the articles the
browser rendered (``tools/pdf.py`` collects them) behind a cover and a table of
contents. No browser here: the printing is ``tools/pdf.py``'s.
"""

from __future__ import annotations

import html
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
LANGS = {"zh": ("mkdocs.yml", ""), "en": ("mkdocs.en.yml", "en/")}
WORDS = {
    "zh": {"contents": "目录", "chapter": "注意力汇聚"},
    "en": {"contents": "Contents", "chapter": "Attention pooling"},
}


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml, ignoring its Python tags (only ``nav`` is needed)."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def book(lang: str, root: Path = ROOT) -> tuple[dict, list[tuple[str, list[str]]]]:
    """The language's config and its parts: the chapter, then the handbook (page sources)."""
    config = yaml.load((root / LANGS[lang][0]).read_text(encoding="utf-8"), Loader=_Loader)
    chapter, handbook, handbook_title = [], [], ""
    for item in config["nav"]:
        for title, value in item.items():
            if isinstance(value, str) and value.endswith(".py"):
                chapter.append(value)
            elif isinstance(value, list) and "handbook/index.md" in value:
                handbook_title = title
                for entry in value:
                    handbook.append(entry if isinstance(entry, str) else next(iter(entry.values())))
    if not chapter or not handbook:
        raise SystemExit(f"{LANGS[lang][0]}: no chapter pages or no handbook in nav")
    return config, [(WORDS[lang]["chapter"], chapter), (handbook_title, handbook)]


def page_url(src: str) -> str:
    """The directory URL of a page source: ``handbook/bmm.py`` -> ``handbook/bmm/``."""
    stem = src.rsplit(".", 1)[0]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def document(lang: str, config: dict, parts, sections: list[dict], print_css: str) -> str:
    """The book as one HTML document: a cover, the contents, each part and its pages.

    Args:
        lang: the book's language.
        config: the language's MkDocs config (its site name and description).
        parts: ``(title, page sources)`` of each part, as :func:`book` gives them.
        sections: one per page, in order: what ``tools/pdf.py`` took from the
            rendered page (``html``, ``title``, ``headings``, ``styles``, ``body``,
            ``stamp``).
        print_css: the print stylesheet, inlined.

    >>> sections = [
    ...     {"html": "<h1>A</h1>", "title": "A", "headings": [["p0-x", "X"]],
    ...      "styles": ["s.css"], "body": {"dir": "ltr"}, "stamp": "v1"},
    ... ]  # fmt: skip
    >>> out = document("en", {"site_name": "Site"}, [("Part", ["a.py"])], sections, "")
    >>> import re
    >>> re.findall(r'<a href="(#[^"]+)">([^<]+)', out)  # the table of contents
    [('#p0', 'A'), ('#p0-x', 'X')]
    >>> out.index('id="part0"') < out.index('id="p0"')
    True
    """
    words = WORDS[lang]
    first = sections[0]
    styles = []
    for section in sections:
        styles += [s for s in section["styles"] if s not in styles]
    body_attrs = " ".join(f'{k}="{html.escape(v)}"' for k, v in first["body"].items())
    toc, content, index = [], [], 0
    for part_number, (part_title, pages) in enumerate(parts):
        items = []
        for _ in pages:
            section = sections[index]
            subs = "".join(
                f'<li><a href="#{hid}">{html.escape(text)}</a></li>'
                for hid, text in section["headings"]
            )
            items.append(
                f'<li><a href="#p{index}">{html.escape(section["title"])}</a>'
                + (f"<ol>{subs}</ol>" if subs else "")
                + "</li>"
            )
            content.append(f'<section class="pdf-page" id="p{index}">{section["html"]}</section>')
            index += 1
        toc.append(f"<li><strong>{html.escape(part_title)}</strong><ol>{''.join(items)}</ol></li>")
        content.insert(
            len(content) - len(pages),
            f'<section class="pdf-part" id="part{part_number}"><h1>{html.escape(part_title)}</h1>'
            "</section>",
        )
    links = "\n".join(f'<link rel="stylesheet" href="{html.escape(s)}">' for s in styles)
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(config["site_name"])}</title>
{links}
<style>{print_css}</style></head>
<body {body_attrs}><div class="md-container"><main class="md-main"><div class="md-main__inner">
<div class="md-content"><article class="md-content__inner md-typeset">
<section class="pdf-cover"><h1>{html.escape(config["site_name"])}</h1>
<p>{html.escape(config.get("site_description", ""))}</p>
<p class="pdf-stamp">{html.escape(first["stamp"])}</p></section>
<nav class="pdf-toc"><h1>{words["contents"]}</h1><ol>{"".join(toc)}</ol></nav>
{"".join(content)}
</article></div></div></main></div></body></html>"""
