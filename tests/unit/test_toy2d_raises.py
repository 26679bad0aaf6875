"""What train_leave_one_out refuses, as its Raises entries say (r56-b slip 4)."""

from __future__ import annotations

import re

import pytest
import torch
from torch import Tensor, nn

from attention_tutorial import ScalarKernelAttention, make_data_2d, train_leave_one_out

_RESHAPE = {
    "(20,)": lambda y_hat: y_hat.reshape(-1),  # (n, 1) -> (n,)
    "(20, 2)": lambda y_hat: y_hat.expand(-1, 2),  # (n, 1) -> (n, 2)
    "(40,)": lambda y_hat: y_hat.expand(-1, 2).reshape(-1),  # (n, 1) -> (2 n,)
}


class _Reshaped(nn.Module):
    """A ScalarKernelAttention whose predictions come out in another shape."""

    def __init__(self, got: str) -> None:
        super().__init__()
        self.inner = ScalarKernelAttention()
        self.reshape = _RESHAPE[got]

    def forward(self, queries: Tensor, keys: Tensor, values: Tensor, mask: Tensor):
        y_hat, weights = self.inner(queries, keys, values, mask)  # (n, 1), (n, n)
        return self.reshape(y_hat), weights


@pytest.mark.parametrize("got", list(_RESHAPE))
def test_a_model_must_predict_shape_n_train_by_1(got) -> None:
    """(n,) used to train silently, (n, 2) to fail with torch's broadcasting RuntimeError."""
    data = make_data_2d(n_train=20, grid=2)
    message = (
        r"the model must return y_hat of shape \(n_train, 1\) = \(20, 1\), got "
        + re.escape(got)
        + "$"
    )
    with pytest.raises(ValueError, match=message):
        train_leave_one_out(_Reshaped(got), data.x_train, data.y_train, steps=2)


@pytest.mark.parametrize(
    ("optimizer", "error", "message"),
    [
        (1, TypeError, r"optimizer must be a str, 'adam' or 'sgd', got int"),
        (None, TypeError, r"optimizer must be a str, 'adam' or 'sgd', got NoneType"),
        ("Adam", ValueError, r"optimizer must be 'adam' or 'sgd', got 'Adam'"),
    ],
)
def test_the_optimizer_is_a_str_naming_one_of_two(optimizer, error, message) -> None:
    data = make_data_2d(n_train=20, grid=2)
    model = ScalarKernelAttention()
    with pytest.raises(error, match=message):
        train_leave_one_out(model, data.x_train, data.y_train, optimizer=optimizer)
    assert model.w.item() == pytest.approx(1.0)  # refused before any step


def test_a_model_of_the_right_shape_still_trains() -> None:
    data = make_data_2d(n_train=20, grid=2)
    losses = train_leave_one_out(ScalarKernelAttention(), data.x_train, data.y_train, steps=3)
    assert len(losses) == 3 and all(torch.isfinite(torch.tensor(losses)))
