"""Looking at the parametric model from outside: loss against ``w``, errors, bandwidths.

Explained on the pages `leave-one-out.md` and `smoothness.md`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.model import _FLOAT32_MAX
from attention_tutorial.training import _data, _losses, predict


def loss_curve(
    ws: Tensor | np.ndarray | Sequence[float],
    x_train: Tensor,
    y_train: Tensor,
    *,
    leave_one_out: bool = True,
) -> np.ndarray:
    """Return the summed training loss at each ``w`` of a grid.

    The loss ``loss_at_w`` gives at each grid point (many points pooled at once), so
    the curve shows what gradient descent on ``w`` would be sliding down.

    Explained on the page `leave-one-out.md`.

    Args:
        ws: The values of ``w`` to try, shape ``(n_w,)``, finite and within float32.
        x_train: Training inputs, shape ``(n_train,)``, floating dtype; ``n_train >= 2``
            with ``leave_one_out=True``.
        y_train: Training outputs, shape ``(n_train,)``, the dtype of ``x_train``.
        leave_one_out: Drop each point's own key and value (the default); with
            ``False`` every point also sees its own key.

    Returns:
        The losses, a float array of shape ``(n_w,)``.

    Raises:
        TypeError: If ``ws`` is not a sequence of numbers, ``x_train`` or ``y_train``
            not a tensor, or ``leave_one_out`` not a bool.
        ValueError: If ``ws`` is not 1-D, is empty, holds NaN or an infinite value or
            a ``w`` beyond float32 (``|w| > 3.4e38``); if ``x_train`` or ``y_train`` is
            not 1-D, is empty, has an integer dtype or holds NaN or an infinite value;
            if they differ in length or dtype; or if ``n_train < 2`` with
            ``leave_one_out=True``.

    Examples:
        >>> x_train = torch.tensor(
        ...     [0.0, 1.0, 2.0]
        ... )
        >>> y_train = torch.tensor(
        ...     [0.0, 3.0, 0.0]
        ... )
        >>> # with its own key, each point copies its own label once w is large
        >>> loss_curve(
        ...     [1.0, 100.0],
        ...     x_train,
        ...     y_train,
        ...     leave_one_out=False,
        ... ).round(4)
        array([4.8866, 0.    ])
        >>> loss_curve(
        ...     [1.0, 100.0], x_train, y_train
        ... ).round(4)
        array([21.0317, 27.    ])
    """
    grid = _checks.array("ws", ws, 1)
    leave_one_out = _checks.boolean("leave_one_out", leave_one_out)
    x_train, y_train = _data("x_train", x_train, "y_train", y_train)
    too_large = np.abs(grid) > _FLOAT32_MAX
    if too_large.any():
        raise ValueError(
            f"ws must fit in float32 (|w| <= 3.4e38), got {float(grid[too_large][0])!r} "
            f"at index {int(np.flatnonzero(too_large)[0])}"
        )
    ws = torch.from_numpy(grid).to(torch.float32)  # (n_w,): each w as a model holds it
    return _losses(ws, x_train, y_train, leave_one_out).double().numpy()  # (n_w,)


def best_w(ws: Tensor | np.ndarray | Sequence[float], x_train: Tensor, y_train: Tensor) -> float:
    """Return the ``w`` of the grid with the smallest leave-one-out training loss.

    Explained on the pages `leave-one-out.md` and `smoothness.md`.

    Args:
        ws: The values of ``w`` to try, shape ``(n_w,)``, finite and within float32.
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``, floating dtype.
        y_train: Training outputs, shape ``(n_train,)``, the dtype of ``x_train``.

    Returns:
        The grid value with the lowest loss (the first one if several tie).

    Raises:
        TypeError: If ``ws`` is not a sequence of numbers, or ``x_train`` or
            ``y_train`` not a tensor.
        ValueError: If ``ws`` is not 1-D, is empty, holds NaN or an infinite value or
            a ``w`` beyond float32 (``|w| > 3.4e38``); if ``x_train`` or ``y_train`` is
            not 1-D, has an integer dtype or holds NaN or an infinite value; if they
            differ in length or dtype; if ``n_train < 2``; or if the loss is not
            finite somewhere on the grid.

    Examples:
        >>> # alternating labels: a neighbour's label is always wrong, so the
        >>> # widest kernel (the smallest w) wins
        >>> x_train = torch.tensor(
        ...     [0.0, 1.0, 2.0, 3.0, 4.0]
        ... )
        >>> best_w(
        ...     [0.1, 1.0, 10.0],
        ...     x_train,
        ...     torch.tensor(
        ...         [0.0, 1.0, 0.0, 1.0, 0.0]
        ...     ),
        ... )
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
        w: The inverse bandwidth: a number, or a one-element floating tensor like
            ``model.w``; finite and within float32.
        x_test: Test inputs, shape ``(n_test,)``, floating dtype.
        y_truth: Noise-free ``f(x_test)``, shape ``(n_test,)``, the dtype of ``x_test``.
        x_train: Training inputs, shape ``(n_train,)``, the dtype of ``x_test``.
        y_train: Training outputs, shape ``(n_train,)``, the dtype of ``x_test``.

    Returns:
        The mean of ``(y_hat - y_truth) ** 2`` as a Python float.

    Raises:
        TypeError: If ``w`` is not a number or a tensor, or one of the four data
            not a tensor.
        ValueError: If ``w`` is NaN, infinite, beyond float32 (``|w| > 3.4e38``), an
            integer tensor or a tensor of more than one element; if a data tensor is
            not 1-D, is empty, has an integer dtype or holds NaN or an infinite value;
            if ``x_test`` and ``y_truth``, or ``x_train`` and ``y_train``, differ in
            length; or if the four differ in dtype.

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

    $-((x - x_i) w)^2 / 2 = -((x - x_i) / h)^2 / 2$ with $h = 1 / |w|$:
    ``w`` and ``-w`` give the same kernel. ``w = 0`` weighs every key alike,
    an infinitely wide kernel, so the result is ``inf``.

    Explained on the page `smoothness.md`.

    Args:
        w: A finite number, or a one-element floating tensor like ``model.w``.

    Returns:
        The bandwidth, a positive float (``math.inf`` for ``w = 0``).

    Raises:
        TypeError: If ``w`` is not a number or tensor.
        ValueError: If ``w`` is NaN, infinite, an integer tensor or has more than one
            element.

    Examples:
        >>> (
        ...     bandwidth_from_w(4.0),
        ...     bandwidth_from_w(-4.0),
        ... )
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
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``, floating dtype.

    Returns:
        ``(median_gap, mean_gap)`` as Python floats.

    Raises:
        TypeError: If ``x_train`` is not a tensor.
        ValueError: If ``x_train`` is not 1-D, has an integer dtype or holds NaN or an
            infinite value, or if ``n_train < 2``.

    Examples:
        >>> input_spacing(
        ...     torch.tensor(
        ...         [3.0, 0.0, 1.0, 1.5]
        ...     )
        ... )
        (1.0, 1.0)
    """
    _checks.vector("x_train", x_train, "(n_train,)")
    if len(x_train) < 2:
        raise ValueError(f"x_train needs at least 2 points to have a gap, got {len(x_train)}")
    x_sorted, _ = torch.sort(x_train.detach())  # (n_train,)
    gaps = (x_sorted[1:] - x_sorted[:-1]).double().numpy()  # (n_train - 1,)
    return float(np.median(gaps)), float(gaps.mean())
