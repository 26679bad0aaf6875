"""tables: row headers, scroll boxes in the HTML, the first paint after the early tables."""

from __future__ import annotations

from tools.sitebuild.tables import (
    EARLY,
    EARLY_MARK,
    paint_after_early_tables,
    row_headers,
    term_columns,
    wrap,
)

COMPARISON = (
    "<table><thead><tr><th></th><th>a</th><th>b</th></tr></thead><tbody>"
    '<tr><td align="left">x</td><td>1</td><td>2</td></tr>'
    "<tr><td><code>y</code></td><td>3</td><td>4</td></tr></tbody></table>"
)
HEADED = (
    "<table><thead><tr><th>name</th><th>a</th></tr></thead>"
    "<tbody><tr><td>x</td><td>1</td></tr></tbody></table>"
)


def test_the_first_cell_of_every_body_row_becomes_a_row_header_keeping_its_attributes():
    body = row_headers(COMPARISON).split("<tbody>")[1]
    assert body == (
        '<tr><th scope="row" align="left">x</th><td>1</td><td>2</td></tr>'
        '<tr><th scope="row"><code>y</code></th><td>3</td><td>4</td></tr></tbody></table>'
    )


def test_a_table_whose_top_left_cell_has_a_header_is_left_alone():
    assert row_headers(HEADED) == HEADED
    assert row_headers(HEADED + COMPARISON).startswith(HEADED)


def test_plain_tables_are_wrapped_once_tables_with_a_class_not_at_all():
    classed = '<table class="highlighttable"><tr><td>1</td></tr></table>'
    out = wrap(HEADED + classed)
    assert out == (
        f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table">{HEADED}'
        f"</div></div>{classed}"
    )


def test_paint_waits_for_the_last_early_table_only():
    early = "<p>x</p>" + HEADED
    late = "<p>" + "y" * EARLY + "</p>" + COMPARISON
    page = f"<head></head><article>{early}{late}</article>"
    out = paint_after_early_tables(page)
    mark = f'<span id="{EARLY_MARK}" hidden></span>'
    assert out.count(mark) == 1
    assert out.index(mark) == out.index(HEADED) + len(HEADED)  # after the early one
    assert out.count('blocking="render"') == 1 and out.index("blocking") < out.index("</head>")


def test_a_page_without_an_early_table_paints_as_before():
    assert paint_after_early_tables("<head></head><p>no article</p>" + HEADED) == (
        "<head></head><p>no article</p>" + HEADED
    )
    late = "<head></head><article><p>" + "y" * (EARLY + 1) + "</p>" + HEADED + "</article>"
    assert paint_after_early_tables(late) == late


def test_the_chinese_term_column_is_marked_by_its_header_and_stays_a_plain_table():
    zh_first = "<table><thead><tr><th>中文</th><th>English</th></tr></thead></table>"
    assert term_columns(zh_first).startswith('<table data-zh-column="1" data-en-column="2">')
    # a header cell that only mentions Chinese, or a table without a head: unchanged
    other = (
        "<table><thead><tr><th>中文术语</th></tr></thead></table>"
        "<table><tr><td>中文</td></tr></table>"
    )
    assert term_columns(other) == other
    # still a table Material styles and wraps (no class attribute)
    assert wrap(term_columns(zh_first)).startswith('<div class="md-typeset__scrollwrap">')


def test_each_rendering_of_a_term_is_a_box_the_slash_ends_it_and_a_same_term_is_marked():
    table = (
        "<table><thead><tr><th>English</th><th>中文</th><th>Meaning</th></tr></thead><tbody>"
        '<tr><td><span id="t"></span>keys in use (effective number) / k-nearest</td>'
        "<td>有效键数 / 键数</td><td>a / b</td></tr>"
        "<tr><td>softmax</td><td>softmax</td><td>x</td></tr></tbody></table>"
    )
    out = term_columns(table)
    rows = out.split("<tr>")[2:]
    # the anchor a link lands on stays the cell's first child; the slash ends its box
    assert rows[0].startswith(
        '<td><span id="t"></span><span class="attn-term"><span class="attn-part">keys in use'
        '</span> <span class="attn-part">(effective number)\u00a0/</span></span> '
        '<span class="attn-term"><span class="attn-nobr">k-nearest</span></span></td>'
    )
    assert (
        '<td><span class="attn-term">有效键数\u00a0/</span> <span class="attn-term">键数</span>'
        in rows[0]
    )
    assert "<td>a / b</td>" in rows[0]  # not a term column
    # written alike in both columns: the later cell is marked (a phone's card shows it once)
    assert rows[1].startswith(
        '<td><span class="attn-term">softmax</span></td><td data-same-term="">'
    )
