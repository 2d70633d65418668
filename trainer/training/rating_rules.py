"""How an answer counts as a rating game (documented for players in docs/training.md).

A drill answer is one Glicko-2 game of the player against the question's pattern. A review
answer is not a game: the pattern was missed once already, and asking it again on a schedule
must not count that miss over and over (it moves the review card and the learner model only).
A hint shrinks the credit of a right answer but never turns it into a loss. A pattern nobody
has answered starts from its shipped prior difficulty, held with a small deviation, so one
player's answers cannot drag the questions' difficulty along with their own rating and a
rating means the same for every player. A rating stops at `CEILING_MARGIN` above the hardest
shipped question of its skill: there a right answer is expected 19 times in 20 and tells the
rating nothing more, so an always-right player settles instead of climbing forever.
"""

from __future__ import annotations

PRIOR_RD = 80.0  # a question's shipped difficulty is known this well before anyone answers it
CEILING_MARGIN = 500.0  # 10^(-500/400): a right answer expected with chance 0.947


def rating_ceiling(skill: str) -> float:
    """The highest rating the questions of `skill` can measure: `CEILING_MARGIN` above the
    hardest shipped prior difficulty of its kind (trainer/_generated/priors.json)."""
    from trainer.drills.priors import hardest

    return hardest(skill) + CEILING_MARGIN


def game_score(*, correct: bool, skipped: bool, timed_out: bool, hints: int, expected: float = 0.5) -> float:
    """The player's score in the rating game: 1 right, 0 wrong (or skipped, or late). A hint
    shrinks the credit of a right answer without making it a loss: after h hints the score is
    `expected + (1 - expected) / (1 + h)`, so the rating still rises, by 1/(1+h) of the rise
    (`expected`: the Glicko expected score of the player against the question)."""
    if not correct or skipped or timed_out:
        return 0.0
    if not hints:
        return 1.0
    return expected + (1.0 - expected) / (1.0 + hints)


def rated(mode: str) -> bool:
    """Whether an answer is a rated game: review answers are not (the same pattern asked again
    on a schedule would count twice for what was missed once); they move the review card only.
    A replayed question set (`crib drill replay`) is not either: its questions were rated once."""
    return mode not in ("review", "replay")
