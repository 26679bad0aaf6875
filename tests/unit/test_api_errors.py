"""The errors the API pages list (Raises), checked by the calls that raise them.

Round 20: the pages' rows disagreed with the code: explorer_panels said a one-element tensor
raised (it works), and the stepper's advice for a path it cannot draw fitted only one of
its two failures (w overflows, mostly when training log w; or w goes to 0 or below).
"""

from __future__ import annotations

import pytest
import torch

from attention_tutorial import make_data, plot_explorer_panels, sgd_stepper


def test_a_path_that_overflows_is_refused_with_a_smaller_lr_as_the_only_advice():
    """``lr=10, log_w=True``: log w grows past float32; log_w=True cannot help, so the
    message advises a smaller lr alone."""
    with pytest.raises(ValueError) as caught:
        sgd_stepper(w0=1.0, lr=10, log_w=True)
    message = str(caught.value)
    assert message.startswith("w is not finite within 5 steps from w0 = 1, lr = 10, ")
    assert message.endswith("the static picture cannot be drawn; take a smaller lr")
    assert "log_w" not in message and "w0" not in message.split(":")[-1]


def test_a_path_that_goes_below_zero_is_refused_with_a_smaller_lr_or_log_w():
    """``w0=5, lr=10`` training w: step 1 takes w below 0, which log w cannot do."""
    with pytest.raises(ValueError) as caught:
        sgd_stepper(w0=5.0, lr=10)
    message = str(caught.value)
    assert message.startswith("w is -0.00")
    assert message.endswith("every w must be positive; take a smaller lr, or log_w=True")


def test_the_docstring_gives_each_failure_its_own_advice():
    doc = " ".join(sgd_stepper.__doc__.split())
    assert "goes to 0 or below (only when training ``w``), take a smaller ``lr`` or " in doc
    assert "``log_w=True``, which keeps ``w`` positive; if ``w`` overflows" in doc
    assert "``lr=10, log_w=True``), take a smaller ``lr``." in doc


@pytest.fixture(scope="module")
def data():
    return make_data()


def test_a_one_element_tensor_is_a_valid_w_for_the_explorer_panels(data):
    fig = plot_explorer_panels(data, torch.tensor([2.0]), lang="en")
    assert "At the current w = 2 " in fig.description


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"w": "2"}, TypeError, r"w must be a real number, got str"),
        ({"w": None}, TypeError, r"w must be a real number"),
        ({"w": torch.tensor([1.0, 2.0])}, ValueError, r"one-element tensor, got shape \(2,\)"),
        ({"w": torch.tensor([2])}, ValueError, r"floating-point dtype"),
        ({"w": float("inf")}, ValueError, r"positive finite number"),
        ({"w": -1.0}, ValueError, r"positive finite number"),
        ({"query_indices": 5}, TypeError, r"sequence of ints, got int"),
        ({"query_indices": (0.5,)}, TypeError, r"must be an int, got float"),
        ({"query_indices": ()}, ValueError, r"1 to 3 indices from 0 to n_test - 1"),
        ({"query_indices": (50,)}, ValueError, r"1 to 3 indices from 0 to n_test - 1 = 49"),
        ({"query_indices": (1, 1)}, ValueError, r"must not repeat an index"),
        ({"query_indices": (1, 2, 3, 4)}, ValueError, r"at most 3 indices"),
        ({"layout": "tall"}, ValueError, r"layout must be one of"),
        ({"lang": "fr"}, ValueError, r"lang must be 'zh' or 'en'"),
    ],
)  # fmt: skip
def test_every_raises_row_of_the_explorer_panels(data, kwargs, error, match):
    """Each row of the page's Raises, by a call that raises it."""
    call = {"w": 2.0, **kwargs}
    with pytest.raises(error, match=match):
        plot_explorer_panels(data, call.pop("w"), **call)


def test_the_explorer_panels_refuse_data_that_is_not_toy_data():
    with pytest.raises(TypeError, match="data must be a ToyData"):
        plot_explorer_panels(torch.zeros(3), 2.0)
