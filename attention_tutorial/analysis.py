"""Looking at the parametric model from outside: loss against ``w``, errors, bandwidths.

Also the two ways of writing the same attention scores, the Gaussian form and the
dot-product form. Computation only: the figures of these pages are in
``attention_tutorial.figures``.

Explained on the pages `leave-one-out.md`, `smoothness.md` and `dot-product.md`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.training import loss_at_w, predict


def loss_curve(
    ws: Tensor | np.ndarray | Sequence[float],
    x_train: Tensor,
    y_train: Tensor,
    *,
    leave_one_out: bool = True,
) -> np.ndarray:
    """Return the summed training loss at each ``w`` of a grid.

    One call of ``loss_at_w`` per grid point, so the curve shows what gradient
    descent on ``w`` would be sliding down.

    Explained on the page `leave-one-out.md`.

    Args:
        ws: The values of ``w`` to try, shape ``(n_w,)``.
        x_train: Training inputs, shape ``(n_train,)``.
        y_train: Training outputs, shape ``(n_train,)``.
        leave_one_out: Drop each point's own key and value (the default); with
            ``False`` every point also sees its own key.

    Returns:
        The losses, a float array of shape ``(n_w,)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> x_train = torch.tensor([0.0, 1.0, 2.0])
        >>> y_train = torch.tensor([0.0, 3.0, 0.0])
        >>> # with its own key, each point copies its own label once w is large
        >>> loss_curve([1.0, 100.0], x_train, y_train, leave_one_out=False).round(4)
        array([4.8866, 0.    ])
        >>> loss_curve([1.0, 100.0], x_train, y_train).round(4)
        array([21.0317, 27.    ])
    """
    grid = _checks.array("ws", ws, 1)
    leave_one_out = _checks.boolean("leave_one_out", leave_one_out)
    losses = [loss_at_w(float(w), x_train, y_train, leave_one_out=leave_one_out) for w in grid]
    return np.asarray(losses, dtype=float)  # (n_w,)


def best_w(ws: Tensor | np.ndarray | Sequence[float], x_train: Tensor, y_train: Tensor) -> float:
    """Return the ``w`` of the grid with the smallest leave-one-out training loss.

    Explained on the pages `leave-one-out.md` and `smoothness.md`.

    Args:
        ws: The values of ``w`` to try, shape ``(n_w,)``.
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``.
        y_train: Training outputs, shape ``(n_train,)``.

    Returns:
        The grid value with the lowest loss (the first one if several tie).

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid, or the loss is not
            finite somewhere on the grid.

    Examples:
        >>> # alternating labels: a neighbour's label is always wrong, so the
        >>> # widest kernel (the smallest w) wins
        >>> x_train = torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0])
        >>> best_w([0.1, 1.0, 10.0], x_train, torch.tensor([0.0, 1.0, 0.0, 1.0, 0.0]))
        0.1
    """
    grid = _checks.array("ws", ws, 1)
    losses = loss_curve(grid, x_train, y_train, leave_one_out=True)  # (n_w,)
    bad = np.flatnonzero(~np.isfinite(losses))  # argmin would pick a NaN
    if bad.size:
        raise ValueError(f"the loss is not finite at ws[{bad[0]}] = {grid[bad[0]]!r}")
    return float(grid[int(np.argmin(losses))])


def mse_against_truth(
    w: float | Tensor, x_test: Tensor, y_truth: Tensor, x_train: Tensor, y_train: Tensor
) -> float:
    """Return the mean squared error of the predictions at ``x_test`` against ``f``.

    The queries are the test inputs, the keys and values the whole training set
    (no point is left out: none of them is a query).

    Explained on the page `smoothness.md`.

    Args:
        w: The inverse bandwidth: a number, or a one-element tensor like ``model.w``.
        x_test: Test inputs, shape ``(n_test,)``.
        y_truth: Noise-free ``f(x_test)``, shape ``(n_test,)``.
        x_train: Training inputs, shape ``(n_train,)``.
        y_train: Training outputs, shape ``(n_train,)``.

    Returns:
        The mean of ``(y_hat - y_truth) ** 2`` as a Python float.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> # a sharp kernel copies the nearest training output
        >>> mse_against_truth(
        ...     100.0,
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 3.0]),
        ... )
        2.0
    """
    w = _checks.scalar("w", w)
    for name, value, shape in (("x_test", x_test, "(n_test,)"), ("y_truth", y_truth, "(n_test,)"),
                               ("x_train", x_train, "(n_train,)"),
                               ("y_train", y_train, "(n_train,)")):  # fmt: skip
        _checks.vector(name, value, shape)
    _checks.same_length("x_test", x_test, "y_truth", y_truth)
    _checks.same_length("x_train", x_train, "y_train", y_train)
    _checks.same_dtype(x_test=x_test, y_truth=y_truth, x_train=x_train, y_train=y_train)
    y_hat = predict(w, x_test, x_train, y_train)  # (n_test,)
    return float(((y_hat - y_truth) ** 2).mean())


def bandwidth_from_w(w: float | Tensor) -> float:
    """Return the bandwidth ``1 / |w|`` that the learnable ``w`` stands for.

    ``-((x - x_i) w)^2 / 2 = -((x - x_i) / h)^2 / 2`` with ``h = 1 / |w|``:
    ``w`` and ``-w`` give the same kernel. ``w = 0`` weighs every key alike,
    an infinitely wide kernel, so the result is ``inf``.

    Explained on the page `smoothness.md`.

    Args:
        w: A finite number, or a one-element tensor like ``model.w``.

    Returns:
        The bandwidth, a positive float (``math.inf`` for ``w = 0``).

    Raises:
        TypeError: If ``w`` is not a number or tensor.
        ValueError: If ``w`` is NaN, infinite or has more than one element.

    Examples:
        >>> bandwidth_from_w(4.0), bandwidth_from_w(-4.0)
        (0.25, 0.25)
    """
    w = _checks.scalar("w", w)
    return math.inf if w == 0 else 1.0 / abs(w)


def input_spacing(x_train: Tensor) -> tuple[float, float]:
    """Return the median and the mean gap between neighbouring training inputs.

    The inputs are sorted first. A bandwidth well below these gaps means that
    each query sees almost only its nearest training point.

    Explained on the page `smoothness.md`.

    Args:
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``.

    Returns:
        ``(median_gap, mean_gap)`` as Python floats.

    Raises:
        TypeError: If ``x_train`` is not a tensor.
        ValueError: If its shape, dtype or values are invalid.

    Examples:
        >>> input_spacing(torch.tensor([3.0, 0.0, 1.0, 1.5]))
        (1.0, 1.0)
    """
    _checks.vector("x_train", x_train, "(n_train,)")
    if len(x_train) < 2:
        raise ValueError(f"x_train needs at least 2 points to have a gap, got {len(x_train)}")
    x_sorted, _ = torch.sort(x_train.detach())  # (n_train,)
    gaps = (x_sorted[1:] - x_sorted[:-1]).double().numpy()  # (n_train - 1,)
    return float(np.median(gaps)), float(gaps.mean())


def _check_scores_inputs(queries: Tensor, keys: Tensor) -> None:
    """Validate the 1-D queries and keys of the score functions."""
    _checks.vector("queries", queries, "(n_queries,)")
    _checks.vector("keys", keys, "(n_keys,)")
    _checks.same_dtype(queries=queries, keys=keys)


def gaussian_scores(queries: Tensor, keys: Tensor, w: float | Tensor = 1.0) -> Tensor:
    """Return the Gaussian-kernel scores ``-((q - k) w)^2 / 2`` of every query-key pair.

    Explained on the page `dot-product.md`.

    Args:
        queries: Shape ``(n_queries,)``.
        keys: Shape ``(n_keys,)``.
        w: The inverse bandwidth, a number or a one-element tensor.

    Returns:
        The scores, shape ``(n_queries, n_keys)``; a softmax along ``dim=1``
        turns them into Nadaraya-Watson attention weights.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> gaussian_scores(torch.tensor([0.5, 1.0]), torch.tensor([0.0, 2.0]))
        tensor([[-0.1250, -1.1250],
                [-0.5000, -0.5000]])
    """
    _check_scores_inputs(queries, keys)
    w = _checks.scalar("w", w)
    differences = queries[:, None] - keys[None, :]  # (n_queries, 1) - (1, n_keys)
    return -((differences * w) ** 2) / 2  # (n_queries, n_keys)


def dot_product_scores(queries: Tensor, keys: Tensor, w: float | Tensor = 1.0) -> Tensor:
    """Return the same scores written as a dot product: ``(q w)(k w) - (k w)^2 / 2``.

    They differ from [`gaussian_scores`][attention_tutorial.analysis.gaussian_scores]
    by ``(q w)^2 / 2``, which is the same for every key of a query, so both give
    the same softmax.

    Explained on the page `dot-product.md`.

    Args:
        queries: Shape ``(n_queries,)``.
        keys: Shape ``(n_keys,)``.
        w: The inverse bandwidth, a number or a one-element tensor.

    Returns:
        The scores, shape ``(n_queries, n_keys)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid, or if ``w`` is so large
            that the products overflow.

    Examples:
        >>> queries, keys = torch.tensor([0.5, 1.0]), torch.tensor([0.0, 2.0])
        >>> dot_product_scores(queries, keys)
        tensor([[ 0., -1.],
                [ 0.,  0.]])
        >>> # row i differs from the Gaussian scores by queries[i]^2 / 2 only
        >>> dot_product_scores(queries, keys) - gaussian_scores(queries, keys)
        tensor([[0.1250, 0.1250],
                [0.5000, 0.5000]])
    """
    _check_scores_inputs(queries, keys)
    w = _checks.scalar("w", w)
    q, k = queries * w, keys * w  # (n_queries,), (n_keys,)
    scores = torch.outer(q, k) - (k**2)[None, :] / 2  # (n_queries, n_keys)
    if not bool(torch.isfinite(scores).all()):
        raise ValueError(
            f"w = {w!r} is too large for the dot-product form: (q w)(k w) overflows "
            f"{scores.dtype} (use gaussian_scores, or nadaraya_watson with bandwidth 1 / |w|)"
        )
    return scores


def dot_product_pooling(
    queries: Tensor, keys: Tensor, values: Tensor, w: float | Tensor = 1.0
) -> tuple[Tensor, Tensor]:
    """Nadaraya-Watson regression computed from dot-product scores.

    ``softmax((q w)(k w) - (k w)^2 / 2) @ values``: the same predictions as
    ``nadaraya_watson`` with bandwidth ``1 / |w|``.

    Explained on the page `dot-product.md`.

    Args:
        queries: Shape ``(n_queries,)``.
        keys: Shape ``(n_keys,)``.
        values: Shape ``(n_keys,)``, paired with ``keys``.
        w: The inverse bandwidth, a number or a one-element tensor.

    Returns:
        ``(y_hat, attention_weights)`` of shapes ``(n_queries,)`` and
        ``(n_queries, n_keys)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> y_hat, attention_weights = dot_product_pooling(
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        >>> y_hat
        tensor([1.1920, 5.0000])
    """
    _checks.vector("values", values, "(n_keys,)")
    scores = dot_product_scores(queries, keys, w)  # (n_queries, n_keys)
    _checks.same_length("keys", keys, "values", values)
    _checks.same_dtype(keys=keys, values=values)
    attention_weights = F.softmax(scores, dim=1)  # (n_queries, n_keys)
    y_hat = attention_weights @ values  # (n_queries, n_keys) @ (n_keys,) -> (n_queries,)
    return y_hat, attention_weights
