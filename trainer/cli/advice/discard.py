"""`crib discard`: rank every way to lay away by expected net points.

A module of its own (not with `advise-peg` and `crib stats crib-values`) because `crib` builds the
Typer command of every function in the modules it imports, and `discard` is a quick look-up
whose start-up is benchmarked. The numbers and their model live in trainer.advice.discard.
"""

from __future__ import annotations

from typing import Any

import typer

from trainer.cli.advice.score_options import dealer_seat_option, deals, score_board, score_option
from trainer.cli.app import app
from trainer.cli.options import json_option, load, print_json, ruleset_option


@app.command("discard")
def discard(
    cards: list[str] = typer.Argument(
        ..., metavar="CARDS...", help="The dealt hand, e.g. 5H 5D JC QS 2C 9D."
    ),
    dealer: bool = typer.Option(False, "--dealer", help="The crib is yours (you dealt, or your partner)."),
    pone: bool = typer.Option(False, "--pone", help="The crib is the opponent's (the default)."),
    top: int = typer.Option(
        0, "--top", "-n", min=0, max=99, help="Show only the best N options (0: all; at most 99)."
    ),
    score: str = score_option(),
    dealer_seat: int = dealer_seat_option(),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
) -> None:
    """Rank every discard by expected net points (hand + heels +/- crib).

    The hand part is exact over every unseen starter; the crib comes from the shipped table
    (added for the dealer, subtracted for the pone); the dealer also gets his expected heels.
    """
    if dealer and pone:
        from trainer.advice.errors import AdviceError

        raise AdviceError("--dealer and --pone together: choose whose crib it is", key="error.advise.both")
    from trainer.advice.discard import analyse_discard
    from trainer.engine.cards import parse_cards

    rules = load(ruleset)
    hand = parse_cards(cards)
    dealer = deals(dealer_seat, ruleset=rules, dealer=dealer, pone=pone)
    options = analyse_discard(hand, dealer=dealer, ruleset=rules)
    unseen = 52 - len(hand)
    wins: list[float] | None = None
    board = score_board(score, ruleset=rules, dealer=dealer, dealer_seat=dealer_seat)
    if board is not None:
        from trainer.advice.board_cli import rank_by_win

        options, wins = rank_by_win(options, board)
    if as_json:
        doc: dict[str, Any] = {
            "ruleset": rules.name,
            "dealer": dealer,
            "hand": [str(c) for c in hand],
            "unseen_starters": unseen,
            "options": _with_costs(options, wins),
        }
        if board is not None and wins is not None:
            doc["score"] = list(board.scores)
            doc["ranked_by"] = "win"
        print_json(doc)
        return
    from trainer.cli.context import SETTINGS
    from trainer.cli.titles import ruleset_title

    lang = SETTINGS.lang
    _render_discard(
        options,
        hand=hand,
        dealer=dealer,
        title=ruleset_title(rules, lang),
        top=top,
        lang=lang,
        wins=wins,
        players=rules.players,
    )
    if board is not None:
        from trainer.cli import ansi
        from trainer.cli.core_messages import t

        score_text = ":".join(map(str, board.scores))
        typer.echo(ansi.style(t("advise.board.footnote", lang, score=score_text), "dim"))


def _costs(options: list[Any], wins: list[float] | None) -> list[Any]:
    """Each option's one cost against the best (`trainer.advice.cost`, as the coach grades the
    same discard), decided on the chance to win when the board is given."""
    from trainer.advice.cost import option_costs

    win_at = {id(o): w for o, w in zip(options, wins, strict=True)} if wins is not None else {}
    return option_costs(options, lambda o: o.net_ev, (lambda o: win_at[id(o)]) if wins is not None else None)


def _with_costs(options: list[Any], wins: list[float] | None = None) -> list[dict[str, Any]]:
    """Each option as JSON with its cost: `ev_lost` and `band` (and `win`, `win_lost` with a board)."""
    rows = []
    for i, (o, c) in enumerate(zip(options, _costs(options, wins), strict=True)):
        row = {**o.to_json(), "ev_lost": c.points, "band": str(c.band)}
        if wins is not None:
            row["win"] = round(wins[i], 4)
            row["win_lost"] = c.win
        rows.append(row)
    return rows


def _render_discard(
    options: list[Any],
    *,
    hand: Any,
    dealer: bool,
    title: str,
    top: int,
    lang: str = "en",
    wins: list[float] | None = None,
    players: int = 2,
) -> None:
    # Plain ANSI output (trainer.cli.ansi, like `crib count`): importing rich would cost more
    # than the whole analysis, and `crib discard` is a quick look-up with a start-up budget.
    from trainer.cli import ansi
    from trainer.cli.core_messages import number, t
    from trainer.i18n.typography import dash, minus

    sign = minus(lang)  # a true minus in Russian (−3,84), beside the numbers' own

    def percent(value: float) -> str:
        return number(100 * value, ".1f", lang) + ("\u00a0%" if lang == "ru" else "%")  # «20,5 %»

    columns = ["throw", "keep", "hand", "range", "crib", "heels", "net", "gap"]
    if not dealer:
        columns.remove("heels")
    if wins is not None:
        columns.insert(columns.index("gap"), "win")
    right = [0, *range(3, len(columns) + 1)]
    keys = {"win": "advise.board.col_win"}
    header = ["#", *(t(keys.get(c, f"advise.discard.col_{c}"), lang) for c in columns)]
    costs = _costs(options, wins)
    # options as good as the best at the precision shown are equal best, not each "the" best
    tied = sum(1 for c in costs if c.zero) > 1
    best_word = t("advise.discard.equal_best" if tied else "advise.discard.best", lang)
    rows = []
    for i, o in enumerate(options[:top] if top > 0 else options, start=1):
        row = [
            str(i),
            ansi.cards(o.discard),
            ansi.cards(o.keep),
            number(o.hand_ev, ".2f", lang),
            f"{o.hand_min}{dash(lang)}{o.hand_max}",  # 10–21 in Russian
            f"{'+' if dealer else sign}{number(o.crib_ev, '.2f', lang)}",
        ]
        if dealer:
            row.append(number(o.heels_ev, ".2f", lang))
        row.append(number(o.net_ev, ".2f", lang))
        cost = costs[i - 1]
        if wins is not None:
            row.append(percent(wins[i - 1]))
            lost_text = f"{sign}{percent(cost.win or 0.0)}"
        else:
            lost_text = f"{sign}{number(cost.points, '.2f', lang)}"
        # the best, and any option as good at the precision shown, say "(equal) best": never "-0"
        row.append(best_word if i == 1 or cost.zero else lost_text)
        rows.append(row)
    first = options[0]
    extra = len(first.max_starters) - 4
    more = t("advise.discard.more", lang, n=extra) if extra > 0 else ""
    summary = t(
        "advise.discard.summary",
        lang,
        discard=ansi.cards(first.discard),
        ev=number(first.hand_ev, ".2f", lang),
        max=first.hand_max,
        starters=ansi.cards(first.max_starters[:4]),
        more=more,
    )
    lines = [
        # with three or four players "the opponent's crib" would not say whose: it is the dealer's
        t(
            f"advise.discard.title_{'own' if dealer else 'opp' if players == 2 else 'dealer'}",
            lang,
            title=ansi.style(title, "bold"),
        ),
        ansi.cards(hand),
        ansi.table(rows, header=header, right=right),
        summary,
        ansi.style(ansi.paragraph(t("advise.discard.footnote", lang, n=52 - len(hand))), "dim"),
    ]
    typer.echo("\n".join(lines))
