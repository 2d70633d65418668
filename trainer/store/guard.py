"""Turning a broken progress database into a one-line error that says how to recover.

A database is a file like any other: it can be read-only, on a full disk, or damaged by hand
(a table dropped, a row of bad JSON). Every public method of `Store` runs under `guarded`, so
such a file ends in `crib: error:` naming the file and the way out (keep a copy, start afresh),
never in a traceback from deep inside SQLite or json.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from trainer.drills.model import DrillError
from trainer.engine.errors import cause

T = TypeVar("T")
_SKIP = frozenset({"open", "close", "path"})


BusyNotice = Callable[[Path, str], None]
_busy_notice: list[BusyNotice] = []


def on_busy(notice: BusyNotice) -> None:
    """Who says "waiting" while another process holds the database (the CLI: one line on stderr;
    the store itself never prints). `notice(path, holder)`; holder may be empty."""
    _busy_notice[:] = [notice]


def busy_waiting(path: Path) -> None:
    """Tell whoever listens that a write waits for the database at `path`."""
    for notice in _busy_notice:
        notice(path, lock_holder(path))


def is_busy(exc: BaseException) -> bool:
    """SQLite's "database is locked" / "busy": another connection holds the lock; nothing is wrong
    with the file."""
    low = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in low or "busy" in low)


def lock_holder(path: Path) -> str:
    """The other process holding a lock on the database (or its WAL index), as "pid: command",
    from Linux's /proc/locks; empty where it cannot be told."""
    import os

    try:
        inodes = set()
        for name in (str(path), f"{path}-shm", f"{path}-wal"):
            try:
                st = os.stat(name)
            except OSError:
                continue
            inodes.add((os.major(st.st_dev), os.minor(st.st_dev), st.st_ino))
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            lines = locks.read().splitlines()
        for line in lines:
            fields = line.split()
            if len(fields) < 6 or fields[1] == "->" or not fields[4].isascii() or not fields[4].isdigit():
                continue
            pid, where = int(fields[4]), fields[5].split(":")
            if pid == os.getpid() or len(where) != 3:
                continue
            major, minor, inode = int(where[0], 16), int(where[1], 16), int(where[2])
            if (major, minor, inode) in inodes:
                with open(f"/proc/{pid}/cmdline", "rb") as cmd:
                    words = cmd.read().split(b"\0")
                command = " ".join(" ".join(w.decode("utf-8", "replace") for w in words).split())
                command = command if len(command) <= 80 else command[:79] + "…"
                return f"{pid}: {command}" if command else str(pid)
    except (OSError, ValueError):
        pass
    return ""


def database_error(path: Path, exc: BaseException) -> DrillError:
    """The message for `exc` met while using the database at `path`."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    low = text.lower()
    if is_busy(exc):
        return DrillError(
            f"the progress database {path} is busy: another crib has been using it too long; "
            "try again when it is done (nothing is lost, and the file is fine)",
            key="faults.db_busy",
            path=str(path),
        )
    if "readonly" in low or "read-only" in low or "permission" in low:
        return DrillError(
            f"the progress database {path} cannot be written ({text}); make it writable or "
            "choose another file with --db or CRIB_DB",
            key="hostile.db_readonly",
            path=str(path),
            reason=cause(exc),
        )
    if "full" in low or "disk i/o" in low:
        return DrillError(
            f"the progress database {path} cannot grow ({text}); free some disk space and run again "
            "(answers already saved are kept)",
            key="hostile.db_full",
            path=str(path),
            reason=cause(exc),
        )
    return DrillError(
        f"the progress database {path} is damaged ({text}); keep a copy and start a fresh one: "
        f"mv '{path}' '{path}.bak' (crib creates a new database on the next run)",
        key="hostile.db_damaged",
        path=str(path),
        reason=cause(exc),
    )


def _wrap(method: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(method)
    def guarded_method(self: Any, *args: Any, **kwargs: Any) -> T:
        lock = getattr(self, "_lock", None)  # one method at a time on a store shared by threads
        try:
            if lock is None:
                return method(self, *args, **kwargs)
            with lock:
                return method(self, *args, **kwargs)
        except (sqlite3.Error, ValueError, KeyError, TypeError, IndexError) as exc:
            if isinstance(exc, DrillError):
                raise
            if isinstance(exc, UnicodeError):  # the text to store, not the database, is at fault
                raise DrillError(
                    "cannot save text holding bytes that are not UTF-8; type it again as plain text",
                    key="hostile.not_text",
                ) from None
            raise database_error(self.path, exc) from None

    return guarded_method


def guarded(cls: type[T]) -> type[T]:
    """Wrap every public method of a store class (not `open`/`close`), including those it mixes
    in (`Store` gets its ratings and review cards from `TrainingTables`): a method left out
    would meet a damaged file with a traceback."""
    members: dict[str, Any] = {}
    for klass in cls.__mro__[:-1]:  # most derived first; not `object`
        for name, member in vars(klass).items():
            members.setdefault(name, member)
    for name, member in members.items():
        if name.startswith("_") or name in _SKIP or not callable(member):
            continue
        setattr(cls, name, _wrap(member))
    return cls
