"""``pnpforge solo ...``: sheet, check, play, show, simulate. Mounted by ``generator.cli.commands`` as ``solo``.

Every command turns a :class:`PnpError` into ``file:line: message`` on stderr and its exit code;
anything else unexpected is reported in one line too, never as a traceback.

Each command imports what it uses when it runs: ``solo check`` must not pay for the sheet's
drawing (``solo.sheet`` with reportlab, the slowest import; ``-X importtime`` shows it),
nor ``solo --help`` for any of them.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

import click

from generator.api import PnpError, UsageError
from solo.board import MAX_SEED

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(fn: F) -> F:
    """Run a command; a user error becomes its message and exit code, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except PnpError as err:
            click.echo(str(err), err=True)
            sys.exit(err.exit_code)
        except (click.exceptions.Exit, click.Abort, click.ClickException, SystemExit, BrokenPipeError):
            raise  # a closed pipe (| head) ends quietly in generator.cli.commands
        except RecursionError:
            click.echo("error: the input is nested too deeply to read", err=True)
            sys.exit(2)
        except MemoryError:
            click.echo("error: the input is too large to read", err=True)
            sys.exit(2)
        except Exception as exc:  # a bug of ours: one line, not a traceback
            click.echo(f"pnpforge solo: unexpected error, please report it: {type(exc).__name__}: {exc}",
                       err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


def _rules():  # noqa: ANN202 - small indirection so tests can point at other rules
    from solo.rules import load_rules  # at run time: --help does not read the rules (see the docstring)

    return load_rules()


@click.group(name="solo")
def solo() -> None:
    """The One-Page Kingdom: fresh sheets, a turn-log checker, and play at the terminal."""


@solo.command()
@click.argument("log", type=click.Path(dir_okay=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@_guarded
def check(log: Path, as_json: bool) -> None:
    """Replay LOG against the rules: exit 0 (legal), 1 (a broken rule), 2 (not a log)."""
    from solo.check import (  # at run time (docstring)
        check_file,
        error_json,
        result_json,
        result_line,
    )

    try:
        kingdom = check_file(log, _rules(), display=str(log))
    except PnpError as err:
        if not as_json:
            click.echo(str(err), err=True)
        else:
            click.echo(json.dumps(error_json(err, str(log))))
        sys.exit(err.exit_code)
    except (RecursionError, MemoryError):
        message = "not a readable log: nested too deeply or too large"
        click.echo(json.dumps({"ok": False, "exit": 2, "file": str(log), "message": message})
                   if as_json else f"{log}: {message}", err=not as_json)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(result_json(kingdom, str(log))))
    else:
        click.echo(f"{log}: {result_line(kingdom)}")


@solo.command()
@click.argument("log", type=click.Path(dir_okay=True, path_type=Path))
@click.option("--year", type=int, default=None,
              help="The state after this year (0: after the setup); default: the last logged year.")
@click.option("--json", "as_json", is_flag=True, help="Print the state as one JSON object.")
@_guarded
def show(log: Path, year: int | None, as_json: bool) -> None:
    """Draw a logged game's map and state in the terminal (after --year N, or at the end)."""
    from solo.board import rules_board  # these four at run time (see the module's docstring)
    from solo.check import replay, result_line, state_json
    from solo.log import read_log
    from solo.textmap import render

    rules = _rules()
    game = read_log(log, rules_board(rules), rules.die_sides, display=str(log))
    logged = len(game.years)
    if year is not None and not 0 <= year <= logged:
        raise UsageError(f"--year {year}: {log} holds "
                         f"{'no year yet' if not logged else f'years 1 to {logged}'}; "
                         f"give 0{f' to {logged}' if logged else ''}")
    replay(game, rules)  # the whole log must check, even when an earlier year is shown
    kingdom = replay(game, rules, upto=year)
    if as_json:
        click.echo(json.dumps(state_json(kingdom, str(log), logged), indent=1))
        return
    click.echo(render(kingdom, state=False))
    when = "after the setup" if kingdom.year == 0 else f"after year {kingdom.year}"
    if year is not None and year < logged:
        click.echo(f"{log}: {when} (of {logged}): {result_line(kingdom)}")
    else:
        click.echo(f"{log}: {result_line(kingdom)}")


def _seed(value: int | None) -> int | None:
    if value is not None and not 0 <= value <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}, not {value}")
    return value


@solo.command()
@click.option("--seed", type=int, default=None, help="Pre-draw the map of this sheet number.")
@click.option("--blank", is_flag=True, help="An empty map, for the dice-on-paper setup.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True)
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"], case_sensitive=False), default=None,
              help="pdf or svg (default: --out's extension, else pdf); must agree with --out.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="The sheet file, .pdf or .svg (default output/kingdom/sheet-<seed>.<format>); the "
                   "starter log goes beside it as .yaml.")
@click.option("--force", is_flag=True,
              help="Overwrite files already there (the sheet, a log beside it that may hold a game).")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Draw this logged game's sheet as the player would have filled it in (default "
                   "file: LOG-sheet.pdf beside it).")
@click.option("--continue", "continued", type=int, is_flag=False, flag_value=1, default=None,
              metavar="[N]",
              help="Only a continuation page of the record, for a game longer than the back holds "
                   "(N: the Nth such page, default 1); no starter log.")
@_guarded
def sheet(seed: int | None, blank: bool, paper: str, fmt: str | None, out: Path | None,
          force: bool, log_path: Path | None, continued: int | None) -> None:
    """A fresh, printable sheet (front: map, trackers, rules; back: the year-by-year record) and its
    starter log; with --continue, a continuation page of the record; with --log, a played game's
    sheet filled in. No file already there is overwritten without --force."""
    from solo.sheet import (  # reportlab: at run time
        write_continuation,
        write_played_sheet,
        write_sheet,
    )

    if continued is not None:
        if log_path is not None:
            raise UsageError("--continue prints a blank continuation page; --log draws a played game's "
                             "pages (its continuation pages included): give one of them")
        if not 1 <= continued <= 99:
            raise UsageError(f"--continue takes a page number from 1 to 99, not {continued}")
        if blank and seed is not None:
            raise UsageError("--seed and --blank exclude each other: a seeded sheet has its map drawn")
        for verb, path in write_continuation(_rules(), _seed(seed), blank, paper.lower(),
                                             fmt.lower() if fmt else None, out, force, continued):
            click.echo(f"{verb} {path}")
        return
    if log_path is not None:
        if blank or seed is not None:
            raise UsageError("--log draws the logged game's own map; leave out --seed and --blank")
        for verb, path in write_played_sheet(_rules(), log_path, paper.lower(), fmt.lower() if fmt else None,
                                             out, force):
            click.echo(f"{verb} {path}")
        return
    if blank and seed is not None:
        raise UsageError("--seed and --blank exclude each other: a seeded sheet has its map drawn")
    written = write_sheet(_rules(), seed=_seed(seed), blank=blank, paper=paper.lower(),
                          fmt=fmt.lower() if fmt else None, out=out, force=force)
    for verb, path in written:
        click.echo(f"{verb} {path}")


@solo.command()
@click.option("--seed", type=int, default=None, help="Seed for the map and the dice.")
@click.option("--log", "log_path", type=click.Path(path_type=Path), default=None,
              help="The log to write (and to continue, if it exists).")
@_guarded
def play(seed: int | None, log_path: Path | None) -> None:
    """Play at the terminal: the dice are rolled for you, each decision offers only legal choices."""
    from solo.play import play_game  # at run time (see the module's docstring)

    play_game(_rules(), seed=_seed(seed), log_path=log_path)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@solo.command()
@click.option("--games", type=int, default=1000, show_default=True, help="Games per policy.")
@click.option("--policy", "policies", multiple=True,
              help="random, greedy, careful, or module:Class (your own Policy subclass); repeat to "
                   "compare. Default: random.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seeds every game's sheet and dice (game i depends on the seed and i only).")
@click.option("--jobs", type=int, default=None, help="Worker processes (default: every core).")
@click.option("--max-years", type=int, default=100, show_default=True,
              help="A game still going after this many years counts as unfinished.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
@click.option("--plot", type=click.Path(path_type=Path), default=None,
              help="Also draw game length by policy to this .svg, .pdf or .png file.")
@click.option("--force", is_flag=True, help="Overwrite the --plot file if it is already there.")
@_guarded
def simulate(games: int, policies: tuple[str, ...], seed: int, jobs: int | None, max_years: int,
             as_json: bool, plot: Path | None, force: bool) -> None:
    """Play many games on fresh seeded sheets with a policy: win rate (95% interval), game length,
    causes of loss, peak resources. The figures are the same for any --jobs."""
    from solo.files import refuse_existing  # these at run time (see the module's docstring)
    from solo.policies import policy_class
    from solo.simstats import report_text, summarise
    from solo.simulate import MAX_GAMES
    from solo.simulate import simulate as run_games

    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if not 1 <= max_years <= 10_000:
        raise UsageError(f"--max-years must be from 1 to 10,000, not {max_years}")
    if jobs is not None and not 1 <= jobs <= 1024:
        raise UsageError(f"--jobs must be from 1 to 1024, not {jobs}")
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}, not {seed}")
    names = policies or ("random",)
    for name in names:
        policy_class(name)
    if plot is not None:
        from solo.simplot import (  # only with --plot: the drawing's reportlab
            plot_format,
            write_plot,
        )

        plot_format(plot)
        refuse_existing([plot], force, "--plot")
    summaries = [summarise(name, run_games(name, games, seed, jobs or _cores(), max_years), seed)
                 for name in names]
    if as_json:
        click.echo(json.dumps({"max_years": max_years, "policies": summaries}, indent=1))
    else:
        for s in summaries:
            click.echo(report_text(s, max_years))
    if plot is not None:
        written = write_plot(plot, summaries)
        click.echo(f"wrote {written}", err=as_json)
