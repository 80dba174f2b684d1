"""``pnpforge watch``: build a game's gallery, serve it on this computer, and rebuild it on every save.

The loop: the first build, then a web server on 127.0.0.1 (generator/cli/serve.py) serving only the output
folder, then watchfiles (inotify, FSEvents or ReadDirectoryChangesW under one interface) watching the
game's folder. On each save the game is read again and built again, but a picture is drawn again only
if what it depends on changed (see :class:`PictureCache`): one card's text changed in a 108-card deck
draws that one card. The open page is told through server-sent events and swaps in what changed
without a reload. A save that breaks the data keeps the last good kit, shows the problems (file:line)
in the page and the terminal, and the next good save builds again.

The first build is written as ``pnpforge build`` writes one (the output folder swapped in whole, marked
as pnpforge's; a folder pnpforge did not make is refused); later builds write only the files that
changed, each atomically, pages last (:class:`KitFiles`). Ctrl-C stops it with exit 130, every file
whole.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..base.errors import DataErrors, PnpError, UsageError
from ..model.kinds import Family

# what a game's data is read from: a change to anything else (pictures, fonts) forgets the pictures
DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".md", ".txt")
STEP_MS = 30  # a burst of changes (an editor's save) is taken as one once quiet this long
DEFAULT_FORMATS = ("html",)


@dataclass
class Outcome:
    """One build of the loop: its number (good builds only), the problems if it failed, how many
    pictures were drawn and how long it took."""

    version: int
    errors: list[str] = field(default_factory=list)
    drawn: int = 0
    reused: int = 0
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)  # problems that do not stop the kit, if new

    @property
    def ok(self) -> bool:
        return not self.errors


class PictureCache:
    """Gallery pictures kept between builds, by everything a picture is drawn from: the component
    (all of its mapping but its items, and what its items decide together: one title size for a deck),
    the face's look and side, and the game's shared data (colours, terrain, icons, fonts, texts).
    Only the pictures of the last build are kept."""

    def __init__(self) -> None:
        self.pictures: dict[tuple, tuple[bytes, bytes]] = {}

    def clear(self) -> None:
        self.pictures.clear()

    def keys_for(self, game, shots: dict[str, Any]) -> dict[str, tuple]:
        from ..export.raster import same_picture  # lazy: watch --help loads no drawing

        shared = _game_print(game)
        comps: dict[int, str] = {}
        out = {}
        for path, shot in shots.items():
            comp = shot.face.comp
            known = comps.get(id(comp))
            if known is None:
                known = comps[id(comp)] = _component_print(comp)
            out[path] = (shared, known, _together(comp, shot.face.look), same_picture(shot))
        return out


def _game_print(game) -> str:
    own_icons = getattr(game.icons, "own", game.icons)
    return repr((game.id, game.title, sorted(game.meta.items(), key=lambda kv: kv[0]), game.colours,
                 sorted(game.terrain.items()), sorted(dict(own_icons).items()), game.fonts, game.texts))


def _component_print(comp) -> str:
    return repr((comp.id, comp.name, comp.kind, comp.size_mm, comp.orientation, comp.corner_mm,
                 sorted(comp.spec.items(), key=lambda kv: str(kv[0])), comp.double_sided))


def _together(comp, look) -> Any:
    """What the items of a component decide together for this face: the deck's one title size (cards),
    the component's one title size (tiles, tokens, counters)."""
    if look is None:
        return None
    if comp.family == Family.CARD:
        from ..components.card import deck_title  # lazy: decks only

        return deck_title(comp, look.title_fonts)
    if comp.family == Family.PIECE:
        from ..components.piece import component_title_pt  # lazy: tiles, tokens and counters only

        return component_title_pt(comp, look.title_fonts)
    return None


def forget_read_files() -> None:
    """Forget the pictures and fonts read from the game's folder (a file of the same name changed)."""
    from ..draw import fonts  # lazy: watch --help loads no drawing
    from ..source import pictures

    pictures.forget()
    for cached in (fonts.file_family, fonts.pdf_name):
        cached.cache_clear()


class Builder:
    """Builds one game into ``out_root`` again and again, drawing only the pictures that changed."""

    def __init__(self, folder: Path, out_root: Path, opts, jobs: int | None = None):
        self.folder = folder
        self.out_root = out_root
        self.opts = opts
        self.jobs = jobs
        self.cache = PictureCache()
        self.version = 0
        self.game_id: str | None = None
        self.warned: list[str] = []
        self.kit = KitFiles()
        self.served: frozenset[str] = frozenset()  # the last good build's files, paths in out_root

    def build(self) -> Outcome:
        """Build once; a user's mistake is returned as the problems, never raised."""
        start = time.perf_counter()
        try:
            drawn, reused, warnings = self._build()
        except DataErrors as err:
            return Outcome(self.version, [str(e) for e in err.errors], seconds=time.perf_counter() - start)
        except PnpError as err:
            return Outcome(self.version, [str(err) if err.file else f"pnpforge: {err}"],
                           seconds=time.perf_counter() - start)
        self.version += 1
        new = [] if warnings == self.warned else warnings  # said once, until they change
        self.warned = warnings
        return Outcome(self.version, [], drawn, reused, time.perf_counter() - start, new)

    def _build(self) -> tuple[int, int, list[str]]:
        from ..build.game import build_game  # lazy: watch --help loads no build
        from ..build.loading import load_game
        from ..build.parts import Rendered, expand_generated, game_parts, render_part
        from ..build.staging import OutputRoot
        from ..export.gallery import index_gallery, picture_files, picture_shots
        from ..export.manifest import manifest_summary
        from ..export.raster import take

        game = load_game(self.folder)
        self.game_id = game.id
        components = expand_generated(game, self.opts.seed)
        parts = game_parts(self.opts)
        pictures: dict[str, bytes] = {}
        drawn = reused = 0
        if "html" in self.opts.formats:
            shots = picture_shots(game, components)
            keys = self.cache.keys_for(game, shots)
            missing = [path for path in shots if keys[path] not in self.cache.pictures]
            taken = take(game, [shots[p] for p in missing], self.jobs)
            kept = {keys[p]: data for p, data in zip(missing, taken)}
            for path, key in keys.items():
                data = kept.get(key)
                if data is None:
                    data = self.cache.pictures[key]
                    reused += 1
                pictures.update(picture_files(path, data))
                kept[key] = data
            drawn = len(missing)
            self.cache.pictures = kept  # only this build's pictures
        rendered: list[Rendered] = []
        given = False
        for part in parts:
            if part[0] == "gallery":  # every picture in the first share, the others empty
                rendered.append(Rendered({} if given else pictures))
                given = True
            else:
                rendered.append(render_part(game, components, self.opts, part))
        def top(entry: dict[str, Any]) -> dict[str, bytes]:
            files = {"manifest.json": manifest_summary([entry])}
            if "html" in self.opts.formats:
                files.update((path.name, data) for path, data in index_gallery(self.out_root, [entry]).items())
            return files

        if not self.version or self.kit.game != game.id:
            # the first good build as pnpforge build writes it: the output folder swapped in whole and
            # marked as pnpforge's (a folder pnpforge did not make is refused)
            target = OutputRoot.open(self.out_root)
            with target:
                entry = build_game(game, self.out_root, self.opts, rendered=rendered,
                                   put=self.kit.taking(game.id, target.put_game))
                beside = top(entry)
                target.commit(beside)
        else:
            # then only what changed is written (see KitFiles), and the files beside the kit if they changed
            entry = build_game(game, self.out_root, self.opts, rendered=rendered, put=self.kit.put)
            beside = top(entry)
            for name, data in beside.items():
                _write_if_changed(self.out_root / name, data)
        self.served = frozenset({path.relative_to(self.out_root).as_posix() for path in self.kit.files} | set(beside))
        said = [f"{w.where()}: warning: {w.message}" if w.where() else f"warning: {w.message}" for w in game.warnings]
        return drawn, reused, said + list(entry.get("warnings", []))


class KitFiles:
    """The game's kit as the watch last wrote it (path -> bytes), so a save writes only what changed.

    The first build swaps the kit in whole (:meth:`taking`). After it, :meth:`put` writes each new or
    changed file atomically, the pictures and the rest first, then the pages (HTML) and the manifest,
    then removes the files the kit no longer has: at any moment, Ctrl-C included, every file is whole
    and the page refers only to files that are there. Files the watch did not write (another paper's
    PDF, a PNG of an earlier build) are left as they are."""

    PAGES = (".html",)

    def __init__(self) -> None:
        self.game: str | None = None
        self.files: dict[Path, bytes] = {}

    def taking(self, game_id: str, put: Callable[[Path, dict[Path, bytes]], None]):
        """``put``, remembering the files it is given."""
        def record(folder: Path, files: dict[Path, bytes]) -> None:
            put(folder, files)
            self.game, self.files = game_id, dict(files)
        return record

    def put(self, folder: Path, files: dict[Path, bytes]) -> None:
        from ..source.fileio import write_atomic  # lazy: as above

        last = [p for p in files if p.suffix in self.PAGES or p.name == "manifest.json"]
        first = [p for p in files if p not in set(last)]
        for path in first + last:
            data = files[path]
            known = self.files.get(path)
            if known is not None and (known is data or known == data) and path.is_file():
                continue
            write_atomic(path, data)
        for path in self.files.keys() - files.keys():  # what this kit had and no longer has
            try:
                path.unlink()
            except FileNotFoundError:
                pass
        self.files = dict(files)


def _write_if_changed(path: Path, data: bytes) -> None:
    from ..source.fileio import write_atomic  # lazy: as above

    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    write_atomic(path, data)


def settled(changes: Iterable[tuple[Any, str]]) -> set[tuple[Any, str]]:
    """The changes that left something: a file made and gone within one batch (an editor's or tool's
    probe or temporary file: vim's ``4913``, ``sed -i``'s ``sedXXXXXX``) is no change of the game's."""
    batch = set(changes)
    made = {p for c, p in batch if int(c) == 1}  # watchfiles' Change.added
    return {(c, p) for c, p in batch if p not in made or os.path.lexists(p)}


def changed_kinds(changes: Iterable[tuple[Any, str]]) -> tuple[bool, bool]:
    """(data changed, other files changed) for a batch of watchfiles changes."""
    data = other = False
    for _, path in changes:
        if Path(path).suffix.lower() in DATA_SUFFIXES:
            data = True
        else:
            other = True
    return data, other


class _Ignore:
    """watchfiles' default filter (version control, editors' swap and backup files), and nothing under
    the output folder when it is inside the game's folder."""

    def __init__(self, out_root: Path):
        from watchfiles import DefaultFilter  # lazy: as above

        self.default = DefaultFilter()
        self.out = str(out_root.resolve())

    def __call__(self, change, path: str) -> bool:
        if path == self.out or path.startswith(self.out + "/"):
            return False
        name = Path(path).name
        if name.startswith(".") and (".staging-" in name or ".old-" in name):
            return False
        return self.default(change, path)


def command(game: str | None, out: Path | None, port: int, open_browser: bool, formats: tuple[str, ...] | None,
            papers: tuple[str, ...], seed: int | None, jobs: int | None, echo: Callable[..., None]) -> None:
    """``pnpforge watch`` as the command line gives it: the game (or this folder), the output folder
    and the seed from the options or the config files (as build takes them), then :func:`run`."""
    from ..base.options import Options
    from ..model import resolve_game
    from ..model.load import display_path
    from .config import build_defaults  # lazy: watch --help loads no model

    conf = build_defaults()
    if game is None and not Path("game.yaml").is_file():
        raise UsageError("give a game (a bundled game's id or its folder), or run this in a game's folder")
    folder = resolve_game(game) if game is not None else Path(".")
    opts = Options(papers=papers, formats=formats or DEFAULT_FORMATS,
                   seed=seed if seed is not None else conf.get("seed", 1), jobs=jobs)
    out_root = Path(out if out is not None else conf.get("out", "output"))
    echo(f"building {display_path(folder)} ...")
    run(folder, out_root, opts, port, open_browser, echo)


def run(folder: Path, out_root: Path, opts, port: int, open_browser: bool,
        echo: Callable[..., None], stop_event: Any = None) -> None:
    """The whole command: build, serve, watch, rebuild, until Ctrl-C (KeyboardInterrupt goes on)."""
    from watchfiles import watch  # lazy: as above

    from ..build.staging import claim
    from ..model.load import display_path
    from .serve import Live, serve

    out_root = claim(out_root)  # refused as a build refuses it: then nothing is built, nothing served
    builder = Builder(folder, out_root, opts, opts.jobs)
    live = Live()
    server = None
    try:
        first = builder.build()
        _report(first, echo, first_build=True)
        home = f"/{builder.game_id}/index.html" if builder.game_id and "html" in opts.formats else "/"
        live.announce(first.version, first.errors, home, builder.served)
        try:
            server = serve(out_root, live, port=port)
        except OSError as err:  # the port is taken, or not ours to use
            raise UsageError(f"cannot serve on 127.0.0.1:{port} ({err.strerror or err}); "
                             "give another --port, or none for a free one") from None
        url = f"http://127.0.0.1:{server.server_address[1]}{home}"
        echo(f"serving {url} (only the files it built in {display_path(out_root)}; Ctrl-C to stop)")
        echo(f"watching {folder} for changes")
        if open_browser:
            import webbrowser  # only to open a browser

            webbrowser.open(url)
        for changes in watch(folder, watch_filter=_Ignore(out_root), step=STEP_MS, stop_event=stop_event,
                             raise_interrupt=True):
            kept = settled(changes)
            data, other = changed_kinds(kept)
            if not (data or other):
                continue
            if other:  # a picture or font of the game changed: read them again, draw every picture again
                forget_read_files()
                builder.cache.clear()
            names = sorted({Path(p).name for _, p in kept})
            echo(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}")
            outcome = builder.build()
            if outcome.ok and home == "/" and builder.game_id and "html" in opts.formats:
                home = f"/{builder.game_id}/index.html"
            live.announce(outcome.version, outcome.errors, home, builder.served if outcome.ok else None)
            _report(outcome, echo)
    finally:
        live.close()
        if server is not None:
            server.shutdown()
            server.server_close()


def _report(outcome: Outcome, echo: Callable[..., None], first_build: bool = False) -> None:
    for line in outcome.warnings:
        echo(line, err=True)
    if outcome.ok:
        what = f"{outcome.drawn} picture{'s' if outcome.drawn != 1 else ''} drawn"
        if outcome.reused:
            what += f", {outcome.reused} kept"
        echo(f"{'built' if first_build else 'rebuilt'} in {outcome.seconds:.2f} s ({what})")
        return
    for line in outcome.errors:
        echo(line, err=True)
    echo("the last good build stays on the page; save again to rebuild", err=True)
