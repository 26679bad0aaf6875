"""Softmax over keys that stays finite when the Gaussian scores overflow.

A score ``-(d w)^2 / 2`` (``d = query - key``) overflows to ``-inf`` once
``|d w|`` passes about ``2.6e19`` in float32: a huge ``w``, a tiny bandwidth or one
far-away query. ``torch.softmax`` of a row of ``-inf`` is NaN. In that regime the
kernel is far narrower than any gap between keys, so the exact weights are, to
float precision, all on the nearest key (shared equally by exact ties). The
nearest key is found as the largest ``q k - k^2 / 2`` (the dot-product form of
the same score, see `dot-product.md`) in float64: unlike ``|q - k|``, it still
tells keys apart when ``q`` is so far away that ``q - k`` rounds to the same
number for every key. Rows that did not overflow are left exactly as
``torch.softmax`` gives them.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor


def softmax_over_keys(scores: Tensor, queries: Tensor, keys: Tensor) -> Tensor:
    """Return ``softmax(scores, dim=-1)``, with the nearest-key limit where a row overflowed.

    Args:
        scores: Gaussian scores ``-((q - k) w)^2 / 2``, shape ``(n_queries, n_keys)``.
        queries: The queries, broadcastable to ``scores``: ``(n_queries, 1)`` or tiled.
        keys: The keys, broadcastable to ``scores``: ``(n_keys,)`` or one row per query.

    Returns:
        The attention weights, shape ``(n_queries, n_keys)``; every row sums to 1.

    Examples:
        >>> queries, keys = torch.tensor([[1e20], [0.5]]), torch.tensor([0.0, 1.0])
        >>> scores = -((queries - keys) ** 2) / 2  # row 0 overflows to -inf
        >>> softmax_over_keys(scores, queries, keys)  # all of row 0 on the nearer key 1
        tensor([[0.0000, 1.0000],
                [0.5000, 0.5000]])
    """
    weights = F.softmax(scores, dim=-1)  # (n_queries, n_keys)
    overflowed = torch.isneginf(scores).all(dim=-1, keepdim=True)  # (n_queries, 1)
    if not bool(overflowed.any()):
        return weights
    q, k = queries.detach().double(), keys.detach().double()
    proximity = (q * k - k**2 / 2).expand(scores.shape)  # (n_queries, n_keys), larger is nearer
    nearest = proximity == proximity.amax(dim=-1, keepdim=True)  # (n_queries, n_keys)
    limit = nearest / nearest.sum(dim=-1, keepdim=True)  # (n_queries, n_keys), rows sum to 1
    return torch.where(overflowed, limit.to(weights.dtype), weights)
