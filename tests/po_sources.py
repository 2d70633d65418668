"""The catalogue sources as the tests read them: through scripts/catalogue_sources.py, the same
Babel reader that compiles the `.mo` files and writes the pseudo-locale (scripts/ is a folder of
scripts, not a package, so it is put on the path here)."""

from __future__ import annotations

import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

from catalogue_sources import (  # noqa: E402
    forms,
    header,
    key,
    language_catalogue,
    language_sources,
    mo_bytes,
    read_domain,
)

__all__ = ["forms", "header", "key", "language_catalogue", "language_sources", "mo_bytes", "read_domain"]
