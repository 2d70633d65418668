"""The two front ends of the human seat: the terminal (rich board, prompts through the Prompter
seam) and the JSON-lines protocol for scripts and other programs (one JSON prompt per line on
stdout, one answer per line on stdin, like a chess engine protocol)."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from trainer.cli.play import play_view as view
from trainer.cli.prompts import Prompter, read_answer_line, tolerate_bad_bytes
from trainer.cli.render import cards_text
from trainer.engine.errors import CribError
from trainer.i18n import t
from trainer.play.session import HUMAN, GameSession, Note, Prompt


class TerminalTable:
    """Board and table before every question; events, coach and hints as they come."""

    def __init__(self, prompter: Prompter, out: Console) -> None:
        self.prompter = prompter
        self.out = out
        self._last: dict[str, object] | None = None
        self._forced: Mapping[str, Any] | None = None  # a forced move, said with its event
        # the board's verdicts said in this deal («шанс на победу при любом ходе — …, поэтому
        # ходы сравниваются по очкам» holds for every move of the deal: said at the first one)
        self._board_said: set[tuple[object, object]] = set()

    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        lg = view.lang()
        if prompt.ask == "play" and not prompt.legal:
            self.out.print(Text(t("play.say.auto_go", lg, count=prompt.count), style="italic"))
            return "go"
        shown = prompt.to_json()
        if shown != self._last:  # after a bad answer the same table is not drawn again
            self.out.print()
            self.out.print(view.table_state(session))
            self._last = shown
        message = self._message(prompt, session)
        key = {"discard": "play.prompt.instruction", "play": "play.prompt.play_instruction"}.get(
            prompt.ask, "play.prompt.count_instruction"
        )
        answer = self.prompter.text(message, instruction=t(key, lg) if prompt.ask != "muggins" else "")
        return answer

    def _message(self, prompt: Prompt, session: GameSession) -> str:
        lg = view.lang()
        names = view.seat_names(session.ruleset)
        extra = prompt.extra
        if prompt.ask == "discard":
            game = session.game
            rules = game.ruleset
            # the player deals: «в свой криб», as the computer's «откладывает в свой криб»
            own = game.dealer == HUMAN
            whose = t("play.prompt.own_crib" if own else view.crib_key(rules, game.dealer or 0), lg)
            return t("play.prompt.discard", lg, n=extra["discard"], whose=whose)
        if prompt.ask == "play":
            return t("play.prompt.play", lg, count=prompt.count)
        if prompt.ask in ("count", "crib_count"):
            cards = " ".join(cards_text([c]).plain for c in _parse(extra["cards"]))
            starter = cards_text(_parse([extra["starter"]])).plain
            key = "play.prompt.crib_count" if prompt.ask == "crib_count" else "play.prompt.count"
            return t(key, lg, cards=cards, starter=starter)
        if prompt.ask == "muggins":
            cards = " ".join(cards_text([c]).plain for c in _parse(extra["cards"]))
            return t(
                "play.prompt.muggins", lg, name=names[extra["seat"]], claimed=extra["claimed"], cards=cards
            )
        return prompt.ask

    def tell(self, note: Note, session: GameSession) -> None:
        lg = view.lang()
        forced, self._forced = self._forced, None
        if note.kind == "events":
            lines = view.events_text(session, note.events)
            mine = bool(note.events) and getattr(note.events[0], "seat", None) == HUMAN
            if forced is not None and lines and mine:
                # one line for a move made for the player: «Вы ходите Т♦, сумма 23 — сыграно за вас: …»
                lines[0].append_text(view.forced_after(forced))
            elif forced is not None:
                self.out.print(view.forced_text(forced))
            for line in lines:
                self.out.print(line)
            return
        if forced is not None:
            self.out.print(view.forced_text(forced))
        if note.kind == "forced":
            self._forced = note.data
        elif note.kind == "deal":
            names = view.seat_names(session.ruleset, form="seat_in")  # «Сдача 2 — сдаёт компьютер»
            dealer = note.data["dealer"]
            key = "play.deal.title_you" if dealer == HUMAN else "play.deal.title"
            self.out.rule(t(key, lg, n=note.data["deal"], dealer=names[dealer]))
            self._board_said.clear()
        elif note.kind == "coach":
            board = note.data.get("reason", {}).get("board") or {}
            verdict = (board.get("kind"), board.get("basis"))
            self.out.print(view.coach_text(note.data, board=verdict not in self._board_said))
            if verdict[0] in view.DECIDED_BOARDS:
                self._board_said.add(verdict)
        elif note.kind == "hint":
            self.out.print(view.hint_text(note.data))
        elif note.kind == "error":
            values = {k: _card_words(k, v) for k, v in note.data["values"].items()}
            if note.data["key"] == "play.answer.cannot_go" and isinstance(values.get("cards"), str):
                from trainer.i18n.drill_words import either  # the cards one may play: «6♥, Д♦ или Д♥»

                values["cards"] = either(values["cards"].split(), lg)
            self.out.print(view.as_sentence(Text(t(note.data["key"], lg, **values), style="yellow"), lg))
        elif note.kind == "claim":
            pass  # the muggins prompt says it


class JsonlTable:
    """`--protocol jsonl`: every prompt is one JSON line, every answer one line of input."""

    def __init__(self, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        tolerate_bad_bytes(self.stdin)

    def _emit(self, data: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        self.stdout.flush()

    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        self._emit(prompt.to_json())
        line = read_answer_line(self.stdin)
        if line is None:
            return None
        return line.rstrip("\r\n")

    def tell(self, note: Note, session: GameSession) -> None:
        lg = view.lang()
        if note.kind == "events":
            for event in note.events:
                self._emit({"event": public_json(event), "scores": list(session.game.scores)})
        elif note.kind == "error":
            values = {k: " ".join(v) if isinstance(v, list) else v for k, v in note.data["values"].items()}
            self._emit({"error": t(note.data["key"], lg, **values)})
        elif note.kind in ("coach", "hint", "deal", "claim", "forced"):
            self._emit({note.kind: note.data})


def _card_words(name: str, value: Any) -> Any:
    """A hint's cards (kept as codes, so the JSON lines can carry them) as the table shows cards:
    suit symbols, and the reader's rank letters."""
    if name in ("card", "cards", "options") and isinstance(value, str | list):
        codes = value.split() if isinstance(value, str) else value
        try:
            return " ".join(cards_text([c]).plain for c in _parse(codes))
        except CribError:
            return value  # not cards after all
    return value


def public_json(event: Any) -> dict[str, Any]:
    """An event as the human seat may see it: the other hands and discards stay hidden."""
    from trainer.engine.events import DealEvent, DiscardEvent
    from trainer.play.session import HUMAN

    data: dict[str, Any] = event.to_json()
    if isinstance(event, DealEvent):
        data["hands"] = [h if seat == HUMAN else [] for seat, h in enumerate(data["hands"])]
        data["to_crib"] = []
    elif isinstance(event, DiscardEvent) and event.seat != HUMAN:
        data["cards"] = []
        data["count"] = len(event.cards)
    return data


def _parse(codes: list[str]) -> list[Any]:
    from trainer.engine.cards import parse_cards

    return list(parse_cards(codes))
