"""Club quizzes without the CLI: freeze a seeded set of questions, regrade submissions, build the
teacher's report and the worksheet.

Nothing here grades on its own: questions come from the drills' generators and every answer goes
through `trainer.drills.checking.grade`, the function the drills use, so a club quiz can never
disagree with a drill. A submission's own score is never read. Files are the content layer's job
(trainer.content.quizfile); this module sees plain data and `Question` objects.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.club.records import ClubReport, QuestionStat, RejectedFile, WeakTopic
from trainer.drills.checking import grade, solve, timed_out
from trainer.drills.generators import DrillSpec, stream, validate
from trainer.drills.messages import Joined, Letter
from trainer.drills.model import DrillError, Grade, Question
from trainer.engine.digits import is_digits
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from trainer.club.store import ClubStore, PlayerRow, RoomRow
    from trainer.drills.kinds import Solution

CLUB_MODE = "club"
COMMON_WRONG = 3


def mode_for(checksum: str) -> str:
    """The `mode` stored with a club answer in the progress database: ties rows to one quiz."""
    return f"{CLUB_MODE}:{checksum.removeprefix('sha256:')[:16]}"


def make_questions(
    *, ruleset: Ruleset, drills: Sequence[str], level: str, n: int, seed: int
) -> list[dict[str, Any]]:
    """`n` questions from the drills' seeded stream: the same seed gives the same quiz anywhere."""
    if n < 1:
        raise DrillError("-n must be at least 1", key="raised.drill.n")
    spec = DrillSpec(drills=tuple(drills), ruleset=ruleset, level=level, seed=seed)
    validate(spec)
    return [q.to_dict() for q in islice(stream(spec), n)]


def parse_mix(text: str, n: int | None) -> dict[str, int]:
    """`count:5,peg:4,penalty:3` (or `count,peg` to share `n` out evenly) as questions per drill.

    Drills without a number share what the numbered ones leave of `n`; with every drill numbered
    and no `n`, the numbers add up to the quiz's size.
    """
    from trainer.drills.generators import parse_drills

    counts: dict[str, int | None] = {}
    for word in text.replace(" ", ",").split(","):
        if not word.strip():
            continue
        name, _, number = word.partition(":")
        drill = parse_drills(name)[0]
        if number:
            if not is_digits(number.strip()) or int(number) < 1:
                raise DrillError(
                    f"--drills {word!r}: write a drill and a count, e.g. count:5",
                    key="club_web.err.mix_word",
                    word=word,
                )
            counts[drill] = int(number)
        else:
            counts.setdefault(drill, None)
    if not counts:
        parse_drills("")  # raises the usual "--drills is empty" message
    fixed = sum(v for v in counts.values() if v is not None)
    free = [k for k, v in counts.items() if v is None]
    total = fixed if n is None and not free else n
    if total is None:
        raise DrillError(
            "--drills names drills without a count: give -n too, or a count for each",
            key="club_web.err.mix_no_n",
        )
    if total < fixed or (free and total == fixed):
        raise DrillError(
            f"--drills asks for {fixed} questions plus {len(free)} more drills, but -n is {total}",
            key="club_web.err.mix_short",
            fixed=fixed,
            free=len(free),
            n=total,
        )
    if not free and total != fixed:
        raise DrillError(
            f"--drills adds up to {fixed} questions but -n is {total}: make them agree",
            key="club_web.err.mix_sum",
            fixed=fixed,
            n=total,
        )
    out = {k: v for k, v in counts.items() if v is not None}
    share, extra = divmod(total - fixed, len(free)) if free else (0, 0)
    for i, drill in enumerate(free):
        out[drill] = share + (1 if i < extra else 0)
    return {k: out[k] for k in counts if out[k] > 0}


def make_mixed_questions(
    *, rulesets: Sequence[Ruleset], mix: Mapping[str, int], level: str, seed: int
) -> list[dict[str, Any]]:
    """Questions drill by drill (`mix`), taking turns over `rulesets`, then shuffled by `seed`:
    the same settings give the same quiz anywhere."""
    import random

    picked: list[dict[str, Any]] = []
    seen: set[str] = set()
    for d, (drill, count) in enumerate(mix.items()):
        specs = [
            DrillSpec(drills=(drill,), ruleset=r, level=level, seed=seed * 101 + d * 7 + i)
            for i, r in enumerate(rulesets)
        ]
        for spec in specs:
            validate(spec)
        streams = [stream(spec) for spec in specs]
        for j in range(count):
            source = streams[j % len(streams)]
            for question in source:
                if question.id not in seen:
                    seen.add(question.id)
                    picked.append(question.to_dict())
                    break
    random.Random(seed).shuffle(picked)
    return picked


def questions_of(raw: Iterable[Mapping[str, Any]]) -> list[Question]:
    return [Question.from_dict(item) for item in raw]


# ----------------------------------------------------------------------------- regrading


@dataclass(frozen=True, kw_only=True)
class Submission:
    """One student's answers as delivered (a results file or database rows), not yet trusted."""

    name: str
    source: str
    quiz_checksum: str
    answers: tuple[tuple[str, str, float], ...]  # (question id, answer text, seconds since start)
    seconds: float
    started: str = ""


@dataclass(frozen=True, kw_only=True)
class Graded:
    """A submission regraded by the engine: one grade per quiz question (None: not reached)."""

    name: str
    source: str
    grades: tuple[Grade | None, ...]
    answers: tuple[str | None, ...]
    seconds: float
    started: str = ""
    times: tuple[float | None, ...] = ()  # seconds since the start when each answer came

    # counted once per student (the standings sort on them and the report prints them)
    @cached_property
    def correct(self) -> int:
        return sum(1 for g in self.grades if g is not None and g.correct)

    @cached_property
    def answered(self) -> int:
        return sum(1 for g in self.grades if g is not None and not g.skipped)

    @cached_property
    def not_reached(self) -> int:
        return sum(1 for g in self.grades if g is None)

    @cached_property
    def wrong(self) -> int:
        """Answered and not right (a late answer too): a part of `answered`, so never more than it;
        a skipped question (no answer) and one not reached are neither."""
        return sum(1 for g in self.grades if g is not None and not g.skipped and not g.correct)


class RejectedSubmission(DrillError):
    """A submission that cannot count for this quiz; the message is the reason shown to the teacher."""


def regrade(
    submission: Submission,
    *,
    questions: Sequence[Question],
    ruleset: Ruleset,
    checksum: str,
    time_limit: float | None,
    rulesets: Mapping[str, Ruleset] | None = None,
    solutions: dict[int, Solution] | None = None,
    grades_seen: dict[tuple[int, str], Grade] | None = None,
    positions: Mapping[str, int] | None = None,
) -> Graded:
    """Grade every answer again (each question under its own ruleset when the quiz mixes them);
    answers after the time limit score nothing. `solutions` (by question number, filled as
    questions are solved) lets a report solve each question once for all its students: the
    engine's answer depends on the question and ruleset only, never on the student; likewise
    `grades_seen` keeps the verdict on each (question, answer text), since thirty students who
    typed "12" get one verdict."""
    if submission.quiz_checksum != checksum:
        raise RejectedSubmission(
            f"results of another quiz (made from quiz {_short(submission.quiz_checksum)}, "
            f"this quiz is {_short(checksum)}): check the quiz file",
            key="raised.club.other_quiz",
            made=_short(submission.quiz_checksum),
            this=_short(checksum),
        )
    by_id = positions if positions is not None else {q.id: i for i, q in enumerate(questions)}
    given: dict[str, tuple[str, float]] = {}
    for qid, text, at in submission.answers:
        if qid not in by_id:
            raise RejectedSubmission(
                f"answers question {qid!r}, which is not in this quiz",
                key="raised.club.not_in_quiz",
                id=repr(qid),
            )
        if qid in given:
            raise RejectedSubmission(f"answers question {qid!r} twice", key="raised.club.twice", id=repr(qid))
        given[qid] = (text, at)
    grades: list[Grade | None] = []
    answers: list[str | None] = []
    times: list[float | None] = []
    seen_before = grades_seen if grades_seen is not None else {}
    for number, question in enumerate(questions):
        found = given.get(question.id)
        if found is None:
            grades.append(None)
            answers.append(None)
            times.append(None)
            continue
        text, at = found
        times.append(at)
        result = seen_before.get((number, text))
        if result is None:
            rules = rulesets.get(question.ruleset, ruleset) if rulesets else ruleset
            solved = None
            if solutions is not None:
                solved = solutions.get(number)
                if solved is None:
                    solved = solutions[number] = solve(question, ruleset=rules)
            result = grade(question, text, ruleset=rules, solution=solved)
            if grades_seen is not None:
                grades_seen[(number, text)] = result
        if time_limit is not None and at > time_limit:
            result = timed_out(result)
        grades.append(result)
        answers.append(text)
    return Graded(
        name=submission.name,
        source=submission.source,
        grades=tuple(grades),
        answers=tuple(answers),
        seconds=submission.seconds,
        started=submission.started,
        times=tuple(times),
    )


def started_date(started: str) -> str:
    """When a student started, as `2026-12-01 19:30` (local time): the club night stores seconds
    since the epoch, a results file an ISO time."""
    from datetime import datetime

    try:
        return _local_minute(int(float(started) // 60))
    except (ValueError, OverflowError, OSError):
        pass
    try:
        return datetime.fromisoformat(started).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return started[:16]


@lru_cache(maxsize=4096)
def _local_minute(minute: int) -> str:
    """A minute since the epoch in local time, worked out once: a room joins within a few
    minutes, and each local-time conversion costs about 0.1 ms (300 of them were a third of a
    small report)."""
    from datetime import datetime

    return datetime.fromtimestamp(minute * 60).strftime("%Y-%m-%d %H:%M")


def _short(digest: str) -> str:
    return digest.removeprefix("sha256:")[:12] or "?"


# ----------------------------------------------------------------------------- the report


@dataclass
class Report:
    """What `quiz report` prints and exports; `to_json()` follows the scripting contract."""

    quiz: str
    checksum: str
    questions: list[Question]
    students: list[Graded] = field(default_factory=list)
    rejected: list[RejectedFile] = field(default_factory=list)
    # why each entry of `rejected` was refused, as an error with its message id (worded at the
    # edge in the teacher's language; `rejected` keeps the English reason of the JSON contract)
    causes: list[CribError | None] = field(default_factory=list)

    def reject(self, source: str, reason: str | CribError) -> None:
        self.rejected.append({"file": source, "reason": str(reason)})
        self.causes.append(reason if isinstance(reason, CribError) else None)

    def standings(self) -> list[Graded]:
        """Best first: most correct, then fastest, then by name (8 right of 8 in 60 s beats 8 right of
        12 in 90 s; a student who answered nothing never outranks one who answered and missed, on
        time alone)."""
        return sorted(
            self.students, key=lambda s: (-s.correct, s.answered == 0, s.seconds, s.name.casefold())
        )

    def question_stats(self) -> list[QuestionStat]:
        out: list[QuestionStat] = []
        n = len(self.students)
        for i, question in enumerate(self.questions):
            correct = not_reached = missed = 0
            wrong: Counter[str] = Counter()
            for student in self.students:
                result = student.grades[i]
                if result is None:
                    not_reached += 1
                    continue
                if result.correct:
                    correct += 1
                    continue
                missed += 1
                if not result.skipped and not result.timed_out:
                    wrong[_answer_key(result, student.answers[i])] += 1
            reached = n - not_reached
            out.append(
                {
                    "number": i + 1,
                    "id": question.id,
                    "kind": question.kind,
                    "topic": topic_of(question),
                    "correct": correct,
                    "wrong": missed,
                    "not_reached": not_reached,
                    "students": n,
                    "correct_rate": round(correct / n, 3) if n else None,
                    "reached_rate": round(correct / reached, 3) if reached else None,
                    "common_wrong": [
                        {"answer": answer, "count": count}
                        for answer, count in sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))[
                            :COMMON_WRONG
                        ]
                    ],
                }
            )
        return out

    def to_json(self) -> ClubReport:
        asked = len(self.questions)
        topics = [topic_of(q) for q in self.questions]
        return {
            "quiz": self.quiz,
            "checksum": self.checksum,
            "standings": [
                {
                    "rank": rank,
                    "name": s.name,
                    "correct": s.correct,
                    "asked": asked,
                    "answered": s.answered,
                    "wrong": s.wrong,
                    "not_reached": s.not_reached,
                    "seconds": round(s.seconds, 1),
                    "source": s.source,
                    "marks": [_mark(g) for g in s.grades],
                    "answers": list(s.answers),
                    "times": [None if t is None else round(t, 1) for t in s.times],
                    "date": started_date(s.started) if s.started else "",
                    "weak_topics": weak_topics(s, self.questions, topics),
                }
                for rank, s in enumerate(self.standings(), start=1)
            ],
            "questions": self.question_stats(),
            "rejected": list(self.rejected),
        }


def topic_of(question: Question) -> str:
    """What a question practises: its drill, and its theme when it has one (`count/runs`)."""
    return f"{question.kind}/{question.theme}" if question.theme else question.kind


def _mark(result: Grade | None) -> str:
    """One cell of a student's row: right, wrong, skipped, late, or not reached."""
    if result is None:
        return "not_reached"
    if result.correct:
        return "right"
    if result.timed_out:
        return "late"
    return "skipped" if result.skipped else "wrong"


WEAK_BELOW = 0.5


def weak_topics(
    student: Graded, questions: Sequence[Question], topics: Sequence[str] | None = None
) -> list[WeakTopic]:
    """Topics where the student got under half of the questions they reached right, weakest first
    (questions never reached say nothing about a topic). `topics`: each question's, worked out
    once for a whole report."""
    tally: dict[str, list[int]] = {}
    named = topics if topics is not None else [topic_of(q) for q in questions]
    for topic, result in zip(named, student.grades, strict=True):
        if result is None:
            continue
        right_asked = tally.setdefault(topic, [0, 0])
        right_asked[0] += int(result.correct)
        right_asked[1] += 1
    weak: list[WeakTopic] = [
        {"topic": topic, "right": right, "asked": asked}
        for topic, (right, asked) in tally.items()
        if right / asked < WEAK_BELOW
    ]
    return sorted(weak, key=lambda w: (w["right"] / w["asked"], -w["asked"], w["topic"]))


def _answer_key(result: Grade, text: str | None) -> str:
    """Wrong answers grouped by what they mean (`12` and `12 points` are one answer)."""
    if result.answer is None:
        return (text or "").strip()
    if isinstance(result.answer, dict):
        return " ".join(f"{k}={v}" for k, v in result.answer.items())
    if isinstance(result.answer, list):
        return " ".join(str(v) for v in result.answer)
    return str(result.answer)


def build_report(
    *,
    quiz: str,
    checksum: str,
    questions: Sequence[Question],
    ruleset: Ruleset,
    time_limit: float | None,
    submissions: Iterable[Submission],
    rejected: Iterable[tuple[str, str | CribError]] = (),
    rulesets: Mapping[str, Ruleset] | None = None,
    solutions: dict[int, Solution] | None = None,
    grades_seen: dict[tuple[int, str], Grade] | None = None,
) -> Report:
    """Regrade every submission, solving each question once (`solutions`, by question number, may
    be shared with a caller that has solved some already: the club server solves each question
    as its first answer arrives); one attempt per student counts (the earliest started)."""
    report = Report(quiz=quiz, checksum=checksum, questions=list(questions))
    solutions = {} if solutions is None else solutions
    grades_seen = {} if grades_seen is None else grades_seen
    positions = {q.id: i for i, q in enumerate(report.questions)}
    for source, reason in rejected:
        report.reject(source, reason)
    counted: dict[str, Graded] = {}
    for submission in sorted(submissions, key=lambda s: (s.started, s.source)):
        # The server builds a report in a worker thread while its event loop answers phones: a
        # thread that never waits keeps the GIL for a whole switch interval (5 ms) each time the
        # loop wants it back, so 300 answers queued behind a report waited 5 ms each (the convoy
        # effect). Letting go after each student hands the loop the GIL at once; alone, it costs
        # a few microseconds a student.
        time.sleep(0)
        try:
            graded = regrade(
                submission,
                questions=report.questions,
                ruleset=ruleset,
                checksum=checksum,
                time_limit=time_limit,
                rulesets=rulesets,
                solutions=solutions,
                grades_seen=grades_seen,
                positions=positions,
            )
        except RejectedSubmission as exc:
            report.reject(submission.source, exc)
            continue
        key = graded.name.casefold()
        if key in counted:
            first = counted[key]
            second = RejectedSubmission(
                f"a second attempt by {graded.name}; the first ({first.source}) counts",
                key="raised.club.second",
                name=graded.name,
                first=first.source,
            )
            report.reject(submission.source, second)
            continue
        counted[key] = graded
    report.students = list(counted.values())
    return report


def results_folder_for(quiz_path: Path) -> Path:
    """Where `crib quiz take night.yaml` writes results: `night-results/` beside the quiz, so two
    quizzes in one folder never mix their students' files."""
    return quiz_path.with_name(f"{quiz_path.stem}-results")


def submissions_from_club_db(
    path: Path, *, checksum: str, question_ids: Sequence[str] = ()
) -> list[Submission]:
    """Every player of the club night stored at `path`, read through its store opened read-only
    (`club_submissions`)."""
    from trainer.club.store import ClubStore

    store = ClubStore(path, read_only=True)
    try:
        return club_submissions(store, checksum=checksum, question_ids=question_ids)
    finally:
        store.close()


def club_submissions(
    store: ClubStore, *, checksum: str, question_ids: Sequence[str] = ()
) -> list[Submission]:
    """Every player of a club night (but those the teacher removed), with the answers the server
    accepted on time, as the store reads them. Nothing stored as a score is read: the report
    regrades the answers."""
    room = store.room()
    if room is None or room.quiz_checksum != checksum:
        raise DrillError(
            f"{store.path}: this club night belongs to another quiz",
            key="raised.club.other_night",
            path=store.path,
        )
    by_player: dict[str, list[tuple[str, str, float, float]]] = {}
    for player_id, question_id, answer, at, seconds in store.submission_rows():
        mine = by_player.get(player_id)
        if mine is None:
            mine = by_player[player_id] = []
        mine.append((question_id, answer, float(at), float(seconds)))
    return submissions_of(room, store.players(), by_player, checksum=checksum, question_ids=question_ids)


def submissions_of(
    room: RoomRow,
    players: Iterable[PlayerRow],
    answers: Mapping[str, Sequence[tuple[str, str, float, float]]],
    *,
    checksum: str,
    question_ids: Sequence[str] = (),
) -> list[Submission]:
    """The submissions of a club night from its rows: `answers` holds each player's (question id,
    answer, seconds since the start, seconds taken) in question order. The club server passes the
    answers it keeps in memory (no database read while phones answer); `club_submissions` the
    ones the store reads; both give the same report."""
    # In a live night every question up to the last one opened was put to the whole room: one a
    # student did not answer was skipped, not "not reached" (that is for self-paced students who
    # never got that far).
    opened = list(question_ids[: room.reached + 1]) if room.mode == "live" and room.reached >= 0 else []
    out = []
    for player in players:
        if player.kicked:
            continue
        given = answers.get(player.id, ())
        spent = 0.0
        for answer in given:
            spent += answer[3]
        mine = [(qid, text, at) for qid, text, at, _ in given]
        if opened:
            done = {answer[0] for answer in given}
            mine += [(qid, "", 0.0) for qid in opened if qid not in done]
        out.append(
            Submission(
                name=player.name,
                source=f"club:{player.id}",
                quiz_checksum=checksum,
                answers=tuple(mine),
                seconds=round(spent, 3),
                started=f"{float(player.joined_at):.3f}",
            )
        )
    return out


# ----------------------------------------------------------------------------- the worksheet


def marked(text: str) -> str:
    """An expected answer with its cards marked for the renderer (`QC` becomes a drawn Q♣)."""
    from trainer.drills.lines import card
    from trainer.engine.cards import parse_cards
    from trainer.engine.errors import CardParseError

    try:  # "5H / 5C" lists equally good plays
        return " / ".join(" ".join(card(c) for c in parse_cards(part)) for part in text.split(" / "))
    except CardParseError:
        return text


@dataclass(frozen=True, kw_only=True)
class SheetItem:
    """One question of the printed worksheet, with its key when asked for.

    `lines`, `prompt`, `choices`, `answer` and `key_lines` are messages as `worksheet` returns
    them, and text with card marks once worded (`trainer.i18n.drill_words.word_sheet_item`)."""

    number: int
    kind: str
    lines: tuple[Any, ...]
    ruleset: str = ""
    prompt: Any
    choices: tuple[Any, ...] = ()
    needs_writing: bool = True  # False for a pure choice; True for typed answers and "how many?"
    letters: tuple[Any, ...] = ()  # a `Letter` per choice (a penalty's own, else a, b, c...)
    answer: Any = ""
    short_answer: Any = ""  # the key's compact form: letters for choices, else the answer
    key_lines: tuple[Any, ...] = ()
    items: tuple[Mapping[str, Any], ...] = ()


def _short_answer(expected: str, letters: Mapping[str, Letter]) -> Any:
    """`5H / 5C` as `B / C`, `3S 5C` as `A B`, `muggins 2` as `B 2` (letters as messages: the
    edge shows them in the reader's alphabet); a typed answer stays marked."""
    if not letters:
        return marked(expected)
    parts = tuple(
        Joined(tuple(letters.get(word.casefold(), word) for word in part.split()), " ")
        for part in expected.split(" / ")
    )
    return Joined(parts, " / ")


def worksheet(
    questions: Sequence[Question],
    *,
    ruleset: Ruleset,
    key: bool,
    rulesets: Mapping[str, Ruleset] | None = None,
) -> list[SheetItem]:
    """Every question as messages, and with `key` the engine's answer and its breakdown (the
    edge words them: `trainer.i18n.drill_words.word_sheet_item`)."""
    from trainer.drills.feedback import expected, explain
    from trainer.drills.kinds import present

    out = []
    for number, question in enumerate(questions, start=1):
        rules = rulesets.get(question.ruleset, ruleset) if rulesets else ruleset
        shown = present(question, ruleset=rules)
        choices = tuple(c.label for c in shown.ask.choices)
        letters = tuple(Letter(c.key or chr(ord("a") + i)) for i, c in enumerate(shown.ask.choices))
        item = SheetItem(
            number=number,
            kind=question.kind,
            ruleset=rules.name,
            lines=shown.lines,
            prompt=shown.ask.message,
            choices=choices,
            letters=letters,
            needs_writing=not choices or any(c.then for c in shown.ask.choices),
        )
        if key:
            solved = grade(question, "", ruleset=rules)
            explained = explain(question, replace(solved, skipped=False))
            values = {
                c.value.casefold(): letter for c, letter in zip(shown.ask.choices, letters, strict=True)
            }
            item = replace(
                item,
                answer=expected(question, solved),
                short_answer=_short_answer(solved.expected_text, values),
                key_lines=tuple(explained),
                items=tuple(solved.detail.get("items", ())),
            )
        out.append(item)
    return out
