"""Every drill run non-interactively (stdin not a terminal, or --answers FILE) with scripted
answers: right, wrong, garbage and empty. Garbage is graded wrong with a hint, empty is a skip,
and every answer lands in the database."""

from __future__ import annotations

import io
import json
import os
from datetime import datetime
from itertools import islice
from pathlib import Path

import pytest

from trainer.cli.app import main
from trainer.cli.context import SETTINGS
from trainer.content.rulesets import load_ruleset
from trainer.drills.checking import grade
from trainer.drills.generators import DrillSpec, stream
from trainer.drills.model import Question
from trainer.store.store import Store

# A level is given, so the questions are the seeded stream's (without one they follow the rating).
CASES = [
    ("count", "total", ["drill", "count", "-l", "intermediate"]),
    ("count", "itemised", ["drill", "count", "--itemised", "-l", "intermediate"]),
    ("muggins", "call", ["drill", "muggins", "-l", "intermediate"]),
    ("peg", "points", ["drill", "peg", "--form", "points", "-l", "intermediate"]),
    ("peg", "play", ["drill", "peg", "--form", "play", "-l", "intermediate"]),
    ("discard", "discard", ["drill", "discard", "-l", "intermediate"]),
    ("penalty", "ruling", ["drill", "penalty", "-l", "intermediate"]),
]


def _questions(drill: str, form: str, *, seed: int, n: int, ruleset: str = "classic") -> list[Question]:
    spec = DrillSpec(drills=(drill,), ruleset=load_ruleset(ruleset), seed=seed, form=form)
    return list(islice(stream(spec), n))


def _right(q: Question) -> str:
    return grade(q, "", ruleset=load_ruleset(q.ruleset)).expected_text.split(" / ")[0]


def _wrong(q: Question) -> str:
    g = grade(q, "", ruleset=load_ruleset(q.ruleset))
    if q.kind == "muggins":
        return "muggins 3" if g.expected["call"] == "accept" else "accept"
    if q.form == "play":
        worse = [o["card"] for o in g.detail["options"] if o["card"] not in g.detail["best"]]
        return worse[0]
    if q.kind == "discard":
        return " ".join(g.detail["options"][-1]["discard"])
    if q.kind == "penalty":
        return next(c["letter"] for c in q.data["choices"] if c["letter"] != g.expected)
    if q.form == "itemised":
        return "0 0 0 0 0" if g.expected != dict.fromkeys(g.expected, 0) else "2 0 0 0 0"
    return str(int(g.expected) + 1)


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("drill", "form", "argv"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_scripted_right_wrong_garbage_empty(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    drill: str,
    form: str,
    argv: list[str],
) -> None:
    qs = _questions(drill, form, seed=5, n=4)
    answers = [_right(qs[0]), _wrong(qs[1]), "%%garbage%%", ""]
    code, out, err = run(
        capsys, monkeypatch, [*argv, "--seed", "5", "-n", "4", "--json"], "\n".join(answers) + "\n"
    )
    assert code == 0, err
    report = json.loads(out)
    assert report["drill"] == drill and report["ruleset"] == "classic" and report["seed"] == 5
    assert report["asked"] == 4 and report["correct"] == 1
    entries = report["questions"]
    assert [e["id"] for e in entries] == [q.id for q in qs]
    assert [e["correct"] for e in entries] == [True, False, False, False]
    assert entries[2]["problem"]["key"].startswith("drill.answer.")
    assert entries[3]["skipped"] is True and entries[3]["answer"] == ""
    for key in ("id", "kind", "question", "answer", "expected", "correct", "points_lost", "seconds"):
        assert key in entries[0]
    assert "Could not read the answer" in err and "graded wrong" in err
    with Store.open(Path(os.environ["CRIB_DB"])) as store:
        rows = store.answers(user=os.environ.get("CRIB_USER") or _user())
    assert [r.question_id for r in rows] == [q.id for q in qs]
    assert [r.correct for r in rows] == [True, False, False, False]


def _user() -> str:
    from trainer.cli.progress_db import current_user

    return current_user()


def test_text_output_shows_feedback_and_summary(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    qs = _questions("count", "total", seed=1, n=2)
    code, out, _ = run(
        capsys,
        monkeypatch,
        ["drill", "count", "--seed", "1", "-n", "2", "-l", "intermediate"],
        f"{_right(qs[0])}\n{_wrong(qs[1])}\n",
    )
    assert code == 0
    assert "Question 1/2 · count · classic" in out
    assert "Correct!" in out and "Not quite. The answer:" in out
    assert "Say it:" in out and "total" in out
    assert "Summary" in out and "1 of 2 correct (50%)" in out
    assert (
        "seed 1 (the same questions again: crib drill count --seed 1 --level intermediate -n 2)"
        in " ".join(out.split())
    )


def test_answers_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    qs = _questions("muggins", "call", seed=3, n=2)
    path = tmp_path / "answers.txt"
    path.write_text(f"{_right(qs[0])}\n{_right(qs[1])}\n", encoding="utf-8")
    code, out, _ = run(
        capsys,
        monkeypatch,
        [
            "drill",
            "muggins",
            "--seed",
            "3",
            "-n",
            "2",
            "--level",
            "intermediate",
            "--answers",
            str(path),
            "--json",
        ],
        "",
    )
    assert code == 0 and json.loads(out)["correct"] == 2


def test_running_out_of_answers_ends_with_the_summary(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, ["drill", "peg", "--seed", "2", "-n", "5", "--json"], "0\n")
    report = json.loads(out)
    assert code == 0 and report["asked"] == 1 and report["ended_by"] == "eof"
    assert "End of the answers" in err


def test_russian_drill(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SETTINGS, "lang", SETTINGS.lang)  # --lang sets a process-wide setting
    code, out, _ = run(
        capsys, monkeypatch, ["--lang", "ru", "drill", "count", "--seed", "1", "-n", "1"], "0\n"
    )
    assert code == 0 and "Вопрос 1/1" in out and "Итоги" in out


def test_other_rulesets_and_levels(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    qs = _questions("count", "total", seed=4, n=1, ruleset="seven-card")
    argv = ["drill", "count", "-r", "seven-card", "--seed", "4", "-n", "1", "-l", "intermediate", "--json"]
    code, out, _ = run(capsys, monkeypatch, argv, _right(qs[0]) + "\n")
    report = json.loads(out)
    assert code == 0 and report["ruleset"] == "seven-card" and report["correct"] == 1
    assert len(report["questions"][0]["question"]["hand"]) in (4, 5)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["drill", "count", "--level", "beginner", "--theme", "runs"], "intermediate or above"),
        (["drill", "count", "--theme", "straights"], "no theme 'straights'"),
        (["drill", "count", "--level", "god"], "unknown level"),
        (["drill", "peg", "--form", "guess"], "no form 'guess'"),
        (["drill", "count", "-r", "chess"], "unknown ruleset"),
        (["drill", "count", "--answers", "/nonexistent/answers.txt"], "no such answers file"),
    ],
)
def test_user_errors_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, monkeypatch, argv, "")
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_summary_names_a_penalty_question_by_its_irregularity() -> None:
    """The summary table shows 'renege', not the raw scenario mapping."""
    from trainer.cli.drill.drill_view import brief
    from trainer.drills.generators import question_at

    spec = DrillSpec(drills=("penalty",), ruleset=load_ruleset("classic"), theme="renege", seed=1)
    question = question_at(spec, 0)
    assert brief(question) == "renege"


def test_expected_cards_in_the_verdict_are_drawn_as_cards() -> None:
    """'The answer: 3D 4S' names cards; the verdict marks them so the renderer draws them."""
    from trainer.cli.drill.drill_view import _mark_cards
    from trainer.drills.lines import split

    pieces = split(_mark_cards("3D 4S"))
    assert [p for is_card, p in pieces if is_card] == ["3D", "4S"]
    assert _mark_cards("17") == "17" and _mark_cards("b") == "b"


def test_without_a_level_questions_follow_the_rating(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No --level: the session reports the rating it started from and where it ended; a player
    who misses everything drops, and the next session starts from the lower rating."""
    argv = ["drill", "count", "--seed", "2", "-n", "4", "--json"]
    code, out, err = run(capsys, monkeypatch, argv, "99\n99\n99\n99\n")
    first = json.loads(out)["rating"]
    assert code == 0 and "Your count rating (classic): 1500 ± 350" in err
    assert (first["skill"], first["family"], first["before"]) == ("count", "classic6", 1500)
    assert first["after"] < 1500
    code, out, err = run(capsys, monkeypatch, argv, "99\n")
    second = json.loads(out)
    assert second["rating"]["before"] == first["after"]
    assert second["level"] == "rating"


def test_review_serves_a_fresh_hand_of_the_missed_pattern(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A miss becomes a card; `drill review` says nothing is due yet and when the next one is
    (ISO in JSON); once due it asks another hand of the same pattern and reschedules the card."""
    import sqlite3

    from trainer.cli.progress_db import current_user
    from trainer.training.patterns import pattern_of

    db = tmp_path / "p.sqlite3"
    (q,) = _questions("count", "total", seed=8, n=1)
    code, _, _ = run(
        capsys,
        monkeypatch,
        ["drill", "count", "-l", "intermediate", "--seed", "8", "-n", "1", "--db", str(db)],
        _wrong(q) + "\n",
    )
    assert code == 0
    code, out, err = run(capsys, monkeypatch, ["drill", "review", "--json", "--db", str(db)], "")
    report = json.loads(out)
    assert code == 0 and report["asked"] == 0 and report["due"] == 0 and report["waiting"] == 1
    assert "Nothing is due for review now · next in" in err
    assert datetime.fromisoformat(report["next_due"]).timestamp() > 0
    with sqlite3.connect(db) as con:
        con.execute("UPDATE cards SET due_at = 0")
    answer = _right(q)  # the variant has the same pattern, hence the same total
    code, out, err = run(
        capsys, monkeypatch, ["drill", "review", "--json", "--seed", "1", "--db", str(db)], answer + "\n"
    )
    report = json.loads(out)
    assert code == 0 and "1 review due now" in err and "a new hand of a pattern you have missed once." in err
    (asked,) = report["questions"]
    assert asked["id"] != q.id and asked["correct"] is True
    fresh = Question.from_dict({**asked, "ruleset": "classic"})
    rules = load_ruleset("classic")
    assert pattern_of(fresh, ruleset=rules) == pattern_of(q, ruleset=rules)
    assert report["due"] == 0 and report["waiting"] == 1
    with Store.open(db) as store:
        card = store.card(user=current_user(), pattern=pattern_of(q, ruleset=rules))
    assert card is not None and card.reps == 2 and card.lapses == 1


def test_review_under_a_ruleset_that_is_gone_waits_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    db = tmp_path / "p.sqlite3"
    (q,) = _questions("count", "total", seed=8, n=1)
    argv = ["drill", "count", "-l", "intermediate", "--seed", "8", "-n", "1", "--db", str(db)]
    assert run(capsys, monkeypatch, argv, _wrong(q) + "\n")[0] == 0
    with sqlite3.connect(db) as con:
        con.execute("UPDATE cards SET due_at = 0, ruleset = ?", (str(tmp_path / "gone.yaml"),))
    code, out, err = run(capsys, monkeypatch, ["drill", "review", "--db", str(db)], "")
    assert code == 0 and "wait: the ruleset cannot be loaded" in " ".join(out.split())
    assert "Traceback" not in out + err


def test_the_review_line_says_how_often_in_words() -> None:
    """«ошибались уже 2 раза», never "(0×)": the count takes its plural, a due card without a miss says
    it is due."""
    from trainer.i18n import nt, t

    once = t("adapt.review.variant_missed_once", "ru")
    assert once.endswith("того же типа, что и вопрос, в котором вы ошиблись.")
    assert nt("adapt.review.variant_missed", 2, "ru").endswith("в котором вы ошибались уже 2 раза.")
    assert nt("adapt.review.variant_missed", 5, "ru").endswith("в котором вы ошибались уже 5 раз.")
    assert nt("adapt.review.variant_missed", 21, "ru").endswith("в котором вы ошибались уже 21 раз.")
    assert t("adapt.review.variant_missed_once", "en").endswith("you have missed once.")
    assert nt("adapt.review.variant_missed", 1, "en").endswith("you have missed once.")
    assert "×" not in t("adapt.review.variant_due", "ru") + t("adapt.review.variant_due", "en")


def test_a_russian_muggins_drill_shows_every_typed_call_in_words_never_as_a_code(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `accept`, `+2`, `m 2`, `over 1`, `-1`: shorthand and English ids the parser takes; the echo
    # («ответ: …») and the summary's answer column show the call as the Russian list names it
    argv = ["--lang", "ru", "drill", "muggins", "--seed", "3", "-n", "5"]
    code, out, _ = run(capsys, monkeypatch, argv, "accept\n+2\nm 2\nover 1\n-1\n")
    assert code == 0
    echoed = [line.removeprefix("ответ: ") for line in out.splitlines() if line.startswith("ответ: ")]
    assert echoed == ["принять", "простак 2", "простак 2", "много 1", "много 1"]
    rows = [line for line in out.splitlines() if line[:2] in {f"{i} " for i in range(1, 6)}]
    assert len(rows) == 5
    for row, said in zip(rows, echoed, strict=True):
        assert f"  {said}  " in row, row
    # file paths printed (the results file under pytest's tmp folder, e.g. `pytest-130`) are not calls
    shown = " ".join(word for word in out.split() if "/" not in word)
    for code_word in ("accept", "muggins", "over", "+2", "m 2", "-1"):
        assert code_word not in shown, code_word
