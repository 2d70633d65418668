"""A fluent Russian reader's notes on the play coach (follow-up to issue 18):

1. a worse card that scores nothing but opens a danger: the danger is named with its odds even
   when the advised card, which scores now, leaves a danger of its own («…а 4♠ не приносит
   очков. После 4♠ сумма 12: если у соперника тройка…»);
2. the advised card is named once: «Лучше сыграть 7♦: она доводит сумму до 15…», "better: play
   7♦ — it makes 15 for 2", never «Лучше сыграть 7♦. 7♦ доводит…»;
3. three players near the end: the cost line gives the player's chance to peg out first (and
   the other sides'), each 0–100 %, never the peg-out balance read as "−152.7% chance to win".
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from trainer.advice.computer import advise_play
from trainer.advice.pegging import advise_peg
from trainer.advice.reasons import PegReason, Risk, unseen_by_rank
from trainer.cli.context import SETTINGS
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.game import Game
from trainer.i18n.reasons import compare_after_name, word_compare
from trainer.play.coach import grade_play_choice

sys.path.insert(0, str(Path(__file__).parent))
from test_endgame_board_reasons import _coach, _table

CLASSIC = load_ruleset("classic")
THREE = load_ruleset("three-player")


def _nine_four() -> tuple[Any, Any, list[int]]:
    """The opponent leads 8♣ (starter 6♦); the player holds 9♣ 4♠ 9♠ 7♦. 7♦ makes 15 for 2 (and
    leaves a run and a pair: 30 %); 4♠ makes 12, where a 3 makes 15 (21 %) and a 4 pairs it."""
    advice = advise_peg(
        parse_cards("9C 4S 9S 7D"), ruleset=CLASSIC, played=parse_cards("8C"), starter=Card.parse("6D")
    )
    best = advice[0]
    mine = next(a for a in advice if str(a.card) == "4S")
    assert str(best.card) == "7D" and best.ev > mine.ev
    unseen = unseen_by_rank(parse_cards("9C 4S 9S 7D 8C 6D"))
    return best.why, mine.why, unseen


def test_a_card_that_scores_nothing_names_the_danger_it_opens() -> None:
    best, mine, unseen = _nine_four()
    assert best.points == 2 and mine.points == 0 and mine.risks
    assert max(r.share for r in mine.risks) < max(r.share for r in best.risks)  # the old rule left it out
    en = word_compare(best, mine, best_card="7♦", mine_card="4♠", unseen=unseen)
    assert en.startswith("7♦ makes 15 for 2; 4♠ scores nothing; "), en
    assert "4♠ makes 12: a 3 then makes 15 for 2 (4 of 46 unseen, risk 21%)" in en, en
    ru = word_compare(best, mine, best_card="7♦", mine_card="4♠", unseen=unseen, lang="ru")
    assert ru.startswith("7♦ доводит сумму до 15 (2 очка), а 4♠ не приносит очков. После 4♠ сумма 12: "), ru
    assert (
        "если у соперника тройка, он доберёт до 15 и получит 2 очка (опасных карт 4 из 46 неизвестных:"
        " вероятность такого ответа 21\u00a0%)" in ru
    ), ru


def test_the_advised_card_scoring_now_is_named_once() -> None:
    best, mine, unseen = _nine_four()
    ru, subject = compare_after_name(best, mine, best_card="7♦", mine_card="4♠", unseen=unseen, lang="ru")
    assert subject and ru.startswith("она доводит сумму до 15 (2 очка), а 4♠ не приносит очков."), ru
    assert "7♦" not in ru, ru
    en, subject = compare_after_name(best, mine, best_card="7♦", mine_card="4♠", unseen=unseen)
    assert subject and en.startswith("it makes 15 for 2; 4♠ scores nothing"), en
    # a king is «он»
    king = PegReason(now=("15",), points=2, count=15, rank=12)
    ru, _ = compare_after_name(king, mine, best_card="К♣", mine_card="4♠", lang="ru")
    assert ru.startswith("он доводит сумму до 15"), ru


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_branch_after_the_name_reads_as_one_sentence(lang: str) -> None:
    nine = PegReason(now=(), points=0, count=21, rank=8, risks=(Risk("31", 0.62, 8),))
    six = PegReason(now=(), points=0, count=18, rank=5, risks=(Risk("pair", 0.2, 5),))
    a = PegReason(now=(), points=0, count=6, rank=4, risks=(Risk("15", 0.2, 4),))
    b = PegReason(now=(), points=0, count=10, rank=8, risks=(Risk("pair", 0.2, 8),))
    ten = PegReason(now=(), points=0, count=25, rank=9, risks=(Risk("31", 0.25, 9),))
    four = PegReason(now=(), points=0, count=19, rank=3, risks=(Risk("pair", 0.2, 3),))
    # safer: the played card's danger comes first, and the advised card is named after it
    safer, subject = compare_after_name(six, nine, best_card="6♥", mine_card="9♠", lang=lang)
    assert not subject and safer.index("9♠") < safer.index("6♥"), safer
    # same risk: the advised card not named again at all
    same, subject = compare_after_name(b, a, best_card="9♥", mine_card="5♣", lang=lang)
    assert subject and "9♥" not in same and "5♣" in same, same
    expected = {
        "en": "the same risk as 5♣ (20%), but it plays on better",
        "ru": "риск тот же, что и после 5♣ (20\u00a0%), но дальше розыгрыш пойдёт выгоднее",
    }
    assert same == expected[lang], same
    # plays on better (neither count explains it): the card's own reason, without its name
    own, subject = compare_after_name(ten, four, best_card="10♣", mine_card="4♠", lang=lang)
    assert subject and not own.startswith("10♣"), own


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_coach_line_names_the_advised_card_once(lang: str) -> None:
    hands = ["10H 5C 2D 8S 9S", "6D 3C 4H 7H AC", "KC QS 7S 8C JD"]
    game = _table((59, 59, 40), hands, "2S", ["10H", "6D", "KC"], rules=THREE, dealer=2, crib="AH")
    _, text = _coach(game, "2D", lang)
    if lang == "en":
        assert "better: play 5♣ — it makes 31 for 2; 2♦ scores nothing" in text, text
    else:
        assert "Лучше сыграть 5♣: она доводит сумму до 31 (2 очка), а 2♦ не приносит очков." in text, text
    assert "5♣. 5♣" not in text and "5♣ — 5♣" not in text, text


PERCENT = re.compile(r"(\d+(?:[.,]\d+)?)\s?%")


def _positions(count: int) -> list[Game]:
    """Three-player games near the end (every seat within 12 of 61), the player (seat 0) to play,
    at the lead or after one round of cards."""
    games: list[Game] = []
    rng = random.Random(7)
    while len(games) < count:
        deck = list(full_deck())
        rng.shuffle(deck)
        hands = [deck[i * 5 : i * 5 + 5] for i in range(3)]
        game = Game.new(THREE, dealer=2, scores=tuple(rng.randint(49, 59) for _ in range(3)))
        game.deal_hands(hands, [deck[15]])
        for seat in range(3):
            game.discard(seat, hands[seat][4:])
        game.cut(starter=deck[16])
        for _ in range(rng.choice((0, 3))):
            peg = game.pegging
            assert peg is not None
            legal = peg.legal_plays()
            if not legal or game.is_over:
                break
            game.play(rng.choice(legal))
        peg = game.pegging
        if game.is_over or peg is None or peg.turn != 0 or len({c.rank for c in peg.legal_plays(0)}) < 2:
            continue
        games.append(game)
    return games


def test_three_players_never_show_a_chance_above_100_percent() -> None:
    from trainer.cli.play import play_view
    from trainer.cli.play.coach_words import cost_text

    seen_out = 0
    old = SETTINGS.lang
    try:
        for game in _positions(24):
            peg = game.pegging
            assert peg is not None
            advice = advise_play(game, 0)
            for card in {c.rank: c for c in peg.legal_plays(0)}.values():
                decision = grade_play_choice(game, 0, card, advice).to_json()
                if decision["reason"].get("chance_of") != "out" or decision["basis"] != "win":
                    continue
                seen_out += 1
                for lang in ("en", "ru"):
                    SETTINGS.lang = lang
                    cost = cost_text(decision)
                    line = play_view.coach_text(decision).plain
                    figures = [float(x.replace(",", ".")) for x in PERCENT.findall(line)]
                    assert all(0 <= f <= 100 for f in figures), line
                    assert "chance to win" not in cost and "на победу" not in cost, cost
    finally:
        SETTINGS.lang = old
    assert seen_out >= 10, seen_out  # enough positions judged by pegging out first


def test_the_three_player_cost_line_gives_each_sides_chance_to_peg_out_first() -> None:
    hands = ["10H 5C 2D 8S 9S", "6D 3C 4H 7H AC", "KC QS 7S 8C JD"]
    game = _table((59, 59, 40), hands, "2S", ["10H", "6D", "KC"], rules=THREE, dealer=2, crib="AH")
    decision, text = _coach(game, "2D")
    assert decision["win_lost"] > 1  # the balance's difference: not a share of games
    reason = decision["reason"]
    assert reason["best_out_first"] == 1.0 and 0 <= reason["out_first"] <= 1
    assert "152.7%" not in text and "chance to win" not in text, text
    assert "−80% chance to peg out first, +73% chance another side pegs out first, −4.40 points" in text, text
    _, ru = _coach(game, "2D", "ru")
    assert (
        "шанс первым выйти на финиш на 80\u00a0% ниже, у соперников шанс выйти первыми на 73\u00a0% выше"
        in ru
    ), ru
    assert "152,7" not in ru and "на победу" not in ru, ru


@pytest.mark.parametrize(
    ("reason", "win_lost", "en", "ru"),
    [
        # the best card by pegging out first, which costs points: no figure of the balance (−30 %)
        (
            {
                "chance_of": "out",
                "chance": -0.3,
                "best_chance": -0.3,
                "out_first": 0.2,
                "best_out_first": 0.2,
            },
            0.0,
            "(the best chance to peg out first, at the price of 1.50 points on average)",
            "(лучший шанс первым выйти на финиш, хотя очков в среднем на 1,50 меньше)",
        ),
        # a game kept before the shares were stored: said without a figure
        (
            {"chance_of": "out", "chance": -0.6, "best_chance": 0.9},
            1.5,
            "(a lower chance to peg out first, −1.50 points)",
            "(меньше шансов первым выйти на финиш, −1,50 очка)",
        ),
    ],
)
def test_a_three_player_cost_never_reads_the_balance_as_a_chance(
    reason: dict[str, Any], win_lost: float, en: str, ru: str
) -> None:
    from trainer.cli.play.coach_words import cost_text

    decision = {"basis": "win", "kind": "play", "win_lost": win_lost, "ev_lost": 1.5, "reason": reason}
    old = SETTINGS.lang
    try:
        for lang, expected in (("en", en), ("ru", ru)):
            SETTINGS.lang = lang
            assert cost_text(decision) == expected
    finally:
        SETTINGS.lang = old
