"""A MkDocs hook: an English page never serves code that its Chinese twin no longer has.

Code is written once, in ``docs/zh``; ``make sync-code`` copies it into ``docs/en``
(:mod:`tools.sitebuild.sync`). Before every build, first of all the build's steps
(so before the English site starts building):

* ``mkdocs serve`` syncs the English pages whose code cells differ, at once, and
  says which (the write also makes ``serve`` rebuild them); when it cannot (the
  two pages have a different number of code cells) it warns, naming the page and
  what to do;
* ``mkdocs build`` changes no source: it warns, naming each page and
  ``make sync-code``, and the strict build stops there.

``mkdocs.yml`` lists this file under ``hooks:`` (the English and offline configs
inherit it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority, get_plugin_logger

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # as in hooks.py

from tools.sitebuild import sync  # after the path above
from tools.sitebuild.notebooks import DOCS

log = get_plugin_logger("codesync")


class _Run:
    """What MkDocs is doing in this process (``on_startup`` says it once)."""

    serving = False


def keep_code_in_sync(docs: Path = DOCS, *, serving: bool) -> list[str]:
    """Sync (serving) or report (building) the English pages with stale code; return them.

    Args:
        docs: the folder holding ``zh/`` and ``en/``.
        serving: True under ``mkdocs serve``: write the Chinese code into the
            English pages; False: only warn.

    Returns:
        The stale pages, e.g. ``["en/average.py"]``.
    """
    try:
        stale = sync.sync(docs, check=True)
    except ValueError as err:  # a page that cannot be synced: the writer must act
        log.warning(str(err))
        return []
    if not stale:
        return []
    if serving:
        sync.sync(docs)
        for name in stale:
            log.info(
                f"docs/{name}: code cells synced from docs/{sync.SOURCE}/{name[3:]} "
                f"(`{sync.COMMAND}`)"
            )
    else:
        for name in stale:
            log.warning(
                f"docs/{name} serves other code than docs/{sync.SOURCE}/{name[3:]}: "
                f"run `{sync.COMMAND}`"
            )
    return stale


def on_startup(*, command: str, dirty: bool) -> None:
    """Remember whether this process serves (and may write sources) or only builds."""
    _Run.serving = command == "serve"


@event_priority(100)  # before the site-build plugin starts the English build
def on_config(config):
    """Check (or, serving, sync) the code cells of both languages before anything is built."""
    keep_code_in_sync(serving=_Run.serving)
    return config
