"""Pegging advice for any number of players, and by the chance to go out near the end.

`trainer.advice.pegging` is exact for two players. With three or four players the holdings of
two or three hidden hands multiply too fast to enumerate, and their play has its own turn and go
rules, so this module *samples* them: each sample deals the unseen cards at random to the
other seats (as many as each still holds), then every legal card of the player is played out
with every seat following the same greedy policy as the two-player advice, under the engine's
procedure (clockwise turns, go, a new count led from the last player's left, partners pooling
their points). Every card is judged on the same samples, so the comparison between cards stays
sharp; the result says `sampled` and how many samples.

The same play-outs also give, for the end of a game, the chance that the player's side pegs out
before any other side (and the chance that another side does first), which is what a player
near the target should maximise rather than the average points: `win_value` is
P(we peg out first) - P(another side pegs out first).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb

from trainer.advice.pegging import _KIND_POINTS, PegAdvice, _choose, _kind, _now_kinds, _risk, play_points
from trainer.advice.reasons import PegReason, Risk
from trainer.engine.cards import Card, full_deck
from trainer.engine.fastscore import VALUES
from trainer.engine.ruleset import Ruleset

ROLLOUTS = 1200  # play-outs per decision, shared among the candidate cards: under 200 ms


@dataclass(frozen=True, slots=True)
class Table:
    """What the seat to act knows about the play: its cards, the count, the others' card counts.

    hands_left: how many cards each seat still holds (the actor's own entry is len(hand)).
    said_go: seats out of the current count. sides: the scoring side of each seat.
    need: points each side still needs to reach the target (None: not near the end).
    """

    seat: int
    hand: tuple[Card, ...]
    series: tuple[Card, ...]
    hands_left: tuple[int, ...]
    said_go: frozenset[int]
    last_player: int | None
    unseen: tuple[Card, ...]
    sides: tuple[int, ...]
    single_count: bool = False
    need: tuple[int, ...] | None = None

    @property
    def count(self) -> int:
        return sum(c.value for c in self.series)


@dataclass(frozen=True, slots=True)
class PlayoutAdvice:
    """The ranked cards (average net points, best first) and, near the end, for each card (by
    rank index; empty when no side can peg out): `win`, the chance that the player's side pegs
    out first less the chance that another side does (from −1 to 1, not a chance), and `first`,
    the chance that the player's side pegs out first (0 to 1)."""

    advice: list[PegAdvice]
    win: dict[int, float]
    first: dict[int, float] = field(default_factory=dict)


def playout_advice(
    table: Table, *, rng: random.Random | None = None, rollouts: int = ROLLOUTS
) -> PlayoutAdvice:
    """Rank the legal cards of `table.seat` by sampled play-outs (see the module text)."""
    rng = rng or random.Random(0)
    count = table.count
    legal = [c for c in table.hand if count + c.value <= 31]
    if not legal:
        return PlayoutAdvice([], {})
    by_rank: dict[int, Card] = {}
    for c in sorted(legal):
        by_rank.setdefault(c.index >> 2, c)
    ranks = list(by_rank)
    n = max(30, rollouts // len(ranks))
    pool = [c.index >> 2 for c in table.unseen]
    deals = [_deal(table, pool, rng) for _ in range(n)]
    series = tuple(c.index >> 2 for c in table.series)
    mine = [c.index >> 2 for c in table.hand]
    my_side = table.sides[table.seat]
    nets: dict[int, float] = {}
    wins: dict[int, float] = {}
    firsts: dict[int, float] = {}
    for r in ranks:
        total = 0
        out_first = 0
        ours = 0
        for others in deals:
            hands = [list(h) for h in others]
            hands[table.seat] = list(mine)
            points, first = _play_out(table, r, hands, series, count)
            total += sum(p if table.sides[s] == my_side else -p for s, p in enumerate(points))
            if first is not None:
                out_first += 1 if first == my_side else -1
                ours += first == my_side
        nets[r] = total / n
        wins[r] = out_first / n
        firsts[r] = ours / n
    advice = [
        PegAdvice(
            card=by_rank[r],
            ev=nets[r],
            immediate=play_points((*series, r)),
            reason=why.english(len(table.hands_left)),
            reply_ev=0.0,
            method="sampled",
            holdings=n,
            why=why,
        )
        for r in ranks
        for why in [_why(by_rank[r], series, count, table)]
    ]
    order = {c: i for i, c in enumerate(table.hand)}
    advice.sort(key=lambda a: (-round(a.ev, 9), -a.immediate, order[a.card]))
    near = table.need is not None and any(w != 0 for w in wins.values())
    return PlayoutAdvice(advice, wins if near else {}, firsts if near else {})


def _deal(table: Table, pool: list[int], rng: random.Random) -> list[tuple[int, ...]]:
    """One guess at the hidden hands: the unseen cards shared at random among the other seats."""
    need = sum(k for s, k in enumerate(table.hands_left) if s != table.seat)
    drawn = rng.sample(pool, min(need, len(pool)))
    out: list[tuple[int, ...]] = []
    at = 0
    for s, k in enumerate(table.hands_left):
        if s == table.seat:
            out.append(())
            continue
        out.append(tuple(drawn[at : at + k]))
        at += k
    return out


def _play_out(
    table: Table, first: int, hands: list[list[int]], series: tuple[int, ...], count: int
) -> tuple[list[int], int | None]:
    """Play `first` for the actor, then every seat greedily to the end of the play.

    Returns the points each seat pegged and the side that reached its `need` first (None when
    none did or no need was given). Mirrors `trainer.engine.pegging.PeggingState`.
    """
    players = len(hands)
    points = [0] * players
    need = table.need
    got = [0] * (max(table.sides) + 1)
    said_go = set(table.said_go)
    last = table.last_player
    p = table.seat
    card = first
    first_out: int | None = None

    def score(seat: int, pts: int) -> None:
        nonlocal first_out
        if not pts:
            return
        points[seat] += pts
        side = table.sides[seat]
        got[side] += pts
        if need is not None and first_out is None and got[side] >= need[side]:
            first_out = side

    while True:
        if card < 0 and p not in said_go:
            card = _choose(hands[p], count, series)
        if card >= 0:
            hands[p].remove(card)
            count += VALUES[card]
            series = (*series, card)
            score(p, play_points(series))
            last = p
            card = -1
            if count == 31:
                if table.single_count or not any(hands):
                    break
                count, series, said_go = 0, (), set()
                p = _leader(hands, last)
                continue
            if not any(hands):
                score(p, 1)  # last card
                break
        else:
            said_go.add(p)
        nxt = next(
            (
                (p + k) % players
                for k in range(1, players + 1)
                if (p + k) % players not in said_go and hands[(p + k) % players]
            ),
            None,
        )
        if nxt is not None:
            p = nxt
            continue
        if last is not None and count not in (0, 31):
            score(last, 1)  # go
        if table.single_count or not any(hands):
            break
        count, series, said_go = 0, (), set()
        p = _leader(hands, last if last is not None else p)
    return points, first_out


def _leader(hands: list[list[int]], last: int) -> int:
    n = len(hands)
    return next((last + k) % n for k in range(1, n + 1) if hands[(last + k) % n])


def _why(card: Card, series: tuple[int, ...], count: int, table: Table) -> PegReason:
    new = count + card.value
    full = (*series, card.index >> 2)
    immediate = play_points(full)
    now, run = _now_kinds(card, series, count) if immediate else ((), 0)
    others_out = all(s in table.said_go or not k for s, k in enumerate(table.hands_left) if s != table.seat)
    risks = () if others_out or new == 31 else _risks(full, new, table)
    return PegReason(
        now=now,
        points=immediate,
        count=new,
        rank=card.index >> 2,
        lead=not series,
        ends=new == 31,
        alone=others_out and new != 31,
        run=run,
        risks=risks,
    )


def _risks(full: tuple[int, ...], new: int, table: Table) -> tuple[Risk, ...]:
    """What the next player can score on the card at once, and how likely he holds it: the
    chance that his k unknown cards include one of the m unseen cards that score."""
    n = len(table.hands_left)
    nxt = next(
        ((table.seat + s) % n for s in range(1, n) if (table.seat + s) % n not in table.said_go),
        None,
    )
    if nxt is None or not table.hands_left[nxt]:
        return ()
    k = table.hands_left[nxt]
    pool = Counter(c.index >> 2 for c in table.unseen)
    total = sum(pool.values())
    makers: dict[str, int] = {}
    for r, m in pool.items():
        if new + VALUES[r] <= 31 and play_points((*full, r)):
            kind = _kind((*full, r))
            makers[kind] = makers.get(kind, 0) + m
    found = []
    for kind, m in makers.items():
        share = 1 - comb(total - m, k) / comb(total, k) if total >= k else 0.0
        if share >= 0.02:
            found.append((_KIND_POINTS[kind] * share, kind, share))
    found.sort(reverse=True)
    return tuple(_risk(kind, new, full, share) for _, kind, share in found[:2])


def unseen_for(known: Sequence[Card]) -> tuple[Card, ...]:
    """Cards outside `known` (the player's hand, everything played, the starter, own discards)."""
    seen = set(known)
    return tuple(c for c in full_deck() if c not in seen)


def advise_peg_multi(
    hand: Sequence[Card],
    *,
    ruleset: Ruleset,
    played: Sequence[Card] = (),
    count: int | None = None,
    starter: Card | None = None,
    discarded: Sequence[Card] = (),
    others: Sequence[int] | None = None,
    out: Sequence[int] = (),
    last: int | None = None,
    rng: random.Random | None = None,
) -> list[PegAdvice]:
    """`crib advise-peg` with three or four players: seat 0 is the player, 1.. the others
    clockwise from his left. others: cards each other seat still holds (default: a full hand
    each, right for the start of the play); out: the other seats out of this count (said go);
    last: the seat that played the count's last card (default: the player's right)."""
    from trainer.advice.errors import AdviceError

    n = ruleset.players
    everything = [*hand, *played, *discarded, *([starter] if starter else [])]
    if len(set(everything)) != len(everything):
        dup = next(c for c in everything if everything.count(c) > 1)
        raise AdviceError(
            f"{dup} is given twice (hand, played, starter and discards must differ)",
            key="error.advise.twice",
            card=dup,
        )
    if not hand:
        raise AdviceError("the hand is empty: there is nothing to advise", key="error.advise.empty")
    holding = tuple(others) if others is not None else (ruleset.hand_size,) * (n - 1)
    if len(holding) != n - 1 or any(not 0 <= k <= ruleset.hand_size for k in holding):
        raise AdviceError(
            f"--others: give the cards each of the {n - 1} other players holds, 0 to {ruleset.hand_size}, "
            "clockwise from your left (e.g. --others 3,4)",
            key="error.advice.others",
            players=n - 1,
            size=ruleset.hand_size,
        )
    if any(not 1 <= s < n for s in out) or (last is not None and not 0 <= last < n):
        raise AdviceError(
            f"--out and --last name seats 1 to {n - 1} clockwise from your left (0 is you)",
            key="error.advice.seats",
            last=n - 1,
        )
    total = sum(c.value for c in played)
    now = total if count is None else count
    if not 0 <= now <= 30 or (count is None and total > 31):
        raise AdviceError(
            f"count {now}: give the current count (0 to 30) with --count",
            key="raised.advice.count",
            count=now,
        )
    table = seat_table(
        ruleset,
        hand=hand,
        played=played,
        now=now,
        seen=everything,
        holding=holding,
        out=out,
        last=last,
        sides=ruleset.seat_sides,
    )
    return playout_advice(table, rng=rng).advice


def seat_table(
    ruleset: Ruleset,
    *,
    hand: Sequence[Card],
    played: Sequence[Card],
    now: int,
    seen: Sequence[Card],
    holding: Sequence[int],
    out: Sequence[int],
    last: int | None,
    sides: tuple[int, ...],
    need: tuple[int, ...] | None = None,
) -> Table:
    """The play as seat 0 (the player) knows it, with three or four players: the count's cards
    are the tail of `played` that adds up to `now`; the others hold `holding` cards (clockwise
    from his left), `out` said go, `last` played the count's last card (default: his right).
    `sides`: each seat's scoring side; `need`: what each side needs near the end (the board)."""
    from trainer.advice.errors import AdviceError

    series: list[Card] = []
    acc = 0
    for card in reversed(played):
        if acc == now:
            break
        acc += card.value
        series.insert(0, card)
    if acc != now:
        raise AdviceError(
            f"no tail of the played cards adds up to the count {now}; list the played cards in order",
            key="error.advise.tail",
            count=now,
        )
    n = ruleset.players
    return Table(
        seat=0,
        hand=tuple(hand),
        series=tuple(series),
        hands_left=(len(hand), *holding),
        said_go=frozenset(out),
        last_player=(n - 1 if last is None else last) if series else None,
        unseen=unseen_for(seen),
        sides=sides,
        single_count=ruleset.pegging.mode == "single_count",
        need=need,
    )
