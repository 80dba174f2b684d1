"""Less paper: one-sided pieces of several components share pages.

Each component's pieces form blocks (its own grid, cut lines and marks); a block goes below the
previous one on the same page while rows of its pieces still fit there, else on a new page. So 12
tokens left over from one component no longer take a page of their own, and a component of two
markers sits under the last rows of another. Components of the same kind are kept together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Generic, TypeVar

from ..model import Component
from .page import MARK_LEN_MM, Paper
from .pieces import Grid

BLOCK_GAP_MM = MARK_LEN_MM + 1.0  # below a block's bleed: its bottom marks, then air
T = TypeVar("T")


@dataclass
class Block(Generic[T]):
    comp: Component
    grid: Grid
    pieces: list[T]


@dataclass
class PackedPage(Generic[T]):
    blocks: list[Block[T]] = field(default_factory=list)

    @property
    def comps(self) -> list[Component]:
        out: list[Component] = []
        for block in self.blocks:
            if block.comp not in out:
                out.append(block.comp)
        return out


def by_kind(comps: list[Component]) -> list[Component]:
    """Components of the same kind next to each other, kinds in the order they first appear."""
    kinds: list[str] = []
    for comp in comps:
        if comp.kind not in kinds:
            kinds.append(comp.kind)
    return sorted(comps, key=lambda c: kinds.index(c.kind))


def pack(runs: list[tuple[Component, list[T]]], paper: Paper,
         plan: Callable[[Component, tuple[float, float, float, float]], Grid]) -> list[PackedPage[T]]:
    """Pages holding every piece of ``runs`` (component, its pieces in order), blocks one below the
    other. ``plan(comp, region)`` is the grid for a component in a region, ValueError if none fits."""
    x0, y0, x1, y1 = paper.usable
    pages: list[PackedPage[T]] = []
    cursor = y1
    for comp, pieces in runs:
        full = plan(comp, (x0, y0, x1, y1)).per_page  # a ValueError here: the piece fits no page
        i = 0
        while i < len(pieces):
            grid = None
            left = len(pieces) - i
            if pages and cursor < y1:
                try:
                    grid = plan(comp, (x0, cursor, x1, y1))
                except ValueError:
                    grid = None
                # below another block only where that saves a page of this component's own
                if grid is not None and -(-(left - grid.per_page) // full) >= -(-left // full):
                    grid = None
            if grid is None:
                pages.append(PackedPage())
                grid = plan(comp, (x0, y0, x1, y1))  # a ValueError here: the piece fits no page
            n = min(grid.per_page, len(pieces) - i)
            pages[-1].blocks.append(Block(comp, grid, pieces[i:i + n]))
            i += n
            cursor = grid.y0 + grid.used(n)[1] + grid.bleed + BLOCK_GAP_MM
    return pages
