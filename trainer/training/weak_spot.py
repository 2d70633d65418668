"""A drill session that goes after the weak spot: the learner model read from the player's past
answers, the question stream that follows it (`trainer.training.targeting`), and the teaching
step on the third miss of an idea.

The model is rebuilt from the stored answers when a drill starts (the last `HISTORY` answers of
the skill under the ruleset), so it needs no table of its own and cannot drift from what the
player actually answered; the times an idea was taught are kept as settings
(`taught:<skill>:<idea>`), so the misses count afresh after each teaching step.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from trainer.drills.generators import DrillSpec
from trainer.drills.ideas import (
    LESSON_OF_IDEA,
    Reading,
    ideas_for_skill,
    lesson_of_skill,
    read_answer,
    theme_for,
)
from trainer.drills.kinds import kind
from trainer.drills.messages import Msg, msg
from trainer.drills.model import DRILLS, Attempt, Question
from trainer.engine.errors import CribError
from trainer.engine.records import Record
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import SHOW_KINDS
from trainer.training.adaptive import PlayerLevel
from trainer.training.mastery import Mastery, replayed
from trainer.training.readings import decode, encode, reading_of
from trainer.training.records import AnswerMeta, LearnerSource
from trainer.training.targeting import WeakSpotStream

HISTORY = 400
TAUGHT_KEY = "taught:{skill}:{idea}"


class Past(Record, kw_only=False):
    """One stored answer as the learner model reads it: what it says about its ideas, and when."""

    reading: Reading
    at: float


class Teaching(Record):
    """The teaching step: the idea, the question just missed, and the lesson that teaches it."""

    idea: str
    question: Question
    lesson: int
    theme: str


def mastery_from(
    past: Iterable[Past], *, skill: str, ruleset: Ruleset, taught: dict[str, float] | None = None
) -> Mastery:
    """The learner model after `past` (oldest first), with misses counted afresh after each
    time an idea was taught."""
    ideas = ideas_for_skill(skill, kind(skill).themes(ruleset))
    return replayed(ideas, ((p.reading.ideas, p.reading.missed, p.at) for p in past), taught=taught)


Row = tuple[int, str, "str | None", bool, float]


def past_answers(
    store: LearnerSource, *, user: str, skill: str, ruleset: Ruleset, rows: Sequence[Row] | None = None
) -> list[Past]:
    """The player's recent answers of one skill under `ruleset`, oldest first (of the last
    `HISTORY` of the skill). Each answer's reading is the one kept with it; an answer kept
    without one (stored before readings were kept) is read from its question and its reading
    written back, so it is worked out once."""
    if rows is None:
        rows = store.skill_readings(user=user, skill=skill, limit=HISTORY)
    mine = [r for r in rows if r[1] == ruleset.name]
    readings = {r[0]: decode(r[2]) for r in mine}
    missing = [i for i, reading in readings.items() if reading is None]
    if missing:
        worked: list[tuple[int, str]] = []
        texts = store.answer_texts(missing)
        for i, _, _, correct, _ in mine:
            if i not in texts or readings[i] is not None:
                continue
            raw, answer, expected = texts[i]
            try:
                question = Question.from_dict(json.loads(raw))
                worked_out = reading_of(
                    question, answer=answer, expected=json.loads(expected), correct=correct, ruleset=ruleset
                )
            except (CribError, TypeError, ValueError):
                continue
            readings[i] = worked_out
            worked.append((i, encode(worked_out)))
        store.keep_readings(worked)
    return [Past(kept, at) for i, _, _, _, at in mine if (kept := readings[i]) is not None]


def taught_times(store: LearnerSource, *, user: str, skill: str, ideas: Sequence[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for idea in ideas:
        value = store.setting(user=user, key=TAUGHT_KEY.format(skill=skill, idea=idea))
        if value is not None:
            try:
                out[idea] = float(value)
            except ValueError:
                continue
    return out


class WeakSpotTrainer:
    """The stream, the rating and the model of one drill session, moved on after every answer."""

    def __init__(self, store: LearnerSource, *, user: str, spec: DrillSpec) -> None:
        self._store = store
        self.user = user
        self.skill = spec.drills[0]
        self.ruleset = spec.ruleset
        self.player = PlayerLevel(store, user=user, skill=self.skill, ruleset=spec.ruleset)
        ideas = ideas_for_skill(self.skill, kind(self.skill).themes(spec.ruleset))
        taught = taught_times(store, user=user, skill=self.skill, ideas=ideas)
        past = past_answers(store, user=user, skill=self.skill, ruleset=spec.ruleset)
        self.stream = WeakSpotStream(
            spec,
            mastery=mastery_from(past, skill=self.skill, ruleset=spec.ruleset, taught=taught),
            rating=lambda: self.player.now,
        )
        self.taught: list[str] = []
        self.pending: Teaching | None = None

    @property
    def mastery(self) -> Mastery:
        return self.stream.mastery

    def questions(self) -> Iterator[Question]:
        return self.stream.questions()

    def after(self, attempt: Attempt, meta: AnswerMeta, *, now: float) -> Teaching | None:
        """Move the rating and the model on; a teaching step when this was the third miss."""
        self.player.after(attempt, meta)
        g = attempt.grade
        reading = read_answer(
            attempt.question, answer=g.answer, expected=g.expected, correct=g.correct, ruleset=self.ruleset
        )
        model = self.mastery.learn(reading.ideas, reading.missed, at=now)
        due = model.due_teaching()
        self.pending = None
        if due is not None and due in reading.missed and due not in self.taught:
            model = model.taught(due)
            self._store.set_setting(
                user=self.user, key=TAUGHT_KEY.format(skill=self.skill, idea=due), value=repr(now)
            )
            self.stream.teach_next(due)
            self.taught.append(due)
            self.pending = Teaching(
                idea=due,
                question=attempt.question,
                lesson=LESSON_OF_IDEA.get(due, lesson_of_skill(self.skill)),
                theme=theme_for(due),
            )
        self.stream.mastery = model
        return self.pending

    def to_dict(self) -> dict[str, object]:
        return {**self.player.to_dict(), "ideas": self.mastery.to_dict(), "taught": list(self.taught)}


def teaching_lines(teaching: Teaching, *, ruleset: Ruleset) -> list[Msg]:
    """The teaching step as messages: why, the rule in one sentence, the worked count of the
    hand just missed (a count or muggins hand), where the lesson is, what comes next."""
    from trainer.drills.messages import Joined

    idea_name = msg(f"training.idea.{teaching.idea}")
    lines = [msg("training.teach.title", idea=idea_name), msg(f"training.rule.{teaching.idea}")]
    q = teaching.question
    if kind(q.kind).LEVEL_ITEMS == "show":  # a shown hand: its count step by step
        from trainer.drills.hints import step_detail, step_points

        points = step_points(q, ruleset=ruleset)
        for k in SHOW_KINDS:
            detail: Joined = step_detail(q, k, ruleset=ruleset)
            # the kinds as the prompt names them: «пары: 0», «последовательности: 0»
            heading = msg(f"adapt.steps.kind.{k}")
            if points[k]:
                lines.append(msg("training.teach.step", kind=heading, points=points[k], items=detail))
            else:
                lines.append(msg("training.teach.step_none", kind=heading))
        lines.append(msg("training.teach.total", total=sum(points.values())))
    lines.append(msg("training.teach.lesson", n=teaching.lesson))
    lines.append(msg("training.teach.next", idea=idea_name))
    return lines


def ideas_report(
    store: LearnerSource, *, user: str, rulesets: Callable[[str], Ruleset | None]
) -> list[dict[str, object]]:
    """Per skill the player has answered (under the ruleset answered most): every idea with its
    answers, misses and mastery, weakest first, with the drill theme and the lesson that teach it
    (`crib stats`' `ideas`; every suggested command is a real one)."""
    out: list[dict[str, object]] = []
    for skill in DRILLS:
        rows = store.skill_readings(user=user, skill=skill, limit=HISTORY)
        if not rows:
            continue
        names = Counter(r[1] for r in rows)
        name = names.most_common(1)[0][0]
        ruleset = rulesets(name) if name else None
        if ruleset is None:
            continue
        past = past_answers(store, user=user, skill=skill, ruleset=ruleset, rows=rows)
        ideas = ideas_for_skill(skill, kind(skill).themes(ruleset))
        model = mastery_from(
            past,
            skill=skill,
            ruleset=ruleset,
            taught=taught_times(store, user=user, skill=skill, ideas=ideas),
        )
        entries = sorted(model.to_dict(), key=lambda e: (bool(e["mastered"]), float(str(e["mastery"]))))
        for entry in entries:
            idea = str(entry["idea"])
            out.append(
                {
                    "drill": skill,
                    "ruleset": name,
                    **entry,
                    "weak": idea in model.weakest(),
                    "theme": theme_for(idea),
                    "lesson": LESSON_OF_IDEA.get(idea, lesson_of_skill(skill)),
                }
            )
    return out
