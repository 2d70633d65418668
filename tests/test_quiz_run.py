"""Timed quizzes: the clock is the session's (injected here), limits are enforced (a late answer
scores 0), a sprint stops serving when time is up, and `crib quiz run` reports streak and score."""

from __future__ import annotations

import io
import json
from itertools import islice

import pytest

from trainer.cli.app import main
from trainer.cli.club.quiz import DurationError, parse_duration
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.model import Attempt
from trainer.drills.session import Limits, Session
from trainer.engine.ruleset import Ruleset


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _session(ruleset: Ruleset, clock: FakeClock, limits: Limits, recorded: list[Attempt]) -> Session:
    spec = DrillSpec(drills=("count", "peg", "muggins"), ruleset=ruleset, seed=10)
    return Session(
        questions=stream(spec),
        ruleset_for=lambda _: ruleset,
        limits=limits,
        clock=clock,
        record=recorded.append,
    )


def _right(session: Session, ruleset: Ruleset) -> str:
    assert session.current is not None
    return grade(session.current, "", ruleset=ruleset).expected_text.split(" / ")[0]


def test_an_answer_after_the_per_question_limit_scores_zero(classic: Ruleset) -> None:
    clock, recorded = FakeClock(), []
    session = _session(classic, clock, Limits(questions=3, per_question_seconds=30), recorded)
    session.next_question()
    clock.advance(29.5)
    on_time = session.answer(_right(session, classic))
    session.next_question()
    clock.advance(30.5)
    late = session.answer(_right(session, classic))
    assert on_time.correct and on_time.seconds == 29.5
    assert not late.correct and late.grade.timed_out and late.seconds == 30.5
    assert recorded == [on_time, late]  # the late answer is kept, scored 0
    assert session.tally.correct == 1 and session.tally.timed_out == 1 and session.tally.streak == 0


def test_a_sprint_stops_serving_when_the_total_time_is_up(classic: Ruleset) -> None:
    clock, recorded = FakeClock(), []
    session = _session(classic, clock, Limits(total_seconds=60), recorded)
    answered = 0
    while session.next_question() is not None:
        assert session.remaining() == pytest.approx(60 - 25 * answered)
        clock.advance(25)
        attempt = session.answer(_right(session, classic))
        answered += 1
        if answered < 3:
            assert attempt.correct
    # Questions shown at 0 s and 25 s are in time; the one shown at 50 s is answered at 75 s: late.
    assert answered == 3 and session.ended_by == "time"
    assert [a.grade.timed_out for a in recorded] == [False, False, True]


def test_streaks(classic: Ruleset) -> None:
    clock, recorded = FakeClock(), []
    session = _session(classic, clock, Limits(questions=5), recorded)
    for answer_right in (True, True, False, True, True):
        session.next_question()
        clock.advance(1)
        session.answer(_right(session, classic) if answer_right else "%")
    assert session.next_question() is None and session.ended_by == "done"
    assert (session.tally.streak, session.tally.best_streak, session.tally.correct) == (2, 2, 4)


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        *[("90", 90), ("90s", 90), ("3m", 180), ("1m30s", 90), ("2:30", 150), ("1h", 3600), ("0.5m", 30)],
        # units spelt out, in English or as a Russian reader types them
        *[("3 min", 180), ("45 seconds", 45), ("3мин", 180), ("30 сек", 30), ("1ч", 3600), ("2 минуты", 120)],
        *[("1 час 30 минут", 5400), ("1,5м", 90), ("2мин.", 120)],
    ],
)
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text, option="--sprint") == seconds


@pytest.mark.parametrize("text", ["", "soon", "0", "3x", "-1m", "3 мес", "3ms", "м3"])
def test_bad_durations(text: str) -> None:
    with pytest.raises(DurationError, match="--sprint"):
        parse_duration(text, option="--sprint")


def test_quiz_run_json_and_summary(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, classic: Ruleset
) -> None:
    spec = DrillSpec(drills=("count", "peg"), ruleset=classic, seed=3)
    qs = list(islice(stream(spec), 4))
    answers = [grade(q, "", ruleset=classic).expected_text.split(" / ")[0] for q in qs]
    answers[2] = "%"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    code = main(
        ["quiz", "run", "-n", "4", "--drills", "count,peg", "--per-question", "1m", "--seed", "3", "--json"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    report = json.loads(out)
    assert report["drill"] == "quiz" and report["drills"] == ["count", "peg"]
    assert report["per_question_seconds"] == 60 and report["sprint_seconds"] is None
    assert (report["asked"], report["correct"], report["best_streak"]) == (4, 3, 2)
    assert [q["kind"] for q in report["questions"]] == [q.kind for q in qs]
    assert "Summary" in err and "60s per question" in err and "streak" in err


def test_quiz_needs_known_drills(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quiz", "run", "--drills", "count,poker"]) == 2
    assert "unknown drill 'poker'" in capsys.readouterr().err
    assert main(["quiz", "run", "--sprint", "soon"]) == 2
