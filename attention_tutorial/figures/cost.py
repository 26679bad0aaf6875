"""The cost of attention as n grows: measured time and peak memory on log-log axes.

Explained on the page `scale.md`.
"""

from __future__ import annotations

import math
import numbers
import re
import statistics
from collections.abc import Mapping, Sequence

import numpy as np
import torch

from attention_tutorial.figures._alt import ALT_FACTS, alt_facts, spoken
from attention_tutorial.figures._base import (
    FONTS,
    TutorialFigure,
    bilingual,
    building,
    log_axis,
    new_figure,
    phone_layout,
    plain_number,
)

_ORDER = ("tiled", "broadcast", "chunked", "sdpa")  # the keys of their names in LABELS
# Every text is set larger than the figures' base size, and the tick labels are plain
# numbers ("1,000", "0.01", "1 MB"), not powers of ten: matplotlib sets the exponent of
# "10^3" at 0.7 of the text size, too small for a phone, and unseen by ``reading_facts``.
_TEXT_PT = 13.0
LAYOUTS = ("wide", "stacked")
# inches: the two panels side by side (wide screens), or one above the other (phones,
# where the column is about 343 CSS px: this width is shown at about 0.78 of its size);
# the wide one as wide as its text, 9 CSS px or more, allows in a 343 px column (6.4 in
# filled 3/4 of the column at 1280 px)
_SIZES = {"wide": (6.8, 4.6), "stacked": (4.6, 8.2)}
# Tiled and broadcast measure the same (the same three full matrices): tiled is drawn with
# large hollow circles, so it stays visible around broadcast's small squares. Every
# measured line is solid: dotted lines are the counted bytes (a dashed one, told apart
# from dotted only with effort on a phone, read as counted too).
_STYLE = {
    "tiled": {"marker": "o", "linestyle": "-", "markersize": 9, "markerfacecolor": "none"},
    "broadcast": {"marker": "s", "linestyle": "-", "markersize": 4},
    "chunked": {"marker": "^", "linestyle": "-"},
    "sdpa": {"marker": "D", "linestyle": "-", "markersize": 5},
}

# the panels as the alt text names them, each with its y axis ("y axis: time; y axis:
# peak memory" left the reader to guess which was which)
_PANELS = {
    "zh": {"wide": ("左图", "右图"), "stacked": ("上图", "下图")},
    "en": {
        "wide": ("left panel's", "right panel's"),
        "stacked": ("upper panel's", "lower panel's"),
    },
}
_NEUTRAL = "0.55"  # grey: the legend entry of the dotted lines of several formulations
# A byte count below 1 (0: nothing measured) is drawn at 1 B, the log axis having no 0: the
# alt text says where it is drawn, so that it reads as the figure shows it; a count above 0
# is below 1 B, not a 0 the axis lacks (review fx33: "0.5 B (drawn at 1 B: a log axis has
# no 0)" gave a 0 as the reason for a value that is not 0)
_AT_ONE_BYTE = {
    "zh": {"zero": "（对数轴上没有 0，画在 1 B 处）", "below": "（小于 1 B，画在 1 B 处）"},
    "en": {"zero": " (drawn at 1 B: a log axis has no 0)", "below": " (below 1 B, drawn at 1 B)"},
}


def _bytes(value: float) -> str:
    """A byte count read aloud in three digits: ``'4.2 MB'``, ``'1.9 GB'``, ``'0.4 B'``.

    The unit is the largest in which the rounded number is 1 or more: 999.6 B is
    ``'1 kB'``, as the tick beside it says, not ``'1000 B'``.
    """
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if float(spoken(value / size)) >= 1:
            return f"{spoken(value / size)} {unit}"
    return f"{spoken(value)} B"


def _bytes_as_tabled(value: float) -> str:
    """A byte count rounded as the scale page's table rounds it, in ``_bytes``'s units.

    From 1 MB up one decimal, a trailing zero kept: the table prints 4.2 (MB), so the
    alt text must not say 4.19; it prints 4.0, so the alt text must not say 4 (r40d).
    Below 1 MB two significant digits: the table prints 0.3 (MB) for 299 kB, so
    the alt text says 300 kB, not 299 kB (r37d).

    >>> _bytes_as_tabled(4_194_304)
    '4.2 MB'
    >>> _bytes_as_tabled(4e6)
    '4.0 MB'
    >>> _bytes_as_tabled(12e6)
    '12.0 MB'
    >>> _bytes_as_tabled(250e3)
    '250 kB'
    >>> _bytes_as_tabled(299_008)
    '300 kB'
    """
    if value < 1e6:
        return _bytes(float(f"{value:.2g}"))
    # 999.96 MB reads "1 GB", as 999.6 B reads "1 kB" in _bytes
    unit, size = ("GB", 1e9) if round(value / 1e9, 1) >= 1 else ("MB", 1e6)
    return f"{value / size:.1f} {unit}"


def _bytes_drawn(value: float, lang: str) -> str:
    """A byte count as the alt text reads it: ``'0.4 B (below 1 B, drawn at 1 B)'``, 0 B too.

    From 1 MB up it is rounded as the scale page's table rounds: one decimal.

    >>> _bytes_drawn(0.5, "en")
    '0.5 B (below 1 B, drawn at 1 B)'
    >>> _bytes_drawn(0, "en")
    '0 B (drawn at 1 B: a log axis has no 0)'
    >>> _bytes_drawn(3_780_000, "en")
    '3.8 MB'
    """
    said = _bytes_as_tabled(value)
    if value >= 1 or said == "1 B":
        return said
    return said + _AT_ONE_BYTE[lang]["zero" if value == 0 else "below"]


def _whole_where_alone(text: str) -> str:
    """Drop the ``.0`` of byte counts from 10 MB or GB up where no other one has a decimal.

    "400 kB to 40 MB" beside "1.2 GB" and "120 kB" (r54: "40.0 MB", three digits
    among twos). Where one does, the scale page's "12.0 MB" beside
    "11.9 MB", the ``.0`` says the same precision and stays; below 10 it always stays
    (r40d: the table prints 4.0 MB).

    >>> _whole_where_alone(
    ...     "from 400 kB to 40.0 MB; 1.1 MB"
    ... )
    'from 400 kB to 40 MB; 1.1 MB'
    >>> _whole_where_alone(
    ...     "from 12.0 MB to 4.8 GB, 11.9 MB"
    ... )
    'from 12.0 MB to 4.8 GB, 11.9 MB'
    """
    pattern = r"\b(\d{2,})\.(\d) ([MG]B)\b"
    if any(digit != "0" for _, digit, _ in re.findall(pattern, text)):
        return text
    return re.sub(pattern, r"\1 \3", text)


def _seconds(value: float) -> str:
    """A time as the scale page's table prints it: three decimals, trailing zeros kept.

    The table prints 0.002 and 0.009 (s): the alt text said 0.0024 s and 0.0092 s beside
    0.016 s, two precisions side by side (r37d); it said 6.11 s where the table prints
    6.110, beside 6.307 s (r38d). Below 0.0005 s, where three decimals would read 0,
    three significant digits.

    >>> (
    ...     _seconds(0.0024),
    ...     _seconds(0.0181),
    ...     _seconds(6.11),
    ...     _seconds(31.0),
    ...     _seconds(2e-4),
    ... )
    ('0.002 s', '0.018 s', '6.110 s', '31.000 s', '0.0002 s')
    """
    if abs(value) < 0.0005:
        return f"{spoken(value)} s"
    return f"{value:.3f} s"


def _byte_tick(value: float, _position: object = None) -> str:
    """A tick label of the memory axis: ``'100 kB'``, ``'1 GB'``."""
    return _bytes(value)


def _listed(names: Sequence[str], lang: str) -> str:
    """Names in a sentence: ``'a'``, ``'a and b'``, ``'a, b and c'`` (``'a、b 和 c'``)."""
    if len(names) == 1:
        return names[0]
    if lang != "zh":
        return ", ".join(names[:-1]) + " and " + names[-1]
    # 和 takes a space only on a side where Latin text touches it: "）和 SDPA"
    before = " " if names[-2][-1].isascii() else ""
    after = " " if names[-1][0].isascii() else ""
    return "、".join(names[:-1]) + before + "和" + after + names[-1]


def _number(field: str, value: object) -> float:
    """A field of a row as a Python number: a real number, a NumPy scalar or a 0-d tensor.

    A bool, a string, ``None`` or a tensor of more than one element is no measurement.
    """
    if isinstance(value, torch.Tensor) and value.ndim == 0 and value.dtype != torch.bool:
        value = value.item()  # a Python int or float (or complex, refused below)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"measurement {field} must be a number, got {value!r:.60}")
    return int(value) if isinstance(value, numbers.Integral) else float(value)


def _rows(measurements: Sequence[Mapping[str, object]]) -> dict[str, list[Mapping[str, object]]]:
    """Group measurement rows by formulation, sorted by n; check their fields."""
    if isinstance(measurements, (str, bytes)) or not isinstance(measurements, Sequence):
        raise TypeError(
            f"measurements must be a non-empty list of dicts, got {type(measurements).__name__}"
        )
    if len(measurements) == 0:
        raise ValueError("measurements must be a non-empty list of dicts")
    grouped: dict[str, list[Mapping[str, object]]] = {}
    for row in measurements:
        if not isinstance(row, Mapping) or not {"formulation", "n", "seconds", "peak_bytes"} <= set(
            row
        ):
            raise ValueError(
                "each measurement must be a dict with formulation, n, seconds, peak_bytes"
            )
        if row["formulation"] not in _ORDER:
            raise ValueError(
                f"unknown formulation {row['formulation']!r}; expected one of {_ORDER}"
            )
        fields = ("n", "seconds", "peak_bytes", "predicted_bytes")
        row = dict(row)  # a copy, its numbers as Python's (np.int64(100) -> 100)
        for field in (f for f in fields if f in row):
            value = row[field] = _number(field, row[field])
            may_be_zero = field.endswith("bytes")
            if not (math.isfinite(value) and (value >= 0 if may_be_zero else value > 0)):
                sign = "non-negative" if may_be_zero else "positive"
                raise ValueError(
                    f"measurement {field} must be a {sign} finite number, got {value!r} "
                    f"({row['formulation']}, n = {row['n']})"
                )
        grouped.setdefault(str(row["formulation"]), []).append(row)
    for name, rows in grouped.items():
        # one point per n: two rows at one n were drawn as a zigzag, up and back down
        ns = [r["n"] for r in rows]
        twice = sorted({n for n in ns if ns.count(n) > 1})
        if twice:
            raise ValueError(
                f"measurements must have one row per formulation and n: {name} has more "
                f"than one at n = {', '.join(str(n) for n in twice)} (give one, e.g. their "
                f"median)"
            )
    for name, rows in grouped.items():  # one dotted line per formulation: from every row or none
        given = [str(r["n"]) for r in rows if "predicted_bytes" in r]
        missing = [str(r["n"]) for r in rows if "predicted_bytes" not in r]
        if given and missing:
            raise ValueError(
                f"predicted_bytes must be given in every row of a formulation or in none: "
                f"{name} has it at n = {', '.join(given)} but not at n = {', '.join(missing)}"
            )
    return {name: sorted(grouped[name], key=lambda r: r["n"]) for name in _ORDER if name in grouped}


def _median_of_runs(rows: Sequence[Mapping[str, object]]) -> int | None:
    """How many runs each row is the median of, or None if the rows do not say one number.

    A row says it with its ``runs`` (each with ``seconds`` and ``peak_bytes``) whose
    medians are the row's ``seconds`` and ``peak_bytes``; every row must say the same
    number, at least 2.

    >>> runs = [
    ...     {
    ...         "seconds": t,
    ...         "peak_bytes": 10.0,
    ...     }
    ...     for t in (1.0, 3.0, 2.0)
    ... ]
    >>> row = {
    ...     "seconds": 2.0,
    ...     "peak_bytes": 10.0,
    ...     "runs": runs,
    ... }
    >>> (
    ...     _median_of_runs([row]),
    ...     _median_of_runs(
    ...         [{**row, "seconds": 3.0}]
    ...     ),
    ... )
    (3, None)
    """
    counts = set()
    for row in rows:
        runs = row.get("runs")
        if not isinstance(runs, Sequence) or len(runs) < 2:
            return None
        for field in ("seconds", "peak_bytes"):
            try:
                values = [float(run[field]) for run in runs]
            except (TypeError, KeyError, ValueError):
                return None
            if not math.isclose(statistics.median(values), float(row[field]), rel_tol=1e-9):
                return None
        counts.add(len(runs))
    return counts.pop() if len(counts) == 1 else None


@bilingual
def plot_scaling(
    measurements: Sequence[Mapping[str, object]],
    *,
    layout: str = "wide",
    lang: str | None = None,
    title: str | None = None,
) -> TutorialFigure:
    """Plot the time and peak memory of each formulation against $n$ on log-log axes.

    Each formulation is a solid line in both panels, in a colour and marker of its
    own. If a formulation's rows carry ``predicted_bytes`` (the bytes counted from
    its intermediate tensors), the memory panel also draws them as a dotted line
    in that formulation's colour; only then does the legend explain the dotted
    line. The legend sits below both panels, where it hides no point. The alt
    text gives each line's values at the smallest and largest $n$, the counted
    bytes too, and names only the dotted lines drawn. A log axis has no 0: any
    byte count below 1 B (0 included) is drawn at 1 B, and the alt text says so.

    Explained on the page `scale.md`.

    Args:
        measurements: A non-empty list of rows, as the ``"rows"`` of
            [`scale_measurements()`][attention_tutorial.scaling.scale_measurements]:
            dicts with ``formulation`` (one of ``"tiled"``, ``"broadcast"``,
            ``"chunked"``, ``"sdpa"``; ``"sdpa"`` is
            ``torch.nn.functional.scaled_dot_product_attention``), ``n``,
            ``seconds``, ``peak_bytes`` (and
            optionally ``predicted_bytes``, in every row of a formulation or in
            none, and ``runs``, the runs behind the row, each with ``seconds`` and
            ``peak_bytes``: when every row has the same number of runs and its
            ``seconds`` and ``peak_bytes`` are their medians, the alt text says the
            values are medians of that many runs); each number field (``n``,
            ``seconds``, ``peak_bytes``, ``predicted_bytes``) a real number, a NumPy
            scalar or a 0-d tensor.
            One row per formulation and ``n``: a formulation with one row is
            drawn as one point.
        layout: ``"wide"``: the two panels side by side; ``"narrow"`` or ``"stacked"``
            (two names for the same phone layout): time above memory.
        lang: The language of the figure's words: ``"zh"``, ``"en"`` or ``None`` (the
            current language).
        title: Optional title of the first panel.

    Returns:
        The figure, with two axes: time, then memory; ``fig.description`` is its
        alt text.

    Raises:
        TypeError: If ``measurements`` is not a list or tuple (a string, a generator,
            ``None``) or a field of a row (``predicted_bytes`` too) is not a number
            (a bool or a string is not).
        ValueError: If ``layout`` is not ``"wide"``, ``"narrow"`` or ``"stacked"``,
            ``lang`` is unknown, ``measurements`` is empty, a row is not
            a dict or lacks a field, its ``formulation`` is not one of the four names,
            or its ``n`` or ``seconds`` is not a positive finite number
            (``peak_bytes`` and ``predicted_bytes``: a non-negative finite
            number), two rows of a formulation have the same ``n``, or
            ``predicted_bytes`` is in some rows of a formulation but not all.

    Examples:
        >>> # made-up numbers for the demo:
        >>> # two formulations, n = 1e2 to 1e4;
        >>> # the time of both grows as n²
        >>> rows = []
        >>> for n in (100, 1000, 10000):
        ...     # tiled: the bytes counted from
        ...     # three n×n float32 matrices
        ...     # (queries_tiled, scores,
        ...     # attention_weights);
        ...     # peak_bytes: 1 MB more
        ...     c = 12 * n * n
        ...     tiled = {
        ...         "formulation": "tiled",
        ...         "n": n,
        ...         "seconds": 4e-8 * n * n,
        ...         "peak_bytes": c + 1e6,
        ...         "predicted_bytes": c,
        ...     }
        ...     # sdpa: no counted bytes; its
        ...     # memory grows only as n
        ...     sdpa = {
        ...         "formulation": "sdpa",
        ...         "n": n,
        ...         "seconds": 1e-8 * n * n,
        ...         "peak_bytes": 4000 * n,
        ...     }
        ...     rows += [tiled, sdpa]
        >>> # one dotted line, in tiled's
        >>> # colour: tiled's counted bytes
        >>> fig = plot_scaling(rows)
    """
    with building(lang) as labels:
        layout = phone_layout(layout, "stacked")
        grouped = _rows(measurements)
        counted: list[str] = []  # the colours of the counted bytes' dotted lines drawn
        counted_names: list[str] = []  # and their formulations, as the legend names them
        fig = new_figure(_SIZES[layout])
        time_ax, memory_ax = fig.subplots(*((1, 2) if layout == "wide" else (2, 1)))
        for name, rows in grouped.items():
            n = [float(r["n"]) for r in rows]
            time_ax.plot(
                n,
                [float(r["seconds"]) for r in rows],
                label=labels[f"scale_{name}"],
                **_STYLE[name],
            )
            color = time_ax.lines[-1].get_color()
            memory_ax.plot(
                n, [max(float(r["peak_bytes"]), 1.0) for r in rows], color=color, **_STYLE[name]
            )
            # the counted bytes (checked by _rows: in every row of the formulation, or none)
            if "predicted_bytes" in rows[0]:
                predicted = [max(float(r["predicted_bytes"]), 1.0) for r in rows]
                # a little thicker than the solid lines: a thin dotted line faded on the
                # dark palette
                memory_ax.plot(n, predicted, ":", color=color, linewidth=2.2)
                counted.append(color)
                counted_names.append(labels[f"scale_{name}"])
        for ax, key in ((time_ax, "scale_seconds"), (memory_ax, "scale_bytes")):
            # plain numbers, as every log axis of the package ("1,000", "0.01", "1 MB"); an
            # axis that spans less than a power of ten labels some minor ticks too (those at
            # 2 and 5 when more than four are in view)
            log_axis(ax, "x")
            log_axis(ax, "y", _byte_tick if ax is memory_ax else plain_number)
            ax.set_xlabel(labels["scale_n"], fontsize=_TEXT_PT)
            ax.set_ylabel(labels[key], fontsize=_TEXT_PT)
            ax.grid(True, which="major", alpha=0.3)
            ax.tick_params(which="both", labelfontfamily=FONTS[lang], labelsize=_TEXT_PT)
        # one legend for both panels, outside the axes: inside, it covered measured points;
        # the counted bytes' entry (only when some are drawn): in the colour of the one
        # formulation whose bytes are counted; grey when several are, as no one line is (each
        # dotted line takes the colour of its formulation, which its label says)
        if counted:
            # one formulation: its colour, and a label of one short line (a label wrapped
            # onto two lines, its lines touching, at 375 px)
            one = len(counted) == 1
            swatch = counted[0] if one else _NEUTRAL
            entry = labels["scale_predicted_one" if one else "scale_predicted"]
            # whose bytes: "tiled: counted bytes (dotted)" (the short name, before its brackets)
            entry = entry.format(name=re.split(r" \(|（", counted_names[0])[0])
            time_ax.plot([], [], ":", color=swatch, linewidth=2.2, label=entry)
        columns = 2 if layout == "wide" else 1
        fig.legend(loc="outside lower center", ncols=columns, frameon=False, fontsize=_TEXT_PT)
        if layout == "wide":  # the site draws the stacked layout too, for phones
            fig.narrow_layout = {"layout": "stacked"}
        if title is not None:
            time_ax.set_title(title)
        # what the alt text says: each line's two ends, from the numbers drawn
        # (a formulation with one row is one point: "at n = 500", not "from 500 to 500")
        items = []
        for name, rows in grouped.items():
            first, last = rows[0], rows[-1]
            point = len(rows) == 1
            extra = ""  # the dotted line's two ends, where it is drawn
            if "predicted_bytes" in first:
                extra = ALT_FACTS[lang]["plot_scaling.counted" + "_point" * point].format(
                    c_min=_bytes_drawn(float(first["predicted_bytes"]), lang),
                    c_max=_bytes_drawn(float(last["predicted_bytes"]), lang),
                )
            # "time from 0.0004 s to 4 s", or "time 1 s at both n" (not "from 1 s to 1 s")
            low, high = (_seconds(float(r["seconds"])) for r in (first, last))
            if min(float(r["seconds"]) for r in (first, last)) < 0.0005:
                # one precision in one range: "0.0004 s to 4 s", not "… to 4.000 s" (r53)
                low, high = (f"{spoken(float(r['seconds']))} s" for r in (first, last))
            time = ALT_FACTS[lang]["plot_scaling." + ("same" if low == high else "range")].format(
                what=ALT_FACTS[lang]["plot_scaling.time"], low=low, high=high
            )
            items.append(
                {
                    "time": time,
                    "name": labels[f"scale_{name}"],
                    "n_min": f"{int(first['n']):,}",
                    "n_max": f"{int(last['n']):,}",
                    "t_min": _seconds(float(first["seconds"])),
                    "t_max": _seconds(float(last["seconds"])),
                    "m_min": _bytes_drawn(float(first["peak_bytes"]), lang),
                    "m_max": _bytes_drawn(float(last["peak_bytes"]), lang),
                    "counted": extra,
                    **({"part": "plot_scaling.point"} if point else {}),
                }
            )
        every_one_point = all(len(rows) == 1 for rows in grouped.values())
        runs = _median_of_runs([r for rows in grouped.values() for r in rows])
        end_key = "end_point" if every_one_point else "end" if runs is None else "end_median"
        fig.alt_facts = _whole_where_alone(
            alt_facts("plot_scaling", lang, items, end_key=end_key, runs=runs)
        )
        # the two y axes, each named with its panel in the alt text
        fig.alt_y_panels = _PANELS[lang][layout]
        if lang == "zh":  # "（……画在 1 B 处） 到": no space after a full-width bracket
            fig.alt_facts = fig.alt_facts.replace("） ", "）")
        fig.alt_name = "plot_scaling" if layout == "wide" else "plot_scaling.stacked"
        if counted:  # the sentence of the figure names the dotted lines drawn, and whose
            fig.alt_name += ".counted" + ("_one" if len(counted) == 1 else "")
            fig.alt_values = {"names": _listed(counted_names, lang)}
    return fig
