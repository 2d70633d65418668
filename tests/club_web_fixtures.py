"""The fixtures the club-night API tests share, loaded with `pytest_plugins = ["club_web_fixtures"]`:
a quiz on disk, the server's clock moved by hand, and a room open on them (closed after the test).
A module that needs another quiz overrides `quiz_path`, and its room follows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from club_web_helpers import Clock, make_quiz, opened_room

if TYPE_CHECKING:
    from trainer.web.room import Room


@pytest.fixture
def quiz_path(tmp_path: Path) -> Path:
    return make_quiz(tmp_path / "night.yaml")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def room(quiz_path: Path, clock: Clock) -> Iterator[Room]:
    with opened_room(quiz_path, clock) as room:
        yield room
