"""The count said aloud in the user's language: the engine's `count_parts` worded from the
catalogue ("fifteen 2, fifteen 4, and a pair is 6"; «пятнадцать два, пятнадцать четыре и пара — шесть»)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.i18n import has, t

if TYPE_CHECKING:
    from trainer.engine.scoring import ScoreBreakdown


def say_count(breakdown: ScoreBreakdown, lang: str = "en") -> str:
    """One line in counting cadence with a running total; 'nineteen' for a zero hand."""
    from trainer.engine.cadence import count_parts

    parts = count_parts(breakdown)
    if not parts:
        return t("cadence.nothing", lang)
    said: list[str] = []
    lead = ""
    spoken = [p for p in parts if p.word != "fifteen"]
    for part in parts:
        if part.word == "fifteen":
            said.append(t("cadence.fifteen", lang, n=_spoken(part.running, lang)))
            continue
        length_key = f"cadence.length.{part.length}"
        length = t(length_key, lang) if has(length_key, lang) else str(part.length)
        what = t(f"cadence.{part.word}", lang, l=length)
        lead = t("cadence.and", lang) if part is spoken[-1] and len(parts) > 1 else ""
        said.append(lead + t("cadence.is", lang, what=what, n=_spoken(part.running, lang)))
    if len(said) > 1 and lead:  # the last part joins with "and" (Russian puts no comma before «и»)
        return t("cadence.last", lang, rest=", ".join(said[:-1]), last=said[-1])
    return ", ".join(said)


def _spoken(total: int, lang: str) -> str:
    """A running total as players say it: a word in Russian («пятнадцать шесть»), the digits in
    English (its table talk writes "fifteen 6")."""
    key = f"cadence.num.{total}"
    return t(key, lang) if has(key, lang) else str(total)
