"""``build_all`` with two worker processes in a scene of its own, run by tests/test_jobs_interrupt.py
as ``python3 -m jobs_scenario MODE`` from the tests folder (in a process of its own, so a build that
hangs can be killed, and started the way ``python3 -m generator`` is).

The parts are stand-ins (each sleeps RENDER seconds and returns a 4 MB file; nothing is written):
what is exercised is the parent's handling of its workers.

    slow-ctrl-c RENDER CALL
        Ctrl-C as the third part comes in, and from then on the main thread stalls CALL seconds at
        every Python call, as a machine under load deschedules it, while the workers go on sending
        their megabytes. Prints "interrupted in S s".
    worker-dies
        The worker rendering the fifth part (the second game's SVG pages) dies (os._exit(3)). Prints
        what build_all raised.
    ctrl-c-in-exec
        ``pnpforge build`` through generator.cli.entry, with Ctrl-C landing in code that exec() runs
        from text (as dataclasses define their methods while a module is imported).
    ctrl-c-in-callback
        The same, with Ctrl-C landing in a weak reference's callback (as importlib's module locks
        have), which Python runs on its own as the object goes.
    ctrl-c-in-click-parse, ctrl-c-in-click-close
        The same, with Ctrl-C landing while click reads the command line, or closes its context
        as the command ends.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import generator.cli.jobs as jobs  # noqa: E402

OUT = Path(tempfile.mkdtemp(prefix="pnpforge-scenario-"))  # where a command's build writes
atexit.register(shutil.rmtree, OUT, True)
from generator.build.game import Options  # noqa: E402
from generator.build.parts import Rendered  # noqa: E402

BIG = os.urandom(1 << 20) * 4  # a part's files: megabytes, far more than a pipe holds
mode = sys.argv[1]
render = float(sys.argv[2]) if len(sys.argv) > 2 else 0.05
call = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0


def render_part(game, components, opts, part):  # noqa: ANN001 - a stand-in for the real one
    time.sleep(render)
    if mode == "worker-dies" and game == 1 and part == ("pages", "svg"):
        os._exit(3)
    return Rendered({f"{part[0]}/{part[1]}.pdf": BIG})


jobs.render_part = render_part  # the workers are forked from here: they render with the stand-in
jobs.expand_generated = lambda game, seed: []
jobs._warm = lambda opts: None
jobs.build_game = lambda game, out, opts, rendered=None, progress=None, put=None, components=None: {"id": str(game)}

main = threading.main_thread()


def stall(frame, event, arg):  # noqa: ANN001 - a profile hook
    if event == "call" and threading.current_thread() is main:
        time.sleep(call)


arrived: list[int] = []


def advance(n: int) -> None:
    arrived.append(n)
    if mode == "slow-ctrl-c" and len(arrived) == 3:
        sys.setprofile(stall)
        raise KeyboardInterrupt  # Ctrl-C, acted on as the third part comes in


if mode.startswith("ctrl-c-in-click"):
    import signal

    import click

    from generator.cli.entry import main as pnpforge

    def ctrl_c_first(real):  # noqa: ANN001, ANN202
        def wrapped(*args, **kwargs):  # noqa: ANN002, ANN003
            signal.raise_signal(signal.SIGINT)
            return real(*args, **kwargs)
        return wrapped

    if mode.endswith("parse"):
        click.Group.parse_args = ctrl_c_first(click.Group.parse_args)
    else:
        click.Context.close = ctrl_c_first(click.Context.close)
    jobs.build_all = lambda *args, **kwargs: []
    sys.argv = ["pnpforge", "build", "thrones", "--format", "pdf", "--out", str(OUT)]
    pnpforge()
if mode in ("ctrl-c-in-exec", "ctrl-c-in-callback"):
    import signal
    import weakref

    from generator.cli.entry import main as pnpforge

    def ctrl_c_in_callback(*args, **kwargs):  # noqa: ANN002, ANN003
        gone = type("Gone", (), {})()
        ref = weakref.ref(gone, lambda ref: signal.raise_signal(signal.SIGINT))  # noqa: F841
        del gone
        time.sleep(1)  # the interruption comes back within this second
        return []

    jobs.build_all = (ctrl_c_in_callback if mode == "ctrl-c-in-callback" else  # no kit built
                      lambda *args, **kwargs: exec("import signal; signal.raise_signal(signal.SIGINT)") or [])
    sys.argv = ["pnpforge", "build", "thrones", "--format", "pdf", "--out", str(OUT)]
    pnpforge()
opts = Options(papers=("a4", "letter"), formats=("pdf", "svg"))  # 3 parts a game
start = time.perf_counter()
try:
    jobs.build_all(list(range(20)), Path("unused"), opts, 2, advance=advance)
    print("finished")
except KeyboardInterrupt:
    sys.setprofile(None)
    print(f"interrupted in {time.perf_counter() - start:.2f} s")
except Exception as exc:  # noqa: BLE001 - what the parent raised is the outcome
    print(f"{type(exc).__name__}: {exc}")
