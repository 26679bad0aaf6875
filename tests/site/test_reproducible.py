"""Two builds of the same commit, one of them from empty caches, give identical files."""

from __future__ import annotations

import hashlib

import pytest

pytestmark = pytest.mark.build


def digests(site) -> dict[str, str]:
    return {
        path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def test_a_cold_build_reproduces_every_file(site, cold_site):
    # `site` was built from the project's cache (or cold, in CI); `cold_site`
    # (built in the background, tests/conftest.py) executed every notebook again
    # with empty caches.
    first, second = digests(site), digests(cold_site)
    assert first.keys() == second.keys()
    differing = sorted(name for name in first if first[name] != second[name])
    assert differing == []
    # the check covers notebook pages with figures in both languages
    assert "nonparametric/index.html" in first and "en/nonparametric/index.html" in first
