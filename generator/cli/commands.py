"""The command line: ``pnpforge list | validate | build | solo ...``.

Exit codes: 0 ok, 1 bad data or a failed build, 2 bad usage. A user's mistake prints one
``file:line: message`` per problem on stderr, never a traceback.
"""

from __future__ import annotations

import functools
import gc
import math
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, NoReturn

import click

from .. import __version__
from ..base.errors import MAX_SHOWN, DataErrors, PnpError, UsageError, one_line
from ..base.interrupts import (
    answers_ctrl_c,
    end_interrupted,
    new_command,
    swallows_ctrl_c,
)

if TYPE_CHECKING:
    from ..model import Game

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def fail(err: PnpError) -> NoReturn:
    """Print a user error and exit with its code."""
    errors = err.errors if isinstance(err, DataErrors) else [err]
    for e in errors[:MAX_SHOWN]:
        click.echo(f"pnpforge: {e}" if e.file is None else str(e), err=True)
    if len(errors) > MAX_SHOWN:
        click.echo(f"...and {len(errors) - MAX_SHOWN:,} more", err=True)
    problems = sum(1 for e in errors if not e.note)  # not the lines that only explain
    if isinstance(err, DataErrors) and problems > 1:
        click.echo(f"{problems:,} problems found.", err=True)
    sys.exit(err.exit_code)


def _interrupted() -> NoReturn:
    """Ctrl-C: one line (once: click 8.2.0 closes a context twice on the way out) and exit 130."""
    end_interrupted()


swallows_ctrl_c(click.Command.main)  # click's own answer to Ctrl-C: "Aborted!" and exit 1


class _Context(click.Context):
    @answers_ctrl_c
    def close(self) -> None:
        try:
            super().close()
        except KeyboardInterrupt:  # as the command ends: not click's "Aborted!" and exit 1
            _interrupted()


class _Group(click.Group):
    """Prints user errors as file:line messages; loads the solo engine only when it is asked for.

    Ctrl-C is answered here with one line and exit 130, while the command runs and while click reads
    its options or closes its context (where click itself would print "Aborted!" and exit 1)."""

    context_class = _Context

    @answers_ctrl_c
    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            new_command()  # a new command line (tests run several in one process)
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            _interrupted()

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), "solo"})

    # --help lists solo by this line (a test holds it equal to solo's own) without loading the engine
    SOLO_SUMMARY = "The One-Page Kingdom: fresh sheets, a turn-log checker, and play at the terminal."

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

    def get_command(self, ctx: click.Context, name: str):
        if name == "solo" and name not in self.commands and getattr(self, "_listing", False):
            return click.Command("solo", help=self.SOLO_SUMMARY)
        if name == "solo" and name not in self.commands:
            from solo.cli import solo  # lazy: the solo engine is loaded only for solo

            self.add_command(solo)
        return super().get_command(ctx, name)

    @answers_ctrl_c
    def invoke(self, ctx: click.Context):
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
            return result
        except BrokenPipeError:
            from ..source.fileio import closed_pipe_exit  # lazy: needed only on a closed pipe

            closed_pipe_exit()
        except PnpError as err:
            fail(err)
        except KeyboardInterrupt:
            _interrupted()
        except click.UsageError as exc:  # click echoes a wrong argument whole: a 4 KB path, 300 g's
            exc.message = one_line(exc.message, 240)  # type: ignore[misc, unused-ignore]  # Final in click's types
            raise
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except OSError as exc:
            if exc.filename is None:
                raise
            # a path the file system refuses (a name too long, a folder we may not read) named by the
            # user: that path, cut to its end as every message's place is, and the system's reason
            fail(PnpError(exc.strerror or type(exc).__name__, exc.filename))
        except RecursionError:
            fail(PnpError("data nested too deeply to build"))
        except Exception as exc:  # a bug of ours: say so plainly, still no traceback
            if _from_ctrl_c(exc):
                _interrupted()
            if os.environ.get("PNPFORGE_DEBUG"):
                raise
            fail(PnpError(f"internal error ({type(exc).__name__}: {exc}); nothing was written. "
                          "Set PNPFORGE_DEBUG=1 for details and please report it."))


def _from_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` wraps a Ctrl-C: Python 3.10 and 3.11 turn a KeyboardInterrupt raised while a
    class is made (an element kind's fields, as the kinds load) into "RuntimeError: Error calling
    __set_name__", the Ctrl-C its cause."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1  # type: ignore[assignment]
    return False


@click.group(cls=_Group, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="pnpforge")
def cli() -> None:
    """Print-and-play kits (PDF and SVG) from YAML game data, and a solo kingdom engine.

    \b
    pnpforge list                   the bundled games and their components
    pnpforge validate [GAME|PATH]   check game data; every problem as file:line
    pnpforge build [GAME|PATH ...]  build kits into output/
    pnpforge watch [GAME|PATH]      serve a game's gallery, rebuilt on every save
    pnpforge solo --help            the one-page kingdom: sheets, log checker, play
    """


def _games(names: Iterable[str]) -> list[Path]:
    from ..model import (  # lazy: the data model is not loaded for --help
        discover_games,
        resolve_game,
    )

    names = list(names)
    if not names:
        found = discover_games()
        if not found:
            raise UsageError("no bundled games found (is the data folder missing?)")
        return found
    return [resolve_game(n) for n in names]


ENDS_AFTER: set[str] = set()  # "main": this process ends with the command (main() freezes what is left)


def _cycle_collector_off(command: Callable) -> Callable:
    """Runs ``command`` with Python's cycle collector off (a build makes next to no cyclic garbage, yet the
    collector would walk its modules, game and pages again and again; workers inherit it), given back when
    the process goes on (a build in-process: the tests, pnpforge watch), left off when it ends with it."""
    @functools.wraps(command)
    def run(*args, **kwargs):
        collecting = gc.isenabled()
        gc.disable()
        try:
            return command(*args, **kwargs)
        finally:
            if collecting and "main" not in ENDS_AFTER:
                gc.enable()
    return run


@cli.command("list")
def list_cmd() -> None:
    """List the bundled games and their components with counts."""
    from ..build.loading import load_game  # lazy: the data model is not loaded for --help
    from ..model import discover_games

    for folder in discover_games():
        game = load_game(folder)
        players = game.meta["players"]
        click.echo(f"{folder.name}: {game.title} ({players[0]}-{players[1]} players) - {game.meta['author']}")
        for comp in game.components:
            count = f"{comp.count:>5} x " if comp.declaration.pieces else ""
            click.echo(f"    {count:>9}{comp.name} [{comp.kind}]")


@cli.command()
@click.argument("games", nargs=-1)
@click.option("--sizes", is_flag=True, help="Also say where each board's grids, tracks, hex maps, tables, "
                                            "charts, boxes and pictures are drawn, and how large, in mm.")
def validate(games: tuple[str, ...], sizes: bool) -> None:
    """Check game data (a bundled game's id, or a folder): shape, unknown keys, references, counts.

    Prints every problem as file:line: sentence and exits 1 if there are any.
    """
    from ..build.game import count_pages
    from ..build.loading import load_game  # lazy: the data model is not loaded for --help
    from ..model.load import display_path
    from ..model.variants import variant_names

    problems: list[PnpError] = []
    folders = _games(games)
    opts = _page_options()
    for folder in folders:
        try:
            game = load_game(folder)
            count_pages(game, opts)  # the build's page plan on each paper: what does not fit is said here
            for name in variant_names(folder):  # each variant is a build of its own: checked as one
                variant = load_game(folder, name)
                count_pages(variant, opts)
                _warn(variant.warnings)
        except DataErrors as err:
            problems.extend(err.errors)
            continue
        except PnpError as err:
            problems.append(err)
            continue
        _warn(game.warnings)
        if sizes:
            _sizes(game)
        click.echo(f"{display_path(folder)}: ok ({len(game.components)} components, "
                   f"{sum(c.count for c in game.components if not c.declaration.whole)} pieces)"
                   + (f", {len(game.warnings)} warning{'s' if len(game.warnings) != 1 else ''}"
                      if game.warnings else ""))
    if problems:
        raise DataErrors(problems)


def _sizes(game: Game) -> None:
    """``validate --sizes``: each board element with a box or grid of its own, where it is drawn."""
    from ..elements.checks import drawn_sizes  # lazy: only asked for with --sizes
    from ..model.kinds import Family

    for comp in game.components:
        if comp.family != Family.BOARD:
            continue
        for el, (x0, y0, x1, y1) in drawn_sizes(comp.spec.get("elements")):
            where = f"{getattr(el, 'file', comp.file)}:{getattr(el, 'line', comp.line)}"
            click.echo(f"{where}: {comp.name}: {el['type']} drawn {x1 - x0:.1f} x {y1 - y0:.1f} mm "
                       f"(x {x0:.1f} to {x1:.1f}, y {y0:.1f} to {y1:.1f}) on the {comp.size_mm[0]:g} x "
                       f"{comp.size_mm[1]:g} mm board")


def _page_options():  # noqa: ANN202 - Options, loaded lazily
    """The printed pages' options as a plain ``pnpforge build`` takes them from the config files: what
    validate plans, so that every page the default build makes is planned before it says ok."""
    from ..base.options import Options
    from .config import build_defaults  # lazy: --help loads no build

    conf = build_defaults()
    offset = tuple(conf.get("back_offset_mm", (0.0, 0.0)))[:2]
    return Options(papers=_choice(str(conf.get("paper", "both")).lower(), ("a4", "letter")), formats=("pdf",),
                   seed=conf.get("seed", 1), duplex=conf.get("duplex", "long"), layout=conf.get("layout", "duplex"),
                   back_offset_mm=(float(offset[0]), float(offset[1])), ink_saver=bool(conf.get("ink_saver", False)),
                   bleed_mm=conf.get("bleed_mm"), marks=conf.get("marks", "crop"),
                   cut_files=bool(conf.get("cut_files", False)), orientation=conf.get("orientation", "portrait"))


def _warn(warnings: Iterable[PnpError]) -> None:
    """Print problems that do not stop the kit, as file:line: warning: sentence (on stderr)."""
    for w in warnings:
        where = w.where()
        click.echo(f"{where + ': ' if where else ''}warning: {w.message}", err=True)


def _choice(value: str, both: tuple[str, ...]) -> tuple[str, ...]:
    return both if value == "both" else (value,)


class _FiniteRange(click.FloatRange):
    """A number in a range (--bleed, --dpi); nan passes click's own range test, so it is refused here."""

    def convert(self, value, param, ctx):
        rv = super().convert(value, param, ctx)
        if not math.isfinite(rv):
            self.fail(f"{str(value)[:20]!r} is not a number", param, ctx)
        return rv


FORMATS = ("pdf", "svg", "png", "tts", "html")
DEFAULT_FORMATS = ("pdf", "svg", "html")


def _formats(ctx: click.Context | None, param: click.Parameter | None, value) -> tuple[str, ...] | None:
    """--format pdf --format png, or --format pdf,png; "both" is pdf and svg. Kept in a fixed order."""
    if not value:
        return None
    if isinstance(value, str):
        value = [value]
    asked: set[str] = set()
    for v in value:
        for name in str(v).lower().replace(" ", "").split(","):
            if name == "both":
                asked.update(("pdf", "svg"))
            elif name in FORMATS:
                asked.add(name)
            elif name:
                raise click.BadParameter(f"{name!r} is not a format; use {', '.join(FORMATS)} or both",
                                         ctx=ctx, param=param)
    return tuple(f for f in FORMATS if f in asked)


def _url_base(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    if not value.startswith(("http://", "https://", "file:///")):
        raise click.BadParameter("give a URL starting with https://, http:// or file:///")
    return value


def _offset(ctx: click.Context, param: click.Parameter, value: str | None):
    if value is None:
        return None
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("give X,Y in millimetres, for example 0.5,-1") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter("X and Y are numbers of millimetres, for example 0.5,-1 (not nan or inf)")
    if abs(x) > 20 or abs(y) > 20:
        raise click.BadParameter("an offset beyond 20 mm is not a printer's misalignment")
    return (x, y)


@cli.command()
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(["a4", "letter", "both"], case_sensitive=False),
              help="Paper size.  [default: both]")
@click.option("--format", "fmt", multiple=True, metavar="FORMAT", callback=_formats,
              help="pdf, svg, both (pdf and svg), png (a PNG a face), tts (Tabletop Simulator), html (the kit "
                   "gallery); repeat or separate with commas.  [default: pdf, svg and html]")
@click.option("--dpi", type=_FiniteRange(30, 1200), help="Resolution of --format png and tts images.  [default: 300]")
@click.option("--tts-url-base", "tts_url_base", metavar="URL", callback=_url_base,
              help="Where the TTS images will be hosted (their URLs in the saved object).  [default: file:/// URLs]")
@click.option("--out", "out", type=click.Path(file_okay=False), help="Output folder.  [default: output]")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1),
              help="Seed for generated parts (random maps, suggested set-ups).  [default: 1]")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]),
              help="Backs pages mirrored for long-edge or short-edge flip, or no backs.  [default: long]")
@click.option("--back-offset", "back_offset", callback=_offset, metavar="X,Y",
              help="Shift every backs page by X,Y mm to correct your printer (see pnpforge calibrate).")
@click.option("--layout", type=click.Choice(["duplex", "gutter-fold"]),
              help="gutter-fold: fronts and backs side by side, fold between them.  [default: duplex]")
@click.option("--ink-saver/--no-ink-saver", "ink_saver", default=None,
              help="Pale fills, outlined terrain, hatched backs (files end in -inksaver).")
@click.option("--bleed", "bleed", type=_FiniteRange(0, 6), metavar="MM",
              help="Art past the cut line, for every piece (default: 3 mm, less on small pieces).")
@click.option("--marks", type=click.Choice(["crop", "lines", "none"]),
              help="crop: short marks (knife); lines: marks to the page margins (trimmer).  [default: crop]")
@click.option("--print-shop/--no-print-shop", "print_shop", default=None,
              help="Also write print-on-demand files: one CMYK PDF/X-1a page per face, 1/8 in bleed, in "
                   "GAME/print-shop/ (alone unless --format is given).")
@click.option("--cut-files/--no-cut-files", "cut_files", default=None,
              help="Registration marks on sheets of pieces, an SVG cut file each (docs/cutting.md).")
@click.option("--orientation", type=click.Choice(["portrait", "landscape"]), help="Pages upright or on their side.")
@click.option("--jobs", "-j", "jobs", type=click.IntRange(1, 64), metavar="N",
              help="Render in N processes (same files as 1).  [default: the machine's cores]")
@click.option("--variant", metavar="NAME", help="Build variant NAME (variants: in game.yaml); its files carry it.")
@click.option("--force", is_flag=True,
              help="Build into a non-empty --out folder that pnpforge did not make (its other files stay).")
@_cycle_collector_off
def build(games: tuple[str, ...], paper: str | None, fmt: tuple[str, ...] | None, dpi: float | None,
          tts_url_base: str | None, out: str | None, seed: int | None, duplex: str | None, back_offset,
          layout: str | None, ink_saver: bool | None, bleed: float | None, marks: str | None,
          print_shop: bool | None, cut_files: bool | None, orientation: str | None, jobs: int | None, force: bool,
          variant: str | None) -> None:
    """Build print-and-play kits. With no GAME, every bundled game.

    Defaults come from ~/.config/pnpforge/config.yaml and ./pnpforge.yaml (build: section), then these options."""
    # lazy, as in every command here: what a command loads is not loaded for --help or another command
    from ..base.options import Options
    from ..build.loading import load_game
    from ..export.manifest import manifest_summary
    from ..model.load import display_path
    from .config import build_defaults
    from .jobs import build_all, default_jobs, part_pages, start_workers

    conf = build_defaults()

    def pick(value, key, default):
        return value if value is not None else conf.get(key, default)

    shop, cut = bool(pick(print_shop, "print_shop", False)), bool(pick(cut_files, "cut_files", False))
    # the print-shop profile alone makes only its files, unless formats are asked for too
    formats = fmt or _formats(None, None, conf.get("format", () if shop else DEFAULT_FORMATS)) or ()
    offset = back_offset if back_offset is not None else tuple(conf.get("back_offset_mm", (0.0, 0.0)))[:2]
    opts = Options(papers=_choice(pick(paper, "paper", "both").lower(), ("a4", "letter")), formats=formats,
                   dpi=float(pick(dpi, "dpi", 300.0)), tts_url_base=tts_url_base, seed=pick(seed, "seed", 1),
                   duplex=pick(duplex, "duplex", "long"), back_offset_mm=(float(offset[0]), float(offset[1])),
                   layout=pick(layout, "layout", "duplex"), ink_saver=bool(pick(ink_saver, "ink_saver", False)),
                   bleed_mm=pick(bleed, "bleed_mm", None), marks=pick(marks, "marks", "crop"), jobs=jobs,
                   print_shop=shop, cut_files=cut, orientation=pick(orientation, "orientation", "portrait"))
    out_text = pick(out, "out", "output")
    out_path = Path(out_text)
    if not {"pdf", "svg"} & set(formats):  # options of the printed pages, given where none are made
        unused = [name for name, given in (("--duplex", duplex), ("--back-offset", back_offset), ("--layout", layout),
                  ("--ink-saver", ink_saver), ("--marks", marks), ("--cut-files", cut_files),
                  ("--orientation", orientation)) if given]
        if unused:
            made = f"--format {','.join(formats)}" if formats else "--print-shop"
            click.echo(f"warning: {', '.join(unused)} change{'s' if len(unused) == 1 else ''} only the PDF and SVG "
                       f"pages, and {made} makes none", err=True)
    folders = _games(games)
    # the workers start first: they ready themselves while the games load, and render each as it is given
    workers = start_workers(opts, opts.jobs or default_jobs(), len(folders))
    try:
        loaded = []
        for folder in folders:  # each game given to the workers as soon as it can be built
            loaded.append(load_game(folder, variant, workers.give if workers is not None else None))
        for game in loaded:
            _warn(game.warnings)
        start = time.perf_counter()
        show = sys.stderr.isatty()
        total, pages = part_pages(loaded, opts, workers.made if workers else None) if show else (0, None)
        from ..build.staging import OutputRoot  # lazy: as above

        target = OutputRoot.open(str(out_text), force=force)  # refuses an empty or impossible --out
    except BaseException:
        if workers is not None:
            workers.kill()
        raise
    try:
        with target, click.progressbar(length=total, label="building", file=sys.stderr) if show else _Null() as bar:
            entries = build_all(loaded, out_path, opts, opts.jobs or default_jobs(), advance=bar.update,
                                pages=pages, put=target.put_game, workers=workers)
            top = {"manifest.json": manifest_summary(entries)}
            if "html" in opts.formats:
                from ..export.gallery import index_gallery  # lazy: the gallery is loaded only for --format html

                top.update((path.name, data) for path, data in index_gallery(out_path, entries).items())
            target.commit(top)  # kits and the top-level files swapped in at once (or, with --force, in turn)
    except KeyboardInterrupt:
        if target.whole:
            raise
        end_interrupted("pnpforge: interrupted; each game's kit is whole (the old one or the new one), but the "
                        "index.html and manifest.json beside them may still describe the previous build")
    from ..build.ownership import removed_stale  # lazy: as above

    for path in removed_stale():
        click.echo(f"pnpforge: removed {display_path(path)}, left by a build that was stopped before it finished",
                   err=True)
    for entry in entries:
        for text in entry.get("warnings", []):
            click.echo(text, err=True)
        click.echo(f"{entry['id']}: {len(entry['files'])} files in {display_path(out_path / entry['id'])}")
    click.echo(f"built {len(entries)} game{'s' if len(entries) != 1 else ''} in {time.perf_counter() - start:.1f} s")


@cli.command()
@click.argument("game", required=False)
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), help="Output folder.  [default: output]")
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="Port on 127.0.0.1 to serve the gallery on.  [default: a free one, printed]")
@click.option("--open", "open_browser", is_flag=True, help="Open the gallery in your web browser.")
@click.option("--format", "fmt", multiple=True, metavar="FORMAT", callback=_formats,
              help="What to build on every save, as for build.  [default: html, the gallery]")
@click.option("--paper", type=click.Choice(["a4", "letter", "both"], case_sensitive=False),
              help="Paper of the PDF and SVG pages, if asked for.  [default: a4]")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), help="Seed for generated parts.  [default: 1]")
@click.option("--jobs", "-j", "jobs", type=click.IntRange(1, 64), metavar="N",
              help="Processes for the first build's pictures.  [default: the machine's cores]")
def watch(game: str | None, out: Path | None, port: int, open_browser: bool, fmt: tuple[str, ...] | None,
          paper: str | None, seed: int | None, jobs: int | None) -> None:
    """Build a game's gallery, serve it on 127.0.0.1 and rebuild it on every save.

    GAME is a bundled game's id or a folder (default: this folder). The page in the browser shows each
    change by itself; a save with problems shows them (file:line) and keeps the last good pictures.
    Ctrl-C stops it. See docs/watch.md.
    """
    from .watch import command  # lazy: only pnpforge watch loads the loop

    def echo(text: str, err: bool = False) -> None:
        click.echo(text, err=err)
        (sys.stderr if err else sys.stdout).flush()

    command(game, out, port, open_browser, fmt, _choice((paper or "a4").lower(), ("a4", "letter")), seed, jobs, echo)


@cli.command()
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path),
              help="The file to write (e.g. pnpforge.schema.json).  [default: print it]")
def schema(out: Path | None) -> None:
    """Write the JSON Schema of game files, for editors that check YAML as you type.

    It comes from the same format that validate enforces. Point a game file at it with a first line
    "# yaml-language-server: $schema=pnpforge.schema.json" (VS Code's YAML extension and others).
    """
    from ..build import loading  # noqa: F401 - it hands the model the element kinds the schema lists
    from ..model.load import display_path
    from ..model.schema_json import SCHEMA_ID, json_text
    from ..source.fileio import write_atomic  # lazy: not loaded for --help or another command

    text = json_text()
    if out is not None and out.exists():
        try:
            ours = SCHEMA_ID in out.read_text(encoding="utf-8", errors="replace")[:2000]
        except OSError:
            ours = False
        if not ours:
            raise UsageError(f"{display_path(out)} exists and is not a pnpforge schema; not overwriting it")
    if out is None:
        click.echo(text, nl=False)
        return
    write_atomic(out, text.encode("utf-8"))
    click.echo(f"wrote {display_path(out)}", err=True)


@cli.command()
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True)
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True)
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path),
              help="The PDF to write.  [default: output/calibration-PAPER-DUPLEX.pdf]")
@click.option("--force", is_flag=True, help="Replace the --out file even if it is not a calibration sheet.")
def calibrate(paper: str, duplex: str, out: Path | None, force: bool) -> None:
    """Print a two-sided sheet that measures how far your printer shifts the back side.

    Print it double-sided at 100%, hold it to a light, and read where the front's lines cross the
    back's scales: those are the X and Y to give as --back-offset X,Y.
    """
    from ..export.calibration import (  # lazy: not loaded for --help
        CALIBRATION_TITLE,
        calibration_pdf,
    )
    from ..layout.page import paper as paper_by_name
    from ..model.load import display_path
    from ..source.fileio import check_replaceable, write_atomic

    target = out or Path("output") / f"calibration-{paper.lower()}-{duplex}.pdf"
    check_replaceable(target)  # a link, a folder or a device: never, --force or not
    if not force and target.exists() and not _holds(target, f"({CALIBRATION_TITLE})".encode()):
        raise UsageError(f"{display_path(target)} already exists and is not a calibration sheet pnpforge made; "
                         "nothing was written (add --force to replace it, or choose another --out)")
    write_atomic(target, calibration_pdf(paper_by_name(paper), duplex))
    click.echo(f"wrote {display_path(target)}: print it double-sided ({duplex}-edge flip) at 100%")


def _holds(path: Path, mark: bytes) -> bool:
    """Whether the file at ``path`` holds ``mark`` in its last 64 KB (a PDF's Info dictionary)."""
    try:
        with open(path, "rb") as handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - 65536))
            return mark in handle.read()
    except OSError:
        return False


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n: int) -> None:
        pass


def main() -> None:
    ENDS_AFTER.add("main")
    try:
        cli(prog_name="pnpforge")
    except PnpError as err:  # outside a command's run: standard output unwritable under --help or --version
        fail(err)
    finally:  # the process ends: the collection Python runs as it exits need not walk what is left
        gc.freeze()


if __name__ == "__main__":
    main()
