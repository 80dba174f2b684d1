"""A kit's documents for one paper, planned page by page: which component goes in which PDF, and the
pages each kind makes (``piecepages``, ``gutter``, ``boardpages``, ``textpage``)."""

from __future__ import annotations

from ..base.options import Options
from ..base.vocabulary import Duplex, Marks, PieceLayout
from ..model import Component, Game
from ..model.kinds import Family
from .document import Document, PageJob, number_sheets
from .page import Paper
from .piecepages import (
    packed_duplex_pages,
    packed_pages,
    packed_sheets,
    piece_bleed,
    piece_pages,
)
from .textpage import sheet_pages


def grouped(comp: Component) -> list[Component]:
    """A component whose items name groups (``group:``) as one block of pieces a group, in the order the
    groups first come, each headed "Component: group" (protograf's counter sheets in blocks: two armies
    never mix on a row); the component itself where none does."""
    groups: dict[str, list] = {}
    for item in comp.items:
        groups.setdefault(item.group, []).append(item)
    if list(groups) == [""]:
        return [comp]
    return [comp.replace(id=f"{comp.id}:{name}" if name else comp.id,
                         name=f"{comp.name}: {name}" if name else comp.name, items=items)
            for name, items in groups.items()]


def own_paper(comp: Component, paper: Paper) -> Paper:
    """The paper a board's or sheet's pages are on: the kit's, or on its side if the component's
    ``orientation:`` (portrait or landscape) says otherwise."""
    wanted = comp.spec.get("orientation") if isinstance(comp.spec, dict) else None
    return paper.facing(wanted) if wanted in ("portrait", "landscape") else paper


def _on(pages: list[PageJob], own: Paper, paper: Paper) -> list[PageJob]:
    """``pages`` printed on ``own`` paper: a page size of their own where it is not the kit's (they are
    then never stacked with the kit's other boards)."""
    if own is paper:
        return pages
    for job in pages:
        if job.size_mm is None:
            job.size_mm = (own.width_mm, own.height_mm)
            job.board = None
    return pages


def plan_documents(game: Game, components: list[Component], paper: Paper, opts: Options) -> list[Document]:
    """The PDFs of one paper's kit, their pages planned (not drawn): one of the pieces printed on both
    sides (printed duplex), one of everything else; either left out when it would be empty."""
    if opts.ink_saver:
        from ..components.inksaver import saver_components  # lazy: only for --ink-saver

        game, components = saver_components(game, components)
    # boards and text pages keep the whole page (a --cut-files CutPaper keeps only pieces off the marks)
    plain = Paper(paper.name, paper.width_mm, paper.height_mm)
    kit = _Kit(game, paper, plain, opts)
    for comp in components:
        kit.add(comp)
    ones = kit.pack()
    single, duplex = kit.single, kit.duplex
    if any(job.board for job in single.pages):
        from .boardpages import stack_boards  # lazy: as board_pages

        single.pages = stack_boards(single.pages, plain)
    if ones and opts.marks != Marks.LINES and paper.usable == plain.usable:
        # a page of one-sided pieces may share its sheet (not where crop lines run to the margins, nor
        # on a page planned round a cutting machine's registration marks)
        from .sharing import pieces_band_mm  # lazy: as share_bands

        for job in ones:
            job.band_mm = pieces_band_mm(job, plain)
    if any(job.band_mm is not None or (job.board and job.stack is None) for job in single.pages):
        from .sharing import share_bands  # lazy: only where a page fills a band of its sheet

        single.pages = share_bands(single.pages, plain)
    docs = [d for d in (duplex, single) if d.pages]
    for doc in docs:
        number_sheets(doc.pages)
        doc.stem = f"{game.id}-{paper.name}-{doc.name}{opts.suffix}"
        doc.kit = docs
    return docs


class _Kit:
    """One paper's two documents as they are planned, component by component."""

    def __init__(self, game: Game, paper: Paper, plain: Paper, opts: Options):
        self.game, self.paper, self.plain, self.opts = game, paper, plain, opts
        self.duplex = Document("duplex", f"{game.title}: double-sided pieces", duplex=True)
        self.single = Document("single", f"{game.title}: single-sided pieces, boards and references")
        self.one_sided: list[Component] = []  # pieces printed on one side only: they share pages
        self.two_sided: list[Component] = []  # pieces printed on both sides (long-edge flip): they share sheets
        self.pack_at = 0

    def add(self, comp: Component) -> None:
        game = self.game
        family = comp.family
        if comp.declaration.pieces:
            self._pieces(comp)
        elif family == Family.BOARD:
            from .boardpages import board_pages  # lazy: a game without boards does not load their drawing

            own = own_paper(comp, self.plain)
            self.single.pages.extend(_on(board_pages(game, comp, own), own, self.plain))
        elif family == Family.SHEET:
            own = own_paper(comp, self.plain)
            for _ in range(int(comp.spec.get("copies", 1) or 1)):  # each copy its text; short ones share a page
                self.single.pages.extend(_on(sheet_pages(game, comp, own), own, self.plain))

    def _pieces(self, whole: Component) -> None:
        for comp in grouped(whole):
            self._piece_block(comp)

    def _piece_block(self, comp: Component) -> None:
        game, paper, opts = self.game, self.paper, self.opts
        if not (comp.double_sided and opts.duplex != Duplex.NONE):
            if not self.one_sided:
                self.pack_at = len(self.single.pages)
            self.one_sided.append(comp)
        elif opts.layout == PieceLayout.GUTTER_FOLD:  # fronts and backs on one page: printed on one side
            from .gutter import gutter_pages  # lazy: only for --layout gutter-fold

            self.single.pages.extend(gutter_pages(game, comp, paper, opts, piece_bleed(comp, opts)))
        elif opts.duplex == Duplex.LONG and not paper.landscape:
            # double-sided pieces share sheets too (their backs mirror block by block, left to right: on
            # a landscape page a long-edge flip mirrors top to bottom, piece_pages' page_flip)
            self.two_sided.append(comp)
        else:
            self.duplex.pages.extend(piece_pages(game, comp, paper, opts))

    def pack(self) -> list[PageJob]:
        """The pieces' pages packed: the one-sided pieces' pages (returned) where the first of them
        was, the double-sided ones first in the duplex document."""
        game, paper, opts = self.game, self.paper, self.opts
        if self.one_sided and self.two_sided:  # a page of one-sided pieces may go on the last double-sided sheet
            ones, twos = packed_sheets(game, self.one_sided, self.two_sided, paper, opts)
        else:
            ones = packed_pages(game, self.one_sided, paper, opts)
            if len(self.two_sided) > 1:
                twos = packed_duplex_pages(game, self.two_sided, paper, opts)
            else:  # (one component alone: its own pages, and no packer to load)
                twos = piece_pages(game, self.two_sided[0], paper, opts) if self.two_sided else []
        self.single.pages[self.pack_at:self.pack_at] = ones
        self.duplex.pages = twos + self.duplex.pages
        return ones
