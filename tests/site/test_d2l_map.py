"""The d2l map's numbers about the learned w come from the package (no build needed).

The map (``docs/{zh,en}/d2l-map.md``) is a plain Markdown page: nothing on it runs, so a
number in its prose is not printed and asserted by a cell as on a notebook page. Round 38
(reader a, slip 1) asked its exercise 2 row for the value of the learned w, which the book's
exercise asks for; this test trains the lesson's model with ``at.train`` exactly as the page
"Parametric attention pooling" does and checks every number of that row against the result.
"""

from __future__ import annotations

import inspect
import re

import pytest
import torch

import attention_tutorial as at
from tools.sitebuild.notebooks import DOCS

ROW = {"zh": "| 练习 2（", "en": "| exercise 2 ("}
EPOCHS = {"zh": "五个轮次", "en": "five epochs"}
NUMBER = re.compile(r"\d+\.\d+")


def exercise_2_row(lang: str) -> str:
    """The third column (what it does) of the map's exercise 2 row."""
    text = (DOCS / lang / "d2l-map.md").read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith(ROW[lang])]
    return row.split(" | ")[2]


def trained_w() -> tuple[float, float]:
    """The lesson's initial and learned w: its seed, ``at.train``'s defaults."""
    data = at.make_data()
    _ = torch.manual_seed(at.SEED)
    model = at.NWKernelRegression()
    w_start = model.w.item()
    at.train(model, data.x_train, data.y_train)
    return w_start, model.w.item()


@pytest.mark.parametrize("lang", ["zh", "en"], ids=["zh/d2l-map.md", "en/d2l-map.md"])
def test_the_d2l_map_gives_the_learned_w_that_at_train_finds(lang):
    row = exercise_2_row(lang)
    w_start, w_end = trained_w()
    defaults = inspect.signature(at.train).parameters
    lr, epochs = defaults["lr"].default, defaults["epochs"].default
    assert epochs == 5 and EPOCHS[lang] in row  # "five epochs", in words
    assert f"w \\approx {w_end:.1f}$" in row  # 16.2
    assert f"1/w \\approx {1 / w_end:.2f}$" in row  # the bandwidth, 0.06
    # every decimal in the row is one of these: none is typed by hand unchecked
    assert sorted(NUMBER.findall(row)) == sorted(
        [f"{lr}", f"{w_end:.1f}", f"{w_start:.3f}", f"{1 / w_end:.2f}"]
    )
