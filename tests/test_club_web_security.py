"""The club night against a student with a script: floods, leaks, look-alike names, requests from
another site or port, hostile bodies and sockets, and the teacher's link kept off the projector.
Each attack of issue 20 is one API test here."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_web_helpers import (
    JSON,
    ORIGIN,
    Clock,
    right_answers,
    serve_in_thread,
    web_client,
)
from starlette.testclient import TestClient

from trainer.content.quizfile import load_quiz
from trainer.web import guard, serving
from trainer.web.app import create_app
from trainer.web.limits import RateLimit
from trainer.web.room import Room
from trainer.web.skeleton import _LOOK_ALIKES, skeleton

pytest_plugins = ["club_web_fixtures"]  # quiz_path, clock, room


def client_for(room: Room, address: str = "10.0.0.2", **options: Any) -> TestClient:
    """A phone at `address` (a student's, unless told: the rate limits count per address)."""
    return web_client(room, address=address, **options)


def join(client: TestClient, room: Room, name: str) -> Any:
    return client.post("/api/join", json={"room": room.row.code, "name": name})


def as_teacher(room: Room) -> dict[str, str]:
    return {**JSON, "Authorization": f"Bearer {room.row.teacher_token}"}


# ----------------------------------------------------------------------------- lock-outs


def test_a_join_flood_from_one_address_cannot_fill_the_room(room: Room) -> None:
    limit = RateLimit(now=Clock())  # the flood takes no time on this clock (a slow machine refills none)
    bot_app = create_app(room, join_url="http://127.0.0.1:9/?room=X", join_limit=limit)
    refused = 0
    for i in range(300):  # a fresh client each time: the script throws its cookies away
        bot = TestClient(bot_app, base_url="http://127.0.0.1", headers=ORIGIN, client=("10.0.0.66", 1))
        response = join(bot, room, f"bot{i}")
        if response.status_code == 429:
            refused += 1
            assert response.json()["reason"] == "rate" and int(response.headers["retry-after"]) >= 1
    assert len(room.store.players()) == 5 and refused == 295  # the burst, then nothing
    student = TestClient(bot_app, base_url="http://127.0.0.1", headers=ORIGIN, client=("10.0.0.7", 1))
    assert join(student, room, "Anna").status_code == 200  # another phone joins at once


def test_the_join_limit_refills_with_time() -> None:
    clock = Clock()
    limit = RateLimit(burst=2, every=6.0, now=clock)
    assert [limit.allow("a") for _ in range(3)] == [True, True, False]
    clock.now += 6.0
    assert limit.allow("a") and not limit.allow("a")
    assert limit.allow("b")  # each address has its own bucket


def test_removed_players_free_their_seat_and_the_cap_is_an_option(quiz_path: Path, clock: Clock) -> None:
    room = Room.open(load_quiz(quiz_path), now=clock, max_players=2)
    try:
        first = join(client_for(room, "10.0.0.1"), room, "Anna").json()
        join(client_for(room, "10.0.0.2"), room, "Boris")
        full = join(client_for(room, "10.0.0.3"), room, "Chen")
        assert full.status_code == 409 and full.json()["reason"] == "full"
        teacher = client_for(room, "127.0.0.1")
        kicked = teacher.post("/api/teacher/kick", json={"player": first["player"]}, headers=as_teacher(room))
        assert kicked.status_code == 200
        assert join(client_for(room, "10.0.0.3"), room, "Chen").status_code == 200
    finally:
        room.close()


def test_the_teacher_can_lock_the_lobby(room: Room) -> None:
    teacher = client_for(room, "127.0.0.1")
    assert teacher.post("/api/teacher/lock", headers=as_teacher(room)).json()["locked"] is True
    refused = join(client_for(room), room, "Anna")
    assert refused.status_code == 423 and refused.json()["reason"] == "locked"
    assert teacher.get("/api/teacher/state", headers=as_teacher(room)).json()["locked"] is True
    teacher.post("/api/teacher/unlock", headers=as_teacher(room))
    assert join(client_for(room), room, "Anna").status_code == 200


def test_one_phone_holds_one_player(room: Room) -> None:
    phone = client_for(room)
    assert join(phone, room, "Anna").status_code == 200
    second = join(phone, room, "Anna2")
    assert second.status_code == 409 and second.json()["reason"] == "joined"
    assert "Anna" in second.json()["error"]
    assert [p.name for p in room.store.players()] == ["Anna"]


# ----------------------------------------------------------------------------- leaks


@pytest.mark.parametrize("mode", ["self-paced", "exam"])
def test_a_throwaway_player_never_learns_an_expected_answer(quiz_path: Path, clock: Clock, mode: str) -> None:
    room = Room.open(load_quiz(quiz_path), now=clock, mode=mode, total_seconds=600)
    try:
        right = right_answers(quiz_path)
        spy = client_for(room, "10.0.0.66")
        join(spy, room, "Throwaway")
        client_for(room, "127.0.0.1").post("/api/teacher/start", headers=as_teacher(room))
        seen = []
        for index in range(room.total):
            seen.append(spy.get("/api/question").json())
            seen.append(spy.post("/api/answer", json={"index": index, "answer": "0"}).json())
        seen.append(spy.get("/api/question").json())
        seen.append(spy.get("/api/screen").json())
        text = json.dumps(seen, ensure_ascii=False)
        assert '"expected' not in text and '"lines": [[' not in text.split('"choices"')[0]
        for out in seen[1 : 2 * room.total : 2]:
            # the answer given, said as the question lists it («а) Принять подсчёт»), and no more
            assert set(out.get("feedback") or {}) <= {"correct", "answer", "answer_pieces"}
            if out.get("feedback"):
                assert [p.get("text") for p in out["feedback"]["answer_pieces"]] == ["0"]
        assert all(f'"answer": "{r}"' not in text for r in right if r != "0")
    finally:
        room.close()


# ----------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    "second",
    ["Аnna", "Αnna", "Anna\u2800", "ᴀɴɴᴀ", "АΝΝΑ", "Ánna", "Anna\u3164", "An\u034fna", "Αnnа"],
    ids=[
        "cyrillic-a",
        "greek-alpha",
        "braille-blank",
        "small-caps",
        "mixed-caps",
        "accent",
        "filler",
        "cgj",
        "mix",
    ],
)
def test_look_alike_names_are_one_player(room: Room, second: str) -> None:
    assert join(client_for(room, "10.0.0.1"), room, "Anna").status_code == 200
    response = join(client_for(room, "10.0.0.2"), room, second)
    assert response.status_code == 409 and response.json()["reason"] == "name_taken"


@pytest.mark.parametrize(
    "name", ["\u2800\u2800\u2800", "\u3164", "...", "\u0301\u0301", "\u200b\u2800 \u115f"]
)
def test_blank_or_invisible_names_are_refused(room: Room, name: str) -> None:
    response = join(client_for(room), room, name)
    assert response.status_code == 400 and response.json()["reason"] == "invalid"
    assert room.store.players() == []


def test_every_row_of_the_look_alike_table_maps_to_its_letter() -> None:
    for latin, chars in _LOOK_ALIKES.items():
        for ch in chars:
            assert skeleton(ch) == skeleton(latin), (ch, latin)


@pytest.mark.parametrize(
    "pair", [("Anna", "Anya"), ("Борис", "Boris"), ("Саша", "Маша"), ("Li", "Lu"), ("Ян", "Яна")]
)
def test_different_names_stay_different(pair: tuple[str, str]) -> None:
    assert skeleton(pair[0]) != skeleton(pair[1])


# ----------------------------------------------------------------------------- other sites


def test_a_page_on_another_port_cannot_start_the_quiz(room: Room) -> None:
    teacher = client_for(room, "127.0.0.1")
    teacher.get(f"/teacher?key={room.row.teacher_token}")  # the teacher's cookie is in this browser
    for origin in ("http://127.0.0.1:9999", "http://evil.example", "null"):
        forged = teacher.post("/api/teacher/start", json={}, headers={"Origin": origin})
        assert forged.status_code == 403 and forged.json()["reason"] == "origin"
    anonymous = TestClient(create_app(room, join_url="http://127.0.0.1:9/"), base_url="http://127.0.0.1")
    anonymous.cookies.update(teacher.cookies)
    assert anonymous.post("/api/teacher/start", json={}).status_code == 403  # no Origin at all
    assert room.row.state == "lobby"
    assert teacher.post("/api/teacher/start", json={}).status_code == 200  # the teacher's own page


@pytest.mark.parametrize(
    "content_type",
    ["text/plain; application/json", "application/jsonx", "text/plain", "application/json; x=1"],
)
def test_only_exactly_json_is_read(room: Room, content_type: str) -> None:
    body = json.dumps({"room": room.row.code, "name": "Anna"})
    response = client_for(room).post("/api/join", content=body, headers={"Content-Type": content_type})
    assert response.status_code == 415 and room.store.players() == []


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1.evil.example"])
def test_a_foreign_host_header_is_refused(room: Room, host: str) -> None:
    client = client_for(room)
    for method, path in (("GET", "/api/screen"), ("GET", "/"), ("POST", "/api/join")):
        response = client.request(method, path, headers={"Host": host, "Origin": f"http://{host}"}, json={})
        assert response.status_code == 403 and response.json()["reason"] == "host"


# ----------------------------------------------------------------------------- bodies


def _call(app: Any, scope_extra: dict[str, Any], chunks: Iterator[bytes]) -> tuple[int, int]:
    """Drive the ASGI app with a body arriving in chunks; (status, chunks the app pulled)."""
    pulled = 0
    status = 0

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        try:
            chunk = next(chunks)
        except StopIteration:
            await asyncio.sleep(3600)  # a client that stops sending
            raise
        pulled += 1
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    headers = [
        (b"host", b"127.0.0.1"),
        (b"origin", b"http://127.0.0.1"),
        (b"content-type", b"application/json"),
    ]
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/join",
        "raw_path": b"/api/join",
        "query_string": b"",
        "headers": headers + scope_extra.pop("headers", []),
        "client": ("10.0.0.2", 1),
        "server": ("127.0.0.1", 80),
        "scheme": "http",
        "http_version": "1.1",
        "root_path": "",
        **scope_extra,
    }
    asyncio.run(app(scope, receive, send))
    return status, pulled


def test_a_50_mb_body_is_cut_off_while_it_arrives(room: Room) -> None:
    app = create_app(room, join_url="http://127.0.0.1:9/")
    chunks = iter([b"[" + b" " * 1023] + [b" " * 1024] * 50_000)
    status, pulled = _call(app, {}, chunks)
    assert status == 413 and pulled <= 17  # 16 KB read, never 50 MB
    declared = iter([b"x"] * 10)
    status, pulled = _call(app, {"headers": [(b"content-length", b"52428800")]}, declared)
    assert status == 413 and pulled == 0  # refused on its declared size, before reading


def test_a_body_that_never_arrives_times_out(room: Room, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "BODY_SECONDS", 0.2)
    app = create_app(room, join_url="http://127.0.0.1:9/")
    status, pulled = _call(app, {}, iter([b'{"room": ']))
    assert status == 408 and pulled == 1


@pytest.mark.parametrize("body", [b"[" * 8000, b'{"a":' * 3000, b'{"room": [[[[[[[[[["x"]]]]]]]]]]}'])
def test_deep_json_is_a_400_never_a_500(room: Room, body: bytes) -> None:
    response = client_for(room).post("/api/join", content=body, headers=JSON)
    assert response.status_code == 400 and response.json()["reason"] == "too_deep"


def test_brackets_inside_strings_are_not_depth() -> None:
    assert guard._depth(b'{"name": "[[[[[[[[[[[[[[[[", "x": "\\"[[["}') == 1


# ----------------------------------------------------------------------------- headers


def test_every_response_carries_the_security_headers(room: Room) -> None:
    client = client_for(room)
    responses = [
        client.get("/static/club.js"),
        client.get("/static/club.css"),
        client.get("/health"),
        client.get("/no-such-page"),
        client.get("/api/question"),  # 401
        client.put("/api/join"),  # 405
        client.get("/qr.svg"),
        client.get("/"),
        client.get("/screen"),
        client.get("/api/screen"),
        client.get("/api/screen", headers={"Host": "evil.example"}),  # refused by the guard itself
    ]
    for response in responses:
        for header in (
            "content-security-policy",
            "x-content-type-options",
            "x-frame-options",
            "referrer-policy",
        ):
            assert header in response.headers, (response.request.url, header)
        assert response.headers["x-content-type-options"] == "nosniff"


# ----------------------------------------------------------------------------- the teacher's link


def test_the_teacher_link_is_never_on_the_projector(room: Room) -> None:
    secret = room.row.teacher_token
    client = client_for(room)
    join(client, room, "Anna")
    for path in ("/screen", "/api/screen", "/", "/qr.svg", "/static/club.js", f"/?room={room.row.code}"):
        assert secret not in client.get(path).text, path
    assert secret not in client.get("/screen?lang=ru").text


def test_the_console_prints_the_teacher_link_and_no_qr_code(
    room: Room, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from trainer.cli.club.serve import _print_banner

    _print_banner(
        "Club night",
        room,
        host="0.0.0.0",
        port=8765,
        join_url="http://10.0.0.5:8765/?room=ABCD",
        teacher_url=f"http://10.0.0.5:8765/teacher?key={room.row.teacher_token}",
        screen_url="http://10.0.0.5:8765/screen",
        db=tmp_path / "night.club.sqlite3",
        notes=[],
    )
    out = capsys.readouterr().out
    assert room.row.teacher_token in out
    assert not any(ch in out for ch in "█▀▄")  # no QR code drawn beside it


# ----------------------------------------------------------------------------- sockets


@pytest.fixture
def live_server(room: Room, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, Any]]:
    monkeypatch.setattr(serving, "HEADER_SECONDS", 0.5)
    with serve_in_thread(create_app(room, join_url="http://127.0.0.1:9/")) as running:
        yield running


def _get(conn: socket.socket, port: int, path: str) -> bytes:
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
        data += conn.recv(65536)
    return data


def test_every_connection_has_tcp_nodelay(live_server: tuple[int, Any]) -> None:
    port, server = live_server
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        assert b"200 OK" in _get(conn, port, "/health")
        assert b"200 OK" in _get(conn, port, "/health")  # the second request on the connection
        flags = [
            p.transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
            for p in server.server_state.connections
        ]
    assert flags and all(flags)


def test_a_socket_that_never_finishes_its_headers_is_closed(live_server: tuple[int, Any]) -> None:
    port, _ = live_server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and then nothing
        assert conn.recv(1024) == b""  # closed by the server (HEADER_SECONDS is 0.5 here)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as idle:
        assert idle.recv(1024) == b""  # connected and silent: closed too


def test_a_request_head_over_the_cap_is_refused_and_closed(live_server: tuple[int, Any]) -> None:
    port, _ = live_server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        for _ in range(serving.MAX_HEAD // 1000 + 2):  # endless headers, a kilobyte at a time
            try:
                conn.sendall(b"X-Pad: " + b"a" * 990 + b"\r\n")
            except OSError:
                break
        reply = b""
        while chunk := conn.recv(4096):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 400") and b"too large" in reply
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:  # a normal head still works
        assert b"200 OK" in _get(conn, port, "/health")
