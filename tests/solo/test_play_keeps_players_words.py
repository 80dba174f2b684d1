"""``solo play --log`` never drops what a player wrote: comment lines, inline comments and blank lines
of a hand-written log all stay, byte for byte, as play adds years to it; the names typed so far stay
when input ends; ``back`` during the setup takes away only the line play added. And every command
that writes a player's file refuses one already there unless ``--force``."""

from __future__ import annotations

from kingdom_helpers import run, write

# A hand-written log of sheet 7 (farm E3 on the river, mine G2 on a mountain, village F2 next to the
# mine), its years at column 0, comments everywhere a player puts them.
COMMENTED = """\
# format: 1
# My first kingdom. Played on the kitchen table, 3 March.
ruler: Ada   # that's me
sheet: 7     # the number printed on the sheet

setup:
  farm: E3      # by the river, as the rules say
  mine: G2
  # I almost put the village at F3
  village: F2   # next to the mine
years:
# year 1: a quiet start
- fate: [4, 5]
  capital: food   # food first, always
  trade: [food]
# year 2: remember to build a farm soon
"""


def comment_lines(text: str) -> list[str]:
    """Every comment in the text, from its '#' to the end of its line."""
    return [line[line.index("#"):] for line in text.splitlines() if "#" in line]


def is_subsequence(old: list[str], new: list[str]) -> bool:
    it = iter(new)
    return all(any(line == other for other in it) for line in old)


def test_playing_on_keeps_every_comment_byte_for_byte(tmp_path):
    path = write(tmp_path, COMMENTED)
    assert run("check", str(path)).exit_code == 0
    result = run("play", "--log", str(path), input="\n" * 60)  # plays on with the defaults
    assert result.exit_code == 1, result.output  # input ended mid-game
    text = path.read_text()
    assert run("check", str(path)).exit_code == 0
    assert is_subsequence(COMMENTED.splitlines(), text.splitlines())  # every line kept, in order
    assert comment_lines(COMMENTED) == comment_lines(text)
    assert text.startswith(COMMENTED)  # the years are added after the last one, at column 0 too
    assert "\n- fate: " in text[len(COMMENTED):] and "\n  - fate:" not in text


def test_years_written_as_one_flow_list_are_refused_not_rewritten(tmp_path):
    flow = COMMENTED[:COMMENTED.index("years:")] + "years: [{fate: [4, 5], capital: food, trade: [food]}]  # one line\n"
    path = write(tmp_path, flow)
    assert run("check", str(path)).exit_code == 0
    result = run("play", "--log", str(path), input="\n" * 20)
    assert result.exit_code == 2
    assert f"{path}:12: solo play adds year 2 by adding lines, which cannot go here" in result.output
    assert "Nothing was written" in result.output and "Fate" not in result.output  # nothing asked
    assert path.read_text() == flow


def test_end_of_input_at_the_kingdom_name_keeps_the_rulers_name(tmp_path):
    path = tmp_path / "g.yaml"
    result = run("play", "--seed", "7", "--log", str(path), input="Ada\n")
    assert result.exit_code == 1
    assert 'ruler: "Ada"\nsheet: 7\n' in path.read_text()
    more = run("play", "--log", str(path), input="Northmarch\n\nE3\n")
    assert "Your name" not in more.output and "Your kingdom's name" in more.output
    assert 'ruler: "Ada"\nkingdom: "Northmarch"\nsheet: 7\n' in path.read_text()


def test_back_during_the_setup_takes_back_the_building_placed_last(tmp_path):
    path = tmp_path / "g.yaml"
    # farm E3, mine G2, then back (the mine goes), mine again at G2, village F2
    result = run("play", "--seed", "7", "--log", str(path), input="\n\n\nE3\nG2\nback\nundo\nE2\nG2\nF2\n")
    assert "Taken back: the mine." in result.output and "Taken back: the farm." in result.output
    text = path.read_text()
    assert "  farm: E2\n" in text and "farm: E3" not in text and text.count("mine: G2") == 1
    assert run("check", str(path)).exit_code == 0


def test_back_never_removes_a_building_the_player_wrote(tmp_path):
    mine_only = COMMENTED[:COMMENTED.index("  # I almost")] + "years: []\n"
    path = write(tmp_path, mine_only.replace("  mine: G2\n", "  mine: G2   # my mine\n"))
    before = path.read_text()
    result = run("play", "--log", str(path), input="back\n")
    assert ("Nothing placed yet to take back (already in the log before: farm at E3, mine at G2; edit "
            "the log to move it).") in result.output
    assert path.read_text() == before


def test_sheet_out_refuses_an_existing_file_unless_forced(tmp_path):
    out = tmp_path / "played.pdf"
    out.write_bytes(b"my played sheet")
    refused = run("sheet", "--seed", "7", "--out", str(out))
    assert refused.exit_code == 2 and refused.output.count("\n") == 1
    assert f"{out} already exists; nothing was written (add --force to overwrite it" in refused.output
    assert out.read_bytes() == b"my played sheet" and not (tmp_path / "played.yaml").exists()
    forced = run("sheet", "--seed", "7", "--out", str(out), "--force")
    assert forced.exit_code == 0 and out.read_bytes().startswith(b"%PDF")


def test_simulate_plot_refuses_an_existing_file_unless_forced(tmp_path):
    for ext in ("svg", "pdf", "png"):
        plot = tmp_path / f"lengths.{ext}"
        plot.write_bytes(b"mine")
        refused = run("simulate", "--games", "5", "--jobs", "1", "--plot", str(plot))
        assert refused.exit_code == 2 and refused.output.count("\n") == 1, refused.output
        assert f"{plot} already exists; nothing was written (add --force to overwrite it, or choose " \
               "another --plot)" in refused.output
        assert plot.read_bytes() == b"mine"
        forced = run("simulate", "--games", "5", "--jobs", "1", "--plot", str(plot), "--force")
        assert forced.exit_code == 0 and plot.read_bytes() != b"mine"


def test_a_year_added_to_any_commented_log_keeps_every_line(tmp_path):
    """Logs of random legal games, the last year taken off, their years indented 0, 2 or 4 and
    comments sprinkled everywhere (own lines at any indent, inline, at the end): adding the year back
    keeps every line of the file in order, and the log reads as the whole game."""
    import random
    from dataclasses import replace

    from kingdom_helpers import rules

    from solo.board import rules_board
    from solo.log import format_log, parse_log
    from solo.logfile import LogFile
    from solo.playout import playout

    r, board = rules(), rules_board(rules())
    tried = 0
    for seed in range(120):
        rng = random.Random(seed)
        game = playout(r, seed, max_years=rng.randint(1, 12), skill=1.0)
        if not game.log.years:
            continue
        lines = format_log(replace(game.log, years=game.log.years[:-1]), board).splitlines()
        at = lines.index("years:") if "years:" in lines else len(lines)
        pad = " " * rng.choice([0, 2, 4])
        lines = lines[:at + 1] + [pad + line[2:] for line in lines[at + 1:]]
        text = []
        for line in lines:
            if rng.random() < 0.3:
                text.append(" " * rng.choice([0, 2, 4]) + f"# note {rng.random()}")
            if rng.random() < 0.3 and line.strip() and not line.startswith("#") and "[]" not in line:
                line += "   # inline"
            text.append(line)
        body = "\n".join(text + ["# the end"] * (seed % 2)) + "\n" * (seed % 3 != 0)
        path = tmp_path / f"g{seed}.yaml"
        path.write_text(body)
        before = parse_log(body, board)
        LogFile(path, board, 6).add_year(game.log.years[-1],
                                         replace(before, years=before.years + game.log.years[-1:]))
        after = path.read_text()
        assert is_subsequence([ln for ln in body.splitlines() if ln != "years: []"], after.splitlines())
        assert parse_log(after, board).years == game.log.years
        tried += 1
    assert tried > 100
