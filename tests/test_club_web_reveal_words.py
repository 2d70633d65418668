"""A Russian club night's reveal says the right answer in Russian words: the phone's, the
projector's and the chart's answers never show the grader's English tokens (`over 1`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from club_web_helpers import make_quiz
from test_club_web_api import client_for, join, teacher

if TYPE_CHECKING:
    from trainer.web.room import Room

pytest_plugins = ["club_web_fixtures"]

_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def quiz_path(tmp_path: Path) -> Path:
    return make_quiz(tmp_path / "night.yaml", n=6, drills=("muggins",), seed=5)


def _text(pieces: list[dict[str, Any]]) -> str:
    return "".join(p.get("label", p.get("text", "")) for p in pieces)


def test_a_russian_muggins_reveal_says_the_answer_in_russian(room: Room) -> None:
    client = client_for(room, lang="ru")
    join(client, room, "Аня")
    teacher(client, room, "start")
    seen = []
    for index in range(room.total):
        client.post("/api/answer", json={"index": index, "answer": "over 1"})
        teacher(client, room, "reveal")
        feedback = client.get("/api/question").json()["feedback"]
        screen = client.get("/api/screen").json()["reveal"]
        for shown in (
            _text(feedback["expected_pieces"]),
            _text(feedback["answer_pieces"]),
            _text(screen["expected_pieces"]),
            *(_text(bar["pieces"]) for bar in screen["chart"]),
        ):
            assert _LATIN_WORD.findall(shown) == [], shown
            seen.append(shown)
        if index + 1 < room.total:
            teacher(client, room, "next")
    assert any("перебор" in s.casefold() for s in seen)


_LOCALE = Path(__file__).resolve().parents[1] / "trainer" / "i18n" / "locale" / "ru" / "LC_MESSAGES"
_ENTRY = re.compile(r'^msgid "([^"]+)"\n(?:msgid_plural .*\n)?((?:msgstr.*\n?)+)', re.M)


def _club_entries() -> dict[str, str]:
    """Every Russian entry a club page or club message shows: the club catalogue and the club
    commands' help."""
    out: dict[str, str] = {}
    for name in ("club.po", "help.po"):
        for key, text in _ENTRY.findall((_LOCALE / name).read_text(encoding="utf-8")):
            if name == "club.po" or key.startswith("help.club."):
                out[key] = text
    return out


def test_russian_club_words_call_the_people_answering_students_not_players() -> None:
    """On a club night the people answering on phones are «ученики» (GLOSSARY): no club entry
    says «игрок» for them."""
    entries = _club_entries()
    assert len(entries) > 100
    assert {k: v for k, v in entries.items() if "игрок" in v.casefold()} == {}


def test_the_russian_teacher_page_says_students(room: Room) -> None:
    client = client_for(room, lang="ru")
    client.get(f"/teacher?key={room.row.teacher_token}")
    page = client.get("/teacher").text
    assert "игрок" not in page.casefold() and "Ученики в комнате" in page
