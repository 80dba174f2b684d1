"""The SVG backend's own element writer (generator/draw/svg.py): no svgwrite or ElementTree loaded, and
byte for byte what svgwrite wrote through ElementTree."""

from __future__ import annotations

from conftest import EXAMPLE


def test_svg_pages_are_written_by_our_own_element_writer(tmp_path):
    """svgwrite (its objects, then ElementTree under it) was two thirds of an SVG page's cost: the
    backend writes its few elements itself. The pages load nothing of svgwrite or ElementTree."""
    import subprocess
    import sys

    code = ("import sys; from pathlib import Path; from generator.build import Options, build_game; "
            "from generator.loading import load_game; "
            f"build_game(load_game({str(EXAMPLE)!r}), Path({str(tmp_path)!r}), Options(papers=('a4',), formats=('svg',))); "
            "print(sorted(m for m in sys.modules if m.startswith(('svgwrite', 'xml.etree'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    pages = sorted((tmp_path / "pebble_pond" / "a4" / "svg").glob("*.svg"))
    assert len(pages) >= 3
    first = pages[0].read_text()
    assert first.startswith('<svg baseProfile="full" height="297mm"') and 'viewBox="0 0 210 297"' in first


def test_the_svg_writer_writes_what_elementtree_writes():
    """Attributes sorted by name, empty ones left out, text and values escaped, empty elements closed
    as ``<x />``: byte for byte what svgwrite wrote through ElementTree, on awkward trees."""
    import random
    import xml.etree.ElementTree as ET

    from generator.draw.svg import _El

    rng = random.Random(7)
    pieces = ["a", "&", "<", ">", '"', "'", "\n", "\t", "\r", " ", "é", "", "x y", "]]"]

    def text():
        return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))

    def tree(depth):
        attribs = {rng.choice(["d", "fill", "x", "y", "font-size", "xlink:href", "aria-label", "id"]): text()
                   for _ in range(rng.randint(0, 4))}
        ours = _El(rng.choice(["g", "path", "text", "tspan"]), attribs, text() if rng.random() < 0.5 else None)
        theirs = ET.Element(ours.tag)
        for key, value in sorted(attribs.items()):
            if value:
                theirs.set(key, value)
        theirs.text = ours.text
        for _ in range(rng.randint(0, 3) if depth < 3 else 0):
            a, b = tree(depth + 1)
            ours.add(a)
            theirs.append(b)
        return ours, theirs

    for _ in range(300):
        ours, theirs = tree(0)
        out: list[str] = []
        ours.write(out)
        assert "".join(out) == ET.tostring(theirs, encoding="unicode")
