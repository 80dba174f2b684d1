"""The one type scale of every kit: the sizes text is printed at, and which size each role takes.

Every line of text is set at a size from ``STEPS_PT``. Text that shrinks to fit its box (a long
card title, a crowded piece) is measured as before and then set at the largest step not above the
size that fitted, so it still fits; both drawing backends (PDF and SVG) and the rich-text line
setter take their size through :func:`snap`, so no caller can print an off-scale size. Roles that do
not shrink take their size from ``ROLES_PT``, the same in every kit.
"""

from __future__ import annotations

import bisect

# half points up to 10 pt (small print on pieces and cards needs the fine steps), then the usual
# typographic steps
STEPS_PT: tuple[float, ...] = (5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0, 11.0, 12.0, 14.0,
                               16.0, 18.0, 20.0, 24.0, 28.0, 32.0, 36.0, 40.0, 48.0, 56.0, 64.0, 72.0,
                               96.0)

ROLES_PT: dict[str, float] = {
    "display": 16.0,   # a page's title: the contents page, the setup summary, a rule screen's panel
    "board_title": 14.0,  # the title printed on a board, mat, map, track or record sheet
    "heading": 11.0,   # a heading on a text page, a card's title at its largest
    "body": 9.5,       # running text on a text page (contents, notes, summaries)
    "card_body": 8.5,  # running text on a card at its largest
    "label": 8.0,      # a name on a board's cell or track, a table's text
    "small": 6.5,      # the footer of every page, credits, small print
    "fine": 5.5,       # the smallest text anywhere (a crowded piece, a card's footer)
}


def snap(size_pt: float) -> float:
    """The largest step of the scale not above ``size_pt`` (text set there is never wider than at
    ``size_pt``). Below the smallest step the size is kept as it is: only a scaled picture (the
    assembly page's miniature of a mat) draws such text."""
    if size_pt < STEPS_PT[0] - 1e-6:
        return size_pt
    i = bisect.bisect_right(STEPS_PT, size_pt + 1e-6)
    return STEPS_PT[max(0, i - 1)]


def step_at_least(size_pt: float) -> float:
    """The smallest step of the scale not below ``size_pt`` (a size with a floor, as a cue letter
    at least 2 mm tall)."""
    i = bisect.bisect_left(STEPS_PT, size_pt - 1e-6)
    return STEPS_PT[min(i, len(STEPS_PT) - 1)]


def step_up(size_pt: float) -> float:
    """The step above ``size_pt``'s own step: a heading over text set at ``size_pt``."""
    i = bisect.bisect_right(STEPS_PT, snap(size_pt) + 1e-6)
    return STEPS_PT[min(i, len(STEPS_PT) - 1)]


def on_scale(size_pt: float, tolerance_pt: float = 0.02) -> bool:
    """Whether a printed size is a step of the scale."""
    return any(abs(size_pt - step) <= tolerance_pt for step in STEPS_PT)
