"""The kingdom sheet's files: a fresh sheet (front and back) and its starter log, a continuation page
of the record (``--continue``), and a played game's sheet (``--log``); as one PDF or an SVG a page.
The sides are drawn by :mod:`solo.sheet_front` and :mod:`solo.sheet_back` on :mod:`generator.draw`.
"""

from __future__ import annotations

import random
from pathlib import Path

from generator.api import PdfSurface, Surface, SvgSurface, UsageError, write_atomic
from solo.board import KingdomMap, generate_map, rules_board
from solo.check import log_map
from solo.files import write_files
from solo.log import GameLog, Lines, Setup, format_log, read_log, starter_note
from solo.rules import Rules
from solo.sheet_back import draw_back, draw_continued
from solo.sheet_front import draw_front
from solo.sheet_layout import Layout, continued_rows, layout, record_rows
from solo.sheet_played import Played, played_from_log
from solo.sheet_rules import rules_text, set_rules


def _page(surface: Surface, lay: Layout, label: str) -> None:
    surface.begin_page(lay.width_mm, lay.height_mm, trim_box_mm=(0, 0, lay.width_mm, lay.height_mm),
                       label=f"{lay.paper.upper()} sheet, {label}")


def draw_sheet(surface: Surface, rules: Rules, kmap: KingdomMap | None, paper: str = "a4",
               played: Played | None = None) -> Layout:
    """Draw the sheet: the front (map, trackers, rules) and the back (the record, years 1 to
    :func:`record_rows`). ``kmap`` None: a blank map for the dice-on-paper setup. ``played``: both
    sides filled in as the player would have, from a log, and the continuation pages a longer game
    needs."""
    lay = layout(paper, rules)
    board = rules_board(rules)
    _page(surface, lay, "front")
    draw_front(surface, lay, rules, kmap, board, set_rules(rules_text(rules, kmap is None), lay.rule_columns),
               played)
    surface.end_page()
    years = list(played.rows) if played is not None else []
    back = record_rows(lay)
    _page(surface, lay, "back")
    draw_back(surface, lay, kmap, years[:back])
    surface.end_page()
    more = years[back:]
    for page in range(-(-len(more) // continued_rows(lay))):
        draw_continuation(surface, lay, kmap, page + 1, more)
    return lay


def draw_continuation(surface: Surface, lay: Layout, kmap: KingdomMap | None, page: int,
                      later_years: list | None = None) -> None:
    """Continuation page ``page`` (1: the years right after the back's), blank or filled in from
    ``later_years`` (the record's rows after the back's)."""
    rows = continued_rows(lay)
    first = record_rows(lay) + (page - 1) * rows + 1
    filled = (later_years or [])[(page - 1) * rows:page * rows]
    _page(surface, lay, f"continued {page}")
    draw_continued(surface, lay, kmap, first, filled)
    surface.end_page()


def continuation_years(paper: str, rules: Rules, page: int) -> tuple[int, int]:
    """The first and last year continuation page ``page`` holds on ``paper``."""
    lay = layout(paper, rules)
    rows = continued_rows(lay)
    first = record_rows(lay) + (page - 1) * rows + 1
    return first, first + rows - 1


# -- files ------------------------------------------------------------------------------------------

def render_pages(rules: Rules, kmap: KingdomMap | None, paper: str = "a4", fmt: str = "pdf",
                 played: Played | None = None, continued: int = 0) -> list[bytes]:
    """The sheet's files: one PDF (front and back, and the continuation pages of a played game), or
    one SVG per page. ``continued`` N: only continuation page N, blank."""
    title = f"One-Page Kingdom — sheet {kmap.seed}" if kmap and kmap.seed is not None else \
        "One-Page Kingdom — blank sheet"
    if played is not None:
        title += " (played)"
    if continued:
        title += f" (continued, page {continued})"

    def draw(surface: Surface) -> None:
        if continued:
            draw_continuation(surface, layout(paper, rules), kmap, continued)
        else:
            draw_sheet(surface, rules, kmap, paper, played)

    if fmt == "svg":
        svg = SvgSurface(title=title)
        draw(svg)
        return svg.finish()
    pdf = PdfSurface(title=title, author="pnpforge", subject="One-Page Kingdom sheet")
    draw(pdf)
    return [pdf.finish()]


def render_sheet(rules: Rules, kmap: KingdomMap | None, paper: str = "a4", fmt: str = "pdf",
                 played: Played | None = None) -> bytes:
    """The sheet's file contents: the PDF (both sides), or the front page's SVG."""
    return render_pages(rules, kmap, paper, fmt, played)[0]


def page_paths(path: Path, count: int, first: str = "back") -> list[Path]:
    """An SVG per page: the first at ``path``, the next beside it (``-back``, ``-back-2`` ...)."""
    out = [path]
    for i in range(1, count):
        out.append(path.with_name(f"{path.stem}-{first}{'' if i == 1 else f'-{i}'}{path.suffix}"))
    return out


def starter_log(rules: Rules, kmap: KingdomMap | None) -> str:
    """The log that goes with a sheet: ``sheet`` and the expanded setup, ready to continue."""
    board = rules_board(rules)
    if kmap is None:
        return BLANK_LOG
    log = GameLog(Setup(kmap.dice, kmap.mountains, kmap.river, None, None, None, Lines()), (), kmap.seed)
    return format_log(log, board, starter_note(kmap.seed))


BLANK_LOG = """\
# format: 1
# Starter log for a blank sheet. Write the mountain dice, the mountain hexes and the river (in order,
# from next to the bigger range to the edge) as drawn on your sheet, your farm, mine and village,
# then one entry under years for each year played. Check it with: pnpforge solo check FILE
setup:
  # dice: [4, 2]
  # mountains: [C2, C3, D2, D3, H6, H7]
  # river: [D4, E5, F5, G6, G7, G8]
  # farm:        # on a river hex
  # mine:        # on a mountain
  # village:     # next to that farm or mine
years: []
"""


def write_played_sheet(rules: Rules, log_path: Path, paper: str = "a4", fmt: str | None = None,
                       out: Path | None = None, force: bool = False) -> list[tuple[str, Path]]:
    """Draw the sheet of the game in ``log_path`` as the player would have filled it in."""
    fmt = sheet_format(fmt, out)
    board = rules_board(rules)
    log = read_log(log_path, board, rules.die_sides)
    played = played_from_log(log, rules)
    kmap = log_map(log, rules, board)
    if out is None:
        out = Path(log_path).with_name(f"{Path(log_path).stem}-sheet.{fmt}")
    pages = render_pages(rules, kmap, paper, fmt, played)
    paths = page_paths(Path(out), len(pages))
    for p in paths:
        if p.resolve() == Path(log_path).resolve():
            raise UsageError(f"--out {out} would overwrite the log it is drawn from")
    return write_files(list(zip(paths, pages)), force)


def default_sheet_path(seed: int | None, fmt: str, continued: int = 0) -> Path:
    name = f"sheet-{seed}" if seed is not None else "sheet-blank"
    if continued:
        name += "-continued" + (f"-{continued}" if continued > 1 else "")
    return Path("output") / "kingdom" / f"{name}.{fmt}"


def sheet_format(fmt: str | None, out: Path | None) -> str:
    """The sheet's format from ``--format`` and ``--out``'s extension, which must agree.

    Raises :class:`UsageError` (exit 2) when ``--out`` ends in anything but .pdf/.svg or names the
    other format than ``--format``: a PDF written into ``mygame.svg`` (or a starter log's ``.yaml``)
    is a file the player cannot open."""
    if out is None:
        return fmt or "pdf"
    ext = Path(out).suffix.lower().lstrip(".")
    if ext not in ("pdf", "svg"):
        shown = f"'.{ext}'" if ext else "no extension"
        raise UsageError(f"--out {out}: the sheet is a .pdf or .svg file, not {shown} (the starter log "
                         "is written beside it as .yaml)")
    if fmt is not None and fmt != ext:
        raise UsageError(f"--out {out} ends in .{ext} but --format is {fmt}; make them agree (or leave "
                         "out --format: the extension chooses)")
    return ext


def write_continuation(rules: Rules, seed: int | None = None, blank: bool = False, paper: str = "a4",
                       fmt: str | None = None, out: Path | None = None, force: bool = False,
                       page: int = 1) -> list[tuple[str, Path]]:
    """Write continuation page ``page`` of the record (no starter log: the game's log goes on)."""
    fmt = sheet_format(fmt, out)
    kmap = None if blank or seed is None else generate_map(rules_board(rules), seed, rules.die_sides)
    path = Path(out) if out is not None else default_sheet_path(seed if not blank else None, fmt, page)
    pages = render_pages(rules, kmap, paper, fmt, continued=page)
    return write_files(list(zip(page_paths(path, len(pages)), pages)), force)


def write_sheet(rules: Rules, seed: int | None = None, blank: bool = False, paper: str = "a4",
                fmt: str | None = None, out: Path | None = None,
                force: bool = False) -> list[tuple[str, Path]]:
    """Write the sheet and its starter log; return what was done to which path ("wrote", "kept").

    Neither the sheet nor its log is ever overwritten without ``force`` (:mod:`solo.files`); an
    existing log identical to the starter log is kept as it is, one that differs may hold a game in
    progress (the refusal says so)."""
    fmt = sheet_format(fmt, out)
    if not blank and seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    kmap = None if blank else generate_map(rules_board(rules), seed, rules.die_sides)  # type: ignore[arg-type]
    path = Path(out) if out is not None else default_sheet_path(None if blank else seed, fmt)
    log_path = path.with_suffix(".yaml")
    log_text = starter_log(rules, kmap)
    pages = render_pages(rules, kmap, paper, fmt)
    files = list(zip(page_paths(path, len(pages)), pages))
    keep_log = False
    if log_path.exists() and not force:
        try:
            keep_log = log_path.read_text(encoding="utf-8") == log_text
        except (OSError, UnicodeDecodeError):
            keep_log = False
        if not keep_log:
            raise UsageError(f"{log_path} already exists and may hold a game in progress; nothing was "
                             "written (add --force to overwrite it, or choose another --out)")
    written = write_files(files, force)
    if keep_log:
        written.append(("kept (still the starter log)", log_path))
    else:
        written.append(("wrote", write_atomic(log_path, log_text)))
    return written
