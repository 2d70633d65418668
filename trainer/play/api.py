"""The public Python API of the computer and the coach: `computer_player`, `grade_decision` and
`View` (exported by `trainer`, documented in docs/guide/computer-api.md, run there as a doctest).

A `View` holds only what one seat has seen: its cards, its own discards, the starter, every card
played this deal in order with the goes said, the scores and who deals. Other programs
(tournament harnesses, GUIs, bots) use the computer and the coach through it, without the
engine's game object. This is a contract that survives refactoring of the rooms below.

How it works: the view is turned into an engine game in which the cards the seat has not seen
are stand-ins (the highest unseen cards, so a go that was said stays legal). The advice never
looks at another seat's cards, only at how many it holds, so the stand-ins change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from trainer.advice.computer import Computer, advise_discard, advise_play, computer
from trainer.engine.cards import Card, full_deck
from trainer.engine.errors import IllegalAction
from trainer.engine.game import Game, Phase
from trainer.engine.ruleset import Ruleset
from trainer.play.coach import Decision, grade_discard_choice, grade_play_choice


@dataclass(frozen=True)
class View:
    """What one seat has seen of the deal in progress.

    seat: the seat (0 .. players-1) whose view it is; dealer: the dealer's seat.
    hand: before the discard, the cards dealt to the seat; after it, the cards still in hand.
    discards: the seat's own cards laid away (empty before the discard).
    starter: the starter once cut. played: every play of this deal in order as (seat, card),
    with None for a go said. scores: the score of every side.
    """

    ruleset: Ruleset
    seat: int
    dealer: int
    hand: tuple[Card, ...]
    scores: tuple[int, ...]
    discards: tuple[Card, ...] = ()
    starter: Card | None = None
    played: tuple[tuple[int, Card | None], ...] = field(default=())


@dataclass(frozen=True)
class Verdict:
    """The coach's grade of one choice: its band, its one cost and the best choice."""

    band: str
    points_lost: float
    win_lost: float | None
    best: tuple[Card, ...]
    reason: dict[str, Any]


class ComputerPlayer:
    """A computer seat of a level (easy, club, expert) that decides from a `View`."""

    def __init__(self, level: str, ruleset: Ruleset, rng: random.Random) -> None:
        self.level = level
        self.ruleset = ruleset
        self._player: Computer = computer(level, rng)

    def discard(self, view: View) -> tuple[Card, ...]:
        """The cards to lay away from the dealt hand."""
        game = game_of(view)
        return tuple(self._player.discard(game, view.seat))

    def play(self, view: View) -> Card | None:
        """The card to play, or None for go."""
        game = game_of(view)
        _check_turn(game, view.seat)
        return self._player.play(game, view.seat)


def computer_player(level: str, ruleset: Ruleset, rng: random.Random) -> ComputerPlayer:
    """A computer player: `easy`, `club` or `expert` (the levels of `crib play --level`)."""
    return ComputerPlayer(level, ruleset, rng)


def grade_decision(view: View, choice: Sequence[Card] | Card | None) -> Verdict:
    """Grade a discard (a sequence of cards) or a play (a card) the way the coach at the table
    does: the same cost, band and best choice as `crib play`'s live coach."""
    game = game_of(view)
    seat = view.seat
    if game.phase is Phase.DISCARD:
        cards = tuple(choice) if isinstance(choice, Sequence) else ()
        decision = grade_discard_choice(game, seat, cards, advise_discard(game, seat))
    else:
        _check_turn(game, seat)
        peg = game.pegging
        assert peg is not None
        legal = peg.legal_plays(seat)
        if not legal or not isinstance(choice, Card):
            raise IllegalAction(
                "no card can be played: the only legal action is go", key="raised.advice.only_go"
            )
        if choice not in legal:
            raise IllegalAction(
                f"{choice} is not a legal play here", key="raised.advice.not_legal", card=choice
            )
        decision = grade_play_choice(game, seat, choice, advise_play(game, seat))
    return _verdict(decision)


def _check_turn(game: Game, seat: int) -> None:
    if game.phase is not Phase.PLAY or game.to_act != seat:
        raise IllegalAction(
            f"it is not seat {seat}'s turn to play in this view: check the plays and goes given",
            key="raised.api.not_turn",
            seat=seat,
        )


def _verdict(decision: Decision) -> Verdict:
    from trainer.engine.cards import parse_cards

    cost = decision.cost
    return Verdict(
        band=decision.band,
        points_lost=cost.points,
        win_lost=cost.win,
        best=tuple(parse_cards(decision.best.split())),
        reason=decision.reason,
    )


# ----------------------------------------------------------------------------- view -> game


def game_of(view: View) -> Game:
    """An engine game at the view's position; the cards the seat has not seen are stand-ins."""
    rules = view.ruleset
    seat = view.seat
    played = [(s, c) for s, c in view.played if c is not None]
    known = {*view.hand, *view.discards, *(c for _, c in played), *([view.starter] if view.starter else [])}
    # stand-ins, highest last: a hand of high cards keeps every go that was said legal
    filler = sorted((c for c in full_deck() if c not in known), key=lambda c: (c.value, c.index))
    per = rules.deal.cards_per_player
    throw = rules.deal.discard_per_player
    discarded = bool(view.discards)
    mine = [c for s, c in played if s == seat]
    dealt = [*view.hand, *mine, *view.discards] if discarded else list(view.hand)
    if len(dealt) != per or len(set(dealt)) != per:
        raise IllegalAction(
            f"the view's hand, plays and discards hold {len(set(dealt))} different cards; "
            f"the {rules.name} deal gives {per}",
            key="raised.api.view_cards",
            have=len(set(dealt)),
            want=per,
            ruleset=rules.name,
        )
    hands: list[list[Card]] = []
    for s in range(rules.players):
        if s == seat:
            hands.append(dealt)
            continue
        own = [c for p, c in played if p == s]
        keep = [filler.pop() for _ in range(per - throw - len(own))]
        hands.append([*own, *keep, *(filler.pop(0) for _ in range(throw))])
    to_crib = [filler.pop(0) for _ in range(rules.deal.to_crib_from_stock)]
    game = Game.new(rules, dealer=view.dealer, scores=view.scores)
    game.deal_hands(hands, to_crib)
    if not discarded:
        return game
    while game.phase is Phase.DISCARD and game.to_act is not None:
        s = game.to_act
        game.discard(s, view.discards if s == seat else hands[s][-throw:])
    if view.starter is not None:
        game.cut(starter=view.starter)
    for s, card in view.played:
        game.go(s) if card is None else game.play(card, s)
    return game
