"""``pnpforge build --jobs N``: the parts of every game's build (each paper's PDFs, its SVG pages, the
true-size posters) rendered in N worker processes.

Each part is rendered exactly as ``--jobs 1`` renders it, so the files are byte for byte the same.
The parent keeps the one progress bar (advanced as parts finish) and writes each game, in order, as
soon as all its parts are in: the game's folder is written as a whole, exactly as with ``--jobs 1``.
A failure in any part stops the rest (pending parts are dropped, the workers ended) and is raised in
the parent as the same error, with the same ``file:line`` message, that ``--jobs 1`` would show.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from .build import Options, Rendered, build_game, expand_generated, game_parts, render_part
from .model import Game

# What the workers render: set in the parent before the pool starts. With the "fork" start method
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
    from .build import count_pages

    def pages(game: Game, part: tuple[str, str]) -> int:
        paper, fmt = part
        return 0 if paper in ("poster", "gallery") else count_pages(game, opts.replace(papers=(paper,), formats=(fmt,)))
    return pages


def _init(games: list[Game] | None, opts: Options | None) -> None:
    global _GAMES, _OPTS
    import signal

    # Ctrl-C reaches the whole process group: the parent alone answers it (and ends the workers).
    # The parent blocked SIGINT before the fork, so none can arrive before it is ignored here.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if games is not None:
        _GAMES, _OPTS = games, opts


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
        import PIL.JpegImagePlugin  # noqa: F401 - the pictures' encoder
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
    import queue
    import signal

    fork = "fork" in multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if fork else None)
    _GAMES, _OPTS = games, opts
    _COMPONENTS.clear()
    if fork:
        _warm(games, opts)
    init_args = (None, None) if fork else (games, opts)
    # A worker that Ctrl-C reached before its initializer ignored it died holding the pool's task
    # lock, and the pool then hung on its way down (seen once in 25 interrupted builds). SIGINT is
    # blocked while the workers start (they inherit the mask, and so do the pool's threads, which
    # start any replacement worker); one pressed meanwhile arrives when it is unblocked, below.
    masked = hasattr(signal, "pthread_sigmask")
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masked else None
    try:
        pool = ctx.Pool(min(jobs, len(work)), initializer=_init, initargs=init_args)
    except BaseException:
        if masked:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        raise
    entries: list[dict[str, Any]] = []
    per_game = len(game_parts(opts))
    results: dict[int, tuple[str, Any]] = {}
    arrived: queue.Queue = queue.Queue()

    def write_ready(before: int) -> None:
        """Write, in order, every game whose parts are all in (and that comes before part ``before``)."""
        while len(entries) < len(games):
            span = range(len(entries) * per_game, (len(entries) + 1) * per_game)
            if span.stop > before or any(k not in results for k in span):
                return
            rendered = [results.pop(k)[1] for k in span]
            entries.append(build_game(games[len(entries)], out_root, opts, rendered=rendered))

    try:
        if masked:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)  # a Ctrl-C pressed meanwhile lands here
        for n, item in enumerate(work):
            pool.apply_async(_render, item, callback=lambda r, n=n: arrived.put((n, r)),
                             error_callback=lambda e, n=n: arrived.put((n, ("error", (type(e), e.args, {})))))
        failed: list[int] = []
        seen: set[int] = set()
        while len(seen) < len(work):
            try:
                n, (status, value) = arrived.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.add(n)
            results[n] = (status, value)
            if status == "error":
                failed.append(n)
            elif advance:
                gi, part = work[n]
                advance(pages(games[gi], part) if pages else 1)
            if failed:
                # parts are handed out in order, so every part before the first failure has started:
                # wait for those (one of them may fail too, and --jobs 1 would have stopped there first)
                if all(k in seen for k in range(min(failed))):
                    first = min(failed)
                    write_ready(first)
                    raise _revive(*results[first][1])
            else:
                write_ready(len(work))
    except BaseException:
        pool.terminate()  # the parts still queued or running are dropped; nothing of theirs is written
        raise
    else:
        pool.close()
    finally:
        pool.join()
        _GAMES, _OPTS = [], None
    return entries
