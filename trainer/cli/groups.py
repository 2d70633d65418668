"""Command groups shared by several feature modules (e.g. `rules check` and `rules ruling` live
in different modules but one `crib rules` group), so each module can add its commands without
editing the others."""

from __future__ import annotations

import typer

rules_app = typer.Typer(help="Rulesets and the rules reference: check, show, compare, rulings.")
stats_app = typer.Typer(
    help="Your progress (no sub-command), exact score distributions, crib values.",
    invoke_without_command=True,
)
drill_app = typer.Typer(help="Practice drills: count, muggins, peg, discard, penalty, review.")
quiz_app = typer.Typer(help="Timed quizzes and teacher-run club quizzes.")
club_app = typer.Typer(help="Club nights: a live quiz the room takes from phones (`crib club serve QUIZ`).")

GROUPS: dict[str, typer.Typer] = {
    "rules": rules_app,
    "stats": stats_app,
    "drill": drill_app,
    "quiz": quiz_app,
    "club": club_app,
}
