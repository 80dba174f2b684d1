"""The command's entry point (``pnpforge`` and ``python3 -m generator``).

Ctrl-C can arrive while the command line is still being loaded (click builds its options as the
modules are imported): it ends as it does later, with one line and exit code 130, not a traceback.
"""

import _thread
import signal
import sys
import time


# The Python the interruption handling below was written for and checked on (tests/test_jobs_interrupt.py):
# how CPython treats a KeyboardInterrupt raised inside a callback it runs on its own, and after code run by
# exec(), is its own behaviour, not a promise. On any other Python the hook is not installed (Python's own
# handling: such a Ctrl-C is printed as ignored), and tests/test_private_apis.py fails until it is checked.
INTERRUPT_WRITTEN_FOR = ("cpython", (3, 11))


def _interrupt_again(unraisable) -> None:  # noqa: ANN001 - sys.UnraisableHookArgs
    """Ctrl-C acted on inside a callback the interpreter runs on its own (a weak reference's, an
    object's ``__del__``, as the collector frees it) cannot leave that callback: Python printed it as
    "Exception ignored in ..." with a traceback and the command went on as if no key had been pressed
    (1 in ~160 interrupted builds, in importlib's module-lock callback). It is pressed again a moment
    later, from a thread of its own, so that the main thread meets it outside the callback."""
    if not issubclass(unraisable.exc_type, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)
        return
    try:
        _thread.start_new_thread(_press_again, ())
    except RuntimeError:  # the interpreter is shutting down: the command has done its work
        pass


def _press_again() -> None:
    time.sleep(0.005)
    _thread.interrupt_main(signal.SIGINT)


def main() -> None:
    if (sys.implementation.name, sys.version_info[:2]) == INTERRUPT_WRITTEN_FOR:
        sys.unraisablehook = _interrupt_again
    try:
        try:
            from .fileio import guard_standard_output

            guard_standard_output()
            from .cli import main as run  # in the try: a Ctrl-C while the command line loads ends alike
            from .notices import quiet_libraries

            quiet_libraries()  # no library's warning or log line reaches the terminal bare
        except KeyboardInterrupt:
            sys.stderr.write("pnpforge: interrupted\n")
            raise SystemExit(130) from None
        run()
    finally:
        # CPython (3.11 here) marks the process to end by SIGINT once a KeyboardInterrupt has left
        # code that exec() or eval() ran from text, even one caught afterwards; dataclasses and
        # namedtuple make their methods so as a module is imported. A Ctrl-C that landed there ended
        # ``python3 -m generator`` by SIGINT after its "interrupted" line, not with exit 130 (1 in
        # ~75 interrupted builds). Running any text clears the mark; a KeyboardInterrupt that is
        # really left uncaught sets it again on its way out.
        exec("pass")  # noqa: S102
