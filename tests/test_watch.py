"""``pnpforge watch``: a designer saves, the gallery in the browser shows it.

The incremental builder draws only the pictures a save changed; a save with problems keeps the last
good kit; the server serves the output folder and nothing else, on 127.0.0.1; and in headless Chromium
the open page shows a card's new title by itself (no reload by the test, nor by the page), shows a
broken save's problem with its file:line, recovers on the next good save, and Ctrl-C ends it with
exit 130 and no half-written folder.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import EXAMPLE, ROOT

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def _game_copy(tmp_path: Path) -> Path:
    game = tmp_path / "game"
    shutil.copytree(EXAMPLE, game)
    return game


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _builder(game: Path, out: Path):
    from generator.build.game import Options
    from generator.cli.watch import Builder

    return Builder(game, out, Options(papers=("a4",), formats=("html",)), jobs=1)


def test_one_cards_new_text_draws_that_card_alone_and_keeps_every_other_picture(tmp_path):
    game = _game_copy(tmp_path)
    out = tmp_path / "out"
    builder = _builder(game, out)
    first = builder.build()
    assert first.ok and first.drawn == 14 and first.version == 1
    pictures = {p: p.read_bytes() for p in (out / "pebble_pond" / "gallery").rglob("*.jpg")}
    _edit(game / "game.yaml", "Every other player moves one pebble back to the bank.",
          "Every other player moves two pebbles back to the bank.")
    second = builder.build()
    assert second.ok and second.version == 2
    assert (second.drawn, second.reused) == (1, 13)  # the Splash card's front; its back is the deck's
    now = {p: p.read_bytes() for p in (out / "pebble_pond" / "gallery").rglob("*.jpg")}
    changed = sorted(p.name for p in now if now[p] != pictures.get(p))
    assert changed == ["splash-front-large.jpg", "splash-front.jpg"]  # its large view and its preview
    assert "two pebbles back" not in (out / "pebble_pond" / "index.html").read_text()  # text is on the picture


def test_a_title_that_changes_the_decks_title_size_draws_the_whole_deck_again(tmp_path):
    game = _game_copy(tmp_path)
    builder = _builder(game, tmp_path / "out")
    builder.build()
    _edit(game / "game.yaml", "- name: Splash", "- name: Splash across the whole wide pond")
    got = builder.build()
    assert got.ok
    # the deck's one title size is smaller now: both fronts, and the shared back (a back can be drawn as a
    # front); the hex tiles, tokens, counter, board and sheet are kept
    assert (got.drawn, got.reused) == (3, 11)


def test_a_broken_save_keeps_the_last_good_kit_and_names_file_and_line(tmp_path):
    game = _game_copy(tmp_path)
    out = tmp_path / "out"
    builder = _builder(game, out)
    builder.build()
    page = (out / "pebble_pond" / "index.html").read_bytes()
    _edit(game / "game.yaml", "count: 2\n        value: \"2\"", "count: two\n        value: \"2\"")
    bad = builder.build()
    assert not bad.ok and bad.version == 1
    line = next(n for n, text in enumerate((game / "game.yaml").read_text().splitlines(), 1) if "count: two" in text)
    assert any(f"game.yaml:{line}:" in e and "count" in e for e in bad.errors), bad.errors
    assert (out / "pebble_pond" / "index.html").read_bytes() == page
    _edit(game / "game.yaml", "count: two", "count: 4")
    good = builder.build()
    assert good.ok and good.version == 2
    assert "4 × Splash" in (out / "pebble_pond" / "index.html").read_text()


def test_the_server_answers_on_127_0_0_1_with_the_output_folder_only(tmp_path):
    from generator.cli.serve import Live, serve

    out = tmp_path / "out"
    (out / "kit").mkdir(parents=True)
    (out / "kit" / "index.html").write_text('<html><head></head><body><img src="a.jpg"></body></html>')
    (out / "kit" / "a.jpg").write_bytes(b"picture")
    (tmp_path / "secret.txt").write_text("not served")
    (out / "kit" / "link.txt").symlink_to(tmp_path / "secret.txt")
    live = Live()
    live.announce(3, [], "/kit/index.html", frozenset({"kit/index.html", "kit/a.jpg", "kit/link.txt"}))
    (out / "kit" / "other.txt").write_text("put there by something else")
    server = serve(out, live)
    try:
        host, port = server.server_address[:2]
        assert host == "127.0.0.1"
        base = f"http://127.0.0.1:{port}"
        page = urllib.request.urlopen(f"{base}/kit/index.html").read().decode()
        assert '<meta name="pnpforge-build" content="3">' in page
        assert re.search(r'<img src="a\.jpg\?v=[0-9a-f]{8}">', page)
        assert urllib.request.urlopen(f"{base}/").geturl().endswith("/kit/index.html")
        for path in ("/../secret.txt", "/kit/../../secret.txt", "/%2e%2e/secret.txt", "/kit/link.txt", "/nothing",
                     "/kit/other.txt"):
            with pytest.raises(urllib.error.HTTPError) as got:
                urllib.request.urlopen(base + path)
            assert got.value.code == 404, path
    finally:
        live.close()
        server.shutdown()
        server.server_close()


# -- a stranger's page or folder cannot make it read or serve anything else (#35) ------------------

def _serving(tmp_path: Path, page: str):
    from generator.cli.serve import Live, serve

    out = tmp_path / "out"
    (out / "kit").mkdir(parents=True)
    (out / "kit" / "index.html").write_text(page)
    (out / "kit" / "a.jpg").write_bytes(b"picture")
    live = Live()
    live.announce(1, [], "/kit/index.html", frozenset({"kit/index.html", "kit/a.jpg"}))
    return live, serve(out, live)


def _get(port: int, path: str, host: str | None = None) -> tuple[int, bytes]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host or f"127.0.0.1:{port}")
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def test_only_requests_addressed_to_this_computer_are_answered(tmp_path):
    """DNS rebinding: a page at evil.example whose name resolves to 127.0.0.1 sends its own Host."""
    live, server = _serving(tmp_path, "<html><head></head><body>kit</body></html>")
    try:
        port = server.server_address[1]
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
            assert _get(port, "/kit/index.html", host)[0] == 200, host
        for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", "localhost.evil:80"):
            status, body = _get(port, "/kit/index.html", host)
            assert status == 421 and b"kit" not in body, host
    finally:
        live.close()
        server.shutdown()
        server.server_close()


def test_a_page_naming_a_file_outside_the_build_has_nothing_read(tmp_path, monkeypatch):
    """A picture named ../../dev/zero (memory), or any file (its digest would leak), is not read to
    mark the page: only the files the build wrote are."""
    from generator.cli import serve as serving

    read = []
    real = serving._Stamps.of
    monkeypatch.setattr(serving._Stamps, "of", lambda self, path: read.append(Path(path).name) or real(self, path))
    page = ('<html><head></head><body><img src="../../../../dev/zero"><img src="../../secret.txt">'
            '<img src="a.jpg"></body></html>')
    (tmp_path / "secret.txt").write_text("secret")
    live, server = _serving(tmp_path, page)
    try:
        status, body = _get(server.server_address[1], "/kit/index.html")
        assert status == 200 and b'src="../../../../dev/zero"' in body and b'src="../../secret.txt"' in body
        assert read == ["a.jpg"]
    finally:
        live.close()
        server.shutdown()
        server.server_close()


def test_odd_addresses_and_dropped_clients_print_nothing(tmp_path, capfd):
    import socket

    live, server = _serving(tmp_path, "<html><head></head><body>kit</body></html>")
    try:
        port = server.server_address[1]
        for path in ("/kit/%00index.html", "/" + "a" * 5000, "/%ff%fe", "/kit/" + "%2e%2e/" * 300 + "etc/passwd"):
            assert _get(port, path)[0] in (404, 414), path
        for _ in range(60):  # clients that go away mid-request and mid-answer
            with socket.create_connection(("127.0.0.1", port)) as s:
                s.sendall(f"GET /kit/a.jpg HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
            with socket.create_connection(("127.0.0.1", port)) as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                s.sendall(f"GET /kit/index.html HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        assert _get(port, "/kit/a.jpg")[0] == 200
    finally:
        live.close()
        server.shutdown()
        server.server_close()
    time.sleep(0.2)
    err = capfd.readouterr().err
    assert "Traceback" not in err and err == "", err


def test_random_requests_never_get_a_file_the_build_did_not_write():
    """The fuzzer's server kind (benchmarks/bench_fuzz.py --kinds serve runs more): addresses made of
    .., encoded dots and slashes, NUL, 5,000-character names; Host headers of other names; clients
    that drop mid-request."""
    import fuzzing

    assert fuzzing.fuzz_server(seed=1, count=400) == []


def test_the_same_port_serves_again_at_once_after_a_stop(tmp_path):
    from generator.cli.serve import Live, serve

    live, server = _serving(tmp_path, "<html><head></head><body>kit</body></html>")
    port = server.server_address[1]
    assert _get(port, "/kit/index.html")[0] == 200  # a connection closed: the port in TIME_WAIT
    live.close()
    server.shutdown()
    server.server_close()
    again = serve(tmp_path / "out", Live(), port=port)
    try:
        assert again.server_address[1] == port
    finally:
        again.shutdown()
        again.server_close()


@pytest.mark.parametrize("where", ["home", "config"])
def test_watch_at_a_folder_it_did_not_make_stops_with_the_refusal_and_serves_nothing(tmp_path, where):
    """``--out ~`` or a game folder's own pnpforge.yaml with ``build: {out: ...}``: the build is refused,
    and so is the serving; the folder is left as it was."""
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    (home / "Documents" / "passwords.txt").write_text("secret")
    game = _game_copy(tmp_path)
    args = [sys.executable, "-m", "generator", "watch", str(game)]
    if where == "home":
        args += ["--out", str(home)]
    else:
        (game / "pnpforge.yaml").write_text(f"build:\n  out: {home}\n")
    run = subprocess.run(args, cwd=game if where == "config" else ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert "pnpforge did not make" in run.stderr and "serving" not in run.stdout, (run.stdout, run.stderr)
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == ["Documents", "Documents/passwords.txt"]


def test_watch_into_a_new_folder_marks_it_even_when_the_first_build_fails(tmp_path):
    from generator.build.ownership import MARKER
    from generator.build.staging import claim

    out = claim(tmp_path / "new")
    assert sorted(p.name for p in out.iterdir()) == [MARKER]
    assert claim(out) == out  # ours now


# -- the whole command in a real browser ---------------------------------------------------------

def _start(game: Path, out: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "generator", "watch", str(game), "--out", str(out)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    lines = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = re.search(r"serving (http://127\.0\.0\.1:\d+/\S+)", line)
        if found:
            return proc, found.group(1)
    proc.kill()
    pytest.fail(f"watch did not start: {''.join(lines)} {proc.stderr.read()}")


def test_the_open_page_shows_a_saved_title_by_itself_and_a_broken_save_with_its_line(tmp_path):
    from chromium import launch, sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        game = _game_copy(tmp_path)
        out = tmp_path / "out"
        proc, url = _start(game, out)
        try:
            page = browser.new_page(viewport={"width": 375, "height": 800})
            console = []
            page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
            navigations = []
            page.on("framenavigated", lambda f: navigations.append(f.url) if f == page.main_frame else None)
            page.goto(url, wait_until="load")
            page.click("#c-lily-cards > summary")  # the deck's fold, opened by the reader, stays open
            page.evaluate("() => { window.sameDocument = true; }")
            loaded = len(navigations)
            assert page.get_by_text("2 × Splash").count() == 1
            old_src = page.get_attribute('img[alt="Splash, front"]', "src")

            _edit(game / "game.yaml", "- name: Splash", "- name: Ripple")
            page.wait_for_function("() => document.body.innerText.includes('2 × Ripple')", timeout=30_000)
            assert page.evaluate("() => window.sameDocument") is True
            assert len(navigations) == loaded  # not reloaded by the page either
            new_src = page.get_attribute('img[alt="Ripple, front"]', "src")
            assert new_src != old_src and re.search(r"\?v=[0-9a-f]{8}$", new_src)
            page.locator('img[alt="Ripple, front"]').scroll_into_view_if_needed()  # lazy: loads when in view
            page.wait_for_function("""() => { const i = document.querySelector('img[alt="Ripple, front"]');
                                              return i.complete && i.naturalWidth > 0; }""")

            _edit(game / "game.yaml", "count: 2\n        value: \"2\"", "count: lots\n        value: \"2\"")
            line = next(n for n, t in enumerate((game / "game.yaml").read_text().splitlines(), 1) if "count: lots" in t)
            alert = page.locator("#pnpforge-problems")
            alert.wait_for(timeout=30_000)
            assert f"game.yaml:{line}:" in alert.inner_text()
            assert page.locator('img[alt="Ripple, front"]').count() == 1  # the last good pictures stay

            _edit(game / "game.yaml", "count: lots", "count: 5")
            page.wait_for_function("() => document.body.innerText.includes('5 × Ripple')", timeout=30_000)
            assert alert.count() == 0
            assert page.evaluate("() => window.sameDocument") is True
            assert console == []
            page.screenshot(path=str(tmp_path / "watch.png"))
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                _, err = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                raise
            browser.close()
        assert proc.returncode == 130, err
        assert "Traceback" not in err
        # no staging or old folder left; the mark every output folder pnpforge makes carries
        assert [p.name for p in out.parent.iterdir() if p.name.startswith(".")] == []
        assert [p.name for p in out.iterdir() if p.name.startswith(".")] == [".pnpforge-output"]


def test_watch_without_a_game_outside_a_game_folder_says_how(tmp_path):
    run = subprocess.run([sys.executable, "-m", "generator", "watch"], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert run.returncode == 2
    assert "give a game" in run.stderr and "Traceback" not in run.stderr


def test_a_warning_is_said_once_until_it_changes(tmp_path):
    game = _game_copy(tmp_path)
    _edit(game / "game.yaml", "- {id: rock, name: Rock, count: 1,", "- {id: rock, name: Rock, count: 0,")
    builder = _builder(game, tmp_path / "out")
    first = builder.build()
    assert first.ok and any("game.yaml:" in w and "warning:" in w for w in first.warnings), first.warnings
    _edit(game / "game.yaml", "Every other player", "Each other player")
    assert builder.build().warnings == []  # the same warning: not said again


def test_a_port_in_use_is_one_sentence_and_exit_2(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "generator", "watch", str(_game_copy(tmp_path)), "--out",
                              str(tmp_path / "out"), "--port", str(port)], cwd=ROOT, capture_output=True, text=True,
                             timeout=120)
    assert run.returncode == 2, run.stderr
    assert f"cannot serve on 127.0.0.1:{port}" in run.stderr and "Traceback" not in run.stderr


def test_a_folder_pnpforge_did_not_make_is_not_written_into(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("a player's own file")
    got = _builder(_game_copy(tmp_path), out).build()
    assert not got.ok and "pnpforge did not make" in got.errors[0]
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_a_save_writes_only_what_changed_and_removes_what_the_kit_no_longer_has(tmp_path):
    game = _game_copy(tmp_path)
    out = tmp_path / "out"
    builder = _builder(game, out)
    builder.build()
    kit = out / "pebble_pond"
    before = {p: p.stat().st_ino for p in kit.rglob("*") if p.is_file()}
    _edit(game / "game.yaml", "Every other player moves one pebble back to the bank.",
          "Every other player moves two pebbles back to the bank.")
    builder.build()
    after = {p: p.stat().st_ino for p in kit.rglob("*") if p.is_file()}
    rewritten = sorted(p.name for p in after if after[p] != before.get(p))
    assert rewritten == ["splash-front-large.jpg", "splash-front.jpg"]  # the page and manifest did not change
    _edit(game / "game.yaml", "- name: Splash", "- name: Ripple")
    builder.build()
    pictures = sorted(p.name for p in (kit / "gallery" / "lily-cards").iterdir())
    assert pictures == ["back-large.jpg", "back.jpg", "leap-front-large.jpg", "leap-front.jpg",
                        "ripple-front-large.jpg", "ripple-front.jpg"]  # Splash's pictures gone
    shown = set(re.findall(r'(?:src|href)="(gallery/[^"?]+)"', (kit / "index.html").read_text()))
    assert shown == {p.relative_to(kit).as_posix() for p in (kit / "gallery").rglob("*") if p.is_file()}


def test_open_hands_the_printed_address_to_the_browser(tmp_path):
    opened = tmp_path / "opened.txt"
    browser = f"{sys.executable} -c \"import sys; open(sys.argv[1], 'w').write(sys.argv[2])\" {opened} %s"
    proc = subprocess.Popen([sys.executable, "-m", "generator", "watch", str(_game_copy(tmp_path)), "--out",
                             str(tmp_path / "out"), "--open"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "BROWSER": browser})
    try:
        url = None
        while url is None:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            found = re.search(r"serving (http://127\.0\.0\.1:\d+/pebble_pond/index\.html)", line)
            url = found and found.group(1)
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert opened.read_text() == url
        assert b"Pebble Pond" in urllib.request.urlopen(url).read()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
    assert proc.returncode == 130


def test_a_file_made_and_gone_within_one_batch_is_no_change(tmp_path):
    """vim's write probe (4913) and sed -i's temporary file are made and removed around a save; they
    were taken as changed pictures or fonts, so every picture was read and drawn again (a csv edit
    with sed: 9 pictures drawn, 0.16 s; now 1 drawn and 8 kept). What is left of a batch: what exists,
    and what was there before it and is gone (a deleted picture)."""
    from watchfiles import Change

    from generator.cli.watch import changed_kinds, settled

    (tmp_path / "ships.csv").write_text("Name\nSloop\n")
    probe, temp, csv, gone = (str(tmp_path / n) for n in ("4913", "sedX1b2c3", "ships.csv", "old.png"))
    batch = {(Change.added, probe), (Change.deleted, probe), (Change.added, temp), (Change.modified, temp),
             (Change.deleted, temp), (Change.modified, csv), (Change.deleted, gone)}
    assert settled(batch) == {(Change.modified, csv), (Change.deleted, gone)}
    assert changed_kinds(settled({(Change.added, probe), (Change.modified, csv)})) == (True, False)
    assert settled({(Change.added, probe)}) == set()
