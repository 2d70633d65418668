"""End-of-game positions worked by hand, each through `crib advise-peg --score … --json` and at the
table (the live coach's words), for what only the board decides (issue 18, items 2 and 3):

- a sure win: the pone counts first with more than he needs and the dealer cannot peg out, so
  every card is "equally good" and the coach says why ("you count first with 10 sure points");
- the dealer one short: a card that leaves him 31 or a pair gives him the game ("play off: a
  pair gives the dealer 2 and the game");
- the pone who counts first with enough against a dealer who can still peg out: "play off: you
  count first and need 4" (the issue's 4-6-A-J position, where the ace is the lead);
- three players, pegging out in the order of play: 31 now wins, 28 hands the next player 31;
- a game decided whatever is played: the points decide, and the coach says so (never "best"
  for a giveaway because every option loses).
Seat 0 is the player; in the two-player positions he is the pone unless said otherwise."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from typing import Any

import pytest

from trainer.advice.computer import PlayAdvice, advise_play
from trainer.cli.app import main
from trainer.cli.context import SETTINGS
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.game import Game
from trainer.play.coach import grade_play_choice

CLASSIC = load_ruleset("classic")
NEG_ZERO = re.compile(r"[−-]0(?:[.,]0+)?(?![.,]?\d)")


def _json(argv: list[str]) -> Any:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(argv) == 0
    return json.loads(out.getvalue())


def _table(
    scores: tuple[int, ...],
    hands: list[str],
    starter: str,
    plays: list[str],
    *,
    rules=CLASSIC,
    dealer=1,
    crib="",
):  # type: ignore[no-untyped-def]
    game = Game.new(rules, dealer=dealer, scores=scores)
    dealt = [parse_cards(h) for h in hands]
    game.deal_hands(dealt, parse_cards(crib) if crib else ())
    keep = rules.hand_size
    for seat in range(rules.players):
        game.discard(seat, dealt[seat][keep:])
    game.cut(starter=Card.parse(starter))
    for card in plays:
        game.play(Card.parse(card))
    return game


def _coach(game: Game, card: str, lang: str = "en") -> tuple[dict[str, Any], str]:
    from trainer.cli.play import play_view

    decision = grade_play_choice(game, 0, Card.parse(card), advise_play(game, 0)).to_json()
    old = SETTINGS.lang
    SETTINGS.lang = lang
    try:
        text = play_view.coach_text(decision).plain
    finally:
        SETTINGS.lang = old
    assert not NEG_ZERO.search(text) and "{" not in text, text
    return decision, text


# 5-5-J-Q with a 3 cut: four fifteens and a pair, 10 for certain; the dealer at 80 cannot peg 41
SURE = (["5H", "5D", "JC", "QS"], "3S", ["2C", "9D"])


def test_pone_with_ten_sure_points_at_117_wins_with_any_card() -> None:
    hand, starter, thrown = SURE
    argv = ["advise-peg", "--hand", *hand, "--starter", starter, "--discarded", *thrown]
    plays = _json([*argv, "--score", "117:80", "--pone", "--json"])["plays"]
    assert {p["win"] for p in plays} == {1.0} and {p["band"] for p in plays} == {"best"}
    game = _table((117, 80), ["5H 5D JC QS 2C 9D", "AS 2S 7C 7D 9H KC"], starter, [])
    for card in ("5H", "JC", "QS"):
        decision, text = _coach(game, card)
        assert decision["band"] == "best" and decision["win_lost"] == 0.0
        assert "you count first with 10 sure points: any card wins" in text, text
        assert "better" not in text and "equally good" in text, text
    _, ru = _coach(game, "5H", "ru")
    assert "Вы считаете первым, и у вас 10 верных очков: выигрывает любая карта." in ru, ru


def test_a_card_that_leaves_the_dealer_31_or_a_pair_gives_him_the_game() -> None:
    """The dealer at 119 needs 2; 4♠ led, K♥ on it (14). The ace makes fifteen; the 7 leaves 21
    (any ten-card makes 31 and the game), the 2 leaves 16 (another 2 pairs it, 2 and the game).
    At the table the pone is at 115 and his 4-7-A-2 with the 8♠ cut holds 4 for certain, so
    surviving the play may win (at 110 nothing wins: see the last test)."""
    argv = ["advise-peg", "--hand", "7C", "AD", "2H", "--played", "4S", "KH", "--score", "112:119", "--pone"]
    plays = {p["card"]: p for p in _json([*argv, "--json"])["plays"]}
    assert plays["AD"]["win"] > plays["2H"]["win"] > plays["7C"]["win"]
    game = _table((115, 119), ["4S 7C AD 2H QD JD", "KH 5C 8H 10D 6D 3H"], "8S", ["4S", "KH"])
    decision, text = _coach(game, "7C")
    assert decision["best"] == "AD" and decision["band"] != "best"
    assert "play off: 31 gives the dealer 2 and the game" in text, text
    assert "7♣ makes 21: a ten-card then makes 31 for 2 (" in text and "unseen, risk " in text, text
    decision, text = _coach(game, "2H")
    assert "play off: a pair gives the dealer 2 and the game" in text, text
    _, ru = _coach(game, "2H", "ru")
    assert "Не рискуйте: пара принесёт сдающему 2 очка и партию" in ru, ru


def test_the_pone_who_counts_first_with_enough_plays_off() -> None:
    """The issue's position: pone at 117 needs 4 and holds 4 for certain (6-9 and J-4-A with the
    9♦ cut); the dealer at 117 needs 4 too, and pegs it only if the play gives him points, so
    the pone plays off: the ace, with no fifteen on it, not the jack that invites a 5."""
    argv = ["advise-peg", "--hand", "4C", "6S", "AD", "JS", "--starter", "9D", "--discarded", "9H", "3C"]
    plays = _json([*argv, "--score", "117:117", "--pone", "--json"])["plays"]
    assert plays[0]["card"] == "AD" and plays[0]["win"] > max(p["win"] for p in plays[1:])
    game = _table((117, 117), ["4C 6S AD JS 9H 3C", "2D 5C 8H 10D KH QH"], "9D", [])
    decision, text = _coach(game, "JS")
    assert decision["best"] == "AD" and decision["basis"] == "win" and decision["band"] != "best"
    assert "play off: you count first and need 4" in text, text
    _, ru = _coach(game, "JS", "ru")
    assert "Не рискуйте: вы считаете первым, и вам нужно всего 4" in ru, ru


def test_three_players_peg_out_in_the_order_of_play() -> None:
    """Three players to 61, the dealer on seat 2; 10♥ (the player), 6♦ (left), K♣ (right): 26.
    The player at 59 makes 31 with the 5 and the game; the 2 leaves 28, and the player on the
    left, also at 59 and next to play, holds the 3 that makes 31 and the game."""
    three = load_ruleset("three-player")
    argv = ["advise-peg", "-r", "three-player", "--hand", "5C", "2D", "8S", "--played", "10H", "6D", "KC"]
    plays = _json([*argv, "--others", "3,3", "--last", "2", "--json"])["plays"]
    assert plays[0]["card"] == "5C"
    hands = ["10H 5C 2D 8S 9S", "6D 3C 4H 7H AC", "KC QS 7S 8C JD"]
    game = _table((59, 59, 40), hands, "2S", ["10H", "6D", "KC"], rules=three, dealer=2, crib="AH")
    decision, text = _coach(game, "2D")
    assert decision["best"] == "5C" and decision["band"] != "best" and decision["basis"] == "win"
    assert "better: play 5♣ — it makes 31 for 2" in text, text  # the card named once
    # the figure is pegging out first less being pegged out: said in words, never as "−10% of cases"
    assert "It gives your side the better chance to peg out first." in text and "of cases" not in text, text
    _, ru = _coach(game, "2D", "ru")
    assert "Так у вас больше шансов первым выйти на финиш." in ru and "случаев" not in ru, ru
    best, _ = _coach(game, "5C")
    assert best["band"] == "best"


def test_a_game_decided_whatever_is_played_is_judged_by_points_and_says_so() -> None:
    """Every card loses (all chances 0): the coach must not call a 5-point giveaway "best"."""
    game = _table((60, 119), ["5S 10H JD QC AS 3S", "4H 9C KD 6C 2D 8D"], "2S", [])
    advice = advise_play(game, 0)
    lost = PlayAdvice(advice.advice, dict.fromkeys(advice.win, 0.0), "win")
    worst = advice.advice[-1]
    decision = grade_play_choice(game, 0, worst.card, lost).to_json()
    assert decision["basis"] == "ev" and decision["win_lost"] is None
    assert decision["ev_lost"] > 0 and decision["band"] != "best"
    assert decision["best"] == str(advice.advice[0].card)
    from trainer.cli.play import play_view

    text = play_view.coach_text(decision).plain
    assert "the game is lost whatever you choose: judged by points" in text and "better: play" in text
    same = PlayAdvice(advice.advice, dict.fromkeys(advice.win, 0.4), "win")
    text = play_view.coach_text(grade_play_choice(game, 0, worst.card, same).to_json()).plain
    assert "every choice gives the same chance to win (40%): judged by points" in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_board_words_exist_in_both_languages(lang: str) -> None:
    from trainer.i18n import has, t

    for key in ("won", "lost", "same", "first", "what.pair", "what.31", "role.dealer", "role.pone"):
        assert has(f"coach.board.{key}") and t(f"coach.board.{key}", lang, need=4, pct="5%")


def test_a_sure_win_at_the_discard_is_equally_good_and_says_the_game_is_won() -> None:
    """Pone at 119 with four fives and two kings: every keep holds 2 and he counts first; through
    `crib discard --score --json` every option wins, and at the table every keep is best."""
    from trainer.advice.computer import advise_discard
    from trainer.cli.play import play_view
    from trainer.play.coach import grade_discard_choice

    hand = ["5H", "5D", "5S", "5C", "KH", "QD"]
    options = _json(["discard", *hand, "--score", "119:60", "--pone", "--json"])["options"]
    assert {o["win"] for o in options} == {1.0}
    game = Game.new(CLASSIC, dealer=1, scores=(119, 60))
    game.deal_hands([parse_cards(" ".join(hand)), parse_cards("AS 2S 7C 7D 9H JC")])
    advice = advise_discard(game, 0)
    for option in advice.options:
        decision = grade_discard_choice(game, 0, option.discard, advice).to_json()
        text = play_view.coach_text(decision).plain
        assert decision["band"] == "best" and "equally good" in text and "better" not in text, text
        assert text.rstrip().endswith("the game is won whatever you choose"), text


def test_the_issues_pone_at_117_with_8_sure_points_leads_anything() -> None:
    """The issue's position: the pone at 117 needs 4 and holds 8 for certain (3-3-6-6 with the K♥
    cut: two fifteens and two pairs); the dealer, far behind at 90, cannot peg 31, and the pone
    counts first. Leading 3♦ was called a "mistake (−5% chance to win)"; every card wins."""
    argv = ["advise-peg", "--hand", "3D", "3C", "6H", "6S", "--starter", "KH", "--discarded", "2C", "9D"]
    plays = _json([*argv, "--score", "117:90", "--pone", "--json"])["plays"]
    assert {p["win"] for p in plays} == {1.0} and {p["band"] for p in plays} == {"best"}
    assert {p["win_lost"] for p in plays} == {0.0}
    game = _table((117, 90), ["3D 3C 6H 6S 2C 9D", "AS 4S 7C 8D 10H QC"], "KH", [])
    for card in ("3D", "6H"):
        decision, text = _coach(game, card)
        assert decision["band"] == "best" and decision["win_lost"] == 0.0, decision
        assert "you count first with 8 sure points: any card wins" in text, text
        assert "mistake" not in text and "better" not in text and "equally good" in text, text
    _, ru = _coach(game, "3D", "ru")
    assert "Вы считаете первым, и у вас 8 верных очков: выигрывает любая карта." in ru, ru


@pytest.mark.parametrize(
    ("value", "en", "ru"),
    [
        (0.0004, "under 0.1%", "меньше 0,1\u00a0%"),
        (0.004, "0.4%", "0,4\u00a0%"),
        (0.39, "39%", "39\u00a0%"),
        (0.996, "99.6%", "99,6\u00a0%"),
        (0.9996, "over 99.9%", "больше 99,9\u00a0%"),
        (1.0, "100%", "100\u00a0%"),
        (0.0, "0%", "0\u00a0%"),
    ],
)
def test_a_share_is_never_rounded_to_a_false_certainty(value: float, en: str, ru: str) -> None:
    """The coach's shares: a chance that is not nothing is never "0%", one short of certain never
    "100%", and a share is never negative (the costs are never negative either)."""
    from trainer.cli.play.coach_words import pct

    old = SETTINGS.lang
    try:
        SETTINGS.lang = "en"
        assert pct(value) == en
        SETTINGS.lang = "ru"
        assert pct(value) == ru
    finally:
        SETTINGS.lang = old
