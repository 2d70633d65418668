"""Holding back Ctrl-C while something must happen whole: a transaction's commit, or a game
step (its action and its graded decisions added to the record together).

On POSIX the kernel keeps a SIGINT that arrives while it is blocked and delivers it the moment
the old mask is back, so the interrupt is raised right after the protected block, every time.
Blocks nest: an inner block restores the mask the outer one set.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def held_interrupt() -> Iterator[None]:
    """Run the block with Ctrl-C held back, then deliver it (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if hasattr(signal, "pthread_sigmask"):
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        return
    received: list[tuple[int, FrameType | None]] = []
    previous = signal.signal(signal.SIGINT, lambda sig, frame: received.append((sig, frame)))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received and callable(previous):
            previous(*received[0])


@contextmanager
def released_interrupt() -> Iterator[None]:
    """Inside `held_interrupt`, let Ctrl-C through for a moment (a long wait that has changed
    nothing yet may be ended); a Ctrl-C held back meanwhile is raised here."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
