"""Ctrl-C held over a step that must not be cut in two.

Python acts on Ctrl-C (SIGINT) by raising KeyboardInterrupt between any two steps of the main thread,
including inside library code that is not written for it. ``shutil.rmtree`` closes a folder's
descriptor and only then notes it closed: a KeyboardInterrupt raised as that close returns makes its
clean-up close the same number again. That close fails with EBADF, which ``ignore_errors`` does not
cover (an interrupted build ended with exit 1 and "cannot write the kit: Bad file descriptor"), or,
had another thread opened a file under that number meanwhile, closes that file instead. Such steps
run inside ``with Held():`` and the interruption is acted on as they end.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from types import CodeType, FrameType
from typing import Any, Callable, NoReturn, TypeVar


class Held:
    """Ctrl-C pressed inside the block is noted, not acted on; it is acted on, by the handler it would
    have met (KeyboardInterrupt, normally), at :meth:`check` or as the block ends, unless a
    KeyboardInterrupt is already on its way out of the block.

    Only the main thread handles signals: elsewhere, or where SIGINT is ignored, nothing is held."""

    def __init__(self) -> None:
        self.pressed = False
        self._previous: Any = None  # the handler to put back: a callable, SIG_DFL or default_int_handler

    def _note(self, signum, frame) -> None:  # noqa: ANN001 - a signal handler
        self.pressed = True

    def __enter__(self) -> "Held":
        try:
            current = signal.getsignal(signal.SIGINT)
            if current not in (signal.SIG_IGN, None):
                signal.signal(signal.SIGINT, self._note)
                self._previous = current
        except ValueError:  # not the main thread
            pass
        return self

    def _release(self) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None
            if self.pressed:
                self.pressed = False
                signal.raise_signal(signal.SIGINT)  # acted on here, as if pressed now

    def check(self) -> None:
        """Act on a Ctrl-C pressed so far (the rest of the block is then held no longer)."""
        if self.pressed:
            self._release()

    def __exit__(self, kind, exc, tb) -> None:  # noqa: ANN001
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.pressed = False  # one is already on its way
        self._release()


# -- Ctrl-C for the whole command -------------------------------------------------------------------
# Python's own SIGINT handler raises KeyboardInterrupt in whatever code the main thread is running.
# Three kinds of place cannot let it out whole: a callback the interpreter runs on its own (a weak
# reference's, an object's __del__: Python prints it as "Exception ignored" and goes on), code that
# exec() runs from text (dataclasses and namedtuple make their methods so; CPython then ends the
# process by SIGINT after our exit code), and libraries that catch everything (reportlab's bare
# "except:" turns it into TTFError, click into "Aborted!" and exit 1). The command's own handler
# raises KeyboardInterrupt only where it lands in pnpforge's own code, which none of those is, and
# only where it then reaches a place of ours that answers it (marked @answers_ctrl_c) before any that
# would swallow it (marked with swallows_ctrl_c: click's main, which makes it "Aborted!"). Pressed
# elsewhere, it is noted, and raised as the main thread next calls a function from pnpforge's code
# (a profile function, sys.setprofile, watches for that call); a thread sends it again every AGAIN_S
# meanwhile, which wakes a call that blocks. Where a library waits on its own for a Ctrl-C
# (watchfiles, a server's loop), it lands anywhere but in code run by exec() once it has waited
# WAIT_S. Public means only: a signal handler, the frames Python gives it, a profile function, and
# the signal sent again.

_CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # above generator/
OUR_CODE = tuple(_CHECKOUT + os.sep + name + os.sep for name in ("generator", "solo"))
AGAIN_S = 0.01  # how often a Ctrl-C that landed elsewhere is sent again while it waits
WAIT_S = 0.25  # how long it waits for pnpforge's code (the catch-alls and callbacks above take ms)
INTERRUPTED = "pnpforge: interrupted; nothing half-written was left behind"


class _Pending:
    pressed = False  # a Ctrl-C noted and not yet raised
    since = 0.0  # when it was first noted (time.monotonic)
    presser: threading.Thread | None = None
    profile: Any = None  # the profile function in place before the watch (a profiler's), put back after it
    watching = False
    said = False  # the command's "interrupted" line, once written


def end_interrupted(line: str = INTERRUPTED) -> NoReturn:
    """Ctrl-C ends the command: its one line (said once, however often it is pressed) and exit 130."""
    if not _Pending.said:
        _Pending.said = True
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    raise SystemExit(130)


# A KeyboardInterrupt raised in an object's finalizer (a multiprocessing Connection's __del__, run by
# the garbage collector in the middle of our code) never reaches the code around it: Python prints
# "Exception ignored in ..." with a traceback and goes on, the Ctrl-C lost. It lands elsewhere.
FINALIZERS = frozenset({"__del__"})
_ANSWERS: set[CodeType] = set()
_SWALLOWS: set[CodeType] = set()
F = TypeVar("F", bound=Callable[..., Any])


def answers_ctrl_c(func: F) -> F:
    """Mark a function that answers a KeyboardInterrupt leaving the code it runs (it ends the command
    with exit 130): its whole body is one ``try``."""
    _ANSWERS.add(func.__code__)
    return func


def swallows_ctrl_c(func: Callable[..., Any]) -> None:
    """Mark a library's function that would answer a KeyboardInterrupt otherwise than ours."""
    _SWALLOWS.add(func.__code__)


def lands_well(frame: FrameType | None, anywhere: bool = False) -> bool:
    """True where a KeyboardInterrupt raised in ``frame`` leaves it whole: pnpforge's own code (or,
    ``anywhere``, any code), on its way to a function of ours that answers it before one that would
    swallow it, with no code run by exec() from text under it."""
    if frame is None or frame.f_code.co_filename == __file__:  # this module: the handler itself
        return False
    if not (anywhere or frame.f_code.co_filename.startswith(OUR_CODE)):
        return False
    answered = False
    while frame is not None:
        code = frame.f_code
        if code.co_filename == "<string>" or (code in _SWALLOWS and not answered):
            return False
        if code.co_name in FINALIZERS and not answered:  # raised in a finalizer, Python prints it and goes on
            return False
        answered = answered or code in _ANSWERS
        frame = frame.f_back
    return True


def _land() -> NoReturn:
    _Pending.pressed = False
    if _Pending.watching:
        _Pending.watching = False
        sys.setprofile(_Pending.profile)
    raise KeyboardInterrupt


def _on_ctrl_c(signum: int, frame: FrameType | None) -> None:
    if not _Pending.pressed:
        _Pending.since = time.monotonic()
    if lands_well(frame, anywhere=time.monotonic() - _Pending.since > WAIT_S):
        _land()
    _Pending.pressed = True
    if not _Pending.watching:
        _Pending.profile, _Pending.watching = sys.getprofile(), True
        sys.setprofile(_watch)
    if _Pending.presser is None or not _Pending.presser.is_alive():
        _Pending.presser = threading.Thread(target=_press_again, name="ctrl-c", daemon=True)
        _Pending.presser.start()


def _watch(frame: FrameType, event: str, arg: Any) -> None:
    """The profile function while a Ctrl-C waits: it lands as pnpforge's code calls a function, before
    that call runs (raised here, it is raised at the call: in the caller, the frame before a Python
    function's own, or the frame a function of C is called from)."""
    if not _Pending.pressed:
        return
    if event == "call" and frame.f_code.co_name not in FINALIZERS and lands_well(frame.f_back) \
            or event == "c_call" and lands_well(frame):
        _land()


def _press_again() -> None:
    main = threading.main_thread().ident
    while _Pending.pressed:
        time.sleep(AGAIN_S)
        if _Pending.pressed and main is not None:
            signal.pthread_kill(main, signal.SIGINT)


def handle_ctrl_c() -> None:
    """Answer Ctrl-C for the rest of the command as described above (from the main thread)."""
    _Pending.pressed = _Pending.said = False
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not where Ctrl-C is ignored
        signal.signal(signal.SIGINT, _on_ctrl_c)


def new_command() -> None:
    """A new command line in this process (the tests run several): its interruption is said anew."""
    _Pending.said = False


def still_pressed() -> bool:
    """A Ctrl-C noted that never reached pnpforge's code (it was pressed as the command ended); from
    here on Ctrl-C is only noted."""
    try:
        signal.signal(signal.SIGINT, _note_only)
    except ValueError:  # not the main thread
        pass
    if _Pending.watching:
        _Pending.watching = False
        sys.setprofile(_Pending.profile)
    pressed, _Pending.pressed = _Pending.pressed, False
    return pressed


def _note_only(signum: int, frame: FrameType | None) -> None:
    _Pending.pressed = True
