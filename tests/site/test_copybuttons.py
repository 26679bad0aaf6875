"""tools/sitebuild/copybuttons.py: Material's copy buttons, written where Material puts them."""

from __future__ import annotations

from tools.sitebuild import copybuttons

CONFIG = (
    '<script id="__config" type="application/json">'
    '{"translations": {"clipboard.copy": "\\u590d\\u5236"}}</script>'
)


def page(body: str) -> str:
    return CONFIG + f'<div data-md-component="content">{body}</div>'


def targets(html: str) -> list[str]:
    return [
        part.split('"')[0].replace("&gt;", ">")
        for part in html.split('data-clipboard-target="')[1:]
    ]


def test_the_title_is_the_pages_language():
    out = copybuttons.prerender(page("<pre><code>x</code></pre>"))
    assert 'title="复制"' in out


def test_blocks_are_counted_in_order_unless_an_element_around_them_has_an_id():
    body = (
        "<pre><code>a</code></pre>"
        '<div id="cell-1"><pre><code>b</code></pre></div>'
        "<pre><code>c</code></pre>"
        '<pre id="own"><code>d</code></pre>'
        '<div id=""><pre><code>e</code></pre></div>'  # [id] matches an empty id too
    )
    assert targets(copybuttons.prerender(page(body))) == [
        "#__code_0 > code",
        "#__code_cell-1 > code",
        "#__code_1 > code",
        "#__code_own > code",
        "#__code_ > code",
    ]


def test_no_copy_blocks_get_none_but_still_count():
    body = (
        '<div class="no-copy"><pre><code>a</code></pre></div>'
        "<pre><code>b</code></pre>"
        '<pre class="mermaid"><code>graph</code></pre>'
    )
    assert targets(copybuttons.prerender(page(body))) == ["#__code_1 > code"]


def test_copy_blocks_are_left_to_material():
    """Material gives a `.copy` block its button whatever the features: no second one."""
    assert "md-code__nav" not in copybuttons.prerender(
        page('<div class="copy"><pre><code>a</code></pre></div>')
    )


def test_outside_the_article_and_pages_without_code_are_unchanged():
    outside = CONFIG + '<div class="md-footer"><pre><code>x</code></pre></div>'
    assert copybuttons.prerender(outside) == outside
    plain = page("<p>no code &amp; no change</p><pre>text</pre>")
    assert copybuttons.prerender(plain) == plain


def test_the_nav_goes_right_before_the_code():
    out = copybuttons.prerender(page("<pre><span></span><code>x = 1</code></pre>"))
    assert "<pre><span></span><nav" in out and "</nav><code>x = 1</code></pre>" in out
