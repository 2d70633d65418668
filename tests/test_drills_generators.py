"""Question generators: a seed gives the same questions anywhere, every question is legal under
its ruleset, and levels and themes steer what is asked."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from itertools import islice

import pytest

from trainer.content.rulesets import BUILTIN, load_ruleset
from trainer.drills.generators import DrillSpec, parse_drills, question_at, stream, validate
from trainer.drills.model import DrillError, Question
from trainer.drills.positions import Position, engine_state
from trainer.engine.cards import parse_cards
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import check_show_cards, score_show

KINDS = ("count", "muggins", "peg")
FORMS = {"count": ("total", "itemised"), "muggins": ("call",), "peg": ("points", "play")}


def _questions(ruleset: Ruleset, drill: str, *, seed: int, n: int = 8, **kw: str) -> list[Question]:
    spec = DrillSpec(drills=(drill,), ruleset=ruleset, seed=seed, **kw)
    return list(islice(stream(spec), n))


@pytest.mark.parametrize("drill", KINDS)
def test_same_seed_gives_the_same_questions(classic: Ruleset, drill: str) -> None:
    first = [q.to_dict() for q in _questions(classic, drill, seed=42)]
    again = [q.to_dict() for q in _questions(classic, drill, seed=42)]
    other = [q.to_dict() for q in _questions(classic, drill, seed=43)]
    assert first == again
    assert first != other


def test_same_seed_same_questions_in_another_process() -> None:
    """String seeds are hashed with SHA-512, so hash randomisation cannot change the questions."""
    code = (
        "import json; from itertools import islice; from trainer.content.rulesets import load_ruleset;"
        "from trainer.drills.generators import DrillSpec, stream;"
        "s = DrillSpec(drills=('count','peg','muggins'), ruleset=load_ruleset('classic'), seed=9,"
        " level='expert');"
        "print(json.dumps([q.to_dict() for q in islice(stream(s), 6)]))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(h), "PATH": ""},
        ).stdout
        for h in (1, 2)
    ]
    assert runs[0] == runs[1]
    spec = DrillSpec(
        drills=("count", "peg", "muggins"), ruleset=load_ruleset("classic"), seed=9, level="expert"
    )
    assert json.loads(runs[0]) == [q.to_dict() for q in islice(stream(spec), 6)]


def _assert_show_legal(q: Question, ruleset: Ruleset) -> None:
    hand = parse_cards(q.data["hand"])
    starter = parse_cards([q.data["starter"]])[0]
    check_show_cards(hand, starter, is_crib=q.data["crib"], ruleset=ruleset)
    want = ruleset.crib_size if q.data["crib"] else ruleset.hand_size
    assert len(hand) == want


def _assert_peg_legal(q: Question, ruleset: Ruleset) -> None:
    position = Position.from_data(q.data)
    seen = [*position.hand, *position.series, *position.earlier]
    assert len(seen) == len(set(seen)), "a card appears twice"
    assert position.count <= 31
    assert len(position.opponent_cards) == ruleset.players - 1
    assert len(position.hand) <= ruleset.hand_size
    state = engine_state(position, ruleset=ruleset)
    legal = state.legal_plays()
    assert legal, "the player to act must have a legal card"
    if q.form == "points":
        assert parse_cards([q.data["card"]])[0] in legal
    else:
        assert len(legal) >= 2


@pytest.mark.parametrize("name", BUILTIN)
@pytest.mark.parametrize("drill", KINDS)
@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced", "expert"])
def test_every_generated_question_is_legal_under_its_ruleset(name: str, drill: str, level: str) -> None:
    ruleset = load_ruleset(name)
    for form in FORMS[drill]:
        for q in _questions(ruleset, drill, seed=3, n=6, level=level, form=form):
            assert q.ruleset == ruleset.name and q.level == level and q.form == form
            if drill == "peg":
                _assert_peg_legal(q, ruleset)
            else:
                _assert_show_legal(q, ruleset)
            assert Question.from_dict(json.loads(json.dumps(q.to_dict()))) == q


def test_beginner_hands_score_only_fifteens_and_pairs(classic: Ruleset) -> None:
    for q in _questions(classic, "count", seed=1, n=40, level="beginner"):
        hand = parse_cards(q.data["hand"])
        b = score_show(hand, parse_cards([q.data["starter"]])[0], is_crib=q.data["crib"], ruleset=classic)
        assert {i.kind for i in b.items} <= {"fifteen", "pair"}
        assert not q.data["crib"]


def test_big_and_tricky_hands_are_oversampled_above_beginner(classic: Ruleset) -> None:
    """Random hands average 4.77 points and 4% reach 12 (exact distribution); expert is far richer."""
    totals = []
    for q in _questions(classic, "count", seed=11, n=60, level="expert"):
        hand = parse_cards(q.data["hand"])
        b = score_show(hand, parse_cards([q.data["starter"]])[0], is_crib=q.data["crib"], ruleset=classic)
        totals.append(b.total)
    assert statistics.mean(totals) > 8
    assert sum(t >= 12 for t in totals) >= 15  # random hands: 4 in 100


@pytest.mark.parametrize(
    ("theme", "check"),
    [
        ("fifteens", lambda b, q: bool(b.of_kind("fifteen"))),
        ("pairs", lambda b, q: bool(b.of_kind("pair"))),
        ("runs", lambda b, q: bool(b.of_kind("run"))),
        ("flush", lambda b, q: len({c[-1] for c in q.data["hand"]}) == 1),
        ("nobs", lambda b, q: any(c.startswith("J") for c in q.data["hand"])),
        ("crib", lambda b, q: q.data["crib"]),
    ],
)
def test_count_themes_put_their_feature_in_every_hand(classic: Ruleset, theme: str, check: object) -> None:
    for q in _questions(classic, "count", seed=5, n=12, level="expert", theme=theme):
        hand = parse_cards(q.data["hand"])
        b = score_show(hand, parse_cards([q.data["starter"]])[0], is_crib=q.data["crib"], ruleset=classic)
        assert check(b, q), q.data  # type: ignore[operator]
        assert q.theme == theme


@pytest.mark.parametrize(
    ("theme", "kind"),
    [("31", "thirty_one"), ("go", "go"), ("runs-in-play", "run"), ("pairs-in-play", "pair")],
)
def test_peg_themes_put_their_score_in_every_position(classic: Ruleset, theme: str, kind: str) -> None:
    from trainer.drills.checking import grade

    for q in _questions(classic, "peg", seed=2, n=6, level="advanced", theme=theme, form="points"):
        kinds = [
            i["kind"] for e in grade(q, "", ruleset=classic).detail["events"] for i in e.get("items", [])
        ]
        kinds = ["go" if k == "last" else k for k in kinds]
        assert kind in kinds, q.data


def test_a_theme_outside_the_level_is_refused_before_any_question(classic: Ruleset) -> None:
    with pytest.raises(DrillError, match="intermediate or above"):
        validate(DrillSpec(drills=("count",), ruleset=classic, level="beginner", theme="runs"))
    with pytest.raises(DrillError, match="no theme 'straights'"):
        validate(DrillSpec(drills=("count",), ruleset=classic, theme="straights"))
    with pytest.raises(DrillError, match="unknown level"):
        question_at(DrillSpec(drills=("count",), ruleset=classic, level="grandmaster"), 0)


def test_drill_lists_are_checked(classic: Ruleset) -> None:
    assert parse_drills("count, peg,count") == ("count", "peg")
    with pytest.raises(DrillError, match="unknown drill 'chess'"):
        parse_drills("count,chess")


def test_a_mixed_stream_mixes_drills_and_never_repeats(classic: Ruleset) -> None:
    spec = DrillSpec(drills=("count", "peg", "muggins"), ruleset=classic, seed=8)
    questions = list(islice(stream(spec), 30))
    assert {q.kind for q in questions} == {"count", "peg", "muggins"}
    assert len({q.id for q in questions}) == 30
