"""Club night under load: 40 simulated phones (HTTP clients on loopback) answer the same live
question within one second, for 15 questions, against a real `crib club serve` process.

Each round is paired and interleaved: first the 40 clients hit `GET /health` (the reference: the
same server, connections and timing, but no grading or database), then they answer the current
question with `POST /api/answer`, each at a random moment inside the same one-second window.
Printed: answer latency p50/p99 over every answer, the reference's, the median over rounds of the
per-round p99 ratio (answer / reference), and whether every answer was stored (none lost).
Goal: p99 answer latency <= 200 ms on the 2-core machine.

Run: python bench/bench_club.py [--players 40] [--rounds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from _util import ROOT

sys.path.insert(0, str(ROOT))


def make_quiz(folder: Path, n: int) -> Path:
    from trainer.club.night import make_questions
    from trainer.content.quizfile import QuizSettings, quiz_document, write_quiz
    from trainer.content.rulesets import load_ruleset

    rules = load_ruleset("classic")
    drills = ("count", "peg", "muggins")
    questions = make_questions(ruleset=rules, drills=drills, level="intermediate", n=n, seed=40)
    settings = QuizSettings(ruleset="classic", drills=drills, level="intermediate", seed=40, questions=n)
    path = folder / "bench.yaml"
    write_quiz(quiz_document(title="bench", settings=settings, ruleset=rules, questions=questions), path)
    return path


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


async def timed(coro_factory, offset: float) -> tuple[float, httpx.Response]:  # type: ignore[no-untyped-def]
    await asyncio.sleep(offset)
    start = time.perf_counter()
    response = await coro_factory()
    return time.perf_counter() - start, response


async def drive(base: str, teacher: str, room: str, players: int, rounds: int) -> dict[str, object]:
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    clients = [httpx.AsyncClient(base_url=base, limits=limits, timeout=30) for _ in range(players)]
    boss = httpx.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {teacher}"}, timeout=30)
    try:
        for i, client in enumerate(clients):
            joined = (await client.post("/api/join", json={"room": room, "name": f"Player {i + 1}"})).json()
            client.headers["Authorization"] = f"Bearer {joined['token']}"
        await boss.post("/api/teacher/start", json={})
        answers: list[float] = []
        health: list[float] = []
        ratios: list[float] = []
        accepted = 0
        rng = random.Random(40)
        for index in range(rounds):
            offsets = [rng.random() for _ in clients]
            ref = await asyncio.gather(
                *(timed(lambda c=c: c.get("/health"), o) for c, o in zip(clients, offsets, strict=True))
            )
            for client in clients:  # every phone polls the question as the page does
                await client.get("/api/question")
            got = await asyncio.gather(
                *(
                    timed(lambda c=c, i=index: c.post("/api/answer", json={"index": i, "answer": "4"}), o)
                    for c, o in zip(clients, offsets, strict=True)
                )
            )
            accepted += sum(1 for _, r in got if r.status_code == 200 and r.json().get("accepted"))
            round_answers = [s for s, _ in got]
            round_health = [s for s, _ in ref]
            answers.extend(round_answers)
            health.extend(round_health)
            ratios.append(percentile(round_answers, 99) / percentile(round_health, 99))
            await boss.post("/api/teacher/next", json={})
        report = (await boss.get("/api/report")).json()
        stored = sum(row["answered"] for row in report["standings"])
        return {
            "answers": answers,
            "health": health,
            "ratios": ratios,
            "accepted": accepted,
            "stored": stored,
        }
    finally:
        for client in (*clients, boss):
            await client.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "trainer")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        quiz = make_quiz(Path(tmp), args.rounds + 1)
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "trainer",
                "club",
                "serve",
                str(quiz),
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--json",
                "--seconds",
                "600",
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        try:
            assert server.stdout is not None
            info = json.loads(server.stdout.readline())
            base = info["url"].split("/?")[0]
            result = asyncio.run(drive(base, info["teacher_token"], info["room"], args.players, args.rounds))
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=15)
    answers = [s * 1000 for s in result["answers"]]  # type: ignore[attr-defined]
    health = [s * 1000 for s in result["health"]]  # type: ignore[attr-defined]
    expected = args.players * args.rounds
    print(f"{args.players} players x {args.rounds} questions, answers spread over 1 s per question")
    print(f"POST /api/answer  p50 {percentile(answers, 50):6.1f} ms  p99 {percentile(answers, 99):6.1f} ms")
    print(f"GET /health (ref) p50 {percentile(health, 50):6.1f} ms  p99 {percentile(health, 99):6.1f} ms")
    ratio = statistics.median(result["ratios"])  # type: ignore[arg-type]
    print(f"p99 ratio answer/reference, median of {args.rounds} rounds: {ratio:.2f}x")
    per_round = [percentile(answers[i : i + args.players], 99) for i in range(0, len(answers), args.players)]
    print("per-round p99 (ms):", " ".join(f"{v:.0f}" for v in per_round))
    print(f"answers accepted {result['accepted']}/{expected}, stored {result['stored']}/{expected}")
    verdict = "OK" if percentile(answers, 99) <= 200 and result["stored"] == expected else "OVER GOAL"
    print(f"goal: p99 <= 200 ms and no answer lost: {verdict}")


if __name__ == "__main__":
    main()
