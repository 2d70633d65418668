"""`crib drill streak`: the streak ladder of `trainer.training.streak` run as a drill session that
ends at the first miss; the run's length is then kept in the store (best run, in a transaction)
and said, with the best so far. Imported only when the command runs."""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text

from trainer.cli.backfill import open_store
from trainer.cli.context import SETTINGS
from trainer.cli.drill.drill_runner import RunConfig, Runner
from trainer.cli.drill.replay_run import replay_options
from trainer.cli.options import load, print_json, ruleset_spec
from trainer.cli.progress_db import current_user
from trainer.cli.render import console, err_console
from trainer.drills.generators import DrillSpec, new_seed, parse_drills, validate
from trainer.drills.model import Question
from trainer.drills.session import Limits, Session
from trainer.engine.ruleset import Ruleset
from trainer.i18n import nt, t
from trainer.training.streak import SEVEN_CARD, streak_questions


def run_streak(
    *, drills: str, seed: int | None, ruleset: str, as_json: bool, answers: Path | None, db: Path | None
) -> None:
    lang = SETTINGS.lang
    kinds = parse_drills(drills)
    rules = load(ruleset)
    # The late counts are seven-card shows under the same penalties and rules of play; a
    # ruleset of three or four players keeps its own counts (seven-card is a two-player game).
    seven = load(SEVEN_CARD) if rules.players == 2 and rules.name != SEVEN_CARD else None
    seed = new_seed() if seed is None else seed
    spec = DrillSpec(drills=kinds, ruleset=rules, level="beginner", seed=seed)
    validate(spec)
    loaded = {rules.name: rules, **({seven.name: seven} if seven is not None else {})}

    def rules_for(q: Question) -> Ruleset:
        return loaded.get(q.ruleset, rules)

    out = err_console() if as_json else console()
    with open_store(db, answering=True) as store:
        user = current_user()
        before = store.best_streak(user=user)
        out.print(Text(t("drill.streak.start", lang), style="bold"))
        if before.best:
            out.print(Text(nt("drill.streak.best_so_far", before.best, lang), style="dim"))
        session = Session(
            questions=streak_questions(spec, seven_card=seven),
            ruleset_for=rules_for,
            limits=Limits(stop_on_miss=True),
            prefetch=True,
        )
        config = RunConfig(
            drill="streak",
            mode="streak",
            ruleset=rules.name,
            ruleset_spec=ruleset_spec(ruleset),
            seed=seed,
            as_json=as_json,
            answers=answers,
            db=db,
            timed=True,
            replay=replay_options(
                ["drill", "streak"], seed=seed, ruleset=ruleset, options={"--drills": ",".join(kinds)}
            ),
            extra={"drills": list(kinds)},
        )
        runner = Runner(session=session, config=config, rulesets=rules_for, store=store)
        report = runner.run()
        length = session.tally.correct
        kept = store.finish_streak(user=user, length=length, now=time.time())
    if kept.record and length:
        out.print(Text(nt("drill.streak.new_best", length, lang), style="bold green"))
    else:
        out.print(Text(nt("drill.streak.length", length, lang, best=kept.best), style="bold"))
    report["streak"] = kept.to_dict()
    if as_json:
        print_json(report)
