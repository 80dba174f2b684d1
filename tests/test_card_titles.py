"""A deck whose longest title would print smaller than its text on one line takes a two-line title
band instead: Lords of War's Adventure deck ("Vermilion Realm Ancestry Artifact")."""

from __future__ import annotations

import pytest
from test_faces import _sizes_of

MM = 72 / 25.4  # PDF points per millimetre
CARD_W_MM = 63.5  # poker


def _adventure_page(pdf):
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    for page in doc:
        tp = page.get_textpage()
        text = tp.get_text_range()
        if "Adventure deck" in text and "A lost heirloom of the Vermilion" in text:
            return doc, tp, text
    raise AssertionError("no Adventure card page shows the Vermilion Realm Ancestry Artifact")


def _box(tp, text, phrase, after=0):
    """(left, right) in points of the characters of ``phrase``'s first occurrence from ``after``."""
    start = text.index(phrase, after)
    boxes = [tp.get_charbox(i) for i in range(start, start + len(phrase)) if not text[i].isspace()]
    return min(b[0] for b in boxes), max(b[2] for b in boxes)


def test_adventure_titles_print_no_smaller_than_their_text_on_two_lines(low_build):
    pdf = low_build / "a4" / "lords_of_war-a4-duplex.pdf"
    body = max(_sizes_of(pdf, "Ambassador strength"))
    assert body == pytest.approx(8.5, abs=0.01)
    first, second = _sizes_of(pdf, "Vermilion Realm", exact=True), _sizes_of(pdf, "Ancestry Artifact", exact=True)
    assert first and second, "the title should print as two lines, 'Vermilion Realm' / 'Ancestry Artifact'"
    assert min(first + second) >= body - 0.01, (first, second, body)
    # every title of the deck is set at that one size: a short one too
    assert _sizes_of(pdf, "Hunting Trip: Dragon", exact=True) == [pytest.approx(first[0], abs=0.01)]

    doc, tp, text = _adventure_page(pdf)
    try:
        whole = text.index("Vermilion Realm\r\nAncestry Artifact")  # whole, in reading order
        # inside the card: the flavour starts 3.5 mm from the card's left cut; the title keeps 3 mm
        # clear of the right cut
        left_cut = _box(tp, text, "A lost heirloom of the Vermilion")[0] - 3.5 * MM
        right_cut = left_cut + CARD_W_MM * MM
        for line in ("Vermilion Realm", "Ancestry Artifact"):
            lo, hi = _box(tp, text, line, whole)
            assert left_cut < lo and hi <= right_cut - 3.0 * MM + 0.5, (line, lo, hi, left_cut, right_cut)
    finally:
        tp.close()
        doc.close()


def _deck(tmp_path, *titles):
    items = "".join(f"      - {{name: \"{t}\", count: 1, text: Gain two gold.}}\n" for t in titles)
    (tmp_path / "g").mkdir(parents=True)
    (tmp_path / "g" / "game.yaml").write_text(
        "game: {id: g, title: G, author: me, licence: CC0, source: test, players: [1, 4]}\n"
        "components:\n  - id: deck\n    name: Deck\n    kind: card\n    size: mini\n    back: {title: G}\n"
        "    items:\n" + items)
    return tmp_path / "g"


def _validate(folder):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    return subprocess.run([sys.executable, "-m", "generator", "validate", str(folder)], cwd=root,
                          capture_output=True, text=True, timeout=120)


def test_a_title_that_fits_two_lines_passes_validate_and_one_that_does_not_is_warned_of(tmp_path):
    # a mini card (44.5 mm) has 37.5 mm for its title: these two need two lines at any size
    ok = _validate(_deck(tmp_path / "a", "Vermilion Realm Ancestry Artifact", "The Long Road Home Again"))
    assert ok.returncode == 0 and "shorten it" not in ok.stdout + ok.stderr, ok.stdout + ok.stderr
    long = "Antidisestablishmentarianismus Überlandstraßenbahnhaltestellenschild"
    bad = _validate(_deck(tmp_path / "b", "Short", long))
    out = bad.stdout + bad.stderr  # a warning, with the title's file:line
    assert "game.yaml:10: warning" in out and long in out and "shorten it" in out and "Traceback" not in out, out


BAND_GAME = """format: 1
game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}
layouts:
  ship:
    art: {type: box, at_mm: [-31.75, -44.45], size_mm: [63.5, 88.9], fill: "#dde7f0"}
    cost: {type: box, at_mm: [-28, -40], size_mm: [10, 10], text: "{{ Cost }}", size_pt: 12}
    coin: {type: icon, icon: gold, at_mm: [25, -38], size_mm: [8, 8]}
    badge: {type: icon, icon: gold, at_mm: [25, -30], size_mm: [8, 8]}
    speed: {type: text, at_mm: [0, -37], text: "Speed {{ Cost }}", size_pt: 9, anchor: middle}
    crew: {type: text, at_mm: [0, -31], text: "Crew", size_pt: 8, anchor: middle}
components:
  - id: ships
    name: Ships
    kind: card
    size: poker
    layout: ship
    face: {FACE}
    items_from: ships.csv
"""


@pytest.mark.parametrize("face, warned", [("{}", True), ("{band: none}", False)])
def test_a_box_hidden_under_the_title_band_is_warned_of_once_at_its_layout(runner, tmp_path, face, warned):
    """A poker card's band is its top 10.7 mm (12% of 88.9), drawn over the face's elements: a cost box
    at y -40 to -30 mm from the centre is 6.2 of its 10 mm under it, its number hidden. The picture
    behind the whole card lies under the band too, as meant: no warning. With band: none nothing
    covers the elements."""
    from gamefolder import validate, write_game

    folder = write_game(tmp_path, BAND_GAME.replace("{FACE}", face),
                        {"ships.csv": "Name,Cost\nSloop,2\nBrig,3\nGalleon,5\n"})
    result = validate(runner, folder)
    assert result.exit_code == 0
    # where: the templated box at its first row and its layout line (the folder's path cut); the icon,
    # the same on every card, at its own line
    hidden = [(where[:11] if where.startswith("ships") else "", where.rsplit("/", 1)[-1], said)
              for where, said in (line.split(": warning: ") for line in result.output.splitlines()
                                  if "title band" in line)]
    tail = ("under the card's title band (its top 10.7 mm), which is drawn over a card's elements: move it down "
            "(at_mm), or give the face band: none to draw the card by its elements alone")
    # the badge, centred 8 mm lower, is 0.2 of its 8 mm under the band: it shows; so does the crew's
    # text, its baseline 2.7 mm below the band and its capitals (2.1 mm at 8 pt) clear of it
    assert hidden == ([
        ("ships.csv:2", "game.yaml:6)", f"this box (x -28 to -18 mm, y -40 to -30 mm) lies 6.2 mm {tail}"),
        ("", "game.yaml:7", f"this icon (x 21 to 29 mm, y -42 to -34 mm) lies 8.0 mm {tail}"),
        ("ships.csv:2", "game.yaml:9)", "this text (its baseline at x 0 mm, y -37 mm) lies under the card's title "
         "band (its top 10.7 mm), which is drawn over a card's elements: move it down (at_mm: a baseline at y "
         "-31.5 mm or lower), or give the face band: none to draw the card by its elements alone")]
        if warned else [])
