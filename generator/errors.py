"""Errors a user can cause. The CLI prints them as ``file:line: message`` and exits with their code.

Nothing a user does with data, logs or options should end in a traceback: every such problem is
raised as one of these.
"""

from __future__ import annotations

from pathlib import Path


class PnpError(Exception):
    """A problem the user can fix. ``exit_code`` is what the command line exits with."""

    exit_code = 1

    def __init__(self, message: str, file: str | Path | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line

    def where(self) -> str:
        if self.file is None:
            return ""
        return f"{self.file}:{self.line}" if self.line else self.file

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


class DataError(PnpError):
    """Game data (YAML) that cannot be read or breaks the format: exit 1."""

    exit_code = 1


class BuildError(PnpError):
    """A build that cannot be completed (nothing is written): exit 1."""

    exit_code = 1


class UsageError(PnpError):
    """Bad command-line use: exit 2."""

    exit_code = 2


class DataErrors(DataError):
    """Several data problems found at once (``validate`` reports all of them)."""

    def __init__(self, errors: list[PnpError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)
