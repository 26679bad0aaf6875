"""Private validation helpers shared by every module of the package.

Each helper raises an error that names the offending argument and says what was
expected, so that a learner who passes the wrong shape sees how to fix the call.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

import numpy as np
import torch
from torch import Tensor


def _shape(value: Tensor) -> str:
    """Format a tensor shape as a Python tuple, e.g. ``(3, 4)`` or ``(50,)``."""
    return str(tuple(value.shape))


def tensor(name: str, value: object) -> Tensor:
    """Return ``value`` if it is a tensor, else raise ``TypeError``."""
    if not isinstance(value, Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(value).__name__}")
    return value


def floating(name: str, value: Tensor) -> None:
    """Raise ``ValueError`` unless ``value`` has a floating-point dtype."""
    if not value.is_floating_point():
        raise ValueError(
            f"{name} must have a floating-point dtype (e.g. torch.float32), got {value.dtype}"
        )


def _bad_entries(name: str, what: str, bad: np.ndarray) -> ValueError:
    """The error for ``name``, whose entries flagged in ``bad`` are ``what``."""
    where = np.argwhere(bad)[0]
    first = int(where[0]) if len(where) == 1 else tuple(int(i) for i in where)
    return ValueError(
        f"{name} contains {what}: {int(bad.sum())} of {bad.size} entries, "
        f"the first at index {first}"
    )


def finite(name: str, value: Tensor) -> None:
    """Raise ``ValueError`` if ``value`` holds NaN or infinite entries, saying where."""
    bad = ~torch.isfinite(value)
    if bool(bad.any()):
        raise _bad_entries(name, "NaN or infinite values", bad.cpu().numpy())


def no_nan(name: str, value: Tensor) -> None:
    """Raise ``ValueError`` if ``value`` holds NaN entries (infinite ones are allowed)."""
    bad = torch.isnan(value)
    if bool(bad.any()):
        raise _bad_entries(name, "NaN", bad.cpu().numpy())


def vector(name: str, value: object, shape: str) -> Tensor:
    """Check that ``value`` is a non-empty, finite, floating 1-D tensor.

    ``shape`` is the expected shape written with symbols, e.g. ``"(n_train,)"``.
    """
    value = tensor(name, value)
    if value.dim() != 1:
        raise ValueError(f"{name} must be a 1-D tensor of shape {shape}, got shape {_shape(value)}")
    if value.numel() == 0:
        raise ValueError(f"{name} must not be empty")
    floating(name, value)
    finite(name, value)
    return value


LOW_PRECISION = (torch.float16, torch.bfloat16)


def upcast(value: Tensor) -> Tensor:
    """Return float16 and bfloat16 tensors as float32, others unchanged.

    Half precision cannot hold the scores of a Gaussian kernel (float16 overflows
    at 65504), and PyTorch's CPU kernels mix badly with a float32 ``w``: the
    package computes such inputs in float32 and returns float32.
    """
    return value.float() if value.dtype in LOW_PRECISION else value


def same_length(name_a: str, a: Tensor, name_b: str, b: Tensor) -> None:
    """Raise ``ValueError`` unless two 1-D tensors have the same length."""
    if len(a) != len(b):
        raise ValueError(
            f"{name_a} and {name_b} must have the same length, got {len(a)} and {len(b)}"
        )


def same_dtype(**tensors: Tensor) -> None:
    """Raise ``ValueError`` unless all the given tensors share one dtype."""
    dtypes = {t.dtype for t in tensors.values()}
    if len(dtypes) > 1:
        names = ", ".join(tensors)
        found = ", ".join(str(t.dtype) for t in tensors.values())
        raise ValueError(f"{names} must have the same dtype, got {found}")


def queries_keys_values(
    queries: object, keys: object, values: object
) -> tuple[Tensor, Tensor, Tensor]:
    """Validate the 1-D queries, keys and values of Nadaraya-Watson: one dtype, keys pair values.

    Returns them with half precision (float16, bfloat16) as float32.
    """
    vector("queries", queries, "(n_test,)")
    vector("keys", keys, "(n_train,)")
    vector("values", values, "(n_train,)")
    same_length("keys", keys, "values", values)
    same_dtype(queries=queries, keys=keys, values=values)
    return upcast(queries), upcast(keys), upcast(values)


def real(name: str, value: object) -> float:
    """Return ``value`` as a float; raise ``TypeError`` if it is not a real number."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    return float(value)


def finite_number(name: str, value: object) -> float:
    """Return ``value`` as a float; raise unless it is a finite real number."""
    number = real(name, value)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number, got {number!r}")
    return number


def positive_number(name: str, value: object) -> float:
    """Return ``value`` as a float; raise unless it is a positive finite number."""
    number = real(name, value)
    if not (math.isfinite(number) and number > 0):
        raise ValueError(f"{name} must be a positive finite number, got {number!r}")
    return number


def scalar(name: str, value: object, *, positive: bool = False) -> float:
    """Return a number or a one-element floating tensor (like ``model.w``) as a finite float.

    The one rule for every scalar argument of the package (``w``, ``bandwidth``,
    ``query``): a real number, or a floating tensor holding exactly one element,
    detached first; ``positive=True`` also requires it to be ``> 0``.
    """
    if isinstance(value, Tensor):
        if value.numel() != 1:
            raise ValueError(
                f"{name} must be a number or a one-element tensor, got shape {_shape(value)}"
            )
        floating(name, value)
        value = value.detach().item()
    return positive_number(name, value) if positive else finite_number(name, value)


def non_negative_number(name: str, value: object) -> float:
    """Return ``value`` as a float; raise unless it is a finite number >= 0."""
    number = real(name, value)
    if not (math.isfinite(number) and number >= 0):
        raise ValueError(f"{name} must be a non-negative finite number, got {number!r}")
    return number


def integer(name: str, value: object, minimum: int, maximum: int | None = None) -> int:
    """Return ``value``; raise unless it is an ``int`` (not ``bool``) in ``[minimum, maximum]``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be an int in [{minimum}, {maximum}], got {value}")
    return int(value)


def distinct_indices(name: str, value: object, size: int, most: int) -> list[int]:
    """Return ``value`` as a list of 1 to ``most`` distinct ints, each from 0 to ``size - 1``.

    The explorer's and its static figure's ``query_indices`` (``size`` is ``n_test``):
    the test inputs whose attention weights are drawn as bumps, one colour each.

    >>> distinct_indices(
    ...     "query_indices",
    ...     (0, 25, 40),
    ...     50,
    ...     3,
    ... )
    [0, 25, 40]
    >>> distinct_indices(
    ...     "query_indices", 25, 50, 3
    ... )
    Traceback (most recent call last):
    ...
    TypeError: query_indices must be a sequence of ints, got int
    >>> distinct_indices(
    ...     "query_indices", (0, 50), 50, 3
    ... )
    Traceback (most recent call last):
    ...
    ValueError: query_indices must be 1 to 3 indices from 0 to n_test - 1 = 49, got (0, 50)
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a sequence of ints, got {type(value).__name__}")
    checked = [integer(f"{name}[{k}]", i, minimum=0) for k, i in enumerate(value)]
    if not checked or any(i >= size for i in checked):
        raise ValueError(
            f"{name} must be 1 to {most} indices from 0 to n_test - 1 = {size - 1}, got {value}"
        )
    if len(checked) > most:
        raise ValueError(f"{name} must hold at most {most} indices, got {len(checked)}")
    if len(set(checked)) < len(checked):
        raise ValueError(f"{name} must not repeat an index, got {value}")
    return checked


def boolean(name: str, value: object) -> bool:
    """Return ``value``; raise ``TypeError`` unless it is a ``bool``."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, got {type(value).__name__}")
    return value


def array(name: str, value: object, ndim: int) -> np.ndarray:
    """Convert a tensor (detached first) or array-like to a non-empty, finite float array.

    NaN and infinite entries are refused: a figure would leave a silent gap there.
    """
    if isinstance(value, Tensor):
        value = value.detach().cpu().double().numpy()
    try:
        result = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(
            f"{name} must be a {ndim}-D sequence of numbers, "
            f"got {type(value).__name__}: {value!r:.60}"
        ) from None
    if result.ndim != ndim:
        raise ValueError(f"{name} must be a {ndim}-D array, got shape {result.shape}")
    if result.size == 0:
        raise ValueError(f"{name} must not be empty")
    bad = ~np.isfinite(result)
    if bad.any():
        raise _bad_entries(name, "NaN or infinite values", bad)
    return result


def same_sizes(**arrays: np.ndarray) -> None:
    """Raise ``ValueError`` unless the given 1-D arrays share one length."""
    if len({len(a) for a in arrays.values()}) > 1:
        found = " and ".join(str(len(a)) for a in arrays.values())
        raise ValueError(f"{', '.join(arrays)} must have the same length, got {found}")
