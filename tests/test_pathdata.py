"""Icon path data: the whole SVG syntax, arcs included, checked at validation so that whatever
``validate`` accepts draws, and whatever cannot draw is refused there with its file:line."""

from __future__ import annotations

import datetime
import math
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.draw.surface import Path as DrawPath
from generator.draw.svg import path_data
from generator.geometry import pathdata

ROOT = Path(__file__).resolve().parents[1]


def bezier(op: tuple, x0: float, y0: float, t: float) -> tuple[float, float]:
    _, x1, y1, x2, y2, x3, y3 = op
    u = 1 - t
    return (u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3)


def samples(ops: list[tuple]):
    x = y = 0.0
    for op in ops:
        if op[0] == "C":
            for i in range(1, 11):
                yield bezier(op, x, y, i / 10)
        if op[0] != "Z":
            x, y = op[-2], op[-1]


def test_a_circle_of_two_arcs_stays_on_its_circle():
    ops = pathdata.parse("M 10 50 A 40 40 0 1 0 90 50 A 40 40 0 1 0 10 50 Z")
    assert ops[0] == ("M", 10.0, 50.0) and ops[-1] == ("Z",)
    assert sum(op[0] == "C" for op in ops) == 4  # a half circle is two quarter curves
    worst = max(abs(math.hypot(px - 50, py - 50) - 40) for px, py in samples(ops))
    assert worst < 0.02  # of a 40-unit radius: invisible at any icon size


def test_a_rotated_ellipse_arc_ends_where_the_data_says_and_sweeps_the_right_way():
    ops = pathdata.parse("M 20 50 a 30 15 30 0 1 60 0")
    assert ops[-1][-2:] == (80.0, 50.0)
    # sweep 1 is clockwise on the page (y down): the arc bulges upwards, to smaller y
    assert min(py for _, py in samples(ops)) < 45
    ops0 = pathdata.parse("M 20 50 a 30 15 30 0 0 60 0")
    assert max(py for _, py in samples(ops0)) > 55


def test_radii_too_small_are_scaled_up_and_zero_radii_are_a_line():
    ops = pathdata.parse("M 0 0 A 1 1 0 0 1 100 0")
    worst = max(abs(math.hypot(px - 50, py) - 50) for px, py in samples(ops))
    assert worst < 0.05  # a half circle of radius 50, as SVG renderers draw it
    assert pathdata.parse("M 0 0 A 0 10 0 0 1 100 0") == [("M", 0.0, 0.0), ("L", 100.0, 0.0)]
    assert pathdata.parse("M 5 5 A 10 10 0 0 1 5 5") == [("M", 5.0, 5.0)]


def test_compact_numbers_and_flags_read_as_svg_renderers_read_them():
    assert pathdata.parse("M0 0a25 25 0 1150 50") == pathdata.parse("M 0,0 a 25,25 0 1,1 50,50")
    assert pathdata.parse("M.5-.5.5.5") == [("M", 0.5, -0.5), ("L", 0.5, 0.5)]
    assert pathdata.parse("M1e1 2E-1") == [("M", 10.0, 0.2)]
    assert pathdata.parse("m10 10 20 0 0 20z") == [("M", 10.0, 10.0), ("L", 30.0, 10.0), ("L", 30.0, 30.0),
                                                   ("Z",)]


def test_smooth_curves_reflect_the_last_control_point():
    ops = pathdata.parse("M 0 0 C 10 -10 20 -10 30 0 S 50 10 60 0")
    assert ops[2][1:3] == (40.0, 10.0)  # the mirror of (20, -10) about (30, 0)
    ops = pathdata.parse("M 0 0 Q 15 -15 30 0 T 60 0")
    # T's control point is the mirror of (15, -15) about (30, 0): (45, 15), raised to a cubic
    assert ops[2][0] == "C" and ops[2][1:] == pytest.approx((40.0, 10.0, 50.0, 10.0, 60.0, 0.0))
    # S after a line (no curve before it) starts its curve at the current point
    assert pathdata.parse("M 0 0 L 10 0 S 20 10 30 0")[2][1:3] == (10.0, 0.0)


def test_a_path_after_z_continues_from_the_subpath_start():
    ops = pathdata.parse("M 10 10 L 20 10 Z l 5 5")
    assert ops[-1] == ("L", 15.0, 15.0)


@pytest.mark.parametrize("data, words", [
    ("M 0", "command M needs 2 numbers each time; found the end after 1"),
    ("L 10 10", "must start with a move (M or m), not L"),
    (5, "path data is text"),
    (datetime.date(2020, 1, 1), "path data is text"),
    ("1e400", "a number at character 1 with no command before it"),
    ("M 0 0 L 1e999 0", "'1e999' at character 9 is not a finite number"),
    ("M 0 0 X 5", "'X 5' at character 7: expected a command letter"),
    ("M 0 0 A 10 10 0 2 0 50 50", "argument 4 is a flag, 0 or 1"),
    ("M 0 0 C 1 2 3 4 5", "command C needs 6 numbers each time; found the end after 5"),
    ("M 0 0 L 5 5 6", "command L needs 2 numbers each time"),
    ("", "path data is empty"),
    ("   ", "path data is empty"),
    ("M 0 0 " + "L 1 1 " * 5000, "at most 20,000"),
    ("M0 0" + "l1 1" * 4001, "more than 4,000 segments"),
    ("M 1e308 0 l 1e308 0", "runs out of finite numbers"),
])
def test_problems_are_sentences(data, words):
    message = pathdata.problem(data)
    assert message is not None and words in message, message
    assert len(message) < 200


@pytest.mark.parametrize("data", ["M 10 10 L 90 90", "M10,10h80v80h-80z", "m 0 0 z",
                                  "M 50 5 A 45 45 0 1 1 49.9 5 Z", "M 0 0 T 10 10 t 5 5"])
def test_good_paths_have_no_problem(data):
    assert pathdata.problem(data) is None


def _rasterise(svg: str, tmp_path: Path, name: str) -> bytes:
    src = tmp_path / f"{name}.svg"
    src.write_text(svg)
    out = tmp_path / f"{name}.png"
    subprocess.run(["rsvg-convert", "-w", "200", "-h", "200", "-b", "white", "-o", str(out), str(src)],
                   check=True)
    return out.read_bytes()


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs rsvg-convert (librsvg2-bin)")
@pytest.mark.parametrize("data", [
    "M 10 50 A 40 40 0 1 0 90 50 A 40 40 0 1 0 10 50 Z M 30 50 a 20 10 45 1 1 40 0 z",
    "M20 80 a30 60 -20 0 1 60 0 l-10 -10 a 10 10 0 1150 0 Q 50 10 20 20 T 80 30 s 10 10 0 20 z",
])
def test_our_curves_match_librsvg_drawing_the_arcs_itself(tmp_path, data):
    """librsvg draws the original path data (arcs and all); we draw our cubics. Same pixels."""
    pytest.importorskip("PIL")
    from io import BytesIO

    from PIL import Image, ImageChops

    ours = DrawPath()
    ours.ops.extend(pathdata.parse(data))
    head = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
    theirs_png = _rasterise(f'{head}<path d="{data}" fill="#000" fill-rule="nonzero"/></svg>', tmp_path, "a")
    ours_png = _rasterise(f'{head}<path d="{path_data(ours)}" fill="#000" fill-rule="nonzero"/></svg>',
                          tmp_path, "b")
    a = Image.open(BytesIO(theirs_png)).convert("L")
    b = Image.open(BytesIO(ours_png)).convert("L")
    assert a.getextrema()[0] == 0  # something was drawn
    diff = ImageChops.difference(a, b)
    changed = sum(diff.histogram()[65:])
    assert changed <= 20, changed  # of 40,000 pixels: antialiasing at most


def _game(tmp_path: Path, path: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(f"""\
format: 1
game: {{id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}}
icons:
  moon:
    - path: "{path}"
components:
  - id: chits
    name: Chits
    kind: token
    size_mm: 25
    items:
      - {{name: Moon, count: 1, icon: moon}}
""")
    return folder


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    import os
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PNPFORGE_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("path", ["M 0", "L 10 10", "M 0 0 L 1e999 0", "M 10 10 A 5 5 0 3 0 20 20"])
def test_validate_refuses_a_bad_path_at_its_line(tmp_path, path):
    folder = _game(tmp_path, path)
    result = _run("validate", str(folder), cwd=tmp_path)
    assert result.returncode == 1 and "internal error" not in result.stderr
    assert result.stderr.startswith("g/game.yaml:5: icons.moon[1].path: "), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_icon_with_arcs_builds_and_draws(tmp_path):
    folder = _game(tmp_path, "M 20 50 A 30 30 0 1 1 80 50 A 22 22 0 1 0 20 50 Z")
    result = _run("build", str(folder), "--paper", "a4", "--format", "both", "--out", str(tmp_path / "out"),
                  cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    svgs = sorted((tmp_path / "out" / "g" / "a4" / "svg").glob("*.svg"))
    assert svgs and any(" C" in s.read_text() or "C" in s.read_text() for s in svgs)
