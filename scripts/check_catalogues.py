"""Check the gettext catalogues with Babel (the development tool; the program itself reads the
compiled `crib.mo` with its own small reader): every language holds the same keys as English in
the same domain files, no key is in two domains, nothing is untranslated or fuzzy, placeholders
match English, and plural entries have the language's number of forms (its `crib.po` header).

    python scripts/check_catalogues.py                 # the shipped catalogues
    python scripts/check_catalogues.py --locale DIR    # another locale folder (a copy)

Prints one line per problem and exits 1 when there is any; `tests/test_catalogues.py` runs it.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "trainer" / "i18n" / "locale"
_PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")


def _read(path: Path, header: bytes) -> Catalog:
    """One domain file read as gettext would read it: under its language's `crib.po` header (the
    one place its plural rule is written), invalid syntax an error."""
    text = path.read_bytes()
    if path.stem != "crib":
        text = header + b"\n" + text
    return read_po(io.BytesIO(text), domain=path.stem, abort_invalid=True)


def _key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple) else message.id)


def _strings(message: Message) -> tuple[str, ...]:
    value = message.string
    return tuple(value) if isinstance(value, tuple | list) else (str(value),)


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
        crib = (locale / lang / "LC_MESSAGES" / "crib.po").read_bytes()
        header = crib.split(b"\n\n", 1)[0] + b"\n"
        catalogues[lang] = {}
        for path in files:
            try:
                catalogues[lang][path.stem] = _read(path, header)
            except PoFileError as error:
                found.append(f"{lang}: {path.name}: {error}")
    english = catalogues["en"]
    seen: dict[str, str] = {}
    for domain, catalogue in english.items():
        for message in catalogue:
            if not message.id:
                continue
            key = _key(message)
            if key in seen:
                found.append(f"en: {key} is in both {seen[key]}.po and {domain}.po")
            seen[key] = domain
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
            reference = {_key(m): m for m in english[domain] if m.id}
            entries = {_key(m): m for m in mine[domain] if m.id}
            for key in sorted(set(reference) - set(entries)):
                found.append(f"{lang}: {domain}.po lacks {key}")
            for key in sorted(set(entries) - set(reference)):
                found.append(f"{lang}: {domain}.po has {key}, which English does not")
            for key in sorted(set(entries) & set(reference)):
                found.extend(_entry_problems(lang, domain, key, reference[key], entries[key], plural_forms))
    return found


def _entry_problems(
    lang: str, domain: str, key: str, english: Message, message: Message, plural_forms: int
) -> list[str]:
    where = f"{lang}: {domain}.po {key}"
    out: list[str] = []
    if message.fuzzy:
        out.append(f"{where} is fuzzy")
    strings = _strings(message)
    if not all(s.strip() for s in strings):
        out.append(f"{where} is not translated")
    if english.pluralizable != message.pluralizable:
        out.append(f"{where}: plural in one language only")
    elif message.pluralizable and len(strings) != plural_forms:
        out.append(f"{where}: {len(strings)} plural forms, the language has {plural_forms}")
    wanted = set().union(*(_names(s) for s in _strings(english)))
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
