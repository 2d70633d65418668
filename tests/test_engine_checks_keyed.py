"""Every check of a move in the engine answers with a keyed `Problem`, so the edge words it in
the reader's language: `crib --lang ru replay` of a deal file with `cut: 1` printed the engine's
English sentence after the Russian «снятие:» before."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from trainer.cli.app import main
from trainer.engine.cards import parse_cards
from trainer.engine.errors import Problem
from trainer.engine.game import Game
from trainer.i18n import has

ENGINE = Path(__file__).resolve().parents[1] / "trainer" / "engine"
NAMED = ("english", "text")  # the English half of a Problem, named before it is built
DEALS = Path(__file__).resolve().parents[1] / "deals"


def _checks() -> list[tuple[str, ast.FunctionDef]]:
    found = []
    for name in ("game.py", "pegging.py"):
        tree = ast.parse((ENGINE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and (
                node.name.startswith("verify_") or node.name.endswith("_problem")
            ):
                found.append((f"{name}:{node.name}", node))
    return found


@pytest.mark.parametrize(("where", "function"), _checks(), ids=[w for w, _ in _checks()])
def test_no_check_returns_a_plain_sentence(where: str, function: ast.FunctionDef) -> None:
    plain = [
        node.lineno
        for node in ast.walk(function)
        if isinstance(node, ast.Return | ast.Assign)
        and isinstance(node.value, ast.JoinedStr | ast.Constant)
        and isinstance(getattr(node.value, "value", ""), str)
        and not (isinstance(node, ast.Assign) and any(getattr(t, "id", "") in NAMED for t in node.targets))
    ]
    assert plain == [], f"{where}: plain English returned at lines {plain}; return Problem(english, key, ...)"


def _game() -> Game:
    from trainer.content.rulesets import load_ruleset

    return Game.new(load_ruleset("classic"), dealer=0)


def test_the_answers_carry_keys_both_catalogues_hold() -> None:
    game = _game()
    answers = [
        game.verify_deal(),
        game.verify_deal([*parse_cards("5H"), *parse_cards("5H")]),
        game.verify_deal(parse_cards("5H 6H")),
        game.verify_deal_hands([parse_cards("5H 6H 7H 8H 9H TH")]),
        game.verify_deal_hands([parse_cards("5H 6H 7H 8H 9H"), parse_cards("5D 6D 7D 8D 9D TD")]),
        game.verify_deal_hands([parse_cards("5H 6H 7H 8H 9H TH"), parse_cards("5H 6D 7D 8D 9D TD")]),
    ]
    game.deal_hands([parse_cards("5H 6H 7H 8H 9H TH"), parse_cards("5D 6D 7D 8D 9D TD")])
    answers.append(game.verify_discard(7, parse_cards("5H 6H")))
    game.discard(0, parse_cards("5H 6H"))
    answers.append(game.verify_discard(0, parse_cards("7H 8H")))
    game.discard(1, parse_cards("5D 6D"))
    answers += [
        game.verify_cut(position=1),
        game.verify_cut(position=5, starter=parse_cards("AS")[0]),
        game.verify_cut(starter=parse_cards("9H")[0]),
        game.verify_cut(),
        game.verify_play(parse_cards("7D")[0], claimed=-1),
    ]
    assert all(isinstance(a, Problem) for a in answers), answers
    for answer in answers:
        assert isinstance(answer, Problem)
        assert has(answer.key, "en") and has(answer.key, "ru"), answer.key


def test_russian_replay_words_the_engines_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = (DEALS / "classic-six-card.yaml").read_text(encoding="utf-8").replace("\ncut: 4\n", "\ncut: 1\n")
    path = tmp_path / "cut.yaml"
    path.write_text(deal, encoding="utf-8")
    assert main(["--lang", "ru", "replay", str(path)]) != 0
    err = capsys.readouterr().err
    assert "из оставшихся 40 карт снимают от 4 до 36, а не 1" in err
    assert "a cut lifts" not in err
