"""Output only where asked, and whole: a game's kit is swapped in at once (old or new, manifest
included, even under kill -9), a failed build leaves the old kit untouched and no debris, nothing
replaces a link, folder or device, and a closed pipe ends a command quietly."""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from safety_helpers import env, run_in_process, run_process, snapshot

from generator.base.errors import BuildError
from generator.build.ownership import clean_stale
from generator.build.staging import publish
from generator.source.fileio import write_atomic

ROOT = Path(__file__).resolve().parents[1]
GAME = """\
format: 1
game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}
components:
  - id: chits
    name: Chits
    kind: token
    size_mm: 20
    items:
      - {name: A, count: 30}
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_in_process(*args, cwd=cwd)


def tree(root: Path) -> set[tuple[str, int, int]]:
    """What a folder holds, cheaply: every path with its change time and size."""
    out = set()
    for base, dirs, files in os.walk(root):
        for name in dirs + files:
            try:
                st = os.lstat(os.path.join(base, name))
            except OSError:
                continue
            out.add((os.path.join(base, name), st.st_mtime_ns, st.st_size))
    return out


def debris(root: Path) -> list[str]:
    return [p.name for p in root.iterdir() if ".staging-" in p.name or ".old-" in p.name] if root.is_dir() else []


def game(tmp_path: Path, text: str = GAME) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text)
    return folder


# -- the kit is swapped in whole --------------------------------------------------------------------

def test_a_rebuild_replaces_the_kit_and_keeps_the_other_variants(tmp_path):
    game(tmp_path)
    assert run("build", "g", "--out", "out", "--format", "pdf", cwd=tmp_path).returncode == 0
    first = snapshot(tmp_path / "out" / "g")
    assert set(first) == {"a4/g-a4-single.pdf", "letter/g-letter-single.pdf", "manifest.json"}
    result = run("build", "g", "--out", "out", "--format", "pdf", "--paper", "a4", "--ink-saver", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    second = snapshot(tmp_path / "out" / "g")
    # the standard kit is still there, byte for byte; the manifest describes this build
    assert {k: v for k, v in second.items() if k in first and k != "manifest.json"} == \
        {k: v for k, v in first.items() if k != "manifest.json"}
    assert "a4/g-a4-single-inksaver.pdf" in second
    manifest = json.loads((tmp_path / "out" / "g" / "manifest.json").read_text())
    assert manifest["files"] == ["g/a4/g-a4-single-inksaver.pdf"]
    assert debris(tmp_path / "out") == []
    mask = os.umask(0)
    os.umask(mask)
    # an ordinary folder, as mkdir makes it (not mkdtemp's 0700)
    assert stat.S_IMODE(os.stat(tmp_path / "out" / "g").st_mode) == 0o777 & ~mask


def test_a_rebuild_drops_the_pages_and_pictures_its_outputs_no_longer_have(tmp_path):
    """80 chits of two colours fill two sheets (three SVG pages with the cover) and show two
    pictures in the gallery; with 5 chits of one colour the rebuilt kit has two pages and one
    picture, not the old page 3 and the other picture beside them. The Letter kit, not rebuilt,
    stays."""
    game(tmp_path, GAME.replace("      - {name: A, count: 30}\n",
                                "      - {name: A, count: 40}\n      - {name: B, count: 40, fill: '#aa2222'}\n"))
    assert run("build", "g", "--out", "out", "--format", "pdf,svg,html", cwd=tmp_path).returncode == 0
    first = snapshot(tmp_path / "out" / "g")
    pages = sorted(k for k in first if k.startswith("a4/svg/g-a4-single-"))
    pictures = sorted(k for k in first if k.startswith("gallery/") and not k.endswith("-large.jpg"))
    assert len(pages) == 3 and len(pictures) == 2, (pages, pictures)
    game(tmp_path, GAME.replace("count: 30", "count: 5"))
    result = run("build", "g", "--out", "out", "--paper", "a4", "--format", "pdf,svg,html", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    second = snapshot(tmp_path / "out" / "g")
    assert sorted(k for k in second if k.startswith("a4/svg/")) == pages[:2]  # the cover and one sheet
    assert len([k for k in second if k.startswith("gallery/")]) == 2  # one picture: its preview and large view
    assert {k: v for k, v in second.items() if k.startswith("letter/")} == \
        {k: v for k, v in first.items() if k.startswith("letter/")} != {}
    manifest = json.loads((tmp_path / "out" / "g" / "manifest.json").read_text())
    shown = {f.removeprefix("g/") for f in manifest["files"]}
    assert {k for k in second if not k.startswith("letter/")} - shown == {"manifest.json"}


def test_a_failed_build_leaves_the_old_kit_and_no_debris(tmp_path):
    game(tmp_path)
    assert run("build", "g", "--out", "out", "--format", "pdf", cwd=tmp_path).returncode == 0
    before = snapshot(tmp_path / "out" / "g")
    top = (tmp_path / "out" / "manifest.json").read_bytes()
    # validates, but a 300 mm token fits on no page: the build refuses
    game(tmp_path, GAME.replace("size_mm: 20", "size_mm: 300"))
    result = run("build", "g", "--out", "out", "--format", "pdf", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.startswith("g/game.yaml:4: "), result.stderr
    assert snapshot(tmp_path / "out" / "g") == before
    assert (tmp_path / "out" / "manifest.json").read_bytes() == top
    assert debris(tmp_path / "out") == []


def test_a_failed_first_build_writes_nothing(tmp_path):
    game(tmp_path, GAME.replace("size_mm: 20", "size_mm: 300"))
    assert run("build", "g", "--out", "out", cwd=tmp_path).returncode == 1
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []


def test_a_full_disk_mid_kit_leaves_the_old_kit(tmp_path, monkeypatch):
    folder = tmp_path / "out" / "g"
    publish(folder, {folder / "a.pdf": b"old a", folder / "manifest.json": b"{}"})
    before = snapshot(folder)
    real_open = open
    calls = {"n": 0}

    def full_disk(path, mode="r", *args, **kwargs):
        if "w" in mode and ".staging-" in str(path):
            calls["n"] += 1
            if calls["n"] == 2:
                raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", full_disk)
    with pytest.raises(BuildError) as err:
        publish(folder, {folder / "a.pdf": b"new a", folder / "b.pdf": b"new b", folder / "manifest.json": b"[]"})
    monkeypatch.undo()
    assert "No space left on device" in str(err.value) and "previous kit is left as it was" in str(err.value)
    assert str(err.value).startswith(str(folder))
    assert snapshot(folder) == before and debris(folder.parent) == []


def test_stale_staging_is_cleaned_and_an_interrupted_swap_undone(tmp_path):
    root = tmp_path / "out"
    dead = 2 ** 22 + 12345  # above pid_max's default: no such process
    (root / f".g.staging-{dead}-abc123").mkdir(parents=True)
    (root / f".g.staging-{dead}-abc123" / "half.pdf").write_bytes(b"%PDF half")
    (root / f".g.old-{dead}-xyz").mkdir()
    (root / f".g.old-{dead}-xyz" / "manifest.json").write_text("{}")
    (root / f".other.staging-{dead}-q").mkdir()  # another game's: left to that game's next build
    (root / f".g.staging-{os.getpid()}-live").mkdir()  # a build still running: left alone
    clean_stale(root, "g")
    assert (root / "g" / "manifest.json").read_text() == "{}"  # the old kit put back
    assert sorted(p.name for p in root.iterdir()) == sorted(
        ["g", f".other.staging-{dead}-q", f".g.staging-{os.getpid()}-live"])


def test_the_next_build_cleans_what_a_killed_one_left(tmp_path):
    game(tmp_path)
    (tmp_path / "out" / ".g.staging-4194999-zz").mkdir(parents=True)
    assert run("build", "g", "--out", "out", "--format", "pdf", cwd=tmp_path).returncode == 0
    assert debris(tmp_path / "out") == []


def test_kill_9_during_a_build_leaves_all_old_or_all_new(tmp_path):
    """kill -9 at random moments of a build over an earlier build: the kit is one or the other.

    Half the kills land at a random moment of the whole run, half within 5 ms of the build's first
    write under the output folder, where a kit written file by file ends up half old, half new."""
    game(tmp_path, GAME.replace("count: 30", "count: 150"))
    args = ["g", "--paper", "both", "--format", "both"]
    assert run("build", *args, "--out", "old", cwd=tmp_path).returncode == 0
    old = snapshot(tmp_path / "old" / "g")
    shutil.copytree(tmp_path / "old", tmp_path / "new")
    start = time.perf_counter()
    # round pieces print the same cut line under crop and lines marks: another bleed changes every page
    result = run_process("build", *args, "--bleed", "2", "--out", "new", cwd=tmp_path)
    took = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    new = snapshot(tmp_path / "new" / "g")
    assert new != old and set(old) == set(new) and len(new) > 10
    rng = random.Random(15)
    outcomes = []
    for trial in range(4):
        out = tmp_path / f"t{trial}"
        shutil.copytree(tmp_path / "old", out)
        proc = subprocess.Popen([sys.executable, "-m", "generator", "build", *args, "--bleed", "2",
                                 "--out", out.name], cwd=tmp_path, env=env(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        if trial % 2:
            time.sleep(rng.uniform(0.3, 1.1) * took)
        else:  # the moment anything under the output folder changes: the build has begun to write
            before = tree(out)
            deadline = time.perf_counter() + 3 * took + 10
            while tree(out) == before and proc.poll() is None and time.perf_counter() < deadline:
                time.sleep(0.001)
            time.sleep(rng.uniform(0, 0.005))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        now = snapshot(out / "g")
        assert now in (old, new), f"trial {trial}: a mix of old and new files"
        outcomes.append("new" if now == new else "old")
        manifest = json.loads((out / "g" / "manifest.json").read_text())
        assert all((out / f).is_file() for f in manifest["files"])
    # and the next build clears whatever the killed ones left
    for trial in range(4):
        out = tmp_path / f"t{trial}"
        if debris(out):
            assert run("build", *args, "--out", out.name, cwd=tmp_path).returncode == 0
            assert debris(out) == [] and snapshot(out / "g") == old
            break
    print("kill test outcomes:", outcomes)


def test_ctrl_c_during_a_two_process_build_ends_it_whole(tmp_path):
    """Ctrl-C at a terminal reaches the whole process group: the build and its --jobs workers.

    At any moment it ends within seconds (it once hung for good: a worker that the signal reached
    before it had set itself to ignore it died holding the pool's lock), with exit 130 and one line,
    no traceback, no worker left running, and the kit all old or all new."""
    args = ["thrones", "farlander", "--paper", "a4", "--format", "pdf", "--jobs", "2"]
    times = []
    for extra in ([], ["--bleed", "2"]):
        start = time.perf_counter()
        assert run_process("build", *args, *extra, "--out", "new" if extra else "old", cwd=tmp_path).returncode == 0
        times.append(time.perf_counter() - start)
    # a build's time with its modules compiled: the first run may compile them (a changed source
    # tree), and the Ctrl-C that waits for that longer time would land after every trial had ended
    took = min(times)
    old = {name: snapshot(tmp_path / "old" / name) for name in ("thrones", "farlander")}
    new = {name: snapshot(tmp_path / "new" / name) for name in ("thrones", "farlander")}
    assert old != new
    rng = random.Random(7)
    codes = []
    for trial in range(8):
        out = tmp_path / f"t{trial}"
        shutil.copytree(tmp_path / "old", out)
        proc = subprocess.Popen([sys.executable, "-m", "generator", "build", *args, "--bleed", "2",
                                 "--out", out.name], cwd=tmp_path, env=env(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        time.sleep(0.15 + rng.uniform(0.0, 1.0) * took)
        try:
            os.killpg(proc.pid, signal.SIGINT)
        except ProcessLookupError:  # already finished
            pass
        try:
            _, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            pytest.fail(f"trial {trial}: the build was still running 60 s after Ctrl-C")
        time.sleep(0.3)
        left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
        for pid in left:
            os.kill(int(pid), signal.SIGKILL)
        assert left == [], f"trial {trial}: worker processes still running after Ctrl-C"
        if "Traceback" in err and "/generator/" not in err and "/solo/" not in err:
            # it landed while Python itself was starting (its site imports, or runpy finding the
            # package), before any line of ours ran: Python's own traceback, nothing of ours to answer it
            assert err.rstrip().endswith("KeyboardInterrupt"), err
            codes.append(proc.returncode)
            continue
        assert "Traceback" not in err, err
        # 130 with our line; 0 if the build had finished; killed by the signal itself only in the
        # instant before Python has started
        assert proc.returncode in (0, 130, -signal.SIGINT), (proc.returncode, err)
        if proc.returncode == 130:
            assert err.strip().splitlines()[-1].startswith("pnpforge: interrupted"), err
        codes.append(proc.returncode)
        for name in ("thrones", "farlander"):
            now = snapshot(out / name)
            assert now in (old[name], new[name]), f"trial {trial}: {name} is half old, half new"
    assert 130 in codes, codes  # at least one Ctrl-C landed mid-build


# -- nothing but regular files is replaced ----------------------------------------------------------

def test_write_atomic_refuses_links_folders_and_pipes(tmp_path):
    target = tmp_path / "elsewhere.pdf"
    target.write_bytes(b"keep")
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.pdf"
    folder.mkdir()
    for path, what in ((link, "a symbolic link"), (fifo, "a named pipe"), (folder, "a folder")):
        with pytest.raises(BuildError) as err:
            write_atomic(path, b"new")
        assert str(err.value) == f"{path}: is {what}; pnpforge only writes regular files: choose another name"
    assert link.is_symlink() and target.read_bytes() == b"keep"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and folder.is_dir()
    write_atomic(target, b"replaced")  # a regular file is replaced as before
    assert target.read_bytes() == b"replaced"


def test_calibrate_out_at_a_device_node_is_refused(tmp_path):
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        os.mkfifo(node)  # not root: a named pipe stands in for the device
    result = run_process("calibrate", "--out", str(node), cwd=tmp_path)
    assert result.returncode == 1 and "pnpforge only writes regular files" in result.stderr, result.stderr
    mode = os.lstat(node).st_mode
    assert stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def test_solo_sheet_out_at_a_link_is_refused(tmp_path):
    (tmp_path / "real.pdf").write_bytes(b"mine")
    (tmp_path / "s.pdf").symlink_to(tmp_path / "real.pdf")
    result = run("solo", "sheet", "--seed", "3", "--out", str(tmp_path / "s.pdf"), cwd=tmp_path)
    assert result.returncode in (1, 2) and "Traceback" not in result.stderr
    assert (tmp_path / "real.pdf").read_bytes() == b"mine" and (tmp_path / "s.pdf").is_symlink()


@pytest.mark.parametrize("where", ["game", "a4"])
def test_no_write_follows_a_link_out_of_out(tmp_path, where):
    game(tmp_path)
    assert run("build", "g", "--out", "out", "--format", "pdf", cwd=tmp_path).returncode == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "out" / "g" if where == "game" else tmp_path / "out" / "g" / "a4"
    shutil.rmtree(link)
    link.symlink_to(elsewhere, target_is_directory=True)
    result = run("build", "g", "--out", "out", "--format", "pdf", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == f"out/g{'/a4' if where == 'a4' else ''}: is a symbolic link" + (
        "; pnpforge writes only into folders and files it made: remove it or build with another --out"
        if where == "a4" else ", not a folder pnpforge made; remove it or build with another --out")
    assert list(elsewhere.iterdir()) == [] and link.is_symlink()


# -- a closed pipe -----------------------------------------------------------------------------------

def closed_pipe(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:  # noqa: D401
    """Run with standard output a pipe whose reader has already gone (as ``| head -1`` ends up)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env(), stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)


def test_list_into_a_closed_pipe_ends_quietly():
    result = closed_pipe("list")
    assert result.returncode == 0 and result.stderr == ""


def test_solo_show_into_a_closed_pipe_ends_quietly(tmp_path):
    sys.path.insert(0, str(ROOT / "tests" / "solo"))
    from kingdom_helpers import SETUP

    log = tmp_path / "game.yaml"
    log.write_text(SETUP + "  - fate: [3, 5]\n    capital: food\n    trade: [food]\n")
    result = closed_pipe("solo", "show", str(log))
    assert result.returncode == 0 and result.stderr == ""


def test_head_1_in_a_shell(tmp_path):
    result = subprocess.run(f"{sys.executable} -m generator list | head -1", shell=True, cwd=ROOT, env=env(),
                            capture_output=True, text=True, timeout=120)
    assert result.stdout.count("\n") == 1 and result.stderr == ""
