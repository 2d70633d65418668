"""A whole game at the table: the human seat against (or with) computer players, with a coach.

The session is the turn loop below every front end: the terminal UI, the `--protocol jsonl`
player and the tests all drive the same `GameSession` through the `Table` seam. The session
asks (`Prompt`: what is asked, the hand, the legal cards, the count, the scores) and tells
(`Note`: the events of the game, the coach's verdicts, hints, errors); it reads every answer
itself, so a bad answer gets the same hint in every front end.

Everything that happens is an *action* in the game record (the deck of each deal, every
discard, the starter, every card and go, every count and muggins call). The game is the
actions replayed through the engine, so a record saved after each action is the saved game:
Ctrl-C loses nothing, `--resume` rebuilds the game from the record, and `--export` writes the
same actions as a deal file. Randomness (shuffles, cuts, the computer's choices) is derived
from the seed and the position in the game, so a resumed game goes on exactly as it would have.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from trainer.advice.computer import Computer, advise_discard, advise_play, computer, own_crib
from trainer.drills.answers import (
    AnswerError,
    parse_card_choice,
    parse_card_set,
    parse_named_counts,
    parse_points,
)
from trainer.drills.errors import DrillError
from trainer.drills.interrupts import held_interrupt
from trainer.engine.cards import Card, full_deck, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.events import GameEvent
from trainer.engine.game import Game, Phase
from trainer.engine.ruleset import Ruleset
from trainer.engine.scoring import score_show
from trainer.play.coach import (
    Decision,
    grade_count,
    grade_discard_choice,
    grade_muggins,
    grade_play_choice,
    ranked_discards,
    ranked_plays,
)
from trainer.play.hints import (
    count_hint,
    discard_candidates,
    discard_idea,
    play_candidates,
    play_idea,
    step_of,
)
from trainer.play.records import Action, GameRecordData

HUMAN = 0
COACH_MODES = ("live", "quiet", "off")


@dataclass(frozen=True)
class Prompt:
    """A question to the human seat; `to_json` is the protocol line."""

    ask: str  # discard | play | count | crib_count | muggins
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    count: int
    scores: tuple[int, ...]
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "ask": self.ask,
            "hand": [str(c) for c in self.hand],
            "legal": [str(c) for c in self.legal],
            "count": self.count,
            "scores": list(self.scores),
            **self.extra,
        }


@dataclass(frozen=True)
class Note:
    """Something the front end shows: kind is events | coach | hint | error | deal | over."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    events: tuple[GameEvent, ...] = ()


class Table(Protocol):
    """The front end of the human seat. `ask` returns the answer text, or None to stop (Ctrl-C,
    end of input): the game is saved as it stands."""

    def ask(self, prompt: Prompt, session: GameSession) -> str | None: ...

    def tell(self, note: Note, session: GameSession) -> None: ...


class Stopped(Exception):
    """The human stopped the game (it is saved and can be resumed)."""


@dataclass
class GameRecord:
    """All a game is: its settings, its actions and the graded decisions (JSON-able)."""

    ruleset: str
    level: str
    coach: str
    seed: int
    first_dealer: int | None = None
    actions: list[Action] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    status: str = "active"

    def to_json(self) -> GameRecordData:
        return {
            "ruleset": self.ruleset,
            "level": self.level,
            "coach": self.coach,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "actions": self.actions,
            "decisions": [d.store() for d in self.decisions],
            "status": self.status,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> GameRecord:
        """A record read back from the store (data saved by any earlier version: read loosely,
        replayed strictly by `rebuild`)."""
        return cls(
            ruleset=str(raw["ruleset"]),
            level=str(raw["level"]),
            coach=str(raw["coach"]),
            seed=int(raw["seed"]),
            first_dealer=raw.get("first_dealer"),
            actions=list(raw.get("actions") or []),
            decisions=[Decision.load(d) for d in raw.get("decisions") or []],
            status=str(raw.get("status", "active")),
        )


def apply_action(game: Game, action: Action) -> tuple[GameEvent, ...]:
    """One recorded action through the engine (the only way the session changes the game)."""
    kind = action["a"]
    if kind == "draw":
        return game.draw(parse_cards(action["cards"]))
    if kind == "deal":
        return game.deal(parse_cards(action["deck"]))
    if kind == "discard":
        return game.discard(int(action["seat"]), parse_cards(action["cards"]))
    if kind == "cut":
        return game.cut(starter=Card.parse(action["starter"]))
    if kind == "play":
        return game.play(Card.parse(action["card"]))
    if kind == "go":
        return game.go()
    if kind == "show":
        return game.show(claimed=action.get("claimed"), call=action.get("call"))
    if kind == "next":
        return game.next_deal()
    raise ValueError(f"unknown action {kind!r}")


class RecordError(DrillError):
    """A saved record the engine refuses to replay (changed outside crib): the data is at fault,
    not the player; the CLI names the game and the database."""


def rebuild(ruleset: Ruleset, record: GameRecord) -> Game:
    """The game a record describes, replayed action by action."""
    game = Game.new(ruleset, dealer=record.first_dealer)
    for number, action in enumerate(record.actions, 1):
        try:
            apply_action(game, action)
        except (CribError, KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            reason: object = exc if isinstance(exc, CribError) else f"{type(exc).__name__}: {exc}"
            raise RecordError(
                f"move {number} of the saved game cannot be replayed ({reason})",
                key="faults.game_record",
                n=number,
                reason=reason,
            ) from None
    return game


class GameSession:
    """One game: `run(table)` plays it to the end (or until the human stops)."""

    def __init__(
        self,
        ruleset: Ruleset,
        record: GameRecord,
        *,
        save: Callable[[GameSession], None] | None = None,
        ask_forced: bool = False,
    ) -> None:
        """ask_forced: ask even when there is one legal card or only go (else it is played)."""
        self.ruleset = ruleset
        self.ask_forced = ask_forced
        self.record = record
        self.game = rebuild(ruleset, record)
        self._save = save
        self._pending: list[Decision] = []

    @property
    def coach(self) -> str:
        return self.record.coach

    @property
    def seat(self) -> int:
        return HUMAN

    # ------------------------------------------------------------------ randomness

    def _rng(self, *what: object) -> random.Random:
        """A random source for one thing of the game: the same thing gets the same numbers."""
        return random.Random("/".join(map(str, (self.record.seed, *what))))

    def _computer(self, seat: int) -> Computer:
        return computer(self.record.level, self._rng("seat", seat, len(self.record.actions)))

    # ------------------------------------------------------------------ the loop

    def run(self, table: Table) -> bool:
        """Play until the game is over (True) or the human stops (False; saved)."""
        try:
            while not self.game.is_over:
                self._step(table)
        except Stopped:
            self.save()
            return False
        self.record.status = "finished"
        self.save()
        return True

    def save(self) -> None:
        if self._save is not None:
            self._save(self)

    def _act(self, table: Table, action: Action) -> tuple[GameEvent, ...]:
        events = apply_action(self.game, action)
        # One game step: the action and the decisions graded on the way to it join the record
        # together (Ctrl-C held back), and the save stores them and their review cards in one
        # transaction; a step cut short leaves neither, and a resumed game asks again.
        with held_interrupt():
            self.record.actions.append(action)
            self.record.decisions.extend(self._pending)
            self._pending.clear()
            self.save()
        if events:
            table.tell(Note("events", {"action": action["a"]}, events), self)
        return events

    def _step(self, table: Table) -> None:
        game = self.game
        phase = game.phase
        if phase is Phase.DRAW:
            drawn = self._rng("draw", len(self.record.actions)).sample(
                list(full_deck()), len(game.state.draw_seats)
            )
            self._act(table, {"a": "draw", "cards": [str(c) for c in drawn]})
        elif phase is Phase.DEAL:
            deck = list(full_deck())
            rng = self._rng("deal", game.deal_number)
            rng.shuffle(deck)
            table.tell(Note("deal", {"deal": game.deal_number, "dealer": game.dealer}), self)
            self._act(table, {"a": "deal", "deck": [str(c) for c in deck]})
        elif phase is Phase.DISCARD:
            seat = game.to_act
            assert seat is not None
            cards = self._human_discard(table) if seat == HUMAN else self._computer(seat).discard(game, seat)
            self._act(table, {"a": "discard", "seat": seat, "cards": [str(c) for c in cards]})
        elif phase is Phase.STARTER:
            stock = game.stock
            position = self._rng("cut", game.deal_number).randint(4, len(stock) - 4)
            self._act(table, {"a": "cut", "starter": str(stock[position])})
        elif phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            card = self._human_play(table) if seat == HUMAN else self._computer(seat).play(game, seat)
            self._act(table, {"a": "go"} if card is None else {"a": "play", "card": str(card)})
        elif phase is Phase.SHOW:
            self._show(table)
        elif phase is Phase.DONE:
            self._act(table, {"a": "next"})

    # ------------------------------------------------------------------ asking

    def _ask(
        self, table: Table, prompt: Prompt, read: Callable[[str], Any], hint: Callable[[int], Note] | None
    ) -> Any:
        """Ask until the answer can be read: each `?` gives the next hint (the idea, then the
        candidates, then the answer: `trainer.play.hints`), None stops the game."""
        asked = 0
        while True:
            text = table.ask(prompt, self)
            if text is None:
                raise Stopped()
            text = text.strip()
            if text == "?" and hint is not None:
                table.tell(hint(asked), self)
                asked += 1
                continue
            try:
                return read(text)
            except AnswerError as exc:
                table.tell(Note("error", {"key": exc.problem.key, "values": dict(exc.problem.values)}), self)

    def prompt(self, ask: str, *, legal: Sequence[Card] = (), **extra: Any) -> Prompt:
        game = self.game
        peg = game.pegging
        hand = peg.hands[HUMAN] if peg is not None and game.phase is Phase.PLAY else game.hand(HUMAN)
        return Prompt(
            ask=ask,
            hand=tuple(hand),
            legal=tuple(legal),
            count=peg.count if peg is not None and game.phase is Phase.PLAY else 0,
            scores=tuple(game.scores),
            extra=extra,
        )

    def _grading(self) -> bool:
        return self.coach != "off"

    def _decided(self, table: Table, decision: Decision) -> None:
        """A graded decision waits for its action (`_act`): the two are one step of the game."""
        self._pending.append(decision)
        if self.coach == "live":
            table.tell(Note("coach", decision.to_json()), self)

    # ------------------------------------------------------------------ the human's decisions

    def _human_discard(self, table: Table) -> tuple[Card, ...]:
        game = self.game
        hand = game.hand(HUMAN)
        n = self.ruleset.deal.discard_per_player
        options = [str(c) for c in hand]
        advice_cache: list[Any] = []

        def advice() -> Any:
            if not advice_cache:
                advice_cache.append(advise_discard(game, HUMAN))
            return advice_cache[0]

        def read(text: str) -> tuple[Card, ...]:
            return tuple(Card.parse(c) for c in parse_card_set(text, options, count=n, typed_order=True))

        def hint(asked: int) -> Note:
            step = step_of(asked)
            a = advice()
            if step == "idea":
                return Note("hint", discard_idea(hand, own_crib=own_crib(game, HUMAN), advice=a))
            if step == "candidates":
                return Note("hint", discard_candidates(a))
            return Note(
                "hint",
                {
                    "step": "answer",
                    "kind": "discard",
                    **_discard_hint(a),
                },
            )

        prompt = self.prompt("discard", legal=hand, discard=n, dealer=game.dealer)
        cards: tuple[Card, ...] = self._ask(table, prompt, read, hint)
        if self._grading():
            self._decided(table, grade_discard_choice(game, HUMAN, cards, advice()))
        return cards

    def _human_play(self, table: Table) -> Card | None:
        game = self.game
        peg = game.pegging
        assert peg is not None
        legal = peg.legal_plays(HUMAN)
        options = [str(c) for c in peg.hands[HUMAN]]
        advice_cache: list[Any] = []

        def advice() -> Any:
            if not advice_cache:
                advice_cache.append(advise_play(game, HUMAN))
            return advice_cache[0]

        def read(text: str) -> Card | None:
            if text.lower() in _GO_WORDS:
                if legal:
                    raise AnswerError("play.answer.cannot_go", cards=[str(c) for c in legal], count=peg.count)
                return None
            if not legal:
                raise AnswerError("play.answer.must_go", count=peg.count)
            card = parse_card_choice(text, options)
            if Card.parse(card).value + peg.count > 31:
                raise AnswerError("drill.answer.past_31", card=card, count=peg.count)
            return Card.parse(card)

        def hint(asked: int) -> Note:
            if not legal:
                return Note("hint", {"step": "answer", "kind": "go"})
            step = step_of(asked)
            if step == "idea":
                return Note("hint", play_idea(peg, HUMAN))
            a = advice()
            if step == "candidates":
                return Note("hint", play_candidates(a))
            ranked, win = ranked_plays(a)  # the coach's own order: the answer is never "a mistake"
            best = ranked[0]
            return Note(
                "hint",
                {
                    "step": "answer",
                    "kind": "play",
                    "best": str(best.card),
                    "why": best.why.to_json() if best.why is not None else {},
                    "text": best.reason,
                    "changed": bool(win) and best.card.rank != a.advice[0].card.rank,
                },
            )

        if len(legal) <= 1 and not self.ask_forced:  # one legal card, or go: played for the player
            forced = legal[0] if legal else None
            table.tell(
                Note("forced", {"card": None if forced is None else str(forced), "count": peg.count}), self
            )
            return forced
        prompt = self.prompt("play", legal=legal, said_go=sorted(peg.said_go))
        card: Card | None = self._ask(table, prompt, read, hint)
        if card is not None and self._grading() and len({c.rank for c in legal}) > 1:
            self._decided(table, grade_play_choice(game, HUMAN, card, advice()))
        return card

    # ------------------------------------------------------------------ the show

    def _show(self, table: Table) -> None:
        game = self.game
        nxt = game.next_count()
        assert nxt is not None
        seat, what = nxt
        st = game.state
        assert st.starter is not None
        cards = st.crib if what == "crib" else st.kept[seat]
        assert cards is not None
        breakdown = score_show(cards, st.starter, is_crib=what == "crib", ruleset=self.ruleset)
        true = breakdown.total
        if seat == HUMAN:
            ask = "crib_count" if what == "crib" else "count"
            prompt = self.prompt(ask, cards=[str(c) for c in cards], starter=str(st.starter))
            shown = (*cards, st.starter)

            def hint(asked: int) -> Note:
                return Note("hint", count_hint(shown, breakdown, asked))

            claimed, itemised = self._ask(table, prompt, _read_count, hint)
            if self._grading():
                self._decided(
                    table,
                    grade_count(
                        game,
                        what=what,
                        cards=tuple(cards),
                        starter=st.starter,
                        breakdown=breakdown,
                        claimed=claimed,
                        itemised=itemised,
                    ),
                )
            self._act(table, {"a": "show", "claimed": None if claimed == true else claimed})
            return
        claimed = self._computer(seat).claim(breakdown)
        action: Action = {"a": "show", "claimed": None if claimed == true else claimed}
        if claimed < true and self.ruleset.muggins.enabled and game.opponent_of(seat) == HUMAN:
            table.tell(
                Note(
                    "claim",
                    {"seat": seat, "what": what, "claimed": claimed, "cards": [str(c) for c in cards]},
                ),
                self,
            )
            prompt = self.prompt(
                "muggins", claimed=claimed, seat=seat, cards=[str(c) for c in cards], starter=str(st.starter)
            )
            called = self._ask(table, prompt, _yes_no, None)
            action["call"] = None if called else 0
            if self._grading():
                self._decided(table, grade_muggins(game, claimed=claimed, true=true, called=called))
        self._act(table, action)


def _discard_hint(advice: Any) -> dict[str, Any]:
    """The answer step of a discard hint: the coach's own best (`ranked_discards`), so that the
    verdict on the answer is never "a mistake, better …"."""
    ranked, chances = ranked_discards(advice)
    best = ranked[0]
    out: dict[str, Any] = {
        "best": [str(c) for c in best.discard],
        "keep": " ".join(map(str, best.keep)),
        "ev": round(best.net_ev, 2),
        "changed": bool(chances) and set(best.discard) != set(advice.options[0].discard),
    }
    if chances:
        out.update(need=advice.need, chance=round(chances[frozenset(best.discard)], 3))
    return out


def _read_count(text: str) -> tuple[int, dict[str, int] | None]:
    """A total (`12`) or the points item by item (`fifteens 8 pairs 2 runs 3`), as the count
    drill reads them; the items are graded one by one."""
    if any(ch.isalpha() for ch in text):
        from trainer.drills.count_drill import ITEM_NAMES
        from trainer.engine.scoring import SHOW_KINDS

        try:
            items = parse_named_counts(text, ITEM_NAMES, SHOW_KINDS)
        except AnswerError as error:  # at the table a total is an answer too: say so
            if error.problem.key != "drill.answer.itemised_format":
                raise
            raise AnswerError("play.answer.count_format", answer=text.strip()[:40]) from None
        return sum(items.values()), items
    return parse_points(text, maximum=99), None


# Answers a person types (input aliases, not wording): a go in either language and its seed
# synonyms (trainer.i18n.glossary), and yes / no to a muggins call.
_GO_WORDS = ("go", "g", "мимо", "проход", "дальше", "пропускаю", "пас")
_YES_WORDS = ("y", "yes", "m", "muggins", "д", "да", "1")
_NO_WORDS = ("n", "no", "н", "нет", "0", "")


def _yes_no(text: str) -> bool:
    word = text.strip().lower()
    if word in _YES_WORDS:
        return True
    if word in _NO_WORDS:
        return False
    raise AnswerError("play.answer.yes_no", answer=text.strip())


def new_record(
    ruleset: Ruleset, *, level: str, coach: str, seed: int | None, first_dealer: int | None = None
) -> GameRecord:
    if coach not in COACH_MODES:
        from trainer.drills.model import DrillError

        raise DrillError(f"--coach {coach!r}: choose live, quiet or off", key="error.play.coach", coach=coach)
    computer(level, random.Random(0))  # refuses an unknown level with its message
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    return GameRecord(ruleset=ruleset.name, level=level, coach=coach, seed=seed, first_dealer=first_dealer)
