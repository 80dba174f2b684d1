"""Files a game names: where they are shown in messages, and that they stay inside the game folder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def display_path(path: Path) -> str:
    """A short name for messages: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return rel if not rel.startswith("..") else str(path)


def inside_folder(folder: Path, rel: Any) -> tuple[Path | None, str]:
    """A file named in the data, resolved inside the game folder; (None, why) if it is not."""
    text = str(rel)
    if not text or os.path.isabs(text) or text.startswith("~"):
        return None, f"{text!r} must be a path inside the game folder, like art/forest.png"
    root = folder.resolve()
    path = (root / text).resolve()
    try:
        path.relative_to(root)
    except ValueError:
        return None, f"{text!r} leaves the game folder; pictures and fonts must live inside it"
    return path, ""
