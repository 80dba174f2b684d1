"""YAML with line numbers.

``load_yaml(path)`` reads a file with ``yaml.safe_load`` semantics, but every mapping is a
:class:`YMap` and every sequence a :class:`YList` that remember the 1-based line of each key and
item, so a message can point at ``file:line``. Duplicate keys are an error, not a silent overwrite.

>>> doc = loads("a: 1\\nb:\\n  - x\\n  - y\\n", "demo.yaml")
>>> doc.line_of("b"), doc["b"].line_of(1)
(2, 4)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataError


class YMap(dict):
    """A mapping that knows its file, its own line and the line of each key."""

    file: str = "<string>"
    line: int = 0

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.key_lines: dict[Any, int] = {}

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)

    def error(self, message: str, key: Any = None, cls: type[DataError] = DataError) -> DataError:
        return cls(message, self.file, self.line_of(key) if key is not None else self.line)


class YList(list):
    """A list that knows its file, its own line and the line of each item."""

    file: str = "<string>"
    line: int = 0

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line

    def error(self, message: str, index: int | None = None, cls: type[DataError] = DataError) -> DataError:
        return cls(message, self.file, self.line_of(index) if index is not None else self.line)


_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: same marks, 5x faster


class _Loader(_BASE):  # type: ignore[misc, valid-type]
    """SafeLoader that builds YMap/YList and refuses duplicate keys."""

    source_name = "<string>"


def _construct_map(loader: _Loader, node: yaml.MappingNode) -> YMap:
    loader.flatten_mapping(node)
    result = YMap()
    result.file = loader.source_name
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise DataError("a mapping key must be plain text", loader.source_name,
                            key_node.start_mark.line + 1) from None
        if key in result:
            raise DataError(f"duplicate key {key!r} (first given on line {result.key_lines[key]})",
                            loader.source_name, key_node.start_mark.line + 1)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_seq(loader: _Loader, node: yaml.SequenceNode) -> YList:
    result = YList()
    result.file = loader.source_name
    result.line = node.start_mark.line + 1
    for item in node.value:
        result.append(loader.construct_object(item, deep=True))
        result.item_lines.append(item.start_mark.line + 1)
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_seq)

MAX_BYTES = 8 * 1024 * 1024


def loads(text: str, source_name: str = "<string>") -> Any:
    """Parse YAML text; any YAML problem becomes a DataError with ``source:line``."""
    loader = _Loader(text)
    loader.source_name = source_name
    try:
        return loader.get_single_data()
    except DataError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = exc.problem or exc.context or "unreadable YAML"
        raise DataError(f"not valid YAML: {what}", source_name, line) from None
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML: {exc}", source_name) from None
    except RecursionError:
        raise DataError("not valid YAML: nested too deeply", source_name) from None
    finally:
        loader.dispose()


def load_yaml(path: str | Path, display: str | None = None) -> Any:
    """Read and parse one YAML file. ``display`` is the name used in messages (default: the path)."""
    path = Path(path)
    name = display or str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError("file not found", name) from None
    except IsADirectoryError:
        raise DataError("is a folder, not a YAML file", name) from None
    except OSError as exc:
        raise DataError(f"cannot read file: {exc.strerror}", name) from None
    if len(raw) > MAX_BYTES:
        raise DataError(f"file is too large ({len(raw)} bytes; at most {MAX_BYTES})", name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError("not UTF-8 text", name, line) from None
    return loads(text, name)
