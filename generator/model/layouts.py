"""``layouts:`` in game.yaml: named lists of elements, or named elements so that one can ``extends:``
another (``shift_mm`` moves it, ``grow_mm`` makes it larger, as Squib's ``+=``), and a layout can
``extends:`` another. Each is resolved once, at load, into a plain list of elements."""

from __future__ import annotations

from typing import Any, Iterable

from ..base.errors import DataError
from ..source.schema import check
from ..source.template import template_errors
from ..source.yamlsrc import YList, YMap
from . import format as fmt

SHIFTED = ("at_mm", "to_mm")  # moved by repeat's step_mm and an extending element's shift_mm


def resolve_layouts(docs: Iterable[YMap], errors: list[DataError]) -> dict[str, list[YMap]]:
    """Every ``layouts:`` entry as a plain list of elements, extends resolved."""
    written: dict[str, Any] = {}
    for doc in docs:
        for name, value in (doc.get("layouts") or {}).items():
            if name in written:
                errors.append((doc["layouts"]).error(f"layout {name!r} is defined twice", name))
                continue
            written[name] = value
    template_errors(written, errors)  # a layout's texts compile, used or not
    found = _Layouts(written, errors)
    bases = _bases(written)
    layouts: dict[str, list[YMap]] = {}
    for name in written:
        elements = found.named_of(name, (name,))
        for key, el in elements:
            for need in ("type", "at_mm"):
                if need not in el:
                    errors.append(el.error(f"layout {name!r}: element {key!r} needs {need} (or extends: another "
                                           f"element that has it)"))
        layouts[name] = [el for key, el in elements if not (key in bases and _pattern(el))]
    return layouts


def _bases(written: dict[str, Any]) -> set[str]:
    """The names of elements that another element of a layout ``extends:``."""
    return {str(el["extends"]) for value in written.values() if isinstance(value, YMap)
            for key, el in value.items() if isinstance(el, YMap) and el.get("extends") not in (None, key)}


def _pattern(el: YMap) -> bool:
    """An element others extend that cannot print on its own (a text without ``text:``): a pattern for
    them, not drawn itself, as a Squib layout entry is drawn only where a command uses it."""
    return isinstance(el.get("type"), str) and bool(fmt.element_kinds().missing(el))


Named = list[tuple[str | None, YMap]]  # a layout's elements, each with its name (None: a plain list's)


class _Layouts:
    """The layouts as written, each resolved once into its named elements."""

    def __init__(self, written: dict[str, Any], errors: list[DataError]):
        self.written = written
        self.errors = errors
        self.named: dict[str, Named] = {}

    def named_of(self, name: str, chain: tuple[str, ...]) -> Named:
        if name not in self.named:
            value = self.written[name]
            if isinstance(value, list):
                self.named[name] = [(None, el) for el in value]
            elif isinstance(value, YMap):
                self.named[name] = self._extending(name, value, chain)
            else:
                self.named[name] = []
        return self.named[name]

    def _parent(self, value: YMap, chain: tuple[str, ...]) -> Named:
        """The elements of the layout ``value`` extends (none, said, if it names no layout or a loop)."""
        parent = value.get("extends")
        if parent is None:
            return []
        if parent not in self.written:
            self.errors.append(value.error(f"extends: no layout {parent!r} (layouts: {', '.join(sorted(self.written))})",
                                           "extends"))
            return []
        if parent in chain:
            self.errors.append(value.error(f"layouts extend each other in a loop ({' -> '.join(chain + (parent,))})",
                                           "extends"))
            return []
        return list(self.named_of(parent, chain + (parent,)))

    def _extending(self, name: str, value: YMap, chain: tuple[str, ...]) -> Named:
        """A layout of named elements: its parent's, each of its own merged over the one it extends."""
        out = self._parent(value, chain)
        own = {k: v for k, v in value.items() if k != "extends"}
        for key, el in own.items():
            if not isinstance(el, YMap):
                self.errors.append(value.error(f"layout {name!r}: {key!r} should be an element (a mapping with "
                                               f"type:, at_mm: ...)", key))
                continue
            check(el, fmt.LAYOUT_ELEMENT, self.errors, (el.file, el.line), f"layouts.{name}.{key}")
        merger = _Merger(name, own, dict(out), self.errors)
        final: Named = [(k, e) for k, e in out if k is None]
        for key in [k for k, _ in out if k is not None] + [k for k in own if k not in merger.inherited]:
            el = merger.element(key, (key,)) if key in own else merger.inherited[key]
            if el is not None:
                final.append((key, el))
        return final


class _Merger:
    """One layout's own elements, each merged over the element it extends (its parent's of the same
    name, or another it names), each once: a refusal is said once, however often it is named."""

    def __init__(self, layout: str, own: dict[str, Any], inherited: dict[str | None, YMap], errors: list[DataError]):
        self.layout = layout
        self.own = own
        self.inherited = inherited
        self.errors = errors
        self.resolved: dict[str, YMap | None] = {}

    def element(self, key: str, seen: tuple[str, ...]) -> YMap | None:
        if key not in self.resolved:
            self.resolved[key] = self._merge(key, seen)
        return self.resolved[key]

    def _merge(self, key: str, seen: tuple[str, ...]) -> YMap | None:
        el = self.own.get(key)
        base = self.inherited.get(key)
        if not isinstance(el, YMap):
            return base
        parent_name = el.get("extends")
        if parent_name is not None:
            if not isinstance(parent_name, (str, int)) or isinstance(parent_name, bool):
                return None  # a list or a mapping: the format's check refuses it at its line
            if parent_name in seen:
                self.errors.append(el.error(f"elements extend each other in a loop "
                                            f"({' -> '.join(seen + (parent_name,))})", "extends"))
                return None
            base = self._base(key, parent_name, base, seen)
            if base is None:
                if parent_name not in self.own:  # one refused itself is said at its line, not again here
                    self.errors.append(el.error(f"extends: no element {parent_name!r} in layout {self.layout!r}",
                                                "extends"))
                return None
        return _merge_element(base, el)

    def _base(self, key: str, parent_name: Any, base: YMap | None, seen: tuple[str, ...]) -> YMap | None:
        if parent_name == key:
            return base
        if parent_name in self.own:
            return self.element(parent_name, seen + (parent_name,))
        return self.inherited.get(parent_name)


def _merge_element(base: YMap | None, own: YMap) -> YMap:
    out = YMap()
    out.file, out.line = own.file, own.line
    if base is not None:
        for key, value in base.items():
            out[key] = value
            out.key_lines[key] = base.line_of(key)
    shift: Any = own.get("shift_mm")  # a pair of numbers where _pair says so
    grow: Any = own.get("grow_mm")
    for key, value in own.items():
        if key in ("extends", "shift_mm", "grow_mm"):
            continue
        out[key] = value
        out.key_lines[key] = own.line_of(key)
    if _pair(shift):
        for key in SHIFTED:
            point: Any = out.get(key)
            if _pair(point):
                moved = YList([point[0] + shift[0], point[1] + shift[1]])
                moved.file, moved.line = own.file, own.line_of("shift_mm")
                out[key] = moved
    size: Any = out.get("size_mm")
    if _pair(grow) and _pair(size):
        grown = YList([size[0] + grow[0], size[1] + grow[1]])
        grown.file, grown.line = own.file, own.line_of("grow_mm")
        out["size_mm"] = grown
    return out


def _pair(value: Any) -> bool:
    """Two numbers first (a point or a size to move or grow); anything else is left to the checks."""
    return isinstance(value, list) and len(value) >= 2 and \
        all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value[:2])
