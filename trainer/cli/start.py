"""The `crib` console script's first lines: what must hold before the CLI is even imported.

Importing the CLI (typer, click) takes a noticeable moment, and a Ctrl-C in it would print a
KeyboardInterrupt traceback from the import machinery; a closed stdin (`crib ... <&-`) would leave
`sys.stdin` as None, and file descriptor 0 free for the next file opened (the progress
database!) to take. So this module, which imports only the standard library, makes fd 0 the
null device when it is closed (every command then sees the end of its input) and turns an
interrupt during start-up into the same quiet exit 130 as one during a command.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys


def _stdin_for_closed_fd() -> None:
    try:
        os.fstat(0)
    except OSError:
        fd = os.open(os.devnull, os.O_RDONLY)
        if fd != 0:  # pragma: no cover - fd 0 was free, so the lowest free descriptor is 0
            os.dup2(fd, 0)
            os.close(fd)
        sys.stdin = open(0, encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
    else:
        if sys.stdin is None:
            sys.stdin = open(0, encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115


def run() -> None:
    """Entry point of the `crib` script and of `python -m trainer`."""
    # Start-up makes objects that live as long as the process (modules, classes, the command
    # tree): the cyclic collector's passes over them find nothing and cost 3-4% of a drill's
    # first question. It is switched back on before a command runs (`app.main`), or for a
    # drill once its first question is on screen (`drill_runner`).
    gc.disable()
    try:
        _stdin_for_closed_fd()
        from trainer.cli.app import main

        signal.signal(signal.SIGINT, signal.default_int_handler)  # trainer/__init__ left it quiet
    except KeyboardInterrupt:
        with contextlib.suppress(AttributeError, OSError, ValueError):
            sys.stderr.write("\ninterrupted\n")  # as `main` says it (the language is not known yet)
        raise SystemExit(130) from None
    sys.exit(main())
