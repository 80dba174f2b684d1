"""YAML with line numbers, safe against any input.

``load_yaml(path)`` reads a file with ``yaml.safe_load`` semantics, but every mapping is a
:class:`YMap` and every sequence a :class:`YList` that remember the 1-based line of each key and
item, so a message can point at ``file:line``. Duplicate keys are an error, not a silent overwrite.

>>> doc = loads("a: 1\\nb:\\n  - x\\n  - y\\n", "demo.yaml")
>>> doc.line_of("b"), doc["b"].line_of(1)
(2, 4)

Every data file, config file and solo log is read here, so this is where hostile input stops. The
text goes through libyaml's *event* parser only (a loop with its own stack, never recursion: its
node composer recurses in C and a file of 26,000 ``[`` kills the process), and the values are built
from the events by a loop in this module that enforces :data:`LIMITS` as it goes:

* the file's size (checked before anything is parsed) and the characters in it (a NUL or another
  control character is refused at its line, before libyaml sees the text, as is one escaped: "\\0");
* nesting depth, the number of values (counting what every alias stands for, so a "billion laughs"
  file is refused at the alias that passes the limit, without expanding anything), the length of
  one text and the digits of one number;
* numbers that are not numbers: ``.nan``, ``.inf`` and ``1e400`` (which overflows to infinity);
* tags other than YAML's plain ones (``!!python/object`` and friends are refused, never run).

Every refusal is a :class:`~generator.base.errors.DataError` with the file and line.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from ..base.errors import DataError, show
from ..base.record import Value

# YAML 1.1's printable characters are tab, line breaks, and everything but the C0/C1 controls,
# surrogates and U+FFFE/U+FFFF: a text holding anything else is refused at its line before libyaml
# sees it.
NOT_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")

try:  # libyaml's event parser where installed: the same events and marks as the pure-Python one
    from yaml.cyaml import CParser as _Parser
except ImportError:  # pragma: no cover - PyYAML without libyaml
    from yaml.loader import BaseLoader as _Parser


class YMap(dict):
    """A mapping that knows its file, its own line and the line of each key."""

    __slots__ = ("file", "line", "key_lines")  # a deck holds one per card: no attribute dict each

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.file = "<string>"
        self.line = 0
        self.key_lines: dict[Any, int] = {}

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)

    def error(self, message: str, key: Any = None, cls: type[DataError] = DataError) -> DataError:
        return cls(message, self.file, self.line_of(key) if key is not None else self.line)


class WrittenInt(int):
    """A whole number that remembers how the file wrote it (``+3``, ``007``, ``1_000``): it computes as
    the number, and prints as written wherever it is a text (``value: +3`` prints "+3")."""

    written: str

    def __new__(cls, value: int, written: str) -> "WrittenInt":
        made = super().__new__(cls, value)
        made.written = written
        return made

    def __str__(self) -> str:
        return self.written


class WrittenFloat(float):
    """A number with a fraction, as written (``1.50``, ``2.0e1``); see :class:`WrittenInt`."""

    written: str

    def __new__(cls, value: float, written: str) -> "WrittenFloat":
        made = super().__new__(cls, value)
        made.written = written
        return made

    def __str__(self) -> str:
        return self.written


class YList(list):
    """A list that knows its file, its own line and the line of each item."""

    __slots__ = ("file", "line", "item_lines")

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.file = "<string>"
        self.line = 0
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line

    def error(self, message: str, index: int | None = None, cls: type[DataError] = DataError) -> DataError:
        return cls(message, self.file, self.line_of(index) if index is not None else self.line)


@dataclass(frozen=True, slots=True)
class Limits(Value):
    """What one YAML file may hold. docs/data-format.md ("Limits") lists them for users.
    ``LIMITS.replace(aliases=False)`` is another set."""

    max_bytes: int = 8 * 1024 * 1024
    max_depth: int = 100  # mappings and lists inside each other
    max_values: int = 200_000  # every key, value and item, aliases counted as what they stand for
    max_text: int = 100_000  # characters in one text (a validated field has its own, smaller limit)
    max_digits: int = 30  # digits in one number
    aliases: bool = True  # *name may repeat an &name (refused in solo logs)


LIMITS = Limits()
MAX_BYTES = LIMITS.max_bytes


_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_MERGE = "tag:yaml.org,2002:merge"
_SCALAR_TAGS = {_STR, "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                "tag:yaml.org,2002:null", "tag:yaml.org,2002:timestamp"}
_RESOLVER = Resolver()
_CONSTRUCTOR = SafeConstructor()
_SCALARS = {tag: SafeConstructor.yaml_constructors[tag] for tag in _SCALAR_TAGS}


class _Frame:
    """A mapping or list being filled."""

    __slots__ = ("obj", "is_map", "anchor", "weight", "key", "key_line", "key_merge", "has_key", "explicit",
                 "merged")

    def __init__(self, obj: YMap | YList, is_map: bool, anchor: str | None):
        self.obj: Any = obj  # a YMap (is_map) or a YList
        self.is_map = is_map
        self.anchor = anchor
        self.weight = 1  # values in it, aliases expanded
        self.key: Any = None
        self.key_line = 0
        self.key_merge = False
        self.has_key = False
        # keys written in this mapping, kept from its first merge on (merged ones may be overridden);
        # until then every key in it was written there
        self.explicit: set | None = None
        self.merged: Any = None  # a set once the mapping merged another in


# first character of a plain scalar -> the implicit resolvers to try, as Resolver.resolve tries them
_WILDCARD = tuple(_RESOLVER.yaml_implicit_resolvers.get(None, ()))
_IMPLICIT = {first: tuple(found) + _WILDCARD for first, found in _RESOLVER.yaml_implicit_resolvers.items()
             if first is not None}
_PLAIN_PATHS = bool(_RESOLVER.yaml_path_resolvers)  # none in PyYAML's Resolver; if some, resolve() is asked


class _Builder:
    """Builds YMap/YList/scalars from libyaml's events with a loop (no recursion), within limits."""

    def __init__(self, text: str, name: str, limits: Limits):
        self.name = name
        self.limits = limits
        self.parser = _Parser(text)
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.open_anchors: set[str] = set()
        self.texts: dict[str, str] = {}
        self.values: dict[tuple[str, str], Any] = {}
        self.total = 0

    def fail(self, message: str, mark: Any) -> DataError:
        return DataError(message, self.name, mark.line + 1 if mark is not None else 1)

    def count(self, n: int, mark: Any) -> None:
        self.total += n
        if self.total > self.limits.max_values:
            raise self.fail(f"more than {self.limits.max_values:,} values (keys, items, numbers, texts"
                            f"{', and what each alias repeats' if self.limits.aliases else ''}) in one file; "
                            "that is the limit for one YAML file", mark)

    def run(self) -> Any:
        p = self.parser
        p.get_event()  # stream start
        if p.check_event(yaml.StreamEndEvent):
            p.get_event()
            return None
        p.get_event()  # document start
        value = self.document()
        p.get_event()  # document end
        if not p.check_event(yaml.StreamEndEvent):
            raise self.fail("expected one YAML document, found a second one (a line '---')",
                            p.peek_event().start_mark)
        p.get_event()
        return value

    def document(self) -> Any:
        """The document's value, built event by event (the hot loop of every load: a text, the
        commonest value, takes the short way; anything else goes through :meth:`scalar`)."""
        get_event = self.parser.get_event
        stack: list[_Frame] = []
        frame: _Frame | None = None  # stack[-1]
        max_values = self.limits.max_values
        plain: dict[str, Any] = {}  # a plain scalar's value by its text (what it resolves to depends on the text alone)
        anchors = self.anchors
        scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
        map_start, seq_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
        while True:
            event = get_event()
            cls = type(event)
            if cls is scalar_event:
                self.total += 1
                if self.total > max_values:
                    self.count(0, event.start_mark)
                value = self._scalar_value(event, stack, plain)
                weight = 1
                if event.anchor is not None:
                    anchors[event.anchor] = (value, 1)
                line = event.start_mark.line + 1
            elif cls is alias_event:
                value, weight = self._alias(event)
                line = event.start_mark.line + 1
            elif cls is map_start or cls is seq_start:
                frame = self._open(event, cls is map_start, len(stack))
                stack.append(frame)
                continue
            else:  # the end of a mapping or a list
                done = stack.pop()
                value, weight = done.obj, done.weight
                if done.anchor is not None:
                    self.open_anchors.discard(done.anchor)
                    anchors[done.anchor] = (value, weight)
                if not stack:
                    return value
                frame = stack[-1]
                line = value.line
            if frame is None:  # a document that is one scalar or alias
                return value
            frame.weight += weight
            if not frame.is_map:
                frame.obj.append(value)
                frame.obj.item_lines.append(line)
            elif frame.has_key:
                self.add(frame, value, line)
            else:
                self._key(frame, value, line, cls is scalar_event)

    def _scalar_value(self, event: Any, stack: list[_Frame], plain: dict[str, Any]) -> Any:
        """A scalar event's value: a plain text kept once (the commonest), a number, true/false or null
        read once a file, anything else through :meth:`scalar`."""
        text = event.value
        if event.style == '"' and NOT_PRINTABLE.search(text):  # an escape: "\0", "\x1b"
            raise self.fail(_escaped_control(text), event.start_mark)
        tag = event.tag
        if tag is None and not _PLAIN_PATHS:
            tag = _STR
            if event.implicit[0]:
                resolvers = _IMPLICIT.get(text[:1], _WILDCARD)
                if resolvers:  # it may be a number, true/false or null: read once a file
                    value = plain.get(text, _UNREAD)
                    if value is not _UNREAD:
                        return value
                    for resolved, regexp in resolvers:
                        if regexp.match(text):
                            tag = resolved
                            break
                    if tag != _MERGE:  # "<<" is a merge as a key only
                        value = plain[text] = self.scalar(event, stack, tag)
                        return value
        if tag is _STR and len(text) <= self.limits.max_text:
            return self.texts.setdefault(text, text)  # kept once however often it recurs (rules text)
        return self.scalar(event, stack, tag)

    def _alias(self, event: Any) -> tuple[Any, int]:
        """An alias's value and weight (what it stands for counts against the limit)."""
        mark = event.start_mark
        if not self.limits.aliases:
            raise self.fail(f"an alias (*{show(event.anchor, 40)[1:-1]}) repeats an earlier value; "
                            "write the value out instead", mark)
        if event.anchor in self.open_anchors:
            raise self.fail(f"alias *{event.anchor} is used inside the value it names", mark)
        if event.anchor not in self.anchors:
            raise self.fail(f"alias *{show(event.anchor, 40)[1:-1]} names no earlier &anchor", mark)
        value, weight = self.anchors[event.anchor]
        self.count(weight, mark)
        return value, weight

    def _open(self, event: Any, is_map: bool, depth: int) -> _Frame:
        """A mapping or list starting: its frame, the mapping or list made without its Python-level
        ``__init__`` (one per card of a deck)."""
        mark = event.start_mark
        self.count(1, mark)
        if depth >= self.limits.max_depth:
            raise self.fail(f"nested more than {self.limits.max_depth} levels deep", mark)
        tag = event.tag
        if tag is not None and tag != "!" and tag != (_MAP if is_map else _SEQ):
            raise self.fail(f"the tag {_tag(tag)} is not allowed here; plain YAML only", mark)
        if is_map:
            obj: Any = dict.__new__(YMap)
            obj.key_lines = {}
        else:
            obj = list.__new__(YList)
            obj.item_lines = []
        obj.file = self.name
        obj.line = mark.line + 1
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)
        return _Frame(obj, is_map, event.anchor)

    def _key(self, frame: _Frame, value: Any, line: int, scalar: bool) -> None:
        """A mapping's key (a list or a mapping cannot be one; ``<<`` merges)."""
        if value is _MergeKey:
            frame.key_merge = True
        elif not scalar:
            try:
                hash(value)
            except TypeError:
                raise DataError("a mapping key must be plain text, not a list or a mapping",
                                self.name, line) from None
        frame.key, frame.key_line, frame.has_key = value, line, True

    def scalar(self, event: Any, stack: list[_Frame], tag: str | None) -> Any:
        """A scalar's value (``tag``: its own tag, or the one resolved from a plain scalar)."""
        text = event.value
        mark = event.start_mark
        if tag is None or tag == "!":
            tag = _RESOLVER.resolve(ScalarNode, text, event.implicit)
        if tag == _MERGE:
            if stack and stack[-1].is_map and not stack[-1].has_key:
                return _MergeKey
            tag = _STR  # "<<" anywhere but as a key is just text
        constructor = _SCALARS.get(tag)
        if constructor is None:
            raise self.fail(f"the tag {_tag(tag)} is not allowed here; plain YAML only", mark)
        if len(text) > self.limits.max_text:
            raise self.fail(too_long(text, self.limits.max_text), mark)
        if tag != _STR:
            digits = sum(ch.isdigit() for ch in text)
            if digits > self.limits.max_digits:
                raise self.fail(f"a number of {digits} digits ({show(text, 20)}); at most "
                                f"{self.limits.max_digits} digits", mark)
        if tag == _STR:  # what SafeConstructor makes of a text: the text itself (most scalars),
            return self.texts.setdefault(text, text)  # kept once however often it recurs (rules text)
        known = self.values.get((tag, text))  # a number, true/false or date read before: the same value
        if known is not None:
            return known
        try:
            value = constructor(_CONSTRUCTOR, ScalarNode(tag, text, mark, event.end_mark, event.style))
        except (ValueError, OverflowError, TypeError, IndexError, KeyError,  # !!int "", !!bool maybe
                yaml.YAMLError):
            raise self.fail(f"{show(text)} cannot be read as a {tag.rsplit(':', 1)[-1]}", mark) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(f"{show(text)} is not a usable number (infinite or not a number); "
                            "write a plain number", mark)
        if type(value) in (int, float) and str(value) != text:
            value = (WrittenInt if type(value) is int else WrittenFloat)(value, text)
        if value is not None:
            self.values[(tag, text)] = value
        return value

    def add(self, frame: _Frame, value: Any, line: int) -> None:
        """A mapping's value, under the key read before it."""
        frame.has_key = False
        key = frame.key
        obj = frame.obj
        if frame.key_merge:
            frame.key_merge = False
            self.merge(frame, value, frame.key_line)
            return
        explicit = frame.explicit
        if key in (obj if explicit is None else explicit):
            raise DataError(f"duplicate key {show(key, 40)} (first given on line {obj.key_lines[key]})",
                            self.name, frame.key_line)
        if explicit is not None:
            explicit.add(key)
            if key in frame.merged:
                frame.merged.discard(key)  # a key written out overrides the one merged in
                del obj[key]
        obj[key] = value
        obj.key_lines[key] = frame.key_line

    def merge(self, frame: _Frame, value: Any, line: int) -> None:
        """``<<: *base`` or ``<<: [*a, *b]``: keys not written in this mapping come from the bases."""
        sources = value if isinstance(value, YList) else [value]
        if not all(isinstance(s, YMap) for s in sources) or not sources:
            raise DataError("<< (merge) takes a mapping or a list of mappings, like <<: *base",
                            self.name, line)
        obj = frame.obj
        if frame.merged is None:
            frame.explicit = set(obj)  # every key so far was written here
            frame.merged = set()
        for source in sources:
            for key, item in source.items():
                if key in obj:
                    continue
                obj[key] = item
                obj.key_lines[key] = source.line_of(key)
                frame.merged.add(key)


_UNREAD = object()  # no value yet


class _MergeKeyType:
    def __repr__(self) -> str:
        return "<<"


_MergeKey = _MergeKeyType()


def _tag(tag: str) -> str:
    """A tag as a user writes it: ``!!python/object``, not ``tag:yaml.org,2002:python/object``."""
    return show(tag.replace("tag:yaml.org,2002:", "!!"), 40)


def _escaped_control(text: str) -> str:
    bad = NOT_PRINTABLE.search(text)
    assert bad is not None  # only called for a text holding one
    return (f"a control character (U+{ord(bad.group()):04X}, written as an escape) in a text; "
            "texts, names and paths hold printable characters only")


def text_problem(text: str, max_chars: int | None = None) -> tuple[int, int, str] | None:
    """(line, column, sentence) of what keeps ``text`` from being a user's value, or None: a character
    not printable (C0/C1 controls but tab and line breaks, surrogates, U+FFFE/U+FFFF) or more than
    ``max_chars`` characters. A YAML file whole goes through it, and each spreadsheet cell."""
    bad = NOT_PRINTABLE.search(text)
    if bad is not None:
        line, column = text.count("\n", 0, bad.start()) + 1, bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        return line, column, f"a control character (U+{ord(bad.group()):04X})"
    return (1, 1, too_long(text, max_chars)) if max_chars is not None and len(text) > max_chars else None


def too_long(text: str, max_chars: int) -> str:
    return f"a text of {len(text):,} characters; at most {max_chars:,} fit in one value"


def _check_text(text: str, name: str) -> None:
    if (problem := text_problem(text)) is not None:
        raise DataError(f"{problem[2]} in column {problem[1]}; YAML files hold printable text only", name, problem[0])


def loads(text: str, source_name: str = "<string>", limits: Limits = LIMITS) -> Any:
    """Parse YAML text; any problem becomes a DataError with ``source:line``."""
    if len(text) > limits.max_bytes:
        raise DataError(f"text is too large ({len(text):,} characters; at most {limits.max_bytes:,})",
                        source_name, 1)
    _check_text(text, source_name)
    builder = _Builder(text, source_name, limits)
    try:
        return builder.run()
    except DataError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        if exc.problem and "nesting depth" in exc.problem:
            # libyaml 0.2.6's own bound of 1,000 levels, met a line ahead of the events we count (a line
            # of "[[[[..."): the levels past ours are on the line it marks
            raise DataError(f"nested more than {limits.max_depth} levels deep", source_name, line) from None
        what = exc.problem or exc.context or "unreadable YAML"
        if exc.context and exc.problem:
            what = f"{exc.context}: {exc.problem}" if "while" not in exc.context else exc.problem
        raise DataError(f"not valid YAML: {what}", source_name, line) from None
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML: {str(exc).splitlines()[0] if str(exc) else 'unreadable'}",
                        source_name, 1) from None
    finally:
        builder.parser.dispose()


def load_yaml(path: str | Path, display: str | None = None, limits: Limits = LIMITS) -> Any:
    """Read and parse one YAML file. ``display`` is the name used in messages (default: the path)."""
    path = Path(path)
    name = display or str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limits.max_bytes + 1)
    except FileNotFoundError:
        raise DataError("file not found", name) from None
    except IsADirectoryError:
        raise DataError("is a folder, not a YAML file", name) from None
    except OSError as exc:
        raise DataError(f"cannot read file: {exc.strerror}", name) from None
    if len(raw) > limits.max_bytes:
        raise DataError(f"file is too large (more than {limits.max_bytes:,} bytes)", name, 1)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError("not UTF-8 text", name, line) from None
    del raw
    return loads(text, name, limits)
