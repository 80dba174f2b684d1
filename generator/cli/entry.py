"""The command's entry point (``pnpforge`` and ``python3 -m generator``).

Ctrl-C ends every command with one line and exit code 130, from the moment the command line starts to
load (click builds its options as the modules are imported) to its end: generator.base.interrupts says how.
"""

from ..base.interrupts import (
    answers_ctrl_c,
    end_interrupted,
    handle_ctrl_c,
    still_pressed,
)


@answers_ctrl_c
def main() -> None:
    try:
        handle_ctrl_c()
        from ..source.fileio import guard_standard_output  # lazy: python -m generator --help stays fast

        guard_standard_output()
        from ..base.notices import quiet_libraries
        from .commands import main as run  # in the try: a Ctrl-C while the command line loads ends alike

        quiet_libraries()  # no library's warning or log line reaches the terminal bare
        run()
    except KeyboardInterrupt:
        end_interrupted()
    finally:
        if still_pressed():  # pressed as the command ended, in code that is not ours
            end_interrupted()
