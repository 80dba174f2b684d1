"""The game model: YAML files checked against :mod:`format` and turned into :class:`Game`."""

from .game import Colour, Component, Game, Item
from .load import discover_games, read_game, resolve_game

__all__ = ["Colour", "Component", "Game", "Item", "discover_games", "read_game", "resolve_game"]
