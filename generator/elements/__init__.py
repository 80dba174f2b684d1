"""The elements of boards and piece faces (text, boxes, tracks, hex maps...): one module a kind, each a
class declaring its accepted keys (their schema, documentation and defaults) and its drawing; see
:mod:`generator.elements.kind` and docs/design.md ("Adding an element kind").

Importing this package imports every module in it, and so registers every kind: a new kind is one new
file. (``checks.py``, the kinds as the game model sees them, is loaded after them by
:mod:`generator.build.loading`.) The data format's element schema (:data:`ELEMENT`), the per-kind key check and the drawing all
read the same declarations.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from ..source.schema import Key, Map, enum
from .keys import EVERY_KIND
from .kind import KINDS, Element

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model.game import Game

for _name in sorted(os.listdir(os.path.dirname(__file__))):
    if _name.endswith(".py") and _name not in ("__init__.py", "checks.py"):  # checks.py reads the kinds whole
        importlib.import_module(f"{__name__}.{_name[:-3]}")

TYPES = tuple(KINDS)  # every element type word, in the order the kinds' modules are named
COVERING = tuple(kind for kind, cls in KINDS.items() if cls.COVERS)
KEYS_OF: dict[str, frozenset[str]] = {kind: frozenset(cls.FIELDS) for kind, cls in KINDS.items()}


def _element_schema() -> Map:
    """One mapping of every key of every kind (each key's schema and wording is the same wherever it
    is used; which kind may use which key is :func:`key_problems`'s check)."""
    keys: dict[str, Key] = {"type": Key(enum(*TYPES), True), **EVERY_KIND}
    for kind, cls in KINDS.items():
        for name, f in cls.FIELDS.items():
            known = keys.setdefault(name, f.key)
            if known is not f.key and (known.schema is not f.key.schema or known.doc != f.key.doc):
                raise TypeError(f"element key {name!r}: {kind} declares it unlike another kind (share one Key)")
    return Map(keys, "board element", templated=True)  # {{ expressions }} (model/expand.py)


ELEMENT = _element_schema()


def key_problems(el: dict[str, Any]) -> list[tuple[str, str]]:
    """(key, message) for each key of ``el`` that another kind prints but its own kind does not (a
    track's cells on a text element would validate and print nothing)."""
    own = KEYS_OF.get(el.get("type"))  # type: ignore[arg-type]
    if own is None:
        return []
    out = []
    for key in el:
        if key == "type" or key in EVERY_KIND or key in own or key not in ELEMENT.keys:
            continue
        users = sorted(t for t, keys in KEYS_OF.items() if key in keys)
        out.append((key, f"{key} does not print on {_a(el['type'])} element (it belongs to "
                         f"{', '.join(users)} elements); remove it or change the type"))
    if "at_mm" in own and "at_mm" not in el and "at" not in el:
        out.append(("type", f"{_a(el['type'])} element needs at_mm (where it sits, in mm)"
                            + (" or at: (a hex of a named hex grid)" if "at" in own else "")))
    for key in missing(el):
        out.append(("type", f"{_a(el['type'])} element needs {key}:"))
    labels = el.get("labels")
    if "labels" in own and labels is not None and isinstance(labels, list) == (el["type"] == "hexgrid"):
        out.append(("labels", "a hexgrid's labels: is none, top or centre (where each hex's id prints)"
                    if el["type"] == "hexgrid" else f"a {el['type']}'s labels: is a list of texts, one a cell"))
    return out


def missing(el: dict[str, Any]) -> tuple[str, ...]:
    """The keys ``el``'s kind needs to print anything that it does not give (a text's ``text``), or ()."""
    kind = KINDS.get(el.get("type"))  # type: ignore[arg-type]
    return tuple(key for key in kind.NEEDS if key not in el) if kind is not None else ()


def kind_of(el: dict[str, Any]) -> type[Element]:
    """The kind of an element mapping (by its ``type:``)."""
    return KINDS[el["type"]]


def draw_elements(s: Surface, game: Game, elements: list[dict[str, Any]], ink: str) -> None:
    """Draw ``elements`` in order; ``ink`` is the board's or face's ink."""
    for el in elements:
        KINDS[el["type"]](el).draw(s, game, ink)


__all__ = ["COVERING", "ELEMENT", "KINDS", "KEYS_OF", "TYPES", "Element", "draw_elements", "key_problems", "kind_of"]


def _a(word: str) -> str:
    """The word with its article: a box, an icon."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
