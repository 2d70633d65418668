"""Seeded question streams for one drill or a mix of drills (timed quizzes).

Question i of a stream is generated from its own `random.Random(f"{seed}:{i}")` (string seeds
are hashed with SHA-512, the same on every machine), so a seed reproduces the same questions
anywhere, and a question does not depend on how much randomness its predecessors used.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from trainer.drills.kinds import form_for, generate_confirmed, kind
from trainer.drills.model import DRILLS, DrillError, Question
from trainer.drills.themes import level
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset

_MAX_REPEATS = 50


class DrillSpec(Record):
    """What to ask: which drills, under which ruleset, at which level, on which theme."""

    drills: tuple[str, ...]
    ruleset: Ruleset
    level: str = "intermediate"
    theme: str = ""
    form: str = ""
    seed: int = 0

    def __post_init__(self) -> None:
        if not self.drills:
            raise DrillError("choose at least one drill", key="raised.drill.none")
        unknown = [d for d in self.drills if d not in DRILLS]
        if unknown:
            raise DrillError(
                f"unknown drill {unknown[0]!r}: choose from {', '.join(DRILLS)}",
                key="raised.drill.unknown",
                name=repr(unknown[0]),
                names=", ".join(DRILLS),
            )


def new_seed() -> int:
    """A fresh seed for a session started without --seed (reported so it can be replayed)."""
    import secrets

    return secrets.randbelow(1_000_000)


def parse_drills(text: str | Sequence[str]) -> tuple[str, ...]:
    """`count,peg,penalty` -> ("count", "peg", "penalty"), checked and without repeats."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out: list[str] = []
    for word in words:
        name = word.strip().lower()
        if name not in DRILLS:
            raise DrillError(
                f"unknown drill {word!r} in --drills: choose from {', '.join(DRILLS)}",
                key="error.drill.unknown_in",
                drill=word,
                names=", ".join(DRILLS),
            )
        if name not in out:
            out.append(name)
    if not out:
        raise DrillError(
            "--drills is empty: name at least one of " + ", ".join(DRILLS),
            key="error.drill.empty",
            names=", ".join(DRILLS),
        )
    return tuple(out)


def validate(spec: DrillSpec) -> None:
    """Fail early (before any question is shown) on a theme or level the drills cannot do."""
    from trainer.drills.themes import check_theme

    lvl = level(spec.level)
    for name in spec.drills:
        drill = kind(name)
        if spec.theme and len(spec.drills) == 1:
            check_theme(
                spec.theme, known=drill.themes(spec.ruleset), lvl=lvl, drill=name, items=drill.LEVEL_ITEMS
            )
        if spec.form and len(spec.drills) == 1 and spec.form not in drill.FORMS:
            raise DrillError(
                f"the {name} drill has no form {spec.form!r}: choose {', '.join(drill.FORMS)}",
                key="raised.drill.form",
                drill=name,
                form=repr(spec.form),
                names=", ".join(drill.FORMS),
            )
        check_form = getattr(drill, "check_form", None)  # optional: a form some rulesets cannot ask
        if spec.form and len(spec.drills) == 1 and check_form is not None:
            check_form(spec.form, spec.ruleset)


def question_at(spec: DrillSpec, index: int) -> Question:
    """Question `index` of the stream for `spec` (deterministic for a given seed)."""
    from trainer.drills.themes import check_theme

    rng = random.Random(f"{spec.seed}:{index}")
    name = spec.drills[0] if len(spec.drills) == 1 else rng.choice(spec.drills)
    drill = kind(name)
    lvl = level(spec.level)
    theme = ""
    if spec.theme and len(spec.drills) == 1:
        theme = check_theme(spec.theme, known=drill.themes(spec.ruleset), lvl=lvl, drill=name)
    form = form_for(drill, spec.form, rng)
    return generate_confirmed(drill, rng, ruleset=spec.ruleset, lvl=lvl, theme=theme, form=form)


def stream(spec: DrillSpec, *, start: int = 0) -> Iterator[Question]:
    """Endless questions for `spec`, skipping any already asked in this stream."""
    seen: set[str] = set()
    index = start
    while True:
        for _ in range(_MAX_REPEATS):
            question = question_at(spec, index)
            index += 1
            if question.id not in seen:
                break
        seen.add(question.id)
        yield question
