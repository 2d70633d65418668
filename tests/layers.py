"""The layer rules of the design and the reader that checks them, usable on any copy of the package.

A module's layer is the first folder under `trainer/` in its path (so `engine/irregularities/rows.py`
is in the engine), never its parent folder's name. Every import counts wherever it is written: at the
top, inside a function, under `TYPE_CHECKING`, relative (`from ..drills import x`, resolved against
the module's own package), and by name through `importlib.import_module("trainer.x")` or
`__import__` (under any name `import_module` is imported as), including an f-string whose fixed
prefix names the module. The same reader builds the
module graph in which no import circle may exist, function-level imports included.

`tests/test_architecture.py` runs it on the real package and on temporary copies with a forbidden
import planted, so the check is shown to fail when a layer is broken.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# Imports point down only. Read a row as "this layer may import these".
ALLOWED: dict[str, set[str]] = {
    "engine": {"engine"},
    "advice": {"advice", "engine"},
    "content": {"content", "engine"},
    "drills": {"drills", "advice", "engine"},
    "training": {"training", "drills", "advice", "engine"},
    "play": {"play", "drills", "advice", "engine"},
    "store": {"store", "training", "play", "drills", "advice", "engine"},
    "club": {"club", "drills", "advice", "engine"},
    # the words layer: it words the structured messages of every model layer below it
    "i18n": {"i18n", "club", "store", "play", "training", "drills", "advice", "engine"},
    "cli": {
        "cli",
        "web",
        "i18n",
        "club",
        "store",
        "play",
        "training",
        "drills",
        "advice",
        "content",
        "engine",
    },
    # the club-night web server: an edge beside the CLI
    "web": {"web", "i18n", "club", "store", "play", "training", "drills", "advice", "content", "engine"},
}
# infra: standard-library plumbing (the --jobs process pool, the lazy .mo reader) that any layer
# may use and that imports no layer itself.
ALLOWED["infra"] = {"infra"}
for _layer, _allowed in ALLOWED.items():
    _allowed.add("infra")
# Modules directly under trainer/ (the public API, the version) may reach any layer lazily.
TOP_LEVEL = "_top"
ALLOWED[TOP_LEVEL] = {*ALLOWED, TOP_LEVEL}
THIRD_PARTY: dict[str, set[str]] = {
    "engine": set(),
    "infra": set(),
    "advice": set(),
    "i18n": set(),
    "content": {"yaml", "platformdirs"},
    "drills": set(),
    "training": {"fsrs"},  # the review scheduler
    "play": set(),
    "store": {"platformdirs"},
    "club": set(),
    "cli": {"typer", "rich", "questionary", "yaml", "platformdirs", "click", "prompt_toolkit"},
    "web": {"starlette", "uvicorn", "jinja2", "segno", "anyio", "sse_starlette", "confusable_homoglyphs"},
    TOP_LEVEL: set(),
}
# Single modules a layer may import beyond its layers, each for a reason:
MODULE_EXCEPTIONS: dict[str, set[str]] = {
    # the one list of drill kinds and the shapes of their data (stdlib only), so a lesson naming
    # an unknown drill fails with its file and line when the lesson is read, and a quiz file's
    # questions are checked against each kind's own shape
    "content": {"trainer.drills.registry", "trainer.drills.shapes"},
    # the base of every user-facing error (stdlib only), so a dead worker is a one-line error too
    "infra": {"trainer.engine.errors"},
}
WEB_STACK = ("starlette", "uvicorn", "jinja2", "segno", "anyio", "sse_starlette", "trainer.web")
# Constants every layer may read (stdlib only, no imports of their own).
SHARED = {"trainer._version"}
# Packages of data, not code, shipped inside trainer/ (no imports to check).
DATA_FOLDERS = {"data", "_generated", "_rulesets", "_lessons", "_deals"}


@dataclass(frozen=True)
class Import:
    """One import of one module: where it is written and what it names (absolute)."""

    module: str  # the importing module, dotted
    line: int
    target: str  # the imported module, dotted and absolute
    how: str  # "import", "from", "relative", "import_module"


def module_name(package: Path, path: Path) -> str:
    rel = path.relative_to(package.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(package: Path, path: Path) -> str:
    rel = path.relative_to(package)
    return rel.parts[0] if len(rel.parts) > 1 else TOP_LEVEL


def layer_of_module(dotted: str) -> str | None:
    parts = dotted.split(".")
    if parts[0] != "trainer":
        return None
    if len(parts) == 1:
        return TOP_LEVEL
    return parts[1] if parts[1] in ALLOWED else TOP_LEVEL


def modules(package: Path) -> list[Path]:
    return sorted(
        p
        for p in package.rglob("*.py")
        if "__pycache__" not in p.parts and p.relative_to(package).parts[0] not in DATA_FOLDERS
    )


def _literal_prefix(node: ast.expr) -> str | None:
    """The module a string names: a constant, or an f-string's fixed start up to its last dot."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            head = first.value
            return head.rsplit(".", 1)[0] if "." in head else head
    return None


def _is_import_call(func: ast.expr, aliases: set[str]) -> bool:
    if isinstance(func, ast.Name):
        return func.id in {"import_module", "__import__"} | aliases
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def _import_module_aliases(tree: ast.AST) -> set[str]:
    """Other names `import_module` is bound to (`from importlib import import_module as load`)."""
    return {
        alias.asname
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "importlib"
        for alias in node.names
        if alias.name == "import_module" and alias.asname
    }


def imports(package: Path, path: Path) -> Iterator[Import]:
    me = module_name(package, path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases = _import_module_aliases(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(me, node.lineno, alias.name, "import")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = me.split(".") if is_package else me.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                stem = ".".join(base)
                target = f"{stem}.{node.module}" if node.module else stem
                how = "relative"
            else:
                target, how = node.module or "", "from"
            yield Import(me, node.lineno, target, how)
            # `from trainer.drills import lines` imports the module trainer.drills.lines
            for alias in node.names:
                yield Import(me, node.lineno, f"{target}.{alias.name}", how)
        elif isinstance(node, ast.Call) and _is_import_call(node.func, aliases) and node.args:
            named = _literal_prefix(node.args[0])
            if named:
                yield Import(me, node.lineno, named, "import_module")


def violations(package: Path) -> list[str]:
    """Every import that breaks a layer rule, as 'file:line: what is wrong'."""
    known = {module_name(package, p) for p in modules(package)}
    found: list[str] = []
    for path in modules(package):
        layer = layer_of(package, path)
        where = f"{path.relative_to(package.parent)}"
        for imp in imports(package, path):
            top = imp.target.split(".")[0]
            if top == "trainer":
                if imp.target not in known and imp.target.rsplit(".", 1)[0] in known:
                    continue  # `from trainer.x import name`: the name is not a module (module counted)
                if imp.target == "trainer" and layer != TOP_LEVEL:
                    found.append(f"{where}:{imp.line}: imports the top-level trainer package; import a layer")
                    continue
                target_layer = layer_of_module(imp.target)
                exempt = MODULE_EXCEPTIONS.get(layer, set()) | SHARED
                generated = imp.target.startswith("trainer._generated")  # data, any layer reads it
                if target_layer is None or imp.target in exempt or generated:
                    continue
                if target_layer not in ALLOWED[layer]:
                    found.append(
                        f"{where}:{imp.line}: {layer} imports {imp.target} ({imp.how}); "
                        f"{layer} may import only {sorted(ALLOWED[layer])}"
                    )
            elif top and top not in sys.stdlib_module_names | {"__future__"} | THIRD_PARTY[layer]:
                found.append(f"{where}:{imp.line}: {layer} imports {top}: not allowed in the {layer} layer")
    return found


def graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package modules it imports (anywhere in its body)."""
    known = {module_name(package, p) for p in modules(package)}
    edges: dict[str, set[str]] = {}
    for path in modules(package):
        me = module_name(package, path)
        out = edges.setdefault(me, set())
        for imp in imports(package, path):
            target = imp.target
            while target and target not in known:
                target = target.rpartition(".")[0]
            # importing a submodule runs its package's __init__, but a package's __init__ importing its
            # own submodules is not a circle worth naming: count module -> module edges only
            if target and target != me and not me.startswith(target + "."):
                out.add(target)
    return edges


def cycles(package: Path) -> list[list[str]]:
    """The import circles (strongly connected groups of more than one module), by Tarjan's method."""
    edges = graph(package)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found
