"""The chance to win at the actual score with three players, or two partnerships of two.

`trainer.advice.board` judges two-player decisions; this module does the same for the games
where the show has three or four counts: the rest of the deal is played forward in the real
order (the play, then each hand from the dealer's left, the dealer's hand and crib last), the
first side to reach the target wins, and otherwise the shipped table gives the chance from the
scores at the end of the deal, the dealer's left dealing next (three players:
`win_table.win_table3`; partnerships: the two-side table of the partnership ruleset).

What is exact and what is modelled: the player's own hand is scored with every starter he has
not seen (a discard), or exactly (a play, when the starter is known); every other hand is the
sampled distribution of its seat from the expert's own deals (`seat_hands` in the table file);
the crib is the sampled crib moved to the crib table's value of the cards thrown; the play is
the sampled play of the same deals (a discard) or the play-outs of `trainer.advice.playout`
(a play). Scores are per side: `--score A:B:C` from the player's seat clockwise with three
players, `ME:OTHER` (the two partnerships) with four.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from trainer.advice.board import convolve, sampled_pegging, shifted
from trainer.advice.discard import DiscardOption
from trainer.advice.win_table import NoWinTable, shares, shipped, win_table, win_table3
from trainer.engine.cards import Card
from trainer.engine.fastscore import show_total, starter_totals
from trainer.engine.ruleset import Ruleset

Pmf = Mapping[int, float]
Outcomes = Mapping[tuple[int, tuple[int, ...]], float]  # (side out first or -1, points per side): weight


@dataclass(frozen=True, slots=True)
class SeatModel:
    """The sampled distributions of a three- or four-seat ruleset (the table file's `model`)."""

    pegging: tuple[tuple[tuple[int, int], ...], ...]  # per deal: (side from the dealer's, points)
    seat_hands: tuple[dict[int, float], ...]  # per seat from the dealer
    crib: dict[int, float]
    crib_mean: float


@cache
def seat_model(ruleset_name: str) -> SeatModel:
    model = shipped(ruleset_name, "model")["model"]
    if "seat_hands" not in model:
        raise NoWinTable(ruleset_name)
    crib = shares(model["crib"])
    return SeatModel(
        pegging=sampled_pegging(model),
        seat_hands=tuple(shares(h) for h in model["seat_hands"]),
        crib=crib,
        crib_mean=sum(k * v for k, v in crib.items()),
    )


@dataclass(frozen=True, slots=True)
class SeatBoard:
    """The score as the deciding player sees it with three or four players.

    scores: per side from the player's: three players, his, his left's, the next; partnerships,
    his side's and the other's. dealer: the seat that deals, clockwise from the player (0 he,
    1 his left, ...)."""

    rules: Ruleset
    scores: tuple[int, ...]
    dealer: int

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def sides(self) -> int:
        return self.rules.sides

    @property
    def seat(self) -> int:
        """The player's seat counted from the dealer (0 the dealer, 1 his left, ...)."""
        return (self.players - self.dealer) % self.players

    @property
    def side(self) -> int:
        """The player's side counted from the dealer's (0)."""
        return self.seat % self.sides

    def from_dealer(self) -> tuple[int, ...]:
        """The scores per side counted from the dealer's side."""
        return tuple(self.scores[(self.dealer + k) % self.sides] for k in range(self.sides))

    def end_of_deal(self) -> Callable[[tuple[int, ...]], float]:
        """The player's chance from the scores (per side from this deal's dealer) at the end of the
        deal, the dealer's left dealing next."""
        mine = self.side
        if self.sides == 3:
            table3 = win_table3(self.rules.name)
            back = {0: 2, 1: 0, 2: 1}[mine]  # the player's seat in the next deal's order

            def three(s: tuple[int, ...]) -> float:
                return table3.seats(s[1], s[2], s[0])[back]

            return three
        table = win_table(self.rules.name)

        def two(s: tuple[int, ...]) -> float:
            left = table.before_deal(s[1], s[0], dealer=True)  # side 1 deals next
            return left if mine == 1 else 1.0 - left

        return two

    @property
    def now(self) -> float:
        """The chance to win before this deal."""
        s = self.from_dealer()
        if self.sides == 3:
            return win_table3(self.rules.name).seats(s[0], s[1], s[2])[self.side]
        dealer_wins = win_table(self.rules.name).before_deal(s[0], s[1], dealer=True)
        return dealer_wins if self.side == 0 else 1.0 - dealer_wins


def seat_board(ruleset: Ruleset, scores: Sequence[int], *, dealer: int) -> SeatBoard:
    """A board for a three- or four-player ruleset with a shipped table; raises NoWinTable."""
    if ruleset.sides == 3:
        win_table3(ruleset.name)
    else:
        win_table(ruleset.name)
    seat_model(ruleset.name)
    return SeatBoard(ruleset, tuple(scores), dealer % ruleset.players)


class _Deal:
    """The rest of one deal from the scores after the play: each seat's count in show order, the
    first side to reach the target winning, then the table. `counts[i]` is the distribution of
    the i-th count (seat 1, 2, ..., the dealer with his crib last); memoised per (count, scores)."""

    def __init__(self, board: SeatBoard, counts: Sequence[Pmf]) -> None:
        self.board = board
        self.target = board.rules.target
        self.mine = board.side
        seats = board.players
        self.order = [k % seats for k in range(1, seats + 1)]  # 1, 2, ..., 0
        self.sides = [k % board.sides for k in self.order]
        self.counts = [sorted(c.items()) for c in counts]
        self.end = board.end_of_deal()
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}

    def value(self, i: int, scores: tuple[int, ...]) -> float:
        if i == len(self.counts):
            return self.end(scores)
        key = (i, scores)
        got = self.memo.get(key)
        if got is not None:
            return got
        side = self.sides[i]
        t = self.target
        total = 0.0
        for x, px in self.counts[i]:
            if scores[side] + x >= t:
                total += px if side == self.mine else 0.0
            else:
                moved = list(scores)
                moved[side] += x
                total += px * self.value(i + 1, tuple(moved))
        self.memo[key] = total
        return total

    def after_play(self, outcomes: Outcomes) -> float:
        start = self.board.from_dealer()
        acc = weight = 0.0
        for (out, points), w in outcomes.items():
            weight += w
            if out >= 0:
                acc += w if out == self.mine else 0.0
            else:
                acc += w * self.value(0, tuple(s + p for s, p in zip(start, points, strict=True)))
        return acc / weight if weight else self.board.now


def fold(board: SeatBoard, plays: Sequence[tuple[Sequence[tuple[int, int]], float]]) -> Outcomes:
    """Pegging sequences ((side from the dealer's, points) in order, weighted) folded into
    outcomes: the side that pegged out first, or the points each side pegged."""
    target = board.rules.target
    start = board.from_dealer()
    out: dict[tuple[int, tuple[int, ...]], float] = {}
    for seq, w in plays:
        got = list(start)
        first = -1
        for side, pts in seq:
            got[side] += pts
            if got[side] >= target:
                first = side
                break
        pegged = tuple(g - s for g, s in zip(got, start, strict=True))
        key = (first, (0,) * board.sides if first >= 0 else pegged)
        out[key] = out.get(key, 0.0) + w
    return out


def _counts(board: SeatBoard, model: SeatModel, mine: Pmf, crib: Pmf) -> list[Pmf]:
    """The counts of the show in order, the player's own hand `mine`, the dealer's with `crib`."""
    seats = board.players
    out: list[Pmf] = []
    for k in [*range(1, seats), 0]:
        hand = mine if k == board.seat else model.seat_hands[k]
        out.append(convolve(hand, crib) if k == 0 else hand)
    return out


def discard_wins(options: Sequence[DiscardOption], board: SeatBoard) -> list[float]:
    """The chance to win of each discard option (in the order given); see the module text."""
    if not options:
        return []
    model = seat_model(board.rules.name)
    plays = fold(board, [(row, 1.0) for row in model.pegging])
    held = {c.index for c in (*options[0].keep, *options[0].discard)}
    unseen = [c for c in range(52) if c not in held]
    flush = board.rules.flush
    out: list[float] = []
    for option in options:
        totals = starter_totals(
            [c.index for c in option.keep], unseen, starter_bonus=flush.starter_bonus, hand_min=flush.hand_min
        )
        hand = {k: v / len(unseen) for k, v in Counter(totals).items()}
        crib = shifted(model.crib, option.crib_ev - model.crib_mean)
        deal = _Deal(board, _counts(board, model, hand, crib))
        out.append(deal.after_play(plays))
    return out


def rank_by_win(
    options: Sequence[DiscardOption], board: SeatBoard
) -> tuple[list[DiscardOption], list[float]]:
    """The options best first by the chance to win (ties keep the points order), with their chances."""
    wins = discard_wins(options, board)
    order = sorted(range(len(options)), key=lambda i: (-round(wins[i], 9), i))
    return [options[i] for i in order], [wins[i] for i in order]


def play_wins(
    board: SeatBoard,
    *,
    hand: Sequence[Card],
    played: Sequence[Card],
    count: int | None,
    starter: Card | None,
    discarded: Sequence[Card],
    others: Sequence[int] | None,
    out: Sequence[int],
    last: int | None,
    seed: int,
    rollouts: int = 1200,
) -> dict[int, float]:
    """`crib advise-peg --score` with three or four players: each legal card's chance to win (by
    rank index). The rest of the play is the sampled play-outs of `trainer.advice.playout` (every
    card on the same deals of the hidden cards), each stopped when a side pegs out first."""
    from trainer.advice.crib_values import crib_table
    from trainer.advice.playout import _deal, _play_out, seat_table

    rules = board.rules
    n = rules.players
    now = sum(c.value for c in played) if count is None else count
    legal = sorted({c.index >> 2 for c in hand if now + c.value <= 31})
    if not legal:
        return {}
    start = board.from_dealer()
    need = tuple(rules.target - s for s in start)
    # seats of the play are the player's (0 he, 1 his left, ...); sides from the dealer's
    sides = tuple(((k - board.dealer) % n) % rules.sides for k in range(n))
    table = seat_table(
        rules,
        hand=hand,
        played=played,
        now=now,
        seen=[*hand, *played, *discarded, *([starter] if starter else [])],
        holding=tuple(others) if others is not None else (rules.hand_size,) * (n - 1),
        out=out,
        last=last,
        sides=sides,
        need=tuple(need[s] for s in range(rules.sides)),
    )
    rng = random.Random(seed)
    pool = [c.index >> 2 for c in table.unseen]
    deals = [_deal(table, pool, rng) for _ in range(max(30, rollouts // len(legal)))]
    model = seat_model(rules.name)
    mine_show: Pmf | None = None
    if starter is not None and len(hand) == rules.hand_size:
        mine_show = {show_total(hand, starter, ruleset=rules): 1.0}
    crib = model.crib
    if len(discarded) == rules.deal.discard_per_player:
        crib_ev = crib_table(rules).value(discarded, own=board.side == 0)
        crib = shifted(model.crib, crib_ev - model.crib_mean)
    deal = _Deal(board, _counts(board, model, mine_show or model.seat_hands[board.seat], crib))
    series_ranks = tuple(c.index >> 2 for c in table.series)
    mine = [c.index >> 2 for c in hand]
    wins: dict[int, float] = {}
    for r in legal:
        outcomes: Counter[tuple[int, tuple[int, ...]]] = Counter()
        for dealt in deals:
            hands = [list(h) for h in dealt]
            hands[0] = list(mine)
            points, first = _play_out(table, r, hands, series_ranks, now)
            if first is not None:
                outcomes[(first, (0,) * rules.sides)] += 1
            else:
                per_side = [0] * rules.sides
                for seat, p in enumerate(points):
                    per_side[sides[seat]] += p
                outcomes[(-1, tuple(per_side))] += 1
        wins[r] = deal.after_play(outcomes)
    return wins
