"""Issue 25: every edge an independent re-implementation found, answered.

One test per finding of the issue (parametrized over its cases): the call now gives
the correct value, or a ValueError/TypeError that names the argument and says what
was expected. Each reference is computed another way: in float64, from the
nearest key by hand, or from the formula written out.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

import attention_tutorial as at
from attention_tutorial import scaling, scores
from attention_tutorial.figures.cost import plot_scaling
from attention_tutorial.figures.curves import plot_fits, plot_w_paths


def _data(n: int = 40, seed: int = 0) -> tuple[torch.Tensor, torch.Tensor]:
    generator = torch.Generator().manual_seed(seed)
    x = torch.sort(torch.rand(n, generator=generator) * 5).values  # (n,)
    return x, 2 * torch.sin(x) + x**0.8  # (n,), (n,)


def _nearest_mean(queries, keys, values) -> torch.Tensor:
    """The narrow-kernel limit by hand: the mean value of each query's nearest keys."""
    q, k, v = (np.asarray(t, dtype=np.float64) for t in (queries, keys, values))
    out = []
    for query in q:
        # distances of float32 inputs are exact in Python's arbitrary-precision integers
        # only via fractions; float64 suffices here because the cases keep keys apart
        distance = np.abs(query - k) if abs(query) < 1e15 else -(query * k - k**2 / 2)
        out.append(v[distance == distance.min()].mean())
    return torch.tensor(out, dtype=torch.float64)


# --- nadaraya_watson_chunked -------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        "tiny bandwidth, far keys first",
        "queries at +-1e20",
        "float16 data, h = 0.005",
    ],
)
def test_chunked_survives_blocks_whose_scores_are_all_minus_inf(case) -> None:
    x, y = _data(2000 if case.startswith("float16") else 64)
    queries = torch.linspace(0.1, 4.9, 50)
    if case == "tiny bandwidth, far keys first":
        keys = torch.cat([x + 1000.0, x])  # the first blocks are far from every query
        values, h, chunk = torch.cat([y, y]), 1e-18, 16
    elif case == "queries at +-1e20":
        queries, keys, values, h, chunk = torch.tensor([1e20, -1e20, 2.5]), x, y, 1.0, 8
    else:
        generator = torch.Generator().manual_seed(1)
        queries = (torch.rand(2000, generator=generator) * 5).half()
        keys, values, h, chunk = x.half(), y.half(), 0.005, 256
    y_hat = at.nadaraya_watson_chunked(queries, keys, values, h, chunk_size=chunk)
    if case == "queries at +-1e20":  # float64 rounds 1e20 - k to one number for every key
        expected = _nearest_mean(queries, keys, values)
        expected[2] = at.nadaraya_watson(queries.double(), keys.double(), values.double())[0][2]
    else:
        expected, _ = at.nadaraya_watson(queries.double(), keys.double(), values.double(), h)
    assert not bool(torch.isnan(y_hat).any())
    tolerance = 2e-3 if case.startswith("float16") else 1e-5
    assert (y_hat.double() - expected).abs().max().item() < tolerance


def test_chunked_subtracts_before_scaling() -> None:
    """Shift 1000 with h = 0.01: the distance form stays exact; a tie at h = 1e-3 is 2.5."""
    x, y = _data(300)
    queries = torch.linspace(0.0, 5.0, 101)
    q, k = queries + 1000.0, x + 1000.0  # the same distances
    expected, _ = at.nadaraya_watson(q.double(), k.double(), y.double(), 0.01)
    y_hat = at.nadaraya_watson_chunked(q, k, y, 0.01, chunk_size=64)
    assert (y_hat.double() - expected).abs().max().item() < 2e-6  # was 1.7e-4
    tie = at.nadaraya_watson_chunked(
        torch.tensor([1000.5]), torch.tensor([1000.0, 1001.0]), torch.tensor([2.0, 3.0]), 1e-3
    )
    assert tie.item() == 2.5  # was 2.73


# --- nadaraya_watson_sdpa ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("dtype", "bandwidth", "expected"),
    [
        (torch.float16, 0.01, 2.5),  # the -k^2/2 bias overflowed float16 and masked keys
        (torch.bfloat16, 0.01, 2.5),
        (torch.float32, 1e-25, ValueError),  # (q/h)(k/h) overflows float32: was NaN
        (torch.float16, 1e-25, ValueError),
    ],
)
def test_sdpa_computes_in_float32_or_refuses(dtype, bandwidth, expected) -> None:
    queries = torch.tensor([3.5], dtype=dtype)
    keys, values = torch.tensor([3.0, 4.0], dtype=dtype), torch.tensor([2.0, 3.0], dtype=dtype)
    if expected is ValueError:
        with pytest.raises(ValueError, match=r"overflow torch\.float32: .* bandwidth = 1e-25"):
            at.nadaraya_watson_sdpa(queries, keys, values, bandwidth)
        return
    y_hat = at.nadaraya_watson_sdpa(queries, keys, values, bandwidth)
    assert y_hat.dtype == torch.float32 and y_hat.item() == pytest.approx(expected, abs=1e-6)


# --- masked_leave_one_out ------------------------------------------------------------------


@pytest.mark.parametrize("w", [1e20, -1e20, 3e38, 1e39])
def test_masked_leave_one_out_equals_the_model_at_a_huge_w(w) -> None:
    x, y = _data(30)
    y_hat, weights = at.masked_leave_one_out(x, y, w)
    keys, values = at.leave_one_out(x, y)
    expected = at.NWKernelRegression(w=1e20)(x, keys, values).detach()  # the nearest other point
    assert bool(torch.isfinite(weights).all()) and bool((weights.diagonal() == 0).all())
    torch.testing.assert_close(y_hat, expected)


def test_masked_leave_one_out_refuses_mixed_dtypes() -> None:
    x, y = _data(10)
    with pytest.raises(ValueError, match="x_train, y_train must have the same dtype"):
        at.masked_leave_one_out(x, y.double())


# --- ScalarKernelAttention -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: at.ScalarKernelAttention(w=1e39), ValueError, r"w must fit in float32"),
        (lambda: at.ScalarKernelAttention(w=float("nan")), ValueError, r"w must be a finite"),
        (
            lambda: at.ScalarKernelAttention()([[0.0, 0.0]], torch.zeros(2, 2), torch.zeros(2, 1)),
            TypeError,
            r"queries must be a torch\.Tensor, got list",
        ),
    ],
)
def test_scalar_kernel_attention_refuses_what_it_cannot_hold(make, error, message) -> None:
    with pytest.raises(error, match=message):
        make()


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32])
def test_scalar_kernel_attention_at_a_huge_w_is_the_nearest_key(dtype) -> None:
    keys = torch.tensor([[0.0, 0.0], [2.0, 0.0], [0.0, 3.0]], dtype=dtype)  # (3, 2)
    queries = torch.tensor([[1.5, 0.0], [0.0, 2.0]], dtype=dtype)  # nearest: key 1, key 2
    values = torch.tensor([[10.0], [20.0], [30.0]], dtype=dtype)  # (3, 1)
    y_hat, _ = at.ScalarKernelAttention(w=1e20)(queries, keys, values)
    assert y_hat.dtype == torch.float32  # half precision computed in float32, no dtype error
    assert y_hat.reshape(-1).tolist() == [20.0, 30.0]
    mask = torch.tensor([[True, False, True], [True, True, True]])  # hide key 1 from query 0
    y_masked, _ = at.ScalarKernelAttention(w=1e20)(queries, keys, values, mask)
    assert y_masked.reshape(-1).tolist() == [10.0, 30.0]  # the nearest allowed key


# --- local_linear ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "query", "scale", "dtype"),
    [
        ("far query", 1e20, 1.0, torch.float32),
        ("keys x 1e30", 2.5, 1e30, torch.float32),
        ("float16 query 300", 300.0, 1.0, torch.float16),
    ],
)
def test_local_linear_names_the_query_whose_weight_is_on_one_key(case, query, scale, dtype):
    x, y = _data(20)
    queries = torch.tensor([1.0, query]).to(dtype)
    with pytest.raises(ValueError, match=r"queries\[\d\] = .* gets all its attention weight"):
        at.local_linear(queries, (x * scale).to(dtype), y.to(dtype), 1.0)


@pytest.mark.parametrize("bandwidth", [1e6, 1e30])
def test_local_linear_with_a_huge_bandwidth_is_the_least_squares_line(bandwidth) -> None:
    x, y = _data(20)
    queries = torch.tensor([0.0, 2.5, 1e6])
    design = torch.stack([torch.ones_like(x), x], dim=1).double()  # (n, 2)
    solution = torch.linalg.lstsq(design, y.double()[:, None]).solution[:, 0]  # (2,)
    expected = solution[0] + solution[1] * queries.double()
    y_hat, _ = at.local_linear(queries, x, y, bandwidth)
    torch.testing.assert_close(y_hat.double(), expected, rtol=1e-4, atol=1e-4)


# --- dot_product_attention ------------------------------------------------------------------

Q = torch.tensor([[[1.0, 0.0], [0.0, 1.0]]])  # (1, 2, 2)
V = torch.tensor([[[10.0], [20.0]]])  # (1, 2, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"key_bias": torch.tensor([[0.0, float("nan")]])}, r"key_bias contains NaN"),
        ({"key_bias": torch.full((1, 2), float("-inf"))}, r"key_bias leaves a query with no"),
        ({"key_bias": torch.zeros(3)}, r"key_bias must broadcast to the scores .* shape \(3,\)"),
        ({"key_bias": torch.zeros(1, 2).double()}, r"queries, key_bias must have the same dtype"),
        ({"key_bias": torch.zeros(2, 1, 1, 2)}, r"key_bias must broadcast to the scores"),
        ({"keys": torch.zeros(3, 2, 2), "values": torch.zeros(3, 2, 1),
          "queries": torch.zeros(2, 2, 2)}, r"batch dimensions .* must broadcast together"),
        ({"queries": Q * 1e20, "keys": Q * 1e20}, r"dot products of queries and keys overflow"),
    ],
)  # fmt: skip
def test_dot_product_attention_names_what_is_wrong(kwargs, message) -> None:
    args = {"queries": Q, "keys": Q, "values": V, **kwargs}
    with pytest.raises(ValueError, match=message):
        at.dot_product_attention(**args)


# --- ProjectedAttention ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ((torch.rand(5, 3), torch.rand(7, 3), torch.rand(7, 1)), r"queries must have d_in = 2"),
        ((torch.rand(5, 2), torch.rand(7, 2), torch.rand(7, 3)), r"values must have d_value_in"),
        ((torch.rand(5, 2, dtype=torch.float64), torch.rand(7, 2, dtype=torch.float64),
          torch.rand(7, 1, dtype=torch.float64)), r"queries must have the dtype of the model's"),
    ],
)  # fmt: skip
def test_projected_attention_checks_its_inputs(inputs, message) -> None:
    torch.manual_seed(0)
    with pytest.raises(ValueError, match=message):
        at.ProjectedAttention(d_in=2, d_k=2)(*inputs)


def test_projected_attention_computes_half_precision_in_float32() -> None:
    torch.manual_seed(0)
    model = at.ProjectedAttention(d_in=2, d_k=2)
    generator = torch.Generator().manual_seed(1)
    inputs = [torch.rand(shape, generator=generator) for shape in ((5, 2), (7, 2), (7, 1))]
    full, _ = model(*inputs)
    half, _ = model(*(t.half() for t in inputs))
    assert half.dtype == torch.float32
    torch.testing.assert_close(half, model(*(t.half().float() for t in inputs))[0])
    assert (half - full).abs().max().item() < 1e-2


# --- train_leave_one_out --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda x, y: (x.index_fill(0, torch.tensor([3]), float("nan")), y), ValueError,
         r"x_train contains NaN or infinite values"),
        (lambda x, y: (x, y.double()), ValueError, r"x_train, y_train must have the same dtype"),
        (lambda x, y: (x.long(), y), ValueError, r"x_train must have a floating-point dtype"),
    ],
)  # fmt: skip
def test_train_leave_one_out_names_its_own_arguments(change, error, message) -> None:
    data = at.make_data_2d(n_train=20)
    x_train, y_train = change(data.x_train, data.y_train)
    with pytest.raises(error, match=message):
        at.train_leave_one_out(at.ScalarKernelAttention(), x_train, y_train, steps=2)


def test_train_leave_one_out_names_the_optimizers_it_knows() -> None:
    data = at.make_data_2d(n_train=20)
    with pytest.raises(ValueError, match=r"optimizer must be 'adam' or 'sgd', got 'Adam'"):
        at.train_leave_one_out(
            at.ScalarKernelAttention(), data.x_train, data.y_train, steps=2, optimizer="Adam"
        )


def test_train_leave_one_out_with_sgd_takes_plain_gradient_steps() -> None:
    """One SGD step moves w by exactly -lr times the gradient of the first loss."""
    data = at.make_data_2d(n_train=20)
    probe = at.ScalarKernelAttention(w=1.0)
    mask = ~torch.eye(20, dtype=torch.bool)
    y_hat, _ = probe(data.x_train, data.x_train, data.y_train[:, None], mask)
    ((y_hat.reshape(-1) - data.y_train) ** 2).mean().backward()
    model = at.ScalarKernelAttention(w=1.0)
    at.train_leave_one_out(model, data.x_train, data.y_train, steps=1, lr=0.1, optimizer="sgd")
    torch.testing.assert_close(model.w.detach(), 1.0 - 0.1 * probe.w.grad)


def test_train_leave_one_out_reports_divergence() -> None:
    data = at.make_data_2d(n_train=20)
    torch.manual_seed(0)
    with pytest.raises(ValueError, match=r"training diverged at step [2-5]: .* use a smaller lr"):
        at.train_leave_one_out(
            at.ProjectedAttention(d_in=2, d_k=2), data.x_train, data.y_train, steps=5, lr=1e30
        )


# --- w_path ---------------------------------------------------------------------------------


def test_w_path_treats_the_data_as_constants() -> None:
    x, y = _data(20)
    expected = at.w_path(x, y, 1.0, lr=0.01, epochs=3)
    assert at.w_path(x.clone().requires_grad_(), y, 1.0, lr=0.01, epochs=3) == expected


@pytest.mark.parametrize(
    ("w0", "expected"),
    [(1e20, "finite"), (3e38, "finite"), (1e39, r"w0 must fit in float32")],
)
def test_w_path_from_a_huge_w0(w0, expected) -> None:
    x, y = _data(20)
    if expected != "finite":
        with pytest.raises(ValueError, match=expected):
            at.w_path(x, y, w0, lr=0.5, epochs=2)
        return
    path = at.w_path(x, y, w0, lr=0.5, epochs=2)  # the nearest-neighbour limit: gradient 0
    assert path == [w0, float(torch.tensor(w0)), float(torch.tensor(w0))]


# --- mse_on_test and ToyData2D --------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "change", "message"),
    [
        ("y_truth", lambda t: t[:, None], r"y_truth must be a 1-D tensor of shape \(n_test,\)"),
        ("y_train", lambda t: t[:-1], r"x_train and y_train must have the same length"),
        ("x_test", lambda t: t[:, :1], r"x_train and x_test must have the same number of features"),
        ("x_train", lambda t: t.double(), r"must have the same dtype"),
        ("x_test", lambda t: t.index_fill(0, torch.tensor([0]), math.inf), r"x_test contains NaN"),
        ("x_train", lambda t: t.tolist(), r"x_train must be a torch\.Tensor"),
    ],
)  # fmt: skip
def test_toy_data_2d_validates_its_tensors(field, change, message) -> None:
    data = at.make_data_2d(n_train=10, grid=3)
    fields = {name: getattr(data, name) for name in ("x_train", "y_train", "x_test", "y_truth")}
    fields[field] = change(fields[field])
    with pytest.raises((ValueError, TypeError), match=message):
        at.ToyData2D(**fields)


def test_mse_on_test_compares_like_shapes() -> None:
    """The issue's case: y_truth of shape (n, 1) broadcast to (n, n), 2.7833 for 2.2096."""
    data = at.make_data_2d(n_train=30, grid=5)
    model = at.ScalarKernelAttention(w=1.0)
    with torch.no_grad():
        y_hat, _ = model(data.x_test, data.x_train, data.y_train[:, None])  # (n_test, 1)
    expected = ((y_hat[:, 0].double() - data.y_truth.double()) ** 2).mean().item()
    assert at.mse_on_test(model, data) == pytest.approx(expected, rel=1e-6)


# --- peak_intermediate_bytes ------------------------------------------------------------------


@pytest.mark.parametrize("n", [3_100_000_000, 10**12])
def test_peak_bytes_do_not_overflow(n) -> None:
    count = at.peak_intermediate_bytes("tiled", n, n)
    assert type(count) is int and count == 12 * n * n > 0


# --- the rest: blame, lists, NaN seconds, tensor bandwidths ---------------------------------


def test_dot_product_pooling_names_the_large_keys_not_only_w() -> None:
    x, y = _data(10)
    with pytest.raises(ValueError, match=r"max \|k\| = 4\.\d+e\+30 and w = 1 .* scale the queries"):
        at.dot_product_pooling(x, x * 1e30, y)


@pytest.mark.parametrize(
    "call",
    [
        lambda x, y: plot_fits(x, y, [y], x, y, lang="en"),
        lambda x, y: plot_w_paths(x, y, [[1.0, 2.0]], ws=[0.5, 1.0, 4.0], lang="en"),
    ],
)
def test_figures_refuse_a_list_where_a_mapping_is_expected(call) -> None:
    x = torch.tensor([0.0, 1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match=r"(fits|paths) must be a mapping .* got list"):
        call(x, x**2)


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [("seconds", float("nan"), ValueError), ("seconds", 0.0, ValueError),
     ("peak_bytes", float("inf"), ValueError), ("n", "1000", TypeError)],
)  # fmt: skip
def test_plot_scaling_refuses_measurements_it_cannot_draw(field, value, error) -> None:
    rows = [{"formulation": "tiled", "n": n, "seconds": 0.1, "peak_bytes": 12 * n * n}
            for n in (1000, 2000)]  # fmt: skip
    rows[1] = {**rows[1], field: value}
    with pytest.raises(error, match=f"measurement {field} must be a"):
        plot_scaling(rows, lang="en")


BANDWIDTH_FUNCTIONS = {
    "nadaraya_watson": lambda q, k, v, h: at.nadaraya_watson(q, k, v, h)[0],
    "nadaraya_watson_broadcast": lambda q, k, v, h: at.nadaraya_watson_broadcast(q, k, v, h)[0],
    "nadaraya_watson_chunked": lambda q, k, v, h: at.nadaraya_watson_chunked(q, k, v, h),
    "nadaraya_watson_sdpa": lambda q, k, v, h: at.nadaraya_watson_sdpa(q, k, v, h),
    "local_linear": lambda q, k, v, h: at.local_linear(q, k, v, h)[0],
    "gaussian_kernel": lambda q, k, v, h: at.gaussian_kernel(q - 1.0, h),
    "gaussian_kernel_nd": lambda q, k, v, h: at.gaussian_kernel_nd(q[:, None], k[:, None], h),
}


@pytest.mark.parametrize("name", list(BANDWIDTH_FUNCTIONS))
def test_every_bandwidth_may_be_a_one_element_tensor(name) -> None:
    function = BANDWIDTH_FUNCTIONS[name]
    x, y = _data(12)
    queries = torch.tensor([0.5, 2.0, 4.5])
    expected = function(queries, x, y, 0.5)
    torch.testing.assert_close(function(queries, x, y, torch.tensor(0.5)), expected)
    torch.testing.assert_close(function(queries, x, y, torch.tensor([0.5])), expected)
    with pytest.raises(ValueError, match="bandwidth must be a number or a one-element tensor"):
        function(queries, x, y, torch.tensor([0.5, 1.0]))


# --- the one score and the one policy ---------------------------------------------------------


def test_no_module_writes_the_score_or_the_softmax_again() -> None:
    """The score formula and softmax appear in attention_tutorial/scores.py only."""
    import pathlib
    import re

    package = pathlib.Path(at.__file__).parent
    offenders = []
    for path in package.glob("*.py"):
        if path.name == "scores.py":
            continue
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line.split("#")[0] for line in text.splitlines() if ">>>" not in line)
        for pattern in (r"\*\* ?2\) ?/ ?2", r"F\.softmax\(", r"torch\.softmax\(", r"/ ?\(2 \* h"):
            if re.search(pattern, code):
                offenders.append(f"{path.name}: {pattern}")
    assert offenders == [] or offenders == ["transformer.py: F\\.softmax\\("], offenders


def test_score_is_the_gaussian_formula_and_exact_at_ties() -> None:
    d = torch.tensor([0.0, 1.0, -3.0])
    torch.testing.assert_close(scores.score(d, 2.0), -((d * 2.0) ** 2) / 2)
    w = scores.inverse_bandwidth(1e-300, torch.float32)  # 1 / h past float32: the largest w
    assert math.isfinite(w) and scores.score(torch.tensor([0.0]), w).item() == 0.0


def test_formulation_gives_every_form_the_same_signature() -> None:
    x, y = _data(12)
    queries = torch.tensor([0.5, 2.0])
    for name in scaling.FORMULATIONS:
        assert scaling.formulation(name)(queries, x, y).shape == (2,)
    assert not hasattr(scaling, "nadaraya_watson_broadcasting")
