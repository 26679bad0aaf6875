r"""A seeded 2-D toy problem, and leave-one-out training of the attention models on it.

Inputs $x = (x_1, x_2)$ are uniform on $[0, 5)^2$ and $y = f(x_1) + \varepsilon$,
where $f(x) = 2 \sin(x) + x^{0.8}$ is the chapter's function
([`f`][attention_tutorial.data.f]) and $\varepsilon \sim \mathcal N(0, 0.5^2)$: a
single scalar ``w`` cannot ignore $x_2$, a learned projection can.

Explained on the pages `transformer.md` and `projections.md`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import torch
from torch import Tensor, nn

from attention_tutorial import _checks
from attention_tutorial.data import SEED, f
from attention_tutorial.transformer import ProjectedAttention, dot_product_attention


@dataclass(frozen=True)
class ToyData2D:
    """Training and test sets of the 2-D toy problem.

    Explained on the page `transformer.md`.

    Attributes:
        x_train: Training inputs, shape ``(n_train, d)``; ``d = 2`` from
            ``make_data_2d``.
        y_train: Noisy training outputs, shape ``(n_train,)``.
        x_test: Test inputs on a grid, shape ``(n_test, d)``.
        y_truth: ``f(x_1)`` at the test inputs, shape ``(n_test,)``.

    Raises:
        TypeError: If a field is not a tensor.
        ValueError: If a shape, dtype or value is invalid: ``x_train`` and ``x_test``
            must be non-empty ``(n, d)`` with the same ``d``, the outputs ``(n,)``
            of matching length, all finite floats of one dtype.

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
        """Check the fields (see Raises)."""
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
        seed: Seed of the generator, an int ``>= 0``; ``SEED`` (0) by default.

    Returns:
        A ``ToyData2D``.

    Raises:
        TypeError: If an argument is not an int.
        ValueError: If ``n_train < 2``, ``grid < 1`` or ``seed < 0``.

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
        TypeError: If an argument has the wrong type (``optimizer`` not a str).
        ValueError: If a shape, dtype or value is invalid (``optimizer`` not
            ``"adam"`` or ``"sgd"``, or the model's ``y_hat`` not of shape
            ``(n_train, 1)``), or if training diverges (a loss or a parameter
            stops being finite: ``lr`` too large).

    Examples:
        >>> data = make_data_2d(n_train=30)
        >>> losses = train_leave_one_out(
        ...     ScalarKernelAttention(),
        ...     data.x_train,
        ...     data.y_train,
        ...     steps=20,
        ... )
        >>> len(losses)
        20
        >>> (
        ...     round(losses[0], 3),
        ...     round(losses[-1], 3),
        ... )
        (0.561, 0.465)
        >>> sgd = train_leave_one_out(
        ...     ScalarKernelAttention(),
        ...     data.x_train,
        ...     data.y_train,
        ...     steps=20,
        ...     optimizer="sgd",
        ... )
        >>> (
        ...     round(sgd[0], 3),
        ...     round(sgd[-1], 3),
        ... )
        (0.561, 0.505)
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
    if not isinstance(optimizer, str):
        raise TypeError(f"optimizer must be a str, 'adam' or 'sgd', got {type(optimizer).__name__}")
    if optimizer not in _OPTIMIZERS:
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
        if tuple(y_hat.shape) != (len(x_train), 1):
            raise ValueError(
                f"the model must return y_hat of shape (n_train, 1) = ({len(x_train)}, 1), "
                f"got {tuple(y_hat.shape)}"
            )
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
        >>> data = make_data_2d()
        >>> # one scalar w = 1, untrained
        >>> round(
        ...     mse_on_test(
        ...         ScalarKernelAttention(
        ...             w=1.0
        ...         ),
        ...         data,
        ...     ),
        ...     3,
        ... )
        0.449
        >>> model = ScalarKernelAttention(
        ...     w=1.0,
        ... )
        >>> losses = train_leave_one_out(
        ...     model,
        ...     data.x_train,
        ...     data.y_train,
        ...     steps=50,
        ... )
        >>> # the same model after 50 steps
        >>> round(
        ...     mse_on_test(model, data),
        ...     3,
        ... )
        0.109
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


def train_seeds(
    data: ToyData2D,
    seeds: Iterable[int] = range(10),
    *,
    record: Iterable[int] = (300, 1000),
    lr: float = 0.1,
) -> tuple[dict[int, Tensor], dict[int, Tensor]]:
    """Train one ``ProjectedAttention(d_in=d, d_k=d)`` per seed, all in one batched loop.

    Each model starts from the weights ``ProjectedAttention`` draws after
    ``torch.manual_seed(seed)`` (the global generator is restored afterwards) and is
    trained as ``train_leave_one_out(model, data.x_train, data.y_train, lr=lr)``
    would train it: full-batch Adam on the masked leave-one-out loss. The models'
    weights are stacked along a batch dimension, so one forward pass computes every
    model's loss; one Adam step on the sum of the losses is one step of each model,
    because each loss depends on its own model's weights only.

    With the defaults this trains 10 models for 1,000 steps: about 4 s on a
    2-core CPU with one thread (``torch.set_num_threads(1)``); with two threads
    on a busy 2-core machine it can take over half a minute. The example below
    uses ``record=[5, 20]`` to be quick.

    Explained on the page `projections.md`.

    Args:
        data: The data set; ``d`` is its number of features.
        seeds: The seeds, one model each: non-negative ints, at least one.
        record: The step counts at which the test errors and losses are recorded,
            ints ``>= 1``, at least one; training runs to the largest.
        lr: Adam's learning rate, a positive number.

    Returns:
        Two dicts keyed by the recorded step counts, in ascending order: each
        model's ``mse_on_test`` after that many steps, and its leave-one-out loss
        at that step, both of shape ``(len(seeds),)``.
        The loss is that of the model one update earlier: ``loss[step]`` is
        ``train_leave_one_out``'s ``losses[step - 1]``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``seeds`` or ``record`` is empty or holds an invalid value,
            or if training diverges (a loss stops being finite: ``lr`` too large).

    Examples:
        >>> data = make_data_2d(n_train=30)
        >>> mse, loss = train_seeds(
        ...     data, [0, 1], record=[5, 20]
        ... )
        >>> list(mse), tuple(mse[20].shape)
        ([5, 20], (2,))
    """
    if not isinstance(data, ToyData2D):
        raise TypeError(f"data must be a ToyData2D, got {type(data).__name__}")
    seeds = [_checks.integer("seeds", seed, minimum=0) for seed in seeds]
    record = sorted({_checks.integer("record", step, minimum=1) for step in record})
    if not seeds or not record:
        raise ValueError("seeds and record must each hold at least one int")
    lr = _checks.positive_number("lr", lr)
    x_train, y_train = _checks.upcast(data.x_train), _checks.upcast(data.y_train)
    d = x_train.shape[1]
    models = []
    with torch.random.fork_rng(devices=[]):
        for seed in seeds:
            torch.manual_seed(seed)  # this model's initial W_q, W_k, W_v
            models.append(ProjectedAttention(d_in=d, d_k=d))
    # every model's weights stacked, trainable: (n_models, d, d), (n_models, d, d), (n_models, 1, 1)
    W_q = torch.stack([m.W_q.weight.detach() for m in models]).requires_grad_()
    W_k = torch.stack([m.W_k.weight.detach() for m in models]).requires_grad_()
    W_v = torch.stack([m.W_v.weight.detach() for m in models]).requires_grad_()
    own = torch.eye(len(x_train), dtype=torch.bool)  # (n_train, n_train), True on the diagonal
    optimizer = torch.optim.Adam([W_q, W_k, W_v], lr=lr)
    mse: dict[int, Tensor] = {}
    loss: dict[int, Tensor] = {}
    for step in range(1, record[-1] + 1):
        optimizer.zero_grad()
        q = x_train @ W_q.transpose(
            -2, -1
        )  # (n_train, d) @ (n_models, d, d) -> (n_models, n_train, d)
        k = x_train @ W_k.transpose(-2, -1)  # (n_models, n_train, d)
        v = y_train[:, None] @ W_v.transpose(-2, -1)  # (n_models, n_train, 1)
        # q . k - |k|^2 / 2, the own key masked out: the page's Gaussian form, unscaled
        key_bias = -(k**2).sum(dim=-1)[:, None, :] / 2  # (n_models, 1, n_train)
        try:
            y_hat, _ = dot_product_attention(q, k, v, mask=~own, key_bias=key_bias, scale=1.0)
        except ValueError as error:  # the scores overflowed: the weights grew too large
            raise ValueError(
                f"training diverged at step {step}: the parameters grew until the attention "
                f"failed ({error}); use a smaller lr than {lr!r}"
            ) from None
        y_hat = y_hat.squeeze(-1)  # (n_models, n_train, 1) -> (n_models, n_train)
        losses = ((y_hat - y_train) ** 2).mean(dim=1)  # (n_models,)
        losses.sum().backward()
        optimizer.step()
        if not bool(torch.isfinite(losses).all()):
            raise ValueError(
                f"training diverged at step {step}: a loss is no longer finite with "
                f"lr = {lr!r}; use a smaller lr"
            )
        if step in record:
            loss[step] = losses.detach()
            with torch.no_grad():  # write the stacks back into the models
                for model, W_q_s, W_k_s, W_v_s in zip(models, W_q, W_k, W_v, strict=True):
                    model.W_q.weight.copy_(W_q_s)
                    model.W_k.weight.copy_(W_k_s)
                    model.W_v.weight.copy_(W_v_s)
            mse[step] = torch.tensor([mse_on_test(model, data) for model in models])
    return mse, loss
