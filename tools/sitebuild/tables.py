"""Tables whose top-left header cell is empty get row headers, so every data cell has a header.

A comparison table written ``| | a | b |`` heads its columns but leaves its
first column (the row labels) without a header; screen readers (and
Lighthouse's ``td-has-header``) then cannot name the cells. Each body row's
first cell becomes ``<th scope="row">``.

>>> row_headers(
...     "<table><thead><tr><th></th><th>a</th></tr></thead>"
...     "<tbody><tr><td>x</td><td>1</td></tr></tbody></table>"
... ).split("<tbody>")[1]
'<tr><th scope="row">x</th><td>1</td></tr></tbody></table>'
"""

from __future__ import annotations

import re

_TABLE = re.compile(r"<table\b[^>]*>.*?</table>", re.S)
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
