"""Parametric attention pooling: Nadaraya-Watson with one learnable scalar ``w``.

Explained on the page `parametric.md`.
"""

from __future__ import annotations

import torch
from torch import Tensor, nn

from attention_tutorial import _checks
from attention_tutorial.scores import proximity, score, softmax_over_keys


def _check_forward_inputs(
    queries: Tensor, keys: Tensor, values: Tensor
) -> tuple[Tensor, Tensor, Tensor]:
    """Validate the inputs of ``NWKernelRegression.forward``; float16/bfloat16 become float32."""
    _checks.vector("queries", queries, "(n_queries,)")
    n_queries = len(queries)
    keys = _checks.tensor("keys", keys)
    if keys.dim() != 2 or keys.shape[0] != n_queries:
        raise ValueError(
            "keys must be a 2-D tensor of shape (n_queries, n_keys) with "
            f"n_queries = {n_queries}, got shape {tuple(keys.shape)}"
        )
    if keys.shape[1] == 0:
        raise ValueError("keys must not be empty: n_keys is 0")
    values = _checks.tensor("values", values)
    if values.shape != keys.shape:
        raise ValueError(
            "values must be a 2-D tensor of the same shape as keys, "
            f"(n_queries, n_keys) = {tuple(keys.shape)}, got shape {tuple(values.shape)}"
        )
    for name, tensor in (("keys", keys), ("values", values)):
        _checks.floating(name, tensor)
        _checks.finite(name, tensor)
    _checks.same_dtype(queries=queries, keys=keys, values=values)
    return _checks.upcast(queries), _checks.upcast(keys), _checks.upcast(values)


_FLOAT32_MAX = torch.finfo(torch.float32).max


class NWKernelRegression(nn.Module):
    r"""Nadaraya-Watson regression with a learnable inverse bandwidth ``w``.

    $$\hat y(x) = \sum_i \mathrm{softmax}_i(-((x - x_i) w)^2/2)\, y_i .$$

    Each query has its own row of keys and values, so that during training a
    point can be given every key except its own (see ``leave_one_out``).

    Explained on the page `parametric.md`.

    Attributes:
        w (nn.Parameter): The learnable scalar, shape ``(1,)``; ``1 / |w|`` plays the
            role of the bandwidth.
        attention_weights: The weights of the last forward pass, detached from the
            autograd graph (ready for ``.numpy()``), shape ``(n_queries, n_keys)``;
            ``None`` before the first call.

    Examples:
        >>> model = NWKernelRegression(w=1.0)
        >>> queries = torch.tensor(
        ...     [0.0, 1.0]
        ... )  # (n_queries,) = (2,)
        >>> keys = torch.tensor(
        ...     [[0.0, 2.0], [0.0, 2.0]]
        ... )  # (n_queries, n_keys) = (2, 2)
        >>> values = torch.tensor(
        ...     [[0.0, 10.0], [0.0, 10.0]]
        ... )  # (2, 2)
        >>> y_hat = model(
        ...     queries, keys, values
        ... )  # (n_queries,) = (2,)
        >>> y_hat.detach()
        tensor([1.1920, 5.0000])
        >>> # backward() reaches w from here
        >>> y_hat.requires_grad
        True
        >>> weights = model.attention_weights
        >>> weights.requires_grad
        False

        What the model is built for: every training point is a query, and its keys
        and values are all the other points (``leave_one_out``).

        >>> x = torch.tensor(
        ...     [1.0, 2.0, 3.0]
        ... )  # (n,) = (3,)
        >>> keys, values = leave_one_out(
        ...     x, 10 * x
        ... )  # (3, 2)
        >>> # x = 2 sees x = 1 and x = 3:
        >>> # the mean of 10 and 30
        >>> model(x, keys, values).detach()
        tensor([21.8243, 20.0000, 18.1757])
    """

    def __init__(
        self, w: float | Tensor | None = None, *, generator: torch.Generator | None = None
    ) -> None:
        """Create the model.

        Args:
            w: Initial value of ``w``: a number or a one-element floating tensor
                (such as another model's ``w``); if ``None``, drawn from ``U[0, 1)``
                like ``torch.rand(1)``.
            generator: Random generator used when ``w`` is ``None``; ``None``
                means PyTorch's global generator.

        Raises:
            TypeError: If ``w`` is not a number, a tensor or ``None``, or ``generator``
                is not a ``torch.Generator`` or ``None``.
            ValueError: If ``w`` is NaN, infinite, has more than one element, is an
                integer tensor or does not fit in float32 (``|w| > 3.4e38``).
        """
        super().__init__()
        if generator is not None and not isinstance(generator, torch.Generator):
            raise TypeError(
                f"generator must be a torch.Generator or None, got {type(generator).__name__}"
            )
        if w is None:
            self.w = nn.Parameter(torch.rand((1,), generator=generator))  # (1,)
        else:
            w = _checks.scalar("w", w)
            if abs(w) > _FLOAT32_MAX:
                raise ValueError(f"w must fit in float32 (|w| <= 3.4e38), got {w!r}")
            self.w = nn.Parameter(torch.tensor([w]))  # (1,)
        self.attention_weights: Tensor | None = None

    def forward(self, queries: Tensor, keys: Tensor, values: Tensor) -> Tensor:
        """Pool the values of each row, weighted by the query-key similarity.

        Args:
            queries: Shape ``(n_queries,)``, floating dtype.
            keys: Shape ``(n_queries, n_keys)``: row ``i`` holds the keys of query ``i``;
                the dtype of ``queries``.
            values: Shape ``(n_queries, n_keys)``, the values paired with ``keys``; the
                dtype of ``queries``.

        Returns:
            The predictions ``y_hat``, shape ``(n_queries,)``; float16 and bfloat16
            inputs are computed, and returned, in float32.

        Raises:
            TypeError: If ``queries``, ``keys`` or ``values`` is not a tensor.
            ValueError: If a shape is not the one above, or ``n_queries`` or
                ``n_keys`` is 0; if a tensor has an integer dtype or holds NaN or an
                infinite value; or if the three differ in dtype.
        """
        queries, keys, values = _check_forward_inputs(queries, keys, values)
        y_hat, weights = _pool_rows(queries, keys, values, self.w)
        self.attention_weights = weights.detach()  # (n_queries, n_keys), no grad
        return y_hat  # (n_queries,)


def _pool_rows(queries: Tensor, keys: Tensor, values: Tensor, w: Tensor) -> tuple[Tensor, Tensor]:
    """``NWKernelRegression.forward`` on checked inputs, for one ``w`` or several at once.

    ``w`` has shape ``(1,)`` (the model's parameter), or ``(n_w, 1, 1)`` for ``n_w`` values
    of ``w`` pooled at once (``training.loss_curve``): row ``i`` of each ``w`` is the
    same product as the model's row ``i``. Returns the predictions ``(..., n_queries)``
    and the attention weights ``(..., n_queries, n_keys)``, ``...`` being ``(n_w,)`` or
    nothing.
    """
    n_keys = keys.shape[1]
    # row i of the tiled queries repeats query i, once per key
    queries = queries.repeat_interleave(n_keys).reshape((-1, n_keys))  # (n_queries, n_keys)
    scores = score(queries - keys, w)  # (..., n_queries, n_keys): -((q - k) w)^2 / 2
    # softmax along the keys; where a huge w makes every score -inf, the nearest key
    weights = softmax_over_keys(scores, lambda: proximity(queries, keys))  # (..., n_q, n_k)
    # batch matrix multiply: one (1, n_keys) @ (n_keys, 1) product per query (and w)
    y_hat = torch.bmm(
        weights.reshape((-1, 1, n_keys)),  # (... * n_queries, 1, n_keys)
        values.expand(weights.shape).reshape((-1, n_keys, 1)),  # (... * n_queries, n_keys, 1)
    )  # (... * n_queries, 1, 1)
    return y_hat.reshape(weights.shape[:-1]), weights  # (..., n_queries), (..., n_q, n_k)
