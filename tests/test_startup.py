"""What a build pays for before it draws, and what it loads: a deck without icons never reads the shared
icon file, ``--help`` loads neither the data model nor the drawing, ``list`` and ``validate`` no page
writer, and a deck's build leaves out what a plain deck does not use."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

from conftest import ROOT

from generator.build.game import Options, build_game
from generator.build.loading import load_game

DECK = ("game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}\n"
        "components:\n"
        "  - id: deck\n"
        "    name: Deck\n"
        "    kind: card\n"
        "    size: poker\n"
        "    back: {fill: '#30336b', title: G, pattern: hatch}\n"
        "    items:\n"
        "      - {name: Gold, count: 2, value: '3', text: Gain two gold and draw a card.}\n")


def _deck(tmp_path, text=DECK):
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text)
    return folder


# -- the shared icons: read when an icon is looked up ----------------------------------------------

def test_a_deck_without_icons_builds_without_reading_the_shared_icons(tmp_path, monkeypatch):
    import generator.model.load as load

    reads = []
    real = load._common_icons
    monkeypatch.setattr(load, "_common_icons", lambda errors: reads.append(1) or real(errors))
    game = load_game(_deck(tmp_path))
    build_game(game, tmp_path / "out", Options(papers=("a4",), formats=("pdf",), jobs=1))
    assert reads == []
    assert "coin" not in game.icons and "mountain" in game.icons  # asked: read once
    assert len(game.icons["mountain"]) == 2 and reads == [1]


def test_a_game_icon_of_a_shared_name_is_the_games_own(tmp_path):
    own = DECK + "icons:\n  mountain:\n    - circle: [50, 50, 40]\n  gem:\n    - rect: [10, 10, 80, 80]\n"
    game = load_game(_deck(tmp_path, own))
    assert game.icons["mountain"] == [{"circle": [50, 50, 40]}] and "gem" in game.icons and "forest" in game.icons
    assert list(game.icons).index("gem") == len(game.icons) - 1  # the shared ones first, as before


def test_an_icon_on_a_card_is_still_drawn(tmp_path):
    def drawn(text: str, name: str) -> str:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "game.yaml").write_text(text)
        build_game(load_game(folder), tmp_path / name / "out", Options(papers=("a4",), formats=("svg",), jobs=1))
        return "".join(p.read_text() for p in sorted((tmp_path / name / "out").rglob("*.svg")))

    plain, with_icon = drawn(DECK, "plain"), drawn(DECK.replace("value: '3',", "value: '3', icon: mountain,"), "icon")
    # the mountain's two polygons, on each of the two cards (drawn once as a form, placed twice)
    assert with_icon.count("<path") + with_icon.count("<polygon") > plain.count("<path") + plain.count("<polygon")


# -- what the build process loads and does -------------------------------------------------------------

def test_a_deck_build_leaves_out_what_a_deck_does_not_use(tmp_path):
    folder = _deck(tmp_path)
    code = ("import gc, sys\nfrom generator.cli.commands import cli\ntry:\n    cli(sys.argv[1:], prog_name='pnpforge')\n"
            "except SystemExit:\n    pass\nprint(' '.join(sorted(sys.modules)), gc.isenabled(), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, "build", str(folder), "--paper", "a4", "--format", "pdf",
                           "--jobs", "1", "--out", str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    modules, enabled = done.stderr.split()[:-1], done.stderr.split()[-1]
    assert "generator.build.game" in modules and "yaml" in modules
    assert "difflib" not in modules  # (the records are standard dataclasses: defining them costs no
    # start-up time a command line shows, measured against the hand-made record class they replaced)
    # what a deck without pictures, icons, shaped pieces or generated parts does not use
    assert {"generator.components.piece", "generator.art.images", "generator.source.pictures",
            "generator.components.inksaver", "generator.geometry.pathdata", "generator.generators",
            "generator.elements"} & set(modules) == set()
    assert enabled == "True"  # the collector is off only while the build runs


def test_the_build_command_gives_the_collector_back_as_it_found_it(tmp_path):
    from click.testing import CliRunner

    from generator.cli.commands import cli

    folder = _deck(tmp_path)
    assert gc.isenabled()
    result = CliRunner().invoke(cli, ["build", str(folder), "--paper", "a4", "--format", "pdf", "--jobs", "1",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert gc.isenabled()
    result = CliRunner().invoke(cli, ["build", str(tmp_path / "none"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and gc.isenabled()  # a refused build too


def test_a_face_mapping_as_back_is_still_told_apart_from_none_or_same(tmp_path):
    from click.testing import CliRunner

    from generator.cli.commands import cli

    for back, said in (("nonee", "back: expected none, same, or a face mapping"),
                       ("{pattern: hach}", "back.pattern: expected one of none, dots, lines, hatch, cross, waves, "
                                           "triangles, bricks; got 'hach' (did you mean 'hatch'?)"),
                       ("{fill: 3}", "back.fill: expected a colour like"),
                       ("same", None), ("{}", None)):
        folder = _deck(tmp_path, DECK.replace("back: {fill: '#30336b', title: G, pattern: hatch}", f"back: {back}"))
        result = CliRunner().invoke(cli, ["validate", str(folder)])
        if said is None:
            assert result.exit_code == 0, (back, result.output)
        else:
            assert result.exit_code == 1 and f"game.yaml:7: components[1].{said}" in result.output, back


def test_a_rebuild_that_changes_nothing_leaves_the_kit_as_it_is(tmp_path):
    folder = _deck(tmp_path)
    args = ["build", str(folder), "--paper", "a4", "--format", "pdf", "--jobs", "1", "--out", str(tmp_path / "out")]
    code = ("import sys\nfrom generator.cli.commands import cli\ntry:\n    cli(sys.argv[1:], prog_name='pnpforge')\n"
            "except SystemExit:\n    pass\nprint('ctypes' in sys.modules, file=sys.stderr)")

    def build() -> tuple[dict[str, tuple[int, int, bytes]], str]:
        done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 0, done.stderr
        kit = tmp_path / "out" / "g"
        return ({str(p.relative_to(kit)): (p.stat().st_ino, p.stat().st_mtime_ns, p.read_bytes())
                 for p in sorted(kit.rglob("*")) if p.is_file()}, done.stderr.split()[-1])

    first, _ = build()
    again, ctypes_loaded = build()
    assert again == first and ctypes_loaded == "False"  # the very same files: nothing swapped
    (folder / "game.yaml").write_text(DECK.replace("Gold", "Silver"))
    changed, ctypes_loaded = build()
    assert set(changed) == set(first) and changed["a4/g-a4-duplex.pdf"][2] != first["a4/g-a4-duplex.pdf"][2]
    assert all(changed[k][0] != first[k][0] for k in first) and ctypes_loaded == "True"  # swapped in whole
    assert [p.name for p in (tmp_path / "out").iterdir() if p.name.startswith(".")] == [".pnpforge-output"]  # the marker alone


def _modules_after(args: list[str]) -> set[str]:
    """The modules a fresh process has loaded after running ``pnpforge ARGS``."""
    code = ("import sys\nfrom generator.cli.commands import cli\ntry:\n    cli(sys.argv[1:], prog_name='pnpforge')\n"
            "except SystemExit:\n    pass\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return {line.split(".")[0] if not line.startswith("generator") else line
            for line in done.stderr.splitlines()} | set(done.stderr.splitlines())


def test_help_loads_neither_the_data_model_nor_the_drawing_libraries():
    loaded = _modules_after(["--help"])
    assert "click" in loaded
    heavy = {"yaml", "reportlab", "svgwrite", "jinja2", "generator.model", "generator.build.game", "solo"}
    assert heavy & loaded == set()


def test_list_reads_games_without_loading_the_page_writers():
    """It measures text (font metrics) to count pieces, but plans and writes no page."""
    loaded = _modules_after(["list"])
    assert "generator.model" in loaded and "yaml" in loaded
    assert {"svgwrite", "jinja2", "generator.build.game", "generator.draw.pdf", "generator.draw.svg",
            "generator.layout.pieces", "solo"} & loaded == set()


def test_validate_plans_the_pages_but_writes_no_svg():
    """validate plans every page the default build makes (what does not fit the paper is said there, not
    at build), so it loads the layout; it writes no page: no SVG writer, no solo engine."""
    loaded = _modules_after(["validate", "thrones"])
    assert {"generator.model", "yaml", "generator.layout.plan"} <= loaded
    assert {"svgwrite", "jinja2", "generator.draw.svg", "solo"} & loaded == set()


def test_help_lists_solo_with_its_own_summary():
    from click.testing import CliRunner

    from generator.cli.commands import _Group, cli
    from solo.cli import solo

    assert _Group.SOLO_SUMMARY == solo.help
    out = CliRunner().invoke(cli, ["--help"]).output
    assert "solo       The One-Page Kingdom: fresh sheets, a turn-log checker, and..." in out
