"""What in an output folder is pnpforge's: the marker every output folder it makes holds (a later
build may replace the kits in such a folder, never in another), a folder's state, and what builds
stopped by ``kill -9`` left beside it (removed by the next build, which says so)."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
from pathlib import Path

from ..base.errors import BuildError
from ..base.interrupts import Held

STALE = re.compile(r"^\.(?P<name>.+)\.(?P<kind>staging|old)-(?P<pid>\d+)-[A-Za-z0-9_]+$")


def remove_ours(path: Path) -> None:
    """Remove a folder we made (staging, an old kit), whole even if Ctrl-C is pressed meanwhile."""
    with Held():
        shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


REMOVED: list[Path] = []  # what clean_stale removed, for the command to say (taken by removed_stale)


def removed_stale() -> list[Path]:
    """The folders a build stopped by ``kill -9`` had left, removed since the last call."""
    out = list(REMOVED)
    REMOVED.clear()
    return out


def clean_stale(root: Path, name: str) -> None:
    """Remove what killed builds of ``name`` left in ``root`` (noted in REMOVED); put an old kit back if
    the swap was cut between its two renames (only where the system has no atomic exchange)."""
    try:
        entries = list(os.scandir(root))
    except OSError:
        return
    target = root / name
    for entry in sorted(entries, key=lambda e: e.name):
        found = STALE.match(entry.name)
        if not found or found.group("name") != name or _alive(int(found.group("pid"))):
            continue
        path = Path(entry.path)
        try:
            if found.group("kind") == "old" and not os.path.lexists(target):
                os.rename(path, target)
                continue
        except OSError:
            pass
        remove_ours(path)
        REMOVED.append(path)


MARKER = ".pnpforge-output"  # in every output folder pnpforge makes: later builds may replace its kits
MARKER_TEXT = b"This folder is a pnpforge output: `pnpforge build` replaces the kits in it.\n"


def folder_state(root: Path) -> str:
    """``absent``, ``empty``, ``ours`` (pnpforge's marker, or the top-level manifest.json of a build
    from before the marker), ``foreign`` (a folder holding anything else) or ``not a folder``; a
    folder that cannot be looked at is refused (BuildError)."""
    try:
        mode = os.stat(root).st_mode
    except FileNotFoundError:
        return "absent"
    except OSError as exc:  # a name too long, a folder we may not look in
        raise BuildError(f"cannot look at the output folder: {exc.strerror}", root) from None
    if not stat.S_ISDIR(mode):
        return "not a folder"
    try:
        names = {name for name in os.listdir(root) if not STALE.match(name)}  # what a killed build left
    except OSError as exc:
        raise BuildError(f"cannot look at the output folder: {exc.strerror}", root) from None
    if not names:
        return "empty"
    if MARKER in names:
        return "ours"
    if "manifest.json" in names and _older_output(root, names):
        return "ours"
    return "foreign"


def _older_output(root: Path, names: set[str]) -> bool:
    """An output of a pnpforge from before the marker: its top-level manifest.json, and nothing but
    that, index.html and kit folders (each with its own manifest.json). A folder holding anything
    else (a home folder a forced build wrote a manifest into) is not ours."""
    try:
        with open(root / "manifest.json", "rb") as handle:
            summary = json.loads(handle.read(1_000_000))
    except (OSError, ValueError):
        return False
    games = summary.get("games") if isinstance(summary, dict) else None
    if not (isinstance(games, list) and all(isinstance(g, dict) and "manifest" in g for g in games)):
        return False
    for name in names - {"manifest.json", "index.html"}:
        path = root / name
        if os.path.islink(path) or not path.is_dir() or not (path / "manifest.json").is_file():
            return False
    return True
