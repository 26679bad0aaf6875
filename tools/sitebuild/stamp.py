"""The build stamp in every page's footer: what produced the page's outputs.

The stamp names the package version (``pyproject.toml``), the torch version
installed where the build runs, the seed of the chapter (``SEED`` in the
package) and the commit, or "uncommitted" when the work tree differs from it.
It holds no time of day, so two builds of one commit stay byte-identical.
Rendered by ``overrides/partials/copyright.html`` from ``config.extra``.

One build of both languages shows one stamp: the Chinese build reads it once
(``configure``) and hands it to the English build, which runs in a second process,
in the environment variable ``ATTN_BUILD_STAMP`` (``subsite.py``). Read twice, a
work tree that changed in between (a commit, an edit) gave the two languages
different stamps: the zh pages named a commit, the en pages "uncommitted".
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import threading
import tomllib
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "attention_tutorial"
# The stamp a build was given by the build that started it (``subsite.py``), as JSON.
ENV = "ATTN_BUILD_STAMP"

# The footer's words, per language: a label for each field.
LABELS = {
    "zh": {
        "built": "本页输出来自",
        "seed": "随机种子",
        "commit": "提交",
        "uncommitted": "未提交的修改",
    },
    "en": {
        "built": "Outputs produced by",
        "seed": "seed",
        "commit": "commit",
        "uncommitted": "uncommitted",
    },
}


@dataclass(frozen=True)
class BuildStamp:
    """What produced the outputs of a build."""

    package_version: str
    torch_version: str
    seed: int
    commit: str | None  # None: the work tree has uncommitted changes (or no git)

    def fingerprint(self) -> str:
        """One line that changes whenever the stamp does (for build caches)."""
        return repr(sorted(asdict(self).items()))

    def to_env(self) -> str:
        """The stamp as the value of ``ATTN_BUILD_STAMP`` (read back by ``current``)."""
        return json.dumps(asdict(self), sort_keys=True)


def package_version(root: Path = ROOT) -> str:
    """The version in ``pyproject.toml``: the package the pages imported."""
    with open(root / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]["version"]


def seed(root: Path = ROOT) -> int:
    """The value of the package's module-level ``SEED``, read without importing torch.

    Raises:
        LookupError: If no module of the package assigns an integer to ``SEED``.
    """
    for path in sorted((root / PACKAGE).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
            value = getattr(node, "value", None)
            if isinstance(target, ast.Name) and target.id == "SEED":
                if isinstance(value, ast.Constant) and isinstance(value.value, int):
                    return value.value
    raise LookupError(f"no module of {PACKAGE}/ sets SEED to an integer")


def commit(root: Path = ROOT) -> str | None:
    """The commit being built, or None if the work tree differs from it or is not in git."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return None if status else head


def build_stamp(root: Path = ROOT) -> BuildStamp:
    """The stamp of a build from ``root`` in the current environment."""
    return BuildStamp(
        package_version=package_version(root),
        torch_version=metadata.version("torch"),
        seed=seed(root),
        commit=commit(root),
    )


# The stamp this thread's builds show, when one is given (:func:`given`).
_thread = threading.local()


@contextmanager
def given(stamp: BuildStamp):
    """Builds of this thread show ``stamp``, whatever the work tree is meanwhile.

    ``mkdocs serve`` builds the English site ahead of its first edit in a thread of
    its own (``fastpath.prime``): as served, with the stamp the served pages show. Read
    from the work tree, an edit made while that build starts gave it the next stamp,
    and the edit then found the kept state showing another footer than the pages.
    """
    before = getattr(_thread, "stamp", None)
    _thread.stamp = stamp
    try:
        yield stamp
    finally:
        _thread.stamp = before


def current(root: Path = ROOT) -> BuildStamp:
    """The stamp given to this thread, or handed down, or else the stamp of ``root`` now.

    Given: :func:`given`; handed down: in ``ATTN_BUILD_STAMP`` (``subsite.py``).

    Raises:
        ValueError: If ``ATTN_BUILD_STAMP`` is set but holds no stamp.
    """
    thread = getattr(_thread, "stamp", None)
    if thread is not None:
        return thread
    handed = os.environ.get(ENV)
    if not handed:
        return build_stamp(root)
    try:
        return BuildStamp(**json.loads(handed))
    except (TypeError, ValueError) as err:
        raise ValueError(f"{ENV} holds no build stamp ({err}): {handed!r}") from None


def configure(config, stamp: BuildStamp | None = None) -> BuildStamp:
    """Put the stamp and its words (in the site's language) into ``config.extra``.

    Without ``stamp``, the one handed down by the build that started this one, or
    else the stamp of the work tree now (``current``).
    """
    stamp = stamp or current()
    lang = config.theme["language"]
    config.extra["build_stamp"] = {**asdict(stamp), "labels": LABELS[lang], "package": PACKAGE}
    return stamp


# The stamp's element in a finished page (the partial's ``<div class="md-build-stamp">``).
_BLOCK = re.compile(r'<div class="md-build-stamp"[^>]*>.*?</div>', re.S)


def only_commit_differs(old: BuildStamp, new: BuildStamp) -> bool:
    """Whether two stamps differ in their commit alone (a clean tree edited, or committed)."""
    return old != new and replace(old, commit=new.commit) == new


def finish_block(html: str) -> str:
    """What the finishing steps of a page do to its footer (``SiteBuildPlugin.finish_page``)."""
    from tools.sitebuild import codebreaks, html_tree, htmlslim

    return html_tree.apply(html, htmlslim.slim_tree, codebreaks.mark_tree)


def block(env, stamp: BuildStamp, lang: str, finish=lambda html: html) -> str:
    """The stamp's element as the theme's partial renders it, after ``finish`` (the slimming).

    ``env`` is the build's Jinja environment (the theme with ``overrides/``). The
    fast path of a prose edit replaces this element in every kept page when the
    commit changes (``fastpath.py``): a clean build's pages, the test says.

    Raises:
        ValueError: If the partial renders no stamp element.
    """
    extra = {"build_stamp": {**asdict(stamp), "labels": LABELS[lang], "package": PACKAGE}}
    html = env.get_template("partials/copyright.html").render(
        config={"copyright": None, "extra": extra}
    )
    found = _BLOCK.findall(finish(html))
    if len(found) != 1:
        raise ValueError("partials/copyright.html renders no md-build-stamp element")
    return found[0]
