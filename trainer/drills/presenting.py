"""How a question is shown and asked, as plain data: the lines above the prompt and a
description of the prompt itself (free text, one choice, or several).

Each drill kind builds its own (`present` in its module); this module holds the shapes and the
dispatch. Every text is a message (`trainer.drills.messages`), worded at the edge by
`trainer.i18n.drill_words.word_presentation`, so every front end asks the same question the
same way in the reader's language: the CLI turns the worded `Ask` into a questionary prompt, a
line read from stdin, or a scripted answer; the web pages into buttons.
"""

from __future__ import annotations

from typing import Any

from trainer.drills.messages import Msg, msg
from trainer.drills.model import Question
from trainer.engine.records import Record


class Choice(Record):
    """One menu entry; `then` asks a follow-up number (e.g. how many points for muggins).

    `label` is a message or a `Card`; `disabled` says why the entry cannot be chosen."""

    label: Any
    value: str
    disabled: Msg | None = None
    then: Msg | None = None
    key: str | None = None


class Ask(Record):
    """The prompt: `text` (typed answer), `select` (one choice) or `checkbox` (`count` choices).

    `instruction` is shown by a terminal prompt; `typed` replaces it when the answer is read as
    a line of text (a menu is driven with keys, a script types words)."""

    style: str
    message: Msg
    instruction: Msg | None = None
    choices: tuple[Choice, ...] = ()
    count: int = 0
    typed: Msg | None = None


class Presentation(Record):
    lines: tuple[Msg, ...]
    ask: Ask


def seat(offset: int, *, players: int) -> Msg:
    """`you`, `opponent`, or for 3-4 players `left`, `right`, `partner` (offset 0 is you)."""
    if offset == 0:
        return msg("drill.seat.you")
    if players == 2:
        return msg("drill.seat.opponent")
    if players == 4 and offset == 2:
        return msg("drill.seat.partner")
    return msg("drill.seat.left") if offset == 1 else msg("drill.seat.right")


def show_lines(question: Question, *, whose: str) -> list[Msg]:
    """A shown hand or crib (count and muggins): whose it is, then the cards and the starter."""
    from trainer.drills.data import count_data
    from trainer.drills.messages import Cards
    from trainer.engine.cards import Card

    data = count_data(question)
    what = "crib" if data.get("crib") else "hand"
    return [
        msg(f"drill.count.{whose}_{what}"),
        msg("drill.count.cards", hand=Cards.of(data["hand"]), starter=Card.parse(data["starter"])),
    ]
