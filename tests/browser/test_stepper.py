"""The SGD stepper in Chromium: the page's steps against the package's ``w_path``.

Served (the ``site`` build) and from file:// (the ``offline_site`` build), in both
languages: the reader's controls are operated (the learning-rate slider, the parameter's
radio buttons, the step button: clicked, and with the keyboard) and every ``w``, gradient
and loss the page computed is compared with ``at.w_path``, torch's autograd and
``at.loss_at_w``. Then the layout at 375 px, the palettes and the page without JavaScript.
"""

from __future__ import annotations

import functools
import math
import re

import pytest
import torch

import attention_tutorial as at
from attention_tutorial.scores import score
from tests.browser.conftest import open_in_tab

pytestmark = pytest.mark.browser

PAGES = ["smoothness", "en/smoothness"]
# the chapter's two learning rates, each with w and with log w as the parameter
SETTINGS = [(0.5, False), (0.05, False), (0.5, True), (0.05, True)]
TOLERANCE = 1e-5

# Sets the controls as a reader does (the slider's value + input event, a radio's click),
# presses the step button five times, returns the page's rows.
STEP_FIVE_TIMES = """([lr, logW]) => {
    const root = document.querySelector('.attn-stepper.is-live');
    const api = root.attnStepper;
    const slider = root.querySelector('.attn-stepper-lr input[type=range]');
    slider.value = root.attnStepperLrs.indexOf(lr);
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    root.querySelectorAll('.attn-stepper-param input[type=radio]')[logW ? 1 : 0].click();
    const button = root.querySelector('.attn-stepper-buttons button');
    for (let k = 0; k < 5; k++) button.click();
    return {lr: api.lr(), logW: api.logW(), rows: api.rows(),
            readout: root.querySelector('.attn-stepper-readout').textContent,
            rings: root.querySelectorAll('svg circle.chapter-ring').length,
            keys: [...root.querySelectorAll('.attn-explorer-legend > span')].filter(
                s => s.getClientRects().length).map(s => s.className),
            chapterRow: root.querySelector('tr.is-chapter td .attn-chapter-mark')?.textContent,
            chapterSaid: root.querySelector('tr.is-chapter td .attn-visually-hidden')?.textContent,
            steps: [...root.querySelectorAll('.attn-stepper-log tbody tr')].map(
                tr => tr.cells[0].textContent),
            firstRow: [...root.querySelector('.attn-stepper-log tbody tr').cells].map(
                td => td.textContent)};
}"""
LEARNING_RATES = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    return JSON.parse(root.querySelector('.attn-explorer-data').textContent).lrs;
}"""


def shown_gradient(v: float) -> str:
    """A gradient as the page shows it: 4 decimals from 1e-3 to 1e5, else 3 significant digits
    with an exponent (JavaScript's "1.27e-6"), an exact 0 as "0", a real minus."""
    if v == 0:
        return "0"
    text = f"{v:.4f}" if 1e-3 <= abs(v) < 1e5 else re.sub(r"e([+-])0*(\d)", r"e\1\2", f"{v:.2e}")
    return text.replace("-", "\u2212", 1) if text.startswith("-") else text


@pytest.fixture(scope="module")
def chapter():
    """The chapter's data and initial ``w`` (the seed of the page parametric)."""
    data = at.make_data()
    torch.manual_seed(at.SEED)
    return data, at.NWKernelRegression().w.item()


def autograd(x_train, y_train, w: float, log_w: bool) -> float:
    """dL/dw (or dL/du, u = log w) by torch's autograd in float64: the reference."""
    keys, values = at.leave_one_out(x_train, y_train)  # (n_train, n_train - 1) each
    parameter = torch.tensor(math.log(w) if log_w else w, dtype=torch.float64, requires_grad=True)
    weights = torch.softmax(
        score(x_train[:, None] - keys, parameter.exp() if log_w else parameter), dim=1
    )  # (n_train, n_train - 1)
    (((weights * values).sum(dim=1) - y_train) ** 2).sum().backward()
    return parameter.grad.item()


def open_page(browser, url, width=1280, height=900, color_scheme="light"):
    """The page loaded as a new document in the worker's shared tab (``open_in_tab``):
    ``(visit, page, log)``; ``visit.close()`` ends the visit."""
    visit, page, log = open_in_tab(
        browser, url, width=width, height=height, color_scheme=color_scheme
    )
    try:
        page.wait_for_selector(".attn-stepper.is-live", timeout=10000)
        lrs = page.evaluate(LEARNING_RATES)
        page.evaluate(
            "lrs => { document.querySelector('.attn-stepper.is-live').attnStepperLrs = lrs; }", lrs
        )
    except BaseException:
        visit.close()
        raise
    return visit, page, log


class _Kept:
    """A page of ``live_pages``: it stays open for the next test (``close`` keeps it)."""

    def close(self) -> None:
        pass


@pytest.fixture(scope="module")
def live_pages(browser):
    """The stepper's pages loaded once per URL and viewport, for the tests that set every
    control through ``configure(lr, logW)`` (which also resets the steps) before they read
    anything, so that what an earlier test did there cannot reach what they check: the same
    state a page loaded for each of them would reach. ``(kept, page, log)``, as ``open_page``;
    the tests that read the page as it loads, or operate its controls, load their own."""
    context = browser.new_context()
    pages: dict = {}

    def get(url, width=1280, height=900):
        key = (url, width, height)
        if key not in pages or pages[key][1].is_closed():
            page = context.new_page()
            page.set_viewport_size({"width": width, "height": height})
            log = {"errors": [], "requests": []}
            page.on("pageerror", lambda e: log["errors"].append(str(e)))
            page.goto(url, wait_until="load")
            page.wait_for_selector(".attn-stepper.is-live", timeout=10000)
            pages[key] = (_Kept(), page, log)
        kept, page, log = pages[key]
        assert log["errors"] == [], log["errors"]  # no earlier test broke the page
        page.evaluate("window.scrollTo(0, 0)")  # where a page loaded for the test starts
        return kept, page, log

    yield get
    context.close()


def check_agreement(page, chapter, lang):
    """Every setting: the page's path against ``w_path`` on float64 data (the page computes
    in float64) within 1e-5, and on the site's float32 data within 1e-5 relative (w reaches
    1700, where float32's own spacing is 1e-4); its gradients against float64 autograd
    (1e-9 relative) and its losses against ``loss_at_w`` (1e-5)."""
    data, w0 = chapter
    x64, y64 = data.x_train.double(), data.y_train.double()
    worst = {"w64": 0.0, "w32_rel": 0.0, "grad_rel": 0.0, "loss": 0.0}
    for lr, log_w in SETTINGS:
        got = page.evaluate(STEP_FIVE_TIMES, [lr, log_w])
        assert (got["lr"], got["logW"]) == (lr, log_w)
        ws = [row["w"] for row in got["rows"]]
        path64 = at.w_path(x64, y64, w0, lr=lr, log_w=log_w)
        path32 = at.w_path(data.x_train, data.y_train, w0, lr=lr, log_w=log_w)
        assert len(ws) == 6 and ws[0] == w0
        errors = {
            "w64": max(abs(a - b) for a, b in zip(ws, path64, strict=True)),
            "w32_rel": max(abs(a - b) / max(1.0, abs(b)) for a, b in zip(ws, path32, strict=True)),
            "grad_rel": max(
                abs(row["grad"] - (g := autograd(x64, y64, row["w"], log_w))) / max(1.0, abs(g))
                for row in got["rows"]
            ),
            "loss": max(abs(row["loss"] - at.loss_at_w(row["w"], x64, y64)) for row in got["rows"]),
        }
        assert errors["w64"] < TOLERANCE and errors["w32_rel"] < TOLERANCE, (lr, log_w, errors)
        # loss_at_w rounds w to float32 (the model's parameter): about 2e-7 here
        assert errors["grad_rel"] < 1e-9 and errors["loss"] < TOLERANCE, (lr, log_w, errors)
        worst = {k: max(worst[k], errors[k]) for k in worst}
        # the readout prints the fifth step; the chapter's end is ringed, and its row marked,
        # only at the chapter's settings (round 23: "5 (chapter)" labelled w = 2.9069 at
        # lr 0.05, where the chapter's run ends at 16.2025; round 26: so was the ring), and the
        # legend names the ring only when it is drawn
        assert got["readout"].startswith("第 5 步：" if lang == "zh" else "Step 5: "), got
        assert f"w = {ws[-1]:.4f}" in got["readout"], got["readout"]  # 4 decimals, as Python
        at_chapter = (lr, log_w) == (0.5, False)
        assert got["rings"] == int(at_chapter), got
        assert ("chapter-key" in got["keys"]) is at_chapter and "path-key" in got["keys"], got
        if at_chapter:
            chapter_row = "5（本章）" if lang == "zh" else "5 (chapter)"  # a word in each
            assert got["chapterRow"] == chapter_row, got
            # the ring means nothing read aloud: the cell says the step in words instead
            said = {
                "zh": "第 5 步（本章训练的步数）",
                "en": "Step 5, the chapter's number of steps",
            }
            assert got["chapterSaid"] == said[lang], got
        else:
            assert got["chapterRow"] is None and got["chapterSaid"] is None, got
            assert got["steps"] == [str(k) for k in range(6)], got
        # gradients with 4 decimals and a real minus, in every row (row 0 showed "-32.8");
        # an exact 0 (log w at lr 0.5) as "0"
        first, last = got["rows"][0]["grad"], got["rows"][-1]["grad"]
        assert shown_gradient(first) in got["firstRow"], got["firstRow"]
        grad = re.escape(shown_gradient(last))
        assert re.search(f"= {grad}[,，]", got["readout"]), got["readout"]
    return worst


@pytest.mark.parametrize("path", PAGES)
def test_served_stepper_matches_w_path(server, browser, chapter, path):
    context, page, log = open_page(browser, f"{server}{path}/")
    try:
        worst = check_agreement(page, chapter, "en" if path.startswith("en/") else "zh")
        print(f"served {path}:", {k: f"{v:.1e}" for k, v in worst.items()})
        assert log["errors"] == []
        assert all(r.startswith(server) or r.startswith("data:") for r in log["requests"])
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_offline_stepper_matches_w_path(offline_site, browser, chapter, path):
    context, page, log = open_page(browser, (offline_site / f"{path}.html").as_uri())
    try:
        worst = check_agreement(page, chapter, "en" if path.startswith("en/") else "zh")
        print(f"file:// {path}:", {k: f"{v:.1e}" for k, v in worst.items()})
        assert log["errors"] == []
        assert all(r.split(":")[0] in {"file", "data", "blob", "about"} for r in log["requests"])
    finally:
        context.close()


# Steps at one setting through the API; the rows, the readout, the table's cells, whether the
# step button is still enabled, and the curve's minimum marker and legend.
STEP_AT = """([lr, logW, n]) => {
    const root = document.querySelector('.attn-stepper.is-live');
    const api = root.attnStepper;
    api.configure(lr, logW);
    api.step(n);
    return {rows: api.rows(), readout: root.querySelector('.attn-stepper-readout').textContent,
            table: [...root.querySelectorAll('.attn-stepper-log tbody tr')].map(
                tr => [...tr.cells].map(
                    td => (td.querySelector('.attn-chapter-mark') || td).textContent)),
            gaps: [...root.querySelectorAll('.attn-stepper-log tr.is-gap td')].map(
                td => [td.colSpan, td.getAttribute('aria-label')]),
            disabled: root.querySelector('.attn-stepper-buttons button')
                .getAttribute('aria-disabled'),
            stars: root.querySelectorAll('svg polygon.minimum').length,
            circles: root.querySelectorAll('svg circle.minimum').length,
            legend: root.querySelector('.attn-explorer-legend').textContent};
}"""
# the English sentence starts with a capital (a reader found "this step took…"); it names
# the step by its number (round 8: "this step" after a readout labelled "Start" confused)
DIVERGED = {
    "zh": "。第 {k} 步让 w 超出了 float32 能表示的范围",
    "en": ". Step {k} took w beyond float32's range",
}


def package_path(chapter, lr, log_w, steps):
    """``w_path`` (float32, as the package trains) for ``steps`` steps, or the steps it took
    before it raised because ``w`` left float32's range; and whether it raised."""
    data, w0 = chapter
    for k in range(1, steps + 1):
        try:
            path = at.w_path(data.x_train, data.y_train, w0, lr=lr, epochs=k, log_w=log_w)
        except ValueError as err:
            assert "left float32's range" in str(err)
            return path if k > 1 else [w0], True
    return path, False


@pytest.mark.parametrize("path", PAGES)
def test_the_page_diverges_where_the_package_raises(server, live_pages, chapter, path):
    """The package trains a float32 parameter and raises when ``w`` leaves float32's range;
    the page computes in float64, where the same ``w`` is still finite, and must stop there
    too, saying so (lr 10 with log w: the first step). Where the package does not raise
    (lr 5 with log w reaches 1.1e35; lr 10 with w), the page takes every step."""
    lang = "en" if path.startswith("en/") else "zh"
    assert package_path(chapter, 10.0, True, 8) == ([chapter[1]], True)  # the first step
    context, page, _ = live_pages(f"{server}{path}/")
    try:
        for lr, log_w in [(10.0, True), (5.0, True), (10.0, False)]:
            expected, raised = package_path(chapter, lr, log_w, 8)
            got = page.evaluate(STEP_AT, [lr, log_w, 8])
            ws = [row["w"] for row in got["rows"]]
            assert len(ws) == len(expected), (lr, log_w, ws, expected)
            assert ws == pytest.approx(expected, rel=1e-4), (lr, log_w)
            diverged = DIVERGED[lang].format(k=len(ws))
            assert (diverged in got["readout"]) is raised, (lr, log_w, got["readout"])
            assert got["disabled"] == ("true" if raised else "false")
            print(f"{path} lr {lr:g} log_w {log_w}: {len(ws) - 1} steps, package raised {raised}")
            if lang == "zh":  # the Chinese readout's own punctuation, the sentence too
                assert not re.search(r"[,:;]", got["readout"]), got["readout"]
                assert got["readout"].startswith("初值：w = " if raised else "第 8 步：w = ")
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_the_table_marks_the_rows_it_leaves_out(server, live_pages, path):
    """20 steps: the table shows the start (step 0, whose first gradient the page asks the
    reader to watch), step 5 and the last 8 (13 to 20); a "⋯" row across the four columns
    stands for steps 1-4 and one for 6-12. w has 4 decimals. Step 5 is marked as the
    chapter's only at the chapter's settings (lr 0.5, training w)."""
    zh = not path.startswith("en/")
    context, page, _ = live_pages(f"{server}{path}/")
    try:
        got = page.evaluate(STEP_AT, [0.05, False, 20])
        firsts = [row[0] for row in got["table"]]
        assert firsts[:4] == ["0", "⋯", "5", "⋯"], firsts
        assert got["table"][0][2] == shown_gradient(got["rows"][0]["grad"]), got["table"][0]
        assert firsts[4:] == [str(k) for k in range(13, 21)], firsts
        labels = ["省略了第 1–4 步", "省略了第 6–12 步"] if zh else [
            "steps 1 to 4 left out", "steps 6 to 12 left out"]  # fmt: skip
        assert got["gaps"] == [[4, label] for label in labels]
        for row, step in zip(got["table"][4:], range(13, 21), strict=True):
            assert row[1] == f"{got['rows'][step]['w']:.4f}", row
        got = page.evaluate(STEP_AT, [0.5, False, 20])  # the chapter's settings: marked
        firsts = [row[0] for row in got["table"]]
        assert firsts[:4] == ["0", "⋯", "5（本章）" if zh else "5 (chapter)", "⋯"], firsts
        got = page.evaluate(STEP_AT, [0.05, False, 6])  # 0 to 6: nothing left out
        assert got["gaps"] == [] and [row[0] for row in got["table"]][:2] == ["0", "1"]
    finally:
        context.close()


@pytest.mark.parametrize(
    ("path", "key"),
    [("smoothness", "★ 留一法的最小值"), ("en/smoothness", "★ Leave-one-out minimum")],
)
def test_the_minimum_is_a_star_named_in_the_legend(server, live_pages, path, key):
    """Every entry of the legend names its mark: the dots of the earlier steps too (they
    read "● w"); in English each entry, and the readout, starts with a capital."""
    context, page, _ = live_pages(f"{server}{path}/")
    try:
        got = page.evaluate(STEP_AT, [0.5, False, 1])
        assert (got["stars"], got["circles"]) == (1, 0)
        assert key in got["legend"], got["legend"]
        earlier = "● Earlier steps" if path.startswith("en/") else "● 走过的 w"
        assert earlier in got["legend"] and "● w●" not in got["legend"], got["legend"]
        if path.startswith("en/"):
            entries = page.evaluate(
                "() => [...document.querySelectorAll('.attn-stepper .attn-explorer-legend > span')]"
                ".map(s => s.textContent.replace(/^\\S+ /, ''))"
            )
            assert len(entries) == 5 and all(e[0].isupper() for e in entries), entries
            assert got["readout"].startswith("Step 1: "), got["readout"]
            readout = page.evaluate(
                "() => { const root = document.querySelector('.attn-stepper.is-live');"
                " root.attnStepper.reset();"
                " return root.querySelector('.attn-stepper-readout').textContent; }"
            )
            assert readout.startswith("Start: "), readout
    finally:
        context.close()


# The classes of the legend's entries that are shown, after n steps at one setting.
SHOWN_KEYS = """([lr, logW, n]) => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.configure(lr, logW);
    root.attnStepper.step(n);
    return [...root.querySelectorAll('.attn-explorer-legend > span')].filter(
        s => s.getClientRects().length).map(s => s.className);
}"""


@pytest.mark.parametrize("path", PAGES)
def test_the_legend_names_only_the_marks_on_the_chart(server, live_pages, path):
    """Round 26: before any step the legend listed "Earlier steps" and the chapter's step,
    whose marks were not there yet. The earlier steps' dots show from step 2 (step 1's lies
    under the current dot), the ring at step 5 at the chapter's settings only."""
    context, page, _ = live_pages(f"{server}{path}/")
    try:
        always = ["start-key", "current-key", "minimum-key"]
        assert page.evaluate(SHOWN_KEYS, [0.5, False, 0]) == always
        assert page.evaluate(SHOWN_KEYS, [0.5, False, 1]) == always
        with_path = ["start-key", "path-key", "current-key", "minimum-key"]
        assert page.evaluate(SHOWN_KEYS, [0.5, False, 4]) == with_path
        every = ["start-key", "path-key", "current-key", "chapter-key", "minimum-key"]
        assert page.evaluate(SHOWN_KEYS, [0.5, False, 5]) == every
        assert page.evaluate(SHOWN_KEYS, [0.05, False, 8]) == with_path  # no ring there
    finally:
        context.close()


# Where the note on the slider and the radios is, and what names it.
NOTE = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    const note = root.querySelector('.attn-stepper-note');
    const box = el => {
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
    };
    return {inControls: note.parentElement.classList.contains('attn-stepper-controls'),
            note: box(note), text: note.textContent,
            buttons: box(root.querySelector('.attn-stepper-buttons')),
            readout: box(root.querySelector('.attn-stepper-readout')),
            described: [...root.querySelectorAll('.attn-stepper-controls input')].map(
                i => document.getElementById(i.getAttribute('aria-describedby'))?.className)};
}"""


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("path", PAGES)
def test_the_restart_note_is_beside_the_controls(server, browser, path, width):
    """Round 26: "Changing lr or the parameter starts again" stood under the chart, far from
    the slider, read only after a run had been wiped out. Now it is a line of the controls,
    above the chart, and the slider and the radios name it as their description."""
    context, page, _ = open_page(browser, f"{server}{path}/", width=width)
    try:
        got = page.evaluate(NOTE)
        # the controls' last line, right under the buttons and above the readout and the chart
        assert got["inControls"] and got["note"][3] <= got["readout"][1], got
        assert 0 <= got["note"][1] - got["buttons"][3] < 16, got
        assert got["described"] == ["attn-stepper-note"] * 3, got
        assert got["text"].startswith("改变学习率" if path == "smoothness" else "Changing lr"), got
    finally:
        context.close()


CURRENT = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    const dots = root.querySelectorAll('svg circle.current-dot');
    const key = root.querySelector('.attn-explorer-legend .current-key');
    return {dots: dots.length, fill: dots.length ? getComputedStyle(dots[0]).fill : null,
            key: key ? key.textContent : null, colour: key ? getComputedStyle(key).color : null};
}"""


@pytest.mark.parametrize(
    ("path", "key"),
    [("smoothness", "● 当前的 w（最新一步）"), ("en/smoothness", "● Current w (the latest step)")],
)
def test_the_current_point_is_named_in_the_legend(server, live_pages, path, key):
    """Issue 26: the legend named the start, the steps, the chapter's step and the minimum,
    not the larger dot at the latest step. Its entry has the dot's colour."""
    context, page, _ = live_pages(f"{server}{path}/")
    try:
        page.evaluate(STEP_AT, [0.05, False, 3])
        got = page.evaluate(CURRENT)
        assert got["dots"] == 1 and got["key"] == key, got
        assert got["colour"] == got["fill"], got
    finally:
        context.close()


# After steps that end at the minimum: the star's and the current dot's centres and radii,
# which of the two the document paints later (above), and the topmost element at the star's
# centre and at a point of the disc between two of the star's lower points (6 units below the
# star's centre, where the star's outline is at 2.8 units).
AT_THE_MINIMUM = """([lr, logW, n]) => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.configure(lr, logW);
    root.attnStepper.step(n);
    const svg = root.querySelector('.attn-explorer-panel svg');
    const star = root.querySelector('svg polygon.minimum');
    const dot = root.querySelector('svg circle.current-dot');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const centre = el => { const r = el.getBoundingClientRect();
                           return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; };
    const name = el => el ? el.tagName.toLowerCase() + '.' + el.getAttribute('class') : null;
    const [x, y] = centre(star);
    return {w: root.attnStepper.rows().at(-1).w, star: [x, y], dot: centre(dot),
            r: Number(dot.getAttribute('r')), starR: star.getBBox().height / 2,
            after: Boolean(dot.compareDocumentPosition(star) & Node.DOCUMENT_POSITION_FOLLOWING),
            top: name(document.elementFromPoint(x, y)),
            rim: name(document.elementFromPoint(x, y + 6 * scale))};
}"""


@pytest.mark.parametrize(("lr", "log_w", "steps"), [(0.05, False, 40), (0.05, True, 5)])
@pytest.mark.parametrize("width", [375, 1280])
def test_a_path_at_the_minimum_shows_the_star_on_its_current_disc(
    server, live_pages, lr, log_w, steps, width
):
    """Round-21 reader: with lr 0.05 on w after about 40 steps (log w: 5 steps) w is near
    3.98, the minimum, and the orange dot of the current step lay under the star; drawn on
    top of it, the dot then hid the star (round 24). Now both show: the star is painted after
    the dot, which grows there to a disc larger than the star, its accent round the star."""
    context, page, _ = live_pages(f"{server}smoothness/", width=width)
    try:
        page.locator(".attn-stepper .attn-explorer-panel").scroll_into_view_if_needed()
        got = page.evaluate(AT_THE_MINIMUM, [lr, log_w, steps])
        assert abs(got["w"] - 3.98) < 0.15, got  # the path ends near the minimum (3.87, 4.00)
        # the two overlap: their centres less than the star's radius (7) apart
        near = [abs(a - b) < 7 for a, b in zip(got["star"], got["dot"], strict=True)]
        assert all(near), got
        assert got["after"] and got["top"] == "polygon.minimum", got  # the star on top
        assert got["r"] > got["starR"], got  # the disc reaches past the star's points
        assert got["rim"] == "circle.current-dot", got  # and shows between them
    finally:
        context.close()


# The accessible name of each control (its <label>, or the legend of its fieldset), the
# focused element's outline, and the state after each key.
FOCUSED = """() => {
    const el = document.activeElement, s = getComputedStyle(el);
    const label = el.labels && el.labels.length ? el.labels[0].textContent.trim() : '';
    return {tag: el.tagName, type: el.type || '', label, text: el.textContent.trim(),
            outline: s.outlineStyle + ' ' + s.outlineWidth,
            steps: Number(document.querySelector('.attn-stepper').dataset.steps)};
}"""


@pytest.mark.parametrize("path", PAGES)
def test_keyboard_operates_every_control(server, browser, chapter, path):
    zh = not path.startswith("en/")
    context, page, _ = open_page(browser, f"{server}{path}/")
    try:
        api = "document.querySelector('.attn-stepper').attnStepper"
        slider = page.locator(".attn-stepper-lr input[type=range]")
        slider.focus()
        focused = page.evaluate(FOCUSED)
        assert focused["label"] == ("学习率 lr" if zh else "learning rate lr"), focused
        assert focused["outline"].startswith("solid"), focused  # visible focus
        page.keyboard.press("ArrowLeft")  # 0.5 -> 0.2: one notch of the 1-2-5 scale
        assert page.evaluate(f"{api}.lr()") == 0.2
        assert page.locator(".attn-stepper-lr output").inner_text() == "lr = 0.2"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Tab")  # the parameter: a radio group named by its legend
        focused = page.evaluate(FOCUSED)
        assert focused["type"] == "radio" and focused["label"] == "w", focused
        assert page.locator(".attn-stepper-param legend").inner_text() == (
            "训练的参数" if zh else "trained parameter"
        )
        page.keyboard.press("ArrowRight")  # radio arrows: w -> log w
        assert page.evaluate(f"{api}.logW()") is True
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert focused["tag"] == "BUTTON" and focused["text"] == ("走一步" if zh else "Step")
        assert focused["outline"].startswith("solid"), focused
        page.keyboard.press("Enter")
        page.keyboard.press("Space")
        assert page.evaluate(FOCUSED)["steps"] == 2
        data, w0 = chapter
        rows = page.evaluate(f"{api}.rows()")
        path64 = at.w_path(data.x_train.double(), data.y_train.double(), w0, lr=0.5, epochs=2,
                           log_w=True)  # fmt: skip
        assert [r["w"] for r in rows] == pytest.approx(path64, abs=TOLERANCE)
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert focused["text"] == ("重来" if zh else "Reset"), focused
        page.keyboard.press("Enter")
        assert page.evaluate(FOCUSED)["steps"] == 0
    finally:
        context.close()


# Where the controls and the curve are once the stepper is scrolled to, at 375 px.
LAYOUT = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    const controls = root.querySelector('.attn-stepper-controls');
    controls.scrollIntoView({block: 'start'});
    window.scrollBy(0, -document.querySelector('.md-header').getBoundingClientRect().bottom - 8);
    const box = el => {
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
    };
    const controlsInside = controls.querySelectorAll(':is([type=range], button)');
    return {header: document.querySelector('.md-header').getBoundingClientRect().bottom,
            controls: box(controls), curve: box(root.querySelector('.attn-explorer-panel svg')),
            readout: box(root.querySelector('.attn-stepper-readout')),
            buttons: [...controlsInside].map(box),
            lr_label: box(controls.querySelector('.attn-stepper-lr label')),
            lr_slider: box(controls.querySelector('.attn-stepper-lr input[type=range]')),
            width: innerWidth, height: innerHeight,
            overflow: root.scrollWidth - root.clientWidth};
}"""


HEADER = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.configure(0.5, true);
    const span = root.querySelector('.attn-stepper-log th .attn-nowrap');
    const box = span.getBoundingClientRect(), cell = span.parentElement.getBoundingClientRect();
    return {text: span.textContent, lines: span.getClientRects().length, right: box.right,
            cell_right: cell.right};
}"""


CHAPTER_LABEL = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.configure(0.5, false);  // the mark is shown at the chapter's settings only
    root.attnStepper.step(5);
    const cell = root.querySelector('tr.is-chapter td');
    const mark = cell.querySelector('.attn-chapter-mark');  // what is shown
    const text = document.createRange();
    text.selectNodeContents(mark);
    return {text: mark.textContent, lines: text.getClientRects().length,
            right: text.getBoundingClientRect().right,
            cell_right: cell.getBoundingClientRect().right};
}"""


# Every text of the chart and where the legend's marks end and their words begin.
CHART_TEXT = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    const svg = root.querySelector('.attn-explorer-panel svg');
    const box = r => [r.left, r.top, r.right, r.bottom];
    const texts = [...svg.querySelectorAll('text')].map(t => ({
        text: t.textContent, cls: t.getAttribute('class') || '',
        box: box(t.getBoundingClientRect())}));
    const marks = [...root.querySelectorAll('.attn-explorer-legend > span')].map(entry => {
        const mark = entry.querySelector('.attn-key-mark'), words = document.createRange();
        if (!mark) return {entry: entry.textContent, mark: null};  // not in a box of its own
        words.selectNodeContents(entry);
        words.setStartAfter(mark);
        return {entry: entry.textContent, mark: mark.getBoundingClientRect().right,
                words: words.getBoundingClientRect().left,
                size: parseFloat(getComputedStyle(entry).fontSize)};
    });
    return {svg: box(svg.getBoundingClientRect()), texts, marks,
            frame: box(svg.querySelector('rect.frame').getBoundingClientRect())};
}"""


def _overlap(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


@pytest.mark.parametrize("path", PAGES)
def test_at_375_px_no_text_of_the_chart_is_cut_or_covered(server, browser, path):
    """Round 19: at 375 px the y axis' label ran past the chart's top ("(sum)", "（求和）"
    cut), "Leave-one-out minimum w ≈ 3.98" covered the y tick "10" and touched the frame's
    bottom, and the legend's "★" touched its words."""
    context, page, _ = open_page(browser, f"{server}{path}/", width=375, height=667)
    try:
        page.evaluate("document.querySelector('.attn-stepper').attnStepper.step(5)")
        got = page.evaluate(CHART_TEXT)
        left, top, right, bottom = got["svg"]
        for text in got["texts"]:  # every text inside the chart, none clipped by the <svg>
            x0, y0, x1, y1 = text["box"]
            assert x0 >= left - 0.5 and x1 <= right + 0.5, (text, got["svg"])
            assert y0 >= top - 0.5 and y1 <= bottom + 0.5, (text, got["svg"])
        (minimum,) = [t for t in got["texts"] if t["cls"] == "minimum-text"]
        ticks = [t for t in got["texts"] if not t["cls"]]  # the tick labels have no class
        assert len(ticks) >= 6, ticks
        # round 26: the y axis' title in full was taller than the plot and ran down beside the
        # x ticks; on a phone its short form stays within the frame's height, in full size
        (title,) = [t for t in got["texts"] if "y-label" in t["cls"]]
        assert title["text"] == ("损失 L（求和）" if path == "smoothness" else "loss L (sum)")
        assert title["box"][1] >= got["frame"][1] and title["box"][3] <= got["frame"][3], title
        assert not any(_overlap(minimum["box"], t["box"]) for t in ticks), (minimum, ticks)
        # inside the frame, clear of its bottom edge (it was 4 px above it, its descenders on it)
        frame = got["frame"]
        assert minimum["box"][0] >= frame[0] and minimum["box"][2] <= frame[2], (minimum, frame)
        assert minimum["box"][3] <= frame[3] - 6, (minimum, frame)
        # each mark a little apart from its words (at least 0.15 em)
        assert len(got["marks"]) == 5, got["marks"]
        for mark in got["marks"]:
            assert (
                mark["mark"] is not None and mark["words"] - mark["mark"] >= 0.15 * mark["size"]
            ), mark
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_at_375_px_the_controls_and_the_curve_are_on_one_screen(server, browser, path):
    context, page, _ = open_page(browser, f"{server}{path}/", width=375, height=667)
    try:
        page.evaluate("document.querySelector('.attn-stepper').attnStepper.step(5)")
        layout = page.evaluate(LAYOUT)
        top = layout["header"]
        for name in ("controls", "curve", "readout"):
            left, upper, right, lower = layout[name]
            assert upper >= top - 1 and lower <= layout["height"] + 1, (name, layout)
            assert left >= 0 and right <= layout["width"], (name, layout)
        assert all(b[2] <= layout["width"] and b[3] - b[1] >= 24 for b in layout["buttons"]), layout
        assert layout["overflow"] <= 0, layout
        # the learning rate's label above its slider, which gets most of the row for 13 stops
        # (beside the English label it was 116 px wide)
        label, slider = layout["lr_label"], layout["lr_slider"]
        assert label[3] <= slider[1] + 1 and slider[2] - slider[0] >= 200, layout
        # the header "dL/d(log w)" on one line, inside its column
        header = page.evaluate(HEADER)
        assert header["text"] == "dL/d(log\u00a0w)" and header["lines"] == 1, header
        assert header["right"] <= header["cell_right"] + 0.5, header
        # the chapter's row label ("5 · the chapter's steps" wrapped onto three lines) on one
        # line, inside its column
        label = page.evaluate(CHAPTER_LABEL)
        assert label["lines"] == 1 and label["right"] <= label["cell_right"] + 0.5, label
    finally:
        context.close()


# Each number cell of the log: its text, on how many lines it is drawn, and whether the table
# pushes the page wider than the screen (it may scroll in its own box instead).
TABLE_CELLS = """([lr, logW, n]) => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.configure(lr, logW);
    root.attnStepper.step(n);
    const cells = [...root.querySelectorAll('.attn-stepper-log tbody tr:not(.is-gap) td')];
    return {cells: cells.map(td => {
                // what is shown: the chapter's row also holds its words for screen readers
                const shown = td.querySelector('.attn-chapter-mark') || td;
                const text = document.createRange();
                text.selectNodeContents(shown);
                const lines = new Set([...text.getClientRects()].map(r => Math.round(r.top)));
                return {text: shown.textContent, lines: lines.size};
            }),
            page: document.documentElement.scrollWidth, width: innerWidth};
}"""


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize(("lr", "log_w"), [(0.5, True), (1.0, True), (2.0, True), (10.0, False)])
def test_at_375_px_no_number_of_the_log_wraps(server, live_pages, path, lr, log_w):
    """Round 20: at 375 px, with log w and lr 0.5 or more, w (1700.1377) broke into
    "1700.137" / "7" and the row grew from 28 to 51 px. Every cell stays on one line now;
    the table may scroll in its own box, the page does not get wider. The exact 0 gradient
    there (every weight on one key) reads "0", not "0.0000", the tiny ones by an exponent."""
    context, page, _ = live_pages(f"{server}{path}/", width=375, height=667)
    try:
        got = page.evaluate(TABLE_CELLS, [lr, log_w, 5])
        assert got["page"] <= got["width"], got
        assert len(got["cells"]) == 24, got  # steps 0 to 5, four cells each
        wrapped = [cell for cell in got["cells"] if cell["lines"] != 1]
        assert not wrapped, wrapped
        rows = page.evaluate("document.querySelector('.attn-stepper').attnStepper.rows()")
        for cell, row in zip(got["cells"][2::4], rows, strict=True):  # the gradients
            assert cell["text"] == shown_gradient(row["grad"]), (cell, row)
            assert not re.fullmatch(r"\u2212?0\.0000", cell["text"]), cell
        if (lr, log_w) == (0.5, True):  # w far out on the plateau: 4 decimals still
            assert got["cells"][5]["text"].startswith("1700."), got["cells"][4:8]
            assert "0" in [cell["text"] for cell in got["cells"][2::4]], got
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_at_1280_px_the_learning_rate_slider_keeps_room_for_its_stops(server, browser, path):
    """Beside the English label and the other controls the slider was 80 px wide for its 13
    stops; it keeps at least 12rem, and the other controls move to the next row."""
    context, page, _ = open_page(browser, f"{server}{path}/")
    try:
        layout = page.evaluate(LAYOUT)
    finally:
        context.close()
    slider = layout["lr_slider"]
    assert slider[2] - slider[0] >= 190, layout


COLOURS = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    const path = getComputedStyle(root.querySelector('svg polyline.path')).stroke;
    const probe = document.createElement('span');
    probe.style.color = 'var(--md-typeset-a-color)';
    root.appendChild(probe);
    const link = getComputedStyle(probe).color;
    probe.remove();
    return {scheme: document.body.getAttribute('data-md-color-scheme'), path, link,
            background: getComputedStyle(document.body).backgroundColor};
}"""


def test_the_stepper_follows_the_palette(server, browser):
    seen = {}
    for scheme in ("light", "dark"):
        context, page, _ = open_page(browser, f"{server}smoothness/", color_scheme=scheme)
        try:
            colours = page.evaluate(COLOURS)
            assert colours["path"] == colours["link"], colours  # the theme's colour, not fixed
            seen[colours["scheme"]] = colours
        finally:
            context.close()
    assert set(seen) == {"default", "slate"}
    assert seen["default"]["path"] != seen["slate"]["path"]


# the no-JavaScript picture's two layouts, and the smallest text each shows (CSS px): its
# drawn width over its data-min-width (where that text is 9 px) times 9
STATIC_PICTURES = """() => [...document.querySelectorAll('.attn-stepper .attn-explorer-static img')]
    .map(img => ({cls: img.className, shown: img.getBoundingClientRect().width > 0
                  && getComputedStyle(img).display !== 'none',
                  width: img.getBoundingClientRect().width,
                  minWidth: Number(img.dataset.minWidth)}))"""


@pytest.mark.parametrize(("width", "shown_on"), [(375, "narrow"), (1280, "wide")])
@pytest.mark.parametrize(
    ("path", "start"), [("smoothness", "静态图："), ("en/smoothness", "Static")]
)
def test_without_javascript_the_static_path_stays(server, browser, path, start, width, shown_on):
    """On a phone the stacked layout (its text 11 px or more; the wide one showed 9 px
    there), on a wide screen the wide one: one picture at a time, each with its alt."""
    viewport = {"width": width, "height": 800}
    context = browser.new_context(java_script_enabled=False, viewport=viewport)
    try:
        page = context.new_page()
        page.goto(f"{server}{path}/", wait_until="load")
        figure = page.locator(f".attn-stepper .attn-explorer-static img.attn-shown-{shown_on}")
        figure.scroll_into_view_if_needed()
        assert figure.is_visible()
        assert figure.get_attribute("alt").startswith(start)
        assert page.locator(".attn-stepper-controls").count() == 0
        assert (
            page.evaluate(
                "img => { img.loading = 'eager';"
                " return img.decode().then(() => img.naturalWidth) }",
                figure.element_handle(),
            )
            > 0
        )
        pictures = page.evaluate(STATIC_PICTURES)
        shown = [p for p in pictures if p["shown"]]
        assert len(pictures) == 2 and len(shown) == 1, pictures
        assert f"attn-shown-{shown_on}" in shown[0]["cls"]
        if width == 375:
            assert 9 * shown[0]["width"] / shown[0]["minWidth"] >= 11, shown
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_the_chart_is_described_and_points_at_the_readout(server, live_pages, path):
    """The live chart's name was its title only ("SGD stepper"): now a sentence on what it
    shows, and its state is the readout's sentence, which it points at."""
    context, page, _ = live_pages(f"{server}{path}/")
    try:
        got = page.evaluate(
            "() => { const root = document.querySelector('.attn-stepper.is-live');"
            " const svg = root.querySelector('svg[role=img]');"
            " const id = svg.getAttribute('aria-describedby');"
            " return {label: svg.getAttribute('aria-label'),"
            " described: id && document.getElementById(id).className,"
            " title: root.querySelector('.attn-explorer-panel figcaption').textContent}; }"
        )
        assert got["described"] == "attn-stepper-readout", got
        assert got["label"] != got["title"] and len(got["label"]) > 60, got
        zh = not path.startswith("en/")
        assert ("留一法损失" if zh else "leave-one-out loss") in got["label"], got
    finally:
        context.close()


@pytest.mark.parametrize("width", [375, 1280])
def test_the_radio_buttons_have_a_24_px_target(server, browser, width):
    """A reader on a touch screen found the w / log w radios 13 x 13 px: the label around
    each is the target, at least 24 x 24 px (WCAG 2.2 target size)."""
    context, page, _ = open_page(browser, f"{server}smoothness/", width=width)
    try:
        boxes = page.evaluate(
            "() => [...document.querySelectorAll('.attn-stepper-param label')].map(l => {"
            " const r = l.getBoundingClientRect();"
            " return {w: r.width, h: r.height, radio: l.querySelector('input[type=radio]')"
            " !== null}; })"
        )
        assert len(boxes) == 2 and all(b["radio"] for b in boxes), boxes
        assert all(b["w"] >= 24 and b["h"] >= 24 for b in boxes), boxes
        # a click on the label's edge, away from the radio, selects it
        label = page.locator(".attn-stepper-param label").nth(1)
        label.scroll_into_view_if_needed()
        box = label.bounding_box()
        page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] - 2)
        assert page.evaluate("document.querySelector('.attn-stepper').attnStepper.logW()")
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_at_375_px_the_step_and_reset_buttons_are_44_px_high(server, browser, path):
    """Round-21 reader: on a phone Step and Reset were 32.6 px (en) and 37.6 px (zh) high, short
    of a 44 px touch target."""
    context, page, _ = open_page(browser, f"{server}{path}/", width=375)
    try:
        boxes = page.evaluate(
            "() => [...document.querySelectorAll('.attn-stepper-buttons button')].map(b => {"
            " const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
        )
        assert len(boxes) == 2 and all(h >= 44 and w >= 44 for w, h in boxes), boxes
    finally:
        context.close()


# At step 0 (after Reset): the topmost element at the start square's centre, and at a point
# of the current dot outside the square (left of it, half-way to the dot's edge).
AT_THE_START = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.reset();
    const square = root.querySelector('svg rect.start').getBoundingClientRect();
    const dot = root.querySelector('svg circle.current-dot').getBoundingClientRect();
    const under = root.querySelector('svg rect.start-under').getBoundingClientRect();
    const y = (square.top + square.bottom) / 2, x = (square.left + square.right) / 2;
    const name = el => el ? el.tagName.toLowerCase() + '.' + el.getAttribute('class') : null;
    return {centre: name(document.elementFromPoint(x, y)),
            frame: name(document.elementFromPoint((under.left + square.left) / 2, y)),
            ring: name(document.elementFromPoint((dot.left + under.left) / 2, y)),
            margin: square.left - dot.left, gap: square.left - under.left,
            steps: root.dataset.steps};
}"""


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("path", PAGES)
def test_at_step_0_the_start_square_and_the_current_dot_both_show(server, browser, path, width):
    """Round-15 reader: at step 0 the current w's dot lay exactly over the start square, so
    the legend's "■ start" pointed at nothing visible. The square is drawn on top, inside a
    larger dot: at its centre the square, round it a ring of the dot. Round 22: the square,
    straight on the dot, still read as part of it (its translucent grey turned brown there);
    now a frame of the page's colour stands between them."""
    context, page, _ = open_page(browser, f"{server}{path}/", width=width)
    try:
        page.locator(".attn-stepper .attn-explorer-panel").scroll_into_view_if_needed()
        got = page.evaluate(AT_THE_START)
        assert got["steps"] == "0", got
        assert got["centre"] == "rect.start" and got["ring"] == "circle.current-dot", got
        assert got["frame"] == "rect.start-under" and got["gap"] >= 1.4, got  # CSS px
        assert got["margin"] >= 5, got  # CSS px of the dot left of the square
    finally:
        context.close()


@functools.cache
def widget_html(widget: str) -> str:
    """A widget's HTML as the package makes it, made once for both widths (its static
    pictures take a second or two of matplotlib each)."""
    data = at.make_data(n_train=20)
    if widget == "stepper":
        made = at.sgd_stepper(data, w0=0.5, lr=0.05, log_w=True, steps=3)
    else:
        made = at.bandwidth_explorer(data)
    return made.html("en")


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("widget", ["stepper", "explorer"])
def test_the_html_rendered_alone_shows_one_picture(browser, widget, width):
    """Round 18: outside this site (a notebook, a file of the HTML) nothing runs the widget,
    and its HTML showed both static pictures, one above the other: only the site's
    stylesheet hid one. Rendered alone, it shows one: the wide picture on a wide screen,
    the stacked one at a phone's width."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.set_content(f"<!doctype html><html><body>{widget_html(widget)}</body></html>")
        shown = page.evaluate(
            """() => [...document.querySelectorAll('img')]
                .filter(img => getComputedStyle(img).display !== 'none')
                .map(img => img.className)"""
        )
    finally:
        page.close()
    assert shown == ["attn-shown-wide" if width > 600 else "attn-shown-narrow"]


# The chapter's row after five steps: its first cell as the accessibility tree has it.
CHAPTER_CELL = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.configure(0.5, false);
    root.attnStepper.step(5);
    const cell = root.querySelector('tr.is-chapter td');
    cell.id = 'attn-test-chapter-cell';
    return {title: cell.getAttribute('title'),
            mark: cell.querySelector('.attn-chapter-mark').getAttribute('title')};
}"""


@pytest.mark.parametrize("path", PAGES)
def test_the_chapter_row_is_read_once(server, browser, path):
    """Round-22 reader: the step-5 cell was read twice, its words as the cell's name (a
    hidden span) and again as its description (the cell's title). The name says it once;
    the tooltip stays, on the mark that screen readers skip."""
    context, page, _ = open_page(browser, f"{server}{path}/")
    try:
        got = page.evaluate(CHAPTER_CELL)
        said = {"zh": "第 5 步（本章训练的步数）", "en": "Step 5, the chapter's number of steps"}
        said = said["en" if path.startswith("en/") else "zh"]
        assert got == {"title": None, "mark": said}, got
        cdp = context.new_cdp_session(page)
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        selector = "#attn-test-chapter-cell"
        cell = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})
        nodes = cdp.send("Accessibility.getPartialAXTree", {"nodeId": cell["nodeId"]})["nodes"]
        node = nodes[0]
        assert node["role"]["value"] == "cell" and node["name"]["value"] == said, node
        description = node.get("description", {}).get("value", "")
        cdp.detach()
        assert said not in description, node
    finally:
        context.close()


# Five steps on log w at lr 0.5: the page's gradients and the cells that show them.
ON_THE_PLATEAU = """() => {
    const root = document.querySelector('.attn-stepper.is-live');
    root.attnStepper.configure(0.5, true);
    const rows = root.attnStepper.step(5);
    return {grads: rows.map(r => r.grad),
            cells: [...root.querySelectorAll('.attn-stepper-log tbody tr')].map(
                tr => tr.cells[2].textContent),
            text: document.querySelector('article').textContent};
}"""


@pytest.mark.parametrize("path", PAGES)
def test_the_plateau_gradient_is_0_on_the_page_and_in_its_text(server, live_pages, path):
    """Round-22 reader: the text said the gradient on the plateau was "almost 0" while the
    stepper printed 0. Both say 0 now: after step 1 of log w at lr 0.5 every weight but the
    nearest key's underflows (float32, checked by a cell of the page) and the page's own
    float64 steps compute exactly 0 as well; the text says the stepper shows 0."""
    context, page, _ = live_pages(f"{server}{path}/")
    try:
        got = page.evaluate(ON_THE_PLATEAU)
        assert got["grads"][0] < 0 and got["grads"][1:] == [0] * 5, got["grads"]
        assert got["cells"][1:] == ["0"] * 5, got["cells"]
        text = " ".join(got["text"].split())
        if path.startswith("en/"):
            assert "almost 0" not in text
            assert "the gradient comes out as exactly 0" in text
            assert "the stepper below shows these gradients as 0 too." in text
        else:
            assert "几乎为 0" not in text
            assert "梯度算出来就恰好是 0" in text and "这几步的梯度也显示为 0" in text
    finally:
        context.close()
