"""What an executed notebook's outputs put on a page: figures and text, for the site tests."""

from __future__ import annotations

import re


def image_count(output: dict) -> int:
    """Figures one output shows: one for an image output, each ``<img>`` of an HTML one.

    An HTML output (the bandwidth explorer) carries its figure inline; the build
    moves it to ``assets/figures`` like an image output's.
    """
    data = output.get("data", {})
    if any(mime.startswith("image/") for mime in data):
        return 1
    html = data.get("text/html", "")
    return len(re.findall(r"<img\b", "".join(html) if isinstance(html, list) else html))


def figure_count(nb) -> int:
    """Figures the code cells of notebook ``nb`` show."""
    return sum(
        image_count(out) for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
    )
