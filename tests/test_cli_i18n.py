"""The quick commands speak the user's language: with `--lang ru` every label, item name, reason
and summary line is Russian (terms as in lessons/ru), and English output stays word for word what
it was. Shipped ruleset titles come from the catalogue (`ruleset.<name>.title`); a house ruleset
shows its own `title`."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from helpers import run

from trainer.advice.pegging import advise_peg
from trainer.advice.reasons import _TEMPLATES, PegReason
from trainer.cli.titles import ruleset_title
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import parse_cards
from trainer.i18n import nt as plural
from trainer.i18n.reasons import word_reason

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def ru(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, "--lang", "ru", *argv)
    assert code == 0, err
    assert CYRILLIC.search(out)
    return out


def en(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    from trainer.cli.context import SETTINGS

    SETTINGS.lang = "en"  # the default language; `--lang ru` earlier in a test sets it process-wide
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def flat(text: str) -> str:
    """Rich wraps long lines at the terminal width; compare its output with spaces collapsed."""
    return " ".join(text.split())


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# ----------------------------------------------------------------------------- count and peg


def test_count_in_russian_names_every_item_and_the_rarity(capsys: pytest.CaptureFixture[str]) -> None:
    out = ru(capsys, "count", "5H", "5C", "5S", "JD", "5D")
    assert out.startswith("Классический криббедж на шесть карт (2 игрока, 121) — рука\n")
    assert "стартер 5♦" in out
    for word in ("комбинация", "карты", "очки", "пятнадцать", "пара", "козырной валет", "итого"):
        assert word in out
    assert "итог 29: примерно одна рука из 3\u00a0248\u00a0700" in out  # thousands with no-break spaces
    assert not re.search(r"\b(fifteen|pair|nobs|total|starter|hand)\b", out)


def test_count_in_russian_names_runs_pair_royals_and_the_crib_flush_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = ru(capsys, "count", "3H", "3C", "3S", "4D", "5D")
    assert "последовательность из 3" in out and "королевская пара" in out
    out = ru(capsys, "count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib")
    assert "— криб" in out and "комбинаций, дающих очки, нет" in out
    assert "флеш в крибе засчитывается только вместе со стартером" in out
    assert "один криб из 13" in out


def test_count_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = en(capsys, "count", "3H", "3C", "3S", "4D", "5D")
    assert out.startswith("Classic six-card cribbage (2 players, 121) — hand\n3♥ 3♣ 3♠ 4♦   starter 5♦\n")
    assert "item      cards        points" in out and "run of 3" in out
    assert "total                      21" in out
    flowing = re.sub(" *\n *", " ", out)  # long lines wrap at spaces to the terminal's width
    assert "a 21: about 1 in 5,206 hands (0.0192% of all 12,994,800 hand + starter combinations)" in flowing
    out = en(capsys, "count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib")
    assert "no scoring items: 0 points" in out
    assert "note: a crib flush needs the starter too; four of a suit score only in a hand" in out


def test_peg_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = ru(capsys, "peg", "3C", "AD", "2S", "5H", "4C")
    assert out == (
        "3♣ Т♦ 2♠ 5♥  затем 4♣   сумма 15\n4♣: пятнадцать два и последовательность из пяти — семь\n"
    )
    # said as a player says it at the table, the running total in words, never «приносит 2 очка»
    assert ru(capsys, "peg", "5C", "5D", "5S").endswith("5♠: пятнадцать два и королевская пара — восемь\n")
    assert ru(capsys, "peg", "9C", "5D", "5S").endswith("5♠: пара — два\n")
    assert ru(capsys, "peg", "10S", "10D", "5H", "6S").endswith("6♠: тридцать один — два\n")
    assert ru(capsys, "peg", "7C", "8D").endswith("8♦: пятнадцать два\n")
    assert "9♦ очков не приносит" in ru(capsys, "peg", "3C", "9D")


def test_peg_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = en(capsys, "peg", "3C", "AD", "2S", "5H", "4C")
    assert out == "3♣ A♦ 2♠ 5♥  then 4♣   count 15\nfifteen (2) + run of 5 (5) = 7 for the last card\n"
    assert en(capsys, "peg", "3C", "9D").endswith("9♦ scores nothing\n")


# ----------------------------------------------------------------------------- stats and rules check


def test_stats_distribution_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = flat(ru(capsys, "stats", "distribution", "--ruleset", "five-card", "--crib"))
    assert "Криббедж на пять карт (2 игрока, 61): криб из 4 карт + стартер" in out
    for word in ("очков", "рук", "1 из", "сочетаний:", "среднее", "невозможные суммы"):
        assert word in out
    assert "hands" not in out and "combinations" not in out


def test_stats_distribution_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = flat(en(capsys, "stats", "distribution"))
    assert "Classic six-card cribbage (2 players, 121): 4-card hand + starter" in out
    assert "score" in out and "hands" in out and "1 in" in out and "12,994,800 combinations" in out


def test_rules_check_in_russian_and_english(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: classic\nname: house\ntarget: 61\n", encoding="utf-8")
    out = flat(ru(capsys, "rules", "check", str(path)))
    assert "ок" in out and "корректный набор правил" in out
    assert "игроков: 2, по 6 карт каждому, на руке 4, партия до 61" in out
    assert "отличается от встроенного набора classic:" in out and "target: 121 → 61" in out
    out = flat(en(capsys, "rules", "check", str(path)))
    assert "is a valid ruleset house (classic6)" in out
    assert "players 2, 6 cards each, hands of 4, target 61" in out
    assert "differs from the shipped classic ruleset in:" in out


def test_ruleset_titles_fall_back_to_the_english_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    classic = load_ruleset("classic")
    assert ruleset_title(classic, "ru").startswith("Классический")
    assert ruleset_title(classic, "en") == classic.title
    path = tmp_path / "house.yaml"
    path.write_text("extends: classic\nname: house\ntitle: Our kitchen table\n", encoding="utf-8")
    house = load_ruleset(path)
    assert not hasattr(house, "title_ru")  # titles in other languages live in the catalogue
    assert ruleset_title(house, "ru") == "Our kitchen table"
    out = ru(capsys, "count", "-r", str(path), "5H", "5C", "5S", "JD", "5D")
    assert out.startswith("Our kitchen table — рука")


# ----------------------------------------------------------------------------- advice


def test_discard_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = ru(capsys, "discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer", "--top", "3")
    assert "— сброс в свой криб" in out
    for word in ("сброс", "оставить", "рука", "мин–макс", "криб", "пятки", "итог", "отставание", "лучший"):
        assert word in out
    # an en dash in a range and a true minus, never a hyphen beside a minus on one line
    assert "10–21" in out and "+3,61" in out and "−3,84" in out
    assert not re.search(r"\d-\d|(?<![\w-])-\d", out)
    assert "2♣ 9♦: рука в среднем 12,67 очка, до 21 со стартером 5♣" in out
    assert "рука: точно, по всем 46 возможным стартерам" in out and "розыгрыш не учтён" in out
    out = ru(capsys, "discard", "5H", "5D", "JC", "QS", "2C", "9D")
    assert "сброс в криб соперника" in out and "пятки" not in out


def test_discard_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = en(capsys, "discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer", "--top", "3")
    assert "#  throw  keep          hand  min-max   crib  heels    net    gap" in out
    assert "1  2♣ 9♦  5♥ 5♦ J♣ Q♠  12.67    10-21  +3.61   0.13  16.42   best" in out
    assert "2♣ 9♦: hand 12.67 on average, 21 with 5♣" in out
    flowing = re.sub(" *\n *", " ", out)  # the footnote wraps at spaces at 80 columns
    assert (
        "hand: exact over 46 starters; crib: table (crib stats crib-values); pegging not included" in flowing
    )


def test_advise_peg_in_russian_gives_russian_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    out = ru(capsys, "advise-peg", "--hand", "7C", "8D", "4S", "--played", "10H", "5S", "--count", "15")
    assert "сумма 15" in out
    for word in ("карта", "в среднем", "сразу", "почему"):
        assert word in out
    flowing = re.sub(" *\n *", " ", out)  # the reasons wrap at spaces under their column
    # the risk named as a risk, in a sentence
    assert "если у соперника есть ещё восьмёрка, он сделает пару (риск 18\u00a0%)" in flowing
    assert (
        "сумма станет 22, и если у соперника девятка, он доберёт до 31 и получит 2 очка (риск 20\u00a0%)"
        in flowing
    )
    assert "если у соперника шестёрка, он составит последовательность (риск 24\u00a0%)" in flowing
    assert "−2,00" in out and "-2,00" not in out  # a true minus
    assert "точно по всем вариантам руки соперника (16\u00a0215)" in flowing
    assert "makes" not in out and "pairs it" not in out
    out = ru(capsys, "advise-peg", "--hand", "KC", "QD", "--played", "10H", "10S", "9D")
    assert "скажите «мимо»" in out
    out = ru(capsys, "advise-peg", "--hand", "AC", "4D", "9S", "KH")
    assert "туз первой картой захода" in out and "выборка" in out


def test_advise_peg_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = en(capsys, "advise-peg", "--hand", "7C", "8D", "4S", "--played", "10H", "5S", "--count", "15")
    assert "#  card     ev  now  reason" in out
    assert "1  8♦    -2.00    0  another 8 pairs it (18%)" in out
    assert "3  7♣    -2.74    0  a 6 makes a run (24%); leaves 22: a 9 makes 31 (20%)" in out
    assert "exact over all 16,215 holdings" in re.sub(" *\n *", " ", out)  # wrapped at 80 columns


def test_peg_reasons_worded_in_russian_from_the_same_facts(classic: object) -> None:
    # 6C on 4C 5H makes 15 and a run of 3 (5 points now); 10H on 21 makes 31.
    advice = advise_peg(parse_cards("5D 6C JD"), ruleset=classic, played=parse_cards("4C 5H"), opp_cards=3)
    six = next(a for a in advice if str(a.card) == "6C")
    assert six.reason.startswith("makes 15 and makes a run of 3 for 5")
    assert word_reason(six.why, "ru").startswith(
        "доводит сумму до 15 и составляет последовательность из трёх (5 очков), но если у соперника тройка,"
        " четвёрка"
    )
    five = next(a for a in advice if str(a.card) == "5D")
    assert word_reason(five.why, "ru").startswith("составляет пару с пятёркой (2 очка)")
    [ten] = advise_peg(parse_cards("KC"), ruleset=classic, played=parse_cards("10H 5S 6D"))
    assert word_reason(ten.why, "ru") == "доводит сумму до 31 (2 очка), заход окончен"
    assert PegReason.from_json(ten.why.to_json()) == ten.why  # kept in a drill answer as JSON


def test_the_catalogue_words_a_reason_exactly_as_the_json_english(classic: object) -> None:
    """The English of `--json` (advice layer) and of the screen (catalogue) never drift apart."""
    import random

    rng = random.Random(9)
    deck = [
        f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"
    ]
    seen = 0
    for _ in range(60):
        cards = rng.sample(deck, 7)
        hand, played = parse_cards(" ".join(cards[:4])), parse_cards(" ".join(cards[4:6]))
        if sum(c.value for c in played) > 31:
            continue
        for advice in advise_peg(hand, ruleset=classic, played=played, opp_cards=2):
            assert advice.why is not None
            assert word_reason(advice.why, "en") == advice.reason
            assert word_reason(advice.why, "ru")
            seen += 1
    assert set(_TEMPLATES) == {"en"} and seen > 100


def test_crib_values_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = flat(ru(capsys, "stats", "crib-values"))
    assert "ожидаемый криб" in out and "сброс в свой криб (сдающий)" in out
    assert "криб соперника (противник сдающего)" in out and "Шелла" in out
    out = flat(ru(capsys, "stats", "crib-values", "-r", "three-player"))
    assert "при сбросе одной карты" in out and "свой криб" in out and "случайный" in out
    out = flat(en(capsys, "stats", "crib-values", "-r", "three-player"))
    assert "expected crib of a one-card throw" in out and "opponent's crib" in out


# ----------------------------------------------------------------------------- replay and simulate


def test_replay_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = ru(capsys, "replay", "mendelev-five-card")
    assert "Криббедж на пять карт (2 игрока, 61) — сдающий: игрок 2" in out
    for phrase in (
        "кто",
        "что",
        "очки",
        "сдающий в сдаче 1",
        "компенсация за первый криб",
        "в криб: 9♠ 7♦",
        "колода снята, стартер — 5♥",
        "ход В♥, сумма 10",
        "ход В♦, сумма 20  (пара — два)",  # the play said as at the table
        "«мимо» (сумма 25)",
        "«мимо»: очко (сумма 30)",
        "розыгрыш окончен (1 заход)",
        "рука В♥ 5♠ 5♣ + 5♥  (пятнадцать — 8,",  # the rest wraps in its cell
        "конец сдачи: игрок 1 — 21, игрок 2 — 19",
    ):
        assert phrase in out, phrase
    assert "deals" not in out and "plays" not in out and "fifteens" not in out


def test_replay_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = en(capsys, "replay", "mendelev-five-card")
    for phrase in (
        "Five-card cribbage (2 players, 61) — dealer B",
        "deals (deal 1)",
        "plays J♥  count 10",
        "go (count 25)",
        "go at 30",
        "the play is over (1 count); unplayed: B K♠ K♣",
        "hand J♥ 5♠ 5♣ + 5♥  (fifteens 8, pairs 6, nobs 1)",
        "end of the deal: A 21 – B 19",
    ):
        assert phrase in out, phrase


def test_replay_of_a_won_game_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = ru(capsys, "replay", "pone-counts-out")
    assert "партия выиграна" in out and "(победа)" not in out and "игрок 1 — победитель (рука)" in out
    assert "победа, 1 партия" in out


def test_simulate_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    out = flat(ru(capsys, "simulate", "--games", "20", "--seed", "1"))
    assert "(2 игрока, 121) — 20 партий, играют простые компьютерные игроки, номер расклада 1" in out
    for phrase in ("в среднем очков за сдачу", "сторона", "победы", "розыгрыш", "игрок 1", "всего"):
        assert phrase in out, phrase
    assert "ни одна партия не закончилась лурчем" in out and "в среднем партия длится 8,90 сдачи" in out
    assert "мс на партию" in out and "лурчей:" not in out and "(40,0 %)" in out and "0%" not in out
    out = ru(capsys, "simulate", "--games", "5", "--seed", "1", "-r", "partnership")
    assert "команда 1+3" in out
    out = ru(capsys, "simulate", "--games", "5", "--seed", "1", "-r", "three-player")
    assert "лурч: в этих правилах не определён" in out


def test_simulate_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = flat(en(capsys, "simulate", "--games", "20", "--seed", "1"))
    assert "Classic six-card cribbage (2 players, 121) — 20 games, greedy bots, seed 1" in out
    assert "side" in out and "wins" in out and "pegging" in out and "player 1" in out
    assert "no game ended in a lurch" in out and "ms per game" in out


# ----------------------------------------------------------------------------- plural forms


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (1, "заход"),
        (2, "захода"),
        (4, "захода"),
        (5, "заходов"),
        (11, "заходов"),
        (12, "заходов"),
        (21, "заход"),
    ],
    ids=["1", "2", "4", "5", "11-not-one", "12-not-few", "21-one"],
)
def test_russian_plural_follows_the_last_digits(n: int, word: str) -> None:
    assert plural("game.counts_word", n, "ru") == word
    assert plural("game.counts_word", n, "en") == ("count" if n == 1 else "counts")


# ----------------------------------------------------------------------------- drill feedback


def _peg_question() -> object:
    from trainer.drills.model import Question

    data = {
        "series": ["4C", "5H"],
        "by": [0, 1],  # the last card is the opponent's
        "count": 9,
        "hand": ["5D", "6C", "JD"],
        "opponent_cards": [3],
        "opponent_go": [False],
        "earlier": [],
    }
    return Question(kind="peg", form="play", ruleset="classic", data=data)


def test_peg_drill_feedback_gives_the_reason_in_russian(classic: object) -> None:
    from trainer.drills.checking import grade
    from trainer.drills.lines import plain
    from trainer.i18n.drill_words import explain

    question = _peg_question()
    graded = grade(question, "5D", ruleset=classic)
    ru_lines = [plain(line) for line in explain(question, graded, lang="ru")]
    # the best line names the 5 points; the reason adds the risks that follow them
    why = "Риск этого хода: если у соперника тройка, четвёрка или семёрка, он составит последовательность"
    assert any(line.startswith(why) for line in ru_lines)
    en_lines = [plain(line) for line in explain(question, graded, lang="en")]
    assert any(line.startswith("The risk it leaves: a 3 or 4 or 7 makes a run") for line in en_lines)
    # An answer stored before the reason was kept as data has only the English sentence.
    for option in graded.detail["options"]:
        option.pop("why", None)
    assert not any(line.startswith("Чем хорош") for line in explain(question, graded, lang="ru"))
    assert any(plain(line).startswith("Why: makes 15") for line in explain(question, graded, lang="en"))


def test_variants_are_named_in_the_readers_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rules compare` heads its columns, `stats` names its rows by the variant's name in the
    reader's language («на пять карт»), never by the id `-r` takes; English keeps the ids."""
    monkeypatch.setenv("CRIB_DB", str(tmp_path / "p.sqlite3"))
    head = flat(ru(capsys, "rules", "compare", "classic", "five-card")).split("Игроков")[0]
    assert "классика" in head and "на пять карт" in head and "five-card" not in head
    assert "five-card" in flat(en(capsys, "rules", "compare", "classic", "five-card")).split("Players")[0]
    code, _, err = run(capsys, "drill", "count", "--seed", "3", "-n", "1", "--answers", _answers(tmp_path))
    assert code == 0, err
    shown = ru(capsys, "stats")
    assert "классика" in shown and "classic" not in shown


def _answers(tmp_path: Path) -> str:
    path = tmp_path / "answers.txt"
    path.write_text("8\n", encoding="utf-8")
    return str(path)


def test_russian_play_help_shows_russian_card_input(capsys: pytest.CaptureFixture[str]) -> None:
    """A Russian reader types cards the Russian way first (5Ч, ДП); the Latin forms come second."""
    code, out, _ = run(capsys, "--lang", "ru", "play", "--help")
    flat = " ".join(out.split())
    assert code == 0 and "Карту вводят так: 5Ч, 10Б, ДП, ТТ" in flat and "«мимо» (или go)" in flat
