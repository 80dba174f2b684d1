"""Play at the terminal: the map and state drawn in text, each decision asked in the rules' order with
only the legal choices offered (Enter takes the shown default), and the log on disk from the start:
the starter log at once, then a line added for each name, each setup building and each finished
year (:mod:`solo.logfile`: nothing the player wrote is ever dropped), so running again on the same
file continues the game. Ctrl-C or end of input stops with the file in place and says what it
holds."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import click

from generator.api import UsageError, write_atomic
from solo.asker import HINT, Asker, TakeBack
from solo.board import Board, check_map, generate_map, rules_board
from solo.check import log_map, play_year, replay, start
from solo.engine import Kingdom
from solo.errors import IllegalMoveError
from solo.log import GameLog, Lines, Setup, Year, format_log, read_log, starter_note
from solo.logfile import LogFile
from solo.prompts import (
    SETUP_STEPS,
    dice_rng,
    placed_of,
    play_one_year,
    setup_choices,
    setup_question,
    setup_why,
)
from solo.rules import Rules
from solo.tables import EMPTY, FARM, MINE, VILLAGE
from solo.textmap import render

# -- the game --------------------------------------------------------------------------------------

def default_log_path(seed: int) -> Path:
    return Path("output") / "kingdom" / f"game-{seed}.yaml"


def dice_key(log: GameLog, board: Board) -> str:
    """What a logged game's dice follow: its sheet number, or (a hand-drawn map) its map, so the same
    log always rolls the same dice, however it is continued."""
    if log.sheet is not None:
        return str(log.sheet)
    s = log.setup
    names = lambda hexes: ",".join(board.names[h] for h in hexes or ())  # noqa: E731
    return f"map:{s.dice}:{names(s.mountains)}:{names(s.river)}"


def play_game(rules: Rules, seed: int | None = None, log_path: Path | None = None,
              ask: Asker | None = None) -> Kingdom:
    """Start or continue a game, asking every decision. The log is on disk from the start (the
    starter log) and rewritten after each setup step and each finished year.

    The dice follow the log: a new game's from ``seed`` (its sheet), a continued one's from the
    sheet (or setup) in its file; a ``seed`` that would change a continued game's dice is refused.
    Ctrl-C stops with exit 130 and end of input or ``quit`` with exit 1 (the log is left as it stands); exit 0
    means the game is over."""
    ask = ask or Asker()
    board = rules_board(rules)
    existed = log_path is not None and Path(log_path).exists()
    if seed is None and not existed:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    if log_path is None:
        assert seed is not None
        log_path = default_log_path(seed)
    game = _Game(rules, board, Path(log_path), ask)
    game.load(None if existed else seed)
    key = dice_key(game.log, board)
    if existed and seed is not None and key != str(seed):
        follows = (f"its sheet {game.log.sheet}" if game.log.sheet is not None
                   else "its own setup (it has no sheet number)")
        again = f" (or give --seed {game.log.sheet})" if game.log.sheet is not None else ""
        raise UsageError(f"{log_path} already holds a game whose dice follow {follows}; --seed {seed} "
                         f"would roll other dice. Leave out --seed to continue it{again}, or choose "
                         "another --log for a new game")
    try:
        return game.run(key)
    except (click.Abort, KeyboardInterrupt):
        ask.echo("\n" + game.stopped())
        raise click.exceptions.Exit(130) from None
    except EOFError:
        ask.echo("\n" + game.stopped())
        raise click.exceptions.Exit(1) from None


SETUP_CODE = {"farm": FARM, "mine": MINE, "village": VILLAGE}


class _Game:
    """A game being played: ``log`` is always what the file on disk holds."""

    def __init__(self, rules: Rules, board: Board, path: Path, ask: Asker) -> None:
        self.rules, self.board, self.path, self.ask = rules, board, path, ask
        self.log: GameLog = GameLog(Setup(None, None, None, None, None, None))
        self.kingdom: Kingdom | None = None

        self.file = LogFile(path, board, rules.die_sides)

    def load(self, seed: int | None) -> None:
        path, rules, board = self.path, self.rules, self.board
        if path.exists():
            log = read_log(path, board, rules.die_sides, partial_setup=True)
            if log.setup.placed:
                # Check the whole log before continuing it: a broken log is reported, not extended.
                replay(log, rules)
            else:
                self._check_partial(log)
            self.log = log
            if log.setup.placed:  # a log play cannot add a year to is refused before any question
                self.file.check_year_fits(log)
            return
        assert seed is not None
        kmap = generate_map(board, seed, rules.die_sides)
        setup = Setup(kmap.dice, kmap.mountains, kmap.river, None, None, None, Lines())
        self.log = GameLog(setup, (), seed, file=str(path))
        # the starter log, before any question (the file is new: nothing of the player's is there)
        write_atomic(path, format_log(self.log, board, starter_note(seed)))

    def _check_partial(self, log: GameLog) -> None:
        """A setup still being placed: the map, and each building already placed where it may stand."""
        kmap = log_map(log, self.rules, self.board)
        lines = log.setup.lines
        try:
            check_map(self.board, kmap, self.rules.die_sides)
        except IllegalMoveError as err:
            raise IllegalMoveError(f"setup: {err.message}", None, str(self.path), lines.line()) from None
        placed: dict[str, int] = {}
        for kind in SETUP_STEPS:
            h = getattr(log.setup, kind)
            if h is None:
                continue
            if not setup_choices(self.rules, self.board, kmap, kind, placed) >> h & 1:
                why = setup_why(self.rules, self.board, kmap, kind, placed, h)
                raise IllegalMoveError(f"setup: {why}", None, str(self.path), lines.line(kind))
            placed[kind] = h

    def run(self, dice_seed: int | str) -> Kingdom:
        placed = self.log.setup.placed
        if not placed:
            self._place_setup()
        log, path, ask = self.log, self.path, self.ask
        k = self.kingdom = start(log, self.rules)
        for number, year in enumerate(log.years, 1):
            play_year(k, year, number, str(path))
        ask.echo(f"{('Kingdom of ' + log.kingdom) if log.kingdom else 'Your kingdom'} — {path}")
        ask.echo(render(k))
        if placed and not k.over:  # a game continued past its setup (a new one said it as it began)
            ask.echo(HINT)
        while not k.over:
            year = self.one_year(k, dice_seed)
            log = replace(self.log, years=self.log.years + (year,))
            self.file.add_year(year, log)
            self.log = log
        ask.echo(f"\nThe game is over: {k.status().text()}. Log: {path}")
        return k

    def one_year(self, k: Kingdom, dice_seed: int | str) -> Year:
        """Play the next year; ``back`` replays its accepted answers but the last, ``undo`` none."""
        ask = self.ask
        start = k.snapshot()
        answers: list[str] = []
        while True:
            k.restore(start)
            ask.in_year, ask.replay, ask.given = True, list(answers), []
            try:
                return play_one_year(k, dice_rng(dice_seed, start["year"] + 1), ask)
            except TakeBack as took:
                given = ask.given
                ask.replay = []
                if took.whole_year or not given:
                    answers = []
                    note = ("Nothing to take back yet this year (the years before are written in the log). "
                            if not took.whole_year else "")
                    ask.echo(f"{note}Year {start['year'] + 1} again, from its dice.")
                else:
                    answers = given[:-1]
                    ask.echo(f"Taken back: {given[-1]}.")
            finally:
                ask.in_year, ask.replay = False, []

    def _place_setup(self) -> None:
        rules, board, ask = self.rules, self.board, self.ask
        log = self.log
        kmap = log_map(log, rules, board)
        on = f" on sheet {log.sheet}" if log.sheet is not None else ""
        ask.echo(f"Continuing the setup{on} (log: {self.path})." if placed_of(log.setup)
                 else f"A new kingdom{on} (log: {self.path}).")
        ask.echo(HINT)
        if log.setup.farm is None:
            for key, question in (("ruler", "Your name, ruler (optional)"),
                                  ("kingdom", "Your kingdom's name (optional)"),
                                  ("capital", "Your capital's name (optional)")):
                if getattr(self.log, key) is None:
                    value = ask.text(question)
                    if value:  # written at once: end of input at the next question keeps it
                        names: dict[str, Any] = {key: value}
                        named = replace(self.log, **names)
                        self.file.add_name(key, value, named)
                        self.log = named
        k = Kingdom(rules, kmap, board)
        placed = placed_of(self.log.setup)
        for kind, h in placed.items():
            k.at[h] = SETUP_CODE[kind]
        added: list[tuple[str, str]] = []  # (kind, line) placed in this session, the last one last
        ask.in_setup = True
        try:
            while not self.log.setup.placed:
                kind = next(kind for kind in SETUP_STEPS if kind not in placed)
                where = setup_choices(rules, board, kmap, kind, placed)
                ask.echo(render(k, where, state=False))
                try:
                    h = ask.hex(board, setup_question(rules, kind), where,
                                partial(setup_why, rules, board, kmap, kind, placed))
                except TakeBack as took:
                    self._take_back_setup(k, placed, added, took.whole_year)
                    continue
                spot: dict[str, Any] = {kind: h}
                logged = replace(self.log, setup=replace(self.log.setup, **spot))
                added.append((kind, self.file.add_setup(kind, board.names[h], logged)))
                self.log = logged
                placed[kind] = h
                k.at[h] = SETUP_CODE[kind]
        finally:
            ask.in_setup = False
        ask.echo(f"Setup written to {self.path}.")

    def _take_back_setup(self, k: Kingdom, placed: dict[str, int], added: list[tuple[str, str]],
                         every: bool) -> None:
        """``back``: the building placed last in this session (its line leaves the log); ``undo``:
        every one placed in this session. A building the log held before is the player's own line,
        never removed: it is changed by editing the log."""
        ask = self.ask
        if not added:
            before = ", ".join(f"{kind} at {self.board.names[h]}" for kind, h in placed.items())
            ask.echo("Nothing placed yet to take back" + (f" (already in the log before: {before}; edit "
                                                          "the log to move it)" if before else "") + ".")
            return
        for kind, line in list(reversed(added if every else added[-1:])):
            gone: dict[str, Any] = {kind: None}
            logged = replace(self.log, setup=replace(self.log.setup, **gone))
            if not self.file.take_back_setup(line, kind, logged):
                ask.echo(f"The {kind}'s line is no longer in {self.path} as play wrote it; edit the log to "
                         "change it.")
                return
            self.log = logged
            k.at[placed.pop(kind)] = EMPTY
            added.remove((kind, line))
            ask.echo(f"Taken back: the {kind}.")

    def stopped(self) -> str:
        """What the file holds now, in one paragraph."""
        log, path = self.log, self.path
        if not log.setup.placed:
            placed = placed_of(log.setup)
            done = "; ".join(f"{kind} at {self.board.names[h]}" for kind, h in placed.items())
            missing = ", ".join(kind for kind in SETUP_STEPS if kind not in placed)
            what = f"sheet {log.sheet}'s map" if log.sheet is not None else "the map"
            return (f"Stopped during setup. {path} holds the starter log: {what}"
                    f"{'; ' + done if done else ''}; not yet placed: {missing}.\n(solo check accepts it "
                    f"once all three are placed.) To continue, run again with --log {path}.")
        n = len(log.years)
        years = "no year yet" if n == 0 else "year 1" if n == 1 else f"years 1-{n}"
        k = self.kingdom
        open_year = (f"\nYear {k.year} was not finished, so it is not in the file; it will be asked again "
                     f"with the same dice." if k is not None and k.year > n else "")
        return (f"Stopped. {path} holds the setup and {years}: in progress after year {n}.{open_year}"
                f"\nTo continue, run again with --log {path}.")


