"""English and Russian words of `crib replay` and `crib simulate`: table headers, the events of
a deal and the summary lines. Russian terms follow lessons/GLOSSARY.md: сдающий, криб,
стартер, «пятки», «мимо», заход, «простак», лурч/скунс.

Irregularity ids and rule references in penalty events stay as the engine gives them (the
irregularity catalogue is translated with the rules reference).
"""

from __future__ import annotations

from trainer.i18n import has, t


def word(group: str, name: str, lang: str) -> str:
    """A result, source or bot name in `lang`; an id without a translation is shown as it is
    (a future engine value must not crash the output)."""
    key = f"game.{group}.{name}"
    return t(key, lang) if has(key) else name
