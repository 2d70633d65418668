"""`crib stats`: accuracy and median time by drill and theme, a daily trend, the weakest themes
(ranked cautiously, so one miss out of one does not top the list), and JSON."""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta

import pytest

from trainer.cli.app import main
from trainer.store.store import AnswerRow
from trainer.training.progress import day_of, summarise, wilson_low

NOW = datetime(2026, 11, 29, 12, 0).timestamp()


def row(
    drill: str,
    theme: str,
    correct: bool,
    seconds: float = 5.0,
    days_ago: int = 0,
    *,
    interactive: bool = True,
    form: str = "total",
    lost: float = 2,
) -> AnswerRow:
    return AnswerRow(
        answered_at=NOW - days_ago * 86_400,
        drill=drill,
        form=form,
        ruleset="classic",
        level="intermediate",
        theme=theme,
        question_id=f"{drill}-{theme}",
        answer="1",
        expected=1,
        correct=correct,
        skipped=False,
        timed_out=False,
        points_lost=0 if correct else lost,
        seconds=seconds,
        interactive=interactive,
    )


def test_accuracy_and_median_time_by_drill_and_theme() -> None:
    rows = [row("count", "runs", True, 4), row("count", "runs", False, 10), row("count", "runs", True, 6)]
    rows += [row("peg", "31", True, 3)]
    report = summarise(rows, now=NOW)
    count = next(r for r in report["by_drill"] if r["drill"] == "count")
    assert (count["asked"], count["correct"], count["accuracy"], count["median_seconds"]) == (
        3,
        2,
        0.6667,
        6.0,
    )
    runs = next(r for r in report["by_theme"] if r["theme"] == "runs")
    assert runs["points_lost"] == 2
    assert report["total"]["asked"] == 4


def test_trend_has_one_entry_per_day() -> None:
    rows = [
        row("count", "pairs", True, days_ago=2),
        row("count", "pairs", False, days_ago=2),
        row("count", "pairs", True),
    ]
    trend = summarise(rows, now=NOW, days=3)["trend"]
    assert [d["day"] for d in trend] == [
        (datetime.fromtimestamp(NOW) - timedelta(days=k)).date().isoformat() for k in (2, 1, 0)
    ]
    assert [d["accuracy"] for d in trend] == [0.5, None, 1.0]
    assert day_of(NOW) == "2026-11-29"


def test_weakest_themes_are_ranked_cautiously() -> None:
    rows = [row("count", "flush", False)]  # one miss of one: not enough to judge
    rows += [row("count", "crib", i % 3 != 0) for i in range(30)]  # 20 of 30
    rows += [row("peg", "go", i == 0) for i in range(4)]  # 1 of 4
    rows += [row("count", "runs", i < 9) for i in range(10)]  # 9 of 10
    rows += [row("count", "pairs", True) for _ in range(5)]  # perfect: not a weak spot
    weakest = summarise(rows, now=NOW)["weakest"]
    assert [(w["drill"], w["theme"]) for w in weakest] == [
        ("peg", "go"),
        ("count", "crib"),
        ("count", "runs"),
    ]
    assert wilson_low(1, 4) < wilson_low(20, 30) < wilson_low(9, 10)


def _answer_some(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n1\n2\n\n"))
    assert main(["drill", "count", "--seed", "1", "-n", "4"]) == 0
    capsys.readouterr()


def test_stats_json_after_a_drill(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _answer_some(capsys, monkeypatch)
    assert main(["stats", "--json", "--days", "7"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["total"]["asked"] == 4 and report["total"]["skipped"] == 1
    assert [d["drill"] for d in report["by_drill"]] == ["count"]
    assert len(report["trend"]) == 7 and report["trend"][-1]["asked"] == 4
    assert report["review"]["waiting"] >= 1  # a miss is asked again a minute later (FSRS)
    assert report["review"]["next_due"][:4].isdigit() and "T" in report["review"]["next_due"]


def test_stats_text(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _answer_some(capsys, monkeypatch)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    for text in (
        "Your progress",
        "By drill",
        "By theme",
        "Accuracy, last 14 days",
        "Weakest themes",
        "due for review",
        "Ratings",
        "By ruleset",
        "Time practised per day",
        "day streak",
    ):
        assert text in out
    # Today's bar: 4 answers, its filled part the accuracy the JSON report gives, the rest empty.
    assert main(["stats", "--json"]) == 0
    accuracy = json.loads(capsys.readouterr().out)["trend"][-1]["accuracy"]
    from trainer.cli.progress import BAR_WIDTH

    today = next(line for line in out.splitlines() if line.rstrip().endswith("(4)"))
    filled = round(accuracy * BAR_WIDTH)
    assert today.count("█") == filled and today.count("░") == BAR_WIDTH - filled


def test_stats_without_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    assert "No answers yet" in capsys.readouterr().out


def test_the_callback_steps_aside_for_a_sub_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["stats", "distribution", "--json"])
    out = capsys.readouterr().out
    assert code == 0 and "Your progress" not in out and json.loads(out)["combinations"] == 12_994_800


def test_piped_answers_do_not_count_towards_answer_times() -> None:
    rows = [row("count", "runs", True, 4.0), row("count", "runs", True, 0.01, interactive=False)]
    rows += [row("peg", "31", True, 0.01, interactive=False)]
    report = summarise(rows, now=NOW, days=1)
    count = next(r for r in report["by_drill"] if r["drill"] == "count")
    assert (count["asked"], count["timed"], count["median_seconds"]) == (2, 1, 4.0)
    peg = next(r for r in report["by_drill"] if r["drill"] == "peg")
    assert peg["median_seconds"] is None  # answered, but never typed: no time to report
    assert report["practice"][-1] == {"day": day_of(NOW), "answers": 3, "seconds": 4.0}


def test_counting_points_and_expected_points_are_kept_apart() -> None:
    rows = [row("count", "runs", False, lost=3), row("discard", "dealer", False, form="discard", lost=1.25)]
    rows += [row("peg", "go", False, form="play", lost=0.5), row("peg", "go", False, form="points", lost=2)]
    total = summarise(rows, now=NOW)["total"]
    assert (total["points_lost"], total["expected_points_lost"]) == (5, 1.75)


def test_penalty_themes_are_shown_by_their_names() -> None:
    from trainer.cli.progress import with_theme_names  # names are words: the edge adds them

    rows = [row("penalty", "renege", False) for _ in range(3)]
    report = summarise(rows, now=NOW)
    assert "theme_name" not in report["by_theme"][0]  # the drills layer keeps ids only
    report = with_theme_names(report)
    (theme,) = report["by_theme"]
    assert theme["theme"] == "renege" and theme["theme_name"] == "Go called while able to play (renege)"
    assert report["weakest"][0]["theme_name"] == theme["theme_name"]
    from trainer.cli.progress import _theme_name  # the edge words it for a Russian reader

    russian = _theme_name("penalty", "renege", "ru")
    assert russian != theme["theme_name"] and russian


def test_the_ideas_and_weakest_lines_name_a_penalty_theme_in_english_too() -> None:
    """`penalty · lead_out_of_turn: missed…` read as a code; the id stays in the command."""
    from trainer.cli.progress import _theme_name

    english = _theme_name("penalty", "lead_out_of_turn", "en")
    assert english == "dealer leads instead of pone (play out of turn)"
    assert _theme_name("peg", "runs-in-play", "en") == "runs in the play"
    assert _theme_name("peg", "", "en") == ""
