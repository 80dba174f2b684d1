"""Whole games: seeded random legal playouts written as logs, which ``check`` must accept with exactly
the outcome the engine reached; games that win, lose and stop midway; mutated logs that give exit 1
or 2, never a crash."""

from __future__ import annotations

import random
import re

import pytest
from kingdom_helpers import rules, run, write

from solo.board import rules_board
from solo.check import replay, result_line
from solo.errors import IllegalMoveError, LogFormatError
from solo.log import format_log, parse_log
from solo.playout import playout

PLAYOUTS = 400


def _logged(seed: int, **kw):
    r = rules()
    game = playout(r, seed, **kw)
    return game, format_log(game.log, rules_board(r))


def test_hundreds_of_playouts_agree_with_the_checker():
    r, board = rules(), rules_board(rules())
    outcomes = {"won": 0, "lost": 0, "in progress": 0}
    for seed in range(PLAYOUTS):
        game = playout(r, seed, max_years=40, checks=seed % 2 == 0)
        text = format_log(game.log, board)
        checked = replay(parse_log(text, board, f"playout-{seed}.yaml"), r)
        assert checked.status() == game.kingdom.status(), seed
        assert checked.totals() == game.kingdom.totals(), seed
        assert checked.at == game.kingdom.at, seed
        outcomes[game.kingdom.status().result] += 1
    # the playouts are a real mix: wins, losses and games still going at the year limit
    assert outcomes["won"] >= 40 and outcomes["lost"] >= 200 and outcomes["in progress"] >= 1, outcomes


@pytest.mark.parametrize("seed", range(25))
def test_playout_logs_pass_the_command_line(tmp_path, seed):
    game, text = _logged(seed, checks=True)
    result = run("check", str(write(tmp_path, text)))
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(result_line(game.kingdom))


def _first(result: str, skill: float = 0.8, **kw):
    for seed in range(500):
        game, text = _logged(seed, skill=skill, **kw)
        if game.kingdom.status().result == result:
            return game, text
    raise AssertionError(f"no {result} game in 500 seeds")


def test_a_won_game(tmp_path):
    game, text = _first("won", skill=1.0)
    k = game.kingdom
    assert k.stage == 3 and not k.starved and k.graveyards < 3
    out = run("check", str(write(tmp_path, text))).output
    assert re.search(rf": won in year {k.year}: food \d+, ore \d+; .*monument stage 3", out), out


def test_a_lost_game(tmp_path):
    game, text = _first("lost")
    assert game.kingdom.graveyards >= 3
    out = run("check", str(write(tmp_path, text))).output
    assert f"lost in year {game.kingdom.year} ({game.kingdom.graveyards} graveyards)" in out


def test_a_game_stopped_midway(tmp_path):
    game, text = _first("won", skill=1.0)
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("  - fate:")]
    midway = "\n".join(lines[:starts[5]]) + "\n"
    out = run("check", str(write(tmp_path, midway))).output
    assert "in progress after year 5" in out


# -- mutations -------------------------------------------------------------------------------------

def _mutate(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.splitlines()
    kind = rng.choice(["die", "die", "remove", "hex", "offmap", "drop-line", "swap"])
    idx = [i for i, line in enumerate(lines) if line.startswith("  - fate:") or line.startswith("    ")]
    i = rng.choice(idx)
    line = lines[i]
    if kind == "die" and "fate:" in line:
        a, b = map(int, re.findall(r"\d", line)[:2])
        lines[i] = f"  - fate: [{a}, {rng.choice([d for d in range(1, 7) if d != b])}]"
    elif kind == "remove":
        key = line.split(":")[0]
        lines[i] = line.replace(key + ":", key.replace(key.strip(), "removed") + ":", 1)
    elif kind == "hex" and re.search(r"\b[A-J][1-8]\b", line):
        lines[i] = re.sub(r"\b[A-J][1-8]\b", rng.choice(["E4", "A1", "C3", "H7"]), line, count=1)
    elif kind == "offmap" and re.search(r"\b[A-J][1-8]\b", line):
        lines[i] = re.sub(r"\b[A-J][1-8]\b", "K9", line, count=1)
    elif kind == "drop-line":
        del lines[i]
    else:
        j = rng.choice(idx)
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n", kind


def test_mutated_logs_give_exit_1_or_2_never_a_crash(tmp_path):
    rng = random.Random(2024)
    board = rules_board(rules())
    exits = {0: 0, 1: 0, 2: 0}
    for seed in range(150):
        _, text = _logged(seed, checks=True)
        mutated, kind = _mutate(text, rng)
        try:
            replay(parse_log(mutated, board, "m.yaml"), rules())
            exits[0] += 1  # e.g. a swapped pair of equal lines, or a die that changed nothing checked
        except LogFormatError as err:
            assert str(err).startswith("m.yaml:"), str(err)
            exits[2] += 1
        except IllegalMoveError as err:
            assert re.match(r"m\.yaml:\d+: (setup|year \d+): ", str(err)), str(err)
            exits[1] += 1
    assert exits[1] >= 25 and exits[2] >= 25 and exits[0] <= 25, exits


@pytest.mark.parametrize("change, code, message", [
    (lambda t: t.replace("fate: [", "fate: [7, ", 1), 2, "year 1: fate must be a list of two dice"),
    (lambda t: t.replace("  - fate:", "  - fat:", 1), 2, "year 1: unknown key 'fat'"),
    (lambda t: t.replace("  farm: ", "  farm: K", 1), 2, "setup: farm: "),
    (lambda t: re.sub(r"build: \[(\w+) [A-J]\d", r"build: [\1 E4", t, count=1), 1,
     "the hex is not empty, it holds the capital"),
])
def test_targeted_mutations(tmp_path, change, code, message):
    _, text = _logged(3, checks=True)
    result = run("check", str(write(tmp_path, change(text))))
    assert result.exit_code == code, result.output
    assert message in result.output and "Traceback" not in result.output


def test_random_bytes_never_crash(tmp_path):
    rng = random.Random(5)
    for i in range(60):
        blob = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        path = tmp_path / f"junk{i}.yaml"
        path.write_bytes(blob)
        result = run("check", str(path))
        assert result.exit_code in (1, 2), (blob, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
