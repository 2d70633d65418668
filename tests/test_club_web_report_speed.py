"""Reports at the size of a real club: each question is solved once for all students (and the
result equals grading each student alone), and the server builds the report in a worker thread,
kept until the next change, so `/health` and the phones are answered while it is built."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from club_web_helpers import Clock, make_quiz, night_report, open_room, right_answers, wrong_answer
from starlette.testclient import TestClient

import trainer.club.night as club
from trainer.club.night import Report, build_report, club_submissions, questions_of, regrade
from trainer.content.quizfile import load_quiz
from trainer.web.app import create_app
from trainer.web.room import Room


def played(tmp_path: Path, students: int = 6) -> tuple[Path, Room]:
    quiz_path = make_quiz(tmp_path / "night.yaml", n=5, drills=("count", "peg", "discard"))
    clock = Clock()
    room = Room.open(load_quiz(quiz_path), now=clock, mode="self-paced")
    right = right_answers(quiz_path)
    tokens = [room.join(room.row.code, f"Student {i}")[1] for i in range(students)]
    room.act("start")
    for s, token in enumerate(tokens):
        for index in range(room.total - s % 3):  # some never reach the last questions
            clock.now += 1 + s
            answer = right[index] if (s + index) % 2 else wrong_answer(right[index])
            room.answer(room.player(token), index, answer)
    return quiz_path, room


def test_a_report_solves_each_question_once_and_equals_grading_each_student_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quiz_path, room = played(tmp_path)
    try:
        quiz = load_quiz(quiz_path)
        questions = questions_of(quiz.questions)
        submissions = club_submissions(room.store, checksum=quiz.checksum)
        alone = Report(quiz=quiz.name, checksum=quiz.checksum, questions=questions)
        alone.students = [
            regrade(s, questions=questions, ruleset=quiz.ruleset, checksum=quiz.checksum, time_limit=None)
            for s in submissions
        ]
        calls: list[str] = []
        real_solve = club.solve
        monkeypatch.setattr(club, "solve", lambda q, **kw: calls.append(q.id) or real_solve(q, **kw))
        once = build_report(
            quiz=quiz.name,
            checksum=quiz.checksum,
            questions=questions,
            ruleset=quiz.ruleset,
            time_limit=None,
            submissions=submissions,
        )
        assert once.to_json() == alone.to_json()
        assert sorted(calls) == sorted(q.id for q in questions)  # 5 solves for 6 students, not 24
    finally:
        room.close()


def test_the_server_report_is_built_once_per_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, room = played(tmp_path, students=2)
    try:
        builds = []
        real = room.report_json
        monkeypatch.setattr(room, "report_json", lambda: builds.append(1) or real())
        client = TestClient(create_app(room, join_url="http://127.0.0.1/"), base_url="http://127.0.0.1")
        auth = {"Authorization": f"Bearer {room.row.teacher_token}"}
        response = client.get("/api/report", headers=auth)
        first = response.json()
        assert response.headers["server-timing"].startswith("report;dur=")  # how long the server took
        assert float(response.headers["server-timing"].split("dur=")[1]) >= 0
        assert client.get("/api/report", headers=auth).json() == first and len(builds) == 1
        assert "<table" in client.get("/report", headers=auth).text and len(builds) == 1
        room.join(room.row.code, "Late Comer")  # a change: the next report is built again
        assert len(client.get("/api/report", headers=auth).json()["standings"]) == 3 and len(builds) == 2
    finally:
        room.close()


def test_health_and_phones_are_answered_while_a_slow_report_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, room = played(tmp_path, students=2)
    try:
        entered, release = threading.Event(), threading.Event()
        real = room.report_json

        def slow_report() -> dict[str, object]:
            entered.set()
            release.wait(30)
            return real()

        monkeypatch.setattr(room, "report_json", slow_report)
        client = TestClient(create_app(room, join_url="http://127.0.0.1/"), base_url="http://127.0.0.1")
        auth = {"Authorization": f"Bearer {room.row.teacher_token}"}
        report: dict[str, int] = {}
        teacher = threading.Thread(
            target=lambda: report.update(status=client.get("/api/report", headers=auth).status_code)
        )
        teacher.start()
        assert entered.wait(10)
        answers: dict[str, int] = {}
        phone = threading.Thread(
            target=lambda: answers.update(
                health=client.get("/health").status_code, screen=client.get("/api/screen").status_code
            )
        )
        phone.start()
        phone.join(10)
        still_building = not release.is_set() and teacher.is_alive()
        release.set()
        teacher.join(30)
        assert answers == {"health": 200, "screen": 200} and still_building
        assert report == {"status": 200}
    finally:
        room.close()


def test_the_server_report_from_memory_equals_the_report_read_from_the_database(tmp_path: Path) -> None:
    quiz_path = make_quiz(tmp_path / "night.yaml", n=5, drills=("count", "peg", "discard"))
    clock = Clock()
    room = open_room(quiz_path, clock)
    right = right_answers(quiz_path)
    try:
        players = [room.join(room.row.code, f"Student {i}") for i in range(5)]
        room.act("start")
        for index in range(4):  # live: some skip a question, one is removed, one is re-admitted
            for s, (_, token, _) in enumerate(players):
                if (s + index) % 4 == 3 or (s == 4 and index >= 2):
                    continue
                clock.now += 1.5 + s
                answer = right[index] if (s + index) % 2 else wrong_answer(right[index])
                room.answer(room.player(token), index, answer)
            room.act("reveal")
            if index == 1:
                room.kick(players[4][0])
                room.readmit(players[3][0])
                players[3] = room.join(room.row.code, "Student 3")
            room.act("next")
        from_memory = room.report_json()
        quiz = load_quiz(quiz_path)
        ids = [q.id for q in questions_of(quiz.questions)]
        logged = club.submissions_from_club_db(room.store.path, checksum=quiz.checksum, question_ids=ids)
        stored = night_report(quiz_path, logged)
        assert from_memory == stored
        assert len(from_memory["standings"]) == 4 and any(
            "skipped" in row["marks"] for row in from_memory["standings"]
        )
        resumed = Room.open(load_quiz(quiz_path), now=clock)  # a restarted server reads the log back
        try:
            assert resumed.report_json() == stored
        finally:
            resumed.close()
    finally:
        room.close()
