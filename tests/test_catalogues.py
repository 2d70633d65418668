"""The gettext catalogues: every message exists in English and Russian, neither is empty, both
use the same {placeholders}, plural entries have as many forms as the header's rule, the shipped
`.mo` files are compiled from the current `.po` sources, and every key the code asks for exists."""

from __future__ import annotations

import ast
import gettext
import io
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from po_sources import forms, key, language_catalogue, mo_bytes

from trainer.i18n import LANGS, LOCALE_DIR, catalogue, nt, t
from trainer.infra.mofile import MoCatalogue

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {lang: language_catalogue(LOCALE_DIR, lang) for lang in LANGS}
CATALOGUES: dict[str, dict[str, Message]] = {
    lang: {key(m): m for m in found if m.id} for lang, found in SOURCES.items()
}
KEYS = sorted(set().union(*CATALOGUES.values()))
NUMBERS = (*range(0, 130), 1001, 1011, 1021, 1022, 1025)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("key", KEYS)
def test_every_message_has_both_languages_with_the_same_placeholders(key: str) -> None:
    english = CATALOGUES["en"].get(key)
    for lang in LANGS:
        entry = CATALOGUES[lang].get(key)
        assert entry is not None, f"{key} is missing from the {lang} catalogue"
        assert all(s.strip() for s in forms(entry)), f"{key} has an empty {lang} text"
        assert english is not None
        assert _fields(" ".join(forms(entry))) == _fields(" ".join(forms(english))), key
        if entry.pluralizable:
            wanted = SOURCES[lang].num_plurals
            assert len(forms(entry)) == wanted, f"{key}: {lang} needs {wanted} forms"


def _messages(data: bytes) -> tuple[dict[object, str], list[int]]:
    """What the standard gettext reader takes from a `.mo`: every message but the header (whose
    stamps name the Babel that wrote it), and the plural rule's form for each of NUMBERS."""
    read = gettext.GNUTranslations(io.BytesIO(data))
    messages = {k: v for k, v in read._catalog.items() if k != ""}  # type: ignore[attr-defined]
    return messages, [read.plural(n) for n in NUMBERS]  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_mo_is_compiled_from_the_po(lang: str) -> None:
    compiled = LOCALE_DIR / lang / "LC_MESSAGES" / "crib.mo"
    assert _messages(compiled.read_bytes()) == _messages(mo_bytes(SOURCES[lang])), (
        "stale catalogue: run `python scripts/compile_catalogues.py`"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_of_the_po_reads_the_same_from_the_mo_in_both_readers(lang: str) -> None:
    """Babel compiles, and the program reads the `.mo` by binary search (trainer.infra.mofile)
    instead of gettext's full parse: every message of the sources, every plural form for each of
    NUMBERS, comes out of the shipped `.mo` as the `.po` writes it, through both the standard
    library and the lazy reader; a missing key and a run of keys by prefix agree too."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "crib.mo"
    with path.open("rb") as handle:
        standard = gettext.GNUTranslations(handle)
    lazy = MoCatalogue(path.read_bytes())
    rule = gettext.c2py(SOURCES[lang].plural_expr)
    assert len(CATALOGUES[lang]) > 2000
    counted = 0
    for name, message in CATALOGUES[lang].items():
        written = forms(message)
        assert lazy.is_counted(name) == message.pluralizable, name
        if not message.pluralizable:
            assert standard.gettext(name) == lazy.gettext(name) == written[0], name
            continue
        counted += 1
        for n in NUMBERS:
            form = written[rule(n)]
            assert standard.ngettext(name, name, n) == lazy.ngettext(name, name, n) == form, (name, n)
    assert counted > 30
    assert lazy.gettext("no.such.key") == standard.gettext("no.such.key") == "no.such.key"
    assert lazy.gettext("drill") == "drill"  # a prefix of real keys is not a key
    for prefix in ("ruling.name.", "adapt.", "drill.", "zzz"):  # a run of the sorted key table
        listed = sorted((k for k in CATALOGUES[lang] if k.startswith(prefix)), key=str.encode)
        assert list(lazy.keys(prefix)) == listed, prefix
    assert len(list(lazy.keys("ruling.name."))) == 34  # one name per irregularity


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


def test_newlines_quotes_and_backslashes_survive_compiling_and_both_readers() -> None:
    text = 'Line one\n«quoted» "x" \\ done\n'
    source = (
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "k.x"\nmsgstr ""\n"Line one\\n"\n"«quoted» \\"x\\" \\\\ done\\n"\n'
    )
    data = mo_bytes(read_po(io.BytesIO(source.encode())))
    assert gettext.GNUTranslations(io.BytesIO(data)).gettext("k.x") == text
    assert MoCatalogue(data).gettext("k.x") == text


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
