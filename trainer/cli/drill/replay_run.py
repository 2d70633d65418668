"""`crib drill replay SET`: the questions of one stored session, asked again in their order.

A session whose questions the player's rating, learner model or due cards chose cannot be
replayed from its seed (the rating has moved since); its summary names the session's question
set instead, and this reads the questions back from the answers stored with it. The answers of a
replay are stored (mode `replay`) but rated no more: the questions were rated the first time.
"""

from __future__ import annotations

from pathlib import Path

from trainer.cli.backfill import open_store
from trainer.cli.drill.drill_runner import RunConfig, Runner
from trainer.cli.options import load, print_json
from trainer.cli.progress_db import current_user
from trainer.drills.model import Question
from trainer.drills.session import Limits, Session
from trainer.engine.ruleset import Ruleset


def run_replay(question_set: str, *, as_json: bool, answers: Path | None, db: Path | None) -> None:
    with open_store(db, answering=True) as store:
        asked = store.question_set(user=current_user(), prefix=question_set)
        loaded: dict[str, Ruleset] = {}
        spec_of: dict[str, str] = {}
        for question, spec in asked:
            if spec not in loaded:
                loaded[spec] = load(spec)
            spec_of[question.id] = spec
        questions = [q for q, _ in asked]
        kinds = sorted({q.kind for q in questions})

        def rules(q: Question) -> Ruleset:
            return loaded[spec_of[q.id]]

        session = Session(
            questions=iter(questions),
            ruleset_for=rules,
            limits=Limits(questions=len(questions)),
            prefetch=True,
        )
        config = RunConfig(
            drill=kinds[0] if len(kinds) == 1 else "quiz",
            mode="replay",
            ruleset=",".join(sorted({r.name for r in loaded.values()})),
            seed=None,
            as_json=as_json,
            answers=answers,
            db=db,
            total=len(questions),
            extra={"replayed": question_set.strip().lower()},
        )
        report = Runner(
            session=session, config=config, rulesets=rules, store=store, spec_for=lambda q: spec_of[q.id]
        ).run()
    if as_json:
        print_json(report)


def replay_options(words: list[str], *, seed: int, ruleset: str, options: dict[str, str | None]) -> str:
    """`drill count --seed 5 --level advanced -n 10`: the command line (after `crib`) that asks the
    same questions again, when the seed and these options decide them."""
    import shlex

    out = [*words, "--seed", str(seed)]
    for name, value in options.items():
        if value:
            out += [name, value]
    if ruleset != "classic":
        out += ["-r", ruleset]
    return shlex.join(out)
