"""Never lose a player's game: sheets never overwrite a log, --out and --format agree, a continued
game keeps its dice, and stopping says so with its exit code (0 only for a finished game)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kingdom_helpers import run

ROOT = Path(__file__).resolve().parents[2]


def test_a_second_sheet_run_refuses_to_overwrite_a_played_log(tmp_path):
    out = tmp_path / "k.pdf"
    assert run("sheet", "--seed", "7", "--out", str(out)).exit_code == 0
    log = tmp_path / "k.yaml"
    played = log.read_text().replace("  # farm:        # on a river hex", "  farm: E3")
    log.write_text(played)
    again = run("sheet", "--seed", "7", "--paper", "letter", "--out", str(out))
    assert again.exit_code == 2
    assert f"{log} already exists and may hold a game in progress; nothing was written" in again.output
    assert "--force" in again.output
    assert log.read_text() == played
    forced = run("sheet", "--seed", "7", "--out", str(out), "--force")
    assert forced.exit_code == 0 and "farm: E3" not in log.read_text()


def test_the_default_paths_are_protected_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("sheet", "--seed", "7").exit_code == 0
    log = tmp_path / "output/kingdom/sheet-7.yaml"
    # the sheet itself is never overwritten without --force (a Letter sheet over the A4 one) ...
    sheet = tmp_path / "output/kingdom/sheet-7.pdf"
    a4 = sheet.read_bytes()
    letter = run("sheet", "--seed", "7", "--paper", "letter")
    assert letter.exit_code == 2 and letter.output.count("\n") == 1
    assert f"{Path('output/kingdom/sheet-7.pdf')} already exists; nothing was written (add --force" \
        in letter.output
    assert sheet.read_bytes() == a4
    # ... and an untouched starter log is the same file: beside a sheet under another name it is kept
    beside = run("sheet", "--seed", "7", "--paper", "letter", "--out", "output/kingdom/sheet-7.svg")
    assert beside.exit_code == 0 and f"kept (still the starter log) {Path('output/kingdom/sheet-7.yaml')}" \
        in beside.output
    log.write_text(log.read_text() + "  - fate: [3, 5]\n")
    refused = run("sheet", "--seed", "7")
    assert refused.exit_code == 2 and "sheet-7.yaml already exists" in refused.output
    assert log.read_text().endswith("  - fate: [3, 5]\n")


def test_out_extension_and_format_must_agree(tmp_path):
    cases = [(["--out", str(tmp_path / "x.png")], "not '.png'"),
             (["--format", "svg", "--out", str(tmp_path / "y.pdf")], "ends in .pdf but --format is svg"),
             (["--out", str(tmp_path / "s7.yaml")], "not '.yaml'"),
             (["--out", str(tmp_path / "noext")], "not no extension")]
    for args, said in cases:
        result = run("sheet", "--seed", "7", *args)
        assert result.exit_code == 2 and said in result.output, (args, result.output)
    assert sorted(os.listdir(tmp_path)) == []  # nothing written
    ok = run("sheet", "--seed", "7", "--out", str(tmp_path / "z.svg"))
    assert ok.exit_code == 0 and (tmp_path / "z.svg").read_bytes().startswith(b"<svg")
    assert (tmp_path / "z.yaml").exists()


def test_a_continued_game_rolls_its_own_dice_and_refuses_another_seed(tmp_path):
    path = tmp_path / "g.yaml"
    first = run("play", "--seed", "7", "--log", str(path), input="\n\n\nE3\nG2\nF2\n" + "\n" * 6)
    assert first.exit_code == 1  # the input ran out mid-game
    before = path.read_text()
    refused = run("play", "--seed", "8", "--log", str(path), input="\n" * 20)
    assert refused.exit_code == 2
    assert "dice follow its sheet 7; --seed 8 would roll other dice" in refused.output
    assert path.read_text() == before
    same = run("play", "--seed", "7", "--log", str(path), input="\n" * 12)
    assert same.exit_code == 1 and "Year 3" in same.output
    alone = tmp_path / "alone.yaml"
    run("play", "--seed", "7", "--log", str(alone), input="\n\n\nE3\nG2\nF2\n" + "\n" * 40)
    fates = lambda p: [ln for ln in p.read_text().splitlines() if "fate:" in ln]  # noqa: E731
    assert fates(path) == fates(alone)[: len(fates(path))]


def test_a_log_without_a_sheet_number_keeps_its_dice_and_refuses_any_seed(tmp_path):
    from kingdom_helpers import SETUP

    path = tmp_path / "hand.yaml"
    path.write_text(SETUP)
    refused = run("play", "--seed", "3", "--log", str(path), input="\n")
    assert refused.exit_code == 2 and "its own setup (it has no sheet number)" in refused.output
    a = run("play", "--log", str(path), input="\n" * 30)
    text = path.read_text()
    path.write_text(SETUP)
    b = run("play", "--log", str(path), input="\n" * 30)
    assert a.exit_code == b.exit_code == 1 and path.read_text() == text


def _play_process(tmp_path: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "generator", "solo", "play", "--seed", "7", "--log",
                             str(tmp_path / "g.yaml")], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_ctrl_c_exits_130_and_end_of_input_1(tmp_path):
    proc = _play_process(tmp_path)
    proc.stdin.write("Ada\n\n\n")  # the three names: then the log holds "Ada" and the farm is asked
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    while not (tmp_path / "g.yaml").exists() or "Ada" not in (tmp_path / "g.yaml").read_text():
        assert time.monotonic() < deadline, "play never wrote its log"
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    # stdin stays open until the process has ended: closing it at once (as communicate() does) races the
    # signal on a loaded machine, and an end of input is a different ending (exit 1).
    proc.wait(timeout=30)
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.stdin.close()
    assert proc.returncode == 130, (out, err)
    assert "Stopped during setup" in out and "Traceback" not in err
    proc = _play_process(tmp_path)
    out, err = proc.communicate("", timeout=30)
    assert proc.returncode == 1, (out, err)
    assert "To continue, run again with --log" in out
