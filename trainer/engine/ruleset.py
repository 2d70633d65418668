"""A ruleset is validated, frozen data: every difference between variants is a field.

The nested records mirror the YAML layout one to one, so the YAML schema is derived from
these classes (trainer.content.schema) and can never drift from what the engine reads. They are
`Record`s, frozen keyword-only classes that `dataclasses.fields`/`asdict`/`replace` understand,
because defining seven real dataclasses cost a quarter of `crib count`'s start-up.
"""

from __future__ import annotations

from typing import Literal

from trainer.engine.errors import Msg, Problem, RulesetError
from trainer.engine.records import Record, factory
from trainer.engine.variants import VariantId

PegMode = Literal["all_cards", "single_count"]
MultiGo = Literal["continue_until_none", "hoyle_literal"]
PenaltySet = Literal["seeds", "acc", "old_laws"]
LurchRule = Literal["below_half", "skunk_91", "acc_game_points", "none"]
CompWhen = Literal["game_start", "every_deal", "never"]
MugginsScope = Literal["show", "play_and_show"]
Order = Literal["low", "high"]
NextFirst = Literal["loser", "winner"]


class Deal(Record):
    """How many cards each player gets and lays away."""

    cards_per_player: int = 6
    to_crib_from_stock: int = 0
    discard_per_player: int = 2


class Compensation(Record):
    """Points given to the dealer's opponent to offset the first crib (5-card game)."""

    points: int = 0
    to: Literal["pone"] = "pone"
    when: CompWhen = "never"


class Pegging(Record):
    """How the play runs: all cards with resets, or one single count (5-card game)."""

    mode: PegMode = "all_cards"
    multi_go: MultiGo = "continue_until_none"


class Flush(Record):
    """Flush rules; the crib's own rule differs from the hand's, which is the classic trap."""

    hand_min: int = 4
    starter_bonus: int = 1
    crib_without_starter: bool = False
    derived: bool = False


class Lurch(Record):
    """Lurch (below half the target) or skunk lines, and what a win is worth."""

    rule: LurchRule = "below_half"
    games: int = 2
    skunk_below: int = 91
    double_below: int = 61
    values: tuple[int, ...] = (2, 3)


class Muggins(Record):
    """Muggins: overlooked points go to the opponent when a player under-counts."""

    enabled: bool = False
    scope: MugginsScope = "play_and_show"


class Ruleset(Record):
    """One variant with its house options; build with `Ruleset(...)` or load from YAML."""

    name: str
    title: str = ""
    description: str = ""
    aliases: tuple[str, ...] = ()
    variant: VariantId = "classic6"
    players: int = 2
    partnerships: bool = False
    teams: tuple[tuple[int, ...], ...] = ()
    deal: Deal = factory(default_factory=Deal)
    target: int = 121
    compensation: Compensation = factory(default_factory=Compensation)
    pegging: Pegging = factory(default_factory=Pegging)
    flush: Flush = factory(default_factory=Flush)
    heels_points: int = 2
    lurch: Lurch = factory(default_factory=Lurch)
    muggins: Muggins = factory(default_factory=Muggins)
    penalties: PenaltySet = "seeds"
    first_dealer: Order = "low"
    next_game_first_dealer: NextFirst = "loser"
    heels_forfeit_if_unpegged: bool = False
    dead_cards_in_show: bool = True
    no_peg_out_on_heels_or_go: bool = False
    sources: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problems = list(self._problems())
        if problems:
            raise RulesetError(
                f"ruleset {self.name!r}: " + "; ".join(problems),
                key="raised.ruleset.invalid",
                name=repr(self.name),
                problems=_joined(problems),
            )

    def _problems(self) -> list[Problem]:
        out: list[Problem] = []
        d = self.deal
        if self.players not in (2, 3, 4):
            out.append(
                Problem(
                    f"players must be 2, 3 or 4, not {self.players}", "raised.ruleset.players", n=self.players
                )
            )
        if not 1 <= d.discard_per_player < d.cards_per_player:
            text = "deal.discard_per_player must be at least 1 and less than cards_per_player"
            out.append(Problem(text, "raised.ruleset.discard"))
        if self.crib_size != 4:
            text = (
                f"the crib must hold 4 cards, but players x discard_per_player + "
                f"to_crib_from_stock = {self.crib_size}"
            )
            out.append(Problem(text, "raised.ruleset.crib", n=self.crib_size))
        if self.hand_size not in (3, 4, 5):
            text = f"hands of {self.hand_size} cards after the discard are not supported (3-5)"
            out.append(Problem(text, "raised.ruleset.hand", n=self.hand_size))
        if self.players * d.cards_per_player + d.to_crib_from_stock > 48:
            out.append(Problem("the deal needs more cards than the pack can give", "raised.ruleset.pack"))
        if not 31 <= self.target <= MAX_TARGET:
            out.append(
                Problem(
                    f"target {self.target} is out of range (31-1000)", "raised.ruleset.target", n=self.target
                )
            )
        if not max(3, self.hand_size - 1) <= self.flush.hand_min <= self.hand_size or (
            self.flush.hand_min < self.hand_size and self.hand_size < 5
        ):
            allowed = (
                f"{self.hand_size - 1} or {self.hand_size}" if self.hand_size >= 5 else str(self.hand_size)
            )
            text = (
                f"flush.hand_min must be {allowed} for hands of {self.hand_size} "
                "(club option C5 lets a five-card hand score a flush of four)"
            )
            if self.hand_size >= 5:
                shown: object = Msg.of("raised.ruleset.either", a=self.hand_size - 1, b=self.hand_size)
            else:
                shown = allowed
            out.append(Problem(text, "raised.ruleset.flush", allowed=shown, n=self.hand_size))
        if self.partnerships:
            if self.players != 4:
                out.append(Problem("partnerships need players: 4", "raised.ruleset.partners"))
            elif len(self.teams) < 2 or sorted(s for t in self.teams for s in t) != list(range(self.players)):
                last = self.players - 1
                text = (
                    f"teams must put each seat 0 to {last} in exactly one of at least two teams "
                    "(e.g. [[0, 2], [1, 3]]: partners sit opposite)"
                )
                out.append(Problem(text, "raised.ruleset.teams", last=last))
        if self.compensation.when != "never" and self.compensation.points <= 0:
            text = "compensation.points must be positive when compensation.when is set"
            out.append(Problem(text, "raised.ruleset.compensation"))
        if self.heels_points < 0:
            out.append(Problem("heels_points cannot be negative", "raised.ruleset.heels"))
        out.extend(self._out_of_range())
        return out

    def _out_of_range(self) -> list[Problem]:
        """Every number a house ruleset may set has a range, so a valid file cannot make a table
        of 10 million points (or a game that ends before its first deal)."""
        out: list[Problem] = []
        for name, value, low, high, why in (
            ("deal.discard_per_player", self.deal.discard_per_player, 1, 4, "crib"),
            ("deal.to_crib_from_stock", self.deal.to_crib_from_stock, 0, 4, "crib"),
            ("deal.cards_per_player", self.deal.cards_per_player, 2, 12, "pack"),
            ("flush.starter_bonus", self.flush.starter_bonus, 0, MAX_SCORE, "hand"),
            ("heels_points", self.heels_points, 0, MAX_SCORE, "hand"),
            ("compensation.points", self.compensation.points, 0, MAX_SCORE, "hand"),
            ("lurch.games", self.lurch.games, 1, 10, "games"),
            ("lurch.skunk_below", self.lurch.skunk_below, 0, MAX_TARGET, "target"),
            ("lurch.double_below", self.lurch.double_below, 0, MAX_TARGET, "target"),
            *(("lurch.values", v, 1, 10, "games") for v in self.lurch.values),
        ):
            if not low <= value <= high:
                out.append(
                    Problem(
                        f"{name}: {value} is out of range: {_RANGE_TEXT[why].format(low=low, high=high)}",
                        "faults.ruleset_range",
                        field=name,
                        n=value,
                        low=low,
                        high=high,
                        why=Msg(f"faults.ruleset_range.{why}", {"low": low, "high": high}),
                    )
                )
        return out

    @property
    def hand_size(self) -> int:
        """Cards kept in hand after the discard (3, 4 or 5)."""
        return self.deal.cards_per_player - self.deal.discard_per_player

    @property
    def crib_size(self) -> int:
        return self.players * self.deal.discard_per_player + self.deal.to_crib_from_stock

    @property
    def sides(self) -> int:
        """Number of scoring sides: teams when partners pool their points, else players."""
        return len(self.teams) if self.partnerships else self.players

    @property
    def seat_sides(self) -> tuple[int, ...]:
        """The scoring side of each seat in turn, seat 0 first: what the pegging playouts and
        drills take, so that no caller works the seating out from the seat number itself."""
        return tuple(self.side_of(seat) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        """Which scoring side a seat belongs to."""
        if self.partnerships:
            for i, team in enumerate(self.teams):
                if seat in team:
                    return i
        return seat

    @property
    def lurch_line(self) -> int | None:
        """A loser strictly below this is lurched (None when the ruleset has no lurch)."""
        if self.lurch.rule == "below_half":
            return (self.target + 1) // 2
        if self.lurch.rule in ("skunk_91", "acc_game_points"):
            return self.lurch.skunk_below
        return None


MAX_TARGET = 1000
MAX_SCORE = 29  # the most one hand (or crib) can score: the bound for points a ruleset gives
_RANGE_TEXT = {
    "crib": "{low} to {high} (a crib holds 4 cards)",
    "pack": "{low} to {high} (the pack has 52 cards)",
    "hand": "at least {low}, at most {high} (the most a hand can score)",
    "games": "{low} to {high} games",
    "target": "{low} to {high} (the highest target)",
}


def _joined(problems: list[Problem]) -> Msg:
    """Problems as one message, "first; second; ...", each worded in the user's language."""
    first, *rest = problems
    head = Msg(first.key, first.values)
    return Msg("raised.ruleset.join", {"first": head, "rest": _joined(rest)}) if rest else head
