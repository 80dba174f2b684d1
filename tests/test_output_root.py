"""The output folder as a whole (issue #27, section 4): the top-level index.html and manifest.json
are swapped in with the kits, at once; a folder pnpforge did not make is not built into without
--force; an empty --out is refused."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from safety_helpers import env, run_in_process, snapshot

GAME = """\
format: 1
game: {{id: {id}, title: {title}, author: A, licence: CC0, source: here, players: [1, 2]}}
components:
  - id: chits
    name: Chits
    kind: token
    size_mm: 20
    items:
      - {{name: A, count: 60}}
"""


def games(tmp_path: Path, title: str = "Old") -> list[str]:
    for gid in ("g", "h"):
        folder = tmp_path / gid
        folder.mkdir(exist_ok=True)
        (folder / "game.yaml").write_text(GAME.format(id=gid, title=f"{title} {gid.upper()}"))
    return ["g", "h"]


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if ".staging-" in p.name or ".old-" in p.name)


ARGS = ["--paper", "a4", "--format", "pdf,svg,html", "--jobs", "1"]


@pytest.mark.parametrize("how", ["kill", "interrupt"])
def test_kits_and_top_level_files_change_together(tmp_path, how):
    """Killed or interrupted at any moment, the output folder is the whole old output or the whole new
    one: both games' kits, index.html and manifest.json (which names the games' new titles)."""
    work = tmp_path / "work"
    work.mkdir()
    games(work, "Old")
    assert run_in_process("build", "g", "h", *ARGS, "--out", "old", cwd=work).returncode == 0
    old = snapshot(work / "old")
    games(work, "New")
    shutil.copytree(work / "old", work / "new")
    start = time.perf_counter()
    assert subprocess.run([sys.executable, "-m", "generator", "build", "g", "h", *ARGS, "--out", "new"], cwd=work,
                          env=env(), capture_output=True, timeout=300).returncode == 0
    took = time.perf_counter() - start
    new = snapshot(work / "new")
    assert {"index.html", "manifest.json", ".pnpforge-output"} <= set(old)
    assert old["manifest.json"] != new["manifest.json"] and old["index.html"] != new["index.html"]
    assert old["g/manifest.json"] != new["g/manifest.json"]
    rng = random.Random(27)
    outcomes = []
    for trial in range(6):
        out = work / f"t{trial}"
        shutil.copytree(work / "old", out)
        proc = subprocess.Popen([sys.executable, "-m", "generator", "build", "g", "h", *ARGS, "--out", out.name],
                                cwd=work, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if trial % 2:  # any moment late in the build
            time.sleep(rng.uniform(0.4, 1.0) * took)
        else:  # once the staged output is being written beside the old one: near the swap
            deadline = time.perf_counter() + 3 * took + 10
            while not any(n.startswith(f".{out.name}.staging-") for n in os.listdir(work)) \
                    and proc.poll() is None and time.perf_counter() < deadline:
                time.sleep(0.001)
            time.sleep(rng.uniform(0, 0.4) * took)
        proc.send_signal(signal.SIGKILL if how == "kill" else signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        now = snapshot(out)
        assert now in (old, new), f"trial {trial}: the output is neither the old one nor the new one"
        outcomes.append("new" if now == new else "old")
        if how == "interrupt" and proc.returncode == 130:
            assert err.strip() in ("pnpforge: interrupted; nothing half-written was left behind",
                                   "pnpforge: interrupted")  # still starting
        top = json.loads((out / "manifest.json").read_text())
        assert [g["id"] for g in top["games"]] == ["g", "h"]
        for entry in top["games"]:  # the top-level manifest agrees with each kit's own
            assert json.loads((out / entry["manifest"]).read_text())["title"] == entry["title"]
    # the next build clears what the killed ones left beside the output
    assert run_in_process("build", "g", "h", *ARGS, "--out", "t0", cwd=work).returncode == 0
    assert [n for n in leftovers(work) if n.startswith(".t0.")] == [] and snapshot(work / "t0") == new
    print(how, "outcomes:", outcomes)


def test_a_build_that_changes_nothing_leaves_the_folder_as_it_is(tmp_path):
    games(tmp_path)
    assert run_in_process("build", "g", *ARGS, "--out", "out", cwd=tmp_path).returncode == 0
    inode = os.stat(tmp_path / "out").st_ino
    assert run_in_process("build", "g", *ARGS, "--out", "out", cwd=tmp_path).returncode == 0
    assert os.stat(tmp_path / "out").st_ino == inode and leftovers(tmp_path) == []


def test_one_game_rebuilt_keeps_the_others_kit(tmp_path):
    games(tmp_path)
    assert run_in_process("build", "g", "h", *ARGS, "--out", "out", cwd=tmp_path).returncode == 0
    h_before = {k: v for k, v in snapshot(tmp_path / "out").items() if k.startswith("h/")}
    (tmp_path / "out" / "notes.txt").write_text("my notes")
    assert run_in_process("build", "g", *ARGS, "--bleed", "2", "--out", "out", cwd=tmp_path).returncode == 0
    after = snapshot(tmp_path / "out")
    assert {k: v for k, v in after.items() if k.startswith("h/")} == h_before
    assert (tmp_path / "out" / "notes.txt").read_text() == "my notes"


# -- where the kits may go --------------------------------------------------------------------------------

def test_a_folder_pnpforge_did_not_make_is_refused_without_force(tmp_path):
    games(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    (home / "index.html").write_text("<p>my own page</p>")
    (home / "letter.txt").write_text("dear")
    result = run_in_process("build", "g", *ARGS, "--out", "home", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == ("home: is a folder pnpforge did not make and holds other files; build into a "
                                     "new or empty folder, or add --force to add the kits to it")
    assert sorted(p.name for p in home.iterdir()) == ["index.html", "letter.txt"]
    assert (home / "index.html").read_text() == "<p>my own page</p>"
    forced = run_in_process("build", "g", *ARGS, "--out", "home", "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert (home / "g" / "manifest.json").is_file() and (home / "letter.txt").read_text() == "dear"
    assert not (home / ".pnpforge-output").exists()  # still not ours: the next build needs --force too


def test_the_root_folder_is_not_ours():
    # checked without building: a build that wrongly went ahead would write into /
    from generator.base.errors import UsageError
    from generator.build.ownership import folder_state
    from generator.build.staging import OutputRoot

    assert folder_state(Path("/")) == "foreign"
    with pytest.raises(UsageError, match="is a folder pnpforge did not make"):
        OutputRoot.open(Path("/"))


def test_a_home_folder_is_refused_and_never_replaced_whole(tmp_path, monkeypatch):
    games(tmp_path)
    home = tmp_path / "home"
    (home / ".config").mkdir(parents=True)
    (home / ".bashrc").write_text("alias ll='ls -l'\n")
    monkeypatch.setenv("HOME", str(home))
    result = run_in_process("build", "g", *ARGS, "--out", str(home), cwd=tmp_path)
    assert result.returncode == 2 and "is a folder pnpforge did not make" in result.stderr, result.stderr
    assert sorted(p.name for p in home.iterdir()) == [".bashrc", ".config"]
    # forced, the kits go in beside the home's own files, one by one; the next build needs --force
    # again (a top-level manifest.json among a home's files does not make the home ours)
    inode = os.stat(home).st_ino
    assert run_in_process("build", "g", *ARGS, "--out", str(home), "--force", cwd=tmp_path).returncode == 0
    assert os.stat(home).st_ino == inode and (home / "manifest.json").is_file()
    again = run_in_process("build", "g", *ARGS, "--out", str(home), cwd=tmp_path)
    assert again.returncode == 2 and "is a folder pnpforge did not make" in again.stderr


def test_an_output_from_before_the_marker_is_still_ours(tmp_path):
    games(tmp_path)
    assert run_in_process("build", "g", *ARGS, "--out", "out", cwd=tmp_path).returncode == 0
    (tmp_path / "out" / ".pnpforge-output").unlink()  # as an older pnpforge left it: its manifest.json
    result = run_in_process("build", "g", *ARGS, "--bleed", "2", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / ".pnpforge-output").is_file()


def test_an_empty_folder_is_ours_to_fill(tmp_path):
    games(tmp_path)
    (tmp_path / "empty").mkdir()
    assert run_in_process("build", "g", *ARGS, "--out", "empty", cwd=tmp_path).returncode == 0
    assert (tmp_path / "empty" / "g" / "manifest.json").is_file()


def test_an_empty_out_is_refused(tmp_path):
    games(tmp_path)
    result = run_in_process("build", "g", *ARGS, "--out", "", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.strip() == \
        "pnpforge: --out is empty; name a folder for the kits (default: output)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g", "h"]


def test_an_out_no_file_system_can_hold_is_refused_before_anything_is_made(tmp_path):
    games(tmp_path)
    for out, said in (("x" * 300, "--out holds a name of 300 bytes; a file system allows at most 255"),
                      ("d/" * 600, "--out is a path of 1,200 characters; at most 1,024")):
        result = run_in_process("build", "g", *ARGS, "--out", out, cwd=tmp_path)
        assert result.returncode == 2 and result.stderr.strip() == f"pnpforge: {said}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g", "h"]


def test_a_4_kb_out_in_the_config_is_refused_at_its_line(tmp_path):
    games(tmp_path)
    (tmp_path / "pnpforge.yaml").write_text("build:\n  paper: a4\n  out: '" + "d/" * 2048 + "'\n")
    result = run_in_process("build", "g", *ARGS, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("pnpforge.yaml:3: ") and "is a path of 4,096 characters; at most 1,024" in result.stderr
    assert not (tmp_path / "d").exists()


def test_a_config_out_that_is_a_file_is_refused_at_its_line(tmp_path):
    games(tmp_path)
    (tmp_path / "notes.txt").write_text("mine\n")
    (tmp_path / "pnpforge.yaml").write_text("build:\n  out: notes.txt\n")
    result = run_in_process("build", "g", *ARGS, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("pnpforge.yaml:2: ") and "notes.txt is not a folder" in result.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine\n"
