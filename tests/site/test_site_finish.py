"""The page-weight steps of the build, on small inputs (no site build; node renders formulas)."""

from __future__ import annotations

import gzip
import json
import struct
import zlib

import pytest
from bs4 import BeautifulSoup

from tools.sitebuild import assets, cssprune, imagesize, mathrender, pageweight, site_finish

# --- formulas rendered at build time ---------------------------------------------------

NOTEBOOK = (
    '<div class="jp-Cell jp-MarkdownCell"><div class="jp-RenderedMarkdown">'
    "<p>Weights $\\alpha(x, x_i)$ sum to one:</p>"
    "<p>$$\\sum_{i=1}^{n} \\alpha_i = 1 .$$</p>"
    "<p>and <code>$not math$</code>, costs &lt; $a &lt; b$</p>"
    "</div></div>"
    '<div class="jp-Cell jp-CodeCell"><pre>print("$x$")</pre><p>$y$ in an output</p></div>'
)


def test_find_math_takes_markdown_cells_and_skips_code_and_outputs():
    found = [(f.tex, f.display) for f in mathrender.find_math(NOTEBOOK)]
    assert found == [
        ("\\alpha(x, x_i)", False),
        ("\\sum_{i=1}^{n} \\alpha_i = 1 .", True),
        ("a < b", False),
    ]


def test_find_math_takes_arithmatex_elements_unescaped():
    page = (
        '<p><span class="arithmatex">\\(q &amp; k\\)</span></p>'
        '<div class="arithmatex">\\[\n f(x) = \\sum_i y_i\n\\]</div>'
    )
    found = mathrender.find_math(page)
    assert [(f.tex, f.display, f.tag) for f in found] == [
        ("q & k", False, "span"),
        ("f(x) = \\sum_i y_i", True, "div"),
    ]


def test_replace_math_keeps_everything_else_byte_for_byte():
    formulas = mathrender.find_math(NOTEBOOK)
    out = mathrender.replace_math(NOTEBOOK, formulas, ["A", "B", "C"])
    assert out == NOTEBOOK.replace("$\\alpha(x, x_i)$", "A").replace(
        "$$\\sum_{i=1}^{n} \\alpha_i = 1 .$$", "B"
    ).replace("$a &lt; b$", "C")
    with pytest.raises(ValueError, match="3 formulas but 2 rendered"):
        mathrender.replace_math(NOTEBOOK, formulas, ["A", "B"])


def test_short_inline_formulas_stay_on_one_line_with_their_punctuation():
    long = "\\alpha_1 + \\alpha_2 + \\alpha_3 + \\alpha_4 + \\alpha_5"
    assert len(long) > mathrender.GLUE_MAX_TEX
    page = (
        '<div class="jp-MarkdownCell">'
        f"<p>“$w$”（$h$）：$${long}$$。${long}$，$a$ 与 $b$</p>"
        '</div><p>(<span class="arithmatex">\\(x\\)</span>).</p>'
    )
    formulas = mathrender.find_math(page)
    out = mathrender.replace_math(page, formulas, ["W", "H", "D", "L", "A", "B", "X"])
    x = '<span class="attn-nobr">(<span class="arithmatex">X</span>)</span>'
    assert out == (
        '<div class="jp-MarkdownCell"><p><span class="attn-nobr">“W”</span>'
        '<span class="attn-nobr">（H）</span>：D。L，A 与 B</p>'
        f"</div><p>{x}.</p>"
    )


@pytest.fixture(scope="module")
def katex():
    renderer = mathrender.KatexRenderer()
    yield renderer
    renderer.close()


def test_render_math_leaves_no_tex_and_gives_katex_with_mathml(katex):
    out = mathrender.render_math(NOTEBOOK, katex)
    # no TeX left, not even as the MathML's annotation (katex_server.cjs drops it)
    assert "\\alpha" not in out and "\\sum" not in out and "<annotation" not in out
    assert 'xmlns="http://www.w3.org/1998/Math/MathML"' not in out
    assert out.count('class="katex"') == 3
    assert out.count('class="katex-display"') == 1
    # the display formula's last child is its end marker; inline formulas have none
    # (extra.css shows a display formula once the parser has reached it)
    display = BeautifulSoup(out, "html.parser").select_one(".katex-display")
    assert [child.get("class") for child in display.children] == [["katex"], ["attn-math-end"]]
    assert out.count("attn-math-end") == 1
    assert "<math" in out  # MathML for screen readers
    assert "<code>$not math$</code>" in out and 'print("$x$")' in out and "$y$ in an output" in out


def test_render_math_fails_loudly_naming_the_bad_formula(katex):
    with pytest.raises(ValueError, match=r"\\frac\{1"):
        mathrender.render_math('<span class="arithmatex">\\(\\frac{1\\)</span>', katex)
    # the process survives a bad formula
    assert "katex" in mathrender.render_math('<span class="arithmatex">\\(x\\)</span>', katex)


# --- CSS pruning -----------------------------------------------------------------------

CSS = """
:root { --jp-used: 1px; --jp-chain: var(--jp-used); --jp-unused: 2px; }
.jp-Cell { margin: var(--jp-chain); }
.jp-Unused, .jp-Cell > pre { color: red; }
.jp-Dialog .jp-Cell { color: blue; }
.jp-Cell:not(.jp-Missing):hover::before { content: "x"; }
[data-jp-theme-light="false"] .jp-Cell { color: white; }
@media (max-width: 600px) { .jp-Unused { display: none; } .jp-Cell { padding: 0; } }
@font-face { font-family: Used; src: url(u.woff2); }
@font-face { font-family: Gone; src: url(g.woff2); }
p { font-family: Used, serif; }
@keyframes spin { to { transform: rotate(1turn); } }
@keyframes unused { to { opacity: 0; } }
.jp-Cell { animation: spin 1s; }
"""
PAGES = ['<div class="jp-Cell"><pre>x</pre><p>y</p></div>']


def test_prune_keeps_matching_selectors_media_and_what_they_use():
    out = cssprune.prune(CSS, cssprune.used_names(PAGES))
    assert ".jp-Cell>pre{color:red}" in out.replace(" > ", ">")
    assert ".jp-Unused" not in out and ".jp-Dialog" not in out
    assert ":not(.jp-Missing):hover::before" in out
    assert '[data-jp-theme-light="false"] .jp-Cell' in out
    assert "@media (max-width: 600px){.jp-Cell{padding:0}}" in out
    assert "--jp-used:1px" in out and "--jp-chain:var(--jp-used)" in out
    assert "--jp-unused" not in out
    assert "u.woff2" in out and "g.woff2" not in out
    assert "@keyframes spin" in out and "unused" not in out


def test_prune_of_everything_used_changes_no_declaration():
    css = ".a{color:red}.a .b{margin:0 1px!important}@media print{.b{display:none}}"
    used = cssprune.used_names(['<p class="a"><i class="b">x</i></p>'])
    assert (
        cssprune.prune(css, used)
        == ".a{color:red}.a .b{margin:0 1px!important}@media print{.b{display:none}}"
    )


def test_selector_can_match_requires_tags_ids_and_classes():
    used = cssprune.UsedNames(classes={"a"}, ids={"top"}, tags={"p", "div"})
    assert cssprune.selector_can_match("div#top > p.a", used)
    assert not cssprune.selector_can_match("#other", used)
    assert not cssprune.selector_can_match("table.a", used)
    assert cssprune.selector_can_match("*", used)


# --- shared assets ---------------------------------------------------------------------


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def test_dedupe_removes_identical_english_assets_and_repoints_pages(tmp_path):
    write(tmp_path / "assets/app.js", "same")
    write(tmp_path / "assets/only-zh.css", "zh")
    write(tmp_path / "assets/differs.css", "zh version")
    write(tmp_path / "en/assets/app.js", "same")
    write(tmp_path / "en/assets/differs.css", "en version")
    write(
        tmp_path / "en/x/index.html",
        '<script src="../assets/app.js"></script><link href="../assets/differs.css">'
        '<script id="__config">{"search": "../assets/app.js"}</script>',
    )
    write(tmp_path / "en/index.html", '<script src="assets/app.js"></script>')
    moved = assets.dedupe(tmp_path)
    assert moved == {"en/assets/app.js": "assets/app.js"}
    assert not (tmp_path / "en/assets/app.js").exists()
    assert (tmp_path / "en/assets/differs.css").read_text() == "en version"
    page = (tmp_path / "en/x/index.html").read_text()
    assert page.count('"../../assets/app.js"') == 2 and '"../assets/differs.css"' in page
    assert (tmp_path / "en/index.html").read_text() == '<script src="../assets/app.js"></script>'


def test_rename_by_content_updates_every_reference(tmp_path):
    write(tmp_path / "assets/stylesheets/notebook.0123456789.css", "p{}")
    write(tmp_path / "a/index.html", '<link href="../assets/stylesheets/notebook.0123456789.css">')
    new = assets.rename_by_content(tmp_path, "assets/stylesheets/notebook.0123456789.css")
    assert new == assets.content_name(new, b"p{}") != "assets/stylesheets/notebook.0123456789.css"
    assert (tmp_path / new).read_text() == "p{}"
    assert (tmp_path / "a/index.html").read_text() == f'<link href="../{new}">'


def test_finalize_prunes_css_drops_unused_fonts_and_compacts_the_index(tmp_path):
    write(
        tmp_path / "index.html",
        '<head><link href="assets/stylesheets/notebook.0123456789.css"></head>'
        '<p class="katex">x</p>',
    )
    write(
        tmp_path / "assets/stylesheets/notebook.0123456789.css",
        ".katex{color:red}.jp-X{color:blue}",
    )
    write(
        tmp_path / "assets/katex/katex.min.css",
        "@font-face{font-family:KaTeX_Main;font-display:block;src:url(fonts/Main.woff2)}"
        "@font-face{font-family:KaTeX_AMS;font-display:block;src:url(fonts/AMS.woff2)}"
        ".katex{font:normal 1.21em KaTeX_Main,serif}.amsrm{font-family:KaTeX_AMS}",
    )
    write(tmp_path / "assets/katex/fonts/Main.woff2", b"m" * 10)
    write(tmp_path / "assets/katex/fonts/AMS.woff2", b"a" * 10)
    write(
        tmp_path / "search/search_index.json", json.dumps({"docs": [{"text": "注意力"}]}, indent=2)
    )
    saved = site_finish.finalize(tmp_path)
    # preloaded and optional: a font that misses the first paint moves no line later
    katex = (tmp_path / "assets/katex/katex.min.css").read_text()
    assert "font-display:optional" in katex and "block" not in katex
    sheets = list((tmp_path / "assets/stylesheets").glob("notebook.*.css"))
    assert [s.read_text() for s in sheets] == [".katex{color:red}"]
    assert sheets[0].name in (tmp_path / "index.html").read_text()
    assert sorted(p.name for p in (tmp_path / "assets/katex/fonts").iterdir()) == ["Main.woff2"]
    assert (
        '<link rel="preload" href="assets/katex/fonts/Main.woff2" as="font"'
        in (tmp_path / "index.html").read_text()
    )
    assert (tmp_path / "search/search_index.json").read_text() == '{"docs":[{"text":"注意力"}]}'
    assert saved["katex"] > 10 and saved["notebook_css"] > 0 and saved["search_index"] > 0


def test_offline_keeps_katex_fonts_blocking_and_preloads_nothing(tmp_path):
    write(tmp_path / "index.html", '<head></head><p class="katex">x</p>')
    write(
        tmp_path / "assets/katex/katex.min.css",
        "@font-face{font-family:KaTeX_Main;font-display:block;src:url(fonts/Main.woff2)}"
        ".katex{font:normal 1.21em KaTeX_Main,serif}",
    )
    write(tmp_path / "assets/katex/fonts/Main.woff2", b"m" * 10)
    site_finish.finalize(tmp_path, preload=False)
    assert "font-display:block" in (tmp_path / "assets/katex/katex.min.css").read_text()
    assert "preload" not in (tmp_path / "index.html").read_text()


def small_site(root, page_en, page_zh):
    """Two languages sharing assets, a notebook stylesheet, KaTeX and a search worker."""
    css = ".katex{color:red}.jp-X{color:blue}.jp-Y{color:green}"
    worker = "a();" + site_finish.LUNR_EXPANSION + "b();"
    for prefix in ("", "en/"):
        write(root / prefix / "assets/stylesheets/notebook.0123456789.css", css)
        write(root / prefix / "assets/javascripts/workers/search.a7633da7.min.js", worker)
    write(
        root / "assets/katex/katex.min.css",
        "@font-face{font-family:KaTeX_Main;font-display:block;src:url(fonts/Main.woff2)}"
        ".katex{font:normal 1.21em KaTeX_Main,serif}",
    )
    write(root / "assets/katex/fonts/Main.woff2", b"m" * 10)
    write(root / "p/index.html", page_zh)
    write(root / "en/p/index.html", page_en)


PAGE = (
    '<head><link href="{up}assets/stylesheets/notebook.0123456789.css">'
    '<script>{{"search": "{up}assets/javascripts/workers/search.a7633da7.min.js"}}</script>'
    '</head><p class="jp-X"><span class="katex">{text}</span></p>'
)


def test_the_plan_finishes_a_page_again_as_finalize_did(tmp_path):
    en = PAGE.format(up="../", text="prose")
    small_site(tmp_path, en, PAGE.format(up="../", text="文字"))
    plan = site_finish.FinishPlan()
    site_finish.finalize(tmp_path, plan=plan)
    finished = (tmp_path / "en/p/index.html").read_text()
    # shared copies (../../assets), the patched worker, the pruned sheet, the font preload
    assert "../../assets/javascripts/workers/search." in finished
    assert "a7633da7.min.js" not in finished and "0123456789" not in finished
    assert 'rel="preload" href="../../assets/katex/fonts/Main.woff2"' in finished
    again, names = plan.finish("en/p/index.html", en)
    assert again == finished
    assert plan.names_unchanged("en/p/index.html", names)
    # an edited page: finished as a new finalize would finish it
    edited = PAGE.format(up="../", text="edited prose")
    mine, names = plan.finish("en/p/index.html", edited)
    assert plan.names_unchanged("en/p/index.html", names)
    fresh = tmp_path / "fresh"
    small_site(fresh, edited, PAGE.format(up="../", text="文字"))
    site_finish.finalize(fresh)
    assert mine == (fresh / "en/p/index.html").read_text()
    # a class no page used before would keep another rule of the stylesheet
    _, names = plan.finish("en/p/index.html", edited.replace("jp-X", "jp-X jp-Y"))
    assert not plan.names_unchanged("en/p/index.html", names)
    # what the build wrote before finalize moved or rewrote it leaves the site as it is
    original = b".katex{color:red}.jp-X{color:blue}.jp-Y{color:green}"
    sheet = "en/assets/stylesheets/notebook.0123456789.css"
    assert plan.unchanged(tmp_path, sheet, original)
    assert not plan.unchanged(tmp_path, sheet, original + b"p{}")
    assert plan.unchanged(tmp_path, "assets/katex/fonts/Main.woff2", b"m" * 10)
    assert not plan.unchanged(tmp_path, "assets/katex/fonts/New.woff2", b"n")


# --- image sizes -----------------------------------------------------------------------


def png(width, height):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk))
    )


def test_image_size_reads_png_headers_and_svg_sizes():
    assert imagesize.image_size(png(640, 480)) == (640, 480)
    svg = (
        b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="460.8pt" '
        b'height="345.6pt" viewBox="0 0 460.8 345.6">'
    )
    assert imagesize.image_size(svg) == (614, 461)
    assert imagesize.image_size(b'<svg viewBox="0 0 300 150">') == (300, 150)
    assert imagesize.image_size(b'<svg width="100%" height="100%">') is None
    assert imagesize.image_size(b"GIF89a") is None


def test_add_sizes_keeps_given_sizes_and_unknown_images():
    page = '<img src="a.png" loading="lazy"><img src="b.svg" width="3"><img src="c.png"/>'
    out = imagesize.add_sizes(page, {"a.png": (640, 480), "c.png": (1, 2)}.get)
    assert out == (
        '<img src="a.png" loading="lazy" width="640" height="480">'
        '<img src="b.svg" width="3"><img src="c.png" width="1" height="2"/>'
    )


# --- what a first visit downloads ------------------------------------------------------


def test_first_visit_counts_page_css_js_eager_images_and_needed_fonts(tmp_path):
    html = (
        '<link rel="stylesheet" href="../s.css"><link rel="icon" href="../i.png">'
        '<script src="../a.js"></script><script src="https://cdn.example/x.js"></script>'
        '<img src="../f/eager.png"><img loading="lazy" src="../f/lazy.png">'
        '<span class="katex">x</span>'
    )
    write(tmp_path / "p/index.html", html)
    write(
        tmp_path / "s.css",
        "@font-face{font-family:K;src:url(k.woff2)}@font-face{font-family:L;src:url(l.woff2)}.katex{font-family:K}.z{font-family:L}",
    )
    write(tmp_path / "k.woff2", b"k" * 100)
    write(tmp_path / "l.woff2", b"l" * 100)
    write(tmp_path / "i.png", b"i" * 10)
    write(tmp_path / "a.js", "var a = 1;" * 100)
    write(tmp_path / "f/eager.png", b"e" * 50)
    write(tmp_path / "f/lazy.png", b"z" * 50)
    got = {r.path: (r.raw, r.gzip) for r in pageweight.first_visit(tmp_path, "p/index.html")}
    assert set(got) == {"p/index.html", "s.css", "i.png", "a.js", "f/eager.png", "k.woff2"}
    assert got["a.js"] == (1000, len(gzip.compress(b"var a = 1;" * 100, 6, mtime=0)))
    assert got["k.woff2"] == (100, 100)  # fonts and PNGs are not compressed again


def test_first_visit_counts_the_search_index_unless_search_loads_on_demand(tmp_path):
    config = (
        '<script id="__config" type="application/json">{"base": "..", "search": "../w.js"}</script>'
    )
    form = '<form class="md-search__form" name="search"></form>'
    write(tmp_path / "p/index.html", form + config)
    write(
        tmp_path / "q/index.html", form + config + '<script src="../search-on-demand.js"></script>'
    )
    write(tmp_path / "w.js", "worker")
    write(tmp_path / "search-on-demand.js", "lazy")
    write(tmp_path / "search/search_index.json", "{}")
    eager = {r.path for r in pageweight.first_visit(tmp_path, "p/index.html")}
    lazy = {r.path for r in pageweight.first_visit(tmp_path, "q/index.html")}
    assert {"w.js", "search/search_index.json"} <= eager
    assert lazy == {"q/index.html", "search-on-demand.js"}


def test_the_search_worker_skips_expanded_terms_the_index_does_not_hold(tmp_path):
    workers = tmp_path / "assets" / "javascripts" / "workers"
    workers.mkdir(parents=True)
    code = "a();" + site_finish.LUNR_EXPANSION + "b();"
    (workers / "search.a7633da7.min.js").write_text(code, encoding="utf-8")
    page = tmp_path / "index.html"
    page.write_text('{"search": "assets/javascripts/workers/search.a7633da7.min.js"}', "utf-8")
    (renamed,) = site_finish.patch_search_worker(tmp_path)
    patched = (tmp_path / renamed).read_text(encoding="utf-8")
    assert site_finish.LUNR_EXPANSION_FIXED in patched and patched.startswith("a();")
    assert renamed in page.read_text(encoding="utf-8")  # the pages load the patched worker
    (workers / "search.b.min.js").write_text("other code", encoding="utf-8")
    with pytest.raises(ValueError, match="Material changed its search worker"):
        site_finish.patch_search_worker(tmp_path)
