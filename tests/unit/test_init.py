"""Tests of the package's public API: __all__, docstrings and their pages."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import attention_tutorial

# every page of the site, as a docstring names it: docs/zh/handbook/clone.py -> "handbook/clone"
DOCS_ZH = Path(__file__).resolve().parents[2] / "docs" / "zh"
PAGES = {
    path.relative_to(DOCS_ZH).with_suffix("").as_posix()
    for path in [*DOCS_ZH.rglob("*.py"), *DOCS_ZH.rglob("*.md")]
}
EXPECTED = {
    "SEED", "f", "ToyData", "make_data", "describe", "prints_error", "average_pooling",
    "gaussian_kernel",
    "nadaraya_watson", "nadaraya_watson_broadcast", "leave_one_out", "NWKernelRegression",
    "train", "loss_at_w", "predict",
    # analysis.py (pages leave-one-out, smoothness); scores.py (page dot-product)
    "loss_curve", "best_w", "mse_against_truth", "bandwidth_from_w", "input_spacing",
    "gaussian_scores", "dot_product_scores", "dot_product_pooling",
    # figures/curves.py and figures/attention.py (pages cues to smoothness)
    "plot_fit", "plot_fits", "plot_loss", "plot_loss_vs_w", "plot_attention_heatmap",
    "plot_data", "plot_attention_pooling", "plot_bandwidth_gallery",
    # figures/tensors/ (the tensor API handbook, handbook/*)
    "TensorPanel", "draw_tensors", "diagram_arange", "diagram_repeat_interleave", "diagram_repeat",
    "diagram_expand", "diagram_broadcast", "diagram_reshape", "diagram_transpose",
    "diagram_unsqueeze",
    "diagram_squeeze", "diagram_matmul", "diagram_batch_shapes",
    "diagram_bmm", "diagram_eye_mask", "diagram_softmax",
    "diagram_sort", "diagram_mse_loss", "diagram_sgd_step",
    # issue 26: the handbook's figure cells one call each (clone, einsum, linear, mask,
    # masked-fill, where)
    "diagram_clone", "diagram_einsum", "diagram_linear", "diagram_eye", "diagram_masked_fill",
    "diagram_where",
    # issue 13: local linear regression, the path of w, the explorer, the recap's figures
    "local_linear", "w_path", "BandwidthExplorer", "bandwidth_explorer", "plot_explorer_panels",
    "plot_boundary_bias", "plot_w_paths", "plot_shape_flow",
    # transformer.py, toy2d.py, scaling.py, figures/cost.py, figures/matrices.py,
    # figures/attention.py (pages transformer, scale)
    "gaussian_kernel_nd", "dot_product_attention", "masked_leave_one_out",
    "ScalarKernelAttention", "ProjectedAttention", "ToyData2D", "make_data_2d",
    "train_leave_one_out", "mse_on_test", "nadaraya_watson_chunked", "nadaraya_watson_sdpa",
    "peak_intermediate_bytes", "plot_scaling", "plot_matrices", "plot_attention_heatmaps",
    # issue 26 item 17: the scale page's measurements, shipped inside the package
    "scale_measurements",
    # issue 27: the SGD stepper (page smoothness)
    "SgdStepper", "sgd_stepper",
    # round 14: the dot-product page's figure
    "plot_score_parts",
    # round 28: the projections page's ten seeds trained in one batched loop
    "train_seeds",
    # fx33-ct: the projections page's learned kernels as contours
    "plot_kernel_contours",
}  # fmt: skip


def test_all_lists_the_public_api() -> None:
    """Check that __all__ is exactly the agreed API and every name exists."""
    assert set(attention_tutorial.__all__) == EXPECTED
    assert len(attention_tutorial.__all__) == len(EXPECTED)


def test_every_docstring_names_a_page_and_has_an_example() -> None:
    """Check that each public function or class names an existing page and has >>>."""
    for name in EXPECTED - {"SEED"}:
        doc = inspect.getdoc(getattr(attention_tutorial, name)) or ""
        pages = set(re.findall(r"`([a-z/-]+)\.md`", doc))
        assert pages and pages <= PAGES, name
        assert ">>>" in doc, name
