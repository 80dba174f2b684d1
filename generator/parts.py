"""One game's build split into parts that can each be rendered in a process of its own (``jobs.py``
hands them to the workers): per paper its PDFs and its SVG pages, the true-size posters, and the
gallery's pictures in shares."""

from __future__ import annotations

from typing import Any, Callable

from . import notices
from .export.documents import document_files, poster_files
from .layout.page import paper as paper_by_name
from .model import Component, Game, limits
from .options import Options

# The gallery's pictures are rendered in this many parts a game, so they share the worker processes
# with the PDFs and SVGs instead of waiting for them.
PICTURE_SHARES = 2

# files by path in the game's folder, manifest docs, warnings noted while drawing (message, file, line)
Rendered = tuple[dict[str, bytes], list[dict[str, Any]], list[tuple[str, Any, Any]]]


def game_parts(opts: Options) -> list[tuple[str, str]]:
    """The independent pieces of one game's build, as (paper, format): each paper's PDFs, its SVG
    pages, ("poster", "pdf") for the true-size boards, and ("gallery", "k/n") for the k-th of n shares
    of the gallery's pictures (its page is written with the game)."""
    parts = [(paper, fmt) for paper in opts.papers for fmt in ("pdf", "svg") if fmt in opts.formats]
    if "pdf" in opts.formats:
        parts.append(("poster", "pdf"))
    if "html" in opts.formats:
        parts.extend(("gallery", f"{k}/{PICTURE_SHARES}") for k in range(PICTURE_SHARES))
    return parts


def render_part(game: Game, components: list[Component], opts: Options, part: tuple[str, str],
                progress: Callable[[], None] | None = None) -> Rendered:
    """Render one part of a game's build (see :func:`game_parts`) in memory."""
    notices.take()  # this part's warnings only
    check_pictures(components, opts)  # refused in the first part, before anything is drawn
    paper_name, fmt = part
    if paper_name == "gallery":
        from .export.gallery import gallery_pictures  # lazy: jinja2 and the rasteriser, only for --format html

        k, n = (int(v) for v in fmt.split("/"))
        return gallery_pictures(game, components, k, n), [], noted()
    if paper_name == "poster":
        return poster_files(game, components), [], noted()
    files, docs = document_files(game, components, paper_by_name(paper_name), fmt, opts, progress)
    return files, docs, noted()


def check_pictures(components: list[Component], opts: Options) -> None:
    """--format png: every picture's pixels at the asked --dpi, within the limit."""
    if "png" in opts.formats:
        from .export.png import POD_BLEED_MM  # lazy: the PNG output is loaded only for --format png

        limits.check_pictures(components, opts.dpi, POD_BLEED_MM if opts.bleed_mm is None else opts.bleed_mm)


def noted() -> list[tuple[str, Any, Any]]:
    """The warnings noted so far, as plain values (they may travel back from a worker process)."""
    return [(w.message, w.file, w.line) for w in notices.take()]
