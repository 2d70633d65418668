"""The first hint at the lead is about the hand held (issue 18): "a card under 5 cannot be made 15"
to a hand with no card under 5 taught nothing. The game's `?` and the pegging drill's say the
same, naming the held cards, in English and in Russian."""

from __future__ import annotations

import pytest

from trainer.cli.drill.drill_runner import hint_text
from trainer.content.rulesets import load_ruleset
from trainer.drills.hints import play_idea
from trainer.drills.kinds import hints
from trainer.drills.model import Question
from trainer.engine.cards import parse_cards
from trainer.engine.pegging import PeggingState

CLASSIC = load_ruleset("classic")


def _lead(hand: str) -> PeggingState:
    return PeggingState.start([parse_cards(hand), parse_cards("2S 6D 7D 8S")], leader=0)


def _lead_question(hand: str) -> Question:
    return Question(
        kind="peg",
        form="play",
        ruleset="classic",
        data={
            "hand": hand.split(),
            "series": [],
            "by": [],
            "count": 0,
            "opponent_go": [False],
            "opponent_cards": [4],
            "earlier": [],
            "starter": "QS",
            "discards": ["2C", "3D"],
        },
    )


@pytest.mark.parametrize(
    ("hand", "idea", "named"),
    [
        ("3H 9C JD KS", "lead_low", "3H"),  # one card under 5: that card
        ("AC 4D 9C KS", "lead_low", "AC 4D"),
        ("7H 7C 9D KS", "lead_pair", "7H 7C"),  # no card under 5: lead from the pair
        ("5H 5C 9D KS", "lead_high_five", ""),  # a pair of fives is no pair to lead from
        ("6H 8C 9D KS", "lead_high", ""),
    ],
)
def test_the_lead_idea_follows_the_cards_held(hand: str, idea: str, named: str) -> None:
    kind, cards = play_idea(parse_cards(hand), (), 0)
    assert kind == idea
    assert [str(c) for c in cards] == named.split()


def test_no_hint_speaks_of_a_card_under_5_the_player_does_not_hold() -> None:
    for hand, lang, absent in (
        ("6H 8C 9D KS", "en", "a card under 5 cannot"),
        ("6H 8C 9D KS", "ru", "к карте меньше пятёрки"),
        ("5H 7C 9D KS", "en", "a card under 5 cannot"),
    ):
        first = hint_text(hints(_lead_question(hand), ruleset=CLASSIC)[0], lang)
        assert absent not in first, first
        assert ("no card under 5" in first) if lang == "en" else ("карт меньше пятёрки нет" in first)
    five = hint_text(hints(_lead_question("5H 7C 9D KS"), ruleset=CLASSIC)[0], "en")
    assert "keep the 5 back" in five


def test_a_low_card_is_named_in_the_drill_and_at_the_table() -> None:
    from trainer.cli.play.play_view import hint_text as table_hint
    from trainer.play.hints import play_idea as table_idea

    drill = hint_text(hints(_lead_question("3H 9C JD KS"), ruleset=CLASSIC)[0], "en")
    assert "is under 5, so no single card makes 15 on it" in drill and "3" in drill
    peg = _lead("3H 9C JD KS")
    data = table_idea(peg, 0)
    assert data["idea"] == "lead_low" and data["cards"] == ["3H"]
    assert "is under 5, so no single card makes 15 on it" in table_hint(data).plain
    two = table_idea(_lead("AC 4D 9C KS"), 0)
    assert "are under 5" in table_hint(two).plain


def test_the_russian_low_card_hint_takes_the_plural_of_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.play_view import hint_text as table_hint
    from trainer.play.hints import play_idea as table_idea

    monkeypatch.setattr(SETTINGS, "lang", "ru")
    one = table_idea(_lead("3H 9C JD KS"), 0)
    two = table_idea(_lead("AC 4D 9C KS"), 0)
    assert "к ней одной картой 15 не добрать" in table_hint(one).plain
    assert "ни к одной из них" in table_hint(two).plain


# ----------------------------------------------------------------------------- the discard idea


@pytest.mark.parametrize(
    ("hand", "own", "best", "idea", "named"),
    [
        ("6S 8S QS 8H 3C 2S", True, "3C 2S", "own_crib_cards", "8S 8H"),  # the pair, not "a 5"
        ("AS 3D 7C 8H JD KS", True, "AS KS", "own_crib_touch", ""),  # no 5 or pair: 7-8 touch
        ("AS 3D 7C 9H JD KS", True, "AS KS", "own_crib_nothing", ""),  # nothing touches or makes 15
        ("AS 3D 7C 9H JD 5S", True, "AS 3D", "own_crib_cards", "5S"),
        ("10D QS 10S KS KC QC", False, "KS KC", "their_crib_keep", ""),  # 10-Q is safe, yet the K pair goes
        ("5H 5D 5S 5C 10D 10S", False, "10D 10S", "their_crib_no_safe", ""),
        ("7H 8D 9S KH KC 2D", False, "KH 2D", "their_crib", ""),
    ],
)
def test_the_discard_idea_is_about_the_hand_and_the_best_throw(
    hand: str, own: bool, best: str, idea: str, named: str
) -> None:
    from trainer.drills.hints import discard_idea

    kind, cards = discard_idea(parse_cards(hand), own_crib=own, best=parse_cards(best))
    assert (kind, [str(c) for c in cards]) == (idea, named.split())


def test_no_discard_hint_says_no_pair_before_an_answer_that_throws_one() -> None:
    pone = {"hand": ["10D", "QS", "10S", "KS", "KC", "QC"], "dealer": False}
    q = Question(kind="discard", form="", ruleset="classic", data=pone)
    steps = [hint_text(h, "en") for h in hints(q, ruleset=CLASSIC)]
    assert "no pair" not in steps[0] and "what you keep is worth more" in steps[0]
    assert "K" in steps[2].split("—")[0]  # the answer throws the kings
    data = {"hand": ["6S", "8S", "QS", "8H", "3C", "2S"], "dealer": True}
    mine = Question(kind="discard", form="", ruleset="classic", data=data)
    first = hint_text(hints(mine, ruleset=CLASSIC)[0], "ru")
    assert "пятёрк" not in first.split(". ", 1)[1].split("(")[0] and "и на руке, и в крибе" in first


@pytest.mark.parametrize(("played", "hand", "made"), [("AC", "4D 9C KS", 15), ("QH 8C", "3D 9C KS", 31)])
def test_the_count_that_invites_a_ten_card_says_what_it_makes(played: str, hand: str, made: int) -> None:
    from trainer.cli.play.play_view import hint_text as table_hint
    from trainer.play.hints import play_idea as table_idea

    series = parse_cards(played)
    peg = PeggingState(
        hands=(parse_cards(hand), parse_cards("2S 6D 7D")),
        turn=0,
        count=sum(c.value for c in series),
        series=series,
        last_player=1,
    )
    data = table_idea(peg, 0)
    assert data["idea"] == "invites" and data["made"] == made
    text = table_hint(data).plain
    assert f"a ten-card ({made} for the next player)" in text and "15 or 31" not in text


def test_candidates_of_one_rank_say_there_is_nothing_to_weigh() -> None:
    from trainer.cli.play.play_view import hint_text as table_hint

    data = {"step": "candidates", "kind": "play", "candidates": [{"card": "9H", "ev": 0.81}]}
    text = table_hint(data).plain
    assert "nothing to weigh: every card you can play is the same rank, 9♥ (0.81 points on average)." in text
    assert "worth weighing" not in text
