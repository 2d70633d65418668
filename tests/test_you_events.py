"""The player's own events in `crib play` read in the second person: "You lay away 5♠ J♣", never
"You: lays away" (issue 18, item 5); the other seats take the third person after their name
(issue 22: sentences, no colon frames, «Компьютер откладывает 2 карты в криб»)."""

from __future__ import annotations

import re

import pytest

from trainer.cli.context import SETTINGS
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.events import DiscardEvent, GameOverEvent, GoEvent, PlayEvent, StarterEvent
from trainer.engine.scoring import ScoreBreakdown
from trainer.play.session import GameSession, new_record

THIRD_PERSON = re.compile(r"\bYou:? (lays|plays|cuts|deals|says|scores|wins|calls|claims|pegs|counts)\b")


def _lines(seat: int, lang: str = "en") -> list[str]:
    from trainer.cli.play.play_view import events_text

    rules = load_ruleset("classic")
    session = GameSession(rules, new_record(rules, level="easy", coach="quiet", seed=1))
    events = (
        DiscardEvent(seat, parse_cards("5S JC")),
        StarterEvent(seat, Card.parse("7C")),
        PlayEvent(seat, Card.parse("5C"), 6, ScoreBreakdown(())),
        GoEvent(seat, 28),
        GameOverEvent(seat, seat, (121, 90), "play", "win", 1),
    )
    old = SETTINGS.lang
    SETTINGS.lang = lang
    try:
        return [line.plain for line in events_text(session, events)]
    finally:
        SETTINGS.lang = old


def test_the_players_own_events_take_the_second_person() -> None:
    lines = _lines(0)
    assert not [line for line in lines if THIRD_PERSON.search(line)], lines
    assert lines[0].startswith("You lay away 5")
    assert lines[1].startswith("You cut; the starter is 7")
    assert lines[2].startswith("You play 5") and "count 6" in lines[2]
    assert lines[3].startswith("You say go (count 28)")
    assert lines[4].startswith("You win the game")


def test_the_other_seats_take_the_third_person_after_their_name() -> None:
    lines = _lines(1)
    assert lines[0].startswith("Computer lays away 2 cards")
    assert lines[2].startswith("Computer plays 5")
    assert lines[3].startswith("Computer says go (count 28)")


def test_russian_lines_are_sentences_for_the_player() -> None:
    assert _lines(0, "ru") == [
        "Вы отложили в криб: 5♠ В♣",
        "Вы снимаете колоду, стартер — 7♣",
        "Вы ходите 5♣, сумма 6",
        "Вы говорите «мимо» (сумма 28)",
        "Вы выигрываете партию",
    ]


def test_russian_lines_are_sentences_for_the_computer() -> None:
    lines = _lines(1, "ru")
    assert lines[0] == "Компьютер откладывает 2 карты в криб"
    assert lines[1:] == [
        "Компьютер снимает колоду, стартер — 7♣",
        "Компьютер ходит 5♣, сумма 6",
        "Компьютер говорит «мимо» (сумма 28)",
        "Компьютер выигрывает партию",
    ]


@pytest.mark.parametrize("seat", [0, 1])
def test_russian_lines_have_no_name_colon_and_no_english(seat: int) -> None:
    lines = _lines(seat, "ru")
    assert not [line for line in lines if re.match(r"(Вы|Компьютер):", line)], lines
    assert not [line for line in lines if re.search(r"[A-Za-z]{3,}", line)], lines
