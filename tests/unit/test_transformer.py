"""Tests of attention_tutorial.transformer and toy2d against torch builtins and loops."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from torch import nn
from torch.nn import functional as F

from attention_tutorial import (
    NWKernelRegression,
    ProjectedAttention,
    ScalarKernelAttention,
    dot_product_attention,
    gaussian_kernel_nd,
    leave_one_out,
    make_data_2d,
    masked_leave_one_out,
    mse_on_test,
    nadaraya_watson,
    train_leave_one_out,
    train_seeds,
)


@pytest.fixture
def qkv():
    generator = torch.Generator().manual_seed(3)
    return (
        torch.randn(2, 5, 4, generator=generator),  # (batch, n_q, d)
        torch.randn(2, 7, 4, generator=generator),  # (batch, n_k, d)
        torch.randn(2, 7, 3, generator=generator),  # (batch, n_k, d_v)
    )


def test_gaussian_kernel_nd_matches_a_loop() -> None:
    generator = torch.Generator().manual_seed(4)
    q, k = torch.randn(3, 2, generator=generator), torch.randn(4, 2, generator=generator)
    h = 0.7
    expected = [
        [math.exp(-sum((a - b) ** 2 for a, b in zip(qi, kj, strict=True)) / (2 * h * h))
         / (2 * math.pi * h * h) for kj in k.tolist()]
        for qi in q.tolist()
    ]  # fmt: skip
    np.testing.assert_allclose(gaussian_kernel_nd(q, k, h).numpy(), expected, rtol=1e-5)
    torch.testing.assert_close(
        gaussian_kernel_nd(q, k), torch.exp(-(torch.cdist(q, k) ** 2) / 2) / (2 * math.pi)
    )


@pytest.mark.parametrize(
    ("queries", "message"),
    [
        # a 1-D input: the message names the shape the page gives, not (..., n_queries, d)
        (torch.tensor([0.0, 0.0]), r"queries must be a non-empty tensor of shape \(n_queries, d\)"),
        (torch.zeros(1, 1, 2), r"queries and keys must be 2-D: \(n_queries, d\)"),
    ],
)
def test_gaussian_kernel_nd_names_its_shape(queries, message) -> None:
    with pytest.raises(ValueError, match=message):
        gaussian_kernel_nd(queries, torch.zeros(2, 2))


def test_attention_matches_sdpa(qkv) -> None:
    output, weights = dot_product_attention(*qkv)
    torch.testing.assert_close(output, F.scaled_dot_product_attention(*qkv))
    torch.testing.assert_close(weights.sum(-1), torch.ones(2, 5))


def test_boolean_mask_matches_sdpa(qkv) -> None:
    mask = torch.rand(5, 7, generator=torch.Generator().manual_seed(5)) > 0.4
    mask[:, 0] = True  # every query keeps a key
    output, weights = dot_product_attention(*qkv, mask=mask)
    torch.testing.assert_close(output, F.scaled_dot_product_attention(*qkv, attn_mask=mask))
    assert bool((weights[:, ~mask] == 0).all())


def test_key_bias_matches_a_float_attn_mask(qkv) -> None:
    q, k, v = qkv
    bias = -(k**2).sum(-1).unsqueeze(-2) / 2  # (2, 1, 7)
    output, _ = dot_product_attention(q, k, v, key_bias=bias, scale=1.0)
    expected = F.scaled_dot_product_attention(q, k, v, attn_mask=bias, scale=1.0)
    torch.testing.assert_close(output, expected)


def test_key_bias_form_is_the_gaussian_kernel() -> None:
    generator = torch.Generator().manual_seed(6)
    q, k = torch.randn(5, 2, generator=generator), torch.randn(8, 2, generator=generator)
    v = torch.randn(8, 1, generator=generator)
    output, weights = ScalarKernelAttention(w=1.0)(q, k, v)
    kernel = gaussian_kernel_nd(q, k)
    torch.testing.assert_close(weights, kernel / kernel.sum(1, keepdim=True))
    torch.testing.assert_close(output, weights @ v)


def test_one_dimensional_scalar_model_is_the_chapter_model() -> None:
    generator = torch.Generator().manual_seed(7)
    x = torch.rand(9, generator=generator) * 5
    q = torch.rand(4, generator=generator) * 5
    y_hat, _ = ScalarKernelAttention(w=1.0)(q[:, None], x[:, None], torch.sin(x)[:, None])
    torch.testing.assert_close(y_hat[:, 0], nadaraya_watson(q, x, torch.sin(x))[0])


def test_projected_model_with_w_times_identity_is_the_scalar_model() -> None:
    generator = torch.Generator().manual_seed(8)
    x, y = torch.rand(6, 2, generator=generator), torch.rand(6, 1, generator=generator)
    model = ProjectedAttention(2, 2)
    with torch.no_grad():
        model.W_q.weight.copy_(3.0 * torch.eye(2))
        model.W_k.weight.copy_(3.0 * torch.eye(2))
        model.W_v.weight.fill_(1.0)
    mask = ~torch.eye(6, dtype=torch.bool)
    expected, _ = ScalarKernelAttention(w=3.0)(x, x, y, mask)
    torch.testing.assert_close(model(x, x, y, mask)[0], expected)


@pytest.mark.parametrize("w", [0.5, 1.0, 17.0])
def test_masked_leave_one_out_is_the_chapter_model(w) -> None:
    generator = torch.Generator().manual_seed(9)
    x = torch.sort(torch.rand(11, generator=generator) * 5).values
    y = torch.sin(x)
    y_hat, weights = masked_leave_one_out(x, y, w)
    with torch.no_grad():
        expected = NWKernelRegression(w)(x, *leave_one_out(x, y))
    torch.testing.assert_close(y_hat, expected)
    assert bool((weights.diagonal() == 0).all())


def test_projected_attention_matches_multihead_attention(qkv) -> None:
    """The single-head MultiheadAttention with the same W_q, W_k, W_v and no output projection."""
    q, k, v = qkv
    v = v[..., :1].expand(-1, -1, 4).contiguous()  # MHA wants d_v = d here
    torch.manual_seed(0)
    model = ProjectedAttention(4, 4, 4, 4, key_bias=False)
    mha = nn.MultiheadAttention(4, num_heads=1, bias=False, batch_first=True)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([model.W_q.weight, model.W_k.weight, model.W_v.weight]))
        mha.out_proj.weight.copy_(torch.eye(4))
    output, weights = model(q, k, v)
    expected, expected_weights = mha(q, k, v)
    torch.testing.assert_close(output, expected)
    torch.testing.assert_close(weights, expected_weights)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"queries": torch.zeros(5)}, "queries must be a non-empty tensor of shape"),
        ({"keys": torch.zeros(7, 3)}, "queries and keys must have the same last dimension"),
        ({"values": torch.zeros(6, 1)}, "keys and values must have the same number of rows"),
        ({"mask": torch.ones(5, 7)}, "mask must have dtype torch.bool"),
        ({"mask": torch.ones(4, 7, dtype=torch.bool)}, "mask must broadcast to"),
        ({"mask": torch.zeros(5, 7, dtype=torch.bool)}, "mask leaves a query with no key"),
        ({"scale": -1.0}, "scale must be a positive finite number"),
    ],
)
def test_attention_rejects_bad_input(kwargs, message) -> None:
    args = {"queries": torch.zeros(5, 2), "keys": torch.zeros(7, 2), "values": torch.zeros(7, 1)}
    with pytest.raises(ValueError, match=message):
        dot_product_attention(**{**args, **kwargs})


def test_data_2d_is_seeded_and_shaped() -> None:
    a, b = make_data_2d(n_train=40, grid=5), make_data_2d(n_train=40, grid=5)
    assert torch.equal(a.x_train, b.x_train) and a.x_train.shape == (40, 2)
    assert a.x_test.shape == (25, 2) and a.y_truth.shape == (25,)
    assert float(a.x_train.min()) >= 0 and float(a.x_train.max()) < 5
    with pytest.raises(ValueError, match="n_train must be an int >= 2"):
        make_data_2d(n_train=1)


def test_training_lowers_the_loss_and_the_projection_beats_one_w() -> None:
    data = make_data_2d()
    scalar = ScalarKernelAttention(1.0)
    losses = train_leave_one_out(scalar, data.x_train, data.y_train, steps=150, lr=0.1)
    torch.manual_seed(0)
    projected = ProjectedAttention(2, 2)
    train_leave_one_out(projected, data.x_train, data.y_train, steps=300, lr=0.1)
    assert losses[-1] < losses[0]
    assert mse_on_test(projected, data) < mse_on_test(scalar, data)
    with pytest.raises(ValueError, match="x_train must have shape"):
        train_leave_one_out(scalar, data.y_train, data.y_train)
    with pytest.raises(TypeError, match=r"model must be an nn\.Module"):
        mse_on_test("model", data)


def test_train_seeds_trains_each_seed_as_train_leave_one_out_does() -> None:
    """The batched loop is, seed by seed, the model train_leave_one_out trains."""
    data = make_data_2d(n_train=30, grid=4)
    state = torch.random.get_rng_state()
    mse, loss = train_seeds(data, [3, 0], record=[20, 5], lr=0.1)
    assert torch.equal(torch.random.get_rng_state(), state)  # the global generator restored
    assert list(mse) == list(loss) == [5, 20]
    for i, seed in enumerate([3, 0]):
        torch.manual_seed(seed)
        model = ProjectedAttention(2, 2)
        losses = train_leave_one_out(model, data.x_train, data.y_train, steps=20, lr=0.1)
        assert loss[20][i].item() == pytest.approx(losses[19], rel=1e-4)
        assert loss[5][i].item() == pytest.approx(losses[4], rel=1e-4)
        assert mse[20][i].item() == pytest.approx(mse_on_test(model, data), rel=1e-4)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"data": "data"}, TypeError, r"data must be a ToyData2D, got str"),
        ({"seeds": []}, ValueError, r"seeds and record must each hold at least one int"),
        ({"record": ()}, ValueError, r"seeds and record must each hold at least one int"),
        ({"seeds": [0, -1]}, ValueError, r"seeds must be an int >= 0, got -1"),
        ({"seeds": [0.5]}, TypeError, r"seeds must be an int, got float"),
        ({"record": [0]}, ValueError, r"record must be an int >= 1, got 0"),
        ({"lr": 0}, ValueError, r"lr must be a positive finite number"),
        ({"lr": 1e30}, ValueError, r"training diverged at step \d+: .* use a smaller lr"),
    ],
)  # fmt: skip
def test_train_seeds_names_its_bad_arguments(kwargs, error, message) -> None:
    arguments = {"data": make_data_2d(n_train=20, grid=2), "seeds": [0], "record": [3]}
    with pytest.raises(error, match=message):
        train_seeds(**{**arguments, **kwargs})
