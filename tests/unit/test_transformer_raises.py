"""Every condition a Raises entry of attention_tutorial.transformer names raises that error."""

from __future__ import annotations

import re

import pytest
import torch

from attention_tutorial import (
    ProjectedAttention,
    ScalarKernelAttention,
    dot_product_attention,
    gaussian_kernel_nd,
    masked_leave_one_out,
)

NAN, INF = float("nan"), float("inf")
Z = torch.zeros(2, 2)  # (n, d) = (2, 2): queries and keys
V = torch.zeros(2, 1)  # (n_keys, d_v) = (2, 1)
X = torch.tensor([1.0, 2.0, 3.0])  # (n_train,)
NO_KEY = torch.tensor([[False, False], [True, True]])  # the first query has no key


def kernel(**kwargs):
    return gaussian_kernel_nd(**{"queries": Z, "keys": Z, **kwargs})


def attention(**kwargs):
    return dot_product_attention(**{"queries": Z, "keys": Z, "values": V, **kwargs})


def loo(**kwargs):
    return masked_leave_one_out(**{"x_train": X, "y_train": X, **kwargs})


def scalar(**kwargs):
    args = {"queries": Z, "keys": Z, "values": V, **kwargs}
    return ScalarKernelAttention()(**args)


def projected(**kwargs):
    torch.manual_seed(0)
    args = {"queries": Z, "keys": Z, "values": V, **kwargs}
    return ProjectedAttention(2, 2)(**args)


CASES = [
    # gaussian_kernel_nd
    (kernel, {"queries": [[0.0, 0.0]]}, TypeError, "queries must be a torch.Tensor"),
    (kernel, {"bandwidth": "1"}, TypeError, "bandwidth must be a real number"),
    (kernel, {"queries": torch.zeros(2)}, ValueError, r"shape \(n_queries, d\)"),
    (kernel, {"queries": torch.zeros(1, 2, 2)}, ValueError, "must be 2-D"),
    (kernel, {"keys": torch.zeros(0, 2)}, ValueError, "non-empty"),
    (kernel, {"queries": Z.long()}, ValueError, "floating-point dtype"),
    (kernel, {"keys": Z + INF}, ValueError, "NaN or infinite"),
    (kernel, {"queries": torch.zeros(2, 3)}, ValueError, "same last dimension d"),
    (kernel, {"queries": Z.double()}, ValueError, "same dtype"),
    (kernel, {"bandwidth": 0.0}, ValueError, "positive finite number"),
    (kernel, {"bandwidth": torch.tensor([2])}, ValueError, "floating-point dtype"),
    (kernel, {"bandwidth": torch.tensor([1.0, 2.0])}, ValueError, "one-element"),
    # dot_product_attention
    (attention, {"values": [[0.0]]}, TypeError, "values must be a torch.Tensor"),
    (attention, {"mask": [[True]]}, TypeError, "mask must be a torch.Tensor"),
    (attention, {"key_bias": [[0.0]]}, TypeError, "key_bias must be a torch.Tensor"),
    (attention, {"scale": "1"}, TypeError, "scale must be a real number"),
    (attention, {"key_bias": torch.zeros(1, 2).long()}, ValueError, "floating-point"),
    (attention, {"key_bias": torch.zeros(1, 2).double()}, ValueError, "same dtype"),
    (attention, {"key_bias": torch.tensor([[NAN, 0.0]])}, ValueError, "contains NaN"),
    (attention, {"key_bias": torch.zeros(1, 3)}, ValueError, "key_bias must broadcast"),
    (attention, {"key_bias": torch.tensor([[-INF, -INF]])}, ValueError, "no finite score"),
    (attention, {"key_bias": torch.tensor([[INF, 0.0]])}, ValueError, "no finite score"),
    (attention, {"scale": 0.0}, ValueError, "scale must be a positive finite number"),
    (attention, {"queries": Z + 1e20, "keys": Z + 1e20}, ValueError, "overflow"),
    # masked_leave_one_out
    (loo, {"x_train": [1.0, 2.0]}, TypeError, "x_train must be a torch.Tensor"),
    (loo, {"w": "1"}, TypeError, "w must be a real number"),
    (loo, {"x_train": torch.zeros(3, 1)}, ValueError, "1-D tensor"),
    (loo, {"y_train": X.long()}, ValueError, "floating-point dtype"),
    (loo, {"x_train": X + INF}, ValueError, "NaN or infinite"),
    (loo, {"y_train": X[:2]}, ValueError, "same length"),
    (loo, {"y_train": X.double()}, ValueError, "same dtype"),
    (loo, {"x_train": X[:1], "y_train": X[:1]}, ValueError, "at least 2 training points"),
    (loo, {"w": NAN}, ValueError, "w must be a finite number"),
    (loo, {"w": INF}, ValueError, "w must be a finite number"),
    (loo, {"w": torch.tensor([2])}, ValueError, "floating-point dtype"),
    (loo, {"w": torch.tensor([1.0, 2.0])}, ValueError, "one-element"),
]
# dot_product_attention and the two forward methods share these conditions
for model in (attention, scalar, projected):
    CASES += [
        (model, {"queries": [[0.0, 0.0]]}, TypeError, "queries must be a torch.Tensor"),
        (model, {"mask": [[True]]}, TypeError, "mask must be a torch.Tensor"),
        (model, {"keys": torch.zeros(2)}, ValueError, "non-empty tensor of shape"),
        (model, {"values": torch.zeros(0, 1)}, ValueError, "non-empty tensor of shape"),
        (model, {"queries": Z.long()}, ValueError, "floating-point dtype"),
        (model, {"values": V + NAN}, ValueError, "NaN or infinite"),
        (model, {"keys": Z.double()}, ValueError, "same dtype"),
        (
            model,
            {"queries": torch.zeros(2, 2, 2), "keys": torch.zeros(3, 2, 2)},
            ValueError,
            "batch dimensions",
        ),
        (model, {"queries": torch.zeros(2, 3)}, ValueError, "same last dimension d"),
        (model, {"values": torch.zeros(3, 1)}, ValueError, "same number of rows n_keys"),
        (model, {"mask": torch.ones(2, 2)}, ValueError, "mask must have dtype torch.bool"),
        (model, {"mask": torch.ones(3, 2).bool()}, ValueError, "mask must broadcast"),
        (model, {"mask": NO_KEY}, ValueError, "leaves a query with no key"),
    ]
CASES += [
    (
        projected,
        {"queries": torch.zeros(2, 3), "keys": torch.zeros(2, 3)},
        ValueError,
        "d_in = 2 features",
    ),
    (projected, {"values": torch.zeros(2, 2)}, ValueError, "d_value_in = 1 features"),
    (
        projected,
        {"queries": Z.double(), "keys": Z.double(), "values": V.double()},
        ValueError,
        "dtype of the model's parameters",
    ),
    (projected, {"values": V.double()}, ValueError, "dtype of the model's parameters"),
    # |k|^2 / 2 is finite for keys of 1e3, so the dot products are what overflows
    (
        projected,
        {"queries": Z + 1e36, "keys": Z + 1e3},
        ValueError,
        "dot products of queries and keys overflow",
    ),
    # keys of 1e20: the key bias -|k|^2 / 2 overflows, an argument the caller never passed
    (projected, {"keys": Z + 1e20}, ValueError, r"projected keys' \|k\|\^2 / 2 overflows"),
    (
        projected,
        {
            "queries": torch.zeros(2, 2, 2),
            "keys": torch.zeros(2, 2, 2),
            "values": torch.zeros(3, 2, 1),
        },
        ValueError,
        "of queries, keys and values must broadcast together",
    ),
]


@pytest.mark.parametrize(
    ("call", "kwargs", "error", "message"),
    CASES,
    ids=[f"{case[0].__name__}-{i}" for i, case in enumerate(CASES)],
)
def test_each_documented_condition_raises(call, kwargs, error, message) -> None:
    with pytest.raises(error, match=message):
        call(**kwargs)


def test_half_precision_is_accepted_where_the_raises_say_so() -> None:
    """ProjectedAttention counts float16 inputs as float32, the dtype of its parameters."""
    y_hat, _ = projected(queries=Z.half(), keys=Z.half(), values=V.half())
    assert y_hat.dtype == torch.float32


F32, F64 = "torch.float32", "torch.float64"


@pytest.mark.parametrize(
    ("call", "kwargs", "message"),
    [
        # gaussian_kernel_nd has no values: only queries and keys are compared
        (kernel, {"queries": Z.double()},
         f"queries, keys must have the same dtype, got {F64}, {F32}"),
        (attention, {"keys": Z.double()},
         f"queries, keys, values must have the same dtype, got {F32}, {F64}, {F32}"),
        (attention, {"key_bias": torch.zeros(1, 2).double()},
         f"queries, key_bias must have the same dtype, got {F32}, {F64}"),
        (loo, {"y_train": X.double()},
         f"x_train, y_train must have the same dtype, got {F32}, {F64}"),
        (scalar, {"values": V.double()},
         f"queries, keys, values must have the same dtype, got {F32}, {F32}, {F64}"),
        # ProjectedAttention compares queries with keys; values go to the model's dtype
        (projected, {"queries": Z.double(), "values": V.double()},
         f"queries, keys must have the same dtype, got {F64}, {F32}"),
        (projected, {"queries": torch.zeros(2, 2, 2), "keys": torch.zeros(3, 2, 2)},
         "the batch dimensions (all but the last two) of queries and keys must broadcast "
         "together, got (2, 2, 2) and (3, 2, 2)"),
        # the key bias -|k|^2 / 2 of ProjectedAttention: named, not key_bias
        (projected, {"keys": Z + 1e20},
         f"the projected keys' |k|^2 / 2 overflows {F32}: scale the keys down, or "
         "compute in float64"),
        (attention, {"queries": torch.zeros(2, 2, 2), "keys": torch.zeros(3, 2, 2)},
         "the batch dimensions (all but the last two) of queries, keys and values must "
         "broadcast together, got (2, 2, 2), (3, 2, 2) and (2, 1)"),
    ],
    ids=lambda case: case.__name__ if callable(case) else None,
)  # fmt: skip
def test_messages_name_only_the_arguments_compared(call, kwargs, message) -> None:
    """A dtype, batch or overflow message names the arguments, their dtypes in that order."""
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        call(**kwargs)


def test_a_key_no_query_may_attend_may_overflow() -> None:
    """Its -|k|^2 / 2 changes nothing (masked out): the result is that without the key."""
    torch.manual_seed(0)
    model = ProjectedAttention(2, 2)
    x = torch.tensor([[0.0, 1.0], [1.0, 0.0]])
    keys = torch.cat([x, torch.full((1, 2), 1e20)])  # a third key, far too large
    values = torch.tensor([[1.0], [2.0], [3.0]])
    mask = torch.tensor([[True, True, False], [True, True, False]])
    y_hat, weights = model(x, keys, values, mask=mask)
    expected, _ = model(x, x, values[:2])
    assert torch.allclose(y_hat, expected) and (weights[:, 2] == 0).all()
    with pytest.raises(ValueError, match=r"projected keys' \|k\|\^2 / 2 overflows"):
        model(x, keys, values, mask=mask | torch.tensor([False, False, True]))
