"""Property tests: every formulation of Nadaraya-Watson against an exact reference.

Hypothesis draws the inputs: 1 to 12 queries and keys (rarely as many queries as
keys), float16, bfloat16, float32 or float64, bandwidths from 1e-30 to 1e30, keys
shifted far from 0, queries near the keys or far away, chunk sizes that do and do
not divide n. The reference is the formula in decimal arithmetic (50 digits) on the
exact values the tensors hold, so it is right where float64 is not (``1e20 - k``
rounds to one number for every small key in float64).

What "right" means for float arithmetic is stated per form, as the page `scale.md`
teaches it: the distance form (tiled, broadcast, chunked, the models) rounds the
scores by about ``eps * s`` and the differences by ``eps * max|x|``; the dot-product
form (SDPA, ``dot_product_pooling``) by ``eps * (max|x| / h)^2``, the digits it loses
to cancellation. Where that bound is below 1/2 the prediction must be within it;
where it is not (float32 cannot do better) the prediction must still be finite and
a weighted average of the values. Nothing may be NaN. A form may refuse an input it
cannot hold (the dot-product form when ``(x / h)^2`` overflows) only with a
ValueError that names the argument.

The profile ``properties`` is derandomized (the same examples on every run and in
CI) with a bounded number of examples per test: ``ATTN_PROPERTY_EXAMPLES`` (default
50, 350 cases over the 7 tests) scales them.
"""

from __future__ import annotations

import math
import os
import warnings
from decimal import Decimal, localcontext

import pytest
import torch
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import attention_tutorial as at
from attention_tutorial import scaling

EXAMPLES = int(os.environ.get("ATTN_PROPERTY_EXAMPLES", "50"))
settings.register_profile(
    "properties",
    max_examples=EXAMPLES,
    derandomize=True,  # reproducible: the examples depend on the test, not on a seed
    deadline=None,  # the first call of a torch kernel is slow
    database=None,  # nothing written into the work tree
    suppress_health_check=[HealthCheck.too_slow],
)
PROPERTIES = settings.get_profile("properties")

DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64)
EPS = {torch.float32: torch.finfo(torch.float32).eps, torch.float64: torch.finfo(torch.float64).eps}


def compute_dtype(dtype: torch.dtype) -> torch.dtype:
    return torch.float32 if dtype in (torch.float16, torch.bfloat16) else dtype


@st.composite
def problems(draw, *, loo: bool = False):
    """Queries, keys, values, a bandwidth and a chunk size, in one dtype."""
    dtype = draw(st.sampled_from(DTYPES))
    limit = 6e4 if dtype == torch.float16 else 1e30  # what the dtype holds, with room
    n_train = draw(st.integers(2 if loo else 1, 12))
    n_test = n_train if loo else draw(st.integers(1, 12))
    spread = 10 ** draw(st.floats(-3, 3))  # the width of the cloud of keys
    shift = draw(st.sampled_from([0.0, 1.0, -30.0, 1e3, -1e4, 1e6, 1e20]))
    shift = max(-limit / 10, min(limit / 10, shift))
    unit = st.floats(0, 1, allow_nan=False)
    keys = [shift + spread * draw(unit) for _ in range(n_train)]
    kind = draw(st.sampled_from(["near", "near", "far", "very far"]))
    far = min(limit / 2, {"near": 0.0, "far": 1e3 * spread, "very far": limit / 2}[kind])
    queries = [shift + spread * (2 * draw(unit) - 0.5) + far * draw(st.sampled_from([-1, 1]))
               for _ in range(n_test)]  # fmt: skip
    values = [draw(st.floats(-10, 10)) for _ in range(n_train)]
    bandwidth = 10 ** draw(st.floats(-30, 30))
    chunk_size = draw(st.integers(1, 13))
    as_tensor = lambda xs: torch.tensor(xs, dtype=torch.float64).to(dtype)  # noqa: E731
    if loo:
        queries = keys
    tensors = as_tensor(queries), as_tensor(keys), as_tensor(values)
    assume(all(bool(torch.isfinite(t).all()) for t in tensors))  # within the dtype's range
    return *tensors, bandwidth, chunk_size


def exact(queries, keys, values, bandwidth, *, leave_one_out: bool = False) -> list[float]:
    """Nadaraya-Watson in 50-digit decimals on the tensors' exact values."""
    with localcontext() as ctx:
        ctx.prec = 50
        h = Decimal(bandwidth)
        q_all = [Decimal(float(x)) for x in queries.double()]
        k_all = [Decimal(float(x)) for x in keys.double()]
        v_all = [Decimal(float(x)) for x in values.double()]
        out = []
        for i, q in enumerate(q_all):
            pairs = [(k, v) for j, (k, v) in enumerate(zip(k_all, v_all, strict=True))
                     if not (leave_one_out and i == j)]  # fmt: skip
            scores = [-(((q - k) / h) ** 2) / 2 for k, _ in pairs]
            top = max(scores)
            weights = [(s - top).exp() for s in scores]
            out.append(float(sum(w * v for w, (_, v) in zip(weights, pairs, strict=True))
                             / sum(weights)))  # fmt: skip
        return out


def allowed_error(queries, keys, values, bandwidth, dtype, *, dot: bool, w_eps: float = 0.0):
    """What float arithmetic of ``dtype`` allows this form, per query (inf: no bound)."""
    eps = EPS[compute_dtype(dtype)]
    q, k, v = queries.double(), keys.double(), values.double()
    largest = max(q.abs().max().item(), k.abs().max().item())
    spread_v = (v.max() - v.min()).item()
    bounds = []
    for query in q.tolist():
        d_near = (k - query).abs().min().item()
        s_near = (d_near / bandwidth) ** 2 / 2
        d_far = bandwidth * math.sqrt(2 * (s_near + 40))  # keys beyond carry < e^-40
        kappa = 4 * (eps + w_eps) * (s_near + 40) + 2 * eps * largest * d_far / bandwidth**2
        if dot:
            kappa += 4 * eps * (largest / bandwidth) ** 2
        if kappa >= 0.5 or not math.isfinite(kappa):
            bounds.append(math.inf)
        else:
            bounds.append(4 * kappa * spread_v + 8 * len(k) * eps * v.abs().max().item() + 1e-300)
    return bounds


def check(y_hat, queries, keys, values, bandwidth, dtype, *, dot=False, w_eps=0.0, loo=False):
    assert y_hat.dtype == compute_dtype(dtype)
    assert y_hat.shape == queries.shape
    assert not bool(torch.isnan(y_hat).any()), y_hat
    reference = exact(queries, keys, values, bandwidth, leave_one_out=loo)
    bounds = allowed_error(queries, keys, values, bandwidth, dtype, dot=dot, w_eps=w_eps)
    low, high = values.double().min().item(), values.double().max().item()
    slack = 4 * EPS[compute_dtype(dtype)] * max(abs(low), abs(high))
    for i, (got, want, bound) in enumerate(zip(y_hat.double().tolist(), reference, bounds,
                                                strict=True)):  # fmt: skip
        assert low - slack <= got <= high + slack, (i, got, low, high)
        assert abs(got - want) <= bound, (i, got, want, bound)


def refuses_for_overflow(call, queries, keys, bandwidth, dtype, name: str):
    """Run ``call``; a ValueError is allowed only where (x / h)^2 overflows the dtype."""
    try:
        return call()
    except ValueError as error:
        largest = max(queries.double().abs().max().item(), keys.double().abs().max().item())
        assert (largest / bandwidth) ** 2 > torch.finfo(compute_dtype(dtype)).max / 4, error
        assert name in str(error) and "overflow" in str(error), error
        return None


@pytest.mark.parametrize("name", ["tiled", "broadcast", "chunked"])
@PROPERTIES
@given(problems())
def test_distance_forms_match_the_exact_answer(name, problem) -> None:
    queries, keys, values, bandwidth, chunk_size = problem
    kwargs = {"chunk_size": chunk_size} if name == "chunked" else {}
    y_hat = scaling.formulation(name)(queries, keys, values, bandwidth, **kwargs)
    check(y_hat, queries, keys, values, bandwidth, queries.dtype)


@PROPERTIES
@given(problems())
def test_sdpa_matches_within_what_the_dot_product_form_allows(problem) -> None:
    queries, keys, values, bandwidth, _ = problem
    y_hat = refuses_for_overflow(
        lambda: at.nadaraya_watson_sdpa(queries, keys, values, bandwidth),
        queries, keys, bandwidth, queries.dtype, "bandwidth",
    )  # fmt: skip
    if y_hat is not None:
        check(y_hat, queries, keys, values, bandwidth, queries.dtype, dot=True)


@PROPERTIES
@given(problems())
def test_dot_product_pooling_matches_within_what_its_form_allows(problem) -> None:
    queries, keys, values, bandwidth, _ = problem
    w = 1 / bandwidth
    # Where float32 holds the scores only in steps of 0.5 or more the function warns (its
    # answer can then be far off, scores.py); the answer must still be within what the
    # dot-product form allows, which these bounds already grant it.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        result = refuses_for_overflow(
            lambda: at.dot_product_pooling(queries, keys, values, w),
            queries, keys, bandwidth, queries.dtype, "w",
        )  # fmt: skip
    assert all("dot_product_pooling" in str(c.message) for c in caught), caught
    if result is not None:
        check(result[0], queries, keys, values, bandwidth, queries.dtype, dot=True)


@PROPERTIES
@given(problems())
def test_the_model_path_matches_the_exact_answer(problem) -> None:
    """``predict`` runs ``NWKernelRegression`` with ``w = 1 / h`` (a float32 parameter)."""
    queries, keys, values, bandwidth, _ = problem
    w = 1 / bandwidth
    if w > torch.finfo(torch.float32).max:
        with pytest.raises(ValueError, match="w must fit in float32"):
            at.predict(w, queries, keys, values)
        return
    y_hat = at.predict(w, queries, keys, values)
    bandwidth_used = 1 / float(torch.tensor(w))  # w is rounded to float32
    check(y_hat, queries, keys, values, bandwidth_used, queries.dtype)


@PROPERTIES
@given(problems(loo=True))
def test_masked_leave_one_out_matches_the_exact_answer(problem) -> None:
    x_train, _, y_train, bandwidth, _ = problem
    y_hat, weights = at.masked_leave_one_out(x_train, y_train, 1 / bandwidth)
    assert bool((weights.diagonal() == 0).all())
    n = len(x_train)
    others = [torch.cat([x_train[:i], x_train[i + 1 :]]) for i in range(n)]
    bounds_of = [
        allowed_error(x_train[i : i + 1], others[i], y_train, bandwidth, x_train.dtype, dot=False)[
            0
        ]
        for i in range(n)
    ]
    reference = exact(x_train, x_train, y_train, bandwidth, leave_one_out=True)
    assert not bool(torch.isnan(y_hat).any())
    low, high = y_train.double().min().item(), y_train.double().max().item()
    slack = 4 * EPS[compute_dtype(x_train.dtype)] * max(abs(low), abs(high))
    for got, want, bound in zip(y_hat.double().tolist(), reference, bounds_of, strict=True):
        assert low - slack <= got <= high + slack
        assert abs(got - want) <= bound, (got, want, bound)
