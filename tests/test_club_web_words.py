"""Every word of the club-night pages comes from the catalogues: keys used by the templates, the
browser code's words, the modes and every refusal the API can give exist in English and Russian
(tests/test_catalogues.py scans only Python calls)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from trainer.i18n import LANGS, has
from trainer.web.app import CLIENT_WORDS
from trainer.web.room import MODES

WEB = Path(__file__).resolve().parents[1] / "trainer" / "web"


def _template_keys() -> set[str]:
    keys: set[str] = set()
    for path in (WEB / "templates").glob("*.html"):
        keys.update(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", path.read_text(encoding="utf-8")))
    return {k for k in keys if not k.endswith(".")}  # `"club_web.mode." ~ mode` is checked via MODES


def _refusal_keys() -> set[str]:
    keys: set[str] = set()
    for path in WEB.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refused":
                for kw in node.keywords:
                    if kw.arg == "reason" and isinstance(kw.value, ast.Constant):
                        keys.add(f"club_web.refused.{kw.value.value}")
    return keys


KEYS = sorted(
    _template_keys()
    | {f"club_web.js.{w}" for w in CLIENT_WORDS}
    | {f"club_web.mode.{m}" for m in MODES}
    | _refusal_keys()
)


def test_the_scan_finds_the_words() -> None:
    assert len(_template_keys()) > 25 and len(_refusal_keys()) > 15


@pytest.mark.parametrize("key", KEYS)
def test_every_page_word_is_in_both_catalogues(key: str) -> None:
    assert all(has(key, lang) for lang in LANGS), key
