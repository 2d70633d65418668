"""`crib peg`: the points for the last card played in the current count."""

from __future__ import annotations

import typer

from trainer.cli.app import app
from trainer.cli.options import json_option, load, print_json, ruleset_option

GO_WORDS = frozenset({"go", "пас", "мимо"})
NEW_COUNT = "/"


@app.command()
def peg(
    cards: list[str] = typer.Argument(
        ...,
        metavar="CARDS...",
        help="Cards in play order, e.g. 3C AD 2S 5H 4C; `go` where a player says go, `/` where a new "
        "count starts (after 31 or a go): KS QD 9H go / 5C 5D.",
    ),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
) -> None:
    """Score the last card played: fifteen, thirty-one, pairs and runs in play.

    A go point when the cards end with a go and a new count (`... 9H go /`)."""
    from trainer.cli import ansi
    from trainer.cli.advice.count import item_name
    from trainer.cli.context import SETTINGS
    from trainer.cli.core_messages import t
    from trainer.engine.cards import parse_cards
    from trainer.engine.scoring import play_count, score_play

    load(ruleset)  # validates the name; pegging combinations are the same in every variant
    tokens = [w for c in cards for w in c.replace(",", " ").split()]
    parse_cards([w for w in tokens if not _is_mark(w)])  # every card once, in any count
    counts = _counts(tokens)
    ended = tokens[-1] == NEW_COUNT if tokens else False
    current = counts[-1] if not ended else counts[-2] if len(counts) > 1 else []
    series = parse_cards([w for w in current if not _is_mark(w)])
    for earlier in counts[:-1]:
        score_play(parse_cards([w for w in earlier if not _is_mark(w)]))  # past 31 is an error there too
    breakdown = score_play(series)
    count = play_count(series)
    go_point = 1 if ended and count < 31 else 0
    if as_json:
        print_json(
            {
                "count": count,
                "total": go_point if ended else breakdown.total,
                "items": [] if ended else [i.to_json() for i in breakdown.items],
                "series": [str(c) for c in series],
                "card": str(series[-1]),
                "go_point": go_point,
                "counts": [[w if _is_mark(w) else str(parse_cards(w)[0]) for w in c] for c in counts],
            }
        )
        return
    lang = SETTINGS.lang
    shown = [ansi.card(parse_cards(w)[0]) if not _is_mark(w) else w.lower() for w in tokens]
    last_at = max(i for i, w in enumerate(tokens) if not _is_mark(w))
    before, last = " ".join(shown[:last_at]), shown[last_at]
    line = t("core.peg.then", lang, played=before, card=last) if before else last
    if last_at < len(tokens) - 1:
        line += " " + " ".join(shown[last_at + 1 :])
    typer.echo(t("core.peg.count", lang, line=line, count=count))
    if ended:
        key = "rough.peg.go_point" if go_point else "rough.peg.after_31"
        typer.echo(t(key, lang, card=ansi.card_label(series[-1]), count=count))
        return
    if not breakdown.items:
        typer.echo(t("core.peg.nothing", lang, card=ansi.card_label(series[-1])))
        return
    if lang != "en":  # as a player says it at the table: «10♦: пятнадцать два», «5♠: пара — два»
        from trainer.i18n.cadence import say_count

        said = ansi.style(say_count(breakdown, lang), "bold")
        typer.echo(t("core.peg.spoken", lang, card=ansi.card_label(series[-1]), said=said))
        return
    parts = [f"{item_name(i, lang)} ({i.points})" for i in breakdown.items]
    total = ansi.style(str(breakdown.total), "bold")
    typer.echo(t("core.peg.total", lang, parts=" + ".join(parts), total=total))


def _is_mark(word: str) -> bool:
    return word == NEW_COUNT or word.lower() in GO_WORDS


def _counts(tokens: list[str]) -> list[list[str]]:
    """The tokens split into counts at every `/` (the last may be empty: the play ended a count)."""
    from trainer.engine.errors import ScoringError

    counts: list[list[str]] = [[]]
    for word in tokens:
        if word == NEW_COUNT:
            if not any(not _is_mark(w) for w in counts[-1]):
                raise ScoringError(
                    "`/` starts a new count, but the count before it has no cards",
                    key="rough.peg.empty_count",
                )
            counts.append([])
        else:
            counts[-1].append(word)
    if not any(not _is_mark(w) for c in counts for w in c):
        raise ScoringError(
            "no cards played: give the cards in play order, e.g. 5H 10D go / 5C", key="rough.peg.no_cards"
        )
    return counts
