"""Errors a user can cause. The CLI prints them as ``file:line: message`` and exits with their code.

Nothing a user does with data, logs or options should end in a traceback: every such problem is
raised as one of these.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

MAX_MESSAGE = 300  # characters in one refusal, place included
MAX_SHOWN = 20  # problems listed before "...and N more"


def show(value: Any, limit: int = 60) -> str:
    """A value as written in a message: text quoted, anything long cut to ``limit`` characters."""
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit] + "..."
        return repr(text)
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)}"
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "..."


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """A message on one line of at most ``limit`` characters: every line break a terminal or
    ``str.splitlines`` knows (U+0085 and U+2028 from a library's message too) made a space."""
    text = message if message.isprintable() else " ".join(message.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class PnpError(Exception):
    """A problem the user can fix. ``exit_code`` is what the command line exits with."""

    exit_code = 1
    note = False  # True: a line that only explains the refusal above it (not counted as a problem)

    def __init__(self, message: str, file: str | Path | None = None, line: int | None = None):
        message = one_line(str(message))
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
        if len(where) > 120:
            where = "..." + where[-117:]
        return one_line(f"{where}: {self.message}" if where else self.message)


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

    def __init__(self, errors: Sequence[PnpError]):
        self.errors: list[PnpError] = []
        said: set[str] = set()  # a line said twice (two items written on one line, one problem each) once
        for e in errors:
            if str(e) not in said:
                said.add(str(e))
                self.errors.append(e)
        first = self.errors[0] if self.errors else None
        super().__init__(first.message if first else "problems found", first.file if first else None,
                         first.line if first else None)

    def lines(self) -> list[str]:
        """One line a problem; a long list is cut to its first few and "...and N more"."""
        out = [str(e) for e in self.errors[:MAX_SHOWN]]
        if len(self.errors) > MAX_SHOWN:
            out.append(f"...and {len(self.errors) - MAX_SHOWN:,} more")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())
