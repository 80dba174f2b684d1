"""The pages of pieces (cards, tiles, tokens, counters): a component's own sheets, fronts and backs, and
one-sided pieces of several components packed onto shared pages."""

from __future__ import annotations

from collections import Counter
from typing import Callable

from ..base.errors import BuildError
from ..base.options import Options
from ..base.vocabulary import Duplex
from ..components.look import Look, resolve
from ..draw.surface import Style, Surface
from ..model import Component, Game
from ..model.kinds import Family
from .document import PageJob, PaintResult
from .page import Paper, block_heading
from .pieces import Grid, PiecePage, default_bleed, draw_pieces, plan_grid, plan_least_paper
from .sheetzones import TITLE_MM, Rect, block_zones, dressed, mirrored, sheet_title, zone_fill, zone_rect


def piece_painter(game: Game, comp: Component, side: str,
                  safe_mm: float = 0.0) -> Callable[[Surface, Component, Look, float], None]:
    """What draws one side of one of ``comp``'s pieces (centred on the origin, with its bleed);
    ``safe_mm``: a print shop's safe zone for a tile's, token's or counter's text (components/piece.py)."""
    paint = comp.declaration.paint
    if paint is None:
        raise TypeError(f"a {comp.kind} has no pieces to draw")
    return paint(game, comp, side, safe_mm)


def instances(game: Game, comp: Component, ink_saver: bool = False) -> list[tuple[Look, Look | None]]:
    """Every physical piece as (front, back) looks, in data order."""
    out = []
    # a deck's items mostly share one back: resolved once
    backs: dict[tuple[str, str | None], Look] = {}
    shown: dict[int, str] = {}  # id of a back dict -> its repr (a deck's items share one dict)
    for item in comp.items:
        where = (item.file, item.line)
        front = resolve(game, item.face, item.colour, where)
        back = None
        if item.back is not None:
            text = shown.get(id(item.back))
            if text is None:
                text = shown[id(item.back)] = repr(item.back)
            key = (text, item.colour.id if item.colour else None)
            back = backs.get(key)
            if back is None:
                back = backs[key] = resolve(game, item.back, item.colour, where)
        if ink_saver:
            from ..components.inksaver import (  # lazy: only for --ink-saver
                saver_back,
                saver_front,
            )

            front, back = saver_front(front), saver_back(back) if back is not None else None
        out.extend([(front, back)] * item.count)
    return out


def printed_once(pieces: list[tuple[Look, Look | None]]) -> "Once":
    uses = Counter(look.key() for pair in pieces for look in pair if look is not None)
    return Once(frozenset(key for key, n in uses.items() if n > 1))


class Once:
    """The looks printed only once (drawn in place, not as forms), known by the keys of the others:
    a deck of 10,800 different fronts keeps a set of its one shared back, not of 10,800 fronts."""

    __slots__ = ("repeated",)

    def __init__(self, repeated: frozenset):
        self.repeated = repeated

    def __contains__(self, key: str) -> bool:
        return key not in self.repeated


def piece_bleed(comp: Component, opts: Options) -> float:
    """The art past the cut line of ``comp``'s pieces: --bleed, else the component's, else its kind's."""
    return opts.bleed_mm if opts.bleed_mm is not None else float(comp.spec.get("bleed_mm", default_bleed(comp)))


def piece_pages(game: Game, comp: Component, paper: Paper, opts: Options) -> list[PageJob]:
    """The pages of a component's pieces on their own: fronts, and each fronts page's backs page when
    they are printed on both sides (a gutter-fold layout is ``gutter.gutter_pages``)."""
    bleed = piece_bleed(comp, opts)
    two_sided = comp.double_sided and opts.duplex != Duplex.NONE
    flip = page_flip(opts.duplex, paper)
    x0, y0, x1, y1 = paper.usable
    title = sheet_title(comp)
    if title:
        y0 += TITLE_MM
    if two_sided and flip == Duplex.SHORT:  # a short-edge back mirrors top and bottom: keep the block symmetric
        y0 = max(y0, paper.height_mm - y1) if title else paper.height_mm - y1
        y1 = paper.height_mm - y0
    try:
        explicit = opts.bleed_mm is not None or "bleed_mm" in comp.spec
        count = sum(item.count for item in comp.items) or None
        grid = plan_grid(comp, paper, bleed, (x0, y0, x1, y1), count=count) if explicit else \
            plan_least_paper(comp, paper, bleed, (x0, y0, x1, y1), count=count)
    except ValueError:
        raise BuildError(f"{comp.name}: a {comp.size_mm[0]:.1f} x {comp.size_mm[1]:.1f} mm piece does not fit on "
                         f"{paper.name} paper", comp.file, comp.line) from None
    pieces = instances(game, comp, opts.ink_saver)
    once = printed_once(pieces)
    per = grid.per_page
    jobs: list[PageJob] = []
    for i in range(0, len(pieces), per):
        chunk = pieces[i:i + per]
        fronts = PiecePage(comp, grid, [f for f, _ in chunk], "front", once)
        sides = [(fronts, "none", (0.0, 0.0))]
        zones = own_zones(comp, grid, len(chunk), y0, opts)
        jobs.append(PageJob(comp, f"{comp.name} (fronts)" if two_sided else comp.name,
                            dressed(piece_paint(game, sides, opts.marks), zones, comp), sheets=sides))
        if two_sided:
            backs = PiecePage(comp, grid, [b or f for f, b in chunk], "back", once)
            sides = [(backs, flip, opts.back_offset_mm)]
            behind = own_zones(comp, grid, len(chunk), y0, opts, flip, opts.back_offset_mm)
            jobs.append(PageJob(comp, f"{comp.name} (backs)", dressed(piece_paint(game, sides, opts.marks), behind),
                                sheets=sides))
    return jobs


def own_zones(comp: Component, grid: Grid, count: int, top: float, opts: Options, flip: str | None = None,
               offset: tuple[float, float] = (0.0, 0.0)) -> Callable[[Paper], list[tuple[Rect, str]]]:
    """The zone behind a component's block on a page of its own, if its group has a colour (none with
    --ink-saver)."""
    fill = zone_fill(comp, opts.ink_saver)

    def zones(paper: Paper):
        if fill is None:
            return []
        rect = zone_rect(grid, count, False, top, paper)
        return [(rect if flip is None else mirrored(rect, paper, flip, offset), fill)]
    return zones


def page_flip(duplex: str, paper: Paper) -> Duplex:
    """How a backs page is mirrored on the page: about its upright axis for a long-edge flip of a
    portrait page ("long"), about its level axis for a short-edge flip ("short"). A landscape page is
    printed turned on the sheet, so its long edge is level: the two swap."""
    if paper.landscape and duplex in (Duplex.LONG, Duplex.SHORT):
        return Duplex.SHORT if duplex == Duplex.LONG else Duplex.LONG
    return Duplex(duplex)


def packed_pages(game: Game, comps: list[Component], paper: Paper, opts: Options) -> list[PageJob]:
    """One-sided pieces of several components packed onto shared pages (layout/packing.py)."""
    if not comps:  # (a deck printed on both sides: nothing to pack, and no packer to load)
        return []
    pages, once = _one_sided_layout(game, comps, paper, opts)
    return _one_sided_jobs(game, pages, once, opts)


def packed_duplex_pages(game: Game, comps: list[Component], paper: Paper, opts: Options) -> list[PageJob]:
    """Double-sided pieces of several components packed as one-sided ones are (layout/packing.py), each
    fronts page followed by its backs page: every block's backs mirrored on the same grid, so each back
    lands behind its own front wherever the block stands on the sheet (long-edge flip). A component's
    last few pieces go under another's last rows, where that saves a sheet."""
    pages, once = _two_sided_layout(game, comps, paper, opts)
    return _two_sided_jobs(game, pages, once, opts)


def packed_sheets(game: Game, one_sided: list[Component], two_sided: list[Component], paper: Paper,
                  opts: Options) -> tuple[list[PageJob], list[PageJob]]:
    """The pages of one-sided pieces and those of double-sided ones (long-edge flip). Where the last
    double-sided sheet has room under its blocks for every piece of a page of one-sided ones, all of
    a stock the double-sided file already holds (chits with chits, cards with cards: :func:`_stock`),
    that page's pieces move there, nothing printed behind them, and the kit takes a sheet less:
    Thrones' 5 Fortress tiles and the last 61 terrain tiles on A4, KTech's last cards and its
    ownership markers (A4) or its last Victory Point chips (Letter).
    Without such a page: :func:`packed_pages` and :func:`packed_duplex_pages` (or one component's
    own pages)."""
    from .packing import fill  # lazy: as in _one_sided_layout

    ones, once = _one_sided_layout(game, one_sided, paper, opts)
    twos, twice = _two_sided_layout(game, two_sided, paper, opts)

    def plan(comp: Component, region: tuple[float, float, float, float], count: int):
        bleed = piece_bleed(comp, opts)
        explicit = opts.bleed_mm is not None or "bleed_mm" in comp.spec
        return plan_grid(comp, paper, bleed, region, count=count) if explicit else \
            plan_least_paper(comp, paper, bleed, region, count=count)

    stocks = {_stock(comp) for comp in two_sided}  # what the double-sided file is printed on already
    for page in reversed(ones):  # the last pages first: they are the least full
        if any(_stock(b.comp) not in stocks for b in page.blocks):
            continue
        blocks = fill(twos[-1], [(b.comp, [(look, None) for look in b.pieces]) for b in page.blocks], paper, plan)
        if blocks is not None:
            twos[-1].blocks.extend(blocks)
            ones.remove(page)
            twice.update(once)
            return _one_sided_jobs(game, ones, once, opts), _two_sided_jobs(game, twos, twice, opts)
    if len(two_sided) == 1:
        return _one_sided_jobs(game, ones, once, opts), piece_pages(game, two_sided[0], paper, opts)
    return _one_sided_jobs(game, ones, once, opts), _two_sided_jobs(game, twos, twice, opts)


def _stock(comp: Component) -> str:
    """What a piece is printed on: cards on card, tiles, tokens and counters on board (chits)."""
    return "card" if comp.family == Family.CARD else "chit"


def _one_sided_layout(game: Game, comps: list[Component], paper: Paper, opts: Options):
    from .packing import (  # lazy: loaded only where pieces share pages, not for a deck
        by_kind,
        pack,
    )

    def plan(comp: Component, region: tuple[float, float, float, float]):
        bleed = piece_bleed(comp, opts)
        explicit = opts.bleed_mm is not None or "bleed_mm" in comp.spec
        return plan_grid(comp, paper, bleed, region) if explicit else plan_least_paper(comp, paper, bleed, region)

    runs, once = _runs(game, by_kind(comps), paper, opts, plan, fronts_only=True)
    return pack(runs, paper, plan), once


def _one_sided_jobs(game: Game, pages: list, once: dict[str, Once], opts: Options) -> list[PageJob]:
    jobs = []
    for page in pages:
        sides = [(PiecePage(b.comp, b.grid, b.pieces, "front", once[b.comp.id]), "none", (0.0, 0.0))
                 for b in page.blocks]
        comps_here = page.comps
        what = ", ".join(c.name for c in comps_here)
        if len(what) > 48:  # the footer's sheet label must fit its line
            what = f"{comps_here[0].name} and {len(comps_here) - 1} more"
        jobs.append(PageJob(comps_here[0], what, _fronts_paint(game, sides, page.blocks, opts),
                            sheets=sides, also=comps_here[1:]))
    return jobs


def _two_sided_layout(game: Game, comps: list[Component], paper: Paper, opts: Options):
    from .packing import by_kind, pack  # lazy: as in _one_sided_layout

    counts = {c.id: sum(item.count for item in c.items) or None for c in comps}

    def plan(comp: Component, region: tuple[float, float, float, float]):
        bleed = piece_bleed(comp, opts)
        explicit = opts.bleed_mm is not None or "bleed_mm" in comp.spec
        count = counts[comp.id]
        return plan_grid(comp, paper, bleed, region, count=count) if explicit else \
            plan_least_paper(comp, paper, bleed, region, count=count)

    runs, once = _runs(game, by_kind(comps), paper, opts, plan, fronts_only=False)
    return pack(runs, paper, plan), once


def _two_sided_jobs(game: Game, pages: list, once: dict[str, Once], opts: Options) -> list[PageJob]:
    """Each packed page's fronts page and backs page; a block of one-sided pieces (``front_only``)
    prints on the fronts page alone."""
    jobs = []
    for page in pages:
        fronts = [(PiecePage(b.comp, b.grid, [f for f, _ in b.pieces], "front", once[b.comp.id]), "none", (0.0, 0.0))
                  for b in page.blocks]
        backs = [(PiecePage(b.comp, b.grid, [bk or f for f, bk in b.pieces], "back", once[b.comp.id]), opts.duplex,
                  opts.back_offset_mm) for b in page.blocks if not b.front_only]
        comps_here = page.comps
        what = ", ".join(c.name for c in comps_here)
        if len(what) > 40:  # the footer's sheet label must fit its line
            what = f"{comps_here[0].name} and {len(comps_here) - 1} more"
        jobs.append(PageJob(comps_here[0], f"{what} (fronts)", _fronts_paint(game, fronts, page.blocks, opts),
                            sheets=fronts, also=comps_here[1:]))
        behind = [c for c in comps_here if any(sheet.comp is c for sheet, *_ in backs)]
        behind_zones = _zoned(page.blocks, opts, opts.duplex, opts.back_offset_mm)
        paint = dressed(piece_paint(game, backs, opts.marks), behind_zones)
        jobs.append(PageJob(comps_here[0], f"{what} (backs)", paint, sheets=backs, also=behind[1:]))
    return jobs


def _fronts_paint(game: Game, sides: list, blocks: list, opts: Options):
    """A packed page's fronts: its blocks' zones, their pieces, each block under another headed on its
    zone's ground (white where it has none), and the sheet's title."""
    labels = [(b.comp.name, b.label, zone_fill(b.comp, opts.ink_saver)) for b in blocks if b.label is not None]
    paint = _labelled(piece_paint(game, sides, opts.marks), labels)
    return dressed(paint, _zoned(blocks, opts), blocks[0].comp)


def _zoned(blocks: list, opts: Options, flip: str | None = None, offset: tuple[float, float] = (0.0, 0.0)):
    """The zones of a packed page's blocks, for the paper it is drawn on (``sheetzones.block_zones``)."""
    return lambda paper: block_zones(blocks, paper, opts.ink_saver, flip, offset)


def _labelled(paint: Callable[[Surface, Paper], PaintResult],
              labels: list[tuple[str, tuple[float, float], str | None]]):
    """A packed page's painter that then heads each block under another with its component's name
    (on a ground of its own, white or the block's zone: the crop marks of the block run up behind it)."""
    if not labels:
        return paint

    def painted(s: Surface, p: Paper) -> PaintResult:
        result = paint(s, p)
        for name, (x, y), ground in labels:
            block_heading(s, x, y, name, ground or "#ffffff")
        return result
    return painted


def piece_paint(game: Game, sides: list[tuple[PiecePage, str, tuple[float, float]]], marks: str,
                fold: str | None = None):
    """Paint one page holding one or two sheets of pieces (two: a gutter-fold page)."""

    def paint(s: Surface, paper: Paper) -> PaintResult:
        avoid: list[float] = []
        boxes = []
        for sheet, mirror, offset in sides:
            painter = piece_painter(game, sheet.comp, sheet.side)
            avoid += draw_pieces(s, sheet, paper, painter, mirror, offset, marks)
            boxes.append(_block_box(sheet, paper, mirror, offset))
        if fold:
            _fold_line(s, paper, fold)
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[0] + b[2] for b in boxes)
        y1 = max(b[1] + b[3] for b in boxes)
        return avoid, (x0, y0, x1 - x0, y1 - y0), max(sheet.grid.bleed for sheet, _m, _o in sides)
    return paint


def _block_box(sheet: PiecePage, paper: Paper, mirror: str, offset: tuple[float, float]):
    g = sheet.grid
    w, h = g.used(len(sheet.looks))
    return mirrored((g.x0, g.y0, w, h), paper, mirror, offset)


def _fold_line(s: Surface, paper: Paper, fold: str) -> None:
    dash = Style(stroke="#000000", width_mm=0.25, dash_mm=(3.0, 2.0))
    note = "fold here, glue the halves back to back, then cut"
    if fold == Duplex.LONG:
        x = paper.width_mm / 2
        s.line(x, paper.usable[1], x, paper.usable[3], dash)
        with s.saved():
            s.translate(x - 1.2, paper.height_mm / 2)
            s.rotate(-90)
            s.text(0, 0, note, size_pt=7, fill="#000000", anchor="middle")
    else:
        y = paper.height_mm / 2
        s.line(paper.usable[0], y, paper.usable[2], y, dash)
        s.text(paper.width_mm / 2, y - 1.2, note, size_pt=7, fill="#000000", anchor="middle")


def _runs(game: Game, comps: list[Component], paper: Paper, opts: Options, plan, fronts_only: bool
          ) -> tuple[list, dict[str, Once]]:
    """Each component's pieces in packing order (its fronts alone, or (front, back) pairs), and what each
    prints once; a piece too large for the paper is refused here, before anything is packed."""
    runs = []
    once: dict[str, Once] = {}
    for comp in comps:
        try:
            plan(comp, paper.usable)
        except ValueError:
            raise BuildError(f"{comp.name}: a {comp.size_mm[0]:.1f} x {comp.size_mm[1]:.1f} mm piece does not fit "
                             f"on {paper.name} paper", comp.file, comp.line) from None
        pieces = instances(game, comp, opts.ink_saver)
        once[comp.id] = printed_once(pieces)
        runs.append((comp, [front for front, _ in pieces] if fronts_only else pieces))
    return runs, once
