"""Play at the terminal: the map and state drawn in text, each decision asked in the rules' order with
only the legal choices offered (Enter takes the shown default), and the log on disk from the start:
the starter log at once, rewritten after each setup step and each finished year, so running again
on the same file continues the game. Ctrl-C or end of input stops with the file in place and says
what it holds."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

import click

from generator.fileio import write_atomic

from .board import Board, KingdomMap, bits, check_map, generate_map, rules_board
from .check import log_map, play_year, start
from .engine import (CAPITAL, EMPTY, FARM, GRAVEYARD, MINE, MONUMENT, VILLAGE, WHAT, Kingdom,
                     cost_text, summary)
from .errors import IllegalMoveError
from .log import GameLog, Lines, Setup, Year, format_log, read_log, starter_note
from .rules import BUILD_KINDS, FATE_RESULTS, Rules
from .simulate import cheapest_loss

SYMBOL = {EMPTY: " ", FARM: "F", MINE: "M", VILLAGE: "V", MONUMENT: "#", GRAVEYARD: "X", CAPITAL: "C"}
LEGEND = "F farm  M mine  V village  # monument  X graveyard  C capital\n^ mountain  ~ river  . plain"


# -- drawing ---------------------------------------------------------------------------------------

def render_map(board: Board, kmap: KingdomMap, at: Sequence[int] | None = None,
               mark: int = 0) -> str:
    """The odd-q map in text. Each row is two lines: columns A, C, E ... on the first, B, D, F ...
    (half a hex lower) on the second; both lines carry the row number on each side, so the hex under
    letter X on a line numbered r is Xr. A cell is two characters under its column letter: what
    stands there (``F`` farm ...) or, on an empty hex, the terrain; then the terrain (``~`` river,
    ``^`` mountain, ``.`` plain). ``mark`` hexes show ``*`` first (the choices being offered)."""
    cols, width = board.columns, 4
    letters = "".join(f"{chr(65 + c):<{width}}" for c in range(cols)).rstrip()
    pad = 5  # "  1  " before the first cell
    header = " " * pad + letters
    lines = [header]
    right = pad + width * (cols - 1) + 2 + 2  # the right-hand row numbers, past the last cell
    for r in range(board.rows):
        for parity in (0, 1):
            row = [" "] * (width * cols)
            for c in range(parity, cols, 2):
                cell = _cell(board, kmap, at, mark, c * board.rows + r)
                row[width * c:width * c + 2] = cell
            body = "".join(row).rstrip()
            lines.append(f"{r + 1:>3}  {body}".ljust(right) + f"{r + 1}")
    lines.append(header)
    return "\n".join(lines)


def _cell(board: Board, kmap: KingdomMap, at: Sequence[int] | None, mark: int, h: int) -> str:
    terrain = "^" if kmap.mountain_mask >> h & 1 else "~" if kmap.river_mask >> h & 1 else "."
    if h == board.capital:
        return "C "
    if mark >> h & 1:
        return "*" + terrain
    code = at[h] if at is not None else EMPTY
    return terrain + " " if code == EMPTY else SYMBOL[code] + terrain


def render(k: Kingdom, mark: int = 0, state: bool = True) -> str:
    """Map, legend and (unless ``state`` is false) the state of a kingdom."""
    parts = [render_map(k.board, k.map, k.at, mark), LEGEND + ("  * a choice" if mark else "")]
    return "\n".join(parts + [state_line(k)] if state else parts)


def state_line(k: Kingdom) -> str:
    if not k.year:
        return f"before year 1: {summary(k)}"
    return f"after year {k.year}: {summary(k)} — {k.status().text()}"


# -- asking ----------------------------------------------------------------------------------------

SHOWN = 24  # choices listed in a prompt; more are marked on the map


def _listing(options: Sequence[str]) -> str:
    if len(options) <= SHOWN:
        return ", ".join(options)
    return f"{', '.join(options[:SHOWN])} and {len(options) - SHOWN} more (* on the map)"


def _line_editing() -> None:
    """Arrow keys and history at a terminal: importing readline is what makes ``input`` use it."""
    try:
        import readline  # noqa: F401
    except ImportError:  # pragma: no cover - Windows without pyreadline
        pass


class TakeBack(Exception):
    """``back`` (the last decision of this year) or ``undo`` (the whole year) was typed."""

    def __init__(self, whole_year: bool) -> None:
        super().__init__("undo" if whole_year else "back")
        self.whole_year = whole_year


BACK_HELP = "back: take back your last decision of this year; undo: play this year again from its dice"


def read_answer(prompt: str) -> str:
    """One line from stdin after ``prompt``. At a terminal, ``input`` (line editing, the terminal
    echoes); from a pipe the answer is echoed so the transcript reads like a session. End of input
    raises :class:`EOFError`."""
    stdin = sys.stdin
    if stdin is not None and stdin.isatty():
        _line_editing()
        return input(prompt)
    click.echo(prompt, nl=False)
    line = stdin.readline() if stdin is not None else ""
    if not line:
        raise EOFError
    answer = line.rstrip("\r\n")
    click.echo(answer)
    return answer


class Asker:
    """Asks at the terminal (tests may pass ``read``); only offered answers are accepted. Enter takes
    the default shown in the prompt (the first choice unless a question names another); anything
    else gets one line saying why it is refused and what may be typed, and the question again.

    During a year (``in_year``) ``back`` and ``undo`` raise :class:`TakeBack`; the game then replays
    the year's accepted answers (``replay``, silently) up to the point taken back."""

    def __init__(self, echo: Callable[[str], None] = click.echo,
                 read: Callable[[str], str] = read_answer) -> None:
        self._echo, self.read = echo, read
        self.in_year = False
        self.replay: list[str] = []
        self.given: list[str] = []

    def echo(self, text: str) -> None:
        if not self.replay:
            self._echo(text)

    def choice(self, question: str, options: Sequence[str], default: str | None = None,
               why: Callable[[str], str] | None = None) -> str:
        """One of ``options``; ``why(answer)`` explains a refused answer (else a generic line)."""
        if self.replay:
            answer = self.replay.pop(0)
            self.given.append(answer)
            return answer
        if default is None:
            default = options[0]
        lowered = {o.lower(): o for o in options}
        shown = _listing(options)
        while True:
            answer = self.read(f"{question} [{shown}] (default {default}): ").strip()
            if not answer:
                answer = default
            elif answer.lower() in lowered:
                answer = lowered[answer.lower()]
            elif answer.lower() in ("back", "undo") and self.in_year:
                raise TakeBack(answer.lower() == "undo")
            else:
                if answer.lower() in ("back", "undo"):
                    reason = f"'{answer}' works during a year; the setup is written as you place it"
                else:
                    reason = why(answer) if why else f"'{answer}' is not one of the choices"
                self._echo(f"  {reason}; type one of: {shown} (Enter: {default})"
                           + (f"; or {BACK_HELP}" if self.in_year else ""))
                continue
            self.given.append(answer)
            return answer

    def hex(self, board: Board, question: str, mask: int, why: Callable[[int], str] | None = None,
            default: int | None = None) -> int:
        """A hex of ``mask``; ``why(h)`` says why another hex of the map is refused."""
        names = [board.names[h] for h in bits(mask)]

        def reason(answer: str) -> str:
            h = board.index.get(answer.upper())
            if h is None:
                return (f"'{answer}' is not a hex of the map (a column letter and a row number, "
                        f"{board.names[0]} to {board.names[-1]})")
            return why(h) if why else f"{board.names[h]} is not one of the choices"

        shown = board.names[default] if default is not None and mask >> default & 1 else None
        return board.index[self.choice(question, names, shown, reason)]

    def text(self, question: str) -> str:
        return self.read(f"{question} (Enter: none): ").strip()


# -- one year --------------------------------------------------------------------------------------

def dice_rng(seed: int | str, year: int) -> random.Random:
    """The fate dice of ``year`` in a game seeded ``seed``: the same on every run."""
    return random.Random(f"pnpforge-kingdom:{seed}:year:{year}")


def play_one_year(k: Kingdom, rng: random.Random, ask: Asker) -> Year:
    """Ask each decision of the next year in order; return the logged year (the kingdom is updated)."""
    echo = ask.echo
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
    per = k.rules.choose_count
    for six in range(k.sixes()):
        picked: list[str] = []
        for i in range(per):
            left = [r for r in FATE_RESULTS if r not in picked]
            kind = next((r for r in ("harvest", "strike-ore", "efficiency") if r in left), left[0])

            def why(answer: str, picked: list[str] = picked) -> str:
                if answer.lower() in picked:
                    return (f"a 6's {per} results must differ: you already chose {answer.lower()} "
                            f"for this 6")
                return f"'{answer}' is not a fate result ({', '.join(FATE_RESULTS)})"

            picked.append(ask.choice(f"A 6: choose result {i + 1} of {per}", left, kind, why))
        out.extend(picked)
    return tuple(out)


def _ask_disasters(k: Kingdom, choose: tuple[str, ...], ask: Asker) -> tuple[int, ...]:
    count = k.results(choose).count("disaster") * k.rules.disaster_loses
    left, out = k.losable(), []
    for _ in range(count):
        if not left:
            ask.echo("Disaster! You have no farm, mine or village to lose.")
            break
        ask.echo(render(k, left, state=False))
        h = ask.hex(k.board, "Disaster! Which farm, mine or village is lost (default: the one that "
                    "makes least)", left, lambda h: _not_losable(k, h, left), cheapest_loss(k, left))
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
        ask.echo(f"Construct: you have {k.labor} labor, {k.food} food, {k.ore} ore; you can pay for\n  {menu}")
        kind = ask.choice("Build what", options + ["done"], "done", lambda answer: _build_why(k, answer))
        if kind == "done":
            return tuple(out)
        where = k.legal_hexes(kind)
        ask.echo(render(k, where, state=False))
        h = ask.hex(k.board, f"Where does the {_label(k, kind)} stand (* on the map)", where,
                    lambda h: _site_why(k, kind, h), _good_site(k, kind, where))
        k.build(kind, h)
        out.append((kind, h))


def _build_why(k: Kingdom, answer: str) -> str:
    """Why a kind is not offered: its cost against what you have, or no hex where it may stand."""
    kind = answer.strip().lower()
    if kind not in BUILD_KINDS:
        return f"'{answer}' is not something to build ({', '.join(BUILD_KINDS)})"
    if kind == "monument" and k.stage >= k.rules.max_stage:
        return f"the monument is finished (stage {k.stage})"
    cost = k.build_cost(kind)
    have = (k.labor, k.food, k.ore)
    short = [f"{h} {name}" for need, h, name in zip(cost, have, ("labor", "food", "ore")) if h < need]
    if short:
        owned = "" if kind == "monument" else f" (you own {getattr(k, kind + 's')})"
        return (f"{_label(k, kind)} costs {'+'.join(map(str, cost))} (labor+food+ore){owned} and you have "
                f"{' and '.join(short)}")
    return f"there is no hex where a {kind} may stand now"


def _good_site(k: Kingdom, kind: str, where: int) -> int:
    """The default hex: a farm by the river, a mine on a mountain, a village next to a farm or mine
    (where each makes most); the first such hex, else the first legal one."""
    if kind == "farm":
        better = where & k.river
    elif kind == "mine":
        better = where & k.mountains
    elif kind == "village":
        better = where & k.board.around(k.masks[FARM] | k.masks[MINE])
    else:
        better = where
    mask = better or where
    return (mask & -mask).bit_length() - 1


def _site_why(k: Kingdom, kind: str, h: int) -> str:
    """The engine's own reason a ``kind`` may not stand on ``h``."""
    try:
        k._check_site(kind, h)
    except IllegalMoveError as err:
        return err.message
    return f"{k.name(h)} is not one of the choices"  # pragma: no cover - legal_hexes agrees


def _not_losable(k: Kingdom, h: int, left: int) -> str:
    if k.at[h] in (FARM, MINE, VILLAGE):
        return f"{k.name(h)} is already lost this year"
    return f"{k.name(h)} holds {WHAT[k.at[h]]}; only a farm, mine or village can be lost"


def _label(k: Kingdom, kind: str) -> str:
    return f"monument stage {k.stage + 1}" if kind == "monument" else kind


def _ask_trades(k: Kingdom, ask: Asker) -> tuple[str, ...]:
    out: list[str] = []
    r = k.rules
    while k.labor >= r.trade_labor:
        need = k.food_needed()
        default = "food" if k.food < need and "food" in r.trade_for else "done"
        answer = ask.choice(f"Trade {r.trade_labor} labor for {r.trade_gives} (labor {k.labor}, food {k.food} "
                            f"of {need} needed, ore {k.ore})", list(r.trade_for) + ["done"], default)
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
        ask.echo(render(k, left, state=False))
        h = ask.hex(k.board, "Which building is lost to starving (default: the one that makes least)", left,
                    lambda h: _not_losable(k, h, left), cheapest_loss(k, left))
        left &= ~(1 << h)
        out.append(h)
    return tuple(out)


# -- the setup -----------------------------------------------------------------------------------

SETUP_STEPS = ("farm", "mine", "village")


def setup_choices(rules: Rules, board: Board, kmap: KingdomMap, kind: str, placed: dict[str, int]) -> int:
    """Where the setup ``kind`` may stand, given the setup buildings ``placed`` so far."""
    terrain = {"river": kmap.river_mask, "mountain": kmap.mountain_mask}
    taken = 1 << board.capital
    for h in placed.values():
        taken |= 1 << h
    if kind == "farm":
        return terrain[rules.setup_farm_on] & ~taken
    if kind == "mine":
        return terrain[rules.setup_mine_on] & ~taken
    near = 0
    for other in rules.setup_village_next_to:
        if other in placed:
            near |= board.nmask[placed[other]]
    if not rules.build["village"].on_mountain:
        near &= ~kmap.mountain_mask
    return near & ~taken


def _setup_why(rules: Rules, board: Board, kmap: KingdomMap, kind: str, placed: dict[str, int],
               h: int) -> str:
    name = board.names[h]
    if h == board.capital:
        return f"{name} is the capital space; the {kind} needs a hex of its own"
    for other, at in placed.items():
        if at == h:
            return f"{name} holds your {other}"
    if kind in ("farm", "mine"):
        on = rules.setup_farm_on if kind == "farm" else rules.setup_mine_on
        return f"the setup {kind} stands on a {on} hex; {name} is not one"
    if kmap.mountain_mask >> h & 1:
        return f"a village cannot stand on a mountain ({name})"
    nexts = [f"your {o} ({board.names[placed[o]]})" for o in rules.setup_village_next_to if o in placed]
    return f"the setup village stands next to {' or '.join(nexts)}; {name} is not"


_SETUP_QUESTION = {"farm": "Setup: your farm, on a {on} hex (*)", "mine": "Setup: your mine, on a {on} hex (*)",
                   "village": "Setup: your village, next to {near} (*)"}


def _setup_question(rules: Rules, kind: str) -> str:
    near = " or ".join(f"your {o}" for o in rules.setup_village_next_to if o in ("farm", "mine"))
    on = rules.setup_farm_on if kind == "farm" else rules.setup_mine_on
    return _SETUP_QUESTION[kind].format(on=on, near=near)


def _placed(setup: Setup) -> dict[str, int]:
    return {kind: getattr(setup, kind) for kind in SETUP_STEPS if getattr(setup, kind) is not None}


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
    Ctrl-C stops with exit 130 and end of input with exit 1 (the log is left as it stands); exit 0
    means the game is over."""
    from generator.errors import UsageError

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


class _Game:
    """A game being played: ``log`` is always what the file on disk holds."""

    def __init__(self, rules: Rules, board: Board, path: Path, ask: Asker) -> None:
        self.rules, self.board, self.path, self.ask = rules, board, path, ask
        self.log: GameLog = GameLog(Setup(None, None, None, None, None, None))
        self.kingdom: Kingdom | None = None

    def save(self, log: GameLog) -> None:
        comment = "" if log.setup.placed else starter_note(log.sheet)
        write_atomic(self.path, format_log(log, self.board, comment))
        self.log = log

    def load(self, seed: int | None) -> None:
        path, rules, board = self.path, self.rules, self.board
        if path.exists():
            log = read_log(path, board, rules.die_sides, partial_setup=True)
            if log.setup.placed:
                # Check the whole log before continuing it: a broken log is reported, not extended.
                from .check import replay

                replay(log, rules)
            else:
                self._check_partial(log)
            self.log = log
            return
        assert seed is not None
        kmap = generate_map(board, seed, rules.die_sides)
        setup = Setup(kmap.dice, kmap.mountains, kmap.river, None, None, None, Lines())
        self.save(GameLog(setup, (), seed, file=str(path)))  # the starter log, before any question

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
                why = _setup_why(self.rules, self.board, kmap, kind, placed, h)
                raise IllegalMoveError(f"setup: {why}", None, str(self.path), lines.line(kind))
            placed[kind] = h

    def run(self, dice_seed: int | str) -> Kingdom:
        if not self.log.setup.placed:
            self._place_setup()
        log, path, ask = self.log, self.path, self.ask
        k = self.kingdom = start(log, self.rules)
        for number, year in enumerate(log.years, 1):
            play_year(k, year, number, str(path))
        ask.echo(f"{('Kingdom of ' + log.kingdom) if log.kingdom else 'Your kingdom'} — {path}")
        ask.echo(render(k))
        while not k.over:
            year = self.one_year(k, dice_seed)
            self.save(replace(self.log, years=self.log.years + (year,)))
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
        ask.echo(f"Continuing the setup{on} (log: {self.path})." if _placed(log.setup)
                 else f"A new kingdom{on} (log: {self.path}).")
        if log.setup.farm is None:
            names = {key: getattr(log, key) or ask.text(question) for key, question in (
                ("ruler", "Your name, ruler (optional)"), ("kingdom", "Your kingdom's name (optional)"),
                ("capital", "Your capital's name (optional)"))}
            if any(names.values()):
                self.save(replace(log, **{key: value or None for key, value in names.items()}))
        k = Kingdom(rules, kmap, board)
        placed = _placed(self.log.setup)
        for kind, h in placed.items():
            k.at[h] = {"farm": FARM, "mine": MINE, "village": VILLAGE}[kind]
        for kind in SETUP_STEPS:
            if kind in placed:
                continue
            where = setup_choices(rules, board, kmap, kind, placed)
            ask.echo(render(k, where, state=False))
            h = ask.hex(board, _setup_question(rules, kind), where,
                        lambda h, kind=kind: _setup_why(rules, board, kmap, kind, placed, h))
            placed[kind] = h
            k.at[h] = {"farm": FARM, "mine": MINE, "village": VILLAGE}[kind]
            self.save(replace(self.log, setup=replace(self.log.setup, **{kind: h})))
        ask.echo(f"Setup written to {self.path}.")

    def stopped(self) -> str:
        """What the file holds now, in one paragraph."""
        log, path = self.log, self.path
        if not log.setup.placed:
            placed = _placed(log.setup)
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

