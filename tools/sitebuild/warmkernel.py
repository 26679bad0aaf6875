"""Jupyter kernels forked from one process that has already imported torch and the package.

A fresh IPython kernel spends most of its start importing: measured with nbclient on
this project's 2-core machine, a kernel that runs ``import torch`` and ``import
attention_tutorial`` costs 4.8 s of CPU before the first line of a page, a bare
kernel 0.9 s, and a cold build starts one kernel per notebook (29 of them).

:class:`WarmKernels` starts one *warm* process (``serve``) with the environment and
working directory a kernel would get; it imports what every kernel imports (IPython's
kernel, torch, matplotlib, the package) and then waits. Each kernel the build asks for
is a small launcher process (``connect``, standard library only) that jupyter_client
starts as usual; the launcher asks the warm process to ``fork``, and the child becomes
the IPython kernel (``IPKernelApp``) on the launcher's connection file. The launcher
lives as long as its kernel: it forwards signals (an interrupt) to it and exits with
its status; a launcher that is killed takes its kernel with it.

What a page sees in a forked kernel is what it sees in a fresh one: the same
``sys.path``, ``sys.argv``, working directory and environment (the matplotlib backend
IPython sets, ``PYTHONHASHSEED``, the thread count), and nothing has run in torch
before the fork (no thread pool exists yet, each child makes its own).
``tests/site/test_reproducible.py`` executes pages in fresh kernels and compares
them byte for byte with the build's.

This module imports only the standard library at the top: the launcher runs it as a
script and must start in milliseconds.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

# Imported once in the warm process: IPython's kernel, then what every page imports.
KERNEL_IMPORTS = ("ipykernel.kernelapp",)
PAGE_IMPORTS = ("torch", "attention_tutorial")
# What a page imports later, on first use, imported here too: torch._dynamo, which the
# first optimizer a page makes imports (``torch.optim.Optimizer``'s ``_disable_dynamo``),
# 0.9 s of CPU in each kernel that trains (ten pages). The one warning filter it adds
# (SymPy's deprecation warnings shown "once") is taken out again, so a kernel starts with
# the filters of a fresh one; a page that trains would then see a SymPy deprecation
# warning each time instead of once (no page uses SymPy).
LATER_IMPORTS = ("torch._dynamo",)
SITE_DIRS = {"site-packages", "dist-packages"}
# What ipykernel sets when the variable is unset (``IPKernelApp.init_gui_pylab``); the
# warm process sets it before matplotlib reads it at import, as a fresh kernel does.
MPL_INLINE = "module://matplotlib_inline.backend_inline"
READY = "ready"
# Runs this file as ``__main__`` from ``python -c``, its arguments after it.
RUN_THIS = (
    "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
)
START_TIMEOUT = 300
# ipykernel warns at every start that its channels are TCP without encryption (one log
# line per notebook in every build). The channels of these kernels listen on the
# loopback interface only, where that warning tells a contributor nothing.
TCP_NOTICE = "Kernel is running over TCP without encryption"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def _send(sock: socket.socket, message: dict) -> None:
    sock.sendall(json.dumps(message).encode() + b"\n")


def _receive(stream) -> dict | None:
    line = stream.readline()
    return json.loads(line) if line else None


# --- the warm process -------------------------------------------------------------


def serve(address: str) -> NoReturn:
    """Import what kernels import, then fork a kernel for each launcher that connects.

    Runs until its standard input closes (the build that started it is done or gone).
    Single-threaded: a fork copies only the thread that forks.
    """
    import importlib
    import warnings

    # As ``ipykernel_launcher``: IPython's kernel is imported without the working
    # directory on sys.path (this process runs from ``-c``, which put "" first).
    del sys.path[0]
    if not os.environ.get("MPLBACKEND"):
        os.environ["MPLBACKEND"] = MPL_INLINE
    for name in KERNEL_IMPORTS:
        importlib.import_module(name)
    # What a page imports, with "" where IPython puts it (``InteractiveShellApp.init_path``:
    # before site-packages); the kernel puts it back there itself.
    filters = list(warnings.filters)
    index = next((i for i, p in enumerate(sys.path) if Path(p).name in SITE_DIRS), 0)
    sys.path.insert(index, "")
    for name in PAGE_IMPORTS:
        importlib.import_module(name)
    with warnings.catch_warnings():  # the filters as they were before (LATER_IMPORTS)
        for name in LATER_IMPORTS:
            importlib.import_module(name)
    _draw_once()
    del sys.path[index]
    # The warning filters these imports put first: in a fresh kernel they come after the
    # kernel's own (a page imports torch once the kernel has started).
    added = list(warnings.filters)
    front = added[: len(added) - len(filters)]
    if front + filters != added:  # not only put in front: leave them as they are
        front, filters = [], added
    launcher = Path(sys.modules["ipykernel.kernelapp"].__file__).with_name("ipykernel_launcher.py")

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(address)
    listener.listen(16)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "accept")
    selector.register(sys.stdin, selectors.EVENT_READ, "stdin")
    kernels: dict[int, socket.socket] = {}  # kernel pid -> its launcher's connection
    sys.stdout.write(READY + "\n")
    sys.stdout.flush()
    while True:
        for key, _ in selector.select(timeout=0.05):
            if key.data == "stdin":
                if not sys.stdin.readline():  # the build closed the pipe: stop
                    for pid in kernels:
                        _kill(pid)
                    sys.stdout.flush()
                    os._exit(0)  # at once: nothing to write, torch's finalizers take seconds
            elif key.data == "accept":
                conn, _ = listener.accept()
                try:
                    request = _receive(conn.makefile("r"))
                except (OSError, ValueError):  # the launcher died while asking
                    request = None
                if request is None:
                    conn.close()
                    continue
                pid = os.fork()
                if pid == 0:  # the child: becomes the kernel, never returns
                    listener.close()
                    for other in kernels.values():
                        other.close()
                    conn.close()
                    _become_kernel(request, str(launcher), filters, front)
                kernels[pid] = conn  # reaped below
                try:
                    _send(conn, {"pid": pid})
                except OSError:  # the launcher was killed before it heard of its kernel
                    _kill(pid)
                    continue
                selector.register(conn, selectors.EVENT_READ, pid)
            else:  # a launcher closed its end: it was killed, its kernel goes too
                pid = key.data
                try:
                    closed = not key.fileobj.recv(1)
                except OSError:  # reset by the peer: closed too
                    closed = True
                if closed:
                    selector.unregister(key.fileobj)
                    _kill(pid)
        for pid, conn in list(kernels.items()):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                del kernels[pid]
                try:
                    _send(conn, {"exit": os.waitstatus_to_exitcode(status)})
                except OSError:
                    pass
                try:
                    selector.unregister(conn)
                except (KeyError, ValueError):
                    pass
                conn.close()


def _draw_once() -> None:
    """Draw and encode one small figure in each language, as a page's first figure does.

    A kernel's first figure cost about a second of CPU more than its next ones: the
    drawing backends (SVG, Agg, PIL's PNG writer) are imported then, and matplotlib looks
    up the fonts of each language. Done here, every kernel forked afterwards inherits it
    (a fork drops matplotlib's open font files, ``font_manager._get_font``, not the
    lookups). Nothing a page can see changes: the settings (rcParams) are as before, a
    warning raised here is not shown and not remembered, torch's and numpy's generators
    are seeded anew in each kernel (``_become_kernel``), and the figures are not kept.
    ``tests/site/test_reproducible.py`` compares whole pages with fresh kernels' outputs.
    """
    import io
    import warnings

    import matplotlib

    try:
        from attention_tutorial.figures import _base
    except ImportError:  # a kernel for another project: nothing of its figures to draw
        return
    settings = dict(matplotlib.rcParams)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for lang in _base.FONTS:
            with _base.building(lang) as words:
                fig, ax = _base.new_axes(lang, figsize=(2.0, 1.5))
                ax.imshow([[0.0, 1.0], [1.0, 0.0]], cmap="Reds")
                ax.set_xlabel(words["x"])
                ax.set_title("$w^2$ 0.5")
            _base.encode(fig)
            fig.savefig(io.BytesIO(), format="png", dpi=_base.PNG_DPI)
    if dict(matplotlib.rcParams) != settings:  # a kernel would see other settings: restore
        matplotlib.rcParams.update(settings)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _loopback_tcp_notice(app, record) -> bool:
    """Whether ``record`` is ipykernel's TCP warning for a kernel bound to loopback only."""
    return app.transport == "tcp" and app.ip in LOOPBACK and str(record.msg).startswith(TCP_NOTICE)


def _become_kernel(request: dict, launcher: str, filters: list, front: list) -> None:
    """In the forked child: run the IPython kernel on the launcher's connection file.

    Made to look like a fresh kernel: the warning filters in the order a page's imports
    give them, and torch's and numpy's generators seeded anew, as importing them in a new
    process does (Python's ``random`` reseeds itself after a fork). Its log leaves out
    the TCP warning when the channels are on loopback (``TCP_NOTICE``).
    """
    import warnings

    code = 1
    try:
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.chdir(request["cwd"])
        sys.argv = [launcher, *request["argv"]]
        warnings.filters[:] = filters
        warnings._filters_mutated()
        for name in ("torch", "numpy.random"):
            if name in sys.modules:
                sys.modules[name].seed()
        from ipykernel.kernelapp import IPKernelApp

        app = IPKernelApp.instance()  # IPKernelApp.launch_instance, with a step between
        app.log.addFilter(lambda record: not _loopback_tcp_notice(app, record))
        app.initialize(request["argv"])
        warnings.filters[:0] = front
        warnings._filters_mutated()
        app.start()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


# --- the launcher jupyter_client starts ---------------------------------------------


def connect(address: str, argv: list[str]) -> int:
    """Have the warm process fork a kernel for ``argv``; wait for it, return its status."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(address)
    stream = sock.makefile("r")
    _send(sock, {"argv": argv, "cwd": os.getcwd()})
    started = _receive(stream)
    if started is None:
        return 1
    pid = started["pid"]

    def forward(signum, _frame):
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGUSR1):
        signal.signal(signum, forward)
    ended = _receive(stream)
    return 1 if ended is None else int(ended["exit"])


# --- the build's side ----------------------------------------------------------------


class WarmKernels:
    """A warm process for the kernels of one build; a context manager.

    Args:
        env: the environment of every kernel (``execute.kernel_environment``).
        cwd: the working directory of every kernel.

    :meth:`kernel_manager_class` gives nbclient kernel managers whose kernels are
    forked from the warm process.
    """

    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        """Start the warm process and wait until it has imported everything."""
        self._folder = tempfile.TemporaryDirectory(prefix="attn-warm-")
        self.address = os.path.join(self._folder.name, "kernels.sock")
        self._process = subprocess.Popen(
            # not ``python warmkernel.py``, which would put this module's folder (modules
            # named like others) on the kernels' sys.path; not ``-P``, which kernels would
            # see in ``sys.flags`` (and pass to the Python processes they start)
            [sys.executable, "-c", RUN_THIS, __file__, "serve", self.address],
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + START_TIMEOUT
        line = self._process.stdout.readline()  # the imports run meanwhile
        if line.strip() != READY or time.monotonic() > deadline:
            self.close()
            raise RuntimeError(
                f"the warm kernel process did not start (exit {self._process.poll()}); "
                f"run `{sys.executable} {__file__} serve /tmp/x.sock` to see why"
            )

    def kernel_spec(self):
        """The ``python3`` kernel spec with the launcher as its command."""
        from jupyter_client.kernelspec import KernelSpecManager

        spec = KernelSpecManager().get_kernel_spec("python3")
        spec.argv = [
            sys.executable,
            "-P",  # not this module's folder on sys.path: it holds modules named like others
            __file__,
            "connect",
            self.address,
            "-f",
            "{connection_file}",
        ]
        spec.interrupt_mode = "signal"
        return spec

    def kernel_manager_class(self) -> type:
        """The ``kernel_manager_class`` for nbclient: its kernels are forked from the warm process.

        A class, not a manager: nbclient shuts down only the kernels of managers it made.
        """
        from jupyter_client.manager import AsyncKernelManager

        spec = self.kernel_spec()

        class WarmKernelManager(AsyncKernelManager):
            @property
            def kernel_spec(self):
                return spec

        return WarmKernelManager

    def close(self) -> None:
        """Stop the warm process (its kernels with it) and remove its socket."""
        try:
            self._process.stdin.close()  # the warm process stops when its input closes
        except OSError:
            pass
        try:
            self._process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._process.stdout.close()
        self._folder.cleanup()

    def __enter__(self) -> WarmKernels:
        """The warm process, started."""
        return self

    def __exit__(self, *exc) -> None:
        """Stop the warm process (:meth:`close`)."""
        self.close()


def main(argv: list[str]) -> int:
    """``serve ADDRESS`` (the warm process) or ``connect ADDRESS -f FILE`` (a launcher)."""
    if len(argv) >= 2 and argv[0] == "serve":
        serve(argv[1])
    if len(argv) >= 2 and argv[0] == "connect":
        return connect(argv[1], argv[2:])
    print(__doc__.splitlines()[0], "\nusage: warmkernel.py serve|connect ADDRESS ...")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
