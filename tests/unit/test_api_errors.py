"""The errors the API pages list (Raises), checked by the calls that raise them.

Round 20: the pages' rows disagreed with the code: explorer_panels said a one-element tensor
raised (it works), and the stepper's advice for a path it cannot draw fitted only one of
its two failures (w overflows, mostly when training log w; or w goes to 0 or below).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
import torch
from matplotlib.colors import to_rgb

from attention_tutorial import (
    bandwidth_explorer,
    make_data,
    plot_data,
    plot_explorer_panels,
    plot_fits,
    plot_w_paths,
    predict,
    sgd_stepper,
)
from attention_tutorial.figures import curves


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
    # the overflow first, each case with a call on make_data() that reaches it
    overflow = "If ``w`` overflows (training ``log w``: ``w0=1, lr=5, log_w=True`` on "
    assert overflow in doc
    below = "goes to 0 or below (only when training ``w``: ``w0=5, lr=10``), take a smaller"
    assert below in doc
    assert doc.index(overflow) < doc.index(below)
    assert "``log_w=True``, which keeps ``w`` positive." in doc


def test_the_docstrings_examples_of_each_failure_fail_as_they_say():
    with pytest.raises(ValueError, match="is not finite within 5 steps"):
        sgd_stepper(w0=1.0, lr=5, log_w=True)
    with pytest.raises(ValueError, match="every w must be positive"):
        sgd_stepper(w0=5.0, lr=10)


@pytest.fixture(scope="module")
def data():
    return make_data()


def test_a_one_element_tensor_is_a_valid_w_for_the_explorer_panels(data):
    fig = plot_explorer_panels(data, torch.tensor([2.0]), lang="en")
    assert "At the drawn w = 2: " in fig.description


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


# r21 ------------------------------------------------------------------------------------------


def test_the_explorer_panels_take_make_data_by_default(data):
    """As ``bandwidth_explorer(data=None)``: no data draws the chapter's."""
    default = plot_explorer_panels(w=2.0, lang="en")
    given = plot_explorer_panels(data, 2.0, lang="en")
    assert default.description == given.description


@pytest.mark.parametrize("call", ["explorer", "panels"])
@pytest.mark.parametrize(("indices", "position"), [((-1,), 0), ((0, -1), 1), ((3, 4, -2), 2)])
def test_a_negative_query_index_is_named_by_its_position(data, call, indices, position):
    """r21: the message said "query_indices[i]", a literal i."""
    match = rf"^query_indices\[{position}\] must be an int >= 0, got -\d$"
    with pytest.raises(ValueError, match=match):
        if call == "explorer":
            bandwidth_explorer(data, query_indices=indices)
        else:
            plot_explorer_panels(data, 2.0, query_indices=indices)


def test_an_integer_or_bool_tensor_is_refused_by_its_dtype_as_the_rows_say():
    for value in (torch.tensor(1), torch.tensor(True)):
        for call, kwargs in (
            (sgd_stepper, {"w0": value}),
            (bandwidth_explorer, {"w": value}),
            (plot_explorer_panels, {"w": value, "lang": "en"}),
        ):
            with pytest.raises(ValueError, match=r"must have a floating-point dtype"):
                call(**kwargs)
    for doc in (sgd_stepper.__doc__, bandwidth_explorer.__doc__, plot_explorer_panels.__doc__):
        assert re.search(r"tensor but has more than one element or an\s+integer or bool dtype", doc)


def test_a_bool_is_no_w_as_the_rows_say():
    """r24: the Raises rows did not say that ``w0=True`` / ``w=True`` is refused (it is:
    ``True`` is not a valid ``w``, not 1.0)."""
    for call in (
        lambda: sgd_stepper(w0=True),
        lambda: bandwidth_explorer(w=True),
        lambda: plot_explorer_panels(w=True, lang="en"),
    ):
        with pytest.raises(TypeError, match=r"must be a real number, got bool$"):
            call()
    for doc in (sgd_stepper.__doc__, bandwidth_explorer.__doc__, plot_explorer_panels.__doc__):
        assert "or is a bool (``True`` is not a valid ``w``)" in doc


def test_numpys_bool_is_a_bool_for_log_w():
    """r21: ``log_w=np.bool_(True)`` raised "log_w must be a bool, got bool"."""
    stepper = sgd_stepper(w0=0.5, lr=0.05, log_w=np.bool_(True))
    assert stepper.log_w is True
    assert stepper.path() == sgd_stepper(w0=0.5, lr=0.05, log_w=True).path()
    with pytest.raises(TypeError, match="log_w must be a bool, got int"):
        sgd_stepper(w0=0.5, log_w=1)


@pytest.mark.parametrize(
    ("path", "match"),
    [
        (5.0, r"paths\['a'\] must be a sequence of numbers \(the values of w\), got float: 5.0"),
        ("12", r"paths\['a'\] must be a sequence of numbers \(the values of w\), got str: '12'"),
        (None, r"paths\['a'\] must be a sequence of numbers"),
        (torch.tensor(2.0), r"paths\['a'\] must be a sequence of numbers"),
        ([True, 2.0], r"paths\['a'\] must hold real numbers, got bool"),
        (np.array([True, False]), r"paths\['a'\] must hold real numbers, got bool"),
        (torch.tensor([True, True]), r"paths\['a'\] must hold real numbers, got bool"),
        (["x", 2.0], r"paths\['a'\] must hold real numbers, got str"),
    ],
)
def test_a_path_that_is_no_sequence_of_numbers_is_a_type_error(data, path, match):
    """r21: a scalar or a string raised ValueError ("got shape ()") against the TypeError row;
    ``[True, 2.0]`` was drawn as "w = 1 → 2"."""
    with pytest.raises(TypeError, match=match):
        plot_w_paths(data.x_train, data.y_train, {"a": path}, lang="en")
    assert "or a list of strings is not), or a path or ``ws`` holds bools" in " ".join(
        plot_w_paths.__doc__.split()
    )


@pytest.mark.parametrize("function", ["plot_data", "plot_fit", "plot_loss", "plot_loss_vs_w"])
def test_the_curves_rows_name_a_non_numeric_array_and_nan(data, function):
    """r21: the Raises tables had no TypeError row and no NaN in the ValueError row."""
    n = len(data.x_test)
    good = {
        "plot_data": (data.x_test, data.y_truth, data.x_train, data.y_train),
        "plot_fit": (data.x_test, data.y_truth, data.y_truth, data.x_train, data.y_train),
        "plot_loss": ([3.0, 2.0, 1.0],),
        "plot_loss_vs_w": (np.linspace(1, 2, n), np.ones(n), np.ones(n)),
    }[function]
    draw = getattr(curves, function)
    words = ["x"] * len(good[0])
    with pytest.raises(TypeError, match=r"must hold real numbers, got str"):  # r23
        draw(words, *good[1:], lang="en")
    nan = np.asarray(good[0], dtype=float).copy()
    nan[1] = np.nan
    with pytest.raises(ValueError, match=r"contains NaN or infinite values"):
        draw(nan, *good[1:], lang="en")
    doc = draw.__doc__
    assert "TypeError: If " in doc and "does not hold real numbers" in doc
    assert "holds NaN or\n" in doc or "holds NaN or an" in doc


def test_plot_data_alt_text_counts_and_ranges_from_the_data(data):
    """r21: the alt text had no number."""
    en = plot_data(data.x_test, data.y_truth, data.x_train, data.y_train, lang="en")
    assert (
        "50 training points with x from 0.112 to 4.76; 50 test inputs: 0, 0.1, …, 4.9; "
        "the true function runs from 0.00 to 3.56." in en.description
    )
    zh = plot_data(data.x_test, data.y_truth, data.x_train, data.y_train, lang="zh")
    assert "50 个训练点，x 从 0.112 到 4.76；50 个测试输入：0、0.1、…、4.9；" in zh.description
    few = plot_data([0.0, 1.0, 2.0], [0.0, 1.0, 2.0], [0.5], [0.5], lang="en")
    assert "1 training points" in few.description or "1 training point" in few.description
    assert "3 test inputs: 0, 1, 2;" in few.description


def test_plot_data_draws_the_truth_apart_from_the_points(data):
    """r21: the truth and the points were the same blue (in the dark palette too)."""
    fig = plot_data(data.x_test, data.y_truth, data.x_train, data.y_train, lang="en")
    (ax,) = fig.axes
    truth = to_rgb(ax.lines[0].get_color())
    points = to_rgb(ax.collections[0].get_facecolor()[0])
    assert truth == (0.0, 0.0, 0.0) and truth != points


@pytest.mark.parametrize(
    ("titles", "zh_best", "en_best"),
    [
        (["w = 1", "w = 4"], "均方误差最小的是 w = 4（", "the smallest MSE is at w = 4 ("),
        (
            ["w = 1", {"zh": "留一法最佳 w = 4", "en": "leave-one-out best w = 4"}],
            "均方误差最小的是留一法最佳 w = 4（",
            "the smallest MSE is at leave-one-out best w = 4 (",
        ),
    ],
)
def test_the_best_fits_name_follows_shi_with_a_space_only_before_latin(
    data, titles, zh_best, en_best
):
    """r21: "均方误差最小的是 留一法最佳 w = 3.98": a stray space between two Chinese words."""
    fits = {
        title: predict(w, data.x_test, data.x_train, data.y_train)
        for title, w in (("a", 1.0), ("b", 4.0))
    }
    args = (data.x_test, data.y_truth, fits, data.x_train, data.y_train)
    assert zh_best in plot_fits(*args, titles=titles, lang="zh").description
    assert en_best in plot_fits(*args, titles=titles, lang="en").description


def test_the_minimum_star_is_larger_than_the_paths_end_dots_drawn_over_it(data):
    """r21: at 375 px the star at 3.98 hid under the end dots at 4.00 and 4.59; r22: with the
    star over dots nearly its size, star and ends piled into one blot. The star is larger,
    the dots are drawn over it: an end at the minimum shows inside the star."""
    paths = {"a": [0.5, 4.0], "b": [0.5, 4.6]}
    fig = plot_w_paths(data.x_train, data.y_train, paths, lang="en")
    (ax,) = fig.axes
    star = next(c for c in ax.collections if c.get_label().startswith("minimum"))
    ends = [c for c in ax.collections if c.get_sizes()[0] != star.get_sizes()[0]]
    ends = [
        c for c in ends if c.get_edgecolor().size and tuple(c.get_edgecolor()[0][:3]) == (0, 0, 0)
    ]
    # the start squares have a black edge too: the end dots are those at a path's last w
    ends = [c for c in ends if float(c.get_offsets()[0][0]) in (4.0, 4.6)]
    assert len(ends) == 2
    for end in ends:
        assert end.get_zorder() > star.get_zorder()
        assert star.get_sizes()[0] > 4 * end.get_sizes()[0]
