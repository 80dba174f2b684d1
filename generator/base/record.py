"""What the value classes share: they are standard dataclasses (type checkers and editors see their
fields), and each is changed by ``replace`` (``dataclasses.replace``). A frozen one is pickled through
its ``__init__``: Python 3.10 cannot unpickle a frozen dataclass with slots field by field."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

V = TypeVar("V", bound="Value")


class Value:
    __slots__ = ()

    def replace(self: V, **changes: Any) -> V:
        """A copy with ``changes`` (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def __reduce__(self) -> tuple:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        return (self.__class__, tuple(getattr(self, f.name) for f in fields if f.init))
