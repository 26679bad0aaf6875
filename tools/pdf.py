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

This module drives the browser; the book's pages and its HTML document are
``tools/pdf_book.py``'s, the repair of the Chinese text in the printed file is
``tools/pdf_text.py``'s.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# where the CJK font's radical map is kept (``tools/pdf_text.py``), beside the build's caches
CACHE_DIR = Path(os.environ.get("ATTN_CACHE_DIR", ROOT / ".cache")) / "pdf"

from tools.pdf_book import LANGS, book, document, page_url  # noqa: E402
from tools.pdf_text import fix_cjk_text, radical_map  # noqa: E402
from tools.sitebuild.site_finish import font_display  # noqa: E402

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
# How long one page (and the joined book) may take to load or to print, in milliseconds.
NAVIGATION_TIMEOUT_MS = 300_000
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


def _fonts_that_wait(route) -> None:
    """Serve the KaTeX stylesheet with ``font-display: block``.

    The site's faces are ``optional`` (``tools/sitebuild/site_finish.py``): a font
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
    # Playwright's 30 s default is too short for the joined book (every page and figure of a
    # language in one document) on a busy machine: a clean clone's tests at load 17 failed
    # with "Page.goto: Timeout 30000ms exceeded" on /__book__/zh.html. The caller limits the
    # whole print (the tests: 900 s).
    context.set_default_timeout(NAVIGATION_TIMEOUT_MS)
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
    BOOKS[book_path] = document(lang, config, parts, sections, print_css).encode("utf-8")
    # The formulas' fonts matter in the book only (the pages give their HTML, not their
    # look): routing a request turns off the browser's cache for every request, so the
    # pages load without it (their stylesheets and scripts from the cache) and the book
    # with it.
    page.route("**/katex/katex.min.css", _fonts_that_wait)
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
    fix_cjk_text(pdf, CACHE_DIR)
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


def print_languages(site: Path, out: Path, langs: list[str]) -> None:
    """Print ``langs`` one after the other, in one browser, from ``site`` served here."""
    from playwright.sync_api import sync_playwright

    httpd, base = _serve(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for lang in langs:
                manifest = print_language(browser, base, lang, out)
                size = (out / manifest["pdf"]).stat().st_size
                print(
                    f"{out / manifest['pdf']}: {len(manifest['pages'])} pages of the site, "
                    f"{manifest['figures']} figures, {size / 1e6:.1f} MB",
                    flush=True,
                )
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


def main(argv: list[str] | None = None) -> int:
    """Print both languages' PDFs from a built site.

    With several languages and ``--jobs`` above 1 (the default: one per language), each
    language is printed by its own process (its own server and browser), at the same time:
    loading a page and printing a book each keep about one core busy, so on two cores the
    books print side by side instead of one after the other. ``--jobs 1`` prints them in
    turn, in one browser.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site")
    parser.add_argument("--out", type=Path, default=ROOT / "pdf", help="where the PDFs go")
    parser.add_argument("--lang", choices=sorted(LANGS), action="append", help="default: both")
    parser.add_argument(
        "--jobs", type=int, default=len(LANGS), help="languages printed at once (default: all)"
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"{args.site}: no built site; run `make build` first")
    langs = args.lang or list(LANGS)
    if args.jobs <= 1 or len(langs) == 1:
        print_languages(args.site, args.out, langs)
        return 0
    radical_map(CACHE_DIR)  # read from the font once, for every language's process
    # one process per language (a browser each), ``args.jobs`` at a time
    script = [sys.executable, str(Path(__file__).resolve()), "--site", str(args.site)]
    failed = []
    for start in range(0, len(langs), args.jobs):
        batch = langs[start : start + args.jobs]
        procs = {
            lang: subprocess.Popen(
                [*script, "--out", str(args.out), "--lang", lang, "--jobs", "1"],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for lang in batch
        }
        for lang, proc in procs.items():
            output, _ = proc.communicate()
            print(output, end="", flush=True)
            if proc.returncode != 0:
                failed.append(f"{lang}: exit status {proc.returncode}")
    if failed:
        raise SystemExit("printing failed: " + "; ".join(failed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
