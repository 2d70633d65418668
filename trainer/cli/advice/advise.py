"""`crib advise-peg` and `crib stats crib-values` (`crib discard` is in trainer.cli.advice.discard): the
advice layer on the command line. Each command parses, calls one advice function and renders;
the numbers and their model live in trainer.advice (see its module texts)."""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand

from trainer.cli.advice.score_options import dealer_seat_option, deals, score_board, score_option
from trainer.cli.app import app
from trainer.cli.groups import stats_app
from trainer.cli.options import json_option, load, print_json, ruleset_option
from trainer.cli.titles import ruleset_title
from trainer.engine.digits import is_digits


class _SpacedLists(TyperCommand):
    """Lets list options take several values after one flag (`--hand 7C 8D 4S`), as people type
    cards, by repeating the flag for each value before click parses (`--hand 7C --hand 8D ...`)."""

    spaced: tuple[str, ...] = ("--hand", "--played", "--discarded")

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        out: list[str] = []
        current: str | None = None
        for token in args:
            if token.startswith("-") and not _is_number(token):
                name = token.split("=", 1)[0]
                current = name if name in self.spaced else None
                out.append(token)
            elif current is not None and out and out[-1] != current:
                out.extend([current, token])
            else:
                out.append(token)
        return super().parse_args(ctx, out)


def _is_number(token: str) -> bool:
    return is_digits(token.lstrip("-"))


@app.command("advise-peg", cls=_SpacedLists)
def advise_peg(
    hand: list[str] = typer.Option(
        ..., "--hand", metavar="CARDS", help="Cards you still hold, e.g. --hand 7C 8D 4S."
    ),
    played: list[str] = typer.Option(
        [], "--played", metavar="CARDS", help="Every card played so far this deal, in order (both players)."
    ),
    count: int = typer.Option(
        None,
        "--count",
        min=0,
        max=31,
        help="The current count, 0 to 31 (default: the sum of --played, if 31 or less).",
    ),
    starter: str = typer.Option(
        None, "--starter", "-s", metavar="CARD", help="The starter, if you want it counted as seen."
    ),
    discarded: list[str] = typer.Option(
        [], "--discarded", metavar="CARDS", help="Your own discards (seen cards)."
    ),
    opp_cards: int = typer.Option(
        None, "--opp-cards", min=0, max=7, help="Cards the opponent still holds (default: inferred)."
    ),
    opp_go: bool = typer.Option(False, "--opp-go", help="The opponent has said go in this count."),
    others: str = typer.Option(
        None,
        "--others",
        metavar="COUNTS",
        help="3-4 players: cards each other player holds, clockwise from your left: 3,4.",
    ),
    out: str = typer.Option(
        None, "--out", metavar="SEATS", help="3-4 players: seats out of this count (said go), e.g. 2."
    ),
    last: int = typer.Option(
        None, "--last", help="3-4 players: the seat that played the count's last card (1 = your left)."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed for the sampled mode (results are reproducible)."),
    score: str = score_option(),
    dealer_seat: int = dealer_seat_option(),
    dealer: bool = typer.Option(
        False, "--dealer", help="With --score: you dealt this deal (you count last, with the crib)."
    ),
    pone: bool = typer.Option(
        False, "--pone", help="With --score: the opponent dealt (you count first; the default)."
    ),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
) -> None:
    """Rank every legal card by expected net pegging points, with a reason.

    The value is your points minus the opponent's from this card to the end of the play, over
    every holding the opponent could have (exact when small enough, else a seeded sample).
    """
    import random

    from trainer.advice.pegging import advise_peg as advise
    from trainer.engine.cards import parse_cards

    if dealer and pone:
        from trainer.advice.errors import AdviceError

        raise AdviceError("--dealer and --pone together: choose whose crib it is", key="error.advise.both")
    rules = load(ruleset)
    my_hand = parse_cards(hand)
    seen_played = parse_cards(played, allow_empty=True)
    dealer = deals(dealer_seat, ruleset=rules, dealer=dealer, pone=pone)
    board = score_board(score, ruleset=rules, dealer=dealer, dealer_seat=dealer_seat)
    the_starter = parse_cards(starter)[0] if starter else None
    thrown = parse_cards(discarded, allow_empty=True)
    wins: dict[int, float] = {}
    if rules.players > 2:
        from trainer.advice.playout import advise_peg_multi

        holding = _seat_list(others, "--others") if others else None
        gone = _seat_list(out, "--out") if out else ()
        plays = advise_peg_multi(
            my_hand,
            ruleset=rules,
            played=seen_played,
            count=count,
            starter=the_starter,
            discarded=thrown,
            others=holding,
            out=gone,
            last=last,
            rng=random.Random(seed),
        )
        if board is not None and plays:
            from trainer.advice.board_seats import SeatBoard, play_wins

            assert isinstance(board, SeatBoard)
            wins = play_wins(
                board,
                hand=my_hand,
                played=seen_played,
                count=count,
                starter=the_starter,
                discarded=thrown,
                others=holding,
                out=gone,
                last=last,
                seed=seed,
            )
    else:
        plays = advise(
            my_hand,
            ruleset=rules,
            played=seen_played,
            count=count,
            starter=the_starter,
            discarded=thrown,
            opp_cards=opp_cards,
            opp_said_go=opp_go,
            rng=random.Random(seed),
        )
        if board is not None and plays:
            from trainer.advice.board import Board
            from trainer.advice.peg_board import cli_play_wins

            assert isinstance(board, Board)
            wins = cli_play_wins(
                board,
                hand=my_hand,
                played=seen_played,
                count=count,
                starter=the_starter,
                discarded=thrown,
                opp_cards=opp_cards,
                opp_said_go=opp_go,
                seed=seed,
            )
    if wins:  # ranked by the chance to win; equal chances keep the points order
        order = {id(p): i for i, p in enumerate(plays)}
        plays.sort(key=lambda p: (-round(wins[p.card.index >> 2], 9), order[id(p)]))
    now = count if count is not None else sum(c.value for c in seen_played)
    if as_json:
        from trainer.advice.cost import option_costs

        def win_of(p: Any) -> float | None:
            return round(wins[p.card.index >> 2], 4) if board is not None and wins else None

        costs = option_costs(plays, lambda p: p.ev, win_of)
        data: dict[str, Any] = {
            "count": now,
            "plays": [
                {**p.to_json(), "ev_lost": c.points, "band": str(c.band)}
                for p, c in zip(plays, costs, strict=True)
            ],
        }
        if board is not None and wins:
            data["score"] = list(board.scores)
            data["dealer"] = dealer
            data["ranked_by"] = "win"
            for row, p in zip(data["plays"], plays, strict=True):
                row["win"] = win_of(p)
                row["win_lost"] = next(c.win for c, q in zip(costs, plays, strict=True) if q is p)
        if plays:
            data["method"] = plays[0].method
            data["holdings"] = plays[0].holdings
        else:
            data["go"] = True
        print_json(data)
        return
    from trainer.cli import ansi
    from trainer.cli.context import SETTINGS
    from trainer.cli.core_messages import number, t
    from trainer.i18n.reasons import word_reason

    lang = SETTINGS.lang
    lines = [t("advise.peg.count", lang, hand=ansi.cards(my_hand), count=now)]
    if not plays:
        lines.append(t("advise.peg.go", lang, count=now))
        typer.echo("\n".join(lines))
        return
    percent = "\u00a0%" if lang == "ru" else "%"  # «23,0 %», as crib discard writes it
    rows = [
        [
            str(i),
            ansi.cards([p.card]),
            number(p.ev, "+.2f", lang),
            *([number(100 * wins[p.card.index >> 2], ".1f", lang) + percent] if wins else []),
            str(p.immediate),
            word_reason(p.why, lang, players=rules.players) if p.why else p.reason,
        ]
        for i, p in enumerate(plays, start=1)
    ]
    holdings = number(plays[0].holdings, ",", lang)
    how = (
        t("advise.peg.exact", lang, holdings=holdings)
        if plays[0].method == "exact"
        else t(
            "advise.peg.sampled" if rules.players == 2 else "advise.peg.sampled_seats",
            lang,
            holdings=holdings,
            seed=seed,
        )
    )
    columns = ["card", "ev", *(["win"] if wins else []), "now", "reason"]
    keys = {"win": "advise.board.col_win"}
    header = ["#", *(t(keys.get(c, f"advise.peg.col_{c}"), lang) for c in columns)]
    lines += [
        ansi.table(rows, header=header, right=[0, 2, 3, *([4] if wins else [])]),
        ansi.style(ansi.paragraph(t(_footnote_key(rules), lang, how=how)), "dim"),
    ]
    if board is not None and wins:
        score_text = ":".join(map(str, board.scores))
        lines.append(ansi.style(t("advise.board.footnote", lang, score=score_text), "dim"))
    typer.echo("\n".join(lines))


def _footnote_key(rules: Any) -> str:
    """Whose points the ev is, by seats: two players (the opponent's, his hand searched), three
    (both other players' together), partners (one side's against the other's)."""
    if rules.players == 2:
        return "advise.peg.footnote"
    if len(set(rules.seat_sides)) < rules.players:
        return "advise.peg.footnote_partners"
    return "advise.peg.footnote_three" if rules.players == 3 else "advise.peg.footnote_others"


def _seat_list(text: str, option: str) -> list[int]:
    """'3,4' or '3 4' as numbers (an option of the three- and four-player advice)."""
    from trainer.advice.errors import AdviceError

    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise AdviceError(
            f"{option} {text!r}: give whole numbers separated by commas, e.g. 3,4",
            key="error.advice.numbers",
            option=option,
            text=text,
        ) from None


@stats_app.command("crib-values")
def crib_values(
    ruleset: str = ruleset_option(),
    suited: bool = typer.Option(False, "--suited", help="Suited and offsuit values separately."),
    as_json: bool = json_option(),
) -> None:
    """Expected crib of every throw, to your own crib and to the opponent's.

    Computed by the project: simulated opponents discard by this same advice (see the README).
    """
    from trainer.advice.crib_values import crib_table, mean_abs_difference, reference

    rules = load(ruleset)
    table = crib_table(rules)
    if as_json:
        data: dict[str, Any] = {
            "ruleset": rules.name,
            "table": table.name,
            "exact_shape": table.exact_shape,
        }
        for which in ("own", "opp"):
            data[which] = (
                table.suited(which) if suited else {k: round(v, 2) for k, v in table.means(which).items()}
            )
        if table.name == "classic6":
            ref = reference()
            data["schell_mean_abs_difference"] = {
                w: round(mean_abs_difference(table.means(w), ref[w]), 3) for w in ("own", "opp")
            }
        print_json(data)
        return
    from trainer.cli.context import SETTINGS

    _render_crib_values(table, title=ruleset_title(rules, SETTINGS.lang), lang=SETTINGS.lang)


def _render_crib_values(table: Any, *, title: str, lang: str = "en") -> None:
    from rich.markup import escape
    from rich.table import Table

    from trainer.advice.crib_values import LABELS, mean_abs_difference, reference
    from trainer.cli.ansi import rank_label
    from trainer.cli.core_messages import number, t
    from trainer.cli.render import console

    out = console()
    title = escape(title)
    if not table.exact_shape:
        out.print(f"[yellow]{t('advise.crib.nearest', lang, name=table.name)}[/]")
    if table.discard == 1:
        grid = Table(title=t("advise.crib.one_card_title", lang, title=title), box=None, header_style="bold")
        for name in ("card", "own", "opp", "random"):
            grid.add_column(t(f"advise.crib.col_{name}", lang), justify="right")
        own, opp, rnd = table.means("own"), table.means("opp"), table.means("random")
        for label in LABELS:
            grid.add_row(
                rank_label(label),
                number(own[label], ".2f", lang),
                number(opp[label], ".2f", lang),
                number(rnd[label], ".2f", lang),
            )
        out.print(grid)
        return
    for which in ("own", "opp"):
        values = table.means(which)
        heading = t(f"advise.crib.{which}", lang)
        grid = Table(
            title=t("advise.crib.title", lang, title=title, heading=heading), box=None, header_style="bold"
        )
        grid.add_column("", style="bold")
        for label in LABELS:
            grid.add_column(rank_label(label), justify="right")
        for row in LABELS:
            cells = []
            for col in LABELS:
                lo, hi = sorted((LABELS.index(row), LABELS.index(col)))
                cells.append(number(values[f"{LABELS[lo]}-{LABELS[hi]}"], ".1f", lang))
            grid.add_row(rank_label(row), *cells)
        out.print(grid)
    if table.name == "classic6":
        ref = reference()
        own = number(mean_abs_difference(table.means("own"), ref["own"]), ".2f", lang)
        opp = number(mean_abs_difference(table.means("opp"), ref["opp"]), ".2f", lang)
        out.print(f"[dim]{t('advise.crib.schell', lang, own=own, opp=opp)}[/]")
