"""The components a build prints: each ``generated`` component replaced by what its generator makes,
and a per-player board copied once for each player colour."""

from __future__ import annotations

from typing import Any

from ..errors import DataError
from ..model import Component, Game
from . import GENERATORS, load_all


def expand_generated(game: Game, seed: int) -> list[Component]:
    """The game's components with every ``generated`` one replaced by what its generator makes."""
    if any(comp.kind == "generated" for comp in game.components):
        load_all()
    out: list[Component] = []
    for comp in game.components:
        if comp.kind == "board" and comp.spec.get("per_player"):
            out.extend(player_boards(game, comp))
            continue
        if comp.kind != "generated":
            out.append(comp)
            continue
        name = comp.spec.get("generator")
        fn = GENERATORS.get(name or "")
        if fn is None:
            raise DataError(f"unknown generator {name!r}; known: {', '.join(sorted(GENERATORS)) or 'none'}",
                            comp.file, comp.spec.line_of("generator"))
        try:
            out.extend(fn(game, comp, seed))
        except (KeyError, ValueError, TypeError, IndexError, AttributeError, ZeroDivisionError,
                OverflowError) as exc:  # params the generator cannot use: refused at the component
            detail = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
            raise DataError(f"generator {name!r} cannot use these params ({type(exc).__name__}: "
                            f"{str(detail)[:60]})", comp.file, comp.spec.line_of("params")) from None
    return out


def _for_player(value: Any, colour: Any) -> Any:
    """A copy of board data with {player} in texts and the colour "player" filled in."""
    if isinstance(value, dict):
        return {k: _for_player(v, colour) for k, v in value.items()}
    if isinstance(value, list):
        return [_for_player(v, colour) for v in value]
    if isinstance(value, str):
        if value == "player":
            return colour.fill
        if value == "player-ink":
            return colour.ink
        return value.replace("{player}", colour.name).replace("{cue}", colour.cue).replace("{shape}", colour.shape)
    return value


def player_boards(game: Game, comp: Component) -> list[Component]:
    """One copy of a per-player board for each player colour."""
    wanted = comp.spec.get("players")
    colours = [c for c in game.colours if not wanted or c.id in wanted]
    out = []
    for colour in colours:
        spec = _for_player({k: v for k, v in comp.spec.items() if k != "per_player"}, colour)
        spec["id"] = f"{comp.id}-{colour.id}"
        spec["name"] = f"{comp.name} ({colour.name})"
        out.append(Component(id=spec["id"], name=spec["name"], kind="board", size_mm=comp.size_mm, items=[],
                             spec=spec, file=comp.file, line=comp.line))
    return out
