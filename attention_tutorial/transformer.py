"""From Nadaraya-Watson to Transformer attention: vectors, masks and learned projections.

Explained on the page `transformer.md`.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from attention_tutorial import _checks
from attention_tutorial.scores import (
    inverse_bandwidth,
    proximity,
    proximity_nd,
    score,
    softmax_over_keys,
)

_FLOAT32_MAX = torch.finfo(torch.float32).max


def _matrix(name: str, value: object, shape: str) -> Tensor:
    """Check a finite floating tensor with at least 2 dimensions and no empty axis."""
    value = _checks.tensor(name, value)
    if value.dim() < 2 or value.numel() == 0:
        raise ValueError(
            f"{name} must be a non-empty tensor of shape {shape}, got {tuple(value.shape)}"
        )
    _checks.floating(name, value)
    _checks.finite(name, value)
    return value


def _check_qkv(queries: Tensor, keys: Tensor, values: Tensor | None = None) -> None:
    """Validate ``(..., n_q, d)``, ``(..., n_k, d)``, ``(..., n_k, d_v)``; batches broadcast.

    Without ``values``, only the queries and keys are checked, and named in the messages.
    """
    _matrix("queries", queries, "(..., n_queries, d)")
    _matrix("keys", keys, "(..., n_keys, d)")
    if values is None:
        names, tensors = "queries and keys", (queries, keys)
    else:
        _matrix("values", values, "(..., n_keys, d_v)")
        names, tensors = "queries, keys and values", (queries, keys, values)
    try:
        torch.broadcast_shapes(*(t.shape[:-2] for t in tensors))
    except RuntimeError:
        shapes = ", ".join(str(tuple(t.shape)) for t in tensors[:-1])
        raise ValueError(
            f"the batch dimensions (all but the last two) of {names} must broadcast "
            f"together, got {shapes} and {tuple(tensors[-1].shape)}"
        ) from None
    if queries.shape[-1] != keys.shape[-1]:
        raise ValueError(
            "queries and keys must have the same last dimension d, got "
            f"{tuple(queries.shape)} and {tuple(keys.shape)}"
        )
    if values is None:
        _checks.same_dtype(queries=queries, keys=keys)
        return
    if keys.shape[-2] != values.shape[-2]:
        raise ValueError(
            "keys and values must have the same number of rows n_keys, got "
            f"{tuple(keys.shape)} and {tuple(values.shape)}"
        )
    _checks.same_dtype(queries=queries, keys=keys, values=values)


def _check_mask(mask: Tensor | None, n_queries: int, n_keys: int) -> None:
    """A boolean mask that broadcasts to ``(..., n_q, n_k)`` and leaves every query a key."""
    if mask is None:
        return
    mask = _checks.tensor("mask", mask)
    if mask.dtype != torch.bool:
        raise ValueError(f"mask must have dtype torch.bool (True = may attend), got {mask.dtype}")
    if mask.dim() < 2 or mask.shape[-2] not in (1, n_queries) or mask.shape[-1] not in (1, n_keys):
        raise ValueError(
            f"mask must broadcast to (..., n_queries, n_keys) = (..., {n_queries}, {n_keys}), "
            f"got shape {tuple(mask.shape)}"
        )
    if not bool(mask.any(dim=-1).all()):
        raise ValueError("mask leaves a query with no key: its softmax would be NaN")


def _check_key_bias(key_bias: Tensor | None, queries: Tensor, keys: Tensor) -> None:
    """A floating ``key_bias`` of the queries' dtype, without NaN, broadcasting to the scores."""
    if key_bias is None:
        return
    key_bias = _checks.tensor("key_bias", key_bias)
    _checks.floating("key_bias", key_bias)
    _checks.same_dtype(queries=queries, key_bias=key_bias)
    _checks.no_nan("key_bias", key_bias)
    batch = torch.broadcast_shapes(queries.shape[:-2], keys.shape[:-2])
    scores_shape = (*batch, queries.shape[-2], keys.shape[-2])  # (..., n_q, n_k)
    try:
        if key_bias.dim() > len(scores_shape):
            raise RuntimeError
        shape = torch.broadcast_shapes(scores_shape, key_bias.shape)
    except RuntimeError:
        shape = None
    if shape != scores_shape:
        raise ValueError(
            "key_bias must broadcast to the scores (..., n_queries, n_keys) = "
            f"{tuple(scores_shape)}, e.g. shape (..., 1, n_keys) = (1, {keys.shape[-2]}); "
            f"got shape {tuple(key_bias.shape)}"
        )


def gaussian_kernel_nd(queries: Tensor, keys: Tensor, bandwidth: float = 1.0) -> Tensor:
    r"""The $d$-dimensional Gaussian kernel between every query and every key.

    $$K_h(q - k) = \frac{\exp(-\lVert q - k\rVert^2 / (2h^2))}{(2\pi)^{d/2}\, h^d} .$$

    Explained on the page `transformer.md`.

    Args:
        queries: Shape ``(n_queries, d)``.
        keys: Shape ``(n_keys, d)``.
        bandwidth: The width ``h``, a positive number.

    Returns:
        The kernel values, shape ``(n_queries, n_keys)``.

    Raises:
        TypeError: If ``queries`` or ``keys`` is not a tensor, or ``bandwidth`` is not
            a number or a tensor.
        ValueError: If ``queries`` or ``keys`` is not 2-D (a batch dimension is
            refused), is empty, has an integer dtype or holds NaN or an infinite
            value; if they differ in ``d`` or in dtype (float64 with float32); or if
            ``bandwidth`` is not a positive finite number, is an integer tensor or
            has more than one element.

    Examples:
        >>> # in 2-D the peak is 1 / (2 pi); a key at distance 1 gets exp(-1/2) of it
        >>> gaussian_kernel_nd(
        ...     torch.zeros(1, 2),
        ...     torch.tensor(
        ...         [[0.0, 0.0], [0.6, 0.8]]
        ...     ),
        ... )
        tensor([[0.1592, 0.0965]])
    """
    _matrix("queries", queries, "(n_queries, d)")  # 1-D: name the shape this function takes
    _matrix("keys", keys, "(n_keys, d)")
    if queries.dim() != 2 or keys.dim() != 2:
        raise ValueError("queries and keys must be 2-D: (n_queries, d) and (n_keys, d)")
    _check_qkv(queries, keys)
    queries, keys = _checks.upcast(queries), _checks.upcast(keys)
    w = inverse_bandwidth(bandwidth, queries.dtype)  # 1 / h
    h = _checks.scalar("bandwidth", bandwidth, positive=True)
    d = queries.shape[-1]
    differences = queries[:, None, :] - keys[None, :, :]  # (n_queries, n_keys, d)
    scores = score(differences, w, in_place=True).sum(dim=-1)  # (n_queries, n_keys)
    log_norm = d / 2 * math.log(2 * math.pi) + d * math.log(h)  # log((2 pi)^(d/2) h^d)
    return torch.exp(scores - log_norm)  # (n_queries, n_keys)


def dot_product_attention(
    queries: Tensor,
    keys: Tensor,
    values: Tensor,
    *,
    mask: Tensor | None = None,
    key_bias: Tensor | None = None,
    scale: float | None = None,
) -> tuple[Tensor, Tensor]:
    r"""Scaled dot-product attention, written out: $\mathrm{softmax}(QK^\top s + b)\,V$.

    The scale $s$ is $1/\sqrt{d}$ unless given. Keys where ``mask`` is ``False``
    get the score $-\infty$ (``masked_fill``), hence the weight 0; this is the
    convention of ``F.scaled_dot_product_attention``'s boolean ``attn_mask``.

    Explained on the page `transformer.md`.

    Args:
        queries: Shape ``(..., n_queries, d)``; ``...`` are batch dimensions.
        keys: Shape ``(..., n_keys, d)``.
        values: Shape ``(..., n_keys, d_v)``.
        mask: Optional boolean tensor broadcasting to ``(..., n_queries, n_keys)``,
            ``True`` where a query may attend to a key; every query needs at least
            one key allowed.
        key_bias: Optional float tensor broadcasting to the scores
            ``(..., n_queries, n_keys)``, added to them; for the Gaussian kernel's
            $-\lVert k\rVert^2/2$ it is one row, ``(..., 1, n_keys)``.
        scale: The factor $s$ of the dot products, a positive number.

    Returns:
        ``(output, attention_weights)`` of shapes ``(..., n_queries, d_v)`` and
        ``(..., n_queries, n_keys)``.

    Raises:
        TypeError: If ``queries``, ``keys``, ``values``, ``mask`` or ``key_bias`` is
            not a tensor, or ``scale`` is not a number.
        ValueError: If ``queries``, ``keys`` or ``values`` has fewer than 2
            dimensions, is empty, has an integer dtype or holds NaN or an infinite
            value; if they differ in dtype, their batch dimensions do not broadcast,
            ``queries`` and ``keys`` differ in ``d`` or ``keys`` and ``values`` in
            ``n_keys``; if ``mask`` is not boolean, does not broadcast to
            ``(..., n_queries, n_keys)`` or leaves a query no key; if ``key_bias``
            is not floating, differs from ``queries`` in dtype, holds NaN, does not
            broadcast to the scores or leaves a query no finite score (all ``-inf``,
            or a ``+inf``); if ``scale`` is not a positive finite number; or if the
            dot products overflow the dtype.

    Examples:
        >>> # one batch, 2 queries, 2 keys of dimension d = 2; the mask hides the second key
        >>> # (index 1) from the first query (index 0)
        >>> q = torch.tensor(
        ...     [[[1.0, 0.0], [0.0, 1.0]]]
        ... )  # (1, 2, 2)
        >>> v = torch.tensor(
        ...     [[[10.0], [20.0]]]
        ... )  # (1, 2, 1)
        >>> mask = torch.tensor(
        ...     [[True, False], [True, True]]
        ... )  # (2, 2)
        >>> output, attention_weights = (
        ...     dot_product_attention(
        ...         q,
        ...         q,
        ...         v,
        ...         mask=mask,
        ...         scale=1.0,
        ...     )
        ... )
        >>> attention_weights
        tensor([[[1.0000, 0.0000],
                 [0.2689, 0.7311]]])
        >>> output.shape
        torch.Size([1, 2, 1])
    """
    _check_qkv(queries, keys, values)
    n_queries, d = queries.shape[-2:]
    _check_mask(mask, n_queries, keys.shape[-2])
    _check_key_bias(key_bias, queries, keys)
    s = 1 / math.sqrt(d) if scale is None else _checks.positive_number("scale", scale)
    scores = (
        queries @ keys.transpose(-2, -1) * s
    )  # (..., n_q, d) @ (..., d, n_k) -> (..., n_q, n_k)
    if not bool(torch.isfinite(scores).all()):
        raise ValueError(
            f"the dot products of queries and keys overflow {scores.dtype} (largest |q| "
            f"{queries.abs().amax().item():.3g}, |k| {keys.abs().amax().item():.3g}): scale "
            "the queries or keys down, or compute in float64"
        )
    if key_bias is not None:
        scores = scores + key_bias  # (..., n_q, n_k) + (..., 1, n_k)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))  # (..., n_q, n_k), -inf: weight 0
    if bool(torch.isposinf(scores).any()) or bool(
        torch.isneginf(scores.amax(dim=-1)).any()
    ):  # a softmax over inf, or over a row of -inf, is NaN
        raise ValueError(
            "key_bias leaves a query with no finite score (every key -inf, or a score "
            "+inf): its softmax would be NaN; key_bias must be finite where a key is allowed"
        )
    attention_weights = F.softmax(scores, dim=-1)  # (..., n_q, n_k)
    output = attention_weights @ values  # (..., n_q, n_k) @ (..., n_k, d_v) -> (..., n_q, d_v)
    return output, attention_weights


def masked_leave_one_out(
    x_train: Tensor, y_train: Tensor, w: float | Tensor = 1.0
) -> tuple[Tensor, Tensor]:
    r"""Leave-one-out predictions of the chapter's model in one line: ``masked_fill(eye, -inf)``.

    Every training point is a query against all training points as keys; the
    diagonal (a point and its own key) is set to $-\infty$ before the softmax,
    so its weight is exactly 0. Its ``y_hat`` equals
    ``NWKernelRegression(w)(x_train, *leave_one_out(x_train, y_train))``.

    Explained on the page `transformer.md`.

    Args:
        x_train: Training inputs, shape ``(n_train,)``, ``n_train >= 2``.
        y_train: Training outputs, shape ``(n_train,)``.
        w: The inverse bandwidth: a finite number or a one-element tensor.

    Returns:
        ``(y_hat, attention_weights)`` of shapes ``(n_train,)`` and
        ``(n_train, n_train)``, with zeros on the diagonal of the weights. Where
        every score of a point overflows (a huge ``w``) its weight is on its
        nearest other point; half-precision inputs are computed, and returned, in
        float32.

    Raises:
        TypeError: If ``x_train`` or ``y_train`` is not a tensor, or ``w`` is not a
            number or a tensor.
        ValueError: If ``x_train`` or ``y_train`` is not 1-D, has an integer dtype or
            holds NaN or an infinite value; if they differ in length or dtype; if
            ``n_train < 2``; or if ``w`` is NaN, infinite, an integer tensor or a
            tensor of more than one element.

    Examples:
        >>> y_hat, attention_weights = (
        ...     masked_leave_one_out(
        ...         torch.tensor(
        ...             [1.0, 2.0, 3.0]
        ...         ),
        ...         torch.tensor(
        ...             [10.0, 20.0, 30.0]
        ...         ),
        ...     )
        ... )
        >>> attention_weights.diagonal()
        tensor([0., 0., 0.])
        >>> # the middle point (x = 2) sees the keys x = 1 and x = 3, equally far:
        >>> # the mean of 10 and 30
        >>> y_hat
        tensor([21.8243, 20.0000, 18.1757])
    """
    _checks.vector("x_train", x_train, "(n_train,)")
    _checks.vector("y_train", y_train, "(n_train,)")
    _checks.same_length("x_train", x_train, "y_train", y_train)
    _checks.same_dtype(x_train=x_train, y_train=y_train)
    x_train, y_train = _checks.upcast(x_train), _checks.upcast(y_train)
    w = _checks.scalar("w", w)
    n_train = len(x_train)
    if n_train < 2:
        raise ValueError(f"masked_leave_one_out needs at least 2 training points, got {n_train}")
    w = min(abs(w), torch.finfo(x_train.dtype).max)  # a w beyond the dtype acts as its largest
    differences = x_train[:, None] - x_train[None, :]  # (n_train, n_train)
    eye = torch.eye(n_train, dtype=torch.bool)  # (n_train, n_train), True on the diagonal
    scores = score(differences, w).masked_fill_(eye, float("-inf"))  # (n_train, n_train)
    attention_weights = softmax_over_keys(
        scores, lambda: proximity(x_train[:, None], x_train).masked_fill(eye, float("-inf"))
    )  # (n_train, n_train); every score -inf: the nearest other point
    return attention_weights @ y_train, attention_weights  # (n_train,), (n_train, n_train)


class ScalarKernelAttention(nn.Module):
    r"""The chapter's model for vector inputs: one scalar ``w`` for every direction.

    Scores $-\lVert (q - k)\, w\rVert^2 / 2$: a Gaussian kernel of bandwidth
    $1/|w|$, the same in every direction, written in the distance form of
    [`score`][attention_tutorial.scores.score] (the differences first).

    Explained on the page `transformer.md`.

    Attributes:
        w (nn.Parameter): The learnable scalar, shape ``(1,)``.

    Examples:
        >>> model = ScalarKernelAttention(w=1.0)
        >>> x = torch.tensor(
        ...     [[0.0, 0.0], [2.0, 0.0]]
        ... )  # (n, d) = (2, 2)
        >>> y_hat, weights = model(
        ...     x[:1],
        ...     x,
        ...     torch.tensor([[0.0], [10.0]]),
        ... )
        >>> y_hat.detach()
        tensor([[1.1920]])
    """

    def __init__(self, w: float | Tensor = 1.0) -> None:
        """Create the model with the initial ``w``: a number or a one-element float tensor.

        Raises:
            TypeError: If ``w`` is not a number or a tensor.
            ValueError: If ``w`` is NaN, infinite, an integer tensor, a tensor of more
                than one element, or does not fit in float32 (``|w| > 3.4e38``).
        """
        super().__init__()
        w = _checks.scalar("w", w)
        if abs(w) > _FLOAT32_MAX:
            raise ValueError(f"w must fit in float32 (|w| <= 3.4e38), got {w!r}")
        self.w = nn.Parameter(torch.tensor([w]))  # (1,)

    def forward(
        self, queries: Tensor, keys: Tensor, values: Tensor, mask: Tensor | None = None
    ) -> tuple[Tensor, Tensor]:
        """Return ``(y_hat, attention_weights)``; shapes as in ``dot_product_attention``.

        Where every allowed score of a query overflows (a huge ``w``), all its
        weight is on its nearest allowed key. Half-precision inputs are computed, and
        returned, in float32.

        Args:
            queries: Shape ``(..., n_queries, d)``.
            keys: Shape ``(..., n_keys, d)``.
            values: Shape ``(..., n_keys, d_v)``.
            mask: Optional boolean mask, as in ``dot_product_attention`` (``True`` =
                may attend).

        Returns:
            Shapes ``(..., n_queries, d_v)`` and ``(..., n_queries, n_keys)``.

        Raises:
            TypeError: If ``queries``, ``keys``, ``values`` or ``mask`` is not a tensor.
            ValueError: If ``queries``, ``keys`` or ``values`` has fewer than 2
                dimensions, is empty, has an integer dtype or holds NaN or an infinite
                value; if they differ in dtype, their batch dimensions do not
                broadcast, ``queries`` and ``keys`` differ in ``d`` or ``keys`` and
                ``values`` in ``n_keys``; or if ``mask`` is not boolean, does not
                broadcast to ``(..., n_queries, n_keys)`` or leaves a query no key.
        """
        _check_qkv(queries, keys, values)
        _check_mask(mask, queries.shape[-2], keys.shape[-2])
        queries, keys = _checks.upcast(queries), _checks.upcast(keys)
        values = _checks.upcast(values)
        differences = queries.unsqueeze(-2) - keys.unsqueeze(-3)  # (..., n_q, n_k, d)
        scores = score(differences, self.w).sum(dim=-1)  # (..., n_q, n_k): -|(q - k) w|^2 / 2
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))  # (..., n_q, n_k), -inf: weight 0

        def nearness() -> Tensor:
            near = proximity_nd(queries, keys)  # (..., n_q, n_k)
            return near if mask is None else near.masked_fill(~mask, float("-inf"))

        attention_weights = softmax_over_keys(scores, nearness)  # (..., n_q, n_k)
        output = attention_weights @ values  # (..., n_q, n_k) @ (..., n_k, d_v) -> (..., n_q, d_v)
        return output, attention_weights


class ProjectedAttention(nn.Module):
    r"""Attention with learned projections ``W_q``, ``W_k``, ``W_v`` (``nn.Linear``).

    $q = W_q x$, $k = W_k x_i$, $v = W_v y_i$. With ``key_bias=True`` the scores
    are $q^\top k - \lVert k\rVert^2/2$: after the softmax they give the same
    weights as the Gaussian kernel's score ${-\lVert q - k\rVert^2/2}$, whose extra
    term $-\lVert q\rVert^2/2$ is the same for every key (``W_q = W_k = w I`` is
    the chapter's model); with ``key_bias=False`` they are a Transformer's
    $q^\top k / \sqrt{d_k}$.

    Explained on the page `transformer.md`.

    Attributes:
        W_q (nn.Linear): The query projection, ``nn.Linear(d_in, d_k, bias=False)``.
        W_k (nn.Linear): The key projection, ``nn.Linear(d_in, d_k, bias=False)``.
        W_v (nn.Linear): The value projection, ``nn.Linear(d_value_in, d_v, bias=False)``.

    Examples:
        >>> _ = torch.manual_seed(0)
        >>> model = ProjectedAttention(
        ...     d_in=2, d_k=2
        ... )
        >>> W_q = model.W_q.weight
        >>> W_q.shape  # (d_k, d_in)
        torch.Size([2, 2])
        >>> y_hat, weights = model(
        ...     torch.rand(5, 2),
        ...     torch.rand(7, 2),
        ...     torch.rand(7, 1),
        ... )
        >>> y_hat.shape, weights.shape
        (torch.Size([5, 1]), torch.Size([5, 7]))
        >>> # key_bias=False: a Transformer's
        >>> # q . k / sqrt(d_k)
        >>> # (no key bias -|k|^2 / 2)
        >>> plain = ProjectedAttention(
        ...     2, 2, key_bias=False
        ... )
        >>> x = torch.rand(3, 2)
        >>> q, k = plain.W_q(x), plain.W_k(x)
        >>> s = q @ k.T / 2**0.5  # d_k = 2
        >>> _, a = plain(x, x, x[:, :1])
        >>> # its weights a are softmax(s)
        >>> torch.allclose(a, s.softmax(-1))
        True
    """

    def __init__(
        self, d_in: int, d_k: int, d_value_in: int = 1, d_v: int = 1, *, key_bias: bool = True
    ) -> None:
        r"""Create the three projections (initialised by PyTorch's global generator).

        Args:
            d_in: Features of a query or key input, an int ``>= 1``.
            d_k: Features after the query and key projections, an int ``>= 1``.
            d_value_in: Features of a value input, an int ``>= 1``.
            d_v: Features after the value projection, an int ``>= 1``.
            key_bias: Add $-\lVert k\rVert^2/2$ to the scores (Gaussian kernel form).

        Raises:
            TypeError: If an argument has the wrong type.
            ValueError: If a size is below 1.
        """
        super().__init__()
        d_in = _checks.integer("d_in", d_in, minimum=1)
        d_k = _checks.integer("d_k", d_k, minimum=1)
        d_value_in = _checks.integer("d_value_in", d_value_in, minimum=1)
        d_v = _checks.integer("d_v", d_v, minimum=1)
        self.key_bias = _checks.boolean("key_bias", key_bias)
        self.W_q = nn.Linear(d_in, d_k, bias=False)
        self.W_k = nn.Linear(d_in, d_k, bias=False)
        self.W_v = nn.Linear(d_value_in, d_v, bias=False)

    def forward(
        self, queries: Tensor, keys: Tensor, values: Tensor, mask: Tensor | None = None
    ) -> tuple[Tensor, Tensor]:
        r"""Project, then attend; return ``(output, attention_weights)``.

        Args:
            queries: Shape ``(..., n_queries, d_in)``.
            keys: Shape ``(..., n_keys, d_in)``.
            values: Shape ``(..., n_keys, d_value_in)``.
            mask: Optional boolean mask, as in ``dot_product_attention`` (``True`` =
                may attend).

        Returns:
            Shapes ``(..., n_queries, d_v)`` and ``(..., n_queries, n_keys)``;
            half-precision inputs are computed, and returned, in float32.

        Raises:
            TypeError: If ``queries``, ``keys``, ``values`` or ``mask`` is not a tensor.
            ValueError: If ``queries``, ``keys`` or ``values`` has fewer than 2
                dimensions, is empty, has an integer dtype or holds NaN or an infinite
                value; if ``queries`` and ``keys`` differ in dtype or in ``d``, the
                batch dimensions of ``queries``, ``keys`` and ``values`` do not
                broadcast together, or ``keys`` and ``values`` differ in ``n_keys``; if
                the last dimension of ``queries`` or ``keys`` is not ``d_in``, or that
                of ``values`` not ``d_value_in``; if an input's dtype (half precision
                counted as float32) is not that of the model's parameters; if ``mask``
                is not boolean, does not broadcast to ``(..., n_queries, n_keys)`` or
                leaves a query no key; or if the dot products of the projections, or
                (with ``key_bias=True``) the $\lVert k\rVert^2/2$ of a projected key some
                query may attend, overflow the dtype.
        """
        _check_qkv(queries, keys)  # values: their dtype is checked against the model's below
        _matrix("values", values, "(..., n_keys, d_value_in)")
        for name, tensor, size, what in (
            ("queries", queries, self.W_q.in_features, "d_in"),
            ("keys", keys, self.W_k.in_features, "d_in"),
            ("values", values, self.W_v.in_features, "d_value_in"),
        ):
            if tensor.shape[-1] != size:
                raise ValueError(
                    f"{name} must have {what} = {size} features in its last dimension, "
                    f"got shape {tuple(tensor.shape)}"
                )
        queries, keys, values = (_checks.upcast(t) for t in (queries, keys, values))
        dtype = self.W_q.weight.dtype
        for name, tensor in (("queries", queries), ("keys", keys), ("values", values)):
            if tensor.dtype != dtype:
                raise ValueError(
                    f"{name} must have the dtype of the model's parameters, {dtype}, got "
                    f"{tensor.dtype} (convert the inputs, or the model with "
                    f"model.to({tensor.dtype}))"
                )
        q = self.W_q(queries)  # (..., n_q, d_in) -> (..., n_q, d_k)
        k = self.W_k(keys)  # (..., n_k, d_in) -> (..., n_k, d_k)
        v = self.W_v(values)  # (..., n_k, d_value_in) -> (..., n_k, d_v)
        if not self.key_bias:
            return dot_product_attention(q, k, v, mask=mask)
        key_bias = score(k, 1.0).sum(dim=-1).unsqueeze(-2)  # (..., 1, n_k): -|k|^2 / 2
        overflow = ~torch.isfinite(key_bias)  # (..., 1, n_k)
        if isinstance(mask, Tensor) and mask.dtype == torch.bool and mask.dim() >= 2:
            # a key no query may attend changes nothing: its overflow does not matter
            overflow = overflow & mask.any(dim=-2, keepdim=True)
        if overflow.any():
            raise ValueError(
                f"the projected keys' |k|^2 / 2 overflows {k.dtype}: scale the keys "
                "down, or compute in float64"
            )
        return dot_product_attention(q, k, v, mask=mask, key_bias=key_bias, scale=1.0)
