"""The screen outputs of one game (PNG, Tabletop Simulator, the gallery): what the build adds to its
files and its manifest entry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model import Component, Game


@dataclass
class Screens:
    """The screen outputs' files (path -> bytes) and what they add to the game's manifest entry
    (``png``, ``tts``, ``gallery``, ``gallery_picture``)."""

    files: dict[Path, bytes] = field(default_factory=dict)
    manifest: dict[str, Any] = field(default_factory=dict)
    dropped: set[Path] = field(default_factory=set)  # the build's files it leaves out (a repeated picture)


def screen_outputs(game: Game, components: list[Component], out_root: Path, opts: Any, entry: Mapping[str, Any],
                   files: Mapping[Path, bytes]) -> Screens:
    """The PNG, TTS and gallery files asked for in ``opts.formats``; ``entry`` and ``files`` are the
    build's so far (the gallery lists its documents and links the files that are there)."""
    folder = out_root / game.id
    jobs = getattr(opts, "jobs", None)
    out = Screens()
    if "png" in opts.formats:
        from .png import png_files  # lazy, as each output below: only the asked ones are loaded

        more, out.manifest["png"] = png_files(game, components, folder, opts.dpi, opts.bleed_mm, jobs)
        out.files.update(more)
    if "tts" in opts.formats:
        from .tts import tts_files  # lazy: --format tts only

        more, out.manifest["tts"] = tts_files(game, components, folder, opts.dpi, opts.tts_url_base, jobs)
        out.files.update(more)
    if "html" in opts.formats:
        from .gallery import game_gallery  # lazy: --format html only

        page = game_gallery(game, components, out_root, opts, {**entry, **out.manifest}, {**files, **out.files},
                            jobs)
        for path in page.dropped:
            if out.files.pop(path, None) is None:
                out.dropped.add(path)
        out.files.update(page.files)
        out.manifest["gallery"] = f"{game.id}/index.html"
        if page.picture is not None:
            out.manifest["gallery_picture"] = page.picture
    return out
