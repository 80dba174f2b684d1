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


LIBRARIES = r"(PIL|svglib|reportlab|lxml|fontTools)(\.|$)"


def quiet_libraries() -> None:
    """The drawing libraries' own warnings (Pillow's DecompressionBombWarning, a palette's
    transparency, reportlab's and svglib's) never reach the terminal as bare lines pointing into
    site-packages: what they warn of in a player's file is checked by our own limits and refused
    with its file:line (generator/source/pictures.py, generator/draw/fonts.py), and svglib's log
    lines are caught around each file it reads. Python's own warnings stay as they are."""
    import logging  # loaded once, when a command quiets the libraries
    import warnings

    warnings.filterwarnings("ignore", module=LIBRARIES)  # the same filter again replaces the first
    for name in ("svglib", "fontTools"):  # what they log of a damaged file is refused by our checks
        logger = logging.getLogger(name)
        logger.propagate = False
        if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
            logger.addHandler(logging.NullHandler())
