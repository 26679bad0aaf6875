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
    other = "<table><thead><tr><th>中文术语</th></tr></thead></table><table><tr><td>中文</td></tr></table>"
    assert term_columns(other) == other
    # still a table Material styles and wraps (no class attribute)
    assert wrap(term_columns(zh_first)).startswith('<div class="md-typeset__scrollwrap">')
