"""The review queue in one line ('3 reviews due now · next one in 2 h'): the menu and `crib stats`
print it too, and importing the review runner for it (the drill runner, rich, the sessions) was a
fifth of the menu's start-up."""

from __future__ import annotations

from typing import Any

from trainer.i18n import nt, t


def due_line(summary: dict[str, Any], *, now: float, lang: str) -> str:
    """'3 reviews due now · next one in 2 h (2026-12-01 09:10)' and its variants."""
    parts = []
    if summary["due"]:
        parts.append(nt("adapt.review.due_now", summary["due"], lang))
    else:
        parts.append(t("adapt.review.none_due", lang))
    if summary["next_due"] is not None:
        from trainer.i18n.typography import moment

        when = moment(summary["next_due"], lang)  # 01.12.2026 09:10 in Russian
        key = "adapt.review.more" if summary["due"] else "adapt.review.next"
        parts.append(t(key, lang, when=when, relative=relative_time(summary["next_due"] - now, lang)))
    elif not summary["due"]:
        parts.append(t("adapt.review.no_cards", lang))
    return " · ".join(parts)


def relative_time(seconds: float, lang: str) -> str:
    """'now', 'in 5 min', 'in 3 h', 'in 2 days' (catalogue words, plural-aware)."""
    if seconds < 60:
        return nt("adapt.when.now", 0, lang)
    minutes = round(seconds / 60)
    if minutes < 60:
        return nt("adapt.when.minutes", minutes, lang)
    hours = round(seconds / 3600)
    if hours < 36:
        return nt("adapt.when.hours", hours, lang)
    return nt("adapt.when.days", round(seconds / 86_400), lang)
