"""Which progress database and whose progress: read from the environment here, at the edge.

`CRIB_DB` and `CRIB_USER` are the user's settings, so only the CLI reads them; the store below
is handed a path and every method that reads or writes progress is handed the user.
"""

from __future__ import annotations

import getpass
import os
from pathlib import Path


def default_db_path() -> Path:
    """`CRIB_DB` if set, else `progress.sqlite3` in the platform's user data directory."""
    override = os.environ.get("CRIB_DB")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("cribbage-coach")) / "progress.sqlite3"


def db_path(given: Path | None) -> Path:
    """The database a command uses: its `--db` when given, else the default."""
    return given if given is not None else default_db_path()


def current_user() -> str:
    """Whose progress this is: `CRIB_USER`, else the login name."""
    name = os.environ.get("CRIB_USER")
    if name:
        return name
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no passwd entry in some containers
        return "me"
