"""What an element kind is: a class declaring its accepted keys (each a :class:`Field`: its schema, its
documentation and its default) and its drawing, one class a module in this package.

A kind is registered by subclassing :class:`Element` with ``kind="name"`` (the value of an element's
``type:``); :mod:`generator.elements` imports every module of the package, so a new kind is one new
file. The schema (``validate``, ``pnpforge schema``), the per-kind key check and the docs check all
read :data:`KINDS`.

An element's values are read through its fields: ``Track(el).cells`` is ``el["cells"]`` if given,
else the declared default. The element mapping itself is ``.el`` (its ``file`` and ``line``, for
warnings, are :attr:`Element.where`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..source.schema import Key

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model.game import Game

KINDS: dict[str, type[Element]] = {}  # each kind by its type: word, in the order the modules are imported


class Field:
    """One accepted key of an element kind: its schema :class:`~generator.source.schema.Key` (type,
    required, doc) and the value read when the element does not give it."""

    __slots__ = ("key", "default", "name")

    def __init__(self, key: Key, default: Any = None):
        self.key = key
        self.default = default
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Element | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return obj.el.get(self.name, self.default)


def field(key: Key, default: Any = None) -> Any:
    """A field of an element kind (typed ``Any`` so that the class body's annotation types the value,
    as :func:`dataclasses.field` does)."""
    return Field(key, default)


class Element:
    """One element of a board or a face, read through its kind's fields."""

    __slots__ = ("el",)
    KIND = ""  # the type: word
    COVERS = False  # a box of its own (box_mm) that a map's hexes on the same board would hide or be hidden by
    FIELDS: dict[str, Field] = {}  # the kind's own keys, in declaration order
    NEEDS: tuple[str, ...] = ()  # keys this kind requires (the element schema is every kind's: it requires none)

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not kind:
            raise TypeError(f"{cls.__name__}: an element kind needs kind=\"its type word\"")
        if kind in KINDS:
            raise TypeError(f"two element kinds named {kind!r}: {KINDS[kind].__module__} and {cls.__module__}")
        cls.KIND = kind
        cls.FIELDS = {name: f for name, f in vars(cls).items() if isinstance(f, Field)}
        KINDS[kind] = cls

    def __init__(self, el: dict[str, Any]):
        self.el = el

    @property
    def where(self) -> tuple:
        """(file, line) of the element in its YAML file, or (None, None) for a generated one; an element
        made from a spreadsheet row is placed at the row, and the element written in YAML named after it
        ("cards.csv:2 (from game.yaml:9)")."""
        file, line = getattr(self.el, "file", None), getattr(self.el, "line", None)
        written = getattr(self.el, "template_at", "")
        if written and file:
            return (f"{file}:{line} (from {written})" if line else f"{file} (from {written})", None)
        return (file, line)

    def ink_or(self, ink: str) -> str:
        """The element's own ``ink:``, else ``ink`` (the board's or face's)."""
        return self.el.get("ink", ink)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        """Draw the element; ``ink`` is the board's or face's ink (each kind's default for its lines)."""
        raise NotImplementedError

    def box_mm(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 in mm of a covering kind: at_mm and size_mm (a kind may work it out otherwise)."""
        x, y = float(self.el["at_mm"][0]), float(self.el["at_mm"][1])
        w, h = (self.el.get("size_mm") or self.default("size_mm"))[:2]
        return x, y, x + float(w), y + float(h)

    @classmethod
    def default(cls, name: str) -> Any:
        """The kind's default for one of its keys."""
        return cls.FIELDS[name].default
