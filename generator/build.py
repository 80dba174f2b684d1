"""A game -> pages -> files: PDFs per paper (one for double-sided pieces, printed duplex; one for
everything else), SVG pages, true-size posters of the boards, and ``manifest.json``.

Every file is rendered in memory first and written atomically, so a failed build leaves nothing
half-written. The same input gives the same bytes.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from .components.card import draw_card_back, draw_card_front
from .components.look import Look, resolve
from .draw.fonts import wrap
from .draw.pdf import PdfSurface
from .draw.surface import Surface
from . import notices
from .errors import BuildError, DataError
from .fileio import write_atomic
from .staging import publish
from .layout.page import PRINT_NOTE, Paper, footer, page_label_text, scale_bar
from .layout.pieces import PieceSheet, default_bleed, draw_pieces, plan_grid, plan_least_paper
from .layout.textpage import paint_text_page
from .model import Component, Game, limits
from .record import Record

PaintResult = tuple[list[float], tuple[float, float, float, float] | None, float]


class PageJob:
    """One page to draw: its component, what it shows (e.g. "Terrain tiles (fronts)"), its painter
    (-> footer keep-clear xs, trim box, bleed), a size of its own (posters), whether it carries the
    footer and scale bar, its sheet number, the pieces sheets drawn on it ((PieceSheet, mirror,
    offset)), other components sharing it (packed to save paper), and ``board``: a whole upright
    board alone on its page (painter, size, bleed). A plain class: a dataclass costs a millisecond
    to define at every start-up."""

    def __init__(self, comp: Component | None, what: str, paint: Callable[[Surface, Paper], PaintResult],
                 size_mm: tuple[float, float] | None = None, furniture: bool = True, sheet_no: int = 0,
                 sheet_of: int = 0, sheets: list | None = None, also: list | None = None,
                 board: tuple | None = None):
        self.comp, self.what, self.paint, self.size_mm, self.furniture = comp, what, paint, size_mm, furniture
        self.sheet_no, self.sheet_of, self.board = sheet_no, sheet_of, board
        self.sheets = [] if sheets is None else sheets
        self.also = [] if also is None else also

    @property
    def comps(self) -> list[Component]:
        return ([self.comp] if self.comp is not None else []) + list(self.also)


class Document:
    """One PDF of a kit: its name (the file stem's suffix: duplex, single), title, pages, whether it
    is printed on both sides, its file stem, and every document of this kit and paper."""

    def __init__(self, name: str, title: str, pages: list[PageJob] | None = None, duplex: bool = False,
                 stem: str = "", kit: list["Document"] | None = None):
        self.name, self.title, self.duplex, self.stem = name, title, duplex, stem
        self.pages = [] if pages is None else pages
        self.kit = [] if kit is None else kit


class Options(Record):
    """How to build (the command line's options). A record (generator/record.py): changed by ``replace``."""

    FIELDS = ("papers", "formats", "seed", "duplex", "back_offset_mm", "layout", "ink_saver", "bleed_mm", "marks",
              "dpi", "tts_url_base", "jobs", "print_shop")

    def __init__(self, papers: tuple[str, ...] = ("a4", "letter"), formats: tuple[str, ...] = ("pdf", "svg"),
                 seed: int = 1,
                 duplex: str = "long",  # long | short | none: how backs pages are mirrored (none: no backs)
                 back_offset_mm: tuple[float, float] = (0.0, 0.0),  # added to every backs page (printer correction)
                 layout: str = "duplex",  # duplex | gutter-fold (fronts and backs side by side, fold between)
                 ink_saver: bool = False,
                 bleed_mm: float | None = None,  # overrides every component's bleed
                 marks: str = "crop",  # crop | lines | none
                 dpi: float = 300.0,  # --format png (and the TTS images, within TTS's 4096 px sheets)
                 tts_url_base: str | None = None,  # --format tts: where the images will be hosted (default: file:///)
                 jobs: int | None = None,  # worker processes (--jobs; None: the cores), also for the PNG pictures
                 print_shop: bool = False):  # --print-shop: one CMYK PDF/X-1a page per face in <game>/print-shop/
        self.papers = papers
        self.formats = formats
        self.seed = seed
        self.duplex = duplex
        self.back_offset_mm = back_offset_mm
        self.layout = layout
        self.ink_saver = ink_saver
        self.bleed_mm = bleed_mm
        self.marks = marks
        self.dpi = dpi
        self.tts_url_base = tts_url_base
        self.jobs = jobs
        self.print_shop = print_shop

    @property
    def suffix(self) -> str:
        """Tells the variants apart in file names, so they never overwrite the standard kit."""
        return "-inksaver" if self.ink_saver else ""


# -- what goes on the pages ----------------------------------------------------------------------

def expand_generated(game: Game, seed: int) -> list[Component]:
    """The game's components with every ``generated`` one replaced by what its generator makes."""
    if any(comp.kind == "generated" for comp in game.components):
        from .generators import load_all

        load_all()
    out: list[Component] = []
    for comp in game.components:
        if comp.kind == "board" and comp.spec.get("per_player"):
            out.extend(player_boards(game, comp))
            continue
        if comp.kind != "generated":
            out.append(comp)
            continue
        from .generators import GENERATORS

        name = comp.spec.get("generator")
        fn = GENERATORS.get(name or "")
        if fn is None:
            raise DataError(f"unknown generator {name!r}; known: {', '.join(sorted(GENERATORS)) or 'none'}",
                            comp.file, comp.spec.line_of("generator"))
        try:
            out.extend(fn(game, comp, seed))
        except (KeyError, ValueError, TypeError, IndexError, AttributeError, ZeroDivisionError,
                OverflowError) as exc:  # params the generator cannot use: refused at the component
            detail = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
            raise DataError(f"generator {name!r} cannot use these params ({type(exc).__name__}: "
                            f"{str(detail)[:60]})", comp.file, comp.spec.line_of("params")) from None
    return out


def _for_player(value: Any, colour: Any) -> Any:
    """A copy of board data with {player} in texts and the colour "player" filled in."""
    if isinstance(value, dict):
        return {k: _for_player(v, colour) for k, v in value.items()}
    if isinstance(value, list):
        return [_for_player(v, colour) for v in value]
    if isinstance(value, str):
        if value == "player":
            return colour.fill
        if value == "player-ink":
            return colour.ink
        return value.replace("{player}", colour.name).replace("{cue}", colour.cue).replace("{shape}", colour.shape)
    return value


def player_boards(game: Game, comp: Component) -> list[Component]:
    """One copy of a per-player board for each player colour."""
    wanted = comp.spec.get("players")
    colours = [c for c in game.colours if not wanted or c.id in wanted]
    out = []
    for colour in colours:
        spec = _for_player({k: v for k, v in comp.spec.items() if k != "per_player"}, colour)
        spec["id"] = f"{comp.id}-{colour.id}"
        spec["name"] = f"{comp.name} ({colour.name})"
        out.append(Component(id=spec["id"], name=spec["name"], kind="board", size_mm=comp.size_mm, items=[],
                             spec=spec, file=comp.file, line=comp.line))
    return out


def instances(game: Game, comp: Component, ink_saver: bool = False) -> list[tuple[Look, Look | None]]:
    """Every physical piece as (front, back) looks, in data order."""
    out = []
    # a deck's items mostly share one back: resolved once (a Look per card is ~1 KiB and ~0.1 ms)
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
            from .components.inksaver import saver_back, saver_front

            front, back = saver_front(front), saver_back(back) if back is not None else None
        out.extend([(front, back)] * item.count)
    return out


def _painter(game: Game, comp: Component, side: str):
    if comp.kind == "card":
        card = draw_card_front if side == "front" else draw_card_back
        return lambda s, c, look, bleed: card(s, c, look, bleed, game)
    from .components.piece import draw_piece  # tiles, tokens, counters: not loaded for a deck

    return lambda s, c, look, bleed: draw_piece(s, c, look, bleed, game)


def piece_pages(game: Game, comp: Component, paper: Paper, opts: Options) -> list[PageJob]:
    bleed = opts.bleed_mm if opts.bleed_mm is not None else float(comp.spec.get("bleed_mm", default_bleed(comp)))
    two_sided = comp.double_sided and opts.duplex != "none"
    if two_sided and opts.layout == "gutter-fold":
        return gutter_pages(game, comp, paper, opts, bleed)
    x0, y0, x1, y1 = paper.usable
    if two_sided and opts.duplex == "short":
        y0 = paper.height_mm - y1  # a short-edge back mirrors top and bottom: keep the block symmetric
    try:
        explicit = opts.bleed_mm is not None or "bleed_mm" in comp.spec
        count = sum(item.count for item in comp.items) or None
        grid = plan_grid(comp, paper, bleed, (x0, y0, x1, y1), count=count) if explicit else \
            plan_least_paper(comp, paper, bleed, (x0, y0, x1, y1), count=count)
    except ValueError:
        raise BuildError(f"{comp.name}: a {comp.size_mm[0]:.1f} x {comp.size_mm[1]:.1f} mm piece does not fit on "
                         f"{paper.name} paper", comp.file, comp.line) from None
    pieces = instances(game, comp, opts.ink_saver)
    once = _printed_once(pieces)
    per = grid.per_page
    jobs: list[PageJob] = []
    for i in range(0, len(pieces), per):
        chunk = pieces[i:i + per]
        fronts = PieceSheet(comp, grid, [f for f, _ in chunk], "front", once)
        sides = [(fronts, "none", (0.0, 0.0))]
        jobs.append(PageJob(comp, f"{comp.name} (fronts)" if two_sided else comp.name,
                            _piece_paint(game, sides, opts.marks), sheets=sides))
        if two_sided:
            backs = PieceSheet(comp, grid, [b or f for f, b in chunk], "back", once)
            sides = [(backs, opts.duplex, opts.back_offset_mm)]
            jobs.append(PageJob(comp, f"{comp.name} (backs)", _piece_paint(game, sides, opts.marks), sheets=sides))
    return jobs


def packed_pages(game: Game, comps: list[Component], paper: Paper, opts: Options) -> list[PageJob]:
    """One-sided pieces of several components packed onto shared pages (layout/packing.py)."""
    if not comps:  # (a deck printed on both sides: nothing to pack, and no packer to load)
        return []
    from .layout.packing import by_kind, pack

    def plan(comp: Component, region: tuple[float, float, float, float]):
        bleed = opts.bleed_mm if opts.bleed_mm is not None else float(comp.spec.get("bleed_mm", default_bleed(comp)))
        explicit = opts.bleed_mm is not None or "bleed_mm" in comp.spec
        return plan_grid(comp, paper, bleed, region) if explicit else plan_least_paper(comp, paper, bleed, region)

    runs = []
    once: dict[str, Once] = {}
    for comp in by_kind(comps):
        try:
            plan(comp, paper.usable)
        except ValueError:
            raise BuildError(f"{comp.name}: a {comp.size_mm[0]:.1f} x {comp.size_mm[1]:.1f} mm piece does not fit "
                             f"on {paper.name} paper", comp.file, comp.line) from None
        pieces = instances(game, comp, opts.ink_saver)
        once[comp.id] = _printed_once(pieces)
        runs.append((comp, [front for front, _ in pieces]))
    jobs = []
    for page in pack(runs, paper, plan):
        sides = [(PieceSheet(b.comp, b.grid, b.pieces, "front", once[b.comp.id]), "none", (0.0, 0.0))
                 for b in page.blocks]
        comps_here = page.comps
        what = ", ".join(c.name for c in comps_here)
        if len(what) > 48:  # the footer's sheet label must fit its line
            what = f"{comps_here[0].name} and {len(comps_here) - 1} more"
        labels = [(b.comp.name, b.label) for b in page.blocks if b.label is not None]
        jobs.append(PageJob(comps_here[0], what, _labelled(_piece_paint(game, sides, opts.marks), labels),
                            sheets=sides, also=comps_here[1:]))
    return jobs


def _labelled(paint: Callable[[Surface, Paper], PaintResult], labels: list[tuple[str, tuple[float, float]]]):
    """A packed page's painter that then heads each block under another with its component's name
    (on a white ground: the crop marks of the block run up behind it)."""
    if not labels:
        return paint
    from .draw.fonts import text_width_mm
    from .draw.surface import MM_PER_PT, Style

    def painted(s: Surface, p: Paper) -> PaintResult:
        result = paint(s, p)
        for name, (x, y) in labels:
            size = 6.5
            width = text_width_mm(name, size, "bold")
            s.rect(x - 0.6, y - size * MM_PER_PT * 0.85, width + 1.2, size * MM_PER_PT * 1.15,
                   Style(fill="#ffffff"))
            s.text(x, y, name, size_pt=size, font="bold", fill="#333333")
        return result
    return painted


def _printed_once(pieces: list[tuple[Look, Look | None]]) -> "Once":
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


GUTTER_MM = 8.0  # between the fold and the nearest cut line on each side


def gutter_pages(game: Game, comp: Component, paper: Paper, opts: Options, bleed: float) -> list[PageJob]:
    """Fronts and backs on one page, mirrored across a fold line: fold, glue, cut. The fold runs
    down the middle (backs mirrored left to right) or across it (top to bottom), whichever holds more."""
    x0, y0, x1, y1 = paper.usable
    mid_x, mid_y = paper.width_mm / 2, paper.height_mm / 2
    sym_y0 = paper.height_mm - y1  # the across fold mirrors top and bottom: keep margins symmetric
    plans = []
    try:
        plans.append((plan_grid(comp, paper, bleed, (x0, y0, mid_x - GUTTER_MM, y1), align_x="end"), "long"))
    except ValueError:
        pass
    try:
        plans.append((plan_grid(comp, paper, bleed, (x0, sym_y0, x1, mid_y - GUTTER_MM), align_y="end"), "short"))
    except ValueError:
        pass
    if not plans:
        raise BuildError(f"{comp.name}: a {comp.size_mm[0]:.1f} x {comp.size_mm[1]:.1f} mm piece is too large for "
                         f"a gutter-fold half of {paper.name} paper", comp.file, comp.line)
    grid, fold = max(plans, key=lambda p: p[0].per_page)
    pieces = instances(game, comp, opts.ink_saver)
    once = _printed_once(pieces)
    jobs = []
    for i in range(0, len(pieces), grid.per_page):
        chunk = pieces[i:i + grid.per_page]
        fronts = PieceSheet(comp, grid, [f for f, _ in chunk], "front", once)
        backs = PieceSheet(comp, grid, [b or f for f, b in chunk], "back", once)
        sides = [(fronts, "none", (0.0, 0.0)), (backs, fold, (0.0, 0.0))]
        jobs.append(PageJob(comp, f"{comp.name} (gutter-fold)", _piece_paint(game, sides, opts.marks, fold),
                            sheets=sides))
    return jobs


def _piece_paint(game: Game, sides: list[tuple[PieceSheet, str, tuple[float, float]]], marks: str,
                 fold: str | None = None):
    """Paint one page holding one or two sheets of pieces (two: a gutter-fold page)."""

    def paint(s: Surface, paper: Paper) -> PaintResult:
        avoid: list[float] = []
        boxes = []
        for sheet, mirror, offset in sides:
            painter = _painter(game, sheet.comp, sheet.side)
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


def _block_box(sheet: PieceSheet, paper: Paper, mirror: str, offset: tuple[float, float]):
    g = sheet.grid
    w, h = g.used(len(sheet.looks))
    x, y = g.x0, g.y0
    if mirror == "long":
        x = paper.width_mm - x - w
    elif mirror == "short":
        y = paper.height_mm - y - h
    return (x + offset[0], y + offset[1], w, h)


def _fold_line(s: Surface, paper: Paper, fold: str) -> None:
    from .draw.surface import Style

    dash = Style(stroke="#000000", width_mm=0.25, dash_mm=(3.0, 2.0))
    note = "fold here, glue the halves back to back, then cut"
    if fold == "long":
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


def board_pages(game: Game, comp: Component, paper: Paper) -> list[PageJob]:
    from .layout import poster

    bleed = 3.0
    size = comp.size_mm
    whole, turned = poster.fits(size, paper, bleed)
    if whole or turned:
        from .components.board import draw_board

        painter = lambda s: draw_board(s, game, comp, bleed)  # noqa: E731 - printed once: drawn in place

        def paint(s: Surface, p: Paper) -> PaintResult:
            return [], poster.paint_single(s, p, size, bleed, not whole, painter), bleed
        return [PageJob(comp, comp.name, paint, board=(painter, size, bleed) if whole else None)]
    tiling = poster.plan_tiling(size, paper)
    painter = board_painter(game, comp, bleed)
    if tiling.turned:
        painter = poster.turned_painter(painter, size)
    if tiling.cols * tiling.rows == 1:  # one piece: no assembly page, the piece is the board
        return [PageJob(comp, comp.name, lambda s, p: ([], poster.paint_tile(s, tiling, 0, 0, painter, comp.name), 0.0))]
    jobs = [PageJob(comp, f"{comp.name} (assembly)",
                    lambda s, p: ([], poster.paint_assembly(s, p, tiling, painter, comp.name), 0.0))]
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            jobs.append(PageJob(comp, f"{comp.name} (piece {tiling.label(r, c)})",
                                lambda s, p, r=r, c=c: ([], poster.paint_tile(s, tiling, r, c, painter, comp.name), 0.0)))
    return jobs


def board_painter(game: Game, comp: Component, bleed: float) -> Callable[[Surface], None]:
    """Paints a board at the origin: drawn once per document (a PDF form, an SVG group in the page's
    defs) and placed on every page that shows it (its assembly page and each tiled piece)."""
    from .components.board import draw_board

    w, h = comp.size_mm
    # art may run past the board's edge (text, marks): the form's box leaves it room, as a page did
    bbox = (-bleed - w, -bleed - h, w + bleed + w, h + bleed + h)
    name = f"board:{comp.id}:{bleed}"
    return lambda s: s.reuse(name, bbox, lambda t: draw_board(t, game, comp, bleed))


def sheet_pages(game: Game, comp: Component) -> list[PageJob]:
    sections = list(comp.spec.get("sections") or [])
    columns = int(comp.spec.get("columns", 1))

    def paint(s: Surface, paper: Paper) -> PaintResult:
        paint_text_page(s, paper, comp.name, sections, columns, icons=game.icons, where=(comp.file, comp.line))
        return [], None, 0.0
    return [PageJob(comp, comp.name, paint)]


def poster_page(game: Game, comp: Component) -> PageJob:
    """The whole board on one page of its own size, for a print shop."""
    from .components.board import draw_board
    from .layout import poster

    bleed = 3.0
    w, h = comp.size_mm
    margin = 12.0
    # the print note and the credits wrap to the page's width (a 180 mm board is narrower than them)
    notes = wrap(PRINT_NOTE, w - 62, 7, "bold")
    lines = wrap(f"{game.title} \u00b7 {comp.name} \u00b7 true size {w:.0f} x {h:.0f} mm "
                 f"\u00b7 {_short_credits(game)}", w, 7)
    below = 10 + 3.2 * (len(notes) - 1) + 4 * len(lines)

    def paint(s: Surface, paper: Paper) -> PaintResult:
        with s.saved():
            s.translate(margin, margin)
            draw_board(s, game, comp, bleed)
        poster.corner_marks(s, margin, margin, w, h, bleed)
        scale_bar(s, margin, h + margin + 10)
        y = h + margin + 10
        for note in notes:
            s.text(margin + 62, y, note, size_pt=7, font="bold")
            y += 3.2
        y += 0.8
        for line in lines:
            s.text(margin, y, line, size_pt=7, fill="#333333")
            y += 4
        return [], (margin, margin, w, h), bleed
    return PageJob(comp, comp.name, paint, size_mm=(w + 2 * margin, h + 2 * margin + below - 4), furniture=False)


def plan_documents(game: Game, components: list[Component], paper: Paper, opts: Options) -> list[Document]:
    if opts.ink_saver:
        from .components.inksaver import saver_components

        game, components = saver_components(game, components)
    duplex = Document("duplex", f"{game.title}: double-sided pieces", duplex=True)
    single = Document("single", f"{game.title}: single-sided pieces, boards and references")
    one_sided: list[Component] = []  # pieces printed on one side only: they share pages
    pack_at = 0
    for comp in components:
        if comp.kind in ("hex-tile", "square-tile", "token", "counter", "card"):
            if not (comp.double_sided and opts.duplex != "none"):
                if not one_sided:
                    pack_at = len(single.pages)
                one_sided.append(comp)
                continue
            jobs = piece_pages(game, comp, paper, opts)
            duplexed = comp.double_sided and opts.duplex != "none" and opts.layout != "gutter-fold"
            (duplex if duplexed else single).pages.extend(jobs)
        elif comp.kind == "board":
            single.pages.extend(board_pages(game, comp, paper))
        elif comp.kind == "sheet":
            single.pages.extend(sheet_pages(game, comp))
    single.pages[pack_at:pack_at] = packed_pages(game, one_sided, paper, opts)
    single.pages = _stack_boards(single.pages, paper)
    docs = [d for d in (duplex, single) if d.pages]
    for doc in docs:
        _number(doc.pages)
        doc.stem = f"{game.id}-{paper.name}-{doc.name}{opts.suffix}"
        doc.kit = docs
    return docs


def _stack_boards(pages: list[PageJob], paper: Paper) -> list[PageJob]:
    """Whole boards that follow each other and fit one above the other share a page."""
    if not any(job.board for job in pages):
        return pages
    from .layout import poster

    out: list[PageJob] = []
    for job in pages:
        last = out[-1] if out else None
        if job.board and last is not None and last.board:
            stack = last.board_stack + [job] if hasattr(last, "board_stack") else [last, job]
            sizes = [j.board[1] for j in stack]
            if all(j.board[2] == job.board[2] for j in stack) and poster.stack_fits(sizes, paper, job.board[2]):
                out[-1] = _stacked_job(stack)
                continue
        out.append(job)
    return out


def _stacked_job(stack: list[PageJob]) -> PageJob:
    from .layout import poster

    sizes = [j.board[1] for j in stack]
    painters = [j.board[0] for j in stack]
    bleed = stack[0].board[2]

    def paint(s: Surface, p: Paper) -> PaintResult:
        return [], poster.paint_stack(s, p, sizes, bleed, painters), bleed
    job = PageJob(stack[0].comp, " + ".join(j.what for j in stack), paint, also=[j.comp for j in stack[1:]],
                  board=stack[0].board)
    job.board_stack = stack  # type: ignore[attr-defined]
    return job


def _number(pages: list[PageJob]) -> None:
    """Sheet n of m within each component (a fronts page and its backs page are one sheet)."""
    by_comp: dict[str, list[PageJob]] = {}
    for job in pages:
        for comp in job.comps or [None]:
            if comp is job.comp:  # a page is numbered within its first component
                by_comp.setdefault(comp.id if comp else "", []).append(job)
    for jobs in by_comp.values():
        sides = 2 if any("(backs)" in j.what for j in jobs) else 1
        for i, job in enumerate(jobs):
            job.sheet_no = i // sides + 1
            job.sheet_of = math.ceil(len(jobs) / sides)


# -- contents page ----------------------------------------------------------------------------

def contents_job(game: Game, doc: Document, paper: Paper) -> list[PageJob]:
    rows = []
    seen: dict[str, int] = {}
    for job in doc.pages:
        for comp in job.comps:
            seen[comp.id] = seen.get(comp.id, 0) + 1
    done = set()
    for comp in (c for job in doc.pages for c in job.comps):
        if comp.id in done:
            continue
        done.add(comp.id)
        size = comp.size_text()
        if any(sheet.comp is comp and sheet.grid.rotated for job in doc.pages for sheet, *_ in job.sheets):
            size += ", turned on the sheet"  # laid on its side to fit more a page: check before you cut
        rows.append(["[   ]", comp.name, str(comp.count) if comp.kind not in ("board", "sheet") else "1",
                     size, str(seen[comp.id])])
    sections: list[dict[str, Any]] = [
        {"heading": "The files of this kit: print them all", "bullets": kit_files_text(doc)},
        {"heading": "Contents and cutting checklist",
         "header": ["done", "component", "pieces", "size", "pages"], "rows": rows,
         "widths": [0.6, 3.4, 0.9, 3.6, 0.7]},
        {"heading": "Printing", "bullets": _print_notes(doc)},
        {"heading": "Credits", "text": game.credits},
    ]
    if game.notes:
        sections.append({"heading": "Notes on this edition", "bullets": game.notes})

    def paint(s: Surface, p: Paper) -> PaintResult:
        paint_text_page(s, p, f"{game.title}", sections, 1, max_pt=9.5, min_pt=6.5)
        return [], None, 0.0
    jobs = [PageJob(None, "contents", paint, sheet_no=1, sheet_of=1)]
    if doc.duplex:
        notes = [{"heading": "Before you print both sides", "bullets": BOTH_SIDES_NOTES}]

        def paint_notes(s: Surface, p: Paper) -> PaintResult:
            paint_text_page(s, p, "Printing notes", notes, 1, max_pt=10, min_pt=7)
            return [], None, 0.0
        jobs.append(PageJob(None, "printing notes", paint_notes, sheet_no=1, sheet_of=1))
    return jobs


def kit_files_text(doc: Document) -> list[str]:
    """One line per PDF of the kit (this one first): its name, how to print it, what is in it."""
    lines = []
    for other in sorted(doc.kit, key=lambda d: d is not doc):
        names = []
        for comp in (c for job in other.pages for c in job.comps):
            if comp.name not in names:
                names.append(comp.name)
        how = "print double-sided" if other.duplex else "print single-sided"
        this = " (this file)" if other is doc else ""
        lines.append(f"{other.stem}.pdf{this}, {how}: {', '.join(names)}.")
    return lines


BOTH_SIDES_NOTES = [  # the duplex PDF's printing-notes page (and the kit gallery)
    "Print this file double-sided, flipping on the LONG edge, at 100% (actual size).",
    "Every backs page follows its fronts page: each back lands behind its own front.",
    "Print one fronts page and its backs page first, hold the sheet to a light and check "
    "that the crop marks line up; most printers shift the back by up to 3 mm.",
    "This page is here so the first fronts page starts on the front of a sheet.",
]


def _print_notes(doc: Document) -> list[str]:
    notes = [PRINT_NOTE + ". Check it with a ruler before you cut.",
             "Cut round pieces and hexes on their thin printed outline, blocks of cards, tiles and counters "
             "on the lines the crop marks point to; the colour runs past the cut line (bleed) so a "
             "slightly-off cut shows no white."]
    if doc.duplex:
        notes.append("Double-sided: print duplex, flip on the long edge.")
    else:
        notes.append("Print single-sided.")
    return notes


# -- rendering ----------------------------------------------------------------------------------

def render(game: Game, doc: Document, paper: Paper, surface: Surface, progress: Callable[[], None] | None = None) -> None:
    pages = contents_job(game, doc, paper) + doc.pages
    for job in pages:
        w, h = job.size_mm or (paper.width_mm, paper.height_mm)
        page_paper = paper if job.size_mm is None else Paper(paper.name, w, h)
        # Paint first into the page; boxes are known after painting, so begin the page with none and
        # let the backend add them at the end. reportlab takes page boxes at any time before showPage.
        surface.begin_page(w, h, label=job.what)
        avoid, trim, bleed = job.paint(surface, page_paper)
        if trim is not None:
            x, y, tw, th = trim
            set_boxes = getattr(surface, "set_boxes", None)
            if set_boxes:
                set_boxes((x, y, tw, th), (x - bleed, y - bleed, tw + 2 * bleed, th + 2 * bleed))
        if job.furniture:
            label = page_label_text(game.meta.get("short") or game.title, job.what, job.sheet_no, job.sheet_of)
            footer(surface, page_paper, PRINT_NOTE, label, _short_credits(game), avoid)
        surface.end_page()
        if progress:
            progress()


def _short_credits(game: Game) -> str:
    m = game.meta
    return f"\u00a9 {m['author']} \u00b7 {m['licence']}"


def game_parts(opts: Options) -> list[tuple[str, str]]:
    """The independent pieces of one game's build, as (paper, format): each paper's PDFs, its SVG
    pages, and ("poster", "pdf") for the true-size boards. Each can be rendered in a process of its own."""
    parts = [(paper, fmt) for paper in opts.papers for fmt in ("pdf", "svg") if fmt in opts.formats]
    if "pdf" in opts.formats:
        parts.append(("poster", "pdf"))
    if "html" in opts.formats:  # the gallery's pictures, in shares (its page is written with the game)
        from .export.gallery import PICTURE_SHARES

        parts.extend(("gallery", f"{k}/{PICTURE_SHARES}") for k in range(PICTURE_SHARES))
    return parts


# files by path in the game's folder, manifest docs, warnings noted while drawing (message, file, line)
Rendered = tuple[dict[str, bytes], list[dict[str, Any]], list[tuple[str, Any, Any]]]


def render_part(game: Game, components: list[Component], opts: Options, part: tuple[str, str],
                progress: Callable[[], None] | None = None) -> Rendered:
    """Render one part of a game's build (see :func:`game_parts`) in memory."""
    from .layout.page import paper as paper_by_name

    notices.take()  # this part's warnings only
    _check_pictures(components, opts)  # refused in the first part, before anything is drawn
    paper_name, fmt = part
    files: dict[str, bytes] = {}
    docs: dict[str, Any] = {}
    if paper_name == "gallery":
        from .export.gallery import gallery_pictures

        k, n = (int(v) for v in fmt.split("/"))
        return gallery_pictures(game, components, k, n), [], _noted()
    if paper_name == "poster":
        for comp in (c for c in components if c.kind == "board"):
            pdf = PdfSurface(title=f"{game.title}: {comp.name} (true size)", author=game.meta["author"],
                             subject=game.credits, viewer_prefs={"PrintScaling": "None"})
            job = poster_page(game, comp)
            pdf.begin_page(*job.size_mm, label=comp.name)
            _, trim, bleed = job.paint(pdf, Paper("poster", *job.size_mm))
            x, y, w, h = trim
            pdf.set_boxes((x, y, w, h), (x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed))
            pdf.end_page()
            files[f"poster/{game.id}-{comp.id}-true-size.pdf"] = pdf.finish()
        return files, [], _noted()
    paper = paper_by_name(paper_name)
    planned = plan_documents(game, components, paper, opts)
    limits.check_pages(planned, paper)  # the real plan, before a page is drawn
    for doc in planned:
        stem = doc.stem
        if fmt == "pdf":
            pdf = PdfSurface(title=doc.title, author=game.meta["author"], subject=game.credits,
                             viewer_prefs={"PrintScaling": "None", "Duplex": _duplex_pref(doc, opts)})
            render(game, doc, paper, pdf, progress)
            files[f"{paper.name}/{stem}.pdf"] = pdf.finish()
        else:
            from .draw.svg import SvgSurface  # svgwrite takes 0.4 s to import: only when asked

            svg = SvgSurface(title=doc.title)
            render(game, doc, paper, svg, progress)
            for i, page in enumerate(svg.finish(), start=1):
                files[f"{paper.name}/svg/{stem}-{i:03d}.svg"] = page
        _manifest_doc(docs, doc, paper, stem)
    return files, docs.get("documents", []), _noted()


def _check_pictures(components: list[Component], opts: Options) -> None:
    """--format png: every picture's pixels at the asked --dpi, within the limit."""
    if "png" in opts.formats:
        from .export.png import POD_BLEED_MM

        limits.check_pictures(components, opts.dpi, POD_BLEED_MM if opts.bleed_mm is None else opts.bleed_mm)


def _noted() -> list[tuple[str, Any, Any]]:
    """The warnings noted so far, as plain values (they may travel back from a worker process)."""
    return [(w.message, w.file, w.line) for w in notices.take()]


def build_game(game: Game, out_root: Path, opts: Options, progress: Callable[[], None] | None = None,
               rendered: list[Rendered] | None = None,
               put: Callable[[Path, dict[Path, bytes]], None] | None = None) -> dict[str, Any]:
    """Render every file for one game in memory (or take the parts ``rendered`` elsewhere, in the
    order of :func:`game_parts`), then write them all: swapped in as the game's kit, or handed to
    ``put`` (the staged output of a whole build, staging.OutputRoot). Returns its manifest entry."""
    components = expand_generated(game, opts.seed)
    parts = game_parts(opts)
    if rendered is None:
        rendered = [render_part(game, components, opts, part, progress) for part in parts]
    entry: dict[str, Any] = {"id": game.id, "title": game.title, "credits": game.credits, "seed": opts.seed,
                             "components": [], "files": []}
    folder = out_root / game.id
    files: dict[Path, bytes] = {}
    first_format = {}
    noted: dict[tuple, DataError] = {}
    for (paper_name, fmt), (part_files, docs, warnings) in zip(parts, rendered):
        files.update((folder / name, data) for name, data in part_files.items())
        if first_format.setdefault(paper_name, fmt) == fmt and docs:  # a paper's documents, listed once
            entry.setdefault("documents", []).extend(docs)
        for message, file, line in warnings:  # in the order found, each once
            noted.setdefault((file, line, message), DataError(message, file, line))
    entry["components"] = [_manifest_component(c) for c in components]
    if set(opts.formats) & {"png", "tts", "html"}:  # screens and print shops: generator/export/
        from .export.kit import screen_outputs

        _check_pictures(components, opts)

        screen_outputs(game, components, out_root, opts, entry, files)
    if opts.print_shop:  # files for a print-on-demand shop: layout/printshop.py
        from .layout.printshop import print_shop_files

        more, entry["print_shop"] = print_shop_files(game, components, folder)
        files.update(more)
    # text too long for its box even at its smallest size: drawn anyway, and said
    for w in notices.take():
        noted.setdefault((w.file, w.line, w.message), w)
    known = {str(w) for w in game.warnings}  # validate's warnings were printed already
    entry["warnings"] = [f"{w.where()}: warning: {w.message}" if w.where() else f"warning: {w.message}"
                         for w in noted.values() if str(w) not in known]
    entry["files"] = sorted(str(p.relative_to(out_root)) for p in files)
    files[folder / "manifest.json"] = _manifest_json(entry)
    (put or publish)(folder, files)  # staged and swapped in whole: old kit or new, never a mix
    return entry


def _duplex_pref(doc: Document, opts: Options) -> str:
    if not doc.duplex:
        return "Simplex"
    return "DuplexFlipShortEdge" if opts.duplex == "short" else "DuplexFlipLongEdge"


def _manifest_component(comp: Component) -> dict[str, Any]:
    out: dict[str, Any] = {"id": comp.id, "name": comp.name, "kind": comp.kind, "count": comp.count,
                           "size_mm": [round(comp.size_mm[0], 3), round(comp.size_mm[1], 3)],
                           "double_sided": comp.double_sided}
    if comp.items:
        out["items"] = [{"id": i.id, "name": i.name, "count": i.count} for i in comp.items]
    return out


def _manifest_doc(entry: dict[str, Any], doc: Document, paper: Paper, stem: str) -> None:
    pages: dict[str, list[int]] = {}
    offset = 2 if doc.duplex else 1
    for n, job in enumerate(doc.pages, start=offset + 1):
        for comp in job.comps:
            pages.setdefault(comp.id, []).append(n)
    entry.setdefault("documents", []).append({"file": f"{paper.name}/{stem}.pdf", "paper": paper.name,
                                              "duplex": doc.duplex, "pages": offset + len(doc.pages),
                                              "component_pages": pages})


def _manifest_json(entry: dict[str, Any]) -> bytes:
    return (json.dumps(entry, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def manifest_summary(entries: list[dict[str, Any]]) -> bytes:
    """The top-level manifest.json: the summary of this build's games (each game's own manifest went
    in with its kit)."""
    summary = {"games": [{"id": e["id"], "title": e["title"], "manifest": f"{e['id']}/manifest.json"}
                         for e in entries]}
    return (json.dumps(summary, indent=2, sort_keys=True) + "\n").encode("utf-8")


def write_manifest(out_root: Path, entries: list[dict[str, Any]]) -> Path:
    """The top-level manifest.json written on its own (the command line swaps it in with the kits)."""
    return write_atomic(out_root / "manifest.json", manifest_summary(entries))


def count_pages(game: Game, opts: Options) -> int:
    """How many pages a build will render (for the progress bar)."""
    from .layout.page import paper as paper_by_name

    components = expand_generated(game, opts.seed)
    total = 0
    per_format = len([f for f in opts.formats if f in ("pdf", "svg")])
    for paper_name in opts.papers:
        for doc in plan_documents(game, components, paper_by_name(paper_name), opts):
            total += (len(doc.pages) + (2 if doc.duplex else 1)) * per_format
    return total


