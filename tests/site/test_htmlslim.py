"""htmlslim: fewer bytes, the same page for the browser."""

from __future__ import annotations

import re

from tools.sitebuild.htmlslim import slim

PAGE = (
    "<body>\n    <div>\n\n      <p>one   two\n        three</p>\n    </div>\n"
    "<pre>keep\n    this\n\n  indent</pre>\n  <code>a\n   b</code>\n"
    "<textarea>\n  typed\n</textarea><script>\n  let x = 1;\n</script>"
    "<style>\n  p { }\n</style>\n</body>"
)


def test_whitespace_with_a_line_break_becomes_one_line_break_outside_preformatted_text():
    out = slim(PAGE)
    assert out.startswith("<body>\n<div>\n<p>one   two\nthree</p>\n</div>\n<pre>")
    assert len(out) < len(PAGE)


def test_what_the_browser_shows_is_the_same():
    keep = re.compile(r"<(pre|code|textarea|script|style)\b.*?</\1>", re.S)
    assert [m.group(0) for m in keep.finditer(slim(PAGE))] == [
        m.group(0) for m in keep.finditer(PAGE)
    ]

    def rendered(html: str) -> str:  # outside preformatted text, any whitespace run is a space
        return re.sub(r"\s+", " ", keep.sub("", html))

    assert rendered(slim(PAGE)) == rendered(PAGE)


def test_an_anchor_loses_its_name_only_when_it_repeats_the_id():
    same = '<a id="__codelineno-0-1" name="__codelineno-0-1" href="#x"></a>'
    other = '<a id="a" name="b"></a>'
    assert slim(same) == '<a id="__codelineno-0-1" href="#x"></a>'
    assert slim(other) == other
    # code lines are inside <pre>: the anchors there are slimmed too
    assert slim(f"<pre>{same}x</pre>") == '<pre><a id="__codelineno-0-1" href="#x"></a>x</pre>'


def test_slimming_twice_changes_nothing():
    assert slim(slim(PAGE)) == slim(PAGE)
