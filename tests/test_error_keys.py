"""Every error a user can meet carries a message id, so `crib --lang ru` never prints an English
`crib: error:` line: each `CribError` subclass built in `trainer/` is given `key=` (a room's
`Refused` is keyed by its `reason=`), and every id it names — the key, `Msg`/`Problem` ids and
"@key" values — is in both catalogues."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.i18n import LANGS, has

ROOT = Path(__file__).resolve().parents[1]
TRAINER = ROOT / "trainer"

# Built without a message id on purpose, each with the reason a user never sees its English.
ALLOWED: dict[tuple[str, str], str] = {
    # `illegal(problem)` for a `verify_*` answer that is a plain `str`, not a `Problem`: every
    # engine check returns a `Problem` now; the plain-text fallback keeps old callers working.
    ("trainer/engine/errors.py", "illegal"): "a plain-text problem has no id to carry",
}
# Error classes keyed by another argument: `Refused(message, reason=r)` is `club_web.refused.r`.
KEYED_BY = {"Refused": ("reason", "club_web.refused.")}


def _trees() -> dict[str, ast.Module]:
    return {
        p.relative_to(ROOT).as_posix(): ast.parse(p.read_text(encoding="utf-8"))
        for p in TRAINER.rglob("*.py")
    }


def error_classes(trees: dict[str, ast.Module]) -> set[str]:
    """`CribError` and every class that derives from it (by name, through any module)."""
    names = {"CribError"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names:
                    bases = {getattr(b, "id", None) or getattr(b, "attr", None) for b in node.bases}
                    if bases & names:
                        names.add(node.name)
                        grew = True
    return names


def _name(func: ast.expr) -> str | None:
    return getattr(func, "id", None) or getattr(func, "attr", None)


def _is_msg(func: ast.expr) -> bool:
    """`Msg(...)` or `Msg.of(...)` (a `Phrase.of` is worded by trainer.i18n, not the catalogue)."""
    if isinstance(func, ast.Attribute):
        return func.attr == "of" and getattr(func.value, "id", None) == "Msg"
    return getattr(func, "id", None) == "Msg"


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    """(enclosing function name, node) for every node of the module."""

    def visit(node: ast.AST, where: str) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else where
            yield inner, child
            yield from visit(child, inner)

    yield from visit(tree, "")


def unkeyed(trees: dict[str, ast.Module]) -> tuple[list[str], int]:
    """Error constructions without a message id (`file:line Class in function`), and how many
    constructions were checked in all."""
    classes = error_classes(trees)
    missing: list[str] = []
    checked = 0
    for path, tree in trees.items():
        for function, node in _functions(tree):
            if not isinstance(node, ast.Call) or _name(node.func) not in classes:
                continue
            checked += 1
            name = _name(node.func)
            needed = KEYED_BY.get(name or "", ("key", ""))[0]
            keywords = {k.arg for k in node.keywords}
            if needed in keywords or None in keywords or (path, function) in ALLOWED:
                continue  # `**values` passes a key through (the `illegal` helper, a re-keying)
            missing.append(f"{path}:{node.lineno} {name} in {function or 'the module'}")
    return missing, checked


def named_ids(trees: dict[str, ast.Module]) -> set[tuple[str, str]]:
    """(file, id) for each literal message id an error names: `key=`, `Refused(reason=)`,
    `Msg(...)`/`Msg.of(...)`, `Problem(english, id)`, `AnswerError(id)` and "@id" values."""
    classes = error_classes(trees)
    found: set[tuple[str, str]] = set()
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            literal = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name in classes:
                arg, prefix = KEYED_BY.get(name or "", ("key", ""))
                for k in node.keywords:
                    value = k.value
                    if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
                        continue
                    if k.arg == arg:
                        found.add((path, prefix + value.value))
                    elif value.value.startswith("@"):
                        found.add((path, value.value[1:]))
            elif _is_msg(node.func) and literal and "." in literal[0]:
                found.add((path, literal[0]))
            elif name == "Problem" and len(literal) >= 2:
                found.add((path, literal[1]))
            elif name == "AnswerError" and literal:  # an answer that cannot be read: its hint's id
                found.add((path, literal[0]))
    return found


TREES = _trees()


def test_every_error_a_user_can_meet_has_a_message_id() -> None:
    missing, checked = unkeyed(TREES)
    assert checked > 200  # the walk really finds them (253 when this test was written)
    assert not missing, "give these a key= (or list them in ALLOWED with a reason):\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", LANGS)
def test_every_id_an_error_names_is_in_the_catalogue(lang: str) -> None:
    ids = named_ids(TREES)
    assert len(ids) > 200  # 280 when this test was written
    absent = sorted(f"{path}: {key}" for path, key in ids if not has(key, lang))
    assert not absent, absent


def test_the_check_catches_a_raise_without_a_key_and_an_unknown_id() -> None:
    code = (
        "class CribError(Exception): ...\n"
        "class DeckError(CribError): ...\n"
        "def f():\n"
        "    raise DeckError('no cards left')\n"
        "def g():\n"
        "    raise DeckError('no cards left', key='error.nosuch.deck', kind='@error.nosuch.kind')\n"
    )
    trees = {"trainer/x.py": ast.parse(code)}
    missing, checked = unkeyed(trees)
    assert checked == 2
    assert missing == ["trainer/x.py:4 DeckError in f"]
    assert named_ids(trees) == {("trainer/x.py", "error.nosuch.deck"), ("trainer/x.py", "error.nosuch.kind")}
    assert not has("error.nosuch.deck")


def test_ids_chosen_at_run_time_are_in_both_catalogues() -> None:
    """Ids built from a value (an errno's name, a step of the game) are listed here in full."""
    from trainer.engine.errors import _SQLITE_REASONS, OS_REASONS

    ids = {f"raised.os.errno.{name}" for name in OS_REASONS}
    ids |= {key for _, key in _SQLITE_REASONS} | {"raised.cause.db_other", "raised.os.errno"}
    ids |= {f"raised.game.what.{what}" for what in ("draw", "deal", "cut")}
    from trainer.content.yamlfile import _YAML_PROBLEMS

    ids |= {key for _, key in _YAML_PROBLEMS} | {"raised.yaml.other"}
    for lang in LANGS:
        assert [k for k in sorted(ids) if not has(k, lang)] == []
