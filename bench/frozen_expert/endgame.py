"""Near the end of a game the discard that wins is not always the one that scores most on
average: a player who needs 12 to go out and counts first should keep the hand most likely to
make 12, however few points it averages otherwise (Colvert, "Play Winning Cribbage", ch. 9:
"play to the board").

`endgame_discard` estimates, for every discard option, the chance that the player's side
reaches the target in this deal's show: the hand is scored exactly with every starter the
player has not seen; the expected pegging for the player's role, the heels and (for the
player's own crib) the expected crib are added as fixed amounts, because they do not depend
much on the choice. The option with the best chance wins; ties go to the better average. The
model is used only while the target is within reach of one deal (`in_reach`); otherwise the
average is the right guide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bench.frozen_expert.discard import DiscardOption
from trainer.engine.fastscore import JACK, starter_totals
from trainer.engine.ruleset import Ruleset

# Average points pegged per deal (two players, from `crib simulate` with the greedy bots):
# the dealer pegs more, pone less; scaled by the hand size for five- and seven-card games.
PEG_PER_CARD = {"dealer": 0.8, "pone": 0.5}
REACH = 24  # a show worth this much is not rare: within it, play to go out


@dataclass(frozen=True, slots=True)
class EndgameOption:
    """A discard option with its chance to go out in the show (0..1)."""

    option: DiscardOption
    chance: float


def expected_pegging(ruleset: Ruleset, *, dealer: bool) -> float:
    """The pegging a player of this role can count on before the show (a rough average)."""
    return PEG_PER_CARD["dealer" if dealer else "pone"] * ruleset.hand_size


def show_need(ruleset: Ruleset, *, score: int, dealer: bool) -> int:
    """Points the side must make in the show to reach the target, after an average play."""
    return max(1, ruleset.target - score - round(expected_pegging(ruleset, dealer=dealer)))


def in_reach(need: int) -> bool:
    return need <= REACH


def endgame_discard(
    options: Sequence[DiscardOption], *, ruleset: Ruleset, need: int, seen: Sequence[int] = ()
) -> list[EndgameOption]:
    """The options ranked by the chance that the show makes `need` points (best first).

    seen: card indices the player knows besides the hand (the crib card from the pack in
    three-player games is hidden, so usually nothing).
    """
    if not options:
        return []
    hand_idx = [c.index for c in (*options[0].keep, *options[0].discard)]
    known = set(hand_idx) | set(seen)
    unseen = [c for c in range(52) if c not in known]
    bonus = ruleset.flush.starter_bonus
    out: list[EndgameOption] = []
    for option in options:
        totals = starter_totals([c.index for c in option.keep], unseen, starter_bonus=bonus)
        extra = option.crib_ev if option.own_crib else 0.0
        hits = 0
        for s, total in zip(unseen, totals, strict=True):
            heels = ruleset.heels_points if option.own_crib and s >> 2 == JACK else 0
            if total + heels + extra >= need:
                hits += 1
        out.append(EndgameOption(option, hits / len(unseen)))
    order = {id(o): i for i, o in enumerate(options)}
    out.sort(key=lambda e: (-round(e.chance, 9), order[id(e.option)]))
    return out
