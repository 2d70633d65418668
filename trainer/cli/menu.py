"""The menu `crib` opens in a terminal: a newcomer sees what the trainer can do and picks it
with the arrow keys instead of reading --help first."""

from __future__ import annotations

import typer

# (message id of the label, the command it runs); the label is looked up in the user's language.
ENTRIES: tuple[tuple[str, list[str]], ...] = (
    ("menu.count", ["drill", "count"]),
    ("menu.peg", ["drill", "peg"]),
    ("menu.discard", ["drill", "discard"]),
    ("menu.penalty", ["drill", "penalty"]),
    ("menu.muggins", ["drill", "muggins"]),
    ("menu.review", ["drill", "review"]),
    ("menu.sprint", ["quiz", "run", "--sprint", "3m"]),
    ("menu.learn", ["learn"]),
    ("menu.compare", ["rules", "compare"]),
    ("menu.stats", ["stats"]),
    ("menu.distribution", ["stats", "distribution"]),
)


def run_menu(ctx: typer.Context) -> None:
    import questionary

    from trainer.cli.app import main
    from trainer.cli.context import SETTINGS
    from trainer.i18n import t

    lang = SETTINGS.lang
    available = [(key, argv) for key, argv in ENTRIES if _exists(ctx, argv)]
    choices = [questionary.Choice(t(key, lang), value=i) for i, (key, _) in enumerate(available)]
    choices.append(questionary.Choice(t("menu.quit", lang), value=-1))
    picked = questionary.select(t("menu.title", lang), choices, instruction=t("menu.hint", lang)).ask()
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
