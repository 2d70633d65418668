"""The five shipped rulesets carry spec §2.1's parameters; aliases, paths and `extends` work."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.content.rulesets import BUILTIN, load_ruleset
from trainer.engine.errors import RulesetError

# name: players, cards dealt, from stock to crib, discard, hand, target, hand flush min, sides
TABLE_2_1 = {
    "classic": (2, 6, 0, 2, 4, 121, 4, 2),
    "five-card": (2, 5, 0, 2, 3, 61, 3, 2),
    "seven-card": (2, 7, 0, 2, 5, 181, 5, 2),
    "three-player": (3, 5, 1, 1, 4, 61, 4, 3),
    "partnership": (4, 5, 0, 1, 4, 121, 4, 2),
}


@pytest.mark.parametrize("name", BUILTIN)
def test_shipped_ruleset_matches_spec_table_2_1(name: str) -> None:
    r = load_ruleset(name)
    got = (
        r.players,
        r.deal.cards_per_player,
        r.deal.to_crib_from_stock,
        r.deal.discard_per_player,
        r.hand_size,
        r.target,
        r.flush.hand_min,
        r.sides,
    )
    assert got == TABLE_2_1[name]
    assert r.crib_size == 4
    assert not r.flush.crib_without_starter  # crib flush 5 only, every variant


def test_five_card_compensation_and_single_count() -> None:
    r = load_ruleset("five-card")
    assert (r.compensation.points, r.compensation.when) == (3, "game_start")
    assert r.pegging.mode == "single_count"


def test_seven_card_flush_rule_is_marked_derived() -> None:
    assert load_ruleset("seven-card").flush.derived


@pytest.mark.parametrize(
    ("alias", "name"),
    [("6-card", "classic"), ("5-card", "five-card"), ("seven", "seven-card"), ("3p", "three-player"),
     ("2x2", "partnership"), ("Five_Card", "five-card")],
)  # fmt: skip
def test_aliases(alias: str, name: str) -> None:
    assert load_ruleset(alias).name == name


def test_unknown_ruleset_suggests_the_nearest(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="did you mean 'classic'"):
        load_ruleset("clasic")


def test_extends_overrides_only_given_keys(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("extends: classic\nname: club\nmuggins:\n  enabled: true\n", encoding="utf-8")
    r = load_ruleset(path)
    assert r.muggins.enabled and r.muggins.scope == "play_and_show"
    assert r.target == 121 and r.name == "club"


def test_extends_a_relative_file(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("extends: five-card\nname: base\ntarget: 121\n", encoding="utf-8")
    (tmp_path / "child.yaml").write_text("extends: base.yaml\nname: child\n", encoding="utf-8")
    r = load_ruleset(tmp_path / "child.yaml")
    assert (r.target, r.hand_size) == (121, 3)


def test_extends_loop_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("extends: b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("extends: a.yaml\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="loops"):
        load_ruleset(tmp_path / "a.yaml")


def test_yaml_tags_are_not_executed(tmp_path: Path) -> None:
    path = tmp_path / "evil.yaml"
    path.write_text("!!python/object/apply:os.system ['echo hi']\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="broken YAML"):
        load_ruleset(path)


@pytest.mark.parametrize("name", BUILTIN)
def test_cached_ruleset_equals_a_fresh_parse(name: str) -> None:
    """The JSON cache and the YAML file give the same frozen Ruleset (teams and all). Shipped
    rulesets normally come from their validated snapshot (tests/test_shipped_data.py), so the
    YAML-and-cache path is called directly here."""
    from trainer.content import rulesets

    path = rulesets.ruleset_source(name)
    first = rulesets._load_path(path, path.stat().st_mtime_ns)  # parses the YAML, writes the cache
    rulesets._load_path.cache_clear()
    again = rulesets._load_path(path, path.stat().st_mtime_ns)  # built from the cache
    assert again == first == load_ruleset(name)
    assert rulesets._cache_file(path).is_file()


def test_edited_house_ruleset_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("extends: classic\nname: club\ntarget: 61\n", encoding="utf-8")
    assert load_ruleset(path).target == 61
    path.write_text("extends: classic\nname: club\ntarget: 91\n# longer file\n", encoding="utf-8")
    assert load_ruleset(path).target == 91


def test_atomic_write_gives_the_usual_file_mode(tmp_path: Path) -> None:
    """A quiz or worksheet is shared with students: not left private like a temp file."""
    import os

    from trainer.content.yamlfile import write_atomic

    target = tmp_path / "quiz.yaml"
    write_atomic(target, "a: 1\n")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    target.chmod(0o640)
    write_atomic(target, "a: 2\n")
    assert target.stat().st_mode & 0o777 == 0o640 and target.read_text() == "a: 2\n"
