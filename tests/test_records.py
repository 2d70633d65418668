"""`trainer.engine.records.Record` must behave like the frozen dataclass it stands in for.

Records replace `@dataclass(frozen=True[, kw_only=True])` on the way to a drill's first question
(each dataclass compiles six methods at import, about 0.5 ms apiece class; see
docs/history-speed.md). These tests hold a record and its dataclass twin side by side, so that
swapping one for the other can never change what a caller sees.
"""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from trainer.engine.records import Record, factory


class KwRecord(Record):
    name: str
    points: int = 0
    tags: list[str] = factory(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class KwData:
    name: str
    points: int = 0
    tags: list[str] = field(default_factory=list)


class PosRecord(Record, kw_only=False):
    cards: tuple[str, ...]
    sep: str = " "


@dataclass(frozen=True)
class PosData:
    cards: tuple[str, ...]
    sep: str = " "


class Checked(Record):
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


def _same_shape(record: object, twin: object) -> None:
    assert repr(record).replace("Record", "") == repr(twin).replace("Data", "")
    assert dataclasses.asdict(record) == dataclasses.asdict(twin)  # type: ignore[arg-type]
    assert [f.name for f in dataclasses.fields(record)] == [f.name for f in dataclasses.fields(twin)]  # type: ignore[arg-type]


def test_keyword_record_matches_its_dataclass() -> None:
    rec, twin = KwRecord(name="a", points=3), KwData(name="a", points=3)
    _same_shape(rec, twin)
    assert rec == KwRecord(name="a", points=3, tags=[])
    assert rec != KwRecord(name="a", points=4)
    assert rec.tags is not KwRecord(name="a").tags  # a fresh default each time
    assert dataclasses.is_dataclass(rec)
    assert dataclasses.replace(rec, points=5) == KwRecord(name="a", points=5)
    assert all(f.kw_only for f in dataclasses.fields(rec))  # type: ignore[arg-type]


def test_positional_record_matches_its_dataclass() -> None:
    rec, twin = PosRecord(("5H", "5C"), " / "), PosData(("5H", "5C"), " / ")
    _same_shape(rec, twin)
    assert rec == PosRecord(cards=("5H", "5C"), sep=" / ")
    assert PosRecord(("5H",)).sep == " "
    assert hash(rec) == hash(PosRecord(("5H", "5C"), sep=" / "))
    assert {rec, PosRecord(("5H", "5C"), " / ")} == {rec}
    assert dataclasses.replace(rec, sep="-") == PosRecord(("5H", "5C"), "-")
    assert not any(f.kw_only for f in dataclasses.fields(rec))  # type: ignore[arg-type]


def test_records_are_frozen_like_dataclasses() -> None:
    rec = PosRecord(("5H",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rec.sep = "x"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del rec.sep  # type: ignore[misc]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: KwRecord(), "missing 1 required keyword-only argument: 'name'"),
        (lambda: KwRecord(name="a", extra=1), "unexpected keyword argument 'extra'"),
        (lambda: KwRecord("a"), "keyword arguments only"),
        (lambda: PosRecord(("5H",), " ", "x"), "takes 2 positional arguments but 3 were given"),
        (lambda: PosRecord(("5H",), cards=("5C",)), "multiple values for argument 'cards'"),
    ],
)
def test_wrong_arguments_fail_as_a_dataclass_would(make: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        make()  # type: ignore[operator]


def test_post_init_runs_after_the_fields_are_set() -> None:
    assert Checked(value=1).value == 1
    with pytest.raises(ValueError, match="negative"):
        Checked(value=-1)


def test_records_survive_pickling() -> None:
    """The `--jobs` pool sends questions and grades between processes."""
    rec = KwRecord(name="a", tags=["x"])
    assert pickle.loads(pickle.dumps(rec)) == rec
    pos = PosRecord(("5H",), "-")
    assert pickle.loads(pickle.dumps(pos)) == pos


def test_start_up_records_are_records() -> None:
    """The classes on the way to a drill's first question stay cheap to define."""
    from trainer.drills.messages import Cards
    from trainer.drills.model import Grade, Question
    from trainer.drills.presenting import Presentation
    from trainer.training.records import AnswerRow

    for cls in (Cards, Grade, Question, Presentation, AnswerRow):
        assert issubclass(cls, Record), cls
