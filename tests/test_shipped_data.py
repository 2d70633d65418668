"""The data shipped so quick commands start fast from the first run (trainer/_generated/rulesets.py):
fresh against its generator, equal to the exact computation and to the YAML files, and never
used for a ruleset file that changed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from trainer._generated import rulesets as shipped
from trainer.content import rulesets as loader
from trainer.content.paths import rulesets_dir
from trainer.content.stats_cache import cache_dir, cached_distribution, distribution_key
from trainer.engine.statistics import ruleset_distribution

ROOT = Path(__file__).resolve().parents[1]


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_shipped_data", ROOT / "scripts/make_shipped_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shipped_file_is_fresh() -> None:
    text = (ROOT / "trainer/_generated/rulesets.py").read_text(encoding="utf-8")
    assert text == _generator().render(), "run python scripts/make_shipped_data.py"


@pytest.mark.parametrize("name", loader.BUILTIN)
def test_snapshot_equals_the_ruleset_read_from_yaml(name: str) -> None:
    path = (rulesets_dir() / f"{name}.yaml").resolve()
    from_yaml = loader._load_path(path, path.stat().st_mtime_ns)
    assert shipped.BUILDERS[name]() == from_yaml
    assert loader.load_ruleset(name) == from_yaml


@pytest.mark.parametrize("name", loader.BUILTIN)
@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_shipped_distribution_equals_the_exact_computation(name: str, crib: bool) -> None:
    rules = loader.load_ruleset(name)
    exact = ruleset_distribution(rules, crib=crib)
    assert shipped.DISTRIBUTIONS[distribution_key(rules, crib)] == exact.counts
    assert cached_distribution(rules, crib=crib) == exact


def test_a_changed_yaml_file_is_read_again_not_the_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(shipped.YAML_STAMPS, "classic", (1, 2))  # as if classic.yaml were edited
    monkeypatch.setattr(loader, "_SHIPPED", {})
    path = (rulesets_dir() / "classic.yaml").resolve()
    st = path.stat()
    assert loader._shipped(path, st.st_mtime_ns, st.st_size) is None
    assert loader.load_ruleset("classic").name == "classic"  # from the YAML file


def test_first_count_on_an_empty_cache_writes_and_computes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from trainer.cli.app import main

    assert not cache_dir().exists()
    assert main(["count", "5H", "5C", "5S", "JD", "--starter", "5D", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 29 and data["one_in"] == 3248700.0
    assert not cache_dir().exists()


def test_a_house_shape_is_computed_once_and_cached(tmp_path: Path) -> None:
    from trainer.engine.ruleset import Flush, Ruleset

    house = Ruleset(name="house", flush=Flush(starter_bonus=2))
    assert shipped.DISTRIBUTIONS.get(distribution_key(house, False)) is None
    first = cached_distribution(house)
    assert list(cache_dir().glob("distribution-*.json"))
    assert cached_distribution(house) == first == ruleset_distribution(house)


def test_crib_tables_equal_the_json_data_file() -> None:
    from trainer._generated.crib_tables import TABLES
    from trainer.advice.crib_values import _document, load_table, table_from_json

    document = _document()["tables"]
    assert list(TABLES) == list(document)
    for name, data in document.items():
        from_json = table_from_json(name, data)
        shipped_table = load_table(name)
        assert TABLES[name][0] == data["shape"]
        assert shipped_table.values == from_json.values and shipped_table.discard == from_json.discard
        assert dict(shipped_table.meta) == dict(data) and shipped_table.meta["seed"] == data["seed"]
        assert shipped_table == from_json


def test_rank_table_is_fresh_and_equals_the_computation() -> None:
    from trainer._generated.rank_points import FIVE
    from trainer.engine.fastscore import _rank_points, five_card_keys

    text = (ROOT / "trainer/_generated/rank_points.py").read_text(encoding="utf-8")
    assert text == _generator().render_ranks(), "run python scripts/make_shipped_data.py"
    keys = five_card_keys()
    assert len(keys) == len(set(keys)) == len(FIVE) == 6175
    assert all(FIVE[i] == _rank_points(key) for i, key in enumerate(keys))


def test_many_misses_read_the_table_and_totals_stay_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from trainer.engine import fastscore
    from trainer.engine.cards import full_deck
    from trainer.engine.scoring import score_show

    monkeypatch.setattr(fastscore, "_RANK_POINTS", {})
    monkeypatch.setattr(fastscore, "_misses", [0])
    rng = random.Random(5)
    deck = list(full_deck())
    for _ in range(300):
        cards = rng.sample(deck, 5)
        assert fastscore.show_total(cards[:4], cards[4]) == score_show(cards[:4], cards[4]).total
    assert len(fastscore._RANK_POINTS) >= 6175  # the table was read after the 64th miss
