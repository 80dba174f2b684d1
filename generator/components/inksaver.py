"""The ink-saver look: pale grounds, terrain kept as a coloured outline and its pattern, hatched
backs instead of solid ones. Pure functions from the normal look to the saving one."""

from __future__ import annotations

from typing import Any

from ..art.colour import luminance, mix
from ..model import Component, Game
from ..model.kinds import Family
from .look import Look


def saver_front(look: Look) -> Look:
    """Ink-saver front: a pale ground, the terrain kept as a coloured outline and its pattern."""
    pale = mix(look.fill, "#ffffff", 0.85)
    band = look.band if look.band == "none" else \
        mix(look.band, "#ffffff", 0.7) if look.band else mix(look.fill, "#ffffff", 0.55)
    return look.replace(fill=pale, ink=_dark_ink(look.ink), pattern_colour=mix(look.fill, "#ffffff", 0.35),
                        outline=look.fill, band=band, faces=tuple(saver_front(face) for face in look.faces))


def _pale(value: Any) -> Any:
    """Every fill in board data lightened (ink-saver), strokes and text left dark."""
    if isinstance(value, dict):
        return {k: (_pale_colour(v) if k in ("fill", "sectors") else _pale(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_pale(v) for v in value]
    return value


def _pale_colour(value: Any) -> Any:
    if isinstance(value, list):
        return [_pale_colour(v) for v in value]
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        return mix(value, "#ffffff", 0.8)
    return value


def saver_components(game: Game, components: list[Component]) -> tuple[Game, list[Component]]:
    """The ink-saver versions of a game's boards (pale fills, pale terrain) for printing."""
    terrain = {k: {**v, "fill": mix(v["fill"], "#ffffff", 0.8)} for k, v in game.terrain.items()}
    pale_game = game.replace(terrain=terrain)
    out = [c.replace(spec=_pale(dict(c.spec))) if c.family == Family.BOARD else c for c in components]
    return pale_game, out


def saver_back(look: Look) -> Look:
    """Ink-saver back: white with a light hatch in the back's colour instead of a solid fill."""
    return look.replace(fill="#ffffff", ink=_dark_ink(look.ink), pattern="hatch",
                        pattern_colour=mix(look.fill, "#ffffff", 0.45), outline=mix(look.fill, "#ffffff", 0.45))


def _dark_ink(ink: str) -> str:
    return ink if luminance(ink) < 0.2 else "#000000"
