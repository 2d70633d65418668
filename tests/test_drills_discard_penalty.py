"""The discard and penalty drills: questions legal under every ruleset, expected answers that are
the advice layer's and the engine's, and every irregularity of the catalogue covered in words."""

from __future__ import annotations

import string
from itertools import islice

import pytest

from trainer import i18n
from trainer.advice.discard import analyse_discard
from trainer.advice.grading import grade_discard
from trainer.content.rulesets import BUILTIN, load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.lines import plain
from trainer.drills.model import DrillError, Question
from trainer.drills.penalty_drill import themes as penalty_themes
from trainer.engine.cards import parse_cards
from trainer.engine.irregularities import adjudicate, catalogue
from trainer.engine.ruleset import Ruleset
from trainer.i18n.drill_words import explain, present


def _in_both(key: str) -> bool:
    return i18n.has(key, "en") and i18n.has(key, "ru")


def _questions(ruleset: Ruleset, drill: str, *, seed: int, n: int = 6, **kw: str) -> list[Question]:
    return list(islice(stream(DrillSpec(drills=(drill,), ruleset=ruleset, seed=seed, **kw)), n))


# ----------------------------------------------------------------------------- discard


@pytest.mark.parametrize("name", BUILTIN)
def test_discard_hands_are_legal_deals(name: str) -> None:
    ruleset = load_ruleset(name)
    for q in _questions(ruleset, "discard", seed=1, level="expert"):
        hand = parse_cards(q.data["hand"])
        assert len(hand) == ruleset.deal.cards_per_player
        assert q.data["discard"] == ruleset.deal.discard_per_player
        assert q.theme == ("dealer" if q.data["dealer"] else "pone")


@pytest.mark.parametrize("name", ["classic", "five-card", "three-player"])
def test_discard_expected_is_the_advice_layers_best(name: str) -> None:
    ruleset = load_ruleset(name)
    for q in _questions(ruleset, "discard", seed=2):
        options = analyse_discard(parse_cards(q.data["hand"]), dealer=q.data["dealer"], ruleset=ruleset)
        best = [str(c) for c in options[0].discard]
        g = grade(q, " ".join(best), ruleset=ruleset)
        assert (
            g.correct and g.band == "best" and g.expected == sorted(best, key=lambda c: parse_cards([c])[0])
        )
        worst = options[-1]
        g = grade(q, " ".join(str(c) for c in worst.discard), ruleset=ruleset)
        graded = grade_discard(options, worst.discard)
        assert not g.correct and g.band == graded.band and g.points_lost == round(graded.points_lost, 3)


def test_beginner_discards_have_a_clear_best(classic: Ruleset) -> None:
    for q in _questions(classic, "discard", seed=3, level="beginner"):
        options = analyse_discard(parse_cards(q.data["hand"]), dealer=q.data["dealer"], ruleset=classic)
        assert options[0].net_ev - options[1].net_ev >= 1.0


def test_discard_answers_by_card_or_menu_number(classic: Ruleset) -> None:
    q = _questions(classic, "discard", seed=4, n=1, theme="dealer")[0]
    assert q.data["dealer"] is True
    cards = q.data["hand"]
    assert (
        grade(q, f"{cards[0]} {cards[1]}", ruleset=classic).answer == grade(q, "1 2", ruleset=classic).answer
    )
    assert grade(q, "1", ruleset=classic).problem.key == "drill.answer.card_count"  # type: ignore[union-attr]
    assert grade(q, "1 1", ruleset=classic).problem.key == "drill.answer.duplicate_card"  # type: ignore[union-attr]


def test_discard_feedback_shows_best_yours_and_the_top_three(classic: Ruleset) -> None:
    q = _questions(classic, "discard", seed=5, n=1)[0]
    options = analyse_discard(parse_cards(q.data["hand"]), dealer=q.data["dealer"], ruleset=classic)
    worst = " ".join(str(c) for c in options[-1].discard)
    lines = [plain(line) for line in explain(q, grade(q, worst, ruleset=classic), lang="en")]
    assert lines[0].startswith(f"Best: lay away {' '.join(str(c) for c in options[0].discard)}")
    assert lines[1].startswith("Why: keeps ")  # the reason: what the best keeps, what yours gave away
    assert lines[2].startswith(f"Yours: lay away {worst}")
    assert lines[3].startswith("This choice cost")
    assert [line.strip()[:2] for line in lines[4:7]] == ["1.", "2.", "3."]
    assert lines[7].startswith("Your own crib:" if q.data["dealer"] else "The opponent's crib:")  # the idea


# ----------------------------------------------------------------------------- penalty


@pytest.mark.parametrize("name", BUILTIN)
def test_penalty_questions_hold_the_engines_ruling_among_their_choices(name: str) -> None:
    ruleset = load_ruleset(name)
    for q in _questions(ruleset, "penalty", seed=7, n=12, level="expert"):
        scenario = q.data["scenario"]
        ruling = adjudicate(scenario["irregularity"], ruleset=ruleset, **scenario["facts"])
        assert ruling.retrieved
        triples = [(c["beneficiary"], c["points"], c["back"]) for c in q.data["choices"]]
        assert len(triples) == len(set(triples)) == 4
        right = (
            ("none", 0, 0)
            if ruling.points == 0 and ruling.back == 0
            else (ruling.beneficiary, ruling.points, ruling.back)
        )
        letter = q.data["choices"][triples.index(right)]["letter"]
        g = grade(q, letter, ruleset=ruleset)
        assert g.correct and g.expected == letter
        assert g.detail["ruling"]["rule_ref"] == ruling.rule_ref


def test_penalty_themes_are_the_irregularities(classic: Ruleset) -> None:
    ids = penalty_themes(classic)
    assert "renege" in ids and "muggins_claim" in ids
    for q in _questions(classic, "penalty", seed=1, n=3, theme="renege"):
        assert q.data["scenario"]["irregularity"] == "renege" and q.theme == "renege"
        assert set(q.data["scenario"]["facts"]) == {"count", "holding"}
    for q in _questions(classic, "penalty", seed=1, n=2, theme="muggins-claim"):
        assert q.theme == "muggins_claim"


def test_a_renege_with_nothing_playable_is_no_renege(classic: Ruleset) -> None:
    # At count 25 a player holding only a king (10) cannot play: his go was right.
    q = Question(
        kind="penalty",
        form="ruling",
        ruleset="classic",
        data={
            "scenario": {"irregularity": "renege", "facts": {"count": 25, "holding": "K"}},
            "penalty_set": "seeds",
            "choices": [
                {"letter": "a", "beneficiary": "opponent", "points": 2, "back": 0},
                {"letter": "b", "beneficiary": "none", "points": 0, "back": 0},
            ],
        },
    )
    assert grade(q, "b", ruleset=classic).correct
    assert not grade(q, "a", ruleset=classic).correct
    assert grade(q, "2", ruleset=classic).answer == "b"
    assert grade(q, "z", ruleset=classic).problem.key == "drill.answer.need_letter"  # type: ignore[union-attr]


def test_a_question_for_another_penalty_set_is_refused(classic: Ruleset) -> None:
    q = Question(
        kind="penalty",
        form="ruling",
        ruleset="classic",
        data={
            "scenario": {"irregularity": "renege", "facts": {"count": 20, "holding": "A 5 6"}},
            "choices": [{"letter": "a", "beneficiary": "opponent", "points": 6, "back": 0}],  # the ACC ruling
        },
    )
    with pytest.raises(DrillError, match="none of its choices"):
        grade(q, "a", ruleset=classic)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_irregularity_of_the_catalogue_has_a_scenario_in_both_languages() -> None:
    for irr in catalogue():
        key = f"drill.penalty.scenario.{irr.id}"
        assert _in_both(key), key
        assert _fields(i18n.catalogue("en").gettext(key)) <= set(irr.facts), key
        for fact in irr.facts:
            if fact in ("count", "holding", "claimed", "true_points", "stage", "call", "choice"):
                continue
            assert _in_both(f"drill.penalty.fact.{fact}.yes") and _in_both(f"drill.penalty.fact.{fact}.no")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_penalty_question_can_be_shown(classic: Ruleset, lang: str) -> None:
    for irr_id in penalty_themes(classic):
        q = _questions(classic, "penalty", seed=2, n=1, theme=irr_id)[0]
        shown = present(q, ruleset=classic, lang=lang)
        assert len(shown.ask.choices) == 3 and all(plain(c.label) for c in shown.ask.choices)
        assert "{" not in " ".join(shown.lines)
