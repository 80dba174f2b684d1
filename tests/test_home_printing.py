"""Home-printer features, measured on the page: duplex flips, back offset, gutter-fold, ink-saver,
bleed and mark styles, PDF viewer hints, the calibration sheet and config files."""

from __future__ import annotations

import pytest
from conftest import EXAMPLE
from measure import box_of, ink_box, page_count, render

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from generator.layout.piecepages import instances
from generator.model import resolve_game


def _build(tmp_path, **opts):
    build_game(load_game(EXAMPLE), tmp_path, Options(papers=("a4",), formats=("pdf",), **opts))
    return tmp_path / "pebble_pond" / "a4"


def _centre(pdf, page, colour, dpi=200):
    image, size = render(pdf, page, dpi=dpi)
    box = box_of(image, colour, dpi=dpi)
    assert box is not None, (pdf, page, colour)
    return box.centre, size


def test_back_offset_moves_backs_only(tmp_path):
    plain = _build(tmp_path / "plain") / "pebble_pond-a4-duplex.pdf"
    moved = _build(tmp_path / "moved", back_offset_mm=(1.5, -2.0)) / "pebble_pond-a4-duplex.pdf"
    front_a, _ = _centre(plain, 2, "#ff0000")
    front_b, _ = _centre(moved, 2, "#ff0000")
    back_a, _ = _centre(plain, 3, "#00ff00")
    back_b, _ = _centre(moved, 3, "#00ff00")
    assert front_b == pytest.approx(front_a, abs=0.15)
    assert back_b[0] - back_a[0] == pytest.approx(1.5, abs=0.15)
    assert back_b[1] - back_a[1] == pytest.approx(-2.0, abs=0.15)


def test_short_edge_flip_mirrors_rows_not_columns(tmp_path):
    pdf = _build(tmp_path, duplex="short") / "pebble_pond-a4-duplex.pdf"
    (fx, fy), (w, h) = _centre(pdf, 2, "#ff0000")
    (bx, by), _ = _centre(pdf, 3, "#00ff00")
    assert bx == pytest.approx(fx, abs=0.2)
    assert by == pytest.approx(h - fy, abs=0.2)


def test_duplex_none_prints_no_backs(tmp_path):
    folder = _build(tmp_path, duplex="none")
    assert not (folder / "pebble_pond-a4-duplex.pdf").exists()
    single = folder / "pebble_pond-a4-single.pdf"
    assert all(box_of(render(single, i, dpi=50)[0], "#00ff00", dpi=50) is None for i in range(page_count(single)))


def test_gutter_fold_pairs_each_front_with_its_own_back_across_the_fold(tmp_path):
    folder = _build(tmp_path, layout="gutter-fold")
    assert not (folder / "pebble_pond-a4-duplex.pdf").exists()
    pdf = folder / "pebble_pond-a4-single.pdf"
    page = next(i for i in range(page_count(pdf)) if box_of(render(pdf, i, dpi=50)[0], "#ff0000", dpi=50))
    (fx, fy), (w, h) = _centre(pdf, page, "#ff0000")
    (bx, by), _ = _centre(pdf, page, "#00ff00")
    # the fold runs down the middle or across it; the back is the front's mirror image in it
    down = bx == pytest.approx(w - fx, abs=0.2) and by == pytest.approx(fy, abs=0.2)
    across = bx == pytest.approx(fx, abs=0.2) and by == pytest.approx(h - fy, abs=0.2)
    assert down or across


def _ink(image) -> float:
    grey = image.convert("L")
    hist = grey.histogram()
    return sum((255 - v) * n for v, n in enumerate(hist)) / (255 * grey.width * grey.height)


def test_ink_saver_uses_far_less_ink_and_hatches_backs(tmp_path):
    game = load_game(resolve_game("lords_of_war"))
    build_game(game, tmp_path / "n", Options(papers=("a4",), formats=("pdf",)))
    build_game(game, tmp_path / "s", Options(papers=("a4",), formats=("pdf",), ink_saver=True))
    normal = tmp_path / "n" / "lords_of_war" / "a4" / "lords_of_war-a4-duplex.pdf"
    saver = tmp_path / "s" / "lords_of_war" / "a4" / "lords_of_war-a4-duplex-inksaver.pdf"
    for page in (2, 3):  # terrain fronts, then their (black) backs
        assert _ink(render(saver, page, dpi=40)[0]) < 0.5 * _ink(render(normal, page, dpi=40)[0])
    backs, _ = render(saver, 3, dpi=100)
    assert box_of(backs, "#000000", tolerance=30, dpi=100) is None or _ink(backs) < 0.25  # no solid black


def test_every_piece_reads_in_greyscale(tmp_path):
    """Text and symbols against their ground: at least 3:1 luminance contrast (WCAG, large text)."""
    from generator.art.colour import contrast

    for folder in ("lords_of_war", "farlander", "thrones", "ktech"):
        game = load_game(resolve_game(folder))
        for comp in game.components:
            if comp.kind not in ("hex-tile", "square-tile", "token", "counter", "card"):
                continue
            for front, back in instances(game, comp):
                for look in (front, back):
                    if look is not None and (look.icon or look.value or look.title):
                        assert contrast(look.fill, look.ink) >= 3.0, (folder, comp.id, look.title, look.fill, look.ink)


def test_rendered_tokens_keep_their_symbols_in_grey(low_build):
    image, _ = render(low_build / "a4" / "lords_of_war-a4-single.pdf", 1, dpi=150)
    grey = image.convert("L").crop((0, 0, image.width // 3, image.height // 6))
    lo, hi = grey.getextrema()
    assert hi - lo > 120


def test_bleed_option_sets_how_far_art_runs_past_the_cut(tmp_path):
    build_game(load_game(resolve_game("lords_of_war")), tmp_path, Options(papers=("a4",), formats=("pdf",),
                                                                           bleed_mm=1.0))
    image, _ = render(tmp_path / "lords_of_war" / "a4" / "lords_of_war-a4-duplex.pdf", 2)
    # the volcano heads a strip: its art runs 1 mm past the top edge and stops at the edge it shares
    assert box_of(image, "#7a2e1f").height == pytest.approx(25.4 + 1.0, abs=0.1)


def test_mark_styles(tmp_path):
    def top_ink(**opts):
        out = tmp_path / str(len(list(tmp_path.iterdir())))
        entry = build_game(load_game(EXAMPLE), out, Options(papers=("a4",), formats=("pdf",), **opts))
        doc = next(d for d in entry["documents"] if d["duplex"])
        page = doc["component_pages"]["lily-cards"][0] - 1  # the first lily cards fronts page
        image, _ = render(out / "pebble_pond" / doc["file"], page, dpi=100)
        band = image.crop((0, int(20 / 25.4 * 100), image.width, int(120 / 25.4 * 100)))  # above the footer
        return ink_box(band, 100)

    lines, crop, none = top_ink(marks="lines"), top_ink(marks="crop"), top_ink(marks="none")
    assert lines.x0 == pytest.approx(7.0, abs=0.3)  # lines run to the margin, for a trimmer
    assert crop.x0 > lines.x0 + 1.0  # short marks stop well short of it
    assert none.x0 > crop.x0 + 1.0  # no marks: the ink starts at the art


def test_pdf_viewer_hints(tmp_path):
    data = (_build(tmp_path, duplex="short") / "pebble_pond-a4-duplex.pdf").read_bytes()
    assert b"/PrintScaling /None" in data
    assert b"/Duplex /DuplexFlipShortEdge" in data


def test_calibration_sheet_has_scales_behind_the_front_crosshairs(runner, tmp_path):
    from generator.cli.commands import cli
    from generator.export.calibration import back_position, targets
    from generator.layout.page import paper

    out = tmp_path / "cal.pdf"
    result = runner.invoke(cli, ["calibrate", "--paper", "letter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert page_count(out) == 2
    letter = paper("letter")
    for x, y in targets(letter):
        bx, by = back_position(x, y, letter, "long")
        assert (bx, by) == (letter.width_mm - x, y)
    # the back's X scale zero tick sits under the front's vertical line: find the scale's ink there
    image, _ = render(out, 1, dpi=200)
    x, y = back_position(*targets(letter)[1], letter, "long")
    k = 200 / 25.4
    crop = image.crop((int((x - 6) * k), int((y - 18) * k), int((x + 6) * k), int((y - 13) * k)))
    assert ink_box(crop, 200) is not None


def test_config_file_sets_defaults_and_reports_bad_keys(runner, tmp_path, monkeypatch):
    from generator.cli.commands import cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PNPFORGE_CONFIG", str(tmp_path / "none.yaml"))
    (tmp_path / "pnpforge.yaml").write_text("build:\n  paper: letter\n  format: pdf\n")
    result = runner.invoke(cli, ["build", str(EXAMPLE), "--out", "o"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "o" / "pebble_pond" / "letter" / "pebble_pond-letter-single.pdf").exists()
    assert not (tmp_path / "o" / "pebble_pond" / "a4").exists()
    (tmp_path / "pnpforge.yaml").write_text("build:\n  paper: letter\n  duplx: long\n")
    result = runner.invoke(cli, ["build", str(EXAMPLE), "--out", "o"])
    assert result.exit_code == 1
    assert "pnpforge.yaml:3: " in result.output and "unknown key 'duplx' (did you mean 'duplex'?)" in result.output


def test_bad_back_offset_is_a_usage_error(runner):
    from generator.cli.commands import cli

    result = runner.invoke(cli, ["build", "--back-offset", "one,two"])
    assert result.exit_code == 2 and "X,Y" in result.output
