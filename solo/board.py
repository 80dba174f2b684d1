"""The hex map: flat-topped hexes in columns A.. and rows 1.., odd columns half a hex lower ("odd-q").

Inside the engine a hex is an int (``column * rows + row``, both 0-based) and a set of hexes is an int
bit mask, so the rules check adjacency with one ``&``. People see ``A1`` ... ``J8``.

>>> board = Board(10, 8, "E4")
>>> board.name(board.hex("e4")), sorted(board.name(n) for n in board.neighbours[board.hex("B1")])
('E4', ['A1', 'A2', 'B2', 'C1', 'C2'])
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Iterator, Sequence

from .errors import IllegalMoveError
from .rules import Rules

MAX_SEED = 10**12 - 1


def bits(mask: int) -> Iterator[int]:
    """The hexes in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """The hexes in a mask as a list, lowest first (faster than ``list(bits(mask))``)."""
    out = []
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
                 "all_mask", "capital")

    def __init__(self, columns: int, rows: int, capital: str) -> None:
        self.columns, self.rows, self.size = columns, rows, columns * rows
        self.names = tuple(f"{chr(65 + c)}{r + 1}" for c in range(columns) for r in range(rows))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.neighbours = tuple(tuple(self._neighbours(i)) for i in range(self.size))
        self.nmask = tuple(mask_of(n) for n in self.neighbours)
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

    @property
    def mountain_mask(self) -> int:
        return mask_of(self.mountains)

    @property
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
        kmap = _try_map(board, rng, dice)
        if kmap is not None:
            return KingdomMap(kmap.mountains, kmap.river, dice, seed)
    raise RuntimeError(f"no legal map found for seed {seed}")  # pragma: no cover - never seen


def _try_map(board: Board, rng: random.Random, dice: tuple[int, int]) -> KingdomMap | None:
    cap = board.capital
    keep_clear = (1 << cap) | board.nmask[cap]
    ranges: list[int] = []
    for die in dice:
        taken = mask_of(()) if not ranges else ranges[0] | _grow(board, ranges[0])
        grown = _grow_range(board, rng, die, keep_clear | taken)
        if grown is None:
            return None
        ranges.append(grown)
    mountains = ranges[0] | ranges[1]
    order = bit_list(ranges[0]) + bit_list(ranges[1])
    bigger = ranges[0] if dice[0] >= dice[1] else ranges[1]
    river = _draw_river(board, rng, mountains, bigger)
    if river is None or len(river) < 4:
        return None
    # Legal by construction (two ranges of the dice's sizes kept apart, a river from next to the
    # bigger one past the capital to an edge); tests/solo check thousands of seeds with check_map.
    return KingdomMap(tuple(order), tuple(river), dice)


def _grow(board: Board, mask: int) -> int:
    return board.around(mask)


class _Outside:
    """The hexes of the board not in ``avoid``, lowest first, as a read-only sequence (what
    ``rng.choice`` needs) without listing the seventy-odd of them."""

    __slots__ = ("avoid", "n")

    def __init__(self, board: Board, avoid: int) -> None:
        avoid &= board.all_mask
        self.avoid = bit_list(avoid)
        self.n = board.size - len(self.avoid)

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, k: int) -> int:
        if not 0 <= k < self.n:
            raise IndexError(k)
        for a in self.avoid:  # the k-th hex not avoided: step over each avoided hex at or below it
            if a > k:
                break
            k += 1
        return k


def _grow_range(board: Board, rng: random.Random, size: int, avoid: int) -> int | None:
    """A connected range of ``size`` hexes grown from a random hex outside ``avoid``.

    The random draws are exactly ``rng.choice`` over the free hexes and then over each frontier
    (lowest hex first), so sheets stay the same; the k-th hex is found in the bit masks instead of
    listing them."""
    free = _Outside(board, avoid)
    n = len(free)
    if not n:
        return None
    below = rng._randbelow  # what rng.choice(seq) draws: seq[rng._randbelow(len(seq))]
    rng_mask = 1 << free[below(n)]
    nmask = board.nmask
    for _ in range(size - 1):
        around = 0
        m = rng_mask
        while m:
            low = m & -m
            around |= nmask[low.bit_length() - 1]
            m ^= low
        frontier = around & ~rng_mask & ~avoid
        if not frontier:
            return None
        k = below(frontier.bit_count())
        while k:  # drop the k lowest hexes
            frontier &= frontier - 1
            k -= 1
        rng_mask |= frontier & -frontier
    return rng_mask


def _draw_river(board: Board, rng: random.Random, mountains: int, bigger: int) -> list[int] | None:
    cap = board.capital
    blocked = mountains | 1 << cap
    starts = bit_list(_grow(board, bigger) & ~blocked)
    if not starts:
        return None
    rand = rng.random
    weight = [1 + int(rand() * 4) for _ in range(board.size)]
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


def _path(board: Board, weight: list[int], sources: list[int], targets: int, blocked: int) -> list[int] | None:
    """Cheapest path (random weights make it wander) from a source to any target, avoiding blocked."""
    far = 1 << 30
    best = [far] * board.size
    back = [-1] * board.size
    for s in sources:
        best[s] = 0
    queue = [(0, s) for s in sources]
    neighbours = board.neighbours
    heappop, heappush = heapq.heappop, heapq.heappush
    while queue:
        cost, h = heappop(queue)
        if targets >> h & 1:
            path = [h]
            h = back[h]
            while h >= 0:
                path.append(h)
                h = back[h]
            path.reverse()
            return path
        if cost > best[h]:
            continue
        for n in neighbours[h]:
            if blocked >> n & 1:
                continue
            new = cost + weight[n]
            if new < best[n]:
                best[n] = new
                back[n] = h
                heappush(queue, (new, n))
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
