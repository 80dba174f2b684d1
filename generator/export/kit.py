"""The hook build.py calls: the screen outputs of one game (PNG, Tabletop Simulator, the gallery), added to
its files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model import Component, Game


def screen_outputs(game: Game, components: list[Component], out_root: Path, opts: Any, entry: dict[str, Any],
                   files: dict[Path, bytes]) -> None:
    """Add the PNG, TTS and gallery files asked for in ``opts.formats`` to ``files`` and the manifest."""
    folder = out_root / game.id
    jobs = getattr(opts, "jobs", None)
    if "png" in opts.formats:
        from .png import png_files  # lazy, as each output below: only the asked ones are loaded

        more, info = png_files(game, components, folder, opts.dpi, opts.bleed_mm, jobs)
        files.update(more)
        entry["png"] = info
    if "tts" in opts.formats:
        from .tts import tts_files  # lazy: --format tts only

        more, info = tts_files(game, components, folder, opts.dpi, opts.tts_url_base, jobs)
        files.update(more)
        entry["tts"] = info
    if "html" in opts.formats:
        from .gallery import game_gallery  # lazy: --format html only

        more = game_gallery(game, components, out_root, opts, entry, files, jobs)
        files.update(more)
        entry["gallery"] = f"{game.id}/index.html"
