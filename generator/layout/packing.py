"""Less paper: one-sided pieces of several components share pages.

Each component's pieces form blocks (its own grid, cut lines and marks); a block goes below the
previous one on the same page while rows of its pieces still fit there, else on a new page. So 12
tokens left over from one component no longer take a page of their own, and a component of two
markers sits under the last rows of another. Components of the same kind are kept together.

A designer can choose too: ``pack_with: other-id`` puts a component's pieces right after the other
component's, on its last page while a row of them fits, even where that saves no page (a first-player
marker under the tokens it belongs with). A block under another on a page is headed by its
component's name, so every row group says what it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Generic, TypeVar

from ..model import Component
from .page import HEADING_MM, MARK_LEN_MM, Paper
from .pieces import Grid
from .sheetzones import top_mm

BLOCK_GAP_MM = MARK_LEN_MM + 1.0  # below a block's bleed: its bottom marks, then air
T = TypeVar("T")


@dataclass
class Block(Generic[T]):
    comp: Component
    grid: Grid
    pieces: list[T]
    label: tuple[float, float] | None = None  # where its name is printed (x, baseline y), if anywhere
    front_only: bool = False  # one-sided pieces on a sheet printed on both sides: nothing behind them


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
    """Components of the same kind next to each other, kinds in the order they first appear; then
    each component with ``pack_with`` moved right after the one it names (and that one's followers)."""
    kinds: list[str] = []
    for comp in comps:
        if comp.kind not in kinds:
            kinds.append(comp.kind)
    ordered = sorted(comps, key=lambda c: kinds.index(c.kind))
    ids = {c.id for c in ordered}
    followers: dict[str, list[Component]] = {}
    for comp in ordered:
        target = pack_target(comp)
        if target in ids:
            followers.setdefault(target, []).append(comp)
    out: list[Component] = []

    def place(comp: Component) -> None:
        out.append(comp)
        for follower in followers.get(comp.id, []):
            place(follower)
    for comp in ordered:
        if pack_target(comp) not in ids:  # validation refuses loops, so every chain has a head
            place(comp)
    return out


def pack_target(comp: Component) -> str | None:
    target = comp.spec.get("pack_with")
    return str(target) if target else None


def pack(runs: list[tuple[Component, list[T]]], paper: Paper,
         plan: Callable[[Component, tuple[float, float, float, float]], Grid]) -> list[PackedPage[T]]:
    """Pages holding every piece of ``runs`` (component, its pieces in order), blocks one below the
    other. ``plan(comp, region)`` is the grid for a component in a region, ValueError if none fits."""
    x0, _y0, x1, y1 = paper.usable
    pages: list[PackedPage[T]] = []
    for comp, pieces in runs:
        y0 = top_mm(comp, paper)  # under the sheet's title, if it has one
        full = plan(comp, (x0, y0, x1, y1)).per_page  # a ValueError here: the piece fits no page
        chosen = bool(pages and any(pack_target(comp) == b.comp.id for b in pages[-1].blocks))
        i = 0
        while i < len(pieces):
            left = len(pieces) - i
            block = None
            if pages:
                page = pages[-1]
                block = _under(page.blocks[-1], comp, pieces[i:], paper, plan)
                # below another block only where that saves a page of this component's own, or
                # where the designer asked for it (pack_with the component above)
                if block is not None and not (chosen and i == 0) and \
                        -(-(left - block.grid.per_page) // full) >= -(-left // full):
                    block = None
                # the page's first block moves down under its name where another component joins
                # it (every block on a shared page says what it is), where that costs no piece here
                # and no bleed
                headed = _headed(page.blocks[0], paper, plan) if block is not None and len(page.blocks) == 1 else None
                if headed is not None:
                    under = _under(headed, comp, pieces[i:], paper, plan)
                    if under is not None and block is not None and _as_good(under, block):
                        page.blocks[0], block = headed, under
            if block is None:
                pages.append(PackedPage())
                grid = plan(comp, (x0, y0, x1, y1))  # a ValueError here: the piece fits no page
                block = Block(comp, grid, pieces[i:i + grid.per_page])
            pages[-1].blocks.append(block)
            i += len(block.pieces)
    return pages


def _under(above: Block, comp: Component, pieces: list[T], paper: Paper,
           plan: Callable[[Component, tuple[float, float, float, float]], Grid]) -> Block[T] | None:
    """A block of as many of ``pieces`` as fit under ``above``, headed by its component's name; None
    where not one row fits there."""
    x0, _y0, x1, y1 = paper.usable
    cursor = _below(above)
    if cursor + HEADING_MM >= y1:
        return None
    try:
        grid = plan(comp, (x0, cursor + HEADING_MM, x1, y1))
    except ValueError:
        return None
    return Block(comp, grid, pieces[:grid.per_page], (grid.x0 - grid.bleed, cursor + HEADING_MM * 0.72))


def _below(block: Block) -> float:
    """Where the next block may start: under ``block``'s bleed, its bottom marks and some air."""
    grid = block.grid
    return grid.y0 + grid.used(len(block.pieces))[1] + grid.bleed + BLOCK_GAP_MM


def fill(page: PackedPage, runs: list[tuple[Component, list[T]]], paper: Paper,
         plan: Callable[[Component, tuple[float, float, float, float], int], Grid]) -> list[Block[T]] | None:
    """Blocks holding every piece of ``runs`` under the last block of ``page`` (each headed by its
    component's name, and the page's first block too where it then fits), or None where they do not
    all fit there. ``plan(comp, region, count)`` as in :func:`pack`, for ``count`` pieces."""
    first = page.blocks[0]
    out = _filled(page.blocks[-1], runs, paper, plan)
    headed = _headed(first, paper, lambda c, region: plan(c, region, len(first.pieces))) \
        if out is not None and len(page.blocks) == 1 else None
    if headed is not None:  # the page's first block under its name too, where that costs no bleed
        under = _filled(headed, runs, paper, plan)
        if under is not None and out is not None and all(_as_good(a, b) for a, b in zip(under, out)):
            page.blocks[0], out = headed, under
    return out


def _filled(above: Block, runs: list[tuple[Component, list[T]]], paper: Paper,
            plan: Callable[[Component, tuple[float, float, float, float], int], Grid]) -> list[Block[T]] | None:
    out: list[Block[T]] = []
    for comp, pieces in runs:
        block = _under(above, comp, pieces, paper, lambda c, region: plan(c, region, len(pieces)))
        if block is None or len(block.pieces) < len(pieces):
            return None
        block.front_only = True
        out.append(block)
        above = block
    return out


def _as_good(block: Block, other: Block) -> bool:
    """Does ``block`` hold as many pieces as ``other``, with as much bleed?"""
    return len(block.pieces) >= len(other.pieces) and block.grid.bleed >= other.grid.bleed


def _headed(block: Block[T], paper: Paper,
            plan: Callable[[Component, tuple[float, float, float, float]], Grid]) -> Block[T] | None:
    """``block``, the first on its page, moved down under a heading with its component's name, for a
    page another component's pieces join (every block on a shared page says what it is); None where
    its pieces no longer fit a page's top so (the block then keeps its place, unnamed)."""
    if block.label is not None:
        return None
    x0, _y0, x1, y1 = paper.usable
    y0 = top_mm(block.comp, paper)
    try:
        grid = plan(block.comp, (x0, y0 + HEADING_MM, x1, y1))
    except ValueError:
        return None
    if grid.per_page < len(block.pieces) or grid.bleed < block.grid.bleed:
        return None
    return Block(block.comp, grid, block.pieces, (grid.x0 - grid.bleed, y0 + HEADING_MM * 0.72), block.front_only)
