"""Answers stored before ratings existed are rated once, the first time a drill, review or
`crib stats` opens the database after the upgrade: each gets its pattern from the engine and is
replayed as a rating game in the order it was given. Lives in the CLI because it loads the
rulesets the answers were given under (a house ruleset that is gone leaves its rows as they are).
"""

from __future__ import annotations

from pathlib import Path

from trainer.cli.progress_db import db_path
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset
from trainer.store.store import AnswerMeta, Store


def open_store(db: Path | None, *, answering: bool = False) -> Store:
    """The progress database, with any answers from before ratings rated. `answering`: the caller
    is about to ask questions and store the answers, so a database that cannot be written fails
    now, before the first question, not at the first answer."""
    store = Store.open(db_path(db))
    try:
        if answering:
            store.check_writable()
        if store.needs_backfill():
            backfill(store)
    except BaseException:
        store.close()
        raise
    return store


def backfill(store: Store) -> int:
    """Rate the old answers; returns how many were rated."""
    from trainer.cli.context import SETTINGS
    from trainer.cli.options import load
    from trainer.cli.render import err_console
    from trainer.i18n import nt
    from trainer.training.adaptive import answer_meta

    rows = store.legacy_answers()
    if rows:
        err_console().print(nt("adapt.backfill", len(rows), SETTINGS.lang), style="dim", markup=False)
    loaded: dict[str, Ruleset | None] = {}
    classified: list[tuple[int, AnswerMeta]] = []
    for row_id, question in rows:
        if question.ruleset not in loaded:
            try:
                loaded[question.ruleset] = load(question.ruleset)
            except CribError:
                loaded[question.ruleset] = None
        rules = loaded[question.ruleset]
        if rules is not None:
            meta = answer_meta(question, rules)
            if not meta.pattern.startswith("question:"):
                classified.append((row_id, meta))
    store.replay_legacy(classified)
    return len(classified)
