"""--format tts: deck sheets, tiles, tokens and boards as one Tabletop Simulator saved object.

The JSON is checked against tts_save_schema.json (TTS's save-file field names and types, sources in
its $comment); the images against the sizes and grids the JSON promises."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from PIL import Image

from generator.build.game import Options, build_game, expand_generated
from generator.build.loading import load_game
from generator.export.faces import item_faces
from generator.export.tts import MAX_SIDE_PX, deck_grid, tts_files
from generator.model import resolve_game

SCHEMA = json.loads((Path(__file__).parent / "tts_save_schema.json").read_text())


@pytest.fixture(scope="module")
def low_tts(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    game = load_game(resolve_game("lords_of_war"))
    entry = build_game(game, out, Options(papers=("a4",), formats=("tts",)))
    kit = out / "lords_of_war"
    save = json.loads((kit / "tts" / "lords_of_war.json").read_text())
    return game, {c.id: c for c in expand_generated(game, 1)}, kit, save, entry


def _walk(objects):
    for obj in objects:
        yield obj
        yield from _walk(obj.get("ContainedObjects", []))


def _local(url: str) -> Path:
    assert url.startswith("file:///")
    return Path(unquote(urlparse(url).path))


def _by_nickname(save, name):
    return next(o for o in save["ObjectStates"] if o["Nickname"] == name)


def test_the_saved_object_has_the_fields_and_types_tts_reads(low_tts):
    *_, save, _ = low_tts
    jsonschema.validate(save, SCHEMA)


def test_the_schema_catches_a_misspelt_or_mistyped_field(low_tts):
    *_, save, _ = low_tts
    deck = _by_nickname(save, "Adventure deck")
    bad = json.loads(json.dumps(save))
    key = next(iter(deck["CustomDeck"]))
    bad_deck = _by_nickname(bad, "Adventure deck")
    bad_deck["CustomDeck"][key]["NumWidht"] = bad_deck["CustomDeck"][key].pop("NumWidth")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)
    bad_deck["CustomDeck"][key]["NumWidth"] = "10"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)


def test_the_whole_kit_is_one_saved_object_with_every_piece(low_tts):
    game, comps, kit, save, entry = low_tts
    assert entry["tts"]["saved_object"] == "tts/lords_of_war.json"
    names = [o["Nickname"] for o in save["ObjectStates"]]
    for comp in comps.values():
        if comp.kind == "card":
            assert comp.name in names
        elif comp.kind == "board":
            assert names.count(comp.name) == 1  # one image each
    physical = Counter()
    for obj in _walk(save["ObjectStates"]):
        if obj["Name"] in ("Card", "Custom_Tile", "Custom_Token"):
            physical[obj["Name"]] += 1
    cards = sum(c.count for c in comps.values() if c.kind == "card")
    pieces = sum(c.count for c in comps.values() if c.kind in ("hex-tile", "token", "counter", "square-tile"))
    boards = sum(1 for c in comps.values() if c.kind == "board")
    assert physical["Card"] == cards >= 80  # adventure, event and reference cards
    assert physical["Custom_Tile"] + physical["Custom_Token"] == pieces + boards == 723 + 10  # 6 order chips, not 30
    assert (kit / "tts" / "lords_of_war.png").is_file()  # the picture TTS shows in its Saved Objects menu


def test_deck_sheets_hold_at_most_10_by_7_at_most_4096_px_and_the_hidden_card_last(low_tts):
    game, comps, kit, save, _ = low_tts
    for cid in ("adventure-deck", "event-deck", "reference-cards"):
        comp = comps[cid]
        deck = _by_nickname(save, comp.name)
        assert deck["Name"] == "DeckCustom"
        for key, sheet in deck["CustomDeck"].items():
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
            assert sheet["Type"] == 0  # rounded corners, as the cards are cut
            face = Image.open(_local(sheet["FaceURL"]))
            back = Image.open(_local(sheet["BackURL"])).convert("RGB")
            assert max(face.size) <= MAX_SIDE_PX
            cw, ch = face.width // sheet["NumWidth"], face.height // sheet["NumHeight"]
            assert face.size == (cw * sheet["NumWidth"], ch * sheet["NumHeight"])
            assert back.size == (cw, ch)
            assert ch / cw == pytest.approx(88.9 / 63.5, abs=0.01)  # a poker card's shape
            last = sheet["NumWidth"] * sheet["NumHeight"] - 1
            x, y = (last % sheet["NumWidth"]) * cw, (last // sheet["NumWidth"]) * ch
            assert face.convert("RGB").crop((x, y, x + cw, y + ch)).tobytes() == back.tobytes()


def test_card_ids_are_deck_key_times_100_plus_slot_and_counts_match(low_tts):
    game, comps, kit, save, _ = low_tts
    for cid in ("adventure-deck", "event-deck", "reference-cards"):
        comp = comps[cid]
        deck = _by_nickname(save, comp.name)
        cards = deck["ContainedObjects"]
        assert deck["DeckIDs"] == [c["CardID"] for c in cards]
        assert len(cards) == comp.count
        names = Counter()
        for front, _ in item_faces(game, comp):
            names[front.label] += front.count
        assert Counter(c["Nickname"] for c in cards) == names
        for card in cards:
            key, slot = divmod(card["CardID"], 100)
            sheet = deck["CustomDeck"][str(key)]
            assert card["CustomDeck"] == {str(key): sheet}
            assert slot < sheet["NumWidth"] * sheet["NumHeight"] - 1  # never the hidden card's slot
        # the first card is the first item, drawn in the first slot of the first sheet
        first_key = min(int(k) for k in deck["CustomDeck"])
        assert cards[0]["CardID"] == first_key * 100 and cards[0]["Nickname"].startswith(comp.items[0].name)


def test_a_deck_of_83_cards_fills_two_sheets(low_tts):
    assert deck_grid(39) == [(39, 10, 4)]  # 39 faces + the hidden card
    assert deck_grid(83) == [(69, 10, 7), (14, 8, 2)]
    assert deck_grid(8) == [(8, 5, 2)]
    assert deck_grid(1) == [(1, 2, 2)]  # TTS's smallest sheet is 2 x 2


def test_tiles_and_tokens_come_in_a_bag_per_kind_in_their_players_colours(low_tts):
    game, comps, kit, save, _ = low_tts
    tiles = comps["terrain-tiles"]
    bags = {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] == "Bag"}
    forest = bags["Forest x 36"]
    assert len(forest["ContainedObjects"]) == 36
    tile = forest["ContainedObjects"][0]
    assert tile["Name"] == "Custom_Tile"
    custom = tile["CustomImage"]["CustomTile"]
    assert custom["Type"] == 1  # hex
    assert custom["Thickness"] > 0
    front, back = _local(tile["CustomImage"]["ImageURL"]), _local(tile["CustomImage"]["ImageSecondaryURL"])
    assert front != back and front.is_file() and back.is_file()
    assert Image.open(back).convert("RGBA").getpixel((Image.open(back).width // 2, Image.open(back).height // 2)) \
        == (0, 0, 0, 255)  # the black back
    assert sum(len(b["ContainedObjects"]) for n, b in bags.items()
               if b["Description"].startswith(tiles.name)) + sum(
        1 for o in save["ObjectStates"] if o["Name"] == "Custom_Tile" and o["Nickname"] == "Volcano / Palace") == 127
    # realm tokens: printed one-sided, round: a token cut out of its picture, in the player's colour
    orange = game.colour("orange")
    assert orange.fill.lower() == "#e69f00"
    orange_bags = [b for b in bags.values()
                   if b["ColorDiffuse"] == {"r": round(0xE6 / 255, 4), "g": round(0x9F / 255, 4), "b": 0.0}]
    # a bag for every orange kind of more than one piece (the one Capitol lies on its own)
    kinds = [i for c in comps.values() for i in c.items if i.colour is not None and i.colour.id == "orange"]
    assert len(orange_bags) == sum(1 for i in kinds if i.count > 1) >= 6 + 2 + 1 + 3
    capitol = next(o for o in save["ObjectStates"] if o["Nickname"] == "Capitol (Orange)")
    assert capitol["Name"] == "Custom_Token"
    wall = next(b for b in orange_bags if b["Nickname"] == "Wall (Orange) x 10")
    assert wall["ContainedObjects"][0]["Nickname"] == "Wall (Orange)"
    assert len(wall["ContainedObjects"]) == 10
    token = wall["ContainedObjects"][0]
    assert token["Name"] == "Custom_Token"
    picture = Image.open(_local(token["CustomImage"]["ImageURL"])).convert("RGBA")
    assert picture.getpixel((0, 0))[3] == 0  # clear round the disc: TTS cuts the token's shape from it
    r, g, b, _ = picture.getpixel((picture.width // 2, 3))
    assert (r, g, b) == (0xE6, 0x9F, 0x00)  # orange at the rim


def test_boards_are_one_image_each_with_their_shape(low_tts):
    game, comps, kit, save, _ = low_tts
    for cid in ("main-board", "duel-mat", "hero-board-sky"):
        comp = comps[cid]
        board = _by_nickname(save, comp.name)
        image = Image.open(_local(board["CustomImage"]["ImageURL"]))
        assert max(image.size) <= MAX_SIDE_PX
        w, h = comp.size_mm
        assert image.width / image.height == pytest.approx(w / h, rel=0.002)


def test_every_image_url_points_at_a_written_file(low_tts):
    *_, kit, save, entry = low_tts
    urls = []
    for obj in _walk(save["ObjectStates"]):
        for sheet in obj.get("CustomDeck", {}).values():
            urls += [sheet["FaceURL"], sheet["BackURL"]]
        image = obj.get("CustomImage", {})
        urls += [u for u in (image.get("ImageURL"), image.get("ImageSecondaryURL")) if u]
    assert urls
    for url in set(urls):
        assert _local(url).is_file(), url
    for listed in entry["tts"]["images"]:
        assert (kit / listed["file"]).is_file()


def test_a_url_base_points_the_images_at_a_web_host(low_tts, tmp_path):
    game, comps, *_ = low_tts
    part = [comps["event-deck"].replace(items=comps["event-deck"].items[:3]),
            comps["chips"].replace(items=comps["chips"].items[:1])]
    files, info = tts_files(game, part, tmp_path / "lords_of_war", 100, "https://example.org/low/", 1)
    save = json.loads(files[tmp_path / "lords_of_war" / "tts" / "lords_of_war.json"])
    jsonschema.validate(save, SCHEMA)
    deck = save["ObjectStates"][0]
    sheet = next(iter(deck["CustomDeck"].values()))
    assert sheet["FaceURL"] == "https://example.org/low/lords_of_war/event-deck-sheet-1.png"  # the game's own folder
    assert sheet["BackURL"] == "https://example.org/low/lords_of_war/event-deck-back.png"
    assert info["url_base"] == "https://example.org/low/lords_of_war/"
    assert all(not u.startswith("file:") for u in json.dumps(save).split('"') if "://" in u)
    faces = Image.open(io.BytesIO(files[tmp_path / "lords_of_war" / "tts" / "event-deck-sheet-1.png"]))
    assert faces.size == (2 * 250, 2 * 350)  # 3 cards + hidden in 2 x 2 at 100 dpi


# -- true to the table ----------------------------------------------------------------------------
# The size rule (docs/tabletop-simulator.md): TTS's card at scale 1 is a 63.5 x 88.9 mm poker card,
# scaled across and along apart; a custom tile, token or board at scale 1 is 33.48 mm (1.318 in) along
# its longer side, its shape following its picture.
CARD_AT_1_MM = (63.5, 88.9)
TILE_AT_1_MM = 29 / 22 * 25.4


def _table_size_mm(obj) -> tuple[float, float]:
    """What an object measures on TTS's table, from its saved scale and (tiles) its picture's shape."""
    t = obj["Transform"]
    if obj["Name"] in ("Card", "DeckCustom"):
        w, h = CARD_AT_1_MM if not obj.get("SidewaysCard") else CARD_AT_1_MM[::-1]
        return t["scaleX"] * w, t["scaleZ"] * h
    assert t["scaleX"] == t["scaleZ"]
    picture = Image.open(_local(obj["CustomImage"]["ImageURL"]))
    longer = t["scaleX"] * TILE_AT_1_MM
    if picture.width >= picture.height:
        return longer, longer * picture.height / picture.width
    return longer * picture.width / picture.height, longer


@pytest.fixture(scope="module")
def farlander_tts(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts-farlander")
    game = load_game(resolve_game("farlander"))
    build_game(game, out, Options(papers=("a4",), formats=("tts",), dpi=100))
    return json.loads((out / "farlander" / "tts" / "farlander.json").read_text())


def test_a_tall_reference_card_keeps_its_true_width_and_height(farlander_tts):
    deck = _by_nickname(farlander_tts, "Rules reference cards")
    assert (deck["Transform"]["scaleX"], deck["Transform"]["scaleZ"]) == (1.1, 1.3571)  # not (1.1, 1.1)
    for obj in [deck, *deck["ContainedObjects"]]:
        w, h = _table_size_mm(obj)
        assert (w, h) == (pytest.approx(69.85, abs=0.01), pytest.approx(120.65, abs=0.01))


def test_a_poker_card_is_tts_own_card(low_tts):
    *_, save, _ = low_tts
    deck = _by_nickname(save, "Event deck")
    assert _table_size_mm(deck) == (pytest.approx(63.5), pytest.approx(88.9))
    assert deck["SidewaysCard"] is False


@pytest.mark.parametrize("nickname, kind, size_mm", [
    ("Forest", "hex-tile", (29.33, 25.4)),  # a 1 in hex, flat-topped: 29.33 mm across the corners
    ("Chip (Orange)", "token", (19.05, 19.05)),  # a 3/4 in round chip
    ("Troop 10 (Orange)", "counter", (12.7, 12.7)),  # a 1/2 in square troop counter
    ("Main board", "board", (240.0, 172.0)),
    ("Duel mat (2 players, no tiles)", "board", (246.0, 566.0)),
])
def test_every_piece_kind_lies_on_the_table_at_its_true_size(low_tts, nickname, kind, size_mm):
    *_, save, _ = low_tts
    objects = [o for o in _walk(save["ObjectStates"]) if o["Nickname"] == nickname]
    assert objects, nickname
    for obj in objects:
        w, h = _table_size_mm(obj)
        assert (w, h) == (pytest.approx(size_mm[0], abs=0.1), pytest.approx(size_mm[1], abs=0.1)), obj["Name"]


def test_guids_are_unique_within_each_save(low_tts, farlander_tts):
    for save in (low_tts[3], farlander_tts):
        guids = Counter(o["GUID"] for o in _walk(save["ObjectStates"]))
        assert [g for g, n in guids.items() if n > 1] == []
        assert all(len(g) == 6 and int(g, 16) >= 0 for g in guids)


def test_a_guid_taken_already_is_derived_again_the_same_way_every_time():
    from generator.export.tts_objects import Guids, guid

    first, again = Guids(), Guids()
    got = [first.new("ktech", "ownership-markers", "a", "0") for _ in range(3)]
    assert got[0] == guid("ktech", "ownership-markers", "a", "0")
    assert len(set(got)) == 3  # a collision is salted until it is new
    assert got == [again.new("ktech", "ownership-markers", "a", "0") for _ in range(3)]


def test_two_games_on_one_host_never_share_an_image_address(low_tts, tmp_path):
    game, comps, *_ = low_tts
    farlander = load_game(resolve_game("farlander"))
    urls = {}
    for g, parts in ((game, [comps["reference-cards"]]),
                     (farlander, [c for c in expand_generated(farlander, 1) if c.id == "reference-cards"])):
        files, _ = tts_files(g, parts, tmp_path / g.id, 50, "https://example.org/kits", 1)
        save = json.loads(files[tmp_path / g.id / "tts" / f"{g.id}.json"])
        urls[g.id] = {u for u in json.dumps(save).split('"') if u.startswith("https://")}
    assert all(u.startswith("https://example.org/kits/lords_of_war/") for u in urls["lords_of_war"])
    assert all(u.startswith("https://example.org/kits/farlander/") for u in urls["farlander"])
    assert not urls["lords_of_war"] & urls["farlander"]


def test_two_sided_tiles_show_their_own_back_and_tokens_stack(low_tts, farlander_tts):
    *_, save, _ = low_tts
    for obj in _walk(save["ObjectStates"] + farlander_tts["ObjectStates"]):
        if obj["Name"] == "Custom_Tile" and obj["CustomImage"]["CustomTile"]["Stackable"]:  # pieces, not boards
            image = obj["CustomImage"]
            assert image["ImageSecondaryURL"] and image["ImageSecondaryURL"] != image["ImageURL"], obj["Nickname"]
        if obj["Name"] == "Custom_Token":
            assert obj["CustomImage"]["CustomToken"]["Stackable"] is True


def test_the_card_rule_for_tall_square_and_sideways_decks(low_tts):
    from generator.export.tts import card_scale

    _, comps, *_ = low_tts
    deck = comps["event-deck"]
    assert card_scale(deck) == (1.0, 1.0, 1.0)  # a poker card is TTS's own card
    assert card_scale(deck.replace(size_mm=(69.85, 120.65))) == pytest.approx((1.1, 1.0, 1.35714), abs=1e-4)
    assert card_scale(deck.replace(size_mm=(70.0, 70.0))) == pytest.approx((70 / 63.5, 1.0, 70 / 88.9))
    # wider than tall: TTS's card turned sideways, 88.9 mm across and 63.5 mm along
    assert card_scale(deck.replace(size_mm=(120.65, 69.85))) == pytest.approx((120.65 / 88.9, 1.0, 1.1))


def test_a_back_several_kinds_of_piece_share_is_one_file_and_one_url(tmp_path):
    """KTech's nine kinds of Counter share one back: one back.png, and every Counter's back points at it."""
    game = load_game(resolve_game("ktech"))
    out = tmp_path / "out"
    build_game(game, out, Options(papers=("a4",), formats=("tts",), dpi=40))
    files = sorted(p.name for p in (out / "ktech" / "tts" / "counters").iterdir())
    assert [f for f in files if "back" in f] == ["back.png"]
    assert len([f for f in files if f.endswith("-front.png")]) == 9
    saved = json.loads((out / "ktech" / "tts" / "ktech.json").read_text())
    urls = {o["CustomImage"]["ImageSecondaryURL"] for o in _walk(saved["ObjectStates"])
            if o.get("Name") == "Custom_Tile" and "/counters/" in o["CustomImage"]["ImageURL"]}
    assert len(urls) == 1 and next(iter(urls)).endswith("/counters/back.png")
