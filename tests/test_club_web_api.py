"""The club night's JSON API through the ASGI test client: joining, names, the server's clock,
tokens, the teacher's secret, restart and resume, and a report that regrades the stored answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from club_web_helpers import (
    JSON,
    ORIGIN,
    Clock,
    make_quiz,
    night_report,
    open_room,
    right_answers,
    web_client,
    wrong_answer,
)
from starlette.testclient import TestClient

from trainer.web.app import create_app
from trainer.web.room import Room

pytest_plugins = ["club_web_fixtures"]  # quiz_path, clock, room


client_for = web_client


def join(client: TestClient, room: Room, name: str) -> dict[str, str]:
    response = client.post("/api/join", json={"room": room.row.code, "name": name})
    assert response.status_code == 200, response.text
    return response.json()


def teacher(client: TestClient, room: Room, action: str) -> dict[str, object]:
    response = client.post(
        f"/api/teacher/{action}", headers={**JSON, "Authorization": f"Bearer {room.row.teacher_token}"}
    )
    assert response.status_code == 200, response.text
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {**JSON, "Authorization": f"Bearer {token}"}


def test_join_gives_a_player_and_a_token_and_sets_the_cookie(room: Room) -> None:
    client = client_for(room)
    data = join(client, room, "Anna")
    assert set(data) >= {"player", "token"} and data["token"]
    assert client.cookies.get("crib_player") == data["token"]
    question = client.get("/api/question").json()  # the cookie alone is enough
    assert question["state"] == "lobby" and question["name"] == "Anna"


def test_a_wrong_room_code_is_refused(room: Room) -> None:
    response = client_for(room).post("/api/join", json={"room": "ZZZZ", "name": "Anna"})
    assert response.status_code == 404 and response.json()["reason"] == "room"


def test_a_room_code_typed_with_cyrillic_lookalike_letters_is_the_latin_code() -> None:
    from trainer.web.room import ROOM_ALPHABET, room_code

    # a phone on a Russian keyboard: «НМК» for HMK, lower case too; every lookalike, both cases
    assert room_code("АВЕКМНОРСТХУ") == room_code("авекмнорстху") == "ABEKMHOPCTXY"
    assert room_code(" нмк р ") == room_code("HMKP") == room_code("hmkp") == "HMKP"
    assert room_code("ДЖЗЛ") == "ДЖЗЛ"  # no Latin letter looks like these: still no room
    assert all(room_code(c) == c for c in ROOM_ALPHABET)


@pytest.fixture
def hmkp_room(quiz_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Iterator[Room]:
    """A room whose code is HMKP: every letter has a Cyrillic lookalike (Н М К Р)."""
    from club_web_helpers import opened_room

    monkeypatch.setattr("trainer.web.room.new_room_code", lambda: "HMKP")
    with opened_room(quiz_path, clock) as room:
        yield room


@pytest.mark.parametrize("typed", ["cyrillic-upper", "cyrillic-lower", "latin-lower"])
def test_a_phone_joins_with_the_code_typed_in_cyrillic_lookalikes(hmkp_room: Room, typed: str) -> None:
    room = hmkp_room
    latin = room.row.code
    assert latin == "HMKP"
    cyrillic = latin.translate(str.maketrans("ABEKMHOPCTXY", "АВЕКМНОРСТХУ"))
    code = {"cyrillic-upper": cyrillic, "cyrillic-lower": cyrillic.lower(), "latin-lower": latin.lower()}[
        typed
    ]
    response = client_for(room).post("/api/join", json={"room": code, "name": "Anna"})
    assert response.status_code == 200, (latin, code, response.text)


def test_the_join_page_fills_in_a_lookalike_code_as_the_latin_one(hmkp_room: Room) -> None:
    room = hmkp_room
    cyrillic = room.row.code.translate(str.maketrans("ABEKMHOPCTXY", "АВЕКМНОРСТХУ")).lower()
    page = client_for(room).get("/", params={"room": cyrillic}).text
    assert f'value="{room.row.code}"' in page


@pytest.mark.parametrize(
    "second",
    ["anna", "ANNA", " Anna ", "Ａｎｎａ", "An\u200bna", "\u200dAnna\ufeff", "An\u00adna", "Anna\u202e"],
    ids=["lower", "upper", "spaces", "fullwidth", "zero-width-space", "joiners", "soft-hyphen", "bidi"],
)
def test_one_player_per_name_after_normalisation(room: Room, second: str) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    response = client_for(room).post("/api/join", json={"room": room.row.code, "name": second})
    assert response.status_code == 409 and response.json()["reason"] == "name_taken"


@pytest.mark.parametrize("name", ["", "   ", "\u200b\u200b", "x" * 41])
def test_empty_or_long_names_are_refused(room: Room, name: str) -> None:
    response = client_for(room).post("/api/join", json={"room": room.row.code, "name": name})
    assert response.status_code == 400 and response.json()["accepted"] is False


def test_the_question_carries_no_answer(room: Room, quiz_path: Path) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    teacher(client, room, "start")
    question = client.get("/api/question").json()
    assert {"index", "total", "kind", "prompt", "cards", "starter", "choices", "seconds_left"} <= set(
        question
    )
    assert question["index"] == 0 and question["total"] == 4 and question["seconds_left"] == 30
    text = str(question).lower()
    assert "expected" not in text and "correct" not in text
    assert question["feedback"] is None


def test_an_answer_in_time_is_graded_by_the_engine(room: Room, quiz_path: Path, clock: Clock) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    teacher(client, room, "start")
    clock.now += 29.5
    right = right_answers(quiz_path)[0]
    assert client.post("/api/answer", json={"index": 0, "answer": right}).json() == {
        "accepted": True,
        "index": 0,
    }
    stored = room.store.answers()
    assert [(a.idx, a.answer, a.correct, a.at) for a in stored] == [(0, right, True, 29.5)]


def test_an_answer_after_the_deadline_is_refused(room: Room, clock: Clock, quiz_path: Path) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    teacher(client, room, "start")
    clock.now += 30.01
    response = client.post("/api/answer", json={"index": 0, "answer": right_answers(quiz_path)[0]})
    assert response.status_code == 409 and response.json() == {
        "accepted": False,
        "reason": "late",
        "error": "Too late: the time for this question is up.",
    }
    assert room.store.answers() == []
    assert client.get("/api/question").json()["state"] == "closed"


def test_an_answer_for_a_question_not_current_is_refused(room: Room, quiz_path: Path) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    before = client.post("/api/answer", json={"index": 0, "answer": "12"})
    assert before.status_code == 409 and before.json()["reason"] == "not_started"
    teacher(client, room, "start")
    for index in (1, -1, 99):
        response = client.post("/api/answer", json={"index": index, "answer": "12"})
        assert response.status_code == 409 and response.json()["reason"] == "not_current"
    teacher(client, room, "next")
    old = client.post("/api/answer", json={"index": 0, "answer": right_answers(quiz_path)[0]})
    assert old.json()["reason"] == "not_current"


def test_a_second_answer_to_the_same_question_is_refused(room: Room) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    teacher(client, room, "start")
    assert client.post("/api/answer", json={"index": 0, "answer": "4"}).json()["accepted"] is True
    again = client.post("/api/answer", json={"index": 0, "answer": "6"})
    assert again.status_code == 409 and again.json()["reason"] == "answered"
    assert [a.answer for a in room.store.answers()] == ["4"]


@pytest.mark.parametrize("body", [{"index": "0", "answer": "4"}, {"index": 0, "answer": 4}, {"index": True}])
def test_a_malformed_answer_is_a_400(room: Room, body: dict[str, object]) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    teacher(client, room, "start")
    assert client.post("/api/answer", json=body).status_code == 400


def test_a_forged_token_is_refused_and_a_token_answers_only_for_its_player(room: Room) -> None:
    anna_client, boris_client = client_for(room), client_for(room)
    anna = join(anna_client, room, "Anna")
    join(boris_client, room, "Boris")
    teacher(anna_client, room, "start")
    anon = TestClient(create_app(room, join_url="x"), base_url="http://127.0.0.1", headers=ORIGIN)
    forged = anon.post("/api/answer", json={"index": 0, "answer": "4"}, headers=bearer("forged-token"))
    assert forged.status_code == 401 and forged.json()["reason"] == "token"
    assert anon.get("/api/question").status_code == 401
    # Anna's token sent from anywhere answers as Anna, never as Boris
    anon.post("/api/answer", json={"index": 0, "answer": "4"}, headers=bearer(anna["token"]))
    names = {p.id: p.name for p in room.store.players()}
    assert [names[a.player] for a in room.store.answers()] == ["Anna"]
    own = boris_client.post("/api/answer", json={"index": 0, "answer": "4"})
    assert own.json()["accepted"] is True


@pytest.mark.parametrize("action", ["start", "next", "reveal", "pause", "end"])
def test_teacher_actions_need_the_teacher_token(room: Room, action: str) -> None:
    client = client_for(room)
    student = join(client, room, "Anna")
    for headers in (JSON, bearer(student["token"]), bearer("x" * 32)):
        response = client.post(f"/api/teacher/{action}", headers=headers)
        assert response.status_code == 403 and response.json()["reason"] == "teacher"
    assert client.get("/api/report", headers=bearer(student["token"])).status_code == 403
    assert room.row.state == "lobby"


def test_a_form_post_from_another_site_is_refused(room: Room) -> None:
    client = client_for(room)
    response = client.post("/api/join", data={"room": room.row.code, "name": "Anna"})
    assert response.status_code == 415
    assert room.store.players() == []


def test_the_screen_shows_the_answer_only_after_the_reveal(room: Room, quiz_path: Path) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    boris = join(client_for(room), room, "Boris")
    teacher(client, room, "start")
    client.post("/api/answer", json={"index": 0, "answer": right_answers(quiz_path)[0]})
    screen = client.get("/api/screen").json()
    assert screen["answers_in"] == 1 and screen["reveal"] is None
    assert client.get("/api/question").json()["feedback"] is None
    teacher(client, room, "reveal")
    screen = client.get("/api/screen").json()
    assert (
        screen["reveal"]["expected"] == right_answers(quiz_path)[0] or " / " in screen["reveal"]["expected"]
    )
    assert screen["reveal"]["right"] == 1 and screen["reveal"]["answered"] == 1
    assert client.get("/api/question", headers=bearer(boris["token"])).json()["feedback"]["correct"] is False
    assert screen["standings"][0]["name"] == "Anna"
    assert client.get("/api/question").json()["feedback"]["correct"] is True
    silent = client_for(room)
    silent.cookies.set("crib_player", boris["token"])
    missed = silent.get("/api/question").json()["feedback"]  # no answer: still learns the answer
    assert missed["correct"] is False and missed["answer"] == "" and missed["expected"]
    late = client.post("/api/answer", json={"index": 0, "answer": "1"})
    assert late.json()["reason"] in ("revealed", "answered")


def test_pause_stops_the_clock(room: Room, clock: Clock, quiz_path: Path) -> None:
    client = client_for(room)
    join(client, room, "Anna")
    teacher(client, room, "start")
    clock.now += 10
    teacher(client, room, "pause")
    clock.now += 500
    assert client.get("/api/question").json()["seconds_left"] == 20
    assert client.post("/api/answer", json={"index": 0, "answer": "4"}).json()["reason"] == "paused"
    teacher(client, room, "pause")  # pressed again: resume
    clock.now += 19
    assert client.post("/api/answer", json={"index": 0, "answer": "4"}).json()["accepted"] is True


def test_a_kicked_player_can_no_longer_answer(room: Room) -> None:
    client = client_for(room)
    anna = join(client, room, "Anna")
    teacher(client, room, "start")
    response = client.post(
        "/api/teacher/kick", json={"player": anna["player"]}, headers=bearer(room.row.teacher_token)
    )
    assert response.status_code == 200
    refused = client.post("/api/answer", json={"index": 0, "answer": "4"})
    assert refused.status_code == 403 and refused.json()["reason"] == "kicked"
    again = client_for(room)  # the name is free again: the student joins from another phone
    join(again, room, "Anna")
    assert again.post("/api/answer", json={"index": 0, "answer": "4"}).json()["accepted"] is True


def test_a_restarted_server_resumes_the_same_night(quiz_path: Path, clock: Clock) -> None:
    first = open_room(quiz_path, clock)
    client = client_for(first)
    anna = join(client, first, "Anna")
    teacher(client, first, "start")
    client.post("/api/answer", json={"index": 0, "answer": right_answers(quiz_path)[0]})
    code, secret = first.row.code, first.row.teacher_token
    first.close()

    second = open_room(quiz_path, clock)  # a new process would do exactly this
    try:
        assert (second.row.code, second.row.teacher_token, second.row.current) == (code, secret, 0)
        again = client_for(second)
        question = again.get("/api/question", headers=bearer(anna["token"])).json()
        assert question["name"] == "Anna" and question["index"] == 0 and question["answered"] is True
        assert again.post("/api/join", json={"room": code, "name": "anna"}).status_code == 409
        teacher(again, second, "next")
        assert again.get("/api/question", headers=bearer(anna["token"])).json()["index"] == 1
    finally:
        second.close()


def test_a_club_database_of_another_quiz_is_refused(tmp_path: Path, clock: Clock) -> None:
    quiz_path = make_quiz(tmp_path / "night.yaml")
    open_room(quiz_path, clock).close()
    make_quiz(tmp_path / "night.yaml", seed=8)
    from trainer.club.store import ClubStoreError

    with pytest.raises(ClubStoreError, match="another quiz"):
        open_room(quiz_path, clock)


def test_the_report_equals_a_regrade_of_the_stored_answers(room: Room, quiz_path: Path, clock: Clock) -> None:
    right = right_answers(quiz_path)
    clients = {name: client_for(room) for name in ("Anna", "Boris", "Chen")}
    for name, client in clients.items():
        join(client, room, name)
    teacher(clients["Anna"], room, "start")
    for index in range(4):
        clock.now += 3
        clients["Anna"].post("/api/answer", json={"index": index, "answer": right[index]})
        if index < 2:  # Boris answers the first two, wrongly; Chen never answers
            clients["Boris"].post("/api/answer", json={"index": index, "answer": wrong_answer(right[index])})
        teacher(clients["Anna"], room, "reveal")
        teacher(clients["Anna"], room, "next")
    report = clients["Anna"].get("/api/report", headers=bearer(room.row.teacher_token)).json()
    assert report == night_report(quiz_path, room.submissions())
    assert [(s["name"], s["correct"], s["answered"]) for s in report["standings"]] == [
        ("Anna", 4, 4),
        ("Boris", 0, 2),
        ("Chen", 0, 0),
    ]
    anna = next(p.id for p in room.store.players() if p.name == "Anna")
    assert all(a.correct == (a.player == anna) for a in room.store.answers())


def test_self_paced_students_move_on_alone_and_see_feedback(quiz_path: Path, clock: Clock) -> None:
    room = open_room(quiz_path, clock, mode="self-paced", total_seconds=60)
    try:
        client = client_for(room)
        join(client, room, "Anna")
        teacher(client, room, "start")
        right = right_answers(quiz_path)
        question = client.get("/api/question").json()
        assert question["index"] == 0 and question["seconds_left"] == 60
        out = client.post("/api/answer", json={"index": 0, "answer": right[0]}).json()
        assert out["accepted"] is True and out["feedback"]["correct"] is True
        assert client.get("/api/question").json()["index"] == 1
        clock.now += 61
        late = client.post("/api/answer", json={"index": 1, "answer": right[1]})
        assert late.json()["reason"] == "late"
        assert client.get("/api/question").json()["state"] == "finished"
    finally:
        room.close()


def test_exam_gives_no_feedback_until_the_end(quiz_path: Path, clock: Clock) -> None:
    room = open_room(quiz_path, clock, mode="exam")
    try:
        client = client_for(room)
        join(client, room, "Anna")
        teacher(client, room, "start")
        right = right_answers(quiz_path)
        out = client.post("/api/answer", json={"index": 0, "answer": right[0]}).json()
        assert out == {"accepted": True, "index": 0}
        assert client.get("/api/question").json()["feedback"] is None
        assert client.get("/api/screen").json()["reveal"] is None
        refused = client.post("/api/teacher/reveal", headers=bearer(room.row.teacher_token))
        assert refused.status_code == 409
        teacher(client, room, "end")
        summary = client.get("/api/question").json()["summary"]
        assert summary["correct"] == 1 and summary["marks"][:2] == [True, None]
    finally:
        room.close()


def test_pages_keep_the_room_code_when_switching_language_and_send_a_strict_policy(room: Room) -> None:
    client = client_for(room)
    page = client.get(f"/?room={room.row.code}")
    assert page.status_code == 200 and f'value="{room.row.code}"' in page.text
    assert f'href="/?room={room.row.code}&amp;lang=ru"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    russian = client.get(f"/?room={room.row.code}&lang=ru")
    assert "Войти в викторину" in russian.text and russian.cookies.get("crib_lang") == "ru"
    assert "Войти в викторину" in client.get("/").text  # the choice is remembered
    assert client.get("/play", follow_redirects=False).status_code == 303  # not joined yet
    assert "ссылке преподавателя" in client.get("/teacher").text  # still in Russian
    assert client.get("/report").text.count("<table") == 0


def test_pages_follow_the_servers_language_whatever_the_browser_asks(room: Room) -> None:
    """A club night started with CRIB_LANG=ru speaks Russian on a phone set up in English, until
    the student picks English with the switch."""
    client = client_for(room, lang="ru")
    english_phone = {"accept-language": "en-US,en;q=0.9"}
    assert "Войти в викторину" in client.get(f"/?room={room.row.code}", headers=english_phone).text
    assert "ссылке преподавателя" in client.get("/teacher", headers=english_phone).text
    picked = client.get(f"/?room={room.row.code}&lang=en", headers=english_phone)
    assert "Войти в викторину" not in picked.text and picked.cookies.get("crib_lang") == "en"
    english = client_for(room)
    assert "Войти в викторину" not in english.get("/", headers={"accept-language": "ru-RU,ru"}).text


def test_russian_club_pages_hold_no_english_word_and_no_banned_term(room: Room) -> None:
    """The join, teacher, projector and report pages of a Russian club night, their visible text
    (tags, scripts and styles left out): no English word, no variant the glossary bans."""
    import html as html_module
    import re

    from test_russian_output import english_words

    from trainer.i18n.glossary import banned_in

    client = client_for(room, lang="ru")
    client.get(f"/teacher?key={room.row.teacher_token}")
    for path in (f"/?room={room.row.code}", "/teacher", "/screen", "/report"):
        page = client.get(path).text
        body = re.sub(r"(?s)<(script|style)\b.*?</\1>|<[^>]+>", " ", page)
        text = html_module.unescape(body).replace(room.row.code, " ").replace("Club night", " ")  # its title
        text = re.sub(r"\b(?:EN|RU)\b", " ", text)  # the language switch names the languages
        assert english_words(text) == [], path
        assert banned_in(text) == [], path


def test_the_teacher_link_moves_the_secret_into_a_cookie(room: Room) -> None:
    client = client_for(room)
    response = client.get(f"/teacher?key={room.row.teacher_token}", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/teacher"
    assert client.get("/teacher").text.count('data-action="start"') == 1
    assert client.get("/api/teacher/state").json()["players_list"] == []
    assert "Standings" in client.get("/report").text
    assert client.get("/teacher?key=wrong", follow_redirects=False).status_code == 200


@pytest.mark.parametrize(
    "name",
    ['<img src=x onerror="alert(1)">', "[bold red]Eve[/]", "\x1b[31mEve\x1b[0m", "Eve\r\nSet-Cookie: x=1"],
)
def test_hostile_names_are_kept_as_plain_text(room: Room, name: str) -> None:
    client = client_for(room)
    shown = join(client, room, name)["name"]
    assert "\x1b" not in shown and "\r" not in shown and "\n" not in shown
    assert shown in {p.name for p in room.store.players()}
    teacher_view = client.get("/api/teacher/state", headers=bearer(room.row.teacher_token)).json()
    assert [p["name"] for p in teacher_view["players_list"]] == [shown]  # JSON text, drawn with textContent


def test_a_ten_thousand_character_name_or_answer_is_handled(room: Room) -> None:
    client = client_for(room)
    refused = client.post("/api/join", json={"room": room.row.code, "name": "<b>" * 3334})
    assert refused.status_code == 400 and len(refused.json()["error"]) < 100
    join(client, room, "Anna")
    teacher(client, room, "start")
    huge = client.post("/api/answer", json={"index": 0, "answer": "<script>" * 1250})
    assert huge.json()["accepted"] is True
    stored = room.store.answers()[0].answer
    assert len(stored) == 200 and stored.startswith("<script>")
    too_big = client.post(
        "/api/answer", content=b'{"index": 0, "answer": "' + b"x" * 20_000 + b'"}', headers=JSON
    )
    assert too_big.status_code == 413


def test_the_club_database_is_private_to_the_teacher(room: Room) -> None:
    import stat

    assert stat.S_IMODE(room.store.path.stat().st_mode) == 0o600


def test_a_broken_club_database_is_a_clear_error(quiz_path: Path, clock: Clock) -> None:
    from trainer.club.store import ClubStoreError, db_path_for

    db_path_for(quiz_path).write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
    with pytest.raises(ClubStoreError, match="not a club database"):
        open_room(quiz_path, clock)
