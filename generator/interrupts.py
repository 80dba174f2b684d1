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

import signal


class Held:
    """Ctrl-C pressed inside the block is noted, not acted on; it is acted on, by the handler it would
    have met (KeyboardInterrupt, normally), at :meth:`check` or as the block ends, unless a
    KeyboardInterrupt is already on its way out of the block.

    Only the main thread handles signals: elsewhere, or where SIGINT is ignored, nothing is held."""

    def __init__(self) -> None:
        self.pressed = False
        self._previous = None

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
