"""Tests of attention_tutorial.analysis, and of the numbers printed on pages 5-8.

The reference is a float64 numpy re-implementation written here from the formulas:
the forward pass, the leave-one-out keys (np.delete in a loop), the analytic
gradient of the summed loss and five SGD steps. Only the data and the initial w
come from torch (its random generator cannot be reproduced in numpy).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from attention_tutorial import (
    SEED,
    NWKernelRegression,
    bandwidth_from_w,
    best_w,
    dot_product_pooling,
    dot_product_scores,
    gaussian_scores,
    input_spacing,
    loss_at_w,
    loss_curve,
    make_data,
    mse_against_truth,
    nadaraya_watson,
    predict,
    train,
)

# The grid of w used on the pages leave-one-out and smoothness.
W_GRID = np.logspace(-1, 3, 401)
TABLE_WS = [1.0, 10.0, 100.0, 1000.0]


# ---------------------------------------------------------------- numpy reference
def softmax_rows(scores: np.ndarray) -> np.ndarray:
    """Return the row-wise softmax of a 2-D array."""
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def np_keys_values(x: np.ndarray, y: np.ndarray, *, include_own: bool) -> tuple[list, list]:
    """Return, for each training point, the keys and values it may attend to."""
    if include_own:
        return [x] * len(x), [y] * len(y)
    return [np.delete(x, i) for i in range(len(x))], [np.delete(y, i) for i in range(len(y))]


def np_train_predictions(w: float, x: np.ndarray, y: np.ndarray, *, include_own: bool):
    """Return y_hat and d y_hat / d w at every training point, in float64."""
    keys, values = np_keys_values(x, y, include_own=include_own)
    y_hat, dy_hat = np.empty(len(x)), np.empty(len(x))
    for i in range(len(x)):
        d2 = (x[i] - keys[i]) ** 2  # (n_keys,)
        a = softmax_rows((-d2 * w**2 / 2)[None, :])[0]  # (n_keys,)
        ds = -d2 * w  # d score / d w, (n_keys,)
        y_hat[i] = a @ values[i]
        # d softmax_j / d w = a_j (ds_j - sum_k a_k ds_k)
        dy_hat[i] = (a * (ds - a @ ds)) @ values[i]
    return y_hat, dy_hat


def np_loss(w: float, x: np.ndarray, y: np.ndarray, *, include_own: bool = False) -> float:
    """Return the summed squared training error with a fixed w."""
    y_hat, _ = np_train_predictions(w, x, y, include_own=include_own)
    return float(((y_hat - y) ** 2).sum())


def np_grad(w: float, x: np.ndarray, y: np.ndarray) -> float:
    """Return d loss / d w of the leave-one-out loss, analytically."""
    y_hat, dy_hat = np_train_predictions(w, x, y, include_own=False)
    return float((2 * (y_hat - y) * dy_hat).sum())


def np_sgd(w0: float, x: np.ndarray, y: np.ndarray, *, epochs: int = 5, lr: float = 0.5):
    """Return the losses (each before its step) and the final w of plain SGD."""
    w, losses = w0, []
    for _ in range(epochs):
        losses.append(np_loss(w, x, y))
        w -= lr * np_grad(w, x, y)
    return losses, w


def np_predict(w: float, queries: np.ndarray, keys: np.ndarray, values: np.ndarray):
    """Return the Nadaraya-Watson predictions with shared keys and values."""
    scores = -(((queries[:, None] - keys[None, :]) * w) ** 2) / 2  # (n_q, n_k)
    return softmax_rows(scores) @ values


# ---------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def data():
    """Return the chapter's data set."""
    return make_data()


@pytest.fixture(scope="module")
def np_data(data):
    """Return the data as float64 arrays, and f(x_test) computed in numpy."""
    x_train = data.x_train.double().numpy()
    y_train = data.y_train.double().numpy()
    x_test = data.x_test.double().numpy()
    y_truth = 2 * np.sin(x_test) + x_test**0.8
    return x_train, y_train, x_test, y_truth


@pytest.fixture(scope="module")
def trained(data):
    """Train as the page does: seed the global generator, create, train."""
    with torch.random.fork_rng():
        _ = torch.manual_seed(SEED)
        model = NWKernelRegression()
    w0 = model.w.item()
    losses = train(model, data.x_train, data.y_train)
    return w0, losses, model.w.item()


# ---------------------------------------------------------------- the reference itself
def test_reference_gradient_matches_finite_difference(np_data) -> None:
    """Check the analytic numpy gradient against a central difference."""
    x, y, _, _ = np_data
    for w in (0.5, 3.0, 12.0):
        h = 1e-6
        numeric = (np_loss(w + h, x, y) - np_loss(w - h, x, y)) / (2 * h)
        assert np_grad(w, x, y) == pytest.approx(numeric, rel=1e-5)


# ---------------------------------------------------------------- page numbers
def test_page_training_matches_numpy_sgd(np_data, trained) -> None:
    """Check the printed per-epoch losses and the learned w (pages 5 and 7)."""
    x, y, _, _ = np_data
    w0, losses, w = trained
    expected_losses, expected_w = np_sgd(w0, x, y)
    assert len(losses) == 5
    assert losses == pytest.approx(expected_losses, rel=1e-4)
    assert w == pytest.approx(expected_w, rel=1e-3)


def test_page_learned_w_is_past_the_training_spacing(data, trained) -> None:
    """Check the claim of the smoothness page: the bandwidth 1/|w| is below the gaps."""
    _, _, w = trained
    median_gap, mean_gap = input_spacing(data.x_train)
    assert bandwidth_from_w(w) < median_gap < mean_gap


@pytest.mark.parametrize("leave_one_out", [False, True])
def test_page_loss_table(data, np_data, leave_one_out: bool) -> None:
    """Check the loss at w = 1, 10, 100, 1000 in both variants (page leave-one-out)."""
    x, y, _, _ = np_data
    for w in TABLE_WS:
        expected = np_loss(w, x, y, include_own=not leave_one_out)
        got = loss_at_w(w, data.x_train, data.y_train, leave_one_out=leave_one_out)
        assert got == pytest.approx(expected, rel=1e-4, abs=1e-4), w


def test_page_loss_table_shape_of_the_claim(data) -> None:
    """Check what the page says: with the own key the loss goes to 0, without it not."""
    with_own = loss_curve(TABLE_WS, data.x_train, data.y_train, leave_one_out=False)
    left_out = loss_curve(TABLE_WS, data.x_train, data.y_train)
    assert (np.diff(with_own) < 0).all() and with_own[-1] < 1e-3
    assert left_out.min() > 10 and left_out[-1] > left_out[1]


def test_page_argmin_of_the_left_out_curve(data, np_data) -> None:
    """Check the grid argmin against a plain numpy loop over the same grid."""
    x, y, _, _ = np_data
    expected = W_GRID[int(np.argmin([np_loss(w, x, y) for w in W_GRID]))]
    got = best_w(W_GRID, data.x_train, data.y_train)
    assert got == pytest.approx(expected, rel=0.03)  # at most one grid step apart
    assert 1.0 < got < 10.0


def test_page_test_mses(data, np_data, trained) -> None:
    """Check the three test errors of the smoothness page and their order."""
    x, y, x_test, y_truth = np_data
    _, _, w_trained = trained
    w_best = best_w(W_GRID, data.x_train, data.y_train)
    got = []
    for w in (1.0, w_trained, w_best):
        expected = float(((np_predict(w, x_test, x, y) - y_truth) ** 2).mean())
        mse = mse_against_truth(w, data.x_test, data.y_truth, data.x_train, data.y_train)
        assert mse == pytest.approx(expected, rel=1e-4), w
        got.append(mse)
    assert got[0] > got[1] > got[2]


# ---------------------------------------------------------------- loss_curve, best_w
def test_loss_curve_matches_reference_with_other_sizes() -> None:
    """Check both variants on random data with 7 points against numpy."""
    g = torch.Generator().manual_seed(1)
    x_train, y_train = torch.rand(7, generator=g) * 3, torch.randn(7, generator=g)
    x, y = x_train.double().numpy(), y_train.double().numpy()
    ws = torch.tensor([0.3, 2.0, 9.0])
    for leave_one_out in (True, False):
        got = loss_curve(ws, x_train, y_train, leave_one_out=leave_one_out)
        assert got.shape == (3,) and got.dtype == np.float64
        expected = [np_loss(w, x, y, include_own=not leave_one_out) for w in ws.tolist()]
        np.testing.assert_allclose(got, expected, rtol=1e-4)


def test_best_w_returns_a_grid_value() -> None:
    """Check best_w against numpy on a small problem with an interior minimum."""
    x_train = torch.linspace(0, 4, 9)
    y_train = torch.sin(2 * x_train)
    x, y = x_train.double().numpy(), y_train.double().numpy()
    grid = [0.1, 0.5, 1.0, 2.0, 5.0, 20.0]
    expected = grid[int(np.argmin([np_loss(w, x, y) for w in grid]))]
    assert best_w(grid, x_train, y_train) == expected


@pytest.mark.parametrize(
    ("ws", "message"),
    [
        ([[1.0, 2.0]], r"ws must be a 1-D array, got shape \(1, 2\)"),
        ([], "ws must not be empty"),
        ([1.0, float("nan")], "ws contains NaN or infinite values"),
    ],
)
def test_grid_errors(data, ws, message: str) -> None:
    """Check the errors for a bad grid of w, in both functions."""
    with pytest.raises(ValueError, match=message):
        loss_curve(ws, data.x_train, data.y_train)
    with pytest.raises(ValueError, match=message):
        best_w(ws, data.x_train, data.y_train)


def test_loss_curve_argument_errors(data) -> None:
    """Check that bad data and a non-bool flag are named in the errors."""
    with pytest.raises(TypeError, match="leave_one_out must be a bool, got int"):
        loss_curve([1.0], data.x_train, data.y_train, leave_one_out=1)
    with pytest.raises(ValueError, match="x_train and y_train must have the same length"):
        loss_curve([1.0], data.x_train, data.y_train[:3])


# ---------------------------------------------------------------- mse, bandwidth, spacing
def test_mse_against_truth_with_n_test_not_n_train() -> None:
    """Check against numpy with 4 queries and 6 keys, w given as a tensor too."""
    g = torch.Generator().manual_seed(2)
    x_train, y_train = torch.rand(6, generator=g) * 5, torch.randn(6, generator=g)
    x_test, y_truth = torch.linspace(0, 5, 4), torch.randn(4, generator=g)
    x_q, x_k, y_k = (t.double().numpy() for t in (x_test, x_train, y_train))
    expected = float(((np_predict(2.5, x_q, x_k, y_k) - y_truth.double().numpy()) ** 2).mean())
    got = mse_against_truth(2.5, x_test, y_truth, x_train, y_train)
    assert got == pytest.approx(expected, rel=1e-5)
    w = torch.nn.Parameter(torch.tensor([-2.5]))
    assert mse_against_truth(w, x_test, y_truth, x_train, y_train) == pytest.approx(got)


def test_mse_against_truth_errors(data) -> None:
    """Check the errors that name w, x_test and y_truth."""
    args = (data.x_test, data.y_truth, data.x_train, data.y_train)
    with pytest.raises(ValueError, match=r"w must be a number or a one-element tensor"):
        mse_against_truth(torch.ones(2), *args)
    with pytest.raises(ValueError, match="w must be a finite number"):
        mse_against_truth(math.inf, *args)
    with pytest.raises(ValueError, match="x_test and y_truth must have the same length"):
        mse_against_truth(1.0, data.x_test, data.y_truth[:5], data.x_train, data.y_train)
    with pytest.raises(TypeError, match=r"y_truth must be a torch\.Tensor"):
        mse_against_truth(1.0, data.x_test, [0.0], data.x_train, data.y_train)


def test_bandwidth_from_w() -> None:
    """Check 1/|w|, the tensor form, w = 0 and the errors."""
    assert bandwidth_from_w(4.0) == bandwidth_from_w(-4.0) == 0.25
    assert bandwidth_from_w(torch.tensor([0.5])) == 2.0
    assert bandwidth_from_w(0) == math.inf
    with pytest.raises(TypeError, match="w must be a real number, got str"):
        bandwidth_from_w("1")
    with pytest.raises(ValueError, match="w must be a finite number"):
        bandwidth_from_w(float("nan"))
    with pytest.raises(ValueError, match=r"w must be a number or a one-element tensor, got shape"):
        bandwidth_from_w(torch.ones(3))


def test_bandwidth_from_w_matches_nadaraya_watson(data) -> None:
    """Check that predict with w equals nadaraya_watson with bandwidth 1/|w|."""
    w = -7.0
    y_hat, _ = nadaraya_watson(
        data.x_test, data.x_train, data.y_train, bandwidth=bandwidth_from_w(w)
    )
    torch.testing.assert_close(predict(w, data.x_test, data.x_train, data.y_train), y_hat)


def test_input_spacing_matches_numpy() -> None:
    """Check median and mean gap of unsorted inputs against numpy."""
    x = torch.tensor([4.0, 0.5, 2.0, 0.0, 3.5])
    gaps = np.diff(np.sort(x.numpy().astype(float)))
    assert input_spacing(x) == pytest.approx((np.median(gaps), gaps.mean()))
    median_gap, mean_gap = input_spacing(torch.tensor([0.0, 1.0, 1.5, 3.0]))
    assert (median_gap, mean_gap) == pytest.approx((1.0, 1.0))


def test_input_spacing_errors() -> None:
    """Check the errors for too few points and a wrong shape."""
    with pytest.raises(ValueError, match="x_train needs at least 2 points to have a gap, got 1"):
        input_spacing(torch.tensor([1.0]))
    with pytest.raises(ValueError, match=r"x_train must be a 1-D tensor of shape \(n_train,\)"):
        input_spacing(torch.ones(2, 2))


# ---------------------------------------------------------------- Gaussian vs dot product
@pytest.fixture
def qkv():
    """Return 4 queries, 6 keys and 6 values (n_queries != n_keys)."""
    g = torch.Generator().manual_seed(3)
    return (
        torch.rand(4, generator=g) * 5,
        torch.rand(6, generator=g) * 5,
        torch.randn(6, generator=g),
    )


@pytest.mark.parametrize("w", [1.0, 2.5, -0.7])
def test_scores_match_numpy_and_differ_by_q_squared(qkv, w: float) -> None:
    """Check both score forms against numpy loops and the identity between them."""
    queries, keys, _ = qkv
    q, k = queries.double().numpy(), keys.double().numpy()
    gauss = np.array([[-(((qi - kj) * w) ** 2) / 2 for kj in k] for qi in q])
    dot = np.array([[(qi * w) * (kj * w) - (kj * w) ** 2 / 2 for kj in k] for qi in q])
    np.testing.assert_allclose(gaussian_scores(queries, keys, w).numpy(), gauss, atol=1e-5)
    np.testing.assert_allclose(dot_product_scores(queries, keys, w).numpy(), dot, atol=1e-5)
    difference = (dot_product_scores(queries, keys, w) - gaussian_scores(queries, keys, w)).numpy()
    np.testing.assert_allclose(difference, np.tile(((q * w) ** 2 / 2)[:, None], (1, 6)), atol=1e-5)
    torch.testing.assert_close(
        F.softmax(dot_product_scores(queries, keys, w), dim=1),
        F.softmax(gaussian_scores(queries, keys, w), dim=1),
    )


@pytest.mark.parametrize("w", [1.0, 3.0])
def test_dot_product_pooling_matches_nw_and_sdpa(qkv, w: float) -> None:
    """Check against nadaraya_watson and F.scaled_dot_product_attention."""
    queries, keys, values = qkv
    y_hat, weights = dot_product_pooling(queries, keys, values, w)
    assert y_hat.shape == (4,) and weights.shape == (4, 6)
    expected, expected_weights = nadaraya_watson(queries, keys, values, bandwidth=1 / w)
    torch.testing.assert_close(y_hat, expected)
    torch.testing.assert_close(weights, expected_weights)
    sdpa = F.scaled_dot_product_attention(
        (queries * w)[:, None],  # (n_queries, 1)
        (keys * w)[:, None],  # (n_keys, 1)
        values[:, None],  # (n_keys, 1)
        attn_mask=(-((keys * w) ** 2) / 2)[None, :],  # (1, n_keys)
        scale=1.0,
    )  # (n_queries, 1)
    torch.testing.assert_close(sdpa.reshape(-1), y_hat)
    np.testing.assert_allclose(
        y_hat.numpy(), np_predict(w, *(t.double().numpy() for t in qkv)), rtol=1e-5
    )


def test_score_and_pooling_errors(qkv) -> None:
    """Check the errors that name queries, keys, values and w."""
    queries, keys, values = qkv
    with pytest.raises(ValueError, match=r"queries must be a 1-D tensor of shape \(n_queries,\)"):
        gaussian_scores(queries[:, None], keys)
    with pytest.raises(ValueError, match=r"keys must be a 1-D tensor of shape \(n_keys,\)"):
        dot_product_scores(queries, keys[:, None])
    with pytest.raises(ValueError, match="queries, keys must have the same dtype"):
        dot_product_scores(queries, keys.double())
    with pytest.raises(ValueError, match="keys and values must have the same length, got 6 and 5"):
        dot_product_pooling(queries, keys, values[:5])
    with pytest.raises(ValueError, match="keys, values must have the same dtype"):
        dot_product_pooling(queries, keys, values.double())
    with pytest.raises(TypeError, match=r"values must be a torch\.Tensor"):
        dot_product_pooling(queries, keys, [1.0])
    with pytest.raises(TypeError, match="w must be a real number"):
        gaussian_scores(queries, keys, w="2")


# ---------------------------------------------------------------- bad input found by trying
def test_best_w_with_a_huge_w_on_the_grid(data) -> None:
    """The loss at w = 1e20 used to be NaN, and argmin picked it."""
    assert best_w([1.0, 4.0, 1e20], data.x_train, data.y_train) == 4.0
    assert math.isfinite(loss_at_w(1e20, data.x_train, data.y_train))


def test_loss_curve_and_best_w_refuse_words(data) -> None:
    with pytest.raises(TypeError, match=r"ws must be a 1-D sequence of numbers, got list: \['a'\]"):
        loss_curve(["a"], data.x_train, data.y_train)
    with pytest.raises(TypeError, match="ws must be a 1-D sequence of numbers"):
        best_w("1, 2", data.x_train, data.y_train)


def test_mse_against_truth_names_its_own_arguments(data) -> None:
    args = (data.x_test, data.y_truth, data.x_train)
    with pytest.raises(ValueError, match="x_train and y_train must have the same length, got 50"):
        mse_against_truth(1.0, *args, data.y_train[:-1])
    with pytest.raises(
        ValueError, match="x_test, y_truth, x_train, y_train must have the same dtype"
    ):
        mse_against_truth(1.0, data.x_test.double(), data.y_truth.double(), *args[2:], data.y_train)


def test_the_dot_product_form_refuses_a_w_that_overflows(qkv) -> None:
    queries, keys, values = qkv
    with pytest.raises(ValueError, match=r"overflow torch.float32: .* and w = 1e\+20 they reach"):
        dot_product_scores(queries, keys, 1e20)
    with pytest.raises(ValueError, match=r"use the distance form \(gaussian_scores"):
        dot_product_pooling(queries, keys, values, 1e20)


def test_dot_product_pooling_warns_when_float32_rounds_its_scores():
    """Round-6 review: at |q|, |k| about 1e4 the dot-product form gives 5.0 where the
    distance form gives 3.7754, silently. It now warns, naming the magnitudes; inputs of
    the lessons' size (|x| <= 5, the learned w = 16.2) and float64 stay quiet."""
    import warnings

    import attention_tutorial as at

    q, k, v = torch.tensor([1e4]), torch.tensor([1e4, 1e4 + 1]), torch.tensor([0.0, 10.0])
    # Round-7 review: the warning named 1.5e8 (the two terms added) and eps * 1.5e8 = 18;
    # it now names the larger term, 1e8, and float32's real spacing there, 8
    with pytest.warns(
        RuntimeWarning,
        match=r"\|q\| up to 1e\+04 .* reach about 1e\+08, where "
        r"torch.float32 steps by 8:",
    ):
        y_dot, _ = at.dot_product_pooling(q, k, v)
    assert y_dot.item() == 5.0
    assert (torch.nextafter(torch.tensor(1e8), torch.tensor(2e8)) - 1e8).item() == 8.0
    # the scores themselves: 5e7 and 5e7 - 0.5, both rounded to 5e7 in float32
    assert at.dot_product_scores(q, k).tolist() == [[5e7, 5e7]]
    assert at.dot_product_scores(q.double(), k.double()).tolist() == [[5e7, 5e7 - 0.5]]
    # float64 steps by 0.5 only at 2**51 (about 2.3e15): w = 1e4 brings the terms there
    with pytest.warns(RuntimeWarning, match=r"reach about 1e\+16, where torch.float64 steps by 2:"):
        at.dot_product_pooling(q.double(), k.double(), v.double(), 1e4)
    assert at.nadaraya_watson(q, k, v, bandwidth=1.0)[0].item() == pytest.approx(3.7754, abs=1e-4)
    data = at.make_data()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        at.dot_product_pooling(data.x_test, data.x_train, data.y_train, 16.2)
        y64, _ = at.dot_product_pooling(q.double(), k.double(), v.double())
    assert y64.item() == pytest.approx(3.7754, abs=1e-4)


def test_loss_curve_is_loss_at_w_at_each_point_in_chunks(data, monkeypatch) -> None:
    """The grid is pooled many w at a time (``training._losses``), in chunks: each point is
    the float ``loss_at_w`` gives, bit for bit, in both modes and dtypes, the overflowing
    w included; a w beyond float32 is named by its index."""
    import attention_tutorial.training as training

    ws = [-3.0, 0.0, 0.5, 4.0, 17.3, 1e20]
    monkeypatch.setattr(training, "_CHUNK_SCORES", 2 * 50 * 50)  # chunks of 2 w
    for x, y in ((data.x_train, data.y_train), (data.x_train.double(), data.y_train.double())):
        for loo in (True, False):
            got = loss_curve(ws, x, y, leave_one_out=loo)
            assert got.tolist() == [loss_at_w(w, x, y, leave_one_out=loo) for w in ws]
    with pytest.raises(
        ValueError, match=r"ws must fit in float32 \(\|w\| <= 3\.4e38\), got 1e\+39 at index 1"
    ):
        loss_curve([1.0, 1e39], data.x_train, data.y_train)
