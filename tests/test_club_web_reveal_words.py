"""A Russian club night's reveal says the right answer in Russian words: the phone's, the
projector's and the chart's answers never show the grader's English tokens (`over 1`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from club_web_helpers import make_quiz
from test_club_web_api import client_for, join, teacher

if TYPE_CHECKING:
    from trainer.web.room import Room

pytest_plugins = ["club_web_fixtures"]

_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def quiz_path(tmp_path: Path) -> Path:
    return make_quiz(tmp_path / "night.yaml", n=6, drills=("muggins",), seed=5)


def _text(pieces: list[dict[str, Any]]) -> str:
    return "".join(p.get("label", p.get("text", "")) for p in pieces)


def test_a_russian_muggins_reveal_says_the_answer_in_russian(room: Room) -> None:
    client = client_for(room, lang="ru")
    join(client, room, "Аня")
    teacher(client, room, "start")
    seen = []
    for index in range(room.total):
        client.post("/api/answer", json={"index": index, "answer": "over 1"})
        teacher(client, room, "reveal")
        feedback = client.get("/api/question").json()["feedback"]
        screen = client.get("/api/screen").json()["reveal"]
        for shown in (
            _text(feedback["expected_pieces"]),
            _text(feedback["answer_pieces"]),
            _text(screen["expected_pieces"]),
            *(_text(bar["pieces"]) for bar in screen["chart"]),
        ):
            assert _LATIN_WORD.findall(shown) == [], shown
            seen.append(shown)
        if index + 1 < room.total:
            teacher(client, room, "next")
    assert any("много" in s.casefold() for s in seen)


_LOCALE = Path(__file__).resolve().parents[1] / "trainer" / "i18n" / "locale" / "ru" / "LC_MESSAGES"
_ENTRY = re.compile(r'^msgid "([^"]+)"\n(?:msgid_plural .*\n)?((?:msgstr.*\n?)+)', re.M)


def _club_entries() -> dict[str, str]:
    """Every Russian entry a club page or club message shows: the club catalogue and the club
    commands' help."""
    out: dict[str, str] = {}
    for name in ("club.po", "help.po"):
        for key, text in _ENTRY.findall((_LOCALE / name).read_text(encoding="utf-8")):
            if name == "club.po" or key.startswith("help.club."):
                out[key] = text
    return out


def test_russian_club_words_call_the_people_answering_students_not_players() -> None:
    """On a club night the people answering on phones are «ученики» (GLOSSARY): no club entry
    says «игрок» for them."""
    entries = _club_entries()
    assert len(entries) > 100
    assert {k: v for k, v in entries.items() if "игрок" in v.casefold()} == {}


def test_the_russian_teacher_page_says_students(room: Room) -> None:
    client = client_for(room, lang="ru")
    client.get(f"/teacher?key={room.row.teacher_token}")
    page = client.get("/teacher").text
    assert "игрок" not in page.casefold() and "Ученики в комнате" in page


# ----------------------------------------------------------------------------- the reveal's sentence

_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_KINDS = ("count", "peg", "discard", "muggins", "penalty")


def _words(pieces: list[dict[str, Any]]) -> str:
    """A sentence's text pieces only (cards are drawn, their rank letters are not words)."""
    return "".join(p.get("text", "") for p in pieces if "card" not in p)


def _every_shape(tmp_path: Path) -> list[tuple[Any, Any]]:
    """Questions of every kind and form a club quiz asks, with every muggins call."""
    from trainer.club.night import questions_of
    from trainer.content.quizfile import load_quiz

    found: dict[tuple[str, str, str], tuple[Any, Any]] = {}
    for seed in range(1, 9):
        quiz = load_quiz(make_quiz(tmp_path / f"q{seed}.yaml", n=10, drills=_KINDS, seed=seed))
        for q in questions_of(quiz.questions):
            rules = quiz.ruleset_for(q.ruleset)
            call = _solved(q, rules).expected_text.split(" ")[0] if q.kind == "muggins" else ""
            found.setdefault((q.kind, q.form, call), (q, rules))
    return list(found.values())


def _solved(question: Any, rules: Any) -> Any:
    from trainer.drills.checking import grade

    return grade(question, "", ruleset=rules)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_kind_reveals_its_answer_as_one_sentence(tmp_path: Path, lang: str) -> None:
    """Count, peg (points and play), discard, each muggins call and a ruling: the reveal is one
    whole sentence of the catalogue, capitalised and closed by a full stop, with its cards drawn
    and, in Russian, no Latin word at all (in English no Cyrillic)."""
    from trainer.web.shown import question_view, reveal_pieces

    shapes = _every_shape(tmp_path)
    kinds = {q.kind for q, _ in shapes}
    assert kinds == set(_KINDS), kinds
    assert {(q.kind, q.form) for q, _ in shapes} >= {("peg", "points"), ("peg", "play")}
    for question, rules in shapes:
        solved = _solved(question, rules)
        choices = question_view(question, ruleset=rules, lang=lang)["choices"]
        sentence = reveal_pieces(question, solved.expected_text, choices, lang)
        said = _text(sentence)
        assert said[:1].isupper() and said.endswith("."), (question.kind, said)
        assert not said.startswith(("Ответ:", "Answer:")), said
        words = _words(sentence)
        if lang == "ru":
            assert _LATIN_WORD.findall(words) == [], said
        else:
            assert _CYRILLIC.findall(words) == [], said
        wanted = [c for c in solved.expected_text.split(" / ")[0].split(" ") if len(c) in (2, 3)]
        if question.kind in ("discard",) or question.form == "play":
            assert [p["card"] for p in sentence if "card" in p][: len(wanted)] == wanted, said


@pytest.mark.parametrize(
    ("n", "ru", "en"),
    [
        (1, "Верный подсчёт: 1 очко.", "The right count is 1 point."),
        (2, "Верный подсчёт: 2 очка.", "The right count is 2 points."),
        (5, "Верный подсчёт: 5 очков.", "The right count is 5 points."),
        (11, "Верный подсчёт: 11 очков.", "The right count is 11 points."),
        (21, "Верный подсчёт: 21 очко.", "The right count is 21 points."),
        (22, "Верный подсчёт: 22 очка.", "The right count is 22 points."),
        (0, "Верный подсчёт: 0 очков.", "The right count is 0 points."),
    ],
)
def test_a_count_reveal_picks_the_plural_of_its_points(tmp_path: Path, n: int, ru: str, en: str) -> None:
    from trainer.web.shown import reveal_pieces

    question = next(q for q, _ in _every_shape(tmp_path) if q.kind == "count")
    assert _text(reveal_pieces(question, str(n), [], "ru")) == ru
    assert _text(reveal_pieces(question, str(n), [], "en")) == en


@pytest.mark.parametrize(
    ("answer", "ru"),
    [
        ("over 1", "Верное решение: «много 1» — заявлено на 1 очко больше, чем набрано."),
        ("over 2", "Верное решение: «много 2» — заявлено на 2 очка больше, чем набрано."),
        ("over 5", "Верное решение: «много 5» — заявлено на 5 очков больше, чем набрано."),
        ("muggins 21", "Верное решение: «простак 21» — в подсчёте пропущено 21 очко."),
        ("muggins 22", "Верное решение: «простак 22» — в подсчёте пропущено 22 очка."),
        ("accept", "Верное решение: «принять» — подсчёт точный."),
    ],
)
def test_a_muggins_reveal_says_the_call_and_what_it_means(tmp_path: Path, answer: str, ru: str) -> None:
    from trainer.web.shown import reveal_pieces

    question = next(q for q, _ in _every_shape(tmp_path) if q.kind == "muggins")
    assert _text(reveal_pieces(question, answer, [], "ru")) == ru
    english = _text(reveal_pieces(question, answer, [], "en"))
    assert english.startswith("The right call is “") and english.endswith(".")


def test_a_peg_reveal_of_no_points_says_so(tmp_path: Path) -> None:
    from trainer.web.shown import card_piece, reveal_pieces

    question = next(q for q, _ in _every_shape(tmp_path) if (q.kind, q.form) == ("peg", "points"))
    card = _text([card_piece(str(question.data["card"]), "ru")])
    assert _text(reveal_pieces(question, "0", [], "ru")) == f"Верный ответ: 0 — {card} очков не приносит."
    assert _text(reveal_pieces(question, "3", [], "ru")) == "Верный ответ: 3 очка."
    assert _text(reveal_pieces(question, "1", [], "en")) == "The right answer is 1 point."
    english = _text([card_piece(str(question.data["card"]), "en")])
    zero = _text(reveal_pieces(question, "0", [], "en"))
    assert zero == f"The right answer is 0: {english} scores nothing."


def test_a_peg_reveal_of_no_points_says_the_fact_once(tmp_path: Path) -> None:
    """«Верный ответ: 0 — 3♠ очков не приносит.» and no second «3♠ очков не приносит.» under it."""
    from dataclasses import replace

    from trainer.club.night import questions_of
    from trainer.content.quizfile import load_quiz
    from trainer.web.shown import explanation

    for seed in range(1, 30):
        quiz = load_quiz(make_quiz(tmp_path / f"p{seed}.yaml", n=10, drills=("peg",), seed=seed))
        for question in questions_of(quiz.questions):
            if question.form != "points":
                continue
            solved = _solved(question, quiz.ruleset_for(question.ruleset))
            if solved.expected_text != "0":
                continue
            shown = explanation(question, replace(solved, skipped=False), lang="ru")
            lines = [_text(line) for line in shown["lines"]]
            assert not any("очков не приносит" in line for line in lines), lines
            return
    pytest.skip("no peg-points question scoring nothing in the sample")


def test_the_phone_and_the_projector_get_the_sentence(room: Room) -> None:
    client = client_for(room, lang="ru")
    join(client, room, "Аня")
    teacher(client, room, "start")
    client.post("/api/answer", json={"index": 0, "answer": "over 1"})
    teacher(client, room, "reveal")
    feedback = client.get("/api/question").json()["feedback"]
    screen = client.get("/api/screen").json()["reveal"]
    assert _text(feedback["sentence"]).startswith("Верное решение: «")
    assert feedback["sentence"] == screen["sentence"]


def test_the_reveal_says_the_answer_once(tmp_path: Path) -> None:
    """The sentence says the answer; the lines under it never say it again («Решение: б) …»,
    «Правильное решение: «простак», пропущено 2 очка.», «Пропущено. Ответ: …»), also for a student
    who skipped."""
    from trainer.drills.checking import grade
    from trainer.web.shown import explanation

    for question, rules in _every_shape(tmp_path):
        for skipped in (grade(question, "", ruleset=rules),):
            for lang in ("ru", "en"):
                lines = [_text(x) for x in explanation(question, skipped, lang=lang)["lines"]]
                restated = (
                    "Решение:",
                    "Правильное решение",
                    "Пропущено. Ответ",
                    "Ответ:",
                    "Right call",
                    "Ruling:",
                    "Лучше всего",  # «Лучший ход — 8♠.» then «Лучше всего сыграть 8♠: …»
                    "Best:",
                )
                assert [x for x in lines if x.startswith(restated)] == [], (question.kind, lines)


def test_a_self_paced_phone_says_the_answer_given_in_russian(quiz_path: Path, clock: Any) -> None:
    """In self-paced mode the phone shows «Ваш ответ:» at once: «а) Принять подсчёт» or
    «простак 2», never the grader's `accept` or `muggins 2`."""
    from club_web_helpers import open_room

    room = open_room(quiz_path, clock, mode="self-paced", total_seconds=600)
    try:
        client = client_for(room, lang="ru")
        join(client, room, "Аня")
        teacher(client, room, "start")
        given = ["accept", "muggins 2", "over 1"]
        for index, answer in enumerate(given):
            out = client.post("/api/answer", json={"index": index, "answer": answer}).json()
            shown = _text(out["feedback"]["answer_pieces"])
            assert shown and _LATIN_WORD.findall(shown) == [], shown
    finally:
        room.close()


def test_a_question_names_its_ruleset_in_the_readers_words(tmp_path: Path) -> None:
    """A quiz that mixes rulesets says «Правила: классика» on a Russian page, not `classic`."""
    from trainer.web.shown import question_view

    for question, rules in _every_shape(tmp_path)[:1]:
        assert question_view(question, ruleset=rules, lang="ru")["ruleset_name"] == "классика"
        assert question_view(question, ruleset=rules, lang="en")["ruleset_name"] == "classic"
    script = (Path(__file__).resolve().parents[1] / "trainer" / "web" / "static" / "club.js").read_text()
    assert "name: q.ruleset_name" in script


def test_an_itemised_count_reveals_its_total() -> None:
    """A quiz that names the itemised count (`4 2 0 0 1`, kind by kind) reveals «Верный
    подсчёт: 7 очков.», the kinds in the breakdown below, never «Верный ответ: 4 2 0 0 1.»."""
    import random

    from trainer.content.rulesets import load_ruleset
    from trainer.drills.checking import grade
    from trainer.drills.kinds import kind
    from trainer.drills.themes import level
    from trainer.web.shown import reveal_pieces

    rules = load_ruleset("classic")
    question = kind("count").generate(
        random.Random(3), ruleset=rules, lvl=level("intermediate"), theme="", form="itemised"
    )
    expected = grade(question, "", ruleset=rules).expected_text
    total = sum(map(int, expected.split()))
    assert _text(reveal_pieces(question, "4 2 0 0 1", [], "ru")) == "Верный подсчёт: 7 очков."
    assert _text(reveal_pieces(question, expected, [], "en")).startswith(f"The right count is {total} point")
