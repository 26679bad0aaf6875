"""Print the built site into one PDF per language: the chapter, then the tensor API handbook.

    make pdf        (builds the site, then runs this script)
    .venv/bin/python tools/pdf.py --site site --out pdf

The site is served from 127.0.0.1 and opened in Debian's Chromium through
Playwright. From every page of the chapter and of the handbook, in the order of
the navigation, the article is taken as the browser rendered it (formulas typeset
by KaTeX, figures loaded, exercise solutions opened), its ids and links are made
unique within the book, and all articles are joined behind a cover and a table
of contents into one document, printed by Chromium's ``page.pdf()`` with
``tools/print.css`` (no navigation or search, code wrapped, figures and formulas
kept whole) and page numbers in the footer. Writes ``attention-tutorial.<lang>.pdf``
and a manifest ``attention-tutorial.<lang>.json`` (pages, figures) for the tests.
"""

from __future__ import annotations

import argparse
import functools
import html
import http.server
import io
import json
import os
import re
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.sitebuild.payload import font_display  # noqa: E402

# Debian's chromium-headless-shell: the Blink of the chromium package without the browser
# around it (what Playwright itself runs headless); the browser tests use it too, and
# load pages in about 3/4 of the time the full browser takes.
CHROMIUM = os.environ.get("ATTN_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
LANGS = {"zh": ("mkdocs.yml", ""), "en": ("mkdocs.en.yml", "en/")}
WORDS = {
    "zh": {"contents": "目录", "chapter": "注意力汇聚"},
    "en": {"contents": "Contents", "chapter": "Attention pooling"},
}
FOOTER = (
    '<div style="width:100%;font-size:8px;color:#666;text-align:center;'
    'font-family:sans-serif"><span class="pageNumber"></span> / '
    '<span class="totalPages"></span></div>'
)

# Runs in each page: open solutions, load every figure, make ids and links unique
# to this page's section of the book; return the article and what it holds.
EXTRACT = """async ({index, pages}) => {
    const article = document.querySelector('article.md-content__inner');
    article.querySelectorAll('details').forEach(d => d.open = true);
    article.querySelectorAll('script').forEach(s => s.remove());
    let figures = 0, broken = 0;
    for (const img of article.querySelectorAll('img')) {
        img.loading = 'eager';
        try { await img.decode(); } catch (e) { broken += 1; continue; }
        if (img.naturalWidth === 0) broken += 1; else figures += 1;
    }
    const prefix = `p${index}-`;
    const headings = [...article.querySelectorAll('h2[id]')].map(h => [
        prefix + h.id, h.textContent.replace(/\\u00b6$/, '').trim()]);
    const title = (article.querySelector('h1') || {textContent: ''}).textContent
        .replace(/\\u00b6$/, '').trim();
    article.querySelectorAll('[id]').forEach(el => el.id = prefix + el.id);
    article.querySelectorAll('[src]').forEach(el => el.setAttribute('src', el.src));
    article.querySelectorAll('link[href]').forEach(el => el.setAttribute('href', el.href));
    for (const a of article.querySelectorAll('a[href]')) {
        const raw = a.getAttribute('href');
        if (raw.startsWith('#')) { a.setAttribute('href', '#' + prefix + raw.slice(1)); continue; }
        const url = new URL(a.href);
        const target = pages[url.origin + url.pathname];
        if (target !== undefined) {
            const hash = url.hash ? `p${target}-` + url.hash.slice(1) : `p${target}`;
            a.setAttribute('href', '#' + hash);
        } else if (url.origin === location.origin) {
            a.removeAttribute('href');  // a page that is not in the book
        }
    }
    const stamp = document.querySelector('.md-build-stamp');
    return {
        html: article.innerHTML, title, headings, figures, broken,
        stamp: stamp ? stamp.textContent.replace(/\\s+/g, ' ').trim() : '',
        styles: [...document.querySelectorAll('head link[rel=stylesheet]')].map(l => l.href),
        body: Object.fromEntries([...document.body.attributes].map(a => [a.name, a.value])),
    };
}"""


RADICALS = range(0x2E80, 0x2FE0)  # CJK Radicals Supplement and Kangxi Radicals
UNIFIED = range(0x4E00, 0xA000)  # CJK Unified Ideographs


def radical_map() -> dict[int, int]:
    """Map each radical code point that the CJK font draws with an ideograph's glyph to it.

    Noto Sans CJK maps, e.g., U+2F12 (KANGXI RADICAL POWER) and U+529B (力) to one
    glyph; Chromium's PDF writer then tells readers the glyph is U+2F12, so the
    text copied or extracted from a Chinese PDF reads "注意⼒" instead of "注意力".
    """
    from fontTools.ttLib import TTCollection

    path = subprocess.run(
        ["fc-match", "-f", "%{file}", "Noto Sans CJK SC"], capture_output=True, text=True
    ).stdout.strip()
    if not path:
        return {}
    found: dict[int, int] = {}
    for face in TTCollection(path, lazy=True).fonts:  # JP, KR, SC, TC, HK: glyphs differ
        cmap = face.getBestCmap()
        by_glyph: dict[str, int] = {}
        for code, glyph in sorted(cmap.items()):
            if code in UNIFIED:
                by_glyph.setdefault(glyph, code)
        for code, glyph in cmap.items():
            if code in RADICALS and glyph in by_glyph:
                found.setdefault(code, by_glyph[glyph])
    return found


_BFCHAR = re.compile(r"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(r"beginbfrange(.*?)endbfrange", re.S)
_HEX = re.compile(r"<([0-9A-Fa-f]+)>")


def _fix_cmap(text: str, radicals: dict[int, int]) -> str | None:
    """A ToUnicode CMap with radicals mapped to their ideographs, or None if it had none."""
    pairs: list[tuple[str, str]] = []
    for block in _BFCHAR.findall(text):
        found = _HEX.findall(block)
        pairs += list(zip(found[::2], found[1::2], strict=True))
    for block in _BFRANGE.findall(text):
        found = _HEX.findall(block)
        for low, high, dest in zip(found[::3], found[1::3], found[2::3], strict=True):
            width = len(low)
            for offset in range(int(high, 16) - int(low, 16) + 1):
                code = f"{int(low, 16) + offset:0{width}X}"
                pairs.append((code, f"{int(dest, 16) + offset:04X}"))
    changed = False
    fixed = []
    for src, dest in pairs:
        if len(dest) == 4 and int(dest, 16) in radicals:
            dest, changed = f"{radicals[int(dest, 16)]:04X}", True
        fixed.append((src, dest))
    if not changed:
        return None
    head = text[: min(m.start() for m in re.finditer(r"\d+ begin(bfchar|bfrange)", text))]
    tail = text[text.rindex("endbf") :].split("\n", 1)[1]
    body = ""
    for start in range(0, len(fixed), 100):
        chunk = fixed[start : start + 100]
        body += f"{len(chunk)} beginbfchar\n"
        body += "".join(f"<{s}> <{d}>\n" for s, d in chunk)
        body += "endbfchar\n"
    return head + body + tail


def fonts_of(pages):
    """The font dictionaries of ``pages`` (pypdf), page by page, repeats included."""
    for page in pages:
        for ref in page.get("/Resources", {}).get("/Font", {}).values():
            yield ref.get_object()


def fix_cjk_text(pdf: Path) -> int:
    """Make Chinese text extract as ideographs (fix ToUnicode maps); return the maps fixed.

    The fixed maps are appended to the file as an incremental update (new versions
    of those objects, their cross-reference section and a trailer pointing to the
    previous one), so the rest of the file is neither parsed nor written again:
    rewriting the whole 9 MB file with pypdf took 10 s per language. Only the update
    is written, at the end of the file.
    """
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject, NameObject

    radicals = radical_map()
    if not radicals:
        return 0
    data = pdf.read_bytes()
    reader = PdfReader(io.BytesIO(data))
    fixed: dict[int, tuple[int, bytes]] = {}  # object number -> (generation, new map)
    seen: set[int] = set()
    for font in fonts_of(reader.pages):
        ref = font.raw_get(NameObject("/ToUnicode")) if "/ToUnicode" in font else None
        if not isinstance(ref, IndirectObject) or ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        text = _fix_cmap(ref.get_object().get_data().decode("latin-1"), radicals)
        if text is not None:
            fixed[ref.idnum] = (ref.generation, text.encode("latin-1"))
    if not fixed:
        return 0
    previous = int(re.findall(rb"startxref\s+(\d+)", data[-1024:])[-1])
    out = io.BytesIO()  # the update; its offsets count from the start of the file
    base = len(data)
    if not data.endswith(b"\n"):
        out.write(b"\n")
    offsets = {}
    for number, (generation, cmap) in sorted(fixed.items()):
        stream = zlib.compress(cmap)
        offsets[number] = base + out.tell()
        head = f"{number} {generation} obj\n<</Filter /FlateDecode /Length {len(stream)}>>"
        out.write(head.encode() + b"\nstream\n" + stream + b"\nendstream\nendobj\n")
    xref = base + out.tell()
    out.write(b"xref\n0 1\n0000000000 65535 f\r\n")  # the free list's head, as readers expect
    for number, offset in sorted(offsets.items()):  # one subsection per object
        out.write(f"{number} 1\n{offset:010d} {fixed[number][0]:05d} n\r\n".encode())
    trailer = reader.trailer
    entries = [f"/Size {trailer['/Size']}", f"/Prev {previous}"]
    for key in ("/Root", "/Info"):
        if key in trailer:
            ref = trailer.raw_get(key)
            entries.append(f"{key} {ref.idnum} {ref.generation} R")
    if "/ID" in trailer:  # Chromium writes none; a file that has one keeps it
        ids = io.BytesIO()
        trailer.raw_get("/ID").write_to_stream(ids)
        entries.append("/ID " + ids.getvalue().decode("latin-1"))
    out.write(f"trailer\n<<{' '.join(entries)}>>\nstartxref\n{xref}\n%%EOF\n".encode())
    with open(pdf, "ab") as handle:
        handle.write(out.getvalue())
    return len(fixed)


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml, ignoring its Python tags (only ``nav`` is needed)."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def book(lang: str) -> tuple[dict, list[tuple[str, list[str]]]]:
    """The language's config and its parts: the chapter, then the handbook (page sources)."""
    config = yaml.load((ROOT / LANGS[lang][0]).read_text(encoding="utf-8"), Loader=_Loader)
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


BOOKS: dict[str, bytes] = {}  # documents served from memory at /__book__/<lang>.html


def _serve(site: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path in BOOKS:
                body = BOOKS[self.path]
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(site))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def _document(lang: str, config: dict, parts, sections: list[dict], print_css: str) -> str:
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


def _fonts_that_wait(route) -> None:
    """Serve the KaTeX stylesheet with ``font-display: block``.

    The site's faces are ``optional`` (``tools/sitebuild/payload.py``): a font
    that misses the first paint is not used on that page, which for a PDF would
    print the formulas in a fallback font.
    """
    response = route.fetch()
    route.fulfill(response=response, body=font_display(response.text(), "block"))


def print_language(browser, base: str, lang: str, out: Path) -> dict:
    """Write the PDF of one language; return its manifest."""
    config, parts = book(lang)
    prefix = LANGS[lang][1]
    sources = [src for _, pages in parts for src in pages]
    urls = [base + prefix + page_url(src) for src in sources]
    context = browser.new_context(viewport={"width": 1000, "height": 1400}, color_scheme="light")
    context.route("**/katex/katex.min.css", _fonts_that_wait)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sections = []
    numbers = {url: index for index, url in enumerate(urls)}
    for index, url in enumerate(urls):
        response = page.goto(url, wait_until="load")
        if response is None or not response.ok:
            raise SystemExit(f"{url}: not found; build the site first (make build)")
        page.wait_for_function("() => !document.querySelector('.arithmatex:not(:has(.katex))')")
        section = page.evaluate(EXTRACT, {"index": index, "pages": numbers})
        if section["broken"]:
            raise SystemExit(f"{url}: {section['broken']} figure(s) did not load")
        sections.append(section)
    print_css = (ROOT / "tools" / "print.css").read_text(encoding="utf-8")
    book_path = f"/__book__/{lang}.html"
    BOOKS[book_path] = _document(lang, config, parts, sections, print_css).encode("utf-8")
    errors.clear()
    page.goto(base.rstrip("/") + book_path, wait_until="load")
    page.evaluate("document.fonts.ready")
    loaded = page.evaluate(
        "[...document.images].filter(i => i.complete && i.naturalWidth > 0).length"
    )
    figures = sum(s["figures"] for s in sections)
    if loaded != figures or errors:
        raise SystemExit(f"{lang}: {loaded} of {figures} figures loaded in the book; {errors}")
    out.mkdir(parents=True, exist_ok=True)
    pdf = out / f"attention-tutorial.{lang}.pdf"
    page.pdf(
        path=str(pdf),
        format="A4",
        print_background=True,
        prefer_css_page_size=True,
        display_header_footer=True,
        header_template="<span></span>",
        footer_template=FOOTER,
        outline=True,
        tagged=True,
    )
    context.close()
    fix_cjk_text(pdf)
    manifest = {
        "lang": lang,
        "pdf": pdf.name,
        "pages": [
            {
                "src": src,
                "url": prefix + page_url(src),
                "title": sec["title"],
                "figures": sec["figures"],
            }
            for src, sec in zip(sources, sections, strict=True)
        ],
        "figures": figures,
    }
    (out / f"attention-tutorial.{lang}.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return manifest


def main(argv: list[str] | None = None) -> int:
    """Print both languages' PDFs from a built site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site")
    parser.add_argument("--out", type=Path, default=ROOT / "pdf", help="where the PDFs go")
    parser.add_argument("--lang", choices=sorted(LANGS), action="append", help="default: both")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"{args.site}: no built site; run `make build` first")
    from playwright.sync_api import sync_playwright

    httpd, base = _serve(args.site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for lang in args.lang or list(LANGS):
                manifest = print_language(browser, base, lang, args.out)
                size = (args.out / manifest["pdf"]).stat().st_size
                print(
                    f"{args.out / manifest['pdf']}: {len(manifest['pages'])} pages of the site, "
                    f"{manifest['figures']} figures, {size / 1e6:.1f} MB"
                )
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
