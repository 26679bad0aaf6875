"""Every figure of the package: the bilingual base, the one label table, and the figures.

The computation lives in the modules above (``data``, ``pooling``, ``model``,
``training``, ``analysis``); this subpackage only draws. Its modules:

- ``_base``: ``TutorialFigure`` (a matplotlib ``Figure`` that displays itself in
  notebooks, as SVG or PNG, with identical bytes from build to build), the
  ``bilingual`` decorator (lets the site build redraw a figure in each language),
  ``labels(lang)`` / ``building(lang)`` (the words of a language, with its fonts
  active), ``new_figure`` / ``new_axes``, ``FONTS``, ``data_arrays`` and ``draw_fit``.
- ``_labels``: ``LABELS``, the one zh/en table of every word drawn in a figure.
- ``_alt``: ``ALT``, the alt text of every figure function in both languages.
- ``curves``: the data, a fit, fits side by side, the loss per epoch, the loss
  against ``w`` and the paths of ``w`` on the leave-one-out loss curve.
- ``attention``: the attention-weight heatmap, several models' heatmaps on one
  colour scale, the query/key/value diagram and the bandwidth gallery.
- ``boundary_bias``: the boundary bias of kernel averaging against local linear
  regression.
- ``shape_flow``: the shape of every tensor of both forms, step by step.
- ``explorer_panels``: the bandwidth explorer's four panels at one ``w`` (the
  picture shown without JavaScript; the explorer is ``attention_tutorial.explorer``).
- ``cost``: measured time and memory against n (log-log).
- ``matrices``: small matrices written out as heatmaps.
- ``kernels``: learned 2-D Gaussian kernels as contours around one query.
- ``tensors``: the tensor API handbook's pictures (tensors as grids of cells).

A new figure module follows the same pattern::

    from attention_tutorial.figures._base import (
        bilingual,
        building,
        new_axes,
    )


    @bilingual
    def plot_something(
        values,
        *,
        lang: str | None = None,
    ) -> Figure:
        # bilingual turns lang=None into the current language (set_language)
        with (
            building(lang) as words
        ):  # validates lang, activates its fonts
            fig, ax = new_axes(lang)
            ax.plot(values)
            # new words go into _labels.LABELS, in both languages
            ax.set_xlabel(words["x"])
        return fig

then write its alt text (what it shows, what to notice) into ``_alt.ALT`` in both
languages (a figure function without one is refused), export the function from
``attention_tutorial/__init__.py`` (``__all__``),
add it to the figure registry of the tests (``tests/unit/figures/test_contract.py``)
and to the API reference (a page ``docs/*/api/<module>.md``, see ``contributing.md``).
"""

from attention_tutorial.figures._base import TutorialFigure, set_language

__all__ = ["TutorialFigure", "set_language"]
