"""Russian output of every command (the list below) holds no English word: only card codes,
ids (rulesets, deals, lessons, themes, irregularities, club options, sources, player letters),
commands and options a person types, and book titles in the list of sources are allowed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from trainer.i18n.glossary import banned_in

ROOT = Path(__file__).resolve().parents[1]
_WORD = re.compile(r"[A-Za-z0-9](?:[\w'’-]|\.(?=\w))*")
_CARD = re.compile(r"^(?:10|[2-9TJQKA])[SHDC]$")
# Typed things: `commands`, crib …, --options, URLs, paths, and a user's own value quoted as «x».
_COMMAND = re.compile(
    r"`[^`]*`|\bcrib(?:[ \t]+(?:--?[\w-]+|[\w.,/-]+))+|(?<!\S)--?[A-Za-z][\w-]*|<?https?://\S+"
    r"|\S*/\S*|\S+\.(?:yaml|yml|db|md|html|csv)\b|'[^'\n]*'|«[^\s«»а-яёА-ЯЁ]+»|\b\w+=|\[[\d<=>x ]+\]"
)
# A rule reference in brackets cites the English source: "[EW vi; HG (meddling with the cards)]".
_REFERENCE = re.compile(r"\[[A-Z][A-Z0-9]*\b[^\]\n]*\]")
# Rule and source references (W16, ACC 6.3b, C13s) and numbers are codes, not words.
_CODE = re.compile(r"^(?:\d\S*|[A-Z]+\d+[a-z]?|[A-Z]|[0-9a-f]{8,})$")
# A book in the list of sources: "  HOY: Cribbage, from According to Hoyle <http://…>".
_CITATION = re.compile(r"^\s+[A-Z][A-Z0-9]*(?: [\d.]+)?(?: via [A-Z]+)?: .*<https?://.*$", re.MULTILINE)


def _ids() -> set[str]:
    from trainer.content import reference
    from trainer.content.lessons import load_lessons
    from trainer.content.paths import deals_dir
    from trainer.content.rulesets import builtin_rulesets
    from trainer.drills import themes
    from trainer.engine.irregularities import catalogue

    # Key caps (Enter, Esc) are what a person presses, like a command they type.
    words: set[str] = {"Enter", "Esc", "YAML", "md", "html", "json", "en", "ru"}
    for rules in builtin_rulesets():
        words |= {rules.name, *rules.aliases}
    words |= {p.stem for p in deals_dir().glob("*.yaml")}
    words |= {lesson.id for lesson in load_lessons()}
    words |= {*themes.COUNT_THEMES, *themes.PEG_THEMES, *themes.DISCARD_THEMES}
    for irr in catalogue():
        words |= {irr.id, *irr.aliases}
    for option in reference.OPTIONS:
        words |= {option.id, option.field}
    words |= set(reference.SOURCES)
    from trainer.drills.kinds import kind
    from trainer.drills.model import DRILLS, LEVELS
    from trainer.engine.bots import BOTS
    from trainer.engine.irregularities import PENALTY_SETS

    words |= {*DRILLS, *LEVELS, *BOTS, *PENALTY_SETS, "points", "play", "review", "dealer", "pone"}
    words |= {form for name in DRILLS for form in kind(name).FORMS}  # `--form` values, as typed
    words |= {name for path, _ in _all_commands() for name in path}
    words |= {
        "README",
        "CSV",
        "SQLite",
        "JSON",
        "Markdown",
        "HTML",
        "UTF",
        "UTF-8",
        "CRIB_LANG",
        "CRIB_DB",
        "CRIB_RANKS",
        "jqka",
        *reference.TOPIC_ORDER,
    }
    return words


def _all_commands() -> list[tuple[tuple[str, ...], object]]:
    import typer

    from trainer.cli.app import load_features
    from trainer.cli.help_text import commands

    return list(commands(typer.main.get_command(load_features())))


IDS = _ids()


def english_words(text: str) -> list[str]:
    """The English words of `text` that are not card codes, ids, commands or book titles."""
    text = _COMMAND.sub(" ", _CITATION.sub(" ", _REFERENCE.sub(" ", text)))
    words = {w.strip("'’-") for w in _WORD.findall(text) if re.search("[A-Za-z]", w)}
    return sorted(w for w in words if not _CARD.match(w) and not _CODE.match(w) and w not in IDS)


def test_the_checker_finds_english_and_spares_codes_ids_and_commands() -> None:
    assert english_words("Посчитайте свою hand: 5H JD · seed 3") == ["hand", "seed"]
    assert english_words("классика (classic), `crib drill count --seed 1`, урок fifteens, A, KH") == []


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "answers.txt").write_text("5\n12\nпринять\n1\n", encoding="utf-8")
    return tmp_path


COMMANDS: list[tuple[str, ...]] = [
    ("count", "5H", "5D", "5C", "JS", "5S"),
    ("count", "--crib", "5H", "6H", "7H", "8H", "9C"),
    ("count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib"),
    ("peg", "3C", "AD", "2S", "5H", "4C"),
    ("peg", "5C", "5D", "5S"),
    ("discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer"),
    ("discard", "5H", "5D", "JC", "QS", "2C", "9D"),
    ("advise-peg", "--hand", "AC 4D 9S KH", "--played", "5C 10D"),
    ("stats", "distribution"),
    ("stats", "distribution", "--crib", "-r", "five-card"),
    ("stats", "crib-values"),
    ("rules", "list"),
    ("rules", "show"),
    ("rules", "show", "partnership"),
    ("rules", "show", "five-card", "--topic", "go"),
    ("rules", "compare"),
    ("rules", "search", "мимо"),
    ("rules", "search", "простофиля"),
    ("rules", "penalty"),
    ("rules", "penalty", "renege"),
    ("rules", "ruling", "renege"),
    ("rules", "check", "rulesets/classic.yaml"),
    ("replay",),
    ("replay", "mendelev-five-card"),
    ("replay", "partnership"),
    ("simulate", "--games", "3", "--seed", "1"),
    ("simulate", "--games", "2", "--seed", "1", "-r", "partnership"),
    ("learn",),
    ("learn", "3"),
    ("learn", "12"),
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_russian_output_of_a_command_has_no_english_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "400")  # no id broken across lines by a narrow table
    code, out, err = run(capsys, "--lang", "ru", *argv)
    assert code == 0, err
    assert len(out) > 20
    assert english_words(out + err) == []
    assert banned_in(out + err) == []


DRILLS = ["count", "muggins", "peg", "discard", "penalty"]


@pytest.mark.parametrize("kind", DRILLS)
def test_a_russian_drill_and_its_summary_have_no_english_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, files: Path, kind: str
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    argv = ["drill", kind, "-n", "3", "--seed", "2", "--answers", str(files / "answers.txt")]
    code, out, err = run(capsys, "--lang", "ru", *argv, "--db", str(files / "p.db"))
    assert code == 0, err
    assert "Итоги" in out
    assert english_words(out + err) == []
    assert banned_in(out + err) == []


def test_russian_stats_and_quiz_worksheet_have_no_english_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, files: Path
) -> None:
    monkeypatch.setenv("CRIB_USER", "Аня")  # the user's own name is shown as written
    monkeypatch.setenv("COLUMNS", "400")  # no path broken across lines by a narrow table
    db = str(files / "p.db")
    run(
        capsys,
        "--lang",
        "ru",
        "drill",
        "count",
        "-n",
        "3",
        "--seed",
        "1",
        "--answers",
        str(files / "answers.txt"),
        "--db",
        db,
    )
    code, out, err = run(capsys, "--lang", "ru", "stats", "--db", db)
    assert code == 0, err
    assert english_words(out) == []
    quiz = str(files / "q.yaml")
    code, out, err = run(
        capsys,
        "--lang",
        "ru",
        "quiz",
        "make",
        "-o",
        quiz,
        "--seed",
        "1",
        "-n",
        "6",
        "--drills",
        "count,muggins,peg,discard,penalty",
        "--title",
        "Клубный тест",
    )
    assert code == 0, err
    assert english_words(out) == []
    for extra in ((), ("--key",)):
        code, out, err = run(capsys, "--lang", "ru", "quiz", "print", quiz, *extra)
        assert code == 0, err
        assert english_words(out) == []
        assert banned_in(out) == []


@pytest.mark.parametrize(
    "argv",
    [
        ("count", "5X"),
        ("count", "5H", "5H", "5D", "5C", "5S"),
        ("rules", "show", "nosuch"),
        ("learn", "99"),
        ("replay", "nosuch.yaml"),
        ("--lang", "fr", "count", "5H"),
    ],
    ids=lambda a: " ".join(a),
)
def test_a_russian_error_line_has_no_english_word(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, _, err = run(capsys, "--lang", "ru", *argv)
    assert code == 2
    assert err.startswith("crib: ошибка: ")
    assert english_words(err.removeprefix("crib: ошибка: ")) == []


def test_every_help_text_has_a_current_russian_translation() -> None:
    """A help text changed in the code (or a new option) without its Russian entry is listed."""
    import click

    from trainer.cli.help_text import help_keys
    from trainer.i18n import has, t

    def current(keys: tuple[str, ...], english: str) -> bool:
        return any(has(k, "ru") and t(k, "en") == english for k in keys)

    missing = []
    commands = _all_commands()
    assert len(commands) > 30
    for path, command in commands:
        assert isinstance(command, click.Command)
        if command.help and not current(help_keys(path), command.help.strip()):
            missing.append(help_keys(path)[0])
        for param in command.params:
            text = getattr(param, "help", None)
            if text and param.name and not current(help_keys(path, param.name), text):
                missing.append(help_keys(path, param.name)[0])
    assert not missing, "add these to trainer/i18n/locale/*/LC_MESSAGES/help.po: " + ", ".join(missing)


@pytest.mark.parametrize("path", [p for p, _ in _all_commands()], ids=lambda p: " ".join(p) or "crib")
def test_russian_help_of_every_command_has_no_english_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: tuple[str, ...]
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    code, out, err = run(capsys, "--lang", "ru", *path, "--help")
    assert code == 0, err
    assert "Использование: crib" in out
    assert english_words(out) == []
    assert banned_in(out) == []
    # a flag takes no value, in Russian as in English: no metavar beside it
    assert "ЛОГИЧЕСКОЕ" not in out.upper().replace("ЛОГИЧЕСКОЕ ЗНАЧЕНИЕ. ДОПУСТИМО", "")


def test_a_ruleset_file_error_is_worded_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        "extends: classic\nname: house\ntarget: sixty\nmuggins:\n  enabled: maybe\n", encoding="utf-8"
    )
    code, _, err = run(capsys, "--lang", "ru", "rules", "check", str(path))
    assert code == 2
    problem = "нужно целое число, а не «sixty» (и ещё 1 проблема)"  # the key is named once
    assert err == f"crib: ошибка: {path}:3: ключ «target»: {problem}\n"
    path.write_text("extends: classic\ntargt: 61\n", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "ru", "rules", "check", str(path))
    assert err.endswith("ключ «targt»: неизвестный ключ «targt»; может быть, «target»?\n")


def test_a_replay_stopped_by_an_illegal_play_says_why_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "ru", "replay", "mendelev-five-card-as-printed")
    assert code == 1
    said = "игрок 1 говорит «мимо» при сумме 25, хотя может сыграть 5♣ (код карты: 5C)"
    assert err.endswith(f": ход 5 (игрок 1: «мимо»): {said}\n")
    assert english_words(err.removeprefix("crib: ошибка: ")) == []


def test_a_deal_file_with_a_wrong_discard_says_why_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deal = tmp_path / "deal.yaml"
    deal.write_text(
        "ruleset: five-card\nplayers: [A, B]\ndealer: B\nhands:\n  A: JH 9S 7D 5S 5C\n"
        "  B: KS KC JD 8H 6H\ndiscards:\n  A: 9S 8H\n  B: 8H 6H\nstarter: 5H\nplays: [JH, JD, 5S, go, 5C]\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "--lang", "ru", "replay", str(deal))
    assert code == 1
    # the players as the replay's table names them; the seat in the nominative: «у игрок 1» is not Russian
    assert err.endswith(":8: игрок 1 откладывает: игрок 1 не может отложить 8H: на руке JH 9S 7D 5S 5C\n")


def _russian_error(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """`crib --lang ru ARGV`: its exit code and its one `crib: ошибка:` line, checked for English."""
    code, _, err = run(capsys, "--lang", "ru", *argv)
    assert err.startswith("crib: ошибка: "), err
    assert err.count("\n") == 1, err
    line = err.removeprefix("crib: ошибка: ")
    assert english_words(line) == [], line
    assert banned_in(line) == [], line
    return code, line


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("count", "5H", "5D", "5C", "JS", "QX"), "карта 5 из 5"),
        (("count", "--bogus", "5H"), "нет параметра «--bogus»; использование: crib count"),
        (("count",), "не хватает аргумента"),
        (("drill", "count", "-n", "abc"), "не целое число"),
        (("drill", "count", "-n", "0"), "вне допустимого диапазона"),
        (("count", "5H", "5D", "5C", "JS", "5S", "extra", "--starter"), "нужно значение"),
        (("rules", "nosuch"), "нет команды «nosuch»"),
        (("rules", "ruling", "renege", "--fact", "count=abc"), "нужно целое число"),
        (("rules", "ruling", "renegg"), "неизвестное нарушение"),
        (("simulate", "--bot", "nobody"), "нет такого бота"),
    ],
    ids=lambda a: " ".join(a) if isinstance(a, tuple) else None,
)
def test_a_russian_usage_or_input_error_has_no_english_word(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    code, line = _russian_error(capsys, *argv)
    assert code in (1, 2)
    assert words in line


def test_a_broken_quiz_file_is_explained_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    quiz = tmp_path / "q.yaml"
    code, _, err = run(capsys, "quiz", "make", "-o", str(quiz), "--seed", "1", "-n", "2")
    assert code == 0, err
    text = quiz.read_text(encoding="utf-8")
    quiz.write_text(text.replace("questions: 2", "questions: 3"), encoding="utf-8")
    code, line = _russian_error(capsys, "quiz", "print", str(quiz))
    assert code == 2
    assert "контрольная сумма не совпадает" in line
    quiz.write_text("format: 7\n", encoding="utf-8")
    code, line = _russian_error(capsys, "quiz", "print", str(quiz))
    assert (code, line) == (
        2,
        f"{quiz}: это не файл викторины «Тренера по криббеджу» (создайте его командой crib quiz make)\n",
    )
    quiz.write_text("format: [1\n", encoding="utf-8")
    code, line = _russian_error(capsys, "quiz", "print", str(quiz))
    assert code == 2
    assert "испорченный YAML (не хватает запятой или закрывающей скобки)" in line


def test_a_broken_lesson_file_is_explained_in_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from trainer.content import lessons

    source = ROOT / "lessons" / "01-fifteens.md"
    broken = source.read_text(encoding="utf-8").replace("kind: count", "kind: counting", 1)
    (tmp_path / source.name).write_text(broken, encoding="utf-8")
    monkeypatch.setattr(lessons, "lessons_dir", lambda: tmp_path)
    code, line = _russian_error(capsys, "learn", "1")
    assert code == 2
    assert line.endswith(
        ": ключ «drill.kind»: допустимо одно из: count, muggins, peg, discard, penalty, а не «counting»\n"
    )


def test_a_broken_deal_file_is_explained_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deal = tmp_path / "deal.yaml"
    body = (
        "ruleset: five-card\nplayers: [A, B]\ndealer: C\nhands:\n  A: JH 9S 7D 5S 5C\n  B: KS KC JD 8H 6H\n"
    )
    deal.write_text(body + "discards:\n  A: 9S 7D\n  B: 8H 6H\nstarter: 5H\n", encoding="utf-8")
    code, line = _russian_error(capsys, "replay", str(deal))
    assert (code, line) == (2, f"{deal}:3: ключ «dealer»: неизвестный игрок «C»: игроки — A, B\n")
    deal.write_text(
        body.replace("dealer: C", "dealer: B") + "discards:\n  A: 9S 7D\n  B: 8H 6H\n", encoding="utf-8"
    )
    code, line = _russian_error(capsys, "replay", str(deal))
    assert code == 2
    assert "укажите стартер (`starter: 5H`) или место снятия (`cut: 20`)" in line


def test_an_unusable_progress_database_is_explained_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    code, line = _russian_error(capsys, "stats", "--db", str(tmp_path / "file" / "p.db"))
    assert code == 2
    assert line.startswith(f"не удаётся открыть базу прогресса {tmp_path}/file/p.db: ")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is no database" * 100)
    code, line = _russian_error(capsys, "stats", "--db", str(junk))
    assert (code, line) == (
        2,
        f"{junk} — не база прогресса (файл не является базой данных); выберите другую через --db\n",
    )


def test_a_file_that_cannot_be_written_is_explained_in_russian(
    capsys: pytest.CaptureFixture[str], short_tmp: Path
) -> None:
    (short_tmp / "file").write_text("not a folder", encoding="utf-8")
    target = short_tmp / "file" / "q.yaml"
    code, line = _russian_error(capsys, "quiz", "make", "-o", str(target), "--seed", "1", "-n", "2")
    assert code == 2
    assert line.startswith(f"{target}: ")  # the system's reason (here: a file where a folder should be)
    assert line.endswith("; проверьте путь, права доступа и свободное место на диске (ничего не изменено)\n")


def test_ctrl_c_says_interrupted_in_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import trainer.cli.app as app

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "load_features", interrupted)
    code, out, err = run(capsys, "--lang", "ru", "count", "5H", "5D", "5C", "JS", "5S")
    assert (code, out, err) == (130, "", "\nпрервано\n")
    monkeypatch.setenv("CRIB_LANG", "ru")
    assert run(capsys, "count", "5H")[2] == "\nпрервано\n"
    assert run(capsys, "--lang", "en", "count", "5H")[2] == "\ninterrupted\n"


def test_a_usage_error_follows_crib_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIB_LANG", "ru")
    code, _, err = run(capsys, "count", "--bogus")
    assert code == 2
    assert err.startswith(
        "crib: ошибка: crib count: нет параметра «--bogus»; использование: crib count [ПАРАМЕТРЫ]"
    )
    code, _, err = run(capsys, "--lang", "en", "count", "--bogus")
    assert err.startswith("crib: error: crib count: no such option '--bogus'; usage: crib count [OPTIONS]")


def test_every_russian_error_text_has_no_english_word() -> None:
    """The error catalogue itself: keys a person types in a file are in `backticks`."""
    from po_sources import forms, header, key, read_domain

    found = {}
    folder = ROOT / "trainer/i18n/locale/ru/LC_MESSAGES"
    entries = [e for e in read_domain(folder / "errors.po", header(folder / "crib.po")) if e.id]
    assert len(entries) > 300
    for entry in entries:
        text = re.sub(r"\{[^{}]*\}", " ", " ".join(forms(entry)))  # placeholders are values
        if english_words(text):
            found[key(entry)] = english_words(text)
    assert found == {}


def test_an_itemised_answer_naming_a_kind_twice_names_it_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The hint names the kind by its word («пятнадцать»), never by its id (`fifteen`)."""
    answers = tmp_path / "answers.txt"
    answers.write_text("fifteens 4 fifteens 2\n", encoding="utf-8")
    argv = ["drill", "count", "-i", "-n", "1", "--seed", "3", "--answers", str(answers)]
    code, out, err = run(capsys, "--lang", "ru", *argv, "--db", str(tmp_path / "p.db"))
    assert code == 0, err
    assert "Неверно: «пятнадцать» указано дважды. Правильный ответ:" in out
    assert english_words(out) == []
    code, out, err = run(capsys, *argv, "--db", str(tmp_path / "p.db"))
    assert "(fifteen is given twice)" in out


@pytest.mark.parametrize("ruleset", ["classic", "three-player"])
def test_a_whole_russian_game_at_the_table_has_no_english_word(
    monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    """`crib play` in Russian, a whole game played at the terminal table (board, coach, events,
    counts, muggins, the review), one wrong «мимо» and one unreadable answer included."""
    from rich.console import Console

    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view
    from trainer.cli.play.play_tables import TerminalTable
    from trainer.content.rulesets import load_ruleset
    from trainer.engine.cards import Card
    from trainer.engine.scoring import score_show
    from trainer.play.session import GameSession, new_record

    monkeypatch.setattr(SETTINGS, "lang", "ru")
    rules = load_ruleset(ruleset)
    session = GameSession(rules, new_record(rules, level="easy", coach="live", seed=11))
    out = Console(record=True, width=120, color_system=None)
    said: list[str] = []

    class Answers:
        """The questionary side of the table: answers chosen from what the prompt shows."""

        def text(self, message: str, instruction: str = "", **_: object) -> str:
            prompt = session_prompt[-1]
            said.append(message + " " + instruction)
            if len(said) == 1:
                return "банан"
            if prompt.ask == "discard":
                return " ".join(str(c) for c in prompt.hand[: prompt.extra["discard"]])
            if prompt.ask == "play":
                if len(said) == 3:
                    return "мимо"  # refused: a card fits
                return str(prompt.legal[0])
            if prompt.ask in ("count", "crib_count"):
                cards = [Card.parse(c) for c in prompt.extra["cards"]]
                starter = Card.parse(prompt.extra["starter"])
                true = score_show(cards, starter, is_crib=prompt.ask == "crib_count", ruleset=rules).total
                return str(max(true - 2, 0))  # short: the computer may call muggins
            return "да"

    table = TerminalTable(prompter=Answers(), out=out)  # type: ignore[arg-type]
    session_prompt: list[Any] = []
    ask = table.ask

    def remembering(prompt: Any, s: GameSession) -> str | None:
        session_prompt.append(prompt)
        return ask(prompt, s)

    table.ask = remembering  # type: ignore[method-assign]
    assert session.run(table) is True
    from trainer.play.review import review

    out.print(play_view.board(session.game))
    out.print(play_view.outcome_text(session))
    play_view.review_view(review(session.game, session.record.decisions).to_json(), out=out)
    text = out.export_text() + "\n".join(said)
    assert "нельзя" in text and "криб" in text and "Тренер" in text
    said_for_you = [line for line in text.splitlines() if "автоматически" in line]
    assert said_for_you, "a forced move is played for the player"
    for line in said_for_you:  # told once, on the move's own line
        assert line.startswith(("Вы ходите", "Вы говорите «мимо»")), line
    if ruleset == "classic":  # two sides: the result and the score in one sentence
        assert re.search(r"(Вы выиграли|Победил компьютер) со счётом \d+:\d+\.", text), text[-400:]
    assert re.findall(r"\b(?:10|[2-9AJQK])[SHDC]\b", text) == [], "cards are shown with suit symbols"
    assert english_words(text) == []
    assert banned_in(text) == []


def test_nothing_is_said_in_words_not_as_zero(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """«У соперника карт не осталось», «9♦ очков не приносит» — never «на руке 0 карт» or
    «приносит 0 очков (ничего)» (the peg drill, seed 4: its first and third questions)."""
    answers = tmp_path / "answers.txt"
    answers.write_text("2\n0\n1\n", encoding="utf-8")
    argv = [
        "drill",
        "peg",
        "-n",
        "3",
        "--seed",
        "4",
        "--answers",
        str(answers),
        "--db",
        str(tmp_path / "p.db"),
    ]
    code, out, err = run(capsys, "--lang", "ru", *argv)
    assert code == 0, err
    assert "карт не осталось" in out and "очков не приносит." in out, out
    assert "0 карт" not in out and "(ничего)" not in out, out


def test_fourth_reader_lines_read_as_sentences(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """«Отложите в криб 2 карты:» (with its noun), a step's cards after a dash («✗ пятнадцать: 4 —
    3♣+10♣+2♠», not a second colon), a quiz's tally «верно 0 из 1» (the score is «счёт»)."""
    db = str(tmp_path / "p.db")
    answers = tmp_path / "a.txt"
    answers.write_text("1 2\n", encoding="utf-8")
    code, out, _ = run(
        capsys,
        "--lang",
        "ru",
        "drill",
        "discard",
        "-n",
        "1",
        "--seed",
        "4",
        "--answers",
        str(answers),
        "--db",
        db,
    )
    assert code == 0 and "Отложите в криб 2 карты:" in out, out
    answers.write_text("2\n4\n6\n8\n0\n", encoding="utf-8")
    code, out, _ = run(
        capsys,
        "--lang",
        "ru",
        "drill",
        "count",
        "--steps",
        "-n",
        "1",
        "--seed",
        "7",
        "--answers",
        str(answers),
        "--db",
        db,
    )
    assert re.search(r"[✓✗] [а-я ]+: \d+ — \S+\+", out) and not re.search(r": \d+: ", out), out
    answers.write_text("12\n2\n", encoding="utf-8")
    code, out, _ = run(
        capsys, "--lang", "ru", "quiz", "run", "-n", "2", "--seed", "3", "--answers", str(answers), "--db", db
    )
    assert "верно 0 из 1" in out and "счёт 0/" not in out, out
