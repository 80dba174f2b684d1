"""Play at the terminal: the map and state drawn in text, each decision asked in the rules' order with
only the legal choices offered, and the log rewritten after every finished year (so it is always a
valid log; running again on the same file continues the game)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

import click

from generator.fileio import write_atomic

from .board import Board, KingdomMap, bits, check_map, generate_map, rules_board
from .check import log_map, play_year, start
from .engine import (CAPITAL, EMPTY, FARM, GRAVEYARD, MINE, MONUMENT, VILLAGE, Kingdom, cost_text,
                     summary)
from .errors import IllegalMoveError
from .log import GameLog, Lines, Setup, Year, format_log, read_log
from .rules import BUILD_KINDS, FATE_RESULTS, Rules

SYMBOL = {EMPTY: " ", FARM: "F", MINE: "M", VILLAGE: "V", MONUMENT: "#", GRAVEYARD: "X", CAPITAL: "C"}
LEGEND = ("F farm  M mine  V village  # monument  X graveyard  C capital   "
          "^ mountain  ~ river  . plain")


# -- drawing ---------------------------------------------------------------------------------------

def render_map(board: Board, kmap: KingdomMap, at: Sequence[int] | None = None,
               mark: int = 0) -> str:
    """The odd-q map in text: each row is two lines (columns A, C, E ... then B, D, F ...).
    ``mark`` hexes are shown with ``*`` (the choices being offered)."""
    cols = board.columns
    header = "     " + "".join(f"{chr(65 + c):<4}" for c in range(cols))
    lines = [header.rstrip()]
    for r in range(board.rows):
        for parity in (0, 1):
            cells = []
            for c in range(cols):
                if c % 2 != parity:
                    cells.append("    ")
                    continue
                h = c * board.rows + r
                cells.append(_cell(board, kmap, at, mark, h) + "  ")
            label_left = f"{r + 1:>3}  " if parity == 0 else "     "
            label_right = f" {r + 1}" if parity == 1 else ""
            lines.append((label_left + "".join(cells)).rstrip().ljust(5 + 4 * cols) + label_right)
    return "\n".join(lines)


def _cell(board: Board, kmap: KingdomMap, at: Sequence[int] | None, mark: int, h: int) -> str:
    terrain = "^" if kmap.mountain_mask >> h & 1 else "~" if kmap.river_mask >> h & 1 else "."
    if h == board.capital:
        return "C "
    code = at[h] if at is not None else EMPTY
    first = "*" if mark >> h & 1 else SYMBOL[code]
    return first + terrain


def render(k: Kingdom, mark: int = 0, state: bool = True) -> str:
    """Map, legend and (unless ``state`` is false) the state of a kingdom."""
    parts = [render_map(k.board, k.map, k.at, mark), LEGEND]
    return "\n".join(parts + [state_line(k)] if state else parts)


def state_line(k: Kingdom) -> str:
    status = k.status()
    when = f"after year {k.year}" if k.year else "before year 1"
    return f"{when}: {summary(k)} — {status.text()}"


# -- asking ----------------------------------------------------------------------------------------

class Asker:
    """Prompts through click (so tests can feed input); only legal answers are accepted."""

    def __init__(self, echo: Callable[[str], None] = click.echo) -> None:
        self.echo = echo

    def choice(self, question: str, options: Sequence[str], default: str | None = None) -> str:
        lowered = {o.lower(): o for o in options}
        shown = ", ".join(options) if len(options) <= 24 else f"{', '.join(options[:24])}, ..."
        while True:
            answer = click.prompt(f"{question} [{shown}]", default=default, show_default=default is not None)
            answer = str(answer).strip().lower()
            if answer in lowered:
                return lowered[answer]
            self.echo(f"  '{answer}' is not one of the choices offered.")

    def hex(self, board: Board, question: str, mask: int) -> int:
        names = [board.names[h] for h in bits(mask)]
        return board.index[self.choice(question, names).upper()]

    def text(self, question: str) -> str:
        return str(click.prompt(question, default="", show_default=False)).strip()


# -- one year --------------------------------------------------------------------------------------

def dice_rng(seed: int, year: int) -> random.Random:
    """The fate dice of ``year`` in a game seeded ``seed``: the same on every run."""
    return random.Random(f"pnpforge-kingdom:{seed}:year:{year}")


def play_one_year(k: Kingdom, rng: random.Random, ask: Asker) -> Year:
    """Ask each decision of the next year in order; return the logged year (the kingdom is updated)."""
    board, echo = k.board, ask.echo
    sides = k.rules.die_sides
    fate = (rng.randint(1, sides), rng.randint(1, sides))
    k.start_year(fate)
    echo(f"\n== Year {k.year} ==\nFate: {_dice_text(k, fate)}")
    reroll = _ask_reroll(k, rng, ask)
    choose = _ask_choose(k, ask)
    disaster = _ask_disasters(k, choose, ask)
    k.resolve_fate(choose, disaster)
    capital = tuple(ask.choice(f"Produce: the capital makes resource {i + 1} of {k.capital_count()}",
                               ["food", "ore", "labor"], "food") for i in range(k.capital_count()))
    k.produce(capital)
    echo(f"After Produce: food {k.food}, ore {k.ore}, labor {k.labor}")
    build = _ask_builds(k, ask)
    trade = _ask_trades(k, ask)
    starve = _ask_starve(k, ask)
    k.feed(starve)
    echo(state_line(k))
    return Year(fate, reroll, choose, disaster, capital, build, trade, starve)


def _dice_text(k: Kingdom, dice: Sequence[int]) -> str:
    return " and ".join(f"{d} ({k.rules.faces[d]})" for d in dice)


def _ask_reroll(k: Kingdom, rng: random.Random, ask: Asker) -> tuple[int, int] | None:
    if not k.can_reroll():
        return None
    faces = sorted({str(d) for d in k.dice})
    answer = ask.choice("Monument: reroll one die? (the face to reroll, or no)", faces + ["no"], "no")
    if answer == "no":
        return None
    to = rng.randint(1, k.rules.die_sides)
    k.reroll(int(answer), to)
    ask.echo(f"Rerolled {answer} -> {to}: fate is now {_dice_text(k, k.dice)}")
    return (int(answer), to)


def _ask_choose(k: Kingdom, ask: Asker) -> tuple[str, ...]:
    out: list[str] = []
    for six in range(k.sixes()):
        picked: list[str] = []
        for i in range(k.rules.choose_count):
            left = [r for r in FATE_RESULTS if r not in picked]
            kind = next((r for r in ("harvest", "strike-ore", "efficiency") if r in left), left[0])
            picked.append(ask.choice(f"A 6: choose result {i + 1} of {k.rules.choose_count}", left, kind))
        out.extend(picked)
    return tuple(out)


def _ask_disasters(k: Kingdom, choose: tuple[str, ...], ask: Asker) -> tuple[int, ...]:
    count = k.results(choose).count("disaster") * k.rules.disaster_loses
    left, out = k.losable(), []
    for _ in range(count):
        if not left:
            ask.echo("Disaster! You have no farm, mine or village to lose.")
            break
        ask.echo(render(k, left))
        h = ask.hex(k.board, "Disaster! Which farm, mine or village is lost", left)
        left &= ~(1 << h)
        out.append(h)
    return tuple(out)


def _ask_builds(k: Kingdom, ask: Asker) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    while True:
        options = [kind for kind in BUILD_KINDS if k.can_afford(kind) and k.legal_hexes(kind)]
        if not options:
            return tuple(out)
        menu = "; ".join(f"{_label(k, kind)} {cost_text(k.build_cost(kind))}" for kind in options)
        ask.echo(f"Construct (you have {k.labor} labor, {k.food} food, {k.ore} ore): {menu}")
        kind = ask.choice("Build what", options + ["done"], "done")
        if kind == "done":
            return tuple(out)
        where = k.legal_hexes(kind)
        ask.echo(render(k, where))
        h = ask.hex(k.board, f"Where does the {_label(k, kind)} stand (* on the map)", where)
        k.build(kind, h)
        out.append((kind, h))


def _label(k: Kingdom, kind: str) -> str:
    return f"monument stage {k.stage + 1}" if kind == "monument" else kind


def _ask_trades(k: Kingdom, ask: Asker) -> tuple[str, ...]:
    out: list[str] = []
    r = k.rules
    while k.labor >= r.trade_labor:
        need = k.food_needed()
        answer = ask.choice(f"Trade {r.trade_labor} labor for {r.trade_gives} (labor {k.labor}, food {k.food} "
                            f"of {need} needed, ore {k.ore})", list(r.trade_for) + ["done"], "done")
        if answer == "done":
            break
        k.trade(answer)
        out.append(answer)
    return tuple(out)


def _ask_starve(k: Kingdom, ask: Asker) -> tuple[int, ...]:
    lose = k.starving()
    if not lose:
        return ()
    ask.echo(f"Feed: {k.fed_count()} buildings eat {k.food_needed()} food; you have {k.food}. "
             f"You starve: lose {lose} building(s), each becomes a graveyard.")
    left, out = k.losable(), []
    for _ in range(lose):
        ask.echo(render(k, left))
        h = ask.hex(k.board, "Which building is lost to starving", left)
        left &= ~(1 << h)
        out.append(h)
    return tuple(out)


# -- the game --------------------------------------------------------------------------------------

def _ask_setup(rules: Rules, kmap: KingdomMap, board: Board, ask: Asker) -> tuple[int, int, int]:
    k = Kingdom(rules, kmap, board)
    cap = 1 << board.capital
    ask.echo(render(k, kmap.river_mask & ~cap))
    farm = ask.hex(board, "Setup: your farm, on a river hex (*)", kmap.river_mask & ~cap)
    mine = ask.hex(board, "Setup: your mine, on a mountain", kmap.mountain_mask)
    near = (board.nmask[farm] | board.nmask[mine]) & ~kmap.mountain_mask & ~cap & ~(1 << farm | 1 << mine)
    k.at[farm], k.at[mine] = FARM, MINE
    ask.echo(render(k, near))
    village = ask.hex(board, "Setup: your village, next to that farm or mine (*)", near)
    return farm, mine, village


def default_log_path(seed: int) -> Path:
    return Path("output") / "kingdom" / f"game-{seed}.yaml"


def play_game(rules: Rules, seed: int | None = None, log_path: Path | None = None,
              ask: Asker | None = None) -> Kingdom:
    """Start or continue a game, asking every decision; the log is rewritten after each year."""
    ask = ask or Asker()
    board = rules_board(rules)
    if seed is None and (log_path is None or not Path(log_path).exists()):
        seed = random.SystemRandom().randrange(1, 1_000_000)
    if log_path is None:
        assert seed is not None
        log_path = default_log_path(seed)
    log = _load_or_new(rules, board, Path(log_path), seed)
    dice_seed = seed if seed is not None else (log.sheet if log.sheet is not None else
                                                random.SystemRandom().randrange(1, 1_000_000))
    try:
        return _run(rules, board, log, Path(log_path), dice_seed, ask)
    except (click.Abort, KeyboardInterrupt, EOFError):
        ask.echo(f"\nStopped. {log_path} holds every finished year; run again with --log {log_path} "
                 "to continue.")
        raise click.exceptions.Exit(0) from None


def _load_or_new(rules: Rules, board: Board, path: Path, seed: int | None) -> GameLog:
    if path.exists():
        log = read_log(path, board, rules.die_sides, partial_setup=True)
        if log.setup.placed:
            # Check the whole log before continuing it: a broken log is reported, not extended.
            from .check import replay

            replay(log, rules)
        return log
    assert seed is not None
    kmap = generate_map(board, seed, rules.die_sides)
    setup = Setup(kmap.dice, kmap.mountains, kmap.river, None, None, None, Lines())
    return GameLog(setup, (), seed, file=str(path))


def _run(rules: Rules, board: Board, log: GameLog, path: Path, dice_seed: int, ask: Asker) -> Kingdom:
    if not log.setup.placed:
        log = _place_setup(rules, board, log, path, ask)
    k = start(log, rules)
    years = list(log.years)
    for number, year in enumerate(years, 1):
        play_year(k, year, number, str(path))
    ask.echo(f"Kingdom of {log.kingdom or 'your kingdom'} — {path}")
    ask.echo(render(k))
    while not k.over:
        year = play_one_year(k, dice_rng(dice_seed, k.year + 1), ask)
        years.append(year)
        log = replace(log, years=tuple(years))
        write_atomic(path, format_log(log, board))
    ask.echo(f"\nThe game is over: {k.status().text()}. Log: {path}")
    return k


def _place_setup(rules: Rules, board: Board, log: GameLog, path: Path, ask: Asker) -> GameLog:
    kmap = log_map(log, rules, board)
    try:
        check_map(board, kmap, rules.die_sides)
    except IllegalMoveError as err:
        raise IllegalMoveError(f"setup: {err.message}", None, str(path), log.setup.lines.line()) from None
    ask.echo(f"A new kingdom on sheet {log.sheet}." if log.sheet is not None else "A new kingdom.")
    ruler = log.ruler or ask.text("Your name, ruler (optional)")
    kingdom = log.kingdom or ask.text("Your kingdom's name (optional)")
    capital = log.capital or ask.text("Your capital's name (optional)")
    farm, mine, village = _ask_setup(rules, kmap, board, ask)
    setup = Setup(kmap.dice, kmap.mountains, kmap.river, farm, mine, village, Lines())
    log = replace(log, setup=setup, ruler=ruler or None, kingdom=kingdom or None, capital=capital or None)
    write_atomic(path, format_log(log, board))
    ask.echo(f"Setup written to {path}.")
    return log
