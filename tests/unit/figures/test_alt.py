"""Alt text and reading facts: what a figure says of itself, and what the build reads.

That every public figure describes itself in its language, in the encoded file, is part
of the figure contract (``test_contract.py``).
"""

from __future__ import annotations

import base64
import io

import numpy as np
import pytest

import attention_tutorial as at
from attention_tutorial.figures._base import encode, reading_facts
from tools.sitebuild import postprocess
from tools.sitebuild.html_tree import parse


def test_description_names_the_axes_drawn():
    fig = at.plot_loss([3.0, 2.0, 1.0], lang="en")
    assert fig.description.endswith("x axis: epoch; y axis: training loss (sum).")


def test_the_build_puts_the_description_in_the_img_alt():
    fig = at.plot_loss([3.0, 2.0, 1.0], lang="zh")
    mime, data, _ = encode(fig)
    payload = base64.b64encode(data.encode()).decode() if mime.endswith("xml") else data
    tag = f'<img src="data:{mime};base64,{payload}" alt="No description has been provided">'
    tree = parse(tag)
    files = postprocess.extract_images(tree, lambda name: name)
    img = tree.find("img")
    assert img["alt"] == fig.description and len(files) == 1
    assert img["class"] == "attn-figure" and img["data-min-width"] == "324"


def test_reading_facts_follow_the_smallest_text():
    heat = at.plot_attention_heatmap(np.full((3, 2), 0.5))
    heat.savefig(io.BytesIO(), format="png")
    facts = reading_facts(heat)
    assert facts["colour_scale"] is True
    assert facts["min_width_px"] == round(6.0 * 72 * 9 / 12)  # 12 pt text, 6 in wide


def test_heatmap_axes_show_x_values_and_the_colour_bar_starts_at_0():
    weights = np.array([[0.6, 0.4], [0.3, 0.7], [0.5, 0.5]])
    fig = at.plot_attention_heatmap(weights, queries=[0.0, 1.0, 2.0], keys=[1.5, 4.5])
    assert [float(v) for v in fig.axes[0].get_xlim()] == [1.5, 4.5]
    assert fig.axes[0].images[0].get_clim()[0] == 0.0
    with pytest.raises(ValueError, match="keys must have shape"):
        at.plot_attention_heatmap(weights, queries=[0.0, 1.0, 2.0], keys=[1.0])
    with pytest.raises(ValueError, match="queries must be sorted"):
        at.plot_attention_heatmap(weights, queries=[2.0, 1.0, 0.0], keys=[1.0, 2.0])
    with pytest.raises(ValueError, match="keys is needed"):
        at.plot_attention_heatmap(weights, queries=[0.0, 1.0, 2.0])
