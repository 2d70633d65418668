"""Club quiz files and results files: YAML on disk, checked before use, written atomically.

A quiz file freezes the questions (what is shown, never the answers), the settings and the whole
ruleset, so a student on any machine takes exactly the teacher's quiz under the teacher's rules.
A checksum (sha256 over a canonical JSON form of everything else in the file) is stored in the
file and copied into every results file. The checksum is not a signature: it detects a quiz that
was edited after `quiz make` and results that belong to another quiz. Scores are never read from
a results file; the report regrades every answer with the engine.

This module handles plain data only (content may not import the drills layer); questions stay
dicts here and become `Question` objects in trainer.club.night.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from trainer.content.schema import build, key_error, validate
from trainer.content.yamlfile import KeyPath, line_of, read_yaml, write_atomic
from trainer.engine.errors import CribError, Msg, RulesetError, cause
from trainer.engine.ruleset import Ruleset

QUIZ_FORMAT = "cribbage-coach-quiz/1"
RESULTS_FORMAT = "cribbage-coach-results/1"
_QUESTION_KEYS = ("id", "kind", "form", "ruleset", "level", "theme", "question")
_MAX_NAME = 60


class QuizFileError(CribError, ValueError):
    """A quiz file is missing, broken or was edited after it was made."""


class ResultsFileError(CribError, ValueError):
    """A results file cannot be used for this quiz (the report lists it as rejected)."""


# ----------------------------------------------------------------------------- helpers


def canonical(value: object) -> str:
    """The one JSON text of a value that the checksum is computed over (a value JSON has no type
    for, like an unquoted date in an edited file, counts as its text instead of crashing)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def checksum(body: Mapping[str, Any]) -> str:
    """`sha256:<hex>` of the canonical form of everything but the checksum itself."""
    data = {k: v for k, v in body.items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


def short(digest: str) -> str:
    """The first 12 hex digits, enough to tell quizzes apart in messages and database rows."""
    return digest.removeprefix("sha256:")[:12]


write_text_atomic = write_atomic  # the name the CLI uses for worksheets and CSV exports


def _plain(value: Any) -> Any:
    """Tuples to lists, recursively, so YAML and JSON see the same data."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _dump(document: Mapping[str, Any], header: str) -> str:
    body = yaml.safe_dump(_plain(document), allow_unicode=True, sort_keys=False, width=100)
    return header + str(body)


def _read(path: Path, error: type[CribError], what: str) -> tuple[Any, dict[KeyPath, int]]:
    return read_yaml(path, error=error, what=what)


def _where(path: Path, lines: dict[KeyPath, int], key: str) -> str:
    line = line_of(tuple(key.split(".")), lines)
    return f"{path}:{line}" if line else str(path)


# ----------------------------------------------------------------------------- the quiz file


@dataclass(frozen=True, kw_only=True)
class QuizSettings:
    """What `quiz make` froze besides the questions."""

    ruleset: str
    drills: tuple[str, ...]
    level: str
    seed: int
    questions: int
    time_limit_seconds: float | None = None
    mix: Mapping[str, int] | None = None  # questions per drill, when the teacher set the mix

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "drills": list(self.drills),
            "level": self.level,
            "seed": self.seed,
            "questions": self.questions,
            "time_limit_seconds": self.time_limit_seconds,
        }
        if self.mix:
            out["mix"] = dict(self.mix)
        return out


@dataclass(frozen=True, kw_only=True)
class Quiz:
    """A loaded, verified quiz file."""

    path: Path | None
    title: str
    settings: QuizSettings
    ruleset: Ruleset
    questions: tuple[dict[str, Any], ...]
    checksum: str
    extra_rulesets: tuple[Ruleset, ...] = ()

    @property
    def name(self) -> str:
        return self.title or (self.path.stem if self.path else "quiz")

    @property
    def rulesets(self) -> dict[str, Ruleset]:
        """Every ruleset of the quiz by name (a quiz may mix rulesets; the first is the main one)."""
        return {r.name: r for r in (self.ruleset, *self.extra_rulesets)}

    def ruleset_for(self, name: str) -> Ruleset:
        """The ruleset a question names (its `ruleset` field), else the quiz's main one."""
        return self.rulesets.get(name, self.ruleset)


def ruleset_data(ruleset: Ruleset) -> dict[str, Any]:
    """The whole ruleset as plain data, embedded so the quiz does not depend on local files."""
    plain: dict[str, Any] = _plain(dataclasses.asdict(ruleset))
    return plain


def quiz_document(
    *,
    title: str,
    settings: QuizSettings,
    ruleset: Ruleset,
    questions: Sequence[Mapping[str, Any]],
    extra_rulesets: Sequence[Ruleset] = (),
) -> dict[str, Any]:
    """The quiz file's content, checksum last (`rulesets` only when the quiz mixes rulesets)."""
    body: dict[str, Any] = {
        "format": QUIZ_FORMAT,
        "title": title,
        "settings": settings.to_dict(),
        "ruleset": ruleset_data(ruleset),
    }
    if extra_rulesets:
        body["rulesets"] = [ruleset_data(r) for r in extra_rulesets]
    body["questions"] = [_plain(dict(q)) for q in questions]
    body["checksum"] = checksum(body)
    return body


QUIZ_HEADER = (
    "# Cribbage Coach club quiz: give this file to every student (`crib quiz take FILE --name NAME`).\n"
    "# It holds the questions and rules but no answers. Do not edit it: the checksum at the end\n"
    "# ties every results file to this exact quiz, and an edited quiz is refused.\n"
)


def comment(text: str) -> str:
    """`text` (lines in the reader's language, from the edge) as the comment a file opens with."""
    return "".join(f"# {line}".rstrip() + "\n" for line in text.splitlines())


def write_quiz(document: Mapping[str, Any], path: Path, header: str | None = None) -> None:
    """Write the quiz; `header` is its opening comment for the student in the teacher's language
    (the English one when not given)."""
    write_text_atomic(path, _dump(document, QUIZ_HEADER if header is None else comment(header)))


def load_quiz(path: Path) -> Quiz:
    """Read and verify a quiz file; errors name the file, line and key."""
    data, lines = _read(path, QuizFileError, "quiz")
    if not isinstance(data, dict) or data.get("format") != QUIZ_FORMAT:
        raise QuizFileError(
            f"{path}: not a Cribbage Coach quiz file (make one with `crib quiz make`)",
            key="raised.quiz.not_quiz",
            path=path,
        )
    stored = data.get("checksum")
    try:
        computed = checksum(data)
    except (TypeError, ValueError, RecursionError):  # keys of mixed types cannot be sorted
        computed = None
    if stored != computed:
        raise QuizFileError(
            f"{_where(path, lines, 'checksum')}: the quiz was changed after `crib quiz make` (checksum "
            "mismatch); make it again, or restore the file the students were given",
            key="raised.quiz.checksum",
            where=_where(path, lines, "checksum"),
        )
    settings = _settings(data.get("settings"), path, lines)
    ruleset = _ruleset(data.get("ruleset"), path, lines)
    extra = data.get("rulesets") or []
    if not isinstance(extra, list):
        where = _where(path, lines, "rulesets")
        raise QuizFileError(f"{where}: 'rulesets' must be a list", key="raised.quiz.rulesets", where=where)
    extra_rulesets = tuple(_ruleset(item, path, lines, key=f"rulesets.{i}") for i, item in enumerate(extra))
    questions = _questions(data.get("questions"), path, lines)
    if len(questions) != settings.questions:
        raise QuizFileError(
            f"{_where(path, lines, 'questions')}: settings say {settings.questions} questions",
            key="raised.quiz.count",
            where=_where(path, lines, "questions"),
            n=settings.questions,
        )
    title = data.get("title") or ""
    return Quiz(
        path=path,
        title=str(title),
        settings=settings,
        ruleset=ruleset,
        questions=questions,
        checksum=str(stored),
        extra_rulesets=extra_rulesets,
    )


def _settings(raw: Any, path: Path, lines: dict[KeyPath, int]) -> QuizSettings:
    if not isinstance(raw, dict):
        where = _where(path, lines, "settings")
        raise QuizFileError(f"{where}: 'settings' must be a mapping", key="raised.quiz.settings", where=where)
    try:
        limit = raw.get("time_limit_seconds")
        mix = raw.get("mix")
        return QuizSettings(
            mix=None if mix is None else {str(k): int(v) for k, v in dict(mix).items()},
            ruleset=str(raw["ruleset"]),
            drills=tuple(str(d) for d in raw["drills"]),
            level=str(raw["level"]),
            seed=int(raw["seed"]),
            questions=int(raw["questions"]),
            time_limit_seconds=None if limit is None else float(limit),
        )
    except (KeyError, TypeError, ValueError) as exc:
        where = _where(path, lines, "settings")
        raise QuizFileError(
            f"{where}: settings are incomplete ({exc})",
            key="raised.quiz.settings_incomplete",
            where=where,
            reason=cause(exc),
        ) from None


def _ruleset(raw: Any, path: Path, lines: dict[KeyPath, int], *, key: str = "ruleset") -> Ruleset:
    problems = validate(raw, Ruleset)
    if problems:
        first = problems[0]
        where = key + "." + ".".join(first.path)
        raise key_error(QuizFileError, _where(path, lines, where), where, first)
    try:
        return build(raw, Ruleset)
    except RulesetError as exc:
        where = _where(path, lines, key)
        raise QuizFileError(f"{where}: {exc}", key="raised.at", where=where, problem=exc) from None


def _questions(raw: Any, path: Path, lines: dict[KeyPath, int]) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list) or not raw:
        where = _where(path, lines, "questions")
        raise QuizFileError(
            f"{where}: 'questions' must be a non-empty list", key="raised.quiz.questions", where=where
        )
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    from trainer.content.quizschema import question_problem
    from trainer.content.quizschema import where as where_of

    for i, item in enumerate(raw):
        where = _where(path, lines, f"questions.{i}")
        if not isinstance(item, dict) or any(k not in item for k in ("id", "kind", "form", "question")):
            raise QuizFileError(
                f"{where}: question {i + 1} needs id, kind, form and question",
                key="raised.quiz.q_keys",
                where=where,
                n=i + 1,
            )
        problem = question_problem(item, i)
        if problem is not None:
            key, text = problem
            raise QuizFileError(
                f"{where_of(path, lines, key)}: {text}; make the quiz again with `crib quiz make`",
                key="raised.quiz.q_bad",
                where=where_of(path, lines, key),
                problem=Msg(text.key, text.values),
            )
        if item["id"] in seen:
            raise QuizFileError(
                f"{where}: question id {item['id']!r} appears twice",
                key="raised.quiz.q_twice",
                where=where,
                id=repr(item["id"]),
            )
        seen.add(str(item["id"]))
        out.append({k: item[k] for k in _QUESTION_KEYS if k in item})
    return tuple(out)


# ----------------------------------------------------------------------------- results files


@dataclass(frozen=True, kw_only=True)
class GivenAnswer:
    """One answer as the student gave it: text, seconds on the question, seconds since the start."""

    id: str
    answer: str
    seconds: float
    at: float


@dataclass(frozen=True, kw_only=True)
class Results:
    """A loaded results file. Its `claimed` score is kept only to show that it is ignored."""

    path: Path | None
    name: str
    quiz_checksum: str
    started: str
    seconds: float
    ended_by: str
    answers: tuple[GivenAnswer, ...]
    claimed: Mapping[str, Any]


RESULTS_HEADER = (
    "# Cribbage Coach quiz results. The teacher's `crib quiz report` regrades every answer with\n"
    "# the engine; the score below is for the student's information and is never trusted.\n"
)


def check_name(name: str) -> str:
    """A student's name, trimmed; refused when empty or longer than 60 characters."""
    cleaned = " ".join(name.split())
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or 0xD800 <= ord(c) < 0xE000 for c in cleaned):
        raise QuizFileError(
            "--name holds control characters or bytes that are not UTF-8; type it as plain text",
            key="raised.quiz.name_control",
        )
    if not cleaned:
        raise QuizFileError(
            '--name is empty: give the student\'s name, e.g. --name "Anna"', key="raised.quiz.name_empty"
        )
    if len(cleaned) > _MAX_NAME:
        raise QuizFileError(
            f"--name is longer than {_MAX_NAME} characters", key="raised.quiz.name_long", n=_MAX_NAME
        )
    return cleaned


def results_document(
    *,
    quiz: Quiz,
    name: str,
    started: str,
    seconds: float,
    ended_by: str,
    answers: Sequence[GivenAnswer],
    correct: int,
) -> dict[str, Any]:
    return {
        "format": RESULTS_FORMAT,
        "quiz": quiz.name,
        "quiz_checksum": quiz.checksum,
        "name": name,
        "started": started,
        "seconds": round(seconds, 2),
        "ended_by": ended_by,
        "answers": [
            {"id": a.id, "answer": a.answer, "seconds": round(a.seconds, 2), "at": round(a.at, 2)}
            for a in answers
        ],
        "score": {"correct": correct, "asked": len(answers)},
    }


def results_path(directory: Path, *, name: str, started_stamp: str) -> Path:
    """A file name no other student (or another attempt) can take: name, time and process id."""
    slug = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-").lower() or "student"
    return directory / f"{slug}-{started_stamp}-{os.getpid()}.yaml"


def write_results(document: Mapping[str, Any], path: Path, header: str | None = None) -> None:
    """Write the results; `header` is the opening comment in the student's language."""
    write_text_atomic(path, _dump(document, RESULTS_HEADER if header is None else comment(header)))


def load_results(path: Path) -> Results:
    """Read a results file; the message of a ResultsFileError is the reason it is rejected."""
    data, lines = _read(path, ResultsFileError, "results")
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        raise ResultsFileError("not a Cribbage Coach results file", key="raised.results.not_results")
    try:
        name = check_name(str(data["name"]))
        answers = tuple(
            GivenAnswer(
                id=str(a["id"]),
                answer="" if a.get("answer") is None else str(a["answer"]),
                seconds=float(a.get("seconds") or 0.0),
                at=float(a.get("at") or 0.0),
            )
            for a in data.get("answers") or []
        )
        return Results(
            path=path,
            name=name,
            quiz_checksum=str(data["quiz_checksum"]),
            started=str(data.get("started") or ""),
            seconds=float(data.get("seconds") or 0.0),
            ended_by=str(data.get("ended_by") or ""),
            answers=answers,
            claimed=dict(data.get("score") or {}),
        )
    except (KeyError, TypeError, ValueError, AttributeError, QuizFileError) as exc:
        where = _where(path, lines, "answers")
        raise ResultsFileError(
            f"{where}: broken results file ({exc})",
            key="raised.results.broken",
            where=where,
            reason=cause(exc),
        ) from None
