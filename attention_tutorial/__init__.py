"""Attention pooling by Nadaraya-Watson kernel regression, step by step.

The teaching package behind the pages of the chapter: the toy data
(`data.md`), average pooling (`average.md`), non-parametric and parametric
attention pooling (`nonparametric.md`, `parametric.md`), leave-one-out training
(`leave-one-out.md`), smoothness (`smoothness.md`) and the dot-product view
(`dot-product.md`).
"""

from attention_tutorial.data import SEED, ToyData, describe, f, make_data
from attention_tutorial.model import NWKernelRegression
from attention_tutorial.plotting import (
    plot_attention_heatmap,
    plot_curves,
    plot_fit,
    plot_loss,
)
from attention_tutorial.pooling import (
    average_pooling,
    gaussian_kernel,
    leave_one_out,
    nadaraya_watson,
    nadaraya_watson_broadcast,
)
from attention_tutorial.training import loss_at_w, predict, train

__all__ = [
    "SEED",
    "NWKernelRegression",
    "ToyData",
    "average_pooling",
    "describe",
    "f",
    "gaussian_kernel",
    "leave_one_out",
    "loss_at_w",
    "make_data",
    "nadaraya_watson",
    "nadaraya_watson_broadcast",
    "plot_attention_heatmap",
    "plot_curves",
    "plot_fit",
    "plot_loss",
    "predict",
    "train",
]
