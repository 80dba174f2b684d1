"""Failure classes of issue 15's table that no other test replays end to end: icon paths that passed
validate and broke the build, a 290 KB icon path, a failing second game, and ``solo sheet --out`` at a device node. (The other classes: see the list in
tests/fuzz_regressions.txt's header.)"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from safety_helpers import env, run_in_process

ROOT = Path(__file__).resolve().parents[1]
ICON_GAME = """format: 1
game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}
icons:
  moon:
    - path: PATH
components:
  - id: chits
    name: Chits
    kind: token
    size_mm: 20
    items:
      - {name: A, count: 3, icon: moon}
"""


def icon_game(tmp_path: Path, path: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(ICON_GAME.replace("PATH", path), encoding="utf-8")
    return folder


@pytest.mark.parametrize("path", ['"M 0"', '"L 10 10"', "5", "2020-01-01", "1e400", '"M 0 0 Z Z Z"',
                                  '"M 10 10 L 90 90 Z"'])
def test_icon_paths_that_broke_the_build_are_refused_at_validate_or_built(tmp_path, path):
    """54 builds ended in "internal error" on icon paths validate had accepted; now validate proves build."""
    icon_game(tmp_path, path)
    checked = run_in_process("validate", "g", cwd=tmp_path)
    built = run_in_process("build", "g", "--paper", "a4", "--format", "pdf,svg", "--out", "out", cwd=tmp_path)
    for result in (checked, built):
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    if checked.returncode == 0:
        assert built.returncode == 0, built.stderr
        assert (tmp_path / "out" / "g" / "manifest.json").is_file()
    else:
        assert checked.returncode == 1 and built.returncode == 1
        assert checked.stderr.startswith("g/game.yaml:5: icons.moon[1].path: "), checked.stderr
        assert not (tmp_path / "out" / "g").exists()


def test_a_290_kb_icon_path_is_refused_in_little_memory(tmp_path):
    """It took 1.0 GB to draw; it is refused at its line, in a process of its own, well under 300 MB."""
    folder = icon_game(tmp_path, '"M 0 0 ' + "L 1 1 " * 48_000 + '"')
    assert (folder / "game.yaml").stat().st_size > 280_000
    from test_limits import measured

    code, err, _, mb = measured("build", "g", "--out", "out", cwd=tmp_path)
    assert code == 1, err
    assert err.startswith("g/game.yaml:5: ") and "characters; at most" in err, err
    assert mb < 300
    assert not (tmp_path / "out" / "g").exists()


GAME = ICON_GAME.replace("PATH", '"M 10 10 L 90 90 Z"').replace("count: 3", "count: 150")


def test_a_failing_second_game_leaves_no_partial_kit(tmp_path):
    """Two games in one build, the second refused while building: the first is whole with its
    manifest, the second leaves nothing (before: a partial kit and no manifest)."""
    for name, size in (("a", 20), ("b", 300)):  # a 300 mm token fits on no page: refused at build
        folder = tmp_path / name
        folder.mkdir()
        (folder / "game.yaml").write_text(GAME.replace("id: g,", f"id: {name},").replace("size_mm: 20",
                                                                                        f"size_mm: {size}"))
    result = run_in_process("build", "a", "b", "--paper", "a4", "--format", "pdf", "--out", "out", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.startswith("b/game.yaml:"), result.stderr
    assert not (tmp_path / "out" / "b").exists()
    kit = tmp_path / "out" / "a"
    if kit.exists():  # written before the second game failed: then whole, manifest and all
        assert (kit / "manifest.json").is_file() and list((kit / "a4").glob("*.pdf"))
    assert [p.name for p in (tmp_path / "out").iterdir() if ".staging-" in p.name] == [] \
        if (tmp_path / "out").exists() else True


def test_solo_sheet_out_at_a_device_node_is_refused(tmp_path):
    node = tmp_path / "null.pdf"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        os.mkfifo(node)  # not root: a named pipe stands in for the device
    result = subprocess.run([sys.executable, "-m", "generator", "solo", "sheet", "--seed", "3", "--out", str(node)],
                            cwd=tmp_path, env=env(), capture_output=True, text=True, timeout=120)
    assert result.returncode in (1, 2) and "Traceback" not in result.stderr, result.stderr
    assert "regular file" in result.stderr, result.stderr
    mode = os.lstat(node).st_mode
    assert stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)
