"""`crib games`: the games you played (date, variant, result, accuracy); `crib games show ID`
sums one up (`crib games analyse ID` is the analysis board) and `--export FILE` writes it as
a deal file that `crib replay` plays back."""

from __future__ import annotations

from pathlib import Path

import typer

from trainer.cli.app import app
from trainer.cli.options import json_option, print_json
from trainer.cli.titles import ruleset_title, variant_name

games_app = typer.Typer(
    help="Your games: list them, a game's summary or its analysis board, export one for `crib replay`.",
    invoke_without_command=True,
)
app.add_typer(games_app, name="games")


@games_app.callback()
def games(
    ctx: typer.Context,
    limit: int = typer.Option(30, "--limit", "-n", help="How many of the latest games to list."),
    as_json: bool = json_option(),
) -> None:
    """List your games, newest first: date, variant, level, result, accuracy."""
    if ctx.invoked_subcommand is not None:
        return
    from trainer.cli.progress_db import current_user, default_db_path
    from trainer.store.game_tables import GameStore

    with GameStore.open(default_db_path()) as store:
        rows = store.games(user=current_user(), limit=limit)
    if as_json:
        print_json(
            {
                "games": [
                    {
                        "id": r.id,
                        "started_at": r.started_at,
                        "ruleset": r.ruleset,
                        "level": r.level,
                        "coach": r.coach,
                        "status": r.status,
                        "winner": r.winner,
                        "scores": r.scores,
                        "accuracy": r.accuracy,
                    }
                    for r in rows
                ]
            }
        )
        return
    # the table's words only now: `--json` (scripts, the history benchmark) needs none of rich,
    # and the game view's module loads the whole game engine and the coach
    from rich.table import Table
    from rich.text import Text

    from trainer.cli.context import SETTINGS
    from trainer.cli.render import console
    from trainer.i18n import t
    from trainer.i18n.typography import moment, percent, score

    lg = SETTINGS.lang
    if not rows:
        console().print(t("games.none", lg), markup=False)
        return
    table = Table(box=None, pad_edge=False, title=t("games.title", lg), title_justify="left")
    for key in ("id", "date", "variant", "level", "result", "score", "accuracy"):
        table.add_column(t(f"games.col.{key}", lg), justify="right" if key in ("id", "accuracy") else "left")
    for r in rows:
        when = moment(r.started_at, lg)  # 01.12.2026 19:30 in Russian
        if r.status == "active":
            result = t("games.unfinished", lg)
        else:
            result = t("games.won" if r.winner == 0 else "games.lost", lg)
        accuracy = "—" if r.accuracy is None else percent(r.accuracy / 100, lg)
        table.add_row(
            str(r.id),
            when,
            Text(variant_name(r.ruleset, lg)),  # «классика»; a house ruleset's path is the user's text
            t(f"games.level.{r.level}", lg),
            result,
            score(r.scores, lg),
            accuracy,
        )
    from trainer.cli.render import keep_words

    console().print(keep_words(table))
    console().print(t("games.hint", lg), markup=False)


@games_app.command("show")
def show(
    game_id: int = typer.Argument(..., metavar="ID", help="The game's number in `crib games`."),
    export: Path = typer.Option(None, "--export", help="Write the game as a deal file for `crib replay`."),
    as_json: bool = json_option(),
) -> None:
    """A game's summary: the score, accuracy, points lost per deal, the costliest decisions, the cuts."""
    import yaml

    from trainer.cli.options import load
    from trainer.cli.play import play_view as view
    from trainer.cli.play.saved_games import replayed
    from trainer.cli.progress_db import current_user, default_db_path
    from trainer.cli.render import console
    from trainer.content.yamlfile import write_atomic
    from trainer.engine.errors import CribError, cause
    from trainer.i18n import t
    from trainer.play.export import export_game
    from trainer.play.review import review
    from trainer.store.game_tables import GameStore

    with GameStore.open(default_db_path()) as store:
        row = store.get(game_id, user=current_user())
    rules = load(row.record.ruleset)
    session = replayed(rules, row, default_db_path())
    result = row.review or review(session.game, row.record.decisions).to_json()
    lg = view.lang()
    if export is not None:
        names = view.seat_names(rules)
        title = t("games.export_title", lg, id=row.id, ruleset=ruleset_title(rules, lg))
        data = export_game(rules, row.record, names=names, title=title)
        header = "# " + t("games.export_header", lg, id=row.id) + "\n"
        try:
            write_atomic(
                export, header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
            )
        except OSError as exc:
            raise CribError(
                f"cannot write {export}: {exc.strerror}; choose another --export path",
                key="error.games.export",
                path=str(export),
                reason=cause(exc),
            ) from None
    if as_json:
        print_json(
            {
                "id": row.id,
                "ruleset": row.record.ruleset,
                "seed": row.record.seed,
                "level": row.record.level,
                "status": row.status,
                "winner": row.winner,
                "scores": row.scores,
                "decisions": [d.to_json() for d in row.record.decisions],
                "review": result,
                "export": str(export) if export is not None else None,
            }
        )
        return
    out = console()
    out.print(
        t(
            "games.show.title",
            lg,
            id=row.id,
            ruleset=ruleset_title(rules, lg),
            level=t(f"games.level.{row.level}", lg),
        ),
        markup=False,
    )
    out.print(view.board(session.game))
    if session.game.outcome is not None:
        out.print(view.outcome_text(session))
    else:
        out.print(t("games.show.unfinished", lg), markup=False)
    view.review_view(result, out=out)
    if export is not None:
        out.print(t("games.exported", lg, path=str(export)), markup=False)
