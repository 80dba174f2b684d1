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

from generator.build import Options, build_game, expand_generated
from generator.export.faces import item_faces
from generator.export.tts import MAX_SIDE_PX, deck_grid, tts_files
from generator.loading import load_game
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
    assert physical["Custom_Tile"] + physical["Custom_Token"] == pieces + boards >= 727 + 9
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
    assert sheet["FaceURL"] == "https://example.org/low/event-deck-sheet-1.png"
    assert sheet["BackURL"] == "https://example.org/low/event-deck-back.png"
    assert all(not u.startswith("file:") for u in json.dumps(save).split('"') if "://" in u)
    faces = Image.open(io.BytesIO(files[tmp_path / "lords_of_war" / "tts" / "event-deck-sheet-1.png"]))
    assert faces.size == (2 * 250, 2 * 350)  # 3 cards + hidden in 2 x 2 at 100 dpi
