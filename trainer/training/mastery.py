"""The learner model: how well a player has mastered each idea of a skill, from every answer.

Each idea keeps a recency-weighted tally of the answers that held it and of the ones that got
it wrong (`trainer.drills.ideas` says which): every new answer on an idea weighs the older ones
down by `DECAY`, so a player who stops missing runs sees runs' mastery climb within about ten
answers, and one who starts missing them sees it fall as fast. Mastery is the smoothed share
right, (right + 1) / (seen + 2), so an idea never seen sits at one half, not at zero or one.

An idea is *mastered* once it has been seen `MASTERED_AFTER` times with mastery of at least
`MASTERED`; it is *weak* below that. The misses since the idea was last taught are counted
too: the third sends the drill from asking to teaching (`TEACH_AFTER`).

Pure: the model is a value built from readings in order, so the same answers give the same
model, in a test with an injected clock as in a real week.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from trainer.engine.records import Record, factory

DECAY = 0.85
MASTERED = 0.8
MASTERED_AFTER = 5
TEACH_AFTER = 3


class IdeaState(Record, kw_only=False):
    """One idea's tally: weighted answers and right answers, raw counts, misses since taught."""

    seen: float = 0.0
    right: float = 0.0
    answers: int = 0
    misses: int = 0
    misses_since_taught: int = 0
    last_at: float = 0.0

    @property
    def mastery(self) -> float:
        return (self.right + 1.0) / (self.seen + 2.0)

    @property
    def mastered(self) -> bool:
        return self.answers >= MASTERED_AFTER and self.mastery >= MASTERED

    def after(self, *, right: bool, at: float) -> IdeaState:
        return IdeaState(
            seen=self.seen * DECAY + 1.0,
            right=self.right * DECAY + (1.0 if right else 0.0),
            answers=self.answers + 1,
            misses=self.misses + (not right),
            misses_since_taught=self.misses_since_taught + (not right),
            last_at=at,
        )


class Mastery(Record, kw_only=False):
    """Every tracked idea of one skill, in teaching order."""

    ideas: tuple[str, ...]
    states: Mapping[str, IdeaState] = factory(default_factory=dict)

    def state(self, idea: str) -> IdeaState:
        return self.states.get(idea, IdeaState())

    def learn(self, ideas: Iterable[str], missed: Iterable[str], *, at: float) -> Mastery:
        """The model after one answer: `ideas` were in the question, `missed` were got wrong."""
        wrong = set(missed)
        states = dict(self.states)
        for idea in dict.fromkeys([*ideas, *wrong]):
            states[idea] = self.state(idea).after(right=idea not in wrong, at=at)
        return replace(self, states=states)

    def taught(self, idea: str) -> Mastery:
        """The misses are counted afresh once an idea has been taught."""
        states = dict(self.states)
        states[idea] = replace(self.state(idea), misses_since_taught=0)
        return replace(self, states=states)

    def weakest(self) -> list[str]:
        """Ideas not yet mastered that have been missed, least mastered first."""
        weak = [i for i in self.ideas if self.state(i).misses and not self.state(i).mastered]
        return sorted(weak, key=lambda i: (self.state(i).mastery, self.ideas.index(i)))

    def mastered(self) -> list[str]:
        return [i for i in self.ideas if self.state(i).mastered]

    def due_teaching(self) -> str | None:
        """The idea missed `TEACH_AFTER` times since it was last taught, if any."""
        for idea in self.weakest():
            if self.state(idea).misses_since_taught >= TEACH_AFTER:
                return idea
        return None

    def to_dict(self) -> list[dict[str, object]]:
        """Per idea: answers, misses, mastery and whether it is mastered (the stats' `ideas`)."""
        out: list[dict[str, object]] = []
        for idea in self.ideas:
            s = self.state(idea)
            if not s.answers:
                continue
            out.append(
                {
                    "idea": idea,
                    "answers": s.answers,
                    "misses": s.misses,
                    "mastery": round(s.mastery, 3),
                    "mastered": s.mastered,
                }
            )
        return out


def replayed(
    ideas: tuple[str, ...],
    answers: Iterable[tuple[Sequence[str], Sequence[str], float]],
    *,
    taught: Mapping[str, float] | None = None,
) -> Mastery:
    """The model after `answers` ((ideas, missed, time), oldest first), with each idea's misses
    counted afresh from the time it was taught: the same model as `Mastery.learn` and
    `Mastery.taught` step by step, tallied in place (a model of 2,000 answers is read by every
    `crib stats` and every drill's start, and a new value per step cost most of it)."""
    tally: dict[str, list[float]] = {}  # idea -> [seen, right, answers, misses, since taught, last]
    pending = sorted((at, idea) for idea, at in (taught or {}).items())

    def teach(idea: str) -> None:
        if idea in tally:
            tally[idea][4] = 0
        else:
            tally[idea] = [0.0, 0.0, 0, 0, 0, 0.0]

    for asked, missed, at in answers:
        while pending and pending[0][0] <= at:
            teach(pending.pop(0)[1])
        wrong = set(missed)
        for idea in dict.fromkeys([*asked, *missed]):
            t = tally.get(idea)
            if t is None:
                t = tally[idea] = [0.0, 0.0, 0, 0, 0, 0.0]
            miss = idea in wrong
            t[0] = t[0] * DECAY + 1.0
            t[1] = t[1] * DECAY + (0.0 if miss else 1.0)
            t[2] += 1
            t[3] += miss
            t[4] += miss
            t[5] = at
    for _, idea in pending:
        teach(idea)
    states = {
        idea: IdeaState(
            seen=t[0],
            right=t[1],
            answers=int(t[2]),
            misses=int(t[3]),
            misses_since_taught=int(t[4]),
            last_at=t[5],
        )
        for idea, t in tally.items()
    }
    return Mastery(ideas=ideas, states=states)
