"""Rough edges found trying the product as a user (issue 13), each pinned by the rule it breaks."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from helpers import run

Cap = pytest.CaptureFixture[str]


def test_a_derived_ruleset_names_itself_and_its_real_target(tmp_path: Path, capsys: Cap) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: classic\nname: house\ntarget: 61\n", encoding="utf-8")
    code, out, _ = run(capsys, "count", "5H", "5C", "5D", "JS", "5S", "-r", str(house))
    assert code == 0 and "house (2 players, 61; based on classic)" in out and "121" not in out
    code, out, _ = run(capsys, "--lang", "ru", "count", "5H", "5C", "5D", "JS", "5S", "-r", str(house))
    assert "house (2 игрока, 61; на основе classic)" in out


def test_a_titled_house_ruleset_keeps_its_own_title(tmp_path: Path) -> None:
    from trainer.content.rulesets import load_ruleset

    house = tmp_path / "house.yaml"
    house.write_text("extends: classic\nname: house\ntitle: Friday club\ntarget: 61\n", encoding="utf-8")
    assert load_ruleset(house).title == "Friday club"


def test_overpegging_under_the_old_laws_gives_the_excess_to_the_opponent(capsys: Cap) -> None:
    code, out, _ = run(capsys, "rules", "penalty", "overpegging")
    line = next(line for line in out.splitlines() if line.startswith("old English laws"))
    assert code == 0 and "the opponent pegs the excess" in line and "no points" not in line


def test_the_muggins_drill_never_calls_a_real_fifteen_a_phantom() -> None:
    from trainer.content.rulesets import load_ruleset
    from trainer.drills import muggins_drill
    from trainer.drills.themes import level

    rules = load_ruleset("classic")
    for seed in [818039, *range(300)]:
        question = muggins_drill.generate(
            random.Random(seed), ruleset=rules, lvl=level("expert"), theme="", form="call"
        )
        solution = muggins_drill.solve(question, ruleset=rules)
        for item in solution.detail["phantom"]:
            if item["kind"] == "fifteen":
                from trainer.engine.cards import Card

                assert sum(Card.parse(c).value for c in item["cards"]) != 15, (seed, item)


def test_compare_drops_the_multi_player_go_row_for_two_players_and_diff_keeps_differences(
    capsys: Cap,
) -> None:
    code, out, _ = run(capsys, "rules", "compare", "classic", "five-card", "--json")
    keys = [row["key"] for row in json.loads(out)["rows"]]
    assert code == 0 and "multi_go" not in keys and "players" in keys
    code, out, _ = run(capsys, "rules", "compare", "classic", "five-card", "--diff", "--json")
    rows = json.loads(out)["rows"]
    assert {row["key"] for row in rows} >= {"cards_per_player", "target"} and "players" not in {
        row["key"] for row in rows
    }
    for row in rows:
        assert row["values"]["classic"] != row["values"]["five-card"], row
    code, out, _ = run(capsys, "rules", "compare", "classic", "three-player", "--json")
    multi = next(row for row in json.loads(out)["rows"] if row["key"] == "multi_go")
    assert multi["values"]["classic"] is None and multi["values"]["three-player"]


WORD = re.compile(r"[A-Za-z]+")


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "compare"],
        ["rules", "show"],
        ["rules", "show", "three-player"],
        ["stats", "distribution"],
        ["rules", "penalty", "overpegging"],
    ],
)
def test_tables_and_text_fit_80_columns_and_wrap_at_spaces(capsys: Cap, argv: list[str]) -> None:
    code, out, _ = run(capsys, *argv)
    # a web address longer than the screen stands whole on its own line (a break would cut it)
    lines = [line for line in out.splitlines() if not re.fullmatch(r"\s*<https?://\S+>", line)]
    assert code == 0 and max(len(line) for line in lines) <= 80
    for broken in ("class\nic", "restar\nts", "playe\nd", "partne\nrship"):
        assert broken not in out
    text = re.sub(r"\s+", " ", out)
    for word in ("alternately", "traditional", "restarts", "impossible"):
        if word in out.replace("\n", " "):
            assert word in text


def test_the_distribution_footer_keeps_its_numbers_together(capsys: Cap) -> None:
    _, out, _ = run(capsys, "stats", "distribution")
    footer = out[out.index("combinations") - 12 :]
    assert "\n                                   26, 27" not in footer  # no centred orphan line


def test_search_matches_every_word_not_the_phrase(capsys: Cap) -> None:
    code, out, _ = run(capsys, "rules", "search", "renege", "five-card", "--json")
    found = json.loads(out)
    assert code == 0 and found["lessons"], found
    for hit in found["lessons"]:
        assert "renege" in hit["text"].lower() or "five-card" in hit["text"].lower()
    code, out, _ = run(capsys, "rules", "search", "heels", "--json")
    ranked = json.loads(out)["irregularities"]
    assert ranked and "heels" in ranked[0]["id"]


def test_search_ranks_paragraphs_with_more_of_the_words_first() -> None:
    from trainer.cli.reference.reference import _relevance

    assert _relevance(
        "a renege in the five-card game", ["renege", "five-card"], "renege five-card"
    ) > _relevance("a renege", ["renege", "five-card"], "renege five-card", every=False)
    assert _relevance("a renege", ["renege", "five-card"], "renege five-card") == 0


def test_replay_of_an_unknown_deal_points_to_the_list(capsys: Cap) -> None:
    code, _, err = run(capsys, "replay", "nosuch")
    assert code == 2 and "run `crib replay` for the list" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "total", "count"),
    [
        (["KS", "QD", "9H", "go", "/", "5C", "5D"], 2, 10),  # a pair in the second count
        (["KS", "QD", "9H", "go", "/"], 1, 29),  # the go point for the last card
        (["KS", "QD", "JH", "AC", "/"], 0, 31),  # 31 was pegged with the card itself
        (["5H", "5C", "5D"], 8, 15),
    ],
)
def test_peg_takes_go_and_new_count_marks(capsys: Cap, argv: list[str], total: int, count: int) -> None:
    code, out, _ = run(capsys, "peg", *argv, "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == total and data["count"] == count


def test_peg_marks_are_checked(capsys: Cap) -> None:
    for argv in (["/", "5H"], ["5H", "/", "5H"], ["go"]):
        code, _, err = run(capsys, "peg", *argv)
        assert code == 2 and err.startswith("crib: error: ") and err.count("\n") == 1


def test_the_drill_summary_prints_cards_with_suit_symbols(
    capsys: Cap, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("1 2\n"))
    code, out, _ = run(capsys, "drill", "discard", "-n", "1", "--seed", "3")
    summary = out[out.index("Summary") :]
    assert code == 0 and "♠" in summary and not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", summary), summary


def test_points_in_the_play_read_as_name_and_points() -> None:
    from trainer.drills.peg_drill import play_items
    from trainer.i18n.drill_words import word

    events = [{"items": [{"kind": "run", "cards": ["AS", "2D", "3H"], "points": 3}]}]
    assert word(play_items(events), "en") == "run of 3: 3"


JARGON = (
    "seed 00",
    "[S0",
    "S0;",
    "rules spec",
    "C14 ",
    "C7 ",
    "heels_forfeit_if_unpegged",
    "penalty set: seeds",
)


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "show"],
        ["rules", "show", "three-player"],
        ["rules", "penalty", "heels_not_pegged"],
        ["rules", "penalty", "renege"],
        ["rules", "ruling", "renege"],
        ["rules", "search", "heels"],
    ],
)
def test_no_spec_jargon_reaches_the_reader(capsys: Cap, argv: list[str]) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0
    for word in JARGON:
        assert word not in out, (word, argv)


def test_sources_of_a_ruling_are_named_by_title() -> None:
    from trainer.content.reference import readable_refs

    assert readable_refs("ACC 8.4c, 11.1b") == "American Cribbage Congress, Rules of Cribbage 8.4c, 11.1b"
    assert readable_refs("S0; HOY") == (
        "Russian translation of a Hoyle-type rule book; Cribbage, from According to Hoyle (BSD games text)"
    )


def test_the_target_option_of_classic_is_not_the_spec_c7(capsys: Cap) -> None:
    _, out, _ = run(capsys, "rules", "show", "classic", "--topic", "game", "--json")
    ids = [o["id"] for o in json.loads(out)["topics"][0]["options"]]
    assert "C7" not in ids and "target" in ids
    _, out, _ = run(capsys, "rules", "show", "three-player", "--topic", "game", "--json")
    assert "C7" in [o["id"] for o in json.loads(out)["topics"][0]["options"]]


def test_three_player_penalties_go_to_each_player_not_at_fault(three_player: object) -> None:
    """Rules spec §2.4 gives no three-player penalty rule; the trainer pegs an "opponent" ruling
    for each player not at fault, so the innocent third player is not left behind."""
    from dataclasses import replace

    from trainer.engine.events import PenaltyEvent
    from trainer.engine.game import Game
    from trainer.engine.irregularities import adjudicate

    rules = replace(three_player, penalties="seeds")  # type: ignore[type-var]
    game = Game.new(rules, dealer=0, scores=(40, 30, 20))
    ruling = adjudicate("false_claim_of_game", ruleset=rules, penalty_set="acc", claimed=61, true_points=40)
    events = game.penalize(ruling, offender=0)
    assert [e.seat for e in events if isinstance(e, PenaltyEvent)] == [1, 2]
    assert game.scores == (25, 30 + 21, 20 + 21)  # the offender moves back 15 once


def test_two_player_penalties_still_go_to_the_one_opponent(classic: object) -> None:
    from trainer.engine.game import Game
    from trainer.engine.irregularities import adjudicate

    game = Game.new(classic, dealer=0, scores=(40, 30))  # type: ignore[arg-type]
    game.penalize(
        adjudicate("false_claim_of_game", ruleset=classic, penalty_set="acc", claimed=121, true_points=40),
        offender=0,
    )  # type: ignore[arg-type]
    assert game.scores == (25, 111)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_player_crib_and_game_topics_drop_two_player_bullets(capsys: Cap, lang: str) -> None:
    _, out, _ = run(capsys, "--lang", lang, "rules", "show", "three-player", "--topic", "crib")
    for two_player in ("alternates", "pone cuts", "по очереди", "снимает соперник"):
        assert two_player not in out
    assert ("With 3 players the deal passes to the left" if lang == "en" else "При 3 игроках") in out
    _, out, _ = run(capsys, "--lang", lang, "rules", "show", "three-player", "--topic", "game")
    assert ("Lurch: loser below half" not in out) and ("Лурч: проигравший ниже половины" not in out)
    _, out, _ = run(capsys, "--lang", lang, "rules", "show", "classic", "--topic", "game")
    assert "Lurch: loser below half" in out or "Лурч: проигравший ниже половины" in out


def test_c5_a_seven_card_hand_flush_of_four_is_scored_when_chosen(seven_card: object, tmp_path: Path) -> None:
    """Club option C5: `flush.hand_min: 4` lets four of a five-card hand score a flush (five with
    a matching starter); the crib is unchanged; fast scoring agrees with the itemised one."""
    from dataclasses import replace

    from trainer.content.rulesets import load_ruleset
    from trainer.engine.cards import Card, parse_cards
    from trainer.engine.fastscore import show_total
    from trainer.engine.scoring import score_show

    house = tmp_path / "seven-four.yaml"
    house.write_text("extends: seven-card\nname: s7\nflush:\n  hand_min: 4\n", encoding="utf-8")
    rules = load_ruleset(house)
    hand = parse_cards("2H 4H 6H 8H KS")
    assert score_show(hand, Card.parse("3C"), ruleset=rules).by_kind()["flush"] == 4
    assert score_show(hand, Card.parse("3H"), ruleset=rules).by_kind()["flush"] == 5
    assert score_show(hand, Card.parse("3H"), ruleset=seven_card).by_kind().get("flush", 0) == 0  # type: ignore[arg-type]
    crib = parse_cards("2H 4H 6H 8C")
    assert score_show(crib, Card.parse("3H"), is_crib=True, ruleset=rules).by_kind().get("flush", 0) == 0
    rng = random.Random(5)
    deck = [Card.parse(f"{r}{s}") for r in "A23456789TJQK" for s in "SHDC"]
    for _ in range(400):
        cards = rng.sample(deck, 6)
        for ruleset in (rules, replace(rules, flush=replace(rules.flush, hand_min=5))):
            assert (
                show_total(cards[:5], cards[5], ruleset=ruleset)
                == score_show(cards[:5], cards[5], ruleset=ruleset).total
            )


def test_c5_has_no_made_up_distribution(tmp_path: Path, capsys: Cap) -> None:
    house = tmp_path / "seven-four.yaml"
    house.write_text("extends: seven-card\nname: s7\nflush:\n  hand_min: 4\n", encoding="utf-8")
    code, _, err = run(capsys, "stats", "distribution", "-r", str(house))
    assert code == 2 and "club option C5" in err and err.count("\n") == 1
    code, out, _ = run(capsys, "count", "2H", "4H", "6H", "8H", "KS", "3C", "-r", str(house), "--json")
    assert code == 0 and json.loads(out)["total"] == 13 and json.loads(out)["one_in"] is None
    code, out, _ = run(capsys, "rules", "show", str(house), "--topic", "show", "--json")
    assert code == 0 and "max_hand" not in json.loads(out)["topics"][0]["facts"]
