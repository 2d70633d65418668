"""The gettext catalogues: every message exists in English and Russian, neither is empty, both
use the same {placeholders}, plural entries have as many forms as the header's rule, the shipped
`.mo` files are compiled from the current `.po` sources, and every key the code asks for exists."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from trainer.i18n import LANGS, LOCALE_DIR, catalogue, nt, t
from trainer.i18n.po import Entry, language_entries, mo_bytes, quote, read_po

ROOT = Path(__file__).resolve().parents[1]


def _catalogue(lang: str) -> dict[str, Entry]:
    return {e.msgid: e for e in language_entries(LOCALE_DIR, lang) if e.msgid}


CATALOGUES = {lang: _catalogue(lang) for lang in LANGS}
KEYS = sorted(set().union(*CATALOGUES.values()))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _nplurals(lang: str) -> int:
    header = read_po(LOCALE_DIR / lang / "LC_MESSAGES" / "crib.po")[0].msgstr[0]
    found = re.search(r"nplurals=(\d+)", header)
    assert found, f"{lang}: no Plural-Forms header"
    return int(found.group(1))


@pytest.mark.parametrize("key", KEYS)
def test_every_message_has_both_languages_with_the_same_placeholders(key: str) -> None:
    english = CATALOGUES["en"].get(key)
    for lang in LANGS:
        entry = CATALOGUES[lang].get(key)
        assert entry is not None, f"{key} is missing from the {lang} catalogue"
        assert all(s.strip() for s in entry.msgstr), f"{key} has an empty {lang} text"
        assert english is not None
        assert _fields(" ".join(entry.msgstr)) == _fields(" ".join(english.msgstr)), key
        if entry.msgid_plural is not None:
            assert len(entry.msgstr) == _nplurals(lang), f"{key}: {lang} needs {_nplurals(lang)} forms"


@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_mo_is_compiled_from_the_po(lang: str) -> None:
    compiled = LOCALE_DIR / lang / "LC_MESSAGES" / "crib.mo"
    assert compiled.read_bytes() == mo_bytes(language_entries(LOCALE_DIR, lang)), (
        "stale catalogue: run `python scripts/compile_catalogues.py`"
    )


def _used_keys() -> set[tuple[str, str]]:
    """(file, key) for every literal first argument of a t/_t/nt/plural call in trainer/, and of
    a message built to be worded later (`msg(...)`, `Msg(...)`: the drills' questions and feedback)."""
    used: set[tuple[str, str]] = set()
    for path in (ROOT / "trainer").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
            if name in {"t", "_t", "nt", "plural", "msg", "Msg"} and literal and "." in first.value:
                used.add((path.relative_to(ROOT).as_posix(), first.value))
    return used


def test_every_key_the_code_asks_for_is_in_the_catalogue() -> None:
    used = _used_keys()
    assert len(used) > 200  # the walk really finds the calls
    missing = sorted(f"{file}: {key}" for file, key in used if key not in CATALOGUES["en"])
    assert not missing, missing


def test_the_check_catches_a_missing_translation(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_text(f'msgid ""\nmsgstr ""\n\nmsgid "a.b"\nmsgstr {quote("")}\n', encoding="utf-8")
    entry = read_po(po)[1]
    assert entry.msgid == "a.b" and not any(s.strip() for s in entry.msgstr)
    assert _fields("Hello {name}") != _fields("Привет")


def test_po_round_trip_keeps_newlines_quotes_and_backslashes(tmp_path: Path) -> None:
    text = 'Line one\n«quoted» "x" \\ done\n'
    po = tmp_path / "x.po"
    po.write_text(f'msgid ""\nmsgstr ""\n\nmsgid "k.x"\nmsgstr {quote(text)}\n', encoding="utf-8")
    assert read_po(po)[1].msgstr == [text]


def test_t_formats_and_falls_back_to_english() -> None:
    assert t("drill.header", "ru", n=2, total=5, drill="count", ruleset="classic").startswith("Вопрос 2/5")
    assert t("drill.correct", "de") == "Correct!"
    assert t("no.such.key", "ru") == "no.such.key"


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (1, "заход"),
        (2, "захода"),
        (5, "заходов"),
        (11, "заходов"),
        (21, "заход"),
        (22, "захода"),
        (112, "заходов"),
    ],
)
def test_russian_plurals_come_from_the_catalogue_header(n: int, word: str) -> None:
    assert nt("game.counts_word", n, "ru") == word
    assert catalogue("en").ngettext("game.counts_word", "game.counts_word", n) == (
        "count" if n == 1 else "counts"
    )


def test_an_error_with_a_message_id_is_printed_in_the_users_language() -> None:
    from trainer.cli import app
    from trainer.cli.context import SETTINGS
    from trainer.engine.errors import CribError

    error = CribError("Correct!", key="drill.correct")
    before = SETTINGS.lang
    try:
        SETTINGS.lang = "ru"
        assert app._error_text(error) == "Верно!"
        assert app._error_text(CribError("plain English")) == "plain English"
        assert app._error_text(CribError("fallback", key="no.such.key")) == "fallback"
    finally:
        SETTINGS.lang = before


@pytest.mark.parametrize(
    ("n", "text"), [(1, "1 вопрос"), (3, "3 вопроса"), (11, "11 вопросов"), (21, "21 вопрос")]
)
def test_t_picks_the_plural_form_of_a_counted_entry_for_n(n: int, text: str) -> None:
    assert f"({text})?" in t("learn.ask_drill", "ru", n=n)
    assert t("learn.ask_drill", "en", n=n) == f"Start the drill of this lesson ({n} questions)?"


@pytest.mark.parametrize("lang", LANGS)
def test_the_lazy_reader_agrees_with_the_standard_gettext_reader(lang: str) -> None:
    """trainer.i18n reads the .mo by binary search instead of gettext's full parse: every key,
    every plural form and a missing key must come out as the standard library reads them."""
    import gettext

    from trainer.infra.mofile import MoCatalogue

    path = LOCALE_DIR / lang / "LC_MESSAGES" / "crib.mo"
    with path.open("rb") as handle:
        standard = gettext.GNUTranslations(handle)
    lazy = MoCatalogue(path.read_bytes())
    counted = 0
    for key, entry in CATALOGUES[lang].items():
        if entry.msgid_plural is None:
            assert lazy.gettext(key) == standard.gettext(key), key
            assert not lazy.is_counted(key)
        else:
            counted += 1
            assert lazy.is_counted(key)
            for n in (0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 112):
                assert lazy.ngettext(key, key, n) == standard.ngettext(key, key, n), (key, n)
    assert counted > 3
    assert lazy.gettext("no.such.key") == "no.such.key"
    assert lazy.gettext("drill") == "drill"  # a prefix of real keys is not a key
    for prefix in ("ruling.name.", "adapt.", "drill.", "zzz"):  # a run of the sorted key table
        listed = sorted((k for k in CATALOGUES[lang] if k.startswith(prefix)), key=str.encode)
        assert list(lazy.keys(prefix)) == listed, prefix
    assert len(list(lazy.keys("ruling.name."))) == 34  # one name per irregularity
