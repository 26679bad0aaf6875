"""Four ways to compute Nadaraya-Watson regression, and what each one holds in memory.

The tiled and broadcast forms are documented with `pooling`: ``nadaraya_watson``
and ``nadaraya_watson_broadcast``. All four score with
[`attention_tutorial.scores`](scores.md); ``formulation(name)`` gives
each as a function returning the predictions ``y_hat`` only.

Which to choose: tiled and broadcast to see every weight at teaching sizes (they hold
three ``n_test * n_train`` matrices); chunked or sdpa for large ``n``, whose peak stays
a few MB. In the shipped measurements (``scale_measurements()``, one thread) sdpa is
the fastest form at every ``n`` up to 100,000, and chunked the next.

Explained on the page `scale.md`.
"""

from __future__ import annotations

import functools
import json
import math
import statistics
from collections.abc import Callable, Mapping
from importlib import resources

import torch
import torch.nn.functional as F
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.pooling import nadaraya_watson, nadaraya_watson_broadcast
from attention_tutorial.scores import dot_product_terms, inverse_bandwidth, online_pool

FORMULATIONS = ("tiled", "broadcast", "chunked", "sdpa")
DEFAULT_CHUNK_SIZE = 1024


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
    ``chunk_size * chunk_size`` scores exist at any time, whatever ``n``. The loop
    is [`attention_tutorial.scores.online_pool`][attention_tutorial.scores.online_pool]:
    a block of scores that are all ``-inf`` leaves the running sums alone, and a
    query whose every score is ``-inf`` gets its nearest key, as in
    ``nadaraya_watson``.

    Explained on the page `scale.md`.

    Args:
        queries: Test inputs, shape ``(n_test,)``.
        keys: Training inputs, shape ``(n_train,)``.
        values: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h``, a positive number.
        chunk_size: Queries and keys per block, an int ``>= 1``; 1024 by default
            (``DEFAULT_CHUNK_SIZE``), so at most 1024² float32 scores, 4 MiB.

    Returns:
        ``y_hat``, shape ``(n_test,)``, equal to
        [`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson]'s within
        float rounding; half-precision inputs are computed, and returned, in float32.

    Raises:
        TypeError: If ``queries``, ``keys`` or ``values`` is not a tensor,
            ``bandwidth`` is not a number or a tensor, or ``chunk_size`` is not an int.
        ValueError: If a tensor is not 1-D, is empty, has an integer dtype or holds NaN
            or an infinite value; if ``queries``, ``keys`` and ``values`` differ in
            dtype (float64 with float32); if ``keys`` and ``values`` differ in
            length; if ``bandwidth`` is not a positive finite number, is an integer
            tensor or has more than one element; or if ``chunk_size < 1``.

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
    queries, keys, values = _checks.queries_keys_values(queries, keys, values)
    w = inverse_bandwidth(bandwidth, queries.dtype)  # 1 / h
    chunk_size = _checks.integer("chunk_size", chunk_size, minimum=1)
    return online_pool(queries, keys, values, w, chunk_size)  # (n_test,)


def nadaraya_watson_sdpa(
    queries: Tensor, keys: Tensor, values: Tensor, bandwidth: float = 1.0
) -> Tensor:
    r"""Nadaraya-Watson by ``F.scaled_dot_product_attention``: dot product plus a key bias.

    With $q' = q/h$ and $k' = k/h$, the Gaussian kernel's score expands into three terms:

    $$-\tfrac12 (q' - k')^2 = q'k' - \tfrac12 k'^2 - \tfrac12 q'^2 .$$

    The last term cancels in the softmax, so the scores are $q'k'$ plus the bias
    $-\tfrac12 k'^2$, passed as a float ``attn_mask``
    ([`attention_tutorial.scores.dot_product_terms`][attention_tutorial.scores.dot_product_terms]).
    The inputs are shaped ``(batch, heads, length, d) = (1, 1, n, 1)``: in that
    form the fused CPU kernel never holds all ``n_test * n_train`` scores. Half-precision inputs
    are computed, and returned, in float32 (in float16 the bias overflows at
    $|k'| > 362$). In float32 this form loses digits as $|q'|$ and $|k'|$ grow:
    $q'k'$ and $\tfrac12 k'^2$ nearly cancel.

    Explained on the pages `scale.md` and `dot-product.md`.

    Args:
        queries: Test inputs, shape ``(n_test,)``.
        keys: Training inputs, shape ``(n_train,)``.
        values: Training outputs, shape ``(n_train,)``.
        bandwidth: Kernel width ``h``, a positive number.

    Returns:
        ``y_hat``, shape ``(n_test,)``.

    Raises:
        TypeError: If ``queries``, ``keys`` or ``values`` is not a tensor, or
            ``bandwidth`` is not a number or a tensor.
        ValueError: If a tensor is not 1-D, is empty, has an integer dtype or holds NaN
            or an infinite value; if ``queries``, ``keys`` and ``values`` differ in
            dtype (float64 with float32); if ``keys`` and ``values`` differ in
            length; if ``bandwidth`` is not a positive finite number, is an integer
            tensor or has more than one element; or if the bandwidth is so small (or
            the inputs so large) that $q'k'$ overflows.

    Examples:
        >>> nadaraya_watson_sdpa(
        ...     torch.tensor([0.0, 1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        tensor([1.1920, 5.0000])
    """
    queries, keys, values = _checks.queries_keys_values(queries, keys, values)
    w = inverse_bandwidth(bandwidth, queries.dtype)  # 1 / h
    q_w, k_w, bias = dot_product_terms(queries, keys, w, name="bandwidth")  # q/h, k/h, -(k/h)^2/2
    # (batch, heads, length, d) = (1, 1, n, 1): with 4-D inputs PyTorch's fused CPU kernel
    # works through blocks of keys; 2-D inputs fall back to a path that builds all scores
    q = q_w.reshape(1, 1, -1, 1)  # (1, 1, n_test, 1)
    k = k_w.reshape(1, 1, -1, 1)  # (1, 1, n_train, 1)
    v = values.reshape(1, 1, -1, 1)  # (1, 1, n_train, 1)
    bias = bias.reshape(1, 1, 1, -1)  # (1, 1, 1, n_train): one bias per key
    y_hat = F.scaled_dot_product_attention(q, k, v, attn_mask=bias, scale=1.0)  # (1, 1, n_test, 1)
    return y_hat.reshape(-1)  # (n_test,)


def _y_hat_only(function: Callable[..., tuple[Tensor, Tensor]]) -> Callable[..., Tensor]:
    """``function`` returning its predictions only, without the attention weights."""

    @functools.wraps(function)
    def predictions(*args: object, **kwargs: object) -> Tensor:
        y_hat, _ = function(*args, **kwargs)  # (n_test,), (n_test, n_train)
        return y_hat

    return predictions


def formulation(name: str) -> Callable[..., Tensor]:
    """Return the function of one formulation by name.

    Explained on the page `scale.md`.

    Args:
        name: One of ``"tiled"``, ``"broadcast"``, ``"chunked"``, ``"sdpa"``.

    Returns:
        A function ``(queries, keys, values, bandwidth=1.0) -> y_hat``.

    Raises:
        TypeError: If ``name`` is not a str.
        ValueError: If ``name`` is not one of the four.

    Examples:
        >>> import attention_tutorial as at
        >>> at.scaling.formulation(
        ...     "chunked"
        ... ).__name__
        'nadaraya_watson_chunked'
        >>> nw = at.scaling.formulation(
        ...     "broadcast"
        ... )
        >>> nw(
        ...     torch.tensor([1.0]),
        ...     torch.tensor([0.0, 2.0]),
        ...     torch.tensor([0.0, 10.0]),
        ... )
        tensor([5.])
    """
    functions = {
        "tiled": _y_hat_only(nadaraya_watson),
        "broadcast": _y_hat_only(nadaraya_watson_broadcast),
        "chunked": nadaraya_watson_chunked,
        "sdpa": nadaraya_watson_sdpa,
    }
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    if name not in functions:
        raise ValueError(f"name must be one of {', '.join(FORMULATIONS)}, got {name!r}")
    return functions[name]


def peak_intermediates(
    name: str, n_test: int, n_train: int, *, chunk_size: int = DEFAULT_CHUNK_SIZE
) -> dict[str, tuple[int, ...]]:
    """The intermediate tensors that one formulation holds at its peak, with their shapes.

    At its peak each form holds:

    - tiled: ``"queries_tiled"``, ``"scores"`` and ``"attention_weights"``, three
      ``(n_test, n_train)`` matrices; the scores overwrite ``queries_tiled - keys``
      in place, so there is no fourth.
    - broadcast: ``"differences"``, ``"scores"`` and ``"attention_weights"``, three
      matrices of the same shape.
    - chunked: ``"s"``, one block of scores (at most ``chunk_size`` by
      ``chunk_size``), exponentiated in place.
    - sdpa: ``"q_w"`` and ``"k_w"``, the queries and keys times $w = 1/h$, and the
      ``"bias"`` row; the fused CPU kernel holds only small blocks of its own.

    Vectors of ``n_test`` (the predictions, the running sums of the chunked form)
    are not counted.

    Explained on the page `scale.md`.

    Args:
        name: One of ``"tiled"``, ``"broadcast"``, ``"chunked"``, ``"sdpa"``.
        n_test: Number of queries, an int ``>= 1``.
        n_train: Number of keys, an int ``>= 1``.
        chunk_size: Block size of the chunked form, an int ``>= 1``; 1024 by
            default (``DEFAULT_CHUNK_SIZE``).

    Returns:
        A dict from tensor name to shape.

    Raises:
        TypeError: If ``name`` is not a str or a size is not an int.
        ValueError: If ``name`` is unknown or a size is below 1.

    Examples:
        >>> import attention_tutorial as at
        >>> peak_intermediates = (
        ...     at.scaling.peak_intermediates
        ... )
        >>> tiled = peak_intermediates(
        ...     "tiled", 50, 40
        ... )
        >>> for name, shape in tiled.items():
        ...     print(name, shape)
        queries_tiled (50, 40)
        scores (50, 40)
        attention_weights (50, 40)
        >>> # s: one block of scores
        >>> peak_intermediates(
        ...     "chunked",
        ...     10_000,
        ...     10_000,
        ...     chunk_size=100,
        ... )
        {'s': (100, 100)}
        >>> sdpa = peak_intermediates(
        ...     "sdpa", 50, 40
        ... )
        >>> for name, shape in sdpa.items():
        ...     print(name, shape)
        q_w (50,)
        k_w (40,)
        bias (1, 40)
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
    return {"q_w": (n_test,), "k_w": (n_train,), "bias": (1, n_train)}


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
        chunk_size: Block size of the chunked form, an int ``>= 1``; 1024 by
            default (``DEFAULT_CHUNK_SIZE``).
        dtype: The element type, ``torch.float32`` by default (4 bytes).

    Returns:
        The number of bytes, a Python int (exact at any size).

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``name`` is unknown, a size is below 1 or ``dtype`` is not floating.

    Examples:
        >>> # three float32 matrices of 20,000 x 20,000: about 4.8 GB
        >>> peak_intermediate_bytes(
        ...     "tiled", 20_000, 20_000
        ... )
        4800000000
        >>> peak_intermediate_bytes(
        ...     "tiled",
        ...     3_100_000_000,
        ...     3_100_000_000,
        ... )  # no int64 overflow
        115320000000000000000
    """
    if not isinstance(dtype, torch.dtype):
        raise TypeError(f"dtype must be a torch.dtype, got {type(dtype).__name__}")
    if not dtype.is_floating_point:
        raise ValueError(f"dtype must be a floating dtype (e.g. torch.float32), got {dtype}")
    itemsize = dtype.itemsize  # bytes per element, a Python int
    shapes = peak_intermediates(name, n_test, n_train, chunk_size=chunk_size)
    return sum(itemsize * math.prod(shape) for shape in shapes.values())


RESULTS = "results/scale.json"  # inside the package, written by benchmarks/scale_bench.py
RESULTS_FORMAT = 2


def median_measurements(results: Mapping[str, object]) -> list[dict[str, object]]:
    """One row per measured cell, with the median ``seconds`` and ``peak_bytes`` of its runs.

    Explained on the page `scale.md`.

    Args:
        results: The benchmark's results in format 2: a dict whose
            ``"measurements"`` are cells (``formulation``, ``n``, ``chunk_size``,
            ``predicted_bytes``) each with a non-empty list of ``runs``
            (``seconds``, ``peak_bytes``, ``load_average``).

    Returns:
        The cells in the order of the file, each with its ``runs`` and the median
        ``seconds`` and ``peak_bytes`` (the middle run, or the mean of the two
        middle ones), ready for
        [`plot_scaling`][attention_tutorial.figures.cost.plot_scaling].

    Raises:
        ValueError: If ``results`` is not in format 2 (a dict with ``"format": 2``
            and a list of ``"measurements"``), a cell has no runs or a run has
            no ``seconds`` or ``peak_bytes``.

    Examples:
        >>> import attention_tutorial as at
        >>> runs = [
        ...     {
        ...         "seconds": s,
        ...         "peak_bytes": 4096,
        ...     }
        ...     for s in (0.3, 0.1, 0.2)
        ... ]
        >>> cell = {
        ...     "formulation": "sdpa",
        ...     "n": 1000,
        ...     "chunk_size": None,
        ...     "predicted_bytes": 8,
        ...     "runs": runs,
        ... }
        >>> results = {
        ...     "format": 2,
        ...     "measurements": [cell],
        ... }
        >>> m = at.scaling.median_measurements
        >>> m(results)[0]["seconds"]
        0.2
    """  # fmt: skip
    if not isinstance(results, Mapping) or results.get("format") != RESULTS_FORMAT:
        raise ValueError(
            f"results must be a dict in format {RESULTS_FORMAT} (with 'format': "
            f"{RESULTS_FORMAT}), as benchmarks/scale_bench.py writes it"
        )
    measurements = results.get("measurements")
    if not isinstance(measurements, list):
        raise ValueError(
            f"results must hold a list of 'measurements', got {type(measurements).__name__}"
        )
    rows = []
    for cell in measurements:
        runs = cell.get("runs") if isinstance(cell, Mapping) else None
        if not isinstance(runs, list) or not runs:
            raise ValueError(f"every measurement needs a non-empty list of runs, got {cell!r:.80}")
        for run in runs:
            missing = [
                key
                for key in ("seconds", "peak_bytes")
                if not isinstance(run, Mapping) or key not in run
            ]
            if missing:
                raise ValueError(
                    f"every run needs 'seconds' and 'peak_bytes'; a run of "
                    f"{cell.get('formulation')!r} at n = {cell.get('n')!r} has no "
                    f"{' or '.join(repr(key) for key in missing)}"
                )
        rows.append(
            {
                **cell,
                "seconds": statistics.median(float(run["seconds"]) for run in runs),
                "peak_bytes": statistics.median(float(run["peak_bytes"]) for run in runs),
            }
        )
    return rows


def scale_measurements() -> dict[str, object]:
    """The four formulations' measured time and memory, three runs per cell, shipped in the package.

    ``benchmarks/scale_bench.py`` writes ``attention_tutorial/results/scale.json``;
    it is package data (in the wheel), read with ``importlib.resources``, so a
    notebook downloaded from the site runs anywhere the package is installed.

    Explained on the page `scale.md`.

    Returns:
        ``{"machine": ..., "rows": ..., "skipped": ...}``: the machine and load the
        runs were measured on, the rows of ``median_measurements`` and the cells
        skipped for lack of memory.

    Examples:
        >>> bench = scale_measurements()
        >>> names = {
        ...     row["formulation"]
        ...     for row in bench["rows"]
        ... }
        >>> print(*sorted(names))
        broadcast chunked sdpa tiled
    """
    text = resources.files("attention_tutorial").joinpath(RESULTS).read_text(encoding="utf-8")
    results = json.loads(text)
    return {
        "machine": results["machine"],
        "rows": median_measurements(results),
        "skipped": results.get("skipped", []),
    }
