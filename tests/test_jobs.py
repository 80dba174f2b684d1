"""``build --jobs N`` (generator/cli/jobs.py): worker processes write byte for byte what one process writes,
and the first failure stops every job with the message ``--jobs 1`` gives."""

from __future__ import annotations

from conftest import EXAMPLE


def _files(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_jobs_2_writes_byte_for_byte_what_jobs_1_writes(tmp_path):
    """Two games, both papers, PDF and SVG: 10 parts rendered in two worker processes."""
    from generator.build.game import Options, write_manifest
    from generator.build.loading import load_game
    from generator.cli.jobs import build_all
    from generator.model import resolve_game

    games = [load_game(EXAMPLE), load_game(resolve_game("thrones"))]
    opts = Options(papers=("a4", "letter"), formats=("pdf", "svg"))
    ticks = {1: [], 2: []}
    for jobs in (1, 2):
        out = tmp_path / f"j{jobs}"
        entries = build_all(games, out, opts, jobs, advance=ticks[jobs].append)
        write_manifest(out, entries)
    one, two = _files(tmp_path / "j1"), _files(tmp_path / "j2")
    assert len(one) > 40 and any(str(p).endswith(".svg") for p in one) and any(str(p).endswith(".pdf") for p in one)
    assert sorted(one) == sorted(two)
    assert [p for p in one if one[p] != two[p]] == []
    assert len(ticks[2]) == 6  # the progress bar moves as each part comes in: 3 parts a game


BIG_CARD = """\
game: {id: bigcard, title: Big card, author: A, licence: CC0, source: test, players: [1, 2]}
components:
  - id: deck
    name: Deck
    kind: card
    size_mm: [200, 150]
    items:
      - {name: Small, count: 1}
  - id: huge
    name: Huge cards
    kind: card
    size_mm: [205, 290]
    items:
      - {name: Too big, count: 2}
"""


def test_a_failing_part_stops_every_job_with_the_message_jobs_1_gives(tmp_path):
    """A card too large for both papers: the A4 part fails (and the Letter part too, in the other
    worker); --jobs 2 reports the same file:line sentence as --jobs 1, exits 1 and writes nothing."""
    import os
    import subprocess
    import sys

    from conftest import ROOT

    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "game.yaml").write_text(BIG_CARD)
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        done = subprocess.run([sys.executable, "-m", "generator", "build", str(tmp_path / "game"), "--jobs", jobs,
                               "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 1
        assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))
        outs.append(done.stderr)
    assert outs[0] == outs[1]
    assert "Traceback" not in outs[1]
    assert outs[1].count("\n") == 1 and "game.yaml:" in outs[1] and "does not fit on a4 paper" in outs[1]


def test_the_progress_bar_is_as_long_as_the_pages_rendered(tmp_path):
    """At a terminal the bar counts pages: its length (each game planned once a paper) is every page
    the build renders, PDF and SVG, and one process's build moves it exactly that far."""
    from generator.build.game import Options, build_game, count_pages
    from generator.build.loading import load_game
    from generator.cli.jobs import part_pages
    from generator.model import resolve_game

    games = [load_game(EXAMPLE), load_game(resolve_game("thrones"))]
    opts = Options(papers=("a4", "letter"), formats=("pdf", "svg"))
    total, pages = part_pages(games, opts)
    assert total == sum(count_pages(g, opts) for g in games) > 40
    assert pages(games[1], ("poster", "pdf")) == 0
    moved = []
    for game in games:
        build_game(game, tmp_path, opts, progress=lambda: moved.append(1))
    assert len(moved) == total


def test_the_workers_render_the_first_game_while_the_next_one_loads(tmp_path):
    """--jobs 2 starts its workers before any game is loaded; each game is given to them as soon as it is
    loaded, so the first game's parts come back before the second game is even read. The files are the
    same as --jobs 1's."""
    from generator.build.game import Options
    from generator.build.loading import load_game
    from generator.cli.jobs import build_all, start_workers
    from generator.model import resolve_game

    opts = Options(papers=("a4",), formats=("pdf", "svg"))
    assert start_workers(opts, 1, 2) is None  # --jobs 1: no worker processes
    workers = start_workers(opts, 2, 2)
    try:
        first = load_game(EXAMPLE)
        workers.give(first)
        n, (status, rendered) = workers.arrived.get(timeout=120)  # a part of the first game, rendered
        assert n < 3 and status == "ok"  # the first game's A4 PDFs, its SVG pages or its posters
        assert any(name.endswith((".pdf", ".svg")) for name in rendered.files)
        workers.arrived.put((n, (status, rendered)))  # back for the build to collect
        games = [first, load_game(resolve_game("thrones"))]  # the second game read only now
        workers.give(games[1])
        build_all(games, tmp_path / "j2", opts, 2, workers=workers)
    finally:
        workers.kill()
    build_all(games, tmp_path / "j1", opts, 1)
    one, two = _files(tmp_path / "j1"), _files(tmp_path / "j2")
    assert len(one) > 10 and one == two


BROKEN = """\
game: {id: broken, title: Broken, author: A, licence: CC0, source: test, players: [1, 2]}
components:
  - id: deck
    name: Deck
    kind: card
    size: poker
    items:
      - {name: One, count: -2}
"""


def test_a_game_refused_after_the_workers_started_is_reported_as_with_one_job(tmp_path):
    """The second of two games has a mistake: with --jobs 2 the workers have already started on the
    first, yet the build ends as --jobs 1 ends it: the same one message at its file:line, exit 1,
    nothing written."""
    import os
    import subprocess
    import sys

    from conftest import ROOT

    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "game.yaml").write_text(BROKEN)
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        done = subprocess.run([sys.executable, "-m", "generator", "build", "thrones", str(tmp_path / "broken"),
                               "--jobs", jobs, "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
        assert done.returncode == 1
        assert not out.exists()
        outs.append(done.stderr)
    assert outs[0] == outs[1]
    assert "Traceback" not in outs[1] and "game.yaml:8" in outs[1] and "count" in outs[1]


def test_workers_started_fresh_spawned_not_forked_write_the_same_bytes(tmp_path, monkeypatch):
    """Where a process cannot fork (Windows; macOS starts workers afresh by default) the workers are
    spawned: each imports pnpforge anew and is sent the games. The kit is byte for byte --jobs 1's."""
    import multiprocessing

    from generator.build.game import Options
    from generator.build.loading import load_game
    from generator.cli.jobs import build_all

    games = [load_game(EXAMPLE)]
    opts = Options(papers=("a4",), formats=("pdf", "svg"))
    build_all(games, tmp_path / "j1", opts, 1)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    build_all(games, tmp_path / "j2", opts, 2)
    one, two = _files(tmp_path / "j1"), _files(tmp_path / "j2")
    assert len(one) > 5 and one == two


def test_a_large_file_travels_from_a_worker_as_its_own_bytes_not_inside_the_pickle():
    """A part's PDF or picture of 64 KiB and more is sent after the pickled result, as it is: the
    pickle stays small whatever the files weigh, and the parent gets back the same bytes."""
    import multiprocessing
    import threading

    from generator.build.parts import Rendered
    from generator.cli.jobs import _message, _receive, _send

    pdf = bytes(range(256)) * 1024  # 256 KiB
    small = b"<svg/>"
    ours, theirs = multiprocessing.Pipe()
    message = _message(3, ("ok", Rendered({"a4/deck.pdf": pdf, "a4/page.svg": small}, warnings=[("w", "f", 1)])))
    head, bulk = message
    assert len(head) < 1024 and len(bulk) == 1
    sender = threading.Thread(target=_send, args=(theirs, message))  # the pipe holds less than the PDF
    sender.start()
    n, (status, rendered) = _receive(ours)
    sender.join()
    assert (n, status) == (3, "ok")
    assert rendered.files == {"a4/deck.pdf": pdf, "a4/page.svg": small}
    assert type(rendered.files["a4/deck.pdf"]) is bytes and rendered.warnings == [("w", "f", 1)]
    _send(theirs, _message(4, ("error", (ValueError, ("bad",), {}))))
    assert _receive(ours) == (4, ("error", (ValueError, ("bad",), {})))
