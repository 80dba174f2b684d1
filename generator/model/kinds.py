"""Component kinds as the model knows them: each kind's declaration (:class:`ComponentKind`), registered
by its own module in ``generator/components/kinds/`` (one file a kind, handed to the model when
:mod:`generator.build.loading` imports them). The model and every layer above ask a component's
declaration what it is (a card, a piece of some outline, a board...), never compare kind words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..base.errors import DataError
from ..base.vocabulary import StrEnum


class Family(StrEnum):
    """How a kind is printed and cut: the layout, the outputs and the checks go by its family."""

    PIECE = "piece"  # tiles, tokens and counters: many to a sheet, cut out, one- or two-sided
    CARD = "card"  # a deck: many to a sheet, a shared or own back, sections of text
    DIE = "die"  # printed as its net or its stickers (model/dice.py makes the pieces)
    BOARD = "board"  # one piece drawn with elements, whole or tiled over pages
    SHEET = "sheet"  # a page of sections (a score pad, a reference sheet)
    GENERATED = "generated"  # a board made by seeded code (generators/)


class Outline(StrEnum):
    """A piece's cut line: a rectangle (rounded by its ``corner_mm``), a hexagon, a circle, or a die's."""

    RECT = "rect"
    HEX = "hex"
    ROUND = "round"
    DIE = "die"


# component keys only the kinds with elements of their own use (model/units.py)
UNITS = {"units": "units: px and in place the elements of cards, pieces and boards",
         "dpi": "dpi goes with units: px, for the elements of cards, pieces and boards",
         "origin": "origin goes with units: px or in, for the elements of cards, pieces and boards"}


@dataclass(frozen=True)
class ComponentKind:
    """One kind of component: its ``kind:`` word and what it is. ``face_refused`` and ``refused``: face
    keys and component keys this kind cannot print, each with why (``{kind}`` names it). ``edges``: the
    sides a tile's ``edges:`` names (0: none). ``marker``: it may stand on a track's cells. ``label``:
    what the gallery and the PNG lists call one. ``paint``: its drawing, (game, component, side,
    safe_mm) -> a painter of one face (None: drawn by the page layout, as a sheet is). ``fit``: what
    does not fit on one face laid out as it prints, (component, look, game) -> problems, each a
    sentence (None: a kind whose faces hold no laid-out text)."""

    word: str
    family: Family
    doc: str
    outline: Outline = Outline.RECT
    butted: bool = False  # cut in blocks that share cut lines (cards, squares)
    corner_mm: float = 0.0  # the corner radius when the data gives none
    edges: int = 0
    marker: bool = False
    label: str = "piece"
    face_refused: Mapping[str, str] = field(default_factory=dict)
    back_allowed: frozenset[str] = frozenset()  # face_refused keys a back may still give (a card back's frame)
    refused: Mapping[str, str] = field(default_factory=dict)
    paint: Callable[..., Any] | None = field(default=None, compare=False)
    fit: Callable[..., list[str]] | None = field(default=None, compare=False)
    also_called: tuple[str, ...] = ()  # other words a designer may write for it (mat: a board), for the hint

    @property
    def pieces(self) -> bool:
        """Printed as pieces on sheets (cut out one by one): tiles, tokens, counters, cards, dice."""
        return self.family in (Family.PIECE, Family.CARD, Family.DIE)

    @property
    def whole(self) -> bool:
        """Printed whole, as many copies as asked: a board or a sheet."""
        return self.family in (Family.BOARD, Family.SHEET)


KINDS: dict[str, ComponentKind] = {}  # every kind by its word, in the order their modules register


def register(kind: ComponentKind) -> ComponentKind:
    """Add ``kind`` (its module calls this once, when imported)."""
    if kind.word in KINDS and KINDS[kind.word] != kind:
        raise TypeError(f"two component kinds are called {kind.word!r}")
    KINDS[kind.word] = kind
    return kind


def kind_of(word: Any) -> ComponentKind | None:
    """The declaration of the kind called ``word``, or None (no such kind: the schema refuses it)."""
    if not KINDS:
        raise RuntimeError("the component kinds were not handed to the model: import generator.build.loading")
    return KINDS.get(word) if isinstance(word, str) else None


def declared(word: str) -> ComponentKind:
    """The declaration of a kind a loaded component has (always one of :data:`KINDS`)."""
    kind = kind_of(word)
    if kind is None:
        raise DataError(f"no component kind {word!r} (kinds: {', '.join(KINDS)})")
    return kind


def also_called() -> dict[str, tuple[str, ...]]:
    """Each other word for a kind (mat, deck, chit...) and the words of the kinds it may mean (tile: a
    square or a hex tile), for a refusal's hint."""
    kind_of("")  # the kinds are there
    out: dict[str, tuple[str, ...]] = {}
    for w, k in KINDS.items():
        for other in k.also_called:
            out[other] = out.get(other, ()) + (w,)
    return out


def words(*families: Family) -> tuple[str, ...]:
    """The words of every kind (of ``families``, if given)."""
    kind_of("")  # the kinds are there
    return tuple(w for w, k in KINDS.items() if not families or k.family in families)
