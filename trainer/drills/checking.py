"""Grading: a pure function of (question, answer text, ruleset) that asks the engine every time.

Club quizzes reuse this unchanged, so it depends on nothing but its arguments: no clock, no
database, no language. An empty answer is a skip; an unreadable one is graded wrong with the
reason attached (a terminal re-asks before it gets here; a script gets the reason as feedback).
"""

from __future__ import annotations

from dataclasses import replace

from trainer.drills.answers import AnswerError, is_skip
from trainer.drills.kinds import Solution, kind
from trainer.drills.model import Grade, Question
from trainer.engine.ruleset import Ruleset


def solve(question: Question, *, ruleset: Ruleset) -> Solution:
    """The engine's answer to `question` (what `grade` compares with; a session computes it in
    the background while the user thinks)."""
    return kind(question.kind).solve(question, ruleset=ruleset)


def grade(question: Question, answer: str, *, ruleset: Ruleset, solution: Solution | None = None) -> Grade:
    """The verdict on `answer` with the engine's expected answer and feedback facts.

    `solution` may be passed when already computed by `solve(question, ruleset=ruleset)`.
    """
    drill = kind(question.kind)
    solution = solution or drill.solve(question, ruleset=ruleset)
    base = Grade(
        correct=False,
        expected=solution.expected,
        expected_text=solution.expected_text,
        detail=dict(solution.detail),
    )
    if is_skip(answer):
        return replace(base, skipped=True)
    try:
        parsed = drill.parse(question, answer)
        verdict = drill.judge(question, solution, parsed, ruleset=ruleset)
    except AnswerError as exc:
        return replace(base, problem=exc.problem)
    return replace(
        base,
        correct=verdict.correct,
        answer=parsed,
        points_lost=float(verdict.points_lost),
        band=verdict.band,
        detail={**solution.detail, **verdict.detail},
    )


def check_answer(question: Question, answer: str) -> AnswerError | None:
    """Whether `answer` can be read (for a terminal to re-ask with a hint); None when it can."""
    if is_skip(answer):
        return None
    try:
        kind(question.kind).parse(question, answer)
    except AnswerError as exc:
        return exc
    return None


def timed_out(grade_: Grade) -> Grade:
    """An answer given after the time limit scores nothing, whatever it was."""
    return replace(grade_, correct=False, timed_out=True)
