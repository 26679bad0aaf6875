"""The toy regression data set of the chapter: noisy samples of one smooth function.

Explained on the page `data.md`.
"""

from __future__ import annotations

import contextlib
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor

from attention_tutorial import _checks

SEED: int = 0
"""The one random seed of the whole chapter."""


def f(x: Tensor) -> Tensor:
    r"""Return the true function $f(x) = 2 \sin(x) + x^{0.8}$, element-wise.

    Explained on the page `data.md`.

    Args:
        x: Inputs, any shape, all ``>= 0`` (``x ** 0.8`` is NaN for negative ``x``).

    Returns:
        A tensor of the same shape as ``x``.

    Raises:
        TypeError: If ``x`` is not a tensor.
        ValueError: If ``x`` holds negative, NaN or infinite values.

    Examples:
        >>> # f(0) = 0 and f(1) = 2 sin(1) + 1
        >>> f(torch.tensor([0.0, 1.0]))
        tensor([0.0000, 2.6829])
    """
    x = _checks.tensor("x", x)
    _checks.finite("x", x)
    if x.numel() > 0 and bool((x < 0).any()):
        raise ValueError(
            f"x must be >= 0 (x ** 0.8 is NaN for negative x), got minimum {x.min().item()}"
        )
    return 2 * torch.sin(x) + x**0.8


@dataclass(frozen=True, eq=False)
class ToyData:
    """Training and test tensors of the toy regression problem.

    Explained on the page `data.md`.

    Attributes:
        x_train: Sorted training inputs, shape ``(n_train,)``; they become the keys.
        y_train: Noisy training outputs, shape ``(n_train,)``; they become the values.
        x_test: Evenly spaced test inputs, shape ``(n_test,)``; they become the queries.
        y_truth: Noise-free ``f(x_test)``, shape ``(n_test,)``.

    Examples:
        >>> data = ToyData(
        ...     torch.zeros(3),
        ...     torch.ones(3),
        ...     torch.zeros(2),
        ...     torch.ones(2),
        ... )
        >>> data.n_train, data.n_test
        (3, 2)
    """

    x_train: Tensor
    y_train: Tensor
    x_test: Tensor
    y_truth: Tensor

    @property
    def n_train(self) -> int:
        """Number of training examples (keys and values)."""
        return len(self.x_train)

    @property
    def n_test(self) -> int:
        """Number of test inputs (queries)."""
        return len(self.x_test)


def make_data(
    n_train: int = 50,
    *,
    x_max: float = 5.0,
    noise_std: float = 0.5,
    test_step: float = 0.1,
    seed: int = SEED,
) -> ToyData:
    """Draw the seeded toy data set: noisy samples of ``f`` on ``[0, x_max)``.

    A local ``torch.Generator`` is used, so the global random state is not touched
    and the same ``seed`` always gives the same tensors.

    Explained on the page `data.md`.

    Args:
        n_train: Number of training examples, ``>= 1``.
        x_max: Inputs are drawn from ``[0, x_max)``; must be positive.
        noise_std: Standard deviation of the Gaussian label noise, ``>= 0``.
        test_step: Spacing of the test inputs, ``0 < test_step <= x_max``.
        seed: Seed of the local random generator, in ``[0, 2**64 - 1]``.

    Returns:
        The training and test tensors, all of dtype ``torch.float32``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If an argument is out of range.

    Examples:
        >>> data = make_data()
        >>> data.n_train, data.n_test
        (50, 50)
        >>> # sorted
        >>> bool(
        ...     (
        ...         data.x_train[1:]
        ...         >= data.x_train[:-1]
        ...     ).all()
        ... )
        True
    """
    n_train = _checks.integer("n_train", n_train, minimum=1)
    x_max = _checks.positive_number("x_max", x_max)
    noise_std = _checks.non_negative_number("noise_std", noise_std)
    test_step = _checks.positive_number("test_step", test_step)
    if test_step > x_max:
        raise ValueError(f"test_step must be <= x_max = {x_max}, got {test_step}")
    seed = _checks.integer("seed", seed, minimum=0, maximum=2**64 - 1)  # torch's seed range

    g = torch.Generator().manual_seed(seed)
    x_train, _ = torch.sort(torch.rand(n_train, generator=g) * x_max)  # (n_train,)
    noise = torch.normal(0.0, noise_std, (n_train,), generator=g)  # (n_train,)
    y_train = f(x_train) + noise  # (n_train,)
    x_test = torch.arange(0, x_max, test_step)  # (n_test,)
    y_truth = f(x_test)  # (n_test,)
    return ToyData(x_train=x_train, y_train=y_train, x_test=x_test, y_truth=y_truth)


def describe(name: str, tensor: Tensor, *, decimals: int = 4, max_items: int = 4) -> None:
    """Print a tensor's name, shape and dtype, then its values rounded.

    A tensor of more than ``max_items`` entries is shortened: along every dimension
    longer than ``2 * (max_items // 2)`` only the first and last ``max_items // 2``
    entries are shown, separated by ``...``. No global print option is changed. With
    the defaults a 1-D tensor's lines fit the 40 characters of a phone's output box
    when its values lie in ``[0, 10)``; a minus sign or a second integer digit widens
    every entry.

    Explained on the page `data.md`.

    Args:
        name: Label printed before the shape, usually the variable name.
        tensor: The tensor to show (it may require grad; it is detached first).
        decimals: Digits after the decimal point for floating values, ``>= 0``.
        max_items: Show at most this many entries per dimension, ``>= 2``.

    Raises:
        TypeError: If ``name`` is not a string or ``tensor`` is not a tensor.
        ValueError: If ``decimals`` or ``max_items`` is out of range.

    Examples:
        >>> describe(
        ...     "x", torch.arange(0.0, 1.0, 0.1)
        ... )
        x: shape (10,), torch.float32
        [0.0000, 0.1000, ..., 0.8000, 0.9000]
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    tensor = _checks.tensor("tensor", tensor)
    decimals = _checks.integer("decimals", decimals, minimum=0)
    max_items = _checks.integer("max_items", max_items, minimum=2)

    values = tensor.detach().cpu()
    if values.dtype == torch.bfloat16:
        values = values.float()  # numpy has no bfloat16
    text = np.array2string(
        values.numpy(),
        precision=decimals,
        floatmode="fixed",
        threshold=max_items,
        edgeitems=max(1, max_items // 2),
        separator=", ",
        max_line_width=120,
    )
    print(f"{name}: shape {tuple(tensor.shape)}, {tensor.dtype}")
    print(text)


class _Wrapper(textwrap.TextWrapper):
    """Wraps between words; a word too long for a line is cut only after ``(`` or ``.``.

    Such a word (``torch.autograd.set_detect_anomaly(True,``) is split after its
    ``(``, then, if a piece is still too long, after its dots; a piece with neither
    stays whole on its own line. No word is ever cut between two letters.
    """

    cut_width: int | None = None  # cut long words as if the lines were this wide

    def _split(self, text: str) -> list[str]:
        room = (self.cut_width or self.width) - len(self.subsequent_indent)
        chunks = []
        for chunk in super()._split(text):
            pieces = [chunk]
            for after in "(.":
                if max(map(len, pieces)) <= room:
                    break
                pieces = [
                    cut
                    for piece in pieces
                    for cut in (
                        re.split(f"(?<={re.escape(after)})", piece)
                        if len(piece) > room
                        else [piece]
                    )
                    if cut
                ]
            chunks.extend(pieces)
        return chunks


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` wrapped between words at ``width``, next lines indented by four spaces.

    The lines are balanced: wrapped at the narrowest width that needs no more of them
    than ``width`` does, so no long line is followed by a stub such as ``2)``. A word
    longer than a line is cut after ``(`` or ``.``, never inside a name.

    >>> _wrapped(
    ...     "IndexError: Dimension out of range (expected to be in range of [-2, 1], "
    ...     "but got 2)",
    ...     80,
    ... )
    ['IndexError: Dimension out of range (expected', '    to be in range of [-2, 1], but got 2)']
    >>> _wrapped(
    ...     "Hint: with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    ...     40,
    ... )
    ['Hint: with', '    torch.autograd.set_detect_anomaly(', '    True, check_nan=False).']
    """
    options = {"subsequent_indent": " " * 4, "break_on_hyphens": False, "break_long_words": False}
    lines = _Wrapper(width, **options).wrap(text) or [""]
    longest = max(map(len, lines))  # above width only for a word that cannot be cut
    for narrower in range(min(width, longest) - 1, 19, -1):  # the narrowest, as many lines
        wrapper = _Wrapper(narrower, **options)
        wrapper.cut_width = width  # long words cut as at width, not into more pieces
        trial = wrapper.wrap(text)
        if len(trial) > len(lines) or max(map(len, trial)) > longest:
            break
        lines = trial
    return lines


@contextlib.contextmanager
def prints_error(
    *kinds: type[BaseException], width: int = 80, lines: int | None = 1
) -> Iterator[list[str]]:
    r"""Run the ``with`` block, which must fail with one of ``kinds``; print its message.

    A context manager (the ``Iterator`` of the signature is the generator behind it):
    write ``with prints_error(ValueError) as caught:``; ``caught`` is a list of str.

    The first line printed is ``Type: message``, from the message's first line; with
    ``lines`` (1 by default, ``None``: all) the message's next lines follow. Each is
    wrapped between words at ``width`` characters into lines of even length (no word or
    two left alone on the last line), the next ones indented by four spaces. A message cut short
    ends with a line that says so: ``    [… 4 more lines of the message]``. The first
    line is also appended to the list that ``with ... as`` receives, for a check. A
    block that does not fail raises ``AssertionError``: a page that prints errors never
    shows a stale one. An error of another kind passes through unchanged.

    Explained on the page `handbook/errors.md`.

    Args:
        *kinds: The exception classes the block may raise, at least one.
        width: Wrap the printed lines at this many characters, ``>= 20``.
        lines: How many lines of the message to print, ``>= 1``; ``None``: all of them.

    Raises:
        TypeError: If ``kinds`` is empty or holds something other than an exception class.
        ValueError: If ``width`` is below 20 or ``lines`` below 1.
        AssertionError: If the block raises nothing.

    Examples:
        >>> with prints_error(
        ...     IndexError
        ... ) as caught:
        ...     [][0]
        IndexError: list index out of range
        >>> caught
        ['IndexError: list index out of range']
        >>> with prints_error(ValueError):
        ...     raise ValueError(
        ...         "no size; expected one of:"
        ...         "\n * (size)"
        ...         "\n * (mean, std)"
        ...     )
        ValueError: no size; expected one of:
            [… 2 more lines of the message]
        >>> with prints_error(
        ...     ValueError, lines=None
        ... ):
        ...     raise ValueError(
        ...         "no size; expected one of:"
        ...         "\n * (size)"
        ...         "\n * (mean, std)"
        ...     )
        ValueError: no size; expected one of:
         * (size)
         * (mean, std)
    """
    if not kinds or not all(isinstance(k, type) and issubclass(k, BaseException) for k in kinds):
        raise TypeError(
            f"kinds must be one or more exception classes (e.g. RuntimeError), got {kinds!r}"
        )
    width = _checks.integer("width", width, minimum=20)
    if lines is not None:
        lines = _checks.integer("lines", lines, minimum=1)
    caught: list[str] = []
    try:
        yield caught
    except kinds as err:
        message = str(err).splitlines() or [""]
        first = f"{type(err).__name__}: {message[0]}"
        caught.append(first)
        shown = message[1:] if lines is None else message[1:lines]
        for line in [first, *shown]:
            print("\n".join(_wrapped(line, width)))
        left = len(message) - 1 - len(shown)
        if left:
            print(f"    [… {left} more line{'s' if left > 1 else ''} of the message]")
    else:
        raise AssertionError("the block was expected to fail")
