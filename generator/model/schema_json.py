"""The data format as JSON Schema (draft 2020-12), generated from the same declarative schemas that
``pnpforge validate`` enforces (:mod:`generator.model.format`), so an editor with a YAML language
server (VS Code's YAML extension and others) completes keys, shows each key's meaning, and marks
mistakes as you type. ``pnpforge schema`` writes it; a game file points at it with a first line
``# yaml-language-server: $schema=path/to/pnpforge.schema.json``.

Everything the declarative schema says is carried over: keys and their types, required keys, number
ranges, enumerations, unknown keys refused, "one of these keys" groups, and a generated component's
params by generator. What needs the whole game (an icon or terrain that exists, a hex in its grid)
only ``pnpforge validate`` checks.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..source.schema import Key, ListOf, Map, MapOf, OneOf, Scalar, resolved
from . import format as fmt

SCHEMA_ID = "https://pnpforge.invalid/pnpforge.schema.json"


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}
        self.names: dict[int, str] = {}

    def ref(self, schema: Map) -> dict[str, Any]:
        key = id(schema)
        if key not in self.names:
            base = re.sub(r"[^a-z0-9]+", "-", schema.name.lower()).strip("-") or "mapping"
            name, n = base, 2
            while name in self.defs:
                name, n = f"{base}-{n}", n + 1
            self.names[key] = name
            self.defs[name] = {}  # reserve (recursion safe)
            self.defs[name] = self.map(schema)
        return {"$ref": f"#/$defs/{self.names[key]}"}

    def map(self, schema: Map) -> dict[str, Any]:
        props = {}
        for key, spec in schema.keys.items():
            props[key] = self.key(spec)
            if (schema.templated or spec.templated) and not isinstance(spec.schema, Map):  # {{ }}, {value:, when:}
                props[key] = _templated(props[key], isinstance(spec.schema, Scalar))
        out: dict[str, Any] = {"type": "object", "properties": props}
        required = [k for k, spec in schema.keys.items() if spec.required]
        if required:
            out["required"] = required
        if not schema.open:
            out["additionalProperties"] = False
        if schema.require_any:
            out["allOf"] = [{"anyOf": [{"required": [k]} for k in group]} for group in schema.require_any]
        for group in schema.exactly_one:
            out.setdefault("allOf", []).append({"oneOf": [{"required": [k]} for k in group]})
        for selector, target, options in schema.cases:
            out.setdefault("allOf", [])
            for value, sub in options.items():
                out["allOf"].append({"if": {"properties": {selector: {"const": value}}, "required": [selector]},
                                     "then": {"properties": {target: self.node(sub)}}})
        return out

    def key(self, spec: Key) -> dict[str, Any]:
        node = dict(self.node(spec.schema))
        if spec.doc:
            if "$ref" in node:
                node = {"allOf": [node]}
            node["description"] = spec.doc
        return node

    def node(self, schema: Any) -> dict[str, Any]:
        schema = resolved(schema)
        if isinstance(schema, Map):
            return self.ref(schema)
        if isinstance(schema, MapOf):
            names = schema.key.json if schema.key is not None else {"pattern": "^[a-z0-9][a-z0-9_-]*$"}
            return {"type": "object", "propertyNames": {"pattern": names["pattern"]},
                    "additionalProperties": self.node(schema.value)}
        if isinstance(schema, ListOf):
            out: dict[str, Any] = {"type": "array", "items": self.node(schema.item)}
            if schema.min_items:
                out["minItems"] = schema.min_items
            if schema.single_ok:
                return {"anyOf": [self.node(schema.item), out]}
            return out
        if isinstance(schema, OneOf):
            return {"anyOf": [self.node(o) for o in schema.options]}
        if isinstance(schema, Scalar):
            if schema.json is None:
                return {"description": schema.name}
            return dict(schema.json)
        return {}


TEMPLATE = "\\{\\{.*\\}\\}"


def _templated(node: dict[str, Any], scalar: bool) -> dict[str, Any]:
    """A key's node that also takes a "{{ expression }}" (and, for a plain value, {value: ..., when: ...})."""
    node = dict(node)
    if "anyOf" in node:
        node["anyOf"] = [*node["anyOf"], {"type": "string", "pattern": TEMPLATE}]
        return node
    if "enum" in node or "type" not in node:
        return {**{k: v for k, v in node.items() if k == "description"},
                "anyOf": [{k: v for k, v in node.items() if k != "description"},
                          {"type": "string", "pattern": TEMPLATE}]}
    types = node["type"] if isinstance(node["type"], list) else [node["type"]]
    if "string" not in types:
        types = [*types, "string"]
        node["pattern"] = TEMPLATE
    elif "pattern" in node:
        node["pattern"] = f"(?:{node['pattern']})|{TEMPLATE}"
    if scalar:
        types = [*types, "object"]
        node.update({"properties": {"value": {}, "when": {}}, "required": ["value", "when"],
                     "additionalProperties": False})
    node["type"] = types
    return node


def json_schema() -> dict[str, Any]:
    """The JSON Schema of every game file (game.yaml, or another .yaml file of the game)."""
    b = _Builder()
    game = b.ref(fmt.GAME_FILE)
    part = b.ref(fmt.PART_FILE)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "pnpforge game data",
        "description": "A pnpforge game file: game.yaml (with game:) or another file of the game's folder "
                       "(components, terrain, icons). Generated by `pnpforge schema`; docs/data-format.md "
                       "explains every key.",
        # game.yaml holds game:, any other file of the folder does not (an if/then, not an anyOf, so
        # an editor reports the real mistake rather than "matches neither")
        "if": {"type": "object", "required": ["game"]},
        "then": game,
        "else": part,
        "$defs": dict(sorted(b.defs.items())),
    }


def json_text() -> str:
    return json.dumps(json_schema(), indent=1, sort_keys=False, ensure_ascii=False) + "\n"
