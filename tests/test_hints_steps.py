"""`?` during a question shows the next hint (from the engine's own count), is counted with the
answer, and makes a right answer a 'hard' review; `crib drill count --steps` asks each kind in
turn with feedback at each step and grades the whole like an itemised answer."""

from __future__ import annotations

import io
import json
from itertools import islice

import pytest

from trainer.cli.app import main
from trainer.cli.drill.drill_runner import hint_text
from trainer.content.rulesets import load_ruleset
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.hints import step_points
from trainer.drills.kinds import hints
from trainer.engine.scoring import SHOW_KINDS

CLASSIC = load_ruleset("classic")


def _first(drill: str, *, seed: int, level: str = "expert", form: str = ""):  # type: ignore[no-untyped-def]
    spec = DrillSpec(drills=(drill,), ruleset=CLASSIC, level=level, seed=seed, form=form)
    return next(islice(stream(spec), 1))


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str):  # type: ignore[no-untyped-def]
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_count_hints_go_from_where_to_look_to_the_items_and_the_total() -> None:
    q = _first("count", seed=3)
    lines = [hint_text(h, "en") for h in hints(q, ruleset=CLASSIC)]
    total = sum(step_points(q, ruleset=CLASSIC).values())
    assert len(lines) == 3
    assert lines[0].startswith(("Look at the fives", "Look for runs", "Look for pairs"))
    assert lines[1].startswith(("These cards hold", "Nothing scores"))
    assert lines[2] == f"In all, {total} point{'s' if total != 1 else ''}."
    russian = [hint_text(h, "ru") for h in hints(q, ruleset=CLASSIC)]
    assert len(russian) == len(lines) and russian != lines


def test_a_count_with_a_run_says_look_for_runs_first_then_names_every_item() -> None:
    for seed in range(1, 40):
        q = _first("count", seed=seed, level="advanced")
        if step_points(q, ruleset=CLASSIC)["run"]:
            break
    else:
        pytest.fail("no count with a run in 39 seeds")
    lines = [hint_text(h, "en") for h in hints(q, ruleset=CLASSIC)]
    assert lines[0].startswith("Look for runs first") and "runs " in lines[1]


@pytest.mark.parametrize("drill", ["peg", "discard"])
def test_peg_and_discard_hints_go_idea_candidates_answer(drill: str) -> None:
    """As at the table: the idea, then the choices worth weighing with their values, then the
    drill's own answer with its reason (so a hint never contradicts the grading)."""
    from trainer.drills.kinds import kind as get_kind

    q = _first(drill, seed=1, level="intermediate")
    steps = [hint_text(h, "en") for h in hints(q, ruleset=CLASSIC)]
    assert len(steps) == 3
    if drill == "peg":
        assert steps[0].startswith(
            ("one of your cards scores", "watch the count", "you lead", "the count is")
        )
        assert steps[1].startswith("Worth weighing: ")
    else:
        assert steps[0].startswith("the crib is ")
        assert steps[1].startswith("Worth weighing, to lay away: ") and "(net " in steps[1]
    solution = get_kind(drill).solve(q, ruleset=CLASSIC)
    answer = solution.expected_text.split(" / ")[0]
    assert all(f"\x1f{code}\x1f" in steps[2] for code in answer.split()) and ":" in steps[2], steps
    ru = [hint_text(h, "ru") for h in hints(q, ruleset=CLASSIC)]
    assert ru[1].startswith("Стоит сравнить") and ru[2].startswith(("Сыграйте", "Отложите"))


def test_a_hint_lowers_the_credit_of_a_right_answer_but_never_makes_it_a_loss() -> None:
    from trainer.training.rating_rules import game_score

    right = [game_score(correct=True, skipped=False, timed_out=False, hints=h) for h in range(4)]
    wrong = game_score(correct=False, skipped=False, timed_out=False, hints=0)
    assert right[0] == 1.0 and right == sorted(right, reverse=True) and len(set(right)) == 4
    assert all(score > 0.5 > wrong for score in right[1:])


@pytest.mark.parametrize("drill", ["muggins", "peg", "discard", "penalty"])
def test_every_drill_has_a_hint(drill: str) -> None:
    assert hints(_first(drill, seed=1, level="intermediate"), ruleset=CLASSIC)


def test_question_marks_show_hints_and_are_counted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    q = _first("count", seed=3)
    total = sum(step_points(q, ruleset=CLASSIC).values())
    argv = ["drill", "count", "-n", "1", "--seed", "3", "-l", "expert", "--json"]
    code, out, err = _run(monkeypatch, capsys, argv, f"?\n?\n{total}\n")
    (answer,) = json.loads(out)["questions"]
    assert code == 0 and answer["correct"] is True and answer["hints"] == 2
    assert "Hint 1/3: Look " in err and "Hint 2/3:" in err and "Hint 3/3" not in err


def test_steps_ask_each_kind_and_grade_the_whole(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    q = _first("count", seed=4, level="advanced", form="itemised")
    points = step_points(q, ruleset=CLASSIC)
    right = "\n".join(str(points[k]) for k in SHOW_KINDS) + "\n"
    argv = ["drill", "count", "--steps", "-n", "1", "--seed", "4", "-l", "advanced"]
    code, out, _ = _run(monkeypatch, capsys, argv, right)
    assert code == 0 and "Fifteens: how many points?" in out and "Nobs: how many points?" in out
    assert out.count("✓") >= 5 and "1 of 1 correct" in out
    wrong = "\n".join(str(points[k] + (2 if k == "pair" else 0)) for k in SHOW_KINDS) + "\n"
    code, out, _ = _run(monkeypatch, capsys, argv, wrong)
    assert f"✗ pairs: {points['pair']}" in out and "0 of 1 correct" in out


def test_a_peg_drill_never_asks_a_forced_move() -> None:
    """Games play a forced move (one legal card, or go) for the player unless --ask-forced; the
    drills never ask one: every play question has at least two legal cards to choose from."""
    from trainer.drills.kinds import kind as get_kind

    peg = get_kind("peg")
    for seed in range(1, 31):
        q = _first("peg", seed=seed, level="intermediate", form="play")
        assert len(peg.legal_options(q, ruleset=CLASSIC)) >= 2, q  # type: ignore[attr-defined]


def test_the_idea_reads_ranks_from_the_ace_up_so_a_king_pairs() -> None:
    """The pair of kings scores now: the idea says so (ranks are read as 0 = ace, as the pegging
    advice counts them; a king on the count once fell off the end of the table)."""
    from trainer.engine.cards import Card, parse_cards
    from trainer.engine.game import Game
    from trainer.play.hints import play_idea

    game = Game.new(CLASSIC, dealer=1, scores=(0, 0))
    dealt = [parse_cards("KD 4C 6S 8H 2C 3D"), parse_cards("KH 9C 7D AS 5C 5D")]
    game.deal_hands(dealt)
    for seat in (0, 1):
        game.discard(seat, dealt[seat][4:])
    game.cut(starter=Card.parse("QS"))
    game.play(Card.parse("4C"))  # the pone leads
    game.play(Card.parse("KH"))  # 14
    assert game.pegging is not None
    idea = play_idea(game.pegging, 0)
    assert idea["idea"] == "score_now", idea  # the K♦ pairs the K♥


def test_a_peg_drill_hint_with_a_king_on_the_count() -> None:
    from trainer.drills.model import Question

    q = Question(
        kind="peg",
        form="play",
        ruleset="classic",
        data={
            "hand": ["KD", "6S", "8H"],
            "series": ["4C", "KH"],
            "by": [0, 1],
            "count": 14,
            "opponent_go": [False],
            "opponent_cards": [3],
            "earlier": [],
            "starter": "QS",
            "discards": ["2C", "3D"],
        },
    )
    steps = [hint_text(h, "en") for h in hints(q, ruleset=CLASSIC)]
    assert steps[0].startswith("one of your cards scores now at 14"), steps
