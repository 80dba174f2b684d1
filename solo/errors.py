"""What the solo engine and the log checker raise. All are :class:`generator.base.errors.PnpError`, so the
command line prints ``file:line: message`` and exits with the class's code."""

from __future__ import annotations

from pathlib import Path

from generator.api import PnpError

# Where in a year (or the setup) a problem sits: a log key and, for lists, the item's index.
Where = tuple[str, "int | None"]


class LogFormatError(PnpError):
    """The file cannot be read as a log at all (not YAML, a wrong key or type ...): exit 2."""

    exit_code = 2


class IllegalMoveError(PnpError):
    """A step the rules forbid, or a number that does not match: exit 1.

    The engine raises it without a file; ``where`` names the log key (and item) at fault so the
    checker can point at its line.
    """

    exit_code = 1

    def __init__(self, message: str, where: Where | None = None,
                 file: str | Path | None = None, line: int | None = None):
        super().__init__(message, file, line)
        self.where_key = where


class IllegalTurnError(IllegalMoveError):
    """An :class:`IllegalMoveError` placed in a log: ``LOG:LINE: year N: ...``."""

    def __init__(self, message: str, file: str | Path | None, line: int | None, year: int | None):
        super().__init__(message, None, file, line)
        self.year = year


class PolicyError(PnpError):
    """A ``solo simulate`` policy (most often a player's own) answered wrongly, made an illegal move or
    raised: named with its game and year. Exit 1."""

    exit_code = 1
