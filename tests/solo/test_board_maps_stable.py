"""Sheet N's map never changes: a player's sheet and log name only the number. The digest is of the
maps of sheets 0-999 as drawn before the map drawing was made faster (same random draws)."""

from __future__ import annotations

import hashlib

from kingdom_helpers import rules

from solo.board import generate_map, rules_board

DIGEST = "bbbf472d19d3200b39b91233f4ab5a19280d13fc24b3b88bbd21f71453a0246d"


def test_sheets_0_to_999_draw_the_same_maps_as_ever():
    b = rules_board(rules())
    maps = [generate_map(b, seed) for seed in range(1000)]
    text = "\n".join(f"{m.dice} {b.names_of(m.mountains)} / {b.names_of(m.river)}" for m in maps)
    assert hashlib.sha256(text.encode()).hexdigest() == DIGEST
    assert b.names_of(maps[7].mountains) == "G2 H2 I3 A4 A5"
