"""A game -> its kit: the steps of a build in order. The game's components (generated ones made), its
parts rendered (``parts.py``: the PDFs, the SVG pages, the true-size posters, the gallery's
pictures; in worker processes by ``jobs.py``, or here), the screen and print-shop outputs
(``export/``), the manifest, and the kit written whole.

Every file is rendered in memory first and the kit is swapped in whole, so a failed build leaves
nothing half-written. The same input gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..base import notices
from ..base.errors import DataError
from ..base.options import Options
from ..export.manifest import manifest_component, manifest_json, write_manifest
from ..layout.page import paper as paper_by_name
from ..layout.plan import plan_documents
from ..model import Component, Game
from .parts import Rendered, check_pictures, expand_generated, game_parts, reading_order, render_part
from .staging import publish

__all__ = ["Options", "build_game", "count_pages", "expand_generated", "write_manifest"]


def build_game(game: Game, out_root: Path, opts: Options, progress: Callable[[], None] | None = None,
               rendered: list[Rendered] | None = None,
               put: Callable[[Path, dict[Path, bytes]], None] | None = None,
               components: list[Component] | None = None) -> dict[str, Any]:
    """Render every file for one game in memory (or take the parts ``rendered`` elsewhere, in the
    order of :func:`game_parts`), then write them all: swapped in as the game's kit, or handed to
    ``put`` (the staged output of a whole build, staging.OutputRoot). Returns its manifest entry.
    ``components``: the game's, generated ones made, if they were made already (the same seed)."""
    if components is None:
        components = expand_generated(game, opts.seed)
    parts = game_parts(opts)
    if rendered is None:
        rendered = [render_part(game, components, opts, part, progress) for part in parts]
    entry: dict[str, Any] = {"id": game.id, "title": game.title, "credits": game.credits, "seed": opts.seed,
                             "components": [], "files": []}
    folder = out_root / game.id
    files: dict[Path, bytes] = {}
    noted: dict[tuple, DataError] = {}
    for _, part in reading_order(parts, rendered):
        files.update((folder / name, data) for name, data in part.files.items())
        if part.documents and "documents" not in entry:  # the PDFs' and the SVG pages' are the same: listed once
            entry["documents"] = list(part.documents)
        for message, file, line in part.warnings:  # in the order found, each once
            noted.setdefault((file, line, message), DataError(message, file, line))
    entry["components"] = [manifest_component(c) for c in components]
    if set(opts.formats) & {"png", "tts", "html"}:  # screens
        from ..export.kit import screen_outputs  # lazy: not loaded for a build of PDFs and SVGs

        check_pictures(components, opts)
        screens = screen_outputs(game, components, out_root, opts, entry, files)
        for path in screens.dropped:
            del files[path]
        files.update(screens.files)
        entry.update(screens.manifest)
    if opts.print_shop:  # files for a print-on-demand shop
        from ..export.printshop import print_shop_files  # lazy: loaded only for --print-shop

        more, entry["print_shop"] = print_shop_files(game, components, folder)
        files.update(more)
    # text too long for its box even at its smallest size: drawn anyway, and said
    for w in notices.take():
        noted.setdefault((w.file, w.line, w.message), w)
    known = {str(w) for w in game.warnings}  # validate's warnings were printed already
    entry["warnings"] = [f"{w.where()}: warning: {w.message}" if w.where() else f"warning: {w.message}"
                         for w in noted.values() if str(w) not in known]
    entry["files"] = sorted(str(p.relative_to(out_root)) for p in files)
    files[folder / "manifest.json"] = manifest_json(entry)
    (put or publish)(folder, files)  # staged and swapped in whole: old kit or new, never a mix
    return entry


def count_pages(game: Game, opts: Options, components: list[Component] | None = None) -> int:
    """How many pages a build will render (for the progress bar); ``components`` as in build_game."""
    if components is None:
        components = expand_generated(game, opts.seed)
    total = 0
    per_format = len([f for f in opts.formats if f in ("pdf", "svg")])
    for paper_name in opts.papers:
        for doc in plan_documents(game, components, paper_by_name(paper_name, opts.orientation), opts):
            total += (len(doc.pages) + (2 if doc.duplex else 1)) * per_format
    return total
