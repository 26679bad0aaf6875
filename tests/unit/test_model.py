"""Tests of attention_tutorial.model.NWKernelRegression against a loop reference."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
import torch
from torch import nn

from attention_tutorial import NWKernelRegression, nadaraya_watson

N_QUERIES, N_KEYS = 7, 5  # different on purpose: a transposed result fails


def reference_forward(
    w: float, queries: list[float], keys: list[list[float]], values: list[list[float]]
) -> tuple[list[float], list[list[float]]]:
    """Return predictions and weights of the parametric model, with loops."""
    y_hat, weights = [], []
    for q, key_row, value_row in zip(queries, keys, values, strict=True):
        scores = [math.exp(-(((q - k) * w) ** 2) / 2) for k in key_row]
        row = [s / sum(scores) for s in scores]
        weights.append(row)
        y_hat.append(sum(a * v for a, v in zip(row, value_row, strict=True)))
    return y_hat, weights


@pytest.fixture
def qkv() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Return queries (7,), and per-query keys and values (7, 5)."""
    g = torch.Generator().manual_seed(2)
    queries = torch.rand(N_QUERIES, generator=g) * 5
    keys = torch.rand(N_QUERIES, N_KEYS, generator=g) * 5
    values = torch.randn(N_QUERIES, N_KEYS, generator=g)
    return queries, keys, values


@pytest.mark.parametrize("w", [0.3, 1.0, 1.7, -1.7])
def test_forward_matches_loop_reference(qkv, w: float) -> None:
    """Check predictions and stored weights against the loop reference."""
    queries, keys, values = qkv
    model = NWKernelRegression(w)
    y_hat = model(queries, keys, values)
    ref_y, ref_w = reference_forward(w, queries.tolist(), keys.tolist(), values.tolist())
    assert y_hat.shape == (N_QUERIES,)
    assert model.attention_weights is not None
    assert model.attention_weights.shape == (N_QUERIES, N_KEYS)
    np.testing.assert_allclose(y_hat.detach().numpy(), ref_y, atol=1e-5)
    np.testing.assert_allclose(model.attention_weights.numpy(), ref_w, atol=1e-6)


def test_w_and_minus_w_give_the_same_predictions(qkv) -> None:
    """Check that only |w| matters, since w is squared."""
    y_plus = NWKernelRegression(2.0)(*qkv)
    y_minus = NWKernelRegression(-2.0)(*qkv)
    torch.testing.assert_close(y_plus, y_minus)


def test_stored_weights_are_detached(qkv) -> None:
    """Check that the stored weights need no .detach() before .numpy()."""
    model = NWKernelRegression(1.0)
    assert model.attention_weights is None
    y_hat = model(*qkv)
    assert y_hat.requires_grad
    assert model.attention_weights.requires_grad is False
    assert model.attention_weights.grad_fn is None
    model.attention_weights.numpy()  # raises if still attached to the graph
    np.testing.assert_allclose(model.attention_weights.sum(dim=1).numpy(), 1.0, rtol=1e-6)


def test_w_is_the_only_parameter() -> None:
    """Check that w is a registered nn.Parameter of shape (1,)."""
    model = NWKernelRegression(0.25)
    parameters = list(model.parameters())
    assert len(parameters) == 1 and parameters[0] is model.w
    assert isinstance(model.w, nn.Parameter) and model.w.requires_grad
    assert model.w.shape == (1,) and model.w.item() == 0.25


def test_random_init_uses_the_given_generator() -> None:
    """Check w ~ U[0, 1) from the given generator, leaving the global state alone."""
    state = torch.get_rng_state()
    a = NWKernelRegression(generator=torch.Generator().manual_seed(0))
    b = NWKernelRegression(generator=torch.Generator().manual_seed(0))
    assert torch.equal(torch.get_rng_state(), state)
    assert a.w.item() == b.w.item()
    assert 0.0 <= a.w.item() < 1.0


def test_gradient_matches_finite_difference(qkv) -> None:
    """Check autograd's dL/dw against a central finite difference in float64."""
    queries, keys, values = (t.double() for t in qkv)
    targets = torch.linspace(-1, 1, N_QUERIES, dtype=torch.float64)

    def loss(w: float) -> float:
        y_hat, _ = reference_forward(w, queries.tolist(), keys.tolist(), values.tolist())
        return sum((y - t) ** 2 for y, t in zip(y_hat, targets.tolist(), strict=True))

    model = NWKernelRegression(0.8)
    ((model(queries, keys, values) - targets) ** 2).sum().backward()
    eps = 1e-6
    expected = (loss(0.8 + eps) - loss(0.8 - eps)) / (2 * eps)
    assert model.w.grad is not None
    assert model.w.grad.item() == pytest.approx(expected, rel=1e-4)


def test_shared_keys_give_nadaraya_watson_with_bandwidth_one_over_w() -> None:
    """Check that w is an inverse bandwidth: identical rows reduce to nadaraya_watson."""
    queries = torch.linspace(0, 5, N_QUERIES, dtype=torch.float64)
    keys = torch.linspace(0.3, 4.7, N_KEYS, dtype=torch.float64)
    values = torch.cos(keys)
    model = NWKernelRegression(2.0)
    y_hat = model(queries, keys.repeat((N_QUERIES, 1)), values.repeat((N_QUERIES, 1)))
    expected, _ = nadaraya_watson(queries, keys, values, bandwidth=0.5)
    torch.testing.assert_close(y_hat.detach(), expected)


Q = torch.zeros(3)
KV = torch.zeros(3, 2)


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((torch.zeros(3, 1), KV, KV), ValueError,
         "queries must be a 1-D tensor of shape (n_queries,), got shape (3, 1)"),
        ((Q, torch.zeros(2), KV), ValueError,
         "keys must be a 2-D tensor of shape (n_queries, n_keys) with n_queries = 3, "
         "got shape (2,)"),
        ((Q, torch.zeros(4, 2), KV), ValueError,
         "keys must be a 2-D tensor of shape (n_queries, n_keys) with n_queries = 3, "
         "got shape (4, 2)"),
        ((Q, torch.zeros(3, 0), torch.zeros(3, 0)), ValueError, "keys must not be empty"),
        ((Q, KV, torch.zeros(3, 1)), ValueError,
         "values must be a 2-D tensor of the same shape as keys, (n_queries, n_keys) = "
         "(3, 2), got shape (3, 1)"),
        ((Q, KV, [[0.0]]), TypeError, "values must be a torch.Tensor, got list"),
        ((Q, KV.long(), KV), ValueError, "keys must have a floating-point dtype"),
        ((Q, KV, torch.full((3, 2), float("nan"))), ValueError,
         "values contains NaN or infinite values"),
        ((Q, KV, KV.double()), ValueError,
         "queries, keys, values must have the same dtype, "
         "got torch.float32, torch.float32, torch.float64"),
        ((torch.zeros(0), KV, KV), ValueError, "queries must not be empty"),
    ],
)  # fmt: skip
def test_forward_errors(args, error, message) -> None:
    """Check that every invalid input is named, with the expected shape."""
    with pytest.raises(error, match=re.escape(message)):
        NWKernelRegression(1.0)(*args)


def test_init_errors() -> None:
    """Check the errors of the constructor."""
    with pytest.raises(ValueError, match="w must be a finite number, got nan"):
        NWKernelRegression(float("nan"))
    with pytest.raises(TypeError, match="w must be a real number, got str"):
        NWKernelRegression("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"generator must be a torch\.Generator or None, got int"):
        NWKernelRegression(generator=0)  # type: ignore[arg-type]


def test_w_may_be_a_one_element_tensor_like_predict_accepts() -> None:
    trained = NWKernelRegression(w=3.5)
    for w in (trained.w, torch.tensor(3.5), torch.tensor([3.5], dtype=torch.float64)):
        model = NWKernelRegression(w=w)
        assert model.w.tolist() == [3.5] and model.w.requires_grad
        assert model.w is not trained.w  # a new parameter, not shared
    with pytest.raises(ValueError, match="w must be a number or a one-element tensor"):
        NWKernelRegression(w=torch.ones(2))
    with pytest.raises(ValueError, match=r"w must fit in float32 \(\|w\| <= 3\.4e38\), got 1e\+39"):
        NWKernelRegression(w=1e39)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_precision_inputs_are_computed_in_float32(dtype) -> None:
    g = torch.Generator().manual_seed(2)
    queries = torch.rand(4, generator=g)  # (4,)
    keys, values = torch.rand(4, 3, generator=g), torch.rand(4, 3, generator=g)  # (4, 3)
    model = NWKernelRegression(w=2.0)
    y_hat = model(queries.to(dtype), keys.to(dtype), values.to(dtype))
    assert y_hat.dtype == torch.float32
    expected = model(queries.to(dtype).float(), keys.to(dtype).float(), values.to(dtype).float())
    torch.testing.assert_close(y_hat, expected)


def test_a_huge_w_gives_the_nearest_key() -> None:
    queries = torch.tensor([0.2, 0.9])  # (2,)
    keys = torch.tensor([[0.0, 1.0], [0.0, 1.0]])  # (2, 2)
    values = torch.tensor([[4.0, 8.0], [4.0, 8.0]])  # (2, 2)
    y_hat = NWKernelRegression(w=1e30)(queries, keys, values)
    assert y_hat.tolist() == [4.0, 8.0]  # each query copies its nearest key's value
