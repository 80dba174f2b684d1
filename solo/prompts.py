"""The questions of the terminal game, in the rules' order: one year's (fate, produce, construct,
trade, feed) and the setup's (farm, mine, village), each offering only the legal choices, with the
safe default (:mod:`solo.advice`) and a sentence saying why anything else is refused."""

from __future__ import annotations

import random
from typing import Sequence

from solo.advice import best_site, cheapest_loss
from solo.asker import Asker
from solo.board import Board, KingdomMap
from solo.engine import Kingdom
from solo.errors import IllegalMoveError
from solo.log import Setup, Year
from solo.rules import BUILD_KINDS, FATE_RESULTS, Rules
from solo.tables import FARM, MINE, VILLAGE, WHAT, cost_text
from solo.textmap import render, state_line

KIND_OF = {FARM: "farm", MINE: "mine", VILLAGE: "village"}

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
    reroll = ask_reroll(k, rng, ask)
    choose = ask_choose(k, ask)
    disaster = ask_disasters(k, choose, ask)
    k.resolve_fate(choose, disaster)
    capital = tuple(ask.choice(f"Produce: the capital makes resource {i + 1} of {k.capital_count()}",
                               ["food", "ore", "labor"], "food") for i in range(k.capital_count()))
    k.produce(capital)
    echo(f"After Produce: food {k.food}, ore {k.ore}, labor {k.labor}")
    build = ask_builds(k, ask)
    trade = ask_trades(k, ask)
    starve = ask_starve(k, ask)
    k.feed(starve)
    echo(state_line(k))
    return Year(fate, reroll, choose, disaster, capital, build, trade, starve)


def _dice_text(k: Kingdom, dice: Sequence[int]) -> str:
    return " and ".join(f"{d} ({k.rules.faces[d]})" for d in dice)


def ask_reroll(k: Kingdom, rng: random.Random, ask: Asker) -> tuple[int, int] | None:
    if not k.can_reroll():
        return None
    faces = sorted({str(d) for d in k.dice})
    disaster = next((str(d) for d in k.dice if k.rules.faces[d] == "disaster"), "no")
    answer = ask.choice("Monument: reroll one die? (the face to reroll, or no)", faces + ["no"], disaster)
    if answer == "no":
        return None
    to = rng.randint(1, k.rules.die_sides)
    k.reroll(int(answer), to)
    ask.echo(f"Rerolled {answer} -> {to}: fate is now {_dice_text(k, k.dice)}")
    return (int(answer), to)


def ask_choose(k: Kingdom, ask: Asker) -> tuple[str, ...]:
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


def ask_disasters(k: Kingdom, choose: tuple[str, ...], ask: Asker) -> tuple[int, ...]:
    count = k.results(choose).count("disaster") * k.rules.disaster_loses
    left, out = k.losable(), []
    for _ in range(count):
        if not left:
            ask.echo("Disaster! You have no farm, mine or village to lose.")
            break
        ask.echo(render(k, left, state=False))
        h = ask.hex(k.board, "Disaster! Which farm, mine or village is lost (default: the one that "
                    "makes least)", left, lambda h: _not_losable(k, h, left), cheapest_loss(k, left),
                    lambda h: KIND_OF[k.at[h]])
        left &= ~(1 << h)
        out.append(h)
    return tuple(out)


def ask_builds(k: Kingdom, ask: Asker) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    while True:
        options = [kind for kind in BUILD_KINDS if k.can_afford(kind) and k.legal_hexes(kind)]
        if not options:
            return tuple(out)
        menu = "".join(f"\n  {_label(k, kind)}: {cost_text(k.build_cost(kind))}" for kind in options)
        ask.echo(f"Construct: you have {k.labor} labor, {k.food} food, {k.ore} ore; Feed will take "
                 f"{k.food_needed()} food,\nand 1 more for each farm, mine or village built. You can pay for:{menu}")
        kind = ask.choice("Build what", options + ["done"], "done", lambda answer: _build_why(k, answer))
        if kind == "done":
            return tuple(out)
        where = k.legal_hexes(kind)
        ask.echo(render(k, where, state=False))
        h = ask.hex(k.board, f"Where does the {_label(k, kind)} stand (* on the map)", where,
                    lambda h: _site_why(k, kind, h), best_site(k, kind, where))
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


def _site_why(k: Kingdom, kind: str, h: int) -> str:
    """The engine's own reason a ``kind`` may not stand on ``h``."""
    try:
        k.check_site(kind, h)
    except IllegalMoveError as err:
        return err.message
    return f"{k.name(h)} is not one of the choices"  # pragma: no cover - legal_hexes agrees


def _not_losable(k: Kingdom, h: int, left: int) -> str:
    if k.at[h] in (FARM, MINE, VILLAGE):
        return f"{k.name(h)} is already lost this year"
    return f"{k.name(h)} holds {WHAT[k.at[h]]}; only a farm, mine or village can be lost"


def _label(k: Kingdom, kind: str) -> str:
    return f"monument stage {k.stage + 1}" if kind == "monument" else kind


def ask_trades(k: Kingdom, ask: Asker) -> tuple[str, ...]:
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


def ask_starve(k: Kingdom, ask: Asker) -> tuple[int, ...]:
    lose = k.starving()
    if not lose:
        return ()
    ask.echo(f"Feed: {k.fed_count()} buildings eat {k.food_needed()} food; you have {k.food}. "
             f"You starve: lose {lose} building(s), each becomes a graveyard.")
    left, out = k.losable(), []
    for _ in range(lose):
        ask.echo(render(k, left, state=False))
        h = ask.hex(k.board, "Which building is lost to starving (default: the one that makes least)", left,
                    lambda h: _not_losable(k, h, left), cheapest_loss(k, left), lambda h: KIND_OF[k.at[h]])
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


def setup_why(rules: Rules, board: Board, kmap: KingdomMap, kind: str, placed: dict[str, int],
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


def setup_question(rules: Rules, kind: str) -> str:
    near = " or ".join(f"your {o}" for o in rules.setup_village_next_to if o in ("farm", "mine"))
    on = rules.setup_farm_on if kind == "farm" else rules.setup_mine_on
    return _SETUP_QUESTION[kind].format(on=on, near=near)


def placed_of(setup: Setup) -> dict[str, int]:
    return {kind: getattr(setup, kind) for kind in SETUP_STEPS if getattr(setup, kind) is not None}

