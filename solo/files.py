"""Writing a player's files, one rule for every ``solo`` command: a file that is already there is
never overwritten without ``--force``. The refusal is one line and nothing is written: all the files
a command would write are checked before the first is written. (``solo play --log`` is the one
command meant to carry on an existing file: it only ever appends to it, see :mod:`solo.logfile`.)"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Sequence

from generator.api import UsageError, check_replaceable, write_atomic


def refuse_existing(paths: Sequence[Path], force: bool, option: str = "--out") -> None:
    """Raise :class:`UsageError` (exit 2) naming the first of ``paths`` that exists, unless ``force``;
    one that is no regular file (a link, a folder, a device) is refused even with ``force``."""
    for path in paths:
        check_replaceable(Path(path))
    if force:
        return
    for path in paths:
        if os.path.lexists(path):
            raise UsageError(f"{path} already exists; nothing was written (add --force to overwrite it, "
                             f"or choose another {option})")


def write_files(files: Sequence[tuple[Path, bytes | str]], force: bool,
                option: str = "--out") -> list[tuple[str, Path]]:
    """Write every (path, data) after :func:`refuse_existing`; return ("wrote", path) for each."""
    refuse_existing([Path(p) for p, _ in files], force, option)
    return [("wrote", write_atomic(Path(path), data)) for path, data in files]
