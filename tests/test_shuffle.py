"""The engine's shuffle must deal exactly what `random.Random.shuffle` deals for the same seed:
it is a faster copy of the same walk, and seeded games, drills and replays depend on it."""

from __future__ import annotations

import random

import pytest

from trainer.engine.cards import full_deck
from trainer.engine.shuffle import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 17, 52, 100])
def test_same_order_as_the_standard_library_for_many_seeds(size: int) -> None:
    for seed in range(300):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs, (size, seed)
        assert a.random() == b.random(), "the generator must be left in the same state"


def test_a_pack_of_cards_is_shuffled_like_the_standard_library() -> None:
    pack, expected = list(full_deck()), list(full_deck())
    shuffle(random.Random(2026), pack)
    random.Random(2026).shuffle(expected)
    assert pack == expected
    assert sorted(pack) == sorted(full_deck())


class _Reversing(random.Random):
    """A generator with its own idea of shuffling: the engine must use it, not bypass it."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


def test_a_subclass_keeps_its_own_shuffle() -> None:
    items = [1, 2, 3, 4]
    shuffle(_Reversing(1), items)
    assert items == [4, 3, 2, 1]


def test_evolve_refuses_an_unknown_field_and_copies_the_rest() -> None:
    from trainer.engine.cards import Card
    from trainer.engine.pegging import PeggingState, evolve

    state = PeggingState.start([[Card.parse("5H")], [Card.parse("6H")]], leader=0)
    moved = evolve(state, count=5, turn=1)
    assert (moved.count, moved.turn, moved.hands) == (5, 1, state.hands)
    assert (state.count, state.turn) == (0, 0), "the original is untouched"
    with pytest.raises(TypeError, match="no field"):
        evolve(state, bogus=1)
