"""Lessons: Markdown files with a YAML front matter: the master files (`lessons/NN-topic.md`,
in English) and each translation in a sub-folder of its own (`lessons/ru/NN-topic.md`).

The master file carries the id, the variants the lesson covers, the reference topics it explains
and the drill that follows it. A translation names the same id and its own title; anything else
it repeats must agree, so two languages can never teach different ladders. Which folder a reader
gets, and what the `## ` headings of its parts are called, is chosen at the edge (the CLI knows
the reader's language and asks the catalogue for the headings); this module only reads a folder.

Worked examples sit in ```check blocks (`hand 5H 5C 5S JD | starter 5D | 29`, or for a discard
`discard 5H 5D JS QC 8H 2S | dealer | keep 5H 5D JS QC`) so a test can score every example with
the engine (a discard with the advice layer's best choice) and a lesson can never print a wrong
total or a wrong keep.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from trainer.content.paths import lessons_dir
from trainer.content.rulesets import BUILTIN
from trainer.drills.registry import DRILLS
from trainer.engine.cards import Card, parse_cards
from trainer.engine.digits import is_digits
from trainer.engine.errors import CardParseError, CribError, Msg, Problem

# Drill kinds a lesson may ask for: the one list of kinds (trainer.drills.registry, a stdlib-only
# module and the only drills module content may import, so a lesson's file and line are named
# when it asks for an unknown kind). Tests check every lesson's theme and level in the drills.
DRILL_KINDS = DRILLS
# Topics of the rules reference (`crib rules show VARIANT --topic ...`).
TOPICS = (
    "deal",
    "scoring",
    "flush",
    "crib",
    "pegging",
    "go",
    "show",
    "game",
    "discarding",
    "variants",
    "penalties",
    "muggins",
)
_FILE = re.compile(r"^(\d{2})-([a-z0-9-]+)\.md$")
_EN_KEYS = {"id", "title", "variants", "topics", "drill"}
_DRILL_KEYS = {"kind", "questions", "ruleset", "theme", "level", "muggins", "form", "only", "minutes"}
# The mastery check: a lesson's drill is ten questions, passed with eight right inside its clock.
MASTERY_QUESTIONS = 10
MASTERY_MINUTES = 10
_WORD = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_THEME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")  # irregularities and scoring kinds: renege, thirty_one


class LessonError(CribError, ValueError):
    """A lesson file is missing or malformed (the message names file, line and key)."""


@dataclass(frozen=True, kw_only=True)
class Headings:
    """The `## ` headings that mark a lesson's parts in one set of files: its 'In short'
    bullets (what the rules reference quotes), its closing drill, and the optional section on
    how the other variants differ (the reference adds it for those variants). A translation
    writes them in its own language; the caller names them."""

    summary: str
    drill: str
    variants: str


# The master files' headings (the edge reads the same words from the English catalogue).
MASTER_HEADINGS = Headings(summary="In short", drill="Drill", variants="Other variants")


@dataclass(frozen=True, kw_only=True)
class DrillSpec:
    """The short drill at the end of a lesson: which drill, how many questions, which rules."""

    kind: str
    questions: int = MASTERY_QUESTIONS
    ruleset: str = "classic"
    # One theme of the drill, or several (`theme: [go, 31]`): the questions take turns.
    themes: tuple[str, ...] = ()
    level: str = "intermediate"
    # Several shipped rulesets (`ruleset: [classic, five-card]`): the questions take turns.
    rulesets: tuple[str, ...] = ()
    # The drill needs muggins in force (it is off in every shipped ruleset).
    muggins: bool = False
    # The drill's form (`points`: say what the card scores; `play`: choose the card), or any.
    form: str = ""
    # The ideas a question may hold, and no others (`only: [accept, muggins]`: never an
    # over-count; `only: [fifteen, pair, run, thirty_one]`: no go point); empty: any.
    only: tuple[str, ...] = ()
    # The clock of the mastery check: every question inside this many minutes.
    minutes: int = MASTERY_MINUTES

    @property
    def all_rulesets(self) -> tuple[str, ...]:
        return self.rulesets or (self.ruleset,)

    @property
    def theme(self) -> str:
        """The one theme of the drill (empty when it has none or several)."""
        return self.themes[0] if len(self.themes) == 1 else ""

    @property
    def pass_mark(self) -> int:
        """Right answers that master the lesson: eight of ten (four in five, rounded up)."""
        return -(-4 * self.questions // 5)


@dataclass(frozen=True, kw_only=True)
class Example:
    """A worked example printed in a lesson, with the total the lesson claims."""

    kind: str  # hand | crib | play | discard
    cards: tuple[Card, ...]
    starter: Card | None
    total: int
    ruleset: str
    line: int
    # A discard: the cards the best choice keeps, and whose crib it is.
    keep: tuple[Card, ...] = ()
    dealer: bool = False


@dataclass(frozen=True, kw_only=True)
class Lesson:
    """One rung of the ladder in one language."""

    id: str
    number: int
    title: str
    variants: tuple[str, ...]
    topics: tuple[str, ...]
    drill: DrillSpec
    body: str
    path: Path
    body_line: int = 1
    examples: tuple[Example, ...] = field(default=())
    headings: Headings = MASTER_HEADINGS

    @property
    def key(self) -> str:
        """`01-fifteens`: the stem shared by both languages, used for progress."""
        return self.path.stem

    def section(self, heading: str) -> str:
        """The text under a `## heading` (empty when the lesson has none)."""
        return _sections(self.body).get(heading.casefold(), "")

    @property
    def summary(self) -> str:
        """The 'In short' bullets: what the rules reference quotes as its explanation."""
        return self.section(self.headings.summary)

    @property
    def variant_notes(self) -> str:
        """The 'Other variants' section (empty when the lesson has none)."""
        return self.section(self.headings.variants)

    @property
    def drill_text(self) -> str:
        return self.section(self.headings.drill)

    def covers(self, variant: str) -> bool:
        return "all" in self.variants or variant in self.variants


def _sections(body: str) -> dict[str, str]:
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    fence = False
    for line in body.splitlines():
        if line.startswith("```"):
            fence = not fence
        if not fence and line.startswith("## "):
            current = out.setdefault(line[3:].strip().casefold(), [])
            continue
        if current is not None:
            current.append(line)
    return {k: "\n".join(v).strip() for k, v in out.items()}


def _split(path: Path, text: str) -> tuple[str, str, int]:
    """Front matter text, body text and the body's first line number."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise LessonError(
            f"{path}:1: a lesson starts with a front matter block between '---' lines",
            key="raised.lesson.no_front",
            path=path,
        )
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            return "".join(lines[1:i]), "".join(lines[i + 1 :]), i + 2
    raise LessonError(
        f"{path}:1: the front matter has no closing '---' line", key="raised.lesson.open_front", path=path
    )


def _fail(path: Path, lines: dict[str, int], key: str, message: Problem) -> LessonError:
    """`path:line: key 'k': problem`, the problem keyed for the user's language."""
    line = lines.get(key) or lines.get(key.split(".")[0]) or 1
    problem = Msg(message.key, message.values)
    return LessonError(
        f"{path}:{line}: key {key!r}: {message}",
        key="error.file.key",
        where=f"{path}:{line}",
        name=key,
        problem=problem,
        more="",
    )


def _read(path: Path) -> tuple[dict[str, Any], dict[str, int], str, int]:
    from trainer.content.yamlfile import parse_with_lines, read_text, yaml_problem

    text = read_text(path, error=LessonError, what="lesson")  # bounded: a regular file of 1 MiB at most
    front, body, body_line = _split(path, text)
    try:
        # the shared bounded loader (alias, size and depth caps), once; a leading newline makes
        # its line numbers the file's (the front matter starts after the '---' line)
        data, key_paths = parse_with_lines("\n" + front, path=path, error=LessonError)
        lines = {".".join(key): line for key, line in key_paths.items() if len(key) <= 2}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise LessonError(
            f"{path}:{line}: broken front matter ({problem})",
            key="raised.lesson.broken_front",
            where=f"{path}:{line}",
            problem=yaml_problem(problem),
        ) from None
    if not isinstance(data, dict):
        raise LessonError(
            f"{path}:2: the front matter must be a mapping (id: ..., title: ...)",
            key="raised.lesson.front_mapping",
            path=path,
        )
    return data, lines, body, body_line


def _text(data: dict[str, Any], key: str, path: Path, lines: dict[str, int]) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, lines, key, Problem("must be non-empty text", "raised.lesson.text"))
    return value.strip()


def _names(
    data: dict[str, Any], key: str, allowed: tuple[str, ...], path: Path, lines: dict[str, int]
) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        text = f"must be a non-empty list, e.g. [{allowed[0]}]"
        raise _fail(path, lines, key, Problem(text, "raised.lesson.list", example=allowed[0]))
    for item in value:
        if item not in allowed:
            hint = difflib.get_close_matches(item, allowed, n=1)
            tip = f"did you mean {hint[0]!r}? " if hint else ""
            text = f"unknown value {item!r}: {tip}choose from {', '.join(allowed)}"
            shown = Msg.of("error.did_you_mean", word=hint[0]) if hint else ""
            problem = Problem(
                text, "raised.lesson.value", value=repr(item), tip=shown, names=", ".join(allowed)
            )
            raise _fail(path, lines, key, problem)
    return tuple(value)


def _drill(data: Any, path: Path, lines: dict[str, int]) -> DrillSpec:
    if not isinstance(data, dict):
        text = "must be a mapping such as {kind: count, questions: 3}"
        raise _fail(path, lines, "drill", Problem(text, "raised.lesson.drill"))
    for key in data:
        if key not in _DRILL_KEYS:
            names = ", ".join(sorted(_DRILL_KEYS))
            text = f"unknown key; valid keys: {names}"
            raise _fail(path, lines, f"drill.{key}", Problem(text, "raised.lesson.key", names=names))
    kind = data.get("kind")
    if kind not in DRILL_KINDS:
        text = f"must be one of {', '.join(DRILL_KINDS)}, not {kind!r}"
        problem = Problem(text, "raised.lesson.kind", names=", ".join(DRILL_KINDS), value=repr(kind))
        raise _fail(path, lines, "drill.kind", problem)
    questions = data.get("questions", MASTERY_QUESTIONS)
    if isinstance(questions, bool) or not isinstance(questions, int) or not 1 <= questions <= 10:
        problem = Problem("must be a whole number from 1 to 10", "raised.lesson.questions")
        raise _fail(path, lines, "drill.questions", problem)
    ruleset = data.get("ruleset", "classic")
    rulesets = tuple(ruleset) if isinstance(ruleset, list) else (ruleset,)
    if not rulesets or any(r not in BUILTIN for r in rulesets):
        raise _fail(
            path,
            lines,
            "drill.ruleset",
            Problem(
                f"must be a shipped ruleset or a list of them ({', '.join(BUILTIN)})",
                "raised.lesson.ruleset",
                names=", ".join(BUILTIN),
            ),
        )
    muggins = data.get("muggins", False)
    if not isinstance(muggins, bool):
        raise _fail(path, lines, "drill.muggins", Problem("must be true or false", "raised.lesson.bool"))
    theme = data.get("theme", "")
    themes = tuple(theme) if isinstance(theme, list) else ((theme,) if theme else ())
    if not all(isinstance(t, str) and _THEME.match(t) for t in themes):
        text = "must be a drill theme such as fifteens or runs-in-play"
        raise _fail(path, lines, "drill.theme", Problem(text, "raised.lesson.theme"))
    form = data.get("form", "")
    if not isinstance(form, str) or (form and not _WORD.match(form)):
        raise _fail(
            path, lines, "drill.form", Problem("must be a drill form such as points", "raised.lesson.form")
        )
    only = data.get("only", [])
    if not isinstance(only, list) or not all(isinstance(o, str) and _THEME.match(o) for o in only):
        text = "must be a list of ideas such as [accept, muggins]"
        raise _fail(path, lines, "drill.only", Problem(text, "raised.lesson.only"))
    minutes = data.get("minutes", MASTERY_MINUTES)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 60:
        problem = Problem("must be a whole number of minutes from 1 to 60", "raised.lesson.minutes")
        raise _fail(path, lines, "drill.minutes", problem)
    level = data.get("level", "intermediate")
    if not isinstance(level, str) or not _WORD.match(level):
        text = "must be a level such as beginner or advanced"
        raise _fail(path, lines, "drill.level", Problem(text, "raised.lesson.level"))
    return DrillSpec(
        kind=kind,
        questions=questions,
        ruleset=rulesets[0],
        themes=themes,
        level=level,
        rulesets=rulesets if len(rulesets) > 1 else (),
        muggins=muggins,
        form=form,
        only=tuple(only),
        minutes=minutes,
    )


_CHECK = re.compile(
    r"^(?P<kind>hand|crib|play)\s+(?P<cards>[^|]+?)\s*"
    r"(?:\|\s*starter\s+(?P<starter>\S+)\s*)?\|\s*(?P<total>\d+)\s*(?:\|\s*(?P<ruleset>[a-z-]+)\s*)?$"
)


_DISCARD = re.compile(
    r"^discard\s+(?P<cards>[^|]+?)\s*\|\s*(?P<seat>dealer|pone)\s*\|\s*keep\s+(?P<keep>[^|]+?)\s*"
    r"(?:\|\s*(?P<ruleset>[a-z-]+)\s*)?$"
)


def _discard_example(match: re.Match[str], path: Path, line_no: int) -> Example:
    try:
        cards = parse_cards(match["cards"])
        keep = parse_cards(match["keep"])
    except CardParseError as exc:
        raise LessonError(
            f"{path}:{line_no}: {exc}", key="raised.at", where=f"{path}:{line_no}", problem=exc
        ) from None
    if not set(keep) < set(cards):
        raise LessonError(
            f"{path}:{line_no}: the kept cards must be some of the dealt ones",
            key="raised.lesson.check_keep",
            where=f"{path}:{line_no}",
        )
    ruleset = match["ruleset"] or "classic"
    if ruleset not in BUILTIN:
        raise LessonError(
            f"{path}:{line_no}: unknown ruleset {ruleset!r} ({', '.join(BUILTIN)})",
            key="raised.lesson.check_ruleset",
            where=f"{path}:{line_no}",
            ruleset=repr(ruleset),
            names=", ".join(BUILTIN),
        )
    return Example(
        kind="discard",
        cards=cards,
        starter=None,
        total=0,
        ruleset=ruleset,
        line=line_no,
        keep=keep,
        dealer=match["seat"] == "dealer",
    )


def _examples(body: str, first_line: int, path: Path) -> tuple[Example, ...]:
    out: list[Example] = []
    inside = False
    for offset, raw in enumerate(body.splitlines()):
        line_no = first_line + offset
        stripped = raw.strip()
        if stripped.startswith("```"):
            inside = stripped == "```check" if not inside else False
            continue
        if not inside or not stripped:
            continue
        discard = _DISCARD.match(stripped)
        if discard:
            out.append(_discard_example(discard, path, line_no))
            continue
        match = _CHECK.match(stripped)
        if not match:
            raise LessonError(
                f"{path}:{line_no}: a check line reads 'hand 5H 5C 5S JD | starter 5D | 29' "
                "or 'play 5H 10S | 2' (optionally '| five-card')",
                key="raised.lesson.check_line",
                where=f"{path}:{line_no}",
            )
        try:
            cards = parse_cards(match["cards"])
            starter = Card.parse(match["starter"]) if match["starter"] else None
        except CardParseError as exc:
            raise LessonError(
                f"{path}:{line_no}: {exc}", key="raised.at", where=f"{path}:{line_no}", problem=exc
            ) from None
        kind = match["kind"]
        if (kind == "play") != (starter is None):
            raise LessonError(
                f"{path}:{line_no}: a hand or crib needs '| starter X |'; a play has none",
                key="raised.lesson.check_starter",
                where=f"{path}:{line_no}",
            )
        ruleset = match["ruleset"] or "classic"
        if ruleset not in BUILTIN:
            raise LessonError(
                f"{path}:{line_no}: unknown ruleset {ruleset!r} ({', '.join(BUILTIN)})",
                key="raised.lesson.check_ruleset",
                where=f"{path}:{line_no}",
                ruleset=repr(ruleset),
                names=", ".join(BUILTIN),
            )
        out.append(
            Example(
                kind=kind,
                cards=cards,
                starter=starter,
                total=int(match["total"]),
                ruleset=ruleset,
                line=line_no,
            )
        )
    return tuple(out)


def _parse_en(path: Path) -> Lesson:
    data, lines, body, body_line = _read(path)
    for key in data:
        if key not in _EN_KEYS:
            hint = difflib.get_close_matches(str(key), _EN_KEYS, n=1)
            names = ", ".join(sorted(_EN_KEYS))
            tip = f"did you mean {hint[0]!r}?" if hint else f"valid keys: {names}"
            shown = (
                Msg.of("raised.lesson.tip_near", word=hint[0])
                if hint
                else Msg.of("raised.lesson.tip_keys", names=names)
            )
            raise _fail(
                path, lines, str(key), Problem(f"unknown key; {tip}", "raised.lesson.unknown_key", tip=shown)
            )
    lesson_id = _text(data, "id", path, lines)
    match = _FILE.match(path.name)
    if match is None:
        raise LessonError(
            f"{path}: lesson files are named NN-topic.md, e.g. 01-fifteens.md",
            key="raised.lesson.file_name",
            path=path,
        )
    if lesson_id != match[2]:
        problem = Problem(
            f"must equal the file's topic {match[2]!r}", "raised.lesson.id_topic", topic=repr(match[2])
        )
        raise _fail(path, lines, "id", problem)
    lesson = Lesson(
        id=lesson_id,
        number=int(match[1]),
        title=_text(data, "title", path, lines),
        variants=_names(data, "variants", ("all", *BUILTIN), path, lines),
        topics=_names(data, "topics", TOPICS, path, lines),
        drill=_drill(data.get("drill"), path, lines),
        body=body,
        path=path,
        body_line=body_line,
        examples=_examples(body, body_line, path),
    )
    _check_sections(lesson, path)
    return lesson


def _parse_translation(path: Path, master: Lesson, headings: Headings) -> Lesson:
    data, lines, body, body_line = _read(path)
    if data.get("id") != master.id:
        text = f"must be {master.id!r}, the id of {master.path.name}"
        problem = Problem(text, "raised.lesson.id_master", id=repr(master.id), file=master.path.name)
        raise _fail(path, lines, "id", problem)
    title = _text(data, "title", path, lines)
    same = {
        "variants": list(master.variants),
        "topics": list(master.topics),
    }
    for key in data:
        if key in ("id", "title"):
            continue
        if key == "drill" or key not in same:
            raise _fail(
                path,
                lines,
                str(key),
                Problem(
                    "only id and title belong in a translation (the rest comes from the English file)",
                    "raised.lesson.translation_key",
                ),
            )
        if data[key] != same[key]:
            text = f"differs from {master.path.name}; remove it or make it equal"
            raise _fail(path, lines, str(key), Problem(text, "raised.lesson.differs", file=master.path.name))
    lesson = Lesson(
        id=master.id,
        number=master.number,
        title=title,
        variants=master.variants,
        topics=master.topics,
        drill=master.drill,
        body=body,
        path=path,
        body_line=body_line,
        examples=_examples(body, body_line, path),
        headings=headings,
    )
    _check_sections(lesson, path)
    return lesson


def _check_sections(lesson: Lesson, path: Path) -> None:
    for heading in (lesson.headings.summary, lesson.headings.drill):
        if not lesson.section(heading):
            raise LessonError(
                f"{path}: the lesson needs a '## {heading}' section",
                key="raised.lesson.section",
                path=path,
                heading=heading,
            )


@lru_cache(maxsize=8)
def _load_all(base: Path, translation: str, headings: Headings) -> tuple[Lesson, ...]:
    # README.md and GLOSSARY.md (upper-case names) sit beside the lessons but are not lessons.
    masters = [_parse_en(p) for p in sorted(base.glob("*.md")) if not p.stem.isupper()]
    if not masters:
        raise LessonError(
            f"{base}: no lessons found (expected files like 01-fifteens.md)",
            key="raised.lesson.none",
            path=base,
        )
    numbers = [m.number for m in masters]
    if len(set(numbers)) != len(numbers):
        raise LessonError(
            f"{base}: two lessons share a number; number them 01, 02, ...",
            key="raised.lesson.number_twice",
            path=base,
        )
    if not translation:
        return tuple(masters)
    folder = base / translation
    out = []
    for master in masters:
        path = folder / master.path.name
        if not path.is_file():
            raise LessonError(
                f"{path}: missing {translation} translation of {master.path.name}",
                key="raised.lesson.no_translation",
                path=path,
                lang=translation,
                file=master.path.name,
            )
        out.append(_parse_translation(path, master, headings))
    return tuple(out)


def load_lessons(
    translation: str = "", *, headings: Headings = MASTER_HEADINGS, directory: Path | None = None
) -> tuple[Lesson, ...]:
    """Every lesson in ladder order: the master files of `directory` (the shipped lessons by
    default), or with `translation` the files of that sub-folder (`ru`), checked against the
    masters and divided into parts by `headings`, the `## ` titles that translation uses."""
    if translation and not _WORD.match(translation):
        raise LessonError(
            f"no lesson translation {translation!r}: name a sub-folder such as ru",
            key="raised.lesson.translation",
            name=repr(translation),
        )
    return _load_all((directory or lessons_dir()).resolve(), translation, headings)


def find_lesson(spec: str, lessons: Sequence[Lesson] | None = None) -> Lesson:
    """A lesson of `lessons` (the master files by default) by number (`3`, `03`), id (`runs`)
    or file stem (`03-runs`)."""
    lessons = load_lessons() if lessons is None else lessons
    wanted = spec.strip().lower()
    for lesson in lessons:
        if wanted in (lesson.id, lesson.key) or (is_digits(wanted) and int(wanted) == lesson.number):
            return lesson
    names = [lesson.id for lesson in lessons]
    hint = difflib.get_close_matches(wanted, names, n=1, cutoff=0.5)
    tip = f"did you mean {hint[0]!r}? " if hint else ""
    raise LessonError(
        f"no lesson {spec!r}: {tip}give a number 1-{len(lessons)} or an id ({', '.join(names)})",
        key="error.lesson.unknown",
        spec=spec,
        tip=Msg.of("error.did_you_mean", word=hint[0]) if hint else "",
        last=len(lessons),
        names=", ".join(names),
    )


def lessons_for_topic(topic: str, *, variant: str, lessons: Sequence[Lesson] | None = None) -> list[Lesson]:
    """The lessons of `lessons` (the master files by default) that explain a reference topic for
    a variant, in ladder order."""
    lessons = load_lessons() if lessons is None else lessons
    return [lesson for lesson in lessons if topic in lesson.topics and lesson.covers(variant)]
