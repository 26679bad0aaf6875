"""Every printed output line of every notebook page fits a phone's output box: 40 columns.

A reader at 375 px (round 8) found that an output box shows about 40 characters, and that
178 printed lines were wider: they scrolled sideways and hid the numbers the prose quotes
("SDPA float32 8.2e-07 … 2.9e-02", "keys in use = 3.7"). The lines read here are the
executed notebooks' text outputs (what the page shows in its output boxes: printed
streams and plain-text results; figures and HTML widgets have layouts of their own).
An output that prints an error is left out: the build marks it (``page_repairs.
mark_error_outputs``) and it wraps inside its box, at every width, instead of scrolling.
"""

from __future__ import annotations

import unicodedata

import nbformat
import pytest

from tests.conftest import NOTEBOOK_CACHE
from tools.sitebuild.notebooks import DOCS, discover
from tools.sitebuild.page_repairs import _ERROR_LINE

pytestmark = pytest.mark.build

PHONE_COLUMNS = 40  # the characters a 375 px phone's output box shows without scrolling


def columns(line: str) -> int:
    """The width of ``line`` in a monospaced box: a wide (CJK) character takes two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def printed_lines(nb) -> list[str]:
    """The text lines the output boxes of notebook ``nb`` show, in order."""
    lines = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.outputs:
            if output.output_type == "stream":
                text = output.text
            elif output.output_type in ("execute_result", "display_data"):
                data = output.get("data", {})
                if "text/plain" not in data or any(m != "text/plain" for m in data):
                    continue  # a figure or a widget: shown as such, not as text
                text = data["text/plain"]
            elif output.output_type == "error":
                text = "\n".join(output.get("traceback", []))
            else:
                continue
            if _ERROR_LINE.search(text):
                continue  # an error's output: it wraps inside its box (extra.css)
            lines.extend(text.splitlines())
    return lines


def test_columns_count_a_wide_character_twice():
    assert columns("max |y_hat - reference|") == 23
    assert columns("有效键数 3.7") == 12
    assert printed_lines(
        nbformat.v4.new_notebook(
            cells=[
                nbformat.v4.new_code_cell(
                    outputs=[
                        nbformat.v4.new_output("stream", text="a\nbb\n"),
                        nbformat.v4.new_output("execute_result", {"text/plain": "c"}),
                        nbformat.v4.new_output(
                            "display_data", {"text/plain": "<Figure>", "image/png": ""}
                        ),
                        nbformat.v4.new_output("stream", text="x = 1\nValueError: " + "w" * 60),
                    ]
                )
            ]
        )
    ) == ["a", "bb", "c"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_printed_line_fits_a_phone(site, lang):
    wide = {}
    for nb in discover(DOCS, [lang]):
        executed = nbformat.read(NOTEBOOK_CACHE / lang / nb.rel.replace(".py", ".ipynb"), 4)
        lines = [line for line in printed_lines(executed) if columns(line) > PHONE_COLUMNS]
        if lines:
            wide[nb.rel] = lines
    report = "\n".join(
        f"{rel}: {len(lines)} lines, e.g. {lines[0]!r}" for rel, lines in sorted(wide.items())
    )
    assert wide == {}, f"lines wider than {PHONE_COLUMNS} columns:\n{report}"
