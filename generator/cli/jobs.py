"""``pnpforge build --jobs N``: the parts of every game's build (its PDFs, its SVG pages, the true-size
posters, the gallery's pictures in shares) rendered in N worker processes.

The workers start before the games are loaded: while the parent reads and checks each game, they
ready what every part needs (fonts, the SVG and gallery modules), and each game is sent to them as
soon as it can be built (its last checks, which only warn, come after), so the first game's parts are
rendered while the parent loads the next.
Each part is rendered exactly as ``--jobs 1`` renders it, so the files are byte for byte the same.
The parent keeps the one progress bar (advanced as parts finish) and writes each game, in order, as
soon as all its parts are in: the game's folder is written as a whole, exactly as with ``--jobs 1``.
A failure in any part stops the rest (pending parts are dropped, the workers ended) and is raised in
the parent as the same error, with the same ``file:line`` message, that ``--jobs 1`` would show.

Ctrl-C reaches the workers too; they ignore it. The parent answers it: the workers are killed, a kit
being written is finished whole or dropped (generator/build/staging.py), and the command exits 130.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import signal
import sys
from pathlib import Path
from typing import Any, Callable

from ..base.interrupts import Held
from ..base.options import Options
from ..build import loading  # noqa: F401 - the component kinds registered: a spawned worker needs them too
from ..build.game import build_game, count_pages
from ..build.parts import expand_generated, game_parts, render_part
from ..draw import fonts
from ..model import Game

# What a worker renders: the options it was started with, and each game (with its components, every
# generated one made) as the parent sends it, by the game's place in the build.
_OPTS: Options | None = None
_GAMES: dict[int, tuple[Game, list]] = {}
_READY = -1  # a worker's first message: readied, waiting for its first part


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def part_pages(games: list[Game], opts: Options, made: list[list] | None = None
               ) -> tuple[int, Callable[[Game, tuple[str, str]], int]]:
    """The progress bar's length, and how many of its pages one part of a game's build is (posters and
    the gallery are not counted). Each game's pages are planned once, here: its PDFs and its SVG pages
    are the same pages. ``made``: each game's components, if made."""
    per_game: dict[int, int] = {}
    for index, game in enumerate(games):
        components = made[index] if made else expand_generated(game, opts.seed)
        per_game[id(game)] = count_pages(game, opts.replace(formats=("pdf",)), components)

    def pages(game: Game, part: tuple[str, str]) -> int:
        return per_game[id(game)] if part[0] == "pages" else 0
    return sum(pages(game, part) for game in games for part in game_parts(opts)), pages


def _render(index: int, part: tuple[str, str]) -> tuple[str, Any]:
    """Render one part in a worker: ("ok", files) or ("error", how to raise it again in the parent)."""
    try:
        assert _OPTS is not None  # set as the worker starts
        game, components = _GAMES[index]
        return "ok", render_part(game, components, _OPTS, part)
    except BaseException as exc:  # noqa: BLE001 - carried to the parent and raised there
        return "error", (type(exc), exc.args, dict(getattr(exc, "__dict__", {})))


def _serve(conn, opts: Options, inherited: list) -> None:
    """A worker: ready itself, then render the parts it is sent, one at a time, until it is sent None or
    its pipe closes. A part of a game it has not rendered before comes with the game."""
    global _OPTS
    # Ctrl-C reaches the whole process group: the parent alone answers it (and ends the workers).
    # The parent blocked SIGINT before the fork, so none can arrive before it is ignored here.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for other in inherited:  # the parent's ends of the pipes: once the parent is gone, ours reads EOF
        other.close()
    _OPTS = opts
    try:
        _warm(opts)
    except Exception:  # noqa: BLE001 - a part that needs what failed here fails with its own message
        pass
    import queue  # lazy, as in the parent
    import threading

    outbox: queue.SimpleQueue = queue.SimpleQueue()
    sender = threading.Thread(target=_send_in_turn, args=(conn, outbox), daemon=True, name="pnpforge-sender")
    try:
        _send(conn, _message(_READY, None))
        sender.start()
        while (task := conn.recv()) is not None:
            n, index, part, given = task
            if given is not None:  # parts come in order: the games before this one are done with here
                for done in [k for k in _GAMES if k < index]:
                    del _GAMES[done]
                _GAMES[index] = pickle.loads(given)
            result = _render(index, part)
            try:
                message = _message(n, result)
            except Exception as exc:  # noqa: BLE001 - a result that cannot travel is an error
                message = _message(n, ("error", (RuntimeError, (f"a part's result cannot be sent: {exc}",), {})))
            outbox.put(message)
    except (OSError, EOFError):  # the parent is gone, or has stopped the build
        pass
    finally:  # a worker ends without atexit: its own tinted pictures go now (if it made any)
        if sender.is_alive():
            outbox.put(None)
            sender.join()
        images = sys.modules.get(f"{__package__.rpartition('.')[0]}.art.images")  # not loaded by a deck without
        if images is not None:
            images.forget_tints()


def _send_in_turn(conn, outbox) -> None:
    """A worker's results, sent in the order they were rendered by a thread of their own: the worker
    renders its next part (sent ahead, see Workers._fill) while the parent reads the last one, which
    takes a while for megabytes of pictures when the parent is busy writing a kit."""
    try:
        while (message := outbox.get()) is not None:
            _send(conn, message)
    except OSError:  # the parent is gone, or has stopped the build
        pass


# A file at least this large travels out of band: the worker sends it from the bytes it rendered,
# and the parent keeps the bytes it receives as the file (pickled in band, each would be copied
# twice more, into the message and out of it: 29 of the 45 MB a default build sends are such files).
_BULK_BYTES = 1 << 16


def _message(n: int, result: Any) -> tuple[bytes, list]:
    """What a worker sends for part ``n``: the result pickled, with each large file's bytes left
    out of the pickle (pickle protocol 5's out-of-band buffers), to follow it as they are."""
    if result is not None and result[0] == "ok":
        files = {path: pickle.PickleBuffer(data) if isinstance(data, bytes) and len(data) >= _BULK_BYTES else data
                 for path, data in result[1].files.items()}
        result = ("ok", dataclasses.replace(result[1], files=files))
    bulk: list[pickle.PickleBuffer] = []
    head = pickle.dumps((n, result), 5, buffer_callback=bulk.append)
    return len(bulk).to_bytes(4, "big") + head, [buffer.raw() for buffer in bulk]


def _send(conn, message: tuple[bytes, list]) -> None:
    head, bulk = message
    conn.send_bytes(head)
    for data in bulk:
        conn.send_bytes(data)


def _receive(conn) -> Any:
    """A worker's message (see :func:`_message`): its large files are the bytes read from the pipe."""
    head = conn.recv_bytes()
    bulk = [conn.recv_bytes() for _ in range(int.from_bytes(head[:4], "big"))]
    return pickle.loads(memoryview(head)[4:], buffers=bulk)


def _warm(opts: Options) -> None:
    """What a worker's parts need, readied while the parent loads the games: the fonts parsed and
    registered, and the modules of the asked formats."""
    fonts.register()
    if "svg" in opts.formats:
        from ..draw import svg  # noqa: F401 - lazy, as the gallery's below: what the asked formats need

        fonts.load_kerning()  # the pairs SVG text is split at (fontTools reads them)
    if "html" in opts.formats:  # lazy: the gallery's modules, loaded only when it is asked for
        import PIL.Image
        import PIL.JpegImagePlugin  # noqa: F401 - the pictures' encoder
        import pypdfium2  # noqa: F401

        from ..export import gallery  # noqa: F401

        PIL.Image.preinit()  # the plugins Image.save looks for its format among


def _revive(kind: type[BaseException], args: tuple, state: dict) -> BaseException:
    """The worker's exception as an object again (PnpError keeps its file and line in attributes,
    which pickling an exception would drop)."""
    exc = kind.__new__(kind)
    BaseException.__init__(exc, *args)
    exc.__dict__.update(state)
    return exc


class Workers:
    """Worker processes, each with a pipe of its own to the parent, that render the parts of a build
    in order: every part of every game (``game_parts``), handed out as the games are ``give``n.

    Not multiprocessing.Pool: a Pool shares one result pipe and its lock among the workers, and its
    ``terminate()`` can wait for that lock for good (a worker that has begun to send a result of
    megabytes after the Pool's result thread has stopped reading holds it, blocked). That is how a
    Ctrl-C now and then hung the build on a loaded machine (see tests/test_jobs_interrupt.py). Here
    nothing is shared between workers: a thread of the parent reads each worker's results into
    ``arrived`` and hands that worker the next part at once (so it renders on while the parent
    writes a kit), and ending the workers is: kill, then wait. A game is sent only to a worker that
    waits for a part (it has said it is ready, or sent its last result), so no send waits on a busy one."""

    def __init__(self, ctx, n: int, opts: Options, work: list) -> None:
        import queue  # lazy, as threading: a build in one process loads neither
        import threading

        self.opts = opts
        self.work = work
        self.handed = 0  # parts handed out so far, in order
        self.stopped = False  # no more parts are handed out
        self.lock = threading.Lock()
        self.given: list[bytes] = []  # each game given so far, with its components, pickled for the workers
        self.made: list[list] = []  # each game's components (the parent writes the kit with them)
        self.waiting: set[int] = set()  # the workers waiting for a part of a game not given yet
        self.queued = [0] * n  # the parts each worker has been sent and not yet sent back
        self.holds: list[set[int]] = [set() for _ in range(n)]  # the games each worker has been sent
        # (part number, result), or (None, worker) if it is gone. A SimpleQueue: its get() is one call
        # into C, where Ctrl-C cannot land half-way (queue.Queue's waits on a Condition written in
        # Python, and Ctrl-C between its releasing and retaking the lock ended the build with
        # "internal error (RuntimeError: release unlocked lock)": once in 20 runs of the Ctrl-C test)
        self.arrived: queue.SimpleQueue = queue.SimpleQueue()
        self.procs: list = []
        self.conns: list = []
        self.readers: list = []
        try:
            for k in range(n):
                mine, theirs = ctx.Pipe()
                inherited = self.conns + [mine] if ctx.get_start_method() == "fork" else []
                proc = ctx.Process(target=_serve, args=(theirs, opts, inherited), daemon=True,
                                   name=f"pnpforge-worker-{k + 1}")
                self.conns.append(mine)
                proc.start()
                self.procs.append(proc)
                theirs.close()  # the worker's end: if the worker is gone, the parent reads EOF
            for k in range(n):
                reader = threading.Thread(target=self._read, args=(k,), daemon=True, name=f"pnpforge-reader-{k + 1}")
                reader.start()
                self.readers.append(reader)
        except BaseException:
            self.kill()
            raise

    def give(self, game: Game) -> None:
        """The next game of the build, loaded: its parts can be handed out. Its generated components are
        made here, once, and sent with it."""
        components = expand_generated(game, self.opts.seed)
        given = pickle.dumps((game, components), pickle.HIGHEST_PROTOCOL)
        with self.lock:
            self.made.append(components)
            self.given.append(given)
            for k in sorted(self.waiting):
                self._fill(k)

    def _fill(self, k: int) -> None:
        """(With the lock held.) Send worker ``k`` the next parts, in order, while the build goes on: one
        if it has none (with the part's game, if the worker has not had it), and a second one queued
        behind it if that needs no game sent (a few bytes, which never wait on a busy worker) and more
        parts are left than there are workers (so that the last ones go to whichever worker is free).
        A worker with nothing to do waits for the next game to be given."""
        self.waiting.discard(k)
        while not self.stopped and self.handed < len(self.work) and self.queued[k] < 2:
            index, part = self.work[self.handed]
            if index >= len(self.given):
                self.waiting.add(k)
                return
            held = index in self.holds[k]
            if self.queued[k] and not (held and len(self.work) - self.handed > len(self.conns)):
                return
            try:
                self.conns[k].send((self.handed, index, part, None if held else self.given[index]))
            except OSError:  # the worker has ended: its reader reports it
                return
            self.holds[k].add(index)
            self.queued[k] += 1
            self.handed += 1

    def _read(self, k: int) -> None:
        conn = self.conns[k]
        try:
            while True:
                message = _receive(conn)
                with self.lock:
                    if message[0] != _READY:
                        self.queued[k] -= 1
                    self._fill(k)
                if message[0] != _READY:
                    self.arrived.put(message)
        except (EOFError, OSError):  # the worker has ended (or was killed)
            self.arrived.put((None, k))

    def gone(self, k: int) -> BaseException:
        """The error for worker ``k`` having ended before the build was done."""
        self.procs[k].join(5)
        return RuntimeError(f"a worker process stopped (exit code {self.procs[k].exitcode}) while rendering")

    def stop(self) -> None:
        """No more parts are handed out (those being rendered are finished)."""
        with self.lock:
            self.stopped = True

    def close(self) -> None:
        """The build is done: the workers end on their own."""
        with Held():
            self.stop()
            for conn in self.conns:
                try:
                    conn.send(None)
                except OSError:
                    pass
            self._reap()

    def kill(self) -> None:
        """The build stops (Ctrl-C, a failed part): every worker is killed at once, whatever it does."""
        with Held():  # a second Ctrl-C waits until no worker is left
            self.stopped = True
            for proc in self.procs:
                proc.kill()
            self._reap()

    def _reap(self) -> None:
        for proc in self.procs:
            proc.join()
        for reader in self.readers:  # each reads EOF once its worker has ended
            reader.join()
        for proc in self.procs:
            proc.close()
        for conn in self.conns:
            conn.close()
        self.procs, self.conns, self.readers = [], [], []


def start_workers(opts: Options, jobs: int, count: int) -> Workers | None:
    """The worker processes for a build of ``count`` games, started now (before the games are loaded:
    ``give`` each as it is), or None where one process builds (``--jobs 1``, or a single part)."""
    work = [(index, part) for index in range(count) for part in game_parts(opts)]
    if jobs <= 1 or len(work) <= 1:
        return None
    import multiprocessing  # lazy, as queue: only when there is work for more than one process

    fork = "fork" in multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if fork else "spawn")
    return _started(ctx, min(jobs, len(work)), opts, work)


def build_all(games: list[Game], out_root: Path, opts: Options, jobs: int,
              advance: Callable[[int], None] | None = None,
              pages: Callable[[Game, tuple[str, str]], int] | None = None,
              put: Callable[[Path, dict[Path, bytes]], None] | None = None,
              workers: Workers | None = None) -> list[dict[str, Any]]:
    """Build every game with ``jobs`` worker processes; returns the manifest entries in game order.
    ``advance(n)`` moves the progress bar by n pages when a part of ``pages(game, part)`` pages is done.
    ``workers``: started for these games by :func:`start_workers` and given each of them; else started
    here. They are ended when the build is (and killed if it fails)."""
    try:
        if workers is None and (workers := start_workers(opts, jobs, len(games))) is not None:
            for game in games:
                workers.give(game)
    except BaseException:
        if workers is not None:
            workers.kill()
        raise
    if workers is None:
        step = (lambda: advance(1)) if advance else None
        return [build_game(game, out_root, opts, progress=step, put=put) for game in games]
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
            index = len(entries)
            entries.append(build_game(games[index], out_root, opts, rendered=rendered, put=put,
                                      components=workers.made[index]))

    try:
        _collect(workers, results, write_ready, lambda gi, part: advance(pages(games[gi], part) if pages else 1)
                 if advance else None)
    except BaseException:
        workers.kill()  # the parts still running are dropped; nothing of theirs is written
        raise
    workers.close()
    return entries


def _started(ctx: Any, n: int, opts: Options, work: list) -> Workers:
    """``n`` workers started. A worker that Ctrl-C reached before it ignored the signal would die with a
    traceback of its own: SIGINT is blocked while the workers start (they inherit the mask, and so do
    the parent's reader threads: Ctrl-C then reaches the main thread). One pressed meanwhile arrives
    when it is unblocked, and the workers are killed."""
    saved_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) \
        if hasattr(signal, "pthread_sigmask") else None
    try:
        return Workers(ctx, n, opts, work)
    finally:
        if saved_mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, saved_mask)  # a Ctrl-C pressed meanwhile lands here


def _collect(workers: Workers, results: dict[int, tuple[str, Any]], write_ready: Callable[[int], None],
             advance: Callable[[int, Any], None] | None) -> None:
    """Every part's result as it arrives; each game written once its parts are in, in order. A part that
    failed stops the others: the parts before it (each started, as parts are handed out in order) are
    waited for, one of them may fail too, and --jobs 1 would have stopped there first."""
    import queue  # only with worker processes

    work = workers.work
    failed: list[int] = []
    seen: set[int] = set()
    while len(seen) < len(work):
        try:
            n, value = workers.arrived.get(timeout=0.2)
        except queue.Empty:
            continue
        if n is None:
            raise workers.gone(value)
        status, value = value
        seen.add(n)
        results[n] = (status, value)
        if status == "error":
            failed.append(n)
            workers.stop()
        elif advance:
            advance(*work[n])
        if not failed:
            write_ready(len(work))
        elif all(k in seen for k in range(min(failed))):
            first = min(failed)
            write_ready(first)
            raise _revive(*results[first][1])
