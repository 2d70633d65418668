"""Scoring ideas: what a question is about and, from an answer, which of its ideas were missed.

A count question is about the kinds the engine finds in the show (fifteens, pairs, runs or a
double run, a flush or a crib flush, nobs), plus the traps that look like one (a crib of one
suit without the starter, a jack not of the starter's suit). Other kinds are about their theme
(a pegging score, the crib's owner, an irregularity). A wrong total does not say what was
missed, so the blame goes to the ideas whose points make up the difference (an answer short by
the run's 3 points missed the run); when nothing fits, every idea of the hand shares it.

The learner model (`trainer.training.mastery`) is built from these, so what a player is asked
follows what they actually get wrong, not the first theme a hand happens to be filed under.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from trainer.drills.data import count_data
from trainer.drills.messages import Msg, msg
from trainer.drills.model import Grade, Question
from trainer.drills.themes import PEG_THEMES
from trainer.engine.cards import Card, Rank, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreBreakdown, score_show

# Every idea a count (or muggins) answer can be about, in teaching order.
COUNT_IDEAS = ("fifteens", "pairs", "runs", "double-runs", "flush", "crib-flush", "nobs")
# Ideas of the play: the pegging themes.
PEG_IDEAS = PEG_THEMES
_PEG_IDEA_OF = {
    "fifteen": "fifteens-in-play",
    "pair": "pairs-in-play",
    "run": "runs-in-play",
    "thirty_one": "31",
    "go": "go",
    "last": "go",
}
# The drill theme that asks an idea (`crib drill count --theme ...`), where it is not the idea.
THEME_OF_IDEA = {"crib-flush": "crib"}
# The lesson that teaches an idea (`crib learn N`).
LESSON_OF_IDEA = {
    "fifteens": 1,
    "pairs": 2,
    "runs": 3,
    "double-runs": 3,
    "flush": 4,
    "crib-flush": 5,
    "nobs": 4,
    "fifteens-in-play": 6,
    "pairs-in-play": 6,
    "runs-in-play": 6,
    "31": 7,
    "go": 7,
    "dealer": 9,
    "pone": 9,
}


class Reading(Record):
    """The ideas of one answered question and the ones the answer got wrong."""

    ideas: tuple[str, ...]
    missed: tuple[str, ...]


def theme_for(idea: str) -> str:
    """The `--theme` that asks `idea` (every suggested command must work)."""
    return THEME_OF_IDEA.get(idea, idea)


def ideas_for_skill(skill: str, themes: tuple[str, ...]) -> tuple[str, ...]:
    """Every idea the learner model tracks for a skill (the kind's `TRACKED_IDEAS`; its themes
    for kinds without a breakdown)."""
    from trainer.drills.kinds import kind

    return kind(skill).TRACKED_IDEAS or themes


def lesson_of_skill(skill: str) -> int:
    """The lesson that teaches a skill as a whole (`crib learn N`: the kind's `LESSON`)."""
    from trainer.drills.kinds import kind

    return kind(skill).LESSON


def _breakdown(question: Question, ruleset: Ruleset) -> tuple[tuple[Card, ...], Card, bool, ScoreBreakdown]:
    data = count_data(question)
    hand = parse_cards(data["hand"])
    starter = Card.parse(data["starter"])
    crib = data.get("crib", False)
    return hand, starter, crib, score_show(hand, starter, is_crib=crib, ruleset=ruleset)


def _kind_ideas(hand: tuple[Card, ...], starter: Card, crib: bool, b: ScoreBreakdown) -> dict[str, str]:
    """Scoring kind -> the idea it stands for in this show (only kinds present or trapped)."""
    out: dict[str, str] = {}
    if b.of_kind("fifteen"):
        out["fifteen"] = "fifteens"
    if b.of_kind("pair"):
        out["pair"] = "pairs"
    runs = b.of_kind("run")
    if runs:
        out["run"] = "double-runs" if len(runs) >= 2 else "runs"
    suits = {c.suit for c in hand}
    if b.of_kind("flush") or len(suits) == 1:
        out["flush"] = "crib-flush" if crib else "flush"
    if b.of_kind("nobs") or any(c.rank == Rank.JACK for c in hand):
        out["nobs"] = "nobs"
    return out


def count_ideas(question: Question, *, ruleset: Ruleset) -> tuple[str, ...]:
    """The ideas a count or muggins question is about, by the engine's breakdown."""
    hand, starter, crib, b = _breakdown(question, ruleset)
    present = set(_kind_ideas(hand, starter, crib, b).values())
    return tuple(i for i in COUNT_IDEAS if i in present)


def ideas_of(question: Question, *, ruleset: Ruleset) -> tuple[str, ...]:
    """The ideas of any question (the kind's `ideas`; its theme when the engine has nothing finer
    to say)."""
    from trainer.drills.kinds import kind

    try:
        found = kind(question.kind).ideas(question, ruleset=ruleset)
    except CribError:  # a hand-written question the engine cannot read (bad cards, sizes)
        found = None
    if found is not None:
        return found
    return (question.theme,) if question.theme else ()


def play_kinds(events: object) -> tuple[str, ...]:
    """The scoring kinds (fifteen, pair, run, thirty_one, go, last) in a card's pegging events,
    sorted: an event (`PlayEvent.to_json`, `GoPointEvent.to_json`) names its kinds in its `items`,
    never at its top, so the items are what is read."""
    kinds: set[str] = set()
    for event in events if isinstance(events, list) else []:
        if not isinstance(event, Mapping):
            continue
        items = event.get("items")
        for item in items if isinstance(items, list) else []:
            if isinstance(item, Mapping) and item.get("kind"):
                kinds.add(str(item["kind"]))
    return tuple(sorted(kinds))


def peg_ideas(question: Question, events: object) -> tuple[str, ...]:
    """The ideas of a pegging score from the engine's events (the peg kind's `ideas`)."""
    kinds = set(play_kinds(events))
    found = tuple(i for i in PEG_IDEAS if i in {_PEG_IDEA_OF.get(k, "") for k in kinds})
    if question.theme in PEG_IDEAS and question.theme not in found:
        found = (*found, question.theme)
    return found or (question.theme or "fifteens-in-play",)


def read_answer(
    question: Question, *, answer: object, expected: object, correct: bool, ruleset: Ruleset
) -> Reading:
    """What an answer says about each idea of its question (`answer`, `expected`: the parsed
    answer and the engine's, as a grade holds them)."""
    from trainer.drills.kinds import kind

    ideas = ideas_of(question, ruleset=ruleset)
    if correct:
        return Reading(ideas=ideas, missed=())
    if not kind(question.kind).BLAMES_ITEMS:  # nothing finer to say: every idea was missed
        return Reading(ideas=ideas, missed=ideas)
    try:
        hand, starter, crib, b = _breakdown(question, ruleset)
    except CribError:  # a hand-written question the engine cannot read (bad cards, sizes)
        return Reading(ideas=ideas, missed=ideas)
    of_kind = _kind_ideas(hand, starter, crib, b)
    by_kind = b.by_kind()
    if isinstance(answer, Mapping):  # itemised: the kinds say exactly what went wrong
        wrong = [k for k in by_kind if int(answer.get(k, 0)) != by_kind[k]]
        missed = {of_kind.get(k, _LONE_IDEA[k]) for k in wrong}
        return Reading(ideas=_with(ideas, missed), missed=tuple(i for i in COUNT_IDEAS if i in missed))
    try:
        diff = int(str(answer)) - int(str(expected))
    except (TypeError, ValueError):
        return Reading(ideas=ideas, missed=ideas)
    missed = _blame(diff, by_kind, of_kind, crib=crib)
    return Reading(ideas=_with(ideas, missed), missed=tuple(i for i in COUNT_IDEAS if i in missed) or ideas)


_LONE_IDEA = {"fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush", "nobs": "nobs"}


def _with(ideas: tuple[str, ...], more: set[str]) -> tuple[str, ...]:
    return tuple(i for i in COUNT_IDEAS if i in set(ideas) | more)


def _blame(diff: int, by_kind: Mapping[str, int], of_kind: Mapping[str, str], *, crib: bool) -> set[str]:
    """The ideas whose points explain a wrong total: kinds (one or two) summing to the shortfall;
    an over-count by 4 or 5 on a one-suit crib or by 1 with an unscored jack is the trap."""
    if diff > 0:
        trapped = set()
        if diff in (4, 5) and "flush" in of_kind and by_kind.get("flush", 0) == 0:
            trapped.add(of_kind["flush"])
        if diff == 1 and "nobs" in of_kind and by_kind.get("nobs", 0) == 0:
            trapped.add("nobs")
        return trapped
    short = -diff
    present = [k for k, v in by_kind.items() if v > 0 and k in of_kind]
    for size in (1, 2):
        fits = [
            combo
            for combo in itertools.combinations(present, size)
            if sum(by_kind[k] for k in combo) == short
        ]
        if fits:
            return {of_kind[k] for combo in fits for k in combo}
    # A partial miss (two of four fifteens, one run of a double run): the kinds worth more.
    return {of_kind[k] for k in present if by_kind[k] >= short}


def rule_lines(question: Question, grade: Grade) -> list[Msg]:
    """The rule of each idea a wrong answer got wrong, one sentence each ("a crib flush needs the
    starter too..."), from the grade alone, so a stored attempt explains itself the same way."""
    if grade.correct or grade.answer is None:
        return []
    from trainer.drills.kinds import kind

    return [msg(f"training.rule.{idea}") for idea in kind(question.kind).rule_ideas(question, grade)]


def count_rule_ideas(question: Question, grade: Grade) -> tuple[str, ...]:
    """The ideas a wrong count got wrong, from its grade (the count kind's `rule_ideas`)."""
    detail = grade.detail
    ideas: tuple[str, ...] = ()
    if "items" in detail:
        data = count_data(question)
        hand = parse_cards(data["hand"])
        starter = Card.parse(data["starter"])
        crib = data.get("crib", False)
        from trainer.drills.feedback import breakdown_of

        b = breakdown_of(detail["items"])
        of_kind = _kind_ideas(hand, starter, crib, b)
        if isinstance(grade.answer, Mapping):
            wrong = {*detail.get("missed", {}), *detail.get("over", {})}
            found = {of_kind.get(k, _LONE_IDEA.get(k, "")) for k in wrong}
        else:
            found = _blame(int(detail.get("difference", 0)), b.by_kind(), of_kind, crib=crib)
        ideas = tuple(i for i in COUNT_IDEAS if i in found)
    return ideas


def peg_rule_ideas(grade: Grade) -> tuple[str, ...]:
    """The ideas of a missed pegging score, from its grade (the peg kind's `rule_ideas`)."""
    return _play_ideas(grade.detail.get("events", []))


def play_rules(events: object) -> list[Msg]:
    """The rule of each idea of the play that scoring `events` hold (the fifteen, pair, run, 31
    or go a card takes): what the peg drill says of the best play a wrong answer missed."""
    return [msg(f"training.rule.{idea}") for idea in _play_ideas(events)]


def _play_ideas(events: object) -> tuple[str, ...]:
    """The ideas of the play a card's scoring events hold: the kinds of their items (fifteen,
    pair, run, thirty_one, go, last), or an event's own kind where it names one."""
    kinds = set(play_kinds(events))
    return tuple(i for i in PEG_IDEAS if i in {_PEG_IDEA_OF.get(k, "") for k in kinds})


def show_item_rules(question: Question, items: object, wrong: list[str]) -> list[Msg]:
    """The rule of each idea behind the scoring kinds `wrong` (overlooked or made up) in a shown
    hand or crib whose true items are `items`: what the muggins drill says after a wrong call."""
    if not wrong or not isinstance(items, list):
        return []
    data = count_data(question)
    try:
        hand = parse_cards(data["hand"])
        starter = Card.parse(data["starter"])
    except CribError:  # the shape was checked when the question was built; a card may not parse
        return []
    from trainer.drills.feedback import breakdown_of

    crib = data.get("crib", False)
    of_kind = _kind_ideas(hand, starter, crib, breakdown_of(items))
    found = {of_kind.get(k, _LONE_IDEA.get(k, "")) for k in wrong}
    if "flush" in wrong and crib:  # a made-up flush in a crib: the crib's own flush rule
        found.add("crib-flush")
        found.discard("flush")
    return [msg(f"training.rule.{idea}") for idea in COUNT_IDEAS if idea in found]
