"""The figures of a ``solo simulate`` run: win rate with its Wilson interval, game lengths, causes of
loss, peak resources (:func:`summarise`), and the text report (:func:`report_text`)."""

from __future__ import annotations

import math
import statistics
from typing import Sequence

from solo.simulate import MAX_YEARS, GameResult


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _quantiles(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    if len(ordered) == 1:
        v = ordered[0]
        return {"min": v, "p25": v, "median": v, "p75": v, "p90": v, "max": v, "mean": v}
    q = statistics.quantiles(ordered, n=20, method="inclusive")
    return {"min": ordered[0], "p25": q[4], "median": statistics.median(ordered), "p75": q[14],
            "p90": q[17], "max": ordered[-1], "mean": round(statistics.fmean(ordered), 2)}


def summarise(policy: str, results: Sequence[GameResult], seed: int) -> dict:
    n = len(results)
    wins = sum(r.outcome == "won" for r in results)
    low, high = wilson(wins, n)
    causes: dict[str, int] = {}
    for r in results:
        if r.outcome != "won":
            causes[r.cause] = causes.get(r.cause, 0) + 1
    return {
        "policy": policy, "games": n, "seed": seed,
        "won": wins, "lost": sum(r.outcome == "lost" for r in results),
        "unfinished": sum(r.outcome == "unfinished" for r in results),
        "win_rate": round(wins / n, 4) if n else 0.0, "win_rate_95": [round(low, 4), round(high, 4)],
        "years": _quantiles([r.years for r in results]),
        "years_won": _quantiles([r.years for r in results if r.outcome == "won"]),
        "years_lost": _quantiles([r.years for r in results if r.outcome == "lost"]),
        "causes": dict(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))),
        "peak": {key: _quantiles([getattr(r, f"peak_{key}") for r in results])
                 for key in ("food", "ore", "labor")},
        "lengths": _histogram([r.years for r in results]),
    }


def _histogram(values: Sequence[int]) -> dict[str, int]:
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return {str(k): out[k] for k in sorted(out)}


def report_text(s: dict, max_years: int = MAX_YEARS) -> str:
    y, low_high = s["years"], s["win_rate_95"]
    lines = [f"{s['policy']}: {s['games']:,} games (seed {s['seed']}): won {s['won']:,} "
             f"({100 * s['win_rate']:.1f}%, 95% interval {100 * low_high[0]:.1f}-{100 * low_high[1]:.1f}%), "
             f"lost {s['lost']:,}, unfinished (still going after {max_years} years) {s['unfinished']:,}"]
    if y:
        lines.append(f"  game length: median {y['median']:g} years (quartiles {y['p25']:g}-{y['p75']:g}, "
                     f"range {y['min']:g}-{y['max']:g})" + "".join(
                         f"; {label} median {s[key]['median']:g}" for key, label in
                         (("years_won", "won"), ("years_lost", "lost")) if s[key]))
    if s["causes"]:
        lines.append("  not won: " + "; ".join(f"{cause} {n:,}" for cause, n in s["causes"].items()))
    lines.append("  peak (median / 90th percentile / most): " + "; ".join(
        f"{key} {p['median']:g} / {p['p90']:g} / {p['max']:g}" for key, p in s["peak"].items() if p))
    return "\n".join(lines)

