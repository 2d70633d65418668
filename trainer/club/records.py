"""The club night's report as data (`crib quiz report --json`, the CSV and HTML exports, the
room's report page): a typed record per row, so the report's writer and its three readers agree
on every key. The keys are the scripting contract of the club issue; they do not change here.

(No `from __future__ import annotations` here: Python 3.11 marks `NotRequired` keys only when the
annotations are evaluated, and `tests/test_boundary_records.py` reads them at run time.)
"""

from typing import NotRequired, TypedDict


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


class RoomStanding(TypedDict):
    """A player's row of a club night's live standings (the projector, the phones, the report
    page); `points` is None unless the night scores speed points, `rank` is set once sorted."""

    player: str
    name: str
    correct: int
    answered: int
    seconds: float
    points: int | None
    team: str
    rank: NotRequired[int]


class TeamStanding(TypedDict):
    """A team's row: members present, right answers and points; `score` (points, or right answers
    without speed points), `average` per member and `rank` are set once every member is counted."""

    team: str
    members: int
    correct: int
    points: int
    score: NotRequired[int]
    average: NotRequired[float]
    rank: NotRequired[int]
