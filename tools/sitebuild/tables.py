"""Tables for readers: row headers where the top-left cell is empty; wrapped before the page loads.

A comparison table written ``| | a | b |`` heads its columns but leaves its
first column (the row labels) without a header; screen readers (and
Lighthouse's ``td-has-header``) then cannot name the cells. Each body row's
first cell becomes ``<th scope="row">``.

>>> row_headers(
...     "<table><thead><tr><th></th><th>a</th></tr></thead>"
...     "<tbody><tr><td>x</td><td>1</td></tr></tbody></table>"
... ).split("<tbody>")[1]
'<tr><th scope="row">x</th><td>1</td></tr></tbody></table>'

Material's JavaScript wraps every table in a scroll box once the page has
loaded; until then the table is squeezed into the column, so the wrap moved the
text below it (a layout shift of 0.055 on the English glossary at 375 px).
``wrap`` puts the same boxes in the HTML, and ``overrides/main.html`` keeps the
script from wrapping such a table a second time (which took it out of the page and
put it back: every cell restyled and laid out again, 50 ms of CPU on the glossary);
``extra.css`` would lay a second pair of boxes out as nothing.

>>> wrap("<p>x</p><table><tr><td>1</td></tr></table>").split("<table>")[0]
'<p>x</p><div class="md-typeset__scrollwrap"><div class="md-typeset__table">'

A table is laid out with the rows parsed so far: when the browser paints while the
parser is inside a table (a slow phone, a busy machine), the rows that come next
can widen its columns and move what was painted (a layout shift of 0.024 on the
English d2l map at 375 px, four loads in ten at 6x CPU slowdown).
``paint_after_early_tables`` holds the first paint until the tables near the top
of the article are parsed, with ``<link rel="expect" blocking="render">`` (a
browser that does not know it paints as before):

>>> page = "<head></head><article><h1>t</h1><table><tr><td>1</td></tr></table></article>"
>>> out = paint_after_early_tables(page)
>>> out.split("<article>")[0]
'<head><link rel="expect" href="#attn-early-tables" blocking="render"></head>'
>>> out.split("</table>")[1]
'<span id="attn-early-tables" hidden></span></article>'
"""

from __future__ import annotations

import re

_TABLE = re.compile(r"<table\b[^>]*>.*?</table>", re.S)
# the tables Material's script wraps: those without a class attribute
_PLAIN_TABLE = re.compile(r"<table(?:\s(?![^>]*\bclass=)[^>]*)?>.*?</table>", re.S)
_WRAP = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">{}</div></div>'
# Tables that start within this many characters of the article's start. Measured on
# the built pages: those begin at most 1,200 px down at 1280 x 900, most of them on
# the first screen, and the glossary's and the d2l map's on the first screen at
# 375 x 800 too. The next ones, the contributing pages' (11,400 and 16,500
# characters in), begin 3,800 px down or lower.
EARLY = 11_000
EARLY_MARK = "attn-early-tables"
_FIRST_TH_EMPTY = re.compile(r"<thead>\s*<tr>\s*<th\b[^>]*>\s*</th>", re.S)
_BODY = re.compile(r"(<tbody>)(.*?)(</tbody>)", re.S)
_FIRST_TD = re.compile(r"(<tr\b[^>]*>\s*)<td\b([^>]*)>(.*?)</td>", re.S)


def row_headers(content: str) -> str:
    """The HTML with the first cell of each body row a row header, in tables described above."""

    def table(match: re.Match[str]) -> str:
        text = match.group(0)
        if not _FIRST_TH_EMPTY.search(text):
            return text
        return _BODY.sub(
            lambda b: (
                b.group(1) + _FIRST_TD.sub(r'\1<th scope="row"\2>\3</th>', b.group(2)) + b.group(3)
            ),
            text,
        )

    return _TABLE.sub(table, content)


def wrap(content: str) -> str:
    """The HTML with each table Material's script would wrap already in its scroll box."""
    return _PLAIN_TABLE.sub(lambda match: _WRAP.format(match.group(0)), content)


def paint_after_early_tables(page: str) -> str:
    """The page whose first paint waits until the tables starting within ``EARLY`` are parsed."""
    article = page.find("<article")
    last_end = None
    if article >= 0:
        for match in _TABLE.finditer(page, article):
            if match.start() - article > EARLY:
                break
            last_end = match.end()
    if last_end is None:
        return page
    mark = f'<span id="{EARLY_MARK}" hidden></span>'
    page = page[:last_end] + mark + page[last_end:]
    link = f'<link rel="expect" href="#{EARLY_MARK}" blocking="render">'
    return page.replace("</head>", link + "</head>", 1)
