r"""The one attention score of the package, its two spellings, and the one softmax policy.

Every Gaussian-kernel formulation and model in the package (all but the
Transformer-style ``q k / sqrt(d_k)`` attention of `transformer`) scores a query
``q`` against a key ``k`` with the Gaussian kernel, $s = -((q - k)\,w)^2 / 2$,
where $w = 1/h$ is the inverse bandwidth: `score` is that formula, and nothing else in the package
writes it again. The difference ``q - k`` is always taken first and scaled after,
so that a common shift of queries and keys changes nothing.

The same score has a dot-product spelling, $q w \cdot k w - (k w)^2 / 2$ (it
differs by $(q w)^2/2$, the same for every key of a query, so the softmax is the
same): `dot_product_scores`, and the query, key and bias terms that
``F.scaled_dot_product_attention`` takes (`dot_product_terms`). In float32 it
loses digits as the inputs grow (two products nearly cancel): the page
`scale.md` shows by how much. At ``|q|, |k|`` about ``1e4`` the float32 weights can
be entirely wrong, with no error (`dot_product_pooling` warns).

The softmax policy (`softmax_over_keys`, and the chunked `online_pool`): a
softmax over the keys; where every score of a row is $-\infty$ (a huge $w$, a
tiny bandwidth or a far query overflow the square), the exact weights are, to
float precision, all on the nearest key, shared equally by exact ties. Nearness
is `proximity`: the largest $q k - k^2/2$ in float64, which still tells keys
apart when ``q`` is so far away that ``q - k`` rounds to one number for every key.
Half-precision inputs (float16, bfloat16) are computed in float32. The forms that
score with the distance ``q - k`` use this policy: `nadaraya_watson`,
`nadaraya_watson_broadcast`, `nadaraya_watson_chunked`, `local_linear`,
`NWKernelRegression`, `w_path`, `masked_leave_one_out` and
`ScalarKernelAttention`. The dot-product forms (`dot_product_pooling`,
`nadaraya_watson_sdpa`, ``ProjectedAttention(key_bias=True)``) cannot tell
which key is nearest once a product is infinite: they raise ``ValueError`` when
their scores overflow instead.

Explained on the pages `nonparametric.md`, `dot-product.md` and `scale.md`.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable

import torch
import torch.nn.functional as F
from torch import Tensor

from attention_tutorial import _checks


def inverse_bandwidth(bandwidth: object, dtype: torch.dtype) -> float:
    """Return ``w = 1 / h`` for a validated bandwidth, capped at the largest ``dtype`` number.

    A bandwidth so small that ``1 / h`` overflows ``dtype`` acts as the largest
    ``w`` the dtype holds: every nonzero difference then overflows the score, and
    an exact tie still scores 0 (``0 * inf`` would be NaN).

    Args:
        bandwidth: The width ``h``: a positive number or a one-element floating tensor.
        dtype: The floating dtype the scores are computed in.

    Returns:
        ``1 / h`` as a Python float.

    Raises:
        TypeError: If ``bandwidth`` is not a number or a tensor.
        ValueError: If ``bandwidth`` is not positive and finite.

    Examples:
        >>> import attention_tutorial as at
        >>> inverse_bandwidth = (
        ...     at.scores.inverse_bandwidth
        ... )
        >>> inverse_bandwidth(
        ...     0.5, torch.float32
        ... )
        2.0
        >>> # the largest float32
        >>> inverse_bandwidth(
        ...     1e-300, torch.float32
        ... )
        3.4028234663852886e+38
    """
    h = _checks.scalar("bandwidth", bandwidth, positive=True)
    return min(1.0 / h, torch.finfo(dtype).max)


def score(differences: Tensor, w: float | Tensor, *, in_place: bool = False) -> Tensor:
    r"""The Gaussian score $-(d\,w)^2/2$ of differences $d = q - k$: the package's one formula.

    Summing the result over a feature axis gives the d-dimensional score
    $-\lVert d\,w\rVert^2/2$. Without autograd the square and the halving run in
    the memory of ``d * w`` (or, with ``in_place=True``, of ``differences``
    itself), so the scores cost at most one tensor of their shape.

    Args:
        differences: ``queries - keys``, any shape.
        w: The inverse bandwidth ``1 / h``: a number or a tensor broadcasting to ``differences``.
        in_place: Overwrite ``differences`` (a temporary of the caller) with the
            scores, when neither it nor ``w`` needs a gradient and ``w`` is a number.

    Returns:
        The scores, the shape of ``differences`` (broadcast with ``w``).

    Examples:
        >>> import attention_tutorial as at
        >>> score = at.scores.score
        >>> s = score(
        ...     torch.tensor([0.0, 1.0, -2.0]),
        ...     1.0,
        ... )
        >>> # -0.0000: the score of d = 0 is 0 times -1/2, a zero with a minus sign
        >>> s
        tensor([-0.0000, -0.5000, -2.0000])
        >>> # IEEE floats: -0.0 equals 0.0; softmax treats it as 0
        >>> s[0] == 0
        tensor(True)
    """
    if in_place and not differences.requires_grad and not isinstance(w, Tensor):
        return differences.mul_(w).square_().mul_(-0.5)  # (...), in the memory of d
    scaled = differences * w  # (...): d w
    if scaled.requires_grad:
        # |d w| past this bound overflows the square anyway; bounded, the square's gradient
        # 2 (d w) * 0 in rows that overflowed is 0, not inf * 0 = NaN
        bound = 2 * math.sqrt(torch.finfo(scaled.dtype).max)
        return scaled.clamp(-bound, bound).square().mul_(-0.5)  # (...)
    return scaled.square_().mul_(-0.5)  # (...), in place


def proximity(queries: Tensor, keys: Tensor) -> Tensor:
    """Nearness of each key to each query, ``q k - k^2 / 2`` in float64: larger is nearer.

    It orders keys as ``-(q - k)^2 / 2`` does (the two differ by ``q^2 / 2``), but
    unlike ``|q - k|`` it still tells keys apart when ``q`` is so far away that
    ``q - k`` rounds to the same number for every key. For vectors, `proximity_nd`.

    Args:
        queries: Queries broadcasting against ``keys``, e.g. ``(n_q, 1)`` or ``(n_q, n_k)``.
        keys: Keys, e.g. ``(n_k,)`` or ``(n_q, n_k)``.

    Returns:
        The broadcast shape of ``queries`` and ``keys``, float64.

    Examples:
        >>> import attention_tutorial as at
        >>> proximity = at.scores.proximity
        >>> nearness = proximity(
        ...     torch.tensor([[1e20]]),
        ...     torch.tensor([0.0, 1.0]),
        ... )
        >>> nearness.dtype
        torch.float64
        >>> # key 1 is nearer, though q - k rounds to 1e20 for both keys
        >>> nearness.argmax(dim=-1)
        tensor([1])
    """
    q, k = queries.detach().double(), keys.detach().double()
    return q * k - k**2 / 2  # (..., n_q, n_k), larger is nearer


def proximity_nd(queries: Tensor, keys: Tensor) -> Tensor:
    r"""The `proximity` of vectors: $q \cdot k - \lVert k\rVert^2/2$ in float64, larger is nearer.

    Args:
        queries: Shape ``(..., n_q, d)``.
        keys: Shape ``(..., n_k, d)``.

    Returns:
        Shape ``(..., n_q, n_k)``, float64.

    Examples:
        >>> import attention_tutorial as at
        >>> proximity_nd = (
        ...     at.scores.proximity_nd
        ... )
        >>> proximity_nd(
        ...     torch.tensor([[3.0, 0.0]]),
        ...     torch.tensor(
        ...         [[0.0, 0.0], [2.0, 0.0]]
        ...     ),
        ... )
        tensor([[0., 4.]], dtype=torch.float64)
    """
    q, k = queries.detach().double(), keys.detach().double()
    # (..., n_q, d) @ (..., d, n_k) - (..., 1, n_k) -> (..., n_q, n_k)
    return q @ k.transpose(-2, -1) - (k**2).sum(dim=-1).unsqueeze(-2) / 2


def nearest_key_weights(nearness: Tensor) -> Tensor:
    """Weights of the narrow-kernel limit: 1 on the nearest key, shared equally by exact ties.

    Args:
        nearness: `proximity` of every key to every query, shape ``(..., n_k)``;
            ``-inf`` marks keys that may not be attended to.

    Returns:
        Float64 weights of the shape of ``nearness``; every row sums to 1.

    Examples:
        >>> import attention_tutorial as at
        >>> nearest_key_weights = (
        ...     at.scores.nearest_key_weights
        ... )
        >>> weights = nearest_key_weights(
        ...     torch.tensor(
        ...         [[0.0, 2.0, 2.0]],
        ...         dtype=torch.float64,
        ...     )
        ... )
        >>> # keys 1 and 2 tie: they share the weight
        >>> weights.tolist()
        [[0.0, 0.5, 0.5]]
    """
    nearest = nearness == nearness.amax(dim=-1, keepdim=True)  # (..., n_k)
    return nearest.double() / nearest.sum(dim=-1, keepdim=True)  # (..., n_k), rows sum to 1


def softmax_over_keys(scores: Tensor, nearness: Callable[[], Tensor]) -> Tensor:
    """``softmax(scores, dim=-1)``, with the nearest-key limit in rows where every score is -inf.

    No mask of the scores' shape is made: a row overflowed when its maximum is
    ``-inf``. Only if some row did are its scores replaced (so that neither the
    weights nor their gradient are NaN) and ``nearness()`` called.

    Args:
        scores: Gaussian scores, shape ``(..., n_q, n_k)``; ``-inf`` where a key is masked.
        nearness: Returns `proximity` of each key to each query, broadcasting to
            ``scores`` (masked keys ``-inf``); called only if some row overflowed.

    Returns:
        The attention weights, the shape and dtype of ``scores``; every row sums to 1.

    Examples:
        >>> import attention_tutorial as at
        >>> proximity = at.scores.proximity
        >>> score = at.scores.score
        >>> softmax_over_keys = (
        ...     at.scores.softmax_over_keys
        ... )
        >>> queries, keys = (
        ...     torch.tensor([[1e20], [0.5]]),
        ...     torch.tensor([0.0, 1.0]),
        ... )
        >>> # row 0 overflows to -inf
        >>> scores = score(queries - keys, 1.0)
        >>> softmax_over_keys(
        ...     scores,
        ...     lambda: proximity(
        ...         queries, keys
        ...     ),
        ... )
        tensor([[0.0000, 1.0000],
                [0.5000, 0.5000]])
    """
    overflowed = torch.isneginf(scores.detach().amax(dim=-1, keepdim=True))  # (..., n_q, 1)
    if not bool(overflowed.any()):
        return F.softmax(scores, dim=-1)  # (..., n_q, n_k)
    weights = F.softmax(scores.masked_fill(overflowed, 0.0), dim=-1)  # (..., n_q, n_k), finite
    limit = nearest_key_weights(nearness().expand(scores.shape))  # (..., n_q, n_k)
    return torch.where(overflowed, limit.to(weights.dtype), weights)


def online_pool(queries: Tensor, keys: Tensor, values: Tensor, w: float, chunk_size: int) -> Tensor:
    r"""Nadaraya-Watson predictions by blocks of keys, with an online softmax.

    For each block of queries the keys are visited ``chunk_size`` at a time while
    three running quantities are kept per query: the largest score so far $m$,
    $\ell = \sum e^{s - m}$ and $a = \sum e^{s - m} y$; a new maximum $m'$
    rescales the old sums by $e^{m - m'}$. A block whose scores are all ``-inf``
    leaves them as they were (it is never subtracted from itself). Queries whose
    every score is ``-inf`` get the nearest-key limit, found block by block too.

    Args:
        queries: Shape ``(n_test,)``.
        keys: Shape ``(n_train,)``.
        values: Shape ``(n_train,)``.
        w: The inverse bandwidth, a Python float.
        chunk_size: Queries and keys per block.

    Returns:
        ``y_hat``, shape ``(n_test,)``.

    Examples:
        >>> import attention_tutorial as at
        >>> online_pool = at.scores.online_pool
        >>> queries, keys = (
        ...     torch.tensor([0.0, 1e20]),
        ...     torch.tensor([0.0, 2.0]),
        ... )
        >>> values = torch.tensor([0.0, 10.0])
        >>> online_pool(
        ...     queries,
        ...     keys,
        ...     values,
        ...     w=1.0,
        ...     chunk_size=1,
        ... )
        tensor([ 1.1920, 10.0000])
    """
    y_hat = torch.empty_like(queries)  # (n_test,)
    for start in range(0, len(queries), chunk_size):
        q = queries[start : start + chunk_size, None]  # (n_q, 1)
        m = torch.full_like(q, float("-inf"))  # (n_q, 1): largest score so far
        ell = torch.zeros_like(q)  # (n_q, 1): sum of exp(s - m)
        a = torch.zeros_like(q)  # (n_q, 1): sum of exp(s - m) * y
        for k_start in range(0, len(keys), chunk_size):
            k = keys[None, k_start : k_start + chunk_size]  # (1, n_k)
            v = values[k_start : k_start + chunk_size, None]  # (n_k, 1)
            s = score(q - k, w, in_place=True)  # (n_q, n_k): subtract first, then scale
            m_new = torch.maximum(m, s.amax(dim=1, keepdim=True))  # (n_q, 1)
            # rows still at -inf subtract 0 instead: exp(-inf - (-inf)) would be NaN
            shift = m_new.nan_to_num(neginf=0.0)  # (n_q, 1)
            rescale = torch.exp(m - shift)  # (n_q, 1); 0 while m is -inf
            p = s.sub_(shift).exp_()  # (n_q, n_k): exp(s - m_new), in the memory of s
            ell = ell * rescale + p.sum(dim=1, keepdim=True)  # (n_q, 1)
            a = a * rescale + p @ v  # (n_q, 1) + (n_q, n_k) @ (n_k, 1)
            m = m_new
            del s, p  # free this block before the next one is made
        y_hat[start : start + chunk_size] = (a / ell).reshape(-1)  # (n_q, 1) -> (n_q,)
        overflowed = (ell == 0).reshape(-1)  # (n_q,): every score of these queries was -inf
        if bool(overflowed.any()):
            rows = torch.nonzero(overflowed).reshape(-1) + start  # (n_bad,)
            y_hat[rows] = _nearest_key_pool(queries[rows], keys, values, chunk_size)
    return y_hat


def _nearest_key_pool(queries: Tensor, keys: Tensor, values: Tensor, chunk_size: int) -> Tensor:
    """The mean value of each query's nearest keys (ties shared), by blocks of keys."""
    best = torch.full((len(queries), 1), float("-inf"), dtype=torch.float64)  # (n_q, 1)
    total = torch.zeros_like(best)  # (n_q, 1): sum of the values of the nearest keys
    count = torch.zeros_like(best)  # (n_q, 1): how many keys tie for nearest
    for k_start in range(0, len(keys), chunk_size):
        k = keys[None, k_start : k_start + chunk_size]  # (1, n_k)
        v = values[None, k_start : k_start + chunk_size].double()  # (1, n_k)
        nearness = proximity(queries[:, None], k)  # (n_q, n_k)
        block_best = nearness.amax(dim=1, keepdim=True)  # (n_q, 1)
        at_best = nearness == block_best  # (n_q, n_k)
        block_total = (at_best * v).sum(dim=1, keepdim=True)  # (n_q, 1)
        block_count = at_best.sum(dim=1, keepdim=True)  # (n_q, 1)
        better, same = block_best > best, block_best == best  # (n_q, 1) each
        total = torch.where(better, block_total, total + same * block_total)  # (n_q, 1)
        count = torch.where(better, block_count, count + same * block_count)  # (n_q, 1)
        best = torch.maximum(best, block_best)  # (n_q, 1)
    return (total / count).reshape(-1).to(queries.dtype)  # (n_q, 1) -> (n_q,)


def _check_scores_inputs(queries: Tensor, keys: Tensor) -> None:
    """Validate the 1-D queries and keys of the score functions."""
    _checks.vector("queries", queries, "(n_queries,)")
    _checks.vector("keys", keys, "(n_keys,)")
    _checks.same_dtype(queries=queries, keys=keys)


def gaussian_scores(queries: Tensor, keys: Tensor, w: float | Tensor = 1.0) -> Tensor:
    """Return the Gaussian-kernel scores ``-((q - k) w)^2 / 2`` of every query-key pair.

    Explained on the page `dot-product.md`.

    Args:
        queries: Shape ``(n_queries,)``, floating dtype.
        keys: Shape ``(n_keys,)``, the dtype of ``queries``.
        w: The inverse bandwidth, a number or a one-element tensor: any finite
            value; its sign does not matter, and ``w = 0`` gives every key the same
            weight (average pooling).

    Returns:
        The scores, shape ``(n_queries, n_keys)``; a softmax along ``dim=1``
        turns them into Nadaraya-Watson attention weights. Half-precision inputs
        are computed, and returned, in float32.

    Raises:
        TypeError: If ``queries`` or ``keys`` is not a tensor, or ``w`` is not a number or a
            tensor.
        ValueError: If ``queries`` or ``keys`` is not 1-D, is empty, has an integer
            dtype or holds NaN or an infinite value; if they differ in dtype; or if
            ``w`` is not a finite number or has more than one element.

    Examples:
        >>> gaussian_scores(
        ...     torch.tensor([0.5, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ... )
        tensor([[-0.1250, -1.1250],
                [-0.5000, -0.5000]])
    """
    _check_scores_inputs(queries, keys)
    w = _checks.scalar("w", w)
    queries, keys = _checks.upcast(queries), _checks.upcast(keys)
    return score(queries[:, None] - keys[None, :], w)  # (n_queries, 1) - (1, n_keys)


def dot_product_terms(
    queries: Tensor, keys: Tensor, w: float, *, name: str = "w"
) -> tuple[Tensor, Tensor, Tensor]:
    r"""The dot-product spelling's pieces: $q w$, $k w$ and the key bias $-(k w)^2/2$.

    Refuses inputs whose scores $q w \cdot k w - (k w)^2/2$ would overflow their dtype.

    Args:
        queries: Any shape (e.g. ``(n_queries,)``), floating.
        keys: Any shape (e.g. ``(n_keys,)``), the dtype of ``queries``.
        w: The inverse bandwidth, a Python float.
        name: How the caller's argument for ``w`` is named in the error
            (``"w"``, or ``"bandwidth"`` where ``w = 1 / bandwidth``).

    Returns:
        ``(q_w, k_w, bias)``, each the shape of its input.

    Raises:
        ValueError: If the products overflow the dtype.

    Examples:
        >>> import attention_tutorial as at
        >>> dot_product_terms = (
        ...     at.scores.dot_product_terms
        ... )
        >>> q_w, k_w, bias = dot_product_terms(
        ...     torch.tensor([1.0]),
        ...     torch.tensor([2.0]),
        ...     0.5,
        ... )
        >>> q_w, k_w
        (tensor([0.5000]), tensor([1.]))
        >>> # the key bias -(k w)^2 / 2
        >>> bias
        tensor([-0.5000])
    """
    q_w, k_w = queries * w, keys * w  # (n_queries,), (n_keys,)
    bias = score(k_w, 1.0)  # (n_keys,): -(k w)^2 / 2, the same formula with q = 0
    largest = q_w.abs().amax().double() * k_w.abs().amax().double() + bias.abs().amax().double()
    if not bool(largest < torch.finfo(q_w.dtype).max):  # also catches inf and NaN
        raise ValueError(
            f"the dot-product scores (q w)(k w) - (k w)^2 / 2 overflow {q_w.dtype}: with "
            f"max |q| = {queries.abs().amax().item():.3g}, "
            f"max |k| = {keys.abs().amax().item():.3g} "
            f"and {name} = {(1 / w if name == 'bandwidth' else w):.3g} they reach "
            f"{largest.item():.3g}; scale the queries and keys down, or use the distance form "
            "(gaussian_scores, nadaraya_watson)"
        )
    return q_w, k_w, bias


def dot_product_scores(queries: Tensor, keys: Tensor, w: float | Tensor = 1.0) -> Tensor:
    """Return the dot-product scores ``(q w)(k w) - (k w)^2 / 2`` of every query-key pair.

    They are not the Gaussian scores: row ``i`` is the row of
    [`gaussian_scores`][attention_tutorial.scores.gaussian_scores] plus ``(q_i w)^2 / 2``.
    The scores differ, but the shift is the same for every key of a query, so both
    give the same softmax, the same attention weights.

    Explained on the page `dot-product.md`.

    Args:
        queries: Shape ``(n_queries,)``, floating dtype.
        keys: Shape ``(n_keys,)``, the dtype of ``queries``.
        w: The inverse bandwidth, a number or a one-element tensor: any finite
            value (as for ``gaussian_scores``).

    Returns:
        The scores, shape ``(n_queries, n_keys)``; half-precision inputs are
        computed, and returned, in float32.

    Raises:
        TypeError: If ``queries`` or ``keys`` is not a tensor, or ``w`` is not a number or a
            tensor.
        ValueError: If ``queries`` or ``keys`` is not 1-D, is empty, has an integer
            dtype or holds NaN or an infinite value; if they differ in dtype; if ``w``
            is not a finite number or has more than one element; or if the queries,
            the keys and ``w`` are so large that the products overflow.

    Examples:
        >>> queries, keys = (
        ...     torch.tensor([0.5, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ... )
        >>> dot_product_scores(queries, keys)
        tensor([[ 0., -1.],
                [ 0.,  0.]])
        >>> # row i differs from the Gaussian scores by queries[i]^2 / 2 only
        >>> dot_product_scores(
        ...     queries, keys
        ... ) - gaussian_scores(queries, keys)
        tensor([[0.1250, 0.1250],
                [0.5000, 0.5000]])
    """
    _check_scores_inputs(queries, keys)
    w = _checks.scalar("w", w)
    q_w, k_w, bias = dot_product_terms(_checks.upcast(queries), _checks.upcast(keys), w)
    return torch.outer(q_w, k_w) + bias[None, :]  # (n_queries, n_keys)


def dot_product_pooling(
    queries: Tensor, keys: Tensor, values: Tensor, w: float | Tensor = 1.0
) -> tuple[Tensor, Tensor]:
    """Nadaraya-Watson regression computed from dot-product scores.

    ``softmax((q w)(k w) - (k w)^2 / 2) @ values``: the same predictions as
    ``nadaraya_watson`` with bandwidth ``1 / |w|``, as long as float32 holds the
    scores' digits. It does not when ``|q w|`` and ``|k w|`` are large: the softmax
    needs the small gaps between a query's scores, but each score is computed from
    the terms ``(q w)(k w)`` and ``(k w)^2 / 2``, which grow as ``(q w)^2``. At
    ``q = 1e4``, ``k = [1e4, 1e4 + 1]`` (``w = 1``) the two scores should be ``5e7`` and
    ``5e7 - 0.5``. float32 steps by 4 at the scores' size, ``5e7``, and by 8 at the size
    of the larger term ``(q w)(k w)``, ``1e8``: both scores come out as ``5e7``, and the
    example's second half gives 5.0 where ``nadaraya_watson`` gives 3.7754, with no error. A
    ``RuntimeWarning`` then names the size of the terms and float32's step there; the
    distance form (``nadaraya_watson``), or inputs centred near 0, keep the digits.

    Explained on the page `dot-product.md`.

    Args:
        queries: Shape ``(n_queries,)``, floating dtype.
        keys: Shape ``(n_keys,)``, the dtype of ``queries``.
        values: Shape ``(n_keys,)``, paired with ``keys``, the dtype of ``queries``.
        w: The inverse bandwidth, a number or a one-element tensor: any finite
            value (as for ``gaussian_scores``).

    Returns:
        ``(y_hat, attention_weights)`` of shapes ``(n_queries,)`` and
        ``(n_queries, n_keys)``.

    Raises:
        TypeError: If ``queries``, ``keys`` or ``values`` is not a tensor, or ``w`` is
            not a number or a tensor.
        ValueError: If a tensor is not 1-D, is empty, has an integer dtype or holds
            NaN or an infinite value; if the three differ in dtype; if ``keys`` and
            ``values`` differ in length; if ``w`` is not a finite number or has more
            than one element; or if the products overflow.

    Warns:
        RuntimeWarning: If the terms of the scores are so large that their dtype
            steps by 0.5 or more there (the weights can then be far off).

    Examples:
        >>> y_hat, attention_weights = (
        ...     dot_product_pooling(
        ...         torch.tensor([0.0, 1.0]),
        ...         torch.tensor([0.0, 2.0]),
        ...         torch.tensor([0.0, 10.0]),
        ...     )
        ... )
        >>> y_hat
        tensor([1.1920, 5.0000])
        >>> # |q|, |k| about 1e4 in float32: the weights are wrong, and only a warning says so
        >>> q, k, v = (
        ...     torch.tensor([1e4]),
        ...     torch.tensor([1e4, 1e4 + 1]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        >>> # the distance form
        >>> nadaraya_watson(
        ...     q, k, v, bandwidth=1.0
        ... )[0]
        tensor([3.7754])
        >>> # the scores minus 5e7, in float64
        >>> s64 = dot_product_scores(
        ...     q.double(), k.double()
        ... )
        >>> (s64 - 5e7).tolist()
        [[0.0, -0.5]]
        >>> # in float32 both round to 5e7
        >>> s32 = dot_product_scores(q, k)
        >>> (s32 - 5e7).tolist()
        [[0.0, 0.0]]
        >>> # float32's step at 5e7
        >>> (
        ...     torch.nextafter(
        ...         torch.tensor(5e7),
        ...         torch.tensor(6e7),
        ...     )
        ...     - 5e7
        ... )
        tensor(4.)
        >>> import warnings
        >>> with warnings.catch_warnings(
        ...     record=True
        ... ) as caught:
        ...     warnings.simplefilter("always")
        ...     y_dot, _ = dot_product_pooling(
        ...         q, k, v
        ...     )
        >>> y_dot
        tensor([5.])
        >>> caught[0].category.__name__
        'RuntimeWarning'
        >>> # the warning names the larger term's size, 1e8;
        >>> # textwrap prints it in lines of 40 characters
        >>> import textwrap
        >>> message = str(caught[0].message)
        >>> print(textwrap.fill(message, 40))
        dot_product_pooling: |q| up to 1e+04 and
        |k| up to 1e+04 with w = 1 make the
        terms (q w)(k w) and (k w)^2/2 of the
        scores reach about 1e+08, where
        torch.float32 steps by 8: scores closer
        than that can round to one value and the
        weights can be far off; use
        nadaraya_watson (the distance form),
        centre the inputs near 0, or float64
    """
    _checks.queries_keys_values(queries, keys, values)
    scores = dot_product_scores(queries, keys, w)  # (n_queries, n_keys)
    _warn_if_rounded(queries, keys, w, scores.dtype)
    attention_weights = F.softmax(scores, dim=1)  # (n_queries, n_keys); scores are finite
    # (n_queries, n_keys) @ (n_keys,) -> (n_queries,)
    y_hat = attention_weights @ _checks.upcast(values)
    return y_hat, attention_weights


def _warn_if_rounded(queries: Tensor, keys: Tensor, w: float | Tensor, dtype: torch.dtype) -> None:
    """Warn when ``dtype`` steps by 0.5 or more at the size of the scores' terms."""
    w = abs(float(w))
    q_max = queries.abs().amax().double().item()
    k_max = keys.abs().amax().double().item()
    # a score is (q w)(k w) - (k w)^2 / 2: its two terms are at most this large
    largest = max(q_max * k_max, k_max**2 / 2) * w**2
    if not 0 < largest < math.inf:
        return
    # the spacing of dtype's numbers at `largest` (its unit in the last place)
    step = torch.finfo(dtype).eps * 2.0 ** math.floor(math.log2(largest))
    if step >= 0.5:
        warnings.warn(
            f"dot_product_pooling: |q| up to {q_max:.3g} and |k| up to {k_max:.3g} with "
            f"w = {w:.3g} make the terms (q w)(k w) and (k w)^2/2 of the scores reach "
            f"about {largest:.3g}, where {dtype} steps by {step:.3g}: scores closer than "
            "that can round to one value and the weights can be far off; use "
            "nadaraya_watson (the distance form), centre the inputs near 0, or float64",
            RuntimeWarning,
            stacklevel=3,
        )
