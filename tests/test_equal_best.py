"""Options as good as the best read as equal best, never each as "the" best (issue 18): in
`crib discard` and in the discard drill's feedback, where a tied choice is judged as the best
itself, not "yours ... 0.00 in the hand, 0.00 in the crib"."""

from __future__ import annotations

import pytest
from helpers import run

from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.model import Question
from trainer.i18n.drill_words import explain

CLASSIC = load_ruleset("classic")
# As pone, 2♦ with either king keeps 7-8-9-K: the two throws differ only in the king's suit.
TIED = "7H 8D 9S KH KC 2D"


def _rows(out: str) -> list[str]:
    return [line for line in out.splitlines() if line[:2].strip().isdigit()]


def test_discard_table_says_equal_best_for_a_tie(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "discard", *TIED.split(), "--pone", "-n", "4")
    rows = _rows(out)
    assert code == 0
    assert rows[0].endswith("equal best") and rows[1].endswith("equal best")
    assert not rows[2].endswith("best")
    code, ru, _ = run(capsys, "--lang", "ru", "discard", *TIED.split(), "--pone", "-n", "4")
    assert [r.endswith("один из лучших") for r in _rows(ru)] == [True, True, False, False]


def test_a_lone_best_is_still_just_best(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "discard", *TIED.split(), "--dealer", "-n", "3")
    rows = _rows(out)
    assert code == 0 and rows[0].endswith("best") and "equal best" not in out


def _feedback(answer: str, lang: str = "en") -> tuple[bool, str, list[str]]:
    q = Question(kind="discard", form="", ruleset="classic", data={"hand": TIED.split(), "dealer": False})
    g = grade(q, answer, ruleset=CLASSIC)
    return g.correct, str(g.band), [line.replace("\x1f", "") for line in explain(q, g, lang=lang)]


@pytest.mark.parametrize("answer", ["KH 2D", "KC 2D"])
def test_either_tied_discard_gets_the_verdict_of_the_best(answer: str) -> None:
    correct, band, lines = _feedback(answer)
    assert correct and band == "best"
    text = "\n".join(lines)
    assert lines[0].startswith(f"Best: lay away {answer}")  # the player's own choice is the best
    other = "KC 2D" if answer == "KH 2D" else "KH 2D"
    assert f"Equally good: lay away {other} (the same ranks, only the suits differ)." in text
    assert "Yours:" not in text and "0.00 in the hand" not in text and "cost 0 points" not in text
    assert sum("equal best" in line for line in lines) == 2


def test_the_tie_in_russian() -> None:
    _, _, lines = _feedback("KC 2D", "ru")
    text = "\n".join(lines)
    assert "Не хуже: отложить KH 2D (те же карты, другие масти)." in text
    assert "Ваш выбор" not in text and text.count("один из лучших") == 2


def test_a_worse_discard_still_hears_what_it_gave_away() -> None:
    correct, band, lines = _feedback("KH KC")
    text = "\n".join(lines)
    assert not correct and band != "best"
    assert "Yours: lay away KH KC" in text and "Equally good" in text
