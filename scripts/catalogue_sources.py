"""The gettext sources of one language read with Babel, the development tool for catalogues: its
`crib.po` (which holds the header, the one place the plural rule is written) and one `.po` file
per domain (`play.po`, `club.po`…), merged into one Babel `Catalog` that compiles to the single
`crib.mo` the program reads. Shared by scripts/compile_catalogues.py,
scripts/make_pseudo_locale.py, scripts/check_catalogues.py and the catalogue tests; the program
itself never imports Babel (it reads the `.mo` with trainer/infra/mofile.py).
"""

from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

# Babel stamps the time of reading into a catalogue's header (POT-Creation-Date) when the source
# has none, and ours carry none: the stamp is fixed so that a `.mo` depends only on its sources
# and compiling twice writes the same bytes.
SOURCE_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
# A keyword line or a continuation of one: Babel reads an unclosed string by dropping its last
# character, so each such line is checked to end its string before Babel sees the file.
_STRING_LINE = re.compile(r'(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)?\s*"(?:[^"\\]|\\.)*"')


def language_sources(locale_dir: Path, lang: str) -> list[Path]:
    """The `.po` sources of one language: `crib.po` (with the header) first, then one file per
    domain in name order, so features added side by side never edit the same file."""
    folder = locale_dir / lang / "LC_MESSAGES"
    rest = sorted(p for p in folder.glob("*.po") if p.name != "crib.po")
    return [folder / "crib.po", *rest]


def header(crib_po: Path) -> bytes:
    """The header entry of a language's `crib.po` (its first paragraph)."""
    return crib_po.read_bytes().split(b"\n\n", 1)[0] + b"\n"


def read_domain(path: Path, header_entry: bytes) -> Catalog:
    """One domain file read as gettext would read it: under its language's `crib.po` header (so
    plural entries get the language's number of forms); invalid syntax is an error."""
    text = path.read_bytes()
    for number, line in enumerate(text.decode("utf-8").splitlines(), start=1):
        line = line.strip()
        if line and not line.startswith("#") and not _STRING_LINE.fullmatch(line):
            raise ValueError(f"{path}:{number}: cannot read {line[:40]!r} (a string left open?)")
    shift = 0
    if path.stem != "crib":
        text = header_entry + b"\n" + text
        shift = header_entry.count(b"\n") + 1
    catalogue = read_po(io.BytesIO(text), domain=path.stem, abort_invalid=True)
    catalogue.creation_date = SOURCE_DATE
    for message in catalogue:
        if message.id:
            message.lineno -= shift  # each message's line in its own file, for error messages
    return catalogue


def language_catalogue(locale_dir: Path, lang: str) -> Catalog:
    """All the messages of one language in one catalogue under `crib.po`'s header; a key defined
    in two files is an error naming both."""
    sources = language_sources(locale_dir, lang)
    first = header(sources[0])
    merged = read_domain(sources[0], first)
    merged.domain = "crib"
    seen = {key(m): sources[0] for m in merged if m.id}
    for source in sources[1:]:
        for message in read_domain(source, first):
            if not message.id:
                continue  # only crib.po's header counts
            name = key(message)
            if name in seen:
                raise ValueError(f"{source}:{message.lineno}: {name!r} is already in {seen[name]}")
            seen[name] = source
            merged[message.id] = message
    return merged


def key(message: Message) -> str:
    """The message id (a counted message's singular id)."""
    return str(message.id[0] if isinstance(message.id, tuple | list) else message.id)


def forms(message: Message) -> tuple[str, ...]:
    """The translations of a message: one, or one per plural form."""
    value = message.string
    return tuple(value) if isinstance(value, tuple | list) else (str(value),)


def mo_bytes(catalogue: Catalog) -> bytes:
    """The compiled `.mo` of `catalogue` (Babel's writer: GNU layout, keys sorted, no hash table)."""
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()
