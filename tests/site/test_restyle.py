"""restyle: the two stylesheet rules rewritten, everything else kept."""

from __future__ import annotations

from tools.sitebuild.restyle import SWITCHING, selection_on_wrapper, switching_attribute

JUPYTER = (
    ".jupyter-wrapper ::-moz-selection{background:#b3d7ff}"
    ".jupyter-wrapper ::selection{background:#b3d7ff}"
    ".jp-Cell .jp-InputArea ::selection{color:red}"
    "a::selection{color:blue}"
    ".jp-Notebook{padding:0}"
)


def test_descendant_selection_rules_move_onto_their_element():
    out = selection_on_wrapper(JUPYTER)
    assert ".jupyter-wrapper::selection{background:#b3d7ff}" in out
    assert ".jp-Cell .jp-InputArea::selection{color:red}" in out
    assert " ::selection" not in out


def test_prefixed_rules_are_dropped_and_the_others_kept_in_order():
    out = selection_on_wrapper(JUPYTER)
    assert "-moz-selection" not in out
    assert out.endswith("a::selection{color:blue}.jp-Notebook{padding:0}")
    assert selection_on_wrapper(out) == out


def test_the_switching_attribute_is_renamed_everywhere_and_nothing_else():
    css = (
        "[data-md-color-switching] *{transition:none}"
        "[data-md-color-switching] .md-header{x:y}[data-md-color-scheme=slate]{z:w}"
    )
    out = switching_attribute(css)
    assert out == (
        f"[{SWITCHING}] *{{transition:none}}[{SWITCHING}] .md-header{{x:y}}"
        "[data-md-color-scheme=slate]{z:w}"
    )
    assert switching_attribute(out) == out
