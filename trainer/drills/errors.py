"""The drills' user-facing error, in a module of its own so every drills module can raise it
without importing the question model (which checks its data through `trainer.drills.data`)."""

from __future__ import annotations

from trainer.engine.errors import CribError


class DrillError(CribError):
    """A drill cannot be set up as asked (unknown theme, level that excludes the theme...)."""
