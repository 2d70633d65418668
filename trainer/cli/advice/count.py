"""`crib count`: score a hand or crib with its itemised breakdown, the count as it is said aloud,
and how rare that total is."""

from __future__ import annotations

from typing import Any

import typer

from trainer.cli.app import app
from trainer.cli.options import json_option, load, print_json, ruleset_option
from trainer.engine.scoring import ScoreItem


@app.command()
def count(
    cards: list[str] = typer.Argument(..., help="Hand cards, e.g. 5H 5C 5S JD (or 10H, TH, 5♥)."),
    starter: str = typer.Option(
        None, "--starter", "-s", metavar="CARD", help="The starter card. Omit it to use the last card given."
    ),
    crib: bool = typer.Option(False, "--crib", help="Count as the crib (crib flush rule)."),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
) -> None:
    """Count a hand or crib: every fifteen, pair, run, flush and nobs."""
    from trainer.cli import ansi
    from trainer.cli.context import SETTINGS
    from trainer.cli.core_messages import t
    from trainer.cli.titles import ruleset_title
    from trainer.content.stats_cache import cached_distribution
    from trainer.engine.cards import parse_cards
    from trainer.engine.errors import CardParseError, ScoringError
    from trainer.engine.scoring import score_show
    from trainer.i18n.cadence import say_count

    rules = load(ruleset)
    hand = parse_cards(cards)
    if starter is None:
        if len(hand) < 2:
            raise CardParseError(
                "give the hand cards and --starter CARD (e.g. --starter 5D)", key="error.count.starter"
            )
        hand, start = hand[:-1], hand[-1]
    else:
        start = parse_cards(starter)[0]
    breakdown = score_show(hand, start, is_crib=crib, ruleset=rules)
    try:
        dist: Any = cached_distribution(rules, crib=crib)
    except ScoringError:  # no exact table for this ruleset (club option C5): no rarity line
        dist = None
    one_in = dist.one_in(breakdown.total) if dist is not None else None
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
                "probability": dist.counts.get(breakdown.total, 0) / dist.combinations if dist else None,
            }
        )
        return
    lang = SETTINGS.lang
    what = "crib" if crib else "hand"
    lines = [
        t(
            "core.count.title",
            lang,
            title=ansi.style(ruleset_title(rules, lang), "bold"),
            what=t(f"core.count.{what}", lang),
        ),
        t("core.count.cards", lang, hand=ansi.cards(hand), starter=ansi.card(start)),
        "",
        ansi.paragraph(say_count(breakdown, lang)),
        "",
    ]
    if breakdown.items:
        rows = [[item_name(i, lang), ansi.cards(i.cards), str(i.points)] for i in breakdown.items]
        lines.append(
            ansi.table(
                rows,
                header=[t(f"core.count.col_{c}", lang) for c in ("item", "cards", "points")],
                right=[2],
                footer=[t("core.count.total", lang), "", str(breakdown.total)],
            )
        )
    else:
        lines.append(t("core.count.nothing", lang))
    if crib and len({c.suit for c in hand}) == 1 and start.suit != hand[0].suit:
        lines += ["", ansi.paragraph(t("core.count.crib_flush_note", lang))]
    if dist is not None:
        lines += ["", ansi.paragraph(_rarity(breakdown.total, one_in, dist.combinations, what, lang))]
    typer.echo("\n".join(lines))


def item_name(item: ScoreItem, lang: str = "en") -> str:
    """How an item is called in the breakdown table ("run of 4", "pair royal", "nobs")."""
    from trainer.cli.core_messages import item_name as name

    return name(item.kind, len(item.cards), item.label, lang)


def _share(percent: float, lang: str) -> str:
    """Three significant digits; Russian never shows the `1.08e-05` notation (0,0000108)."""
    text = format(percent, ".3g")
    if lang != "en" and "e" in text:
        digits = int(text.split("e")[1].lstrip("+")) * -1 + 2
        text = f"{percent:.{digits}f}"
    from trainer.i18n.languages import language

    return language(lang).number(text)


def _rarity(total: int, one_in: float | None, combos: int, what: str, lang: str) -> str:
    from trainer.cli.core_messages import number, t

    if one_in is None:
        return t(f"core.count.impossible_{what}", lang, total=total)
    return t(
        f"core.count.rarity_{what}",
        lang,
        total=total,
        one_in=number(one_in, ",.0f", lang),
        share=_share(100 / one_in, lang),
        combos=number(combos, ",", lang),
    )
