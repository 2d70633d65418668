"""Shared set-up for the club-night web tests: a small quiz on disk, a room on a fake clock, its
clients as the server's own pages post, the night's report, and a real chromium for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.club.night import make_mixed_questions, make_questions, questions_of
from trainer.content.quizfile import QuizSettings, load_quiz, quiz_document, write_quiz
from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade

if TYPE_CHECKING:
    from starlette.testclient import TestClient

    from trainer.web.room import Room


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


@contextmanager
def serve_in_thread(app: Any) -> Iterator[tuple[int, Any]]:
    """The real uvicorn server with the club's protocol, in a thread on a loopback port; yields
    (port, uvicorn server) and always stops it."""
    import threading
    import time

    import uvicorn

    from trainer.web import serving

    sock = serving.bind("127.0.0.1", 0)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        http=serving.protocol_class(),
        ws="none",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield sock.getsockname()[1], server
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


# ----------------------------------------------------------------------------- a room and its clients

JSON = {"Content-Type": "application/json"}
ORIGIN = {"Origin": "http://127.0.0.1"}  # what a browser sends with a POST from the server's own pages
JOIN_URL = "http://127.0.0.1:9/?room=X"


def open_room(quiz_path: Path, clock: Clock, **options: Any) -> Room:
    """A room for the quiz on the fake clock (30 seconds a question unless `seconds` is given)."""
    from trainer.web.room import Room

    options.setdefault("seconds", 30)
    return Room.open(load_quiz(quiz_path), now=clock, **options)


@contextmanager
def opened_room(quiz_path: Path, clock: Clock, **options: Any) -> Iterator[Room]:
    """`open_room`, closed afterwards (the `room` fixtures)."""
    room = open_room(quiz_path, clock, **options)
    try:
        yield room
    finally:
        room.close()


def web_client(room: Room, *, address: str | None = None, **options: Any) -> TestClient:
    """The room's app behind a test client that posts as the server's own pages do; `address`:
    the phone's IP (the rate limits count per address)."""
    from starlette.testclient import TestClient

    from trainer.web.app import create_app

    app = create_app(room, join_url=JOIN_URL, **options)
    where = {} if address is None else {"client": (address, 50000)}
    return TestClient(app, base_url="http://127.0.0.1", headers=ORIGIN, **where)


def night_report(quiz_path: Path, submissions: Any) -> dict[str, Any]:
    """The report of the quiz's night from `submissions`, built the way `crib quiz report` builds it."""
    from trainer.club.night import build_report

    quiz = load_quiz(quiz_path)
    return build_report(
        quiz=quiz.name,
        checksum=quiz.checksum,
        questions=questions_of(quiz.questions),
        ruleset=quiz.ruleset,
        time_limit=None,
        submissions=submissions,
    ).to_json()


# ----------------------------------------------------------------------------- a real browser

CHROMIUM = Path("/usr/bin/chromium")


@contextmanager
def chromium(args: list[str], artifacts: Path) -> Iterator[Any]:
    """Debian's chromium under Playwright for a module's browser tests (screenshots go to
    `artifacts`); always closed."""
    from playwright.sync_api import sync_playwright

    artifacts.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=args, headless=True)
        try:
            yield browser
        finally:
            browser.close()
