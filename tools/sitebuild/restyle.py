r"""Cheaper style recalculation: two stylesheet rules that made Chromium restyle pages slowly.

A notebook page has about 3,800 elements. Each time something invalidates the
style of the whole page, Chromium matches every rule against every element again;
under Lighthouse's 4x CPU slowdown one such restyle of the chapter's
``parametric`` page took 110-200 ms, and every one that lands after the first
paint counts as blocking time. Two rules, found with the trace's style
invalidation tracking, made that worse (``finalize`` in ``site_finish.py`` applies
both fixes to the built site):

* **JupyterLab's ``.jupyter-wrapper ::selection``** (a descendant selector ending
  in a pseudo-element) makes Chromium compute a selection style for every
  element of the notebook on every restyle: it doubled the cost of one. On the
  wrapper itself the rule colours the same selections, because highlight
  pseudo-elements inherit from their parent's (CSS Pseudo 4, "highlight
  inheritance"; the selection of a code cell was measured to keep its colour
  pixel for pixel in the Chromium of the tests): :func:`selection_on_wrapper`.
* **Material's ``[data-md-color-switching] *``** turns transitions off while the
  palette changes. Material's palette component sets that attribute on
  ``<body>`` and removes it again on every load, not only when the reader
  switches: two restyles of the whole page. :func:`switching_attribute` renames
  it to ``data-attn-color-switching``, which ``overrides/main.html`` sets only
  when the reader switches the palette, so switching still runs no transition.

A third cause is not a stylesheet rule: Material's palette appends a
``<meta name="color-scheme">`` on every load and sets its content, and any
change to such a meta restyles the whole page. ``overrides/main.html`` gives
each page its own and copies Material's value into it only when it differs.
"""

from __future__ import annotations

import re

SWITCHING = "data-attn-color-switching"

_DESCENDANT_SELECTION = re.compile(r"([\w.\]-]) +::selection\b")
_MOZ_SELECTION_RULE = re.compile(r"[^{}]*::-moz-selection\s*\{[^{}]*\}")


def selection_on_wrapper(css: str) -> str:
    """``css`` with ``X ::selection`` rules written as ``X::selection``; ``-moz-`` ones dropped.

    Firefox has understood the unprefixed ``::selection`` since version 62.

    >>> selection_on_wrapper(
    ...     ".w ::-moz-selection{background:red}.w ::selection{background:red}p{x:y}"
    ... )
    '.w::selection{background:red}p{x:y}'
    """
    return _DESCENDANT_SELECTION.sub(r"\1::selection", _MOZ_SELECTION_RULE.sub("", css))


def switching_attribute(css: str) -> str:
    """Material's palette stylesheet with its switching attribute renamed (see above).

    >>> switching_attribute(
    ...     "[data-md-color-switching] *{transition-duration:0s!important}"
    ... )
    '[data-attn-color-switching] *{transition-duration:0s!important}'
    """
    return css.replace("[data-md-color-switching]", f"[{SWITCHING}]")
