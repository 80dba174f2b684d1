"""Hex maths (Red Blob Games' guide): axial (q, r) inside the code, sizes across the flats in mm.

>>> round(hex_corner_radius(25.4), 3)
14.665
"""

from __future__ import annotations

import math

from ..base.vocabulary import Orientation

SQRT3 = math.sqrt(3.0)
MM_PER_IN = 25.4


def hex_corner_radius(flats_mm: float) -> float:
    return flats_mm / SQRT3


def axial_to_pixel(q: int, r: int, flats_mm: float, orientation: str = Orientation.FLAT) -> tuple[float, float]:
    """Centre of hex (q, r) relative to hex (0, 0)."""
    size = hex_corner_radius(flats_mm)
    if orientation == Orientation.FLAT:
        return (size * 1.5 * q, size * SQRT3 * (r + q / 2))
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def hexagon_of_radius(radius: int) -> list[tuple[int, int]]:
    """All axial hexes within ``radius`` of the centre: 3r(r+1)+1 of them."""
    out = []
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            out.append((q, r))
    return out


def rectangle_offset(columns: int, rows: int, orientation: str = Orientation.FLAT) -> list[tuple[int, int]]:
    """Axial coordinates of a columns x rows map in odd-q (flat) or odd-r (pointy) offset layout."""
    out = []
    for col in range(columns):
        for row in range(rows):
            if orientation == Orientation.FLAT:
                out.append((col, row - (col - (col & 1)) // 2))
            else:
                out.append((col - (row - (row & 1)) // 2, row))
    return out


def sector(q: int, r: int) -> int:
    """Which of the six 60-degree sectors around the centre a hex lies in (0-5); -1 for the centre.
    Sector k is centred on the line from the centre through axial direction k (flat hexes)."""
    if q == 0 and r == 0:
        return -1
    x, y = axial_to_pixel(q, r, 1.0)
    angle = (math.degrees(math.atan2(y, x)) + 360 - 1e-9) % 360
    return int(angle // 60)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
