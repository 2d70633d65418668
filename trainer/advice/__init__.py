"""Advice layer: expected values for discards and pegging plays, and grading by points lost.

Imports only the engine. Public entry points (keyword arguments, documented where defined):

- `trainer.advice.discard.analyse_discard(hand, *, dealer, ruleset, table=None) -> list[DiscardOption]`
- `trainer.advice.pegging.advise_peg(hand, *, ruleset, played=(), count=None, ...) -> list[PegAdvice]`
  and `advise_peg_state(state, *, seen=(), ...)` for an engine `PeggingState`
- `trainer.advice.crib_values.crib_table(ruleset) -> CribTable` (the shipped table, read lazily)
- `trainer.advice.grading.points_lost(best_ev, chosen_ev)`, `band(points_lost)`,
  `grade_discard(options, discard)`, `grade_peg(advice, card)`

The chance to win at the actual score (two sides; issue 18):

- `trainer.advice.win_table.win_chance(ruleset_name, mine, other, *, dealer) -> float` (0-1, before
  a deal; `win_table(name)` for the table, `has_win_table(name)`, `NoWinTable` where none ships)
- `trainer.advice.board.board_for(ruleset, mine, other, *, dealer) -> Board`, then
  `discard_wins(options, board) -> list[float]` and `rank_by_win(options, board)` for discards,
  `play_outcomes(...)` / `play_wins(outcomes, board, my_show=..., crib_ev=...)` for a play
- `trainer.advice.peg_board.play_win_chances(position, board, ...) -> {rank: win}` and
  `play_values(...) -> {rank: (win, net points)}` over the pegging advice's holdings
- `trainer.advice.computer.advise_discard(game, seat)` / `advise_play(game, seat)`: the coach's and
  the expert's advice; `basis == "win"` when a side is within `board_reach(target)` of the end

Three players and partnerships (three or four counts in the show):

- `trainer.advice.win_table.win_chance3(ruleset_name, scores, *, dealer) -> float` (`scores` from
  the player's seat clockwise, `dealer` the seat that deals) and `win_table3(name).seats(a, b, c)`
- `trainer.advice.board_seats.seat_board(ruleset, scores, *, dealer) -> SeatBoard`, then
  `discard_wins(options, board)`, `rank_by_win(options, board)` and `play_wins(board, hand=..., ...)`
- `trainer.advice.board_cli.cli_board(text, *, ruleset, dealer, dealer_seat=None)`: `--score` for
  any ruleset (a `Board` for two players, a `SeatBoard` for three or four)
"""
