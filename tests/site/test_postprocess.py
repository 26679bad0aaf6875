"""The repairs applied to rendered notebook pages."""

from __future__ import annotations

import pytest
from mkdocs.structure.toc import get_toc

from tools.sitebuild import postprocess as pp

PAGE = (
    '<h1 id="">非参数注意力汇聚<a class="anchor-link" href="#">¶</a></h1>'
    '<h2 id="">数据<a class="anchor-link" href="#">¶</a></h2>'
    '<h2 id="">数据<a class="anchor-link" href="#">¶</a></h2>'
    '<h2 id="">用 <code>bmm</code> 相乘<a class="anchor-link" href="#">¶</a></h2>'
)


def toc_for(*titles):
    return get_toc(
        [{"level": 2, "id": f"_{i}", "name": t, "children": []} for i, t in enumerate(titles)]
    )


def test_chinese_headings_get_unique_unicode_ids():
    html, headings = pp.fix_heading_ids(PAGE)
    assert [h[1] for h in headings] == ["非参数注意力汇聚", "数据", "数据_1", "用-bmm-相乘"]
    assert 'id=""' not in html
    assert '<a class="headerlink" href="#数据_1"' in html


def test_toc_follows_the_headings_even_when_code_spans_were_dropped():
    _, headings = pp.fix_heading_ids(PAGE)
    toc = toc_for("非参数注意力汇聚", "数据", "数据", "用  相乘")
    pp.fix_toc(toc, headings)
    assert [item.id for item in toc] == ["非参数注意力汇聚", "数据", "数据_1", "用-bmm-相乘"]


def test_toc_entry_without_heading_is_an_error():
    _, headings = pp.fix_heading_ids(PAGE)
    with pytest.raises(ValueError, match="不存在"):
        pp.fix_toc(toc_for("不存在"), headings)


def test_scripts_from_other_hosts_and_stubs_are_removed():
    html = (
        '<script src="https://cdn.example.org/mermaid.js"></script>'
        '<script src=""></script>'
        '<script type="text/x-mathjax-config">MathJax.Hub.Config({})</script>'
        '<script type="module">import("https://cdn.jsdelivr.net/npm/mermaid")</script>'
        '<script src="../assets/local.js"></script>'
        "<script>console.log(1)</script>"
    )
    assert pp.strip_scripts(html) == (
        '<script src="../assets/local.js"></script><script>console.log(1)</script>'
    )


def test_inline_styles_move_to_one_named_stylesheet():
    html, css = pp.extract_styles("<style>a{}</style><p>x</p><style>b{}</style>")
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
    html = "<p>中文\n换行，\n继续 and\nEnglish</p><pre>代码\n换行</pre><p>再\n来</p>"
    assert pp.join_cjk_lines(html) == (
        "<p>中文换行，继续 and\nEnglish</p><pre>代码\n换行</pre><p>再来</p>"
    )
