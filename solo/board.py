"""The hex map: flat-topped hexes in columns A.. and rows 1.., odd columns half a hex lower ("odd-q").

Inside the engine a hex is an int (``column * rows + row``, both 0-based) and a set of hexes is an int
bit mask, so the rules check adjacency with one ``&``. People see ``A1`` ... ``J8``.

>>> board = Board(10, 8, "E4")
>>> board.name(board.hex("e4")), sorted(board.name(n) for n in board.neighbours[board.hex("B1")])
('E4', ['A1', 'A2', 'B2', 'C1', 'C2'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations
from typing import Iterable, Iterator, Sequence

from solo.errors import IllegalMoveError
from solo.rules import Rules

MAX_SEED = 10**12 - 1


def bits(mask: int) -> Iterator[int]:
    """The hexes in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """The hexes in a mask as a list, lowest first (faster than ``list(bits(mask))``)."""
    out: list[int] = []
    append = out.append
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(hexes: Iterable[int]) -> int:
    out = 0
    for h in hexes:
        out |= 1 << h
    return out


class Board:
    """The geometry of one map size: names, neighbours (as tuples and masks), edges, the capital."""

    __slots__ = ("columns", "rows", "size", "names", "index", "neighbours", "nmask", "edge_mask",
                 "all_mask", "capital", "nmask_of_bit")

    def __init__(self, columns: int, rows: int, capital: str) -> None:
        self.columns, self.rows, self.size = columns, rows, columns * rows
        self.names = tuple(f"{chr(65 + c)}{r + 1}" for c in range(columns) for r in range(rows))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.neighbours = tuple(tuple(self._neighbours(i)) for i in range(self.size))
        self.nmask = tuple(mask_of(n) for n in self.neighbours)
        self.nmask_of_bit = {1 << i: m for i, m in enumerate(self.nmask)}  # keyed by the hex's bit
        self.all_mask = (1 << self.size) - 1
        self.edge_mask = mask_of(i for i in range(self.size) if self.is_edge(i))
        self.capital = self.index.get(capital.upper(), -1)

    def _neighbours(self, i: int) -> Iterator[int]:
        c, r = divmod(i, self.rows)
        side_rows = (r - 1, r) if c % 2 == 0 else (r, r + 1)
        for dc, dr in ((0, -1), (0, 1)):
            if 0 <= r + dr < self.rows:
                yield c * self.rows + r + dr
        for dc in (-1, 1):
            for rr in side_rows:
                if 0 <= c + dc < self.columns and 0 <= rr < self.rows:
                    yield (c + dc) * self.rows + rr

    def around(self, mask: int) -> int:
        """Every hex next to a hex of ``mask`` (the mask itself only where its hexes touch)."""
        nmask, out = self.nmask, 0
        while mask:
            low = mask & -mask
            out |= nmask[low.bit_length() - 1]
            mask ^= low
        return out

    def col_row(self, i: int) -> tuple[int, int]:
        return divmod(i, self.rows)

    def is_edge(self, i: int) -> bool:
        c, r = divmod(i, self.rows)
        return c in (0, self.columns - 1) or r in (0, self.rows - 1)

    def hex(self, name: str) -> int | None:
        """The hex called ``name`` (case-insensitive), or None when it is not on the map."""
        return self.index.get(name.strip().upper()) if isinstance(name, str) else None

    def name(self, i: int) -> str:
        return self.names[i]

    def names_of(self, mask_or_hexes: int | Iterable[int]) -> str:
        hexes = bits(mask_or_hexes) if isinstance(mask_or_hexes, int) else mask_or_hexes
        return " ".join(self.names[h] for h in hexes)

    def adjacent(self, a: int, b: int) -> bool:
        return bool(self.nmask[a] >> b & 1)

    def component(self, start: int, within: int) -> int:
        """The connected group of ``within`` that holds ``start``."""
        seen = 1 << start
        todo = [start]
        pop, nmask = todo.pop, self.nmask
        while todo:
            new = nmask[pop()] & within & ~seen
            while new:
                low = new & -new
                todo.append(low.bit_length() - 1)
                new ^= low
                seen |= low
        return seen

    def components(self, mask: int) -> list[int]:
        """Connected groups, in the order of their lowest hex."""
        out = []
        while mask:
            group = self.component((mask & -mask).bit_length() - 1, mask)
            out.append(group)
            mask &= ~group
        return out

    def connected(self, mask: int) -> bool:
        return mask != 0 and self.component((mask & -mask).bit_length() - 1, mask) == mask


@lru_cache(maxsize=8)
def board_for(columns: int, rows: int, capital: str) -> Board:
    return Board(columns, rows, capital)


def rules_board(rules: Rules) -> Board:
    return board_for(rules.columns, rules.rows, rules.capital)


@dataclass(frozen=True)
class KingdomMap:
    """What the setup draws on the map: the mountain ranges and the river (hexes, in order)."""

    mountains: tuple[int, ...]
    river: tuple[int, ...]
    dice: tuple[int, int] | None = None
    seed: int | None = None

    @cached_property
    def mountain_mask(self) -> int:
        return mask_of(self.mountains)

    @cached_property
    def river_mask(self) -> int:
        return mask_of(self.river)


# -- checking a map against the rules ------------------------------------------------------------

def _fail(message: str, key: str, index: int | None = None) -> IllegalMoveError:
    return IllegalMoveError(message, (key, index))


def split_ranges(board: Board, mountains: int, sizes: tuple[int, int]) -> list[tuple[int, int]]:
    """Every way to split ``mountains`` into two connected ranges of exactly ``sizes`` hexes."""
    a, b = sizes
    if mountains.bit_count() != a + b:
        return []
    groups = board.components(mountains)
    if len(groups) == 2:
        g0, g1 = groups
        pairs = [(g0, g1), (g1, g0)]
        return [(x, y) for x, y in pairs if x.bit_count() == a and y.bit_count() == b]
    if len(groups) != 1:
        return []
    return [(part, mountains & ~part) for part in _connected_subsets(board, mountains, a)
            if board.connected(mountains & ~part)]


def _connected_subsets(board: Board, within: int, size: int) -> list[int]:
    found: set[int] = set()
    layer = {1 << h for h in bits(within)}
    for _ in range(size - 1):
        layer = {s | 1 << n for s in layer for h in bits(s) for n in board.neighbours[h]
                 if within >> n & 1 and not s >> n & 1}
    found.update(layer)
    return sorted(found)


def bigger_ranges(board: Board, mountains: Sequence[int], dice: tuple[int, int] | None,
                  sides: int = 6) -> list[int]:
    """The masks that may be "the bigger range" (more than one when a single group splits several
    ways). Empty when the mountains cannot be two ranges (of the dice's sizes, when known)."""
    mask = mask_of(mountains)
    first = 1 << mountains[0] if mountains else 0
    if dice is None:
        options = [(a, mask.bit_count() - a) for a in range(1, sides + 1)
                   if 1 <= mask.bit_count() - a <= sides]
        if not any(split_ranges(board, mask, ab) for ab in options):
            return []
        groups = board.components(mask)
        best = max(g.bit_count() for g in groups)
        biggest = [g for g in groups if g.bit_count() == best]
        return [next((g for g in biggest if g & first), biggest[0])]
    a, b = dice
    out = []
    for ra, rb in split_ranges(board, mask, (a, b)):
        if a != b:
            out.append(ra if a > b else rb)
        else:  # a tie goes to the first die's range: the one holding the first-listed mountain
            out.append(ra if ra & first else rb)
    return sorted(set(out))


def check_map(board: Board, kmap: KingdomMap, sides: int = 6) -> None:
    """Raise :class:`IllegalMoveError` (``where`` = the setup key) unless the map obeys the rules."""
    _check_mountains(board, kmap, sides)
    _check_river(board, kmap, bigger_ranges(board, kmap.mountains, kmap.dice, sides))


def _check_mountains(board: Board, kmap: KingdomMap, sides: int) -> None:
    seen: set[int] = set()
    for i, h in enumerate(kmap.mountains):
        if h == board.capital:
            raise _fail(f"{board.name(h)} is the capital space; it is never a mountain", "mountains", i)
        if h in seen:
            raise _fail(f"{board.name(h)} is listed twice", "mountains", i)
        seen.add(h)
    groups = board.components(kmap.mountain_mask)
    listing = "; ".join(board.names_of(g) for g in groups)
    if kmap.dice is not None:
        a, b = kmap.dice
        if len(kmap.mountains) != a + b:
            raise _fail(f"the dice {a} and {b} make {a + b} mountains; {len(kmap.mountains)} are listed",
                        "mountains")
        if not split_ranges(board, kmap.mountain_mask, (a, b)):
            raise _fail(f"the mountains do not form two connected ranges of {a} and {b} hexes "
                        f"(connected groups: {listing})", "mountains")
    elif not bigger_ranges(board, kmap.mountains, None, sides):
        raise _fail(f"the mountains must be two connected ranges of 1 to {sides} hexes each "
                    f"(connected groups: {listing})", "mountains")


def _check_river(board: Board, kmap: KingdomMap, bigger: list[int]) -> None:
    river, mountains = kmap.river, kmap.mountain_mask
    if not river:
        raise _fail("the river needs at least one hex", "river")
    seen: set[int] = set()
    for i, h in enumerate(river):
        name = board.name(h)
        if h == board.capital:
            raise _fail(f"the river never runs through the capital ({name})", "river", i)
        if mountains >> h & 1:
            raise _fail(f"the river never enters a mountain ({name})", "river", i)
        if h in seen:
            raise _fail(f"the river passes {name} twice", "river", i)
        if i and not board.adjacent(river[i - 1], h):
            raise _fail(f"{name} is not next to {board.name(river[i - 1])}, the river hex before it",
                        "river", i)
        seen.add(h)
    if not any(board.nmask[river[0]] & big for big in bigger):
        what = board.names_of(bigger[0]) if len(bigger) == 1 else "either way of splitting the mountains"
        raise _fail(f"the river starts at {board.name(river[0])}, which is not next to the bigger "
                    f"mountain range ({what})", "river", 0)
    if not any(board.nmask[h] >> board.capital & 1 for h in river):
        raise _fail(f"the river never passes next to the capital ({board.name(board.capital)})", "river")
    if not board.edge_mask >> river[-1] & 1:
        raise _fail(f"the river ends at {board.name(river[-1])}, not an edge hex (column "
                    f"{board.names[0][0]} or {board.names[-1][0]}, row 1 or {board.rows}): it must "
                    "leave the map", "river", len(river) - 1)


def check_setup_buildings(board: Board, kmap: KingdomMap, farm: int, mine: int, village: int,
                          rules: Rules) -> None:
    """The setup farm, mine and village: where the rules put them, on their own hexes."""
    terrain = {"river": kmap.river_mask, "mountain": kmap.mountain_mask}
    placed: dict[int, str] = {}
    for kind, h in (("farm", farm), ("mine", mine), ("village", village)):
        if h == board.capital:
            raise _fail(f"{board.name(h)} is the capital space; the {kind} needs a hex of its own", kind)
        if h in placed:
            raise _fail(f"the {kind} and the {placed[h]} cannot share {board.name(h)}", kind)
        placed[h] = kind
    for kind, h, on in (("farm", farm, rules.setup_farm_on), ("mine", mine, rules.setup_mine_on)):
        if not terrain[on] >> h & 1:
            raise _fail(f"the setup {kind} stands on a {on} hex; {board.name(h)} is not one", kind)
    if kmap.mountain_mask >> village & 1 and not rules.build["village"].on_mountain:
        raise _fail(f"a village cannot stand on a mountain ({board.name(village)})", "village")
    near = {"farm": farm, "mine": mine}
    if not any(board.adjacent(village, near[k]) for k in rules.setup_village_next_to if k in near):
        raise _fail(f"the setup village at {board.name(village)} must stand next to the "
                    f"{' or the '.join(rules.setup_village_next_to)} ({board.name(farm)}, "
                    f"{board.name(mine)})", "village")


# -- drawing a map from a seed -------------------------------------------------------------------

def generate_map(board: Board, seed: int, sides: int = 6) -> KingdomMap:
    """The map of sheet ``seed``: two dice rolled and placed, ranges grown, the river drawn.

    The same seed gives the same map on every machine (``random.Random`` with an int seed).
    """
    rng = random.Random(seed)
    for _ in range(500):
        dice = (rng.randint(1, sides), rng.randint(1, sides))
        drawn = _try_map(board, rng, dice)
        if drawn is not None:
            return KingdomMap(drawn[0], drawn[1], dice, seed)
    raise RuntimeError(f"no legal map found for seed {seed}")  # pragma: no cover - never seen


def _try_map(board: Board, rng: random.Random, dice: tuple[int, int]) -> tuple[tuple, tuple] | None:
    """(mountains, river) drawn for ``dice``, or None to roll again."""
    cap = board.capital
    keep_clear = (1 << cap) | board.nmask[cap]
    first = _grow_range(board, rng, dice[0], keep_clear)
    if first is None:
        return None
    second = _grow_range(board, rng, dice[1], keep_clear | first | board.around(first))
    if second is None:
        return None
    bigger = first if dice[0] >= dice[1] else second
    river = _draw_river(board, rng, first | second, bigger)
    if river is None or len(river) < 4:
        return None
    # Legal by construction (two ranges of the dice's sizes kept apart, a river from next to the
    # bigger one past the capital to an edge); tests/solo check thousands of seeds with check_map.
    return tuple(bit_list(first) + bit_list(second)), tuple(river)


def _grow(board: Board, mask: int) -> int:
    return board.around(mask)


def _grow_range(board: Board, rng: random.Random, size: int, avoid: int) -> int | None:
    """A connected range of ``size`` hexes grown from a random hex outside ``avoid``.

    The random draws are exactly ``rng.choice`` over the free hexes (lowest first) and then over
    each frontier (lowest hex first), so sheets stay the same; the k-th hex is found in the bit
    masks instead of listing them."""
    avoid &= board.all_mask
    n = board.size - avoid.bit_count()
    if not n:
        return None
    below = rng.randrange  # what rng.choice(seq) draws: seq[rng.randrange(len(seq))], the same number
    k = below(n)
    h = k  # the k-th hex not avoided: k plus the avoided hexes at or below it
    while True:
        moved = k + (avoid & ((2 << h) - 1)).bit_count()
        if moved == h:
            break
        h = moved
    grown = 1 << h
    nmask = board.nmask
    around = nmask[h]
    for _ in range(size - 1):
        frontier = around & ~grown & ~avoid
        if not frontier:
            return None
        k = below(frontier.bit_count())
        while k:  # drop the k lowest hexes
            frontier &= frontier - 1
            k -= 1
        low = frontier & -frontier
        grown |= low
        around |= nmask[low.bit_length() - 1]
    return grown


def _draw_river(board: Board, rng: random.Random, mountains: int, bigger: int) -> list[int] | None:
    cap = board.capital
    blocked = mountains | 1 << cap
    starts = bit_list(_grow(board, bigger) & ~blocked)
    if not starts:
        return None
    weight = b"\0" + _weights(rng, board.size)  # by bit length: weight[h + 1] is hex h's
    first = _path(board, weight, [rng.choice(starts)], board.nmask[cap] & ~blocked, blocked)
    if first is None:
        return None
    used = mask_of(first)
    away = blocked | (used ^ 1 << first[-1]) | (_grow(board, used ^ 1 << first[-1]) & ~(1 << first[-1]))
    rest = _path(board, weight, [first[-1]], board.edge_mask & ~away, away & ~(1 << first[-1]))
    if rest is None:
        rest = _path(board, weight, [first[-1]], board.edge_mask & ~blocked & ~(used ^ 1 << first[-1]),
                     blocked | (used ^ 1 << first[-1]))
    if rest is None:
        return None
    return first + rest[1:]


def _weights(rng: random.Random, size: int) -> bytes:
    """``size`` random hex weights 1-4: exactly ``[1 + int(rng.random() * 4) for _ in range(size)]``
    (the sheets depend on it), drawn in one call. ``random()`` takes two 32-bit words and its top two
    bits are the top two bits of the first word; ``getrandbits(64 * size)`` returns the same words,
    lowest first, so byte ``8 * i + 3`` is the top byte of the first word of draw ``i``."""
    raw = rng.getrandbits(64 * size).to_bytes(8 * size, "little")[3::8]
    return raw.translate(_WEIGHT_OF_BYTE)


_WEIGHT_OF_BYTE = bytes(1 + (b >> 6) for b in range(256))


def _path(board: Board, weight: bytes, sources: list[int], targets: int,
          blocked: int) -> list[int] | None:
    """Cheapest path (random weights make it wander) from a source to any target, avoiding blocked;
    ``weight[h + 1]`` is what entering hex ``h`` costs.

    The same path as Dijkstra's search with a heap of (cost, hex) and ties to the lowest hex, found
    with bit masks: ``level[c]`` holds every hex whose cheapest cost is ``c``. A hex costs its
    weight to enter, so the first time the search reaches a hex is the cheapest (levels are taken
    in order) and the first target met is the lowest hex of the lowest level holding one. Each step
    back goes to the lowest neighbour one weight cheaper, the hex the heap would have popped first."""
    nmask, around = board.nmask, board.nmask_of_bit
    level = [0] * (4 * board.size + 8)  # weights are 1 to 4
    level[0] = start = mask_of(sources)
    unseen = ~(start | blocked)  # neither reached yet nor blocked
    c = last = 0
    while c <= last:
        here = level[c]
        if here:
            found = here & targets
            if found:
                h = (found & -found).bit_length() - 1
                path = [h]
                while c:
                    c -= weight[h + 1]
                    came = nmask[h] & level[c]
                    h = (came & -came).bit_length() - 1
                    path.append(h)
                path.reverse()
                return path
            new = 0
            while here:
                low = here & -here
                new |= around[low]
                here ^= low
            new &= unseen
            if new:
                unseen ^= new
                last = c + 4
                while new:
                    low = new & -new
                    level[c + weight[low.bit_length()]] |= low
                    new ^= low
        c += 1
    return None


def river_mouth(board: Board, kmap: KingdomMap) -> tuple[int, int]:
    """Offset (dcol, drow sign) pointing off the map from the river's last hex, for drawing."""
    c, r = board.col_row(kmap.river[-1])
    if r == 0:
        return (0, -1)
    if r == board.rows - 1:
        return (0, 1)
    return (-1, 0) if c == 0 else (1, 0)


def choose_pairs(results: Sequence[str], count: int) -> list[tuple[str, ...]]:
    """Every set of ``count`` different results, in table order (what a 6 may pick)."""
    return list(combinations(results, count))
