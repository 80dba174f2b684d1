"""A small declarative checker for YAML data: every mapping has a known set of keys, every value a
type; anything else is an error at its ``file:line``. Unknown keys are errors (a typo must not pass
silently) and the message names the nearest known key.

A schema is a :class:`Map` of :class:`Key` s, a :class:`ListOf` another schema, or a scalar type.
``check(value, schema, errors)`` collects every problem rather than stopping at the first, so
``pnpforge validate`` can list them all.
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Mapping, Optional, Tuple

from ..base.errors import MAX_MESSAGE, DataError, show
from .yamlsrc import YList, YMap

HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# (formats) how close an unknown word must be to a known one before we ask "did you mean ...?"
CLOSE = 0.75
BOOL_NAME = "true/false"
YAML_BOOLS = "unquoted yes, no, on, off, true and false are true/false in YAML"
MAX_COUNT = 10_000  # pieces in one component (limits.PIECES_PER_COMPONENT)
SEE_LIMITS = "(see Limits in docs/data-format.md)"  # where every limit's refusal sends the reader
MAX_TEXT = 5_000  # characters in one text field (a long rules page is about 4,000)
Where = Tuple[Optional[str], Optional[int]]  # (file, line) a refusal names; either may be unknown


# The schema's building blocks are plain classes with __slots__: some 200 are made as the format is
# imported, on every run, and each dataclass costs about half a millisecond to define.

class _Node:
    __slots__: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in self.__slots__)})"


class Key(_Node):
    """``templated``: the key's value may hold ``{{ expression }}`` strings, filled in per item (as a
    templated Map's values may), though the mapping it is in is not templated (a die's faces)."""

    __slots__ = ("schema", "required", "doc", "templated")

    def __init__(self, schema: Any, required: bool = False, doc: str = "", templated: bool = False):
        self.schema = schema
        self.required = required
        self.doc = doc
        self.templated = templated


class Map(_Node):
    """``keys``: each key's schema. ``open``: any extra keys allowed (values unchecked).
    ``require_any``: (formats) groups of keys of which at least one must be given, e.g.
    (("kind", "extend"),). ``cases``: (formats) (selector key, target key, {selector value: schema}):
    the target's schema depends on the selector's value (a generated component's params depend on its
    generator). ``exactly_one``: groups of keys of which exactly one must be given (an icon shape is a
    path, circle, polygon or rect: none would draw nothing, two would draw only the first).
    ``templated``: (spreadsheets) inside this mapping any value may be a ``{{ expression }}`` string,
    checked to compile here and resolved per item at load time (model/expand.py), and a plain key may
    take the form ``{value: ..., when: ...}``. ``elsewhere``: (other mapping, where its keys go) for a
    key given one level off: an unknown key that is one of the other mapping's says so
    (``per_player`` on an item: "the component's key ..., not one item's")."""

    __slots__ = ("keys", "name", "open", "require_any", "cases", "exactly_one", "templated", "elsewhere")

    def __init__(self, keys: dict[str, Key], name: str = "mapping", open: bool = False, require_any: tuple = (),
                 cases: tuple = (), exactly_one: tuple = (), templated: bool = False, elsewhere: tuple = ()):
        self.keys = keys
        self.name = name
        self.open = open
        self.require_any = require_any
        self.cases = cases
        self.exactly_one = exactly_one
        self.templated = templated
        self.elsewhere = elsewhere

    def but(self, **changes: Any) -> "Map":
        """A copy with some fields changed (its keys are the same dict)."""
        fields = {k: getattr(self, k) for k in self.__slots__}
        fields.update(changes)
        return Map(**fields)


class MapOf(_Node):
    """A mapping from free names (identifiers) to values of one schema. ``key``: (spreadsheets) the
    names' own rule when they are not plain ids (terrain and icons: ids as the data writes them)."""

    __slots__ = ("value", "name", "key")

    def __init__(self, value: Any, name: str = "mapping", key: Any = None):
        self.value = value
        self.name = name
        self.key = key


class ListOf(_Node):
    """``single_ok``: a single value may stand for a one-item list."""

    __slots__ = ("item", "name", "min_items", "single_ok")

    def __init__(self, item: Any, name: str = "", min_items: int = 0, single_ok: bool = False):
        self.item = item
        self.name = name
        self.min_items = min_items
        self.single_ok = single_ok


class OneOf(_Node):
    __slots__ = ("options", "name")

    def __init__(self, options: tuple, name: str = "value"):
        self.options = options
        self.name = name


class Scalar(_Node):
    """``test``: a problem's wording, or None; ``json``: (formats) the same rule as JSON Schema;
    ``accepts``: where the wording costs more than the answer (a hint), whether ``test`` passes."""

    __slots__ = ("name", "test", "json", "accepts")

    def __init__(self, name: str, test: Callable[[Any], str | None], json: Any = None,
                 accepts: Callable[[Any], bool] | None = None):
        self.name = name
        self.test = test
        self.json = json
        self.accepts = accepts


class Later(_Node):
    """A schema made when a value first needs it (``make()``, once): a part of the format most games do
    not use, whose declarations cost something to import (the element kinds)."""

    __slots__ = ("make", "made")

    def __init__(self, make: Callable[[], Any]):
        self.make = make
        self.made: Any = None

    def get(self) -> Any:
        if self.made is None:
            self.made = self.make()
        return self.made


def resolved(schema: Any) -> Any:
    """``schema``, or what a :class:`Later` makes."""
    return schema.get() if isinstance(schema, Later) else schema


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _text(v: Any) -> str | None:
    if type(v) is str and len(v) <= MAX_TEXT:  # most values: a short text
        return None
    if isinstance(v, bool) or v is None or isinstance(v, (YMap, YList, dict, list)):
        return "expected text"
    if isinstance(v, float) and not math.isfinite(v):
        return "expected text"
    if isinstance(v, str) and len(v) > MAX_TEXT:
        return f"a text of {len(v):,} characters; at most {MAX_TEXT:,}"
    return None


_IDENT = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def _ident(v: Any) -> str | None:
    if not isinstance(v, str) or not _IDENT.fullmatch(v):
        return "expected an id (up to 64 lowercase letters, digits, - and _)"
    return None


def _num(lo: float | None = None, hi: float | None = None) -> Callable[[Any], str | None]:
    def test(v: Any) -> str | None:
        if not _is_num(v):
            return f"expected a number, not {show(v)}"
        if isinstance(v, float) and not math.isfinite(v):
            return f"expected a number, not {v} (infinite or not a number)"
        if lo is not None and v < lo:
            return f"must be at least {lo}, not {show(v)}"
        if hi is not None and v > hi:
            return f"must be at most {hi}, not {show(v)}"
        return None
    return test


def _int(lo: int | None = None, hi: int | None = None) -> Callable[[Any], str | None]:
    bounds = _num(lo, hi)

    def test(v: Any) -> str | None:
        if not isinstance(v, int) or isinstance(v, bool):
            return "expected a whole number"
        return bounds(v)
    return test


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "expected true or false"


COLOUR_WORDS = ("none", "player", "player-ink", "ink", "contrast")  # besides "#rrggbb"


def colour(*words: str) -> Scalar:
    """A colour: ``"#rrggbb"``, or one of ``words`` (of :data:`COLOUR_WORDS`), the keywords that mean
    something where this key is drawn (an icon's ``contrast``, a face's ``player``); any other
    keyword is refused here, at its line, rather than reaching a backend as a colour."""
    assert all(w in COLOUR_WORDS for w in words), words
    allowed = frozenset(words)
    if words:
        wanted = f"expected a colour like \"#1a2b3c\" (or {', '.join(words)})"
    else:
        wanted = "expected a colour like \"#1a2b3c\""

    def test(v: Any) -> str | None:
        if isinstance(v, str) and (HEX_COLOUR.match(v) or v in allowed):
            return None
        if isinstance(v, str) and v in COLOUR_WORDS:
            return f"{v} is not a colour here; {wanted[9:]}"
        return wanted
    pattern = "#[0-9a-fA-F]{6}" + "".join(f"|{w}" for w in words)
    return Scalar("colour", test, {"type": "string", "pattern": f"^({pattern})$"})


def enum(*values: str, meant: Callable[[], Mapping[str, tuple[str, ...]]] | None = None) -> Scalar:
    """One of ``values``; ``meant``: other words a designer may write, each with the values it may mean
    (``mat``: ``board``), for the hint."""
    def test(v: Any) -> str | None:
        if v in values:
            return None
        from difflib import get_close_matches  # only for a problem: not loaded on every run

        said = meant().get(str(v).strip().lower()) if meant is not None else None
        hint = list(said) if said else get_close_matches(str(v), values, n=1, cutoff=CLOSE)
        extra = f" (did you mean {' or '.join(repr(str(h)) for h in hint)}?)" if hint else ""  # a StrEnum as its word
        return f"expected one of {', '.join(values)}; got {show(v)}{extra}"
    return Scalar("|".join(values), test, {"enum": list(values)}, accepts=lambda v: v in values)


def _bounds(kind: str, lo: float | None, hi: float | None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": kind}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


_WRITTEN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")


def _written_id(v: Any) -> str | None:
    """(spreadsheets) an id as the data writes it: Heavy Cavalry (model/ids.py compares them)."""
    if isinstance(v, str) and _WRITTEN_ID.fullmatch(v) and v.strip() == v:
        return None
    return "expected an id (up to 64 letters, digits, spaces, - and _; compared ignoring case)"


TEXT = Scalar("text", _text, {"type": ["string", "number"]})
RICH_MARKS = re.compile(r"\{icon:|\*\*")  # rich text's marks that plain text would print as written


def _plain_text(v: Any) -> str | None:
    msg = _text(v)
    if msg is None and type(v) is str and RICH_MARKS.search(v):
        return (f"{show(v[:40])} prints as plain text here (a name or a title), so {{icon:...}} and **bold** "
                "would print as written: they work in a face's texts and its elements")
    return msg


PLAIN_TEXT = Scalar("plain text", _plain_text,
                    {"type": ["string", "number"], "pattern": "^(?![\\s\\S]*(\\{icon:|\\*\\*))"})
AS_TEXT = (TEXT, PLAIN_TEXT)  # where a number given prints as the text it was written as (0, +3, 1.50)
ID = Scalar("id", _ident, {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$"})
NAME_ID = Scalar("id", _written_id, {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 _-]*$"})
BOOL = Scalar("true/false", _bool, {"type": "boolean"})
COLOUR = colour("none", "ink", "player", "contrast")  # an icon shape's fill and stroke
PLAIN_COLOUR = colour()  # a player colour's or a terrain's own colours
# A face's fill and ink, a card's band, and a board's colours, where player and player-ink are the
# colour of the copy being printed (per_player boards; model/checks.py refuses them on other boards
# and on faces' elements, and none where an element does not draw without that paint).
FACE_FILL = colour("player", "none")
FACE_INK = colour("player", "ink", "player-ink")
BAND = colour("none", "player")  # none: a card without its title band
BOARD_COLOUR = colour("player", "player-ink")
ELEMENT_FILL = colour("none", "player", "player-ink")
NUM = Scalar("number", _num(), {"type": "number"})
POS_MM = Scalar("size in mm", _num(0.5, 5000), _bounds("number", 0.5, 5000))
COORD_MM = Scalar("position in mm", _num(-5000, 5000), _bounds("number", -5000, 5000))
_COUNT_RANGE = _int(0, MAX_COUNT)


def count_message(count: Any) -> str:
    """The refusal of an item's count over its limit (10,000, the unscaled per-component limit)."""
    return f"count {count} is over the limit of 10,000 pieces per component {SEE_LIMITS}"


def _count(v: Any) -> str | None:
    if isinstance(v, int) and not isinstance(v, bool) and v > MAX_COUNT:
        return count_message(show(v))  # the limit named, as every limit's refusal does
    return _COUNT_RANGE(v)


COUNT = Scalar("count", _count, _bounds("integer", 0, MAX_COUNT))


def num(lo: float | None = None, hi: float | None = None) -> Scalar:
    return Scalar("number", _num(lo, hi), _bounds("number", lo, hi))


def integer(lo: int | None = None, hi: int | None = None) -> Scalar:
    return Scalar("whole number", _int(lo, hi), _bounds("integer", lo, hi))


PAIR_MM = ListOf(POS_MM, "[width, height] in mm", min_items=2)
# a map line's ends and bends (a hexside, route or outline, and a game's own map_features)
LINE_CAP = Key(enum("round", "butt", "square"), doc="a line's ends: round (default), butt (square, at the end) "
                                                    "or square (half the width past it)")
LINE_JOIN = Key(enum("round", "miter", "bevel"), doc="a line's bends: round (default), miter (pointed) or bevel")
POINT_MM = ListOf(COORD_MM, "[x, y] in mm", min_items=2)

# a hex's size: a component's (hex tiles) and a hex grid element's
HEX_ACROSS_MM = Map({
    "flats": Key(POS_MM, doc="across the flats (from one straight side to the opposite one)"),
    "points": Key(POS_MM, doc="across the points (from one corner to the opposite one)"),
}, "hex size")
HEX_ACROSS_IN = Map({
    "flats": Key(num(0.1, 100), doc="across the flats, in inches"),
    "points": Key(num(0.1, 100), doc="across the points, in inches"),
}, "hex size")
HEX_SIZE = OneOf((POS_MM, HEX_ACROSS_MM), "a size across the flats, or {flats: X} or {points: X}")
HEX_SIZE_IN = OneOf((num(0.1, 100), HEX_ACROSS_IN),
                    "a size across the flats in inches, or {flats: X} or {points: X}")


def _is_template(value: Any) -> bool:
    """Whether a value is a text holding a ``{{ expression }}`` (or a ``{% %}`` statement, refused later)."""
    return type(value) is str and ("{{" in value or "{%" in value)


def check(value: Any, schema: Any, errors: list[DataError], where: Where, path: str,
          templated: bool | None = None) -> None:
    """Check ``value`` against ``schema``; append problems to ``errors``. ``where`` is the
    (file, line) of the value, ``path`` its dotted name for messages. ``templated``: whether a
    ``{{ expression }}`` string stands for a value here (None: as the mappings' schemas say; False:
    never, for values already resolved)."""
    file, line = where
    if isinstance(value, (YMap, YList)):
        file, line = value.file, value.line or line
    if _is_template(value):
        if templated:
            return  # a template: compiled, evaluated and its value checked by model/expand.py
        if templated is None:  # (False: a value already filled in, which may hold braces as its text)
            errors.append(DataError(f"{_at(path)}{value[:40]!r} holds a {{{{ }}}} template, filled in per item only "
                                    "in a face, back, item, element, layout or die's faces: here it would print "
                                    "as written, braces and all", file, line))
            return
    if isinstance(schema, Later):
        schema = schema.get()
    if isinstance(schema, Map):
        _check_map(value, schema, errors, (file, line), path, templated)
    elif isinstance(schema, MapOf):
        _check_map_of(value, schema, errors, (file, line), path, templated)
    elif isinstance(schema, ListOf):
        _check_list(value, schema, errors, (file, line), path, templated)
    elif isinstance(schema, OneOf):
        _check_one_of(value, schema, errors, (file, line), path, templated)
    elif isinstance(schema, Scalar):
        _check_scalar(value, schema, errors, (file, line), path)
    elif schema is not Any and schema is not None:  # pragma: no cover - a schema bug, not a user error
        raise TypeError(f"unknown schema {schema!r}")


def _check_map_of(value: Any, schema: MapOf, errors: list[DataError], where: Where, path: str,
                  templated: bool | None) -> None:
    file, line = where
    if not isinstance(value, dict):
        errors.append(DataError(f"{_at(path)}expected a mapping of names to values", file, line))
        return
    for key, item in value.items():
        kline = value.line_of(key) if isinstance(value, YMap) else line
        msg = _ident(key) if schema.key is None else schema.key.test(key)
        if msg:
            errors.append(DataError(f"{_at(path)}key {show(key)}: {msg}", file, kline))
        check(item, schema.value, errors, (file, kline), _key(path, key), templated)


def _check_list(value: Any, schema: ListOf, errors: list[DataError], where: Where, path: str,
                templated: bool | None) -> None:
    file, line = where
    if not isinstance(value, list):
        if schema.single_ok and value is not None:
            check(value, schema.item, errors, (file, line), path, templated)
            return
        named = f" ({schema.name})" if schema.name else ""
        errors.append(DataError(f"{_at(path)}expected a list{named}", file, line))
        return
    if len(value) < schema.min_items:
        errors.append(DataError(f"{_at(path)}needs at least {schema.min_items} items, has {len(value)}", file, line))
    scalar = schema.item if type(schema.item) is Scalar else None
    for i, item in enumerate(value):
        if scalar is not None and scalar.test(item) is None and not (
                type(item) is str and (templated or (templated is None and _is_template(item)))):
            if scalar in AS_TEXT and type(item) is not str:
                value[i] = str(item)  # as in a mapping: the number as written
            continue  # a valid text or number: checked without a path
        iline = value.line_of(i) if isinstance(value, YList) else line
        check(item, schema.item, errors, (file, iline), _item(path, i), templated)


def _check_one_of(value: Any, schema: OneOf, errors: list[DataError], where: Where, path: str,
                  templated: bool | None) -> None:
    file, line = where
    trial: list[DataError] = []
    shaped: list[DataError] | None = None  # the option of the value's own shape: its reason is clearer
    last = len(schema.options) - 1
    for i, option in enumerate(schema.options):
        if i < last and type(option) is Scalar and option.accepts is not None and isinstance(value, dict):
            # a mapping against a plain value's rule (back: none | same | a face): what it would say
            # is never shown (a mapping shows the last option's reasons), only whether it passes
            if option.accepts(value):
                return
            continue
        trial = []
        check(value, option, trial, (file, line), path, templated)
        if not trial:
            return
        if shaped is None and ((isinstance(option, ListOf) and isinstance(value, list)) or (
                isinstance(option, Scalar) and _is_num(value) and not any(": expected" in e.message for e in trial))):
            shaped = trial
    if isinstance(value, dict):
        errors.extend(trial)
    elif shaped is not None:  # a size of 100000 mm: "must be at most 5000", not "expected a size"
        errors.extend(shaped)
    else:
        errors.append(DataError(f"{_at(path)}expected {schema.name}", file, line))


def _check_scalar(value: Any, schema: Scalar, errors: list[DataError], where: Where, path: str) -> None:
    msg = schema.test(value)
    if msg and isinstance(value, bool) and schema.name != BOOL_NAME:
        word = "no" if value is False else "yes"
        msg = f"{msg}, but YAML read this as {str(value).lower()} ({YAML_BOOLS}); put it in quotes: \"{word}\""
    if msg:
        errors.append(DataError(f"{_at(path)}{msg}", *where))


WHEN_FORM = ("value", "when")


def _check_when_form(value: Any, spec: Key, errors: list[DataError], where: Where, path: str) -> None:
    """``title: {value: "...", when: "{{ X }}"}``: a key printed only when its condition holds."""
    file, line = where
    for key in value:
        if key not in WHEN_FORM:
            errors.append(DataError(f"{_at(path)}unknown key {show(key, 40)}; a key with a condition is "
                                    f"{{value: ..., when: ...}}", file, line))
    if "value" not in value:
        errors.append(DataError(f"{_at(path)}missing required key 'value' (the value printed when 'when' holds)",
                                file, line))
    else:
        check(value["value"], spec.schema, errors, (file, line), _key(path, "value"), True)
    when = value["when"]
    if not isinstance(when, (bool, int, float, str)) or (isinstance(when, float) and not math.isfinite(when)):
        errors.append(DataError(f"{_at(_key(path, 'when'))}expected true, false or an expression \"{{{{ ... }}}}\"",
                                file, line))


def _plain_ok(owner: Any, key: Any, item: Any, schema: Any, templated: bool | None) -> bool:
    """Whether ``item`` is a valid plain value (the commonest case, checked without a path); a number
    given where a text prints is made that text, as written (0, +3, 1.50)."""
    if type(schema) is not Scalar or schema.test(item) is not None or (
            templated is not False and _is_template(item)):
        return False
    if schema in AS_TEXT and type(item) is not str:
        owner[key] = str(item)
    return True


def _check_map(value: Any, schema: Map, errors: list[DataError], where: Where, path: str,
               templated: bool | None = None) -> None:
    file, line = where
    if templated is not False and schema.templated:
        templated = True
    if not isinstance(value, dict):
        errors.append(DataError(_listed(f"{_at(path)}expected a mapping ({schema.name}) with keys ",
                                        sorted(schema.keys), len(f"{file}:{line}: ")), file, line))
        return
    key_lines, key_line = (value.key_lines, value.line) if isinstance(value, YMap) else ({}, line)
    for key, item in value.items():
        kline = key_lines.get(key, key_line)
        spec = schema.keys.get(key) if isinstance(key, str) else None
        sub = True if spec is not None and spec.templated and templated is not False else templated
        if spec is not None and _plain_ok(value, key, item, spec.schema, sub):
            continue  # a valid text, number or word: the commonest value, checked without a path
        if spec is None:
            if not schema.open:
                errors.append(DataError(_unknown_key(path, key, schema, len(f"{file}:{kline}: ")), file, kline))
            continue
        if sub and type(spec.schema) is Scalar and isinstance(item, dict) and "when" in item:
            _check_when_form(item, spec, errors, (file, kline), _key(path, key))
            continue
        check(item, spec.schema, errors, (file, kline), _key(path, key), sub)
    _check_needed(value, schema, errors, (file, line), path)
    for selector, target, options in schema.cases:
        chosen = options.get(value.get(selector)) if isinstance(value.get(selector), str) else None
        if chosen is not None and target in value:
            tline = value.line_of(target) if isinstance(value, YMap) else line
            check(value[target], chosen, errors, (file, tline), _key(path, target), templated)


def _unknown_key(path: str, key: Any, schema: Map, place: int = 0) -> str:
    """The refusal of an unknown key, the known keys listed in what the message has left (``place``: the
    length of the file:line it is shown after)."""
    from difflib import get_close_matches  # only for a problem: not loaded on every run

    there = [where for other, where in schema.elsewhere if key in other.keys]
    hint = get_close_matches(str(key), list(schema.keys), n=1, cutoff=CLOSE)
    if there:
        extra = f" here: it is {there[0]}"
    else:
        extra = f" (did you mean {str(hint[0])!r}?)" if hint else ""  # a StrEnum member as its word
    return _listed(f"{_at(path)}unknown key {show(key, 40)}{extra}; known keys: ", sorted(schema.keys), place)


def _listed(head: str, names: list[str], place: int) -> str:
    """``head`` then ``names`` joined by commas: as many whole names as fit the message shown after a
    ``file:line: `` of ``place`` characters, then how many more (a message is cut at MAX_MESSAGE
    characters, which would cut a name in half)."""
    room = MAX_MESSAGE - min(place, 122) - len(head)  # a place is shown cut to 120 characters and ": "
    return head + _fitted(names, room)


def _fitted(names: list[str], room: int) -> str:
    text = ", ".join(names)
    if len(text) <= room:
        return text
    shown: list[str] = []
    used = 0  # the length of ", ".join(shown)
    for name in names:
        grown = used + len(name) + (2 if shown else 0)
        if grown + len(f" and {len(names) - len(shown) - 1} more (docs/data-format.md)") > room:
            break
        shown.append(name)
        used = grown
    if not shown:
        return f"{len(names)}, in docs/data-format.md"
    return f"{', '.join(shown)} and {len(names) - len(shown)} more (docs/data-format.md)"


def _check_needed(value: dict, schema: Map, errors: list[DataError], where: Where, path: str) -> None:
    """The keys a mapping must give: each required one, one of each require_any group, exactly one
    of each exactly_one group."""
    file, line = where
    for key, spec in schema.keys.items():
        if spec.required and key not in value:
            errors.append(DataError(f"{_at(path)}missing required key {key!r}", file, line))
    for group in schema.require_any:
        if not any(k in value for k in group):
            errors.append(DataError(f"{_at(path)}missing required key {group[0]!r} (or "
                                    f"{' or '.join(repr(k) for k in group[1:])})", file, line))
    for group in schema.exactly_one:
        given = [k for k in group if k in value]
        names = f"{', '.join(repr(k) for k in group[:-1])} or {group[-1]!r}"
        if not given:
            errors.append(DataError(f"{_at(path)}{_a(schema.name)} needs one of {names}; this one has none and would "
                                    f"draw nothing", file, line))
        elif len(given) > 1:
            errors.append(DataError(f"{_at(path)}{_a(schema.name)} is one of {names}; this one has "
                                    f"{' and '.join(repr(k) for k in given)}: split it into one shape each",
                                    file, line))


def _at(path: str) -> str:
    """A message's opening: the value's name, or nothing for a file's top level (``file:line`` names
    the file already)."""
    return f"{path}: " if path else ""


def _key(path: str, key: Any) -> str:
    """The name of ``key`` in the mapping named ``path`` (``components[2].items``)."""
    return f"{path}.{key}" if path else str(key)


def _item(path: str, i: int) -> str:
    """The name of the ``i``-th item (from 0) of the list named ``path``, counted from 1 as a reader
    counts: ``items[1]`` is the first."""
    return f"{path}[{i + 1}]" if path else f"item {i + 1}"


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


# A hex of a hex map, and one hex's mark (a hexgrid element's marks:, a marks_from sheet's rows).
HEX_ADDRESS = OneOf((ListOf(integer(-200, 200), "[q, r]", min_items=2), TEXT),
                    "an axial [q, r] or an id in the grid's numbering, such as \"0604\", \"F4\" or \"16BB\"")
HEX_MARK = Map({
    "hex": Key(HEX_ADDRESS, True),
    "fill": Key(BOARD_COLOUR),
    "terrain": Key(NAME_ID),
    "text": Key(TEXT),
    "icon": Key(TEXT),
}, "hex mark")
