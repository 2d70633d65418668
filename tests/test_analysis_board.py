"""The analysis board, `crib games analyse ID` (issue 18, item 9): every deal and decision with
both costs and reasons, the turning points and the chance to win across the game; `--json` gives
the data, `--html FILE` one self-contained page whose SVG graph is drawn in headless Chromium;
in a pseudo-terminal the keys step forward and back through decisions and deals."""

from __future__ import annotations

import io
import json
import os
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from trainer.cli.app import main
from trainer.content.rulesets import load_ruleset
from trainer.play.session import GameSession, new_record
from trainer.store.game_tables import GameStore

sys.path.insert(0, str(Path(__file__).parent))
from test_coach_one_cost import Driver

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"  # screenshots for a person (docs/img/analysis-board.png)


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A finished classic game with the live coach, kept in a fresh progress database."""
    db = tmp_path_factory.mktemp("board") / "progress.sqlite3"
    rules = load_ruleset("classic")
    record = new_record(rules, level="club", coach="live", seed=31)
    session = GameSession(rules, record)
    assert session.run(Driver(31))
    with GameStore.open(db) as store:
        game_id = store.create(record, user="tester")
        store.save(
            game_id, record, rules=rules, scores=list(session.game.scores), winner=session.game.outcome.winner
        )
    return db, game_id


def _json(kept: tuple[Path, int], monkeypatch: pytest.MonkeyPatch, *extra: str) -> dict[str, Any]:
    db, game_id = kept
    monkeypatch.setenv("CRIB_DB", str(db))
    monkeypatch.setenv("CRIB_USER", "tester")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["games", "analyse", str(game_id), "--json", *extra]) == 0
    return dict(json.loads(out.getvalue()))


def test_the_board_holds_every_deal_decision_and_the_curve(
    kept: tuple[Path, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _json(kept, monkeypatch)
    deals = data["deals"]
    assert deals and [d["deal"] for d in deals] == list(range(1, len(deals) + 1))
    assert len(data["curve"]) == len(deals) + 1  # before every deal, and the end
    assert data["curve"][-1]["win"] in (0.0, 1.0)
    assert all(0.0 <= p["win"] <= 1.0 for p in data["curve"])
    decisions = [d for deal in deals for d in deal["decisions"]]
    assert [d["n"] for d in decisions] == list(range(1, len(decisions) + 1))
    discards = [d for d in decisions if d["kind"] == "discard"]
    assert discards
    for d in discards:  # the options with their costs; the chosen one's cost is the coach's
        options = d["options"]
        assert options[0]["ev_lost"] == 0.0
        mine = next((o for o in options if sorted(o["discard"]) == sorted(d["choice"].split())), None)
        if mine is not None:
            assert mine["ev_lost"] == d["ev_lost"]
    assert len(data["turning_points"]) == 3
    assert set(data["costliest"]) <= {d["n"] for d in decisions}


def test_the_html_page_draws_the_graph(
    kept: tuple[Path, int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    page = tmp_path / "board.html"
    data = _json(kept, monkeypatch, "--html", str(page))
    assert data["html"] == str(page)
    text = page.read_text(encoding="utf-8")
    assert "<script" not in text and "http" not in text.replace(
        "http://www.w3.org/2000/svg", ""
    )  # self-contained
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"], headless=True
        )
        try:
            tab = browser.new_page(viewport={"width": 1100, "height": 900})
            tab.goto(page.as_uri())
            box = tab.locator("#win-line").bounding_box()
            assert box is not None and box["width"] > 300 and box["height"] > 10
            points = tab.locator("#win-line").get_attribute("points") or ""
            assert len(points.split()) == len(data["curve"])
            assert tab.locator("#deals > li").count() == len(data["deals"])
            ARTIFACTS.mkdir(exist_ok=True)
            tab.screenshot(path=ARTIFACTS / "analysis-board.png")
        finally:
            browser.close()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_keys_step_forward_and_back_in_a_terminal(kept: tuple[Path, int]) -> None:
    import pexpect

    db, game_id = kept
    env = {
        **os.environ,
        "TERM": "xterm",
        "NO_COLOR": "1",
        "CRIB_DB": str(db),
        "CRIB_USER": "tester",
        "CRIB_LANG": "en",
        "COLUMNS": "120",
        "LINES": "40",
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "trainer", "games", "analyse", str(game_id)],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 120),
    )
    child.expect(r"decision 1 of (\d+)")
    total = int(child.match.group(1))
    assert total > 10
    child.sendline("n")
    child.expect(r"decision 2 of")
    child.sendline("n")
    child.expect(r"decision 3 of")
    child.sendline("p")
    child.expect(r"decision 2 of")
    child.sendline("]")
    child.expect(r"deal 2: ")
    child.expect(r"decision (\d+) of")
    after = int(child.match.group(1))
    child.sendline("[")
    child.expect(r"deal 1: ")
    child.expect(r"decision 1 of")
    assert after > 2
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def _text(kept: tuple[Path, int], monkeypatch: pytest.MonkeyPatch, lang: str, *args: str) -> str:
    db, _ = kept
    monkeypatch.setenv("CRIB_DB", str(db))
    monkeypatch.setenv("CRIB_USER", "tester")
    monkeypatch.setenv("CRIB_LANG", lang)
    monkeypatch.setenv("COLUMNS", "200")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


@pytest.mark.parametrize(
    ("lang", "show", "analyse", "footer"),
    [
        (
            "ru",
            "Итоги партии:",
            "Подробный разбор партии:",
            "crib games show НОМЕР — итоги партии, crib games analyse НОМЕР — подробный разбор",
        ),
        (
            "en",
            "A game's summary:",
            "The analysis board:",
            "crib games show ID — the game's summary, crib games analyse ID — the analysis board",
        ),
    ],
)
def test_show_is_the_summary_and_analyse_the_board(
    kept: tuple[Path, int], monkeypatch: pytest.MonkeyPatch, lang: str, show: str, analyse: str, footer: str
) -> None:
    """`show` and `analyse` are two commands with two names, in the help and in the list's footer."""
    helped = " ".join(_text(kept, monkeypatch, lang, "games", "--help").split())
    assert f"show {show}" in helped.replace("│ ", "")
    assert f"analyse {analyse}" in helped.replace("│ ", "")
    assert "Разобрать партию" not in helped
    assert footer in _text(kept, monkeypatch, lang, "games")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_russian_layout_keys_step_too_and_other_keys_are_answered(kept: tuple[Path, int]) -> None:
    """т/з/ъ/х/й are n/p/]/[/q on the same physical keys; the key line names both; a key with no
    action is answered in one line and the board stays."""
    import pexpect

    db, game_id = kept
    env = {
        **os.environ,
        "TERM": "xterm",
        "NO_COLOR": "1",
        "CRIB_DB": str(db),
        "CRIB_USER": "tester",
        "CRIB_LANG": "ru",
        "COLUMNS": "200",
        "LINES": "40",
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "trainer", "games", "analyse", str(game_id)],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 200),
    )
    child.expect(r"решение 1 из \d+ · n \(т\) / p \(з\) — следующее/предыдущее решение · \] \(ъ\) / \[ \(х\)")
    child.expect(r"q \(й\) — выход")
    child.sendline("т")
    child.expect(r"решение 2 из")
    child.sendline("т")
    child.expect(r"решение 3 из")
    child.sendline("з")
    child.expect(r"решение 2 из")
    child.sendline("ъ")
    child.expect(r"сдача 2: ")
    child.expect(r"решение (\d+) из")
    assert int(child.match.group(1)) > 2
    child.sendline("х")
    child.expect(r"сдача 1: ")
    child.expect(r"решение 1 из")
    child.sendline("ж")
    child.expect(r"клавиша не назначена: ж\r?\n")
    child.sendline("n")
    child.expect(r"решение 2 из")
    child.sendline("й")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize(
    ("lang", "kinds", "labels", "caption"),
    [
        ("ru", ("подсчёт: ", "сброс: ", "розыгрыш: "), ("100\u00a0%", "50\u00a0%", "0\u00a0%"), "сдачи"),
        ("en", ("count: ", "discard: ", "play: "), ("100%", "50%", "0%"), "deals"),
    ],
)
def test_the_page_names_each_decisions_kind_and_labels_the_chart(
    kept: tuple[Path, int],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lang: str,
    kinds: tuple[str, ...],
    labels: tuple[str, ...],
    caption: str,
) -> None:
    """A decision on the page starts with its kind («подсчёт: 8 — …», not a bare «8:»), the verdict
    and the explanation are two sentences, and the chart has its percentages and deal numbers."""
    import re
    from html import unescape

    page = tmp_path / "board.html"
    _text(kept, monkeypatch, lang, "games", "analyse", str(kept[1]), "--html", str(page))
    text = page.read_text(encoding="utf-8")
    items = [unescape(i) for i in re.findall(r'<li class="[a-z_]+">(.*?)</li>', text)]
    assert items and all(i.startswith(kinds) for i in items)
    for kind in kinds:
        assert any(i.startswith(kind) for i in items)
    assert all(" — " in i for i in items)
    assert not any(re.search(r"\)\s+[A-ZА-ЯЁ]", i) for i in items)  # «(−4 очка) На руке» lacks a stop
    svg = unescape(text[text.index("<svg") : text.index("</svg>")])
    for label in labels:
        assert f">{label}</text>" in svg
    assert ">1</text>" in svg and ">2</text>" in svg and f">{caption}</text>" in svg
