"""The furniture every sheet carries: crop marks, the 50 mm scale bar, the "print at 100%" line and
the footer (game, component, sheet n of m). The paper sizes and margins are generator/geometry/paper.py's
(below the drawing: the work estimate counts pages with them); the layout takes them from here."""

from __future__ import annotations

from ..draw.fonts import fresh_width_mm, text_width_mm
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from ..geometry.paper import MARGIN_MM, PAPERS, Paper, paper  # noqa: F401 - PAPERS, paper: for the layout's callers

MARK_MM = 0.2  # crop mark line width
MARK_LEN_MM = 4.0
MARK_GAP_MM = 0.6  # between the art (bleed) and a mark
FOOTER_PT = 6.5
SCALE_BAR_MM = 50.0
GREY = "#555555"


MARK = Style(stroke="#000000", width_mm=MARK_MM)
MARK_HALO = Style(stroke="#ffffff", width_mm=MARK_MM + 0.3)
CUT_LINE = Style(stroke="#1a1a1a", width_mm=0.15, join="round")  # on the true outline of a shaped piece


def crop_mark(s: Surface, x: float, y: float, dx: float, dy: float, length: float = MARK_LEN_MM) -> None:
    """A mark starting at (x, y) going ``length`` in direction (dx, dy)."""
    s.line(x, y, x + dx * length, y + dy * length, MARK)


def bleed_mark(s: Surface, x: float, y: float, dx: float, dy: float, length: float) -> None:
    """A mark over the bleed, from a cut edge at (x, y) outwards: where no room is left for a mark
    outside the art. Its white edge keeps it visible on any colour; it is cut away with the bleed."""
    s.line(x, y, x + dx * length, y + dy * length, MARK_HALO)
    s.line(x, y, x + dx * length, y + dy * length, MARK)


def footer(s: Surface, p: Paper, note: str, label: str, credits: str, avoid_x: list[float]) -> None:
    """One line at the bottom: scale bar, print note, sheet label, credits (if there is room),
    kept clear of any crop marks at ``avoid_x`` that reach into the band."""
    baseline = p.height_mm - MARGIN_MM - 0.6
    free = _free_intervals(MARGIN_MM, p.width_mm - MARGIN_MM, sorted(avoid_x), 1.0)
    items = [("bar", SCALE_BAR_MM + text_width_mm("50 mm", FOOTER_PT) + 1.5, ""),
             ("text", text_width_mm(note, FOOTER_PT, "bold"), note),
             ("text", fresh_width_mm(label, FOOTER_PT), label),  # new on every page: not kept
             ("credits", text_width_mm(credits, FOOTER_PT), credits)]
    room = sum(b - a for a, b in free)
    needed = sum(w + 3.0 for kind, w, text in items[:3] if text or kind == "bar")
    if needed > room:  # the sheet label must always print: drop the credits, shorten the note
        items = [items[0], ("text", text_width_mm(FOOTER_NOTE, FOOTER_PT, "bold"), FOOTER_NOTE), items[2]]
        note = FOOTER_NOTE
    for kind, width, text in items:
        if not text and kind != "bar":
            continue
        for i, (a, b) in enumerate(free):
            if b - a >= width:
                if kind == "bar":  # the same bar on every page: drawn once per document, placed
                    s.reuse("scale-bar", (-1.0, -3.0, SCALE_BAR_MM + 20.0, 1.0),
                            lambda t: scale_bar(t, 0.0, 0.0), a, baseline)
                else:
                    s.text(a, baseline, text, size_pt=FOOTER_PT, font="bold" if text == note else "regular",
                           fill="#000000" if text == note else GREY)
                free[i] = (a + width + 3.0, b)
                break


def scale_bar(s: Surface, x: float, y: float, size_pt: float = FOOTER_PT) -> None:
    """A 50 mm bar in 10 mm steps standing on ``y``, its left end at ``x``."""
    s.rect(x, y - 2.0, SCALE_BAR_MM, 2.0, Style(fill="#000000"))
    for i in range(1, 5, 2):
        s.rect(x + i * 10 + 0.0, y - 2.0, 10, 2.0, Style(fill="#ffffff"))
    s.rect(x, y - 2.0, SCALE_BAR_MM, 2.0, Style(stroke="#000000", width_mm=0.15))
    s.text(x + SCALE_BAR_MM + 1.2, y, "50 mm", size_pt=size_pt, fill="#000000")


def _free_intervals(lo: float, hi: float, avoid: list[float], pad: float) -> list[tuple[float, float]]:
    out = []
    a = lo
    for x in avoid:
        if x - pad > a:
            out.append((a, x - pad))
        a = max(a, x + pad)
    if hi > a:
        out.append((a, hi))
    return out


PRINT_NOTE = "Print at 100% (no \u201cfit to page\u201d): the bar must measure 50 mm"
FOOTER_NOTE = "Print at 100%: bar = 50 mm"  # the footer's short form


def page_label_text(game: str, what: str, n: int, m: int) -> str:
    return f"{game} \u00b7 {what} \u00b7 sheet {n} of {m}"


def short_credits(meta: dict) -> str:
    """The credits line of a page's footer and a poster: the game's author and licence."""
    return f"\u00a9 {meta['author']} \u00b7 {meta['licence']}"


HEADING_PT = 6.5  # a block of pieces' name over it, on a page several share
HEADING_MM = 3.0  # the band that name takes above its block


def block_heading(s: Surface, x: float, y: float, name: str, ground: str = "#ffffff") -> None:
    """A block of pieces' name standing on ``y`` from ``x``, on its own ground (the crop marks of the
    block may run up behind it): white, or the block's colour zone."""
    width = text_width_mm(name, HEADING_PT, "bold")
    s.rect(x - 0.6, y - HEADING_PT * MM_PER_PT * 0.85, width + 1.2, HEADING_PT * MM_PER_PT * 1.15,
           Style(fill=ground))
    s.text(x, y, name, size_pt=HEADING_PT, font="bold", fill="#333333")


def rule(s: Surface, x0: float, y: float, x1: float, colour: str = "#999999") -> None:
    s.draw(Path.line(x0, y, x1, y), Style(stroke=colour, width_mm=0.2))
