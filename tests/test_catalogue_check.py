"""scripts/check_catalogues.py (Babel) passes on the shipped catalogues and fails, naming the key,
on each kind of problem planted in a copy of the locale folder."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("check_catalogues", ROOT / "scripts" / "check_catalogues.py")
assert _SPEC is not None and _SPEC.loader is not None
check = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(check)


def test_the_shipped_catalogues_pass() -> None:
    assert check.problems(check.LOCALE) == []
    assert check.main([]) == 0


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "locale"
    shutil.copytree(check.LOCALE, target, ignore=shutil.ignore_patterns("*.mo"))
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


RU_DRILLS = Path("ru/LC_MESSAGES/drills.po")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('msgid "drill.name.count"\nmsgstr "подсчёт"\n', "", "lacks drill.name.count"),
        (
            'msgid "drill.name.count"\nmsgstr "подсчёт"\n',
            'msgid "drill.name.count"\nmsgstr ""\n',
            "not translated",
        ),
        ('msgid "drill.name.count"\n', '#, fuzzy\nmsgid "drill.name.count"\n', "is fuzzy"),
        ('msgstr "подсчёт"\n', 'msgstr "подсчёт {oops}"\n', "placeholder ['oops']"),
        ('msgstr "подсчёт"\n', 'msgstr "подсчёт\n', "a string left open"),  # Babel alone drops a letter
        (
            'msgid "drill.name.count"\n',
            'msgid "drill.name.nosuch"\nmsgstr "x"\n\nmsgid "drill.name.count"\n',
            "English does not",
        ),
    ],
)
def test_each_problem_is_named(tmp_path: Path, old: str, new: str, said: str) -> None:
    locale = _copy(tmp_path)
    _edit(locale / RU_DRILLS, old, new)
    found = check.problems(locale)
    assert any(said in line and line.startswith("ru: drills.po") for line in found), found
    assert check.main(["--locale", str(locale)]) == 1


def test_a_key_in_the_wrong_domain_and_a_missing_file_are_named(tmp_path: Path) -> None:
    locale = _copy(tmp_path)
    (locale / "ru" / "LC_MESSAGES" / "club.po").unlink()
    entry = '\nmsgid "drill.name.count"\nmsgstr "count"\n'
    (locale / "en" / "LC_MESSAGES" / "help.po").write_text(
        (locale / "en" / "LC_MESSAGES" / "help.po").read_text(encoding="utf-8") + entry, encoding="utf-8"
    )
    found = check.problems(locale)
    assert "ru: club.po is missing" in found
    assert any("drill.name.count is in both" in line for line in found), found
