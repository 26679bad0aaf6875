"""Figures follow the dark palette on the figure-heavy pages, at both widths (issue 10).

The rest of the reading surface is checked on every page's visits in
``tests/browser/test_pages.py`` (the checks: ``tests/browser/reading.py``). With
``ATTN_SCREENSHOTS=1`` (``make screenshots``) each visit also keeps a whole-page
screenshot in the dark palette, for reviewers; the default run takes none.

And the accessibility check of those visits (axe-core) is shown to report what it
is there to find, on a small page made to fail it.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import BROKEN_IMAGES, PAGE_SCREENSHOTS
from tests.browser.reading import DARK_JS, desktop_problems

pytestmark = pytest.mark.browser

# The pages with the most figures.
FIGURE_PAGES = ["cues/", "nonparametric/", "en/nonparametric/", "en/cues/", "handbook/repeat/"]


def slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home"


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("path", FIGURE_PAGES)
def test_dark_palette_figures(browser, server, path, width, screenshots):
    context = browser.new_context(
        viewport={"width": width, "height": 900 if width > 600 else 800}, color_scheme="dark"
    )
    try:
        page = context.new_page()
        page.goto(server + path, wait_until="networkidle")
        page.evaluate(BROKEN_IMAGES)  # loads the lazy figures
        found = page.evaluate(DARK_JS)
        if PAGE_SCREENSHOTS:
            name = f"{slug(path)}.{'desktop' if width > 600 else 'mobile'}.dark.png"
            page.screenshot(path=str(screenshots / name), full_page=True, timeout=120_000)
    finally:
        context.close()
    assert found["slate"], f"{path}: the dark palette did not apply"
    assert found["white_figures"] == [], f"{path}: white figures {found['white_figures']}"


# A faint paragraph (#bbb on white: 1.9:1) and a button without a name.
INACCESSIBLE = """<!doctype html><html lang="en"><head><title>t</title></head><body><main>
<article><h1>Title</h1><p style="color: #bbb">Faint text.</p><p><button></button></p></article>
</main></body></html>"""


def test_the_pinned_axe_core_reports_serious_violations(browser):
    """The page visits' accessibility check can fail: axe-core, as pinned and configured
    there, reports a contrast below 4.5:1 and a button without a name, by rule and place."""
    page = browser.new_page()
    try:
        page.set_content(INACCESSIBLE)
        found = desktop_problems(page)
    finally:
        page.close()
    assert found == {"axe": ["button-name at button", "color-contrast at p:nth-child(2)"]}
