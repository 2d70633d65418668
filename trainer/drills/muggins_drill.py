"""The muggins drill: the computer counts its hand aloud, sometimes short, sometimes over; the
user accepts the count, calls muggins for the overlooked points, or demands a correction.

The computer's mistakes are the ones people make (a forgotten fifteen, half a double run, nobs
with the wrong jack, a four-card crib flush), built from the engine's own breakdown.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from trainer.drills.answers import AnswerError
from trainer.drills.count_drill import brief as count_brief
from trainer.drills.count_drill import pattern as count_pattern
from trainer.drills.count_drill import primary_theme, show_prior, shown_breakdown
from trainer.drills.data import ClaimedItem, MugginsData, muggins_data
from trainer.drills.feedback import breakdown_of
from trainer.drills.feedback import item as item_msg
from trainer.drills.hands import Show, deal_show
from trainer.drills.hints import Hint, count_hints
from trainer.drills.ideas import COUNT_IDEAS, count_ideas
from trainer.drills.kinds import Command, Solution, Verdict
from trainer.drills.messages import ItemName, Msg, Points, Spoken, msg
from trainer.drills.model import Grade, JSONValue, Question
from trainer.drills.presenting import Ask, Choice, Presentation, show_lines
from trainer.drills.themes import COUNT_THEMES, THEME_KIND, Level
from trainer.engine.cards import Card, Rank
from trainer.engine.muggins import judge_claim
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import ScoreBreakdown, ScoreItem

FORMS = ("call",)
NAMED_ONLY_FORMS: frozenset[str] = frozenset()  # every form is asked in a mixed drill
TITLED_FORMS: frozenset[str] = frozenset()  # headers name the kind alone
STEP_FORMS: frozenset[str] = frozenset()  # no --steps
STREAK_FORM = ""  # no harder form for a streak
CALLS = ("accept", "muggins", "over")
# Points as a player says them aloud; a miss or an overcount above fifteen is digits only.
_SPELT_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen",
    "один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
    "четырнадцать пятнадцать",
)
NUMBER_WORDS = {
    **{w: i for words in _SPELT_WORDS for i, w in enumerate(words.split(" "), 1)},
    "одно": 1,
    "одна": 1,
    "две": 2,
}

CALL_WORDS = {
    "accept": (
        "accept",
        "a",
        "ok",
        "y",
        "yes",
        "fine",
        "correct",
        "принять",
        "принимаю",
        "принято",
        "да",
        "верно",
        "согласен",
    ),
    "muggins": ("muggins", "m", "mug", "простак", "простофиля", "маггинс", "мугинс", "магинс", "м"),
    "over": ("over", "o", "overcount", "correct-it", "много", "больше", "перебор", "лишнее", "п"),
}


def themes(ruleset: Ruleset) -> tuple[str, ...]:
    del ruleset
    return COUNT_THEMES


def generate(rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str) -> Question:
    """A shown hand with the computer's announced count: honest, short or over."""
    del form
    show = deal_show(rng, ruleset=ruleset, lvl=lvl, theme=theme)
    items = list(show.breakdown.items)
    roll = rng.random()
    if items and roll < 0.5:
        claimed = _omit_one(rng, items, prefer=THEME_KIND.get(theme))
    elif roll < (0.65 if items else 0.4):
        claimed = [*items, _phantom(rng, show)]
    else:
        claimed = items
    data: MugginsData = {
        **show.to_data(),
        "claimed": [_claimed_item(i) for i in claimed],
        "announced": sum(i.points for i in claimed),
    }
    return Question(
        kind="muggins",
        form="call",
        ruleset=ruleset.name,
        level=lvl.name,
        theme=theme or primary_theme(show.breakdown, crib=show.crib),
        data=data,
    )


def _claimed_item(item: ScoreItem) -> ClaimedItem:
    """An item as `ScoreItem.to_json()` writes it (the label only when there is one)."""
    out: ClaimedItem = {"kind": item.kind, "cards": [str(c) for c in item.cards], "points": item.points}
    if item.label:
        out["label"] = item.label
    return out


def _omit_one(rng: random.Random, items: list[ScoreItem], *, prefer: str | None) -> list[ScoreItem]:
    candidates = [i for i, item in enumerate(items) if item.kind == prefer] or list(range(len(items)))
    drop = rng.choice(candidates)
    return [item for i, item in enumerate(items) if i != drop]


def _phantom(rng: random.Random, show: Show) -> ScoreItem:
    """A plausible point that is not there: nobs with the wrong jack, a crib flush without the
    starter, or a fifteen that adds up to 14 or 16."""
    jacks = [c for c in show.hand if c.rank == Rank.JACK and c.suit != show.starter.suit]
    if jacks:
        return ScoreItem("nobs", (jacks[0], show.starter), 1)
    suits = {c.suit for c in show.hand}
    if show.crib and len(suits) == 1:
        return ScoreItem("flush", show.hand, len(show.hand))
    cards = [*show.hand, show.starter]
    pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    near = [(a, b) for a, b in pairs if a.value + b.value in (14, 16)]
    # never a real fifteen: a random pair could add up to 15 (5♦ K♦), and the feedback would then
    # call a true fifteen "not there"
    wrong = [(a, b) for a, b in pairs if a.value + b.value != 15]
    pick = rng.choice(near or wrong)
    return ScoreItem("fifteen", tuple(pick), 2)


def claimed_breakdown(question: Question) -> ScoreBreakdown:
    """The computer's count as items, for saying it aloud in counting cadence."""
    items = []
    for raw in muggins_data(question)["claimed"]:
        cards = tuple(Card.parse(c) for c in raw["cards"])
        items.append(ScoreItem(raw["kind"], cards, raw["points"], raw.get("label", "")))
    return ScoreBreakdown(tuple(items))


def parse(question: Question, text: str) -> JSONValue:
    """`accept`, `muggins 4` (or `m 4`, `+4`), `over 2` (or `o 2`, `-2`)."""
    del question
    stripped = text.strip().lower()
    signed = re.fullmatch(r"([+-])\s*(\d{1,2})", stripped)
    if signed:
        return {"call": "muggins" if signed.group(1) == "+" else "over", "points": int(signed.group(2))}
    match = re.fullmatch(r"([^\d\s]+)\s*(\d{1,2}|[^\d\s]+)?", stripped)
    if not match:
        raise AnswerError("drill.answer.muggins_format", answer=text.strip())
    word, number = match.group(1), match.group(2)
    if number is not None and not number.isdigit():  # said aloud: "muggins two"
        spelt = NUMBER_WORDS.get(number)
        if spelt is None:
            raise AnswerError("drill.answer.muggins_format", answer=text.strip())
        number = str(spelt)
    call = next((c for c, words in CALL_WORDS.items() if word in words), None)
    if call is None:
        raise AnswerError("drill.answer.muggins_format", answer=text.strip())
    if call == "accept":
        return {"call": "accept", "points": 0}
    if number is None:
        raise AnswerError("drill.answer.muggins_points", call=call)
    return {"call": call, "points": int(number)}


def solve(question: Question, *, ruleset: Ruleset) -> Solution:
    breakdown = shown_breakdown(question, ruleset=ruleset)
    announced = muggins_data(question)["announced"]
    diff = breakdown.total - announced
    call = "accept" if diff == 0 else ("muggins" if diff > 0 else "over")
    text = "accept" if call == "accept" else f"{call} {abs(diff)}"
    claimed = claimed_breakdown(question)
    return Solution(
        expected={"call": call, "points": abs(diff)},
        expected_text=text,
        detail={
            "items": [i.to_json() for i in breakdown.items],
            "total": breakdown.total,
            "announced": announced,
            "overlooked": _difference(breakdown, claimed),
            "phantom": _difference(claimed, breakdown),
        },
    )


def _difference(have: ScoreBreakdown, minus: ScoreBreakdown) -> list[JSONValue]:
    """Items in `have` that `minus` lacks (as a multiset), e.g. the fifteen the computer forgot."""
    remaining = [(i.kind, tuple(sorted(i.cards)), i.points) for i in minus.items]
    out: list[JSONValue] = []
    for item in have.items:
        key = (item.kind, tuple(sorted(item.cards)), item.points)
        if key in remaining:
            remaining.remove(key)
        else:
            out.append(item.to_json())
    return out


def judge(question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset) -> Verdict:
    """Points lost against the best call, settled by the engine's muggins and overpegging rules
    under the ruleset's penalty set (muggins switched on: the drill is played by agreement)."""
    true_points = int(solution.detail["total"])
    announced = muggins_data(question)["announced"]
    rules = with_muggins(ruleset)
    expected = dict(solution.expected)
    given = dict(answer)
    best = _gain(
        expected["call"], int(expected["points"]), claimed=announced, true_points=true_points, rules=rules
    )
    mine = _gain(given["call"], int(given["points"]), claimed=announced, true_points=true_points, rules=rules)
    correct = given["call"] == expected["call"] and (
        given["call"] == "accept" or given["points"] == expected["points"]
    )
    return Verdict(correct=correct, points_lost=max(0, best - mine))


def with_muggins(ruleset: Ruleset) -> Ruleset:
    """The ruleset with muggins in force, keeping its penalty set and scope."""
    if ruleset.muggins.enabled:
        return ruleset
    return replace(ruleset, muggins=replace(ruleset.muggins, enabled=True))


def _gain(call: str, figure: int, *, claimed: int, true_points: int, rules: Ruleset) -> int:
    """What the caller's side gains from a call, relative to the computer's side."""
    if call == "accept":
        return 0
    if call == "muggins":
        result = judge_claim(
            claimed=claimed, true_points=true_points, ruleset=rules, stage="show", call=figure
        )
        return result.to_caller - result.to_claimant
    if claimed <= true_points:
        return 0  # demanding a correction of a count that was not over changes nothing
    from trainer.engine.irregularities import adjudicate  # the catalogue: imported on first use

    ruling = adjudicate("overpegging", ruleset=rules, claimed=claimed, true_points=true_points)
    gain = claimed - true_points
    if ruling.beneficiary == "opponent":
        gain += ruling.points
    return gain


# ----------------------------------------------------------------------------- present & explain


def present(question: Question, ruleset: Ruleset) -> Presentation:
    """Their hand or crib, the count they say aloud, and the call: accept, muggins or over."""
    del ruleset
    lines = show_lines(question, whose="their")
    lines.append(
        msg(
            "drill.muggins.says",
            said=Spoken(claimed_breakdown(question)),
            total=muggins_data(question)["announced"],
        )
    )
    ask = Ask(
        style="select",
        message=msg("drill.muggins.ask"),
        typed=msg("drill.muggins.hint"),
        choices=(
            Choice(label=msg("drill.muggins.accept"), value="accept"),
            Choice(
                label=msg("drill.muggins.call"), value="muggins", then=msg("drill.muggins.how_many_short")
            ),
            Choice(label=msg("drill.muggins.over"), value="over", then=msg("drill.muggins.how_many_over")),
        ),
    )
    return Presentation(lines=tuple(lines), ask=ask)


def explain(question: Question, grade: Grade) -> list[Msg]:
    """The right call, the items overlooked or made up, the true count aloud, the points lost."""
    detail = grade.detail
    lines = [msg("drill.fb.muggins_right_call", call=_call(grade.expected))]
    lines.extend(msg("drill.fb.overlooked", item=item_msg(i)) for i in detail.get("overlooked", []))
    # a made-up item without its cards: naming Q♥ Q♣ beside "fifteen" would pass them off as one
    lines.extend(
        msg(
            "drill.fb.phantom",
            name=ItemName(str(i["kind"]), str(i.get("label") or "")),
            points=Points(i["points"]),
        )
        for i in detail.get("phantom", [])
    )
    lines.append(msg("drill.fb.say", said=Spoken(breakdown_of(detail["items"]))))
    if grade.answer is not None and grade.points_lost:
        lines.append(msg("drill.fb.points_lost", points=Points(grade.points_lost)))
    lines.extend(_rules(question, grade))
    return lines


def _rules(question: Question, grade: Grade) -> list[Msg]:
    """After a wrong call: the rule of the right call, then of each idea overlooked or made up."""
    from trainer.drills.ideas import show_item_rules

    if grade.correct or grade.answer is None:
        return []
    call = grade.expected.get("call") if isinstance(grade.expected, Mapping) else None
    lines = [msg(f"training.rule.muggins.{call}")] if call in ("accept", "muggins", "over") else []
    detail = grade.detail
    wrong = [str(i.get("kind", "")) for name in ("overlooked", "phantom") for i in detail.get(name, [])]
    return lines + show_item_rules(question, detail.get("items"), wrong)


def _call(call: Mapping[str, Any]) -> Msg:
    if call["call"] == "accept":
        return msg("drill.fb.call_accept")  # inside a sentence: not the choice's capital
    key = "drill.fb.call_muggins" if call["call"] == "muggins" else "drill.fb.call_over"
    return msg(key, points=call["points"])


# ----------------------------------------------------------------------------- the rest of the kind

REVIEW_VARIANT = "suits"
SLOW_SECONDS = 20.0
EXPECTED_VALUE_FORMS: frozenset[str] = frozenset()
CHANCE_FORMS: frozenset[str] = frozenset()  # every loss is in points
NUMERIC_FORMS: frozenset[str] = frozenset()
MENU_RANK = 5
COMMAND = Command()


def run_options(options: Mapping[str, Any]) -> tuple[str, bool]:
    del options
    return "", False


def pattern(question: Question, *, ruleset: Ruleset) -> str:
    """The count's pattern of the shown cards, and whether the claim was right, short or over."""
    key = count_pattern(question, ruleset=ruleset)
    total = shown_breakdown(question, ruleset=ruleset).total
    announced = muggins_data(question)["announced"]
    claim = "right" if announced == total else ("under" if announced < total else "over")
    return f"{key}/{claim}"


def prior_difficulty(pattern: str) -> float:
    return show_prior(pattern, pattern.split("/")[-2])


def hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    return count_hints(question, ruleset=ruleset)


def shown_cards(question: Question) -> tuple[list[str], str | None]:
    show = muggins_data(question)
    return show["hand"], show["starter"]


def brief(question: Question) -> tuple[object, ...]:
    """The count's brief and what the computer said."""
    return (*count_brief(question), msg("drill.brief.said", n=muggins_data(question)["announced"]))


def expected(question: Question, grade: Grade) -> Any:
    """A call is a message (`muggins 2`, worded at the edge)."""
    del question
    answer = grade.expected
    if isinstance(answer, dict) and "call" in answer:
        return msg(f"drill.call.{answer['call']}", points=answer.get("points", 0))
    return grade.expected_text


def answer_shown(question: Question, answer: str) -> object:
    """A call as read, in any spelling the drill takes (`muggins 2`, `muggins two`, `m 2`, `+2`,
    `accept`, «простак 2»), worded at the edge as the call and its figure («простак 2»), so no
    code or shorthand reaches a reader of another language; an unreadable answer: as typed."""
    try:
        read = parse(question, answer)
    except AnswerError:
        word, _, points = answer.strip().partition(" ")
        if word not in CALLS:
            return answer
        return msg(f"drill.call.{word}", points=points or "0")  # `muggins` without its number
    assert isinstance(read, dict)
    return msg(f"drill.call.{read['call']}", points=str(read["points"]))


TRACKED_IDEAS = COUNT_IDEAS
LESSON = 12
BLAMES_ITEMS = False


def ideas(question: Question, *, ruleset: Ruleset) -> tuple[str, ...] | None:
    return count_ideas(question, ruleset=ruleset) or ("fifteens",)


def rule_ideas(question: Question, grade: Grade) -> tuple[str, ...]:
    del question, grade
    return ()


def lesson_tags(question: Question, solution: Solution) -> frozenset[str]:
    """What a lesson's `only` list is checked against: the right call (accept, muggins, over)."""
    del question
    expected = solution.expected
    return frozenset({str(expected["call"])}) if isinstance(expected, dict) else frozenset()


LEVEL_ITEMS = "show"  # which of a level's scoring kinds its questions hold (show, play, none)
IRREGULARITY_THEMES = False  # its themes are irregularities of the catalogue, named as the rules name them
