"""Reading `.po` catalogues and writing `.mo` files with the standard library only.

Why not Babel or msgfmt: the build and the tests must run on a bare Python, and the subset of the
format used here (comments, msgctxt-free entries, plural forms) takes a page of code.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    """One message: its id, an optional plural id, and the translations (one per plural form)."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    line: int = 0


def read_po(path: Path) -> list[Entry]:
    """The entries of a `.po` file in order, the header (empty msgid) first."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None
    comments: list[str] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            comments.append(line)
            continue
        if line.startswith("msgid "):
            current = Entry(msgid=_unquote(line[6:], path, number), comments=comments, line=number)
            comments = []
            entries.append(current)
            target = ("msgid", 0)
        elif current is None:
            raise ValueError(f"{path}:{number}: text before the first msgid")
        elif line.startswith("msgid_plural "):
            current.msgid_plural = _unquote(line[13:], path, number)
            target = ("msgid_plural", 0)
        elif line.startswith("msgstr["):
            index = int(line[7 : line.index("]")])
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = _unquote(line[line.index("]") + 2 :], path, number)
            target = ("msgstr", index)
        elif line.startswith("msgstr "):
            current.msgstr = [_unquote(line[7:], path, number)]
            target = ("msgstr", 0)
        elif line.startswith('"') and target is not None:
            text = _unquote(line, path, number)
            kind, index = target
            if kind == "msgid":
                current.msgid += text
            elif kind == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + text
            else:
                current.msgstr[index] += text
        else:
            raise ValueError(f"{path}:{number}: cannot read {line[:40]!r}")
    return entries


def _unquote(text: str, path: Path, number: int) -> str:
    text = text.strip()
    if not (text.startswith('"') and text.endswith('"')):
        raise ValueError(f"{path}:{number}: expected a quoted string")
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def quote(text: str) -> str:
    """A `.po` string literal for `text` (long or multi-line texts split after each newline)."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    parts = body.split("\n")
    if len(parts) == 1:
        return f'"{body}"'
    pieces = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in pieces)


def mo_bytes(entries: list[Entry]) -> bytes:
    """The `.mo` file for `entries`: GNU's little-endian layout with sorted keys, no hash table."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and not any(entry.msgstr):
            continue
        key = entry.msgid if entry.msgid_plural is None else entry.msgid + "\0" + entry.msgid_plural
        pairs[key.encode()] = "\0".join(entry.msgstr).encode()
    keys = sorted(pairs)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    count = len(keys)
    key_start = 7 * 4 + 16 * count
    value_start = key_start + len(ids)
    key_offsets: list[int] = []
    value_offsets: list[int] = []
    position = 0
    for k in keys:
        key_offsets += [len(k), key_start + position]
        position += len(k) + 1
    position = 0
    for k in keys:
        value = pairs[k]
        value_offsets += [len(value), value_start + position]
        position += len(value) + 1
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    table = struct.pack(f"<{len(key_offsets)}i", *key_offsets)
    table += struct.pack(f"<{len(value_offsets)}i", *value_offsets)
    return header + table + ids + strs


def language_sources(locale_dir: Path, lang: str) -> list[Path]:
    """The `.po` sources of one language: `crib.po` (with the header) first, then one file per
    feature (`play.po`, `club.po`…), so features added side by side never edit the same file."""
    folder = locale_dir / lang / "LC_MESSAGES"
    rest = sorted(p for p in folder.glob("*.po") if p.name != "crib.po")
    return [folder / "crib.po", *rest]


def language_entries(locale_dir: Path, lang: str) -> list[Entry]:
    """All entries of one language, header first; a key defined twice is an error."""
    entries: list[Entry] = []
    seen: dict[str, Path] = {}
    for source in language_sources(locale_dir, lang):
        for entry in read_po(source):
            if not entry.msgid and entries:
                continue  # only crib.po's header counts
            if entry.msgid in seen:
                raise ValueError(f"{source}:{entry.line}: {entry.msgid!r} is already in {seen[entry.msgid]}")
            seen[entry.msgid] = source
            entries.append(entry)
    return entries
