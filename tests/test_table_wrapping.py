"""Every main table wraps its cells at spaces at 80 and at 100 columns, in both languages: no word
is cut with «…» («последова…») and none is broken across lines («тас|ование»). A word of the narrow
output that the same output at 400 columns does not hold is a piece of a cut word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run

ROOT = Path(__file__).resolve().parents[1]
_PIECE = re.compile(r"[^\s│┃┏┓┗┛┡┩━─╇╋┳┻┣┫┠┨╂┼├┤┬┴┌┐└┘═║]+")

TABLES: list[tuple[str, ...]] = [
    ("rules", "list"),
    ("rules", "penalty"),
    ("rules", "compare"),
    ("rules", "show"),
    ("discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer"),
    ("count", "5H", "5D", "5C", "JS", "5S"),
    ("advise-peg", "--hand", "AC 4D 9S KH", "--played", "5C 10D"),
    ("stats", "distribution"),
    ("stats", "crib-values"),
    ("stats",),
    ("games",),
    ("simulate", "--games", "2", "--seed", "1"),
    ("learn",),
    ("rules", "search", "мимо"),
    ("replay", "mendelev-five-card"),
]


def _words(text: str) -> set[str]:
    """The words of `text`: numbers (timings differ from run to run) and pieces of a web address
    (an address longer than the line is folded, it has no space to wrap at) left out."""
    words = {w.strip(".,;:()«»") for w in _PIECE.findall(text)}
    return {w for w in words if re.search(r"[^\W\d_]", w) and not re.search(r"[/<>]", w)}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A progress database with answers of every drill, so `crib stats` draws all its tables."""
    from trainer.cli.app import main

    folder = tmp_path_factory.mktemp("wrap")
    answers = folder / "answers.txt"
    answers.write_text("5\n12\nпринять\n1\n3\n", encoding="utf-8")
    for kind in ("count", "peg", "discard", "penalty", "muggins"):
        argv = [
            "drill",
            kind,
            "-n",
            "3",
            "--seed",
            "2",
            "--answers",
            str(answers),
            "--db",
            str(folder / "p.db"),
        ]
        assert main(["--lang", "ru", *argv]) == 0
    return folder / "p.db"


def _only_url(line: str) -> bool:
    text = line.strip().strip("│").strip().strip("<>.,;)")
    return bool(re.fullmatch(r"<?https?://\S+", text))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("argv", TABLES, ids=lambda a: " ".join(a))
def test_a_table_wraps_at_spaces_at_80_and_100_columns(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    db: Path,
    argv: tuple[str, ...],
    lang: str,
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("CRIB_DB", str(db))
    monkeypatch.setenv("COLUMNS", "400")
    capsys.readouterr()
    code, wide, err = run(capsys, "--lang", lang, *argv)
    assert code == 0, err
    whole = _words(wide)
    for width in ("80", "100"):
        monkeypatch.setenv("COLUMNS", width)
        code, narrow, err = run(capsys, "--lang", lang, *argv)
        assert code == 0, err
        # a web address longer than the screen stands whole on its own line (a break would cut it)
        lines = [line for line in narrow.splitlines() if not _only_url(line)]
        assert max(len(line) for line in lines) <= int(width)
        cut = sorted(w for w in _words(narrow) if w not in whole)
        assert cut == [], f"words cut at {width} columns: {cut}"
        assert not re.search(r"\w…", narrow.replace("...", "")), f"a word cut with … at {width} columns"


@pytest.mark.parametrize("width", ["80", "100"])
@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant", ["classic", "three-player", "seven-card"])
def test_a_rules_show_label_sits_whole_beside_its_value(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, width: str, lang: str, variant: str
) -> None:
    # a label wrapped beside a short value reads on into it («…очком за нет / «мимо» запрещён»):
    # every label of the fact tables is on one line with the first word of its value, and the
    # yes/no of a rule named as a ban is said as its own word («разрешён», not «… запрещён: нет»)
    from trainer.content.reference import facts
    from trainer.content.rulesets import load_ruleset
    from trainer.i18n import t

    monkeypatch.setenv("COLUMNS", width)
    code, out, err = run(capsys, "--lang", lang, "rules", "show", variant)
    assert code == 0, err
    lines = out.splitlines()
    rows = 0
    for fact in facts(load_ruleset(variant)):
        label = t(f"ref.fact.{fact.key}", lang)
        hits = [line for line in lines if line.startswith(label + "  ")]
        assert hits, f"{label!r} is not whole on one line at {width} columns"
        assert hits[0][len(label) :].strip(), f"{label!r} has no value beside it"
        rows += 1
    assert rows > 30
    flag = t("ref.fact.no_peg_out_on_heels_or_go", lang)
    beside = next(line for line in lines if line.startswith(flag + "  "))
    assert beside.split()[-1] == t("ref.bool.no_peg_out_on_heels_or_go.no", lang)
    assert "запрещён" not in flag and "forbidden" not in flag
