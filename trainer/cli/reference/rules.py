"""`crib rules check`: validate a house ruleset and show what it changes from its base."""

from __future__ import annotations

import typer

from trainer.cli.groups import rules_app
from trainer.cli.options import json_option, print_json


@rules_app.command("check")
def check(
    path: str = typer.Argument(..., metavar="FILE|NAME", help="A ruleset YAML file (or a shipped name)."),
    as_json: bool = json_option(),
) -> None:
    """Validate a ruleset file; errors name the file, line and key."""
    import dataclasses

    from trainer.cli.context import SETTINGS
    from trainer.cli.core_messages import t
    from trainer.cli.render import console
    from trainer.content.rulesets import load_ruleset

    rules = load_ruleset(path)
    base = load_ruleset(_base_name(rules.variant))
    changes = _diff(dataclasses.asdict(base), dataclasses.asdict(rules))
    changes.pop("name", None)
    changes.pop("aliases", None)
    if as_json:
        print_json({"ok": True, "name": rules.name, "variant": rules.variant, "changes": changes})
        return
    lang = SETTINGS.lang
    out = console()
    from trainer.cli.usertext import escaped

    valid = t(
        "core.check.valid",
        lang,
        path=escaped(path),
        name=f"[bold]{escaped(rules.name)}[/]",
        variant=escaped(rules.variant),
    )
    out.print(f"[bold green]{t('core.check.ok', lang)}[/]: {valid}")
    out.print(
        t(
            "core.check.shape",
            lang,
            players=rules.players,
            cards=rules.deal.cards_per_player,
            hand=rules.hand_size,
            target=rules.target,
        )
    )
    skip = ("title", "description", "sources")
    interesting = {k: v for k, v in changes.items() if k not in skip}
    if interesting:
        out.print(t("core.check.differs", lang, base=base.name))
        for key, (old, new) in interesting.items():
            out.print(f"  {key}: {old!r} → {new!r}", markup=False, highlight=False)


def _base_name(variant: str) -> str:
    from trainer.engine.variants import base_ruleset

    return base_ruleset(variant)


def _diff(
    old: dict[str, object], new: dict[str, object], prefix: str = ""
) -> dict[str, tuple[object, object]]:
    out: dict[str, tuple[object, object]] = {}
    for key, value in new.items():
        before = old.get(key)
        if isinstance(value, dict) and isinstance(before, dict):
            out.update(_diff(before, value, f"{prefix}{key}."))
        elif value != before:
            out[f"{prefix}{key}"] = (before, value)
    return out
