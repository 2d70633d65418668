"""A temporary copy of the repository for the recipe tests (docs/recipes.md): each adds a toy
variant, drill kind or language the way the recipe says, then runs `crib` in the copy, so the
recipe is shown to work and to touch only the files it names."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("trainer", "rulesets", "lessons", "deals", "scripts")
_IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc")


def copy_repository(target: Path) -> Path:
    """The package, its content folders and scripts copied under `target` (no tests, no venv)."""
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, target / folder, ignore=_IGNORED)
    shutil.copy2(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of `old` in `path` (fails loudly when the recipe's anchor moved)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: expected one {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def run(copy: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`crib ARGS` run from the copy's own package (never the installed one), with an empty cache."""
    environment = {
        **os.environ,
        "PYTHONPATH": str(copy),
        "CRIB_CACHE_DIR": str(copy / ".cache"),
        "CRIB_DB": str(copy / "progress.sqlite3"),
        "COLUMNS": "200",
        **(env or {}),
    }
    code = f"import sys; from trainer.cli.app import main; sys.exit(main({list(args)!r}))"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=copy, env=environment, capture_output=True, text=True, timeout=300
    )


def script(copy: Path, name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """One of the copy's `scripts/NAME.py`, run against the copy."""
    return subprocess.run(
        [sys.executable, str(copy / "scripts" / name), *args],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(copy)},
        capture_output=True,
        text=True,
        timeout=300,
    )
