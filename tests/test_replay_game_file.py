"""Whole-game deal files (`deals:`), as `crib games show --export` writes them: the deal passes
to the left from one entry to the next, muggins calls replay, and mistakes name file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from trainer.content.deals import load_deal, replay
from trainer.content.rulesets import load_ruleset
from trainer.engine.errors import CribError
from trainer.play.export import export_game
from trainer.play.session import GameSession, Note, Prompt, new_record


class FirstCards:
    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        if prompt.ask == "discard":
            return " ".join(str(c) for c in prompt.hand[: prompt.extra["discard"]])
        if prompt.ask == "play":
            return str(prompt.legal[0]) if prompt.legal else "go"
        return "n" if prompt.ask == "muggins" else "2"

    def tell(self, note: Note, session: GameSession) -> None:
        pass


@pytest.fixture(scope="module")
def exported() -> tuple[dict, GameSession]:  # type: ignore[type-arg]
    rules = load_ruleset("five-card")
    session = GameSession(rules, new_record(rules, level="easy", coach="off", seed=21))
    assert session.run(FirstCards())
    return export_game(rules, session.record, names=["A", "B"], title="t"), session


def test_a_game_file_replays_deal_after_deal(exported: tuple[dict, GameSession], tmp_path: Path) -> None:  # type: ignore[type-arg]
    data, session = exported
    assert len(data["deals"]) == session.game.deal_number > 1
    path = tmp_path / "g.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = replay(load_deal(path))
    assert result.error is None
    assert result.scores == session.game.scores


def test_a_wrong_dealer_in_a_later_deal_names_file_and_line(
    exported: tuple[dict, GameSession],  # type: ignore[type-arg]
    tmp_path: Path,
) -> None:
    data, _ = exported
    data = {**data, "deals": [dict(d) for d in data["deals"]]}
    data["deals"][1]["dealer"] = data["deals"][0]["dealer"]
    path = tmp_path / "g.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = replay(load_deal(path))
    assert isinstance(result.error, CribError)
    assert "deal 2 is dealt by" in str(result.error) and f"{path}:" in str(result.error)


def test_an_unknown_key_in_a_deal_entry_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(
        "ruleset: five-card\ndeals:\n  - dealer: 0\n    discards: [AS 2S, 3S 4S]\n    stater: 5H\n"
    )
    with pytest.raises(CribError, match=r"g\.yaml:5: key 'deals\.0\.stater'.*did you mean 'starter'"):
        load_deal(path)
