"""Finding the cells, values and captions of a tensor picture by their gids (for the tests)."""

from __future__ import annotations

import re

import matplotlib

CJK = re.compile(r"[\u2e80-\u9fff\uff00-\uffef]")


def by_gid(fig, kind: str) -> dict[tuple[int, int], object]:
    """Artists whose gid is ``kind:<panel>:<flat>``, keyed by (panel, flat)."""
    ax = fig.axes[0]
    found = {}
    for artist in [*ax.patches, *ax.texts]:
        gid = artist.get_gid()
        if gid and gid.startswith(kind + ":"):
            _, panel, flat = gid.split(":")
            found[int(panel), int(flat)] = artist
    return found


def by_gid_text(fig, kind: str) -> dict[str, object]:
    """Texts whose gid starts with ``kind:``, keyed by gid."""
    return {t.get_gid(): t for t in fig.axes[0].texts if str(t.get_gid()).startswith(kind + ":")}


def colours(fig, panel: int) -> list[tuple[float, ...]]:
    """Face colours of the cells of one panel, in row-major order."""
    cells = by_gid(fig, "cell")
    n = sum(1 for p, _ in cells if p == panel)
    return [tuple(cells[panel, i].get_facecolor()[:3]) for i in range(n)]


def values(fig, panel: int) -> list[str]:
    texts = by_gid(fig, "value")
    n = sum(1 for p, _ in texts if p == panel)
    return [texts[panel, i].get_text() for i in range(n)]


def text(fig, gid: str) -> str:
    (found,) = [t.get_text() for t in fig.axes[0].texts if t.get_gid() == gid]
    return found


def all_text(fig) -> list[str]:
    return [t.get_text() for t in fig.axes[0].texts]


def rgb(colour: str) -> tuple[float, ...]:
    return tuple(matplotlib.colors.to_rgb(colour))


# --- colours follow the source elements -----------------------------------------------
