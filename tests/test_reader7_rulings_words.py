"""Rulings, drill prompts and help a seventh Russian reader flagged (issue 22): overpegging is
«завышенная отметка» and a claim of too many is typed «много N» («перебор» is going over 31), a
remedy's own bracket never sits beside the «(см. …)» one, the peg rule says who touched the pegs,
every drill prompt says how to leave, a help column does not repeat a range the text gives."""

from __future__ import annotations

import pytest
from helpers import run

from trainer.content.rulesets import load_ruleset
from trainer.engine.irregularities import adjudicate
from trainer.i18n import t
from trainer.i18n.rulings import ruling_words


def test_an_overpegging_remedy_has_no_bracket_of_its_own_before_the_citation() -> None:
    ruling = adjudicate(
        "overpegging", ruleset=load_ruleset("classic"), penalty_set="seeds", claimed=7, true_points=3
    )
    remedy = ruling_words(ruling, "ru").remedy
    assert remedy.endswith("и соперник получает 2 очка; за этот подсчёт отмечено 7 вместо 3")
    shown = t("rough.fb.remedy", "ru", remedy=remedy, rule="«По Хойлу»")
    assert ") (" not in shown


def test_touched_pegs_say_who_touched_them() -> None:
    ruling = adjudicate("wrong_pegs", ruleset=load_ruleset("classic"), penalty_set="seeds")
    assert ruling_words(ruling, "ru").remedy == "игрок тронул колышки соперника: соперник получает 2 очка"
    assert t("ref.cite.HG", "ru") == "старое издание «Игр Хойла»"


def test_overpegging_is_a_raised_mark_never_a_bust() -> None:
    names = [t("ruling.name.overpegging", "ru"), t("ruling.name.overpegging_old_laws", "ru")]
    names = [n for n in names if not n.startswith("ruling.")]
    assert names and all(n.startswith("Завышенная отметка") for n in names)
    assert t("drill.call.over", "ru", points=1) == "много 1"
    assert "«много 1»" in t("drill.muggins.hint", "ru") and "перебор" not in t("drill.muggins.hint", "ru")


@pytest.mark.parametrize("typed", ["много 1", "больше 1", "перебор 1", "over 1", "-1"])
def test_a_claim_of_too_many_is_read_in_the_new_word_and_the_old(typed: str) -> None:
    from trainer.drills.muggins_drill import parse

    assert parse(None, typed) == {"call": "over", "points": 1}  # type: ignore[arg-type]


def test_every_drill_prompt_says_how_to_leave() -> None:
    assert t("adapt.hint.ask", "ru") == "(? — подсказка, Ctrl+C — выйти)"
    assert t("adapt.steps.instruction", "ru") == "(число; ? — подсказка, Ctrl+C — выйти)"
    assert "Ctrl+C to quit" in t("adapt.hint.ask", "en")


def test_the_seats_help_gives_its_range_once_and_still_checks_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "club", "serve", "--help")
    assert code == 0
    assert "Сколько учеников может войти" in out and "(1–2000)" in out
    assert "2000]" not in out
    code, _, err = run(capsys, "club", "serve", "nothing.json", "--max-players", "5000")
    assert code != 0 and "1<=x<=2000" in err


@pytest.mark.parametrize("width", range(60, 101, 2))
def test_a_lesson_never_breaks_a_sum_or_a_no_break_space_across_lines(width: int) -> None:
    from io import StringIO

    from rich.console import Console

    from trainer.cli.reference.learn import _lesson_body

    text = (
        "Пропустить сочетания из трёх, например 6 + 6 + 3 или 4 + 4 + 7, и выиграть в 97,7\u00a0% случаев. "
        * 3
    )
    out = StringIO()
    Console(file=out, width=width, color_system=None).print(_lesson_body(text))
    lines = [line.rstrip() for line in out.getvalue().splitlines() if line.strip()]
    assert len(lines) > 1
    assert not any(line.endswith(("+", "97,7")) or line.lstrip().startswith(("+", "%")) for line in lines)
    assert "4\u00a0+\u00a04\u00a0+\u00a07" in out.getvalue()
