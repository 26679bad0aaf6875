"""Checking the operands of a diagram, with PyTorch itself as the judge of shape rules.

A diagram runs one real PyTorch operation. Before it does, ``torch_shape`` runs the
same operation on ``meta`` tensors (shapes without data, so nothing is allocated):
PyTorch decides whether the arguments are valid, and its error comes back as a
``ValueError`` that names our argument. Nothing here re-implements a shape rule.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence

import torch
from torch import Tensor

from attention_tutorial import _checks
from attention_tutorial.figures.tensors.panel import MAX_COLS, MAX_ROWS, MAX_SLICES, shape_text


def operand(name: str, value: object, max_dim: int = 3) -> Tensor:
    """Return a non-empty tensor of at most ``max_dim`` dimensions, detached."""
    value = _checks.tensor(name, value)
    if value.dim() > max_dim:
        raise ValueError(
            f"{name} must have at most {max_dim} dimensions for a diagram, "
            f"got shape {shape_text(value.shape)}"
        )
    if value.numel() == 0:
        raise ValueError(f"{name} must not be empty, got shape {shape_text(value.shape)}")
    return value.detach()


def vector_pair(name_a: str, a: object, name_b: str, b: object) -> tuple[Tensor, Tensor]:
    """Return two finite floating 1-D tensors of one length and dtype, detached."""
    a = _checks.vector(name_a, a, "(n,)").detach()
    b = _checks.vector(name_b, b, "(n,)").detach()
    _checks.same_length(name_a, a, name_b, b)
    _checks.same_dtype(**{name_a: a, name_b: b})
    fits(name_a, a.shape)
    return a, b


def matrix(name: str, value: object, like: tuple[str, Tensor] | None = None) -> Tensor:
    """Return a non-empty 2-D tensor small enough to draw, detached.

    With ``like = (other_name, other)``, it must also have ``other``'s shape.
    """
    value = operand(name, value, max_dim=2)
    if value.dim() != 2:
        raise ValueError(f"{name} must be a 2-D tensor, got shape {shape_text(value.shape)}")
    if like is not None and value.shape != like[1].shape:
        raise ValueError(
            f"{name} must have the shape of {like[0]}, {shape_text(like[1].shape)}, "
            f"got {shape_text(value.shape)}"
        )
    fits(name, value.shape)
    return value


def code_names(names: object, *, of: tuple[str, str], example: tuple[str, str]) -> tuple[str, str]:
    """Two labels for the tensors ``of`` names, as the caller's code names them.

    >>> code_names(["scores", "weights"], of=("x", "y"), example=("scores", "weights"))
    ('scores', 'weights')
    >>> code_names(("x",), of=("x", "y"), example=("scores", "weights"))
    Traceback (most recent call last):
    ValueError: names must be two non-empty strings without surrounding spaces, the names \
of x and y in your code, e.g. ('scores', 'weights'); got ('x',)
    """
    what = f"the names of {of[0]} and {of[1]} in your code, e.g. {example!r}"
    if not isinstance(names, (tuple, list)) or not all(isinstance(n, str) for n in names):
        raise TypeError(f"names must be a tuple of two strings, {what}; got {names!r}")
    if len(names) != 2 or not all(n and n == n.strip() and "\n" not in n for n in names):
        raise ValueError(
            f"names must be two non-empty strings without surrounding spaces, {what}; "
            f"got {tuple(names)!r}"
        )
    return names[0], names[1]


def element_ids(x: Tensor) -> Tensor:
    """Element numbers 0, 1, 2, ... in the shape of ``x``: colour ids that travel with data."""
    return torch.arange(x.numel()).reshape(x.shape)


def fits(name: str, shape: Sequence[int]) -> None:
    """Raise a clear error if a result would be too large for a diagram."""
    shape = tuple(shape)
    cube = (1,) * (3 - len(shape)) + shape if len(shape) <= 3 else shape
    if len(shape) > 3 or cube[2] > MAX_COLS or cube[1] > MAX_ROWS or cube[0] > MAX_SLICES:
        raise ValueError(
            f"{name} would have shape {shape_text(shape)}, too large for a diagram (at most 3 "
            f"dimensions, {MAX_SLICES} slices of {MAX_ROWS} rows and {MAX_COLS} columns): "
            "use a smaller input"
        )


def size_list(name: str, given: tuple[object, ...]) -> tuple[int, ...]:
    """Accept ``f(x, 2, 3)`` or ``f(x, (2, 3))``; return the ints."""
    if len(given) == 1 and isinstance(given[0], (tuple, list, torch.Size)):
        given = tuple(given[0])
    if not given:
        raise ValueError(f"{name} must hold at least one size")
    for j, s in enumerate(given):
        if isinstance(s, bool) or not isinstance(s, numbers.Integral):
            raise TypeError(f"{name}[{j}] must be an int, got {type(s).__name__}")
    return tuple(int(s) for s in given)


def args_text(values: Sequence[int], given: tuple[object, ...]) -> str:
    """The sizes as the caller wrote them: ``2, 3`` or one tuple ``(2, 3)``."""
    text = ", ".join(str(s) for s in values)
    if len(given) == 1 and isinstance(given[0], (tuple, list, torch.Size)):
        return f"({text},)" if len(values) == 1 else f"({text})"
    return text


def torch_says(error: Exception) -> str:
    """The first line of PyTorch's message, to quote after our own."""
    return str(error).strip().splitlines()[0]


def torch_shape(what: str, op: Callable[..., Tensor], *tensors: Tensor) -> torch.Size:
    """Return the shape of ``op(*tensors)``, computed by PyTorch on ``meta`` tensors.

    ``what`` says which arguments are wrong if PyTorch refuses them, e.g.
    ``"sizes (3,) cannot expand x of shape (2,)"``; PyTorch's own message follows.
    """
    metas = [t.to("meta") for t in tensors]
    try:
        return op(*metas).shape
    except (RuntimeError, IndexError, ValueError) as error:
        raise ValueError(f"{what} (PyTorch: {torch_says(error)})") from None
