"""The rules reference as data: every number is read from a `Ruleset` or computed by the engine.

Nothing here is retyped from the rules spec, so the reference cannot disagree with what the
engine scores: flush values come from scoring a suited hand under the ruleset, pegging values from
`score_play`, the go point from a played-out `PeggingState`, maxima and impossible totals from the
exact distributions. What the reference adds in words (labels, club options, explanations) lives in
the CLI's translated strings and in the lessons; this module only says *which* facts exist, where
each comes from (`field`), which club options a variant offers (rules spec §5) and the sources.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from typing import Literal, get_args, get_origin

from trainer.engine.cards import Card, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.events import GoPointEvent
from trainer.engine.irregularities import PENALTY_SETS, Irregularity, Ruling, adjudicate, catalogue
from trainer.engine.pegging import PeggingState
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_play, score_show
from trainer.engine.sources import SOURCES, readable_refs  # noqa: F401 (re-exported)

Value = int | str | bool | tuple[object, ...] | None


class LookupProblem(CribError, ValueError):
    """An unknown topic or an empty search: the message lists what is available."""


TOPIC_ORDER = (
    "deal",
    "scoring",
    "flush",
    "crib",
    "pegging",
    "go",
    "show",
    "game",
    "muggins",
    "penalties",
    "discarding",
    "variants",
)


@dataclass(frozen=True, kw_only=True)
class Fact:
    """One number or setting of a variant. `field` names the Ruleset field it is read from
    (None when the engine computes it), so tests can compare the two."""

    topic: str
    key: str
    value: Value
    field: str | None = None


# ----------------------------------------------------------------------------- engine probes


def _show_points(ruleset: Ruleset, hand: str, starter: str, *, crib: bool = False) -> int:
    return score_show(parse_cards(hand), Card.parse(starter), is_crib=crib, ruleset=ruleset).total


_SUITED = "2H 4H 6H 8H 10H"  # no two of these make fifteen, a pair or a run


def _flush(ruleset: Ruleset, *, crib: bool, with_starter: bool) -> int:
    size = ruleset.crib_size if crib else ruleset.hand_size
    hand = " ".join(_SUITED.split()[:size])
    return _show_points(ruleset, hand, "QH" if with_starter else "QS", crib=crib)


def _nobs(ruleset: Ruleset) -> int:
    hand = parse_cards("JH 2S 4D 8C AC")[: ruleset.hand_size]
    return score_show(hand, Card.parse("KH"), ruleset=ruleset).by_kind()["nobs"]


def _play_points(cards: str) -> int:
    return score_play(parse_cards(cards)).total


def _go_points(ruleset: Ruleset) -> tuple[int, int]:
    """(go point, last-card point) as the engine awards them in two tiny two-seat plays."""
    # K, Q, 9 make 29: neither the 6 nor the 5 fits, both say go, the 9's player wins the go.
    state = PeggingState.start([parse_cards("KS 9S 5H"), parse_cards("QD 6C")], leader=0, ruleset=ruleset)
    for card in ("KS", "QD", "9S"):
        state, _ = state.play(Card.parse(card))
    state, _ = state.go()
    state, events = state.go()
    go_point = sum(e.points for e in events if isinstance(e, GoPointEvent))
    # K then Q: the Q is the last card of the play (and pairs nothing: K-Q is not a pair).
    state = PeggingState.start([parse_cards("KS"), parse_cards("QD")], leader=0, ruleset=ruleset)
    state, _ = state.play(Card.parse("KS"))
    state, events = state.play(Card.parse("QD"))
    last = sum(e.points for e in events if isinstance(e, GoPointEvent))
    return go_point, last


def _distribution(ruleset: Ruleset, *, crib: bool) -> tuple[int | None, tuple[int, ...] | None]:
    from trainer.content.stats_cache import cached_distribution
    from trainer.engine.errors import ScoringError

    try:
        dist = cached_distribution(ruleset, crib=crib)
    except ScoringError:  # no exact table (club option C5): the facts are left out, not guessed
        return None, None
    return dist.max_score, tuple(dist.impossible())


def _show_order(ruleset: Ruleset) -> tuple[str, ...]:
    if ruleset.players == 2:
        return ("pone", "dealer", "crib")
    if ruleset.players == 3:
        return ("dealer_left", "next_player", "dealer", "crib")
    return ("dealer_left", "dealer_partner", "dealer_right", "dealer", "crib")


def _longest_play_run(ruleset: Ruleset) -> int:
    """7 (A to 7 makes 28) unless fewer cards can reach the table in one count."""
    return min(7, ruleset.players * ruleset.hand_size)


def _get(ruleset: Ruleset, path: str) -> Value:
    value: object = ruleset
    for part in path.split("."):
        value = getattr(value, part)
    return value  # type: ignore[return-value]


# ----------------------------------------------------------------------------- the facts

Getter = Callable[[Ruleset], Value]


@dataclass(frozen=True)
class _Spec:
    topic: str
    key: str
    get: Getter
    field: str | None = None


def _field(topic: str, key: str, path: str) -> _Spec:
    return _Spec(topic, key, lambda r: _get(r, path), path)


def _lurch_games(r: Ruleset) -> Value:
    return r.lurch.games if r.lurch.rule == "below_half" else None


def _skunk(r: Ruleset, attr: str) -> Value:
    return getattr(r.lurch, attr) if r.lurch.rule in ("skunk_91", "acc_game_points") else None


_SPECS: tuple[_Spec, ...] = (
    _field("deal", "players", "players"),
    _field("deal", "partnerships", "partnerships"),
    _field("deal", "cards_per_player", "deal.cards_per_player"),
    _field("deal", "to_crib_from_stock", "deal.to_crib_from_stock"),
    _field("deal", "discard_per_player", "deal.discard_per_player"),
    _field("deal", "hand_size", "hand_size"),
    _field("deal", "crib_size", "crib_size"),
    _field("deal", "first_dealer", "first_dealer"),
    _Spec("deal", "deal_passes", lambda r: "alternate" if r.players == 2 else "to_the_left"),
    _field("deal", "compensation_points", "compensation.points"),
    _field("deal", "compensation_when", "compensation.when"),
    _field("deal", "heels", "heels_points"),
    _Spec("scoring", "fifteen", lambda r: _play_points("KS 5D")),
    _Spec("scoring", "pair", lambda r: _play_points("2S 2D")),
    _Spec("scoring", "pair_royal", lambda r: _play_points("2S 2D 2H")),
    _Spec("scoring", "double_pair_royal", lambda r: _play_points("2S 2D 2H 2C")),
    _Spec("scoring", "run_of_three", lambda r: _play_points("AS 2D 3H")),
    _Spec("scoring", "nobs", _nobs),
    _field("scoring", "heels", "heels_points"),
    _Spec("flush", "hand_flush", lambda r: _flush(r, crib=False, with_starter=False)),
    _Spec("flush", "hand_flush_with_starter", lambda r: _flush(r, crib=False, with_starter=True)),
    _Spec("flush", "crib_flush", lambda r: _flush(r, crib=True, with_starter=False)),
    _Spec("flush", "crib_flush_with_starter", lambda r: _flush(r, crib=True, with_starter=True)),
    _Spec("flush", "flush_derived", lambda r: "flush_ours" if r.flush.derived else "flush_sourced"),
    _field("crib", "crib_size", "crib_size"),
    _field("crib", "to_crib_from_stock", "deal.to_crib_from_stock"),
    _Spec("crib", "crib_flush", lambda r: _flush(r, crib=True, with_starter=False)),
    _Spec("crib", "crib_flush_with_starter", lambda r: _flush(r, crib=True, with_starter=True)),
    _Spec("crib", "max_crib", lambda r: _distribution(r, crib=True)[0]),
    _Spec("crib", "impossible_crib", lambda r: _distribution(r, crib=True)[1]),
    _field("pegging", "pegging_mode", "pegging.mode"),
    _Spec("pegging", "fifteen", lambda r: _play_points("KS 5D")),
    _Spec("pegging", "thirty_one", lambda r: _play_points("KS QD JH AC")),
    _Spec("pegging", "pair", lambda r: _play_points("2S 2D")),
    _Spec("pegging", "pair_royal", lambda r: _play_points("2S 2D 2H")),
    _Spec("pegging", "double_pair_royal", lambda r: _play_points("2S 2D 2H 2C")),
    _Spec("pegging", "run_of_three", lambda r: _play_points("AS 2D 3H")),
    _Spec("pegging", "longest_play_run", _longest_play_run),
    _Spec("go", "multi_go", lambda r: r.pegging.multi_go if r.players > 2 else None, "pegging.multi_go"),
    _Spec("go", "go_point", lambda r: _go_points(r)[0]),
    _Spec("go", "last_card", lambda r: _go_points(r)[1]),
    _Spec("go", "thirty_one", lambda r: _play_points("KS QD JH AC")),
    _field("go", "pegging_mode", "pegging.mode"),
    _Spec("show", "show_order", _show_order),
    _Spec("show", "max_hand", lambda r: _distribution(r, crib=False)[0]),
    _Spec("show", "impossible_hand", lambda r: _distribution(r, crib=False)[1]),
    _Spec("show", "max_crib", lambda r: _distribution(r, crib=True)[0]),
    _Spec("show", "impossible_crib", lambda r: _distribution(r, crib=True)[1]),
    _field("game", "target", "target"),
    _field("game", "lurch_rule", "lurch.rule"),
    _field("game", "lurch_line", "lurch_line"),
    _Spec("game", "lurch_games", _lurch_games),
    _Spec("game", "skunk_below", lambda r: _skunk(r, "skunk_below")),
    _Spec("game", "double_skunk_below", lambda r: _skunk(r, "double_below")),
    _Spec("game", "skunk_values", lambda r: _skunk(r, "values")),
    _field("game", "next_game_first_dealer", "next_game_first_dealer"),
    _field("game", "no_peg_out_on_heels_or_go", "no_peg_out_on_heels_or_go"),
    _field("muggins", "muggins_enabled", "muggins.enabled"),
    _field("muggins", "muggins_scope", "muggins.scope"),
    _field("penalties", "penalty_set", "penalties"),
    _field("penalties", "dead_cards_in_show", "dead_cards_in_show"),
    _field("penalties", "heels_forfeit_if_unpegged", "heels_forfeit_if_unpegged"),
    _field("discarding", "discard_per_player", "deal.discard_per_player"),
    _field("discarding", "hand_size", "hand_size"),
    _field("discarding", "compensation_points", "compensation.points"),
    _field("variants", "variant", "variant"),
    _field("variants", "aliases", "aliases"),
    _field("variants", "sources", "sources"),
)

# Rows of `crib rules compare`: the numbers that tell the variants apart.
COMPARE_KEYS = (
    "players",
    "partnerships",
    "cards_per_player",
    "to_crib_from_stock",
    "discard_per_player",
    "hand_size",
    "crib_size",
    "target",
    "compensation_points",
    "compensation_when",
    "pegging_mode",
    "multi_go",
    "hand_flush",
    "hand_flush_with_starter",
    "crib_flush",
    "crib_flush_with_starter",
    "longest_play_run",
    "max_hand",
    "impossible_hand",
    "lurch_rule",
    "lurch_line",
    "first_dealer",
    "deal_passes",
    "penalty_set",
    "muggins_enabled",
)


def facts(ruleset: Ruleset, *, topic: str | None = None) -> list[Fact]:
    """The facts of one variant (of one topic), skipping those that do not apply (None)."""
    out = []
    for spec in _SPECS:
        if topic is not None and spec.topic != topic:
            continue
        value = spec.get(ruleset)
        if value is None:
            continue
        out.append(Fact(topic=spec.topic, key=spec.key, value=value, field=spec.field))
    return out


def fact_value(ruleset: Ruleset, key: str) -> Value:
    """One fact by key (the first topic that has it)."""
    for spec in _SPECS:
        if spec.key == key:
            return spec.get(ruleset)
    raise KeyError(key)


def compare(rulesets: list[Ruleset], *, diff: bool = False) -> list[tuple[str, list[Value]]]:
    """`COMPARE_KEYS` rows, one value per ruleset (None: the row does not apply to it, like the
    three-player go rule for two players). Rows that apply to none are left out; with `diff`,
    so are rows where every ruleset agrees."""
    rows = [(key, [fact_value(r, key) for r in rulesets]) for key in COMPARE_KEYS]
    rows = [(key, values) for key, values in rows if any(v is not None for v in values)]
    if diff:
        rows = [(key, values) for key, values in rows if len({repr(v) for v in values}) > 1]
    return rows


# ----------------------------------------------------------------------------- club options


@dataclass(frozen=True, kw_only=True)
class ClubOption:
    """A choice rules spec §5 leaves to the club, mapped onto the Ruleset field that holds it."""

    id: str  # the spec's conflict number, C1 ... C16
    field: str
    topic: str
    variants: tuple[str, ...]  # Ruleset.variant values it concerns; () = every variant
    sources: tuple[str, ...]
    choices: tuple[Value, ...] = ()  # for numeric fields; Literal/bool fields list their own

    def applies_to(self, ruleset: Ruleset) -> bool:
        return not self.variants or ruleset.variant in self.variants

    def current(self, ruleset: Ruleset) -> Value:
        return _get(ruleset, self.field)

    def alternatives(self, ruleset: Ruleset) -> tuple[Value, ...]:
        """Every value the field may take (read from the engine's type hints), current first."""
        current = self.current(ruleset)
        allowed = self.choices or _allowed(self.field)
        return (current, *(v for v in allowed if v != current))


def _allowed(path: str) -> tuple[Value, ...]:
    cls: type = Ruleset
    hint: object = None
    for part in path.split("."):
        hints = typing.get_type_hints(cls)
        hint = hints[part]
        if is_dataclass(hint):
            cls = hint  # type: ignore[assignment]
    if get_origin(hint) is Literal:
        return tuple(get_args(hint))
    if hint is bool:
        return (False, True)
    return ()


OPTIONS: tuple[ClubOption, ...] = (
    ClubOption(
        id="C1",
        field="compensation.when",
        topic="deal",
        variants=("five_card",),
        sources=("HG", "EW", "EB", "WP", "S1"),
    ),
    ClubOption(
        id="C3", field="pegging.mode", topic="pegging", variants=("five_card",), sources=("S1", "EB9", "HG")
    ),
    ClubOption(
        id="C4",
        field="flush.crib_without_starter",
        topic="flush",
        variants=(),
        sources=("S1", "CAS", "HG"),
    ),
    ClubOption(  # no source states the seven-card flush; 5 (6 with the starter) is derived
        id="C5",
        field="flush.hand_min",
        topic="flush",
        variants=("seven_card",),
        sources=("S1",),
        choices=(5, 4),
    ),
    ClubOption(
        id="C6",
        field="pegging.multi_go",
        topic="go",
        variants=("three_player", "four_partners"),
        sources=("WP", "OS", "S0", "BIC"),
    ),
    ClubOption(
        id="C7",  # the spec's C7 is the three-player target only
        field="target",
        topic="game",
        variants=("three_player",),
        sources=("S0", "BIC", "WP"),
        choices=(61, 121),
    ),
    ClubOption(  # not a conflict of the spec: any two-sided game may be played to 61 by agreement
        id="target",
        field="target",
        topic="game",
        variants=("classic6", "four_partners"),
        sources=("S0", "HOY", "EB"),
        choices=(61, 121),
    ),
    ClubOption(id="C9", field="first_dealer", topic="deal", variants=("four_partners",), sources=("BIC",)),
    ClubOption(
        id="C10",
        field="lurch.rule",
        topic="game",
        variants=(),
        sources=("S0", "S2", "HOY", "DAW", "S3", "WP", "BSD", "ACC", "YG"),
    ),
    ClubOption(
        id="C11",
        field="next_game_first_dealer",
        topic="game",
        variants=(),
        sources=("S0", "HOY", "BIC", "BSD", "CC", "EB1911"),
    ),
    ClubOption(
        id="C12",
        field="penalties",
        topic="penalties",
        variants=(),
        sources=("S0", "S2", "ACC", "HG", "EW", "CAS"),
    ),
    ClubOption(
        id="C13", field="muggins.enabled", topic="muggins", variants=(), sources=("S0", "S2", "HOY", "ACC")
    ),
    ClubOption(id="C13s", field="muggins.scope", topic="muggins", variants=(), sources=("S0", "S2", "ACC")),
    ClubOption(id="C14", field="heels_forfeit_if_unpegged", topic="deal", variants=(), sources=("ACC",)),
    ClubOption(id="C15", field="dead_cards_in_show", topic="penalties", variants=(), sources=("ACC", "S0")),
    ClubOption(id="C16", field="no_peg_out_on_heels_or_go", topic="game", variants=(), sources=("ACC",)),
)


def options(ruleset: Ruleset, *, topic: str | None = None) -> list[ClubOption]:
    """The club options that concern this variant (and topic)."""
    return [o for o in OPTIONS if o.applies_to(ruleset) and (topic is None or o.topic == topic)]


# ----------------------------------------------------------------------------- penalties


def penalty_rulings(irregularity: Irregularity, *, ruleset: Ruleset) -> list[tuple[str, Ruling]]:
    """(penalty set, ruling) for every set; a set that is silent gives the engine's fallback,
    whose `note` says so."""
    return [(s, adjudicate(irregularity.id, ruleset=ruleset, penalty_set=s)) for s in PENALTY_SETS]


def penalty_table(ruleset: Ruleset) -> list[Ruling]:
    """Every irregularity of the catalogue as ruled under the ruleset's own penalty set."""
    return [adjudicate(irr.id, ruleset=ruleset) for irr in catalogue()]


# ----------------------------------------------------------------------------- sources

# The source table and readable references live in `trainer.engine.sources` (pure data), so the
# drills' feedback can name sources by title too; imported above and re-exported here.


def source(tag: str) -> tuple[str, str]:
    """(title, url) of a source tag; tags such as 'ACC 6.3c' or 'EW viii' resolve by their first word."""
    base = tag.split()[0]
    return SOURCES.get(base, (tag, ""))


def ruleset_fields() -> list[str]:
    """Every Ruleset field path (for tests: each must be covered by a fact or an option)."""
    out: list[str] = []

    def walk(cls: type, prefix: str) -> None:
        for f in fields(cls):
            hint = typing.get_type_hints(cls)[f.name]
            if is_dataclass(hint):
                walk(hint, f"{prefix}{f.name}.")  # type: ignore[arg-type]
            else:
                out.append(f"{prefix}{f.name}")

    walk(Ruleset, "")
    return out
