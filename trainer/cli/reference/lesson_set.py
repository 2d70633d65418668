"""The lesson ladder in the reader's language: the edge picks the folder and names its headings.

The content layer reads a folder of lesson files and knows no languages; here English means the
master files and any other language its sub-folder (`lessons/ru/`), whose `## ` headings ('In
short', 'Drill', 'Other variants' in its own words) come from the catalogue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trainer.content.lessons import Headings, Lesson
    from trainer.store.lesson_tables import LessonStatus

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


def ladder(lessons: tuple[Lesson, ...], statuses: dict[str, LessonStatus]) -> list[dict[str, Any]]:
    """The ladder as JSON-safe rows, in lesson order."""
    from trainer.store.lesson_tables import LessonStatus

    rows = []
    for lesson in lessons:
        status = statuses.get(lesson.key, LessonStatus(lesson=lesson.key))
        rows.append(
            {
                "number": lesson.number,
                "id": lesson.id,
                "title": lesson.title,
                "drill": lesson.drill.kind,
                "read": status.read,
                "best_correct": status.best_correct,
                "asked": status.asked,
                "passed": status.passed,
                "questions": lesson.drill.questions,
                "pass_mark": lesson.drill.pass_mark,
                "minutes": lesson.drill.minutes,
            }
        )
    return rows


def next_lesson(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first lesson of the path not mastered yet (None when every one is)."""
    return next((r for r in rows if not r["passed"]), None)
