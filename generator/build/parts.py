"""What one game's build is made of: its components (each ``generated`` one replaced by what its
generator makes, a per-player board copied for each player colour), and its parts, which can each be
rendered in a process of its own (``jobs.py`` hands them to the workers): its PDFs (every paper's),
its SVG pages, the true-size posters, and the gallery's pictures in shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..base import notices
from ..base.errors import DataError
from ..base.options import Options
from ..export.documents import document_files, poster_files
from ..layout.page import paper as paper_by_name
from ..model import Component, Game, limits
from ..model.kinds import Family

# The gallery's pictures are rendered in this many parts a game, so they share the worker processes
# with the PDFs and SVGs instead of waiting for them.
PICTURE_SHARES = 2

@dataclass(frozen=True)
class Rendered:
    """One part of a game's build, rendered (in a worker process, or here): its files by path in the
    game's folder, the documents the manifest lists, and the warnings noted while drawing, as
    (message, file, line)."""

    files: dict[str, bytes]
    documents: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[tuple[str, Any, Any]] = field(default_factory=list)


def game_parts(opts: Options) -> list[tuple[str, str]]:
    """The independent pieces of one game's build: ("pages", format) for every asked paper's PDFs, or
    its SVG pages, ("poster", "pdf") for the true-size boards, and ("gallery", "k/n") for the k-th of n
    shares of the gallery's pictures (its page is written with the game). The gallery's shares, a
    game's largest parts, come first: with ``--jobs`` the last parts of a build are then small ones, and
    no worker is left idle while another finishes a long one. A format's papers are one part: the
    second paper's pages reuse what the first one's drew (each distinct path formatted once, each text
    laid out once), which a worker rendering the other paper would draw again."""
    parts: list[tuple[str, str]] = []
    if "html" in opts.formats:
        parts.extend(("gallery", f"{k}/{PICTURE_SHARES}") for k in range(PICTURE_SHARES))
    parts.extend(("pages", fmt) for fmt in ("pdf", "svg") if fmt in opts.formats)
    if "pdf" in opts.formats:
        parts.append(("poster", "pdf"))
    return parts


def reading_order(parts: list[tuple[str, str]], rendered: list[Rendered]) -> list[tuple[tuple[str, str], Rendered]]:
    """Each part with what it rendered, the pages' parts first and the gallery's last (the order a
    reader meets their warnings in), whatever order :func:`game_parts` renders them in."""
    return sorted(zip(parts, rendered), key=lambda done: done[0][0] == "gallery")


def render_part(game: Game, components: list[Component], opts: Options, part: tuple[str, str],
                progress: Callable[[], None] | None = None) -> Rendered:
    """Render one part of a game's build (see :func:`game_parts`) in memory."""
    notices.take()  # this part's warnings only
    check_pictures(components, opts)  # refused in the first part, before anything is drawn
    what, fmt = part
    if what == "gallery":
        from ..export.gallery import gallery_pictures  # lazy: jinja2 and the rasteriser, only for --format html

        k, n = (int(v) for v in fmt.split("/"))
        return Rendered(gallery_pictures(game, components, k, n), warnings=noted())
    if what == "poster":
        return Rendered(poster_files(game, components), warnings=noted())
    files: dict[str, bytes] = {}
    docs: list[dict[str, Any]] = []
    for name in opts.papers:
        more, listed = document_files(game, components, paper_by_name(name, opts.orientation), fmt, opts, progress)
        files.update(more)
        docs.extend(listed)
    return Rendered(files, docs, noted())


def check_pictures(components: list[Component], opts: Options) -> None:
    """--format png: every picture's pixels at the asked --dpi, within the limit."""
    if "png" in opts.formats:
        from ..export.png import POD_BLEED_MM  # lazy: the PNG output is loaded only for --format png

        limits.check_pictures(components, opts.dpi, POD_BLEED_MM if opts.bleed_mm is None else opts.bleed_mm)


def noted() -> list[tuple[str, Any, Any]]:
    """The warnings noted so far, as plain values (they may travel back from a worker process)."""
    return [(w.message, w.file, w.line) for w in notices.take()]


def expand_generated(game: Game, seed: int) -> list[Component]:
    """The game's components with every ``generated`` one replaced by what its generator makes."""
    generators = _generators() if any(comp.family == Family.GENERATED for comp in game.components) else {}
    out: list[Component] = []
    for comp in game.components:
        if comp.family == Family.BOARD and comp.spec.get("per_player"):
            out.extend(player_boards(game, comp))
            continue
        if comp.family != Family.GENERATED:
            out.append(comp)
            continue
        name = comp.spec.get("generator")
        fn = generators.get(name or "")
        if fn is None:
            raise DataError(f"unknown generator {name!r}; known: {', '.join(sorted(generators)) or 'none'}",
                            comp.file, comp.line_of("generator"))
        try:
            out.extend(fn(game, comp, seed))
        except (KeyError, ValueError, TypeError, IndexError, AttributeError, ZeroDivisionError,
                OverflowError) as exc:  # params the generator cannot use: refused at the component
            detail = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
            raise DataError(f"generator {name!r} cannot use these params ({type(exc).__name__}: "
                            f"{str(detail)[:60]})", comp.file, comp.line_of("params")) from None
    return out


def _generators() -> dict[str, Callable[[Game, Component, int], list[Component]]]:
    """Every generator by its name, their modules loaded."""
    from ..generators import (  # lazy: a game without generated components loads none
        GENERATORS,
        load_all,
    )

    load_all()
    return GENERATORS


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
