"""A lesson's "In short" bullets, fitted to the ruleset the reference is showing.

The lessons are written for the two-player game; quoted under `rules show three-player` their
bullets said the deal alternates, pone cuts and the loser is lurched, while the same page (and
`rules compare`) says three players pass the deal to the left and play without a lurch. Bullets
that state a two-player-only rule are left out for other player counts, bullets on the lurch
when the ruleset has none, and a line says what differs instead.
"""

from __future__ import annotations

import re

from trainer.engine.ruleset import Ruleset

# A bullet that states a rule of the two-player deal (who deals next, who cuts, who is dealt first).
_TWO_PLAYER = re.compile(
    r"\balternat|\bpone (cuts|first)|по очереди|начиная с соперника|снимает соперник", re.I
)
_LURCH = re.compile(r"\blurch|лурч", re.I)


def fitted_summary(summary: str, ruleset: Ruleset, *, players_note: str = "", lurch_note: str = "") -> str:
    """`summary` without the bullets that contradict `ruleset`; for each kind dropped, its note."""
    kept: list[str] = []
    notes: dict[str, str] = {}
    for line in summary.splitlines():
        bullet = line.lstrip().startswith("-")
        if bullet and ruleset.players > 2 and _TWO_PLAYER.search(line):
            notes["players"] = players_note
            continue
        if bullet and ruleset.lurch.rule == "none" and _LURCH.search(line):
            notes["lurch"] = lurch_note
            continue
        kept.append(line)
    kept.extend(f"- {note}" for note in notes.values() if note)
    return "\n".join(kept)
