"""Question patterns: what a question is *about*, so difficulty and reviews attach to the idea
rather than to one hand.

A count pattern is what the engine finds in the show — the points of each item kind, hand or
crib, and its size — so 5♥ 5♣ J♦ Q♠ and 5♠ 5♦ K♣ 10♥ with the same starter kind are the same
pattern. A review serves a *variant*: another hand of the same pattern (other cards when a
quick search finds one, else the same ranks with the suits swapped around, which keeps every
fifteen, pair, run, flush and nobs), so a player learns the pattern instead of the answer.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Mapping
from typing import Any

from trainer.drills.data import QuestionData, count_data
from trainer.drills.kinds import generate_confirmed, kind
from trainer.drills.model import Question
from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_show

_CARD = re.compile(r"^(A|[2-9]|10|J|Q|K)([SHDC])$")
_SUIT_LETTERS = "SHDC"
_OTHER_CARDS_ATTEMPTS = 3000
_REGENERATE_ATTEMPTS = 8
OWN_PATTERN = "question:"  # the pattern of a question the engine cannot read, before its id
NEUTRAL_PRIOR = 1500.0


def pattern_of(question: Question, *, ruleset: Ruleset) -> str:
    """The pattern key of a question: equal keys mean the same scoring idea (the kind's own
    `pattern`, which starts with the kind's name)."""
    return kind(question.kind).pattern(question, ruleset=ruleset)


def prior_difficulty(pattern: str) -> float:
    """A first guess at a new pattern's rating before anyone has answered it (the kind's own
    guess: big counts, runs, flushes and cribs are missed more, so they start higher). A question
    the engine cannot read is its own pattern (`OWN_PATTERN` and its id) and starts even."""
    if pattern.startswith(OWN_PATTERN):
        return NEUTRAL_PRIOR
    return kind(pattern.split("/", 1)[0]).prior_difficulty(pattern)


# ----------------------------------------------------------------------------- variants


def variant(question: Question, rng: random.Random, *, ruleset: Ruleset) -> Question:
    """Another question of the same idea with other ranks: the same pattern when one is found,
    else the same ideas (`trainer.drills.ideas`); a count review never shows the same cards, a
    peg or discard review not the same ranks (suits swapped are a last resort). How is the
    kind's `REVIEW_VARIANT`."""
    how = kind(question.kind).REVIEW_VARIANT
    if how == "other-cards":
        other = _other_cards(question, rng, ruleset=ruleset) or _same_ideas(question, rng, ruleset=ruleset)
        if other is not None:
            return other
    if how == "other-facts":
        return _other_facts(question, rng, ruleset=ruleset)
    if how == "regenerate":
        other = _regenerated(question, rng, ruleset=ruleset)
        if other is not None:
            return other
    return _suits_swapped(question, rng)


def _ranks(question: Question) -> list[str]:
    return sorted(c[:-1] for c in _card_strings(question.data))


def _same_ideas(question: Question, rng: random.Random, *, ruleset: Ruleset) -> Question | None:
    """A count question with other ranks holding the same ideas (a run, a crib flush...)."""
    from trainer.drills.ideas import count_ideas

    data = count_data(question)
    size = len(data["hand"])
    want = count_ideas(question, ruleset=ruleset)
    ranks = _ranks(question)
    deck = list(full_deck())
    for _ in range(_OTHER_CARDS_ATTEMPTS):
        drawn = rng.sample(deck, size + 1)
        fresh = _rebuilt(
            question, {**data, "hand": sorted(str(c) for c in drawn[:-1]), "starter": str(drawn[-1])}
        )
        if _ranks(fresh) != ranks and count_ideas(fresh, ruleset=ruleset) == want:
            return fresh
    return None


def _regenerated(question: Question, rng: random.Random, *, ruleset: Ruleset) -> Question | None:
    """A peg or discard question made afresh on the same theme, level and form: the same pattern
    when one turns up, else the same ideas; never the same ranks."""
    from trainer.drills.ideas import ideas_of
    from trainer.drills.themes import level

    drill = kind(question.kind)
    pattern = pattern_of(question, ruleset=ruleset)
    ideas = ideas_of(question, ruleset=ruleset)
    ranks = _ranks(question)
    fallback: Question | None = None
    for _ in range(_REGENERATE_ATTEMPTS):
        try:
            fresh = generate_confirmed(
                drill,
                rng,
                ruleset=ruleset,
                lvl=level(question.level),
                theme=question.theme,
                form=question.form,
            )
        except CribError:
            continue
        if _ranks(fresh) == ranks:
            continue
        if pattern_of(fresh, ruleset=ruleset) == pattern:
            return fresh
        if fallback is None and ideas_of(fresh, ruleset=ruleset) == ideas:
            fallback = fresh
    return fallback


def _rebuilt(question: Question, data: QuestionData) -> Question:
    return Question(
        kind=question.kind,
        form=question.form,
        ruleset=question.ruleset,
        level=question.level,
        theme=question.theme,
        data=data,
    )


def _other_cards(question: Question, rng: random.Random, *, ruleset: Ruleset) -> Question | None:
    """A count question with other ranks and the same engine breakdown (kinds and totals)."""
    data = count_data(question)
    hand = parse_cards(data["hand"])
    starter = parse_cards([data["starter"]])[0]
    crib = data.get("crib", False)
    target = score_show(hand, starter, is_crib=crib, ruleset=ruleset).by_kind()
    from trainer.drills.ideas import count_ideas

    ideas = count_ideas(question, ruleset=ruleset)
    ranks = sorted(c.rank for c in (*hand, starter))
    deck = list(full_deck())
    for _ in range(_OTHER_CARDS_ATTEMPTS):
        drawn = rng.sample(deck, len(hand) + 1)
        if sorted(c.rank for c in drawn) == ranks:
            continue
        new_hand, new_starter = sorted(drawn[:-1]), drawn[-1]
        if score_show(new_hand, new_starter, is_crib=crib, ruleset=ruleset).by_kind() == target:
            fresh = _rebuilt(
                question,
                {**data, "hand": [str(c) for c in new_hand], "starter": str(new_starter)},
            )
            if count_ideas(fresh, ruleset=ruleset) == ideas:  # the traps too (a jack, one suit)
                return fresh
    return None


def _other_facts(question: Question, rng: random.Random, *, ruleset: Ruleset) -> Question:
    """The same theme (a penalty's irregularity) under the same ruleset, with fresh facts."""
    from trainer.drills.themes import level

    generate = kind(question.kind).generate
    fresh = question
    for _ in range(10):
        fresh = generate(
            rng, ruleset=ruleset, lvl=level(question.level), theme=question.theme, form=question.form
        )
        if fresh.id != question.id:
            break
    return fresh


def _suits_swapped(question: Question, rng: random.Random) -> Question:
    """The same ranks with the suits relabelled: every scoring item and play is preserved."""
    cards = _card_strings(question.data)
    perms = [p for p in itertools.permutations(_SUIT_LETTERS) if "".join(p) != _SUIT_LETTERS]
    rng.shuffle(perms)
    for perm in perms:
        mapping = dict(zip(_SUIT_LETTERS, perm, strict=True))
        if any(_swap(c, mapping) != c for c in cards):
            return _rebuilt(question, _map_cards(question.data, mapping))
    return question


def _card_strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if _CARD.match(value) else []
    if isinstance(value, Mapping):
        return [c for v in value.values() for c in _card_strings(v)]
    if isinstance(value, list | tuple):
        return [c for v in value for c in _card_strings(v)]
    return []


def _swap(card: str, mapping: Mapping[str, str]) -> str:
    match = _CARD.match(card)
    return card if match is None else match.group(1) + mapping[match.group(2)]


def _map_cards(value: Any, mapping: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return _swap(value, mapping)
    if isinstance(value, Mapping):
        return {k: _map_cards(v, mapping) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_map_cards(v, mapping) for v in value]
    return value


def same_show_pattern(a: Question, b: Question, *, ruleset: Ruleset) -> bool:
    """Whether two count questions show the same item kinds with the same totals (by the engine)."""

    def breakdown(q: Question) -> dict[str, int]:
        data = count_data(q)
        cards = parse_cards(data["hand"])
        starter = Card.parse(data["starter"])
        return score_show(cards, starter, is_crib=data.get("crib", False), ruleset=ruleset).by_kind()

    crib_a, crib_b = count_data(a).get("crib", False), count_data(b).get("crib", False)
    return breakdown(a) == breakdown(b) and crib_a == crib_b
