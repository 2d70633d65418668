"""Reasons in a player's words (issue 18, items 5/7): a reason names the gain or the threat of the
move advised *and* why the move made was worse, each in its own words; discard feedback gets a
reason, not only numbers; Russian percentages with a space («20 %»), a true minus, no "−0"."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.advice.discard import analyse_discard
from trainer.advice.reasons import PegReason, Risk, unseen_by_rank
from trainer.advice.why import discard_reason, option_reason
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import parse_cards
from trainer.i18n.reasons import discard_compare, discard_gist, threat_text, word_compare

NEG_ZERO = re.compile(r"[−-]0(?:[.,]0+)?(?![.,]?\d)")

# 9♠ on 12 makes 21: a ten-card makes 31; 6♥ on 12 makes 18: nothing makes 15 or 31 at once
NINE = PegReason(now=(), points=0, count=21, rank=8, risks=(Risk("31", 0.62, 8),))
SIX = PegReason(now=(), points=0, count=18, rank=5, risks=(Risk("pair", 0.2, 5),))
# J♣ on 5 makes 15 for 2; 5♣ on 5 pairs it... here a play that scores nothing
JACK = PegReason(now=("15",), points=2, count=15, rank=10)
FOUR = PegReason(now=(), points=0, count=9, rank=3, risks=(Risk("15", 0.3, 3),))


def _unseen() -> list[int]:
    # the player holds 9♠ 6♥ 2♣ 3♦, the count is 5 7 (12), the starter 4♥, discards A♠ A♦
    return unseen_by_rank(parse_cards("9S 6H 2C 3D 5C 7D 4H AS AD"))


def test_a_threat_names_the_played_card_its_danger_in_cards_and_the_safer_card() -> None:
    unseen = _unseen()
    assert sum(unseen) == 43 and sum(unseen[9:]) == 16
    text = word_compare(SIX, NINE, best_card="6♥", mine_card="9♠", unseen=unseen)
    assert text.startswith("9♠ makes 21: a ten-card then makes 31 for 2 (16 of 43 unseen, risk 62%)"), text
    assert text.endswith("6♥ is safer (3 of 43 unseen, risk 20%)"), text  # three sixes left to pair it


def test_a_gain_names_what_the_advised_card_scores_and_what_the_played_one_did() -> None:
    text = word_compare(JACK, FOUR, best_card="J♣", mine_card="4♥")
    assert text.startswith("J♣ makes 15 for 2; 4♥ scores nothing"), text
    # the played card's threat is named too when it is the bigger one
    assert "4♥ makes 9: a 6 then makes 15 for 2 (30%)" in text, text


def test_a_played_card_that_scored_less_says_only() -> None:
    pair = PegReason(now=("pair",), points=2, count=10, rank=4, risks=(Risk("pair_royal", 0.1, 4),))
    run = PegReason(now=("run",), points=3, count=12, rank=3, run=3)
    text = word_compare(run, pair, best_card="4♣", mine_card="5♦")
    assert text.startswith("4♣ makes a run of 3 for 3; 5♦ only pairs the 5 for 2"), text


def test_equal_dangers_say_so_and_leave_the_rest_to_the_play() -> None:
    a = PegReason(now=(), points=0, count=6, rank=4, risks=(Risk("15", 0.2, 4),))
    b = PegReason(now=(), points=0, count=10, rank=8, risks=(Risk("pair", 0.2, 8),))
    text = word_compare(b, a, best_card="9♥", mine_card="5♣")
    assert text == "9♥ and 5♣ run the same risk (20%), but 9♥ plays on better", text


def test_russian_comparison_in_whole_words_with_a_spaced_percent() -> None:
    text = word_compare(JACK, FOUR, best_card="В♣", mine_card="4♥", lang="ru")
    assert text.startswith("В♣ доводит сумму до 15 (2 очка), а 4♥ не приносит очков. После 4♥"), text
    assert "30\u00a0%" in text and not re.search(r"[A-Za-z]", text.replace("В♣", "")), text
    text = word_compare(SIX, NINE, best_card="6♥", mine_card="9♠", lang="ru", unseen=_unseen())
    assert (
        "после 9♠ сумма 21: если у соперника десятка или фигура, он доберёт до 31 и получит 2 очка"
        " (опасных карт 16 из 43 неизвестных: вероятность такого ответа 62\u00a0%)" in text
    )  # the cards and the share of one threat, side by side
    assert text.endswith(
        "). 6♥ безопаснее (опасных карт 3 из 43 неизвестных: вероятность такого ответа 20\u00a0%)"
    ), text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_discard_reason_names_the_keep_the_throw_and_what_yours_gave_away(lang: str) -> None:
    rules = load_ruleset("classic")
    options = analyse_discard(parse_cards("6H 7C 7D 8S 5S KD"), dealer=True, ruleset=rules)
    best = next(o for o in options if {str(c) for c in o.discard} == {"5S", "KD"})
    worse = next(o for o in options if {str(c) for c in o.discard} == {"7D", "8S"})
    gist = discard_gist(discard_reason(best), lang)
    text = discard_compare(discard_reason(best), discard_reason(worse), lang)
    if lang == "en":
        assert (
            gist.startswith("keeps 6-7-7-8 (a double run of 3, 2 fifteens")
            and "5-K to your own crib: a 5" in gist
        )
        assert "yours keeps 5-6-7-K" in text and "points less in the hand" in text and "in your crib" in text
    else:
        assert (
            gist.startswith(
                "на руке остаются 6, 7, 7, 8 (без стартера уже 12 очков: двойная последовательность из трёх"
                " и дважды по 15); 5 и К уходят в ваш криб — там будет пятёрка"
            )
            and "комбинаци" not in gist
        )
        assert "при вашем сбросе на руке остаются 5, 6, 7, К" in text
        assert "рука в среднем слабее на 7,11 очка" in text
    assert not NEG_ZERO.search(text), text


def test_the_drill_options_give_the_same_facts_as_the_options() -> None:
    rules = load_ruleset("classic")
    for dealer in (True, False):
        for option in analyse_discard(parse_cards("6H 7C 7D 8S 5S KD"), dealer=dealer, ruleset=rules)[:5]:
            mine, kept = discard_reason(option), option_reason(option.to_json(), own_crib=dealer)
            assert {k: v for k, v in mine.items() if k != "net"} == {
                k: v for k, v in kept.items() if k != "net"
            }


@pytest.mark.parametrize(
    ("lang", "why"),
    [("en", "Why: keeps 7-8-8-K"), ("ru", "Чем хорош этот сброс: на руке остаются 7, 8, 8, К")],
)
def test_the_discard_drill_feedback_has_a_reason_line(tmp_path: Path, lang: str, why: str) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("5 6\n")
    env = {**os.environ, "CRIB_LANG": lang, "CRIB_DB": str(tmp_path / "db.sqlite3"), "COLUMNS": "200"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    argv = [
        "drill",
        "discard",
        "-n",
        "1",
        "--seed",
        "5",
        "--level",
        "intermediate",
        "--answers",
        str(answers),
    ]
    out = subprocess.run(
        [sys.executable, "-m", "trainer", *argv], env=env, capture_output=True, text=True, check=True
    )
    line = next(x for x in out.stdout.splitlines() if x.startswith(why))
    keeps = "yours keeps A-4-7-8" if lang == "en" else "при вашем сбросе на руке остаются Т, 4, 7, 8"
    assert keeps in line, line
    assert not NEG_ZERO.search(line), line


def test_after_better_play_x_the_coach_does_not_name_x_again() -> None:
    """«лучше сыграть 10♣ — 10♣: сумма станет 25…» named the card twice: after the coach's
    "better: play 10♣ —" the advised card's own reason follows without its name."""
    ten = PegReason(now=(), points=0, count=25, rank=9, risks=(Risk("31", 0.25, 9),))
    four = PegReason(now=(), points=0, count=19, rank=3, risks=(Risk("pair", 0.2, 3),))
    for lang in ("ru", "en"):
        alone = word_compare(ten, four, best_card="10♣", mine_card="4♠", lang=lang)
        named = word_compare(ten, four, best_card="10♣", mine_card="4♠", lang=lang, named=True)
        assert alone.startswith("10♣: "), alone
        assert not named.startswith("10♣") and "4♠" in named, named
    ru = word_compare(ten, four, best_card="10♣", mine_card="4♠", lang="ru", named=True)
    assert ru.startswith("сумма станет 25, и если у соперника шестёрка, он доберёт до 31"), ru


def test_a_second_likely_danger_is_named_beside_the_first() -> None:
    # 5♠ on 7 8 6 makes 26 and a run of 4: a 4 extends the run, and a 5 makes 31 (and pairs it)
    five = PegReason(
        now=("run",),
        points=4,
        count=26,
        rank=4,
        run=4,
        risks=(Risk("run", 0.18, 4, (3,)), Risk("31", 0.09, 4)),
    )
    jack = PegReason(now=("31",), points=2, count=31, rank=10, ends=True)
    text = word_compare(jack, five, best_card="J♣", mine_card="5♠")
    assert "5♠ leaves a run: a 4 extends it (18%), and a 5 makes 31 (9%)" in text, text
    ru = word_compare(jack, five, best_card="J♣", mine_card="5♠", lang="ru")
    assert "кроме того, если у него пятёрка, он доберёт до 31 (9\u00a0%)" in ru, ru


def test_an_unlikely_second_danger_is_left_out() -> None:
    five = PegReason(
        now=(), points=0, count=26, rank=4, risks=(Risk("run", 0.18, 4, (3,)), Risk("31", 0.03, 4))
    )
    jack = PegReason(now=("31",), points=2, count=31, rank=10, ends=True)
    text = word_compare(jack, five, best_card="J♣", mine_card="5♠")
    assert "makes 31 (3%)" not in text and "a 4 makes one (18%)" in text, text


def test_a_run_is_extended_only_when_the_card_made_one() -> None:
    # 4-6 on the table: a 5 makes a run (none is there yet); 4-5-6: a 3 or 7 extends the run
    six = PegReason(now=(), points=0, count=10, rank=5, risks=(Risk("run", 0.25, 5, (4,)),))
    made = PegReason(now=("run",), points=3, count=15, rank=5, run=3, risks=(Risk("run", 0.3, 5, (2, 6)),))
    assert "6♠ invites a run: a 5 makes one (25%)" in threat_text(six, "6♠", "en")
    assert "6♠ leaves a run: a 3 or 7 extends it (30%)" in threat_text(made, "6♠", "en")
    assert "продлит последовательность" in threat_text(made, "6♠", "ru")
    assert "составит последовательность" in threat_text(six, "6♠", "ru")


# 6♠ on 4: a 5 makes a run (25%) and a 6 pairs it (16%); 8♠ on 4: a 3 makes 15 (18%)
SIX_TWO = PegReason(
    now=(), points=0, count=10, rank=5, risks=(Risk("run", 0.25, 5, (4,)), Risk("pair", 0.16, 5))
)
EIGHT = PegReason(now=(), points=0, count=12, rank=7, risks=(Risk("15", 0.18, 7),))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_safer_compares_how_often_any_reply_scores_when_two_dangers_are_named(lang: str) -> None:
    # "8♠ is safer (18%)" beside 6♠'s second danger of 16% read as if 8♠ were the riskier card
    text = word_compare(EIGHT, SIX_TWO, best_card="8♠", mine_card="6♠", lang=lang)
    if lang == "en":
        assert text.endswith("8♠ is safer: a reply scores 18% of the time, against 41%"), text
    else:
        assert text.endswith(
            "8♠ безопаснее: ответ соперника принесёт ему очки в 18\u00a0% случаев против 41\u00a0%"
        ), text


def test_a_card_whose_replies_score_as_often_is_not_called_safer() -> None:
    # 8♠'s one danger (a 3 for 15, 30%) is smaller than 6♠'s run (35%) but its replies score as often
    # as all of 6♠'s (30% + 10% against 35% + 5%): the difference is further on in the play
    six = PegReason(
        now=(), points=0, count=10, rank=5, risks=(Risk("run", 0.35, 5, (4,)), Risk("pair", 0.05, 5))
    )
    eight = PegReason(now=(), points=0, count=12, rank=7, risks=(Risk("15", 0.3, 7), Risk("pair", 0.1, 7)))
    text = word_compare(eight, six, best_card="8♠", mine_card="6♠")
    assert "safer" not in text and text.endswith("8♠ does better over the rest of the play"), text


def test_a_card_that_scored_more_and_lost_later_does_not_blame_a_small_danger() -> None:
    # A♣ pairs the ace at 24 for 2 (a 6 then makes 31: 17%); 5♦ makes 29 (a 2 makes 31: 14%).
    # The 0.06 points between those dangers cannot outweigh the pair: the rest of the play does.
    ace = PegReason(now=("pair",), points=2, count=25, rank=0, risks=(Risk("31", 0.17, 0),))
    five = PegReason(now=(), points=0, count=29, rank=4, risks=(Risk("31", 0.14, 4),))
    text = word_compare(five, ace, best_card="5♦", mine_card="A♣")
    assert text == "A♣ pairs the A for 2 now, but 5♦ does better over the rest of the play", text
    assert "31" not in word_compare(five, ace, best_card="5♦", mine_card="A♣", lang="ru")
