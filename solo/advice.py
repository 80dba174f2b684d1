"""What a sensible player picks, shared by the terminal game's defaults (:mod:`solo.prompts`) and the
bundled policies (:mod:`solo.policies`): one placement rule (:func:`good_sites`: the hexes where a
building makes most) and one loss rule (:func:`cheapest_loss`)."""

from __future__ import annotations

from typing import Callable

from solo.board import bit_list
from solo.engine import Kingdom
from solo.tables import FARM, MINE, VILLAGE


def pick(rng_random: Callable[[], float], mask: int) -> int:
    """A uniformly random hex of a non-empty mask."""
    n = mask.bit_count()
    if n > 8:
        top = mask.bit_length()
        while True:
            h = int(rng_random() * top)
            if mask >> h & 1:
                return h
    k = int(rng_random() * n)  # the k-th hex of the mask, lowest first
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def good_sites(k: Kingdom, kind: str, where: int) -> int:
    """The hexes of ``where`` where ``kind`` makes most: a farm by the river, a mine on a mountain, a
    village next to a farm or mine; the monument (which makes nothing) off the river, leaving the
    river for farms. All of ``where`` when none of it is such a hex."""
    if kind == "farm":
        better = where & k.river
    elif kind == "mine":
        better = where & k.mountains
    elif kind == "village":
        better = where & k.board.around(k.masks[FARM] | k.masks[MINE])
    else:
        better = where & ~k.river
    return better or where


def best_site(k: Kingdom, kind: str, where: int, rnd: Callable[[], float] | None = None) -> int:
    """One of :func:`good_sites`: the lowest hex (the terminal game's default), or a random one when
    ``rnd`` is given (the policies, so they do not all crowd the first column)."""
    mask = good_sites(k, kind, where)
    if rnd is None:
        return (mask & -mask).bit_length() - 1
    return pick(rnd, mask)


def cheapest_loss(k: Kingdom, left: int) -> int:
    """Of the buildings in ``left``, the one whose loss costs least: the one that makes least
    (a plain farm before a river farm), then the most common kind, then the lowest hex."""
    def value(h: int) -> tuple[int, int, int]:
        code = k.at[h]
        made = 1
        if code == FARM and k.river >> h & 1 or code == MINE and k.mountains >> h & 1:
            made = 2
        elif code == VILLAGE and k.board.nmask[h] & (k.masks[FARM] | k.masks[MINE]):
            made = 2
        return (made, -k.masks[code].bit_count(), h)

    return min(bit_list(left), key=value)

