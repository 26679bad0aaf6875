"""Figures that show themselves in a notebook, in the language of the page.

The plotting functions return ``TutorialFigure``, a plain matplotlib
``Figure`` that also knows how to display itself in Jupyter without pyplot: as
SVG (text left to the browser's fonts) or as a PNG drawn at twice the display
size, whichever is smaller, with no timestamps and fixed ids, so that two builds
give identical bytes.

The site executes each notebook once for both languages. When the environment
variable ``ATTENTION_TUTORIAL_FIGURE_LANGS`` is set (the build sets it to
``zh,en``), a figure made by a plotting function is drawn again for each of
these languages and all variants travel in one output; the build keeps the
variant of the page's language. Explained on the page ``contributing.md``.
"""

from __future__ import annotations

import base64
import functools
import io
import os
from collections.abc import Callable
from typing import Any, ParamSpec

import matplotlib
from matplotlib.figure import Figure

FIGURE_LANGS_ENV = "ATTENTION_TUTORIAL_FIGURE_LANGS"
FIGURE_MIME = "application/vnd.attention-tutorial.figure+json"
PNG_DPI = 200  # twice the 100 dpi display size: sharp on high-density screens
_SVG_RC = {"svg.fonttype": "none", "svg.hashsalt": "attention-tutorial", "svg.image_inline": True}

P = ParamSpec("P")


def encode(fig: Figure) -> tuple[str, str, dict[str, Any]]:
    """Encode ``fig`` as SVG or PNG, whichever is smaller; return (mime, data, metadata).

    >>> fig = TutorialFigure(figsize=(2, 1))
    >>> mime, data, meta = encode(fig)
    >>> mime in {"image/svg+xml", "image/png"}
    True
    """
    width, height = fig.get_size_inches()
    buffer = io.StringIO()
    with matplotlib.rc_context(_SVG_RC):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    svg = buffer.getvalue()
    binary = io.BytesIO()
    fig.savefig(binary, format="png", dpi=PNG_DPI, metadata={"Software": None})
    png = base64.b64encode(binary.getvalue()).decode("ascii")
    if len(svg) <= len(png):
        return "image/svg+xml", svg, {}
    size = {"width": round(width * 100), "height": round(height * 100)}
    return "image/png", png, size


class TutorialFigure(Figure):
    """A matplotlib ``Figure`` that displays itself in notebooks (see the module docstring)."""

    _recipe: tuple[Callable[..., Figure], tuple[Any, ...], dict[str, Any]] | None = None

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        mime, data, meta = encode(self)
        bundle: dict[str, Any] = {mime: data}
        langs = os.environ.get(FIGURE_LANGS_ENV)
        if langs and self._recipe is not None:
            func, args, kwargs = self._recipe
            variants = {}
            for lang in langs.split(","):
                v_mime, v_data, v_meta = encode(func(*args, **{**kwargs, "lang": lang}))
                variants[lang] = {"mime": v_mime, "data": v_data, "metadata": v_meta}
            bundle[FIGURE_MIME] = variants
        return bundle, ({mime: meta} if meta else {})


def bilingual(func: Callable[P, Figure]) -> Callable[P, Figure]:
    """Let a plotting function's figure be redrawn in another language by the site build."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> Figure:
        fig = func(*args, **kwargs)
        if isinstance(fig, TutorialFigure):
            fig._recipe = (func, args, dict(kwargs))
        return fig

    return wrapper
