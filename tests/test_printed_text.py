"""Every text the data gives a piece is printed on that piece's pages (issue 34, section 3): for every
bundled and example game, each item's title, subtitle, value, text, flavour and footer (after its
expressions and shared texts), and each text of its elements, is found in the PDF text of the pages
the kit's manifest lists for its component. Markup and icons are not words; a text the data hides
(``max_lines`` leaving lines out) is checked as far as it prints. Compared without white space: the
PDF breaks lines where the layout wraps them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import EXAMPLE, ROOT

GAMES = [ROOT / "data" / name for name in ("lords_of_war", "farlander", "thrones", "ktech")] + \
    sorted(p for p in (ROOT / "data" / "examples").iterdir() if (p / "game.yaml").is_file()) + \
    [EXAMPLE, ROOT / "docs" / "example-wargame"]
FACE_TEXTS = ("title", "subtitle", "value", "text", "flavour", "footer")
ELEMENT_TEXTS = {"text": ("text",), "box": ("text", "label")}


def _squeezed(text: str) -> str:
    from generator.art.richtext import plain

    return re.sub(r"\s+", "", plain(str(text)))


def _built(game_dir: Path, out: Path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    game = load_game(game_dir)
    entry = build_game(game, out, Options(papers=("a4",), formats=("pdf",), jobs=1))
    return game, entry


def _page_text(pdf: Path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [_squeeze_raw(page.get_textpage().get_text_range()) for page in doc]
    finally:
        doc.close()


def _squeeze_raw(text: str) -> str:
    return re.sub(r"\s+", "", text.replace("\ufffe", "").replace("\u00ad", ""))


def _wanted(comp) -> list[tuple[str, str]]:  # noqa: ANN001 - a Component
    """(where, text) of every text the data gives the component's pieces."""
    out = []
    for item in comp.items:
        for side, face in (("front", item.face), ("back", item.back)):
            if not face:
                continue
            for key in FACE_TEXTS:
                value = face.get(key)
                if isinstance(value, str) and value.strip() and not face.get("max_lines"):
                    out.append((f"{item.name} {side} {key}", value))
            for el in face.get("elements") or []:
                for key in ELEMENT_TEXTS.get(el.get("type"), ()):
                    value = el.get(key)
                    if isinstance(value, str) and value.strip() and not el.get("max_lines"):
                        out.append((f"{item.name} {side} element {el.get('type')} {key}", value))
    return out


@pytest.mark.parametrize("game_dir", GAMES, ids=lambda p: p.name)
def test_every_text_the_data_gives_a_piece_is_on_its_pages(game_dir, tmp_path):
    game, entry = _built(game_dir, tmp_path)
    pages: dict[str, list[str]] = {}
    for doc in entry.get("documents", []):
        texts = _page_text(tmp_path / game.id / doc["file"])
        for comp_id, numbers in doc["component_pages"].items():
            pages.setdefault(comp_id, []).extend(texts[n - 1] for n in numbers)
    missing = []
    checked = 0
    for comp in game.components:
        if comp.kind in ("board", "sheet", "generated") or comp.id not in pages:
            continue
        printed = "".join(pages[comp.id])
        for where, value in _wanted(comp):
            checked += 1
            if _squeezed(value) not in printed:
                missing.append(f"{comp.id}: {where}: {value!r}")
    assert not missing, f"{len(missing)} of {checked} texts not on their pages: {missing[:8]}"


VALUES = """\
game: {id: values, title: Values, author: A, licence: CC0, source: test, players: [1, 2]}
icons:
  apple: [{circle: [50, 55, 34]}]
components:
  - id: chips
    name: Chips
    kind: token
    size_mm: 25
    face: {fill: "#00ff00", ink: "#ff0000"}
    items:
      - {name: Apple, count: 1, value: "{icon:apple}"}
      - {name: Two, count: 1, value: "2 {icon:apple}"}
      - {name: Disc, count: 1, icon: apple, title: T, value: "**3** {icon:apple}"}
  - id: die
    name: Die
    kind: die
    sides: 6
    size_mm: 16
    faces: ["{icon:apple}", 2, 3, 4, 5, "6 {icon:apple}"]
"""


def test_a_value_of_icons_prints_the_icons_not_their_markup_and_stays_on_its_piece(tmp_path):
    """A value is rich text as every other text is: a chip whose value is "2 {icon:apple}" prints a 2
    and the apple, not "{icon:apple}" in letters (which ran far past a 25 mm chip, over its
    neighbours), on a lone value, in a value disc and on a die's face alike; and the value's ink lies
    inside the chip."""
    from measure import box_of, render

    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.yaml").write_text(VALUES)
    _game, entry = _built(tmp_path / "g", tmp_path / "out")
    pdf = tmp_path / "out" / "values" / "a4" / "values-a4-single.pdf"
    texts = "".join(_page_text(pdf)[1:])
    assert "{" not in texts and "icon" not in texts and "*" not in texts, texts
    assert {"2", "3", "4", "5", "6"} <= set(texts)
    image, _size = render(pdf, 1, dpi=100)
    chips, ink = box_of(image, "#00ff00", dpi=100), box_of(image, "#ff0000", dpi=100)
    assert chips is not None and ink is not None
    assert chips.x0 < ink.x0 and ink.x1 < chips.x1 and chips.y0 < ink.y0 and ink.y1 < chips.y1
    assert chips.height < 35  # one row of three 25 mm chips (with their bleed)


def test_outputs_that_show_no_markup_show_an_items_name_without_it(tmp_path):
    """An item named "Scout {icon:crown}" prints the crown on its card; where no markup is drawn (the
    gallery's captions and alt texts, Tabletop Simulator's names, the print shop's list, the PDF's
    subject) it reads "Scout", not "Scout {icon:crown}"; the publisher's "**Crown** Games" likewise."""
    import json

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.yaml").write_text("""\
game: {id: marks, title: Marks, author: A, publisher: "**Crown** Games", licence: CC0, source: test, players: [1, 2]}
components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    items:
      - {name: "Scout {icon:crown}", count: 2, text: "Move {icon:crown} **two**"}
""")
    build_game(load_game(tmp_path / "g"), tmp_path / "out",
               Options(papers=("a4",), formats=("pdf", "html", "tts"), print_shop=True))
    kit = tmp_path / "out" / "marks"
    page = (kit / "index.html").read_text()
    assert "{icon" not in page and "**" not in page
    assert "2 × Scout</figcaption>" in page and "published by Crown Games" in page
    names = [o.get("Nickname") for o in json.loads((kit / "tts" / "marks.json").read_text())["ObjectStates"]]
    assert names and not any("{" in str(n) for n in names)
    listed = "".join(p.read_text() for p in kit.rglob("*.txt")) + "".join(p.read_text() for p in kit.rglob("*.csv"))
    assert "Scout" in listed and "{icon" not in listed  # print-shop/contents.txt
