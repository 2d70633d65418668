"""`crib count`: score a hand or crib with its itemised breakdown, the count as it is said aloud,
and how rare that total is."""

from __future__ import annotations

import typer

from trainer.cli.app import app
from trainer.cli.options import json_option, load, print_json, ruleset_option
from trainer.engine.scoring import ScoreItem


@app.command()
def count(
    cards: list[str] = typer.Argument(..., help="Hand cards, e.g. 5H 5C 5S JD (or 10H, TH, 5♥)."),
    starter: str = typer.Option(
        None, "--starter", "-s", help="The starter card. Omit it to use the last card given."
    ),
    crib: bool = typer.Option(False, "--crib", help="Count as the crib (crib flush rule)."),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
) -> None:
    """Count a hand or crib: every fifteen, pair, run, flush and nobs."""
    from trainer.cli import ansi
    from trainer.cli.context import SETTINGS
    from trainer.content.stats_cache import cached_distribution
    from trainer.engine.cadence import say_count
    from trainer.engine.cards import parse_cards
    from trainer.engine.errors import CardParseError
    from trainer.engine.scoring import score_show

    rules = load(ruleset)
    hand = parse_cards(cards)
    if starter is None:
        if len(hand) < 2:
            raise CardParseError("give the hand cards and --starter CARD (e.g. --starter 5D)")
        hand, start = hand[:-1], hand[-1]
    else:
        start = parse_cards(starter)[0]
    breakdown = score_show(hand, start, is_crib=crib, ruleset=rules)
    dist = cached_distribution(rules, crib=crib)
    one_in = dist.one_in(breakdown.total)
    if as_json:
        print_json(
            {
                "total": breakdown.total,
                "items": [i.to_json() for i in breakdown.items],
                "by_kind": breakdown.by_kind(),
                "ruleset": rules.name,
                "crib": crib,
                "hand": [str(c) for c in hand],
                "starter": str(start),
                "said": say_count(breakdown, SETTINGS.lang),
                "one_in": round(one_in, 1) if one_in else None,
                "probability": dist.counts.get(breakdown.total, 0) / dist.combinations,
            }
        )
        return
    what = "crib" if crib else "hand"
    lines = [
        f"{ansi.style(rules.title or rules.name, 'bold')} — {what}",
        f"{ansi.cards(hand)}   starter {ansi.card(start)}",
        "",
        say_count(breakdown, SETTINGS.lang),
        "",
    ]
    if breakdown.items:
        rows = [[item_name(i), ansi.cards(i.cards), str(i.points)] for i in breakdown.items]
        lines.append(
            ansi.table(
                rows,
                header=["item", "cards", "points"],
                right=[2],
                footer=["total", "", str(breakdown.total)],
            )
        )
    else:
        lines.append("no scoring items: 0 points")
    if crib and len({c.suit for c in hand}) == 1 and start.suit != hand[0].suit:
        lines += ["", "note: a crib flush needs the starter too; four of a suit score only in a hand"]
    lines += ["", _rarity(breakdown.total, one_in, dist.combinations, what)]
    typer.echo("\n".join(lines))


def item_name(item: ScoreItem) -> str:
    """How an item is called in the breakdown table ("run of 4", "pair royal", "nobs")."""
    if item.kind == "run":
        return f"run of {len(item.cards)}"
    return item.label or item.kind.replace("_", "-")


def _rarity(total: int, one_in: float | None, combos: int, what: str) -> str:
    if one_in is None:
        return f"a {total}: no {what} can score this"
    share = 100 / one_in
    return (
        f"a {total}: about 1 in {one_in:,.0f} {what}s ({share:.3g}% of all {combos:,} "
        f"{what} + starter combinations)"
    )
