"""Executing a page again gives the bytes the build shows: the cache hides nothing.

The site is built from the project's notebook cache (``.cache/notebooks``), filled
by whichever build executed a page first, in kernels forked from a warm process
(``tools/sitebuild/warmkernel.py``). These tests execute pages again, each in a fresh
kernel process with an empty cache, and compare with what the site was built from:
a forked kernel gives the bytes a fresh one gives. A whole second cold build (every
page) is left to CI's cold cache: a fresh clone builds every page from nothing, and
the tests below then compare a second execution against that first one.
"""

from __future__ import annotations

import pytest

from tests.conftest import NOTEBOOK_CACHE
from tools.sitebuild.execute import NotebookCache, environment_hash
from tools.sitebuild.notebooks import DOCS, discover

pytestmark = pytest.mark.build

# One page of each kind of randomness and output: training with SGD and figures
# (parametric), the Transformer page (trained projections, SDPA, a heatmap of a
# learnt matrix), a handbook page drawing tensor diagrams from random tensors.
SAMPLE = ["parametric.py", "transformer.py", "handbook/random.py"]


@pytest.mark.timeout(900)
@pytest.mark.long  # three pages executed in new kernel processes
def test_executing_pages_again_reproduces_the_cached_notebooks(site, tmp_path):
    pages = [nb for nb in discover(DOCS) if nb.rel in SAMPLE]
    assert len(pages) == 2 * len(SAMPLE)  # both languages
    fresh = NotebookCache(tmp_path / "cache", environment_hash(), warm=False)
    written = fresh.build(pages)
    assert fresh.stats.executed == len(SAMPLE)  # once for both languages, nothing reused
    differing = [
        f"{nb.lang}/{nb.rel}"
        for nb, path in written.items()
        if path.read_bytes()
        != (NOTEBOOK_CACHE / nb.lang / nb.rel.replace(".py", ".ipynb")).read_bytes()
    ]
    assert differing == []


def test_the_site_was_built_from_the_cache_these_tests_read(site):
    # the notebooks compared above are the ones the pages were rendered from
    page = (site / "parametric" / "index.html").read_text(encoding="utf-8")
    cached = (NOTEBOOK_CACHE / "zh" / "parametric.ipynb").read_text(encoding="utf-8")
    assert "jp-OutputArea-output" in page
    assert cached.count('"output_type"') >= page.count("jp-OutputArea-child") > 5
