"""What each stored answer says about its ideas, kept with the answer so the learner model is
read, not recomputed.

The learner model (`trainer.training.mastery`) folds the readings of a player's last answers of
a skill. Working a reading out means parsing the stored question, the answer and the engine's
answer and breaking the hand down again: about a millisecond each, so `crib stats` (five skills)
and a drill's start paid for up to 2,000 of them on any history of a few months. The reading is
now worked out once, when the answer is stored (`with_reading`), and kept in the answer's row as
short text (`VERSION:ideas|missed`). An answer stored before that, or under an older way of
reading (a different `VERSION`), is read the old way and its reading written back, so each row
is worked out at most once.

The text is the reading exactly as the old way gives it: the parsed answer and the engine's
answer are taken as they come back from the database (JSON, lists for tuples), not as the grade
held them, so a kept reading and a recomputed one never differ.
"""

from __future__ import annotations

import json
from dataclasses import replace

from trainer.drills.answers import AnswerError
from trainer.drills.ideas import Reading, read_answer
from trainer.drills.kinds import kind
from trainer.drills.model import Attempt, JSONValue, Question
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset
from trainer.training.records import AnswerMeta

# Bump when `trainer.drills.ideas.read_answer` or `ideas_of` changes what a reading holds: kept
# readings of another version are worked out again (and kept again) the first time they are read.
VERSION = 2


def parsed_answer(question: Question, text: str) -> JSONValue:
    """A stored answer as its kind reads it (None when it cannot be read)."""
    try:
        return kind(question.kind).parse(question, text)
    except (AnswerError, CribError, KeyError, TypeError, ValueError):
        return None


def reading_of(
    question: Question, *, answer: str, expected: JSONValue, correct: bool, ruleset: Ruleset
) -> Reading:
    """The reading of a stored answer: `answer` as typed, `expected` as stored (decoded JSON)."""
    return read_answer(
        question,
        answer=parsed_answer(question, answer),
        expected=expected,
        correct=correct,
        ruleset=ruleset,
    )


def encode(reading: Reading) -> str:
    return f"{VERSION}:{','.join(reading.ideas)}|{','.join(reading.missed)}"


def decode(text: str | None) -> Reading | None:
    """The kept reading, or None when there is none or it is of another version."""
    if not text:
        return None
    version, sep, body = text.partition(":")
    if not sep or version != str(VERSION):
        return None
    ideas, sep, missed = body.partition("|")
    if not sep:
        return None
    return Reading(
        ideas=tuple(i for i in ideas.split(",") if i), missed=tuple(i for i in missed.split(",") if i)
    )


def with_reading(meta: AnswerMeta, attempt: Attempt, *, ruleset: Ruleset) -> AnswerMeta:
    """`meta` with the answer's reading, as the store will keep it."""
    g = attempt.grade
    expected = json.loads(json.dumps(g.expected, ensure_ascii=False, sort_keys=True))
    try:
        reading = reading_of(
            attempt.question, answer=attempt.answer, expected=expected, correct=g.correct, ruleset=ruleset
        )
    except CribError:  # nothing to keep: the old way reads it when the model needs it
        return meta
    return replace(meta, reading=encode(reading))
