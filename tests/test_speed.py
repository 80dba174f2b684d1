"""Speed work that must not change what is printed: SVG pages without svgwrite's per-element checks,
art drawn once and placed many times, builds in worker processes."""

from __future__ import annotations

from conftest import EXAMPLE


def test_svg_pages_are_written_without_svgwrite_checking_each_attribute(tmp_path, monkeypatch):
    """svgwrite's validator was 41% of a default build; our own data validation decides what we write."""
    import svgwrite.validator2 as validator
    from generator.build import Options, build_game
    from generator.model import load_game

    calls = []

    def counted(self, *args, **kwargs):
        calls.append(args[:2])

    for name in ("check_svg_attribute_value", "check_all_svg_attribute_values", "check_valid_children",
                 "check_svg_type"):
        monkeypatch.setattr(validator.Full11Validator, name, counted)
    build_game(load_game(EXAMPLE), tmp_path, Options(papers=("a4",), formats=("svg",)))
    pages = sorted((tmp_path / "pebble_pond" / "a4" / "svg").glob("*.svg"))
    assert len(pages) >= 3
    assert calls == []
    first = pages[0].read_text()
    assert first.startswith('<svg baseProfile="full" height="297mm"') and 'viewBox="0 0 210 297"' in first
