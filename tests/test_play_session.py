"""Scripted games at the table, one per ruleset: the coach's grades are what the look-up commands
say for the same positions (`crib discard`, `crib advise-peg`, `crib count`), the game record
is complete, and the exported deal file replays (`crib replay`) to the same scores and winner.
Also: the protocol's prompt keys, a bad answer re-asked, and the review."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml

from trainer.cli.app import main
from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card
from trainer.play.export import export_game
from trainer.play.review import review
from trainer.play.session import GameSession, Note, Prompt, new_record, rebuild

RULESETS = ("classic", "five-card", "seven-card", "three-player", "partnership")


class Script:
    """A player that discards its first cards, plays its last legal card, counts hands right and
    cribs one short, and calls muggins; one unreadable answer first to check the re-ask."""

    def __init__(self) -> None:
        self.prompts: list[Prompt] = []
        self.errors: list[dict[str, Any]] = []
        self.bad_sent = False

    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        self.prompts.append(prompt)
        if not self.bad_sent:
            self.bad_sent = True
            return "banana"
        if prompt.ask == "discard":
            return " ".join(str(c) for c in prompt.hand[: prompt.extra["discard"]])
        if prompt.ask == "play":
            return str(prompt.legal[-1]) if prompt.legal else "go"
        if prompt.ask in ("count", "crib_count"):
            from trainer.engine.scoring import score_show

            cards = [Card.parse(c) for c in prompt.extra["cards"]]
            true = score_show(
                cards,
                Card.parse(prompt.extra["starter"]),
                is_crib=prompt.ask == "crib_count",
                ruleset=session.ruleset,
            ).total
            return str(max(0, true - 1) if prompt.ask == "crib_count" else true)
        return "y"

    def tell(self, note: Note, session: GameSession) -> None:
        if note.kind == "error":
            self.errors.append(note.data)


def _cli_json(argv: list[str]) -> Any:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(argv)
    assert code == 0, (argv, out.getvalue())
    return json.loads(out.getvalue())


def _play(name: str, seed: int = 4) -> tuple[GameSession, Script]:
    rules = load_ruleset(name)
    record = new_record(rules, level="club", coach="quiet", seed=seed)
    session = GameSession(rules, record)
    script = Script()
    assert session.run(script) is True
    return session, script


@pytest.fixture(scope="module", params=RULESETS)
def played(request: pytest.FixtureRequest) -> tuple[str, GameSession, Script]:
    session, script = _play(request.param)
    return request.param, session, script


def test_the_game_is_played_to_the_target_and_the_bad_answer_is_re_asked(played: Any) -> None:
    _, session, script = played
    rules = session.ruleset
    assert session.game.is_over and max(session.game.scores) == rules.target
    assert script.errors and script.errors[0]["key"].startswith("drill.answer.")
    assert script.prompts[0].ask == script.prompts[1].ask  # the same question again
    keys = set(script.prompts[0].to_json())
    assert {"ask", "hand", "legal", "count", "scores"} <= keys
    assert {p.ask for p in script.prompts} >= {"discard", "play", "count"}


def test_discard_grades_equal_crib_discard(played: Any) -> None:
    name, session, _ = played
    discards = [d for d in session.record.decisions if d.kind == "discard" and d.basis == "ev"]
    assert discards
    for d in discards[:4]:
        q = d.question["question"]
        data = _cli_json(
            ["discard", *q["hand"], "--dealer" if q["dealer"] else "--pone", "-r", name, "--json"]
        )
        options = data["options"]
        best = options[0]
        chosen = next(o for o in options if sorted(o["discard"]) == sorted(d.choice.split()))
        coach_best = next(o for o in options if sorted(o["discard"]) == sorted(d.best.split()))
        assert coach_best["net_ev"] == pytest.approx(best["net_ev"], abs=0.011)  # equal options may tie
        assert d.ev_lost == pytest.approx(best["net_ev"] - chosen["net_ev"], abs=0.011)


def test_play_grades_equal_crib_advise_peg(played: Any) -> None:
    name, session, _ = played
    if session.ruleset.players != 2:
        pytest.skip(
            "crib advise-peg takes two-player positions (3-4 players: see test_multi_player_play_grades)"
        )
    plays = [d for d in session.record.decisions if d.kind == "play" and d.basis == "ev"]
    assert plays
    for d in plays[:6]:
        q = d.question["question"]
        argv = ["advise-peg", "--hand", *q["hand"], "-r", name, "--json", "--count", str(q["count"])]
        played_cards = [*q["earlier"], *q["series"]]
        if played_cards:
            argv += ["--played", *played_cards]
        if q["starter"]:
            argv += ["--starter", q["starter"]]
        if q["discards"]:
            argv += ["--discarded", *q["discards"]]
        argv += ["--opp-cards", str(q["opponent_cards"][0])]
        if q["opponent_go"][0]:
            argv.append("--opp-go")
        data = _cli_json(argv)
        ranked = data["plays"]
        chosen = next(p for p in ranked if Card.parse(p["card"]).rank == Card.parse(d.choice).rank)
        coach_best = next(p for p in ranked if Card.parse(p["card"]).rank == Card.parse(d.best).rank)
        assert coach_best["ev"] == pytest.approx(ranked[0]["ev"], abs=0.011)
        assert d.ev_lost == pytest.approx(ranked[0]["ev"] - chosen["ev"], abs=0.011)


def test_multi_player_play_grades_equal_crib_advise_peg(played: Any) -> None:
    name, session, _ = played
    if session.ruleset.players == 2:
        pytest.skip("two players: see test_play_grades_equal_crib_advise_peg")
    plays = [d for d in session.record.decisions if d.kind == "play" and d.basis == "ev"]
    assert plays
    for d in plays[:5]:
        q = d.question["question"]
        argv = ["advise-peg", "--hand", *q["hand"], "-r", name, "--json", "--count", str(q["count"])]
        played_cards = [*q["earlier"], *q["series"]]
        if played_cards:
            argv += ["--played", *played_cards]
        if q["starter"]:
            argv += ["--starter", q["starter"]]
        if q["discards"]:
            argv += ["--discarded", *q["discards"]]
        argv += ["--others", ",".join(map(str, q["opponent_cards"]))]
        out = [str(i + 1) for i, go in enumerate(q["opponent_go"]) if go]
        if out:
            argv += ["--out", ",".join(out)]
        if q["by"]:
            argv += ["--last", str(q["by"][-1])]
        data = _cli_json(argv)
        assert data["method"] == "sampled"
        ranked = data["plays"]
        chosen = next(p for p in ranked if Card.parse(p["card"]).rank == Card.parse(d.choice).rank)
        coach_best = next(p for p in ranked if Card.parse(p["card"]).rank == Card.parse(d.best).rank)
        assert coach_best["ev"] == pytest.approx(ranked[0]["ev"], abs=0.011)
        assert d.ev_lost == pytest.approx(ranked[0]["ev"] - chosen["ev"], abs=0.011)


def test_count_grades_equal_crib_count(played: Any) -> None:
    name, session, _ = played
    counts = [d for d in session.record.decisions if d.kind == "count" and d.question]
    assert counts
    for d in counts:
        q = d.question["question"]
        argv = ["count", *q["hand"], "--starter", q["starter"], "-r", name, "--json"]
        if q["crib"]:
            argv.append("--crib")
        total = _cli_json(argv)["total"]
        assert d.best == str(total)
        assert d.ev_lost == abs(int(d.choice) - total)
        assert d.band == ("best" if d.ev_lost == 0 else "mistake" if d.ev_lost == 1 else "blunder")


def test_the_exported_deal_file_replays_to_the_same_scores(played: Any, tmp_path: Path) -> None:
    name, session, _ = played
    names = ["You", "Left", "Partner", "Right"][: session.ruleset.players]
    if session.ruleset.players == 3:
        names = ["You", "Left", "Right"]
    data = export_game(session.ruleset, session.record, names=names, title=f"scripted {name}")
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    replayed = _cli_json(["replay", str(path), "--json"])
    assert replayed["scores"] == list(session.game.scores)
    assert replayed["outcome"]["winner"] == session.game.outcome.winner  # type: ignore[union-attr]
    assert "error" not in replayed


def test_the_record_rebuilds_the_same_game_and_the_review_adds_up(played: Any) -> None:
    _, session, _ = played
    again = rebuild(session.ruleset, session.record)
    assert again.scores == session.game.scores
    result = review(session.game, session.record.decisions).to_json()
    assert set(result["accuracy"]) == {"discard", "pegging", "counting"}
    assert all(v is None or 0 <= v <= 100 for v in result["accuracy"].values())
    assert len(result["lost_per_deal"]) == session.game.deal_number
    assert len(result["mistakes"]) <= 3
    costs = [m["cost"] for m in result["mistakes"]]
    assert costs == sorted(costs, reverse=True)


def test_the_same_seed_plays_the_same_game() -> None:
    first, _ = _play("five-card", seed=9)
    second, _ = _play("five-card", seed=9)
    assert first.record.actions == second.record.actions


def test_protocol_jsonl_and_json_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--protocol jsonl --json`: prompt lines, an error line for an illegal answer, the record."""
    import subprocess
    import sys

    env = {"CRIB_DB": str(tmp_path / "p.sqlite3"), "CRIB_LANG": "en", "PATH": "/usr/bin:/bin"}
    answers = ["banana"] + ["1 2", "1", "1", "1", "0", "0"] * 3
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "trainer",
            "play",
            "-r",
            "five-card",
            "--seed",
            "3",
            "--protocol",
            "jsonl",
            "--json",
        ],
        input="\n".join(answers) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    asks = [line for line in lines if "ask" in line]
    assert asks[0]["ask"] == "discard" and set(asks[0]) >= {"ask", "hand", "legal", "count", "scores"}
    assert "error" in lines[lines.index(asks[0]) + 1]
    assert asks[1] == asks[0]  # the same prompt again
    record = lines[-1]
    assert set(record) >= {"ruleset", "seed", "level", "winner", "scores", "decisions", "review"}
    assert record["status"] == "active"  # end of input saves the game
    resumed = subprocess.run(
        [sys.executable, "-m", "trainer", "games", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert json.loads(resumed.stdout)["games"][0]["status"] == "active"


def test_an_itemised_count_is_graded_kind_by_kind() -> None:
    """A missed run is not made up by an extra fifteen: 2 + 3 points lost, not 1."""
    from trainer.engine.cards import parse_cards
    from trainer.engine.game import Game
    from trainer.engine.scoring import score_show
    from trainer.play.coach import grade_count

    rules = load_ruleset("classic")
    hand, starter = parse_cards("5H 6D 7C JS"), Card.parse("2C")
    breakdown = score_show(hand, starter, is_crib=False, ruleset=rules)  # fifteens 4, run 3 = 7
    game = Game.new(rules, dealer=1)
    d = grade_count(
        game,
        what="hand",
        cards=hand,
        starter=starter,
        breakdown=breakdown,
        claimed=6,
        itemised={"fifteen": 6, "pair": 0, "run": 0, "flush": 0, "nobs": 0},
    )
    assert d.best == "7" and d.ev_lost == 5 and d.band == "blunder"
    assert d.reason["by_kind"] == {"fifteen": {"claimed": 6, "true": 4}, "run": {"claimed": 0, "true": 3}}
    assert d.question["form"] == "itemised"


def test_a_wrong_go_names_the_playable_cards_as_the_table_shows_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """«мимо» while a card fits is refused; the hint lists the cards with suit symbols and the
    reader's rank letters (never the `10S` codes the protocol carries)."""
    from rich.console import Console

    from trainer.cli.context import SETTINGS
    from trainer.cli.play.play_tables import TerminalTable

    class GoFirst(Script):
        def ask(self, prompt: Prompt, session: GameSession) -> str | None:
            if prompt.ask == "play" and prompt.legal and not self.errors:
                self.prompts.append(prompt)
                return "мимо"
            return super().ask(prompt, session)

    rules = load_ruleset("classic")
    session = GameSession(rules, new_record(rules, level="club", coach="quiet", seed=4))
    script = GoFirst()
    script.bad_sent = True
    session.run(script)
    refused = next(e for e in script.errors if e["key"] == "play.answer.cannot_go")
    codes = refused["values"]["cards"]
    assert isinstance(codes, list) and all(isinstance(c, str) for c in codes)
    monkeypatch.setattr(SETTINGS, "lang", "ru")
    out = Console(record=True, width=200, color_system=None)
    TerminalTable(prompter=None, out=out).tell(Note("error", refused), session)  # type: ignore[arg-type]
    text = out.export_text()
    assert text.startswith("Сказать «мимо» нельзя: можно сыграть ")  # a sentence of its own
    listed = text.split("можно сыграть ")[1].split(", не превысив")[0]
    shown = listed.replace(" или ", ", ").split(", ")  # «4♥, 2♣, К♣ или К♠»: a list as it is said
    assert len(shown) == len(codes) and all(c[-1] in "♠♥♦♣" for c in shown), text
    assert not any(code in text for code in codes if code[-1] in "SHDC"), text
