"""A seeded 2-D toy problem, and leave-one-out training of the attention models on it.

Inputs ``x = (x_1, x_2)`` are uniform on ``[0, 5)^2``; the output depends on
``x_1`` only, through the chapter's function ``f``, plus noise:
``y = f(x_1) + N(0, 0.5^2)``. The second feature is a distraction that a single
scalar ``w`` cannot ignore and a learned projection can. Explained on the pages
`transformer.md` and `projections.md`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from torch import Tensor, nn

from attention_tutorial import _checks
from attention_tutorial.data import SEED, f


@dataclass(frozen=True)
class ToyData2D:
    """Training and test sets of the 2-D toy problem.

    Explained on the page `transformer.md`.

    Attributes:
        x_train: Training inputs, shape ``(n_train, 2)``.
        y_train: Noisy training outputs, shape ``(n_train,)``.
        x_test: Test inputs on a grid, shape ``(n_test, 2)``.
        y_truth: ``f(x_1)`` at the test inputs, shape ``(n_test,)``.

    Examples:
        >>> # f(x_1) on a 2 x 2 grid
        >>> make_data_2d(
        ...     n_train=5, grid=2
        ... ).y_truth.shape
        torch.Size([4])
    """

    x_train: Tensor
    y_train: Tensor
    x_test: Tensor
    y_truth: Tensor

    def __post_init__(self) -> None:
        """Check the shapes, dtypes and values: finite floats, inputs with one ``d``."""
        for name in ("x_train", "x_test"):
            value = _checks.tensor(name, getattr(self, name))
            if value.dim() != 2 or len(value) == 0 or value.shape[1] == 0:
                raise ValueError(
                    f"{name} must be a non-empty 2-D tensor of shape (n, d), "
                    f"got shape {tuple(value.shape)}"
                )
            _checks.floating(name, value)
            _checks.finite(name, value)
        _checks.vector("y_train", self.y_train, "(n_train,)")
        _checks.vector("y_truth", self.y_truth, "(n_test,)")
        _checks.same_length("x_train", self.x_train, "y_train", self.y_train)
        _checks.same_length("x_test", self.x_test, "y_truth", self.y_truth)
        if self.x_train.shape[1] != self.x_test.shape[1]:
            raise ValueError(
                "x_train and x_test must have the same number of features d, got "
                f"{tuple(self.x_train.shape)} and {tuple(self.x_test.shape)}"
            )
        _checks.same_dtype(
            x_train=self.x_train, y_train=self.y_train, x_test=self.x_test, y_truth=self.y_truth
        )


def make_data_2d(n_train: int = 100, grid: int = 20, *, seed: int = SEED) -> ToyData2D:
    """Draw the 2-D toy data set with its own generator (the global one is untouched).

    Explained on the pages `transformer.md` and `projections.md`.

    Args:
        n_train: Number of training points, an int ``>= 2``.
        grid: Test inputs form a ``grid x grid`` lattice on ``[0, 5)^2``, an int ``>= 1``.
        seed: Seed of the generator.

    Returns:
        A ``ToyData2D``.

    Raises:
        TypeError: If an argument is not an int.
        ValueError: If ``n_train < 2`` or ``grid < 1``.

    Examples:
        >>> data = make_data_2d(
        ...     n_train=30, grid=4
        ... )
        >>> (
        ...     tuple(data.x_train.shape),
        ...     tuple(data.x_test.shape),
        ... )
        ((30, 2), (16, 2))
    """
    n_train = _checks.integer("n_train", n_train, minimum=2)
    grid = _checks.integer("grid", grid, minimum=1)
    seed = _checks.integer("seed", seed, minimum=0)
    generator = torch.Generator().manual_seed(seed)
    x_train = torch.rand((n_train, 2), generator=generator) * 5  # (n_train, 2)
    noise = torch.normal(0.0, 0.5, (n_train,), generator=generator)  # (n_train,)
    y_train = f(x_train[:, 0]) + noise  # (n_train,)
    axis = torch.arange(grid) * (5 / grid)  # (grid,)
    x_test = torch.cartesian_prod(axis, axis)  # (grid * grid, 2)
    return ToyData2D(x_train, y_train, x_test, f(x_test[:, 0]))


_OPTIMIZERS = {"adam": torch.optim.Adam, "sgd": torch.optim.SGD}


def train_leave_one_out(
    model: nn.Module,
    x_train: Tensor,
    y_train: Tensor,
    *,
    steps: int = 200,
    lr: float = 0.05,
    optimizer: str = "adam",
) -> list[float]:
    """Train an attention model on its training set, each point hiding its own key.

    Every training point is a query against all training points; the mask
    ``~torch.eye(n_train, dtype=torch.bool)`` keeps a point from copying its own
    label. Full-batch Adam (or plain SGD) on the mean squared error; no random numbers
    are used.

    Explained on the page `projections.md`.

    Args:
        model: A module called as ``model(queries, keys, values, mask)`` that
            returns ``(y_hat, attention_weights)``, ``y_hat`` of shape ``(n, 1)``.
        x_train: Training inputs, shape ``(n_train, d)``, ``n_train >= 2``.
        y_train: Training outputs, shape ``(n_train,)``.
        steps: Number of optimizer steps, an int ``>= 1``.
        lr: Learning rate, a positive number.
        optimizer: ``"adam"`` (``torch.optim.Adam``) or ``"sgd"`` (``torch.optim.SGD``,
            no momentum).

    Returns:
        The mean squared leave-one-out error before each step.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a shape, dtype or value is invalid, or if training diverges
            (a loss or a parameter stops being finite: ``lr`` too large).

    Examples:
        >>> data = make_data_2d(n_train=30)
        >>> losses = train_leave_one_out(
        ...     ScalarKernelAttention(),
        ...     data.x_train,
        ...     data.y_train,
        ...     steps=20,
        ... )
        >>> len(losses), losses[-1] < losses[0]
        (20, True)
        >>> sgd = train_leave_one_out(
        ...     ScalarKernelAttention(),
        ...     data.x_train,
        ...     data.y_train,
        ...     steps=20,
        ...     optimizer="sgd",
        ... )
        >>> sgd[-1] < sgd[0]
        True
    """
    if not isinstance(model, nn.Module):
        raise TypeError(f"model must be an nn.Module, got {type(model).__name__}")
    x_train = _checks.tensor("x_train", x_train)
    if x_train.dim() != 2 or len(x_train) < 2 or x_train.shape[1] == 0:
        raise ValueError(
            "x_train must have shape (n_train, d) with n_train >= 2 and d >= 1, "
            f"got {tuple(x_train.shape)}"
        )
    _checks.floating("x_train", x_train)
    _checks.finite("x_train", x_train)
    _checks.vector("y_train", y_train, "(n_train,)")
    _checks.same_length("x_train", x_train, "y_train", y_train)
    _checks.same_dtype(x_train=x_train, y_train=y_train)
    steps = _checks.integer("steps", steps, minimum=1)
    lr = _checks.positive_number("lr", lr)
    if not isinstance(optimizer, str) or optimizer not in _OPTIMIZERS:
        raise ValueError(f"optimizer must be 'adam' or 'sgd', got {optimizer!r}")
    x_train, y_train = _checks.upcast(x_train.detach()), _checks.upcast(y_train.detach())
    values = y_train[:, None]  # (n_train, 1)
    mask = ~torch.eye(len(x_train), dtype=torch.bool)  # (n_train, n_train), False on the diagonal
    step = _OPTIMIZERS[optimizer](model.parameters(), lr=lr)
    losses: list[float] = []
    for _ in range(steps):
        step.zero_grad()
        try:
            y_hat, _ = model(x_train, x_train, values, mask)  # (n_train, 1)
        except ValueError as error:
            if not losses:
                raise  # the first call: the inputs, not the training, are at fault
            raise ValueError(
                f"training diverged at step {len(losses) + 1}: the parameters grew until the "
                f"model failed ({error}); use a smaller lr than {lr!r}"
            ) from None
        loss = ((y_hat.reshape(-1) - y_train) ** 2).mean()  # (n_train, 1) -> (n_train,) -> ()
        loss.backward()
        step.step()
        losses.append(float(loss.detach()))
        if not math.isfinite(losses[-1]) or not all(
            bool(torch.isfinite(p).all()) for p in model.parameters()
        ):
            raise ValueError(
                f"training diverged at step {len(losses)}: the loss or a parameter is no longer "
                f"finite with lr = {lr!r}; use a smaller lr"
            )
    return losses


def mse_on_test(model: nn.Module, data: ToyData2D) -> float:
    """Mean squared error of a trained model's test predictions against ``f(x_1)``.

    The queries are the test inputs, the keys and values the whole training set.

    Explained on the page `projections.md`.

    Args:
        model: A module as in ``train_leave_one_out``.
        data: The data set.

    Returns:
        The error as a Python float.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If the model's predictions are not of shape ``(n_test, 1)``.

    Examples:
        >>> round(
        ...     mse_on_test(
        ...         ScalarKernelAttention(
        ...             w=1.0
        ...         ),
        ...         make_data_2d(),
        ...     ),
        ...     3,
        ... ) > 0
        True
    """
    if not isinstance(model, nn.Module):
        raise TypeError(f"model must be an nn.Module, got {type(model).__name__}")
    if not isinstance(data, ToyData2D):
        raise TypeError(f"data must be a ToyData2D, got {type(data).__name__}")
    with torch.no_grad():
        y_hat, _ = model(data.x_test, data.x_train, data.y_train[:, None])  # (n_test, 1)
    if tuple(y_hat.shape) != (len(data.x_test), 1):
        raise ValueError(
            f"the model must predict shape (n_test, 1) = ({len(data.x_test)}, 1), "
            f"got {tuple(y_hat.shape)}"
        )
    y_hat = y_hat.reshape(-1)  # (n_test, 1) -> (n_test,)
    return float(((y_hat - _checks.upcast(data.y_truth)) ** 2).mean())
