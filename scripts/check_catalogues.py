"""Check the gettext catalogues with Babel (the development tool, which also compiles them; the
program itself reads the compiled `crib.mo` with its own small reader): every language holds the
same keys as English in the same domain files, no key is in two domains, nothing is untranslated
or fuzzy, placeholders match English, and plural entries have the language's number of forms (its
`crib.po` header).

    python scripts/check_catalogues.py                 # the shipped catalogues
    python scripts/check_catalogues.py --locale DIR    # another locale folder (a copy)

Prints one line per problem and exits 1 when there is any; `tests/test_catalogues.py` runs it.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catalogue_sources import forms, header, key, read_domain

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "trainer" / "i18n" / "locale"
_PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")


def _names(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def problems(locale: Path) -> list[str]:
    """Every problem of the catalogues under `locale` (LANG/LC_MESSAGES/*.po), English the reference."""
    langs = sorted(p.name for p in locale.iterdir() if (p / "LC_MESSAGES" / "crib.po").is_file())
    if "en" not in langs:
        return [f"{locale}: no English catalogue (en/LC_MESSAGES/crib.po)"]
    domains = {lang: sorted((locale / lang / "LC_MESSAGES").glob("*.po")) for lang in langs}
    found: list[str] = []
    catalogues: dict[str, dict[str, Catalog]] = {}
    for lang, files in domains.items():
        first = header(locale / lang / "LC_MESSAGES" / "crib.po")
        catalogues[lang] = {}
        for path in files:
            try:
                catalogues[lang][path.stem] = read_domain(path, first)
            except (PoFileError, ValueError) as error:  # invalid syntax, a string left open
                found.append(f"{lang}: {path.name}: {error}")
    english = catalogues["en"]
    seen: dict[str, str] = {}
    for domain, catalogue in english.items():
        for message in catalogue:
            if not message.id:
                continue
            name = key(message)
            if name in seen:
                found.append(f"en: {name} is in both {seen[name]}.po and {domain}.po")
            seen[name] = domain
    for lang in langs:
        mine = catalogues[lang]
        plural_forms = mine["crib"].num_plurals if "crib" in mine else 2
        for domain in sorted(set(english) | set(mine)):
            if domain not in mine:
                found.append(f"{lang}: {domain}.po is missing")
                continue
            if domain not in english:
                found.append(f"{lang}: {domain}.po has no English file")
                continue
            reference = {key(m): m for m in english[domain] if m.id}
            entries = {key(m): m for m in mine[domain] if m.id}
            for name in sorted(set(reference) - set(entries)):
                found.append(f"{lang}: {domain}.po lacks {name}")
            for name in sorted(set(entries) - set(reference)):
                found.append(f"{lang}: {domain}.po has {name}, which English does not")
            for name in sorted(set(entries) & set(reference)):
                found.extend(
                    _entry_problems(lang, domain, name, reference[name], entries[name], plural_forms)
                )
    return found


def _entry_problems(
    lang: str, domain: str, key: str, english: Message, message: Message, plural_forms: int
) -> list[str]:
    where = f"{lang}: {domain}.po {key}"
    out: list[str] = []
    if message.fuzzy:
        out.append(f"{where} is fuzzy")
    strings = forms(message)
    if not all(s.strip() for s in strings):
        out.append(f"{where} is not translated")
    if english.pluralizable != message.pluralizable:
        out.append(f"{where}: plural in one language only")
    elif message.pluralizable and len(strings) != plural_forms:
        out.append(f"{where}: {len(strings)} plural forms, the language has {plural_forms}")
    wanted = set().union(*(_names(s) for s in forms(english)))
    for text in strings:
        if _names(text) - wanted:
            out.append(f"{where}: placeholder {sorted(_names(text) - wanted)} is not in English")
    if not message.pluralizable and wanted - _names(strings[0]):
        out.append(f"{where}: lacks placeholder {sorted(wanted - _names(strings[0]))}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--locale", type=Path, default=LOCALE, help="the locale folder to check")
    args = parser.parse_args(argv)
    found = problems(args.locale)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
