"""`--score` and `--dealer-seat`, shared by `crib discard` and `crib advise-peg`: the options
declared once (so their names and help stay identical) and read the same way. The board modules
are imported only when an option is given: both commands are quick look-ups whose start-up is
benchmarked, and most runs rank by points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from trainer.advice.board import Board
    from trainer.advice.board_seats import SeatBoard
    from trainer.engine.ruleset import Ruleset


def score_option() -> Any:
    return typer.Option(
        None,
        "--score",
        metavar="SCORE",
        help="The score, yours first (117:100; three players 57:40:36, clockwise from you): "
        "rank by the chance to win the game.",
    )


def dealer_seat_option() -> Any:
    return typer.Option(
        None,
        "--dealer-seat",
        help="3-4 players, with --score: the seat that dealt, clockwise from your left "
        "(0 = you, 1 = your left; --pone: your right).",
    )


def deals(dealer_seat: int | None, *, ruleset: Ruleset, dealer: bool, pone: bool) -> bool:
    """Whether the player's side deals: `--dealer`, or the side of `--dealer-seat` (checked
    against the ruleset and against `--dealer`/`--pone`)."""
    if dealer_seat is None:
        return dealer
    from trainer.advice.board_cli import dealer_seat_option as checked

    return checked(dealer_seat, ruleset=ruleset, dealer=dealer, pone=pone)


def score_board(
    score: str | None, *, ruleset: Ruleset, dealer: bool, dealer_seat: int | None
) -> Board | SeatBoard | None:
    """The board of `--score` (None without it: rank by points)."""
    if score is None:
        return None
    from trainer.advice.board_cli import cli_board

    return cli_board(score, ruleset=ruleset, dealer=dealer, dealer_seat=dealer_seat)
