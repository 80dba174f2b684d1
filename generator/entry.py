"""The command's entry point (``pnpforge`` and ``python3 -m generator``).

Ctrl-C can arrive while the command line is still being loaded (click builds its options as the
modules are imported): it ends as it does later, with one line and exit code 130, not a traceback.
"""

import sys


def main() -> None:
    try:
        try:
            from .cli import main as run
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
