"""The Russian coach and table speak in sentences (reader 6, rows 13–21, 71): the risk as a
condition («если у соперника двойка, он доберёт до 15 и получит 2 очка»), the advised card as
the subject («играйте 3♠: она составляет пару…»), whole points without «,00», the player's own
crib as «свой», a line of its own capitalised with a full stop."""

from __future__ import annotations

from trainer.advice.reasons import PegReason, Risk
from trainer.i18n.reasons import word_compare, word_reason


def test_a_threat_is_said_as_a_condition_with_its_points() -> None:
    nine = PegReason(now=(), points=0, count=13, rank=8, risks=(Risk("15", 0.2, 8),))
    safe = PegReason(now=(), points=0, count=10, rank=9, risks=())
    text = word_compare(safe, nine, best_card="10♣", mine_card="9♦", lang="ru")
    assert "после 9♦ сумма 13: если у соперника двойка, он доберёт до 15 и получит 2 очка" in text, text
    assert "наберёт" not in text


def test_the_odds_name_the_dangerous_cards() -> None:
    a = PegReason(now=(), points=0, count=6, rank=4, risks=(Risk("15", 0.2, 4),))
    b = PegReason(now=(), points=0, count=10, rank=8, risks=(Risk("pair", 0.2, 8),))
    unseen = [4] * 13
    text = word_compare(b, a, best_card="9♥", mine_card="5♣", lang="ru", unseen=unseen)
    assert text.startswith("после 9♥ и после 5♣ риск одинаков (опасных карт"), text
    assert "таких карт" not in text


def test_the_named_card_is_the_subject_by_its_gender() -> None:
    jack = PegReason(now=("15",), points=2, count=15, rank=10, risks=(Risk("pair", 0.1, 10),))
    three = PegReason(now=("pair",), points=2, count=6, rank=2, risks=(Risk("15", 0.24, 2),))
    assert word_reason(jack, "ru", subject=True).startswith("он доводит сумму до 15 (2 очка), но")
    assert word_reason(three, "ru", subject=True).startswith("она составляет пару с тройкой (2 очка), но")
    assert word_reason(three, "en", subject=True) == word_reason(three, "en")  # English unchanged


def test_a_whole_cost_has_no_decimals() -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.coach_words import cost_text

    old = SETTINGS.lang
    SETTINGS.lang = "ru"
    try:
        assert cost_text({"kind": "play", "basis": "points", "ev_lost": 3.0}) == "(−3 очка)"
        assert cost_text({"kind": "play", "basis": "points", "ev_lost": 1.59}) == "(−1,59 очка)"
    finally:
        SETTINGS.lang = old


def test_a_line_of_its_own_is_a_sentence_in_russian_only() -> None:
    from trainer.cli.play.play_view import as_sentence

    assert as_sentence("розыгрыш окончен (3 захода)", "ru").plain == "Розыгрыш окончен (3 захода)."
    assert as_sentence("«мимо» сказано", "ru").plain == "«Мимо» сказано."
    assert as_sentence("the play is over (3 counts)", "en").plain == "the play is over (3 counts)"


def test_an_unlucky_starter_counts_its_points() -> None:
    from trainer.i18n import nt

    assert nt("play.review.cut_points", 2, "ru", average="5,09") == "принёс 2 очка (в среднем 5,09)"
    assert nt("play.review.cut_points", 5, "ru", average="5,09") == "принёс 5 очков (в среднем 5,09)"
    assert nt("play.review.cut_points", 2, "en", average="5.09") == "made 2 (average 5.09)"
