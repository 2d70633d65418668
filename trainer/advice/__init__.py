"""Advice layer: expected values for discards and pegging plays, and grading by points lost.

Imports only the engine. Public entry points (keyword arguments, documented where defined):

- `trainer.advice.discard.analyse_discard(hand, *, dealer, ruleset, table=None) -> list[DiscardOption]`
- `trainer.advice.pegging.advise_peg(hand, *, ruleset, played=(), count=None, ...) -> list[PegAdvice]`
  and `advise_peg_state(state, *, seen=(), ...)` for an engine `PeggingState`
- `trainer.advice.crib_values.crib_table(ruleset) -> CribTable` (the shipped table, read lazily)
- `trainer.advice.grading.points_lost(best_ev, chosen_ev)`, `band(points_lost)`,
  `grade_discard(options, discard)`, `grade_peg(advice, card)`
"""
