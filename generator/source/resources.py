"""Where the bundled data and templates are: inside the installed package (a wheel carries them as
``generator/data`` and ``generator/templates``) or at the top of a source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # generator/


def _find(name: str) -> Path:
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def data_dir() -> Path:
    return _find("data")


def templates_dir() -> Path:
    return _find("templates")
