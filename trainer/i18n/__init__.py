"""Every word the product prints, looked up in GNU gettext catalogues (one per language).

Words are chosen only at the edge (the CLI and the web pages): the layers below return message
ids and values, and this package turns them into text. The catalogues are `.po` sources beside
compiled `.mo` files (`python scripts/compile_catalogues.py` rebuilds them; a test fails when one
is stale), so a translator edits one file per language and plural forms come from the catalogue
header (Russian has three) instead of hand-written rules.

Message ids are stable keys ("drill.count.prompt"), not English sentences, so rewording the
English never orphans the Russian.
"""

from __future__ import annotations

from pathlib import Path

from trainer.i18n.languages import LANGS as LANGS  # re-exported: web and scripts read it here
from trainer.i18n.languages import language
from trainer.infra.mofile import MoCatalogue

DOMAIN = "crib"
LOCALE_DIR = Path(__file__).with_name("locale")

_CACHE: dict[str, MoCatalogue] = {}


def catalogue(lang: str) -> MoCatalogue:
    """The compiled catalogue of `lang` (English for an unknown language), opened once and read
    lazily (trainer.infra.mofile); a missing or damaged `.mo` gives an empty catalogue, so every
    key shows as itself rather than crashing."""
    lang = lang if lang in LANGS else "en"
    found = _CACHE.get(lang)
    if found is None:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        found = MoCatalogue.read(path) or MoCatalogue(_EMPTY_MO)
        _CACHE[lang] = found
    return found


_EMPTY_MO = bytes.fromhex("de120495") + bytes(24)  # magic, revision 0, no entries


def has(key: str, lang: str = "en") -> bool:
    """Whether the catalogue of `lang` holds `key` (an unknown key comes back unchanged)."""
    return catalogue(lang).gettext(key) != key


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The text for `key` in `lang`, formatted with `values`. When the entry has plural forms
    and `values` hold a whole number `n`, the form for `n` is used (Russian: 1 вопрос, 2 вопроса,
    5 вопросов). A key missing from the catalogue comes back as itself, so a gap shows up as an id
    on screen, never as a crash; a test checks that every key the code uses is in both
    catalogues."""
    found = catalogue(lang)
    n = values.get("n")
    counted = isinstance(n, int) and found.is_counted(key)  # a counted entry: its form for `n`
    text = found.ngettext(key, key, n) if counted else found.gettext(key)  # type: ignore[arg-type]
    return text.format(**values) if values else text


def number(value: float, spec: str = "", lang: str = "en") -> str:
    """`value` formatted with `spec` ("," groups thousands) in the language's convention:
    Russian groups with a no-break space and writes a decimal comma (3 248 700; 4,47)."""
    return language(lang).number(format(value, spec))


def decimal(value: float, lang: str = "en", places: int = 2) -> str:
    """A value rounded to `places` without trailing zeros (4.5, 3, -0.25), in `lang`'s style."""
    if value == int(value):
        return str(int(value))
    return number(float(f"{value:.{places}f}".rstrip("0").rstrip(".")), "", lang)


LATIN_LETTERS = "abcdefghijklmnop"  # the choices' ids; each language shows them its own way


def choice_letter(letter: str | int, lang: str = "en") -> str:
    """The letter of a multiple-choice answer as every screen shows it in `lang`: `A B C D` in
    English, `а б в г` in Russian (one alphabet per screen: the terminal, worksheets, keys, phones,
    the projector and reports all ask this). `letter` is the choice's id (`a`, `B`) or its index
    from 0; the answer parsers read either alphabet in either case."""
    index = letter if isinstance(letter, int) else LATIN_LETTERS.find(letter.lower())
    return language(lang).choice_letter(index) if index >= 0 else str(letter)


def variant_name(name: str, lang: str = "en") -> str:
    """A shipped ruleset named in a sentence: its id in English (`classic`, what `-r` takes), its
    short name in another language («классика», «втроём»); a house ruleset keeps its own name."""
    key = f"ruleset.{name}.short"
    return t(key, lang) if lang != "en" and has(key, lang) else name


def nt(key: str, n: int, lang: str = "en", /, **values: object) -> str:
    """The form of `key` for the number `n` (plural rule from the catalogue header), formatted
    with `values` plus `n`."""
    text = catalogue(lang).ngettext(key, key, n)
    return text.format(n=n, **values)
