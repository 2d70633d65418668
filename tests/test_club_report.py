"""The teacher's report: standings by correct, then answered, then time; "not reached" apart from
"wrong"; per-question difficulty; weak topics per student; a self-contained HTML page and a CSV
that no spreadsheet runs as formulas. The club night's answers report exactly like the API."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from club_web_helpers import Clock, make_quiz, right_answers, wrong_answer
from helpers import run

from trainer.content.quizfile import load_quiz
from trainer.web.room import Room

Cap = pytest.CaptureFixture[str]
HOSTILE = [
    '=HYPERLINK("http://x")',
    "+SUM(A1)",
    "-2+3",
    "@cmd",
    "<script>alert(1)</script>",
    "[red]Mal\x1b[0m",
]


def night(
    tmp_path: Path, answers: dict[str, list[str | None]], n: int = 4, mode: str = "live"
) -> tuple[Path, Room]:
    """A club night where each student answers as listed (None: did not answer in time; in
    self-paced mode a student who stops answering never reaches the rest)."""
    quiz_path = make_quiz(tmp_path / "night.yaml", n=n, drills=("count", "peg"))
    clock = Clock()
    room = Room.open(load_quiz(quiz_path), now=clock, seconds=30, mode=mode)
    players = {name: room.join(room.row.code, name)[1] for name in answers}
    room.act("start")
    for index in range(n):
        for name, given in answers.items():
            clock.now += 1
            if index < len(given) and given[index] is not None:
                room.answer(room.player(players[name]), index, given[index])
        if index + 1 < n and mode == "live":
            room.act("next")
    room.act("end")
    return quiz_path, room


def report(capsys: Cap, quiz: Path, *extra: str) -> dict[str, object]:
    code, out, err = run(capsys, "quiz", "report", str(quiz), *extra, "--json")
    assert code == 0, err
    return json.loads(out)


def test_standings_count_correct_then_answered_then_time_and_not_reached_apart(
    capsys: Cap, tmp_path: Path
) -> None:
    probe = make_quiz(tmp_path / "probe.yaml", n=4, drills=("count", "peg"))
    right = right_answers(probe)
    wrong = [wrong_answer(a) for a in right]
    quiz, room = night(
        tmp_path,
        {
            "Quick Zero": [],  # answered nothing: 0 seconds, must not rank above Slow Wrong
            "Slow Wrong": wrong,
            "Half": [right[0], right[1]],
            "All": right,
        },
        mode="self-paced",
    )
    try:
        data = report(capsys, quiz)  # no PATH: the club night beside the quiz
        assert data == room.report().to_json()  # the CLI and GET /api/report agree
        rows = {r["name"]: r for r in data["standings"]}
        assert [r["name"] for r in data["standings"]] == ["All", "Half", "Slow Wrong", "Quick Zero"]
        assert (rows["Half"]["wrong"], rows["Half"]["not_reached"]) == (0, 2)  # self-paced: never got there
        assert (rows["Slow Wrong"]["wrong"], rows["Slow Wrong"]["not_reached"]) == (4, 0)
        assert rows["Quick Zero"]["marks"] == ["not_reached"] * 4
        assert rows["Half"]["marks"] == ["right", "right", "not_reached", "not_reached"]
        first = data["questions"][0]
        assert (first["correct"], first["wrong"], first["not_reached"], first["students"]) == (2, 1, 1, 4)
        assert first["common_wrong"] == [{"answer": wrong[0], "count": 1}]
        assert {w["topic"] for w in rows["Slow Wrong"]["weak_topics"]} == {
            q["topic"] for q in data["questions"]
        }
        assert rows["All"]["weak_topics"] == [] and rows["Quick Zero"]["weak_topics"] == []
    finally:
        room.close()


def test_a_live_question_a_student_did_not_answer_is_skipped_not_unreached(
    capsys: Cap, tmp_path: Path
) -> None:
    probe = make_quiz(tmp_path / "probe.yaml", n=4, drills=("count", "peg"))
    right = right_answers(probe)
    quiz, room = night(tmp_path, {"Dasha": [right[0], None, right[2], right[3]], "Chen": right[:1]})
    try:
        rows = {r["name"]: r for r in report(capsys, quiz)["standings"]}
        assert rows["Dasha"]["marks"] == ["right", "skipped", "right", "right"]
        assert rows["Chen"]["marks"] == ["right", "skipped", "skipped", "skipped"]
        # a skipped question is neither answered nor wrong: wrong answers are a part of the answered
        assert (rows["Chen"]["answered"], rows["Chen"]["wrong"], rows["Chen"]["not_reached"]) == (1, 0, 0)
        assert (rows["Dasha"]["answered"], rows["Dasha"]["wrong"]) == (3, 0)
        assert rows["Dasha"]["answers"] == [right[0], "", right[2], right[3]]
        assert [t is not None for t in rows["Dasha"]["times"]] == [True] * 4
    finally:
        room.close()


def test_faster_with_as_many_right_ranks_first_and_the_csv_has_every_answer_and_the_date(
    capsys: Cap, tmp_path: Path
) -> None:
    probe = make_quiz(tmp_path / "probe.yaml", n=4, drills=("count", "peg"))
    right = right_answers(probe)
    wrong = [wrong_answer(a) for a in right]
    # Chen answers every question but gets two wrong; Dasha answers two, both right, faster
    quiz, room = night(
        tmp_path, {"Chen": [right[0], right[1], wrong[2], wrong[3]], "Dasha": right[:2]}, mode="self-paced"
    )
    try:
        out_csv = tmp_path / "report.csv"
        data = report(capsys, quiz, "--csv", str(out_csv))
        assert [(r["name"], r["correct"], r["answered"]) for r in data["standings"]] == [
            ("Dasha", 2, 2),
            ("Chen", 2, 4),
        ]
        rows = list(csv.DictReader(io.StringIO(out_csv.read_text(encoding="utf-8"))))
        chen = next(r for r in rows if r["name"] == "Chen")
        assert [chen[f"q{i}_answer"] for i in range(1, 5)] == [right[0], right[1], wrong[2], wrong[3]]
        times = [float(chen[f"q{i}_at"]) for i in range(1, 5)]  # seconds since Chen's clock started
        assert times == sorted(times) and times[-1] > 0
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", chen["date"])
        assert [chen[f"q{i}"] for i in range(1, 5)] == ["1", "1", "0", "0"]
    finally:
        room.close()


def test_an_archived_night_can_be_reported(capsys: Cap, tmp_path: Path) -> None:
    from trainer.web.serving import archive

    probe = make_quiz(tmp_path / "probe.yaml", n=4, drills=("count", "peg"))
    quiz, room = night(tmp_path, {"Anna": right_answers(probe)})
    room.close()
    kept = archive(quiz.with_name("night.club.sqlite3"))
    assert kept.name.startswith("night.club-")
    data = report(capsys, quiz, str(kept))
    assert [(r["name"], r["correct"]) for r in data["standings"]] == [("Anna", 4)]


def test_the_text_report_shows_not_reached_and_weak_topics(capsys: Cap, tmp_path: Path) -> None:
    probe = make_quiz(tmp_path / "probe.yaml", n=4, drills=("count", "peg"))
    wrong = [wrong_answer(a) for a in right_answers(probe)]
    quiz, room = night(tmp_path, {"Slow Wrong": wrong, "Quick Zero": []}, mode="self-paced")
    try:
        code, out, err = run(capsys, "quiz", "report", str(quiz))
        assert code == 0, err
        assert "not reached" in out and "Weak topics by student" in out
        assert re.search(r"Slow Wrong: count · \w+ \(0/\d\)", out)
        assert "✗✗✗✗" in out and "····" in out
    finally:
        room.close()


def test_csv_cells_that_start_a_formula_are_neutralised(capsys: Cap, tmp_path: Path) -> None:
    quiz, room = night(tmp_path, {name: ["1"] for name in HOSTILE})
    try:
        out_csv = tmp_path / "report.csv"
        code, _, err = run(capsys, "quiz", "report", str(quiz), "--csv", str(out_csv))
        assert code == 0, err
        rows = list(csv.reader(io.StringIO(out_csv.read_text(encoding="utf-8"))))
        names = {row[1] for row in rows[1:]}
        assert names == {
            '\'=HYPERLINK("http://x")',
            "'+SUM(A1)",
            "'-2+3",
            "'@cmd",
            "<script>alert(1)</script>",
            "[red]Mal[0m",  # the escape character itself is gone
        }
        assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
    finally:
        room.close()


def test_the_html_report_is_self_contained_and_escapes_names(capsys: Cap, tmp_path: Path) -> None:
    quiz, room = night(tmp_path, {name: ["1", "2"] for name in HOSTILE})
    try:
        page = tmp_path / "report.html"
        code, out, err = run(capsys, "quiz", "report", str(quiz), "--html", str(page))
        assert code == 0 and "Report written to" in out, err
        text = page.read_text(encoding="utf-8")
        assert "<script" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
        assert not re.search(r"""(src|href)=["']?https?:""", text) and "<link" not in text
        assert "@media print" in text and "\x1b" not in text
        assert "Questions, hardest first" in text and "Weak topics by student" in text
        code, out, err = run(capsys, "quiz", "report", str(quiz), "--html", str(page))
        assert code == 2 and "already exists; use --force" in err  # outputs never replace a file
        code, out, err = run(
            capsys, "--lang", "ru", "quiz", "report", str(quiz), "--html", str(page), "--force"
        )
        assert code == 0, err
        assert "Вопросы, сначала самые трудные" in page.read_text(encoding="utf-8")
    finally:
        room.close()


def test_a_removed_player_is_not_in_the_report(capsys: Cap, tmp_path: Path) -> None:
    quiz, room = night(tmp_path, {"Anna": ["1"], "Troll": ["1"]})
    try:
        troll = next(p.id for p in room.store.players() if p.name == "Troll")
        room.kick(troll)
        assert [r["name"] for r in report(capsys, quiz)["standings"]] == ["Anna"]
    finally:
        room.close()


def test_no_report_output_replaces_the_club_night_it_reads(capsys: Cap, tmp_path: Path) -> None:
    from trainer.club.store import club_db_for

    quiz, room = night(tmp_path, {"Ann": ["1"]})
    try:
        database = club_db_for(quiz)
        before = database.read_bytes()
        for option in ("--csv", "--html"):  # no PATH: the club night beside the quiz is an input
            code, _, err = run(capsys, "quiz", "report", str(quiz), option, str(database), "--force")
            assert code == 2 and "is the input file itself" in err, err
        assert database.read_bytes() == before
    finally:
        room.close()


def test_the_reports_share_of_right_answers_is_written_as_the_reader_writes_a_percentage() -> None:
    from trainer.i18n.club_report import percent

    assert percent(0.39, "ru") == "39\u00a0%" and percent(0.39, "en") == "39%"
    assert percent(None, "ru") == "–"


def test_a_report_lets_the_servers_loop_in_after_each_student(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server builds a report in a worker thread while its loop answers phones; the report
    lets go of the GIL after every student, so an answer waits for one student's regrading, not
    for a 5 ms switch interval per loop turn (the convoy that made answers wait behind reports)."""
    import sys
    import types

    import trainer.club.night as night

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from bench_club import filled_room

    room, _ = filled_room(tmp_path, 12, 4, "convoy")
    turns: list[float] = []
    monkeypatch.setattr(night, "time", types.SimpleNamespace(sleep=turns.append))
    report = room.report_json()
    assert len(report["standings"]) == 12
    assert turns == [0] * 12


def test_the_report_says_how_many_were_answered_and_how_many_of_them_wrong(
    capsys: Cap, tmp_path: Path
) -> None:
    """One labelled phrase per student, the plural from the catalogue, wrong never more than
    answered: «3 ответа, из них неверных 1», not «отвечено 3 · неверно 6»."""
    from trainer.i18n.club_report import answered_text, to_html

    probe = make_quiz(tmp_path / "probe.yaml", n=4, drills=("count", "peg"))
    right = right_answers(probe)
    answers = [right[0], wrong_answer(right[1]), right[2], None]
    quiz, room = night(tmp_path, {"Dasha": answers, "Chen": right[:1], "Ivan": []})
    try:
        data = report(capsys, quiz)
        rows = {r["name"]: r for r in data["standings"]}
        assert all(r["wrong"] <= r["answered"] for r in rows.values())
        assert answered_text(rows["Dasha"], "ru") == "3 ответа, из них неверных 1"
        assert answered_text(rows["Chen"], "ru") == "1 ответ, неверных нет"  # never «из них неверных 0»
        assert answered_text(rows["Chen"], "en") == "1 answered, all right"
        assert answered_text(rows["Dasha"], "en") == "3 answered, 1 of them wrong"
        page = to_html(data, lang="ru")
        assert "3 ответа, из них неверных 1" in page and "ответов нет" in page
        assert "неверно</th>" not in page
    finally:
        room.close()


def test_a_student_who_never_answered_has_no_weak_topics_but_no_answers(capsys: Cap, tmp_path: Path) -> None:
    """Every topic at 0 of a student who answered nothing is not a weakness (reader 7, row 41):
    the report says «ответов нет» in the weak topics, on the page and in the terminal; a phone reads
    each cell of a table with its column's name («верно: 0/2»)."""
    from trainer.i18n.club_report import to_html

    probe = make_quiz(tmp_path / "probe.yaml", n=2, drills=("count",))
    right = right_answers(probe)
    quiz, room = night(tmp_path, {"Dasha": [wrong_answer(right[0]), None], "Ivan": []})
    try:
        data = report(capsys, quiz)
        page = to_html(data, lang="ru")
        weak = page.split('class="weak-table"')[1]
        assert re.search(r'Ivan</td><td class="none">ответов нет</td>', weak)
        assert re.search(r'Dasha</td><td class="weak">подсчёт', weak)
        assert 'data-label="верно"' in page and "thead { display: none; }" in page
        code, out, err = run(capsys, "--lang", "ru", "quiz", "report", str(quiz))
        assert code == 0, err
        weak_part = out.split("Слабые темы учеников")[1]
        assert re.search(r"Ivan\W+ответов нет", weak_part) and re.search(r"Dasha\W+подсчёт", weak_part)
    finally:
        room.close()


@pytest.mark.parametrize(
    ("answered", "lang", "said"),
    [
        (4, "ru", "4 ответа, все неверные"),
        (21, "ru", "21 ответ, все неверные"),
        (1, "ru", "1 ответ, неверный"),
        (4, "en", "4 answered, all wrong"),
    ],
)
def test_a_student_with_every_answer_wrong_reads_all_wrong(answered: int, lang: str, said: str) -> None:
    """«4 ответа, все неверные», never «4 ответа, из них неверных 4» (reader 6, row 59)."""
    from trainer.i18n.club_report import answered_text

    assert answered_text({"answered": answered, "wrong": answered}, lang) == said


def test_a_penalty_topic_reads_in_lower_case_like_the_others() -> None:
    """«штрафы · неправильная сдача: …», as «подсчёт · пары»; an abbreviation keeps its capitals."""
    from trainer.i18n.club_report import _lowered, topic_label
    from trainer.i18n.rulings import irregularity_names

    theme = next(iter(irregularity_names("ru")))
    label = topic_label(f"penalty/{theme}", "ru")
    name, _, topic = label.partition(" · ")
    assert name == "штрафы" and topic[:1].islower(), label
    assert _lowered("ACC: ruling") == "ACC: ruling" and _lowered("Неправильная сдача") == "неправильная сдача"


def test_the_standings_have_two_names_and_not_reached_one_verb() -> None:
    """«Турнирная таблица» while the quiz runs, «Итоги викторины» at the end (report and podium),
    and «не открыто» / «не открыли» share the verb; `serve --json` help has no raw backticks."""
    from trainer.i18n import t

    assert t("club_web.report.standings", "ru") == t("club_web.js.podium", "ru") == "Итоги викторины"
    assert t("club_web.report.col.not_reached", "ru") == "не открыли вопрос"
    assert t("club_web.report.col.questions_not_reached", "ru") == "вопросов не открыто"
    for lang in ("ru", "en"):
        said = t("help.club.serve.as_json", lang)
        assert "`" not in said and "{" not in said, said
        assert ("teacher_token" in said) == (lang == "en"), said  # Russian names the keys in words


def test_serve_help_shows_the_json_keys_plainly_in_russian(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from helpers import run

    monkeypatch.setenv("CRIB_LANG", "ru")
    monkeypatch.setenv("COLUMNS", "200")
    _, out, _ = run(capsys, "club", "serve", "--help")
    said = "одну строку JSON (адрес комнаты, её код, ключ преподавателя и другое)"
    assert said in out and "`" not in out, out
