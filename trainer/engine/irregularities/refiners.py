"""Refinements: small functions that adjust a remedy to the facts of a case, one per irregularity
that needs it (renege counts, muggins, wrong numbers of cards...)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from trainer.engine.irregularities.model import (
    Remedy,
    RulingError,
)
from trainer.engine.muggins import judge_claim
from trainer.engine.phrases import Phrase
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset

# ----------------------------------------------------------------------------- refinements
#
# Small functions that adjust a remedy to the facts of a case, one per irregularity that needs it.

Refiner = Callable[[Remedy, Ruleset, dict[str, Any]], Remedy]


def _words(rem: Remedy, key: str, english: str, **values: object) -> dict[str, Any]:
    """`text` and `phrase` for `replace(rem, ...)`: `{base}` in a template is the remedy so far."""
    if "{base}" in english:
        values["base"] = rem.phrase if rem.phrase is not None else Phrase(f"text.{rem.text}", rem.text)
    phrase = Phrase.of(key, english, **values)
    return {"text": phrase.render(), "phrase": phrase}


def _playable_values(facts: dict[str, Any]) -> tuple[int, ...] | None:
    if "count" not in facts or "holding" not in facts:
        return None
    count = facts["count"]
    if not 0 <= count <= 31:
        raise RulingError(f"fact count: a count is 0-31, not {count}", key="raised.fact.count", count=count)
    return tuple(v for v in facts["holding"] if count + v <= 31)


def _renege(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    playable = _playable_values(facts)
    if playable is not None and not playable:
        return replace(
            rem,
            **_words(
                rem,
                "renege.none",
                "no renege: at count {count} no card held fits under 31, so go was right",
                count=facts["count"],
            ),
            beneficiary="none",
            points=0,
            options=(),
        )
    if rem.penalty_set == "acc":
        n = 1 if playable is None else len(playable)
        if playable is not None:
            words = _words(rem, "renege.acc_points", "{base}: {points:point|points} here", points=2 * n)
        else:
            words = _words(
                rem,
                "renege.acc_points_unknown",
                "{base}: {points:point|points} here (give count and holding to work out the cards)",
                points=2 * n,
            )
        return replace(rem, points=2 * n, **words)
    if ruleset.dead_cards_in_show:
        key, english = (
            "renege.dead_counted",
            "{base}; the dead cards are still counted in the show ({ruleset})",
        )
    else:
        key, english = (
            "renege.dead_not_counted",
            "{base}; the dead cards are still not counted in the show ({ruleset})",
        )
    return replace(rem, **_words(rem, key, english, ruleset=ruleset.name))


def _with_penalties(ruleset: Ruleset, penalty_set: str) -> Ruleset:
    """The ruleset judged under the penalty set actually used (muggins differs between them)."""
    return ruleset if ruleset.penalties == penalty_set else replace(ruleset, penalties=penalty_set)  # type: ignore[arg-type]


def _claims(facts: dict[str, Any]) -> tuple[int, int] | None:
    if "claimed" in facts and "true_points" in facts:
        return facts["claimed"], facts["true_points"]
    return None


def _underpegging(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    pair = _claims(facts)
    if pair is not None and pair[0] >= pair[1]:
        words = _words(
            rem,
            "underpegging.none",
            "no underpegging: {claimed} claimed against {true} true",
            claimed=pair[0],
            true=pair[1],
        )
        return replace(rem, **words, options=())
    if not ruleset.muggins.enabled:
        return replace(
            rem,
            **_words(rem, "underpegging.muggins_off", "{base}; muggins is off, so nobody else takes them"),
        )
    stage = facts.get("stage", "show")
    result = judge_claim(
        claimed=pair[0] if pair else 0,
        true_points=pair[1] if pair else 0,
        ruleset=_with_penalties(ruleset, rem.penalty_set),
        stage=stage,
    )
    if pair is not None and result.to_caller == 0:
        return replace(rem, **_words(rem, "underpegging.reason", "{base}; {reason}", reason=_reason(result)))
    return replace(
        rem,
        beneficiary="opponent",
        points=result.to_caller,
        options=("call muggins",),
        **_words(
            rem,
            "underpegging.muggins_on",
            "{base}; muggins is on: the opponent may take the overlooked points",
        ),
    )


def _reason(result: Any) -> Phrase:
    """The muggins result's reason as a phrase (its own, or its English text as a last resort)."""
    return result.phrase if result.phrase is not None else Phrase(f"text.{result.reason}", result.reason)


def _overpegging(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    pair = _claims(facts)
    if pair is None:
        return rem
    claimed, true = pair
    if claimed <= true:
        return replace(
            rem,
            **_words(
                rem,
                "overpegging.none",
                "no overpegging: {claimed} pegged against {true} true",
                claimed=claimed,
                true=true,
            ),
            beneficiary="none",
            points=0,
            options=(),
            back=0,
        )
    if rem.penalty_set == "old_laws":
        words = _words(rem, "overpegging.excess", "{base}: {points:point|points}", points=claimed - true)
        return replace(rem, points=claimed - true, **words)
    words = _words(
        rem,
        "overpegging.goes_back",
        "{base} (the score goes back from {claimed} to {true} for this count)",
        claimed=claimed,
        true=true,
    )
    return replace(rem, **words)


def _false_claim(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    pair = _claims(facts)
    if pair is None:
        return replace(
            rem,
            **_words(rem, "false_claim.no_facts", "{base} (give claimed and true_points to get the points)"),
        )
    over = max(pair[0] - pair[1], 0)
    return replace(
        rem,
        points=over,
        **_words(rem, "false_claim.over", "{base}: {points:point|points} overclaimed", points=over),
    )


def _muggins(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    if not ruleset.muggins.enabled:
        return replace(
            rem,
            beneficiary="none",
            points=0,
            options=(),
            **_words(
                rem,
                "muggins_claim.off",
                "muggins is off in the {ruleset} ruleset (it applies only by prior agreement); "
                "overlooked points are simply lost",
                ruleset=ruleset.name,
            ),
        )
    pair = _claims(facts)
    if pair is None:
        return rem
    result = judge_claim(
        claimed=pair[0],
        true_points=pair[1],
        ruleset=_with_penalties(ruleset, rem.penalty_set),
        stage=facts.get("stage", "show"),
        call=facts.get("call"),
    )
    if result.to_claimant:
        return replace(
            rem, beneficiary="offender", points=result.to_claimant, text=result.reason, phrase=_reason(result)
        )
    return replace(
        rem,
        points=result.to_caller,
        **_words(rem, "muggins_claim.reason", "{base}: {reason}", reason=_reason(result)),
    )


class FactRule(Record, kw_only=False):
    """A refinement as data: under `penalty_set`, when fact `fact` is `when`, the remedy becomes
    `english` (phrase `key`) with `changes` (points, options, rule reference...)."""

    penalty_set: str
    fact: str
    when: object
    key: str
    english: str
    changes: tuple[tuple[str, object], ...] = ()

    def applies(self, rem: Remedy, facts: dict[str, Any]) -> bool:
        value = facts.get(self.fact)
        same = value is self.when if isinstance(self.when, bool) else value == self.when
        return rem.penalty_set == self.penalty_set and same


def _rule(penalty_set: str, fact: str, when: object, key: str, english: str, **changes: object) -> FactRule:
    return FactRule(penalty_set, fact, when, key, english, tuple(changes.items()))


# The refinements that only swap the remedy when one fact has one value; the first that applies wins.
FACT_RULES: dict[str, tuple[FactRule, ...]] = {
    "wrong_number_in_hand": (
        _rule(
            "acc",
            "starter_turned",
            True,
            "wrong_number_in_hand.acc_after_starter",
            "found after the starter is turned: the ACC 4.4 chart applies. One edition: pone's "
            "excess found in the play: pone's pegging is retracted and pone's hand is dead, the dealer's "
            "pegging and hand count, the crib counts if correct, a short crib is filled blind from "
            "pone's cards. 2025 case 4.4.d(9): the play stops, all play points are retracted, both hands "
            "and the crib are dead, and the cards are redealt",
            rule_ref="ACC 4.4 (chart; 2025 book case 4.4.d(9))",
        ),
        _rule(
            "seeds",
            "choice",
            "new_deal",
            "wrong_number_in_hand.new_deal",
            "the opponent chose a new deal: no points",
            points=0,
            options=(),
        ),
        _rule(
            "seeds",
            "choice",
            "peg_and_rectify",
            "wrong_number_in_hand.rectify",
            "the opponent pegs 2 and the hand is put right",
            options=(),
        ),
    ),
    "misdeal_wrong_number": (
        _rule(
            "acc",
            "confirmed",
            False,
            "misdeal_wrong_number.not_confirmed",
            "{base}: he did not, so he moves back 10",
            beneficiary="none",
            back=10,
        ),
    ),
    "discards_picked_up": (
        _rule(
            "acc",
            "wrong_side_before_starter",
            True,
            "discards_picked_up.wrong_side",
            "cards put on the wrong side of the board may be taken back before the starter is turned",
            beneficiary="none",
            points=0,
            rule_ref="ACC 5.1c",
        ),
    ),
    "crib_examined_early": (
        _rule(
            "acc",
            "before_discarding",
            True,
            "crib_examined_early.before_discarding",
            "the opponent pegs 2 and chooses the offender's discards blind from his hand",
            rule_ref="ACC 5.2b",
        ),
    ),
    "hand_and_crib_interchanged": (
        _rule(
            "acc",
            "play_began",
            True,
            "hand_and_crib_interchanged.play_began",
            "pone pegs 2; the play has begun, so the dealer keeps playing the crib cards, his "
            "pegging is retracted, and pone may see the intended crib",
            options=("see the intended crib",),
        ),
    ),
    "wrong_count_announced": (
        _rule(
            "seeds",
            "noticed_in_time",
            False,
            "wrong_count_announced.too_late",
            "noticed too late: the announced count stands; no penalty",
            options=(),
        ),
        _rule(
            "seeds",
            "noticed_in_time",
            True,
            "wrong_count_announced.in_time",
            "noticed in time: the count is corrected; no penalty",
        ),
    ),
}


def _by_fact_rules(rules: tuple[FactRule, ...]) -> Refiner:
    def refine(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
        del ruleset
        for rule in rules:
            if rule.applies(rem, facts):
                changes: dict[str, Any] = {**_words(rem, rule.key, rule.english), **dict(rule.changes)}
                return replace(rem, **changes)
        return rem

    return refine


def _heels(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    """The ACC forfeit holds only where the ruleset says heels must be pegged
    (`heels_forfeit_if_unpegged: true`, club option C14); by default his heels are scored the
    moment the jack is turned, so there is nothing to forfeit."""
    del facts
    if ruleset.heels_forfeit_if_unpegged:
        return rem
    return replace(
        rem,
        **_words(
            rem,
            "heels_not_pegged.automatic",
            "no penalty: under this ruleset his heels are scored automatically when the jack is turned "
            "(the forfeit applies only where a club's rules say heels must be pegged before the "
            "dealer plays)",
        ),
        beneficiary="none",
        points=0,
        options=(),
        back=0,
    )


_REFINE: dict[str, Refiner] = {
    "heels_not_pegged": _heels,
    "renege": _renege,
    "failed_to_play_after_go": _renege,
    "underpegging": _underpegging,
    "overpegging": _overpegging,
    "overpegging_old_laws": _overpegging,
    "false_claim_of_game": _false_claim,
    "muggins_claim": _muggins,
    **{irr_id: _by_fact_rules(rules) for irr_id, rules in FACT_RULES.items()},
}
