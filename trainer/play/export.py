"""A played game as a deal file (`crib games show ID --export FILE`): the record's actions
regrouped deal by deal in the format `crib replay` reads (stacked deck, discards, starter,
plays with `go`, claimed counts and muggins calls), with the final scores and winner as the
file's expectations, so the replay checks that it reproduces the game exactly.
"""

from __future__ import annotations

from typing import Any

from trainer.engine.game import Game
from trainer.engine.ruleset import Ruleset
from trainer.play.session import GameRecord, apply_action


def export_game(ruleset: Ruleset, record: GameRecord, *, names: list[str], title: str) -> dict[str, Any]:
    """The deal file's data (a mapping ready for YAML)."""
    game = Game.new(ruleset, dealer=record.first_dealer)
    deals: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    show_step = 0
    complete: tuple[int, ...] = tuple(game.scores)  # scores after the last whole deal
    for action in record.actions:
        kind = action["a"]
        if kind == "deal":
            assert game.dealer is not None
            current = {
                "dealer": names[game.dealer],
                "deck": " ".join(action["deck"]),
                "discards": {},
                "plays": [],
            }
            deals.append(current)
            show_step = 0
        elif kind == "discard":
            current["discards"][names[int(action["seat"])]] = " ".join(action["cards"])
        elif kind == "cut":
            current["starter"] = action["starter"]
        elif kind == "play":
            current["plays"].append(action["card"])
        elif kind == "go":
            current["plays"].append("go")
        elif kind == "show":
            seat, what = game.show_order()[show_step]
            slot = "crib" if what == "crib" else names[seat]
            if action.get("claimed") is not None:
                current.setdefault("claims", {})[slot] = action["claimed"]
            if action.get("call") is not None:
                current.setdefault("calls", {})[slot] = action["call"]
            show_step += 1
        apply_action(game, action)
        if kind == "next":
            complete = tuple(game.scores)
    if game.outcome is None and deals and game.phase.value != "done":
        deals.pop()  # a game left in the middle of a deal: export the deals played out
    elif game.outcome is None:
        complete = tuple(game.scores)
    out: dict[str, Any] = {
        "title": title,
        "ruleset": record.ruleset,
        "players": names,
        "deals": [_ordered(d, names) for d in deals],
    }
    expect: dict[str, Any] = {"scores": list(game.scores if game.outcome is not None else complete)}
    if game.outcome is not None:
        expect["winner"] = names[game.outcome.seat]
    out["expect"] = expect
    return out


def _ordered(deal: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Discards in seat order, keys in the order a reader follows the deal."""
    deal["discards"] = {n: deal["discards"][n] for n in names if n in deal["discards"]}
    keys = ("dealer", "deck", "discards", "starter", "plays", "claims", "calls")
    return {k: deal[k] for k in keys if k in deal}
