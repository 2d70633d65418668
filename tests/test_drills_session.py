"""The session loop through the Prompter seam with a scripted fake: re-asking in a terminal,
the muggins follow-up question, and stopping on Ctrl-C without losing an answer."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from trainer.cli.drill.drill_runner import RunConfig, Runner
from trainer.cli.prompts import PromptChoice, ScriptedPrompter
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.model import Question
from trainer.drills.session import Limits, Session
from trainer.engine.ruleset import Ruleset
from trainer.store.store import Store


def _runner(
    ruleset: Ruleset, questions: list[Question], prompter: ScriptedPrompter, store: Store, lang: str = "en"
) -> tuple[Runner, Console]:
    out = Console(record=True, width=100, no_color=True)
    session = Session(
        questions=iter(questions), ruleset_for=lambda q: ruleset, limits=Limits(questions=len(questions))
    )
    config = RunConfig(
        drill=questions[0].kind, mode="drill", ruleset=ruleset.name, seed=1, total=len(questions)
    )
    runner = Runner(
        session=session,
        config=config,
        rulesets=lambda q: ruleset,
        prompter=prompter,
        store=store,
        out=out,
        lang=lang,
    )
    return runner, out


def _expected(q: Question, ruleset: Ruleset) -> str:
    return grade(q, "", ruleset=ruleset).expected_text


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store.open(tmp_path / "p.sqlite3") as s:
        yield s


def test_a_terminal_re_asks_unreadable_answers_with_a_hint(classic: Ruleset, store: Store) -> None:
    q = next(stream(DrillSpec(drills=("count",), ruleset=classic, seed=1)))
    prompter = ScriptedPrompter(["eleventy", _expected(q, classic)])
    runner, out = _runner(classic, [q], prompter, store)
    report = runner.run()
    assert report["correct"] == 1 and report["questions"][0]["answer"] == _expected(q, classic)
    assert ("hint", "'eleventy' is not a number of points; type digits such as 12") in prompter.log
    assert "Correct!" in out.export_text()


def test_muggins_asks_how_many_points_after_the_call(classic: Ruleset, store: Store) -> None:
    spec = DrillSpec(drills=("muggins",), ruleset=classic, seed=2)
    q = next(
        q for q in islice(stream(spec), 30) if grade(q, "", ruleset=classic).expected["call"] == "muggins"
    )
    points = grade(q, "", ruleset=classic).expected["points"]
    prompter = ScriptedPrompter(["2", str(points)])  # menu entry 2 is "Muggins!"
    runner, _ = _runner(classic, [q], prompter, store)
    report = runner.run()
    assert report["questions"][0]["answer"] == f"muggins {points}"
    assert report["correct"] == 1
    assert [style for style, _ in prompter.log] == ["select", "text"]


def test_peg_play_is_a_menu_of_the_hand(classic: Ruleset, store: Store) -> None:
    q = next(stream(DrillSpec(drills=("peg",), ruleset=classic, seed=3, form="play")))
    best = grade(q, "", ruleset=classic).detail["best"][0]
    prompter = ScriptedPrompter([best])
    runner, _ = _runner(classic, [q], prompter, store)
    assert runner.run()["correct"] == 1
    assert prompter.log[0][0] == "select"


@pytest.mark.parametrize("stop", [KeyboardInterrupt, None], ids=["ctrl-c", "aborted-prompt"])
def test_stopping_keeps_every_answer_given(classic: Ruleset, store: Store, stop: object) -> None:
    qs = list(islice(stream(DrillSpec(drills=("count",), ruleset=classic, seed=4)), 5))
    prompter = ScriptedPrompter([_expected(qs[0], classic), "0", stop])
    runner, out = _runner(classic, qs, prompter, store)
    report = runner.run()
    assert report["asked"] == 2 and report["ended_by"] == "interrupted"
    assert store.count_answers() == 2
    text = out.export_text()
    assert "Stopped. Every answer you gave is saved." in text and "Summary" in text


def test_the_clock_is_live_and_the_prompt_expires(classic: Ruleset, store: Store) -> None:
    seen: list[dict[str, object]] = []

    class Recording(ScriptedPrompter):
        def text(self, message: str, **kw: object) -> str | None:
            live = kw["live"]
            seen.append({**kw, "shown": live() if callable(live) else None})
            now[0] += 12
            seen.append({"after_12s": live() if callable(live) else None})
            return super().text(message, **kw)  # type: ignore[arg-type]

    q = next(stream(DrillSpec(drills=("count",), ruleset=classic, seed=5)))
    now = [100.0]
    session = Session(
        questions=iter([q]),
        ruleset_for=lambda _: classic,
        limits=Limits(questions=1, per_question_seconds=30),
        clock=lambda: now[0],
    )
    config = RunConfig(drill="quiz", mode="quiz", ruleset="classic", seed=5, total=1, timed=True)
    out = Console(record=True, width=100, no_color=True)
    Runner(
        session=session,
        config=config,
        rulesets=lambda _: classic,
        prompter=Recording(["1"]),
        store=store,
        out=out,
        lang="en",
    ).run()
    assert seen[0]["expires_in"] == 30
    assert seen[0]["shown"] == "⏱ 30s left"
    assert seen[1]["after_12s"] == "⏱ 18s left"
    assert "⏱ 30s left" in out.export_text()


def test_prefetching_changes_nothing_but_the_wait(classic: Ruleset) -> None:
    """The next question is made, and the current one solved, in the background: same questions,
    same grades, same order as without."""
    spec = DrillSpec(drills=("count", "peg", "discard", "penalty", "muggins"), ruleset=classic, seed=6)
    results = []
    for prefetch in (False, True):
        session = Session(
            questions=stream(spec),
            ruleset_for=lambda _: classic,
            limits=Limits(questions=8),
            prefetch=prefetch,
        )
        answers = []
        while session.next_question() is not None:
            answers.append(session.answer("1").to_dict() | {"seconds": 0})
        results.append(answers)
        assert session.ended_by == "done"
    assert results[0] == results[1]


class _MenuSpy(ScriptedPrompter):
    """Scripted answers; every menu shown is kept: (its instruction, its entries)."""

    def __init__(self, answers: list[object]) -> None:
        super().__init__(answers)
        self.menus: list[tuple[str, list[PromptChoice]]] = []

    def select(self, message: str, choices: Sequence[PromptChoice], **kw: Any) -> str | None:
        self.menus.append((str(kw.get("instruction", "")), list(choices)))
        return super().select(message, choices, **kw)


def test_the_hint_entry_of_a_menu_is_keyed_by_the_question_mark_not_by_a_number(
    classic: Ruleset, store: Store
) -> None:
    """After «а) б) в)» the hint reads «?) подсказка», not «1) ? подсказка»."""
    q = next(stream(DrillSpec(drills=("penalty",), ruleset=classic, seed=1)))
    prompter = _MenuSpy(["а"])
    runner, _ = _runner(classic, [q], prompter, store, lang="ru")
    runner.run()
    (hint,) = [c for c in prompter.menus[0][1] if c.value == "?"]
    assert (hint.key, hint.title) == ("?", "подсказка")


def test_a_menu_instruction_names_letters_for_lettered_answers_and_digits_otherwise(
    classic: Ruleset, store: Store
) -> None:
    penalty = next(stream(DrillSpec(drills=("penalty",), ruleset=classic, seed=1)))
    muggins = next(stream(DrillSpec(drills=("muggins",), ruleset=classic, seed=1)))
    for q, answer, words in ((penalty, "а", "буква"), (muggins, "1", "цифра")):
        prompter = _MenuSpy([answer, "0"])
        runner, _ = _runner(classic, [q], prompter, store, lang="ru")
        runner.run()
        assert prompter.menus[0][0] == f"(стрелки или {words} слева, затем Enter)"
