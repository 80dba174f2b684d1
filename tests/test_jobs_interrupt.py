"""Ctrl-C during ``build --jobs N``, at the moments that once went wrong, made to happen every time.

- Ctrl-C acted on just as ``shutil.rmtree`` closed a folder (the old kit's, after the swap) ended an
  interrupted build with exit 1 and "cannot write the kit: Bad file descriptor" (seen on CI): rmtree
  closed the same descriptor a second time. Here Ctrl-C lands after every close and every file
  opened while a kit is published: each time it goes on as KeyboardInterrupt, the kit is whole (old
  or new) and nothing is left beside it.
- Ctrl-C while the main thread was descheduled and the workers were sending their results hung the
  build now and then (multiprocessing.Pool.terminate() waited for good for its result pipe's lock,
  held by a worker blocked in sending megabytes nobody read any more). Here the main thread stalls
  at every call after Ctrl-C: the build still ends within seconds, no worker left.
- A worker that dies is an error, not a build waiting for its part for ever.
- Ctrl-C landing in code that exec() runs from text (dataclasses, as a module is imported) ended
  ``python3 -m generator`` by SIGINT after its "interrupted" line instead of exit 130; landing in a
  callback Python runs on its own (importlib's module locks) it was printed with a traceback as
  "Exception ignored" and the build went on to exit 0; landing while reportlab read a font (under
  bare "except:" clauses) it became "internal error (TTFError ...)" and exit 1; while click read the
  command line or closed its context, click's own "Aborted!" and exit 1.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from safety_helpers import snapshot

from generator.build.staging import publish

HERE = Path(__file__).resolve().parent


def kit(folder: Path, tag: str) -> dict[Path, bytes]:
    return {folder / "a4" / "g-a4-duplex.pdf": f"{tag} duplex".encode(),
            folder / "a4" / "g-a4-single.pdf": f"{tag} single".encode(),
            folder / "poster" / "g-map.pdf": f"{tag} map".encode(),
            folder / "manifest.json": f'{{"kit": "{tag}"}}'.encode()}


def debris(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.name.startswith("."))


def ctrl_c_after(monkeypatch, name: str, when: int) -> list[int]:
    """Ctrl-C (a real SIGINT to this process) as the ``when``-th call of os.close or builtins.open
    returns: the signal is acted on there, as when it comes while the call runs."""
    import builtins

    module = os if name == "close" else builtins
    real = getattr(module, name)
    calls = [0]

    def wrapped(*args, **kwargs):
        result = real(*args, **kwargs)
        calls[0] += 1
        if calls[0] == when:
            signal.raise_signal(signal.SIGINT)
        return result

    monkeypatch.setattr(module, name, wrapped)
    return calls


@pytest.mark.parametrize("name", ["close", "open"])
def test_ctrl_c_at_every_step_of_publishing_a_kit(tmp_path, monkeypatch, name):
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        folder = tmp_path / "out" / "g"
        publish(folder, kit(folder, "old"))
        old = snapshot(folder)
        new_files = kit(folder, "new")
        with monkeypatch.context() as m:  # how many calls a whole publish makes
            calls = ctrl_c_after(m, name, 0)
            publish(folder, new_files)
        new = snapshot(folder)
        assert new != old and calls[0] >= (3 if name == "close" else 4), calls
        outcomes = set()
        for when in range(1, calls[0] + 1):
            publish(folder, kit(folder, "old"))
            with monkeypatch.context() as m:
                ctrl_c_after(m, name, when)
                with pytest.raises(KeyboardInterrupt):  # never "Bad file descriptor", never nothing
                    publish(folder, new_files)
            now = snapshot(folder)
            assert now in (old, new), f"Ctrl-C after {name} call {when}: a kit half old, half new"
            assert debris(folder.parent) == [], f"Ctrl-C after {name} call {when}: left {debris(folder.parent)}"
            outcomes.add("new" if now == new else "old")
        if name == "close":  # rmtree's closes come after the swap
            assert outcomes == {"new"}, outcomes
        else:  # a Ctrl-C as a file is opened stops before the swap
            assert outcomes == {"old"}, outcomes
    finally:
        signal.signal(signal.SIGINT, previous)


def scenario(*args: str, timeout: float = 30, code: int = 0) -> tuple[str, str]:
    proc = subprocess.Popen([sys.executable, "-m", "jobs_scenario", *args], cwd=HERE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(HERE.parent)})
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"build_all {' '.join(args)}: still running after {timeout} s")
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
    for pid in left:
        os.kill(int(pid), signal.SIGKILL)
    assert left == [], f"worker processes left running: {left}"
    assert proc.returncode == code and "Traceback" not in err, (proc.returncode, err)
    return out.strip(), err


@pytest.mark.parametrize("render_s, stall_s", [(0.2, 0.005), (0.3, 0.01)])
def test_ctrl_c_while_the_main_thread_stalls_and_workers_send_megabytes(render_s, stall_s):
    """With multiprocessing.Pool 5 of 6 such runs hung (each setting); every one must end."""
    for _ in range(3):
        out, _ = scenario("slow-ctrl-c", str(render_s), str(stall_s), timeout=20)
        assert out.startswith("interrupted in "), out
        assert float(out.split()[2]) < 10, out


def test_a_worker_that_dies_stops_the_build_with_an_error():
    out, _ = scenario("worker-dies")
    assert out == "RuntimeError: a worker process stopped (exit code 3) while rendering", out


@pytest.mark.parametrize("where", ["exec", "callback", "click-parse", "click-close"])
def test_ctrl_c_in_code_python_runs_on_its_own_still_exits_130(where):
    # it was -2 (killed by SIGINT), 0 and a traceback, or click's "Aborted!" and 1
    out, err = scenario(f"ctrl-c-in-{where}", code=130)
    assert err == "pnpforge: interrupted; nothing half-written was left behind\n"
    if where == "click-close":  # click closes its context after the command has run
        assert out.startswith("built 0 games in "), out
    else:
        assert out == ""


def test_ctrl_c_while_a_font_is_read_is_an_interruption(monkeypatch):
    """reportlab reads a font under bare "except:" clauses: a Ctrl-C there came out as TTFError
    ("Corrupt TTF file"), and the build ended with an internal error and exit 1."""
    from reportlab.pdfbase import ttfonts

    from generator.draw import fonts

    real = ttfonts.TTFontParser.read_tag
    calls = [0]

    def read_tag(self):  # noqa: ANN001
        calls[0] += 1
        if calls[0] == 1:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C as the table directory is read
        return real(self)

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        monkeypatch.setattr(ttfonts.TTFontParser, "read_tag", read_tag)
        fonts.pdf_name.cache_clear()
        with pytest.raises(KeyboardInterrupt):
            fonts.pdf_name("bolditalic")
        assert calls[0] > 1  # the font was read to its end first
    finally:
        signal.signal(signal.SIGINT, previous)
        monkeypatch.undo()
        fonts.pdf_name.cache_clear()
    assert fonts.pdf_name("bolditalic") == "PnpVera-bolditalic"


def test_a_ctrl_c_never_lands_in_a_finalizer():
    """A KeyboardInterrupt raised in a __del__ (a multiprocessing Connection's, run by the garbage
    collector in the middle of our code) is printed by Python as "Exception ignored in ..." with a
    traceback, and the Ctrl-C is lost (Python 3.10's CI run found it): the handler waits for the
    next call instead, in a finalizer's frame or anything it calls, and at a call into one."""
    import sys

    from generator.base.interrupts import lands_well

    seen = {}  # each frame judged while it runs (a finished frame's f_back may be gone)

    def inner():
        seen["inner"] = lands_well(sys._getframe(), anywhere=True)

    class Closing:
        def __del__(self):
            seen["del"] = lands_well(sys._getframe(), anywhere=True)
            inner()

    def ordinary():
        seen["ordinary"] = lands_well(sys._getframe(), anywhere=True)

    Closing()  # collected at once: its __del__ runs
    ordinary()
    assert seen == {"del": False, "inner": False, "ordinary": True}  # inner: called by the finalizer
