"""`crib play`: a whole game against the computer at the table, with a coach and a review.

The game itself (turn loop, coach, review, saving) is `trainer.play.session`; this
module picks the front end (terminal or `--protocol jsonl`), wires saving to the progress
database, and prints the end of the game, the review and the `--json` record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from trainer.cli.app import app
from trainer.cli.options import json_option, load, print_json, ruleset_option

if TYPE_CHECKING:
    from trainer.play.records import ReviewData
    from trainer.play.session import GameRecord, GameSession


@app.command()
def play(
    ruleset: str = ruleset_option(),
    level: str = typer.Option(
        "club", "--level", metavar="LEVEL", help="The computer's strength: easy, club or expert."
    ),
    coach: str = typer.Option(
        "live",
        "--coach",
        metavar="MODE",
        help="live (the default): grade each decision as you make it; quiet: only the review; off.",
        show_default=False,
    ),
    seed: int = typer.Option(
        None, "--seed", metavar="SEED", help="Repeat the same deals (and computer choices)."
    ),
    resume: bool = typer.Option(False, "--resume", help="Go on with the game you left (Ctrl-C saves it)."),
    protocol: str = typer.Option(
        None,
        "--protocol",
        metavar="FORMAT",
        help="jsonl: every prompt one JSON line on stdout, every answer one line on stdin.",
    ),
    ask_forced: bool = typer.Option(
        False,
        "--ask-forced",
        help="Ask for forced moves too (one legal card, or go); else they are played for you.",
    ),
    as_json: bool = json_option(),
) -> None:
    """Play a whole game against the computer, with a coach and a review after the game.

    Type cards as 5H 5h 5♥ 10H TH (or their numbers in your hand), `go`, a number of points;
    `?` asks the coach for a hint (again: the candidates, then the answer). A forced move (one
    legal card, or go) is played for you unless `--ask-forced`.
    Ctrl-C saves the game: `crib play --resume` goes on; the analysis board is offered at the end.
    """
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.saved_games import replayed
    from trainer.cli.progress_db import current_user, default_db_path
    from trainer.engine.errors import CribError
    from trainer.play.session import new_record
    from trainer.store.game_tables import GameStore

    if protocol is not None and protocol != "jsonl":
        raise CribError(
            f"--protocol {protocol!r}: the only protocol is jsonl",
            key="error.play.protocol",
            protocol=protocol,
        )
    if level not in ("easy", "club", "expert"):
        raise CribError(
            f"--level {level!r}: choose easy, club or expert", key="error.play.level", level=level
        )
    user = current_user()
    with GameStore.open(default_db_path()) as store:
        if resume:
            row = store.latest_active(user=user)
            if row is None:
                raise CribError(
                    "there is no unfinished game to resume: start one with `crib play`",
                    key="error.play.no_resume",
                )
            record, game_id = row.record, row.id
            rules = load(record.ruleset)
            replayed(rules, row, default_db_path())  # a record changed outside crib: said so
        else:
            rules = load(ruleset)
            record = new_record(rules, level=level, coach=coach, seed=seed)
            record.ruleset = ruleset if ruleset.endswith((".yaml", ".yml")) else rules.name
            game_id = store.create(record, user=user)
        games_played = 0
        while True:
            finished, session = _play_one(
                store,
                rules,
                record,
                game_id,
                user=user,
                protocol=protocol,
                as_json=as_json,
                ask_forced=ask_forced,
            )
            games_played += 1
            if not finished or protocol is not None or as_json:
                return
            if not _another(SETTINGS.lang):
                return
            outcome = session.game.outcome
            assert outcome is not None
            record = new_record(
                rules,
                level=record.level,
                coach=record.coach,
                seed=None if seed is None else seed + games_played,
                first_dealer=outcome.next_first_dealer,
            )
            record.ruleset = session.record.ruleset
            game_id = store.create(record, user=user)


def _play_one(
    store: Any,
    rules: Any,
    record: GameRecord,
    game_id: int,
    *,
    user: str,
    protocol: str | None,
    as_json: bool,
    ask_forced: bool = False,
) -> tuple[bool, GameSession]:
    from trainer.cli.play import play_view as view
    from trainer.cli.play.play_tables import JsonlTable, TerminalTable
    from trainer.cli.prompts import choose_prompter
    from trainer.cli.render import console, err_console
    from trainer.engine.errors import CribError
    from trainer.i18n import t
    from trainer.play.review import review
    from trainer.play.session import GameSession

    def save(sess: GameSession) -> None:
        store.save(game_id, sess.record, rules=rules, scores=list(sess.game.scores), winner=_winner(sess))

    session = GameSession(rules, record, save=save, ask_forced=ask_forced)
    out = err_console() if as_json or protocol else console()
    lg = view.lang()
    if protocol == "jsonl":
        table: Any = JsonlTable()
    else:
        prompter = choose_prompter(echo=lambda m: out.print(m, markup=False))
        table = TerminalTable(prompter, out)
        if record.actions:
            out.print(t("play.resumed", lg, id=game_id), markup=False)
    try:
        finished = session.run(table)
    except KeyboardInterrupt:
        session.save()
        finished = False
    except CribError:
        if not _played(session.record):
            store.forget_unplayed(game_id)
        raise
    if not finished:
        if not _played(session.record):  # stopped before the first answer: nothing to keep
            store.forget_unplayed(game_id)
            return False, session
        out.print(t("play.saved", lg, id=game_id), markup=False)
        if as_json:
            _emit_json(_record_json(session, None, game_id), one_line=protocol is not None)
        return False, session
    result = review(session.game, record.decisions).to_json()
    store.save(
        game_id, record, rules=rules, scores=list(session.game.scores), winner=_winner(session), review=result
    )
    if protocol is None:
        out.print()
        out.print(view.board(session.game))
        out.print(view.outcome_text(session))
        if record.coach != "off":
            view.review_view(result, out=out)
        out.print(t("play.kept", lg, id=game_id), markup=False)
        if record.coach != "off":
            out.print(t("coach.board.offer", lg, id=game_id), markup=False)
    if as_json:
        _emit_json(_record_json(session, result, game_id), one_line=protocol is not None)
    return True, session


def _emit_json(data: dict[str, Any], *, one_line: bool) -> None:
    """The game record: one line among the protocol's lines, else pretty-printed."""
    if one_line:
        import json

        typer.echo(json.dumps(data, ensure_ascii=False))
    else:
        print_json(data)


def _played(record: GameRecord) -> bool:
    """Whether the human seat has made a move (its first is always a discard)."""
    return any(a.get("a") == "discard" and a.get("seat") == 0 for a in record.actions)


def _winner(session: GameSession) -> int | None:
    outcome = session.game.outcome
    return None if outcome is None else outcome.winner


def _record_json(session: GameSession, review: ReviewData | None, game_id: int) -> dict[str, Any]:
    record = session.record
    outcome = session.game.outcome
    return {
        "id": game_id,
        "ruleset": record.ruleset,
        "seed": record.seed,
        "level": record.level,
        "coach": record.coach,
        "status": record.status,
        "winner": None if outcome is None else outcome.winner,
        "result": None if outcome is None else outcome.result,
        "scores": list(session.game.scores),
        "decisions": [d.to_json() for d in record.decisions],
        "review": review,
    }


def _another(lang: str) -> bool:
    import sys

    from trainer.cli.prompts import QuestionaryPrompter
    from trainer.i18n import t

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return bool(QuestionaryPrompter().confirm(t("play.another", lang), default=False))
