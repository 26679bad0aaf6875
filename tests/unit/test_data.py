"""Tests of attention_tutorial.data: the true function, the seeded data, describe."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
import textwrap

import numpy as np
import pytest
import torch

from attention_tutorial import SEED, ToyData, describe, f, make_data, prints_error


def reference_f(x: float) -> float:
    """Return the true function computed with the math module."""
    return 2 * math.sin(x) + x**0.8


def test_f_matches_math_reference() -> None:
    """Check f against a plain Python loop over floats."""
    xs = [0.0, 0.1, 1.0, 2.5, 4.99]
    expected = [reference_f(x) for x in xs]
    got = f(torch.tensor(xs, dtype=torch.float64)).tolist()
    assert got == pytest.approx(expected, abs=1e-12)


def test_f_keeps_shape() -> None:
    """Check that f is element-wise on a 2-D input."""
    assert f(torch.ones(2, 3)).shape == (2, 3)


def test_f_rejects_negative_inputs() -> None:
    """Check that f names x when an input is negative (x ** 0.8 would be NaN)."""
    with pytest.raises(ValueError, match=r"x must be >= 0"):
        f(torch.tensor([1.0, -0.5]))


def test_f_rejects_nan_and_non_tensors() -> None:
    """Check the error messages of f for NaN and for a list."""
    with pytest.raises(ValueError, match="x contains NaN or infinite values"):
        f(torch.tensor([float("nan")]))
    with pytest.raises(TypeError, match=r"x must be a torch\.Tensor, got list"):
        f([1.0])  # type: ignore[arg-type]


def test_make_data_shapes_dtypes_and_ranges() -> None:
    """Check shapes, dtypes, sortedness and ranges, with n_train != n_test."""
    data = make_data(7)
    assert isinstance(data, ToyData)
    assert (data.n_train, data.n_test) == (7, 50)
    assert data.x_train.shape == data.y_train.shape == (7,)
    assert data.x_test.shape == data.y_truth.shape == (50,)
    for tensor in (data.x_train, data.y_train, data.x_test, data.y_truth):
        assert tensor.dtype == torch.float32
    x_train = data.x_train.tolist()
    assert x_train == sorted(x_train)
    assert all(0.0 <= x < 5.0 for x in x_train)


def test_make_data_default_is_the_chapter_set_up() -> None:
    """Check the defaults: 50 training points, test inputs arange(0, 5, 0.1)."""
    data = make_data()
    assert data.n_train == 50
    np.testing.assert_allclose(data.x_test.numpy(), np.arange(0, 5, 0.1), atol=1e-6)
    expected_truth = [reference_f(x) for x in data.x_test.tolist()]
    assert data.y_truth.tolist() == pytest.approx(expected_truth, abs=1e-5)


def test_make_data_follows_the_documented_recipe() -> None:
    """Check the order of random draws that the data page shows."""
    g = torch.Generator().manual_seed(SEED)
    x_train, _ = torch.sort(torch.rand(50, generator=g) * 5)
    noise = torch.normal(0.0, 0.5, (50,), generator=g)
    data = make_data()
    assert torch.equal(data.x_train, x_train)
    assert torch.allclose(data.y_train - f(data.x_train), noise, atol=1e-6)


def test_make_data_is_reproducible_and_seeded() -> None:
    """Check that one seed gives one data set and another seed a different one."""
    a, b, c = make_data(seed=3), make_data(seed=3), make_data(seed=4)
    assert torch.equal(a.x_train, b.x_train) and torch.equal(a.y_train, b.y_train)
    assert not torch.equal(a.x_train, c.x_train)
    assert SEED == 0


def test_make_data_leaves_global_rng_untouched() -> None:
    """Check that the global random state is the same before and after."""
    state = torch.get_rng_state()
    make_data()
    assert torch.equal(state, torch.get_rng_state())


def test_make_data_without_noise_gives_f() -> None:
    """Check that noise_std=0 puts every training point on the curve."""
    data = make_data(10, noise_std=0.0)
    expected = [reference_f(x) for x in data.x_train.tolist()]
    assert data.y_train.tolist() == pytest.approx(expected, abs=1e-5)


def test_make_data_noise_has_the_right_scale() -> None:
    """Check that the residuals have roughly the requested standard deviation."""
    data = make_data(2000, noise_std=0.5)
    residuals = (data.y_train - f(data.x_train)).numpy()
    assert abs(residuals.std() - 0.5) < 0.05
    assert abs(residuals.mean()) < 0.05


def test_toy_data_is_frozen() -> None:
    """Check that the fields of ToyData cannot be reassigned."""
    data = make_data(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        data.x_train = torch.zeros(3)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n_train": 0}, ValueError, "n_train must be an int >= 1, got 0"),
        ({"n_train": 2.5}, TypeError, "n_train must be an int, got float"),
        ({"x_max": 0.0}, ValueError, "x_max must be a positive finite number, got 0.0"),
        ({"noise_std": -1.0}, ValueError, "noise_std must be a non-negative finite number"),
        ({"test_step": 0.0}, ValueError, "test_step must be a positive finite number"),
        ({"test_step": 6.0}, ValueError, "test_step must be <= x_max = 5.0, got 6.0"),
        ({"seed": -1}, ValueError, "seed must be an int >= 0, got -1"),
        ({"seed": 2**64}, ValueError, "seed must be an int in [0, 18446744073709551615], got 1844"),
        ({"x_max": "5"}, TypeError, "x_max must be a real number, got str"),
    ],
)
def test_make_data_errors(kwargs: dict, error: type[Exception], message: str) -> None:
    """Check that every invalid argument is named in the error."""
    with pytest.raises(error, match=re.escape(message)):
        make_data(**kwargs)


def test_describe_prints_shape_dtype_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """Check the exact output for a long 1-D tensor: by default, lines a phone shows whole
    (round 8: "x_train: shape (50,), dtype torch.float32" and six values overflowed)."""
    describe("x", torch.arange(0.0, 1.0, 0.1))
    describe("x_train", make_data().x_train)
    describe("x", torch.arange(0.0, 1.0, 0.1), max_items=6)
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["x: shape (10,), torch.float32", "[0.0000, 0.1000, ..., 0.8000, 0.9000]"]
    assert lines[2:4] == [
        "x_train: shape (50,), torch.float32",
        "[0.1116, 0.1586, ..., 4.6600, 4.7637]",
    ]
    assert max(map(len, lines[:4])) <= 40
    assert lines[5] == "[0.0000, 0.1000, 0.2000, ..., 0.7000, 0.8000, 0.9000]"


def test_describe_short_2d_and_scalar(capsys: pytest.CaptureFixture[str]) -> None:
    """Check a short 2-D tensor (no summary), decimals, and a 0-d tensor."""
    describe("w", torch.tensor([[1.0, 2.5], [3.0, 4.0]]), decimals=1)
    describe("mean", torch.tensor(1.87581))
    assert capsys.readouterr().out == (
        "w: shape (2, 2), torch.float32\n"
        "[[1.0, 2.5],\n [3.0, 4.0]]\n"
        "mean: shape (), torch.float32\n"
        "1.8758\n"
    )


def test_describe_handles_grad_and_leaves_print_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Check a tensor that requires grad, and that no global option changes."""
    numpy_options = np.get_printoptions()
    torch_repr = repr(torch.arange(2000.0) / 3)
    describe("w", torch.ones(2, requires_grad=True), max_items=2)
    assert capsys.readouterr().out.splitlines()[1] == "[1.0000, 1.0000]"
    assert np.get_printoptions() == numpy_options
    assert repr(torch.arange(2000.0) / 3) == torch_repr


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (("x", [1.0]), {}, TypeError, "tensor must be a torch.Tensor, got list"),
        ((3, torch.ones(1)), {}, TypeError, "name must be a str, got int"),
        (("x", torch.ones(1)), {"decimals": -1}, ValueError, "decimals must be an int >= 0"),
        (("x", torch.ones(1)), {"max_items": 1}, ValueError, "max_items must be an int >= 2"),
    ],
)
def test_describe_errors(args: tuple, kwargs: dict, error: type[Exception], message: str) -> None:
    """Check that every invalid argument of describe is named in the error."""
    with pytest.raises(error, match=re.escape(message)):
        describe(*args, **kwargs)


def test_prints_error_prints_the_first_line_wrapped_and_hands_it_over(capsys) -> None:
    """The error index's helper (issue 26: it moved from the page into the package)."""
    with prints_error(RuntimeError) as caught:
        torch.matmul(torch.ones(2, 3), torch.ones(2, 3))
    printed = capsys.readouterr().out
    assert caught == ["RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"]
    assert printed == caught[0] + "\n"
    long = "x" * 30 + " " + "y" * 30 + " " + "z" * 30
    with prints_error(ValueError, width=50):
        raise ValueError(long + "\nsecond line")
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "ValueError: " + "x" * 30,
        "    " + "y" * 30,
        "    " + "z" * 30,
        "    [… 1 more line of the message]",  # a cut message says so
    ]


def test_prints_error_leaves_no_word_alone_and_says_when_it_cuts_a_message(capsys) -> None:
    """A reader found "2)" alone on the last line of "Dimension out of range (… but got 2)",
    and normal()'s message stopping at "expected one of:" with nothing to say it went on."""
    with prints_error(IndexError):
        torch.nn.functional.softmax(torch.zeros(2, 3), dim=2)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and len(lines[-1].strip()) > 20, lines
    assert " ".join(line.strip() for line in lines) == (
        "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    )
    with prints_error(TypeError) as caught:
        torch.normal(0.0, 0.5)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "    [… 4 more lines of the message]", lines
    assert caught[0].endswith("but expected one of:")
    with prints_error(TypeError, lines=None):
        torch.normal(0.0, 0.5)
    printed = capsys.readouterr().out
    assert "(float mean, float std, tuple of ints size" in printed and "more line" not in printed
    assert max(map(len, printed.splitlines())) <= 80
    with prints_error(ValueError, lines=2):
        raise ValueError("one\ntwo\nthree")
    assert capsys.readouterr().out.splitlines() == [
        "ValueError: one",
        "two",
        "    [… 1 more line of the message]",
    ]


def test_prints_error_balances_its_lines(capsys) -> None:
    """Round-32 reader: long messages came out as a long line, then a stub ("size 2"). The
    lines are now as short as they can be without needing one more: wrapped one column
    narrower, each of these messages takes more lines. The text itself stays exact."""
    calls = [
        lambda: torch.einsum("qk,qk->q", torch.ones(3, 2), torch.ones(3, 3)),
        lambda: torch.ones(3) - torch.ones(2),
        lambda: torch.matmul(torch.ones(3), torch.ones(2)),
        lambda: torch.bmm(torch.ones(3, 1, 2), torch.ones(3, 1, 2)),
    ]
    for call in calls:
        with prints_error(RuntimeError, width=40) as caught:
            call()
        lines = capsys.readouterr().out.splitlines()
        assert " ".join(line.strip() for line in lines) == caught[0]
        longest = max(map(len, lines))
        assert longest <= 40
        wrapper = textwrap.TextWrapper(longest - 1, subsequent_indent=" " * 4)
        assert len(wrapper.wrap(caught[0])) > len(lines), lines
        # no stub: the last line at least half as long as the longest
        assert len(lines[-1]) >= longest // 2, lines


def test_prints_error_never_cuts_a_word_between_two_letters(capsys) -> None:
    """Round-8 reader: the error index printed "torch.autograd.set_detect_anomaly(Tr" and
    "ue, check_nan=False)." at width 40, against its own "wrapped between words". A word
    too long for a line is now cut after its "(" (or, failing that, after a dot)."""
    x = torch.ones(2, requires_grad=True)
    with prints_error(RuntimeError, width=40) as caught:
        y = x.exp()
        y.add_(1)
        y.sum().backward()
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= 40, lines
    assert "    torch.autograd.set_detect_anomaly(" in lines
    text = caught[0]
    at = 0
    for line, after in itertools.pairwise(lines):
        piece = line if at == 0 else line[4:]
        at = text.index(piece, at) + len(piece)
        cut_between_words = text[at] == " "
        assert cut_between_words or piece[-1] in "(.", (piece, after)
    with prints_error(ValueError, width=20):
        raise ValueError("a_name_of_thirty_characters_ x")
    assert capsys.readouterr().out.splitlines() == [
        "ValueError:",
        "    a_name_of_thirty_characters_",  # longer than the line, but whole
        "    x",
    ]


def test_prints_error_fails_when_nothing_fails_and_passes_other_errors_on() -> None:
    with pytest.raises(AssertionError, match="expected to fail"):
        with prints_error(RuntimeError):
            pass
    with pytest.raises(KeyError):
        with prints_error(RuntimeError):
            raise KeyError("k")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: prints_error(), TypeError, "kinds must be one or more exception classes"),
        (lambda: prints_error("RuntimeError"), TypeError, "got \\('RuntimeError',\\)"),
        (lambda: prints_error(RuntimeError, width=5), ValueError, "width"),
        (lambda: prints_error(RuntimeError, lines=0), ValueError, "lines"),
    ],
)
def test_prints_error_names_a_bad_argument(call, error, message) -> None:
    with pytest.raises(error, match=message):
        with call():
            raise RuntimeError("never reached")
