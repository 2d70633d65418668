"""`--score` and the dealer's seat on the command line (`crib discard`, `crib advise-peg`): the
board for two players (`trainer.advice.board`) or for three and four (`trainer.advice.board_seats`),
and the discards ranked by the chance to win on either."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.advice.board import Board, board_for
from trainer.advice.board import rank_by_win as rank_two
from trainer.advice.board_seats import SeatBoard, seat_board
from trainer.advice.board_seats import rank_by_win as rank_seats
from trainer.advice.discard import DiscardOption
from trainer.advice.win_table import NoWinTable
from trainer.engine.ruleset import Ruleset


def parse_score(text: str, *, ruleset: Ruleset) -> tuple[int, ...]:
    """`--score ME:OTHER` (three players `A:B:C`, the player first): whole scores below the target."""
    from trainer.advice.errors import AdviceError

    sides = ruleset.sides
    t = ruleset.target
    example = ":".join(str(v) for v in (t - 4, t - 21, t - 25)[:sides])  # 117:100 for 121
    parts = text.replace(" ", "").split(":")
    if len(parts) != sides or not all(p.isdigit() for p in parts):
        raise AdviceError(
            f"--score {text!r}: give {sides} scores, yours first, separated by ':' (e.g. --score {example})",
            key="error.board.score",
            text=text,
            sides=sides,
            example=example,
        )
    scores = tuple(int(p) for p in parts)
    if any(s >= ruleset.target for s in scores):
        raise AdviceError(
            f"--score {text}: a score in play is 0 to {ruleset.target - 1} "
            f"(the game ends at {ruleset.target})",
            key="error.board.score_range",
            text=text,
            last=ruleset.target - 1,
            target=ruleset.target,
        )
    return scores


def cli_board(
    text: str, *, ruleset: Ruleset, dealer: bool, dealer_seat: int | None = None
) -> Board | SeatBoard:
    """The board of `--score` for a command; a clear error where no table covers the ruleset.

    Two players: `dealer` says whether the player deals. Three or four: `dealer_seat`, the seat
    that deals clockwise from the player (0 he, 1 his left, ...), else `dealer` (he deals) or the
    player on his right (he counts first)."""
    from trainer.advice.errors import AdviceError

    scores = parse_score(text, ruleset=ruleset)
    try:
        if ruleset.players == 2:
            return board_for(ruleset, scores[0], scores[1], dealer=dealer)
        seat = dealer_seat if dealer_seat is not None else (0 if dealer else ruleset.players - 1)
        return seat_board(ruleset, scores, dealer=seat)
    except NoWinTable:
        raise AdviceError(
            f"--score: no table of the chance to win ships for {ruleset.name} (the shipped rulesets "
            "have one; leave out --score to rank by points)",
            key="error.board.no_table",
            ruleset=ruleset.name,
        ) from None


def dealer_seat_option(seat: int | None, *, ruleset: Ruleset, dealer: bool, pone: bool) -> bool:
    """Check `--dealer-seat` against the ruleset and `--dealer`/`--pone`; returns whether the
    player's side deals (its crib)."""
    from trainer.advice.errors import AdviceError

    if seat is None:
        return dealer
    if dealer or pone:
        raise AdviceError(
            "--dealer-seat with --dealer or --pone: give one of them",
            key="error.board.dealer_seat_both",
        )
    if not 0 <= seat < ruleset.players:
        raise AdviceError(
            f"--dealer-seat {seat}: a seat from 0 (you) to {ruleset.players - 1}, clockwise from your left",
            key="error.board.dealer_seat",
            seat=seat,
            last=ruleset.players - 1,
        )
    return seat % ruleset.sides == 0


def rank_by_win(
    options: Sequence[DiscardOption], board: Board | SeatBoard
) -> tuple[list[DiscardOption], list[float]]:
    """The options best first by the chance to win (ties keep the points order), with their chances."""
    if isinstance(board, Board):
        return rank_two(options, board)
    return rank_seats(options, board)
