"""Layer rules of the design (imports point down only), enforced by reading every module's imports.

cli -> web (only `club serve`), drills, advice, content, engine, i18n; web -> drills, advice,
content, engine, i18n; i18n (the words) -> drills, advice, engine; drills -> advice, engine;
advice -> engine; content -> engine (and the drills' registry of kinds); engine -> standard
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
    # the words layer, above the models: it words their structured messages (rulings, reasons,
    # cadence, the drills' questions and feedback)
    "i18n": {"i18n", "engine", "advice", "drills"},
    "advice": {"advice", "engine"},
    "content": {"content", "engine"},
    # the drills return messages (trainer.drills.messages); the words layer words them
    "drills": {"drills", "advice", "engine"},
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
# Single modules a layer may import beyond its layers, each for a reason:
MODULE_EXCEPTIONS = {
    # the one list of drill kinds (stdlib only), so a lesson naming an unknown drill fails with
    # its file and line when the lesson is read
    "content": {"trainer.drills.registry"},
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
            if name in MODULE_EXCEPTIONS.get(layer, set()):
                continue
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


# ----------------------------------------------------------------------------- words at the edge
# Issue 9, item 1: words are chosen only at the edge (trainer.cli, trainer.web and the words layer
# trainer.i18n). Below it no function takes a `lang` argument and no Russian text is written;
# tables of what a reader may *type* (card letters, answer words) are input, not words chosen.
# The drills return messages (trainer.drills.messages) that trainer.i18n.drill_words words.
# Lessons are files per language, read by content from the folder the CLI picks. A module that
# still had to word something would be listed here, and the list may only shrink: it is empty.
_BELOW_THE_EDGE = ("engine", "advice", "content", "drills")
_STILL_WORDING: set[str] = set()
_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def _input_table(name: str) -> bool:
    return name.isupper() and name.lstrip("_").endswith(("ALIASES", "WORDS", "NAMES", "LOOKALIKE"))


def _wording(path: Path) -> tuple[list[str], list[str]]:
    """(functions taking `lang`, Russian literals) of a module, docstrings and input tables aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_input_table(getattr(t, "id", "")) for t in targets):
                skipped.update(id(sub) for sub in ast.walk(node))
    functions = [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(a.arg == "lang" for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs))
    ]
    russian = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and any(ch in _CYRILLIC for ch in node.value.lower())
    ]
    return functions, russian


@pytest.mark.parametrize(
    "path",
    sorted(p for layer in _BELOW_THE_EDGE for p in (PACKAGE / layer).rglob("*.py")),
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_no_lang_parameter_or_russian_text_below_the_edge(path: Path) -> None:
    name = f"{path.parent.name}/{path.name}"
    functions, russian = _wording(path)
    if name in _STILL_WORDING:
        assert functions or russian, f"{name} no longer words anything: remove it from _STILL_WORDING"
        return
    assert not functions, f"{name}: {functions} take `lang`; return a message id and values instead"
    assert not russian, f"{name}: Russian text {russian[:3]} belongs in the catalogues"
