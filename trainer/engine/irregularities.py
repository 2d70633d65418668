"""Irregularities and their rulings, as data (rules spec §3, one record per table row).

Penalty drills and the rules reference both list `catalogue()`, and every ruling they show comes
from `adjudicate()`, so a quiz answer can never disagree with the reference. Each row carries the
remedy of every penalty set the spec gives for it (seeds/Hoyle, ACC, old laws); a ruleset picks
one set (`Ruleset.penalties`). Where a set says nothing about a row, the ruling falls back to
another set and says so in `note`; where the spec marks a rule "not retrieved", the ruling says
so (`retrieved=False`, no invented points) instead of guessing.

Facts (`count=25`, `holding="A 5 6"`, `claimed=12`, `true_points=10` ...) refine a ruling where
the rule depends on them, e.g. ACC's 2 points per card that could have been played in a renege.

The English texts are the catalogue's own (JSON output keeps them). Every sentence a ruling is
made of is also kept as a `Phrase` (a key and its values), so the presentation layer
(`trainer.i18n.rulings`) can give the same ruling in Russian, with the same numbers, without the
logic here knowing any language.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, NamedTuple

from trainer.engine.cards import Card, format_cards, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.muggins import STAGES, judge_claim
from trainer.engine.phrases import Phrase
from trainer.engine.ruleset import Ruleset


class PenaltySet(StrEnum):
    """The penalty sets a ruleset may choose (words: `drill.penalty.set.*`)."""

    SEEDS = "seeds"
    ACC = "acc"
    OLD_LAWS = "old_laws"


class Beneficiary(StrEnum):
    """Who pegs a penalty's points (words: `drill.penalty.who.*`, `ref.beneficiary.*`)."""

    OPPONENT = "opponent"
    PONE = "pone"
    DEALER = "dealer"
    OFFENDER = "offender"
    NONE = "none"


PENALTY_SETS: tuple[str, ...] = tuple(p.value for p in PenaltySet)
PENALTY_SET_NAMES = {"seeds": "seeds/Hoyle", "acc": "ACC", "old_laws": "old-laws"}
# Who pegs a ruling's points: a closed vocabulary, so UIs can translate it. "opponent" is the
# non-offending side (in a three-player game, each player not at fault); "offender" appears only
# when a wrong muggins call gives points back to the player who counted.
BENEFICIARIES: tuple[str, ...] = tuple(b.value for b in Beneficiary)
# Where a penalty set is silent on a row, look in these sets next (the seeds follow the Hoyle
# tradition, so the old laws are their nearest neighbour; ACC falls back to the seeds).
_FALLBACK = {
    "seeds": ("seeds", "old_laws", "acc"),
    "acc": ("acc", "seeds", "old_laws"),
    "old_laws": ("old_laws", "seeds", "acc"),
}


class RulingError(CribError, ValueError):
    """An unknown irregularity, penalty set or fact was asked for."""


@dataclass(frozen=True, slots=True)
class Remedy:
    """What one penalty set does about one irregularity.

    `points` go to `beneficiary`; `back` is a backward penalty (the offender moves back), which
    only ACC uses. `retrieved=False` marks a rule the spec could not read: its text says so.
    """

    penalty_set: str
    text: str
    beneficiary: str = "none"
    points: int = 0
    back: int = 0
    options: tuple[str, ...] = ()
    rule_ref: str = ""
    retrieved: bool = True
    phrase: Phrase | None = None


class IrregularityText(NamedTuple):
    """An irregularity's labels in one language."""

    name: str
    detected: str
    penalised: str


class RulingText(NamedTuple):
    """The words of a ruling in one language (the numbers stay on the `Ruling`)."""

    name: str
    remedy: str
    options: tuple[str, ...]
    note: str


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One row of rules spec §3."""

    id: str
    row: int
    name: str
    detected: str
    penalised: str
    remedies: tuple[Remedy, ...]
    sources: tuple[str, ...]
    facts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    def remedy(self, penalty_set: str) -> Remedy | None:
        """The remedy this penalty set itself gives (None when it is silent)."""
        return next((r for r in self.remedies if r.penalty_set == penalty_set), None)

    @property
    def penalty_sets(self) -> tuple[str, ...]:
        return tuple(r.penalty_set for r in self.remedies)

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "row": self.row,
            "name": self.name,
            "detected": self.detected,
            "penalised": self.penalised,
            "penalty_sets": list(self.penalty_sets),
            "facts": list(self.facts),
            "sources": list(self.sources),
        }


@dataclass(frozen=True, slots=True)
class Ruling:
    """The engine's ruling on one irregularity under one penalty set.

    `beneficiary` names who pegs `points` ("opponent", "pone", "dealer", "none", ...); `options`
    are the choices the non-offender has; `note` explains a fallback to another penalty set.
    `remedy_phrase` and `note_phrase` hold those texts as phrases (worded by trainer.i18n.rulings).
    """

    irregularity: str
    penalty_set: str
    beneficiary: str
    points: int
    remedy: str
    options: tuple[str, ...]
    rule_ref: str
    name: str = ""
    row: int = 0
    back: int = 0
    retrieved: bool = True
    note: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    remedy_phrase: Phrase | None = None
    note_phrase: Phrase | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "irregularity": self.irregularity,
            "name": self.name,
            "row": self.row,
            "penalty_set": self.penalty_set,
            "beneficiary": self.beneficiary,
            "points": self.points,
            "back": self.back,
            "remedy": self.remedy,
            "options": list(self.options),
            "rule_ref": self.rule_ref,
            "retrieved": self.retrieved,
            "note": self.note,
            "facts": dict(self.facts),
        }


# ----------------------------------------------------------------------------- facts

FACTS: dict[str, str] = {
    "count": "the count when the player said go or stopped playing (0-31)",
    "holding": "the offender's cards in hand at that moment, e.g. 'A 5 6' or 'AS 5H 6C'",
    "claimed": "the points the player claimed or pegged",
    "true_points": "the true points of that count",
    "call": "the figure of a muggins call ('muggins for N'); 0 = nobody called",
    "stage": f"where the count was made: {', '.join(STAGES)}",
    "confirmed": "yes if the player let the dealer confirm the wrong number of cards",
    "starter_turned": "yes if the starter had been turned when the error was found",
    "choice": "the non-offender's choice: new_deal or peg_and_rectify",
    "noticed_in_time": "yes if the error was noticed before the next card or count",
    "wrong_side_before_starter": "yes if the cards were put on the wrong side and the starter is not turned",
    "before_discarding": "yes if the crib was looked at before the offender discarded",
    "play_began": "yes if the play had begun when the exchange was found",
}
_BOOL_WORDS = {
    "yes": True,
    "true": True,
    "y": True,
    "1": True,
    "no": False,
    "false": False,
    "n": False,
    "0": False,
}


def _as_int(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise RulingError(f"fact {name}: give a whole number, not {value!r}")
    try:
        return int(str(value).strip())
    except ValueError:
        raise RulingError(f"fact {name}: give a whole number, not {value!r}") from None


def _as_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word not in _BOOL_WORDS:
        raise RulingError(f"fact {name}: give yes or no, not {value!r}")
    return _BOOL_WORDS[word]


def _as_holding(value: object) -> tuple[int, ...]:
    """Card values held; ranks alone ('A 5 6') are enough because only the values matter."""
    if isinstance(value, list | tuple) and all(isinstance(v, Card) for v in value):
        return tuple(c.value for c in value)
    values: list[int] = []
    for token in str(value).replace(",", " ").split():
        text = token.strip().upper()
        if text in ("A", "1", "T", "10", "J", "Q", "K") or text.isdigit():
            rank = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(text) or int(text)
            if not 1 <= rank <= 10:
                raise RulingError(f"fact holding: {token!r} is not a card")
            values.append(rank)
        else:
            values.extend(c.value for c in parse_cards(token))
    return tuple(values)


_CONVERT: dict[str, Callable[[str, object], object]] = {
    "count": _as_int,
    "claimed": _as_int,
    "true_points": _as_int,
    "call": _as_int,
    "holding": lambda _n, v: _as_holding(v),
    "stage": lambda _n, v: _as_choice("stage", v, STAGES),
    "choice": lambda _n, v: _as_choice("choice", v, ("new_deal", "peg_and_rectify")),
}


def _as_choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    word = str(value).strip().lower().replace("-", "_")
    if word not in allowed:
        raise RulingError(f"fact {name}: choose one of {', '.join(allowed)}, not {value!r}")
    return word


def _convert_facts(irr: Irregularity, facts: Mapping[str, object]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in facts.items():
        if name not in irr.facts:
            accepted = ", ".join(irr.facts) if irr.facts else "none"
            raise RulingError(f"{irr.id} takes no fact {name!r}; facts it uses: {accepted}")
        out[name] = _CONVERT.get(name, _as_bool)(name, value)
    return out


# ----------------------------------------------------------------------------- the rows


def _r(penalty_set: str, text: str, **kw: Any) -> Remedy:
    return Remedy(penalty_set=penalty_set, text=text, **kw)


def _nr(rule: str, what: str) -> Remedy:
    return Remedy(
        penalty_set="acc",
        text=f"ACC {rule} ({what}) was not retrieved for this trainer: check the current ACC rule book",
        rule_ref=f"ACC {rule} (not retrieved)",
        retrieved=False,
    )


_SAME_DEALER = "a new deal by the same dealer; no points"
_RENEGE_SEEDS = (
    "it may not be corrected once the next card is played; the cards the offender could have "
    "played are dead once the opponent has seen them: he may not play them or peg for them in the "
    "play; the opponent pegs 2"
)
_RENEGE_ACC = (
    "the go may be corrected before either player pegs or the opponent plays; after that the "
    "opponent may claim the renege until he plays his next card or announces his hand count; cards "
    "played since are taken back and their points retracted; the opponent pegs 2 for each card "
    "that singly could have been played; he decides whether the reneged cards are dead or played; "
    "all hands and the crib are still counted"
)
_RENEGE_OPTIONS = ("declare the reneged cards dead", "have the reneged cards played")

CATALOGUE: tuple[Irregularity, ...] = (
    Irregularity(
        id="misdeal_not_one_at_a_time",
        row=1,
        name="Misdeal: cards not dealt one at a time",
        detected="during or after the deal",
        penalised="nobody",
        sources=("S0", "CC"),
        remedies=(
            _r("seeds", "the same dealer deals again", rule_ref="S0"),
            _r(
                "acc",
                "cards are dealt one at a time, the first to pone; the same dealer deals again",
                rule_ref="ACC 4.2 (as cited by CC)",
            ),
        ),
        aliases=("misdeal",),
    ),
    Irregularity(
        id="misdeal_wrong_number",
        row=2,
        name="Misdeal: a player dealt the wrong number of cards (found before the discard)",
        detected="before the discard",
        penalised="dealer (old laws only)",
        sources=("S0", "CC", "EW", "CAS", "HG"),
        facts=("confirmed",),
        remedies=(
            _r("seeds", "the same dealer deals again; no points", rule_ref="S0"),
            _r(
                "acc",
                "the same dealer deals again; a player with the wrong number must let the dealer "
                "confirm the count, or he moves back 10",
                rule_ref="ACC 4.4 (via CC)",
            ),
            _r(
                "old_laws",
                "pone pegs 2 and may demand a new deal",
                beneficiary="pone",
                points=2,
                options=("demand a new deal", "play on with the deal put right"),
                rule_ref="EW; CAS (5-card); HG",
            ),
        ),
    ),
    Irregularity(
        id="misdeal_face_up_card",
        row=3,
        name="Misdeal: a card found face up in the pack",
        detected="deal",
        penalised="nobody",
        sources=("S0", "HOY", "EW", "ACC 6.1d"),
        remedies=(
            _r("seeds", "a new deal by the same dealer", rule_ref="S0; HOY; EW"),
            _r(
                "acc",
                "a face-up card found in the cut for the starter is turned face down, the 40 cards are "
                "reshuffled and cut again",
                rule_ref="ACC 6.1d",
            ),
        ),
    ),
    Irregularity(
        id="misdeal_card_exposed",
        row=4,
        name="Misdeal: a card exposed in dealing",
        detected="deal",
        penalised="nobody",
        sources=("S0", "HOY", "EW", "CAS"),
        remedies=(
            _r("seeds", "a new deal by the same dealer", rule_ref="S0; HOY; EW"),
            _nr("4.3", "exposed cards in the deal"),
            _r(
                "old_laws",
                "if the non-dealer exposes one of his own cards, the dealer may deal again",
                beneficiary="dealer",
                options=("deal again", "play on"),
                rule_ref="CAS",
            ),
        ),
    ),
    Irregularity(
        id="imperfect_pack",
        row=5,
        name="Misdeal: an imperfect pack",
        detected="any time",
        penalised="nobody",
        sources=("S0", "HOY"),
        remedies=(
            _r("seeds", "a new deal by the same dealer with a perfect pack", rule_ref="S0; HOY"),
            _nr("4.5", "imperfect pack"),
        ),
    ),
    Irregularity(
        id="wrong_number_in_hand",
        row=6,
        name="Wrong number of cards in one hand (the crib and the other hand right)",
        detected="after laying away",
        penalised="the holder's side",
        sources=("S0", "HOY", "CC", "ACC 4.4"),
        facts=("choice", "starter_turned"),
        remedies=(
            _r(
                "seeds",
                "the opponent chooses: a new deal, or he pegs 2 and the hand is put right (an excess "
                "card is removed by a blind draw by the opponent, a shortage is supplied from the pack)",
                beneficiary="opponent",
                points=2,
                options=("new deal", "peg 2 and rectify the hand"),
                rule_ref="S0; HOY",
            ),
            _r(
                "acc",
                "found before the starter is turned: a new deal, no penalty",
                rule_ref="ACC 4.4",
            ),
        ),
    ),
    Irregularity(
        id="wrong_number_in_crib",
        row=7,
        name="Wrong number of cards in the crib (both hands right)",
        detected="after laying away",
        penalised="dealer",
        sources=("S0", "HOY"),
        remedies=(
            _r("seeds", "pone pegs 2 and the crib is put right", beneficiary="pone", points=2, rule_ref="S0"),
            _nr("4.4", "the chart case for a wrong crib"),
        ),
    ),
    Irregularity(
        id="wrong_number_in_several_hands",
        row=8,
        name="Wrong number of cards in several hands (crib included)",
        detected="after laying away",
        penalised="every player at fault",
        sources=("S0",),
        remedies=(
            _r(
                "seeds",
                "a new deal; each player whose hand is correct pegs 2",
                beneficiary="opponent",
                points=2,
                rule_ref="S0",
            ),
            _nr("4.4", "the chart case for several wrong hands"),
        ),
    ),
    Irregularity(
        id="deal_error_found_in_play",
        row=9,
        name="Deal error found after the play began",
        detected="play",
        penalised="dealer",
        sources=("S2",),
        remedies=(
            _r(
                "seeds",
                "pone pegs 2 whoever was at fault; the deal is put right by a new deal or with extra "
                "cards from the stock (S2 does not say who chooses; S0 gives the 2 to the opponent of "
                "the faulty hand instead)",
                beneficiary="pone",
                points=2,
                options=("new deal", "supply the missing cards from the stock"),
                rule_ref="S2",
            ),
            _nr("4.4", "the chart case for an error found in the play"),
        ),
    ),
    Irregularity(
        id="holds_too_many_cards",
        row=10,
        name="A player holds more than the proper number of cards",
        detected="any time",
        penalised="the holder",
        sources=("HG",),
        remedies=(
            _r(
                "old_laws",
                "the opponent pegs 4 and may call a new deal",
                beneficiary="opponent",
                points=4,
                options=("call a new deal", "play on"),
                rule_ref="HG",
            ),
            _nr("4.4", "the chart case for a long hand"),
        ),
    ),
    Irregularity(
        id="wrong_count_announced",
        row=11,
        name="Wrong count or score announced",
        detected="play or show",
        penalised="nobody",
        sources=("S0", "S2"),
        facts=("noticed_in_time",),
        remedies=(
            _r(
                "seeds",
                "no penalty: it is corrected on demand; if nobody notices before the next card is "
                "played (play) or before the next count or the cut for the next deal (show), it stands",
                options=("demand a correction",),
                rule_ref="S0; S2 ('errors in the count are not penalised')",
            ),
            _nr("7.4", "wrong count announced"),
        ),
    ),
    Irregularity(
        id="renege",
        row=12,
        name="Go called while able to play (renege)",
        detected="play",
        penalised="the player who said go",
        sources=("S0", "S2", "ACC 7.3 via CC"),
        facts=("count", "holding"),
        aliases=("wrong_go", "false_go"),
        remedies=(
            _r(
                "seeds",
                f"a go said while holding a playable card: {_RENEGE_SEEDS}",
                beneficiary="opponent",
                points=2,
                options=("take 2",),
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                _RENEGE_ACC,
                beneficiary="opponent",
                points=2,
                options=_RENEGE_OPTIONS,
                rule_ref="ACC 7.3 (via CC)",
            ),
        ),
    ),
    Irregularity(
        id="failed_to_play_after_go",
        row=13,
        name="After the opponent's go, fails to play further playable cards",
        detected="play",
        penalised="that player",
        sources=("S0", "S2", "ACC 7.3"),
        facts=("count", "holding"),
        remedies=(
            _r(
                "seeds",
                f"stopping while able to play after the opponent's go: {_RENEGE_SEEDS}",
                beneficiary="opponent",
                points=2,
                options=("take 2",),
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                f"a renege, as a false go: {_RENEGE_ACC}",
                beneficiary="opponent",
                points=2,
                options=_RENEGE_OPTIONS,
                rule_ref="ACC 7.3",
            ),
        ),
    ),
    Irregularity(
        id="lead_out_of_turn",
        row=14,
        name="Dealer leads instead of pone (play out of turn)",
        detected="play",
        penalised="nobody",
        sources=("ACC 7.1b",),
        remedies=(
            _r(
                "acc",
                "if pone has played on the wrong lead, the cards are taken back and points retracted, "
                "without penalty, and pone leads; once each player has played beyond the first card "
                "the order stands and the points count",
                rule_ref="ACC 7.1b",
            ),
        ),
    ),
    Irregularity(
        id="count_over_31",
        row=15,
        name="A card played that takes the count over 31",
        detected="play",
        penalised="the player",
        sources=("ACC 7.1e",),
        remedies=(
            _r(
                "acc",
                "the card is taken back; any points pegged on it are an overpeg, and claiming game on "
                "it is a false claim of game",
                rule_ref="ACC 7.1e",
            ),
        ),
    ),
    Irregularity(
        id="two_cards_played",
        row=16,
        name="Two cards played together",
        detected="play",
        penalised="nobody",
        sources=("ACC 7.1f",),
        remedies=(
            _r(
                "acc",
                "the card matching the announced count is played and the other taken back; with no "
                "count announced the player chooses; no penalty",
                rule_ref="ACC 7.1f",
            ),
        ),
    ),
    Irregularity(
        id="underpegging",
        row=17,
        name="Underpegging (pegging less than one's own score)",
        detected="play or show",
        penalised="the offender (loses the points)",
        sources=("S0", "HOY", "ACC 8.3"),
        facts=("claimed", "true_points", "stage"),
        aliases=("underpeg", "undercount"),
        remedies=(
            _r(
                "seeds",
                "the player may correct his own score until he plays his next card or until the cut "
                "for the next deal; after that the overlooked points are lost",
                rule_ref="S0; HOY",
            ),
            _r("acc", "no correction once the fingers leave the peg", rule_ref="ACC 8.3"),
        ),
    ),
    Irregularity(
        id="overpegging",
        row=18,
        name="Overpegging, short of game",
        detected="play or show",
        penalised="the offender",
        sources=("S0", "HOY", "ACC 8.4c", "ACC 11.1b", "HG", "EW ix"),
        facts=("claimed", "true_points"),
        aliases=("overpeg", "overcount"),
        remedies=(
            _r(
                "seeds",
                "the score must be corrected on demand at any time before the cut for the next deal, "
                "and the opponent pegs 2",
                beneficiary="opponent",
                points=2,
                options=("demand the correction",),
                rule_ref="S0; HOY",
            ),
            _r(
                "acc",
                "the overpeg is retracted: a correction, not a penalty (ACC 11.1b); the rest of ACC 8.4c "
                "was not retrieved",
                options=("demand the correction",),
                rule_ref="ACC 8.4c, 11.1b",
            ),
            _r(
                "old_laws",
                "the pegs are put back and the excess is added to the opponent's score",
                beneficiary="opponent",
                rule_ref="HG; EW ix",
            ),
        ),
    ),
    Irregularity(
        id="overpegging_old_laws",
        row=19,
        name="Overpegging under the old laws",
        detected="play or show",
        penalised="the offender",
        sources=("HG", "EW ix"),
        facts=("claimed", "true_points"),
        remedies=(
            _r(
                "old_laws",
                "the pegs are put back and the excess is added to the opponent's score",
                beneficiary="opponent",
                rule_ref="HG; EW ix",
            ),
        ),
    ),
    Irregularity(
        id="false_claim_of_game",
        row=20,
        name="False claim of game (pegging out or recording a win without the points)",
        detected="any time",
        penalised="the offender",
        sources=("ACC 8.4a-b", "CC"),
        facts=("claimed", "true_points"),
        remedies=(
            _r(
                "acc",
                "the players cannot correct it themselves: the judges reset the peg to the true score, "
                "the opponent pegs the overclaimed points and the offender moves back 15",
                beneficiary="opponent",
                back=15,
                rule_ref="ACC 8.4a-b; CC",
            ),
        ),
    ),
    Irregularity(
        id="heels_not_pegged",
        row=21,
        name="His heels not pegged before the dealer plays a card",
        detected="play",
        penalised="dealer",
        sources=("ACC 6.3c", "ACC 10.3c"),
        remedies=(
            _r(
                "acc",
                "the 2 for his heels are forfeited; the forfeit cannot be mugged",
                rule_ref="ACC 6.3c, 10.3c",
            ),
        ),
    ),
    Irregularity(
        id="dealer_sees_bottom_card",
        row=22,
        name="Dealer looks at the bottom card after the last shuffle",
        detected="shuffle",
        penalised="dealer",
        sources=("ACC 2.1",),
        remedies=(
            _r(
                "acc", "pone pegs 2; the pack is reshuffled", beneficiary="pone", points=2, rule_ref="ACC 2.1"
            ),
        ),
    ),
    Irregularity(
        id="pone_sees_starter",
        row=23,
        name="Pone looks at the bottom card of the top packet when cutting for the starter",
        detected="starter cut",
        penalised="pone",
        sources=("ACC 6.1b",),
        remedies=(
            _r(
                "acc",
                "the dealer pegs 2 and is shown the card",
                beneficiary="dealer",
                points=2,
                rule_ref="ACC 6.1b",
            ),
        ),
    ),
    Irregularity(
        id="non_dealer_touches_pack",
        row=24,
        name="Non-dealer touches the pack after cutting for the starter",
        detected="starter",
        penalised="non-dealer",
        sources=("EW vi", "HG"),
        remedies=(
            _r(
                "old_laws",
                "the non-dealer forfeits 2: the dealer pegs them",
                beneficiary="dealer",
                points=2,
                rule_ref="EW vi; HG (meddling with the cards)",
            ),
        ),
    ),
    Irregularity(
        id="starter_turned_before_discard",
        row=25,
        name="Starter turned before the dealer discards",
        detected="discard",
        penalised="nobody",
        sources=("ACC 6.1a",),
        remedies=(
            _r(
                "acc",
                "the starter goes back, the dealer discards, the pack is reshuffled and pone cuts "
                "again; no penalty",
                rule_ref="ACC 6.1a",
            ),
        ),
    ),
    Irregularity(
        id="starter_into_dealer_hand",
        row=26,
        name="Starter put into the dealer's hand unseen",
        detected="starter",
        penalised="dealer",
        sources=("ACC 6.1c",),
        remedies=(
            _r(
                "acc",
                "pone pegs 2, then draws 2 cards blind from the dealer's hand and picks the starter",
                beneficiary="pone",
                points=2,
                rule_ref="ACC 6.1c",
            ),
        ),
    ),
    Irregularity(
        id="several_cards_exposed_at_starter",
        row=27,
        name="More than one card exposed in turning the starter",
        detected="starter",
        penalised="nobody",
        sources=("ACC 6.2",),
        remedies=(
            _r("acc", "the top card is the starter; both players may see the others", rule_ref="ACC 6.2"),
        ),
    ),
    Irregularity(
        id="discards_picked_up",
        row=28,
        name="Discards picked up again after release",
        detected="discard",
        penalised="the discarder",
        sources=("EW viii", "ACC 5.1b-c"),
        facts=("wrong_side_before_starter",),
        remedies=(
            _r("old_laws", "a card laid out cannot be recalled", rule_ref="EW viii"),
            _r(
                "acc",
                "the opponent pegs 2 and the cards go back to the crib",
                beneficiary="opponent",
                points=2,
                rule_ref="ACC 5.1b",
            ),
        ),
    ),
    Irregularity(
        id="crib_examined_early",
        row=29,
        name="Crib examined before its count",
        detected="any time",
        penalised="the examiner",
        sources=("S0", "ACC 5.2"),
        facts=("before_discarding",),
        remedies=(
            _r(
                "seeds",
                "the crib is not shown or used until the show; S0 names no penalty",
                rule_ref="S0",
            ),
            _r("acc", "the opponent pegs 2", beneficiary="opponent", points=2, rule_ref="ACC 5.2a"),
        ),
    ),
    Irregularity(
        id="hand_and_crib_interchanged",
        row=30,
        name="Dealer interchanges hand and crib",
        detected="play",
        penalised="dealer",
        sources=("EW viii", "ACC 5.2c"),
        facts=("play_began",),
        remedies=(
            _r(
                "old_laws",
                "confusing the crib with the hand: pone pegs 3",
                beneficiary="pone",
                points=3,
                rule_ref="EW viii",
            ),
            _r(
                "acc",
                "pone pegs 2; found before the play: the dealer plays the correct hand",
                beneficiary="pone",
                points=2,
                rule_ref="ACC 5.2c",
            ),
        ),
    ),
    Irregularity(
        id="starter_mixed_in",
        row=31,
        name="Starter mixed into a hand, the crib or the pack while counting",
        detected="show",
        penalised="the offender",
        sources=("ACC 9.3a",),
        remedies=(
            _r(
                "acc",
                "the opponent pegs 2; the judges rebuild the hand",
                beneficiary="opponent",
                points=2,
                rule_ref="ACC 9.3a",
            ),
        ),
    ),
    Irregularity(
        id="dealer_counts_first",
        row=32,
        name="Dealer counts or pegs his hand before pone has pegged",
        detected="show",
        penalised="nobody",
        sources=("S0", "S2", "ACC 9.2c"),
        remedies=(
            _r(
                "seeds",
                "the order is fixed: pone's hand, the dealer's hand, then the crib; the dealer's count "
                "waits for pone's",
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                "no penalty: the dealer retracts, pone pegs, then the dealer pegs again",
                rule_ref="ACC 9.2c",
            ),
        ),
    ),
    Irregularity(
        id="wrong_pegs",
        row=33,
        name="Pegging with the opponent's pegs",
        detected="any time",
        penalised="the offender",
        sources=("CC (ACC 8.7)", "HG"),
        remedies=(
            _r(
                "old_laws",
                "meddling with the pegs: the opponent pegs 2",
                beneficiary="opponent",
                points=2,
                rule_ref="HG",
            ),
            _r("acc", "the opponent pegs 2", beneficiary="opponent", points=2, rule_ref="CC (ACC 8.7)"),
        ),
    ),
    Irregularity(
        id="muggins_claim",
        row=34,
        name="Muggins: a count claimed short of its true value",
        detected="after a count or pegging",
        penalised="the player who miscounted",
        sources=("S0", "S2", "ACC 10"),
        facts=("claimed", "true_points", "call", "stage"),
        aliases=("muggins",),
        remedies=(
            _r(
                "seeds",
                "by prior agreement only: the overlooked points go to the opponent (S0); "
                "S2 includes play points",
                beneficiary="opponent",
                options=("call muggins", "let it pass"),
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                "call 'muggins for N' after the count is pegged: the caller takes the lesser of N and the "
                "true shortfall; a wrong call gives the counter the called points",
                beneficiary="opponent",
                options=("call muggins", "let it pass"),
                rule_ref="ACC 10",
            ),
        ),
    ),
)

_BY_ID = {irr.id: irr for irr in CATALOGUE}
_ALIASES = {alias: irr.id for irr in CATALOGUE for alias in irr.aliases}


def catalogue() -> tuple[Irregularity, ...]:
    """Every irregularity of rules spec §3, in table order."""
    return CATALOGUE


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def find(name: str) -> Irregularity:
    """An irregularity by id or alias (`renege`, `misdeal-wrong-number`, `overpeg` ...)."""
    key = _key(name)
    if key.isdigit() and 1 <= int(key) <= len(CATALOGUE):
        return CATALOGUE[int(key) - 1]
    key = _ALIASES.get(key, key)
    if key in _BY_ID:
        return _BY_ID[key]
    near = difflib.get_close_matches(key, [*_BY_ID, *_ALIASES], n=1, cutoff=0.5)
    tip = f"did you mean {_ALIASES.get(near[0], near[0])!r}? " if near else ""
    raise RulingError(f"unknown irregularity {name!r}: {tip}list them with `crib rules ruling` (no name)")


# ----------------------------------------------------------------------------- refinements
#
# Small functions that adjust a remedy to the facts of a case, one per irregularity that needs it.

Refiner = Callable[[Remedy, Ruleset, dict[str, Any]], Remedy]


def _words(rem: Remedy, key: str, english: str, **values: object) -> dict[str, Any]:
    """`text` and `phrase` for `replace(rem, ...)`: `{base}` in a template is the remedy so far."""
    if "{base}" in english:
        values["base"] = rem.phrase if rem.phrase is not None else Phrase(f"text.{rem.text}", rem.text)
    phrase = Phrase.of(key, english, **values)
    return {"text": phrase.render(), "phrase": phrase}


def _playable_values(facts: dict[str, Any]) -> tuple[int, ...] | None:
    if "count" not in facts or "holding" not in facts:
        return None
    count = facts["count"]
    if not 0 <= count <= 31:
        raise RulingError(f"fact count: a count is 0-31, not {count}")
    return tuple(v for v in facts["holding"] if count + v <= 31)


def _renege(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    playable = _playable_values(facts)
    if playable is not None and not playable:
        return replace(
            rem,
            **_words(
                rem,
                "renege.none",
                "no renege: at count {count} no card held fits under 31, so go was right",
                count=facts["count"],
            ),
            beneficiary="none",
            points=0,
            options=(),
        )
    if rem.penalty_set == "acc":
        n = 1 if playable is None else len(playable)
        if playable is not None:
            words = _words(rem, "renege.acc_points", "{base}: {points} point(s) here", points=2 * n)
        else:
            words = _words(
                rem,
                "renege.acc_points_unknown",
                "{base}: {points} point(s) here (give count and holding to work out the cards)",
                points=2 * n,
            )
        return replace(rem, points=2 * n, **words)
    if ruleset.dead_cards_in_show:
        key, english = (
            "renege.dead_counted",
            "{base}; the dead cards are still counted in the show ({ruleset})",
        )
    else:
        key, english = (
            "renege.dead_not_counted",
            "{base}; the dead cards are still not counted in the show ({ruleset})",
        )
    return replace(rem, **_words(rem, key, english, ruleset=ruleset.name))


def _with_penalties(ruleset: Ruleset, penalty_set: str) -> Ruleset:
    """The ruleset judged under the penalty set actually used (muggins differs between them)."""
    return ruleset if ruleset.penalties == penalty_set else replace(ruleset, penalties=penalty_set)  # type: ignore[arg-type]


def _claims(facts: dict[str, Any]) -> tuple[int, int] | None:
    if "claimed" in facts and "true_points" in facts:
        return facts["claimed"], facts["true_points"]
    return None


def _underpegging(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    pair = _claims(facts)
    if pair is not None and pair[0] >= pair[1]:
        words = _words(
            rem,
            "underpegging.none",
            "no underpegging: {claimed} claimed against {true} true",
            claimed=pair[0],
            true=pair[1],
        )
        return replace(rem, **words, options=())
    if not ruleset.muggins.enabled:
        return replace(
            rem,
            **_words(rem, "underpegging.muggins_off", "{base}; muggins is off, so nobody else takes them"),
        )
    stage = facts.get("stage", "show")
    result = judge_claim(
        claimed=pair[0] if pair else 0,
        true_points=pair[1] if pair else 0,
        ruleset=_with_penalties(ruleset, rem.penalty_set),
        stage=stage,
    )
    if pair is not None and result.to_caller == 0:
        return replace(rem, **_words(rem, "underpegging.reason", "{base}; {reason}", reason=_reason(result)))
    return replace(
        rem,
        beneficiary="opponent",
        points=result.to_caller,
        options=("call muggins",),
        **_words(
            rem,
            "underpegging.muggins_on",
            "{base}; muggins is on: the opponent may take the overlooked points",
        ),
    )


def _reason(result: Any) -> Phrase:
    """The muggins result's reason as a phrase (its own, or its English text as a last resort)."""
    return result.phrase if result.phrase is not None else Phrase(f"text.{result.reason}", result.reason)


def _overpegging(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    pair = _claims(facts)
    if pair is None:
        return rem
    claimed, true = pair
    if claimed <= true:
        return replace(
            rem,
            **_words(
                rem,
                "overpegging.none",
                "no overpegging: {claimed} pegged against {true} true",
                claimed=claimed,
                true=true,
            ),
            beneficiary="none",
            points=0,
            options=(),
            back=0,
        )
    if rem.penalty_set == "old_laws":
        words = _words(rem, "overpegging.excess", "{base}: {points} point(s)", points=claimed - true)
        return replace(rem, points=claimed - true, **words)
    words = _words(
        rem,
        "overpegging.goes_back",
        "{base} (the score goes back from {claimed} to {true} for this count)",
        claimed=claimed,
        true=true,
    )
    return replace(rem, **words)


def _false_claim(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    pair = _claims(facts)
    if pair is None:
        return replace(
            rem,
            **_words(rem, "false_claim.no_facts", "{base} (give claimed and true_points to get the points)"),
        )
    over = max(pair[0] - pair[1], 0)
    return replace(
        rem,
        points=over,
        **_words(rem, "false_claim.over", "{base}: {points} point(s) overclaimed", points=over),
    )


def _muggins(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    if not ruleset.muggins.enabled:
        return replace(
            rem,
            beneficiary="none",
            points=0,
            options=(),
            **_words(
                rem,
                "muggins_claim.off",
                "muggins is off in the {ruleset} ruleset (it applies only by prior agreement); "
                "overlooked points are simply lost",
                ruleset=ruleset.name,
            ),
        )
    pair = _claims(facts)
    if pair is None:
        return rem
    result = judge_claim(
        claimed=pair[0],
        true_points=pair[1],
        ruleset=_with_penalties(ruleset, rem.penalty_set),
        stage=facts.get("stage", "show"),
        call=facts.get("call"),
    )
    if result.to_claimant:
        return replace(
            rem, beneficiary="offender", points=result.to_claimant, text=result.reason, phrase=_reason(result)
        )
    return replace(
        rem,
        points=result.to_caller,
        **_words(rem, "muggins_claim.reason", "{base}: {reason}", reason=_reason(result)),
    )


def _wrong_number_in_hand(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    if rem.penalty_set == "acc" and facts.get("starter_turned"):
        return replace(
            rem,
            **_words(
                rem,
                "wrong_number_in_hand.acc_after_starter",
                "found after the starter is turned: the ACC 4.4 chart applies. One edition: pone's "
                "excess found in the play: pone's pegging is retracted and pone's hand is dead, the dealer's "
                "pegging and hand count, the crib counts if correct, a short crib is filled blind from "
                "pone's cards. 2025 case 4.4.d(9): the play stops, all play points are retracted, both hands "
                "and the crib are dead, and the cards are redealt",
            ),
            rule_ref="ACC 4.4 (chart; 2025 book case 4.4.d(9))",
        )
    if rem.penalty_set == "seeds" and facts.get("choice") == "new_deal":
        words = _words(rem, "wrong_number_in_hand.new_deal", "the opponent chose a new deal: no points")
        return replace(rem, points=0, **words, options=())
    if rem.penalty_set == "seeds" and facts.get("choice") == "peg_and_rectify":
        words = _words(rem, "wrong_number_in_hand.rectify", "the opponent pegs 2 and the hand is put right")
        return replace(rem, **words, options=())
    return rem


def _misdeal_wrong_number(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    if rem.penalty_set == "acc" and facts.get("confirmed") is False:
        words = _words(rem, "misdeal_wrong_number.not_confirmed", "{base}: he did not, so he moves back 10")
        return replace(rem, beneficiary="none", back=10, **words)
    return rem


def _discards_picked_up(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    if rem.penalty_set == "acc" and facts.get("wrong_side_before_starter"):
        return replace(
            rem,
            beneficiary="none",
            points=0,
            **_words(
                rem,
                "discards_picked_up.wrong_side",
                "cards put on the wrong side of the board may be taken back before the starter is turned",
            ),
            rule_ref="ACC 5.1c",
        )
    return rem


def _crib_examined(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    if rem.penalty_set == "acc" and facts.get("before_discarding"):
        return replace(
            rem,
            **_words(
                rem,
                "crib_examined_early.before_discarding",
                "the opponent pegs 2 and chooses the offender's discards blind from his hand",
            ),
            rule_ref="ACC 5.2b",
        )
    return rem


def _interchanged(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    if rem.penalty_set == "acc" and facts.get("play_began"):
        return replace(
            rem,
            **_words(
                rem,
                "hand_and_crib_interchanged.play_began",
                "pone pegs 2; the play has begun, so the dealer keeps playing the crib cards, his "
                "pegging is retracted, and pone may see the intended crib",
            ),
            options=("see the intended crib",),
        )
    return rem


def _wrong_count(rem: Remedy, ruleset: Ruleset, facts: dict[str, Any]) -> Remedy:
    del ruleset
    if rem.penalty_set == "seeds" and facts.get("noticed_in_time") is False:
        words = _words(
            rem, "wrong_count_announced.too_late", "noticed too late: the announced count stands; no penalty"
        )
        return replace(rem, **words, options=())
    if rem.penalty_set == "seeds" and facts.get("noticed_in_time"):
        return replace(
            rem,
            **_words(
                rem, "wrong_count_announced.in_time", "noticed in time: the count is corrected; no penalty"
            ),
        )
    return rem


_REFINE: dict[str, Refiner] = {
    "renege": _renege,
    "failed_to_play_after_go": _renege,
    "underpegging": _underpegging,
    "overpegging": _overpegging,
    "overpegging_old_laws": _overpegging,
    "false_claim_of_game": _false_claim,
    "muggins_claim": _muggins,
    "wrong_number_in_hand": _wrong_number_in_hand,
    "misdeal_wrong_number": _misdeal_wrong_number,
    "discards_picked_up": _discards_picked_up,
    "crib_examined_early": _crib_examined,
    "hand_and_crib_interchanged": _interchanged,
    "wrong_count_announced": _wrong_count,
}


# ----------------------------------------------------------------------------- adjudicate


def adjudicate(
    irregularity_id: str, *, ruleset: Ruleset, penalty_set: str | None = None, **facts: object
) -> Ruling:
    """The ruling on an irregularity under the ruleset's penalty set (or `penalty_set`).

    Facts refine the ruling where the rule depends on them; unknown facts are refused so a typo
    cannot silently give the default ruling.
    """
    irr = find(irregularity_id)
    wanted = penalty_set or ruleset.penalties
    if wanted not in PENALTY_SETS:
        raise RulingError(f"unknown penalty set {wanted!r}: choose one of {', '.join(PENALTY_SETS)}")
    converted = _convert_facts(irr, facts)
    used = next(s for s in _FALLBACK[wanted] if irr.remedy(s) is not None)
    remedy = irr.remedy(used)
    assert remedy is not None
    remedy = replace(remedy, phrase=Phrase(remedy_key(irr.id, used), remedy.text))
    note_phrase = None
    if used != wanted:
        note_phrase = Phrase.of(
            "note.fallback",
            "the {wanted} rules say nothing on this; the {used} rule is given",
            wanted=Phrase(f"set.{wanted}", PENALTY_SET_NAMES[wanted]),
            used=Phrase(f"set.{used}", PENALTY_SET_NAMES[used]),
        )
    note = note_phrase.render() if note_phrase else ""
    refine = _REFINE.get(irr.id)
    if refine is not None:
        remedy = refine(remedy, ruleset, converted)
    return Ruling(
        irregularity=irr.id,
        penalty_set=used,
        beneficiary=remedy.beneficiary,
        points=remedy.points,
        remedy=remedy.text,
        options=remedy.options,
        rule_ref=remedy.rule_ref,
        name=irr.name,
        row=irr.row,
        back=remedy.back,
        retrieved=remedy.retrieved,
        note=note,
        facts=tuple((k, _fact_text(facts[k])) for k in converted),
        remedy_phrase=remedy.phrase,
        note_phrase=note_phrase,
    )


def remedy_key(irregularity_id: str, penalty_set: str) -> str:
    """The translation key of a catalogue remedy as written (before facts refine it)."""
    return f"remedy.{irregularity_id}.{penalty_set}"


def _fact_text(value: object) -> str:
    if isinstance(value, list | tuple) and all(isinstance(v, Card) for v in value):
        return format_cards(value)
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)
