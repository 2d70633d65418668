"""Club night under load: 300 simulated phones on live push answer each of 15 live questions
within one second, against a real `crib club serve` process; then the views and the report of a
night of 300 players x 40 questions, built in-process.

Phones: one minimal HTTP/1.1 client each (class `Client`), bound to its own loopback address
(127.0.x.y, so the per-address join limit treats them as 300 phones), holding an `/api/events`
stream. Each round the teacher opens the next question; each phone hears the event, fetches
`/api/question` and answers at a random moment inside the same one-second window. Paired and
interleaved: before the answers, the same phones hit `GET /health` at the same moments (the
reference: same server, connections and timing, no grading or database). Printed: answer p50/p99,
the reference's, the median over rounds of the per-round p99 ratio, push delay (teacher's click to
the event on every phone), answers stored, and the server's peak memory (VmHWM).

Views and report (in-process, a room of 300 players x 40 questions all answered): the median of
15 builds of each view and of the report (at 100 and 300 students), with the ratio to a
reference measured in the same run (reading every stored answer, which each of them does).

Goals (issue 20 item 7, issue 23 item 2): every answer stored, answer p99 <= 150 ms, no view
above 50 ms, report <= 300 ms (<= 200 ms at 300 players for issue 23), memory <= 120 MB.

Run: python bench/bench_club.py [--players 300] [--rounds 15] [--questions 40] [--skip-load|--skip-views]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from _util import ROOT

sys.path.insert(0, str(ROOT))


def make_quiz(folder: Path, n: int, name: str = "bench") -> Path:
    from trainer.club.night import make_questions
    from trainer.content.quizfile import QuizSettings, quiz_document, write_quiz
    from trainer.content.rulesets import load_ruleset

    rules = load_ruleset("classic")
    drills = ("count", "peg", "muggins")
    questions = make_questions(ruleset=rules, drills=drills, level="intermediate", n=n, seed=40)
    settings = QuizSettings(ruleset="classic", drills=drills, level="intermediate", seed=40, questions=n)
    path = folder / f"{name}.yaml"
    write_quiz(quiz_document(title="bench", settings=settings, ruleset=rules, questions=questions), path)
    return path


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def address(i: int) -> str:
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


class Reply:
    def __init__(self, status_code: int, body: bytes) -> None:
        self.status_code = status_code
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """A minimal HTTP/1.1 keep-alive client on one loopback address: a phone's browser, at a
    fraction of httpx's CPU per request, so 300 of them in one process measure the server and
    not the load generator (with httpx, 300 phones spent more time in the client than the server
    spent answering). One request at a time per connection, as a phone's page makes them."""

    def __init__(self, base: str, source: str) -> None:
        parts = base.split("//", 1)[1].split(":")
        self.host, self.port = parts[0], int(parts[1])
        self.source = source
        self.headers = {"Origin": base, "Host": f"{self.host}:{self.port}"}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        reader, writer = await asyncio.open_connection(self.host, self.port, local_addr=(self.source, 0))
        return reader, writer

    def head(self, method: str, path: str, extra: dict[str, str]) -> bytes:
        lines = [f"{method} {path} HTTP/1.1", *(f"{k}: {v}" for k, v in {**self.headers, **extra}.items())]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    requests = 0  # requests sent by every client: what the server's CPU is divided by

    async def request(self, method: str, path: str, payload: Any = None) -> Reply:
        Client.requests += 1
        body = b"" if payload is None else json.dumps(payload).encode()
        extra = {"Content-Length": str(len(body))}
        if payload is not None:
            extra["Content-Type"] = "application/json"
        for attempt in range(2):  # the server may have closed an idle connection: reconnect once
            if self.writer is None or self.writer.is_closing():
                self.reader, self.writer = await self.connect()
            assert self.reader is not None
            try:
                self.writer.write(self.head(method, path, extra) + body)
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError
                length = 0
                while (line := await self.reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode("latin-1").partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                return Reply(int(status_line.split()[1]), await self.reader.readexactly(length))
            except (ConnectionError, asyncio.IncompleteReadError):
                self.writer.close()
                self.writer = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def get(self, path: str) -> Reply:
        return await self.request("GET", path)

    async def post(self, path: str, json: Any) -> Reply:
        return await self.request("POST", path, json)

    async def aclose(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Phone:
    """One phone: a client on its own loopback address and the event stream it listens to."""

    def __init__(self, base: str, i: int) -> None:
        self.client = Client(base, address(i))
        self.heard: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def listen(self) -> None:
        """The event stream on a connection of its own (chunked: the data lines are whole)."""
        reader, writer = await self.client.connect()
        try:
            writer.write(self.client.head("GET", "/api/events", {}))
            while line := await reader.readline():
                if line.startswith(b"data: "):
                    await self.heard.put((time.perf_counter(), json.loads(line[6:])))
        finally:
            writer.close()

    async def wait_for(self, index: int) -> float:
        while True:
            when, event = await self.heard.get()
            if event["state"] == "open" and event["index"] == index:
                return when


async def timed(make: Callable[[], Any], offset: float) -> tuple[float, Any]:
    await asyncio.sleep(offset)
    start = time.perf_counter()
    response = await make()
    return time.perf_counter() - start, response


REPORT_EVERY = 3  # the teacher opens the report during the answers of every third question


async def timed_report(boss: httpx.AsyncClient, offset: float) -> tuple[float, float]:
    """The teacher's GET /api/report at a moment inside the answer window: seconds it took as the
    teacher saw it, and as the server measured it (its Server-Timing header)."""
    await asyncio.sleep(offset)
    started = time.perf_counter()
    response = await boss.get("/api/report")
    assert response.status_code == 200, response.text
    server = float(response.headers["server-timing"].split("dur=")[1]) / 1000
    return time.perf_counter() - started, server


async def drive(base: str, teacher: str, room: str, players: int, rounds: int, pid: int) -> dict[str, Any]:
    phones = [Phone(base, i) for i in range(players)]
    boss = httpx.AsyncClient(
        base_url=base, headers={"Authorization": f"Bearer {teacher}", "Origin": base}, timeout=30
    )
    try:
        for i, phone in enumerate(phones):
            joined = await phone.client.post("/api/join", json={"room": room, "name": f"Player {i + 1}"})
            phone.client.headers["Authorization"] = f"Bearer {joined.json()['token']}"
            phone.task = asyncio.create_task(phone.listen())
        await asyncio.sleep(1.0)  # every stream open
        waited = time.perf_counter()
        while True:  # as in a real lobby: the engine has solved every question before the start
            health = (await boss.get("/health")).json()
            if health["solved"] >= health["questions"]:
                break
            await asyncio.sleep(0.2)
        solved_wait = time.perf_counter() - waited
        cpu_before = cpu_seconds(pid)
        requests_before = Client.requests
        answers: list[float] = []
        reports: list[float] = []
        server_reports: list[float] = []  # the same reports as the server timed them
        with_report: list[float] = []  # answers in the rounds when the teacher opened the report
        without_report: list[float] = []
        health: list[float] = []
        push: list[float] = []
        ratios: list[float] = []
        accepted = 0
        rng = random.Random(40)
        for index in range(rounds):
            offsets = [rng.random() for _ in phones]
            ref = await asyncio.gather(
                *(timed(lambda p=p: p.client.get("/health"), o) for p, o in zip(phones, offsets, strict=True))
            )
            clicked = time.perf_counter()
            await boss.post("/api/teacher/start" if index == 0 else "/api/teacher/next", json={})
            heard = await asyncio.gather(*(p.wait_for(index) for p in phones))
            push.extend(when - clicked for when in heard)
            await asyncio.gather(*(p.client.get("/api/question") for p in phones))
            answering = asyncio.gather(
                *(
                    timed(
                        lambda p=p, i=index: p.client.post("/api/answer", json={"index": i, "answer": "4"}), o
                    )
                    for p, o in zip(phones, offsets, strict=True)
                )
            )
            if index % REPORT_EVERY == REPORT_EVERY - 1:
                got, (report_s, server_s) = await asyncio.gather(answering, timed_report(boss, 0.5))
                reports.append(report_s)
                server_reports.append(server_s)
            else:
                got = await answering
            accepted += sum(1 for _, r in got if r.status_code == 200 and r.json().get("accepted"))
            round_answers = [s for s, _ in got]
            answers.extend(round_answers)
            (with_report if index % REPORT_EVERY == REPORT_EVERY - 1 else without_report).extend(
                round_answers
            )
            health.extend(s for s, _ in ref)
            ratios.append(percentile(round_answers, 99) / percentile([s for s, _ in ref], 99))
        cpu = cpu_seconds(pid) - cpu_before
        requests = Client.requests - requests_before + len(reports) + 2 * rounds  # + the teacher's
        started = time.perf_counter()
        report = (await boss.get("/api/report")).json()
        report_ms = (time.perf_counter() - started) * 1000
        stored = sum(row["answered"] for row in report["standings"])
        return {
            "cpu": cpu,
            "requests": requests,
            "events": players * rounds,
            "solved_wait": solved_wait,
            "reports": reports,
            "server_reports": server_reports,
            "with_report": with_report,
            "without_report": without_report,
            "answers": answers,
            "health": health,
            "push": push,
            "ratios": ratios,
            "accepted": accepted,
            "stored": stored,
            "report_ms": report_ms,
        }
    finally:
        for phone in phones:
            if phone.task is not None:
                phone.task.cancel()
        await asyncio.gather(*(p.task for p in phones if p.task), return_exceptions=True)
        for client in (*(p.client for p in phones), boss):
            await client.aclose()


def cpu_seconds(pid: int) -> float:
    """User + system CPU the process has used (what a request costs, whatever the machine's load)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_memory_mb(pid: int) -> float:
    for text in Path(f"/proc/{pid}/status").read_text().splitlines():
        if text.startswith("VmHWM:"):
            return int(text.split()[1]) / 1024
    return float("nan")


def load_test(args: argparse.Namespace, tmp: Path) -> None:
    quiz = make_quiz(tmp, args.rounds + 1)
    argv = [sys.executable, "-m", "trainer", "club", "serve", str(quiz), "--host", "127.0.0.1"]
    argv += ["--port", "0", "--json", "--seconds", "600", "--max-players", str(args.players)]
    server = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert server.stdout is not None
        info = json.loads(server.stdout.readline())
        base = info["url"].split("/?")[0]
        result = asyncio.run(
            drive(base, info["teacher_token"], info["room"], args.players, args.rounds, server.pid)
        )
        memory = peak_memory_mb(server.pid)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=15)
    answers = [s * 1000 for s in result["answers"]]
    health = [s * 1000 for s in result["health"]]
    push = [s * 1000 for s in result["push"]]
    reports = [s * 1000 for s in result["reports"]]
    server_reports = [s * 1000 for s in result["server_reports"]]
    expected = args.players * args.rounds
    p99 = percentile(answers, 99)
    worst_report = max(server_reports, default=0.0)
    print(f"{args.players} phones on live push x {args.rounds} questions, answers spread over 1 s each")
    print(f"  every question solved in the lobby after {result['solved_wait']:.1f} s of waiting")
    print(f"  answers stored          {result['stored']}/{expected} (accepted {result['accepted']})")
    print(
        f"  POST /api/answer        p50 {percentile(answers, 50):6.1f} ms  p99 {p99:6.1f} ms"
        "   goal p99 <= 150 ms"
    )
    print(
        f"  GET /health (reference) p50 {percentile(health, 50):6.1f} ms"
        f"  p99 {percentile(health, 99):6.1f} ms"
    )
    print(
        f"  p99 ratio answer/reference, median of {args.rounds} rounds: "
        f"{statistics.median(result['ratios']):.2f}x"
    )
    print(
        f"  push, teacher's click to the event on every phone: p50 {percentile(push, 50):.0f} ms, "
        f"p99 {percentile(push, 99):.0f} ms"
    )
    print(
        f"  GET /api/report while phones answer ({len(reports)} times, {args.players} players): "
        f"server median {statistics.median(server_reports) if reports else 0:.0f} ms, worst "
        f"{worst_report:.0f} ms   goal <= 200 ms (as the teacher's client saw it: median "
        f"{statistics.median(reports) if reports else 0:.0f} ms, worst {max(reports, default=0.0):.0f} ms)"
    )
    print(
        "  answer p99 in the rounds with a report / without: "
        f"{1000 * percentile(result['with_report'] or [0.0], 99):.1f} / "
        f"{1000 * percentile(result['without_report'] or [0.0], 99):.1f} ms"
    )
    print(f"  GET /api/report after the night: {result['report_ms']:.0f} ms")
    print(
        f"  server CPU during the questions {result['cpu']:.2f} s for {result['requests']} requests and "
        f"{result['events']} pushed events: {1000 * result['cpu'] / result['requests']:.2f} ms per request"
    )
    print(f"  server peak memory (VmHWM) {memory:.0f} MB   goal <= 120 MB")
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    ok = p99 <= 150 and result["stored"] == expected and memory <= 120 and worst_report <= 200
    print(
        "  goal: all stored, p99 <= 150 ms, report <= 200 ms, memory <= 120 MB: "
        + ("OK" if ok else "OVER GOAL")
    )


def filled_room(tmp: Path, players: int, questions: int, name: str) -> Any:
    """A finished live night of `players` x `questions`, every answer given through the room."""
    from trainer.content.quizfile import load_quiz
    from trainer.web.room import Room

    clock = [1_000_000.0]
    room = Room.open(
        load_quiz(make_quiz(tmp, questions, name)), now=lambda: clock[0], seconds=600, max_players=players
    )
    rng = random.Random(7)
    tokens = [room.join(room.row.code, f"Player {i + 1}")[1] for i in range(players)]
    room.act("start")
    who = [room.player(t) for t in tokens]
    for index in range(questions):
        for p in who:
            clock[0] += 0.01
            room.answer(p, index, str(rng.randint(0, 12)))
        room.act("reveal")
        if index + 1 < questions:
            room.act("next")
    return room, who


def median_ms(run: Callable[[], object], times: int = 15) -> float:
    run()
    out = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        out.append((time.perf_counter() - start) * 1000)
    return statistics.median(out)


def views_and_reports(args: argparse.Namespace, tmp: Path) -> None:
    from trainer.web import views

    room, who = filled_room(tmp, args.players, args.questions, "views")
    try:
        reference = median_ms(room.store.answers)
        print(f"\nviews at {args.players} players x {args.questions} questions (median of 15 builds)")
        print(f"  reference: read every stored answer   {reference:7.1f} ms")
        worst = 0.0
        for label, build in (
            ("projector GET /api/screen", lambda: views.screen(room, "en")),
            ("teacher GET /api/teacher/state", lambda: views.teacher_view(room, "en")),
            ("phone GET /api/question", lambda: room.question_for(who[0], "en")),
        ):
            ms = median_ms(build)
            worst = max(worst, ms)
            print(f"  {label:36s} {ms:7.1f} ms  ({ms / reference:.2f}x reference)")
        print(f"  goal: no view above 50 ms: {'OK' if worst <= 50 else 'OVER GOAL'}")
    finally:
        room.close()
    for students in (100, args.players):
        room, _ = filled_room(tmp, students, args.questions, f"report{students}")
        try:
            reference = median_ms(room.store.answers, 5)
            ms = median_ms(room.report_json, 5)
            goal = 500 if students == 100 else 300
            verdict = "OK" if ms <= goal else "OVER GOAL"
            print(
                f"report, {students} students x {args.questions} questions: {ms:.0f} ms "
                f"({ms / reference:.1f}x reading the answers); goal <= {goal} ms: {verdict}"
            )
        finally:
            room.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--skip-load", action="store_true", help="only the in-process views and reports")
    parser.add_argument("--skip-views", action="store_true", help="only the load test")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "trainer")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_load:
            load_test(args, Path(tmp))
        if not args.skip_views:
            views_and_reports(args, Path(tmp))


if __name__ == "__main__":
    main()
