"""Where the shipped rulesets and lessons live: the repository's top-level folders in a source
checkout, or the copies packed into the wheel (trainer._rulesets, trainer._lessons)."""

from __future__ import annotations

from pathlib import Path

_REPO = Path(__file__).resolve().parents[2]


_PACKAGE = Path(__file__).resolve().parents[1]


def _bundled(folder: str, package: str) -> Path:
    local = _REPO / folder
    if local.is_dir() and (_REPO / "pyproject.toml").is_file():
        return local
    # In a wheel the folder is the data-only package trainer/_<folder>.
    return _PACKAGE / package.rsplit(".", 1)[-1]


def rulesets_dir() -> Path:
    return _bundled("rulesets", "trainer._rulesets")


def lessons_dir() -> Path:
    return _bundled("lessons", "trainer._lessons")


def deals_dir() -> Path:
    return _bundled("deals", "trainer._deals")
