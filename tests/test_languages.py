"""One descriptor per language (trainer.i18n.languages) and the recipe for a new one: the
pseudo-locale `qps`, generated from the English catalogue by scripts/make_pseudo_locale.py,
is added in a temporary copy of the repository, and the commands below then print no English
word outside its brackets (an unbracketed word is text the code wrote without the catalogue)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import repo_copy

from trainer.cli import context
from trainer.i18n import LANGS, choice_letter, number
from trainer.i18n.languages import LANGUAGES, language


def test_the_languages_are_listed_once() -> None:
    assert context.LANGS is LANGS
    assert tuple(LANGUAGES) == LANGS and LANGS[0] == "en"


def test_russian_conventions_come_from_its_descriptor() -> None:
    ru = language("ru")
    assert [ru.rank(r) for r in ("J", "Q", "K", "A", "7")] == ["В", "Д", "К", "Т", "7"]
    assert number(3248700.5, ",.1f", "ru") == "3\u00a0248\u00a0700,5"
    assert choice_letter("c", "ru") == "в"
    assert [ru.plural(n) for n in (1, 2, 5, 21)] == [0, 1, 2, 0]  # the catalogue's Plural-Forms


def test_an_unknown_code_is_english() -> None:
    assert language("fr") is LANGUAGES["en"]
    assert number(1234.5, ",.1f", "fr") == "1,234.5"


def unbracketed(text: str) -> str:
    """`text` with every ⟦…⟧ span (nested ones too) taken out."""
    out, depth = [], 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def test_unbracketed_takes_out_nested_spans() -> None:
    assert unbracketed("a ⟦b ⟦c⟧ d⟧ e") == "a  e"


# Words that are data, not prose: the program's name, ruleset names and aliases, deal players.
DATA = {"crib", "classic", "six", "card", "five", "seven", "three", "player", "partnership",
        "standard", "old", "game", "hand", "four", "partners", "classic6", "five_card",
        "seven_card", "three_player", "four_partners", "qps", "yaml", "deals"}  # fmt: skip
COMMANDS = [
    ("count", "5H 5D 5S JC", "--starter", "5C"),
    ("count", "--help"),
    ("count", "ZZ"),
    ("rules", "list"),
    ("replay", "deals/classic-six-card.yaml"),
    ("simulate", "--games", "3", "--seed", "1"),
]


@pytest.fixture(scope="module")
def qps_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository copied once for the module with the recipe followed: `qps` added to the
    languages, its catalogue generated and compiled. The tests only run commands in it, each
    with its own database and cache (`qps_env`), so one copy serves them all."""
    copy = repo_copy.copy_repository(tmp_path_factory.mktemp("qps") / "repo")
    entry = '    "en": Language("en"),\n'
    repo_copy.edit(copy / "trainer" / "i18n" / "languages.py", entry, entry + '    "qps": Language("qps"),\n')
    for name in ("make_pseudo_locale.py", "compile_catalogues.py"):
        made = repo_copy.script(copy, name)
        assert made.returncode == 0, made.stderr
    return copy


def qps_env(tmp_path: Path) -> dict[str, str]:
    """A test's own database and cache for commands run in the shared copy."""
    return {"CRIB_CACHE_DIR": str(tmp_path / "cache"), "CRIB_DB": str(tmp_path / "progress.sqlite3")}


@pytest.mark.slow
def test_the_recipe_adds_a_pseudo_locale(qps_copy: Path, tmp_path: Path) -> None:
    copy = qps_copy
    leaks = {}
    for args in COMMANDS:
        ran = repo_copy.run(copy, "--lang", "qps", *args, env=qps_env(tmp_path))
        assert "Traceback" not in ran.stderr, ran.stderr
        assert "⟦" in ran.stdout + ran.stderr, args
        prose = re.sub(r"(?<![\w-])--?[\w-]+", "", unbracketed(ran.stdout + ran.stderr))  # flags are names
        words = re.findall(r"[A-Za-z][A-Za-z_0-9]{2,}", prose)
        found = sorted({w for w in words if w.lower() not in DATA and w not in args})
        if found:
            leaks[" ".join(args)] = found
    assert leaks == {}


# Every command's non-interactive paths under `qps`, run in one process of the copy (a fresh
# interpreter per command would take minutes). `{tmp}` is a scratch folder of the copy.
RUNS = [
    ["peg", "5H", "--count", "10", "--series", "5D"],
    ["discard", "5H 5D JC QS 2H 9C"],
    ["advise-peg", "5H 6D 7C", "--count", "10"],
    ["learn", "--list"],
    ["games"],
    ["rules", "show"],
    ["rules", "compare"],
    ["rules", "search", "muggins"],
    ["rules", "penalty", "renege"],
    ["rules", "ruling", "renege"],
    ["rules", "check", "rulesets/classic.yaml"],
    ["rules", "show", "nosuch"],
    ["stats"],
    ["stats", "distribution"],
    ["stats", "goal"],
    ["stats", "crib-values"],
    ["drill", "count", "-n", "2", "--seed", "3", "--answers", "{tmp}/answers.txt"],
    ["drill", "count", "--steps", "-n", "1", "--seed", "3", "--answers", "{tmp}/answers.txt"],
    ["drill", "muggins", "-n", "2", "--seed", "3", "--answers", "{tmp}/answers.txt"],
    ["drill", "peg", "-n", "2", "--seed", "3", "--answers", "{tmp}/answers.txt"],
    ["drill", "discard", "-n", "2", "--seed", "3", "--answers", "{tmp}/answers.txt"],
    ["drill", "penalty", "-n", "2", "--seed", "3", "--answers", "{tmp}/answers.txt"],
    ["drill", "review", "--answers", "{tmp}/answers.txt"],
    ["drill", "nosuch"],
    ["quiz", "make", "-n", "3", "--seed", "2", "-o", "{tmp}/quiz.yaml"],
    ["quiz", "print", "{tmp}/quiz.yaml"],
    ["quiz", "run", "-n", "2", "--seed", "2", "--answers", "{tmp}/answers.txt"],
    ["count", "5H 5D 5S JC", "--starter", "ZZ"],
]
_DRIVER = """
import contextlib, io, json, os, sys
import typer
from trainer.cli.app import load_features, main
from trainer.cli.help_text import commands

tmp = sys.argv[1]
with open(os.path.join(tmp, "answers.txt"), "w", encoding="utf-8") as f:
    f.write("12\\n?\\n3\\nx\\n0\\n5\\n")
runs = json.loads(sys.argv[2])
names = []
for path, _ in commands(typer.main.get_command(load_features())):
    runs.append([*path, "--help"])
    names.extend(path)
out = {}
for args in runs:
    args = [a.replace("{tmp}", tmp) for a in args]
    text = io.StringIO()
    with contextlib.redirect_stdout(text), contextlib.redirect_stderr(text):
        try:
            main(["--lang", "qps", *args])
        except SystemExit:
            pass
    out[" ".join(args)] = text.getvalue()
print(json.dumps({"names": names, "out": out}))
"""


@pytest.mark.slow
def test_every_command_under_the_pseudo_locale_holds_no_unbracketed_english(
    qps_copy: Path, tmp_path: Path
) -> None:
    import json
    import subprocess
    import sys

    copy = qps_copy
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**__import__("os").environ, "PYTHONPATH": str(copy), **qps_env(tmp_path), "COLUMNS": "200"}
    ran = subprocess.run(
        [sys.executable, "-c", _DRIVER, str(scratch), json.dumps(RUNS)],
        cwd=copy, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    found = json.loads(ran.stdout)
    names = {n.lower() for name in found["names"] for n in re.split(r"[-_]", name)} | set(found["names"])
    assert len(found["out"]) >= len(RUNS) + 30  # every command's --help too
    leaks = {}
    for args, text in found["out"].items():
        assert "Traceback" not in text, args
        assert "⟦" in text, args
        prose = re.sub(r"https?://\S+", "", unbracketed(text))  # a source's address is data
        prose = re.sub(r"\b[A-Z]{2,5}(?= \d)", "", prose)  # a source's tag before its rule number (ACC 7.3)
        prose = re.sub(r"(?<![\w-])--?[\w-]+", "", prose)  # flags are names
        words = re.findall(r"[A-Za-z][A-Za-z_0-9]{2,}", prose)
        wrong = sorted({w for w in words if w.lower() not in DATA | names and w not in args and w != "PATH"})
        if wrong:
            leaks[args] = wrong
    assert leaks == {}
