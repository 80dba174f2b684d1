"""The command's entry point (``pnpforge`` and ``python3 -m generator``).

Ctrl-C can arrive while the command line is still being loaded (click builds its options as the
modules are imported): it ends as it does later, with one line and exit code 130, not a traceback.
"""

import sys


def main() -> None:
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("pnpforge: interrupted\n")
        raise SystemExit(130) from None
    run()
