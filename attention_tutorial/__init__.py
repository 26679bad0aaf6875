"""Attention pooling by Nadaraya-Watson kernel regression, step by step.

The teaching package behind the pages of the chapter: the toy data
(`data.md`), average pooling (`average.md`), non-parametric and parametric
attention pooling (`nonparametric.md`, `parametric.md`), leave-one-out training
(`leave-one-out.md`), smoothness (`smoothness.md`) and the dot-product view
(`dot-product.md`); beyond the chapter, Transformer attention (`transformer.md`)
and the cost of attention as n grows (`scale.md`); and the pictures of the tensor
API handbook (`handbook/index.md`).
"""

from attention_tutorial.analysis import (
    bandwidth_from_w,
    best_w,
    input_spacing,
    loss_curve,
    mse_against_truth,
)
from attention_tutorial.data import SEED, ToyData, describe, f, make_data, prints_error
from attention_tutorial.explorer import BandwidthExplorer, bandwidth_explorer
from attention_tutorial.figures.attention import (
    plot_attention_heatmap,
    plot_attention_heatmaps,
    plot_attention_pooling,
    plot_bandwidth_gallery,
)
from attention_tutorial.figures.boundary_bias import plot_boundary_bias
from attention_tutorial.figures.cost import plot_scaling
from attention_tutorial.figures.curves import (
    plot_data,
    plot_fit,
    plot_fits,
    plot_loss,
    plot_loss_vs_w,
    plot_w_paths,
)
from attention_tutorial.figures.explorer_panels import plot_explorer_panels
from attention_tutorial.figures.kernels import plot_kernel_contours
from attention_tutorial.figures.matrices import plot_matrices
from attention_tutorial.figures.score_parts import plot_score_parts
from attention_tutorial.figures.shape_flow import plot_shape_flow
from attention_tutorial.figures.tensors.drawing import draw_tensors
from attention_tutorial.figures.tensors.learning import (
    diagram_clone,
    diagram_mse_loss,
    diagram_sgd_step,
    diagram_softmax,
)
from attention_tutorial.figures.tensors.masks import (
    diagram_eye,
    diagram_eye_mask,
    diagram_masked_fill,
    diagram_where,
)
from attention_tutorial.figures.tensors.panel import TensorPanel
from attention_tutorial.figures.tensors.products import (
    diagram_batch_shapes,
    diagram_bmm,
    diagram_einsum,
    diagram_linear,
    diagram_matmul,
)
from attention_tutorial.figures.tensors.sequences import diagram_arange, diagram_sort
from attention_tutorial.figures.tensors.shapes import (
    diagram_reshape,
    diagram_squeeze,
    diagram_transpose,
    diagram_unsqueeze,
)
from attention_tutorial.figures.tensors.tiling import (
    diagram_broadcast,
    diagram_expand,
    diagram_repeat,
    diagram_repeat_interleave,
)
from attention_tutorial.local_linear_regression import local_linear
from attention_tutorial.model import NWKernelRegression
from attention_tutorial.pooling import (
    average_pooling,
    gaussian_kernel,
    leave_one_out,
    nadaraya_watson,
    nadaraya_watson_broadcast,
)
from attention_tutorial.scaling import (
    nadaraya_watson_chunked,
    nadaraya_watson_sdpa,
    peak_intermediate_bytes,
    scale_measurements,
)
from attention_tutorial.scores import dot_product_pooling, dot_product_scores, gaussian_scores
from attention_tutorial.stepper import SgdStepper, sgd_stepper
from attention_tutorial.toy2d import (
    ToyData2D,
    make_data_2d,
    mse_on_test,
    train_leave_one_out,
    train_seeds,
)
from attention_tutorial.training import loss_at_w, predict, train
from attention_tutorial.training_paths import w_path
from attention_tutorial.transformer import (
    ProjectedAttention,
    ScalarKernelAttention,
    dot_product_attention,
    gaussian_kernel_nd,
    masked_leave_one_out,
)

__all__ = [
    "SEED",
    "BandwidthExplorer",
    "NWKernelRegression",
    "ProjectedAttention",
    "ScalarKernelAttention",
    "SgdStepper",
    "TensorPanel",
    "ToyData",
    "ToyData2D",
    "average_pooling",
    "bandwidth_explorer",
    "bandwidth_from_w",
    "best_w",
    "describe",
    "diagram_arange",
    "diagram_batch_shapes",
    "diagram_bmm",
    "diagram_broadcast",
    "diagram_clone",
    "diagram_einsum",
    "diagram_expand",
    "diagram_eye",
    "diagram_eye_mask",
    "diagram_linear",
    "diagram_masked_fill",
    "diagram_matmul",
    "diagram_mse_loss",
    "diagram_repeat",
    "diagram_repeat_interleave",
    "diagram_reshape",
    "diagram_sgd_step",
    "diagram_softmax",
    "diagram_sort",
    "diagram_squeeze",
    "diagram_transpose",
    "diagram_unsqueeze",
    "diagram_where",
    "dot_product_attention",
    "dot_product_pooling",
    "dot_product_scores",
    "draw_tensors",
    "f",
    "gaussian_kernel",
    "gaussian_kernel_nd",
    "gaussian_scores",
    "input_spacing",
    "leave_one_out",
    "local_linear",
    "loss_at_w",
    "loss_curve",
    "make_data",
    "make_data_2d",
    "masked_leave_one_out",
    "mse_against_truth",
    "mse_on_test",
    "nadaraya_watson",
    "nadaraya_watson_broadcast",
    "nadaraya_watson_chunked",
    "nadaraya_watson_sdpa",
    "peak_intermediate_bytes",
    "plot_attention_heatmap",
    "plot_attention_heatmaps",
    "plot_attention_pooling",
    "plot_bandwidth_gallery",
    "plot_boundary_bias",
    "plot_data",
    "plot_explorer_panels",
    "plot_fit",
    "plot_fits",
    "plot_kernel_contours",
    "plot_loss",
    "plot_loss_vs_w",
    "plot_matrices",
    "plot_scaling",
    "plot_score_parts",
    "plot_shape_flow",
    "plot_w_paths",
    "predict",
    "prints_error",
    "scale_measurements",
    "sgd_stepper",
    "train",
    "train_leave_one_out",
    "train_seeds",
    "w_path",
]
