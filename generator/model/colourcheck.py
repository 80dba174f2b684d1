"""The colour-vision check of ``validate`` (docs/colour-vision.md): colours that must be told apart, and
text on the colour it is printed on, as players see them.

- Player colours, pair by pair, with normal vision, protanopia, deuteranopia, tritanopia and in
  greyscale (art/vision.py): closer than ``MIN_DIFFERENCE`` (CIEDE2000) in any of them is a warning at
  the line of the second colour, naming the pair and the vision.
- Terrain fills the same way, unless the two also differ in pattern or icon (the shape carries the
  meaning then).
- Each player colour's and each terrain's ink on its fill: under WCAG 2.1 level AA (4.5:1).
  (The faces' own text is checked where it is laid out: components/problems.py, with :func:`text_problem`.)

``accepted_colours:`` in game.yaml names pairs to leave alone, each with why; an accepted pair that no
longer comes near is said too, so the list does not outlive its reason."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any, Iterable

from ..art.vision import MIN_CONTRAST, MIN_DIFFERENCE, Vision, closest, contrast, needed_contrast
from ..base.errors import DataError
from ..source.yamlsrc import YList, YMap
from .game import Game


class Accepted:
    """The pairs ``accepted_colours:`` names, each as a set of two words (ids, terrain names or colours,
    compared without case), and which of them a warning used."""

    def __init__(self, given: Any, errors: list[DataError]):
        self.pairs: list[tuple[frozenset[str], Any, int]] = []
        self.used: set[int] = set()
        if not isinstance(given, YList):
            return
        for i, entry in enumerate(given):
            if not isinstance(entry, YMap) or not isinstance(entry.get("pair"), list):
                continue
            pair = [str(v).strip().lower() for v in entry["pair"]]
            if len(pair) != 2 or pair[0] == pair[1]:
                errors.append(entry.error("a pair is two different colours: player colour ids, terrain names or "
                                          "#rrggbb", "pair"))
                continue
            self.pairs.append((frozenset(pair), entry, i))

    def covers(self, *names: Iterable[str]) -> bool:
        """Whether a pair is accepted: ``names`` gives, for each of the two colours, the words that name
        it (its id, its name, its #rrggbb)."""
        first, second = ({str(n).strip().lower() for n in group} for group in names)
        for pair, _, i in self.pairs:
            a, b = tuple(pair)
            if (a in first and b in second) or (b in first and a in second):
                self.used.add(i)
                return True
        return False

    def unused(self) -> list[DataError]:
        return [entry.error("accepted_colours: this pair is not close in any vision (or names no colour of "
                            "the game): remove it", "pair") for _, entry, i in self.pairs if i not in self.used]


def _alike(what: str, a: str, b: str, found: tuple[float, Vision]) -> str:
    difference, vision = found
    return (f"{what} {a} and {b} look alike {'with' if vision != Vision.GREYSCALE else 'in'} {vision.word} "
            f"(a difference of {difference:.1f}, under {MIN_DIFFERENCE:g}; CIEDE2000)")


def ink_warnings(game: Game, main: YMap, errors: list[DataError]) -> list[DataError]:
    """The warnings of ``game``'s player colours' and terrains' inks on their fills (``main``: game.yaml
    as read); ``accepted_colours:`` read (into ``game.accepted_colours``: the faces' text is checked
    later against the same list, and :func:`pair_warnings` after that)."""
    game.accepted_colours = Accepted(main.get("accepted_colours"), errors)
    return _inks(game, main, game.accepted_colours)


def pair_warnings(game: Game, main: YMap) -> list[DataError]:
    """The warnings of player colours, then terrains, that look alike (coloraide's simulations: the
    first call imports it, 0.07 s). ``accepted_colours:`` as :func:`ink_warnings` read it."""
    accepted = game.accepted_colours
    assert accepted is not None  # read by ink_warnings
    return _player_pairs(game, main, accepted) + _terrain_pairs(game, accepted)


def _player_pairs(game: Game, main: YMap, accepted: Accepted) -> list[DataError]:
    listed = main.get("colours")
    out = []
    for (i, a), (j, b) in combinations(enumerate(game.colours), 2):
        found = closest(a.fill, b.fill)
        if found[0] >= MIN_DIFFERENCE or accepted.covers((a.id, a.name, a.fill), (b.id, b.name, b.fill)):
            continue
        message = _alike("player colours", f"{a.name} ({a.fill})", f"{b.name} ({b.fill})", found) + \
            "; change one, or accept the pair with why (accepted_colours:)"
        out.append(listed.error(message, j) if isinstance(listed, YList) else DataError(message, _game_file(game)))
    return out


def _game_file(game: Game) -> str:
    return str(Path(game.folder) / "game.yaml")


def _told_by_shape(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two terrains whose pieces differ in pattern (dots against plain counts) or in icon: the shape
    tells them apart."""
    return (a.get("pattern") or "none") != (b.get("pattern") or "none") or a.get("icon") != b.get("icon")


def _terrain_pairs(game: Game, accepted: Accepted) -> list[DataError]:
    fills = [(name, t) for name, t in game.terrain.items() if isinstance(t, dict) and isinstance(t.get("fill"), str)]
    out = []
    for (na, a), (nb, b) in combinations(fills, 2):
        if _told_by_shape(a, b):
            continue
        found = closest(a["fill"], b["fill"])
        if found[0] >= MIN_DIFFERENCE or accepted.covers((na, a.get("name", na), a["fill"]),
                                                          (nb, b.get("name", nb), b["fill"])):
            continue
        message = _alike("terrain", f"{na} ({a['fill']})", f"{nb} ({b['fill']})", found) + \
            "; change one, give each its own pattern or icon, or accept the pair with why (accepted_colours:)"
        out.append(b.error(message, "fill") if isinstance(b, YMap) else DataError(message, _game_file(game)))
    return out


def text_problem(ink: str, fill: str, size_pt: float = 10.0, bold: bool = False) -> str | None:
    """Why text in ``ink`` on ``fill`` is hard to read (WCAG 2.1 level AA for its size), or None."""
    need = needed_contrast(size_pt, bold)
    ratio = contrast(ink, fill)
    if ratio >= need:
        return None
    return (f"text in {ink} on {fill} has a contrast of {ratio:.2f}:1, under the {need:g}:1 text needs to be read "
            f"(WCAG 2.1 AA)")


def _inks(game: Game, main: YMap, accepted: Accepted) -> list[DataError]:
    listed = main.get("colours")
    out = []
    for j, c in enumerate(game.colours):
        why = text_problem(c.ink, c.fill)
        if why is not None and not accepted.covers((c.ink,), (c.fill, c.id)):
            message = f"player colour {c.name}: its letter and text: {why}; change its ink or fill"
            out.append(listed.error(message, j) if isinstance(listed, YList) else DataError(message, _game_file(game)))
    for name, t in game.terrain.items():
        if isinstance(t, YMap) and isinstance(t.get("ink"), str) and isinstance(t.get("fill"), str) and \
                t["ink"].startswith("#") and t["fill"].startswith("#"):
            why = text_problem(t["ink"], t["fill"])
            if why is not None and not accepted.covers((t["ink"],), (t["fill"], name)):
                out.append(t.error(f"terrain {name}: {why}; change its ink or fill", "ink"))
    return out


__all__ = ["MIN_CONTRAST", "Accepted", "ink_warnings", "pair_warnings", "text_problem"]
