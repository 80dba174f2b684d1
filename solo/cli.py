"""``pnpforge solo ...``: sheet, check, play, show. Mounted by ``generator.cli`` as ``solo``.

Every command turns a :class:`PnpError` into ``file:line: message`` on stderr and its exit code;
anything else unexpected is reported in one line too, never as a traceback.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

import click

from generator.errors import PnpError, UsageError

from .board import MAX_SEED

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
        except (click.exceptions.Exit, click.Abort, click.ClickException, SystemExit):
            raise
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
    from .rules import load_rules

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
    from .check import check_file, error_json, result_json, result_line

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
@_guarded
def show(log: Path) -> None:
    """Draw a logged game's map and state in the terminal."""
    from .check import check_file, result_line
    from .play import render

    kingdom = check_file(log, _rules(), display=str(log))
    click.echo(render(kingdom, state=False))
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
@click.option("--force", is_flag=True, help="Overwrite a log already beside the sheet (it may hold a game).")
@_guarded
def sheet(seed: int | None, blank: bool, paper: str, fmt: str | None, out: Path | None,
          force: bool) -> None:
    """A fresh, printable sheet (one page) and its starter log. An existing log is never overwritten
    without --force."""
    from .sheet import write_sheet

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
    from .play import play_game

    play_game(_rules(), seed=_seed(seed), log_path=log_path)
