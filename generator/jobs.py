"""``pnpforge build --jobs N``: the parts of every game's build (each paper's PDFs, its SVG pages, the
true-size posters) rendered in N worker processes.

Each part is rendered exactly as ``--jobs 1`` renders it, so the files are byte for byte the same.
The parent keeps the one progress bar (advanced as parts finish) and writes each game, in order, as
soon as all its parts are in: the game's folder is written as a whole, exactly as with ``--jobs 1``.
A failure in any part stops the rest (pending parts are dropped, the workers ended) and is raised in
the parent as the same error, with the same ``file:line`` message, that ``--jobs 1`` would show.

Ctrl-C reaches the workers too; they ignore it. The parent answers it: the workers are killed, a kit
being written is finished whole or dropped (generator/staging.py), and the command exits 130.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from .build import Options, Rendered, build_game, expand_generated, game_parts, render_part
from .interrupts import Held
from .model import Game

# What the workers render: set in the parent before the workers start. With the "fork" start method
# the workers inherit it (games are not pickled); otherwise it is handed to each worker once.
_GAMES: list[Game] = []
_OPTS: Options | None = None
_COMPONENTS: dict[int, list] = {}


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def part_pages(opts: Options) -> Callable[[Game, tuple[str, str]], int]:
    """How many pages of the progress bar one part of a game's build is (posters are not counted)."""
    from dataclasses import replace

    from .build import count_pages

    def pages(game: Game, part: tuple[str, str]) -> int:
        paper, fmt = part
        return 0 if paper in ("poster", "gallery") else count_pages(game, replace(opts, papers=(paper,), formats=(fmt,)))
    return pages


def _render(index: int, part: tuple[str, str]) -> tuple[str, Any]:
    """Render one part in a worker: ("ok", files) or ("error", how to raise it again in the parent)."""
    try:
        game = _GAMES[index]
        components = _COMPONENTS.get(index)
        if components is None:
            components = _COMPONENTS[index] = expand_generated(game, _OPTS.seed)
        return "ok", render_part(game, components, _OPTS, part)
    except BaseException as exc:  # noqa: BLE001 - carried to the parent and raised there
        return "error", (type(exc), exc.args, dict(getattr(exc, "__dict__", {})))


def _serve(conn, games: list[Game] | None, opts: Options | None, inherited: list) -> None:
    """A worker: render the parts it is sent, one at a time, until it is sent None or its pipe closes."""
    global _GAMES, _OPTS
    import pickle
    import signal

    # Ctrl-C reaches the whole process group: the parent alone answers it (and ends the workers).
    # The parent blocked SIGINT before the fork, so none can arrive before it is ignored here.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for other in inherited:  # the parent's ends of the pipes: once the parent is gone, ours reads EOF
        other.close()
    if games is not None:
        _GAMES, _OPTS = games, opts
    try:
        while (task := conn.recv()) is not None:
            n, index, part = task
            result = _render(index, part)
            try:
                message = pickle.dumps((n, result), pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # noqa: BLE001 - a result that cannot travel is an error
                message = pickle.dumps((n, ("error", (RuntimeError, (f"a part's result cannot be sent: {exc}",),
                                                      {}))), pickle.HIGHEST_PROTOCOL)
            conn.send_bytes(message)
    except (OSError, EOFError):  # the parent is gone, or has stopped the build
        pass


def _warm(games: list[Game], opts: Options) -> None:
    """What every worker would otherwise do for itself, done once before they fork: the modules a
    part needs, the fonts parsed and registered, each game's generated components."""
    from .draw import fonts, pdf  # noqa: F401 - imported for the workers

    fonts.register()
    if "svg" in opts.formats:
        from .draw import svg  # noqa: F401

        for kind in fonts._FILES:  # the kerning pairs SVG text is split at (fontTools reads them)
            fonts._kern_pairs(kind)
    if "html" in opts.formats:
        import PIL.Image
        import PIL.PngImagePlugin  # noqa: F401 - the pictures' encoder
        import pypdfium2  # noqa: F401

        from .export import gallery  # noqa: F401

        PIL.Image.preinit()  # the plugins Image.save looks for its format among
    for index, game in enumerate(games):
        _COMPONENTS[index] = expand_generated(game, opts.seed)


def _revive(kind: type, args: tuple, state: dict) -> BaseException:
    """The worker's exception as an object again (PnpError keeps its file and line in attributes,
    which pickling an exception would drop)."""
    exc = kind.__new__(kind)
    BaseException.__init__(exc, *args)
    exc.__dict__.update(state)
    return exc


class _Workers:
    """``n`` worker processes, each with a pipe of its own to the parent.

    Not multiprocessing.Pool: a Pool shares one result pipe and its lock among the workers, and its
    ``terminate()`` can wait for that lock for good (a worker that has begun to send a result of
    megabytes after the Pool's result thread has stopped reading holds it, blocked). That is how a
    Ctrl-C now and then hung the build on a loaded machine (see tests/test_jobs_interrupt.py). Here the
    parent has no threads, nothing is shared between workers, and ending them is: kill, then wait."""

    def __init__(self, ctx, n: int, args: tuple) -> None:
        self.procs: list = []
        self.conns: list = []
        self.idle: list[int] = []
        try:
            for k in range(n):
                mine, theirs = ctx.Pipe()
                inherited = self.conns + [mine] if ctx.get_start_method() == "fork" else []
                proc = ctx.Process(target=_serve, args=(theirs, *args, inherited), daemon=True,
                                   name=f"pnpforge-worker-{k + 1}")
                self.conns.append(mine)
                proc.start()
                self.procs.append(proc)
                theirs.close()  # the worker's end: if the worker is gone, the parent reads EOF
                self.idle.append(k)
        except BaseException:
            self.kill()
            raise

    def send(self, k: int, task: tuple) -> None:
        self.conns[k].send(task)

    def results(self) -> list[tuple[int, tuple[int, tuple[str, Any]]]]:
        """Wait for results: (worker, (part number, result)) for each that has one."""
        from multiprocessing.connection import wait

        ready = wait(self.conns)
        out = []
        for conn in ready:
            k = self.conns.index(conn)
            try:
                out.append((k, conn.recv()))
            except (EOFError, OSError):
                self.procs[k].join(5)
                raise RuntimeError(f"a worker process stopped (exit code {self.procs[k].exitcode}) "
                                   "while rendering") from None
        return out

    def stop(self) -> None:
        """The build is done: the workers end on their own."""
        for conn in self.conns:
            try:
                conn.send(None)
            except OSError:
                pass
        self._reap(kill=False)

    def kill(self) -> None:
        """The build stops (Ctrl-C, a failed part): every worker is killed at once, whatever it does."""
        self._reap(kill=True)

    def _reap(self, kill: bool) -> None:
        with Held():  # a second Ctrl-C waits until no worker is left
            if kill:
                for proc in self.procs:
                    proc.kill()
            for proc in self.procs:
                proc.join()
                proc.close()
            for conn in self.conns:
                conn.close()
            self.procs, self.conns = [], []


def build_all(games: list[Game], out_root: Path, opts: Options, jobs: int,
              advance: Callable[[int], None] | None = None,
              pages: Callable[[Game, tuple[str, str]], int] | None = None) -> list[dict[str, Any]]:
    """Build every game with ``jobs`` worker processes; returns the manifest entries in game order.
    ``advance(n)`` moves the progress bar by n pages when a part of ``pages(game, part)`` pages is done."""
    global _GAMES, _OPTS
    work = [(gi, part) for gi, _ in enumerate(games) for part in game_parts(opts)]
    if jobs <= 1 or len(work) <= 1:
        step = (lambda: advance(1)) if advance else None
        return [build_game(game, out_root, opts, progress=step) for game in games]
    import multiprocessing  # only when there is work for more than one process
    import signal

    fork = "fork" in multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if fork else None)
    _GAMES, _OPTS = games, opts
    _COMPONENTS.clear()
    entries: list[dict[str, Any]] = []
    per_game = len(game_parts(opts))
    results: dict[int, tuple[str, Any]] = {}

    def write_ready(before: int) -> None:
        """Write, in order, every game whose parts are all in (and that comes before part ``before``)."""
        while len(entries) < len(games):
            span = range(len(entries) * per_game, (len(entries) + 1) * per_game)
            if span.stop > before or any(k not in results for k in span):
                return
            rendered = [results.pop(k)[1] for k in span]
            entries.append(build_game(games[len(entries)], out_root, opts, rendered=rendered))

    workers = None
    try:
        if fork:
            _warm(games, opts)
        # A worker that Ctrl-C reached before it ignored the signal would die with a traceback of its
        # own: SIGINT is blocked while the workers start (they inherit the mask); one pressed meanwhile
        # arrives when it is unblocked, below, and the workers are killed.
        masked = hasattr(signal, "pthread_sigmask")
        saved_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masked else None
        try:
            workers = _Workers(ctx, min(jobs, len(work)), (None, None) if fork else (games, opts))
        finally:
            if masked:
                signal.pthread_sigmask(signal.SIG_SETMASK, saved_mask)  # a Ctrl-C pressed meanwhile lands here
        handed = 0
        failed: list[int] = []
        seen: set[int] = set()

        def hand_out() -> None:
            """Parts are handed out in order, one to each idle worker (none after a part has failed)."""
            nonlocal handed
            while workers.idle and handed < len(work) and not failed:
                workers.send(workers.idle.pop(0), (handed, *work[handed]))
                handed += 1

        hand_out()
        while len(seen) < len(work):
            for k, (n, (status, value)) in workers.results():
                workers.idle.append(k)
                seen.add(n)
                results[n] = (status, value)
                if status == "error":
                    failed.append(n)
                elif advance:
                    gi, part = work[n]
                    advance(pages(games[gi], part) if pages else 1)
            hand_out()  # the next parts start before a game that is complete is written
            if failed:
                # every part before the first failure has been handed out: wait for those (one of
                # them may fail too, and --jobs 1 would have stopped there first)
                if all(k in seen for k in range(min(failed))):
                    first = min(failed)
                    write_ready(first)
                    raise _revive(*results[first][1])
            else:
                write_ready(len(work))
    except BaseException:
        if workers is not None:
            workers.kill()  # the parts still running are dropped; nothing of theirs is written
        raise
    else:
        workers.stop()
    finally:
        _GAMES, _OPTS = [], None
    return entries
