"""Local linear regression: a weighted straight line per query instead of a weighted average.

Nadaraya-Watson fits a constant around each query (the weighted mean of the
values). Near the edge of the data all the keys lie on one side of the query,
so that mean is pulled towards the interior: the boundary bias. The local linear
fit's line is ``b0 + b1 (x_i - x)``; its prediction is ``b0``, the line's value at
the query.

Explained on the page `local-linear.md`.
"""

from __future__ import annotations

from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.scores import inverse_bandwidth, proximity, score, softmax_over_keys

# A weighted spread of the keys below this fraction of the squared range of the keys
# means that (numerically) one key holds all the weight: no line can be fitted.
_MIN_RELATIVE_SPREAD = 1e-10


def local_linear(
    queries: Tensor, keys: Tensor, values: Tensor, bandwidth: float = 1.0
) -> tuple[Tensor, Tensor]:
    r"""Local linear kernel regression with the Gaussian kernel of width ``h``.

    For each query $x$, with the attention weights
    $a_i = \mathrm{softmax}_i(-((x - x_i)/h)^2/2)$ of Nadaraya-Watson, the
    weighted means $\bar x = \sum_i a_i x_i$ and $\bar y = \sum_i a_i y_i$ and
    the weighted least-squares slope
    $b = \frac{\sum_i a_i (x_i - \bar x)(y_i - \bar y)}{\sum_i a_i (x_i - \bar x)^2}$
    give $\hat y = \bar y + b\,(x - \bar x)$. This is again a weighted sum of the
    values, $\hat y = \sum_i l_i y_i$, with the *equivalent weights*
    $l_i = a_i \bigl(1 + \frac{(x - \bar x)(x_i - \bar x)}{\sum_j a_j (x_j - \bar x)^2}\bigr)$,
    which sum to 1 but may be negative.

    Explained on the page `local-linear.md`.

    The line is centred on the weighted mean of the keys (not on the query), so a
    query far from the keys loses no digits to ``x_i - x``. Half-precision inputs
    are computed, and returned, in float32.

    Args:
        queries: Query inputs ``x``, shape ``(n_test,)``.
        keys: Training inputs ``x_i``, shape ``(n_train,)``, at least two distinct.
        values: Training outputs ``y_i``, shape ``(n_train,)``.
        bandwidth: Kernel width ``h``, a positive number.

    Returns:
        ``(y_hat, equivalent_weights)`` of shapes ``(n_test,)`` and
        ``(n_test, n_train)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid, or if for some query a
            single key holds all the weight (the bandwidth is too small for a
            query that far from the keys): a line through one point is not defined.

    Examples:
        >>> # on a straight line the local linear fit is exact, even at the edges
        >>> keys = torch.tensor(
        ...     [0.0, 1.0, 2.0, 3.0]
        ... )
        >>> y_hat, weights = local_linear(
        ...     torch.tensor([0.0, 3.0]),
        ...     keys,
        ...     2 * keys + 1,
        ... )
        >>> y_hat
        tensor([1.0000, 7.0000])
        >>> weights.sum(dim=1)
        tensor([1.0000, 1.0000])
        >>> # but some are negative: the edge query x = 0
        >>> # gives the two keys farthest from it
        >>> weights[0, 2:]
        tensor([-0.0571, -0.0121])
    """
    queries, keys, values = _checks.queries_keys_values(queries, keys, values)
    w = inverse_bandwidth(bandwidth, queries.dtype)  # 1 / h
    if len(keys) < 2 or bool((keys == keys[0]).all()):
        raise ValueError("keys must hold at least two distinct values to fit a line")
    differences = queries[:, None] - keys[None, :]  # (n_test, n_train): x - x_i
    attention_weights = softmax_over_keys(
        score(differences, w), lambda: proximity(queries[:, None], keys)
    )  # (n_test, n_train)
    x_bar = attention_weights @ keys  # (n_test,): weighted mean of the keys
    scale = float(keys.max() - keys.min())  # the keys' range: the line is fitted in units of it
    centred = (keys[None, :] - x_bar[:, None]) / scale  # (n_test, n_train): (x_i - x_bar) / scale
    spread = (attention_weights * centred**2).sum(dim=1)  # (n_test,)
    degenerate = spread <= _MIN_RELATIVE_SPREAD  # (n_test,)
    if bool(degenerate.any()):
        i = int(degenerate.nonzero()[0])
        raise ValueError(
            f"queries[{i}] = {queries[i].item():.6g} gets all its attention weight from one key "
            f"with bandwidth = {1 / w:.6g}: no line can be fitted through one point; use a "
            "larger bandwidth, or queries nearer the keys"
        )
    # l_i = a_i (1 + (x - x_bar)(x_i - x_bar) / spread)
    equivalent_weights = attention_weights * (
        1 + ((queries - x_bar) / scale)[:, None] * centred / spread[:, None]
    )  # (n_test, n_train)
    y_hat = equivalent_weights @ values  # (n_test, n_train) @ (n_train,) -> (n_test,)
    return y_hat, equivalent_weights
