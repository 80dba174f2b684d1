"""The two spreadsheet examples (data/examples/): a deck-builder read from the designer's .xlsx, in
colour and in black and white, and a counter sheet whose factors are two columns joined."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT

DECK = ROOT / "data" / "examples" / "forge_and_field"
COUNTERS = ROOT / "data" / "examples" / "counter_sheet"


def _build(folder, out, variant=None):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    game = load_game(folder, variant)
    build_game(game, out, Options(papers=("a4",), formats=("pdf",)))
    return game, sorted((out / game.id / "a4").glob("*.pdf"))


def _text(pdf) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    out = tmp_path_factory.mktemp("deck")
    return _build(DECK, out), _build(DECK, out, "bw")


def test_the_deck_builder_reads_the_designers_xlsx_as_it_is(deck):
    (game, _), _ = deck
    cards = {i.name: i for i in game.components[0].items}
    assert len(cards) == 12 and sum(i.count for i in cards.values()) == 22  # the Qty column
    kinds = lambda name: [e["type"] for e in cards[name].face["elements"]]  # noqa: E731
    # the Keep pays all four resources and is worth 4: four cost bars, four crowns
    assert kinds("Keep").count("box") == 4 + 1 and kinds("Keep").count("icon") == 4
    # the Woodcutter pays one wood, is worth nothing, and has a flavour text: one bar, no crown
    assert kinds("Woodcutter").count("box") == 1 + 2 and kinds("Woodcutter").count("icon") == 0
    wood = cards["Woodcutter"].face["elements"][0]
    assert (wood["text"], wood["fill"], wood["at_mm"]) == ("1", "#8b5a2b", [-31.75, -29])  # a text, as it prints
    art = next(e for e in cards["Smelter"].face["elements"] if e["type"] == "image")
    assert art["image"] == "art/colour/mine.svg"  # the Art column picks the picture
    assert cards["Keep"].face["band"] == "#5a3a7a" and cards["Market"].face["band"] == "#7a4a2a"


def test_the_deck_builder_prints_each_cards_cells(deck):
    (_, pdfs), _ = deck
    text = " ".join(_text(pdfs[0]))
    for words in ("Woodcutter", "Gain 2", "The forest gives to those who ask.", "Worth 4 VP.", "Wonder · 6 VP"):
        assert words in text, words
    assert "**" not in text and "{{" not in text


def test_the_black_and_white_variant_prints_no_colour_and_says_so_in_its_names(deck):
    import pypdfium2 as pdfium
    from PIL import ImageChops

    (_, colour_pdfs), (bw_game, bw_pdfs) = deck
    assert bw_game.id == "forge_and_field-bw"
    assert [p.name for p in bw_pdfs] == ["forge_and_field-bw-a4-duplex.pdf"]

    def most_saturated(pdf) -> int:
        doc = pdfium.PdfDocument(str(pdf))
        worst = 0
        for i in range(len(doc)):
            r, g, b = doc[i].render(scale=0.5).to_pil().convert("RGB").split()
            for one, other in ((r, g), (g, b), (r, b)):
                worst = max(worst, ImageChops.difference(one, other).getextrema()[1])
        return worst

    assert most_saturated(bw_pdfs[0]) <= 2  # greys only: r, g and b within a rounding of each other
    assert most_saturated(colour_pdfs[0]) > 100


def test_the_counter_sheet_joins_two_factor_columns(tmp_path):
    game, pdfs = _build(COUNTERS, tmp_path)
    units = {i.name: i for i in game.components[0].items}
    assert units["21 Pz"].face["footer"] == "7-6" and units["21 Pz"].back["footer"] == "3-6"
    assert units["Heavy Cavalry"].face["terrain"] == "german" and units["Heavy Cavalry"].face["icon"] == "cav"
    pages = _text(pdfs[0])
    fronts = " ".join(pages)
    # 1/12 and 2/12 Gren, three each, print 4-4 on their fronts; 21 Pz twice 7-6 (and 3-6 on its backs)
    assert fronts.count("4-4") == 6 and fronts.count("2-4") == 6  # the Gren fronts, and their backs
    assert fronts.count("7-6") == 2 and fronts.count("Heavy Cavalry") == 2


def test_validate_says_both_examples_are_ok(runner):
    from generator.cli.commands import cli

    result = runner.invoke(cli, ["validate", str(DECK), str(COUNTERS)])
    assert result.exit_code == 0, result.output
    assert "forge_and_field: ok (1 components, 22 pieces)" in result.output


def test_the_docs_worked_example_is_the_example_game():
    import re

    import yaml

    chapter = (ROOT / "docs" / "spreadsheets.md").read_text()
    block = re.search(r"Its whole `game.yaml`:\n\n```yaml\n(.*?)```", chapter, re.S).group(1)
    assert yaml.safe_load(block) == yaml.safe_load((DECK / "game.yaml").read_text())
