"""One cost for one decision (issue 18, item 5), over more than 1,000 decisions of self-play: the
live coach's verdict, the game record (saved and loaded again, as `--json` and `crib games show`
give it) and the review carry the same cost; no verdict contradicts itself ("best" followed by a
"better" that is the move made, a "better" when nothing was given away, "−0"); every decision
below best has a reason worded from the catalogue, in English and Russian."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from trainer.content.rulesets import load_ruleset
from trainer.engine.cards import Card
from trainer.engine.scoring import score_show
from trainer.play.review import review
from trainer.play.session import GameRecord, GameSession, Note, Prompt, new_record

RAW_KEY = re.compile(r"\b(coach|play|reason|drill)\.[a-z_]+\.[a-z_.]+")


class Driver:
    """A human seat that plays at random (so that every band turns up) and counts a little
    wrong now and then; it keeps every live coach note."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.live: list[dict[str, Any]] = []

    def ask(self, prompt: Prompt, session: GameSession) -> str | None:
        if prompt.ask == "discard":
            return " ".join(str(c) for c in self.rng.sample(list(prompt.hand), prompt.extra["discard"]))
        if prompt.ask == "play":
            return str(self.rng.choice(prompt.legal)) if prompt.legal else "go"
        if prompt.ask in ("count", "crib_count"):
            cards = [Card.parse(c) for c in prompt.extra["cards"]]
            true = score_show(
                cards,
                Card.parse(prompt.extra["starter"]),
                is_crib=prompt.ask == "crib_count",
                ruleset=session.ruleset,
            ).total
            return str(max(0, true + self.rng.choice((0, 0, 0, -2, 1))))
        return self.rng.choice(("y", "n"))

    def tell(self, note: Note, session: GameSession) -> None:
        if note.kind == "coach":
            self.live.append(note.data)


def _games(target: int) -> list[tuple[GameSession, Driver]]:
    out = []
    total = 0
    seed = 100
    while total < target:
        rules = load_ruleset("classic")
        session = GameSession(rules, new_record(rules, level="club", coach="live", seed=seed))
        driver = Driver(seed)
        assert session.run(driver)
        out.append((session, driver))
        total += len(session.record.decisions)
        seed += 1
    return out


pytestmark = pytest.mark.slow  # about 20 s of coaching on one core


@pytest.fixture(scope="module")
def games() -> list[tuple[GameSession, Driver]]:
    return _games(1000)


def test_live_record_and_review_give_the_same_cost(games: list[tuple[GameSession, Driver]]) -> None:
    decisions = 0
    for session, driver in games:
        record = session.record
        stored = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        assert len(driver.live) == len(record.decisions) == len(stored.decisions)
        for live, kept, loaded in zip(driver.live, record.decisions, stored.decisions, strict=True):
            assert live == kept.to_json() == loaded.to_json()
            assert (live["ev_lost"], live["win_lost"]) == (loaded.ev_lost, loaded.cost.win)
        by_key = {(d.deal, d.kind, d.choice, d.best): d.to_json() for d in record.decisions}
        for m in review(session.game, stored.decisions).to_json()["mistakes"]:
            d = by_key[(m["deal"], m["kind"], m["choice"], m["best"])]
            assert (m["ev_lost"], m["win_lost"], m["band"]) == (d["ev_lost"], d["win_lost"], d["band"])
        decisions += len(record.decisions)
    assert decisions >= 1000


def _same(decision: dict[str, Any]) -> bool:
    if decision["kind"] == "play":
        return Card.parse(decision["best"]).rank == Card.parse(decision["choice"]).rank
    return sorted(decision["best"].split()) == sorted(decision["choice"].split())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_verdict_contradicts_itself_and_every_loss_has_a_reason(
    games: list[tuple[GameSession, Driver]], lang: str
) -> None:
    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view

    old = SETTINGS.lang
    SETTINGS.lang = lang
    better = t_better(lang)
    bands: set[str] = set()
    try:
        for _, driver in games:
            for d in driver.live:
                text = play_view.coach_text(d).plain
                bands.add(d["band"])
                assert not re.search(r"[−-]0(?:[.,]0+)?(?:%| |\))", text), text
                assert "{" not in text and not RAW_KEY.search(text), text
                zero = (d["win_lost"] or 0) == 0 if d["basis"] == "win" else d["ev_lost"] == 0
                if d["kind"] in ("discard", "play"):
                    assert zero == _same(d), d  # "better" is never the move made
                    if zero:
                        assert better not in text, text
                        assert d["band"] == "best"
                    if d["band"] != "best":
                        assert better in text, text
                        reason = d["reason"]
                        assert reason.get("better") if d["kind"] == "discard" else reason.get("why"), d
                        assert len(text.split("\n")[1]) > len(better) + 12, text  # a reason after the card
                        _names_both(d, text)
                elif d["band"] != "best":
                    assert len(text.split("\n")) > 1, text
    finally:
        SETTINGS.lang = old
    assert bands == {"best", "inaccuracy", "mistake", "blunder"}


def _names_both(decision: dict[str, Any], text: str) -> None:
    """A reason says why the advised choice is better *and* why the one made was worse, in
    separate words: the played card is named after the dash, and a discard says what yours kept."""
    from trainer.cli.context import SETTINGS as LANG
    from trainer.cli.play.coach_words import plain_cards
    from trainer.i18n import t

    # after the advised card: " — " (a discard; a play in English), «. » or «: » (a play in
    # Russian: «Лучше сыграть 8♥: она доводит…», the card not named twice)
    line = text.split("\n")[1]
    if decision["kind"] == "play":
        best = plain_cards(decision["best"])
        reason_line = line.split(best, 1)[-1]
        assert plain_cards(decision["choice"]) in reason_line, text
        for sep in (t("play.why.compare_sep", LANG.lang), t("play.why.play_sep", LANG.lang)):
            assert f"{best}{sep}{best}" not in line, text
        return
    reason_line = line.split(" — ", 1)[-1]
    blank = {"ranks": "", "held": "", "hand_words": "", "crib_words": ""}
    yours = t("coach.gist.yours", LANG.lang, **blank).split()[0]
    assert yours in reason_line, text


def t_better(lang: str) -> str:
    from trainer.i18n import t
    from trainer.i18n.typography import sentence

    return sentence(t("play.why.discard_best", lang), lang).split()[0]  # the line starts with it
