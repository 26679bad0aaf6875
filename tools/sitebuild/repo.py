"""Links to the repository ("edit this page", the notebook's source), only when it is known.

The repository is configured either by ``repo_url`` in ``mkdocs.yml`` or by the
environment variable ``ATTN_REPO_URL`` (the Pages workflow sets it to the
repository it runs in), with the branch in ``ATTN_REPO_BRANCH`` (default
``main``). Then every page links to its source file in ``docs/<lang>/`` for
editing and, for notebook pages, for reading (``overrides/partials/actions.html``).
When neither is set, ``repo_url`` stays empty and no page points at any host.
The header shows the repository as a plain link (``overrides/partials/source.html``),
without Material's widget, which would fetch star counts from the host's API.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

REPO_ENV = "ATTN_REPO_URL"
BRANCH_ENV = "ATTN_REPO_BRANCH"
# What MkDocs fills in for a GitHub or GitLab repo_url; our pages live in docs/<lang>/.
_MKDOCS_DEFAULTS = {None, "", "edit/master/docs/"}


def settings() -> tuple[str | None, str]:
    """The repository URL from the environment (or None) and the branch."""
    return os.environ.get(REPO_ENV) or None, os.environ.get(BRANCH_ENV) or "main"


def configure(config) -> None:
    """Fill ``repo_url``, ``repo_name`` and ``edit_uri`` when a repository is configured.

    Raises:
        ValueError: If the repository URL is not an http(s) URL.
    """
    env_url, branch = settings()
    url = env_url or config.repo_url
    if not url:
        config.repo_url = None
        config.edit_uri = None
        return
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise ValueError(f"{REPO_ENV} or repo_url must be an http(s) URL, got {url!r}")
    config.repo_url = url.rstrip("/") + "/"
    if env_url or not config.repo_name:
        config.repo_name = parts.path.strip("/") or parts.netloc
    if config.edit_uri in _MKDOCS_DEFAULTS or env_url:
        lang = config.theme["language"]
        config.edit_uri = f"edit/{branch}/docs/{lang}/"


def fingerprint() -> str:
    """What of the repository settings ends up in the pages (for build caches)."""
    return repr(settings())
