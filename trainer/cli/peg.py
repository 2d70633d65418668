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
    from trainer.cli.render import KIND_NAMES, cards_text, console
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
    out = console()
    line = cards_text(series[:-1])
    if len(series) > 1:
        line.append("  then ")
    line.append_text(cards_text(series[-1:]))
    line.append(f"   count {count}")
    out.print(line)
    if not breakdown.items:
        out.print(f"{series[-1]} scores nothing")
        return
    parts = [
        f"{item.label or KIND_NAMES.get(item.kind, item.kind)} ({item.points})" for item in breakdown.items
    ]
    out.print(f"{' + '.join(parts)} = [bold]{breakdown.total}[/] for the last card")
