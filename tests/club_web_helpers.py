"""Shared set-up for the club-night web tests: a small quiz on disk and a room on a fake clock."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trainer.club.night import make_mixed_questions, make_questions, questions_of
from trainer.content.quizfile import QuizSettings, load_quiz, quiz_document, write_quiz
from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade


def make_quiz(
    path: Path,
    *,
    n: int = 4,
    drills: tuple[str, ...] = ("count", "peg"),
    seed: int = 7,
    one_of_each: bool = False,
) -> Path:
    """A quiz file; `one_of_each` asks exactly one question of each drill, in shuffled order."""
    rules = load_ruleset("classic")
    if one_of_each:
        mix = dict.fromkeys(drills, 1)
        questions = make_mixed_questions(rulesets=[rules], mix=mix, level="intermediate", seed=seed)
        n = len(questions)
    else:
        questions = make_questions(ruleset=rules, drills=drills, level="intermediate", n=n, seed=seed)
    settings = QuizSettings(
        ruleset=rules.name,
        drills=drills,
        level="intermediate",
        seed=seed,
        questions=n,
        time_limit_seconds=None,
    )
    write_quiz(quiz_document(title="Club night", settings=settings, ruleset=rules, questions=questions), path)
    return path


def right_answers(path: Path) -> list[str]:
    quiz = load_quiz(path)
    return [
        grade(q, "", ruleset=quiz.ruleset_for(q.ruleset)).expected_text.split(" / ")[0]
        for q in questions_of(quiz.questions)
    ]


def wrong_answer(right: str) -> str:
    """An answer the engine marks wrong: another number, another letter, or unreadable text."""
    if right.isdigit():
        return str(int(right) + 1)
    if len(right) == 1 and right.isalpha():
        return "a" if right.lower() != "a" else "b"
    return "not-a-card"


@dataclass
class Clock:
    """The server's clock, moved by hand."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now
