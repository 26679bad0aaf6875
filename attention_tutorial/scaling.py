"""Four ways to compute Nadaraya-Watson regression, and what each one holds in memory.

The chapter's tiled form (``repeat_interleave`` + ``reshape``), broadcasting, a
chunked form that never holds more than one block of scores (an online softmax
over blocks of keys), and PyTorch's ``scaled_dot_product_attention`` with the
Gaussian kernel written as a dot product plus a bias per key. All four return
the predictions ``y_hat`` only. Explained on the page `scale.md`.
"""

from __future__ import annotations

from collections.abc import Callable

import torch
import torch.nn.functional as F
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.pooling import nadaraya_watson, nadaraya_watson_broadcast

FORMULATIONS = ("tiled", "broadcast", "chunked", "sdpa")
DEFAULT_CHUNK_SIZE = 1024


def nadaraya_watson_tiled(
    queries: Tensor, keys: Tensor, values: Tensor, bandwidth: float = 1.0
) -> Tensor:
    """The chapter's form: tile the queries into an ``(n_test, n_train)`` matrix.

    Explained on the page `scale.md` (the code is on `nonparametric.md`).

    Args:
        queries: Test inputs, shape ``(n_test,)``.
        keys: Training inputs, shape ``(n_train,)``.
        values: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h``, a positive number.

    Returns:
        ``y_hat``, shape ``(n_test,)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> nadaraya_watson_tiled(
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        tensor([1.1920, 5.0000])
    """
    y_hat, _ = nadaraya_watson(queries, keys, values, bandwidth)  # (n_test,)
    return y_hat


def nadaraya_watson_broadcasting(
    queries: Tensor, keys: Tensor, values: Tensor, bandwidth: float = 1.0
) -> Tensor:
    """Broadcast ``(n_test, 1) - (1, n_train)``: no tiled copy, still full matrices.

    Explained on the page `scale.md`.

    Args:
        queries: Test inputs, shape ``(n_test,)``.
        keys: Training inputs, shape ``(n_train,)``.
        values: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h``, a positive number.

    Returns:
        ``y_hat``, shape ``(n_test,)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> nadaraya_watson_broadcasting(
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        tensor([1.1920, 5.0000])
    """
    y_hat, _ = nadaraya_watson_broadcast(queries, keys, values, bandwidth)  # (n_test,)
    return y_hat


def nadaraya_watson_chunked(
    queries: Tensor,
    keys: Tensor,
    values: Tensor,
    bandwidth: float = 1.0,
    *,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
) -> Tensor:
    r"""Nadaraya-Watson in blocks, with an online softmax over blocks of keys.

    Queries are taken ``chunk_size`` at a time; for each block of queries the
    keys are visited ``chunk_size`` at a time while three running quantities are
    kept per query: the largest score seen so far $m$, the sum of
    $e^{s - m}$ so far $\ell$, and the sum of $e^{s - m} y$ so far $a$. When a
    new block raises the maximum from $m$ to $m'$, the old sums are rescaled by
    $e^{m - m'}$. At the end $\hat y = a / \ell$. No more than
    ``chunk_size * chunk_size`` scores exist at any time, whatever ``n``.

    Explained on the page `scale.md`.

    Args:
        queries: Test inputs, shape ``(n_test,)``.
        keys: Training inputs, shape ``(n_train,)``.
        values: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h``, a positive number.
        chunk_size: Queries and keys per block, an int ``>= 1``.

    Returns:
        ``y_hat``, shape ``(n_test,)``, equal to
        [`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson]'s within
        float rounding.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> # blocks of one key: the running sums still give the exact answer
        >>> nadaraya_watson_chunked(
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ...     chunk_size=1,
        ... )
        tensor([1.1920, 5.0000])
    """
    _checks.queries_keys_values(queries, keys, values)
    h = _checks.positive_number("bandwidth", bandwidth)
    chunk_size = _checks.integer("chunk_size", chunk_size, minimum=1)
    queries, keys = queries / h, keys / h  # (n_test,), (n_train,): scores become -(q - k)^2 / 2
    y_hat = torch.empty_like(queries)  # (n_test,)
    for start in range(0, len(queries), chunk_size):
        q = queries[start : start + chunk_size, None]  # (n_q, 1)
        m = torch.full_like(q, float("-inf"))  # (n_q, 1): largest score so far
        ell = torch.zeros_like(q)  # (n_q, 1): sum of exp(s - m)
        a = torch.zeros_like(q)  # (n_q, 1): sum of exp(s - m) * y
        for k_start in range(0, len(keys), chunk_size):
            k = keys[None, k_start : k_start + chunk_size]  # (1, n_k)
            v = values[k_start : k_start + chunk_size, None]  # (n_k, 1)
            s = (q - k).square_().mul_(-0.5)  # (n_q, n_k): -(q - k)^2 / 2, in place
            m_new = torch.maximum(m, s.amax(dim=1, keepdim=True))  # (n_q, 1)
            rescale = torch.exp(m - m_new)  # (n_q, 1); exp(-inf) = 0 on the first block
            p = s.sub_(m_new).exp_()  # (n_q, n_k): exp(s - m_new), in the memory of s
            ell = ell * rescale + p.sum(dim=1, keepdim=True)  # (n_q, 1)
            a = a * rescale + p @ v  # (n_q, 1) + (n_q, n_k) @ (n_k, 1)
            m = m_new
            del s, p  # free this block before the next one is made
        y_hat[start : start + chunk_size] = (a / ell).reshape(-1)  # (n_q, 1) -> (n_q,)
    return y_hat


def nadaraya_watson_sdpa(
    queries: Tensor, keys: Tensor, values: Tensor, bandwidth: float = 1.0
) -> Tensor:
    r"""Nadaraya-Watson by ``F.scaled_dot_product_attention``: dot product plus a key bias.

    With $q' = q/h$ and $k' = k/h$,
    $-\tfrac12 (q' - k')^2 = q'k' - \tfrac12 k'^2 - \tfrac12 q'^2$, and the last
    term cancels in the softmax, so the scores are $q'k'$ plus the bias
    $-\tfrac12 k'^2$, passed as a float ``attn_mask``. The inputs are shaped
    ``(batch, heads, length, d) = (1, 1, n, 1)``: in that form the fused CPU
    kernel never holds all ``n_test * n_train`` scores.

    Explained on the pages `scale.md` and `dot-product.md`.

    Args:
        queries: Test inputs, shape ``(n_test,)``.
        keys: Training inputs, shape ``(n_train,)``.
        values: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h``, a positive number.

    Returns:
        ``y_hat``, shape ``(n_test,)``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid.

    Examples:
        >>> nadaraya_watson_sdpa(
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        tensor([1.1920, 5.0000])
    """
    _checks.queries_keys_values(queries, keys, values)
    h = _checks.positive_number("bandwidth", bandwidth)
    # (batch, heads, length, d) = (1, 1, n, 1): with 4-D inputs PyTorch's fused CPU kernel
    # works through blocks of keys; 2-D inputs fall back to a path that builds all scores
    q = (queries / h).reshape(1, 1, -1, 1)  # (1, 1, n_test, 1)
    k = (keys / h).reshape(1, 1, -1, 1)  # (1, 1, n_train, 1)
    v = values.reshape(1, 1, -1, 1)  # (1, 1, n_train, 1)
    bias = (-(k**2) / 2).reshape(1, 1, 1, -1)  # (1, 1, 1, n_train): one bias per key
    y_hat = F.scaled_dot_product_attention(q, k, v, attn_mask=bias, scale=1.0)  # (1, 1, n_test, 1)
    return y_hat.reshape(-1)  # (n_test,)


def formulation(name: str) -> Callable[..., Tensor]:
    """Return the function of one formulation by name.

    Explained on the page `scale.md`.

    Args:
        name: One of ``"tiled"``, ``"broadcast"``, ``"chunked"``, ``"sdpa"``.

    Returns:
        A function ``(queries, keys, values, bandwidth=1.0) -> y_hat``.

    Raises:
        ValueError: If ``name`` is not one of the four.

    Examples:
        >>> formulation("chunked").__name__
        'nadaraya_watson_chunked'
    """
    functions = {
        "tiled": nadaraya_watson_tiled,
        "broadcast": nadaraya_watson_broadcasting,
        "chunked": nadaraya_watson_chunked,
        "sdpa": nadaraya_watson_sdpa,
    }
    if name not in functions:
        raise ValueError(f"name must be one of {', '.join(FORMULATIONS)}, got {name!r}")
    return functions[name]


def peak_intermediates(
    name: str, n_test: int, n_train: int, *, chunk_size: int = DEFAULT_CHUNK_SIZE
) -> dict[str, tuple[int, ...]]:
    """The intermediate tensors that one formulation holds at its peak, with their shapes.

    The tiled form holds ``queries_tiled``, ``scores`` and ``attention_weights``
    at once (three ``(n_test, n_train)`` matrices, while the softmax runs); the
    broadcast form the differences, the scores and the weights; the chunked
    form one block of scores (exponentiated in place); SDPA (its fused CPU kernel)
    only small blocks of its own, counted here as the bias row.

    Explained on the page `scale.md`.

    Args:
        name: One of ``"tiled"``, ``"broadcast"``, ``"chunked"``, ``"sdpa"``.
        n_test: Number of queries, an int ``>= 1``.
        n_train: Number of keys, an int ``>= 1``.
        chunk_size: Block size of the chunked form, an int ``>= 1``.

    Returns:
        A dict from tensor name to shape.

    Raises:
        TypeError: If a size is not an int.
        ValueError: If ``name`` is unknown or a size is below 1.

    Examples:
        >>> peak_intermediates("tiled", 50, 40)
        {'queries_tiled': (50, 40), 'scores': (50, 40), 'attention_weights': (50, 40)}
        >>> peak_intermediates("chunked", 10_000, 10_000, chunk_size=100)
        {'s': (100, 100)}
    """
    formulation(name)  # validates the name
    n_test = _checks.integer("n_test", n_test, minimum=1)
    n_train = _checks.integer("n_train", n_train, minimum=1)
    chunk_size = _checks.integer("chunk_size", chunk_size, minimum=1)
    full = (n_test, n_train)
    if name == "tiled":
        return {"queries_tiled": full, "scores": full, "attention_weights": full}
    if name == "broadcast":
        return {"differences": full, "scores": full, "attention_weights": full}
    if name == "chunked":
        block = (min(chunk_size, n_test), min(chunk_size, n_train))
        return {"s": block}  # p = exp(s - m) is computed in place
    return {"bias": (1, n_train)}


def peak_intermediate_bytes(
    name: str,
    n_test: int,
    n_train: int,
    *,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    dtype: torch.dtype = torch.float32,
) -> int:
    """Bytes of the tensors listed by ``peak_intermediates``, for one dtype.

    Explained on the page `scale.md`.

    Args:
        name: One of ``"tiled"``, ``"broadcast"``, ``"chunked"``, ``"sdpa"``.
        n_test: Number of queries, an int ``>= 1``.
        n_train: Number of keys, an int ``>= 1``.
        chunk_size: Block size of the chunked form, an int ``>= 1``.
        dtype: The element type, ``torch.float32`` by default (4 bytes).

    Returns:
        The number of bytes, an int.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``name`` is unknown or a size is below 1.

    Examples:
        >>> # three float32 matrices of 20,000 x 20,000: about 4.8 GB
        >>> peak_intermediate_bytes("tiled", 20_000, 20_000)
        4800000000
    """
    if not isinstance(dtype, torch.dtype):
        raise TypeError(f"dtype must be a torch.dtype, got {type(dtype).__name__}")
    itemsize = torch.empty((), dtype=dtype).element_size()
    shapes = peak_intermediates(name, n_test, n_train, chunk_size=chunk_size)
    return sum(itemsize * torch.Size(shape).numel() for shape in shapes.values())
