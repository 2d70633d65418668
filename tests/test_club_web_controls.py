"""The teacher's controls through the JSON API: skip, back, more time, the exam clock, progress in
self-paced and exam modes, re-admitting a student with their score, points for speed and
streaks, and the warning when a restart is given other options than the stored night's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from club_web_helpers import Clock, make_quiz, open_room, right_answers, web_client, wrong_answer
from starlette.testclient import TestClient

from trainer.web.points import answer_points, total_points
from trainer.web.room import Room

pytest_plugins = ["club_web_fixtures"]  # clock, room (on the quiz below)


@pytest.fixture
def quiz_path(tmp_path: Path) -> Path:
    return make_quiz(tmp_path / "night.yaml", n=4, drills=("count",))


def client(room: Room) -> TestClient:
    return web_client(room)


class Player:
    """One phone: its own client (its own cookie jar) and token."""

    def __init__(self, room: Room, name: str) -> None:
        self.client = client(room)
        response = self.client.post("/api/join", json={"room": room.row.code, "name": name})
        assert response.status_code == 200, response.text
        self.id = response.json()["player"]
        self.token = response.json()["token"]

    def answer(self, index: int, text: str) -> Any:
        return self.client.post("/api/answer", json={"index": index, "answer": text})

    def question(self) -> dict[str, Any]:
        return dict(self.client.get("/api/question").json())


def act(room: Room, action: str, payload: dict[str, Any] | None = None, status: int = 200) -> dict[str, Any]:
    response = client(room).post(
        f"/api/teacher/{action}",
        json=payload or {},
        headers={"Authorization": f"Bearer {room.row.teacher_token}"},
    )
    assert response.status_code == status, response.text
    return dict(response.json())


def screen(room: Room) -> dict[str, Any]:
    return dict(client(room).get("/api/screen").json())


def teacher_state(room: Room) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {room.row.teacher_token}"}
    return dict(client(room).get("/api/teacher/state", headers=headers).json())


def test_skip_opens_the_next_question_without_showing_the_answer(room: Room, quiz_path: Path) -> None:
    anna = Player(room, "Anna")
    act(room, "start")
    assert act(room, "skip")["index"] == 1
    shown = screen(room)
    assert shown["index"] == 1 and shown["reveal"] is None  # the skipped answer never reached the room
    assert anna.answer(0, right_answers(quiz_path)[0]).json()["reason"] == "not_current"
    act(room, "reveal")
    assert act(room, "skip", status=409)["reason"] == "revealed"  # after the reveal it is Next


def test_back_shows_the_previous_question_with_its_answer_and_takes_no_new_answers(
    room: Room, quiz_path: Path
) -> None:
    right = right_answers(quiz_path)
    anna, boris = Player(room, "Anna"), Player(room, "Boris")
    act(room, "start")
    assert act(room, "back", status=409)["reason"] == "no_back"  # nothing before the first
    assert anna.answer(0, right[0]).status_code == 200
    act(room, "reveal")
    act(room, "next")
    assert boris.answer(1, right[1]).status_code == 200
    assert act(room, "back")["index"] == 0
    shown = screen(room)
    assert shown["index"] == 0 and shown["reveal"] is not None and shown["reveal"]["right"] == 1
    assert boris.answer(0, right[0]).json()["reason"] == "revealed"  # too late for question 1
    act(room, "next")  # the furthest question opens again for those who have not answered it
    assert screen(room)["index"] == 1 and screen(room)["reveal"] is None
    assert anna.answer(1, right[1]).status_code == 200
    assert boris.answer(1, right[1]).json()["reason"] == "answered"
    report = room.report_json()
    answered = {row["name"]: row["answered"] for row in report["standings"]}
    assert answered == {"Anna": 2, "Boris": 1}


def test_more_time_for_the_open_question(room: Room, clock: Clock) -> None:
    act(room, "start")
    clock.now += 10
    assert screen(room)["seconds_left"] == 20
    act(room, "add_time")
    assert screen(room)["seconds_left"] == 35
    act(room, "add_time", {"seconds": 5})
    assert screen(room)["seconds_left"] == 40
    act(room, "pause")
    act(room, "add_time", {"seconds": 10})
    act(room, "resume")
    assert screen(room)["seconds_left"] == 50
    assert act(room, "add_time", {"seconds": "lots"}, status=400)["reason"] == "bad_request"
    assert act(room, "add_time", {"seconds": 99999}, status=400)["reason"] == "bad_request"
    act(room, "reveal")
    assert act(room, "add_time", status=409)["reason"] == "revealed"


def test_the_exam_clock_counts_down_and_more_time_reaches_everyone(quiz_path: Path, clock: Clock) -> None:
    room = open_room(quiz_path, clock, mode="exam", total_seconds=600)
    try:
        anna = Player(room, "Anna")
        assert screen(room)["seconds_left"] is None  # the lobby: no clock
        act(room, "start")
        assert screen(room)["seconds_left"] == 600  # nobody has started yet
        assert anna.question()["seconds_left"] == 600  # Anna's clock starts now
        clock.now += 100
        assert screen(room)["seconds_left"] == 500  # between changes too: the clock is not cached
        act(room, "add_time")
        assert screen(room)["seconds_left"] == 560
        assert anna.question()["seconds_left"] == 560
        assert teacher_state(room)["total_seconds"] == 660
    finally:
        room.close()


def test_more_time_needs_a_time_limit_in_self_paced_mode(quiz_path: Path, clock: Clock) -> None:
    room = open_room(quiz_path, clock, mode="self-paced")
    try:
        act(room, "start")
        assert act(room, "add_time", status=409)["reason"] == "no_clock"
    finally:
        room.close()


@pytest.mark.parametrize("mode", ["self-paced", "exam"])
def test_progress_moves_with_every_answer(quiz_path: Path, clock: Clock, mode: str) -> None:
    room = open_room(quiz_path, clock, mode=mode)
    try:
        right = right_answers(quiz_path)
        anna, boris = Player(room, "Anna"), Player(room, "Boris")
        act(room, "start")
        assert screen(room)["progress"] == {"answered": 0, "possible": 8}
        for index, answer in enumerate(right):
            assert anna.answer(index, answer).status_code == 200
        assert boris.answer(0, wrong_answer(right[0])).status_code == 200
        shown = screen(room)
        assert shown["progress"] == {"answered": 5, "possible": 8} and shown["finished"] == 1
        assert teacher_state(room)["progress"] == {"answered": 5, "possible": 8}
        marks = {p["name"]: p["answered"] for p in teacher_state(room)["players_list"]}
        assert marks == {"Anna": 4, "Boris": 1}
    finally:
        room.close()


def test_a_student_re_admitted_by_the_teacher_keeps_the_score(room: Room, quiz_path: Path) -> None:
    right = right_answers(quiz_path)
    anna = Player(room, "Anna")
    act(room, "start")
    assert anna.answer(0, right[0]).status_code == 200
    act(room, "reveal")
    act(room, "lock")
    # her phone dies; without the teacher's word the name stays hers
    refused = client(room).post("/api/join", json={"room": room.row.code, "name": "Anna"})
    assert refused.status_code == 423  # and the room is locked
    act(room, "readmit", {"player": anna.id})
    assert teacher_state(room)["players_list"][0]["readmit"] is True
    again = Player(room, "anna")  # the same name by its key, from another phone, into a locked room
    assert again.id == anna.id
    assert again.question()["me"]["correct"] == 1  # the score came along
    assert anna.client.get("/api/question").status_code == 401  # the dead phone's token is void
    assert len(screen(room)["standings"]) == 1
    # the waiting place is taken once: a third phone is refused again
    third = client(room).post("/api/join", json={"room": room.row.code, "name": "Anna"})
    assert third.status_code == 423


def test_a_removed_student_can_be_re_admitted_with_the_score(room: Room, quiz_path: Path) -> None:
    right = right_answers(quiz_path)
    anna = Player(room, "Anna")
    act(room, "start")
    assert anna.answer(0, right[0]).status_code == 200
    act(room, "kick", {"player": anna.id})
    assert room.report_json()["standings"] == []
    act(room, "readmit", {"player": anna.id})
    back = Player(room, "Anna")
    assert back.id == anna.id
    assert room.report_json()["standings"][0]["correct"] == 1


def test_re_admitting_a_removed_student_whose_name_was_taken_is_refused(room: Room) -> None:
    anna = Player(room, "Anna")
    act(room, "kick", {"player": anna.id})
    Player(room, "Anna")  # someone else took the freed name
    assert act(room, "readmit", {"player": anna.id}, status=409)["reason"] == "name_taken"
    assert act(room, "readmit", {"player": "nobody"}, status=404)["reason"] == "no_player"
    assert act(room, "readmit", {"player": 7}, status=400)["reason"] == "bad_request"


def test_the_points_formula() -> None:
    assert answer_points(right=True, seconds=0, limit=30, streak=1) == 1000
    assert answer_points(right=True, seconds=15, limit=30, streak=1) == 750
    assert answer_points(right=True, seconds=45, limit=30, streak=1) == 500  # late in the window: base
    assert answer_points(right=True, seconds=30, limit=30, streak=3) == 700
    assert answer_points(right=True, seconds=30, limit=30, streak=20) == 1000  # the bonus is capped
    assert answer_points(right=False, seconds=0, limit=30, streak=5) == 0
    # a miss, or a question left unanswered, ends the streak
    assert total_points({0: (True, 30.0), 1: (True, 30.0), 2: (True, 30.0)}, limit=30) == (1800, 3)
    assert total_points({0: (True, 30.0), 1: (False, 1.0), 2: (True, 30.0)}, limit=30) == (1000, 1)
    assert total_points({0: (True, 30.0), 2: (True, 30.0)}, limit=30) == (1000, 1)


def test_speed_points_rank_the_room_and_reach_the_phone(quiz_path: Path, clock: Clock) -> None:
    room = open_room(quiz_path, clock, speed_points=True)
    try:
        right = right_answers(quiz_path)
        fast, slow = Player(room, "Fast"), Player(room, "Slow")
        act(room, "start")
        assert slow.answer(0, right[0]).status_code == 200  # at 0 s
        clock.now += 15
        assert fast.answer(0, right[0]).status_code == 200  # at 15 s of 30
        act(room, "next")
        assert fast.answer(1, right[1]).status_code == 200  # at once, the second right in a row
        clock.now += 29
        assert slow.answer(1, wrong_answer(right[1])).status_code == 200
        act(room, "reveal")
        table = screen(room)["standings"]
        assert [(r["name"], r["points"]) for r in table] == [("Fast", 750 + 1100), ("Slow", 1000)]
        assert fast.question()["me"] | {"rank": 1, "points": 1850, "streak": 2} == fast.question()["me"]
    finally:
        room.close()
    plain = open_room(quiz_path, clock)  # the stored night keeps its points setting
    try:
        assert plain.standings()[0]["points"] == 1850
    finally:
        plain.close()


def test_without_speed_points_the_room_ranks_by_right_answers(room: Room, quiz_path: Path) -> None:
    Player(room, "Anna")
    act(room, "start")
    assert screen(room)["speed_points"] is False
    assert room.standings()[0]["points"] is None


def test_a_restart_with_other_options_lists_what_it_ignores(quiz_path: Path, clock: Clock) -> None:
    open_room(quiz_path, clock, mode="live").close()
    again = open_room(quiz_path, clock, mode="exam", seconds=45, speed_points=True)
    try:
        assert again.differences == {
            "mode": ("exam", "live"),
            "seconds": (45, 30),
            "speed_points": (True, False),
        }
        assert again.row.mode == "live"
    finally:
        again.close()
    same = open_room(quiz_path, clock, mode="live")
    try:
        assert same.differences == {}
    finally:
        same.close()


def test_the_restart_warning_is_printed(tmp_path: Path) -> None:
    from club_server import club_server

    quiz = make_quiz(tmp_path / "night.yaml", n=2, drills=("count",))
    with club_server(quiz) as server:
        assert server["notes"] == []
    with club_server(quiz, "--mode", "exam", "--speed-points") as server:
        notes = " ".join(server["notes"])
        assert "--mode exam is ignored, it stays live" in notes
        assert "--speed-points" in notes and server["mode"] == "live"


def test_teams_picked_at_the_join_or_by_the_teacher_and_ranked_by_the_average(
    quiz_path: Path, clock: Clock
) -> None:
    room = open_room(quiz_path, clock, teams=("Red", "Blue"))
    try:
        right = right_answers(quiz_path)
        page = client(room).get("/").text
        assert '<option value="Red">Red</option>' in page  # the join form offers the teams
        response = client(room).post(
            "/api/join", json={"room": room.row.code, "name": "Eve", "team": "Green"}
        )
        assert response.status_code == 400 and response.json()["reason"] == "team"
        anna = Player.__new__(Player)
        anna.client = client(room)
        joined = anna.client.post("/api/join", json={"room": room.row.code, "name": "Anna", "team": "red"})
        assert joined.status_code == 200
        anna.id, anna.token = joined.json()["player"], joined.json()["token"]
        boris, chen, dasha = Player(room, "Boris"), Player(room, "Chen"), Player(room, "Dasha")
        act(room, "team", {"player": boris.id, "team": "Blue"})
        act(room, "team", {"player": chen.id, "team": "Blue"})
        assert act(room, "team", {"player": dasha.id, "team": "Mauve"}, status=400)["reason"] == "team"
        assert act(room, "team", {"player": "nobody", "team": "Blue"}, status=404)["reason"] == "no_player"
        teams = {p["name"]: p["team"] for p in teacher_state(room)["players_list"]}
        assert teams == {"Anna": "Red", "Boris": "Blue", "Chen": "Blue", "Dasha": ""}
        assert anna.question()["team"] == "Red"
        act(room, "start")
        anna.answer(0, right[0])
        boris.answer(0, right[0])
        chen.answer(0, wrong_answer(right[0]))
        dasha.answer(0, right[0])  # no team: counts for herself only
        assert screen(room)["teams"] == []  # nothing before the reveal
        act(room, "reveal")
        table = [
            (t["rank"], t["team"], t["members"], t["score"], t["average"]) for t in screen(room)["teams"]
        ]
        assert table == [(1, "Red", 1, 1, 1.0), (2, "Blue", 2, 1, 0.5)]  # one of one beats one of two
        act(room, "end")
        assert [t["team"] for t in screen(room)["teams"]] == ["Red", "Blue"]
    finally:
        room.close()


@pytest.mark.parametrize(
    "teams", [("Red",), ("Red", "red"), tuple(f"T{i}" for i in range(9)), ("Red", "\u2800")]
)
def test_bad_teams_are_refused(quiz_path: Path, clock: Clock, teams: tuple[str, ...]) -> None:
    from trainer.engine.errors import CribError

    with pytest.raises(CribError):
        open_room(quiz_path, clock, teams=teams)


def test_bad_teams_on_the_command_line_are_one_line(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    quiz = make_quiz(tmp_path / "night.yaml", n=2, drills=("count",))
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "club", "serve", str(quiz), "--port", "0", "--teams", "Red"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "CRIB_DB": str(tmp_path / "crib.sqlite3")},
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "--teams: give two to eight different team names" in done.stderr + done.stdout
