"""Tiles drawn from their edges (issue #22 section 2): ``edges: [city, road, field, road]`` on a tile
item, ``centre: monastery``, and ``edge_kinds:`` in game.yaml, each kind drawn once in the frame of the
top edge. At load time each edge becomes a ``group`` element turned to its side (90 degrees a side on a
square tile, 60 on a hex), so the drawing never sees an edge.

The joining rule: two neighbouring edges of one kind join when the kind has a ``joins:`` drawing (a
city spanning the top and right edges); it is drawn in the frame of the first edge of the pair, clockwise.
An item's ``edge_joins:`` lists the pairs that join instead (``none``: none; ``[[1, 2], [2, 4]]``,
edges numbered from 1 at the top, clockwise, or N E S W on a square tile); a pair of opposite edges
uses the kind's ``across:`` drawing. A road drawn from its edge to the centre meets every other road
there: roads need no join.
"""

from __future__ import annotations

import re
from typing import Any

from ..base.errors import DataError, show
from ..source.yamlsrc import YMap
from .checks import player_colours
from .ids import norm
from .kinds import KINDS, ComponentKind
from .maps import check_elements, check_refs

EDGE_KEYS = ("edges", "centre", "edge_joins")
SQUARE_NAMES = {"n": 1, "e": 2, "s": 3, "w": 4}


class EdgeKinds:
    """``edge_kinds:`` of game.yaml: each kind's drawings, by compared id and by letter."""

    def __init__(self, defs: Any):
        self.defs: dict[str, Any] = {norm(str(k)): v for k, v in (defs or {}).items()}
        self.letters: dict[str, str] = {}
        for kid, d in self.defs.items():
            if isinstance(d, dict) and d.get("letter") is not None:
                self.letters[str(d["letter"]).lower()] = kid

    def find(self, word: str) -> str | None:
        """The kind a word names: its id (in any case) or its letter."""
        w = str(word).strip()
        if norm(w) in self.defs:
            return norm(w)
        return self.letters.get(w.lower())


def read_edge_kinds(defs: Any, icons: Any, terrain: Any, errors: list[DataError]) -> EdgeKinds:
    """edge_kinds: of game.yaml, the icons and terrain their drawings name checked."""
    for d in (defs or {}).values():
        for part in ("elements", "joins", "across", "centre"):
            if isinstance(d, dict) and d.get(part):
                check_elements(d[part], errors)
                check_refs(d[part], icons, terrain, errors)
                for key, value, owner in player_colours(d[part]):  # drawn on any tile: no player's colour
                    errors.append(owner.error(f"{key}: {value} names a player's colour, which an edge kind (drawn "
                                              "on every tile that names it) does not have; give a colour", key))
    return EdgeKinds(defs)


def split_edges(value: Any) -> list[str] | None:
    """The edges as words. A list is one word an edge; a text is split at commas and spaces if it has
    any ("city, road, field, road"), else letter by letter ("CRFR": each letter one edge)."""
    if isinstance(value, list):
        return [str(v).strip() for v in value]
    if not isinstance(value, str):
        return None
    if re.search(r"[\s,]", value.strip()):
        return [w for w in re.split(r"[\s,]+", value.strip()) if w]
    return list(value.strip())


def _joins(value: Any, n: int) -> list[tuple[int, int]] | str:
    """edge_joins as 0-based pairs, or a message."""
    if value in ("none", None, ""):
        return []
    pairs: list[Any]
    if isinstance(value, str):
        pairs = [p.split("-") for p in re.split(r"[\s,]+", value.strip()) if p]
    elif isinstance(value, list):
        pairs = list(value)
    else:
        return f"expected none or pairs of edges like [[1, 2]] or \"1-2 3-4\"; got {show(value)}"
    out = []
    for pair in pairs:
        if not isinstance(pair, list) or len(pair) != 2:
            return f"each join is two edges, like [1, 2] or \"1-2\"; got {show(pair)}"
        nums = []
        for v in pair:
            word = str(v).strip().lower()
            if n == 4 and word in SQUARE_NAMES:
                nums.append(SQUARE_NAMES[word] - 1)
            elif word.isdigit() and 1 <= int(word) <= n:
                nums.append(int(word) - 1)
            else:
                names = "1-4 or N, E, S, W" if n == 4 else f"1-{n}"
                return f"an edge is numbered {names} from the top, clockwise; got {show(v)}"
        out.append((nums[0], nums[1]))
    return out


def turn_deg(sides: int, orientation: str, index: int) -> float:
    """How far edge ``index`` (0: the top) of a tile of ``sides`` sides is turned from the top edge,
    clockwise."""
    if sides == 4:
        return 90.0 * index
    return 60.0 * index + (30.0 if orientation == "pointy" else 0.0)


def _group(elements: Any, turn: float) -> dict[str, Any]:
    return {"type": "group", "at_mm": [0, 0], "rotate_deg": turn, "elements": list(elements or [])}


def expand_edges(face: dict[str, Any], where: YMap, tile: ComponentKind, orientation: str,
                 size_mm: tuple[float, float], kinds: EdgeKinds, errors: list[DataError]) -> dict[str, Any]:
    """``face`` with its edges, centre and edge joins turned into group elements (drawn before the
    face's own elements); ``where`` is the mapping that wrote them, for messages."""
    if not any(k in face for k in EDGE_KEYS):
        return face
    key = next(k for k in EDGE_KEYS if k in face)
    at = key if key in where else None
    kind, n = tile.word, tile.edges
    if not n:
        tiles = " or ".join(w for w, k in KINDS.items() if k.edges)
        errors.append(where.error(f"{key} prints only on a {tiles}, not a {kind}", at))
        return face
    if n == 4 and abs(size_mm[0] - size_mm[1]) > 1e-6:
        errors.append(where.error(f"edges turn 90 degrees from side to side: a {kind} with edges must be "
                                  f"square, not {size_mm[0]:g} x {size_mm[1]:g} mm", at))
        return face
    out = {k: v for k, v in face.items() if k not in EDGE_KEYS}
    drawn: list[dict[str, Any]] = []
    if "edges" in face:
        ids = _edge_ids(face, where, kind, n, kinds, errors)
        if ids is None:
            return out
        drawn += _edges_drawn(ids, _pairs(face, where, ids, n, kinds, errors), kind, orientation, n, kinds)
    elif face.get("edge_joins") not in (None, ""):
        errors.append(where.error("edge_joins joins edges: give the tile its edges: too",
                                  "edge_joins" if "edge_joins" in where else None))
    if face.get("centre") not in (None, "", "none"):
        kid = kinds.find(str(face["centre"]))
        if kid is None or "centre" not in (kinds.defs[kid] or {}):
            with_centre = ", ".join(k for k, d in kinds.defs.items() if "centre" in (d or {}))
            errors.append(where.error(f"unknown centre {show(face['centre'])} (edge kinds with a centre: drawing: "
                                      f"{with_centre or 'none'})", "centre" if "centre" in where else None))
        else:
            drawn.append(_group(kinds.defs[kid]["centre"], 0.0))
    out["elements"] = drawn + list(face.get("elements") or [])
    return out


def _edge_ids(face: dict[str, Any], where: YMap, kind: str, n: int, kinds: EdgeKinds,
              errors: list[DataError]) -> list[str] | None:
    """The edge kind of each of the tile's ``n`` edges, from the top, clockwise (None: said why not)."""
    words = split_edges(face["edges"])
    at = "edges" if "edges" in where else None
    if words is None or len(words) != n:
        got = show(face["edges"]) if words is None else f"{len(words)} ({show(face['edges'])})"
        errors.append(where.error(f"a {kind} has {n} edges, from the top, clockwise; edges: gives {got}", at))
        return None
    ids = []
    for word in words:
        kid = kinds.find(word)
        if kid is None or "elements" not in (kinds.defs[kid] or {}):
            known = ", ".join(k for k, d in kinds.defs.items() if "elements" in (d or {}))
            errors.append(where.error(f"unknown edge kind {show(word)} (edge kinds with elements: "
                                      f"{known or 'none defined (edge_kinds: in game.yaml)'})", at))
            return None
        ids.append(kid)
    return ids


def _edges_drawn(ids: list[str], pairs: list[tuple[int, int]], kind: str, orientation: str, n: int,
                 kinds: EdgeKinds) -> list[dict[str, Any]]:
    """Each edge's drawing turned to its side, and each join's, kind by kind in the order the tile names them."""
    drawn: list[dict[str, Any]] = []
    for kid in dict.fromkeys(ids):
        d = kinds.defs[kid]
        for i, other in enumerate(ids):
            if other == kid and d["elements"]:
                drawn.append(_group(d["elements"], turn_deg(n, orientation, i)))
        for a, b in pairs:
            if ids[a] == kid and ids[b] == kid:
                art = d.get("joins") if (b - a) % n in (1, n - 1) else d.get("across")
                first = a if (b - a) % n == 1 else b if (b - a) % n == n - 1 else min(a, b)
                if art:
                    drawn.append(_group(art, turn_deg(n, orientation, first)))
    return drawn


def _pairs(face: dict[str, Any], where: YMap, ids: list[str], n: int, kinds: EdgeKinds,
           errors: list[DataError]) -> list[tuple[int, int]]:
    """The pairs of edges that join: the item's edge_joins, else neighbours of one kind with joins:."""
    if face.get("edge_joins") in (None, ""):  # an empty cell: the rule
        return [(i, (i + 1) % n) for i in range(n)
                if ids[i] == ids[(i + 1) % n] and (kinds.defs[ids[i]] or {}).get("joins") is not None]
    at = "edge_joins" if "edge_joins" in where else None
    pairs = _joins(face["edge_joins"], n)
    if isinstance(pairs, str):
        errors.append(where.error(f"edge_joins: {pairs}", at))
        return []
    for a, b in pairs:
        step = (b - a) % n
        need = "joins" if step in (1, n - 1) else "across" if step == n // 2 and n % 2 == 0 else None
        if ids[a] != ids[b]:
            errors.append(where.error(f"edge_joins: edges {a + 1} and {b + 1} are {ids[a]} and {ids[b]}; only "
                                      f"edges of one kind join", at))
        elif need is None:
            errors.append(where.error(f"edge_joins: edges {a + 1} and {b + 1} are neither neighbours nor "
                                      f"opposite; they cannot join", at))
        elif (kinds.defs[ids[a]] or {}).get(need) is None:
            errors.append(where.error(f"edge_joins: the edge kind {ids[a]} has no {need}: drawing to join "
                                      f"edges {a + 1} and {b + 1}", at))
    return pairs
