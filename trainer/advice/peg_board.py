"""Pegging plays judged by the chance to win at the actual score (two players).

The pegging advice (`trainer.advice.pegging`) plays every legal card out against every holding
the opponent may have and averages the net points. Near the end of a game the order of those
points decides: a pair that gives the dealer 2 may give him the game, and a pone who counts first
needs only to survive the play. Here the same holdings (exact, or the same seeded sample) are
played out recording every point in order (`_events`), folded by `trainer.advice.board` into who
pegs out first and, otherwise, the scores the show starts from; the show and the table at the end
of the deal then give each card its chance to win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from trainer.advice.board import Board, PlayOutcomes, play_outcomes, play_wins
from trainer.advice.pegging import MAX_ROLLOUTS, PegPosition, _choose, _holdings, play_points
from trainer.engine.cards import Card
from trainer.engine.fastscore import VALUES, show_total


def play_win_chances(
    position: PegPosition,
    board: Board,
    *,
    my_show: Mapping[int, float] | None = None,
    crib_ev: float | None = None,
    rng: random.Random | None = None,
    max_rollouts: int = MAX_ROLLOUTS,
) -> dict[int, float]:
    """The chance to win of every legal card, by rank index (the suit never matters in the play).

    my_show: the player's own show (his kept hand with the starter: one value with probability 1)
    when known; crib_ev: the expected crib of this deal when known (see `board.play_wins`).
    """
    values = play_values(
        position, board, my_show=my_show, crib_ev=crib_ev, rng=rng, max_rollouts=max_rollouts
    )
    return {r: win for r, (win, _net) in values.items()}


def play_values(
    position: PegPosition,
    board: Board,
    *,
    my_show: Mapping[int, float] | None = None,
    crib_ev: float | None = None,
    rng: random.Random | None = None,
    max_rollouts: int = MAX_ROLLOUTS,
) -> dict[int, tuple[float, float]]:
    """Per legal rank: (the chance to win, the expected net pegging points) from one set of
    play-outs; the computer uses this alone (the coach's advice adds the reasons)."""
    count = position.count
    ranks = sorted({c.index >> 2 for c in position.hand if count + c.value <= 31})
    if not ranks:
        return {}
    holdings, _method = _holdings(position, len(ranks), rng or random.Random(0), max_rollouts)
    mine_all = [c.index >> 2 for c in position.hand]
    series = tuple(c.index >> 2 for c in position.series)
    target = board.table.target
    out: dict[int, tuple[float, float]] = {}
    total_weight = sum(holdings.values())
    for r in ranks:
        seqs = [
            (
                _events(
                    r,
                    list(mine_all),
                    list(holding),
                    series,
                    count,
                    position.opp_said_go,
                    position.single_count,
                ),
                float(weight),
            )
            for holding, weight in holdings.items()
        ]
        outcomes: PlayOutcomes = play_outcomes(
            seqs, need_mine=target - board.mine, need_other=target - board.other
        )
        net = sum(w * sum(p if side == 0 else -p for side, p in seq) for seq, w in seqs) / total_weight
        out[r] = (play_wins(outcomes, board, my_show=my_show, crib_ev=crib_ev), net)
    return out


def _events(
    first: int,
    mine: list[int],
    theirs: list[int],
    series: tuple[int, ...],
    count: int,
    opp_go: bool,
    single: bool,
) -> list[tuple[int, int]]:
    """`pegging._rollout` keeping the points in order: (0 me / 1 the opponent, points)."""
    hands = [mine, theirs]
    go = [False, opp_go]
    events: list[tuple[int, int]] = []
    turn = 0
    last = 0
    card = first
    while True:
        p = turn
        if card < 0 and not go[p]:
            card = _choose(hands[p], count, series)
        if card >= 0:
            hands[p].remove(card)
            count += VALUES[card]
            series = (*series, card)
            pts = play_points(series)
            if pts:
                events.append((p, pts))
            last = p
            card = -1
            if count == 31:
                if single or not (hands[0] or hands[1]):
                    break
                count, series, go = 0, (), [False, False]
                turn = 1 - last if hands[1 - last] else last
                continue
            if not (hands[0] or hands[1]):
                events.append((last, 1))  # last card
                break
        else:
            go[p] = True
        q = 1 - p
        if not go[q] and hands[q]:
            turn = q
        elif not go[p] and hands[p]:
            turn = p
        else:
            events.append((last, 1))  # go
            if single or not (hands[0] or hands[1]):
                break
            count, series, go = 0, (), [False, False]
            turn = 1 - last if hands[1 - last] else last
    return events


def cli_play_wins(
    board: Board,
    *,
    hand: Sequence[Card],
    played: Sequence[Card],
    count: int | None,
    starter: Card | None,
    discarded: Sequence[Card],
    opp_cards: int | None,
    opp_said_go: bool,
    seed: int,
) -> dict[int, float]:
    """`crib advise-peg --score`: the chance to win of every legal card (by rank index). The
    player's own show is exact when the starter is given and he has played no card yet; his
    discards, when given, set the expected crib (the crib table)."""
    import random

    from trainer.advice.crib_values import crib_table
    from trainer.advice.pegging import position_from_cards

    rules = board.rules
    position = position_from_cards(
        hand,
        played=played,
        count=count,
        ruleset=rules,
        starter=starter,
        discarded=discarded,
        opp_cards=opp_cards,
        opp_said_go=opp_said_go,
    )
    my_show = None
    if starter is not None and len(hand) == rules.hand_size:
        my_show = {show_total(hand, starter, ruleset=rules): 1.0}
    crib_ev = None
    if len(discarded) == rules.deal.discard_per_player:
        crib_ev = crib_table(rules).value(discarded, own=board.dealer)
    return play_win_chances(position, board, my_show=my_show, crib_ev=crib_ev, rng=random.Random(seed))
