"""Command groups shared by several feature modules (e.g. `rules check` and `rules ruling` live
in different modules but one `crib rules` group), so each module can add its commands without
editing the others."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import click
import typer
from typer.core import TyperGroup

rules_app = typer.Typer(help="Rulesets and the rules reference: check, show, compare, rulings.")
stats_app = typer.Typer(
    help="Your progress (no sub-command), exact score distributions, crib values.",
    invoke_without_command=True,
)


class DrillGroup(TyperGroup):
    """`crib drill`: a kind's command (`trainer.cli.drill.drill.kind_command`) is built when it is
    asked for, so `crib drill peg` loads the peg drill only, not all five kinds with their
    rulings and advice (start-up of a drill is benchmarked); help and the command tree list every
    kind, in the registry's order, through the usual `list_commands`/`get_command`. `build` is
    set by `trainer.cli.drill.drill`, the module that mounts this group (so no import circle)."""

    build: ClassVar[Callable[[str], Any] | None] = None

    def list_commands(self, ctx: click.Context) -> list[str]:
        from trainer.drills.registry import DRILLS

        return [*DRILLS, *(name for name in super().list_commands(ctx) if name not in DRILLS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is None:
            from trainer.drills.registry import DRILLS

            if cmd_name in DRILLS and DrillGroup.build is not None:
                command = DrillGroup.build(cmd_name)
                self.add_command(command, cmd_name)
        return command


drill_app = typer.Typer(
    cls=DrillGroup, help="Practice drills: count, muggins, peg, discard, penalty, review."
)
quiz_app = typer.Typer(help="Timed quizzes and teacher-run club quizzes.")
club_app = typer.Typer(help="Club nights: a live quiz the room takes from phones (`crib club serve QUIZ`).")

GROUPS: dict[str, typer.Typer] = {
    "rules": rules_app,
    "stats": stats_app,
    "drill": drill_app,
    "quiz": quiz_app,
    "club": club_app,
}
