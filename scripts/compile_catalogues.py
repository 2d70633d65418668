"""Compile the gettext sources (`trainer/i18n/locale/LANG/LC_MESSAGES/*.po`: `crib.po` and one
file per feature) into one `crib.mo` per language, shipped in the wheel. Run after editing a
catalogue; `tests/test_catalogues.py` fails while a `.mo` is stale.

    python scripts/compile_catalogues.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.i18n import LANGS, LOCALE_DIR  # noqa: E402
from trainer.i18n.po import language_entries, mo_bytes  # noqa: E402


def main() -> int:
    for lang in LANGS:
        target = LOCALE_DIR / lang / "LC_MESSAGES" / "crib.mo"
        data = mo_bytes(language_entries(LOCALE_DIR, lang))
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
