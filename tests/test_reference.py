"""The rules reference reads its numbers from the rulesets and the engine, so it can never
disagree with them: every number is compared here with the Ruleset field (or engine call) it
claims to come from, for every variant and for a house ruleset that changes them."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest
from helpers import run

from trainer import i18n
from trainer.content import reference
from trainer.content.rulesets import BUILTIN, builtin_rulesets, load_ruleset
from trainer.engine.cards import Card, parse_cards
from trainer.engine.irregularities import adjudicate, catalogue
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_show
from trainer.i18n.rulings import irregularity_names

Cap = pytest.CaptureFixture[str]


def _in_both(key: str) -> bool:
    return i18n.has(key, "en") and i18n.has(key, "ru")


def show_json(capsys: Cap, spec: str) -> dict[str, dict[str, object]]:
    code, out, err = run(capsys, "rules", "show", spec, "--json")
    assert code == 0, err
    return {block["topic"]: block for block in json.loads(out)["topics"]}


def _field(rules: Ruleset, path: str) -> object:
    value: object = rules
    for part in path.split("."):
        value = getattr(value, part)
    return list(value) if isinstance(value, tuple) else value


@pytest.mark.parametrize("name", BUILTIN)
def test_the_reference_numbers_equal_the_ruleset_data(capsys: Cap, name: str) -> None:
    rules = load_ruleset(name)
    topics = show_json(capsys, name)
    deal, game, flush = topics["deal"]["facts"], topics["game"]["facts"], topics["flush"]["facts"]
    assert deal["players"] == rules.players
    assert deal["cards_per_player"] == rules.deal.cards_per_player
    assert deal["discard_per_player"] == rules.deal.discard_per_player
    assert deal["to_crib_from_stock"] == rules.deal.to_crib_from_stock
    assert deal["hand_size"] == rules.hand_size
    assert deal["crib_size"] == rules.crib_size
    assert deal["compensation_points"] == rules.compensation.points
    assert deal["heels"] == rules.heels_points
    assert game["target"] == rules.target
    assert game.get("lurch_line") == rules.lurch_line
    assert topics["pegging"]["facts"]["pegging_mode"] == rules.pegging.mode
    # the go rule for three or four players is no fact of a two-player game
    assert topics["go"]["facts"].get("multi_go") == (rules.pegging.multi_go if rules.players > 2 else None)
    assert topics["penalties"]["facts"]["penalty_set"] == rules.penalties
    assert topics["muggins"]["facts"]["muggins_enabled"] == rules.muggins.enabled
    # flush values: the hand size, +bonus with the starter; the crib only with the starter
    assert flush["hand_flush"] == rules.hand_size
    assert flush["hand_flush_with_starter"] == rules.hand_size + rules.flush.starter_bonus
    assert flush["crib_flush"] == (rules.crib_size if rules.flush.crib_without_starter else 0)
    assert flush["crib_flush_with_starter"] == rules.crib_size + rules.flush.starter_bonus
    # every fact that names its field carries exactly that field's value
    for block in topics.values():
        for key, path in block["fields"].items():
            assert block["facts"][key] == _field(rules, path), (name, key, path)


@pytest.mark.parametrize("name", BUILTIN)
def test_the_flush_facts_are_what_the_engine_scores(name: str) -> None:
    rules = load_ruleset(name)
    hand = parse_cards("2H 4H 6H 8H 10H")[: rules.hand_size]
    crib = parse_cards("2H 4H 6H 8H")
    assert (
        reference.fact_value(rules, "hand_flush") == score_show(hand, Card.parse("QS"), ruleset=rules).total
    )
    assert (
        reference.fact_value(rules, "crib_flush_with_starter")
        == score_show(crib, Card.parse("QH"), is_crib=True, ruleset=rules).total
    )


def test_the_compare_table_equals_every_ruleset(capsys: Cap) -> None:
    code, out, _ = run(capsys, "rules", "compare", "--json")
    assert code == 0
    data = json.loads(out)
    rows = {row["key"]: row["values"] for row in data["rows"]}
    assert data["rulesets"] == list(BUILTIN)
    for rules in builtin_rulesets():
        assert rows["target"][rules.name] == rules.target
        assert rows["hand_size"][rules.name] == rules.hand_size
        assert rows["cards_per_player"][rules.name] == rules.deal.cards_per_player
        assert rows["pegging_mode"][rules.name] == rules.pegging.mode
        assert rows["lurch_line"][rules.name] == rules.lurch_line


def test_spec_table_values_show_through_compare(capsys: Cap) -> None:
    # rules spec 2.1: max hand 29/20/46/29/29; the five-card game's longest run in one count is 6
    code, out, _ = run(capsys, "rules", "compare", "--json")
    rows = {row["key"]: row["values"] for row in json.loads(out)["rows"]}
    assert code == 0
    assert list(rows["max_hand"].values()) == [29, 20, 46, 29, 29]
    assert rows["impossible_hand"]["seven-card"] == [35, 41, 42, 43, 44, 45]
    assert rows["longest_play_run"]["five-card"] == 6


def test_a_house_ruleset_changes_the_reference(tmp_path: Path, capsys: Cap) -> None:
    house = tmp_path / "club.yaml"
    house.write_text(
        "extends: classic\nname: club\ntarget: 61\npenalties: acc\nmuggins: {enabled: true}\n"
        "flush: {crib_without_starter: true}\n",
        encoding="utf-8",
    )
    topics = show_json(capsys, str(house))
    assert topics["game"]["facts"]["target"] == 61
    assert topics["game"]["facts"]["lurch_line"] == 31  # below half of 61
    assert topics["flush"]["facts"]["crib_flush"] == 4  # the house crib flush without the starter
    assert topics["penalties"]["facts"]["penalty_set"] == "acc"
    assert topics["muggins"]["facts"]["muggins_enabled"] is True


def test_the_penalty_topic_is_the_engine_catalogue(capsys: Cap) -> None:
    rules = load_ruleset("classic")
    code, out, _ = run(capsys, "rules", "show", "classic", "--topic", "penalties", "--json")
    assert code == 0
    rulings = json.loads(out)["topics"][0]["rulings"]
    assert rulings == [adjudicate(irr.id, ruleset=rules).to_json() for irr in catalogue()]


def test_penalty_shows_every_penalty_set_and_marks_the_rulesets_own(
    capsys: Cap,
) -> None:
    code, out, _ = run(capsys, "rules", "penalty", "renege")
    assert code == 0
    assert "traditional rules (Hoyle) — this ruleset: the opponent pegs 2" in out
    assert "American Cribbage Congress rules" in out and "old English laws" in out
    code, out, _ = run(capsys, "rules", "penalty", "renege", "--ruleset", "classic", "--json")
    data = json.loads(out)
    assert [r["asked"] for r in data["rulings"]] == ["seeds", "acc", "old_laws"]
    assert data["rulings"][0]["points"] == 2


def test_an_unknown_irregularity_suggests_one(capsys: Cap) -> None:
    code, _, err = run(capsys, "rules", "penalty", "reneg")
    assert code == 2 and "did you mean 'renege'" in err and "Traceback" not in err


def test_show_with_a_topic_quotes_the_lessons_and_the_club_options(
    capsys: Cap,
) -> None:
    code, out, _ = run(capsys, "rules", "show", "five-card", "--topic", "pegging")
    assert code == 0
    assert "one count only; cards left are not played" in out
    assert "Lesson 6: Pegging — the play" in out and "Lesson 7: Go, 31 and the last card" in out
    assert (
        "How the play runs: one count only" in out
        and "C3 pegging.mode" not in out
        and "sources: S1, EB9, HG" in out
    )
    assert "Longest run in one count" in out


def test_show_in_russian_uses_the_russian_lessons(capsys: Cap) -> None:
    code, out, _ = run(capsys, "--lang", "ru", "rules", "show", "classic", "--topic", "flush")
    assert code == 0
    assert "Флеш в крибе со стартером" in out and "Урок 4: Флеш и козырной валет" in out


def test_unknown_topic_and_variant_give_one_line_with_a_suggestion(
    capsys: Cap,
) -> None:
    code, _, err = run(capsys, "rules", "show", "classic", "--topic", "peging")
    assert code == 2 and "did you mean 'pegging'" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "rules", "show", "fivecard")
    assert code == 2 and "did you mean" in err


def test_search_finds_renege_in_lessons_catalogue_and_options(capsys: Cap) -> None:
    code, out, _ = run(capsys, "rules", "search", "renege", "--json")
    assert code == 0
    data = json.loads(out)
    assert {hit["lesson"] for hit in data["lessons"]} == {"go-and-31", "irregularities"}
    assert "renege" in {hit["id"] for hit in data["irregularities"]}
    assert [hit["id"] for hit in data["options"]] == ["C15"]
    code, out, _ = run(capsys, "--lang", "ru", "rules", "search", "простак", "--json")
    assert "muggins" in {hit["lesson"] for hit in json.loads(out)["lessons"]}


def test_search_with_no_match_says_so(capsys: Cap) -> None:
    code, out, _ = run(capsys, "rules", "search", "zebra")
    assert code == 0 and "No matches for 'zebra'" in out


def test_list_names_every_shipped_ruleset(capsys: Cap) -> None:
    code, out, _ = run(capsys, "rules", "list", "--json")
    assert code == 0 and [r["name"] for r in json.loads(out)] == list(BUILTIN)


# ------------------------------------------------------------------ completeness of the words


def test_every_fact_value_and_option_has_words_in_both_languages() -> None:
    for rules in builtin_rulesets():
        for fact in reference.facts(rules):
            assert _in_both(f"ref.fact.{fact.key}"), fact.key
            if isinstance(fact.value, str) and fact.key not in ("variant",):
                assert _in_both(f"ref.value.{fact.value}"), fact.value
    for option in reference.OPTIONS:
        assert _in_both(f"ref.option.{option.id}"), option.id
        for value in reference._allowed(option.field):
            if isinstance(value, str):
                assert _in_both(f"ref.value.{value}"), value


def test_every_literal_setting_of_the_engine_has_a_name() -> None:
    for alias in (
        "PegMode",
        "MultiGo",
        "PenaltySet",
        "LurchRule",
        "CompWhen",
        "MugginsScope",
        "Order",
        "NextFirst",
    ):
        import trainer.engine.ruleset as module

        for value in typing.get_args(getattr(module, alias)):
            assert _in_both(f"ref.value.{value}"), value


def test_every_irregularity_has_a_russian_name() -> None:
    assert set(irregularity_names("ru")) == {irr.id for irr in catalogue()}


def test_every_ruleset_field_is_covered_by_a_fact_or_a_club_option() -> None:
    rules = load_ruleset("classic")
    covered = {f.field for f in reference.facts(rules) if f.field}
    covered |= {o.field for o in reference.OPTIONS}
    covered |= {"lurch.games", "lurch.skunk_below", "lurch.double_below", "lurch.values"}  # per lurch rule
    descriptive = {"name", "title", "description", "teams", "compensation.to", "flush.hand_min"}
    descriptive |= {"flush.starter_bonus", "flush.crib_without_starter"}  # shown as computed flush values
    descriptive |= {"flush.derived"}  # shown in words: where the flush values come from
    missing = [f for f in reference.ruleset_fields() if f not in covered | descriptive]
    assert missing == []


@pytest.mark.parametrize("columns", [80, 100])
@pytest.mark.parametrize("topic", reference.TOPIC_ORDER)
def test_no_line_of_the_russian_reference_starts_with_a_dash(
    capsys: Cap, monkeypatch: pytest.MonkeyPatch, topic: str, columns: int
) -> None:
    """A wrapped «в этом варианте — нет, в других — да» keeps each dash with the word before
    it, in the lines and in the tables' cells, for every variant; and the space before the
    dash prints as a plain space (no layout character reaches the screen)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    for name in BUILTIN:
        code, out, err = run(capsys, "--lang", "ru", "rules", "show", name, "--topic", topic)
        assert code == 0, err
        starts = [line for line in out.splitlines() if line.lstrip().startswith(("—", "–"))]
        assert not starts, (name, starts)
        assert "\ue000" not in out


@pytest.mark.parametrize("name", BUILTIN)
def test_a_variants_other_names_are_shown_as_typed_and_marked_as_codes_in_russian(
    capsys: Cap, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """`crib rules show NAME` in Russian lists no English alias as if it were a Russian name:
    the aliases (what a person types) stand after «код:», none put into words («classic6» was
    «классический шестикарточный» among English ids); English lists them as typed too."""
    monkeypatch.setenv("COLUMNS", "200")  # the cell on one line
    rules = load_ruleset(name)
    for lang, label, mark in (("ru", "Как ещё указать в команде", "код: "), ("en", "Also called", "")):
        code, out, _ = run(capsys, "--lang", lang, "rules", "show", name, "--topic", "variants")
        assert code == 0
        line = next(line for line in out.splitlines() if line.startswith(label))
        assert line.split(label, 1)[1].strip() == mark + ", ".join(rules.aliases)
    assert "Другие имена" not in out
