"""The menu `crib` opens in a terminal: a newcomer sees what the trainer can do and picks it
with the arrow keys instead of reading --help first."""

from __future__ import annotations

import typer

ENTRIES: tuple[tuple[str, list[str]], ...] = (
    ("Play a game against the computer, with a coach", ["play"]),
    ("Count hands and cribs (drill)", ["drill", "count"]),
    ("Pegging: what does this card score? (drill)", ["drill", "peg"]),
    ("Discard: what to lay away (drill)", ["drill", "discard"]),
    ("Penalties and irregularities (drill)", ["drill", "penalty"]),
    ("Call muggins on the computer (drill)", ["drill", "muggins"]),
    ("Review the questions you missed", ["drill", "review"]),
    ("Timed quiz: 3-minute sprint", ["quiz", "run", "--sprint", "3m"]),
    ("Lessons", ["learn"]),
    ("Rules reference: compare the variants", ["rules", "compare"]),
    ("My progress", ["stats"]),
    ("Exact score distribution (classic)", ["stats", "distribution"]),
)


def run_menu(ctx: typer.Context) -> None:
    import questionary

    from trainer.cli.app import main

    available = [(label, argv) for label, argv in ENTRIES if _exists(ctx, argv)]
    choices = [questionary.Choice(label, value=i) for i, (label, _) in enumerate(available)]
    choices.append(questionary.Choice("Quit", value=-1))
    picked = questionary.select("Cribbage Coach — what would you like to do?", choices).ask()
    if picked is None or picked == -1:
        return
    argv = available[picked][1]
    raise typer.Exit(main(argv))


def _exists(ctx: typer.Context, argv: list[str]) -> bool:
    command = ctx.command
    for word in argv:
        if word.startswith("-"):
            break
        sub = getattr(command, "commands", {}).get(word)
        if sub is None:
            return False
        command = sub
    return True
