"""The Lords of War kit holds every component the seed lists, in the seed's numbers."""

from __future__ import annotations

import pytest

from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.model import resolve_game


@pytest.fixture(scope="module")
def game():
    return load_game(resolve_game("lords_of_war"))


def _counts(comp):
    out: dict[str, int] = {}
    for item in comp.items:
        out[item.name] = out.get(item.name, 0) + item.count
    return out


def test_127_terrain_tiles_in_the_seeds_mix(game):
    tiles = game.component("terrain-tiles")
    assert tiles.count == 127
    assert _counts(tiles) == {"Volcano / Palace": 1, "Lake": 12, "Wasteland": 12, "Mountain": 24,
                              "Forest": 36, "Field": 42}
    assert tiles.size_mm[1] == pytest.approx(25.4)  # 1 in across the flats
    assert all(item.back is not None and item.back["fill"] == "#000000" for item in tiles.items)


def test_realm_tokens_44_a_player_264_in_all(game):
    tokens = game.component("realm-tokens")
    assert tokens.count == 264
    assert _counts(tokens) == {"Wall": 60, "Road": 60, "Village": 60, "Town": 30, "City": 30, "Capitol": 6,
                               "Fort": 18}
    assert tokens.size_mm[0] == pytest.approx(12.7)


def test_gold_mines_and_garrisons_have_tokens_too(game):
    assert _counts(game.component("extra-realm-tokens")) == {"Gold Mine": 18, "Garrison": 18}


def test_one_order_chip_a_player_and_270_troops(game):
    """The seed's 30 chips serve the order track and the heroes' scores; the hero boards take hero
    markers, so a player needs one chip: 6 in all (issue 38: print what the rules use)."""
    assert game.component("chips").count == 6
    troops = game.component("troops")
    assert troops.count == 270
    assert _counts(troops) == {"Troop 1": 180, "Troop 5": 60, "Troop 10": 30}


def test_every_player_piece_carries_a_letter_and_shape_cue(game):
    cues = {c.cue for c in game.colours}
    shapes = {c.shape for c in game.colours}
    assert len(game.colours) == 6 and len(cues) == 6 and len(shapes) == 6
    for cid in ("realm-tokens", "extra-realm-tokens", "chips", "troops"):
        assert all(item.colour is not None for item in game.component(cid).items)


def test_six_hero_boards_and_the_main_board(game):
    boards = [c for c in expand_generated(game, 1) if c.kind == "board"]
    names = [b.name for b in boards]
    assert sum(n.startswith("Hero board") for n in names) == 6
    assert "Main board" in names


def test_tournament_mat_is_a_hexagon_of_127_hexes_with_the_volcano_in_the_centre(game):
    from generator.geometry.hexes import hexagon_of_radius

    mat = game.component("tournament-mat")
    grid = next(e for e in mat.spec["elements"] if e["type"] == "hexgrid")
    assert len(hexagon_of_radius(grid["radius"])) == 127 and grid["radius"] == 6  # 7 a side
    centre = next(m for m in grid["marks"] if list(m["hex"]) == [0, 0])
    assert centre["terrain"] == "volcano"
    starts = [m for m in grid["marks"] if str(m.get("text", "")).startswith("Start")]
    for players in range(2, 7):
        assert sum(str(players) in m["text"].split("\n")[1].split() for m in starts) == players


def test_duel_mat_is_10_by_20(game):
    grid = next(e for e in game.component("duel-mat").spec["elements"] if e["type"] == "hexgrid")
    assert (grid["columns"], grid["grid_rows"]) == (10, 20)


def test_decks_have_red_and_green_backs_and_d66_tables_cover_36_results(game):
    adventure, event = game.component("adventure-deck"), game.component("event-deck")
    assert adventure.items[0].back["fill"] == "#8b1a1a"
    assert event.items[0].back["fill"] == "#1f6b3a"
    for deck, table in ((adventure, "d66-adventures"), (event, "d66-events")):
        values = sorted(int(i.face["value"]) for i in deck.items for _ in range(1))
        d66 = sorted(10 * a + b for a in range(1, 7) for b in range(1, 7))
        assert sorted(set(values)) == d66 or set(values) <= set(d66)
        assert game.component(table).kind == "sheet"


def test_credits_name_author_licence_and_source(game):
    assert "Stephen Furlani" in game.credits and "CC BY-NC-ND 3.0" in game.credits and "source" in game.credits


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_two_hero_boards_share_a_page_on_a4_and_letter(game, paper_name):
    """The six 180 x 116 mm hero boards print two to a page on either paper (three sheets, not six
    on Letter), each with its bleed and corner marks."""
    from generator.build.game import Options
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents

    board = game.component("hero-board")
    assert board.size_mm == (180.0, 116.0)
    docs = plan_documents(game, expand_generated(game, 1), paper(paper_name), Options())
    heroes = [job for doc in docs for job in doc.pages if any(c.id.startswith("hero-board") for c in job.comps)]
    assert [len(job.comps) for job in heroes] == [2, 2, 2]


def test_the_264_realm_tokens_take_two_a4_pages(game):
    """With a 1.5 mm bleed round each 1/2 in token (its cut line printed) ten fit a row, so the 264
    realm tokens fill two A4 pages and the Gold Mine, Garrison, chip, hero-marker and season-marker
    blocks share the third (the hero markers had a page of their own)."""
    from generator.build.game import Options
    from generator.layout.page import paper
    from generator.layout.plan import plan_documents

    assert game.component("realm-tokens").spec["bleed_mm"] == 1.5
    docs = plan_documents(game, expand_generated(game, 1), paper("a4"), Options())
    pages = [[c.id for c in job.comps] for doc in docs for job in doc.pages]
    assert sum("realm-tokens" in p for p in pages) == 2
    assert ["extra-realm-tokens", "chips", "hero-markers", "season-year-markers"] in pages


def test_every_realm_token_names_its_structure_and_the_setup_sheet_keys_them(game):
    """Town and City read apart at 12.7 mm: each token prints its name over its icon, and the setup
    sheet's key shows each icon with its name."""
    for cid in ("realm-tokens", "extra-realm-tokens"):
        for item in game.component(cid).items:
            assert item.face.get("title") in (item.name, "Mine"), item.name
    key = next(sec for sec in game.component("summary").spec["sections"] if sec.get("heading") == "Token key")
    cells = [cell for row in key["rows"] for cell in row]
    for icon, name in (("town", "Town"), ("city", "City"), ("gold-mine", "Gold Mine"), ("garrison", "Garrison")):
        assert f"{{icon:{icon}}} {name}" in cells
