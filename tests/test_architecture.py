"""Layer rules of the design (imports point down only), enforced by reading every module's imports.

The rules and the reader are in `tests/layers.py`: a module's layer is the first folder under
`trainer/` in its path; every import counts (top level, inside functions, under TYPE_CHECKING,
relative, `importlib.import_module` or `__import__` with a literal name or an f-string prefix, also
under another name); no import circle may exist, function-level imports included. The planted tests
copy the package to a temporary folder, add one forbidden import of each kind, and assert the check
fails, so the check is shown to catch what it claims.
The web stack is imported by nothing but the `club serve` command.
"""

from __future__ import annotations

import ast
import functools
import shutil
from pathlib import Path

import layers
import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "trainer"


def _rel(path: Path) -> str:
    return str(path.relative_to(PACKAGE))


@functools.cache
def _violations() -> tuple[str, ...]:
    return tuple(layers.violations(PACKAGE))


@pytest.mark.parametrize("path", layers.modules(PACKAGE), ids=_rel)
def test_imports_point_down_only(path: Path) -> None:
    found = [v for v in _violations() if v.startswith(f"trainer/{_rel(path)}:")]
    assert not found, "\n".join(found)


def test_every_module_is_in_a_known_layer() -> None:
    unknown = sorted(
        _rel(p) for p in layers.modules(PACKAGE) if layers.layer_of(PACKAGE, p) not in layers.ALLOWED
    )
    assert not unknown, f"modules outside every layer (add the folder to tests/layers.py): {unknown}"


def test_no_import_circles_function_level_included() -> None:
    assert layers.cycles(PACKAGE) == []


def test_engine_never_imports_the_cli() -> None:
    for path in (PACKAGE / "engine").rglob("*.py"):
        assert not any(i.target.startswith("trainer.cli") for i in layers.imports(PACKAGE, path)), path


def test_only_club_serve_imports_the_web_package() -> None:
    importers = sorted(
        p.name
        for p in (PACKAGE / "cli").rglob("*.py")
        if any(i.target.startswith(layers.WEB_STACK) for i in layers.imports(PACKAGE, p))
    )
    assert importers == ["serve.py"]


# ----------------------------------------------------------------------------- the check can fail
# Each case plants one forbidden import in a copy of the package; the check must name it.
PLANTED = [
    ("nested engine folder -> drills", "engine/irregularities/rows.py", "import trainer.drills.model\n"),
    (
        "nested engine folder -> content",
        "engine/irregularities/rows.py",
        "from trainer.content import paths\n",
    ),
    ("relative engine -> drills", "engine/cards.py", "from ..drills import model\n"),
    ("relative two levels up", "engine/irregularities/rows.py", "from ...drills.model import Question\n"),
    (
        "import_module advice -> cli",
        "advice/grading.py",
        "import importlib\n\n\ndef _late() -> None:\n    importlib.import_module('trainer.cli.app')\n",
    ),
    (
        "f-string import_module -> web",
        "drills/kinds.py",
        "import importlib\nimportlib.import_module(f'trainer.web.{1}')\n",
    ),
    (
        "function-level training -> store",
        "training/glicko.py",
        "def _f() -> None:\n    from trainer.store import store\n",
    ),
    (
        "type-checking drills -> play",
        "drills/model.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from trainer.play.session import Game\n",
    ),
    ("third-party in the engine", "engine/scoring.py", "import yaml\n"),
    ("__import__ content -> cli", "content/paths.py", "__import__('trainer.cli.render')\n"),
    (
        "import_module under another name engine -> advice",
        "engine/cards.py",
        "from importlib import import_module as load\nload('trainer.advice.discard')\n",
    ),
    ("import ... as engine -> play", "engine/cards.py", "import trainer.play.session as game\n"),
    ("relative package import engine -> drills", "engine/cards.py", "from .. import drills\n"),
]


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "trainer"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.po", "*.json"))
    return copy


@pytest.mark.parametrize(("case", "where", "code"), PLANTED, ids=[c[0] for c in PLANTED])
def test_a_planted_forbidden_import_is_caught(tmp_path: Path, case: str, where: str, code: str) -> None:
    copy = _copy(tmp_path)
    target = copy / where
    target.write_text(target.read_text(encoding="utf-8") + "\n" + code, encoding="utf-8")
    found = [v for v in layers.violations(copy) if v.startswith(f"trainer/{where}:")]
    assert found, f"{case}: the check missed a forbidden import in {where}"


def test_a_planted_function_level_circle_is_caught(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    # drills.themes is imported by drills.kinds; an import back inside a function closes a circle
    target = copy / "drills" / "themes.py"
    target.write_text(
        target.read_text(encoding="utf-8")
        + "\n\ndef _late() -> None:\n    from trainer.drills import kinds\n",
        encoding="utf-8",
    )
    assert ["trainer.drills.kinds", "trainer.drills.themes"] in layers.cycles(copy)


def test_the_untouched_copy_passes(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    assert layers.violations(copy) == []
    assert layers.cycles(copy) == []


# ----------------------------------------------------------------------------- words at the edge
# Issue 9, item 1: words are chosen only at the edge (trainer.cli, trainer.web and the words layer
# trainer.i18n). Below it no function takes a `lang` argument and no Russian text is written;
# tables of what a reader may *type* (card letters, answer words) are input, not words chosen.
# The drills return messages (trainer.drills.messages) that trainer.i18n.drill_words words.
# Lessons are files per language, read by content from the folder the CLI picks. A module that
# still had to word something would be listed here, and the list may only shrink: it is empty.
_BELOW_THE_EDGE = ("engine", "advice", "content", "drills", "training", "play", "store", "club")
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
    ids=_rel,
)
def test_no_lang_parameter_or_russian_text_below_the_edge(path: Path) -> None:
    name = _rel(path)
    functions, russian = _wording(path)
    if name in _STILL_WORDING:
        assert functions or russian, f"{name} no longer words anything: remove it from _STILL_WORDING"
        return
    assert not functions, f"{name}: {functions} take `lang`; return a message id and values instead"
    assert not russian, f"{name}: Russian text {russian[:3]} belongs in the catalogues"


# ----------------------------------------------------------------------------- the documents agree
# docs/ARCHITECTURE.md draws the rooms; these keep its tables equal to tests/layers.py and to the
# folders, so a new layer, a new allowance or a new CLI module cannot go undocumented.
ARCHITECTURE = PACKAGE.parent / "docs" / "ARCHITECTURE.md"
_LAYERS = sorted(set(layers.ALLOWED) - {layers.TOP_LEVEL})


def _rows(heading: str) -> dict[str, str]:
    """The first-column name (backticks off) -> the rest of the row, of the table under `heading`."""
    text = ARCHITECTURE.read_text(encoding="utf-8").split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 2:
            rows[cells[0].strip("`")] = " | ".join(cells[1:])
    return rows


def _named_layers(cell: str) -> set[str]:
    """The layers a row of "The rules, exactly" allows: names outside backticks, "everything"
    (but `x`), infra aside (every layer may import it)."""
    import re

    if cell.startswith("everything"):
        but = re.match(r"everything but `(\w+)`", cell)
        return set(_LAYERS) - {"infra"} - ({but.group(1)} if but else set())
    words = set(re.findall(r"\w+", re.sub(r"`[^`]*`", "", cell)))
    return words & set(_LAYERS) - {"infra"}


def test_the_documented_layer_rules_are_the_checked_ones() -> None:
    rows = _rows("The rules, exactly")
    assert sorted(rows) == _LAYERS
    for layer, cell in rows.items():
        allowed = layers.ALLOWED[layer] - {layer, "infra"}
        assert _named_layers(cell) - {layer} == allowed, f"{layer}: the row says {cell!r}"
        for module in layers.MODULE_EXCEPTIONS.get(layer, ()):
            assert f"`{module}`" in cell, f"{layer} may import {module}: the row must say so"


def test_the_documented_cli_rooms_are_the_folders() -> None:
    rows = _rows("The CLI's rooms")
    for folder, cell in rows.items():
        listed = {w.strip() for w in cell.split(" | ")[-1].split(",")}
        listed = {w.split(" ")[0] for w in listed}  # "serve (the one importer...)" -> serve
        here = PACKAGE / folder
        modules = {p.stem for p in here.glob("*.py") if p.stem != "__init__"}
        assert listed == modules, (
            f"{folder}: documented {sorted(listed - modules)}, missing {sorted(modules - listed)}"
        )
    folders = {f"cli/{p.name}/" for p in (PACKAGE / "cli").iterdir() if (p / "__init__.py").exists()}
    assert set(rows) == folders | {"cli/"}
