"""Lines of `crib play` a strong player reads at the table (issue 18, played through): a short
count reads as what was claimed and then the true count, never the right count said aloud
followed by "claimed 7 points"."""

from __future__ import annotations

import pytest

from trainer.cli.play.game import _describe
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.events import ShowEvent
from trainer.engine.scoring import score_show

CLASSIC = load_ruleset("classic")


def _short_count() -> ShowEvent:
    # crib play --seed 310760368 --level expert: 8D 10S 5C 9H + 7C is 8, counted 7
    hand, starter = parse_cards("8D 10S 5C 9H"), Card.parse("7C")
    breakdown = score_show(hand, starter, is_crib=False, ruleset=CLASSIC)
    return ShowEvent(seat=0, what="hand", cards=hand, starter=starter, breakdown=breakdown, claimed=7)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "count your hand 8♦ 10♠ 5♣ 9♥ + 7♣: 7 points claimed, but it is worth 8 (fifteen 2, fifteen 4,"
            " and a run of 4 is 8)",
        ),
        ("ru", ": заявлено 7 очков, а на самом деле 8 (пятнадцать два, пятнадцать четыре"),
    ],
)
def test_a_short_count_says_the_claim_then_the_true_count(lang: str, expected: str) -> None:
    line = _describe(_short_count(), ("You", "Computer"), lang, voice="you").plain
    assert expected in line, line
    assert "claimed 7 points, but it is 8" not in line


def test_the_replay_table_keeps_its_own_claim_column() -> None:
    line = _describe(_short_count(), ("You", "Computer"), "en").plain
    assert "claimed 7 points, but it is 8" in line


def test_a_plain_win_is_not_called_a_win_in_brackets() -> None:
    from trainer.engine.events import GameOverEvent

    won = GameOverEvent(seat=0, side=0, scores=(121, 118), stage="show", result="win", games=1)
    assert _describe(won, ("You", "Computer"), "en", voice="you").plain == "win the game"
    assert _describe(won, ("Вы", "Компьютер"), "ru", voice="you").plain == "выигрываете партию"
    skunk = GameOverEvent(seat=0, side=0, scores=(121, 60), stage="show", result="double_skunk", games=3)
    assert "(double skunk)" in _describe(skunk, ("You", "Computer"), "en", voice="you").plain


@pytest.mark.parametrize(
    ("makers", "said"), [((7, 10), "an 8 or J"), ((0, 3), "an A or 4"), ((8, 11), "a 9 or Q")]
)
def test_a_run_threat_takes_the_article_of_its_first_card(makers: tuple[int, ...], said: str) -> None:
    from trainer.advice.reasons import PegReason, Risk
    from trainer.i18n.reasons import threat_text, word_reason

    reason = PegReason(now=(), points=0, count=19, rank=8, risks=(Risk("run", 0.2, 8, makers),))
    assert f"{said} makes a run" in word_reason(reason, "en") == reason.english()
    assert f"{said} makes one" in threat_text(reason, "9♥", "en")  # no run on the table yet
    made = PegReason(now=("run",), points=3, count=19, rank=8, run=3, risks=(Risk("run", 0.2, 8, makers),))
    assert f"{said} extends it" in threat_text(made, "9♥", "en")


def _chosen_by_the_chance() -> dict[str, object]:
    # a game against the expert, deal 7 at 73:86 (pone): the hint said "play 10♥ ... chosen by the
    # chance to peg out"; 10♥ was played, the best by points was 7♠ (0.56 more on average)
    why = {"now": [], "points": 0, "count": 10, "rank": 9, "lead": True, "risks": []}
    return {
        "kind": "play",
        "choice": "10H",
        "best": "10H",
        "ev_lost": 0.56,
        "win_lost": 0.0,
        "band": "best",
        "basis": "win",
        "reason": {
            "chance": 0.085,
            "best_chance": 0.085,
            "changed": True,
            "ev": -2.31,
            "best_ev": -1.75,
            "shown_ev": -2.31,
            "why": why,
            "mine": why,
            "equal": [],
        },
    }


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Coach: best (8.5% to win, at the price of 0.56 points on average)"),
        ("ru", "Тренер: лучший ход (шанс на победу 8,5\u00a0%, хотя очков в среднем на 0,56 меньше)"),
    ],
)
def test_the_best_by_the_chance_to_win_is_best_not_almost(
    lang: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.play_view import coach_text

    monkeypatch.setattr(SETTINGS, "lang", lang)
    text = coach_text(_chosen_by_the_chance()).plain
    assert text.splitlines()[0] == expected, text
    assert "almost" not in text and "почти" not in text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Coach: best (chance to win: 62%)"), ("ru", "Тренер: лучший ход (шансы на победу: 62\u00a0%)")],
)
def test_a_best_move_near_the_end_says_the_chance_to_win_it_leaves(
    lang: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.play_view import coach_text

    monkeypatch.setattr(SETTINGS, "lang", lang)
    decision = _chosen_by_the_chance()
    reason = decision["reason"]
    assert isinstance(reason, dict)
    decision.update(ev_lost=0.0, win_lost=0.0)
    reason.update(chance=0.62, best_chance=0.62, chance_of="win", changed=False)
    assert coach_text(decision).plain.splitlines()[0] == expected
    reason["board"] = {"kind": "won", "basis": "win", "chance": 1.0, "certain": True, "need": 4}
    assert "62" not in coach_text(decision).plain  # a game decided either way says so instead


def test_the_analysis_board_shows_the_played_cards_own_points() -> None:
    from trainer.play.analysis import _options
    from trainer.play.coach import Decision

    reason = _chosen_by_the_chance()["reason"]
    assert isinstance(reason, dict)
    decision = Decision(deal=7, kind="play", choice="10H", best="10H", ev_lost=0.56, band="best")
    decision.reason = reason
    rows = _options(CLASSIC, decision)
    assert rows[0]["card"] == "10H" and rows[0]["ev"] == -2.31  # not 7♠'s −1.75


def test_the_analysis_board_also_shows_the_best_by_points_when_the_chance_chose_another() -> None:
    from trainer.play.analysis import _options
    from trainer.play.coach import Decision

    reason = dict(_chosen_by_the_chance()["reason"])  # type: ignore[call-overload]
    seven = {"now": [], "points": 0, "count": 7, "rank": 6, "lead": True}
    reason["points_best"] = {"card": "7S", "why": seven}
    decision = Decision(deal=7, kind="play", choice="10H", best="10H", ev_lost=0.56, band="best")
    decision.reason = reason
    rows = _options(CLASSIC, decision)
    assert [(r["card"], r["ev"]) for r in rows] == [("10H", -2.31), ("7S", -1.75)]


@pytest.mark.parametrize(
    ("certain", "lang", "said"),
    [
        (False, "en", "every choice leaves under 0.1% chance to win: judged by points"),
        (True, "en", "the game is lost whatever you choose: judged by points"),
        (
            False,
            "ru",
            "шанс на победу при любом ходе — меньше 0,1\u00a0%, поэтому ходы сравниваются по очкам",
        ),
    ],
)
def test_a_game_nearly_lost_is_not_called_lost(
    certain: bool, lang: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """29:79 before a deal of 121 rounds to no chance, but the game is not lost: only a chance of
    exactly nothing is said as a fact (a game against the expert, deal 6, in Russian)."""
    from trainer.cli.context import SETTINGS
    from trainer.cli.play.coach_words import board_words

    monkeypatch.setattr(SETTINGS, "lang", lang)
    board = {"kind": "lost", "basis": "win", "chance": 0.0, "certain": certain, "need": 92}
    assert board_words({"kind": "discard", "reason": {"board": board}}) == said


def test_the_coach_marks_only_an_exact_chance_as_certain() -> None:
    from trainer.play.coach import _certain

    assert _certain("lost", [0.0, 0.0]) and not _certain("lost", [0.0, 0.0004])
    assert _certain("won", [1.0, 1.0]) and not _certain("won", [0.9995, 1.0])


THROWS = [("9H 10C", "touching"), ("2D 4H", "one_apart"), ("2D 9H", "apart")]


@pytest.mark.parametrize(("throw", "kind"), THROWS)
def test_only_cards_next_in_rank_are_touching(throw: str, kind: str) -> None:
    """2 and 4 went to the crib as "touching cards" in a game: they are one apart (a 3 makes the run)."""
    from trainer.advice.why import throw_kind

    assert throw_kind(parse_cards(throw)) == kind


def test_a_hint_answers_what_the_coach_then_calls_best_when_every_keep_loses() -> None:
    """87:113, the expert dealing: every discard goes out in the show 0% of the time. The hint once
    answered Q♦ 6♣ (the first by that tied chance) and the verdict on it was "mistake, better A♣ 2♠";
    with every chance the same the points decide, in the hint as in the verdict."""
    from trainer.advice.computer import DiscardAdvice
    from trainer.advice.discard import analyse_discard
    from trainer.advice.endgame import EndgameOption
    from trainer.engine.game import Game
    from trainer.play.coach import grade_discard_choice, ranked_discards
    from trainer.play.hints import discard_candidates

    hand = parse_cards("2S QD 6C 10D 5D AC")
    options = analyse_discard(hand, dealer=False, ruleset=CLASSIC)
    shuffled = sorted(options, key=lambda o: str(o.discard))  # tied chances in no order of points
    advice = DiscardAdvice(options, [EndgameOption(o, 0.0) for o in shuffled], need=34, basis="out")
    ranked, chances = ranked_discards(advice)
    assert ranked[0] is options[0] and not chances
    first = discard_candidates(advice)["candidates"][0]
    assert first["discard"] == [str(c) for c in options[0].discard] and "chance" not in first
    game = Game.new(CLASSIC, dealer=1, scores=(87, 113))
    game.deal_hands([hand, parse_cards("AS 2H 7C 7D 9H JC")])
    decision = grade_discard_choice(game, 0, ranked[0].discard, advice)
    assert decision.band == "best" and decision.ev_lost == 0


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_game_decided_whatever_is_chosen_is_said_once_a_deal(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """«шанс на победу при любом ходе — …, поэтому ходы сравниваются по очкам» holds for every
    move of a deal near the end: the table says it at the first graded move of the deal, not at
    every card; the next deal says it again, and the decision's data keeps it each time."""
    from rich.console import Console

    from trainer.cli.context import SETTINGS
    from trainer.cli.play.coach_words import board_words
    from trainer.cli.play.play_tables import TerminalTable
    from trainer.cli.play.play_view import as_sentence
    from trainer.i18n import t
    from trainer.play.session import GameSession, Note, new_record

    monkeypatch.setattr(SETTINGS, "lang", lang)
    session = GameSession(CLASSIC, new_record(CLASSIC, level="club", coach="quiet", seed=4))
    board = {"kind": "lost", "basis": "win", "chance": 0.0, "certain": False, "need": 92}
    moves = []
    for card in ("10H", "7S", "KD"):
        decision = dict(_chosen_by_the_chance())
        decision.update(choice=card, best=card)
        decision["reason"] = {**decision["reason"], "board": board}  # type: ignore[dict-item]
        moves.append(decision)
    said = board_words(moves[0])
    assert said == board_words(moves[2]) and ("0,1\u00a0%" if lang == "ru" else "0.1%") in said
    out = Console(record=True, width=200, color_system=None)
    table = TerminalTable(prompter=None, out=out)  # type: ignore[arg-type]
    for deal in (6, 7):
        table.tell(Note("deal", {"deal": deal, "dealer": 0}), session)
        for decision in moves:
            table.tell(Note("coach", decision), session)
    text = out.export_text()
    line = as_sentence(said, lang).plain  # a line of its own: «Шанс на победу … по очкам.»
    assert text.count(line) == 2, text  # once in each deal, beside its first move
    assert text.count(t("play.coach.label", lang)) == 6  # every move still has its coach line
    assert all(m["reason"]["board"] == board for m in moves)  # type: ignore[index]
