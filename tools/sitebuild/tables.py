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
``wrap`` puts the same boxes in the HTML; the script still wraps the table a
second time, and ``extra.css`` lays those inner boxes out as nothing.

>>> wrap("<p>x</p><table><tr><td>1</td></tr></table>").split("<table>")[0]
'<p>x</p><div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
"""

from __future__ import annotations

import re

_TABLE = re.compile(r"<table\b[^>]*>.*?</table>", re.S)
# the tables Material's script wraps: those without a class attribute
_PLAIN_TABLE = re.compile(r"<table(?:\s(?![^>]*\bclass=)[^>]*)?>.*?</table>", re.S)
_WRAP = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">{}</div></div>'
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
