"""Options shared by many commands, declared once so their names and help stay identical."""

from __future__ import annotations

from pathlib import Path
from typing import Any  # option factories return typer.Option(...), typed as the value it gives

import typer

from trainer.engine.ruleset import Ruleset
from trainer.engine.variants import SHIPPED_RULESETS

# Names from the variant registry; the catalogues word it (help.any.ruleset, kept equal by a test).
RULESET_HELP = f"Ruleset: {', '.join(SHIPPED_RULESETS)}, an alias, or a YAML file."


def ruleset_option(default: str = "classic") -> Any:
    return typer.Option(default, "--ruleset", "-r", help=RULESET_HELP, metavar="NAME|PATH")


def json_option() -> Any:
    return typer.Option(False, "--json", help="Print machine-readable JSON instead of tables.")


def load(spec: str) -> Ruleset:
    from trainer.content.rulesets import load_ruleset

    return load_ruleset(spec)


def print_json(data: object) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def ruleset_spec(spec: str) -> str:
    """What to store so `drill review` can load the ruleset again: a name, or an absolute path."""
    path = Path(spec).expanduser()
    return str(path.resolve()) if path.suffix in (".yaml", ".yml") or path.is_file() else spec
