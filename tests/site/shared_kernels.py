"""One warm kernel process per test process, lent to the notebook builds of the tests.

A warm process (``tools/sitebuild/warmkernel.py``) imports IPython's kernel, torch and
the package before it forks kernels: about 1.5 s of CPU, and each ``NotebookCache.build``
that executes something started its own (five in ``test_execute.py`` alone). Inside
:func:`lending`, a build borrows one shared process instead, started by the first build
that asks with the environment and working directory that build gives its own; a build
asking for another environment or folder starts its own, as without this module. Its
kernels are forked from the borrowed process as in a build, which forks every page's
kernel from one such process. What is checked of a warm process's own life (started,
stopped when its input closes, a launcher killed) keeps a process of its own in
``test_warmkernel.py``.

The kernels of the shared process write their log (standard error) to a file, not to
whichever test started the process: :meth:`Lent.log` gives what they wrote inside the
``with`` block, for a test that reads a build's log.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.sitebuild import execute, warmkernel

# Set by pytest for each phase of each test; no kernel reads it.
IGNORED = frozenset({"PYTEST_CURRENT_TEST"})


def _same(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k not in IGNORED}


class _Shared:
    """The shared warm process, the environment and folder it was started with, its log."""

    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        self.env, self.cwd = _same(env), Path(cwd)
        self.folder = Path(tempfile.mkdtemp(prefix="attn-shared-warm-"))
        self.log = self.folder / "kernels.log"
        with open(self.log, "ab") as log:
            saved = os.dup(2)  # the warm process, and so every kernel, inherits fd 2
            os.dup2(log.fileno(), 2)
            try:
                self.warm = warmkernel.WarmKernels(env, cwd)
            finally:
                os.dup2(saved, 2)
                os.close(saved)

    def serves(self, env: dict[str, str], cwd: Path) -> bool:
        return (
            self.warm._process.poll() is None and _same(env) == self.env and Path(cwd) == self.cwd
        )

    def close(self) -> None:
        self.warm.close()
        shutil.rmtree(self.folder, ignore_errors=True)


_SHARED: _Shared | None = None


class Lent:
    """What :func:`lending` yields: the log of the borrowed kernels."""

    def __init__(self) -> None:
        self._start = _SHARED.log.stat().st_size if _SHARED is not None else 0
        self._shared = _SHARED

    def log(self) -> str:
        """What the shared process's kernels wrote to standard error since the block began."""
        shared = _SHARED
        if shared is None:
            return ""
        start = self._start if shared is self._shared else 0
        with open(shared.log, "rb") as log:
            log.seek(start)
            return log.read().decode("utf-8", errors="replace")


def _lend(config: pytest.Config):
    def warm_kernels(env: dict[str, str], cwd: Path):
        """``WarmKernels(env, cwd)`` for ``NotebookCache``: the shared process when it fits."""
        global _SHARED
        if _SHARED is not None and not _SHARED.serves(env, cwd):
            if _SHARED.warm._process.poll() is None:
                return warmkernel.WarmKernels(env, cwd)  # another environment: its own
            _SHARED.close()  # stopped: start another
            _SHARED = None
        if _SHARED is None:
            _SHARED = _Shared(env, cwd)
            config.add_cleanup(_close)  # pytest without xdist; its workers skip this step
            atexit.register(_close)
        return contextlib.nullcontext(_SHARED.warm)  # left running when the build ends

    return warm_kernels


def _close() -> None:
    global _SHARED
    if _SHARED is not None:
        _SHARED.close()
        _SHARED = None


@contextlib.contextmanager
def lending(config: pytest.Config) -> Iterator[Lent]:
    """Builds inside the block borrow the shared warm process (see the module's text)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(execute, "WarmKernels", _lend(config))
        yield Lent()
