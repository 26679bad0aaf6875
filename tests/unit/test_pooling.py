"""Tests of attention_tutorial.pooling against plain-Python and numpy references."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
import torch

from attention_tutorial import (
    average_pooling,
    gaussian_kernel,
    leave_one_out,
    make_data,
    nadaraya_watson,
    nadaraya_watson_broadcast,
)

N_TEST, N_TRAIN = 7, 5  # different on purpose: a transposed result fails


def reference_nw(
    queries: list[float], keys: list[float], values: list[float], h: float = 1.0
) -> tuple[list[float], list[list[float]]]:
    """Return Nadaraya-Watson predictions and weights computed with loops."""
    y_hat, weights = [], []
    for q in queries:
        kernel = [math.exp(-(((q - k) / h) ** 2) / 2) for k in keys]
        total = sum(kernel)
        row = [value / total for value in kernel]
        weights.append(row)
        y_hat.append(sum(w * v for w, v in zip(row, values, strict=True)))
    return y_hat, weights


@pytest.fixture
def qkv() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Return 7 queries, 5 keys and 5 values drawn with a local generator."""
    g = torch.Generator().manual_seed(1)
    queries = torch.rand(N_TEST, generator=g, dtype=torch.float64) * 5
    keys = torch.rand(N_TRAIN, generator=g, dtype=torch.float64) * 5
    values = torch.randn(N_TRAIN, generator=g, dtype=torch.float64)
    return queries, keys, values


@pytest.mark.parametrize("bandwidth", [0.3, 1.0, 2.5])
def test_nadaraya_watson_matches_loop_reference(qkv, bandwidth: float) -> None:
    """Check predictions and weights against the loop reference, shapes included."""
    queries, keys, values = qkv
    y_hat, weights = nadaraya_watson(queries, keys, values, bandwidth)
    ref_y, ref_w = reference_nw(queries.tolist(), keys.tolist(), values.tolist(), bandwidth)
    assert y_hat.shape == (N_TEST,) and weights.shape == (N_TEST, N_TRAIN)
    np.testing.assert_allclose(y_hat.numpy(), ref_y, rtol=1e-12)
    np.testing.assert_allclose(weights.numpy(), ref_w, rtol=1e-12)


def test_nadaraya_watson_float32_close_to_reference(qkv) -> None:
    """Check the usual float32 case within float32 precision."""
    queries, keys, values = (t.float() for t in qkv)
    y_hat, weights = nadaraya_watson(queries, keys, values)
    ref_y, ref_w = reference_nw(queries.tolist(), keys.tolist(), values.tolist())
    assert y_hat.dtype == weights.dtype == torch.float32
    np.testing.assert_allclose(y_hat.numpy(), ref_y, atol=1e-5)
    np.testing.assert_allclose(weights.numpy(), ref_w, atol=1e-6)


def test_tiled_equals_broadcast() -> None:
    """Check that both formulations agree on the chapter's data."""
    data = make_data()
    for bandwidth in (0.2, 1.0, 3.0):
        tiled = nadaraya_watson(data.x_test, data.x_train, data.y_train, bandwidth)
        broadcast = nadaraya_watson_broadcast(data.x_test, data.x_train, data.y_train, bandwidth)
        torch.testing.assert_close(tiled[0], broadcast[0])
        torch.testing.assert_close(tiled[1], broadcast[1])


def test_weights_rows_sum_to_one_and_are_positive(qkv) -> None:
    """Check that every row of the weights is a probability distribution."""
    _, weights = nadaraya_watson(*qkv, bandwidth=0.5)
    np.testing.assert_allclose(weights.sum(dim=1).numpy(), np.ones(N_TEST), rtol=1e-12)
    assert bool((weights >= 0).all())


def test_nearer_keys_get_more_weight(qkv) -> None:
    """Check the sign of the exponent: a nearer key always weighs more."""
    queries, keys, values = qkv
    _, weights = nadaraya_watson(queries, keys, values)
    for i, q in enumerate(queries.tolist()):
        for j, k_j in enumerate(keys.tolist()):
            for k, k_k in enumerate(keys.tolist()):
                if abs(q - k_j) < abs(q - k_k):
                    assert weights[i, j] > weights[i, k]


def test_wider_bandwidth_flattens_the_weights(qkv) -> None:
    """Check that a huge bandwidth tends to average pooling."""
    queries, keys, values = qkv
    y_wide, weights_wide = nadaraya_watson(queries, keys, values, bandwidth=1e4)
    y_mean, weights_mean = average_pooling(queries, values)
    np.testing.assert_allclose(weights_wide.numpy(), weights_mean.numpy(), atol=1e-6)
    np.testing.assert_allclose(y_wide.numpy(), y_mean.numpy(), atol=1e-6)


def test_weights_equal_dot_product_scores(qkv) -> None:
    """Check softmax(-(q - k)^2 / 2) == softmax(q k - k^2 / 2) with numpy."""
    queries, keys, _ = (t.numpy() for t in qkv)
    scores = np.outer(queries, keys) - keys[None, :] ** 2 / 2  # (n_test, n_train)
    expected = np.exp(scores - scores.max(axis=1, keepdims=True))
    expected /= expected.sum(axis=1, keepdims=True)
    _, weights = nadaraya_watson(*qkv)
    np.testing.assert_allclose(weights.numpy(), expected, rtol=1e-10)


def test_gaussian_kernel_matches_formula() -> None:
    """Check the kernel against math.exp, including the 1 / (sqrt(2 pi) h) factor."""
    us = [-2.0, -0.5, 0.0, 0.7, 3.0]
    for h in (0.5, 1.0, 2.0):
        expected = [math.exp(-((u / h) ** 2) / 2) / (math.sqrt(2 * math.pi) * h) for u in us]
        got = gaussian_kernel(torch.tensor(us, dtype=torch.float64), h).tolist()
        assert got == pytest.approx(expected, rel=1e-12)


def test_kernel_ratio_equals_nadaraya_watson(qkv) -> None:
    """Check sum_i K(q - k_i) y_i / sum_j K(q - k_j) against the softmax form."""
    queries, keys, values = qkv
    h = 0.8
    expected = []
    for q in queries.tolist():
        kernel = gaussian_kernel(
            torch.tensor([q - k for k in keys.tolist()], dtype=torch.float64), h
        )
        expected.append(float((kernel * values).sum() / kernel.sum()))
    y_hat, _ = nadaraya_watson(queries, keys, values, h)
    np.testing.assert_allclose(y_hat.numpy(), expected, rtol=1e-10)


def test_average_pooling_equals_mean(qkv) -> None:
    """Check average pooling against numpy's mean, with uniform weights."""
    queries, _, values = qkv
    y_hat, weights = average_pooling(queries, values)
    assert y_hat.shape == (N_TEST,) and weights.shape == (N_TEST, N_TRAIN)
    np.testing.assert_allclose(y_hat.numpy(), np.full(N_TEST, np.mean(values.numpy())))
    np.testing.assert_allclose(weights.numpy(), np.full((N_TEST, N_TRAIN), 1 / N_TRAIN))


@pytest.mark.parametrize("n", [2, 3, 6])
def test_leave_one_out_matches_list_comprehension(n: int) -> None:
    """Check keys and values against the reference list comprehension."""
    g = torch.Generator().manual_seed(n)
    x, y = torch.rand(n, generator=g), torch.rand(n, generator=g)
    keys, values = leave_one_out(x, y)
    xs, ys = x.tolist(), y.tolist()
    assert keys.shape == values.shape == (n, n - 1)
    assert keys.tolist() == [[xs[j] for j in range(n) if j != i] for i in range(n)]
    assert values.tolist() == [[ys[j] for j in range(n) if j != i] for i in range(n)]


def test_leave_one_out_row_never_contains_own_point() -> None:
    """Check on the chapter's data that row i never holds x_train[i]."""
    data = make_data()
    keys, _ = leave_one_out(data.x_train, data.y_train)
    for i, x in enumerate(data.x_train.tolist()):
        assert x not in keys[i].tolist()


Q, K, V = torch.zeros(3), torch.zeros(4), torch.zeros(4)
NAN = torch.tensor([0.0, float("nan"), 0.0, 0.0])


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((Q, torch.zeros(3, 4), V), ValueError,
         "keys must be a 1-D tensor of shape (n_train,), got shape (3, 4)"),
        ((torch.zeros(0), K, V), ValueError, "queries must not be empty"),
        ((Q, K, torch.zeros(3)), ValueError,
         "keys and values must have the same length, got 4 and 3"),
        ((Q, K, NAN), ValueError, "values contains NaN or infinite values"),
        (([0.0], K, V), TypeError, "queries must be a torch.Tensor, got list"),
        ((torch.arange(3), K, V), ValueError,
         "queries must have a floating-point dtype (e.g. torch.float32), got torch.int64"),
        ((Q, K.double(), V), ValueError,
         "queries, keys, values must have the same dtype, got torch.float32, torch.float64"),
        ((Q, K, V, 0.0), ValueError, "bandwidth must be a positive finite number, got 0.0"),
        ((Q, K, V, float("inf")), ValueError, "bandwidth must be a positive finite number"),
        ((Q, K, V, "1"), TypeError, "bandwidth must be a real number, got str"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("function", [nadaraya_watson, nadaraya_watson_broadcast])
def test_nadaraya_watson_errors(function, args, error, message) -> None:
    """Check that every invalid argument is named, with the expected shape."""
    with pytest.raises(error, match=re.escape(message)):
        function(*args)


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((torch.zeros(2, 2), V), ValueError, "queries must be a 1-D tensor of shape (n_test,)"),
        ((Q, torch.zeros(0)), ValueError, "values must not be empty"),
        ((Q, (1.0, 2.0)), TypeError, "values must be a torch.Tensor, got tuple"),
    ],
)
def test_average_pooling_errors(args, error, message) -> None:
    """Check the errors of average_pooling."""
    with pytest.raises(error, match=re.escape(message)):
        average_pooling(*args)


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((torch.ones(1), torch.ones(1)), ValueError,
         "leave_one_out needs at least 2 training points, got 1"),
        ((torch.ones(3), torch.ones(2)), ValueError,
         "x_train and y_train must have the same length, got 3 and 2"),
        ((torch.ones(3, 1), torch.ones(3)), ValueError,
         "x_train must be a 1-D tensor of shape (n_train,), got shape (3, 1)"),
        ((torch.ones(3), torch.tensor([1.0, float("inf"), 2.0])), ValueError,
         "y_train contains NaN or infinite values"),
    ],
)  # fmt: skip
def test_leave_one_out_errors(args, error, message) -> None:
    """Check the errors of leave_one_out."""
    with pytest.raises(error, match=re.escape(message)):
        leave_one_out(*args)


def test_gaussian_kernel_errors() -> None:
    """Check the errors of gaussian_kernel."""
    with pytest.raises(TypeError, match=r"u must be a torch\.Tensor, got float"):
        gaussian_kernel(0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="u must have a floating-point dtype"):
        gaussian_kernel(torch.arange(3))
    with pytest.raises(ValueError, match=r"bandwidth must be a positive finite number, got -1\.0"):
        gaussian_kernel(torch.zeros(3), -1.0)
    with pytest.raises(ValueError, match=r"u contains NaN: 1 of 3 entries, the first at index 1"):
        gaussian_kernel(torch.tensor([0.0, float("nan"), 1.0]))


def test_gaussian_kernel_is_zero_infinitely_far_away() -> None:
    kernel = gaussian_kernel(torch.tensor([-math.inf, 0.0, math.inf]))
    assert kernel.tolist() == [0.0, pytest.approx(1 / math.sqrt(2 * math.pi)), 0.0]


# --- bad input that once gave NaN or a wrong name ---------------------------------------


def reference_nw_float64(queries, keys, values, h: float) -> np.ndarray:
    """Nadaraya-Watson in float64 numpy, from the dot form of the scores (no overflow).

    ``-((q - k) / h)^2 / 2`` equals ``(q k - k^2 / 2) / h^2`` up to a term that is the
    same for every key; the row maximum is subtracted before ``exp``.
    """
    q = np.asarray(queries, dtype=np.float64)[:, None]
    k = np.asarray(keys, dtype=np.float64)[None, :]
    scores = (q * k - k**2 / 2) / h**2  # (n_test, n_train)
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ np.asarray(values, dtype=np.float64)


@pytest.mark.parametrize("function", [nadaraya_watson, nadaraya_watson_broadcast])
@pytest.mark.parametrize(
    ("queries", "bandwidth"),
    [([0.3, 1.7, 2.2], 1e-25), ([1e20, 1.0, -1e20], 1.0), ([1e6, 2.5], 1e-15)],
)
def test_overflowing_scores_give_the_nearest_key_not_nan(function, queries, bandwidth) -> None:
    """A tiny bandwidth or a far-away query: every score is -inf, the answer is finite."""
    keys = torch.tensor([0.0, 1.0, 2.0, 3.0])
    values = torch.tensor([5.0, -1.0, 2.0, 7.0])
    y_hat, weights = function(torch.tensor(queries), keys, values, bandwidth)
    np.testing.assert_allclose(y_hat, reference_nw_float64(queries, keys, values, bandwidth))
    assert torch.isfinite(weights).all()
    torch.testing.assert_close(weights.sum(dim=1), torch.ones(len(queries)))


def test_a_query_halfway_between_two_keys_shares_the_weight() -> None:
    y_hat, weights = nadaraya_watson(torch.tensor([0.5]), torch.tensor([0.0, 1.0]),
                                     torch.tensor([2.0, 4.0]), bandwidth=1e-30)  # fmt: skip
    assert weights.tolist() == [[0.5, 0.5]] and y_hat.tolist() == [3.0]


@pytest.mark.parametrize("function", [nadaraya_watson, nadaraya_watson_broadcast])
def test_bandwidth_may_be_a_one_element_tensor(function) -> None:
    """The same acceptance as predict's w: a number or a one-element floating tensor."""
    g = torch.Generator().manual_seed(1)
    q, k, v = (torch.rand(n, generator=g) * 5 for n in (N_TEST, N_TRAIN, N_TRAIN))
    expected = function(q, k, v, 0.5)
    for bandwidth in (torch.tensor(0.5), torch.tensor([0.5]), torch.tensor([0.5]).requires_grad_()):
        torch.testing.assert_close(function(q, k, v, bandwidth), expected)
    with pytest.raises(ValueError, match="bandwidth must be a number or a one-element tensor"):
        function(Q, K, V, torch.ones(2))
    with pytest.raises(ValueError, match="bandwidth must have a floating-point dtype"):
        function(Q, K, V, torch.tensor(1))
    with pytest.raises(ValueError, match="bandwidth must be a positive finite number"):
        function(Q, K, V, torch.tensor(-1.0))
    torch.testing.assert_close(gaussian_kernel(k, torch.tensor(2.0)), gaussian_kernel(k, 2.0))


def test_leave_one_out_names_mixed_dtypes() -> None:
    with pytest.raises(ValueError, match="x_train, y_train must have the same dtype"):
        leave_one_out(torch.ones(3, dtype=torch.float64), torch.ones(3))
