"""The SVG pages (generator/draw/svg.py): written through svgwrite without its per-element checks,
well-formed SVG documents sized in mm."""

from __future__ import annotations

from conftest import EXAMPLE


def test_svg_pages_are_written_through_svgwrite_unchecked_and_are_well_formed_xml(tmp_path, monkeypatch):
    """The design card's library writes the SVG pages: every page file is what one svgwrite Drawing
    serialised, made unchecked (debug=False, the data is validated before it is drawn), and parses as
    an SVG document sized in mm."""
    import xml.etree.ElementTree as ET

    import svgwrite

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    written: list[str] = []
    serialise = svgwrite.Drawing.tostring

    def counted(drawing):
        assert drawing.debug is False
        for element in drawing.elements:  # the page's elements (but its <title>) are unchecked too
            assert isinstance(element, svgwrite.base.Title) or element.debug is False
        text = serialise(drawing)
        written.append(text)
        return text

    monkeypatch.setattr(svgwrite.Drawing, "tostring", counted)
    build_game(load_game(EXAMPLE), tmp_path, Options(papers=("a4",), formats=("svg",)))
    pages = sorted((tmp_path / "pebble_pond" / "a4" / "svg").glob("*.svg"))
    assert len(pages) >= 3 and len(written) == len(pages)
    assert sorted(written) == sorted(p.read_text(encoding="utf-8") for p in pages)
    svg = "{http://www.w3.org/2000/svg}"
    for page in pages:
        root = ET.parse(page).getroot()
        assert root.tag == f"{svg}svg"
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
        assert root.find(f"{svg}rect").get("fill") == "#ffffff"


class _Counting:
    """Counts calls of a function it wraps."""

    def __init__(self, fn):
        self.fn, self.calls = fn, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)
