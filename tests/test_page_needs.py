"""What the page needs around the data (issue #21 section 4): icons from the designer's own files and
in colours of their own, text measured without its markup, and the other text, box and font features."""

from __future__ import annotations

from pathlib import Path

from generator.cli import cli

HEAD = """game: {id: pg, title: Page, author: A. Designer, licence: CC0, source: own, players: [1, 4]}
"""
GREEN_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
             '<circle cx="50" cy="50" r="45" fill="#00aa00"/></svg>\n')


def _game(folder: Path, body: str, files: dict[str, str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(HEAD + body)
    for name, text in (files or {}).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def _front(folder: Path, out: Path, scale: float = 100 / 72):
    """The first card front, rendered (RGB)."""
    import pypdfium2 as pdfium

    from generator.build import Options, build_game
    from generator.model import load_game

    game = load_game(folder)
    build_game(game, out, Options(papers=("a4",), formats=("pdf",)))
    pdf = next((out / game.id / "a4").glob("*.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    fronts = next(i for i in range(len(doc)) if "Gain" in doc[i].get_textpage().get_text_range())
    return doc[fronts].render(scale=scale).to_pil().convert("RGB")


def _count(image, colour: tuple[int, int, int], tolerance: int = 30) -> int:
    """Pixels within ``tolerance`` (the sum of the channel differences) of ``colour``."""
    r0, g0, b0 = colour
    data = image.tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if abs(data[i] - r0) + abs(data[i + 1] - g0) + abs(data[i + 2] - b0) <= tolerance)


def test_icons_from_the_designers_svg_and_in_a_colour_of_their_own(tmp_path):
    folder = _game(tmp_path / "g", """icons:
  Wood: art/wood.svg
  ore: {icon: stone, colour: "#cc2200"}
components:
  - id: deck
    name: Deck
    kind: card
    items: [{name: A, count: 1, text: "Gain {icon:wood} and {icon:ore} now"}]
""", {"art/wood.svg": GREEN_SVG})
    page = _front(folder, tmp_path / "out")
    assert _count(page, (0, 170, 0)) > 20  # the wood icon in its own green
    assert _count(page, (204, 34, 0)) > 10  # the ore icon in its red, not in the text's black


def test_a_picture_icon_outside_the_game_folder_is_refused_at_its_line(runner, tmp_path):
    folder = _game(tmp_path / "g", """icons:
  wood: ../wood.svg
  ore: {icon: nothing, colour: "#cc2200"}
components:
  - id: deck
    name: Deck
    kind: card
    items: [{name: A, count: 1}]
""")
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 1
    assert "game.yaml:3: icons.wood: '../wood.svg' leaves the game folder" in result.output, result.output
    assert "game.yaml:4: icons.ore: no icon 'nothing'" in result.output, result.output


def test_bold_markup_is_not_measured_as_text(runner, tmp_path):
    """**1** near a card's edge fits as the 1 it prints, not as four characters of asterisks."""
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {elements: [{type: text, at_mm: [27, 0], text: "**1**", size_pt: 14, anchor: middle}]}
    items: [{name: A, count: 1}]
""")
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace('"**1**"', '"**1111111**"'))
    result = runner.invoke(cli, ["validate", str(folder)])
    assert "warning: this text runs" in result.output  # a text that is too wide still says so
