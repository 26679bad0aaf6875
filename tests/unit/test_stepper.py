"""Tests of attention_tutorial.stepper: the data, settings and fallback written into the page."""

from __future__ import annotations

import base64
import functools
import html
import itertools
import json
import re

import numpy as np
import pytest
import torch

from attention_tutorial import SgdStepper, make_data, sgd_stepper, w_path
from attention_tutorial.figures._alt import spoken_digits
from attention_tutorial.figures._base import FIGURE_LANGS_ENV, FIGURE_MIME
from attention_tutorial.figures.curves import _steps_spoken
from attention_tutorial.stepper import LEARNING_RATES, W_MAX, W_MIN, W_STEPS, _words


@pytest.fixture(scope="module")
def stepper():
    return sgd_stepper(make_data(n_train=20), w0=0.5, lr=0.05, log_w=True, steps=3)


@pytest.fixture(scope="module")
def html_of(stepper):
    """``stepper.html(lang)``, drawn once per language for the tests that only read it."""
    return functools.cache(stepper.html)


def payload_of(page: str) -> dict:
    match = re.search(
        r'<script type="application/json" class="attn-explorer-data">(.*?)</script>', page
    )
    assert match is not None
    return json.loads(match.group(1))


def test_the_page_gets_exact_copies_of_the_data_and_the_settings(stepper, html_of):
    payload = payload_of(html_of("en"))
    for name in ("x_train", "y_train"):
        values = torch.tensor(payload[name], dtype=torch.float64)
        assert torch.equal(values, getattr(stepper.data, name).double()), name
    assert (payload["w0"], payload["lr"], payload["log_w"], payload["steps"]) == (
        0.5, 0.05, True, 3,
    )  # fmt: skip
    assert payload["lrs"] == list(LEARNING_RATES)
    assert (payload["w_min"], payload["w_max"], payload["w_steps"]) == (W_MIN, W_MAX, W_STEPS)


def test_the_learning_rates_are_a_log_scale_with_the_chapters_two():
    assert 0.5 in LEARNING_RATES and 0.05 in LEARNING_RATES
    ratios = [b / a for a, b in itertools.pairwise(LEARNING_RATES)]
    assert all(2 <= r <= 2.5 for r in ratios)  # 1-2-5: every step a factor of 2 to 2.5


def test_the_curve_holds_the_explorers_grid():
    """log10(w) in steps of 0.01 from -1, so the explorer's minimum is a point of this curve."""
    grid = torch.linspace(-1, 3.5, W_STEPS, dtype=torch.float64)
    assert torch.allclose(grid[:401], torch.linspace(-1, 3, 401, dtype=torch.float64))
    assert W_MIN == 0.1 and W_MAX == pytest.approx(10**3.5)


def test_path_is_w_path(stepper):
    data = stepper.data
    expected = w_path(data.x_train, data.y_train, 0.5, lr=0.05, epochs=3, log_w=True)
    assert stepper.path() == expected and len(expected) == 4


@pytest.mark.parametrize(
    ("lang", "step", "chapter"),
    [
        ("zh", "走一步", "第 {k} 步（本章训练的步数）"),
        ("en", "Step", "Step {k}, the chapter's number of steps"),
    ],
)
def test_labels_per_language(html_of, lang, step, chapter):
    page = html_of(lang)
    words = payload_of(page)["labels"]
    assert words["step"] == step and words["chapter_end"] == chapter
    assert f'data-lang="{lang}"' in page
    assert {"w_axis", "loss_axis", "minimum", "readout", "reset", "lr"} <= set(words)


@pytest.mark.parametrize(
    ("lang", "message"),
    [("zh", "已走满 50 步，请按“重来”。"), ("en", "50 steps taken; press Reset to start again.")],
)
def test_the_last_step_names_the_reset_button(html_of, lang, message):
    """After MAX_STEPS steps the readout says which button starts again, by its label."""
    words = payload_of(html_of(lang))["labels"]
    assert words["last_step"].format(k=50) == message
    assert words["reset"] in message


def static_pictures(page: str) -> dict[str, tuple[str, bytes]]:
    """{"wide" / "narrow": (the alt text, the image's bytes)} of the static picture."""
    pictures = {}
    for shown_on, alt, data in re.findall(
        r'<img class="attn-shown-(wide|narrow)" alt="([^"]*)" '
        r'src="data:image/[a-z+]+;base64,([^"]+)">',
        page,
    ):
        pictures[shown_on] = (html.unescape(alt), base64.b64decode(data))
    return pictures


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_static_picture_is_the_path_and_its_alt_text_says_where_it_ends(html_of, lang):
    from attention_tutorial.figures._alt import ALT

    page = html_of(lang)
    pictures = static_pictures(page)
    assert set(pictures) == {"wide", "narrow"} and page.count("<img ") == 2
    path = w_path(make_data(n_train=20).x_train, make_data(n_train=20).y_train, 0.5, lr=0.05,
                  epochs=3, log_w=True)  # fmt: skip
    # r35: the path once, every step to its end (it was also "end at w = ... (step 1 takes it
    # to ...)" before it)
    spoken = _steps_spoken(np.asarray(path))
    assert spoken.endswith(f"→ {spoken_digits(path[-1])}")
    for alt, image in pictures.values():
        assert len(image) > 1000
        assert f"{spoken};" in alt or f"{spoken}；" in alt  # every w, the end last
        assert alt.count(spoken_digits(path[-1])) == 1, alt
        assert "log w" in alt and "0.05" in alt
        assert ALT[lang]["plot_w_paths.one"] in alt  # and then the figure's own description
        assert ("。 " not in alt) if lang == "zh" else (". " + ALT[lang]["plot_w_paths.one"] in alt)
    caption = re.search(r"<figcaption>(.*?)</figcaption>", page).group(1)
    assert "0.05" in caption and "3" in caption


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_phone_gets_the_static_picture_stacked_with_text_11_px_high(html_of, lang):
    """The no-JavaScript picture was the wide figure on a phone too (text about 9 px high
    in a 375 px phone's column): it comes in both layouts of ``plot_w_paths``, each
    file saying which screens show it (the build's ``attn-shown-*`` classes)."""
    from tools.sitebuild.page_repairs import PHONE_COLUMN_PX, image_metadata

    pictures = static_pictures(html_of(lang))
    facts = {shown_on: image_metadata(image)[1] for shown_on, (_, image) in pictures.items()}
    assert {shown_on: f["shown_on"] for shown_on, f in facts.items()} == {
        "wide": "wide", "narrow": "narrow",
    }  # fmt: skip
    # the smallest text, in CSS px, in the phone's column (min_width_px: where it is 9 px)
    phone_px = {shown_on: 9 * PHONE_COLUMN_PX / f["min_width_px"] for shown_on, f in facts.items()}
    assert phone_px["narrow"] >= 11 > phone_px["wide"], phone_px


def test_mimebundle_carries_both_languages(stepper, html_of, monkeypatch):
    monkeypatch.setattr(stepper, "html", html_of)
    monkeypatch.setenv(FIGURE_LANGS_ENV, "zh,en")
    bundle, _ = stepper._repr_mimebundle_()
    variants = bundle[FIGURE_MIME]
    assert set(variants) == {"zh", "en"}
    assert payload_of(variants["en"]["data"])["labels"]["title"] == "SGD stepper"
    assert bundle["text/html"] == variants["zh"]["data"] == html_of("zh")


def test_the_container_is_an_explorer_for_the_build_and_a_stepper_for_the_script(html_of):
    """The build keeps explorer.js and explorer.css only on pages whose HTML holds
    ``class="attn-explorer``; the script tells the two apart by ``attn-stepper``."""
    page = html_of("zh")
    assert page.startswith('<div class="attn-explorer attn-stepper" data-lang="zh">')
    assert page.count("</script>") == 1


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"w0": 0.01}, ValueError, "w0 must be between 0.1 and 3162.28"),
        ({"w0": -1.0}, ValueError, "w0 must be a positive"),
        ({"w0": float("nan")}, ValueError, "w0 must be a positive"),
        ({"w0": torch.ones(2)}, ValueError, "w0 must be a number or a one-element tensor"),
        # a bool is no w, as the Raises rows say: not read as 1.0
        ({"w0": True}, TypeError, "w0 must be a real number, got bool"),
        ({"w0": np.True_}, TypeError, "w0 must be a real number, got bool"),
        ({"w0": torch.tensor(True)}, ValueError, "w0 must have a floating-point dtype"),
        ({"w0": 1.0, "lr": True}, TypeError, "lr must be a real number, got bool"),
        ({"w0": 1.0, "lr": 0.3}, ValueError, r"lr must be one of the control's values \(0.001"),
        ({"w0": 1.0, "lr": -0.5}, ValueError, "lr must be a positive"),
        ({"w0": 1.0, "lr": "0.5"}, TypeError, "lr"),
        ({"w0": 1.0, "log_w": 1}, TypeError, "log_w must be a bool"),
        # one message at both ends of the range
        ({"w0": 1.0, "steps": 0}, ValueError, "steps must be an int from 1 to 50, got 0$"),
        ({"w0": 1.0, "steps": 51}, ValueError, "steps must be an int from 1 to 50, got 51$"),
        ({"w0": 1.0, "steps": 2.0}, TypeError, "steps must be an int"),
        ({"w0": 1.0, "data": torch.zeros(3)}, TypeError, "ToyData"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        sgd_stepper(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        # log w overflows: the static picture has no finite w to draw
        ({"w0": 1.0, "lr": 5.0, "log_w": True}, r"w is not finite within 5 steps from w0 = 1, "
         r"lr = 5, training log w: .*take a smaller lr"),
        # w jumps below 0 on the first step: a log axis cannot hold it
        ({"w0": 5.0, "lr": 10.0}, r"w is -0\.00\d+ after step 1 from w0 = 5, lr = 10, training w: "
         r".*every w must be positive; take a smaller lr, or log_w=True"),
    ],
)  # fmt: skip
def test_a_path_the_static_picture_cannot_draw_is_refused_by_sgd_stepper(kwargs, match):
    """Refused when called, naming w0 and lr, not later by ``.html()`` or ``plot_w_paths``."""
    with pytest.raises(ValueError, match=match):
        sgd_stepper(**kwargs)


def test_a_notebook_shows_the_current_language(stepper, html_of, monkeypatch):
    """Without the build's languages, text/html follows ``set_language``."""
    from attention_tutorial.figures import _base, set_language

    # the pages of a language drawn once for the module (as in test_explorer.py): every
    # ``html`` call below, with the language ``_repr_mimebundle_`` and ``_repr_html_`` pass
    # it, reads that drawing; a wrong language gives the other page
    monkeypatch.setattr(stepper, "html", lambda lang=None: html_of(lang))
    monkeypatch.delenv(FIGURE_LANGS_ENV, raising=False)
    monkeypatch.setattr(_base, "_language", None)
    set_language("en")
    bundle, _ = stepper._repr_mimebundle_()
    assert bundle["text/html"].startswith('<div class="attn-explorer attn-stepper" data-lang="en">')
    assert stepper._repr_html_() == bundle["text/html"]
    set_language(None)
    assert 'data-lang="zh"' in stepper._repr_mimebundle_()[0]["text/html"]


def test_w0_may_be_a_one_element_tensor_and_data_defaults_to_the_chapters():
    stepper = sgd_stepper(w0=torch.tensor([0.5]))
    assert isinstance(stepper, SgdStepper) and stepper.w0 == 0.5 and isinstance(stepper.w0, float)
    assert torch.equal(stepper.data.x_train, make_data().x_train)
    assert repr(stepper) == "SgdStepper(w0=0.5, lr=0.5, log_w=False, steps=5, n_train=50)"
    with pytest.raises(ValueError, match="lang"):
        stepper._payload("fr")


def test_the_readout_is_punctuated_in_each_languages_own_way(html_of):
    """The Chinese readout separates with full-width punctuation (，：；（）。), the English one
    with ASCII; both say what a gap in the step table left out."""
    zh, en = (payload_of(html_of(lang))["labels"] for lang in ("zh", "en"))
    fixed = {key: re.sub(r"\{\w+\}", "", zh[key]) for key in ("readout", "notes", "note_sep")}
    assert fixed["readout"] == "：w = ， = ，L = "
    assert (fixed["notes"], fixed["note_sep"], zh["sentence_sep"]) == ("（）", "；", "。")
    assert not re.search(r"[,:;.()]", "".join([*fixed.values(), zh["sentence_sep"]]))
    assert (en["notes"], en["note_sep"], en["sentence_sep"]) == (" ({notes})", "; ", ". ")
    for words in (zh, en):
        assert set(re.findall(r"\{(\w+)\}", words["readout"])) == {
            "step", "w", "grad_name", "grad", "loss", "notes"
        }  # fmt: skip
        assert "{a}" in words["elided"] and "{b}" in words["elided"]


@pytest.mark.parametrize(
    ("lang", "name"), [("zh", "训练 log w，lr = 0.05"), ("en", "training log w, lr = 0.05")]
)
def test_the_static_legend_says_what_is_trained(html_of, lang, name):
    """Round 18: the static picture's legend said "w, lr = 0.5" (a bare "w,"), in Chinese
    with an ASCII comma; it names the trained parameter, punctuated in the page's language."""
    for _, image in static_pictures(html_of(lang)).values():
        assert html.escape(name).encode() in image  # an SVG: its legend's text
    assert _words(lang)["path_name"].format(param="log w", lr=0.05) == name
    # the static picture's words stay in Python: the page's script is not sent them
    assert "path_name" not in payload_of(html_of(lang))["labels"]


def test_the_html_shows_one_static_picture_by_width(html_of):
    """Round 18: rendered alone (a notebook, a file), the HTML showed both static pictures:
    only the site's stylesheet hid one. It carries the explorer's ``STATIC_STYLE`` (checked
    against explorer.css in test_explorer.py; rendered in Chromium in the browser tests)."""
    from attention_tutorial.explorer import STATIC_STYLE

    for lang in ("zh", "en"):
        page = html_of(lang)
        assert page.count("<style>") == 1 and STATIC_STYLE in page
        assert page.index(STATIC_STYLE) < page.index('<figure class="attn-explorer-static">')


@pytest.mark.parametrize(
    ("lang", "mark", "caption"),
    [
        ("zh", "（本章）", "在本网站上开启 JavaScript"),
        ("en", " (chapter)", "turn on JavaScript on this site"),
    ],
)
def test_the_chapter_row_and_the_static_caption_say_the_same_in_both_languages(
    html_of, lang, mark, caption
):
    """Round 20: the chapter's row was "5（本章）" in Chinese but "5 ◯" in English (a word in
    each now); the static caption, shown on the lesson page itself when JavaScript is off,
    sent the reader to "this site's lesson page" instead of saying what turns the steps on."""
    page = html_of(lang)
    assert payload_of(page)["labels"]["chapter_short"] == mark
    figcaption = page.split("<figcaption>")[1].split("</figcaption>")[0]
    assert caption in figcaption and "lesson page" not in figcaption, figcaption


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_step_can_leave_the_chart_and_the_api_page_says_so_where_the_reader_meets_it(lang):
    """r33: later steps can leave the live chart (its w axis ends at 10**3.5), which the
    reader met only as a note in the readout. The API page says so before its example, with a
    step that does (printed by the page's example), the readout's own words, and the script
    draws such a step at the edge and adds those words. r35: under the box "What it displays"
    (which holds the picture and says only what the stepper is and where the lesson is)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    d = make_data()
    torch.manual_seed(0)
    from attention_tutorial import NWKernelRegression

    w0 = NWKernelRegression().w.item()
    assert 1.0 in LEARNING_RATES
    far = w_path(d.x_train, d.y_train, w0, lr=1.0, log_w=True)
    assert far[1] > W_MAX  # off the chart in one step
    page = (root / "docs" / lang / "api" / "stepper.md").read_text(encoding="utf-8")
    # the box: its indented lines, the picture among them (r33fx: the text after it)
    body = page.split('!!! note "', 1)[1].split("\n", 1)[1]
    note = "\n".join(itertools.takewhile(lambda line: not line or line[0] == " ", body.split("\n")))
    assert "<!-- api-widget" in note
    # r35: the prose from the box to the example (the reader meets it under the picture)
    intro = page.split('!!! note "', 1)[1].split("```pycon", 1)[0]
    off = _words(lang)["off_chart"]
    assert f"“{off}”" in intro
    # r33fx: the size in words, with its digits grouped as the example prints them
    grouped = f"{far[1]:,.0f}"
    if lang == "zh":
        assert f"约 {round(far[1] / 1e4)} 万（{grouped}）" in intro
    else:
        assert f"about {far[1] / 1e6:.2f} million ({grouped})" in intro
    assert f"{round(W_MAX)}" in intro and "$10^{3.5}$" in intro
    assert f"('{grouped}', {round(W_MAX)})" in page  # printed by its example
    script = (root / "docs" / "assets" / "javascripts" / "explorer.js").read_text()
    assert "Math.min(Math.max(Math.abs(w), data.w_min), data.w_max)" in script  # at the edge
    assert "Math.abs(last.w) > data.w_max) notes.push(L.off_chart)" in script
