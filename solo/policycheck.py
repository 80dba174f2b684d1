"""A policy's answers checked one by one: what ``solo simulate`` plays a failed game again with, to
tell the player which method of their policy returned what (or raised) in which year, instead of an
error from deep inside the engine. The games themselves run unchecked (the engine still refuses any
illegal move); only a game that failed is played again through :class:`CheckedPolicy`."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from solo.board import Board, KingdomMap
from solo.engine import Kingdom
from solo.policies import Policy
from solo.rules import BUILD_KINDS, FATE_RESULTS, RESOURCES


class PolicyMistake(Exception):
    """A policy method returned something it must not, or raised."""

    def __init__(self, method: str, year: int, what: str) -> None:
        super().__init__(method, year, what)
        self.method, self.year, self.what = method, year, what

    def text(self, where: str) -> str:
        when = "the setup" if self.year == 0 else f"year {self.year}"
        return f"{self.method}() {self.what}, in {when} of {where}"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_hex(value: Any, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


class CheckedPolicy(Policy):
    """Wraps a policy: every answer is checked for its type and shape before the engine sees it."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.rng, self.random = inner.rng, inner.random
        self.kingdom: Kingdom | None = None

    def _ask(self, method: str, year: int, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except Exception as exc:
            raise PolicyMistake(method, year, f"raised {type(exc).__name__}: {exc}") from exc

    @staticmethod
    def _wrong(method: str, year: int, value: Any, must: str) -> PolicyMistake:
        return PolicyMistake(method, year, f"returned {_shown(value)} ({type(value).__name__}); it must "
                                           f"return {must}")

    def setup(self, kmap: KingdomMap, board: Board) -> tuple[int, int, int]:
        value = self._ask("setup", 0, lambda: self.inner.setup(kmap, board))
        if not (isinstance(value, (tuple, list)) and len(value) == 3
                and all(_is_hex(h, board.size) for h in value)):
            raise self._wrong("setup", 0, value, "three hexes (farm, mine, village) as ints such as "
                              "board.index['E5']")
        return (value[0], value[1], value[2])

    def reroll(self, k: Kingdom) -> int | None:
        value = self._ask("reroll", k.year, lambda: self.inner.reroll(k))
        if value is not None and not (isinstance(value, int) and value in k.dice):
            raise self._wrong("reroll", k.year, value, f"None or the face of a fate die ({k.dice})")
        return value

    def choose(self, k: Kingdom) -> Sequence[str]:
        value = self._ask("choose", k.year, lambda: self.inner.choose(k))
        n = k.rules.choose_count
        if not (isinstance(value, (tuple, list)) and len(value) == n
                and all(v in FATE_RESULTS for v in value)):
            raise self._wrong("choose", k.year, value, f"{n} different results of {', '.join(FATE_RESULTS)}")
        return value

    def lose(self, k: Kingdom, left: int, why: str) -> int:
        value = self._ask("lose", k.year, lambda: self.inner.lose(k, left, why))
        if not (_is_hex(value, k.board.size) and left >> value & 1):
            raise self._wrong("lose", k.year, value, f"one hex of the mask it was given ({k.board.names_of(left)})")
        return value

    def capital(self, k: Kingdom) -> str:
        value = self._ask("capital", k.year, lambda: self.inner.capital(k))
        if value not in RESOURCES:
            raise self._wrong("capital", k.year, value, "'food', 'ore' or 'labor'")
        return value

    def build(self, k: Kingdom, options: Sequence[str]) -> tuple[str, int] | None:
        value = self._ask("build", k.year, lambda: self.inner.build(k, options))
        if value is not None and not (isinstance(value, (tuple, list)) and len(value) == 2
                                      and value[0] in BUILD_KINDS and _is_hex(value[1], k.board.size)):
            raise self._wrong("build", k.year, value, "None or (kind, hex), such as ('farm', board.index['E5'])")
        return None if value is None else (value[0], value[1])

    def trade(self, k: Kingdom) -> str | None:
        value = self._ask("trade", k.year, lambda: self.inner.trade(k))
        if value is not None and value not in k.rules.trade_for:
            raise self._wrong("trade", k.year, value, f"None or one of {', '.join(map(repr, k.rules.trade_for))}")
        return value
