"""Frozen keyword-only records that behave like `@dataclass(frozen=True, kw_only=True)` classes
but cost nothing to define.

`dataclass` writes each class's `__init__`, `__eq__`, `__repr__`, `__hash__` and `__setattr__`
as source text and compiles it: about 0.75 ms per class, and every `crib` command that loads a
ruleset defined seven of them before doing any work (start-up is benchmarked). A `Record` shares
one generic implementation of each method instead. `dataclasses.fields`, `asdict`, `replace` and
`is_dataclass` still work (the schema of ruleset files is derived from them): the first time one
of them asks for `__dataclass_fields__`, the real dataclass fields are built from the same
annotations and defaults, once, and kept.

Records are keyword-only unless the class says `kw_only=False` (`class Cards(Record,
kw_only=False)`), which also takes the fields by position, in order, as a dataclass does; a
type checker reads the same class keyword (PEP 681). Fields are the class body's own: a record
does not inherit another record's fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, dataclass_transform

_MISSING: Any = object()
_T = TypeVar("_T")


class _Factory:
    """The marker `factory` leaves in the class body."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def factory(*, default_factory: Callable[[], _T]) -> _T:
    """A default made fresh for each record, like `dataclasses.field(default_factory=...)`
    (`deal: Deal = factory(default_factory=Deal)`)."""
    return _Factory(default_factory)  # type: ignore[return-value]


class _LazyFields:
    """`__dataclass_fields__`, built from a twin dataclass on first access and then stored."""

    def __get__(self, obj: object, owner: type[Record]) -> dict[str, Any]:
        import dataclasses

        namespace: dict[str, Any] = {
            "__annotations__": dict(owner.__dict__.get("__annotations__", {})),  # noqa: RUF063
            "__module__": owner.__module__,
            "__qualname__": owner.__qualname__,
        }
        for name, default, make in owner._fields:
            if make is not None:
                namespace[name] = dataclasses.field(default_factory=make)
            elif default is not _MISSING:
                namespace[name] = default
        twin: Any = dataclasses.dataclass(frozen=True, kw_only=not owner._positional)(
            type(owner.__name__, (), namespace)
        )
        fields: dict[str, Any] = twin.__dataclass_fields__
        type.__setattr__(owner, "__dataclass_fields__", fields)
        return fields


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(factory,))
class Record:
    """Base of frozen keyword-only records: fields are the annotations of the class body, with
    class-level defaults or `factory(...)`; `__post_init__` runs after the fields are set."""

    _fields: ClassVar[tuple[tuple[str, Any, Callable[[], Any] | None], ...]] = ()
    _names: ClassVar[tuple[str, ...]] = ()
    _positional: ClassVar[bool] = False
    _post: ClassVar[Callable[[Any], None] | None] = None

    def __init_subclass__(cls, *, kw_only: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._positional = not kw_only
        fields: list[tuple[str, Any, Callable[[], Any] | None]] = []
        # The class body's own annotations (strings), read without importing inspect.
        for name in cls.__dict__.get("__annotations__", {}):  # noqa: RUF063
            default = cls.__dict__.get(name, _MISSING)
            if isinstance(default, _Factory):
                fields.append((name, _MISSING, default.make))
            else:
                fields.append((name, default, None))
        cls._fields = tuple(fields)
        cls._names = tuple(f[0] for f in fields)
        cls._post = getattr(cls, "__post_init__", None)
        type.__setattr__(cls, "__dataclass_fields__", _LazyFields())

    def __init__(self, *args: Any, **values: Any) -> None:
        state = self.__dict__
        if args:
            if self._positional and not values and len(args) <= len(self._names):
                # Fields by position, the rest by default (game events, messages): the common
                # case, kept short; a missing field without a default fails as below.
                state.update(zip(self._names, args, strict=False))
                for name, default, make in self._fields[len(args) :]:
                    if make is not None:
                        state[name] = make()
                    elif default is _MISSING:
                        raise TypeError(
                            f"{type(self).__qualname__}.__init__() missing 1 required argument: {name!r}"
                        )
                    else:
                        state[name] = default
                post = type(self)._post
                if post is not None:
                    post(self)
                return
            self._take_positional(args, values)
        for name, default, make in self._fields:
            if name in values:
                state[name] = values.pop(name)
            elif make is not None:
                state[name] = make()
            elif default is _MISSING:
                raise TypeError(
                    f"{type(self).__qualname__}.__init__() missing 1 required keyword-only argument: {name!r}"
                )
            else:
                state[name] = default
        if values:
            raise TypeError(
                f"{type(self).__qualname__}.__init__() got an unexpected keyword argument "
                f"{next(iter(values))!r}"
            )
        post = type(self)._post
        if post is not None:
            post(self)

    def _take_positional(self, args: tuple[Any, ...], values: dict[str, Any]) -> None:
        """Move positional arguments into `values` by field order, as a dataclass's `__init__` would."""
        name = type(self).__qualname__
        if not self._positional:
            raise TypeError(f"{name}.__init__() takes keyword arguments only")
        if len(args) > len(self._names):
            raise TypeError(
                f"{name}.__init__() takes {len(self._names)} positional arguments but {len(args)} were given"
            )
        for field_name, value in zip(self._names, args, strict=False):
            if field_name in values:
                raise TypeError(f"{name}.__init__() got multiple values for argument {field_name!r}")
            values[field_name] = value

    def _values(self) -> tuple[Any, ...]:
        state = self.__dict__
        return tuple([state[n] for n in self._names])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(self._values() == other._values())
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        state = self.__dict__
        inner = ", ".join(f"{n}={state[n]!r}" for n in self._names)
        return f"{type(self).__qualname__}({inner})"

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")
