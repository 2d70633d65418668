"""The lesson ladder in the reader's language: the edge picks the folder and names its headings.

The content layer reads a folder of lesson files and knows no languages; here English means the
master files and any other language its sub-folder (`lessons/ru/`), whose `## ` headings ('In
short', 'Drill', 'Other variants' in its own words) come from the catalogue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.content.lessons import Headings, Lesson

_MASTER = "en"  # the master files are written in English


def headings(lang: str) -> Headings:
    """The `## ` headings of the lessons written in `lang`."""
    from trainer.content.lessons import Headings
    from trainer.i18n import t

    return Headings(
        summary=t("learn.heading.summary", lang),
        drill=t("learn.heading.drill", lang),
        variants=t("learn.heading.variants", lang),
    )


def lessons_in(lang: str) -> tuple[Lesson, ...]:
    """Every lesson in ladder order, in `lang` (a language the catalogues have)."""
    from trainer.content.lessons import load_lessons

    return load_lessons("" if lang == _MASTER else lang, headings=headings(lang))
