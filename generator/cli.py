"""The command line: ``pnpforge list | validate | build | solo ...``.

Exit codes: 0 ok, 1 bad data or a failed build, 2 bad usage. A user's mistake prints one
``file:line: message`` per problem on stderr, never a traceback.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Iterable

import click

from . import __version__
from .errors import DataErrors, PnpError, UsageError
from .model import discover_games, load_game, resolve_game
from .model.load import display_path

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def fail(err: PnpError) -> None:
    """Print a user error and exit with its code."""
    errors = err.errors if isinstance(err, DataErrors) else [err]
    for e in errors:
        click.echo(f"pnpforge: {e}" if e.file is None else str(e), err=True)
    if isinstance(err, DataErrors) and len(errors) > 1:
        click.echo(f"{len(errors)} problems found.", err=True)
    sys.exit(err.exit_code)


class _Group(click.Group):
    """Prints user errors as file:line messages; loads the solo engine only when it is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), "solo"})

    def get_command(self, ctx: click.Context, name: str):  # type: ignore[override]
        if name == "solo" and name not in self.commands:
            from solo.cli import solo

            self.add_command(solo)
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except PnpError as err:
            fail(err)
        except KeyboardInterrupt:
            click.echo("pnpforge: interrupted; nothing half-written was left behind", err=True)
            sys.exit(130)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except RecursionError:
            fail(PnpError("data nested too deeply to build"))
        except Exception as exc:  # a bug of ours: say so plainly, still no traceback
            if os.environ.get("PNPFORGE_DEBUG"):
                raise
            fail(PnpError(f"internal error ({type(exc).__name__}: {exc}); nothing was written. "
                          "Set PNPFORGE_DEBUG=1 for details and please report it."))


@click.group(cls=_Group, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="pnpforge")
def cli() -> None:
    """Print-and-play kits (PDF and SVG) from YAML game data, and a solo kingdom engine.

    \b
    pnpforge list                   the bundled games and their components
    pnpforge validate [GAME|PATH]   check game data; every problem as file:line
    pnpforge build [GAME|PATH ...]  build kits into output/
    pnpforge solo --help            the one-page kingdom: sheets, log checker, play
    """


def _games(names: Iterable[str]) -> list[Path]:
    names = list(names)
    if not names:
        found = discover_games()
        if not found:
            raise UsageError("no bundled games found (is the data folder missing?)")
        return found
    return [resolve_game(n) for n in names]


@cli.command("list")
def list_cmd() -> None:
    """List the bundled games and their components with counts."""
    for folder in discover_games():
        game = load_game(folder)
        players = game.meta["players"]
        click.echo(f"{folder.name}: {game.title} ({players[0]}-{players[1]} players) - {game.meta['author']}")
        for comp in game.components:
            count = "" if comp.kind in ("board", "sheet", "generated") else f"{comp.count:>5} x "
            click.echo(f"    {count:>9}{comp.name} [{comp.kind}]")


@cli.command()
@click.argument("games", nargs=-1)
def validate(games: tuple[str, ...]) -> None:
    """Check game data (a bundled game's id, or a folder): shape, unknown keys, references, counts.

    Prints every problem as file:line: sentence and exits 1 if there are any.
    """
    problems: list[PnpError] = []
    folders = _games(games)
    for folder in folders:
        try:
            game = load_game(folder)
        except DataErrors as err:
            problems.extend(err.errors)
            continue
        except PnpError as err:
            problems.append(err)
            continue
        click.echo(f"{display_path(folder)}: ok ({len(game.components)} components, "
                   f"{sum(c.count for c in game.components if c.kind not in ('board', 'sheet'))} pieces)")
    if problems:
        raise DataErrors(problems)


def _choice(value: str, both: tuple[str, ...]) -> tuple[str, ...]:
    return both if value == "both" else (value,)


@cli.command()
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(["a4", "letter", "both"], case_sensitive=False), default="both",
              show_default=True, help="Paper size.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg", "both"], case_sensitive=False),
              default="both", show_default=True, help="Output format.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Output folder.")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=1, show_default=True,
              help="Seed for generated parts (random maps, suggested set-ups).")
def build(games: tuple[str, ...], paper: str, fmt: str, out: Path, seed: int) -> None:
    """Build print-and-play kits. With no GAME, every bundled game."""
    from .build import Options, build_game, count_pages, write_manifest

    opts = Options(papers=_choice(paper.lower(), ("a4", "letter")), formats=_choice(fmt.lower(), ("pdf", "svg")),
                   seed=seed)
    loaded = [load_game(folder) for folder in _games(games)]
    start = time.perf_counter()
    entries = []
    show = sys.stderr.isatty()
    total = sum(count_pages(g, opts) for g in loaded) if show else 0
    with click.progressbar(length=total, label="building", file=sys.stderr) if show else _Null() as bar:
        for game in loaded:
            entries.append(build_game(game, out, opts, progress=lambda: bar.update(1)))
    write_manifest(out, entries)
    for entry in entries:
        click.echo(f"{entry['id']}: {len(entry['files'])} files in {display_path(out / entry['id'])}")
    click.echo(f"built {len(entries)} game{'s' if len(entries) != 1 else ''} in {time.perf_counter() - start:.1f} s")


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n: int) -> None:
        pass


def main() -> None:
    cli(prog_name="pnpforge")


if __name__ == "__main__":
    main()
