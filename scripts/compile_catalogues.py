"""Compile the gettext sources (`trainer/i18n/locale/LANG/LC_MESSAGES/*.po`: `crib.po` and one
file per domain) into one `crib.mo` per language with Babel, shipped in the wheel. Run after
editing a catalogue; `tests/test_catalogues.py` fails while a `.mo` is stale.

    python scripts/compile_catalogues.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from babel.messages.pofile import PoFileError  # noqa: E402
from catalogue_sources import language_catalogue, mo_bytes  # noqa: E402

from trainer.i18n import LANGS, LOCALE_DIR  # noqa: E402


def main() -> int:
    for lang in LANGS:
        target = LOCALE_DIR / lang / "LC_MESSAGES" / "crib.mo"
        try:
            data = mo_bytes(language_catalogue(LOCALE_DIR, lang))
        except (OSError, PoFileError, ValueError) as error:  # unreadable, invalid, a key twice
            print(f"compile_catalogues: {lang}: {error}", file=sys.stderr)
            return 1
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
