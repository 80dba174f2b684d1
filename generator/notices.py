"""Warnings found while drawing (text shrunk to its minimum and still too long): collected per build,
printed by the command line as file:line: warning: sentence. The kit is still made."""

from __future__ import annotations

from .errors import DataError

_found: dict[tuple, DataError] = {}


def warn(where: tuple, message: str) -> None:
    """Note a problem at ``where`` (file, line); the same one twice is noted once."""
    file, line = (tuple(where) + (None, None))[:2]
    key = (file, line, message)
    if key not in _found:
        _found[key] = DataError(message, file, line)


def take() -> list[DataError]:
    """The warnings noted since the last call, in the order found."""
    out = list(_found.values())
    _found.clear()
    return out
