"""Scripted deals (`deals/*.yaml`): load, validate and replay them through the game engine.

A deal file describes one deal the way a book prints it: who deals, the hands (or a stacked
deck), the discards, the starter and the plays in order, with `go` written where a player says
go. The engine does the rest (whose turn, every point, go and last card, the show in order, the
end of the game), so a replay checks the book as much as it illustrates it. Files are read with
`yaml.safe_load`, checked against a schema, and every error names the file, line and key.

Example::

    title: Five-card deal from Mendelev (S1), corrected
    ruleset: five-card
    players: [A, B]
    dealer: B
    hands: {A: JH 9S 7D 5S 5C, B: KS KC JD 8H 6H}
    discards: {A: 9S 7D, B: 8H 6H}
    starter: 5H
    plays: [JH, JD, 5S, go, 5C]
    expect: {scores: [21, 19]}
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from trainer.content.rulesets import load_ruleset
from trainer.content.schema import key_error, validate
from trainer.content.yamlfile import KeyPath, line_of, read_yaml
from trainer.engine.cards import Card, parse_cards
from trainer.engine.digits import is_digits
from trainer.engine.errors import CardParseError, CribError, IllegalAction, Msg, Problem
from trainer.engine.game import Game, LoggedEvent, Phase
from trainer.engine.ruleset import Ruleset


class DealFileError(CribError, ValueError):
    """A deal file that cannot be read or does not describe a deal (names file, line and key)."""


class ExpectationFailed(CribError):
    """A replay ran but ended with other scores or another winner than the file expects."""

    exit_code = 1


@dataclass(frozen=True, kw_only=True)
class DealKeys:
    """The keys a deal file may use; the schema checker reads the types from here."""

    title: str = ""
    source: str = ""
    description: str = ""
    ruleset: str = "classic"
    players: tuple[str, ...] = ()
    dealer: int | str
    scores: tuple[int, ...] = ()
    deal_number: int = 1
    hands: Any = None
    deck: Any = None
    crib_from_stock: Any = None
    discards: Any
    starter: str | None = None
    cut: int | None = None
    plays: Any = ()
    claims: Any = None
    calls: Any = None
    expect: Any = None


@dataclass(frozen=True, kw_only=True)
class GameKeys:
    """A whole game (`crib games show ID --export`): shared keys, then one entry per deal."""

    title: str = ""
    source: str = ""
    description: str = ""
    ruleset: str = "classic"
    players: tuple[str, ...] = ()
    deals: Any
    expect: Any = None


@dataclass(frozen=True, kw_only=True)
class GameDealKeys:
    """One deal of a game file: what differs from deal to deal."""

    dealer: int | str
    hands: Any = None
    deck: Any = None
    crib_from_stock: Any = None
    discards: Any
    starter: str | None = None
    cut: int | None = None
    plays: Any = ()
    claims: Any = None
    calls: Any = None


@dataclass(frozen=True)
class PlayStep:
    """One entry of `plays`: a card (None for go), an optional claim, and its line in the file."""

    card: Card | None
    claimed: int | None
    line: int | None


@dataclass(frozen=True)
class DealScript:
    """A validated deal file, ready to replay."""

    path: Path
    ruleset: Ruleset
    names: tuple[str, ...]
    dealer: int
    discards: tuple[tuple[Card, ...], ...]
    plays: tuple[PlayStep, ...]
    title: str = ""
    source: str = ""
    description: str = ""
    scores: tuple[int, ...] | None = None
    deal_number: int = 1
    hands: tuple[tuple[Card, ...], ...] | None = None
    deck: tuple[Card, ...] | None = None
    to_crib: tuple[Card, ...] = ()
    starter: Card | None = None
    cut: int | None = None
    claims: tuple[int | None, ...] = ()
    calls: tuple[int | None, ...] = ()
    more: tuple[DealScript, ...] = ()  # the next deals of a whole-game file, in order
    expect_scores: tuple[int, ...] | None = None
    expect_winner: int | None = None
    expects_winner: bool = False
    lines: dict[KeyPath, int] = field(default_factory=dict, compare=False, repr=False)

    def where(self, *path: str) -> str:
        """`file:line` of a key (or of its nearest parent) for messages."""
        line = line_of(tuple(path), self.lines)
        return f"{self.path}:{line}" if line else str(self.path)

    def name(self, seat: int) -> str:
        return self.names[seat]


@dataclass(frozen=True)
class Replay:
    """What a replay produced: the logged events, the final scores and winner, or the error that
    stopped it (the events before the error are kept, so the CLI can print them first)."""

    script: DealScript
    game: Game
    events: tuple[LoggedEvent, ...]
    error: CribError | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        return self.game.scores

    @property
    def winner(self) -> int | None:
        outcome = self.game.outcome
        return None if outcome is None else outcome.winner

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "title": self.script.title,
            "ruleset": self.script.ruleset.name,
            "players": list(self.script.names),
            "dealer": self.script.dealer,
            "events": [e.to_json() for e in self.events],
            "scores": list(self.scores),
            "winner": self.winner,
        }
        if self.game.outcome is not None:
            out["outcome"] = self.game.outcome.to_json()
        if self.error is not None:
            out["error"] = str(self.error)
        return out


# ----------------------------------------------------------------------------- reading YAML


def _read(path: Path) -> tuple[Any, dict[KeyPath, int]]:
    return read_yaml(path, error=DealFileError, what="deal")


# ----------------------------------------------------------------------------- validation


class _Checker:
    """Turns raw YAML values into engine values, raising errors that point at the key's line."""

    def __init__(self, path: Path, lines: dict[KeyPath, int], prefix: KeyPath = ()) -> None:
        self.path = path
        self.lines = lines
        self.prefix = prefix  # ("deals", "2") while reading the third deal of a game file

    def fail(self, key: KeyPath, message: Problem | CribError) -> DealFileError:
        """`file:line: key 'k': problem`, the problem (a `Problem` or an inner error) keyed for
        the user's language."""
        key = (*self.prefix, *key)
        line = line_of(key, self.lines)
        where = f"{self.path}:{line}" if line else str(self.path)
        problem = message if isinstance(message, CribError) else Msg(message.key, message.values)
        return DealFileError(
            f"{where}: key {'.'.join(key)!r}: {message}",
            key="error.file.key",
            where=where,
            name=".".join(key),
            problem=problem,
            more="",
        )

    def cards(self, key: KeyPath, value: Any, *, allow_empty: bool = False) -> tuple[Card, ...]:
        if value is None:
            if allow_empty:
                return ()
            raise self.fail(key, Problem("give cards, e.g. 5H 5C JD", "raised.deal.cards"))
        if isinstance(value, list):
            value = [str(v) for v in value]
        elif not isinstance(value, str | int):
            text = f"give cards as text like '5H 5C JD', not {value!r}"
            raise self.fail(key, Problem(text, "raised.deal.cards_text", value=repr(value)))
        try:
            return parse_cards(value if isinstance(value, list) else str(value), allow_empty=allow_empty)
        except CardParseError as exc:
            raise self.fail(key, exc) from None

    def card(self, key: KeyPath, value: Any) -> Card:
        cards = self.cards(key, value)
        if len(cards) != 1:
            raise self.fail(
                key, Problem(f"give one card, not {len(cards)}", "raised.deal.one_card", n=len(cards))
            )
        return cards[0]

    def seat(self, key: KeyPath, value: Any, names: tuple[str, ...]) -> int:
        if isinstance(value, bool):
            text = f"name a player ({', '.join(names)}) or a seat number, not {value!r}"
            raise self.fail(
                key, Problem(text, "raised.deal.seat_kind", names=", ".join(names), value=repr(value))
            )
        if isinstance(value, int):
            if not 0 <= value < len(names):
                text = f"seat {value} does not exist (seats 0-{len(names) - 1})"
                raise self.fail(key, Problem(text, "raised.deal.seat_range", seat=value, last=len(names) - 1))
            return value
        text = str(value)
        if text in names:
            return names.index(text)
        if is_digits(text) and int(text) < len(names):
            return int(text)
        problem = Problem(
            f"unknown player {text!r}: players are {', '.join(names)}",
            "raised.deal.player",
            name=repr(text),
            names=", ".join(names),
        )
        raise self.fail(key, problem)

    def per_seat(self, key: KeyPath, value: Any, names: tuple[str, ...]) -> tuple[tuple[Card, ...], ...]:
        """Cards per seat from a mapping (player name or seat -> cards) or a list in seat order."""
        if isinstance(value, list):
            if len(value) != len(names):
                text = f"give {len(names)} entries (one per seat), not {len(value)}"
                raise self.fail(key, Problem(text, "raised.deal.entries", want=len(names), got=len(value)))
            return tuple(self.cards((*key, str(i)), v) for i, v in enumerate(value))
        if not isinstance(value, dict):
            text = f"give one entry per player: {', '.join(f'{n}: cards' for n in names)}"
            raise self.fail(key, Problem(text, "raised.deal.per_player", names=", ".join(names)))
        out: list[tuple[Card, ...] | None] = [None] * len(names)
        for who, cards in value.items():
            seat = self.seat((*key, str(who)), who, names)
            if out[seat] is not None:
                problem = Problem(f"{names[seat]} is given twice", "raised.deal.twice", name=names[seat])
                raise self.fail((*key, str(who)), problem)
            out[seat] = self.cards((*key, str(who)), cards)
        missing = [names[i] for i, c in enumerate(out) if c is None]
        if missing:
            raise self.fail(
                key, Problem(f"missing {', '.join(missing)}", "raised.deal.missing", names=", ".join(missing))
            )
        return tuple(c for c in out if c is not None)

    def plays(self, value: Any) -> tuple[PlayStep, ...]:
        key: KeyPath = ("plays",)
        if value is None:
            return ()
        items: list[tuple[KeyPath, Any]]
        if isinstance(value, str):
            items = [(key, token) for token in value.replace(",", " ").split()]
        elif isinstance(value, list):
            items = [((*key, str(i)), v) for i, v in enumerate(value)]
        else:
            raise self.fail(
                key, Problem("give the plays as a list, e.g. [5H, 10C, go, 4D]", "raised.deal.plays")
            )
        return tuple(self.play(k, v) for k, v in items)

    def play(self, key: KeyPath, value: Any) -> PlayStep:
        line = line_of(key, self.lines)
        claimed = None
        if isinstance(value, dict):
            unknown = set(map(str, value)) - {"card", "claimed"}
            if unknown or "card" not in value:
                problem = Problem(
                    "a play with a claim is written {card: 5C, claimed: 2}", "raised.deal.claim_form"
                )
                raise self.fail(key, problem)
            claimed = value.get("claimed")
            if isinstance(claimed, bool) or not isinstance(claimed, int) or claimed < 0:
                text = f"claimed must be a whole number of points, not {claimed!r}"
                raise self.fail(key, Problem(text, "raised.deal.claimed", value=repr(claimed)))
            value = value["card"]
        if str(value).strip().lower() == "go":
            if claimed is not None:
                raise self.fail(key, Problem("go scores nothing by itself: no claim", "raised.deal.go_claim"))
            return PlayStep(None, None, line)
        return PlayStep(self.card(key, value), claimed, line)

    def claims(self, value: Any, names: tuple[str, ...], key: KeyPath = ("claims",)) -> dict[str, int]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            text = "give claimed counts per player and for the crib, e.g. {A: 12, crib: 4}"
            raise self.fail(key, Problem(text, "raised.deal.claims"))
        out: dict[str, int] = {}
        for who, points in value.items():
            sub = (*key, str(who))
            if isinstance(points, bool) or not isinstance(points, int) or points < 0:
                text = f"a claimed count is a whole number of points, not {points!r}"
                raise self.fail(sub, Problem(text, "raised.deal.claim_count", value=repr(points)))
            slot = "crib" if str(who) == "crib" else str(self.seat(sub, who, names))
            out[slot] = points
        return out

    def expect(
        self, value: Any, names: tuple[str, ...], sides: int
    ) -> tuple[tuple[int, ...] | None, int | None, bool]:
        key: KeyPath = ("expect",)
        if value is None:
            return None, None, False
        if not isinstance(value, dict) or set(map(str, value)) - {"scores", "winner"}:
            raise self.fail(
                key, Problem("expect takes scores: [..] and winner: player (or null)", "raised.deal.expect")
            )
        scores = value.get("scores")
        if scores is not None:
            ok = isinstance(scores, list) and all(
                isinstance(s, int) and not isinstance(s, bool) for s in scores
            )
            if not ok or len(scores) != sides:
                text = f"give {sides} whole-number scores (one per side)"
                raise self.fail((*key, "scores"), Problem(text, "raised.deal.scores", n=sides))
            scores = tuple(scores)
        if "winner" not in value:
            return scores, None, False
        winner = value["winner"]
        return scores, None if winner is None else self.seat((*key, "winner"), winner, names), True


# ----------------------------------------------------------------------------- loading


def load_deal(path: str | Path) -> DealScript:
    """Read and validate a deal file (one deal, or a whole game with `deals:`); raises
    DealFileError naming file, line and key."""
    file = Path(path)
    data, lines = _read(file)
    if data is None:
        raise DealFileError(
            f"{file}: the file is empty; see deals/ for examples", key="raised.deal.empty", path=file
        )
    if not isinstance(data, dict):
        raise DealFileError(
            f"{file}:1: a deal file is a mapping of keys (ruleset: ..., dealer: ...)",
            key="raised.deal.mapping",
            path=file,
        )
    if "deals" in data:
        return _load_game(file, data, lines)
    problems = validate(data, DealKeys)
    check = _Checker(file, lines)
    _first_problem(check, problems)
    ruleset = _ruleset(check, data.get("ruleset", "classic"), file)
    names = _names(check, data.get("players"), ruleset)
    scores = tuple(data["scores"]) if data.get("scores") else None
    if scores is not None and len(scores) != ruleset.sides:
        text = f"give {ruleset.sides} starting scores (one per side)"
        raise check.fail(("scores",), Problem(text, "raised.deal.start_scores", n=ruleset.sides))
    expect_scores, expect_winner, expects_winner = check.expect(data.get("expect"), names, ruleset.sides)
    return _deal_script(
        check,
        data,
        ruleset,
        names,
        title=str(data.get("title", "")),
        source=str(data.get("source", "")),
        description=str(data.get("description", "")),
        scores=scores,
        deal_number=int(data.get("deal_number", 1)),
        expect_scores=expect_scores,
        expect_winner=expect_winner,
        expects_winner=expects_winner,
    )


def _first_problem(check: _Checker, problems: list[Any]) -> None:
    if problems:
        first = problems[0]
        key = (*check.prefix, *first.path)
        line = line_of(key, check.lines)
        where = f"{check.path}:{line}" if line else str(check.path)
        raise key_error(DealFileError, where, ".".join(key), first, len(problems) - 1)


def _deal_script(
    check: _Checker, data: dict[str, Any], ruleset: Ruleset, names: tuple[str, ...], **shared: Any
) -> DealScript:
    """One deal's script from its keys (the top of a deal file, or one entry of `deals:`)."""
    dealer = check.seat(("dealer",), data["dealer"], names)
    hands, deck, to_crib = _cards_dealt(check, data, names, ruleset)
    starter = check.card(("starter",), data["starter"]) if data.get("starter") is not None else None
    cut = data.get("cut")
    if starter is None and cut is None:
        text = "give the starter card (starter: 5H) or the cut position (cut: 20)"
        raise check.fail(("starter",), Problem(text, "raised.deal.starter"))
    claims = check.claims(data.get("claims"), names)
    calls = check.claims(data.get("calls"), names, ("calls",))
    show_order = [str((dealer + k) % len(names)) for k in range(1, len(names) + 1)] + ["crib"]
    return DealScript(
        path=check.path,
        ruleset=ruleset,
        names=names,
        dealer=dealer,
        discards=check.per_seat(("discards",), data["discards"], names),
        plays=check.plays(data.get("plays")),
        hands=hands,
        deck=deck,
        to_crib=to_crib,
        starter=starter,
        cut=cut,
        claims=tuple(claims.get(slot) for slot in show_order),
        calls=tuple(calls.get(slot) for slot in show_order),
        lines=_sub_lines(check.lines, check.prefix) if check.prefix else check.lines,
        **shared,
    )


def _sub_lines(lines: dict[KeyPath, int], prefix: KeyPath) -> dict[KeyPath, int]:
    """The line table of one deal of a game file, keyed as if the deal were a file of its own."""
    n = len(prefix)
    return {k[n:]: v for k, v in lines.items() if k[:n] == prefix and len(k) > n}


def _load_game(file: Path, data: dict[str, Any], lines: dict[KeyPath, int]) -> DealScript:
    """A whole game: the first deal's script carries the next ones in `more`."""
    check = _Checker(file, lines)
    _first_problem(check, validate(data, GameKeys))
    deals = data["deals"]
    if not isinstance(deals, list) or not deals:
        raise check.fail(
            ("deals",), Problem("give the deals as a list, one entry per deal", "raised.deal.deals")
        )
    ruleset = _ruleset(check, data.get("ruleset", "classic"), file)
    names = _names(check, data.get("players"), ruleset)
    expect_scores, expect_winner, expects_winner = check.expect(data.get("expect"), names, ruleset.sides)
    scripts: list[DealScript] = []
    for i, entry in enumerate(deals):
        sub = _Checker(file, lines, ("deals", str(i)))
        _first_problem(sub, validate(entry, GameDealKeys))
        scripts.append(_deal_script(sub, entry, ruleset, names, deal_number=i + 1))
    first = scripts[0]
    return replace(
        first,
        title=str(data.get("title", "")),
        source=str(data.get("source", "")),
        description=str(data.get("description", "")),
        more=tuple(scripts[1:]),
        expect_scores=expect_scores,
        expect_winner=expect_winner,
        expects_winner=expects_winner,
        lines=lines,
    )


def _ruleset(check: _Checker, spec: object, file: Path) -> Ruleset:
    spec = str(spec)  # `ruleset: 121` (a documented alias) arrives as a number
    candidate = Path(spec)
    if candidate.suffix in (".yaml", ".yml") and not candidate.is_absolute():
        local = file.parent / candidate
        if local.is_file():
            spec = str(local)
    try:
        return load_ruleset(spec)
    except CribError as exc:
        raise check.fail(("ruleset",), exc) from None


def _names(check: _Checker, value: Any, ruleset: Ruleset) -> tuple[str, ...]:
    if not value:
        return tuple(str(i) for i in range(ruleset.players))
    names = tuple(str(v) for v in value)
    if len(names) != ruleset.players:
        text = f"the {ruleset.name} ruleset has {ruleset.players} players, not {len(names)}"
        problem = Problem(
            text, "raised.deal.players", ruleset=ruleset.name, want=ruleset.players, got=len(names)
        )
        raise check.fail(("players",), problem)
    if len(set(names)) != len(names):
        raise check.fail(("players",), Problem("player names must differ", "raised.deal.names_differ"))
    return names


def _cards_dealt(
    check: _Checker, data: dict[str, Any], names: tuple[str, ...], ruleset: Ruleset
) -> tuple[tuple[tuple[Card, ...], ...] | None, tuple[Card, ...] | None, tuple[Card, ...]]:
    has_hands, has_deck = data.get("hands") is not None, data.get("deck") is not None
    if has_hands == has_deck:
        text = "give either hands (one per player) or a stacked deck, not both or neither"
        raise check.fail(("hands",), Problem(text, "raised.deal.hands_or_deck"))
    if has_deck:
        if data.get("crib_from_stock") is not None:
            text = "with a stacked deck the crib card comes from the deck"
            raise check.fail(("crib_from_stock",), Problem(text, "raised.deal.stock_deck"))
        return None, check.cards(("deck",), data["deck"]), ()
    to_crib = check.cards(("crib_from_stock",), data.get("crib_from_stock"), allow_empty=True)
    want = ruleset.deal.to_crib_from_stock
    if len(to_crib) != want:
        text = f"the {ruleset.name} ruleset deals {want} card(s) from the pack to the crib"
        problem = Problem(text, "raised.deal.stock", ruleset=ruleset.name, n=want)
        raise check.fail(("crib_from_stock",), problem)
    return check.per_seat(("hands",), data["hands"], names), None, to_crib


# ----------------------------------------------------------------------------- replaying


def replay(script: DealScript) -> Replay:
    """Play the scripted deal through the engine; stop at the first illegal action.

    The error (an IllegalAction prefixed with file:line) is returned in `Replay.error` together
    with the events made so far; `replay_or_raise` raises it instead.
    """
    game = Game.new(
        script.ruleset, dealer=script.dealer, scores=script.scores, deal_number=script.deal_number
    )
    try:
        _run(script, game)
        for number, nxt in enumerate(script.more, start=2):
            if game.is_over:
                raise DealFileError(
                    f"{script.where('deals')}: the game was over before deal {number}",
                    key="raised.deal.game_over",
                    where=script.where("deals"),
                    n=number,
                )
            game.next_deal()
            if game.dealer != nxt.dealer:
                raise DealFileError(
                    f"{script.where('deals', str(number - 1), 'dealer')}: deal {number} is dealt by "
                    f"{script.name(game.dealer or 0)} (the deal passes to the left), "
                    f"not {script.name(nxt.dealer)}",
                    key="raised.deal.dealer",
                    where=script.where("deals", str(number - 1), "dealer"),
                    n=number,
                    got=script.name(game.dealer or 0),
                    want=script.name(nxt.dealer),
                )
            _run(nxt, game)
        _check_expectations(script, game)
    except CribError as exc:
        return Replay(script, game, game.log, exc)
    return Replay(script, game, game.log)


def _act(names: tuple[str, ...], where: str, what: str | Msg, action: Any) -> None:
    try:
        action()
    except IllegalAction as exc:
        english = (
            f"{where}: {what.values['english'] if isinstance(what, Msg) else what}: {_named(str(exc), names)}"
        )
        if exc.key is None:  # an engine refusal without an id: its English text inside a keyed step
            raise IllegalAction(
                english, key="error.replay.step", where=where, what=what, problem=exc
            ) from None
        # The same step with its message id; seats become the players' names for other languages.
        values = {k: _seat(v, names) if k in ("seat", "turn") else v for k, v in exc.values.items()}
        problem = IllegalAction(str(exc), key=exc.key, **values)
        raise IllegalAction(
            english, key="error.replay.step", where=where, what=what, problem=problem
        ) from None


def _step(name: str) -> Msg:
    """A step of the deal named in an error ("deal", "cut", "show"), worded at the edge."""
    return Msg(f"error.replay.{name}", {"english": name})


def _seat(seat: object, names: tuple[str, ...]) -> object:
    if isinstance(seat, int) and names and seat < len(names):
        return names[seat]
    return Msg("error.replay.seat", {"n": int(seat) + 1}) if isinstance(seat, int) else seat


def _named(message: str, names: tuple[str, ...]) -> str:
    """'seat 0 said go' becomes 'A (seat 0) said go' when the file names its players."""
    if not names or names == tuple(str(i) for i in range(len(names))):
        return message

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return f"{names[seat]} (seat {seat})" if seat < len(names) else match.group(0)

    return re.sub(r"\bseat (\d+)\b", name, message)


def _bind(method: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], Any]:
    return lambda: method(*args, **kwargs)


def _run(script: DealScript, game: Game) -> None:
    n = script.ruleset.players
    if script.deck is not None:
        _act(script.names, script.where("deck"), _step("deal"), lambda: game.deal(script.deck))
    else:
        assert script.hands is not None
        _act(
            script.names,
            script.where("hands"),
            _step("deal"),
            lambda: game.deal_hands(script.hands, script.to_crib),
        )
    if game.is_over:  # compensation can end a game started near the target
        return
    for k in range(1, n + 1):
        seat = (script.dealer + k) % n
        cards = script.discards[seat]
        _act(
            script.names,
            script.where("discards", script.name(seat)),
            Msg(
                "error.replay.lays_away",
                {"who": script.name(seat), "english": f"{script.name(seat)} lays away"},
            ),
            _bind(game.discard, seat, cards),
        )
    where = script.where("starter") if script.starter is not None else script.where("cut")
    _act(script.names, where, _step("cut"), lambda: game.cut(starter=script.starter, position=script.cut))
    _run_plays(script, game)
    _run_show(script, game)


def _run_plays(script: DealScript, game: Game) -> None:
    for number, step in enumerate(script.plays, start=1):
        where = f"{script.path}:{step.line}" if step.line else script.where("plays")
        seat = game.to_act
        who = script.name(seat) if seat is not None and game.phase is Phase.PLAY else "?"
        if step.card is None:
            english = f"play {number} ({who}: go)"
            what = Msg("error.replay.play_go", {"n": number, "who": who, "english": english})
            _act(script.names, where, what, game.go)
        else:
            card, claimed = step.card, step.claimed
            english = f"play {number} ({who}: {card})"
            what = Msg("error.replay.play_card", {"n": number, "who": who, "card": card, "english": english})
            _act(script.names, where, what, _bind(game.play, card, claimed=claimed))
    if game.phase is Phase.PLAY:
        state = game.pegging
        assert state is not None
        seat = state.turn
        raise DealFileError(
            f"{script.where('plays')}: the plays stop before the play is over: {script.name(seat)} is to "
            f"act at count {state.count} holding {' '.join(map(str, state.hands[seat]))}; list the rest",
            key="raised.deal.plays_stop",
            where=script.where("plays"),
            seat=script.name(seat),
            count=state.count,
            cards=" ".join(map(str, state.hands[seat])),
        )


def _run_show(script: DealScript, game: Game) -> None:
    step = 0
    while game.phase is Phase.SHOW:
        claimed = script.claims[step] if step < len(script.claims) else None
        call = script.calls[step] if step < len(script.calls) else None
        _act(
            script.names, script.where("claims"), _step("show"), _bind(game.show, claimed=claimed, call=call)
        )
        step += 1


def _check_expectations(script: DealScript, game: Game) -> None:
    if script.expect_scores is not None and tuple(game.scores) != script.expect_scores:
        raise ExpectationFailed(
            f"{script.where('expect', 'scores')}: the replay ends {list(game.scores)}, "
            f"but the file expects {list(script.expect_scores)}",
            key="raised.deal.expect_scores",
            where=script.where("expect", "scores"),
            got=list(game.scores),
            want=list(script.expect_scores),
        )
    if script.expects_winner:
        outcome = game.outcome
        won = None if outcome is None else outcome.seat
        expected_side = None if script.expect_winner is None else script.ruleset.side_of(script.expect_winner)
        got_side = None if outcome is None else outcome.winner
        if expected_side != got_side:
            shown = "nobody" if won is None else script.name(won)
            want = "nobody" if script.expect_winner is None else script.name(script.expect_winner)
            raise ExpectationFailed(
                f"{script.where('expect', 'winner')}: {shown} won, but the file expects {want}",
                key="raised.deal.expect_winner",
                where=script.where("expect", "winner"),
                got=Msg("raised.deal.nobody") if won is None else shown,
                want=Msg("raised.deal.nobody") if script.expect_winner is None else want,
            )


def replay_or_raise(script: DealScript) -> Replay:
    """Like `replay`, but raise the error that stopped it."""
    result = replay(script)
    if result.error is not None:
        raise result.error
    return result
