"""Tests of attention_tutorial.training: SGD, the loss against w, predictions."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
import torch

from attention_tutorial import (
    SEED,
    NWKernelRegression,
    loss_at_w,
    make_data,
    nadaraya_watson,
    predict,
    train,
)


def reference_loss(w: float, xs: list[float], ys: list[float], *, include_own: bool) -> float:
    """Return the summed squared training error of the model with fixed w, with loops."""
    total = 0.0
    for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
        others = [j for j in range(len(xs)) if include_own or j != i]
        scores = [math.exp(-(((x - xs[j]) * w) ** 2) / 2) for j in others]
        y_hat = sum(s * ys[j] for s, j in zip(scores, others, strict=True)) / sum(scores)
        total += (y_hat - y) ** 2
    return total


@pytest.fixture(scope="module")
def data():
    """Return the chapter's data set."""
    return make_data()


def new_model() -> NWKernelRegression:
    """Return the model with w drawn from a generator seeded with SEED."""
    return NWKernelRegression(generator=torch.Generator().manual_seed(SEED))


def test_train_is_deterministic(data) -> None:
    """Check that the same seed gives the same losses and the same final w."""
    a, b = new_model(), new_model()
    losses_a = train(a, data.x_train, data.y_train)
    losses_b = train(b, data.x_train, data.y_train)
    assert losses_a == losses_b
    assert a.w.item() == b.w.item()
    assert len(losses_a) == 5 and all(isinstance(loss, float) for loss in losses_a)


def test_train_decreases_the_loss(data) -> None:
    """Check that SGD from w = 1 lowers the leave-one-out loss and moves w."""
    model = NWKernelRegression(1.0)
    losses = train(model, data.x_train, data.y_train, epochs=5, lr=0.5)
    assert losses[-1] < losses[0]
    assert model.w.item() != 1.0
    assert loss_at_w(model.w.item(), data.x_train, data.y_train) < losses[0]


def test_train_first_loss_matches_reference(data) -> None:
    """Check the first recorded loss (before any step) against the loop reference."""
    losses = train(NWKernelRegression(1.0), data.x_train, data.y_train, epochs=1)
    expected = reference_loss(1.0, data.x_train.tolist(), data.y_train.tolist(), include_own=False)
    assert losses[0] == pytest.approx(expected, rel=1e-4)


@pytest.mark.parametrize("w", [0.5, 2.0, 10.0])
@pytest.mark.parametrize("leave_one_out", [True, False])
def test_loss_at_w_matches_reference(data, w: float, leave_one_out: bool) -> None:
    """Check loss_at_w in both modes against the loop reference."""
    expected = reference_loss(
        w, data.x_train.tolist(), data.y_train.tolist(), include_own=not leave_one_out
    )
    got = loss_at_w(w, data.x_train, data.y_train, leave_one_out=leave_one_out)
    assert got == pytest.approx(expected, rel=1e-4)


def test_own_key_lets_the_loss_vanish_but_leave_one_out_does_not(data) -> None:
    """Check why we leave one out: with its own key a point copies its label."""
    with_own_key = loss_at_w(1000.0, data.x_train, data.y_train, leave_one_out=False)
    left_out = loss_at_w(1000.0, data.x_train, data.y_train)
    assert with_own_key < 1e-3
    assert left_out > 10.0


def test_leave_one_out_loss_has_an_interior_minimum(data) -> None:
    """Check that the leave-one-out loss is smallest at a finite, moderate w."""
    ws = np.geomspace(0.1, 1000, 41)
    losses = [loss_at_w(float(w), data.x_train, data.y_train) for w in ws]
    best = int(np.argmin(losses))
    assert 0 < best < len(ws) - 1


def test_predict_matches_loop_and_nadaraya_watson(data) -> None:
    """Check predict against a loop, and against nadaraya_watson with h = 1 / w."""
    w = 3.0
    y_hat = predict(w, data.x_test, data.x_train, data.y_train)
    xs, ys = data.x_train.tolist(), data.y_train.tolist()
    expected = []
    for q in data.x_test.tolist():
        scores = [math.exp(-(((q - x) * w) ** 2) / 2) for x in xs]
        expected.append(sum(s * y for s, y in zip(scores, ys, strict=True)) / sum(scores))
    assert y_hat.shape == (data.n_test,) and not y_hat.requires_grad
    np.testing.assert_allclose(y_hat.numpy(), expected, atol=1e-5)
    nw, _ = nadaraya_watson(data.x_test, data.x_train, data.y_train, bandwidth=1 / w)
    torch.testing.assert_close(y_hat, nw)


def test_predict_accepts_the_trained_parameter(data) -> None:
    """Check that model.w (a Parameter) and its float give the same predictions."""
    model = NWKernelRegression(1.0)
    train(model, data.x_train, data.y_train)
    queries = data.x_test[:7]  # n_test = 7 != n_train = 50
    from_parameter = predict(model.w, queries, data.x_train, data.y_train)
    from_float = predict(model.w.item(), queries, data.x_train, data.y_train)
    assert from_parameter.shape == (7,)
    torch.testing.assert_close(from_parameter, from_float)


X, Y = torch.tensor([0.0, 1.0, 2.0]), torch.tensor([1.0, 2.0, 3.0])


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"epochs": 0}, ValueError, "epochs must be an int >= 1, got 0"),
        ({"epochs": 2.0}, TypeError, "epochs must be an int, got float"),
        ({"lr": 0.0}, ValueError, "lr must be a positive finite number, got 0.0"),
        ({"lr": float("nan")}, ValueError, "lr must be a positive finite number, got nan"),
    ],
)
def test_train_errors(kwargs, error, message) -> None:
    """Check the errors of train for its keyword arguments."""
    with pytest.raises(error, match=re.escape(message)):
        train(NWKernelRegression(1.0), X, Y, **kwargs)


def test_train_errors_on_model_and_data() -> None:
    """Check the errors of train for a wrong model and for too little data."""
    with pytest.raises(TypeError, match="model must be an NWKernelRegression, got Linear"):
        train(torch.nn.Linear(1, 1), X, Y)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="leave_one_out needs at least 2 training points, got 1"):
        train(NWKernelRegression(1.0), X[:1], Y[:1])


def test_loss_at_w_errors() -> None:
    """Check the errors of loss_at_w in both modes."""
    with pytest.raises(ValueError, match="w must be a finite number, got inf"):
        loss_at_w(float("inf"), X, Y)
    with pytest.raises(TypeError, match="leave_one_out must be a bool, got str"):
        loss_at_w(1.0, X, Y, leave_one_out="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="x_train and y_train must have the same length"):
        loss_at_w(1.0, X, Y[:2], leave_one_out=False)
    with pytest.raises(ValueError, match=re.escape("x_train must be a 1-D tensor of shape")):
        loss_at_w(1.0, X[None, :], Y, leave_one_out=False)


def test_predict_errors() -> None:
    """Check the errors of predict."""
    with pytest.raises(ValueError, match="w must be a number or a one-element tensor"):
        predict(torch.ones(2), X, X, Y)
    with pytest.raises(ValueError, match="keys and values must have the same length, got 3 and 2"):
        predict(1.0, X, X, Y[:2])
    with pytest.raises(
        ValueError, match=re.escape("keys must be a 1-D tensor of shape (n_train,)")
    ):
        predict(1.0, X, X.repeat((3, 1)), Y)
    with pytest.raises(TypeError, match=r"queries must be a torch\.Tensor, got list"):
        predict(1.0, [0.0], X, Y)  # type: ignore[arg-type]


# --- bad input that once crashed, gave NaN or a wrong name ------------------------------


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_train_and_predict_take_half_precision_data(dtype) -> None:
    """Computed in float32: the same result as float32 data holding the same values."""
    x, y = X.to(dtype), Y.to(dtype)
    half, full = NWKernelRegression(w=1.0), NWKernelRegression(w=1.0)
    assert train(half, x, y, epochs=2) == train(full, x.float(), y.float(), epochs=2)
    y_hat = predict(half.w, x, x, y)
    assert y_hat.dtype == torch.float32
    torch.testing.assert_close(y_hat, predict(full.w, x.float(), x.float(), y.float()))
    assert loss_at_w(1.0, x, y) == loss_at_w(1.0, x.float(), y.float())


def test_train_with_data_that_requires_grad_learns_only_w() -> None:
    x = X.clone().requires_grad_()
    expected = train(NWKernelRegression(w=1.0), X, Y, epochs=3)
    assert train(NWKernelRegression(w=1.0), x, Y, epochs=3) == expected
    assert x.grad is None


def test_a_huge_step_lands_on_the_nearest_neighbour_limit() -> None:
    """lr = 1e30 throws w past overflow: the weights are the nearest key's, the gradient 0."""
    model = NWKernelRegression(w=1.0)
    losses = train(model, X, Y, lr=1e30)
    assert all(math.isfinite(loss) for loss in losses)
    assert abs(model.w.item()) > 1e20
    assert losses[-1] == loss_at_w(1e4, X, Y)


def test_train_refuses_a_step_that_leaves_float32() -> None:
    with pytest.raises(ValueError, match=r"training diverged at epoch 1: .* use a smaller lr"):
        train(NWKernelRegression(w=1.0), X, Y, lr=3e38)
    with pytest.raises(ValueError, match=r"lr must fit in torch.float32"):
        train(NWKernelRegression(w=1.0), X, Y, lr=1e300)


def test_huge_w_gives_the_nearest_neighbour_not_nan() -> None:
    """Past overflow, predictions and losses equal those of a merely large w."""
    torch.testing.assert_close(predict(1e30, X, X, Y), predict(1e4, X, X, Y))
    assert loss_at_w(1e20, X, Y) == loss_at_w(1e4, X, Y)
    assert loss_at_w(1e20, X, Y, leave_one_out=False) == 0.0


def test_w_may_be_a_tensor_everywhere() -> None:
    w = NWKernelRegression(w=2.0).w
    assert loss_at_w(w, X, Y) == loss_at_w(2.0, X, Y)
    torch.testing.assert_close(predict(w, X, X, Y), predict(2.0, X, X, Y))


def test_data_errors_name_x_train_and_y_train() -> None:
    with pytest.raises(
        ValueError, match=r"x_train, y_train must have the same dtype, got torch\.float64"
    ):
        loss_at_w(1.0, X.double(), Y)
    with pytest.raises(ValueError, match="x_train, y_train must have the same dtype"):
        train(NWKernelRegression(w=1.0), X.double(), Y)
