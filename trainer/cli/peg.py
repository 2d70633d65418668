"""`crib peg`: the points for the last card played in the current count."""

from __future__ import annotations

import typer

from trainer.cli.app import app
from trainer.cli.options import json_option, load, print_json, ruleset_option


@app.command()
def peg(
    cards: list[str] = typer.Argument(
        ..., metavar="CARDS...", help="Cards of the current count in play order, e.g. 3C AD 2S 5H 4C."
    ),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
) -> None:
    """Score the last card played: fifteen, thirty-one, pairs and runs in play."""
    from trainer.cli import ansi
    from trainer.cli.context import SETTINGS
    from trainer.cli.core_messages import t
    from trainer.cli.count import item_name
    from trainer.engine.cards import parse_cards
    from trainer.engine.scoring import play_count, score_play

    load(ruleset)  # validates the name; pegging combinations are the same in every variant
    series = parse_cards(cards)
    breakdown = score_play(series)
    count = play_count(series)
    if as_json:
        print_json(
            {
                "count": count,
                "total": breakdown.total,
                "items": [i.to_json() for i in breakdown.items],
                "series": [str(c) for c in series],
                "card": str(series[-1]),
            }
        )
        return
    lang = SETTINGS.lang
    played = ansi.cards(series[:-1])
    last = ansi.card(series[-1])
    line = t("core.peg.then", lang, played=played, card=last) if played else last
    typer.echo(t("core.peg.count", lang, line=line, count=count))
    if not breakdown.items:
        typer.echo(t("core.peg.nothing", lang, card=ansi.card_label(series[-1])))
        return
    parts = [f"{item_name(i, lang)} ({i.points})" for i in breakdown.items]
    total = ansi.style(str(breakdown.total), "bold")
    typer.echo(t("core.peg.total", lang, parts=" + ".join(parts), total=total))
