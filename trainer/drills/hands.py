"""Dealing a hand or crib with its starter for the counting drills, steered by level and theme.

A theme first places the cards it is about (a pair, a run, a suit, a jack with the starter's
suit or a trap that looks like one), the rest is dealt from the shuffled pack, and the result is
kept only if the engine's breakdown fits the level. All randomness comes from the caller's
`random.Random`, and nothing iterates over sets, so a seed gives the same hands everywhere.
"""

from __future__ import annotations

import random

from trainer.drills.data import CountData
from trainer.drills.model import DrillError
from trainer.drills.themes import Level
from trainer.engine.cards import Card, Rank, Suit, full_deck
from trainer.engine.errors import Msg
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreBreakdown, score_show

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_ATTEMPTS = 20_000


class Show(Record):
    """A dealt hand (or crib) and starter with the engine's count."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    breakdown: ScoreBreakdown

    def to_data(self) -> CountData:
        return {"hand": [str(c) for c in self.hand], "starter": str(self.starter), "crib": self.crib}


def deal_show(rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str) -> Show:
    """A show that fits the level and theme; tricky ones are forced in at the level's rate."""
    crib = theme == "crib" or (lvl.crib_share > 0 and rng.random() < lvl.crib_share)
    want_tricky = rng.random() < lvl.tricky_share
    for _ in range(_ATTEMPTS):
        show = _attempt(rng, ruleset=ruleset, theme=theme, crib=crib)
        if not _fits_level(show, lvl):
            continue
        if not _shows_theme(show, theme):
            continue
        if want_tricky and not (is_tricky(show) and rng.random() < (show.breakdown.total + 4) / 16):
            continue
        return show
    raise DrillError(
        f"could not deal a {theme or 'mixed'} hand for the {lvl.name} level; try another theme",
        key="raised.drill.no_hand",
        theme=theme or Msg("raised.drill.mixed"),
        level=lvl.name,
    )


def _attempt(rng: random.Random, *, ruleset: Ruleset, theme: str, crib: bool) -> Show:
    size = ruleset.crib_size if crib else ruleset.hand_size
    placed, starter = _place_theme(rng, theme, size=size)
    taken = [*placed, *([starter] if starter else [])]
    rest = [c for c in full_deck() if c not in taken]
    rng.shuffle(rest)
    hand = [*placed, *rest[: size - len(placed)]]
    if starter is None:
        starter = rest[size - len(placed)]
    hand.sort()
    breakdown = score_show(hand, starter, is_crib=crib, ruleset=ruleset)
    return Show(hand=tuple(hand), starter=starter, crib=crib, breakdown=breakdown)


def _place_theme(rng: random.Random, theme: str, *, size: int) -> tuple[list[Card], Card | None]:
    """The cards a theme is about; the rest of the deal is random."""
    if theme == "pairs":
        rank = Rank(rng.randint(1, 13))
        suits = rng.sample(_SUITS, 2)
        return [Card(rank, s) for s in suits], None
    if theme == "runs":
        length = min(size, 3)
        low = rng.randint(1, 14 - length)
        return [Card(Rank(low + i), rng.choice(_SUITS)) for i in range(length)], None
    if theme == "double-runs":
        low = rng.randint(1, 11)
        run = [Card(Rank(low + i), rng.choice(_SUITS)) for i in range(3)]
        twin = rng.choice(run)
        double = Card(twin.rank, rng.choice([s for s in _SUITS if s != twin.suit]))
        return ([*run, double], None) if size >= 4 else (run, double)
    if theme == "flush":
        suit = rng.choice(_SUITS)
        ranks = rng.sample(range(1, 14), size + 1)
        hand = [Card(Rank(r), suit) for r in ranks[:size]]
        if rng.random() < 0.5:
            return hand, Card(Rank(ranks[size]), suit)
        other = rng.choice([s for s in _SUITS if s != suit])
        return hand, Card(Rank(rng.randint(1, 13)), other)
    if theme == "nobs":
        suit = rng.choice(_SUITS)
        jack = Card(Rank.JACK, suit)
        starter_suit = suit if rng.random() < 0.7 else rng.choice([s for s in _SUITS if s != suit])
        starter_rank = rng.choice([r for r in range(1, 14) if r != Rank.JACK])
        return [jack], Card(Rank(starter_rank), starter_suit)
    return [], None


def _fits_level(show: Show, lvl: Level) -> bool:
    kinds = {item.kind for item in show.breakdown.items}
    if not kinds <= lvl.show_kinds:
        return False
    return len(show.breakdown.of_kind("run")) <= lvl.max_run_items


def _shows_theme(show: Show, theme: str) -> bool:
    b = show.breakdown
    if theme == "fifteens":
        return bool(b.of_kind("fifteen"))
    if theme == "pairs":
        return bool(b.of_kind("pair"))
    if theme == "runs":
        return bool(b.of_kind("run"))
    if theme == "double-runs":
        return len(b.of_kind("run")) >= 2
    if theme == "flush":
        return len({c.suit for c in show.hand}) == 1
    if theme == "nobs":
        return any(c.rank == Rank.JACK for c in show.hand)
    if theme == "crib":
        return show.crib
    return True


def is_tricky(show: Show) -> bool:
    """Hands people miscount: big totals, double runs, pair royals, flush traps, many fifteens."""
    b = show.breakdown
    if b.total >= 12 or len(b.of_kind("run")) >= 2 or len(b.of_kind("fifteen")) >= 4:
        return True
    if b.of_kind("flush") or _flush_trap(show):
        return True
    ranks = [c.rank for c in (*show.hand, show.starter)]
    return any(ranks.count(r) >= 3 for r in ranks)


def _flush_trap(show: Show) -> bool:
    """A crib of one suit without the starter (0), or a hand one short of a flush with the starter."""
    suits = [c.suit for c in show.hand]
    if show.crib:
        return len(set(suits)) == 1 and show.starter.suit != suits[0]
    commonest = max(_SUITS, key=suits.count)
    return suits.count(commonest) == len(suits) - 1 and show.starter.suit == commonest
