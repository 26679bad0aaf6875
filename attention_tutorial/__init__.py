"""Attention pooling by Nadaraya-Watson kernel regression, step by step.

The teaching package behind the pages of the chapter: the toy data
(`data.md`), average pooling (`average.md`), non-parametric and parametric
attention pooling (`nonparametric.md`, `parametric.md`), leave-one-out training
(`leave-one-out.md`), smoothness (`smoothness.md`) and the dot-product view
(`dot-product.md`), and the pictures of the tensor API handbook
(`handbook/index.md`).
"""

from attention_tutorial.analysis import (
    bandwidth_from_w,
    best_w,
    dot_product_pooling,
    dot_product_scores,
    gaussian_scores,
    input_spacing,
    loss_curve,
    mse_against_truth,
)
from attention_tutorial.data import SEED, ToyData, describe, f, make_data
from attention_tutorial.figures.attention import (
    plot_attention_heatmap,
    plot_attention_pooling,
    plot_bandwidth_gallery,
    plot_data,
)
from attention_tutorial.figures.curves import plot_fit, plot_fits, plot_loss, plot_loss_vs_w
from attention_tutorial.model import NWKernelRegression
from attention_tutorial.pooling import (
    average_pooling,
    gaussian_kernel,
    leave_one_out,
    nadaraya_watson,
    nadaraya_watson_broadcast,
)
from attention_tutorial.tensor_diagrams import (
    TensorPanel,
    diagram_arange,
    diagram_bmm,
    diagram_broadcast,
    diagram_expand,
    diagram_eye_mask,
    diagram_matmul,
    diagram_mse_loss,
    diagram_repeat,
    diagram_repeat_interleave,
    diagram_reshape,
    diagram_sgd_step,
    diagram_softmax,
    diagram_sort,
    diagram_squeeze,
    diagram_unsqueeze,
    draw_tensors,
)
from attention_tutorial.training import loss_at_w, predict, train

__all__ = [
    "SEED",
    "NWKernelRegression",
    "TensorPanel",
    "ToyData",
    "average_pooling",
    "bandwidth_from_w",
    "best_w",
    "describe",
    "diagram_arange",
    "diagram_bmm",
    "diagram_broadcast",
    "diagram_expand",
    "diagram_eye_mask",
    "diagram_matmul",
    "diagram_mse_loss",
    "diagram_repeat",
    "diagram_repeat_interleave",
    "diagram_reshape",
    "diagram_sgd_step",
    "diagram_softmax",
    "diagram_sort",
    "diagram_squeeze",
    "diagram_unsqueeze",
    "dot_product_pooling",
    "dot_product_scores",
    "draw_tensors",
    "f",
    "gaussian_kernel",
    "gaussian_scores",
    "input_spacing",
    "leave_one_out",
    "loss_at_w",
    "loss_curve",
    "make_data",
    "mse_against_truth",
    "nadaraya_watson",
    "nadaraya_watson_broadcast",
    "plot_attention_heatmap",
    "plot_attention_pooling",
    "plot_bandwidth_gallery",
    "plot_data",
    "plot_fit",
    "plot_fits",
    "plot_loss",
    "plot_loss_vs_w",
    "predict",
    "train",
]
