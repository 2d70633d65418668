"""Every drill kind of the registry is one module carrying everything about it (the
`trainer.drills.kinds.DrillKind` protocol), and nothing outside it names a kind."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.drills.kinds import DrillKind, kind
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


# A kind's name compared with a question's or a drill's kind, outside the kind's own module.
_KIND_TEST = re.compile(
    r"""(\bkind|\bdrill|\bskill)\s*(==|!=|in|not in)\s*\(?\s*["'](count|muggins|peg|discard|penalty)["']"""
)


# Not drill kinds: a game's actions, decisions and prompts (discard, play, count, muggins), worded
# by the play screens.
_OTHER_KINDS = {"cli/play/play_view.py", "cli/play/play_tables.py"}
_LESSON_VIEW = "cli/reference/learn.py"


def test_no_code_outside_a_kind_s_module_asks_which_kind_a_question_is() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name.endswith("_drill.py"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = path.relative_to(ROOT).as_posix()
            game = where.startswith("play/") or where in _OTHER_KINDS
            # a lesson's worked example (hand, crib, discard: content's kinds), shown by crib learn
            lesson_example = where == _LESSON_VIEW and "example.kind" in line
            if _KIND_TEST.search(line) and not game and not lesson_example:
                found.append(f"{where}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
