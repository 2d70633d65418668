"""Progress databases of a given length of history, built through the product's own store.

`build(path, days=...)` writes about `per_day` answers a day for `days` days ending at `now`, as
a player who drills every day and plays a game now and then would leave them: answers of every
drill kind under two rulesets, in sessions of ten, typed or piped, right, wrong, skipped, timed
out or after a hint, each with its ratings and review card moved by `Store.record` in its own
transaction; every game's mistakes queued as their own review cards (as `queue_mistake` does
today); and finished games with records of realistic size. Seeded: the same arguments give
the same database. Used by `bench/bench_history.py` and by the stats golden test.

Questions come from a small pool generated once (generating a peg or discard question takes
milliseconds; a year of answers would take minutes), each with its pattern; a game mistake is
a pool question given an id of its own, so each one is its own card, as in a real history.
Only the build sets `synchronous = OFF` on its connection (a fsync per answer would make five
years take half an hour); the rows are the ones a real session writes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import solve
from trainer.drills.generators import DrillSpec, question_at
from trainer.drills.model import Attempt, Grade, Question
from trainer.engine.ruleset import Ruleset
from trainer.play.session import new_record
from trainer.store.game_tables import GameStore
from trainer.store.store import Store
from trainer.training.adaptive import answer_meta
from trainer.training.readings import with_reading
from trainer.training.records import AnswerMeta, Context

DAY = 86_400.0
DRILL_KINDS = ("count", "peg", "discard", "muggins", "penalty")
RULESETS = ("classic", "five-card")
SESSION = 10  # answers per session


@dataclass(frozen=True)
class Pooled:
    question: Question
    meta: AnswerMeta
    expected: object


def pool(*, per_kind: int = 6, seed: int = 23) -> list[Pooled]:
    """Questions of every kind under both rulesets, each with its pattern and answer."""
    out = []
    for name in RULESETS:
        rules = load_ruleset(name)
        for drill in DRILL_KINDS:
            spec = DrillSpec(drills=(drill,), ruleset=rules, seed=seed)
            for i in range(per_kind):
                question = question_at(spec, i)
                expected = solve(question, ruleset=rules).expected
                out.append(Pooled(question, answer_meta(question, rules), expected))
    return out


def _grade(rng: random.Random, item: Pooled) -> tuple[Grade, int]:
    roll = rng.random()
    skipped = roll < 0.02
    timed_out = 0.02 <= roll < 0.03
    correct = not skipped and not timed_out and rng.random() < 0.78
    hints = int(correct and rng.random() < 0.05)
    kind = item.question.kind
    lost = 0.0
    if not correct:
        ev = kind == "discard" or (kind == "peg" and item.question.form == "play")
        lost = rng.random() * 3 if ev else float(rng.randint(1, 4))
    grade = Grade(
        correct=correct,
        expected=item.expected,  # type: ignore[arg-type]
        expected_text=str(item.expected),
        answer="x",
        points_lost=lost,
        skipped=skipped,
        timed_out=timed_out,
    )
    return grade, hints


def build(
    path: Path,
    *,
    days: int,
    now: float,
    per_day: int = 110,
    mistakes_per_day: int = 8,
    games_every: int = 1,
    seed: int = 23,
    user: str = "player",
    questions: list[Pooled] | None = None,
) -> dict[str, int]:
    """Write `days` days of history ending at `now` into a new database at `path`."""
    rng = random.Random(f"history:{seed}:{days}")
    items = questions if questions is not None else pool(seed=seed)
    drills = [p for p in items]
    mistake_kinds = [p for p in items if p.question.kind in ("peg", "discard")]
    rules: dict[str, Ruleset] = {name: load_ruleset(name) for name in RULESETS}
    counts = {"answers": 0, "mistakes": 0, "games": 0}
    kept: dict[tuple[str, str, bool, bool], AnswerMeta] = {}
    store = Store.open(path)
    store._db.execute("PRAGMA synchronous = OFF")  # the build only; see the module docstring
    games = GameStore(store)
    try:
        store.set_setting(user="", key="ratings_backfilled", value="none")
        for day in range(days):
            start = now - (days - day) * DAY + 8 * 3600 + rng.random() * 3600
            at = start
            for n in range(per_day):
                if n % SESSION == 0:
                    context = Context(
                        session=f"d{day}-s{n // SESSION}",
                        user=user,
                        mode="drill",
                        ruleset=rng.choice(RULESETS),
                        interactive=rng.random() < 0.9,
                    )
                item = rng.choice(drills)
                grade, hints = _grade(rng, item)
                seconds = rng.uniform(1.5, 25.0) if context.interactive else rng.uniform(0.001, 0.05)
                at += seconds + rng.uniform(1.0, 6.0)
                attempt = Attempt(
                    question=item.question,
                    answer="x",
                    grade=grade,
                    seconds=seconds,
                    number=n % SESSION + 1,
                    hints=hints,
                )
                key = (item.question.id, item.question.ruleset, grade.correct, grade.skipped)
                if key not in kept:  # the pool repeats: work each reading out once, as a real one
                    kept[key] = with_reading(item.meta, attempt, ruleset=rules[item.question.ruleset])
                meta = kept[key]
                store.record(
                    attempt, context=replace(context, ruleset=item.question.ruleset), now=at, meta=meta
                )
                counts["answers"] += 1
            if games_every and day % games_every == 0:
                at = _game(
                    store, games, rng, rules, mistake_kinds, day=day, at=at, user=user, count=mistakes_per_day
                )
                counts["games"] += 1
                counts["mistakes"] += mistakes_per_day
                counts["answers"] += mistakes_per_day
    finally:
        store.close()
    return counts


def _game(
    store: Store,
    games: GameStore,
    rng: random.Random,
    rules: dict[str, Ruleset],
    kinds: list[Pooled],
    *,
    day: int,
    at: float,
    user: str,
    count: int,
) -> float:
    """One finished game (a record the size of a real one) and its mistakes in the review queue."""
    record = new_record(rules["classic"], level="expert", coach="live", seed=day + 1)
    record.actions = [{"kind": "play", "player": i % 2, "card": "5H", "at": i} for i in range(450)]
    record.status = "finished"
    game_id = games.create(record, user=user, now=at)
    games.save(
        game_id,
        record,
        rules=rules["classic"],
        scores=[121, rng.randint(60, 120)],
        winner=0,
        review={"accuracy": {}},
    )
    session = f"game-{game_id}"
    for n in range(count):
        item = rng.choice(kinds)
        question = replace(item.question, id=f"{item.question.kind}-g{day:05d}{n:02d}", theme="")
        grade = Grade(
            correct=False,
            expected=item.expected,  # type: ignore[arg-type]
            expected_text=str(item.expected),
            answer="x",
            points_lost=rng.random() * 2,
            band="mistake",
        )
        at += rng.uniform(20.0, 60.0)
        attempt = Attempt(question=question, answer="x", grade=grade, seconds=0.0, number=n + 1)
        context = Context(session=session, user=user, mode="game", ruleset=question.ruleset)
        # as `GameStore._decided` does: a game decision (never a drill answer) and a review card
        skill = "play" if question.kind == "peg" else question.kind
        store._db.execute(
            """INSERT INTO game_decisions (game_id, seq, user, decided_at, skill, ruleset, family,
               pattern, band, points_lost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                game_id,
                n,
                user,
                at,
                skill,
                question.ruleset,
                question.ruleset,
                item.meta.pattern,
                "mistake",
                grade.points_lost,
            ),
        )
        store._review(attempt, context=context, key=item.meta.card_key or item.meta.pattern, now=at)
    return at
