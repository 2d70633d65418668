"""One registry of variants (trainer.engine.variants): the loader, `crib rules`, the learner model
and the crib-table generator read it, seats and sides come only from the `Ruleset`, and the
recipe in docs/recipes.md adds a variant by touching the registry and one YAML file."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
import repo_copy

from trainer.content.rulesets import BUILTIN, load_ruleset
from trainer.engine.errors import RulesetError
from trainer.engine.ruleset import Ruleset
from trainer.engine.variants import VARIANTS, VariantId, base_ruleset
from trainer.training.standing import family_name

PACKAGE = Path(__file__).resolve().parents[1] / "trainer"


def test_the_literal_and_the_registry_name_the_same_variants() -> None:
    assert get_args(VariantId) == tuple(v.id for v in VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_each_shipped_ruleset_is_the_base_of_its_variant(variant: object) -> None:
    assert load_ruleset(variant.ruleset).variant == variant.id  # type: ignore[attr-defined]
    assert base_ruleset(variant.id) == variant.ruleset  # type: ignore[attr-defined]
    assert family_name(variant.id) == variant.ruleset  # type: ignore[attr-defined]


def test_the_loader_ships_exactly_the_registered_rulesets() -> None:
    assert tuple(v.ruleset for v in VARIANTS) == BUILTIN


def test_an_unknown_family_is_shown_as_itself() -> None:
    assert family_name("retired_variant") == "retired_variant"


def test_sides_come_from_the_teams_not_from_the_seat_number() -> None:
    assert load_ruleset("partnership").seat_sides == (0, 1, 0, 1)
    assert load_ruleset("three-player").seat_sides == (0, 1, 2)
    base = load_ruleset("partnership")
    neighbours = Ruleset(**{**_fields(base), "teams": ((0, 1), (2, 3))})
    assert neighbours.seat_sides == (0, 0, 1, 1)


@pytest.mark.parametrize("teams", [((0, 2),), ((0, 2), (1, 2)), ((0, 1), (2, 4)), ((0, 1, 2, 3),)])
def test_teams_that_do_not_split_the_seats_are_refused(teams: tuple[tuple[int, ...], ...]) -> None:
    with pytest.raises(RulesetError) as caught:
        Ruleset(**{**_fields(load_ruleset("partnership")), "teams": teams})
    assert "teams must put each seat 0 to 3 in exactly one" in str(caught.value)


def test_no_module_works_sides_out_from_the_seat_number() -> None:
    offenders = [
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*.py")
        if "s % 2 if" in p.read_text(encoding="utf-8") or "seat % 2" in p.read_text(encoding="utf-8")
    ]
    assert offenders == []


def _fields(rules: Ruleset) -> dict[str, object]:
    import dataclasses

    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


TOY_YAML = (Path(__file__).resolve().parents[1] / "rulesets" / "classic.yaml").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_recipe_adds_a_toy_variant(tmp_path: Path) -> None:
    """docs/recipes.md, "Add a variant": a literal and a registry entry in trainer/engine/variants.py
    and rulesets/NAME.yaml; every command that lists or takes a ruleset then knows it."""
    copy = repo_copy.copy_repository(tmp_path / "repo")
    variants = copy / "trainer" / "engine" / "variants.py"
    repo_copy.edit(variants, '"four_partners"]', '"four_partners", "toy_quick"]')
    last = '    Variant(id="four_partners", ruleset="partnership"),\n'
    repo_copy.edit(variants, last, last + '    Variant(id="toy_quick", ruleset="toy"),\n')
    toy = TOY_YAML.replace("name: classic\n", "name: toy\n")
    toy = toy.replace("variant: classic6\n", "variant: toy_quick\n")
    title = "title: Classic six-card cribbage (2 players, 121)"
    toy = toy.replace(title, "title: Toy quick game (2 players, 31)")
    toy = toy.replace('aliases: [six-card, 6-card, classic6, standard, "121"]', "aliases: [toy-quick]")
    toy = toy.replace("target: 121 ", "target: 31 ")
    (copy / "rulesets" / "toy.yaml").write_text(toy, encoding="utf-8")

    listed = repo_copy.run(copy, "rules", "list")
    assert listed.returncode == 0, listed.stderr
    assert "Toy quick game" in listed.stdout and "toy-quick" in listed.stdout
    checked = repo_copy.run(copy, "rules", "check", str(copy / "rulesets" / "toy.yaml"))
    assert checked.returncode == 0, checked.stderr
    assert "toy_quick" in checked.stdout
    counted = repo_copy.run(copy, "count", "5H 5D 5S JC", "--starter", "5C", "-r", "toy-quick")
    assert counted.returncode == 0, counted.stderr
    assert "29" in counted.stdout
    played = repo_copy.run(copy, "simulate", "--games", "2", "-r", "toy", "--seed", "1")
    assert played.returncode == 0, played.stderr
