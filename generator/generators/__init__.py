"""Generated components: code that turns a game's data and a seed into components (a random map, a
suggested arrangement). A YAML component ``kind: generated`` names one with ``generator:`` and gives
it ``params:``; every generator returns ordinary components (boards, pieces) that the layout prints.
"""

from __future__ import annotations

from typing import Callable

from ..model import Component, Game

Generator = Callable[[Game, Component, int], list[Component]]
GENERATORS: dict[str, Generator] = {}


def register(name: str) -> Callable[[Generator], Generator]:
    def wrap(fn: Generator) -> Generator:
        GENERATORS[name] = fn
        return fn
    return wrap


def load_all() -> None:
    """Import every generator module so it registers itself."""
    import importlib  # lazy, as pkgutil: loaded only for a game with generated components
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
