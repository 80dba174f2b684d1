"""The setup rules: the map (mountain ranges, river) and the three first buildings. A setup problem
reads ``LOG:LINE: setup: ...``."""

from __future__ import annotations

import pytest
from kingdom_helpers import SETUP, check_log, hexes, rules

from solo.board import KingdomMap, bigger_ranges, check_map, generate_map, rules_board
from solo.errors import IllegalMoveError


def setup_refused(tmp_path, old: str, new: str) -> str:
    assert old in SETUP
    result = check_log(tmp_path, "", SETUP.replace(old, new))
    assert result.exit_code == 1, result.output
    return result.output.strip()


@pytest.mark.parametrize("old, new, line, message", [
    ("farm: E5", "farm: D5", 6, "setup: the setup farm stands on a river hex; D5 is not one"),
    ("mine: C3", "mine: B3", 7, "setup: the setup mine stands on a mountain hex; B3 is not one"),
    ("village: F4", "village: H4", 8, "setup: the setup village at H4 must stand next to the farm or "
                                      "the mine (E5, C3)"),
    ("village: F4", "village: D3", 8, "setup: a village cannot stand on a mountain (D3)"),
    ("village: F4", "village: E5", 8, "setup: the village and the farm cannot share E5"),
    ("mountains: [C2, C3, D2, D3, H6, H7]", "mountains: [C2, C3, D2, D3, H6, E4]", 4,
     "setup: E4 is the capital space; it is never a mountain"),
    ("mountains: [C2, C3, D2, D3, H6, H7]", "mountains: [C2, C3, D2, D3, H6]", 4,
     "setup: the dice 4 and 2 make 6 mountains; 5 are listed"),
    ("mountains: [C2, C3, D2, D3, H6, H7]", "mountains: [C2, C3, D2, D3, H6, H6]", 4,
     "setup: H6 is listed twice"),
    ("mountains: [C2, C3, D2, D3, H6, H7]", "mountains: [C2, C3, D2, D3, H6, J1]", 4,
     "setup: the mountains do not form two connected ranges of 4 and 2 hexes (connected groups: "
     "C2 C3 D2 D3; H6; J1)"),
    ("dice: [4, 2]", "dice: [3, 3]", 4,
     "setup: the mountains do not form two connected ranges of 3 and 3 hexes"),
    ("river: [D4, E5, F5, G6, G7, G8]", "river: [D4, E5, G6, G7, G8]", 5,
     "setup: G6 is not next to E5, the river hex before it"),
    ("river: [D4, E5, F5, G6, G7, G8]", "river: [D4, E5, F5, G6, H6, H7, H8]", 5,
     "setup: the river never enters a mountain (H6)"),
    ("river: [D4, E5, F5, G6, G7, G8]", "river: [D4, E4, F5, G6, G7, G8]", 5,
     "setup: the river never runs through the capital (E4)"),
    ("river: [D4, E5, F5, G6, G7, G8]", "river: [E5, F5, G6, G7, G8]", 5,
     "setup: the river starts at E5, which is not next to the bigger mountain range (C2 C3 D2 D3)"),
    ("river: [D4, E5, F5, G6, G7, G8]", "river: [D4, E5, F5, G6, G7]", 5,
     "setup: the river ends at G7, not an edge hex (column A or J, row 1 or 8): it must leave the map"),
    ("river: [D4, E5, F5, G6, G7, G8]", "river: [D4, E5, D4, C4, B4, A4]", 5,
     "setup: the river passes D4 twice"),
    ("river: [D4, E5, F5, G6, G7, G8]", "river: [B3, B4, A4]", 5,
     "setup: the river never passes next to the capital (E4)"),
])
def test_setup_rule(tmp_path, old, new, line, message):
    out = setup_refused(tmp_path, old, new)
    assert f"game.yaml:{line}: {message}" in out


def test_the_river_may_run_on_a_setup_building(tmp_path):
    assert check_log(tmp_path, "").exit_code == 0


def test_ranges_may_touch_if_they_split(tmp_path):
    # one connected group of 6 that splits into a connected 4 and a connected 2
    text = SETUP.replace("H6, H7", "B2, B1").replace("dice: [4, 2]", "dice: [2, 4]")
    assert check_log(tmp_path, "", text).exit_code == 0


def test_without_dice_the_bigger_range_is_the_largest_group(tmp_path):
    text = SETUP.replace("  dice: [4, 2]\n", "")
    assert check_log(tmp_path, "", text).exit_code == 0
    from_small = (text.replace("river: [D4, E5, F5, G6, G7, G8]", "river: [G6, F5, F4, G4, G3, G2, G1]")
                  .replace("farm: E5", "farm: F5"))
    out = check_log(tmp_path, "", from_small).output
    assert "not next to the bigger mountain range (C2 C3 D2 D3)" in out


def test_a_tie_goes_to_the_first_listed_range(tmp_path):
    text = (SETUP.replace("dice: [4, 2]", "dice: [2, 2]").replace("C2, C3, D2, D3, H6, H7", "H6, H7, C2, C3")
            .replace("mine: C3", "mine: H6").replace("farm: E5", "farm: G6").replace("village: F4", "village: G5"))
    text = text.replace("river: [D4, E5, F5, G6, G7, G8]", "river: [G6, F5, E5, D5, D6, D7, D8]")
    result = check_log(tmp_path, "", text)
    assert result.exit_code == 0, result.output
    flipped = text.replace("H6, H7, C2, C3", "C2, C3, H6, H7")
    assert "not next to the bigger mountain range (C2 C3)" in check_log(tmp_path, "", flipped).output


def test_neighbours_follow_odd_q():
    board = rules_board(rules())
    near = {board.name(n) for n in board.neighbours[board.hex("E5")]}
    assert near == {"E4", "E6", "D4", "D5", "F4", "F5"}  # E is an "up" column
    near = {board.name(n) for n in board.neighbours[board.hex("F4")]}
    assert near == {"F3", "F5", "E4", "E5", "G4", "G5"}  # F sits half a hex lower
    assert len(board.neighbours[board.hex("A1")]) == 2
    assert board.edge_mask.bit_count() == 2 * 10 + 2 * 6


@pytest.mark.parametrize("seed", range(0, 600, 1))
def test_every_seeded_map_obeys_the_rules(seed):
    board = rules_board(rules())
    kmap = generate_map(board, seed)
    check_map(board, kmap)  # raises if not
    a, b = kmap.dice
    assert len(kmap.mountains) == a + b
    first = set(kmap.mountains[:a])
    assert board.connected(sum(1 << h for h in first))
    assert board.capital not in kmap.mountains and board.capital not in kmap.river
    assert bigger_ranges(board, kmap.mountains, kmap.dice)
    assert kmap.river[-1] in {h for h in range(board.size) if board.is_edge(h)}


def test_the_same_seed_gives_the_same_map():
    board = rules_board(rules())
    assert generate_map(board, 7) == generate_map(board, 7)
    assert generate_map(board, 7) != generate_map(board, 8)
    seven = generate_map(board, 7)
    assert seven.dice == (3, 2)
    assert board.names_of(seven.mountains) == "G2 H2 I3 A4 A5"
    assert board.names_of(seven.river) == "G3 F3 E3 E2 E1"


def test_check_map_names_the_key():
    board = rules_board(rules())
    bad = KingdomMap(hexes("C2", "C3"), hexes("C4", "D4", "E6"), (1, 1))
    with pytest.raises(IllegalMoveError) as err:
        check_map(board, bad)
    assert err.value.where_key == ("river", 2)
    assert err.value.message == "E6 is not next to D4, the river hex before it"


def test_docstring_examples():
    import doctest

    import solo.board
    import solo.engine
    import solo.rules

    for module in (solo.rules, solo.board, solo.engine):
        failed, _ = doctest.testmod(module)
        assert failed == 0, module.__name__
