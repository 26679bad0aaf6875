"""Attention pooling without learnable parameters, and leave-one-out keys.

Queries are test inputs, keys are training inputs and values are training
outputs, so the shapes in the tables below use ``n_test`` and ``n_train``.

The functions here take the ``bandwidth`` $h$; the functions that take a $w$
(`scores`, `NWKernelRegression`, `predict`, `loss_at_w`, `loss_curve`, `w_path`, the
explorer and its figures) take its inverse $w = 1/h$ (``bandwidth=0.5`` here is
``w=2`` there; `analysis.bandwidth_from_w` converts). `local_linear`,
`gaussian_kernel_nd`, the `scaling` formulations and the plots with a ``bandwidth=``
take $h$, like these.
"""

from __future__ import annotations

import math

import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.scores import inverse_bandwidth, proximity, score, softmax_over_keys


def average_pooling(queries: Tensor, values: Tensor) -> tuple[Tensor, Tensor]:
    """Predict the mean of all values for every query (the flat baseline).

    Every key gets the same weight ``1 / n_train``, whatever the query.

    Explained on the page `average.md`.

    Args:
        queries: Test inputs, shape ``(n_test,)``, floating dtype; only their number is
            used.
        values: Training outputs, shape ``(n_train,)``.

    Returns:
        ``(y_hat, attention_weights)`` of shapes ``(n_test,)`` and
        ``(n_test, n_train)``.

    Raises:
        TypeError: If ``queries`` or ``values`` is not a tensor.
        ValueError: If ``queries`` or ``values`` is not 1-D, is empty, has an integer
            dtype (``torch.arange(2)``) or holds NaN or an infinite value.

    Examples:
        >>> # 2 queries, 3 values: each query predicts mean(1, 2, 6) = 3
        >>> values = torch.tensor(
        ...     [1.0, 2.0, 6.0]
        ... )
        >>> y_hat, weights = average_pooling(
        ...     torch.zeros(2), values
        ... )
        >>> y_hat
        tensor([3., 3.])
        >>> weights
        tensor([[0.3333, 0.3333, 0.3333],
                [0.3333, 0.3333, 0.3333]])
    """
    _checks.vector("queries", queries, "(n_test,)")
    _checks.vector("values", values, "(n_train,)")
    n_test, n_train = len(queries), len(values)
    y_hat = values.mean().repeat_interleave(n_test)  # () -> (n_test,)
    attention_weights = torch.full(
        (n_test, n_train), 1.0 / n_train, dtype=values.dtype
    )  # (n_test, n_train)
    return y_hat, attention_weights


def gaussian_kernel(u: Tensor, bandwidth: float | Tensor = 1.0) -> Tensor:
    r"""Return the Gaussian kernel $K_h(u) = \exp(-(u/h)^2/2) / (\sqrt{2\pi}\,h)$.

    Explained on the page `nonparametric.md`.

    Args:
        u: Differences ``query - key``, any shape, floating dtype. An infinite
            difference is allowed: the kernel there is 0.
        bandwidth: The width ``h`` of the kernel: a positive number or a one-element
            floating tensor.

    Returns:
        A tensor of the same shape as ``u``.

    Raises:
        TypeError: If ``u`` is not a tensor, or ``bandwidth`` is not a number or a tensor.
        ValueError: If ``u`` is not floating or holds NaN, or if ``bandwidth`` is not a
            positive finite number or has more than one element.

    Examples:
        >>> # the peak 1 / sqrt(2 pi) is at u = 0; the kernel is symmetric
        >>> gaussian_kernel(
        ...     torch.tensor([-1.0, 0.0, 1.0])
        ... )
        tensor([0.2420, 0.3989, 0.2420])
    """
    u = _checks.tensor("u", u)
    _checks.floating("u", u)
    _checks.no_nan("u", u)
    w = inverse_bandwidth(bandwidth, u.dtype)
    h = _checks.scalar("bandwidth", bandwidth, positive=True)
    return torch.exp(score(u, w)) / (math.sqrt(2 * math.pi) * h)


def nadaraya_watson(
    queries: Tensor, keys: Tensor, values: Tensor, bandwidth: float | Tensor = 1.0
) -> tuple[Tensor, Tensor]:
    r"""Nadaraya-Watson kernel regression, with the queries tiled into a matrix.

    $\hat y(x) = \sum_i \alpha_i(x)\, y_i$ with
    $\alpha_i(x) = \mathrm{softmax}_i(-((x - x_i)/h)^2/2)$:
    a weighted average of the values, the weights coming from how close each key
    is to the query.

    Explained on the page `nonparametric.md`.

    Args:
        queries: Test inputs ``x``, shape ``(n_test,)``, floating dtype.
        keys: Training inputs ``x_i``, shape ``(n_train,)``, the dtype of ``queries``.
        values: Training outputs ``y_i``, shape ``(n_train,)``, the dtype of ``queries``.
        bandwidth: Kernel width ``h``: a positive number or a one-element floating tensor.

    Returns:
        ``(y_hat, attention_weights)`` of shapes ``(n_test,)`` and
        ``(n_test, n_train)``; each row of the weights sums to 1. Where every
        score of a query overflows (a tiny ``h`` or a far query) its weights are
        the narrow-kernel limit: all on the nearest key. Half-precision inputs
        are computed, and returned, in float32.

    Raises:
        TypeError: If ``queries``, ``keys`` or ``values`` is not a tensor, or
            ``bandwidth`` is not a number or a tensor.
        ValueError: If a tensor is not 1-D, is empty, has an integer dtype or holds NaN
            or an infinite value; if ``queries``, ``keys`` and ``values`` differ in
            dtype (float64 with float32); if ``keys`` and ``values`` differ in
            length; or if ``bandwidth`` is not a positive finite number or has more
            than one element.

    Examples:
        >>> # the query 0 is nearer to the key 0 than to the key 2
        >>> y_hat, weights = nadaraya_watson(
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        >>> weights
        tensor([[0.8808, 0.1192],
                [0.5000, 0.5000]])
        >>> y_hat
        tensor([1.1920, 5.0000])
    """
    queries, keys, values = _checks.queries_keys_values(queries, keys, values)
    w = inverse_bandwidth(bandwidth, queries.dtype)  # 1 / h
    n_train = len(keys)
    # row i of queries_tiled repeats query i, once per key
    queries_tiled = queries.repeat_interleave(n_train).reshape((-1, n_train))  # (n_test, n_train)
    # -((q - k) / h)^2 / 2, computed in the memory of the difference
    scores = score(queries_tiled - keys, w, in_place=True)  # (n_test, n_train)
    # softmax along dim=1; where a tiny h makes every score -inf, the nearest key
    attention_weights = softmax_over_keys(
        scores, lambda: proximity(queries[:, None], keys)
    )  # (n_test, n_train)
    y_hat = torch.matmul(attention_weights, values)  # (n_test, n_train) @ (n_train,)
    return y_hat, attention_weights  # (n_test,), (n_test, n_train)


def nadaraya_watson_broadcast(
    queries: Tensor, keys: Tensor, values: Tensor, bandwidth: float | Tensor = 1.0
) -> tuple[Tensor, Tensor]:
    """Nadaraya-Watson kernel regression, by broadcasting instead of tiling.

    Gives the same result as
    [`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson], with the same
    weights and the same overflow rule, without building the tiled copy of the queries.

    Explained on the pages `nonparametric.md` and `dot-product.md`.

    Args:
        queries: Test inputs, shape ``(n_test,)``, floating dtype.
        keys: Training inputs, shape ``(n_train,)``, the dtype of ``queries``.
        values: Training outputs, shape ``(n_train,)``, the dtype of ``queries``.
        bandwidth: Kernel width ``h``: a positive number or a one-element floating tensor.

    Returns:
        ``(y_hat, attention_weights)`` of shapes ``(n_test,)`` and
        ``(n_test, n_train)``; each row of the weights sums to 1. Half-precision
        inputs are computed, and returned, in float32.

    Raises:
        TypeError: If ``queries``, ``keys`` or ``values`` is not a tensor, or
            ``bandwidth`` is not a number or a tensor.
        ValueError: If a tensor is not 1-D, is empty, has an integer dtype or holds NaN
            or an infinite value; if ``queries``, ``keys`` and ``values`` differ in
            dtype (float64 with float32); if ``keys`` and ``values`` differ in
            length; or if ``bandwidth`` is not a positive finite number or has more
            than one element.

    Examples:
        >>> y_hat, _ = (
        ...     nadaraya_watson_broadcast(
        ...         torch.tensor([0.0, 1.0]),
        ...         torch.tensor([0.0, 2.0]),
        ...         torch.tensor([0.0, 10.0]),
        ...     )
        ... )
        >>> y_hat
        tensor([1.1920, 5.0000])
    """
    queries, keys, values = _checks.queries_keys_values(queries, keys, values)
    w = inverse_bandwidth(bandwidth, queries.dtype)  # 1 / h
    differences = queries[:, None] - keys[None, :]  # (n_test, 1) - (1, n_train)
    scores = score(differences, w)  # (n_test, n_train)
    attention_weights = softmax_over_keys(
        scores, lambda: proximity(queries[:, None], keys)
    )  # (n_test, n_train)
    y_hat = attention_weights @ values  # (n_test, n_train) @ (n_train,) -> (n_test,)
    return y_hat, attention_weights


def leave_one_out(x_train: Tensor, y_train: Tensor) -> tuple[Tensor, Tensor]:
    """Give each training point the keys and values of all the *other* points.

    Row ``i`` of the result holds every training input (and output) except the
    ``i``-th, so that a training point cannot copy its own label.

    Explained on the page `leave-one-out.md`.

    Args:
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``, floating dtype.
        y_train: Training outputs, shape ``(n_train,)``, the dtype of ``x_train``.

    Returns:
        ``(keys, values)``, both of shape ``(n_train, n_train - 1)``.

    Raises:
        TypeError: If ``x_train`` or ``y_train`` is not a tensor.
        ValueError: If ``x_train`` or ``y_train`` is not 1-D, has an integer dtype or
            holds NaN or an infinite value; if they differ in length or dtype; or if
            ``n_train < 2``.

    Examples:
        >>> keys, values = leave_one_out(
        ...     torch.tensor([1.0, 2.0, 3.0]),
        ...     torch.tensor(
        ...         [10.0, 20.0, 30.0]
        ...     ),
        ... )
        >>> keys
        tensor([[2., 3.],
                [1., 3.],
                [1., 2.]])
        >>> values.shape
        torch.Size([3, 2])
    """
    _checks.vector("x_train", x_train, "(n_train,)")
    _checks.vector("y_train", y_train, "(n_train,)")
    _checks.same_length("x_train", x_train, "y_train", y_train)
    _checks.same_dtype(x_train=x_train, y_train=y_train)
    n_train = len(x_train)
    if n_train < 2:
        raise ValueError(f"leave_one_out needs at least 2 training points, got {n_train}")
    x_tiled = x_train.repeat((n_train, 1))  # (n_train, n_train), every row is x_train
    y_tiled = y_train.repeat((n_train, 1))  # (n_train, n_train), every row is y_train
    mask = (1 - torch.eye(n_train)).type(torch.bool)  # (n_train, n_train), False on diagonal
    # boolean indexing keeps the off-diagonal entries row by row, as a flat tensor
    keys = x_tiled[mask].reshape((n_train, -1))  # (n_train, n_train - 1)
    values = y_tiled[mask].reshape((n_train, -1))  # (n_train, n_train - 1)
    return keys, values
