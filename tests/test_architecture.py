"""Layer rules of the design (imports point down only), enforced by reading every module's imports.

cli -> web (only `club serve`), drills, advice, content, engine; web -> drills, advice, content,
engine, i18n; drills -> advice, engine; advice -> engine; content -> engine; engine -> standard
library only. The web stack is imported by nothing but the `club serve` command.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "trainer"
ALLOWED = {
    "engine": {"engine"},
    "i18n": {"i18n"},
    "advice": {"advice", "engine"},
    "content": {"content", "engine"},
    # drills still word their feedback (through trainer.drills.i18n) until they return messages
    "drills": {"drills", "advice", "engine", "i18n"},
    "cli": {"cli", "web", "drills", "advice", "content", "engine", "i18n"},
    # the club-night web server: an edge beside the CLI
    "web": {"web", "drills", "advice", "content", "engine", "i18n"},
}
THIRD_PARTY = {
    "engine": set(),
    "i18n": set(),
    "advice": set(),
    "content": {"yaml", "platformdirs"},
    "drills": {"platformdirs", "fsrs"},  # fsrs: the review scheduler (issue 12)
    "cli": {"typer", "rich", "questionary", "yaml", "platformdirs", "click", "prompt_toolkit"},
    "web": {"starlette", "uvicorn", "jinja2", "segno", "anyio"},
}
WEB_STACK = ("starlette", "uvicorn", "jinja2", "segno", "anyio", "trainer.web")


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.parent.name in ALLOWED)


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", _modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_imports_point_down_only(path: Path) -> None:
    layer = path.parent.name
    for name in _imports(path):
        top = name.split(".")[0]
        if top == "trainer":
            parts = name.split(".")
            if len(parts) == 1:
                pytest.fail(f"{path.name} imports the top-level trainer package; import a layer")
            assert parts[1] in ALLOWED[layer] or parts[1].startswith("_"), (
                f"{layer}/{path.name} imports {name}: {layer} may import only {ALLOWED[layer]}"
            )
        elif top not in sys.stdlib_module_names and top != "__future__":
            assert top in THIRD_PARTY[layer], (
                f"{layer}/{path.name} imports {top}: not allowed in the {layer} layer"
            )


def test_engine_never_imports_the_cli() -> None:
    for path in (PACKAGE / "engine").rglob("*.py"):
        assert not any(n.startswith("trainer.cli") for n in _imports(path)), path


def test_only_club_serve_imports_the_web_package() -> None:
    importers = sorted(
        p.name
        for p in (PACKAGE / "cli").rglob("*.py")
        if any(n.startswith("trainer.web") for n in _imports(p))
    )
    assert importers == ["serve.py"]
