"""The club night's report as data (`crib quiz report --json`, the CSV and HTML exports, the
room's report page): a typed record per row, so the report's writer and its three readers agree
on every key. The keys are the scripting contract of the club issue; they do not change here.
"""

from __future__ import annotations

from typing import TypedDict


class WeakTopic(TypedDict):
    """A topic (`count/runs`) the student got under half right of the questions they reached."""

    topic: str
    right: int
    asked: int


class Standing(TypedDict):
    """One student's row, best first; `marks` holds right | wrong | skipped | late | not_reached
    per question, `answers` and `times` what was typed and when (None: not reached)."""

    rank: int
    name: str
    correct: int
    asked: int
    answered: int
    wrong: int
    not_reached: int
    seconds: float
    source: str
    marks: list[str]
    answers: list[str | None]
    times: list[float | None]
    date: str
    weak_topics: list[WeakTopic]


class WrongAnswer(TypedDict):
    answer: str
    count: int


class QuestionStat(TypedDict):
    """How the room did on one question (rates are None when nobody took or reached it)."""

    number: int
    id: str
    kind: str
    topic: str
    correct: int
    wrong: int
    not_reached: int
    students: int
    correct_rate: float | None
    reached_rate: float | None
    common_wrong: list[WrongAnswer]


class RejectedFile(TypedDict):
    """A results file the report could not use, and why (in English: the JSON contract)."""

    file: str
    reason: str


class ClubReport(TypedDict):
    quiz: str
    checksum: str
    standings: list[Standing]
    questions: list[QuestionStat]
    rejected: list[RejectedFile]
