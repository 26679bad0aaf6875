"""codebreaks: <wbr> where inline code may break, and nothing else changes."""

from __future__ import annotations

import re

import pytest

from tools.sitebuild.codebreaks import KEEP_CHARS, MIN_CHARS, mark

PAGE = (
    "<h2><code>attention_tutorial.local_linear_regression</code></h2>"
    "<p>Call <code>x_test.repeat_interleave(n_train)</code> or "
    "<code>torch.sort</code>.</p>"
    "<table><tr><td><code>docs/zh/handbook/repeat.py</code></td></tr></table>"
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


def test_prose_code_that_fits_a_phones_line_is_left_whole_and_a_table_cells_may_break():
    # the stylesheet keeps prose code whole unless it holds a <wbr> or is marked attn-wrap
    name = "torch.get_rng_state()"  # broke as torch | .get_rng_state() at 1280 px
    call = "plot_explorer_panels(data, w)"
    assert MIN_CHARS <= len(name) and len(call) <= KEEP_CHARS
    for code in (name, call):
        for prose in (f"<p>x <code>{code}</code></p>", f"<li><p><code>{code}</code></p></li>"):
            assert mark(prose) == prose
    assert "<wbr>" in mark("<td><code>values.unsqueeze(-1)</code></td>")  # a table's column
    assert "<wbr>" in mark("<h2><code>values.unsqueeze(-1)</code></h2>")  # a title: as before
    longer = "x_test.repeat_interleave(n_train)"
    assert len(longer) > KEEP_CHARS
    assert mark(f"<p><code>{longer}</code></p>") == (
        "<p><code>x_test<wbr>.repeat_interleave(n_train)</code></p>"
    )
    # longer, with no break point of its own: marked to wrap at its spaces
    command = "python -m pip install jupyterlab notebook"
    assert mark(f"<p><code>{command}</code></p>").startswith('<p><code class="attn-wrap">')


@pytest.mark.parametrize("header", ["Type", "类型"])
def test_a_type_cell_breaks_only_between_the_alternatives_of_a_union(header):
    # mkdocstrings' type cell: names in spans, brackets, commas and " | " as text
    cell = (
        '<code><span title="str">str</span> | <span title="M">Mapping</span>'
        '[<span title="str">str</span>, <span title="str">str</span>] | None</code>'
    )
    table = (
        f"<table><thead><tr><th>Name</th><th>{header}</th><th>Description</th></tr></thead>"
        f"<tbody><tr><td><code>alt</code></td><td>{cell}</td><td>a, b | c</td></tr></tbody></table>"
    )
    out = mark(table)
    assert (
        '<td><code><span title="str">str</span> | <span class="attn-nobr">'
        '<span title="M">Mapping</span>[<span title="str">str</span>, '
        '<span title="str">str</span>]</span> | None</code></td>'
    ) in out
    assert "<td>a, b | c</td>" in out  # another column: as it was
    assert mark(out) == out
    # a short type keeps its line whole
    short = table.replace(cell, '<code><span title="str">str</span> | None</code>')
    assert '<td><code class="attn-nobr"><span title="str">str</span> | None</code></td>' in mark(
        short
    )
    # not a table of types: as it was
    other = table.replace(f"<th>{header}</th>", "<th>Shape</th>")
    assert mark(other) == other


@pytest.mark.parametrize(
    ("code", "kept"),
    [
        # review round 42: where these broke at 1280 or 375 px
        ("from attention_tutorial.figures import *", ["from attention_tutorial", "import *"]),
        ("import torch, attention_tutorial as at", ["import torch,", "as at"]),
        ("(1, n_train - 1) @ (n_train - 1, 1) and more", ["(1, n_train - 1)", "(n_train - 1, 1)"]),
        ("x_test.repeat_interleave(n_train).reshape(-1, n_train)", ["(-1, n_train)"]),
        ("dot : expected both vectors to have same dtype", ["dot :"]),
        ("a long call of numbers, then import as at", ["as at"]),
        # review round 49: "queries[:, " | "None] - keys"
        ("x_train[:, None] - x_train[None, :] and more", ["x_train[:, None]", "x_train[None, :]"]),
    ],
)
def test_long_prose_code_keeps_its_short_runs_together(code, kept):
    assert len(code) > KEEP_CHARS
    out = mark(f"<p><code>{code}</code></p>")
    assert re.findall(r'<span class="attn-nobr">([^<]*)</span>', out) == kept
    assert re.sub(r"<[^>]+>", "", out) == code  # the text as it was


def test_a_short_head_or_tail_stays_with_its_name_and_a_dotted_path_keeps_its_names_whole():
    # review round 43: torch | .matmul(...), dtype=torch | .float32), scaled_dot_ | product
    assert mark("<p><code>torch.matmul(attention_weights, y_train)</code></p>") == (
        '<p><code class="attn-wrap">torch.matmul(attention_weights, y_train)</code></p>'
    )
    assert mark("<p><code>torch.tensor(values, dtype=torch.float32)</code></p>") == (
        '<p><code class="attn-wrap">torch.tensor(values, dtype=torch.float32)</code></p>'
    )
    assert mark("<p><code>torch.nn.functional.scaled_dot_product_attention</code></p>") == (
        "<p><code>torch.nn<wbr>.functional<wbr>.scaled_dot_product_attention</code></p>"
    )
    # a folder's name is no head: a path still breaks after each slash
    assert mark("<td><code>docs/zh/nonparametric.py</code></td>").count("<wbr>") == 2
