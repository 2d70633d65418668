"""A game step is atomic: the action, the decisions graded on the way to it and their review
cards are stored in one transaction, so a game stopped or killed at any step and then resumed
stores exactly what the uninterrupted game stores. A game's decisions are game decisions (their
own figures by skill), never drill answers and never rated; a mistake is a review card of its
drill kind under the pattern the drills use."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card
from trainer.engine.scoring import score_show
from trainer.play.session import GameSession, Note, Prompt, new_record
from trainer.store.game_tables import GameStore
from trainer.store.store import MIGRATIONS, SCHEMA_VERSION, Store

RULESET = "five-card"  # short deals: a whole game in a few seconds
SEED = 11


class Player:
    """Discards its first cards, plays its last legal card, counts every hand one short: many
    graded mistakes of every kind. Stops (returns None, as Ctrl-C or end of input do) at the
    prompt numbered `stop_at`."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.stop_at = stop_at
        self.asked = 0

    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        self.asked += 1
        if self.stop_at is not None and self.asked == self.stop_at:
            return None
        if prompt.ask == "discard":
            return " ".join(str(c) for c in prompt.hand[: prompt.extra["discard"]])
        if prompt.ask == "play":
            return str(prompt.legal[-1]) if prompt.legal else "go"
        if prompt.ask in ("count", "crib_count"):
            cards = [Card.parse(c) for c in prompt.extra["cards"]]
            starter = Card.parse(prompt.extra["starter"])
            true = score_show(cards, starter, is_crib=prompt.ask == "crib_count", ruleset=session.ruleset)
            return str(max(0, true.total - 1))
        return "n"

    def tell(self, note: Note, session: GameSession) -> None:
        pass


class Killed(Exception):
    """The process died: nothing after this point reaches the database."""


def _session(store: GameStore, game_id: int, record: Any, *, kill_at_save: int | None = None) -> GameSession:
    rules = load_ruleset(RULESET)
    saves = 0

    def save(sess: GameSession) -> None:
        nonlocal saves
        saves += 1
        if kill_at_save is not None and saves == kill_at_save:
            raise Killed()
        store.save(game_id, sess.record, rules=rules, scores=list(sess.game.scores))

    return GameSession(rules, record, save=save)


def _start(store: GameStore) -> int:
    record = new_record(load_ruleset(RULESET), level="club", coach="quiet", seed=SEED)
    return store.create(record, user="ann", now=1.0)


def _finish(store: GameStore, game_id: int) -> None:
    """Resume the stored game until it is over, as `crib play --resume` does."""
    while True:
        row = store.get(game_id, user="ann")
        if row.status == "finished":
            return
        if _session(store, game_id, row.record).run(Player()):
            return


def stored_game(path: Path) -> dict[str, Any]:
    db = sqlite3.connect(path)
    try:
        (record,) = db.execute("SELECT record FROM games").fetchone()
        body = json.loads(record)
        return {
            "actions": body["actions"],
            "decisions": body["decisions"],
            "rows": db.execute(
                "SELECT seq, skill, family, pattern, band, points_lost FROM game_decisions ORDER BY seq"
            ).fetchall(),
            "cards": db.execute(
                "SELECT pattern, skill, reps, lapses, last_grade FROM cards ORDER BY pattern"
            ).fetchall(),
            "answers": db.execute("SELECT COUNT(*) FROM answers").fetchone()[0],
            "ratings": db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0],
        }
    finally:
        db.close()


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("whole") / "p.sqlite3"
    with GameStore.open(path) as store:
        game_id = _start(store)
        _finish(store, game_id)
    return stored_game(path)


def test_a_games_decisions_are_game_decisions_not_drill_answers(uninterrupted: dict[str, Any]) -> None:
    assert len(uninterrupted["rows"]) == len(uninterrupted["decisions"]) > 10
    assert uninterrupted["answers"] == 0 and uninterrupted["ratings"] == 0  # nothing rated
    assert {row[1] for row in uninterrupted["rows"]} == {"discard", "play", "count"}
    assert {row[2] for row in uninterrupted["rows"]} == {"five_card"}  # the family, never empty


def test_a_games_mistakes_are_review_cards_of_their_drill_kind_under_the_drills_patterns(
    uninterrupted: dict[str, Any],
) -> None:
    mistakes = {row[3] for row in uninterrupted["rows"] if row[4] != "best"}
    cards = uninterrupted["cards"]
    assert mistakes and {card[0] for card in cards} == mistakes  # one card per pattern
    assert {card[1] for card in cards} <= {"discard", "peg", "count"}
    assert not any(card[0].startswith("question:") for card in cards)
    # the same idea missed twice in the game is one card reviewed twice, not two cards
    per_pattern = [row[3] for row in uninterrupted["rows"] if row[4] != "best"]
    assert sum(card[2] for card in cards) == len(per_pattern)


def test_a_game_leaves_nothing_for_the_ratings_backfill(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with GameStore.open(path) as store:
        game_id = _start(store)
        _session(store, game_id, store.get(game_id, user="ann").record).run(Player(stop_at=12))
    with Store.open(path) as store:
        assert not store.needs_backfill()


def test_saving_the_same_record_again_stores_each_decision_once(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    rules = load_ruleset(RULESET)
    with GameStore.open(path) as store:
        game_id = _start(store)
        session = _session(store, game_id, store.get(game_id, user="ann").record)
        session.run(Player(stop_at=15))
        before = stored_game(path)
        for _ in range(3):
            store.save(game_id, session.record, rules=rules, scores=list(session.game.scores))
    assert stored_game(path) == before and before["rows"]


@pytest.mark.parametrize("stop_at", [2, 3, 7, 19])
def test_a_game_stopped_at_any_prompt_and_resumed_stores_what_the_whole_game_stores(
    tmp_path: Path, stop_at: int, uninterrupted: dict[str, Any]
) -> None:
    path = tmp_path / "p.sqlite3"
    with GameStore.open(path) as store:
        game_id = _start(store)
        session = _session(store, game_id, store.get(game_id, user="ann").record)
        assert session.run(Player(stop_at=stop_at)) is False
        _finish(store, game_id)
    assert stored_game(path) == uninterrupted


@pytest.mark.parametrize("kill_at_save", [3, 4, 9, 30])
def test_a_game_killed_inside_a_step_and_resumed_stores_what_the_whole_game_stores(
    tmp_path: Path, kill_at_save: int, uninterrupted: dict[str, Any]
) -> None:
    path = tmp_path / "p.sqlite3"
    with GameStore.open(path) as store:
        game_id = _start(store)
        session = _session(store, game_id, store.get(game_id, user="ann").record, kill_at_save=kill_at_save)
        with pytest.raises(Killed):
            session.run(Player())
        _finish(store, game_id)
    assert stored_game(path) == uninterrupted


def test_an_old_database_with_a_games_answers_migrates_and_they_are_never_rated(tmp_path: Path) -> None:
    """Older versions kept a game's mistakes as answers (mode 'game', pattern 'question:…'): the
    migration keeps them, and the ratings backfill leaves them alone."""
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (5)")
    for step in MIGRATIONS[:5]:
        if callable(step):
            step(db)
        else:
            db.executescript(step)
    db.execute(
        "INSERT INTO answers (session, seq, answered_at, user, mode, drill, form, ruleset, level, theme,"
        " question_id, question, answer, expected, correct, seconds, pattern)"
        " VALUES ('game-1-ab', 1, 5.0, 'ann', 'game', 'peg', 'play', 'classic', 'intermediate', '',"
        " 'q1', '{}', '5H', '\"KH\"', 0, 0.0, 'question:q1')"
    )
    db.commit()
    db.close()
    with Store.open(path) as store:
        assert store.version() == SCHEMA_VERSION == 8
        assert [(r.question_id, r.mode) for r in store.answers(user="ann")] == [("q1", "game")]
        assert not store.needs_backfill()
    with GameStore.open(path) as games:
        assert games.figures(user="ann") == []
