"""The repairs applied to rendered notebook pages, on the parsed tree."""

from __future__ import annotations

import base64

import pytest
from bs4 import BeautifulSoup, SoupStrainer
from mkdocs.structure.toc import get_toc

from tools.sitebuild import page_repairs as pp
from tools.sitebuild.html_tree import has_class, parse, reference_serialize, serialize

PAGE = (
    '<h1 id="">非参数注意力汇聚<a class="anchor-link" href="#">¶</a></h1>'
    '<h2 id="">数据<a class="anchor-link" href="#">¶</a></h2>'
    '<h2 id="">数据<a class="anchor-link" href="#">¶</a></h2>'
    '<h2 class="x" id="">用 <code>bmm</code> 相乘<a href="#" class="anchor-link">¶</a></h2>'
)


def repaired(html: str, repair, *args):
    tree = parse(html)
    result = repair(tree, *args)
    return serialize(tree), result


def toc_for(*titles):
    return get_toc(
        [{"level": 2, "id": f"_{i}", "name": t, "children": []} for i, t in enumerate(titles)]
    )


def test_an_untouched_tree_gives_back_its_input_byte_for_byte():
    html = (
        '<div class="a  b" data-x="1">\n\n    \n  <p>A &amp; &quot;b&quot; &#39;c&#39; é &para;'
        '<br><img src="a" alt=""><hr /><br/></p></div>\n   '
        "<script>if (a<b && c) {}</script><pre>x &lt; y\n\n</pre>"
        '<svg viewBox="0 0 1 1"><path d="M0"></path></svg>'
        '<a href="x?a=1&amp;b=&quot;2">t</a>'
    )
    assert serialize(parse(html)) == html


# Every kind of node the pages hold: a doctype, comments, CDATA-like script and style
# text, void elements written three ways, an empty element that is not void, attributes
# without a value, namespaced SVG attributes, references in text and attributes, nesting.
KINDS = (
    '<!DOCTYPE html>\n<html lang="zh"><head><meta charset="utf-8">'
    "<style>a > b { content: '&amp;' }</style><script>if (a<b) {}</script></head>"
    '<body><!-- a comment --><div hidden data-x="a&amp;b" class="c  d">'
    "<input disabled><br><br/><hr /><span></span><p>x &lt; y &#39;z&#39; &para;</p>"
    '<svg viewBox="0 0 1 1" xmlns:xlink="http://www.w3.org/1999/xlink">'
    '<use xlink:href="#a"></use><path d="M0"></path></svg>'
    + "<div><span>" * 40
    + "deep"
    + "</span></div>" * 40
    + "<pre>  kept\n\n   </pre><textarea>a &amp; b</textarea></div>\n"
)
BODY = KINDS.split("<body>")[1]
KINDS += "</body></html>\n"


def test_serialize_writes_what_beautifulsoup_writes():
    """The plain walk of ``serialize`` and BeautifulSoup's ``decode`` agree, edited trees too."""
    tree = parse(KINDS)
    assert serialize(tree) == reference_serialize(tree)
    for fragment in (
        PAGE,
        BODY.replace(" hidden", ' hidden=""').replace(" disabled", ' disabled=""'),
    ):
        assert serialize(parse(fragment)) == fragment  # (an attribute without value gets "")
    tree = parse(PAGE + BODY)
    pp.fix_heading_ids(tree)
    tree.find("span").unwrap()
    tree.find("br").decompose()
    tree.find("p").append(tree.new_tag("img", attrs={"src": 'a"b&c', "alt": ""}))
    tree.find("p")["data-y"] = None
    assert serialize(tree) == reference_serialize(tree)
    assert serialize(tree.find("svg")) == reference_serialize(tree.find("svg"))


def test_serialize_searches_no_tag_for_its_closing_slash(monkeypatch):
    """Writing a tag looks nothing up in the tree (``getattr(tag, x)`` searched a child ``<x>``).

    The formatter asked each tag for its ``void_close`` with ``getattr``; a tag without
    it searched its descendants for an element of that name: two thirds of the time the
    pages took to serialize.
    """
    tree = parse(KINDS)
    expected = reference_serialize(tree)

    def no_search(self, *args, **kwargs):
        raise AssertionError("serialize searched the tree")

    monkeypatch.setattr(type(tree.find("div")), "find", no_search)
    assert serialize(tree) == expected


def test_chinese_headings_get_unique_unicode_ids():
    html, headings = repaired(PAGE, pp.fix_heading_ids)
    assert [h[1] for h in headings] == ["非参数注意力汇聚", "数据", "数据_1", "用-bmm-相乘"]
    assert 'id=""' not in html
    assert '<h2 id="数据_1"><a' not in html
    assert '<a class="headerlink" href="#数据_1" title="Permanent link">¶</a>' in html
    # the id comes first, the heading's other attributes follow in their order
    assert '<h2 id="用-bmm-相乘" class="x">' in html
    assert headings[3][0] == ("用 bmm 相乘", "用 相乘")


def test_toc_follows_the_headings_even_when_code_spans_were_dropped():
    _, headings = repaired(PAGE, pp.fix_heading_ids)
    toc = toc_for("非参数注意力汇聚", "数据", "数据", "用  相乘")
    pp.fix_toc(toc, headings)
    assert [item.id for item in toc] == ["非参数注意力汇聚", "数据", "数据_1", "用-bmm-相乘"]


def test_toc_entry_without_heading_is_an_error():
    _, headings = repaired(PAGE, pp.fix_heading_ids)
    with pytest.raises(ValueError, match="不存在"):
        pp.fix_toc(toc_for("不存在"), headings)


def test_scripts_from_other_hosts_and_stubs_are_removed():
    html = (
        '<script src="https://cdn.example.org/mermaid.js"></script>'
        '<script src=""></script>'
        '<script type="text/x-mathjax-config">MathJax.Hub.Config({})</script>'
        '<script type="module">const m = (await import("https://cdnjs.cloudflare.com/m.mjs"));'
        " mermaid.initialize({})</script>"
        '<script src="../assets/local.js"></script>'
        '<script>const ns = "http://www.w3.org/2000/svg"; // mermaid</script>'
        "<script>console.log(1)</script>"
    )
    assert repaired(html, pp.strip_scripts)[0] == (
        '<script src="../assets/local.js"></script>'
        '<script>const ns = "http://www.w3.org/2000/svg"; // mermaid</script>'
        "<script>console.log(1)</script>"
    )


def test_inline_styles_move_to_one_named_stylesheet():
    html, css = repaired("<style>a{}</style><p>x</p><style> b{} </style>", pp.extract_styles)
    assert html == "<p>x</p>" and css == "a{}\nb{}\n"
    assert pp.css_name(css) == pp.css_name("a{}\nb{}\n") != pp.css_name("c{}\n")


@pytest.mark.parametrize(
    ("url", "external"),
    [
        ("https://a.b/c.js", True),
        ("//a.b/c.css", True),
        ("HTTP://x", True),
        ("../a.js", False),
        ("/assets/x.png", False),
        ("data:image/png;base64,AA", False),
    ],
)
def test_is_external(url, external):
    assert pp.is_external(url) is external


def test_line_breaks_inside_chinese_text_are_removed_outside_code():
    html = (
        "<p>中文\n换行，\n继续 and\nEnglish</p><pre>代码\n换行</pre>"
        "<p>再\n<em>来</em>，\n<code>代\n码</code></p>"
        "<p>仍趋于无穷，\nNadaraya-Watson 估计。\nSGD 学到的 w\n（见上）</p><pre>a，\nb</pre>"
    )
    assert repaired(html, pp.join_cjk_lines)[0] == (
        "<p>中文换行，继续 and\nEnglish</p><pre>代码\n换行</pre>"
        "<p>再\n<em>来</em>，<code>代码</code></p>"
        "<p>仍趋于无穷，Nadaraya-Watson 估计。SGD 学到的 w（见上）</p><pre>a，\nb</pre>"
    )


def test_links_between_pages_are_resolved_whatever_the_attribute_order():
    html = '<a href="x.py#a">x</a><a title="t" href="https://a.b/">b</a><a>none</a>'
    out, _ = repaired(html, pp.rewrite_links, lambda h: "../x/#a" if h.endswith("#a") else None)
    assert out == '<a href="../x/#a">x</a><a title="t" href="https://a.b/">b</a><a>none</a>'


def test_inlined_figures_become_files_named_by_content():
    png = base64.b64encode(b"\x89PNG fake").decode()
    svg = base64.b64encode(b"<svg/>").decode()
    html = (
        f'<img alt="fig" src="data:image/png;base64,{png}" class="c">'
        f'<img src="data:image/svg+xml;base64,{svg}"><img src="kept.png">'
    )
    out, files = repaired(html, pp.extract_images, lambda name: f"../{name}")
    names = sorted(files)
    assert [n.rsplit(".", 1)[1] for n in names] == ["png", "svg"]
    assert files[names[0]] == b"\x89PNG fake" and files[names[1]] == b"<svg/>"
    # loading and src take the place of the data URI, the other attributes stay
    assert f'<img alt="fig" loading="lazy" src="../{names[0]}" class="c">' in out
    assert out.endswith('<img src="kept.png">')


def test_copy_button_icons_become_one_css_drawn_span():
    html = (
        '<button><svg class="clipboard-copy-icon" aria-hidden="true" viewBox="0 0 16 16">'
        '<path d="M0"></path></svg></button><svg class="other"></svg>'
    )
    assert repaired(html, pp.slim_copy_buttons)[0] == (
        '<button><span aria-hidden="true" class="clipboard-copy-icon"></span></button>'
        '<svg class="other"></svg>'
    )


# mkdocs-jupyter's template, as it wrote every notebook code cell's copy button
CLIPBOARD_COPY = (
    '<clipboard-copy for="cell-1" aria-label="Copy to Clipboard" ,="">'
    '<div><span class="notice" hidden="">Copied!</span></div></clipboard-copy>'
)


@pytest.mark.parametrize(
    ("lang", "label", "notice"), [("zh", "复制", "已复制"), ("en", "Copy to clipboard", "Copied!")]
)
def test_a_code_cells_copy_button_speaks_the_pages_language(lang, label, notice):
    out = repaired(CLIPBOARD_COPY, pp.slim_copy_buttons, lang)[0]
    assert out == (
        f'<clipboard-copy for="cell-1" aria-label="{label}">'
        f'<div><span class="notice" hidden="">{notice}</span></div></clipboard-copy>'
    )
    assert ',=""' not in out


def test_offline_pages_lose_their_hreflang_links_and_nothing_else():
    page = (
        "<!doctype html>\n<html><head>\n"
        '    <link rel="canonical" href="x">\n'
        '    <link href="../" hreflang="zh" rel="alternate">\n'
        '    <link rel="alternate" href="./" hreflang="en">\n'
        '    <meta charset="utf-8"></head><body></body></html>'
    )
    assert pp.drop_alternate_links(page) == (
        '<!doctype html>\n<html><head>\n    <link rel="canonical" href="x">\n'
        '    <meta charset="utf-8"></head><body></body></html>'
    )


def test_only_notebook_token_spans_that_no_stylesheet_names_are_unwrapped():
    html = (
        '<div class="highlight-ipynb hl-python"><pre><span class="n">w</span> '
        '<span class="o">=</span> <span class="n">torch</span><span class="o">.</span>'
        '<span class="n">ones</span><span class="p">(</span><span class="mi">1</span>'
        '<span class="p">)</span>  <span class="c1"># start</span>'
        '<span class="n x">a</span><span class="n" title="t">b</span></pre></div>'
        '<div class="highlight"><pre><span class="n">kept</span></pre></div>'
    )
    out, count = repaired(html, pp.unwrap_plain_tokens, {"o", "p", "mi", "c1"})
    assert count == 3
    assert out.startswith(
        '<div class="highlight-ipynb hl-python"><pre>w <span class="o">=</span> torch'
        '<span class="o">.</span>ones<span class="p">(</span><span class="mi">1</span>'
    )
    # spans with more classes or attributes, and code outside notebook cells, stay
    assert '<span class="n x">a</span><span class="n" title="t">b</span>' in out
    assert out.endswith('<div class="highlight"><pre><span class="n">kept</span></pre></div>')
    assert parse(out).get_text() == parse(html).get_text()


def test_class_names_reads_selectors_not_declarations():
    css = ".jupyter-wrapper .jp-Cell{margin:.5em 0}@media (max-width:.1px){.x:hover>.y{a:b}}"
    assert pp.class_names(css) == {"jupyter-wrapper", "jp-Cell", "x", "y"}


def test_an_ellipsis_stays_on_the_line_of_the_word_before_it():
    tree = parse(
        '<h2 id="x">input of size …</h2><p><code>dimension …</code>.</p><pre>size …</pre><p>a…b</p>'
        '<div class="clipboard-copy-txt" id="cell-1"># tensor a (…) … b</div>'
    )
    pp.keep_ellipses_attached(tree)
    out = serialize(tree)
    assert '<h2 id="x">input of size\u00a0…</h2>' in out  # the id is left as it was
    assert "<code>dimension\u00a0…</code>" in out
    assert "<pre>size …</pre>" in out  # program output is shown as printed
    assert "<p>a…b</p>" in out
    # what a copy button copies is the code as written (CI59: "(…)\u00a0…" was copied)
    assert '<div class="clipboard-copy-txt" id="cell-1"># tensor a (…) … b</div>' in out


@pytest.mark.build
def test_the_built_notebook_pages_copy_buttons_speak_their_language(site) -> None:
    """Every code cell's <clipboard-copy> on the built pages: 复制 / 已复制 on zh, English on
    en, and no stray ``,=""`` attribute (mkdocs-jupyter wrote "Copy to Clipboard" everywhere)."""
    for lang, prefix, label, notice in [
        ("zh", "", "复制", "已复制"),
        ("en", "en/", "Copy to clipboard", "Copied!"),
    ]:
        html = (site / prefix / "cues" / "index.html").read_text()
        buttons = parse(html).find_all("clipboard-copy")
        assert buttons, lang
        assert ',=""' not in html, lang
        for button in buttons:
            assert button["aria-label"] == label, (lang, button)
            assert button.find(class_="notice").get_text() == notice, (lang, button)


LINKS_AND_LABELS = SoupStrainer(["a", "label"])


@pytest.mark.build
def test_every_built_page_names_its_permalinks_and_navigation_toggles(site) -> None:
    """A heading's permalink (``a.headerlink``) is titled 永久链接 on every Chinese page and
    "Permanent link" on every English one, Markdown and notebook pages alike (review round 19:
    the zh handbook pages' links read "Permanent link" aloud); every focusable toggle of the
    navigation has a name, its text or its section's (review round 28: the handbook's and the
    API reference's toggles held only an icon)."""
    checked = {"zh": 0, "en": 0}
    named_toggles = 0
    for page in site.rglob("index.html"):
        rel = page.relative_to(site).as_posix()
        lang = "en" if rel.startswith("en/") else "zh"
        if rel.startswith(("assets/", "en/assets/")):
            continue
        # only the links and labels, whole (what they hold included), are made into a tree:
        # the checks read nothing else, and the whole page's tree took 2.5 times as long
        tree = BeautifulSoup(
            page.read_text(),
            "html.parser",
            parse_only=LINKS_AND_LABELS,
            multi_valued_attributes=None,
        )
        links = [a for a in tree.find_all("a") if has_class(a, "headerlink")]
        assert {a.get("title") for a in links} <= {pp.PERMALINK_TITLES[lang]}, rel
        checked[lang] += bool(links)
        for label in tree.find_all("label", tabindex=True):
            assert label.get_text(strip=True), f"{rel}: a focusable label with no name: {label}"
            named_toggles += label.find("span", class_="attn-sr") is not None
    assert checked["zh"] > 40 and checked["en"] > 40, checked
    assert named_toggles > 0  # the sections with index pages exist
