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
