"""A compiled catalogue read lazily: each lookup is a binary search in the `.mo` file's sorted
key table, so a command that prints ten words does not decode all of the catalogue's thousands
of entries first (the standard `gettext.GNUTranslations` parses every entry on load, which cost
about 10 ms of every command's start-up once all the features' words were in it).

The file layout is GNU's, as Babel's `write_mo` writes it (scripts/compile_catalogues.py):
little-endian (the building machine's order; every machine we build on is little-endian), keys
sorted by their bytes; a plural entry's key is `msgid NUL msgid_plural` and its value the forms joined by
NUL. The plural rule comes from the catalogue header, compiled by `gettext.c2py` only when a
counted word is first asked for.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator
from pathlib import Path

_MAGIC = 0x950412DE


class MoCatalogue:
    """`gettext(key)` and `ngettext(key, plural, n)` over one `.mo` file; a missing key comes
    back unchanged, like gettext's own classes."""

    def __init__(self, data: bytes) -> None:
        magic, _revision, count, keys_at, values_at = struct.unpack_from("<5I", data)
        if magic != _MAGIC:
            raise ValueError("not a little-endian GNU .mo file")
        self._data = data
        self._count = count
        self._keys_at = keys_at
        self._values_at = values_at
        self._found: dict[str, list[str] | None] = {}
        self._plural: Callable[[int], int] | None = None

    @classmethod
    def read(cls, path: Path) -> MoCatalogue | None:
        try:
            return cls(path.read_bytes())
        except (OSError, ValueError, struct.error):
            return None

    def _key(self, index: int) -> bytes:
        length, offset = struct.unpack_from("<2I", self._data, self._keys_at + 8 * index)
        return self._data[offset : offset + length]

    def _first_at_or_after(self, wanted: bytes) -> int:
        """The index of the first key >= `wanted` (the keys are sorted by their bytes)."""
        data, keys_at = self._data, self._keys_at
        low, high = 0, self._count
        while low < high:  # inlined: every word of a start-up is looked up this way
            mid = (low + high) // 2
            length, offset = struct.unpack_from("<2I", data, keys_at + 8 * mid)
            if data[offset : offset + length] < wanted:
                low = mid + 1
            else:
                high = mid
        return low

    def keys(self, prefix: str) -> Iterator[str]:
        """The keys that start with `prefix`, in order: one run of the sorted key table, so a
        family of entries (`ruling.name.`) can be listed without reading the others."""
        wanted = prefix.encode()
        for index in range(self._first_at_or_after(wanted), self._count):
            found = self._key(index)
            if not found.startswith(wanted):
                return
            yield found.split(b"\0", 1)[0].decode()

    def _entry(self, key: str) -> list[str] | None:
        """The forms stored for `key` (one for a plain entry, several for a counted one)."""
        if key in self._found:
            return self._found[key]
        data, wanted = self._data, key.encode()
        low = self._first_at_or_after(wanted)
        forms: list[str] | None = None
        if low < self._count:
            found = self._key(low)
            if found == wanted or found.startswith(wanted + b"\0"):
                length, offset = struct.unpack_from("<2I", data, self._values_at + 8 * low)
                forms = data[offset : offset + length].decode().split("\0")
        self._found[key] = forms
        return forms

    def gettext(self, key: str) -> str:
        forms = self._entry(key)
        return forms[0] if forms else key

    def is_counted(self, key: str) -> bool:
        """Whether `key` has plural forms."""
        forms = self._entry(key)
        return forms is not None and len(forms) > 1

    def ngettext(self, key: str, plural: str, n: int) -> str:
        forms = self._entry(key)
        if not forms:
            return key if n == 1 else plural
        index = self._plural_index(n)
        return forms[index] if index < len(forms) else forms[-1]

    def plural(self, n: int) -> int:
        """The index of the plural form for `n` (like `GNUTranslations.plural`)."""
        return self._plural_index(n)

    def _plural_index(self, n: int) -> int:
        if self._plural is None:
            self._plural = _plural_rule(self.gettext(""))
        return self._plural(n)


def _plural_rule(header: str) -> Callable[[int], int]:
    """The header's `plural=` expression as a function (English's rule when there is none)."""
    for line in header.splitlines():
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms" and "plural=" in value:
            import gettext

            return gettext.c2py(value.split("plural=", 1)[1].strip().rstrip(";"))
    return lambda n: int(n != 1)
