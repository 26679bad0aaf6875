"""The contract every public figure function keeps, checked once over one registry.

A figure function returns a white ``TutorialFigure`` built without pyplot and without
changing a global setting, with its alt text in its language stored in the encoded
file; the site build can redraw it in the other language from its recipe; English
figures hold no Chinese character and Chinese ones no missing glyph; an unknown
language is refused by name. Each figure is made once per language, while pyplot
cannot be imported (the recipe of the Chinese one is checked to be the English call),
and the checks of that figure share these drawings. A fresh interpreter checks that
importing the package imports no pyplot and changes no setting.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import re
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import matplotlib
import numpy as np
import pytest
import torch
from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import attention_tutorial as at
from attention_tutorial.figures._base import TutorialFigure, encode
from tools.sitebuild import page_repairs

ROOT = Path(__file__).resolve().parents[3]
CJK = re.compile(r"[\u2e80-\u9fff\uff00-\uffef]")


def _toy():
    g = torch.Generator().manual_seed(3)
    x_train, _ = torch.sort(torch.rand(6, generator=g) * 5)  # (6,)
    y_train = torch.randn(6, generator=g)  # (6,)
    x_test = torch.linspace(0, 5, 9)  # (9,)
    return x_test, torch.sin(x_test), x_train, y_train


X_TEST, Y_TRUTH, X_TRAIN, Y_TRAIN = _toy()
WEIGHTS = torch.rand(9, 6, generator=torch.Generator().manual_seed(0))  # (n_test, n_train)

# Every public figure function, called with small seeded inputs.
LAYER = torch.nn.Linear(2, 1, bias=False)  # one layer: both languages draw the same one
REGISTRY: dict[str, Callable[[str], Figure]] = {
    "plot_fit": lambda lang: at.plot_fit(X_TEST, Y_TRUTH, -Y_TRUTH, X_TRAIN, Y_TRAIN, lang=lang),
    "plot_fits": lambda lang: at.plot_fits(
        X_TEST, Y_TRUTH, {"w = 1": Y_TRUTH, "w = 9": -Y_TRUTH}, X_TRAIN, Y_TRAIN, lang=lang
    ),
    "plot_loss": lambda lang: at.plot_loss([3.0, 2.0, 1.5], lang=lang),
    "plot_loss_vs_w": lambda lang: at.plot_loss_vs_w(
        [0.1, 1.0, 10.0], [3.0, 2.0, 0.1], [3.0, 1.0, 2.0], lang=lang
    ),
    "plot_attention_heatmap": lambda lang: at.plot_attention_heatmap(WEIGHTS, lang=lang),
    "plot_attention_heatmaps": lambda lang: at.plot_attention_heatmaps(
        {"ProjectedAttention": WEIGHTS, "ScalarKernelAttention": WEIGHTS.flip(1)}, lang=lang
    ),
    "plot_boundary_bias": lambda lang: at.plot_boundary_bias(
        X_TEST, Y_TRUTH, X_TRAIN, Y_TRAIN, lang=lang
    ),
    "plot_w_paths": lambda lang: at.plot_w_paths(
        X_TRAIN, Y_TRAIN, {"lr = 0.1": [0.5, 2.0]}, ws=[0.3, 1.0, 3.0], lang=lang
    ),
    "plot_shape_flow": lambda lang: at.plot_shape_flow(X_TEST, X_TRAIN, Y_TRAIN, lang=lang),
    "plot_explorer_panels": lambda lang: at.plot_explorer_panels(
        at.make_data(n_train=12), 2.0, lang=lang
    ),
    "plot_data": lambda lang: at.plot_data(X_TEST, Y_TRUTH, X_TRAIN, Y_TRAIN, lang=lang),
    "plot_attention_pooling": lambda lang: at.plot_attention_pooling(
        X_TEST[4], X_TRAIN[:4], Y_TRAIN[:4], lang=lang
    ),
    "plot_bandwidth_gallery": lambda lang: at.plot_bandwidth_gallery(
        X_TEST, Y_TRUTH, X_TRAIN, Y_TRAIN, [0.3, 1.0], lang=lang
    ),
    "draw_tensors": lambda lang: at.draw_tensors(
        [at.TensorPanel(torch.arange(3), code="x"), at.TensorPanel(torch.ones(2, 2), code="y")],
        arrows=[{"zh": "箭头", "en": "arrow"}],
        lang=lang,
    ),
    "diagram_repeat_interleave": lambda lang: at.diagram_repeat_interleave(
        torch.tensor([[1, 2], [3, 4]]), 2, lang=lang
    ),
    "diagram_repeat": lambda lang: at.diagram_repeat(torch.tensor([1, 2]), 2, lang=lang),
    "diagram_expand": lambda lang: at.diagram_expand(torch.tensor([[1], [2]]), 2, 3, lang=lang),
    "diagram_broadcast": lambda lang: at.diagram_broadcast(
        torch.ones(2, 1), torch.ones(2), lang=lang
    ),
    "diagram_reshape": lambda lang: at.diagram_reshape(torch.arange(6), 2, -1, lang=lang),
    "diagram_transpose": lambda lang: at.diagram_transpose(torch.ones(2, 3), lang=lang),
    "diagram_unsqueeze": lambda lang: at.diagram_unsqueeze(torch.tensor([1, 2]), 0, lang=lang),
    "diagram_squeeze": lambda lang: at.diagram_squeeze(torch.ones(1, 2), lang=lang),
    "diagram_matmul": lambda lang: at.diagram_matmul(
        torch.tensor([1, 2, 3]), torch.tensor([[1, 0], [0, 1], [1, 1]]), lang=lang
    ),
    "diagram_batch_shapes": lambda lang: at.diagram_batch_shapes(
        torch.ones(2, 1, 2, 3), torch.ones(3, 3, 2), lang=lang
    ),
    "diagram_bmm": lambda lang: at.diagram_bmm(torch.ones(2, 1, 2), torch.ones(2, 2, 1), lang=lang),
    "diagram_eye_mask": lambda lang: at.diagram_eye_mask(3, lang=lang),
    "diagram_eye": lambda lang: at.diagram_eye(2, (2, 3), lang=lang),
    "diagram_masked_fill": lambda lang: at.diagram_masked_fill(
        torch.zeros(2, 2), torch.tensor([[False, True], [False, False]]), lang=lang
    ),
    "diagram_where": lambda lang: at.diagram_where(
        torch.tensor([[True, False]]), torch.ones(1, 2), torch.zeros(1, 2), lang=lang
    ),
    "diagram_einsum": lambda lang: at.diagram_einsum(torch.ones(2, 2), torch.ones(2, 2), lang=lang),
    "diagram_linear": lambda lang: at.diagram_linear(LAYER, torch.ones(2, 2), lang=lang),
    "diagram_clone": lambda lang: at.diagram_clone(torch.ones(2, requires_grad=True), lang=lang),
    "diagram_softmax": lambda lang: at.diagram_softmax(torch.zeros(2, 2), dim=0, lang=lang),
    "diagram_sort": lambda lang: at.diagram_sort(torch.tensor([2, 1]), lang=lang),
    "diagram_arange": lambda lang: at.diagram_arange(0, 1, 0.5, lang=lang),
    "diagram_mse_loss": lambda lang: at.diagram_mse_loss(torch.ones(2), torch.zeros(2), lang=lang),
    "diagram_sgd_step": lambda lang: at.diagram_sgd_step(
        torch.ones(2), torch.ones(2), 0.1, lang=lang
    ),
    "plot_scaling": lambda lang: at.plot_scaling(
        [
            {"formulation": name, "n": n, "seconds": n / 1e4, "peak_bytes": 12 * n * n}
            for name in ("tiled", "sdpa")
            for n in (1000, 2000)
        ],
        lang=lang,
    ),
    "plot_score_parts": lambda lang: at.plot_score_parts(1.0, X_TRAIN, lang=lang),
    "plot_matrices": lambda lang: at.plot_matrices(
        {"W_q": torch.eye(2), "W_k": -torch.ones(2, 2)}, lang=lang
    ),
    "plot_kernel_contours": lambda lang: at.plot_kernel_contours(
        {
            "one w": (torch.zeros(2), torch.eye(2)),
            "A": (torch.ones(2), torch.diag(torch.tensor([4.0, 1.0]))),
        },
        torch.zeros(2),
        keys=torch.rand(5, 2, generator=torch.Generator().manual_seed(0)),
        lang=lang,
    ),
}
NAMES = sorted(REGISTRY)


def all_texts(fig: Figure) -> list[str]:
    """Every string drawn: titles, axis labels, tick labels, legends and free texts."""
    return [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_text()]


def test_the_registry_holds_every_public_figure_function() -> None:
    public = {name for name in at.__all__ if name.startswith(("plot_", "diagram_", "draw_"))}
    assert public == set(REGISTRY)


@pytest.mark.parametrize("name", NAMES)
def test_the_signature_says_the_real_default_language(name) -> None:
    """``lang`` defaults to None, the current language of ``set_language``, and the
    signature (shown on the API pages) says so: not ``"zh"``, which is only the
    current language until ``set_language`` names another."""
    import inspect

    lang = inspect.signature(getattr(at, name)).parameters["lang"]
    assert lang.kind is inspect.Parameter.KEYWORD_ONLY
    assert (lang.default, lang.annotation) == (None, "str | None"), name


def cjk_font_installed() -> bool:
    try:
        font_manager.findfont(
            font_manager.FontProperties(family="Noto Sans CJK SC"), fallback_to_default=False
        )
    except ValueError:
        return False
    return True


@pytest.fixture
def no_pyplot(monkeypatch):
    """While the test runs, ``import matplotlib.pyplot`` (in any form) raises ImportError."""
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    monkeypatch.delattr(matplotlib, "pyplot", raising=False)


def settings() -> dict[str, str]:
    """``rcParams``, read from a copy: reading the global ``backend`` may import pyplot."""
    return {key: repr(value) for key, value in matplotlib.rcParams.copy().items()}


def same_inputs(a, b) -> bool:
    """Whether two figure calls got equal inputs: tensors by value, containers item by item."""
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and a.dtype == b.dtype and torch.equal(a, b)
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return type(a) is type(b) and same_inputs(vars(a), vars(b))
    if isinstance(a, dict):
        return (
            isinstance(b, dict) and a.keys() == b.keys() and all(same_inputs(a[k], b[k]) for k in a)
        )
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same_inputs, a, b))
    return a == b


def missing_glyphs(caught: list[warnings.WarningMessage]) -> list[str]:
    return sorted({str(w.message) for w in caught if "Glyph" in str(w.message)})


@pytest.mark.parametrize("name", NAMES)
def test_the_figure_keeps_the_contract(name, no_pyplot) -> None:
    """Drawn once per language, without pyplot: a white ``TutorialFigure`` that encodes,
    its alt text in its language stored in the file and read back by the build; its
    recipe is the English call with "zh" for "en", so the build's English redraw is the
    English figure checked here; "fr" is refused by name.
    Drawing changes no global setting (``rcParams``) and misses no glyph (the Chinese
    ones need ``fonts-noto-cjk``: without it, outside CI, the test skips at the end)."""
    before = settings()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        chinese = REGISTRY[name]("zh")
        mime, data, _ = encode(chinese)  # draws it as SVG (and, if the SVG is long, as PNG)
        glyphs_zh = missing_glyphs(caught)
        caught.clear()
        english = REGISTRY[name]("en")
        FigureCanvasAgg(english).draw()
        glyphs_en = missing_glyphs(caught)
    assert settings() == before
    assert glyphs_en == []
    assert isinstance(chinese, TutorialFigure)
    assert chinese.get_facecolor() == (1.0, 1.0, 1.0, 1.0)
    # the alt text: in the figure's language, long enough to say what it shows
    assert CJK.search(chinese.description) and len(chinese.description) > 30
    assert not CJK.search(english.description) and len(english.description) > 60
    assert mime in {"image/svg+xml", "image/png"} and data
    blob = data.encode() if mime == "image/svg+xml" else base64.b64decode(data)
    description, facts = page_repairs.image_metadata(blob)
    assert description == chinese.description  # stored in the file, read back by the build
    assert facts["min_width_px"] > 0 and isinstance(facts["colour_scale"], bool)
    # what the site build calls for the other language: the call that made ``english``
    func, args, kwargs = chinese._recipe
    assert english._recipe[0] is func and kwargs["lang"] == "zh"
    assert same_inputs(english._recipe[1:], (args, {**kwargs, "lang": "en"}))
    assert len(english.axes) == len(chinese.axes)
    assert any(CJK.search(t) for t in all_texts(chinese))
    assert [t for t in all_texts(english) if CJK.search(t)] == []
    assert all_texts(english) != all_texts(chinese)
    with pytest.raises(ValueError, match="lang must be 'zh' or 'en', got 'fr'"):
        REGISTRY[name]("fr")
    if glyphs_zh and not cjk_font_installed() and os.environ.get("CI") != "true":
        pytest.skip(
            "font 'Noto Sans CJK SC' not installed (Debian: apt-get install fonts-noto-cjk, "
            "then delete matplotlib's font cache); the Chinese glyphs were not checked"
        )
    assert glyphs_zh == []


# Imports the package and every figure function in a fresh interpreter.
IMPORT_ALL = """
import json, sys
import matplotlib
before = {key: repr(value) for key, value in matplotlib.rcParams.copy().items()}
import attention_tutorial as at
functions = [getattr(at, name) for name in at.__all__]
after = {key: repr(value) for key, value in matplotlib.rcParams.copy().items()}
print(json.dumps({
    'pyplot': 'matplotlib.pyplot' in sys.modules,
    'changed': sorted(key for key in before if before[key] != after[key]),
    'functions': len(functions),
}))
"""


def test_importing_the_package_imports_no_pyplot_and_changes_no_setting() -> None:
    """In a fresh interpreter (in this one, another test may have imported pyplot)."""
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], cwd=ROOT, capture_output=True, text=True, check=True
    )
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen == {"pyplot": False, "changed": [], "functions": len(at.__all__)}


def test_numpy_inputs_work_like_tensors() -> None:
    """Curves take arrays as well as tensors, and draw the same data."""
    from_numpy = at.plot_fit(*(t.numpy() for t in (X_TEST, Y_TRUTH, -Y_TRUTH, X_TRAIN, Y_TRAIN)))
    from_torch = REGISTRY["plot_fit"]("zh")
    for a, b in zip(from_numpy.axes[0].lines, from_torch.axes[0].lines, strict=True):
        np.testing.assert_allclose(a.get_ydata(), b.get_ydata())


def test_every_public_figure_function_says_it_returns_a_tutorial_figure():
    # the API pages show each signature: a reader found "-> Figure" on functions whose
    # figure has ``.description`` (a TutorialFigure), which the API index promises
    import inspect

    import attention_tutorial

    said = {}
    for name in attention_tutorial.__all__:
        obj = getattr(attention_tutorial, name)
        if inspect.isfunction(obj) and obj.__module__.startswith("attention_tutorial.figures"):
            said[name] = inspect.signature(obj).return_annotation
    plain = sorted(name for name, annotation in said.items() if annotation == "Figure")
    assert plain == [], plain
    assert sum(annotation == "TutorialFigure" for annotation in said.values()) >= 28, said
