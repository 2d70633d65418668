"""`crib play` narrates in sentences in both languages (issue 22, reader 3's rows 3, 5, 7, 25,
26 and the lead's own findings): the show in the spoken count the drills use, a penalty that
says who scores and why, the go point for the last card, the computer's discard into whose
crib, a count called a count (not "the best move"), a near-best choice called "almost the
best", and no command in backticks that a terminal prints literally."""

from __future__ import annotations

import pytest

from trainer.cli.context import SETTINGS
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.events import DiscardEvent, GoPointEvent, PenaltyEvent, PlayEvent, ShowEvent
from trainer.engine.scoring import ScoreItem, score_play, score_show
from trainer.i18n import t
from trainer.play.session import GameSession, new_record


@pytest.fixture(params=["en", "ru"])
def lang(request: pytest.FixtureRequest) -> object:
    old = SETTINGS.lang
    SETTINGS.lang = request.param
    yield request.param
    SETTINGS.lang = old


def _lines(events: tuple[object, ...]) -> list[str]:
    from trainer.cli.play.play_view import events_text

    rules = load_ruleset("classic")
    session = GameSession(rules, new_record(rules, level="easy", coach="quiet", seed=1))
    return [line.plain for line in events_text(session, events)]


def _show(seat: int) -> ShowEvent:
    rules = load_ruleset("classic")
    hand, starter = parse_cards("10D AS 4H 4D"), Card.parse("3C")
    breakdown = score_show(hand, starter, is_crib=False, ruleset=rules)
    return ShowEvent(seat, "hand", hand, starter, breakdown)


EXPECTED = {
    "en": {
        "show": "Computer counts the hand 10♦ A♠ 4♥ 4♦ + 3♣: fifteen 2, fifteen 4, and a pair is 6  +6",
        "mine": "You count your hand 10♦ A♠ 4♥ 4♦ + 3♣: fifteen 2, fifteen 4, and a pair is 6  +6",
        "penalty": "Computer scores 2 penalty points: you pegged more than you scored  +2",
        "last": "Computer scores 1 point for the last card (count 15)  +1",
        "play": "You play A♣  count 31  (thirty-one 2)  +2",
    },
    "ru": {
        "show": "Компьютер считает руку 10♦ Т♠ 4♥ 4♦ + 3♣: пятнадцать два, пятнадцать четыре"
        " и пара — шесть  +6",
        "mine": "Вы считаете руку 10♦ Т♠ 4♥ 4♦ + 3♣: пятнадцать два, пятнадцать четыре и пара — шесть  +6",
        "penalty": (
            "Компьютер получает 2 штрафных очка за завышенную отметку: вы отметили больше, чем набрали  +2"
        ),
        "last": "Компьютер получает 1 очко за последнюю карту (сумма 15)  +1",
        "play": "Вы ходите Т♣, сумма 31  (тридцать один — два)  +2",
    },
}


def test_the_show_is_said_as_the_drills_say_it(lang: str) -> None:
    assert _lines((_show(1), _show(0))) == [EXPECTED[lang]["show"], EXPECTED[lang]["mine"]]


def test_a_penalty_says_who_scores_and_why(lang: str) -> None:
    event = PenaltyEvent(1, 0, 2, "overpegging", "", "S0", 0)
    assert _lines((event,)) == [EXPECTED[lang]["penalty"]]


def test_the_last_card_point_is_a_sentence(lang: str) -> None:
    item = ScoreItem("last", (Card.parse("AS"),), 1, "last card")
    assert _lines((GoPointEvent(1, 15, True, item),)) == [EXPECTED[lang]["last"]]


def test_thirty_one_sets_its_points_off(lang: str) -> None:
    series = parse_cards("10S JD KH AC")
    event = PlayEvent(0, series[-1], 31, score_play(series))
    assert _lines((event,)) == [EXPECTED[lang]["play"]]


def test_the_computer_lays_away_into_a_named_crib() -> None:
    old = SETTINGS.lang
    SETTINGS.lang = "ru"
    try:
        line = _lines((DiscardEvent(1, parse_cards("5S JC")),))[0]
    finally:
        SETTINGS.lang = old
    assert line.startswith("Компьютер откладывает 2 карты в ") and line.endswith("криб")


def test_a_count_is_not_a_move_and_a_near_best_is_not_the_best(lang: str) -> None:
    from trainer.cli.play.play_view import coach_text, verdict_words

    right = coach_text({"kind": "count", "band": "best", "ev_lost": 0, "reason": {}}).plain
    assert right == {"en": "Coach: the count is right", "ru": "Тренер: подсчёт верный"}[lang]
    near = verdict_words({"kind": "play", "band": "best", "ev_lost": 0.08})
    assert near == {"en": "almost the best", "ru": "почти лучший ход"}[lang]
    assert verdict_words({"kind": "play", "band": "best", "ev_lost": 0}) == t("play.band.best", lang)
    # a discard is «сброс», not «ход» (a move of the play)
    best_discard = verdict_words({"kind": "discard", "band": "best", "ev_lost": 0})
    assert best_discard == {"en": "best", "ru": "лучший сброс"}[lang]
    near_discard = verdict_words({"kind": "discard", "band": "best", "ev_lost": 0.08})
    assert near_discard == {"en": "almost the best", "ru": "почти лучший сброс"}[lang]


@pytest.mark.parametrize("key", ["play.saved", "play.kept", "games.show.unfinished", "games.none"])
def test_no_backticks_where_a_terminal_prints_them(key: str, lang: str) -> None:
    text = t(key, lang, id=3)
    assert "`" not in text and "crib " in text


def test_the_coach_says_a_risk_as_a_risk_and_equal_cards_in_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A best play whose only reason is what it risks says «риск остаётся: …», not praise followed
    by a danger; equal cards read «лучший ход (В♥ не хуже)», not «лучший ход — не хуже: В♥»."""
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.coach_words import choice_reason, equal_text

    monkeypatch.setattr(SETTINGS, "lang", "ru")
    risky = {
        "now": [],
        "points": 0,
        "count": 13,
        "rank": 2,
        "risks": [{"kind": "pair", "share": 0.2, "rank": 2, "makers": []}],
    }
    decision = {"kind": "play", "reason": {"why": risky, "equal": ["JH"]}}
    assert choice_reason(decision).startswith("риск остаётся: если у соперника есть ещё тройка"), decision
    assert equal_text(decision) == "В♥ не хуже"
    scoring = {**risky, "now": ["pair"], "points": 2}
    assert not choice_reason({"kind": "play", "reason": {"why": scoring}}).startswith("риск")


def test_a_score_is_written_as_players_write_it() -> None:
    """«121:104» in Russian (the glossary's form), 121–104 in English."""
    from trainer.i18n.typography import score

    assert score([121, 104], "ru") == "121:104" and score((53, 121), "en") == "53–121"


def test_the_analysis_chart_spaces_its_percentages_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.analysis_board import chart

    monkeypatch.setattr(SETTINGS, "lang", "ru")
    lines = chart([{"win": 0.5}, {"win": 0.8}])  # type: ignore[list-item]
    assert lines[0].startswith("100\u00a0% │") and any(line.startswith(" 50\u00a0% │") for line in lines), (
        lines
    )


def test_a_negative_share_has_a_true_minus_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.coach_words import pct

    monkeypatch.setattr(SETTINGS, "lang", "ru")
    assert pct(-0.005) == "\u22120,5\u00a0%" and pct(0.2) == "20\u00a0%"


def test_a_lurch_is_said_with_what_it_means() -> None:
    from trainer.i18n import t

    assert t("play.result.lurch", "ru", line=61) == "Это лурч: счёт проигравшего ниже 61."
    assert t("play.result.lurch", "en", line=61) == "A lurch: the loser has under 61."


def test_a_review_accuracy_keeps_one_decimal_so_the_column_lines_up() -> None:
    # «90,1 %» above «20 %» read as two formats in one column (reader 6, row 73)
    from trainer.cli.play.play_view import _accuracy

    assert _accuracy(20, "ru") == "20,0\u00a0%" and _accuracy(90.1, "ru") == "90,1\u00a0%"
    assert _accuracy(50, "en") == "50.0%"


def test_the_board_fits_80_columns_with_a_long_name_and_a_two_digit_gain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # «Компьютер ·…· 54 (+14)» was 81 columns and wrapped in `crib games show` (reader 6, row 67)
    import random

    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view
    from trainer.content.rulesets import load_ruleset
    from trainer.engine.game import Game

    game = Game.new(load_ruleset("classic"), rng=random.Random(1))
    monkeypatch.setattr(SETTINGS, "lang", "ru")
    monkeypatch.setattr(play_view, "pegs", lambda g: [(40, 38), (54, 40)])
    lines = play_view.board(game).plain.splitlines()
    assert max(len(line) for line in lines) <= 80, lines
    assert lines[-1].endswith(" 54 (+14)") and lines[-2].endswith("40 (+2)"), lines  # one form on every row


def test_the_coach_writes_a_negative_figure_with_a_true_minus_in_english_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the analysis board printed "6♠: -1.04 on average" under "(−0.72 points)"
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.coach_words import num

    for lang, text in (("en", "\u22121.04"), ("ru", "\u22121,04")):
        monkeypatch.setattr(SETTINGS, "lang", lang)
        assert num(-1.04) == text and num(0.5) in ("0.50", "0,50")


@pytest.mark.parametrize(
    ("four", "lang", "said"),
    [
        (
            False,
            "ru",
            "В крибе флеш засчитывается, только если все четыре карты и стартер одной масти, — 5 очков",
        ),
        (False, "en", "in the crib a flush counts only when all four cards and the starter share a suit: 5"),
        (True, "en", "in the crib four of a suit score 4, five with the starter"),
    ],
)
def test_a_miscounted_crib_flush_states_the_crib_s_rule_not_the_hand_s(
    monkeypatch: pytest.MonkeyPatch, four: bool, lang: str, said: str
) -> None:
    # a reader miscounted a crib and was told «Четыре карты одной масти в руке — 4 очка»
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.play_view import count_words

    monkeypatch.setattr(SETTINGS, "lang", lang)
    reason = {
        "what": "crib",
        "crib_flush_four": four,
        "missed": 0,
        "over": 4,
        "items": [{"kind": "fifteen", "cards": ["5H", "JC"], "points": 2}],
        "by_kind": {"flush": {"claimed": 4, "true": 0}},
    }
    text = count_words({"kind": "count", "best": "2", "choice": "6", "reason": reason})
    assert said in text, text
    assert "в руке" not in text and "in the hand" not in text, text


def test_a_russian_sentence_after_a_label_and_a_colon_goes_on_in_lower_case() -> None:
    # «Подсказка: Посмотрите на пятёрки…» (reader 8): lower case after the colon; a card keeps its rank
    from trainer.i18n.typography import after_colon

    assert after_colon("Посмотрите на пятёрки") == "посмотрите на пятёрки"
    assert after_colon("В♣ и 5♣") == "В♣ и 5♣" and after_colon("ACC") == "ACC"
