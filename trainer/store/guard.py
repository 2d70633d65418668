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


def database_error(path: Path, exc: BaseException) -> DrillError:
    """The message for `exc` met while using the database at `path`."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    low = text.lower()
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
        try:
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
