"""Small value classes without :mod:`dataclasses`: what a dataclass would generate, shared once.

A dataclass is defined by generating and compiling the source of its methods, on every start of the
program; the records a build needs (a game, its components, a card's look,
a paint style, the paper, the sheet grid, the options, the YAML limits) are plain classes instead.
Each writes its own ``__init__`` (the fields in ``FIELDS`` order, positional or by keyword) and
inherits the rest from :class:`Record`, made from ``FIELDS`` when the class is defined:

* ``==`` compares the fields (or ``COMPARE``, where some are left out) of two records of the same
  class; any other comparison is ``NotImplemented``, as a dataclass's;
* ``repr`` shows ``Name(field=value, ...)`` in ``FIELDS`` order;
* ``replace(**changes)`` is ``dataclasses.replace``: a new record through ``__init__`` (an unknown
  name is a TypeError), also reachable as ``copy.replace`` (``__replace__``) where Python has it.

A :class:`Frozen` record is a frozen dataclass: hashable by its compared fields (records are dict and
cache keys), and its fields cannot be set or deleted after ``__init__`` (which sets them with
:data:`set_field`). Mutable records are unhashable, as a dataclass with ``==`` is.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

set_field = object.__setattr__  # how a frozen record's __init__ sets its fields


class Record:
    __slots__ = ()
    FIELDS: tuple[str, ...] = ()
    COMPARE: tuple[str, ...] | None = None  # None: every field

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "FIELDS" not in cls.__dict__:  # a base (Frozen), not a record
            return
        # attrgetter of two or more names returns a tuple, made in C (every record has two or more)
        cls._all = attrgetter(*cls.FIELDS)
        cls._compared = attrgetter(*(cls.COMPARE if cls.COMPARE is not None else cls.FIELDS))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._compared(self) == self._compared(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}("
                + ", ".join(f"{k}={v!r}" for k, v in zip(self.FIELDS, self._all(self))) + ")")

    def replace(self, **changes: Any) -> Any:
        """A copy with ``changes`` (as ``dataclasses.replace``)."""
        return self.__class__(**dict(zip(self.FIELDS, self._all(self)), **changes))

    __replace__ = replace


class Frozen(Record):
    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._compared(self))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple:
        # pickle and copy make a frozen record again through __init__ (their default would set its
        # fields one by one, which a frozen record refuses)
        return (self.__class__, self._all(self))
