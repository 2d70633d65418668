"""Write the pseudo-locale `qps` from the English catalogue: every string accented, lengthened by
a third and bracketed ⟦…⟧, as Android and Windows do, so that English the code prints without the
catalogue (an unbracketed word) and layouts that break on longer words show at a glance.

    python scripts/make_pseudo_locale.py     # writes trainer/i18n/locale/qps/LC_MESSAGES/crib.po

The catalogue is generated, never committed. To read the product in it, add
`"qps": Language("qps")` to `LANGUAGES` in trainer/i18n/languages.py, run this script and
`python scripts/compile_catalogues.py`, then `crib --lang qps ...` (tests/test_languages.py
does exactly that in a temporary copy of the repository).

Placeholders (`{n}`, `{value:,}`, `%(name)s`), rich markup tags (`[bold]`, `[/]`) and line breaks
are kept as they are, so every formatted string still formats.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402
from catalogue_sources import SOURCE_DATE, forms, language_catalogue  # noqa: E402

from trainer.i18n import LOCALE_DIR  # noqa: E402

CODE = "qps"
OPEN, CLOSE = "⟦", "⟧"
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóþǫŕšťúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŤÚṼŴẊÝŽ",
)
_KEPT = re.compile(r"\{[^{}]*\}|%\([A-Za-z_]+\)[sdr]|%[sdr]|\[/?[a-z][a-z0-9 #._=-]*\]|\[/\]|\n")


def pseudo(text: str) -> str:
    """`text` accented, a third longer and bracketed; placeholders and markup untouched."""
    if not text:
        return text
    pieces: list[str] = []
    at = 0
    for kept in _KEPT.finditer(text):
        pieces.append(text[at : kept.start()].translate(_ACCENTS))
        pieces.append(kept.group())
        at = kept.end()
    pieces.append(text[at:].translate(_ACCENTS))
    body = "".join(pieces)
    padding = "~" * max(1, len(text) // 3)
    return f"{OPEN}{body} {padding}{CLOSE}"


def pseudo_catalogue(english: Catalog) -> Catalog:
    """The `qps` catalogue: English's keys and plural rule, every translation made `pseudo`."""
    out = Catalog(
        locale=CODE,
        domain="crib",
        header_comment="# The pseudo-locale, made from English by scripts/make_pseudo_locale.py.",
        project="cribbage-coach",
        creation_date=SOURCE_DATE,
        fuzzy=False,
    )
    out.mime_headers = [("Plural-Forms", english.plural_forms)]
    for message in english:
        if not message.id:
            continue
        made = tuple(pseudo(form) for form in forms(message))
        out.add(message.id, made if message.pluralizable else made[0])
    return out


def main() -> int:
    target = LOCALE_DIR / CODE / "LC_MESSAGES" / "crib.po"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_po(handle, pseudo_catalogue(language_catalogue(LOCALE_DIR, "en")), width=0)
    print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
