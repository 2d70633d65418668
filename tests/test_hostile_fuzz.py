"""Seeded fuzzing of every reader: cards, rulesets, deals, quiz files, results files, answers.

Each case starts from a file the product ships or writes and damages it one way
(`tests/fuzzing.py`); the reader must either accept it or raise a `CribError`, and the CLI must
end with exit 0 or one `crib: error:` line and exit 2. Any other exception fails the test with
the seed, so a crash is reproducible. Seeds are fixed: the same cases run everywhere.
"""

from __future__ import annotations

import contextlib
import random
import string
from pathlib import Path
from typing import Any

import pytest
import yaml
from fuzzing import HOSTILE_VALUES, mutate
from helpers import run

from trainer.engine.errors import CribError

ROOT = Path(__file__).resolve().parents[1]


def _dump(document: Any) -> str:
    return yaml.safe_dump(document, allow_unicode=True, sort_keys=False)


def _assert_clean(code: int, err: str, seed: int) -> None:
    assert "Traceback" not in err, (seed, err)
    if code == 2:
        lines = [line for line in err.splitlines() if line.startswith("crib: error: ")]
        assert len(lines) == 1, (seed, err)
    else:
        assert code in (0, 1), (seed, code, err)


@pytest.mark.timeout(60)
def test_cards_reader_accepts_or_refuses_any_text(capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.engine.cards import parse_cards

    alphabet = string.printable + "♠♥♦♣♤♡♢♧ТВДКтвдк⁵²١\x00\x1b\u200b"
    for seed in range(400):
        rng = random.Random(seed)
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        with contextlib.suppress(CribError):
            parse_cards(text, allow_empty=True)
    for seed in range(25):
        rng = random.Random(seed)
        tokens = [rng.choice(["5H", "5h", "5♥", "10H", "TH", "JH", "1H", "5X", "[/]", "\x1b[2J", "9" * 50])]
        tokens += rng.sample(["AS", "2D", "3C", "4H", "KS", "QD", "JC", "5S"], 4)
        code, _, err = run(capsys, "count", *tokens)
        _assert_clean(code, err, seed)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("name", ["classic", "seven-card", "three-player"])
def test_ruleset_reader_survives_damaged_rulesets(tmp_path: Path, name: str) -> None:
    from trainer.content.rulesets import load_ruleset

    base = yaml.safe_load((ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8"))
    for seed in range(60):
        doc = mutate(base, random.Random(seed))
        path = tmp_path / f"{name}-{seed}.yaml"
        path.write_text(_dump(doc), encoding="utf-8")
        with contextlib.suppress(CribError):
            load_ruleset(path)


@pytest.mark.timeout(120)
def test_deal_reader_survives_damaged_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = sorted((ROOT / "deals").glob("*.yaml"))
    for seed in range(80):
        rng = random.Random(seed)
        source = rng.choice(deals)
        doc = mutate(yaml.safe_load(source.read_text(encoding="utf-8")), rng)
        path = tmp_path / f"deal-{seed}.yaml"
        path.write_text(_dump(doc), encoding="utf-8")
        code, _, err = run(capsys, "replay", str(path))
        _assert_clean(code, err, seed)


@pytest.fixture(scope="module")
def quiz_document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from trainer.cli.app import main

    path = tmp_path_factory.mktemp("quiz") / "quiz.yaml"
    assert main(["quiz", "make", "-n", "5", "--seed", "11", "--drills", "count,peg,discard,penalty,muggins",
                 "-o", str(path)]) == 0  # fmt: skip
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.timeout(300)
def test_quiz_reader_survives_damaged_questions_with_a_recomputed_checksum(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quiz_document: dict[str, Any]
) -> None:
    from trainer.content.quizfile import checksum

    answers = tmp_path / "answers.txt"
    answers.write_text("12\n1\n2C 3D\na\naccept\n", encoding="utf-8")
    for seed in range(60):
        rng = random.Random(seed)
        doc = mutate(quiz_document, rng, keep=("format", "checksum"))
        with contextlib.suppress(TypeError):  # keys of mixed types: the reader must refuse it
            doc["checksum"] = checksum(doc)  # anyone can recompute it
        path = tmp_path / f"quiz-{seed}.yaml"
        path.write_text(_dump(doc), encoding="utf-8")
        code, _, err = run(capsys, "quiz", "print", str(path), "--key")
        _assert_clean(code, err, seed)
        if seed % 4 == 0:
            code, _, err = run(
                capsys, "quiz", "take", str(path), "--name", "Fuzz", "--answers", str(answers),
                "--results", str(tmp_path / "results"),
            )  # fmt: skip
            _assert_clean(code, err, seed)


@pytest.mark.timeout(300)
def test_results_reader_and_report_survive_damaged_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quiz_document: dict[str, Any]
) -> None:
    from trainer.content.quizfile import load_results

    quiz = tmp_path / "quiz.yaml"
    quiz.write_text(_dump(quiz_document), encoding="utf-8")
    answers = tmp_path / "answers.txt"
    answers.write_text("12\n1\n2C 3D\na\naccept\n", encoding="utf-8")
    code, _, err = run(capsys, "quiz", "take", str(quiz), "--name", "Ann", "--answers", str(answers),
                       "--results", str(tmp_path / "taken"))  # fmt: skip
    assert code == 0, err
    (taken,) = (tmp_path / "taken").glob("*.yaml")
    base = yaml.safe_load(taken.read_text(encoding="utf-8"))
    folder = tmp_path / "damaged"
    folder.mkdir()
    for seed in range(80):
        doc = mutate(base, random.Random(seed), keep=("format",))
        path = folder / f"r-{seed}.yaml"
        path.write_text(_dump(doc), encoding="utf-8")
        with contextlib.suppress(CribError):
            load_results(path)
    code, _, err = run(capsys, "quiz", "report", str(quiz), str(folder), str(taken))
    _assert_clean(code, err, -1)


@pytest.mark.timeout(120)
def test_answers_reader_survives_any_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pieces = [b"12", b"\n", b"\r\n", b"\xef\xbb\xbf", b"\xff", b"\x00", b"\x1b[2J", b"[/]", b"9" * 5000,
              "пятнадцать 2".encode(), b"5H 5C", b" ", b"\t"]  # fmt: skip
    for seed in range(30):
        rng = random.Random(seed)
        path = tmp_path / f"answers-{seed}.txt"
        path.write_bytes(b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 12))))
        drill = rng.choice(["count", "peg", "discard", "muggins", "penalty"])
        code, out, err = run(capsys, "drill", drill, "-n", "2", "--seed", str(seed), "--answers", str(path))
        _assert_clean(code, err, seed)
        assert "\x1b[2J" not in out


def test_the_fuzzer_really_damages_files() -> None:
    base = {"a": 1, "b": {"c": [1, 2]}}
    changed = [mutate(base, random.Random(seed)) != base for seed in range(20)]
    assert sum(changed) >= 15 and len(HOSTILE_VALUES) > 10
