"""die: a d4, d6, d8, d10, d12 or d20 printed as its net (folded and glued) or as stickers for a blank
die; model/dice.py makes it into the pieces it prints, components/die.py draws them."""

from __future__ import annotations

from typing import Any, Callable

from ...model import Component, Game
from ...model.kinds import UNITS, ComponentKind, Family, Outline, register
from .pieces import CARD_ONLY


def paint_die(game: Game, comp: Component, side: str, safe_mm: float = 0.0) -> Callable[..., None]:
    """The painter of one printed piece of a die: a sticker or a whole net."""
    from ..die import draw_die  # lazy: a game without dice never loads their drawing

    return lambda s, c, look, bleed: draw_die(s, c, look, bleed, game, safe_mm)


def fit_die(comp: Component, look: Any, game: Game) -> list[str]:
    """What does not fit on one face of a die."""
    from ..die import die_problems  # lazy: a game without dice never loads their drawing

    return die_problems(comp, look, game)


KIND = register(ComponentKind("die", Family.DIE, "a die, printed as a net or as stickers", outline=Outline.DIE,
                              label="die", face_refused=CARD_ONLY, refused=UNITS, paint=paint_die, fit=fit_die,
                              also_called=("dice", "d6")))
