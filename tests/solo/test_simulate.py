"""``pnpforge solo simulate``: seeded games by a named policy, the same figures for any --jobs."""

from __future__ import annotations

import json

import pytest
from kingdom_helpers import run

from solo.errors import PolicyError
from solo.rules import load_rules
from solo.simstats import summarise, wilson
from solo.simulate import Policy, play_one, simulate


def figures(*args: str) -> dict:
    result = run("simulate", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_jobs_1_and_2_give_the_same_figures():
    one = figures("--games", "300", "--seed", "5", "--jobs", "1", "--policy", "random", "--policy", "careful")
    two = figures("--games", "300", "--seed", "5", "--jobs", "2", "--policy", "random", "--policy", "careful")
    assert one == two
    assert [p["policy"] for p in one["policies"]] == ["random", "careful"]
    careful = one["policies"][1]
    assert careful["games"] == 300 and careful["won"] + careful["lost"] + careful["unfinished"] == 300
    # a careful player wins most games, a random one almost none
    assert careful["win_rate"] > 0.8 > one["policies"][0]["win_rate"]
    low, high = careful["win_rate_95"]
    assert low < careful["win_rate"] < high


def test_the_seed_changes_the_games_and_each_game_depends_on_seed_and_index_only():
    rules = load_rules()
    assert simulate("random", 40, 1) != simulate("random", 40, 2)
    assert simulate("random", 40, 1)[25] == play_one(rules, Policy, 1, 25)


def test_every_policy_meets_the_same_sheets():
    a, b = simulate("random", 20, 9), simulate("careful", 20, 9)
    assert [r.sheet for r in a] == [r.sheet for r in b]


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 2000)[0] < 1e-12 and 0.001 < wilson(0, 2000)[1] < 0.002


def test_a_players_own_policy(tmp_path, monkeypatch):
    (tmp_path / "mypolicy.py").write_text(
        "from solo.simulate import Careful\n"
        "class FoodFirst(Careful):\n"
        "    name = 'food-first'\n"
        "    def capital(self, k):\n"
        "        return 'food'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    out = figures("--games", "50", "--jobs", "1", "--policy", "mypolicy:FoodFirst")
    assert out["policies"][0]["policy"] == "mypolicy:FoodFirst" and out["policies"][0]["games"] == 50


@pytest.mark.parametrize("args, said", [
    (["--policy", "lucky"], "not one of random, greedy, careful"),
    (["--policy", "nosuchmodule:X"], "cannot import nosuchmodule"),
    (["--games", "0"], "--games must be from 1"),
    (["--jobs", "0"], "--jobs must be from 1"),
    (["--plot", "p.gif"], "the plot is a .svg, .pdf or .png file"),
])
def test_bad_options_are_usage_errors(args, said):
    result = run("simulate", *args)
    assert result.exit_code == 2 and said in result.output, result.output


def test_the_plot_and_the_text_report(tmp_path):
    plot = tmp_path / "length.svg"
    result = run("simulate", "--games", "200", "--jobs", "1", "--policy", "careful", "--policy", "greedy",
                 "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "careful: 200 games (seed 1): won " in result.output and "95% interval" in result.output
    assert "game length: median" in result.output and "peak (median / 90th percentile / most)" in result.output
    svg = plot.read_text()
    assert svg.startswith("<svg") and "How long games last, by policy" in svg and "careful: won" in svg
    assert "greedy: won" in svg


def test_summary_counts_causes_of_loss():
    s = summarise("random", simulate("random", 200, 3), 3)
    assert sum(s["causes"].values()) == s["lost"] + s["unfinished"]
    assert all(c.startswith(("starved", "year cap")) for c in s["causes"])
    assert s["peak"]["ore"]["max"] >= s["peak"]["ore"]["median"]


def test_buildable_is_what_is_affordable_and_has_a_hex(monkeypatch):
    """The simulator's one-pass list of build options agrees with the engine's two questions."""
    import solo.simulate as S

    seen = []
    build = S.Policy.build

    def spy(self, k, options):
        seen.append(options == [kind for kind in k.affordable() if k.legal_hexes(kind)])
        return build(self, k, options)

    monkeypatch.setattr(S.Policy, "build", spy)
    simulate("random", 400, 5)
    assert len(seen) > 1000 and all(seen)


@pytest.mark.parametrize("policy, won, lost, unfinished, mean_years, most_ore", [
    ("random", 0, 397, 3, 8.64, 78),
    ("greedy", 28, 333, 39, 18.05, 345),
    ("careful", 380, 14, 6, 29.18, 1285),
])
def test_the_figures_of_a_seed_never_change(policy, won, lost, unfinished, mean_years, most_ore):
    """400 games of seed 11, as played before the engine and the map drawing were made faster:
    a faster engine must play exactly the same games (same sheets, same dice, same decisions)."""
    s = summarise(policy, simulate(policy, 400, 11), 11)
    assert (s["won"], s["lost"], s["unfinished"]) == (won, lost, unfinished)
    assert s["years"]["mean"] == mean_years
    assert s["peak"]["ore"]["max"] == most_ore


def test_a_workers_refusal_reaches_the_player_as_with_one_job(tmp_path, monkeypatch):
    """A player's policy that builds on the capital in game 30 only (played by whichever worker
    claims it with --jobs 2): the engine refuses it in the worker, and the player reads the same
    sentence and exit code as with --jobs 1."""
    import random

    from solo.simulate import game_seed

    sheet = random.Random(game_seed(0, 30)).randrange(1_000_000)
    (tmp_path / "cheat.py").write_text(
        "from solo.simulate import Policy\n"
        "class Cheat(Policy):\n"
        "    def build(self, k, options):\n"
        f"        if k.map.seed != {sheet}:\n"
        "            return super().build(k, options)\n"
        "        return options[0], k.board.capital\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    said = []
    for jobs in ("1", "2"):
        result = run("simulate", "--games", "40", "--seed", "0", "--jobs", jobs, "--policy", "cheat:Cheat")
        assert result.exit_code == 1, result.output
        said.append(result.output)
    assert said[0] == said[1] and "the hex is not empty, it holds the capital" in said[0]


def test_the_earliest_failing_game_is_raised_whatever_the_jobs(monkeypatch):
    """Every game from game 30 fails, in whichever worker plays it: the error raised is game 30's,
    as with one job (the claims stop after a failure; the blocks before it were all claimed)."""
    import random

    import solo.simulate as S

    sheets = {random.Random(S.game_seed(0, i)).randrange(1_000_000): i for i in range(30, 200)}

    class FailsFrom30(Policy):
        def capital(self, k):
            if k.map.seed in sheets:
                raise ValueError(f"game {sheets[k.map.seed]} refuses")
            return super().capital(k)

    monkeypatch.setitem(S.POLICIES, "fails-from-30", FailsFrom30)
    for jobs in (1, 2, 3):
        with pytest.raises(PolicyError, match=r"^--policy fails-from-30: capital\(\) raised ValueError: "
                           r"game 30 refuses, in year 1 of game 30 \(sheet \d+\)$"):
            simulate("fails-from-30", 200, 0, jobs=jobs)


def test_a_childs_error_reaches_this_process(monkeypatch):
    """An error raised in a forked worker only is raised here (sent back pickled)."""
    import os

    import solo.simulate as S

    here = os.getpid()

    class FailsInAChild(Policy):
        def capital(self, k):
            if os.getpid() != here:
                raise ValueError("raised in a child")
            return super().capital(k)

    monkeypatch.setitem(S.POLICIES, "fails-in-a-child", FailsInAChild)
    with pytest.raises(PolicyError, match="capital\\(\\) raised ValueError: raised in a child"):
        simulate("fails-in-a-child", 3000, 0, jobs=2)


def test_a_worker_that_is_slowed_plays_fewer_games(monkeypatch, tmp_path):
    """The workers claim blocks of games as they go: when this process is slow (here it sleeps
    20 ms a game, as if other work shared its core), the forked worker plays most of the games,
    and the figures are still those of one job. (With two even halves, each would play 200.)"""
    import os
    import time

    import solo.simulate as S

    here = os.getpid()
    record = tmp_path / "who"

    class SlowHere(Policy):
        def setup(self, kmap, board):
            with open(record, "a") as out:
                out.write("here\n" if os.getpid() == here else "child\n")
            if os.getpid() == here:
                time.sleep(0.02)
            return super().setup(kmap, board)

    monkeypatch.setitem(S.POLICIES, "slow-here", SlowHere)
    two = simulate("slow-here", 400, 4, jobs=2)
    who = record.read_text().split()
    assert len(who) == 400 and who.count("child") > 2 * who.count("here")
    assert two == simulate("random", 400, 4, jobs=1)


def test_results_travel_between_processes_unchanged():
    from solo.simulate import pack, unpack

    games = simulate("careful", 30, 3) + simulate("random", 30, 3)
    assert unpack(pack(games)) == games
    assert len(pack(games)) == 60 * 7 * 8  # seven numbers a game, nothing else
