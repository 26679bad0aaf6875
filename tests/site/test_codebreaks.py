"""codebreaks: <wbr> where inline code may break, and nothing else changes."""

from __future__ import annotations

import pytest

from tools.sitebuild.codebreaks import MIN_CHARS, mark

PAGE = (
    "<h2><code>attention_tutorial.local_linear_regression</code></h2>"
    "<p>Call <code>x_test.repeat_interleave(n_train)</code> or "
    "<code>torch.sort</code>; see <code>docs/zh/handbook/repeat.py</code>.</p>"
    '<pre><code class="language-python">x_test.repeat_interleave(n_train).reshape(-1)</code></pre>'
    "<script>const s = '<code>nadaraya_watson_chunked(q, k, v)</code>';</script>"
    "<style>code{color:red}</style>"
)


def test_only_wbr_is_added():
    out = mark(PAGE)
    assert out != PAGE
    assert out.replace("<wbr>", "") == PAGE  # what a reader copies or searches is unchanged


def test_preformatted_script_and_style_stay_as_they_are():
    out = mark(PAGE)
    for element in ("<pre>", "<script>", "<style>"):
        start = PAGE.index(element)
        end = PAGE.index("</" + element[1:], start)
        assert PAGE[start:end] in out, element


def test_a_heading_breaks_before_dots_but_never_after_underscores():
    heading = mark(PAGE).split("</h2>")[0]
    assert heading == "<h2><code>attention_tutorial<wbr>.local_linear_regression</code>"


def test_a_file_suffix_and_short_code_stay_whole():
    out = mark(PAGE)
    assert "<code>docs/<wbr>zh/<wbr>handbook/<wbr>repeat.py</code>" in out
    assert "<code>torch.sort</code>" in out  # shorter than MIN_CHARS: the column widens
    assert len("torch.sort") < MIN_CHARS


@pytest.mark.parametrize(
    "code",
    ["<code>x_test.repeat_interleave(n_train)</code>", PAGE],
)
def test_marking_twice_changes_nothing(code):
    assert mark(mark(code)) == mark(code)


def test_code_with_attributes_or_markup_inside_is_not_touched():
    # only inline code as Markdown writes it: highlighted or annotated code keeps its markup
    for code in (
        '<code class="highlight">x_test.repeat_interleave(n_train)</code>',
        "<code><span>x_test</span>.repeat_interleave(n_train)</code>",
    ):
        assert mark(code) == code
