"""Tests of attention_tutorial.local_linear_regression against numpy weighted least squares."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from attention_tutorial import local_linear, make_data, nadaraya_watson

N_TEST, N_TRAIN = 7, 12  # different on purpose: a transposed result fails


def reference(queries, keys, values, h):
    """Weighted least squares per query in float64: minimise sum a_i (y_i - b0 - b1 (x_i - x))^2."""
    out = []
    for q in queries:
        a = np.exp(-(((q - keys) / h) ** 2) / 2)
        a /= a.sum()
        design = np.stack([np.ones_like(keys), keys - q], axis=1)
        root = np.sqrt(a)
        (b0, _), *_ = np.linalg.lstsq(root[:, None] * design, root * values, rcond=None)
        out.append(b0)
    return np.array(out)


@pytest.fixture
def toy():
    g = torch.Generator().manual_seed(5)
    keys, _ = torch.sort(torch.rand(N_TRAIN, generator=g, dtype=torch.float64) * 5)
    values = torch.randn(N_TRAIN, generator=g, dtype=torch.float64)
    queries = torch.linspace(-0.5, 5.5, N_TEST, dtype=torch.float64)
    return queries, keys, values


@pytest.mark.parametrize("h", [0.3, 1.0, 4.0])
def test_matches_weighted_least_squares(toy, h):
    queries, keys, values = toy
    y_hat, weights = local_linear(queries, keys, values, h)
    assert y_hat.shape == (N_TEST,) and weights.shape == (N_TEST, N_TRAIN)
    expected = reference(queries.numpy(), keys.numpy(), values.numpy(), h)
    np.testing.assert_allclose(y_hat.numpy(), expected, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(weights.sum(dim=1).numpy(), np.ones(N_TEST), atol=1e-12)
    np.testing.assert_allclose((weights @ values).numpy(), y_hat.numpy(), atol=1e-12)


def test_float32_agrees_with_float64(toy):
    queries, keys, values = toy
    y64, _ = local_linear(queries, keys, values)
    y32, _ = local_linear(queries.float(), keys.float(), values.float())
    assert y32.dtype == torch.float32
    np.testing.assert_allclose(y32.numpy(), y64.numpy(), atol=1e-4)


def test_exact_on_a_line_and_less_boundary_bias_than_nadaraya_watson():
    data = make_data()
    line = 3 * data.x_train - 1
    y_hat, _ = local_linear(data.x_test, data.x_train, line)
    torch.testing.assert_close(y_hat, 3 * data.x_test - 1, atol=1e-4, rtol=0)
    y_nw, _ = nadaraya_watson(data.x_test, data.x_train, data.y_train)
    y_ll, _ = local_linear(data.x_test, data.x_train, data.y_train)
    assert abs(y_ll[0] - data.y_truth[0]) < abs(y_nw[0] - data.y_truth[0]) / 2


def test_equivalent_weights_can_be_negative_at_the_edge():
    data = make_data()
    _, weights = local_linear(data.x_test, data.x_train, data.y_train)
    assert bool((weights[0] < 0).any())


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda q, k, v: local_linear(q, k, v, 1e-4), ValueError, "all its attention weight"),
        (lambda q, k, v: local_linear(q, k, v, 0.0), ValueError, "bandwidth"),
        (lambda q, k, v: local_linear(q, k[:3], v, 1.0), ValueError, "same length"),
        (lambda q, k, v: local_linear(q[:, None], k, v), ValueError, r"queries.*\(n_test,\)"),
        (lambda q, k, v: local_linear(q.float(), k, v), ValueError, "dtype"),
        (lambda q, k, v: local_linear(q, torch.ones_like(k), v), ValueError, "distinct"),
        (lambda q, k, v: local_linear(q, k.tolist(), v), TypeError, "keys"),
        (lambda q, k, v: local_linear(q, k, v, torch.ones(2)), ValueError, "one-element"),
    ],
)
def test_bad_input_gets_a_clear_error(toy, call, error, match):
    with pytest.raises(error, match=match):
        call(*toy)


def test_bandwidth_may_be_a_one_element_tensor(toy):
    # the package's one scalar rule: a number or a one-element floating tensor
    as_number, _ = local_linear(*toy, 0.7)
    as_tensor, _ = local_linear(*toy, torch.tensor([0.7], dtype=torch.float64, requires_grad=True))
    assert torch.equal(as_number, as_tensor)


def test_no_nan_for_far_queries(toy):
    queries, keys, values = toy
    y_hat, _ = local_linear(queries + 20, keys, values, 2.0)
    assert bool(torch.isfinite(y_hat).all())
