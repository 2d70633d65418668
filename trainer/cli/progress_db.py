"""Which progress database and whose progress: read from the environment here, at the edge.

`CRIB_DB` and `CRIB_USER` are the user's settings, so only the CLI reads them; the store below
is handed a path and every method that reads or writes progress is handed the user.
"""

from __future__ import annotations

import os
from pathlib import Path


def default_db_path() -> Path:
    """`CRIB_DB` if set, else `progress.sqlite3` in the platform's user data directory; with no
    home folder (no HOME and no passwd entry, as `env -i` under a bare uid), a folder in the
    system's temp directory, said once on stderr."""
    _watch_busy()
    override = os.environ.get("CRIB_DB")
    if override:
        return Path(override).expanduser()
    try:
        folder = _data_dir()
    except (RuntimeError, KeyError, OSError):  # platformdirs finds no home
        folder = Path("~")
    if not folder.is_absolute() or str(folder).startswith("~"):
        return _homeless_path()
    return folder / "progress.sqlite3"


def _data_dir() -> Path:
    """The user data folder: on Linux the XDG rule itself (platformdirs' own rule, which costs
    every command a tenth of its start-up to import), elsewhere platformdirs."""
    import sys

    if sys.platform.startswith("linux"):
        base = os.environ.get("XDG_DATA_HOME", "").strip() or os.path.expanduser("~/.local/share")
        return Path(base) / "cribbage-coach"
    from platformdirs import user_data_dir

    return Path(user_data_dir("cribbage-coach"))


def _homeless_path() -> Path:
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = Path(tempfile.gettempdir()) / f"cribbage-coach-{uid}" / "progress.sqlite3"
    if not _said:
        _said.append(path)
        _say("faults.no_home", path=str(path))
    return path


_said: list[Path] = []


def _say(key: str, **values: str) -> None:
    """One line on stderr, in the reader's language (the store below never prints)."""
    import sys

    from trainer.cli.context import SETTINGS
    from trainer.i18n import t

    try:
        sys.stderr.write(t(key, SETTINGS.lang, **values) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed: the wait goes on unannounced
        pass


def _watch_busy() -> None:
    """While another crib holds the database, say "waiting…" once per database."""
    from trainer.store.guard import on_busy

    told: set[Path] = set()

    def notice(path: Path, holder: str) -> None:
        if path in told:
            return
        told.add(path)
        if holder:
            _say("faults.db_waiting_for", path=str(path), holder=holder)
        else:
            _say("faults.db_waiting", path=str(path))

    on_busy(notice)


def db_path(given: Path | None) -> Path:
    """The database a command uses: its `--db` when given, else the default."""
    if given is not None:
        _watch_busy()
        return given
    return default_db_path()


def named_user() -> str | None:
    """The name `CRIB_USER` gives, if any (the login name is no name to show a reader)."""
    return os.environ.get("CRIB_USER") or None


def current_user() -> str:
    """Whose progress this is: `CRIB_USER`, else the login name."""
    name = os.environ.get("CRIB_USER")
    if name:
        return name
    try:
        import getpass  # only without CRIB_USER; kept off the start-up path

        return getpass.getuser()
    except (KeyError, OSError):  # no passwd entry in some containers
        return "me"
