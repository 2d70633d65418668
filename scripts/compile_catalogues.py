"""Compile the gettext sources (`trainer/i18n/locale/*/LC_MESSAGES/*.po`) into the `.mo` files
that ship in the wheel. Run after editing a catalogue; `tests/test_catalogues.py` fails while a
`.mo` is stale.

    python scripts/compile_catalogues.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.i18n import LOCALE_DIR  # noqa: E402
from trainer.i18n.po import catalogue_paths, mo_bytes, read_po  # noqa: E402


def main() -> int:
    for source in catalogue_paths(LOCALE_DIR):
        target = source.with_suffix(".mo")
        data = mo_bytes(read_po(source))
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
