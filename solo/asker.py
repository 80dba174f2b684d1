"""Asking at the terminal: one line read (with line editing at a terminal, echoed from a pipe), and
:class:`Asker`, which accepts only the offered answers and says why it refuses anything else."""

from __future__ import annotations

import sys
from typing import Callable, Sequence

import click

from solo.board import Board, bits

SHOWN = 24  # choices listed in a prompt; more are marked on the map


def _listing(options: Sequence[str]) -> str:
    if len(options) <= SHOWN:
        return ", ".join(options)
    return f"{', '.join(options[:SHOWN])} and {len(options) - SHOWN} more (* on the map)"


def _line_editing() -> None:
    """Arrow keys and history at a terminal: importing readline is what makes ``input`` use it."""
    try:
        import readline  # noqa: F401  # at a terminal only: it makes input() edit lines
    except ImportError:  # pragma: no cover - Windows without pyreadline
        pass


class TakeBack(Exception):
    """``back`` (the last decision of this year) or ``undo`` (the whole year) was typed."""

    def __init__(self, whole_year: bool) -> None:
        super().__init__("undo" if whole_year else "back")
        self.whole_year = whole_year


class Quit(EOFError):
    """``quit`` (or ``exit``) was typed: the game stops as at the end of input, the log as it stands."""


HELP_WORDS = ("help", "?")
QUIT_WORDS = ("quit", "exit")
QUIT_HELP = "quit: stop here (every finished year stays in the log)"
# said once as a game starts
HINT = "At any question: Enter takes the default, help says what you may type, quit stops."
BACK_HELP = "back: take back your last decision of this year; undo: play this year again from its dice"
SETUP_BACK_HELP = ("back: take back the building you placed last; undo: every building placed since "
                   "you started")


def read_answer(prompt: str) -> str:
    """One line from stdin after ``prompt``. At a terminal, ``input`` (line editing, the terminal
    echoes); from a pipe the answer is echoed so the transcript reads like a session. End of input
    raises :class:`EOFError`."""
    stdin = sys.stdin
    if stdin is not None and stdin.isatty():
        _line_editing()
        return input(prompt)
    click.echo(prompt, nl=False)
    line = stdin.readline() if stdin is not None else ""
    if not line:
        raise EOFError
    answer = line.rstrip("\r\n")
    click.echo(answer)
    return answer


class Asker:
    """Asks at the terminal (tests may pass ``read``); only offered answers are accepted. Enter takes
    the default shown in the prompt (the first choice unless a question names another); anything
    else gets one line saying why it is refused and what may be typed, and the question again.

    During a year (``in_year``) ``back`` and ``undo`` raise :class:`TakeBack`; the game then replays
    the year's accepted answers (``replay``, silently) up to the point taken back. During the setup
    (``in_setup``) they raise it too: the game takes back the buildings placed."""

    def __init__(self, echo: Callable[[str], None] = click.echo,
                 read: Callable[[str], str] = read_answer) -> None:
        self._echo, self.read = echo, read
        self.in_year = False
        self.in_setup = False
        self.replay: list[str] = []
        self.given: list[str] = []

    def echo(self, text: str) -> None:
        if not self.replay:
            self._echo(text)

    def choice(self, question: str, options: Sequence[str], default: str | None = None,
               why: Callable[[str], str] | None = None, shown_as: Sequence[str] | None = None) -> str:
        """One of ``options``; ``why(answer)`` explains a refused answer (else a generic line).
        ``shown_as``: how each option is listed (``C7 farm``), when not as typed; either is accepted."""
        if self.replay:
            answer = self.replay.pop(0)
            self.given.append(answer)
            return answer
        if default is None:
            default = options[0]
        lowered = {o.lower(): o for o in options}
        if shown_as is not None:
            lowered.update({label.lower(): o for label, o in zip(shown_as, options)})
            default_shown = shown_as[list(options).index(default)] if default in options else default
        else:
            default_shown = default
        shown = _listing(shown_as if shown_as is not None else options)
        helps = BACK_HELP if self.in_year else SETUP_BACK_HELP if self.in_setup else ""
        while True:
            answer = self.read(f"{question} [{shown}] (default {default_shown}): ").strip()
            if not answer:
                answer = default
            elif answer.lower() in lowered:
                answer = lowered[answer.lower()]
            elif answer.lower() in ("back", "undo") and helps:
                raise TakeBack(answer.lower() == "undo")
            elif self._help_asked(answer):
                self._echo(f"  type one of: {shown} (Enter: {default_shown}); " + (f"{helps}; " if helps else "")
                           + QUIT_HELP)
                continue
            else:
                reason = why(answer) if why else f"'{answer}' is not one of the choices"
                self._echo(f"  {reason}; type one of: {shown} (Enter: {default_shown})"
                           + (f"; or {helps}" if helps else ""))
                continue
            self.given.append(answer)
            return answer

    def hex(self, board: Board, question: str, mask: int, why: Callable[[int], str] | None = None,
            default: int | None = None, label: Callable[[int], str] | None = None) -> int:
        """A hex of ``mask``; ``why(h)`` says why another hex of the map is refused; ``label(h)``
        what the listing shows beside each hex (``C7 farm``)."""
        hexes = list(bits(mask))
        names = [board.names[h] for h in hexes]
        shown_as = [f"{board.names[h]} {label(h)}" for h in hexes] if label is not None else None

        def reason(answer: str) -> str:
            h = board.index.get(answer.upper())
            if h is None:
                return (f"'{answer}' is not a hex of the map (a column letter and a row number, "
                        f"{board.names[0]} to {board.names[-1]})")
            return why(h) if why else f"{board.names[h]} is not one of the choices"

        shown = board.names[default] if default is not None and mask >> default & 1 else None
        return board.index[self.choice(question, names, shown, reason, shown_as)]

    def text(self, question: str) -> str:
        """A free text (a name): anything typed but ``help`` and ``quit``; Enter for none. In quotes, a
        name is taken as it is, so a ruler can be called Help or Quit: ``"Quit"``."""
        while True:
            answer = self.read(f"{question} (Enter: none): ").strip()
            if len(answer) >= 2 and answer[0] == answer[-1] and answer[0] in "\"'":
                return answer[1:-1].strip()
            if not self._help_asked(answer):
                return answer
            self._echo(f"  type it as it should be written in the log (in quotes to write help or quit as a "
                       f"name), or Enter for none; {QUIT_HELP}")

    @staticmethod
    def _help_asked(answer: str) -> bool:
        """Whether ``answer`` is help (or ?); quit (or exit) raises :class:`Quit` at once."""
        if answer.lower() in QUIT_WORDS:
            raise Quit
        return answer.lower() in HELP_WORDS

