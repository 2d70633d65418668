"""Muggins: what happens when a player claims a count that differs from the true one.

Counts are announced aloud, and the trainer grades the announcement, not just the cards. Under
muggins (an optional rule, rules spec §1.6) points a player overlooks may be taken by an
opponent; without it they are simply lost (underpegging, spec §3 row 17). Overclaims are never
muggins: they are overpegging (row 18) and go through `trainer.engine.irregularities`.

The seed rule (S0, S2) gives the whole overlooked amount to the opponent. ACC rule 10 makes the
caller name a figure ("muggins for 4"): he takes the lesser of that figure and the true
shortfall, and a call on a count that was not short gives the called points to the other side
as a penalty (10.4a). Heels, penalty points and muggins scores themselves can never be mugged
(ACC 10.3), and the default ruleset applies those exclusions whichever penalty set is in force.
"""

from __future__ import annotations

from trainer.engine.errors import IllegalAction
from trainer.engine.phrases import Phrase
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset

STAGES: tuple[str, ...] = ("play", "show", "heels", "penalty", "muggins")
_NEVER_MUGGABLE = {
    "heels": Phrase("muggins.never.heels", "his heels cannot be mugged (ACC 10.3c)"),
    "penalty": Phrase("muggins.never.penalty", "penalty points cannot be mugged (ACC 10.3)"),
    "muggins": Phrase("muggins.never.muggins", "muggins points cannot themselves be mugged (ACC 10.3)"),
}


class MugginsResult(Record, kw_only=False):
    """The settlement of one claim.

    `scored` is what the claimant keeps (his claim, never more than the truth); `to_caller` is
    what the muggins caller takes; `to_claimant` is the penalty a wrong ACC call gives back.
    `overclaim` is reported so the caller can rule on overpegging separately. `phrase` is
    `reason` with its key and values, so a UI can give the reason in its own language.
    """

    claimed: int
    true_points: int
    scored: int
    overlooked: int
    overclaim: int
    to_caller: int
    to_claimant: int
    reason: str
    rule_ref: str
    phrase: Phrase | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "claimed": self.claimed,
            "true_points": self.true_points,
            "scored": self.scored,
            "overlooked": self.overlooked,
            "overclaim": self.overclaim,
            "to_caller": self.to_caller,
            "to_claimant": self.to_claimant,
            "reason": self.reason,
            "rule_ref": self.rule_ref,
        }


def _unmuggable(stage: str, *, ruleset: Ruleset) -> Phrase | None:
    if stage not in STAGES:
        raise IllegalAction(
            f"unknown muggins stage {stage!r}: choose one of {', '.join(STAGES)}",
            key="raised.muggins.stage",
            stage=repr(stage),
            names=", ".join(STAGES),
        )
    if not ruleset.muggins.enabled:
        return Phrase.of(
            "muggins.off",
            "muggins is off in the {ruleset} ruleset: overlooked points are simply lost",
            ruleset=ruleset.name,
        )
    if stage in _NEVER_MUGGABLE:
        return _NEVER_MUGGABLE[stage]
    if stage == "play" and ruleset.muggins.scope == "show":
        return Phrase(
            "muggins.show_only", "muggins covers only the show in this ruleset, not points in the play (S0)"
        )
    return None


def _result(
    base: dict[str, int], *, to_caller: int, to_claimant: int, why: Phrase, rule_ref: str
) -> MugginsResult:
    return MugginsResult(
        **base,
        to_caller=to_caller,
        to_claimant=to_claimant,
        reason=why.render(),
        rule_ref=rule_ref,
        phrase=why,
    )


def judge_claim(
    *, claimed: int, true_points: int, ruleset: Ruleset, stage: str = "show", call: int | None = None
) -> MugginsResult:
    """Settle a claimed count against the true one.

    `call` is the opponent's muggins call: None means he calls exactly the overlooked points (what
    an attentive opponent does, and what the game engine assumes), 0 means nobody calls, a
    positive number is "muggins for N".
    """
    if claimed < 0 or true_points < 0:
        raise IllegalAction("a count cannot be negative", key="raised.muggins.negative")
    if call is not None and call < 0:
        raise IllegalAction("a muggins call names a positive number of points", key="raised.muggins.call")
    scored = min(claimed, true_points)
    overlooked = max(true_points - claimed, 0)
    overclaim = max(claimed - true_points, 0)
    base = {
        "claimed": claimed,
        "true_points": true_points,
        "scored": scored,
        "overlooked": overlooked,
        "overclaim": overclaim,
    }
    acc = ruleset.penalties == "acc"
    ref = "ACC 10" if acc else "S0; S2 (muggins, by agreement)"
    blocked = _unmuggable(stage, ruleset=ruleset)
    if blocked:
        return _result(base, to_caller=0, to_claimant=0, why=blocked, rule_ref=ref)
    if call == 0:
        why = (
            Phrase("muggins.nobody_called", "nobody called muggins: the overlooked points are lost")
            if overlooked
            else Phrase("muggins.count_correct", "count correct")
        )
        return _result(base, to_caller=0, to_claimant=0, why=why, rule_ref=ref)
    figure = overlooked if call is None else call
    if overlooked == 0:
        if acc and call:
            why = Phrase.of(
                "muggins.wrong_call",
                "wrong call: nothing was overlooked, so the counter pegs the {call} called",
                call=call,
            )
            return _result(base, to_caller=0, to_claimant=call, why=why, rule_ref="ACC 10.4a")
        why = Phrase("muggins.nothing_overlooked", "nothing overlooked")
        return _result(base, to_caller=0, to_claimant=0, why=why, rule_ref=ref)
    if acc:
        taken = min(figure, overlooked)
        why = Phrase.of(
            "muggins.acc_call",
            "muggins for {figure}: the caller takes the lesser of that and the {overlooked} overlooked",
            figure=figure,
            overlooked=overlooked,
        )
        return _result(base, to_caller=taken, to_claimant=0, why=why, rule_ref="ACC 10.4a")
    why = Phrase.of(
        "muggins.to_opponent",
        "muggins: the {overlooked:overlooked point goes|overlooked points go} to the opponent",
        overlooked=overlooked,
    )
    return _result(base, to_caller=overlooked, to_claimant=0, why=why, rule_ref=ref)
