"""The contract every drill kind fulfils, and `kind(name)` that finds its module through the
one list of kinds (`trainer.drills.registry`).

A kind is one module carrying everything about it: `FORMS` (and `NAMED_ONLY_FORMS`, asked only
when named: `mixed_forms`, `form_for`; `TITLED_FORMS`, named in headers; `STEP_FORMS`, asked
step by step; `STREAK_FORM`, a streak's late form), `themes(ruleset)`, `generate(...)`,
`present(...)` (how the question is shown, as messages), `parse(...)`, `solve(...)`, `judge(...)`
and `explain(...)` (feedback, as messages); its `pattern(...)` and `prior_difficulty(...)` (what
the learner model rates), how a review finds another question of the same idea
(`REVIEW_VARIANT`), its ideas (`ideas`, `TRACKED_IDEAS`, `BLAMES_ITEMS`, `rule_ideas`,
`LESSON`, `lesson_tags` for a lesson's `only` list), `hints(...)`, `shown_cards(...)`,
`brief(...)` (the summary line), `expected(...)` (the right answer as typed), `answer_shown(...)`,
`SLOW_SECONDS`, `NUMERIC_FORMS`, `EXPECTED_VALUE_FORMS`, `CHANCE_FORMS` (kept out of every sum of
points lost), `MENU_RANK` and `COMMAND` (its `crib drill` options). Its question shape
is in `trainer.drills.shapes`, named in the registry. Nothing outside the kind's module asks which
kind a question is. Splitting `solve` (the engine's answer) from `judge` (this answer against it)
keeps the expected answer in one place, so it can never disagree with the engine's.
Kinds are imported on first use: the penalty and discard kinds pull in bigger modules.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast

from trainer.drills.messages import Msg
from trainer.drills.model import DRILLS, DrillError, Grade, JSONValue, Question
from trainer.drills.registry import module_name
from trainer.drills.themes import Level
from trainer.engine.records import Record, factory
from trainer.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from trainer.drills.hints import Hint
    from trainer.drills.presenting import Presentation

# How a review finds another question of the same idea (trainer.training.patterns.variant):
# other cards with the same engine count, the same facts redrawn, the kind's generator run
# again, or (always the last resort) the same cards with the suits swapped around.
ReviewVariant = Literal["other-cards", "other-facts", "regenerate", "suits"]


class Flag(Record, kw_only=False):
    """One option of a kind's own `crib drill <kind>` command beyond the shared ones.

    Its help is the catalogue's `help.drill.<kind>.<name>` (English read from the English
    catalogue, so the words stay at the edge); `default` is a bool for a flag, a str for a value.
    """

    name: str  # the parameter name (and the last part of its help key)
    flags: tuple[str, ...]  # ("--itemised", "-i")
    default: bool | str = False
    metavar: str | None = None  # what a value option takes, named in --help ("FORM")


class Command(Record, kw_only=False):
    """A kind's `crib drill <kind>` command: its own options, read back by `run_options`."""

    options: tuple[Flag, ...] = ()


class Solution(Record):
    """The engine's answer to a question: JSON form, canonical text, and facts for feedback."""

    expected: JSONValue
    expected_text: str
    detail: Mapping[str, JSONValue] = factory(default_factory=dict)


class Verdict(Record):
    """How one readable answer compares with the solution."""

    correct: bool
    points_lost: float = 0.0
    band: str | None = None
    detail: Mapping[str, JSONValue] = factory(default_factory=dict)


class DrillKind(Protocol):
    """What the registry expects of a drill module (see the module docstring)."""

    FORMS: tuple[str, ...]
    NAMED_ONLY_FORMS: frozenset[str]  # forms asked only when named (never in a mixed drill)
    TITLED_FORMS: frozenset[str]  # forms named beside the kind in headers: "peg (play)"
    STEP_FORMS: frozenset[str]  # forms `--steps` asks one scoring kind at a time (the itemised count)
    STREAK_FORM: str  # the harder form a streak asks late in its run ("": the kind has none)

    def themes(self, ruleset: Ruleset) -> tuple[str, ...]: ...

    def generate(
        self, rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str
    ) -> Question: ...

    def present(self, question: Question, ruleset: Ruleset) -> Presentation: ...

    def parse(self, question: Question, text: str) -> JSONValue: ...

    def solve(self, question: Question, *, ruleset: Ruleset) -> Solution: ...

    def judge(
        self, question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset
    ) -> Verdict: ...

    def explain(self, question: Question, grade: Grade) -> list[Msg]: ...

    # -- what the learner model and the reviews need

    REVIEW_VARIANT: ReviewVariant
    SLOW_SECONDS: float  # an answer slower than this is a hard one for the review schedule
    EXPECTED_VALUE_FORMS: frozenset[str]  # forms graded in expected points, not exact points
    CHANCE_FORMS: frozenset[str]  # forms whose loss is a share of the chance to win, not points

    TRACKED_IDEAS: tuple[str, ...]  # the ideas the learner model tracks (empty: its themes)
    LESSON: int  # the lesson that teaches the kind as a whole
    BLAMES_ITEMS: bool  # a wrong answer is blamed on the scoring items that explain it

    def pattern(self, question: Question, *, ruleset: Ruleset) -> str: ...

    def ideas(self, question: Question, *, ruleset: Ruleset) -> tuple[str, ...] | None: ...

    def rule_ideas(self, question: Question, grade: Grade) -> tuple[str, ...]: ...

    LEVEL_ITEMS: str  # which of a level's scoring kinds its questions hold: show, play or ""
    IRREGULARITY_THEMES: bool  # its themes are irregularities, named as the rules reference names them

    def lesson_tags(self, question: Question, solution: Solution) -> frozenset[str]: ...

    def prior_difficulty(self, pattern: str) -> float: ...

    # -- what the edges show

    NUMERIC_FORMS: frozenset[str]  # forms answered with a number (the club page's input)
    MENU_RANK: int  # the kind's place in the home menu (smallest first)
    COMMAND: Command

    def hints(self, question: Question, *, ruleset: Ruleset) -> list[Hint]: ...

    def shown_cards(self, question: Question) -> tuple[list[str], str | None]: ...

    def brief(self, question: Question) -> tuple[object, ...]: ...

    def expected(self, question: Question, grade: Grade) -> Any: ...

    def answer_shown(self, question: Question, answer: str) -> object: ...

    def run_options(self, options: Mapping[str, Any]) -> tuple[str, bool]: ...


def mixed_forms(drill: DrillKind) -> tuple[str, ...]:
    """The forms a drill mixes when no form is named: all but those asked only when named (the
    discard drill's board form needs a game score and a win table, and is a lesson of its own)."""
    return tuple(f for f in drill.FORMS if f not in drill.NAMED_ONLY_FORMS)


def form_for(drill: DrillKind, named: str, rng: random.Random) -> str:
    """The form of the next question: `named` when the kind has it, else its one mixed form or
    one of them drawn with `rng` (the count's itemised form is asked only when named)."""
    if named in drill.FORMS:
        return named
    forms = mixed_forms(drill)
    return forms[0] if len(forms) == 1 else rng.choice(forms)


def kind(name: str) -> DrillKind:
    """The drill module for `name` (count, muggins, peg, discard, penalty)."""
    found = _LOADED.get(name)
    if found is not None:
        return found  # asked once per stored answer by the learner model: kept at hand
    if name not in DRILLS:
        raise DrillError(
            f"unknown drill {name!r}: choose one of {', '.join(DRILLS)}",
            key="raised.drill.unknown",
            name=repr(name),
            names=", ".join(DRILLS),
        )
    module: ModuleType = importlib.import_module(module_name(name))
    _LOADED[name] = cast(DrillKind, module)
    return _LOADED[name]


_LOADED: dict[str, DrillKind] = {}


def confirmed(question: Question, *, ruleset: Ruleset) -> bool:
    """Whether a generated question is worth asking, by its kind's optional `confirm` (a kind
    whose generator would otherwise solve every candidate checks only the one chosen; a kind
    without one always is)."""
    check = getattr(kind(question.kind), "confirm", None)
    return True if check is None else bool(check(question, ruleset=ruleset))


def generate_confirmed(
    drill: DrillKind, rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str
) -> Question:
    """`drill.generate` until the question is confirmed (the same `rng` goes on, so the result
    is as repeatable as one `generate`); after a few tries the last one is taken."""
    question = drill.generate(rng, ruleset=ruleset, lvl=lvl, theme=theme, form=form)
    for _ in range(_CONFIRM_TRIES):
        if confirmed(question, ruleset=ruleset):
            break
        question = drill.generate(rng, ruleset=ruleset, lvl=lvl, theme=theme, form=form)
    return question


_CONFIRM_TRIES = 8


def present(question: Question, *, ruleset: Ruleset) -> Presentation:
    """What to show for `question` and how to ask for the answer (the kind's own `present`)."""
    return kind(question.kind).present(question, ruleset)


def of(question: Question) -> DrillKind:
    """The kind of `question`."""
    return kind(question.kind)


def all_kinds() -> tuple[tuple[str, DrillKind], ...]:
    """Every kind with its module, in the registry's order."""
    return tuple((name, kind(name)) for name in DRILLS)


def hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    """The hints for a question, mildest first (the kind's own `hints`)."""
    return kind(question.kind).hints(question, ruleset=ruleset)
