"""A questionary prompt is broken at spaces to the terminal's width (60, 80, 100, 120 columns):
prompt_toolkit itself would cut «подска|зка» at the last column."""

from __future__ import annotations

import pytest

from trainer.cli.prompts import fit_prompt

PLAY = (
    "Ваш ход (сумма 0):",
    "(карта или её номер; «мимо», если ходить нечем; ? — подсказка)",
)
DISCARD = ("Lay away 2 cards to the opponent's crib:", "(cards or their numbers; ? for a hint)")


@pytest.mark.parametrize("width", [60, 80, 100, 120])
@pytest.mark.parametrize(("message", "instruction"), [PLAY, DISCARD])
def test_every_prompt_line_fits_and_breaks_at_a_space(message: str, instruction: str, width: int) -> None:
    shown, hint = fit_prompt(message, instruction, width)
    text = f"? {shown} {hint}"
    lines = text.split("\n")
    assert all(len(line) < width for line in lines), lines
    assert text.split() == ["?", *message.split(), *instruction.split()]  # every word whole


def test_a_prompt_that_fits_is_left_alone() -> None:
    assert fit_prompt(*DISCARD, 120) == DISCARD
    assert "\n" in "".join(fit_prompt(*PLAY, 60))  # 60 columns: the hint goes to its own line
    assert fit_prompt(*PLAY, 100) == PLAY  # the play's prompt fits 100 columns on one line
