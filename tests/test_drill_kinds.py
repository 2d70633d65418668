"""Every drill kind of the registry is one module carrying everything about it (the
`trainer.drills.kinds.DrillKind` protocol), and nothing outside it names a kind."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from trainer.drills.kinds import DrillKind, all_kinds, kind
from trainer.drills.model import DRILLS, DrillError

ROOT = Path(__file__).resolve().parent.parent / "trainer"


def _members(protocol: type) -> set[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_")}
    return names


@pytest.mark.parametrize("name", DRILLS)
def test_each_kind_module_has_every_part_of_the_protocol(name: str) -> None:
    module = kind(name)
    missing = sorted(m for m in _members(DrillKind) if not hasattr(module, m))
    assert not missing, f"{name} lacks {missing}"


def test_an_unknown_kind_is_a_clear_error_not_a_fallback() -> None:
    with pytest.raises(DrillError) as caught:
        kind("nosuch")
    assert caught.value.key == "raised.drill.unknown"
    from trainer.training.patterns import prior_difficulty

    with pytest.raises(DrillError):
        prior_difficulty("nosuch/anything")


# What a kind owns: its name and the names of its forms (read from the kinds themselves, so a
# new kind or form is covered the moment it is registered).
KIND_NAMES = frozenset(DRILLS)
FORM_NAMES = frozenset(f for _, k in all_kinds() for f in k.FORMS)

# The modules that may name kinds and forms: the kinds' own modules, the registry, and the
# discard kind's board form (a part of that kind kept in a module of its own).
_KIND_MODULES = {"drills/registry.py", "drills/board_form.py"}

# Not drill kinds, though spelt the same (each entry says why). Paths are under trainer/.
_ALLOWED = {
    # a game's actions, decisions and prompts (discard, play, count, muggins) and its review's
    # skills: the table's own kinds, worded by the play screens
    "play/",
    "cli/play/play_view.py",
    "cli/play/play_tables.py",
    "cli/play/coach_words.py",
    # a lesson's worked examples (hand, crib, discard, play): content's kinds, shown by crib learn
    "content/lessons.py",
    "cli/reference/learn.py",
    # the user-typed names of the look-up commands `crib count`, `crib peg`, `crib discard`
    "cli/app.py",
    # where a score comes from (play, show, heels, penalty, muggins): the engine's sources
    "engine/muggins.py",
}


def _strings(node: ast.expr) -> set[str]:
    """The string constants `node` is, or holds (a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {v for e in node.elts for v in _strings(e)}
    return set()


_KIND_WORDS = re.compile(r"\b(kind|drill|skill|name)s?\b|\.kind\b")
_FORM_WORDS = re.compile(r"\bforms?\b|\.form\b")


def branches_on_a_kind(source: str) -> list[tuple[int, str]]:
    """Where `source` asks which kind (or which form of a kind) something is: a comparison of a
    kind's or a form's name with a kind or a form (`drill == "count"`, `question.form in
    ("itemised", "play")`, `forms[0] == "total"`), a dict keyed by two or more kind names, or a
    `case "peg":`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = set().union(*(_strings(s) for s in sides))
            text = " ".join(ast.unparse(s) for s in sides if not _strings(s))
            if (named & KIND_NAMES and _KIND_WORDS.search(text)) or (
                named & FORM_NAMES and _FORM_WORDS.search(text)
            ):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Dict):
            keys = set().union(*(_strings(k) for k in node.keys if k is not None))
            if len(keys & KIND_NAMES) >= 2:
                found.append((node.lineno, ast.unparse(node)[:80]))
        elif isinstance(node, ast.match_case) and _strings_of_pattern(node.pattern) & KIND_NAMES:
            found.append((node.pattern.lineno, ast.unparse(node.pattern)))
    return found


def _strings_of_pattern(pattern: ast.pattern) -> set[str]:
    if isinstance(pattern, ast.MatchValue):
        return _strings(pattern.value)
    if isinstance(pattern, ast.MatchOr):
        return {v for p in pattern.patterns for v in _strings_of_pattern(p)}
    return set()


def test_no_code_outside_a_kind_s_module_asks_which_kind_a_question_is() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if path.name.endswith("_drill.py") or where in _KIND_MODULES:
            continue
        if any(where == a or (a.endswith("/") and where.startswith(a)) for a in _ALLOWED):
            continue
        for number, text in branches_on_a_kind(path.read_text(encoding="utf-8")):
            found.append(f"{where}:{number}: {text}")
    assert not found, "a branch on a kind's name outside the kinds:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "line",
    [
        'if drill == "count":\n    pass',
        'ok = question.kind in ("peg", "discard")',
        'ok = "penalty" != q.kind',
        'ok = question.form == "itemised"',
        'ok = forms[0] == "total"',
        'SLOW = {"count": 30, "peg": 20}',
        'match drill:\n    case "muggins" | "peg":\n        pass',
    ],
)
def test_the_check_catches_a_planted_branch_on_a_kind(line: str) -> None:
    assert branches_on_a_kind(line), line


@pytest.mark.parametrize(
    "line",
    [
        'data = {"count": peg.count, "total": 3}',  # a pegging count, not the count kind
        'ok = item.kind == "run"',  # a scoring item
        'title = t(f"drill.name.{question.kind}", lang)',  # a key made from any kind
    ],
)
def test_the_check_lets_other_words_pass(line: str) -> None:
    assert not branches_on_a_kind(line), line
