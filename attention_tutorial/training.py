"""Training the parametric model, and the loss as a function of ``w``.

Explained on the pages `parametric.md`, `leave-one-out.md` and `smoothness.md`.
"""

from __future__ import annotations

import torch
from torch import Tensor, nn

from attention_tutorial import _checks
from attention_tutorial.model import NWKernelRegression, _pool_rows
from attention_tutorial.pooling import leave_one_out as _leave_one_out


def train(
    model: NWKernelRegression,
    x_train: Tensor,
    y_train: Tensor,
    *,
    epochs: int = 5,
    lr: float = 0.5,
) -> list[float]:
    """Fit ``model.w`` by SGD on the summed squared error, with leave-one-out keys.

    Each epoch is one full-batch step. No random numbers are used, so the
    result depends only on the initial ``w`` and the data. The data are
    constants (detached first: only ``w`` learns); float16 and bfloat16 data are
    computed in float32.

    Explained on the page `parametric.md`.

    Args:
        model: The model to train, updated in place.
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``, floating dtype.
        y_train: Training outputs, shape ``(n_train,)``, the dtype of ``x_train``.
        epochs: Number of SGD steps, ``>= 1``.
        lr: Learning rate, a positive number.

    Returns:
        The summed training loss of each epoch, measured before its step.

    Raises:
        TypeError: If ``model`` is not an ``NWKernelRegression``, ``x_train`` or
            ``y_train`` not a tensor, ``epochs`` not an int or ``lr`` not a number.
        ValueError: If ``x_train`` or ``y_train`` is not 1-D, has an integer dtype or
            holds NaN or an infinite value; if they differ in length or dtype; if
            ``n_train < 2``, ``epochs < 1`` or ``lr`` is not positive; if ``lr`` is beyond
            float32 (``lr > 3.4e38``); or if the loss or the gradient stops being finite
            (``w`` beyond float32, e.g. ``lr=3e38``). A large ``lr`` short of that raises
            nothing: ``w`` jumps far and the loss stays at the plateau of copying the
            nearest other point's label (35.68 with ``lr=1e6``).

    Examples:
        >>> # the lesson's training: the seeded initial w, 5 steps at lr = 0.5
        >>> data = make_data()
        >>> _ = torch.manual_seed(SEED)
        >>> model = NWKernelRegression()
        >>> losses = train(
        ...     model,
        ...     data.x_train,
        ...     data.y_train,
        ... )
        >>> [round(loss, 2) for loss in losses]
        [58.82, 22.93, 22.87, 22.81, 22.75]
        >>> # w, from 0.496: a narrower kernel
        >>> round(model.w.item(), 2)
        16.2
    """
    if not isinstance(model, NWKernelRegression):
        raise TypeError(f"model must be an NWKernelRegression, got {type(model).__name__}")
    epochs = _checks.integer("epochs", epochs, minimum=1)
    lr = _checks.positive_number("lr", lr)
    if lr > torch.finfo(model.w.dtype).max:
        raise ValueError(
            f"lr must fit in {model.w.dtype} (lr <= {torch.finfo(model.w.dtype).max:.3g}), "
            f"got {lr!r}"
        )
    x_train, y_train = _data("x_train", x_train, "y_train", y_train)
    keys, values = _leave_one_out(x_train, y_train)  # (n_train, n_train - 1) each
    loss = nn.MSELoss(reduction="none")
    trainer = torch.optim.SGD(model.parameters(), lr=lr)
    losses: list[float] = []
    for epoch in range(epochs):
        trainer.zero_grad()
        squared_errors = loss(model(x_train, keys, values), y_train)  # (n_train,)
        squared_errors.sum().backward()
        _check_step(model, squared_errors, epoch)
        trainer.step()
        if not bool(torch.isfinite(model.w).all()):
            raise ValueError(
                f"training diverged at epoch {epoch + 1}: the step took w out of the finite "
                f"{model.w.dtype} numbers; use a smaller lr"
            )
        losses.append(float(squared_errors.sum().detach()))
    return losses


def _data(name_x: str, x: Tensor, name_y: str, y: Tensor) -> tuple[Tensor, Tensor]:
    """Validate a pair of 1-D data tensors; return them detached, half precision as float32."""
    x = _checks.vector(name_x, x, "(n_train,)")
    y = _checks.vector(name_y, y, "(n_train,)")
    _checks.same_length(name_x, x, name_y, y)
    _checks.same_dtype(**{name_x: x, name_y: y})
    return _checks.upcast(x.detach()), _checks.upcast(y.detach())


def _check_step(model: NWKernelRegression, squared_errors: Tensor, epoch: int) -> None:
    """Refuse to take a step from a loss or a gradient that is not finite."""
    grad = model.w.grad
    if (
        not bool(torch.isfinite(squared_errors).all())
        or grad is None
        or not bool(torch.isfinite(grad).all())
    ):
        raise ValueError(
            f"training diverged at epoch {epoch + 1}: with w = {model.w.item():.4g} the loss or "
            "its gradient is not finite; use a smaller lr or a smaller initial w"
        )


def loss_at_w(
    w: float | Tensor, x_train: Tensor, y_train: Tensor, *, leave_one_out: bool = True
) -> float:
    """Return the summed squared training error of the model with a fixed ``w``.

    With ``leave_one_out=False`` every training point also sees its own key, and
    the loss tends to 0 as ``|w|`` grows: each point just copies its own label.

    Explained on the page `leave-one-out.md`.

    Args:
        w: The inverse bandwidth: a number, or a one-element tensor like ``model.w``.
        x_train: Training inputs, shape ``(n_train,)``, floating dtype; ``n_train >= 2``
            with ``leave_one_out=True`` (each point needs another point's key).
        y_train: Training outputs, shape ``(n_train,)``, the dtype of ``x_train``.
        leave_one_out: Drop each point's own key and value (the default).

    Returns:
        The loss as a Python float.

    Raises:
        TypeError: If ``w`` is not a number or a tensor, ``x_train`` or ``y_train``
            not a tensor, or ``leave_one_out`` not a bool.
        ValueError: If ``w`` is not finite, beyond float32 (``|w| > 3.4e38``), an
            integer tensor or a tensor of more than one element; if ``x_train`` or
            ``y_train`` is not 1-D, is empty, has an integer dtype or holds NaN or an
            infinite value; if they differ in length or dtype; or if ``n_train < 2``
            with ``leave_one_out=True``.

    Examples:
        >>> x_train = torch.tensor(
        ...     [0.0, 1.0, 2.0]
        ... )
        >>> y_train = torch.tensor(
        ...     [0.0, 3.0, 0.0]
        ... )
        >>> round(
        ...     loss_at_w(
        ...         100.0,
        ...         x_train,
        ...         y_train,
        ...         leave_one_out=False,
        ...     ),
        ...     4,
        ... )
        0.0
        >>> # each point copies the label of
        >>> # its nearest other: 9 + 9 + 9
        >>> round(
        ...     loss_at_w(
        ...         100.0, x_train, y_train
        ...     ),
        ...     4,
        ... )
        27.0
    """
    w = _checks.scalar("w", w)
    leave_one_out = _checks.boolean("leave_one_out", leave_one_out)
    x_train, y_train = _data("x_train", x_train, "y_train", y_train)
    ws = NWKernelRegression(w).w.detach()  # (1,): w as the model holds it, float32
    return float(_losses(ws, x_train, y_train, leave_one_out)[0])


# At most this many scores at once in ``_losses`` (4 MB of float32): a grid of w is
# pooled in chunks of w, not one w at a time (a call per w cost 0.3 ms of checks and a
# new model, most of drawing a path of training steps)
_CHUNK_SCORES = 1 << 20


def _losses(ws: Tensor, x_train: Tensor, y_train: Tensor, leave_one_out: bool) -> Tensor:
    """The summed squared training error at each ``w`` of ``ws``, shape ``(n_w,)``.

    ``ws`` is a float32 tensor ``(n_w,)`` of values a model can hold; the data are
    checked (``_data``). The model's forward pass (``model._pool_rows``) with each
    ``w``: the loss ``loss_at_w`` gives.
    """
    with torch.no_grad():
        if leave_one_out:
            keys, values = _leave_one_out(x_train, y_train)  # (n_train, n_train - 1)
        else:
            n_train = len(x_train)
            keys = x_train.repeat((n_train, 1))  # (n_train, n_train)
            values = y_train.repeat((n_train, 1))  # (n_train, n_train)
        per_chunk = max(1, _CHUNK_SCORES // keys.numel())
        losses = []
        for chunk in ws.split(per_chunk):  # (n_chunk,)
            y_hat, _ = _pool_rows(x_train, keys, values, chunk.reshape((-1, 1, 1)))
            losses.append(((y_hat - y_train) ** 2).sum(dim=-1))  # (n_chunk,)
        return torch.cat(losses)  # (n_w,)


def predict(w: float | Tensor, queries: Tensor, keys: Tensor, values: Tensor) -> Tensor:
    """Predict with a given ``w``, every query sharing the same keys and values.

    Used for the test set: the queries are the test inputs, the keys and values
    all the training data. Runs without autograd; float16 and bfloat16 inputs
    are computed, and returned, in float32.

    Explained on the pages `parametric.md` and `smoothness.md`.

    Args:
        w: The inverse bandwidth: a number, or a one-element tensor such as
            ``model.w`` after training.
        queries: Test inputs, shape ``(n_test,)``, floating dtype.
        keys: Training inputs, shape ``(n_train,)``, the dtype of ``queries``.
        values: Training outputs, shape ``(n_train,)``, the dtype of ``queries``.

    Returns:
        The predictions ``y_hat``, shape ``(n_test,)``.

    Raises:
        TypeError: If ``w`` is not a number or a tensor, or ``queries``, ``keys`` or
            ``values`` not a tensor.
        ValueError: If ``w`` is not finite, beyond float32 (``|w| > 3.4e38``), an
            integer tensor or a tensor of more than one element; if a tensor is not 1-D,
            is empty, has an integer dtype or holds NaN or an infinite value; if the
            three differ in dtype; or if ``keys`` and ``values`` differ in length.

    Examples:
        >>> predict(
        ...     1.0,
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        tensor([1.1920, 5.0000])
    """
    w = _checks.scalar("w", w)
    _checks.vector("queries", queries, "(n_test,)")
    keys, values = _data("keys", keys, "values", values)
    queries = _checks.upcast(queries)
    n_test = len(queries)
    with torch.no_grad():
        keys_tiled = keys.repeat((n_test, 1))  # (n_test, n_train)
        values_tiled = values.repeat((n_test, 1))  # (n_test, n_train)
        return NWKernelRegression(w)(queries, keys_tiled, values_tiled)  # (n_test,)
