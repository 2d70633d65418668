"""The advice layer's user-facing error: a position or request that cannot be advised."""

from __future__ import annotations

from trainer.engine.errors import CribError


class AdviceError(CribError, ValueError):
    """An inconsistent pegging position, a conflicting request (--dealer with --pone), or a
    ruleset the model does not cover; the message says what and how to fix it."""
