"""Tests of attention_tutorial.training_paths: the path of w against a numpy reference."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from attention_tutorial import NWKernelRegression, make_data, train, w_path


def numpy_path(x, y, w0, lr, epochs, log_w):
    """Gradient descent with the analytic gradient of the leave-one-out loss, in float64."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    n = len(x)
    mask = ~np.eye(n, dtype=bool)
    d = (x[:, None] - x[None, :])[mask].reshape(n, n - 1)
    v = np.broadcast_to(y, (n, n))[mask].reshape(n, n - 1)
    u = np.log(w0) if log_w else w0
    path = [w0]
    for _ in range(epochs):
        w = np.exp(u) if log_w else u
        s = -((d * w) ** 2) / 2
        a = np.exp(s - s.max(axis=1, keepdims=True))
        a /= a.sum(axis=1, keepdims=True)
        y_hat = (a * v).sum(axis=1)
        ds = -(d**2) * w  # d s / d w
        dy = (a * (ds - (a * ds).sum(axis=1, keepdims=True)) * v).sum(axis=1)
        grad = (2 * (y_hat - y) * dy).sum()
        u = u - lr * (grad * w if log_w else grad)
        path.append(float(np.exp(u) if log_w else u))
    return path


@pytest.mark.parametrize(("lr", "log_w"), [(0.5, False), (0.05, False), (0.05, True), (0.5, True)])
def test_matches_the_numpy_reference(lr, log_w):
    data = make_data(n_train=20)
    x, y = data.x_train.double(), data.y_train.double()
    path = w_path(x, y, 0.5, lr=lr, epochs=5, log_w=log_w)
    expected = numpy_path(x.numpy(), y.numpy(), 0.5, lr, 5, log_w)
    np.testing.assert_allclose(path, expected, rtol=1e-7)


def test_plain_w_takes_the_steps_of_train():
    data = make_data()
    torch.manual_seed(0)
    model = NWKernelRegression()
    w0 = model.w.item()
    path = w_path(data.x_train, data.y_train, model.w, lr=0.5)  # a one-element tensor is a w0
    train(model, data.x_train, data.y_train, epochs=5, lr=0.5)
    assert len(path) == 6 and path[0] == w0
    assert path[-1] == pytest.approx(model.w.item(), rel=1e-5)


def test_log_w_stays_positive_and_multiplies():
    data = make_data(n_train=15)
    path = w_path(data.x_train, data.y_train, 0.3, lr=0.01, epochs=4, log_w=True)
    assert all(w > 0 for w in path)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"w0": -1.0, "lr": 0.1, "log_w": True}, ValueError, "w0 must be positive"),
        ({"w0": 1.0, "lr": 0.0}, ValueError, "lr"),
        ({"w0": 1.0, "lr": 0.1, "epochs": 0}, ValueError, "epochs"),
        ({"w0": float("nan"), "lr": 0.1}, ValueError, "w0"),
        ({"w0": torch.ones(2), "lr": 0.1}, ValueError, "w0 must be a number or a one-element"),
        ({"w0": 1.0, "lr": 0.1, "log_w": 1}, TypeError, "log_w"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    data = make_data(n_train=5)
    with pytest.raises(error, match=match):
        w_path(data.x_train, data.y_train, **kwargs)


def test_divergence_is_an_error_not_nan():
    data = make_data(n_train=10)
    with pytest.raises(ValueError, match="left float32's range"):
        w_path(data.x_train, data.y_train, 1.0, lr=1e6, epochs=3, log_w=True)
