"""A fluent reader's fixes to the coach's Russian (8/10 review, part one): the discard hint
agrees with the number of cards it names, fifteens are said in one pattern, a comparison of
discards says whose hand and which crib. Each test fails on the old wording."""

from __future__ import annotations

import pytest

from trainer.cli.play import play_view
from trainer.drills.discard_drill import hints as discard_hints
from trainer.i18n.reasons import held_words


@pytest.fixture
def ru(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(play_view, "lang", lambda: "ru")
    return "ru"


def _idea(cards: list[str]) -> str:
    data = {"kind": "discard", "step": "idea", "idea": "own_crib_cards", "cards": cards}
    return play_view.hint_text(data).plain


def test_the_own_crib_hint_agrees_with_one_card(ru: str) -> None:
    """«5♦ принесёт очки … где эта карта ценнее», not «5♦ принесут … где они ценнее»."""
    one = _idea(["5D"])
    assert "5♦ принесёт очки и на руке, и в крибе — подумайте, где эта карта ценнее." in one, one
    assert "принесут" not in one and "они" not in one
    two = _idea(["8S", "8H"])
    assert "принесут очки и на руке, и в крибе — подумайте, где они ценнее." in two, two


def test_the_discard_drill_hint_agrees_with_the_number_of_cards() -> None:
    """The drill's first hint is the game's: one card «принесёт», two or more «принесут»."""
    from itertools import islice

    from trainer.cli.drill.drill_runner import hint_text
    from trainer.content.rulesets import load_ruleset
    from trainer.drills.generators import DrillSpec, stream

    classic = load_ruleset("classic")
    seen: dict[int, str] = {}
    for seed in range(1, 80):
        spec = DrillSpec(drills=("discard",), ruleset=classic, level="intermediate", seed=seed)
        first = discard_hints(next(islice(stream(spec), 1)), ruleset=classic)[0]
        if first.key.endswith("own_crib_cards"):
            seen.setdefault(1 if first.n == 1 else 2, hint_text(first, "ru"))
        if len(seen) == 2:
            break
    assert set(seen) == {1, 2}, seen
    assert "принесёт очки" in seen[1] and "где эта карта ценнее" in seen[1], seen[1]
    assert "принесут очки" in seen[2] and "где они ценнее" in seen[2], seen[2]


@pytest.mark.parametrize(
    ("shape", "text"),
    [
        ({"fifteens": 1, "points": 2}, "уже 2 очка: один раз 15"),
        ({"run": 3, "fifteens": 1, "points": 5}, "уже 5 очков: последовательность из трёх и один раз 15"),
        ({"fifteens": 2, "flush": 1, "points": 8}, "уже 8 очков: дважды по 15 и флеш из четырёх"),
        ({"fifteens": 3, "points": 6}, "уже 6 очков: 3 раза по 15"),
    ],
)
def test_fifteens_are_said_in_one_pattern(shape: dict[str, int], text: str) -> None:
    said = held_words(shape, "ru")
    assert said == "без стартера " + text
    assert "сумма 15" not in said and "2 раза" not in said


def test_a_worse_discard_says_whose_hand_and_which_crib() -> None:
    from trainer.i18n.reasons import discard_compare

    shape = {"fifteens": 1, "points": 2}
    best = {"keep": ["AS", "4D", "8C", "KH"], "shape": shape, "hand_ev": 8.0, "crib": 2.0}
    mine = dict(best, hand_ev=4.87, crib=-1.39)  # weaker hand, stronger opponent's crib
    text = discard_compare(best, mine, "ru")
    assert "при вашем сбросе на руке остаются Т, 4, 8, К (без стартера уже 2 очка: один раз 15): " in text
    assert "рука в среднем слабее на 3,13 очка, а криб соперника сильнее на 3,39 очка" in text, text
    better_hand = dict(best, hand_ev=8.41, crib=-1.32)
    text = discard_compare(best, better_hand, "ru")
    assert "рука в среднем сильнее на 0,41 очка, но криб соперника сильнее на 3,32 очка" in text, text


def test_a_play_comparison_is_said_in_whole_sentences_without_two_colons(ru: str) -> None:
    """«Чуть лучше сыграть Т♥. После 4♦, если у соперника…», not «…Т♥: после 4♦: если…»."""
    from trainer.advice.reasons import PegReason, Risk
    from trainer.cli.play import coach_words

    best = PegReason(now=(), points=0, count=5, rank=0, risks=(Risk("15", 0.03, 0),))
    mine = PegReason(now=(), points=0, count=8, rank=3, risks=(Risk("pair", 0.07, 3),))
    decision = {
        "kind": "play",
        "band": "near_best",
        "best": "AH",
        "choice": "4D",
        "basis": "points",
        "reason": {"why": best.to_json(), "mine": mine.to_json()},
    }
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coach_words, "_lang", lambda: "ru")
        text = play_view.better_text(decision).plain
    assert ". После 4♦, если у соперника есть ещё четвёрка, он сделает пару и получит 2 очка" in text, text
    assert ": после" not in text and "♦: если" not in text


def test_the_played_card_and_the_rest_are_sentences_of_their_own() -> None:
    """«…(риск 16 %). После вашего хода 3♦ сумма станет 13… И всё же Т♦ выгоднее: с учётом всех
    оставшихся ходов…», not «…; ваш ход 3♦: сумма станет 13…; и всё же…: если просчитать…»."""
    from trainer.advice.reasons import PegReason, Risk
    from trainer.i18n.reasons import word_compare

    best = PegReason(now=(), points=0, count=5, rank=0, risks=(Risk("pair", 0.16, 0),))
    mine = PegReason(now=(), points=0, count=13, rank=2, risks=())
    text = word_compare(best, mine, best_card="Т♦", mine_card="3♦", lang="ru", named=True)
    assert "(риск 16\u00a0%). После вашего хода 3♦ сумма станет 13, и " in text, text
    rest = ". И всё же Т♦ выгоднее: с учётом всех оставшихся ходов этот ход в среднем приносит больше"
    assert text.endswith(rest), text
    assert "ваш ход 3♦:" not in text and ";" not in text
    pair = PegReason(now=(), points=0, count=8, rank=2, risks=(Risk("pair", 0.1, 2),))
    text = word_compare(best, pair, best_card="Т♦", mine_card="3♦", lang="ru", named=True)
    assert "После вашего хода 3♦, если у соперника есть ещё тройка" in text, text
    english = word_compare(best, mine, best_card="A♦", mine_card="3♦", lang="en", named=True)
    assert "; yours, 3♦: " in english  # English keeps its one sentence


def test_a_wrong_kind_states_the_rule_as_its_own_sentence(ru: str) -> None:
    """«Пары дают 0 очков, а не 2: пар здесь нет. Каждая пара — 2 очка; три карты одного ранга —
    это три пары (королевская пара).», without brackets inside brackets or «одинаковые»."""
    text = play_view._kind_wrong("pair", {"true": 0, "claimed": 2}, [])
    assert text == (
        "Пары дают 0 очков, а не 2: пар здесь нет. Каждая пара — 2 очка; три карты одного ранга —"
        " это три пары (королевская пара)."
    ), text


def test_the_deal_headers_say_who_deals_with_a_verb(ru: str) -> None:
    """«Сдача 2 — сдаёт компьютер», «Жеребьёвка сдающего: у вас В♣, у компьютера К♥»."""
    from trainer.content.rulesets import load_ruleset
    from trainer.i18n import t

    rules = load_ruleset("classic")
    inside = play_view.seat_names(rules, "ru", form="seat_in")
    assert t("play.deal.title", "ru", n=2, dealer=inside[1]) == "Сдача 2 — сдаёт компьютер"
    assert play_view.seat_names(rules, "ru", form="seat_at") == ["у вас", "у компьютера"]
    assert t("play.draw.deals", "ru", name=inside[1]) == "первым сдаёт компьютер"
    assert play_view.seat_names(rules, "en") == ["You", "Computer"]  # the labels stay
    assert t("play.deal.title", "en", n=2, dealer=play_view.seat_names(rules, "en", form="seat_in")[1]) == (
        "Deal 2 — Computer deals"
    )


def test_a_wrong_claim_in_the_live_game_is_counted_aloud_once() -> None:
    """The live coach says «Считаем: пятнадцать два, …» right after, so your show's line keeps
    the figures only; the replay and a quiet game keep the count on the line."""
    from trainer.cli.play.game import _describe
    from trainer.content.rulesets import load_ruleset
    from trainer.engine.cards import Card, parse_cards
    from trainer.engine.events import ShowEvent
    from trainer.engine.scoring import score_show

    hand, starter = parse_cards("8D 10S 5C 9H"), Card.parse("7C")
    breakdown = score_show(hand, starter, is_crib=False, ruleset=load_ruleset("classic"))
    show = ShowEvent(seat=0, what="hand", cards=hand, starter=starter, breakdown=breakdown, claimed=7)
    live = _describe(show, ("Вы", "Компьютер"), "ru", voice="you", counted=True).plain
    assert live.endswith(": заявлено 7 очков, а на самом деле 8"), live
    assert "пятнадцать" not in live
    quiet = _describe(show, ("Вы", "Компьютер"), "ru", voice="you").plain
    assert "а на самом деле 8 (пятнадцать два" in quiet


def test_the_last_discard_hint_lays_away_and_ends_with_a_full_stop(ru: str) -> None:
    """«Подсказка: отложите в криб 4♦ 7♠ и оставьте Т♣ 3♠ 3♥ Т♥: в среднем 11,27 очка с учётом
    криба.» (the glossary's «отложить в криб»; a sentence, like the two hints before it)."""
    data = {"kind": "discard", "step": "answer", "best": ["4D", "7S"], "keep": "9C 3S 3H 9H", "ev": 11.27}
    text = play_view.hint_text(data).plain
    said = "отложите в криб 4♦ 7♠ и оставьте 9♣ 3♠ 3♥ 9♥: в среднем 11,27 очка с учётом криба."
    assert text.endswith(said), text
    assert "сбросьте" not in text and " — " not in text


def test_the_best_move_line_has_a_subject() -> None:
    """Under «Тренер: лучший ход» the reason is a line of its own: «Эта карта доводит сумму до 15
    (2 очка), но если…», not «Доводит сумму до 15…» with no subject."""
    from trainer.advice.reasons import PegReason, Risk
    from trainer.cli.play import coach_words

    jack = PegReason(now=("15",), points=2, count=15, rank=10, risks=(Risk("pair", 0.1, 10),))
    decision = {"kind": "play", "reason": {"mine": jack.to_json()}}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coach_words, "_lang", lambda: "ru")
        said = coach_words.choice_reason(decision)
        patch.setattr(coach_words, "_lang", lambda: "en")
        english = coach_words.choice_reason(decision)
    assert said.startswith("эта карта доводит сумму до 15 (2 очка), но если"), said
    assert english.startswith("makes 15"), english


def test_the_review_says_each_costly_discard_as_a_sentence(ru: str) -> None:
    """«Самые дорогие решения»: «Лучше отложить 8♣ 9♣ — ….», as the count line below it."""
    from rich.console import Console

    mistake = {
        "deal": 1,
        "kind": "discard",
        "choice": "4D 9S",
        "best": "8C 9C",
        "band": "blunder",
        "ev_lost": 3.4,
        "basis": "points",
        "reason": {},
    }
    review = {"accuracy": {}, "lost_per_deal": [], "mistakes": [mistake], "cuts": []}
    out = Console(width=200, record=True, color_system=None)
    play_view.review_view(review, out=out)  # type: ignore[arg-type]
    line = next(x for x in out.export_text().splitlines() if "отложить" in x)
    assert line.strip().startswith("Лучше отложить 8♣ 9♣") and line.rstrip().endswith("."), line
