"""Graduated hints at the table (issue 18, item 8): each `?` says more — the idea, then the
candidates, then the answer, and the first candidate is the answer; forced moves (one legal
card, or go) are played for the player unless `ask_forced`."""

from __future__ import annotations

from typing import Any

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.play.session import GameSession, Note, Prompt, new_record


class Asker:
    """Asks three hints before its first few discards and plays, then plays its first legal card."""

    def __init__(self) -> None:
        self.hints: list[dict[str, Any]] = []
        self.forced: list[dict[str, Any]] = []
        self.prompts: list[Prompt] = []
        self.pending = 0
        self.asked_for = 0
        self.hinting = False

    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        self.prompts.append(prompt)
        if prompt.ask in ("discard", "play") and self.asked_for < 6 and not self.hinting:
            self.pending = 3
            self.asked_for += 1
        if self.pending:
            self.pending -= 1
            self.hinting = True
            return "?"
        self.hinting = False
        if prompt.ask == "discard":
            return " ".join(str(c) for c in prompt.hand[: prompt.extra["discard"]])
        if prompt.ask == "play":
            return str(prompt.legal[0]) if prompt.legal else "go"
        if prompt.ask in ("count", "crib_count"):
            return "0"
        return "n"

    def tell(self, note: Note, session: GameSession) -> None:
        if note.kind == "hint":
            self.hints.append(note.data)
        elif note.kind == "forced":
            self.forced.append(note.data)


def _run(ask_forced: bool) -> Asker:
    rules = load_ruleset("classic")
    session = GameSession(
        rules, new_record(rules, level="club", coach="quiet", seed=7), ask_forced=ask_forced
    )
    asker = Asker()
    assert session.run(asker)
    return asker


@pytest.fixture(scope="module")
def played() -> Asker:
    return _run(False)


def test_each_question_mark_says_more_and_the_first_candidate_is_the_answer(played: Asker) -> None:
    hints = played.hints
    assert len(hints) >= 18
    kinds = set()
    for i in range(0, 18, 3):
        idea, candidates, answer = hints[i : i + 3]
        assert [idea["step"], candidates["step"], answer["step"]] == ["idea", "candidates", "answer"]
        kinds.add(answer["kind"])
        first = candidates["candidates"][0]
        if answer["kind"] == "discard":
            assert sorted(first["discard"]) == sorted(answer["best"])
        else:
            assert first["card"][:-1] == answer["best"][:-1]  # the same rank
    assert kinds == {"discard", "play"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_hint_step_is_worded_from_the_catalogue(played: Asker, lang: str) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view

    old = SETTINGS.lang
    SETTINGS.lang = lang
    try:
        for hint in played.hints:
            text = play_view.hint_text(hint).plain
            assert "coach." not in text and "{" not in text and len(text) > 20, text
    finally:
        SETTINGS.lang = old


def test_forced_moves_are_played_for_the_player(played: Asker) -> None:
    asked = [p for p in played.prompts if p.ask == "play"]
    assert asked and all(len(p.legal) > 1 for p in asked)
    assert played.forced and any(f["card"] is None for f in played.forced)  # a go said for him
    assert any(f["card"] is not None for f in played.forced)


def test_ask_forced_asks_them_too() -> None:
    asker = _run(True)
    assert not asker.forced
    assert any(p.ask == "play" and len(p.legal) <= 1 for p in asker.prompts)


class CountAsker(Asker):
    """Asks three hints at every count, then answers the total the last hint gave."""

    def __init__(self) -> None:
        super().__init__()
        self.asked_for = 99  # no hints for discards and plays
        self.coach: list[dict[str, Any]] = []

    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        if prompt.ask in ("count", "crib_count"):
            self.prompts.append(prompt)
            if not self.hinting:
                self.pending, self.hinting = 3, True
            if self.pending:
                self.pending -= 1
                return "?"
            self.hinting = False
            return str(self.hints[-1]["total"])
        return super().ask(prompt, session)

    def tell(self, note: Note, session: GameSession) -> None:
        super().tell(note, session)
        if note.kind == "coach":
            self.coach.append(note.data)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_count_gets_graduated_hints_whose_total_is_the_right_count(lang: str) -> None:
    # «?» when counting said ««?» — не число очков»: now where to look, the items, the total
    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view

    rules = load_ruleset("classic")
    session = GameSession(rules, new_record(rules, level="club", coach="live", seed=7))
    asker = CountAsker()
    assert session.run(asker)
    counts = [h for h in asker.hints if h["kind"] == "count"]
    assert len(counts) >= 6 and [h["step"] for h in counts[:3]] == ["idea", "candidates", "answer"]
    assert counts[1]["items"] == [] or {"kind", "cards", "points"} <= set(counts[1]["items"][0])
    graded = [c for c in asker.coach if c["kind"] == "count"]
    assert graded and all(c["band"] == "best" and not c["ev_lost"] for c in graded)  # the hint was right
    old = SETTINGS.lang
    SETTINGS.lang = lang
    try:
        for hint in counts[:9]:
            text = play_view.hint_text(hint).plain
            assert "adapt." not in text and "{" not in text and len(text) > 12, text
    finally:
        SETTINGS.lang = old
