"""Domain errors. Every message is written for a person: what is wrong, where, and how to fix it.

The CLI turns any `CribError` into a one-line message and exit code 2 (bad input) or 1
(an illegal action found while replaying), so no traceback ever reaches a user.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Msg(NamedTuple):
    """A message id and its values, for a part of an error chosen in words at the edge (a hint,
    a kind of file): the CLI renders it in the user's language like the error itself. A named
    tuple, not a dataclass: every command imports this module, and start-up is benchmarked."""

    key: str
    values: dict[str, Any] = {}  # noqa: RUF012  (never mutated: read only when worded)

    @classmethod
    def of(cls, key: str, **values: Any) -> Msg:
        return cls(key, values)


class CribError(Exception):
    """Base of every error the trainer reports to a user instead of crashing.

    Words are chosen at the edge: raise with a message id and values
    (`CribError("English fallback", key="error.file_too_big", path=p, limit=1_048_576)`) and the
    CLI prints the catalogue's text for `key` in the user's language. The positional text stays
    the English fallback (tests, logs, and errors not yet given an id).
    """

    exit_code = 2

    def __init__(self, *args: object, key: str | None = None, **values: object) -> None:
        super().__init__(*args)
        self.key = key
        self.values = values


class Problem(str):
    """Why an action is illegal: the English sentence (a `str`, as `verify_*` always returned)
    that also carries its message id and values, so an error raised from it can be worded in
    the user's language. Seats are values, so the edge may name the players."""

    key: str
    values: dict[str, Any]

    def __new__(cls, english: str, key: str, **values: Any) -> Problem:
        made = super().__new__(cls, english)
        made.key = key
        made.values = values
        return made


def illegal(problem: str) -> IllegalAction:
    """The IllegalAction for a `verify_*` answer, keyed when the answer is a `Problem`."""
    if isinstance(problem, Problem):
        return IllegalAction(problem, key=problem.key, **problem.values)
    return IllegalAction(problem)


class CardParseError(CribError, ValueError):
    """A card token could not be read, or the same card was given twice."""


class RulesetError(CribError, ValueError):
    """A ruleset is unknown or does not validate (the message names file, line and key)."""


class ScoringError(CribError, ValueError):
    """Cards that cannot be scored under the rules (wrong hand size, count over 31...)."""


class IllegalAction(CribError):
    """A game action the rules forbid; the message doubles as drill feedback."""

    exit_code = 1


# errno names with a message id (`raised.os.errno.NAME`); any other errno is worded by number.
OS_REASONS = frozenset(
    {
        *("ENOENT", "EACCES", "EPERM", "ENOSPC", "EDQUOT", "EISDIR", "ENOTDIR", "EROFS"),
        *("EEXIST", "ENAMETOOLONG", "EIO", "ELOOP", "EBUSY", "EPIPE", "ETXTBSY", "EFBIG"),
    }
)
# SQLite's English reasons (a word in its message -> a message id), first match wins.
_SQLITE_REASONS = (
    ("readonly", "raised.cause.db_readonly"),
    ("locked", "raised.cause.db_locked"),
    ("busy", "raised.cause.db_locked"),
    ("not a database", "raised.cause.db_not_db"),
    ("malformed", "raised.cause.db_malformed"),
    ("unable to open", "raised.cause.db_open"),
    ("full", "raised.cause.db_full"),
    ("disk i/o", "raised.cause.db_io"),
    ("no such table", "raised.cause.db_schema"),
    ("no such column", "raised.cause.db_schema"),
)


def cause(exc: BaseException) -> object:
    """Why something failed, as a value of an error: a `CribError` stays itself (the edge words
    it), a system error becomes its errno's message id, SQLite's usual reasons and a missing key
    get their own ids; any other exception's text is Python's English, so it becomes a general
    message id (the English output never uses these values: it prints the raised text)."""
    import errno

    if isinstance(exc, CribError):
        return exc
    if isinstance(exc, OSError) and exc.errno is not None:
        name = errno.errorcode.get(exc.errno, "")
        if name in OS_REASONS:
            return Msg(f"raised.os.errno.{name}")
        return Msg("raised.os.errno", {"errno": exc.errno})
    if type(exc).__module__ == "sqlite3":
        low = str(exc).lower()
        for word, key in _SQLITE_REASONS:
            if word in low:
                return Msg(key)
        return Msg("raised.cause.db_other")
    if isinstance(exc, KeyError) and exc.args:
        return Msg("raised.cause.missing", {"name": repr(exc.args[0])})
    return Msg("raised.cause.other")
