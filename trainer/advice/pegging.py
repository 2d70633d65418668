"""Pegging advice: every legal card ranked by expected net pegging points for the rest of the play.

By default (`model="search"`) the values come from `trainer.advice.search`: the opponent's
holdings weighted by what he has shown and a minimax search of the rest of the play for each
(whenever both hands together hold at most 8 cards). This module builds the positions, words
the reasons and keeps the older greedy model below, used as the fallback (the start of a
seven-card play) and by the end-of-game play-outs (`trainer.advice.peg_board`).

The greedy model, in the order a reader needs it:

- The opponent's cards are unknown: every holding of the right size drawn from the cards the
  player has not seen (52 minus his hand, the cards played, the starter and his own discards)
  is equally likely. Suits never matter in the play, so holdings are rank multisets, weighted
  by how many card sets give each one.
- For each legal card and each holding, the rest of the play is played out with both players
  following a *greedy* policy: the card that scores most now, ties broken away from danger
  (leaving 5 or 21, where any ten-card makes 15 or 31, is worst; leaving a count that one rank
  turns into 15 or 31 is next), then the higher card (small cards are worth keeping for the go).
  Each player sees only his own hand, so the policy never peeks.
- The value of a card is the weighted average over holdings of (my points - the opponent's
  points) from this card to the end of the play, go and last card included.
- Exact: every holding is enumerated when holdings x legal cards fits the budget (2,400
  play-outs; always true once the opponent holds 3 cards or fewer). Otherwise a fixed number of
  holdings is sampled with the `random.Random` passed in (seeded by default), the same sample
  for every card, so the comparison between cards stays sharp. Each result says which.

Two-player rulesets only (classic, five-card with its single count, seven-card); the three- and
four-player play has turn and go rules this model does not cover yet.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from trainer.advice.errors import AdviceError
from trainer.advice.opponent import likelihood
from trainer.advice.pegplay import DANGER as DANGER
from trainer.advice.pegplay import _choose as _choose
from trainer.advice.pegplay import _enumerate as _enumerate
from trainer.advice.pegplay import _kind as _kind
from trainer.advice.pegplay import _rollout as _rollout
from trainer.advice.pegplay import play_points as play_points
from trainer.advice.reasons import PegReason, Risk
from trainer.advice.search import holding_weights, sampled_weights, search_values, searchable
from trainer.engine.cards import Card, full_deck
from trainer.engine.fastscore import VALUES
from trainer.engine.ruleset import Ruleset

if TYPE_CHECKING:  # only the type: the engine's play module is not needed to give advice
    from trainer.engine.pegging import PeggingState

Method = Literal["exact", "sampled"]
Model = Literal["search", "greedy"]
MAX_ROLLOUTS = 2400


@dataclass(frozen=True, slots=True)
class PegAdvice:
    """One legal card with its expectation over the rest of the play (net points for the player)."""

    card: Card
    ev: float
    immediate: int
    reason: str
    reply_ev: float
    method: Method
    holdings: int
    why: PegReason | None = None  # the reason as data: the screen words it (trainer.i18n.reasons)
    error: float = 0.0  # sampled search: standard error of (best card's value - this card's)

    def to_json(self, digits: int = 2) -> dict[str, object]:
        return {
            "card": str(self.card),
            "ev": round(self.ev, digits),
            "immediate": self.immediate,
            "reason": self.reason,
            "opponent_reply_ev": round(self.reply_ev, digits),
        }


@dataclass(frozen=True, slots=True)
class PegPosition:
    """What the player to act knows: his hand, the current count, the unseen cards, and how many
    cards the opponent still holds (and whether he has said go in this count)."""

    hand: tuple[Card, ...]
    series: tuple[Card, ...]
    unseen: tuple[Card, ...]
    opp_cards: int
    opp_said_go: bool = False
    single_count: bool = False
    opp_played: tuple[Card, ...] = ()  # the opponent's cards played this deal (known to all)
    opp_go_counts: tuple[int, ...] = ()  # counts at which he said go while holding cards
    hand_size: int | None = None  # cards each player keeps for the play (the keep model's)
    opp_dealer: bool | None = None  # the opponent deals (None: not known)
    # His plays this deal, in order: (the count's ranks before the card, its rank), for his habit.
    opp_plays: tuple[tuple[tuple[int, ...], int], ...] = ()
    opp_habit: tuple[str, float] | None = None  # his follow habit and its slip (`opponent`)

    @property
    def count(self) -> int:
        return sum(c.value for c in self.series)


def position_from_cards(
    hand: Sequence[Card],
    *,
    played: Sequence[Card] = (),
    count: int | None = None,
    ruleset: Ruleset,
    starter: Card | None = None,
    discarded: Sequence[Card] = (),
    opp_cards: int | None = None,
    opp_said_go: bool = False,
) -> PegPosition:
    """Build a position from what a player can tell: see `advise_peg` for the arguments."""
    _two_players(ruleset)
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
    size = ruleset.hand_size
    if len(hand) > size:
        raise AdviceError(
            f"a {ruleset.name} hand has {size} cards in the play, got {len(hand)}",
            key="error.advise.hand_size",
            ruleset=ruleset.name,
            size=size,
            n=len(hand),
        )
    total = sum(c.value for c in played)
    if count is None:
        if total > 31:
            raise AdviceError(
                f"the played cards add up to {total}, past 31, so a new count has begun: "
                "give the current count with --count",
                key="error.advise.past_31",
                total=total,
            )
        count = total
    if not 0 <= count <= 30:
        raise AdviceError(
            f"count {count}: a count to play on is 0 to 30", key="error.advise.count", count=count
        )
    series = _series_for(tuple(played), count)
    mine_played = size - len(hand)
    theirs_played = len(played) - mine_played
    if opp_cards is None:
        if not 0 <= theirs_played <= size:
            raise AdviceError(
                f"{len(played)} cards played while you hold {len(hand)} of {size}: "
                "that does not add up; give --opp-cards",
                key="error.advise.mismatch",
                played=len(played),
                held=len(hand),
                size=size,
            )
        opp_cards = size - theirs_played
    if not 0 <= opp_cards <= size:
        raise AdviceError(
            f"the opponent holds 0 to {size} cards, not {opp_cards}",
            key="error.advise.opp_cards",
            size=size,
            got=opp_cards,
        )
    known = set(everything)
    unseen = tuple(c for c in full_deck() if c not in known)
    if opp_cards > len(unseen):
        raise AdviceError(
            "too few cards are left unseen for the opponent's hand: name fewer cards (your hand, the"
            " starter, the cards played) or give a smaller --opp-cards",
            key="error.advise.unseen",
        )
    return PegPosition(
        hand=tuple(hand),
        series=series,
        unseen=unseen,
        opp_cards=opp_cards,
        opp_said_go=opp_said_go or opp_cards == 0,
        single_count=ruleset.pegging.mode == "single_count",
        hand_size=size,
    )


def _series_for(played: tuple[Card, ...], count: int) -> tuple[Card, ...]:
    """The current count's cards: the tail of `played` that adds up to `count`."""
    total = 0
    for i in range(len(played), -1, -1):
        if total == count:
            return played[i:]
        if i == 0:
            break
        total += played[i - 1].value
        if total > count:
            break
    raise AdviceError(
        f"no tail of the played cards adds up to the count {count}; list the played cards in order",
        key="error.advise.tail",
        count=count,
    )


def _two_players(ruleset: Ruleset) -> None:
    if ruleset.players != 2:
        raise AdviceError(
            f"pegging advice covers two-player rulesets; {ruleset.name} has {ruleset.players} players",
            key="error.advise.players",
            ruleset=ruleset.name,
            players=ruleset.players,
        )


def advise_peg(
    hand: Sequence[Card],
    *,
    ruleset: Ruleset,
    played: Sequence[Card] = (),
    count: int | None = None,
    starter: Card | None = None,
    discarded: Sequence[Card] = (),
    opp_cards: int | None = None,
    opp_said_go: bool = False,
    rng: random.Random | None = None,
    max_rollouts: int = MAX_ROLLOUTS,
) -> list[PegAdvice]:
    """Rank every legal card of `hand` by expected net pegging points (best first).

    hand: the cards the player still holds.
    ruleset: a two-player ruleset (its hand size and single-count rule are used).
    played: every card played so far this deal, both players, in order (earlier counts too).
    count: the current count (default: the sum of `played`, which must then be 31 or less);
        the current count's cards are the tail of `played` that adds up to it.
    starter, discarded: cards the player knows are not in the opponent's hand.
    opp_cards: cards the opponent still holds (default: inferred from the hand size and the
        number of cards played, since the player knows how many he played himself).
    opp_said_go: the opponent has said go in this count, so the player plays on alone.
    rng: for the sampled mode (default `random.Random(0)`, so advice is reproducible).
    max_rollouts: the exact/sampled budget (holdings x legal cards).

    Returns [] when no card fits under 31 (the player must say go). Raises a CribError
    subclass for an inconsistent position.
    """
    position = position_from_cards(
        hand,
        played=played,
        count=count,
        ruleset=ruleset,
        starter=starter,
        discarded=discarded,
        opp_cards=opp_cards,
        opp_said_go=opp_said_go,
    )
    return advise_position(position, rng=rng, max_rollouts=max_rollouts)


def advise_peg_state(
    state: PeggingState,
    *,
    seen: Sequence[Card] = (),
    seat: int | None = None,
    rng: random.Random | None = None,
    max_rollouts: int = MAX_ROLLOUTS,
    opp_played: Sequence[Card] = (),
    opp_go_counts: Sequence[int] = (),
    hand_size: int | None = None,
    opp_dealer: bool | None = None,
    model: Model = "search",
    opp_plays: Sequence[tuple[tuple[int, ...], int]] = (),
    opp_habit: tuple[str, float] | None = None,
) -> list[PegAdvice]:
    """Advice for the seat to act in an engine `PeggingState` (two players).

    seen: every card that seat has seen that is neither in its hand nor in the current count:
        cards of earlier counts, the starter, its own discards.
    opp_played, opp_go_counts, hand_size: see `position_from_state`.
    """
    position = position_from_state(
        state,
        seen=seen,
        seat=seat,
        opp_played=opp_played,
        opp_go_counts=opp_go_counts,
        hand_size=hand_size,
        opp_dealer=opp_dealer,
    )
    if opp_habit is not None:
        position = replace(position, opp_plays=tuple(opp_plays), opp_habit=opp_habit)
    return advise_position(position, rng=rng, max_rollouts=max_rollouts, model=model)


def position_from_state(
    state: PeggingState,
    *,
    seen: Sequence[Card] = (),
    seat: int | None = None,
    opp_played: Sequence[Card] = (),
    opp_go_counts: Sequence[int] = (),
    hand_size: int | None = None,
    opp_dealer: bool | None = None,
) -> PegPosition:
    """What the seat to act in an engine `PeggingState` knows (two players; see `advise_peg_state`).

    opp_played, opp_go_counts, hand_size: what the opponent has shown this deal (his cards
    played, the counts at which he said go) and the kept hand's size, for the opponent model."""
    if state.players != 2:
        raise AdviceError("pegging advice covers two-player play", key="raised.advice.two_players")
    seat = state.turn if seat is None else seat
    other = 1 - seat
    known = {*state.hands[seat], *state.series, *seen}
    return PegPosition(
        hand=state.hands[seat],
        series=state.series,
        unseen=tuple(c for c in full_deck() if c not in known),
        opp_cards=len(state.hands[other]),
        opp_said_go=other in state.said_go or not state.hands[other],
        single_count=state.single_count,
        opp_played=tuple(opp_played),
        opp_go_counts=tuple(opp_go_counts),
        hand_size=hand_size,
        opp_dealer=opp_dealer,
    )


def advise_position(
    position: PegPosition,
    *,
    rng: random.Random | None = None,
    max_rollouts: int = MAX_ROLLOUTS,
    model: Model = "search",
) -> list[PegAdvice]:
    """The core: enumerate or sample holdings, value each legal card, rank.

    model: "search" (the default, the coach's and the expert's): the opponent model and the
    determinized search of `trainer.advice.search` whenever both hands together hold few enough
    cards to search (always in classic and five-card); "greedy": the greedy play-outs over
    equally likely holdings described in the module text (also the fallback)."""
    count = position.count
    legal = [c for c in position.hand if count + c.value <= 31]
    if not legal:
        return []
    # One candidate per rank: suits never matter in the play.
    by_rank: dict[int, Card] = {}
    for c in sorted(legal):
        by_rank.setdefault(c.index >> 2, c)
    ranks = list(by_rank)
    if model == "search" and searchable(len(position.hand), position.opp_cards):
        return _advise_search(position, by_rank, rng or random.Random(0), max_rollouts)
    holdings, method = _holdings(position, len(ranks), rng or random.Random(0), max_rollouts)
    mine_all = [c.index >> 2 for c in position.hand]
    series = tuple(c.index >> 2 for c in position.series)
    total_weight = sum(holdings.values())
    results: dict[int, tuple[float, float, Counter[str], int]] = {}
    for r in ranks:
        immediate = play_points((*series, r))
        net_sum = 0.0
        reply_sum = 0.0
        kinds: Counter[str] = Counter()
        for holding, weight in holdings.items():
            out = _rollout(
                r,
                list(mine_all),
                list(holding),
                series,
                count,
                position.opp_said_go,
                position.single_count,
            )
            net_sum += weight * out.net
            reply_sum += weight * out.reply
            if out.reply_kind:
                kinds[out.reply_kind] += weight
        results[r] = (net_sum / total_weight, reply_sum / total_weight, kinds, immediate)
    advice = [
        PegAdvice(
            card=by_rank[r],
            ev=ev,
            immediate=immediate,
            reason=why.english(),
            reply_ev=reply,
            method=method,
            holdings=total_weight,
            why=why,
        )
        for r, (ev, reply, kinds, immediate) in results.items()
        for why in [_reason(by_rank[r], series, count, immediate, kinds, total_weight, position)]
    ]
    order = {c: i for i, c in enumerate(position.hand)}
    advice.sort(key=lambda a: (-round(a.ev, 9), -a.immediate, order[a.card]))
    return advice


def opponent_weights(
    position: PegPosition, rng: random.Random, draws: int = 4000
) -> tuple[dict[tuple[int, ...], float], bool]:
    """The opponent model's holdings with weights (`trainer.advice.search`): every one when they
    can be listed (True), else `draws` weighted random ones (False)."""
    weights, listed, _sets = _opponent_weights(position, rng, draws)
    return weights, listed


def _opponent_weights(
    position: PegPosition, rng: random.Random, draws: int = 4000
) -> tuple[dict[tuple[int, ...], float], bool, int]:
    """`opponent_weights` and the number of card sets behind the listed holdings (0: drawn)."""
    goes = list(position.opp_go_counts)
    if position.opp_said_go and position.opp_cards and position.series:
        goes.append(position.count)
    played = [c.index >> 2 for c in position.opp_played]
    unseen = Counter(c.index >> 2 for c in position.unseen)
    k = position.opp_cards
    listed = holding_weights(
        unseen,
        k,
        opp_played=played,
        go_counts=goes,
        hand_size=position.hand_size,
        dealer=position.opp_dealer,
    )
    if listed is not None and listed[0]:
        return _by_habit(listed[0], position), True, listed[1]
    pool = [c.index >> 2 for c in position.unseen]
    drawn = sampled_weights(
        pool,
        k,
        rng,
        draws,
        opp_played=played,
        go_counts=goes,
        hand_size=position.hand_size,
        dealer=position.opp_dealer,
    )
    if not drawn:  # the goes rule out every holding (an inconsistent position): drop them
        drawn = sampled_weights(pool, k, rng, draws)
    return _by_habit(drawn, position), False, 0


def _by_habit(weights: dict[tuple[int, ...], float], position: PegPosition) -> dict[tuple[int, ...], float]:
    """The holdings reweighted by how well each explains his follows this deal, when his habit
    is known (`trainer.advice.opponent`)."""
    if position.opp_habit is None or not position.opp_plays:
        return weights
    habit, slip = position.opp_habit
    return {h: w * likelihood(habit, slip, h, position.opp_plays) for h, w in weights.items()}


def _advise_search(
    position: PegPosition, by_rank: dict[int, Card], rng: random.Random, max_rollouts: int
) -> list[PegAdvice]:
    """`advise_position` with the opponent model and the search (`trainer.advice.search`); the
    play-out budget sets the search's: `search_budget`."""
    weights, listed, sets = _opponent_weights(position, rng)
    if not weights:  # the goes contradict every holding: judge without them
        weights, listed, sets = _opponent_weights(replace(position, opp_go_counts=(), opp_said_go=False), rng)
    ranks = list(by_rank)
    series = tuple(c.index >> 2 for c in position.series)
    count = position.count
    mine = [c.index >> 2 for c in position.hand]
    nodes, samples = search_budget(max_rollouts)
    found = search_values(
        mine,
        weights,
        series,
        ranks,
        opp_go=position.opp_said_go,
        single=position.single_count,
        rng=rng,
        budget=nodes,
        samples=samples,
        habit=position.opp_habit[0] if position.opp_habit else "",
    )
    searched = found.searched  # the reasons' odds from the holdings searched
    total = sum(searched.values())
    advice: list[PegAdvice] = []
    for r in ranks:
        immediate = play_points((*series, r))
        reply_sum = 0.0
        kinds: dict[str, float] = {}
        if not position.opp_said_go and count + VALUES[r] < 31:
            after = (*series, r)
            for holding, w in searched.items():
                answer = _choose(list(holding), count + VALUES[r], after)
                if answer >= 0:
                    pts = play_points((*after, answer))
                    if pts:
                        reply_sum += w * pts
                        kind = _kind((*after, answer))
                        kinds[kind] = kinds.get(kind, 0.0) + w
        share = Counter({kind: round(w / total * 1_000_000) for kind, w in kinds.items()})
        why = _reason(by_rank[r], series, count, immediate, share, 1_000_000, position)
        advice.append(
            PegAdvice(
                card=by_rank[r],
                ev=found.values[r],
                immediate=immediate,
                reason=why.english(),
                reply_ev=reply_sum / total,
                method="exact" if found.exact and listed else "sampled",
                holdings=sets if found.exact and listed else found.holdings,
                why=why,
                error=found.error[r],
            )
        )
    order = {c: i for i, c in enumerate(position.hand)}
    advice.sort(key=lambda a: (-round(a.ev, 9), -a.immediate, order[a.card]))
    return advice


def search_budget(max_rollouts: int) -> tuple[int, int]:
    """The search's budget for a play-out budget: (estimated nodes for the exact mode, holdings
    drawn at least in the sampled mode). The coach's 2,400 gives 96,000 (some 360 holdings at the
    lead, about 0.3 s on this machine), the expert's 720 a third of that (about 100 ms)."""
    return max_rollouts * 40, 60


def _holdings(
    position: PegPosition, candidates: int, rng: random.Random, max_rollouts: int
) -> tuple[Counter[tuple[int, ...]], Method]:
    """Opponent holdings as rank multisets with weights: all of them, or a seeded sample."""
    k = position.opp_cards
    unseen_ranks = Counter(c.index >> 2 for c in position.unseen)
    limit = max(1, max_rollouts // max(1, candidates))
    exact = _enumerate(unseen_ranks, k, limit)
    if exact is not None:
        return exact, "exact"
    pool = [c.index >> 2 for c in position.unseen]
    sample: Counter[tuple[int, ...]] = Counter()
    for _ in range(limit):
        sample[tuple(sorted(rng.sample(pool, k)))] += 1
    return sample, "sampled"


def _now_kinds(card: Card, series: tuple[int, ...], count: int) -> tuple[tuple[str, ...], int]:
    """What the card scores by itself: item kinds in the order they are said, and a run's length."""
    new = count + card.value
    full = (*series, card.index >> 2)
    kinds: list[str] = []
    if new == 15:
        kinds.append("15")
    if new == 31:
        kinds.append("31")
    same = 1
    while same < len(full) and full[-1 - same] == full[-1]:
        same += 1
    run = 0
    if same >= 2:
        kinds.append(("", "", "pair", "pair_royal", "double_pair_royal")[same])
    else:
        run = play_points(full) - (2 if new in (15, 31) else 0)
        if run:
            kinds.append("run")
    return tuple(kinds), run


def _reason(
    card: Card,
    series: tuple[int, ...],
    count: int,
    immediate: int,
    kinds: Counter[str],
    total: int,
    position: PegPosition,
) -> PegReason:
    """The facts of the reason: what the card scores now and the main dangers it leaves
    (worded by `trainer.advice.reasons` in the user's language)."""
    new = count + card.value
    full = (*series, card.index >> 2)
    now, run = _now_kinds(card, series, count) if immediate else ((), 0)
    base = PegReason(now=now, points=immediate, count=new, rank=full[-1], lead=not series, run=run)
    if new == 31:
        return replace(base, ends=True)
    if position.opp_said_go or position.opp_cards == 0:
        return replace(base, alone=True)
    ranked = sorted(kinds.items(), key=lambda kv: (-_KIND_POINTS[kv[0]] * kv[1], kv[0]))
    risks = tuple(
        _risk(kind, new, full, weight / total) for kind, weight in ranked[:2] if weight / total >= 0.02
    )
    return replace(base, risks=risks)


_KIND_POINTS = {"15": 2, "31": 2, "pair": 2, "pair royal": 6, "double pair royal": 12, "run": 3}


def _risk(kind: str, new: int, full: tuple[int, ...], share: float) -> Risk:
    if kind != "run":
        return Risk(kind.replace(" ", "_"), share, full[-1])
    makers = tuple(
        r
        for r in range(13)
        if new + VALUES[r] <= 31
        and play_points((*full, r)) - (2 if new + VALUES[r] in (15, 31) else 0) > 0
        and full.count(r) < 4
        and r != full[-1]
    )
    return Risk(kind, share, full[-1], makers)
