"""A line-by-line bridge to cribbagesim 1.0.2's "Hoyleish" computer player (run under its own Python).

cribbagesim needs Python 3.12 and is not a dependency of this project: `bench_expert_strength.py`
starts this script with the interpreter of a separate environment, e.g.

    /root/.pyenv/versions/3.12.1/bin/python3.12 -m venv /work/cribbagesim-venv
    /work/cribbagesim-venv/bin/pip install cribbagesim==1.0.2

and asks it, one JSON object per line, for the Hoyleish player's choices; our engine deals, scores
and keeps the rules, so both players play exactly the same game:

    {"op": "discard", "hand": ["5H", "5D", "JC", "QS", "2C", "9D"], "dealer": true}
        -> {"crib": ["2C", "9D"]}
    {"op": "play", "hand": ["4C", "6S"], "pile": ["10H"]}  -> {"card": "6S"} (null: go)

`pile` is the current count's cards (cribbagesim's play pile); the strategy's own `lead`,
`rate_follows_in_hand` and `form_crib` choose, as in its `follow` and `go`.
"""

from __future__ import annotations

import json
import sys

from CribbageSim.CribbagePlayStrategy import (  # type: ignore[import-not-found]
    HoyleishDealerCribbagePlayStrategy,
    HoyleishPlayerCribbagePlayStrategy,
)
from HandsDecksCards.card import Card  # type: ignore[import-not-found]
from HandsDecksCards.hand import Hand  # type: ignore[import-not-found]

DEALER = HoyleishDealerCribbagePlayStrategy()
PONE = HoyleishPlayerCribbagePlayStrategy()


def card(code: str) -> Card:
    return Card(code[-1], code[:-1])


def discard(hand: list[str], dealer: bool) -> list[str]:
    cards = [card(c) for c in hand]
    crib: list[str] = []

    def xfer(i: int) -> None:
        crib.append(str(cards.pop(i)))

    (DEALER if dealer else PONE).form_crib(xfer, lambda: list(cards))
    return crib


def play(hand: list[str], pile: list[str]) -> str | None:
    count = sum(card(c).count_card() for c in pile)
    playable = [card(c) for c in hand if card(c).count_card() <= 31 - count]
    if not playable:
        return None
    h = Hand()
    h.add_cards(playable)
    if not pile:
        return str(PONE.lead(h)[1])
    p = Hand()
    p.add_cards([card(c) for c in pile])
    rated = sorted(PONE.rate_follows_in_hand(h, p), key=lambda r: r[1], reverse=True)
    return str(rated[0][0])


def main() -> int:
    for line in sys.stdin:
        ask = json.loads(line)
        if ask["op"] == "discard":
            answer: dict[str, object] = {"crib": discard(ask["hand"], ask["dealer"])}
        else:
            answer = {"card": play(ask["hand"], ask["pile"])}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
