"""Where gradient descent takes ``w``: its path, with ``w`` or with ``log w`` as the parameter.

Explained on the page `smoothness.md`.
"""

from __future__ import annotations

import math

import torch
from torch import Tensor, nn

from attention_tutorial import _checks
from attention_tutorial.pooling import leave_one_out
from attention_tutorial.scores import proximity, score, softmax_over_keys

_FLOAT32_MAX = torch.finfo(torch.float32).max


def w_path(
    x_train: Tensor,
    y_train: Tensor,
    w0: float | Tensor,
    *,
    lr: float,
    epochs: int = 5,
    log_w: bool = False,
) -> list[float]:
    r"""Return ``w`` before training and after each full-batch SGD step.

    The loss is the summed leave-one-out squared error of the page
    `parametric.md`. With ``log_w=False`` the parameter is ``w`` itself, as in
    [`train`][attention_tutorial.training.train] (same steps, same result). With
    ``log_w=True`` the parameter is $u = \log w$ and $w = e^u$: a step changes
    ``w`` by a factor, the gradient is $\partial L/\partial u = w\,\partial L/\partial w$,
    and ``w`` stays positive.

    Explained on the page `smoothness.md`.

    Args:
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``; used as
            constants (detached), half precision computed in float32.
        y_train: Training outputs, shape ``(n_train,)``, the dtype of ``x_train``.
        w0: The initial ``w``: a number or a one-element floating-point tensor,
            within the range of float32; positive when ``log_w`` is true.
        lr: Learning rate, a positive number.
        epochs: Number of SGD steps, ``>= 1``.
        log_w: Take ``log w`` as the parameter instead of ``w``.

    Returns:
        ``epochs + 1`` floats: the initial ``w``, then ``w`` after each step.

    Raises:
        TypeError: If ``x_train`` or ``y_train`` is not a tensor, ``w0`` not a number
            or a tensor, ``lr`` not a number, ``epochs`` not an int or ``log_w`` not a
            bool.
        ValueError: If ``x_train`` or ``y_train`` is not 1-D, has an integer dtype or
            holds NaN or an infinite value; if they differ in length or dtype; if
            ``n_train < 2``, ``lr`` is not positive or ``epochs < 1``; if ``w0`` is a
            tensor of more than one element or of an integer dtype, or not positive
            while ``log_w`` is true; or if ``w`` leaves float32's range.

    Examples:
        >>> data = make_data()
        >>> _ = torch.manual_seed(SEED)
        >>> w0 = NWKernelRegression().w
        >>> # the lesson's data, w0, lr = 0.5
        >>> paths = [
        ...     w_path(
        ...         data.x_train,
        ...         data.y_train,
        ...         w0,
        ...         lr=0.5,
        ...         epochs=3,
        ...         log_w=log_w,
        ...     )
        ...     for log_w in (False, True)
        ... ]
        >>> # w: the path that train takes
        >>> [round(w, 1) for w in paths[0]]
        [0.5, 16.9, 16.7, 16.6]
        >>> # log w: one jump, then stuck
        >>> [round(w, 1) for w in paths[1]]
        [0.5, 1700.1, 1700.1, 1700.1]
    """
    keys, values = leave_one_out(x_train, y_train)  # (n_train, n_train - 1) each
    x_train, y_train = _checks.upcast(x_train.detach()), _checks.upcast(y_train.detach())
    keys, values = _checks.upcast(keys.detach()), _checks.upcast(values.detach())
    w0 = _checks.scalar("w0", w0)
    lr = _checks.positive_number("lr", lr)
    epochs = _checks.integer("epochs", epochs, minimum=1)
    log_w = _checks.boolean("log_w", log_w)
    if log_w and w0 <= 0:
        raise ValueError(f"w0 must be positive when log_w is true, got {w0!r}")
    if abs(w0) > _FLOAT32_MAX:
        raise ValueError(f"w0 must fit in float32 (|w0| <= 3.4e38), got {w0!r}")
    start = math.log(w0) if log_w else w0
    parameter = nn.Parameter(torch.tensor([start], dtype=x_train.dtype))  # (1,)
    trainer = torch.optim.SGD([parameter], lr=lr)
    queries = x_train[:, None]  # (n_train, 1), broadcast against each row of keys
    path = [w0]
    for _ in range(epochs):
        trainer.zero_grad()
        w = parameter.exp() if log_w else parameter  # (1,)
        scores = score(queries - keys, w)  # (n_train, n_train - 1)
        weights = softmax_over_keys(
            scores, lambda: proximity(queries, keys)
        )  # (n_train, n_train - 1)
        y_hat = (weights * values).sum(dim=1)  # (n_train,)
        ((y_hat - y_train) ** 2).sum().backward()
        trainer.step()
        with torch.no_grad():
            w_now = parameter.exp() if log_w else parameter
        w_value = float(w_now.item())
        if not math.isfinite(w_value):
            raise ValueError(f"w left float32's range (about 3.4e38) after a step with lr = {lr!r}")
        path.append(w_value)
    return path
