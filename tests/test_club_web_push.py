"""Live push: every connected page hears of a change at once over server-sent events (one shared
event per change, not one view per phone), and the views are built once per change."""

from __future__ import annotations

import json
import selectors
import socket
from pathlib import Path

import pytest
from club_web_helpers import Clock, make_quiz, open_room, serve_in_thread

from trainer.web import views
from trainer.web.app import create_app


def _events(conn: socket.socket, buffer: bytearray) -> list[dict[str, object]]:
    """The `data:` events complete in `buffer` so far (consumed from it)."""
    out = []
    while b"\n\n" in buffer:
        block, _, rest = bytes(buffer).partition(b"\n\n")
        buffer[:] = rest
        for text in block.split(b"\n"):
            if text.startswith(b"data: "):
                out.append(json.loads(text[6:]))
    return out


def test_a_reveal_reaches_fifty_connected_pages(tmp_path: Path) -> None:
    room = open_room(make_quiz(tmp_path / "night.yaml"), Clock())
    try:
        app = create_app(room, join_url="http://127.0.0.1:9/")
        with serve_in_thread(app) as (port, _):
            selector = selectors.DefaultSelector()
            conns = []
            for _ in range(50):
                conn = socket.create_connection(("127.0.0.1", port), timeout=10)
                conn.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                conns.append(conn)
                selector.register(conn, selectors.EVENT_READ, bytearray())
            heard: dict[int, list[dict[str, object]]] = {i: [] for i in range(50)}

            def read_until(done: object) -> None:
                for _ in range(400):
                    if done():  # type: ignore[operator]
                        return
                    for key, _ in selector.select(timeout=0.05):
                        chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
                        key.data.extend(chunk.split(b"\r\n\r\n", 1)[-1] if b"HTTP/1.1" in chunk else chunk)
                        heard[conns.index(key.fileobj)].extend(_events(key.fileobj, key.data))  # type: ignore[arg-type]

            read_until(lambda: all(heard.values()))
            assert all(h[0]["state"] == "lobby" for h in heard.values())
            room.act("start")
            room.act("reveal")
            read_until(lambda: all(h[-1].get("revealed") for h in heard.values()))
            assert all(h[-1]["revealed"] is True and h[-1]["index"] == 0 for h in heard.values())
            for conn in conns:
                conn.close()
    finally:
        room.close()


def test_the_screen_view_is_built_once_per_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    room = open_room(make_quiz(tmp_path / "night.yaml"), clock)
    try:
        builds = []
        real = views.screen
        monkeypatch.setattr(views, "screen", lambda r, lang: builds.append(lang) or real(r, lang))
        room.act("start")
        first = views.cached_screen(room, "en")
        clock.now += 5
        for _ in range(300):  # 300 phones and projectors asking between two changes
            later = views.cached_screen(room, "en")
        assert builds == ["en"]
        assert later["seconds_left"] == first["seconds_left"] - 5  # only the clock is fresh
        room.act("reveal")
        assert views.cached_screen(room, "en")["reveal"] is not None and len(builds) == 2
    finally:
        room.close()
