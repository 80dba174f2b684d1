"""Game folders made from the format itself (generator/model/format.py, what ``pnpforge schema``
writes), for the property that "validate ok" means the build succeeds (issue 34, section 3).

Each folder is one game of every component kind: its keys a random choice of every key the format
declares for a component, a face, an item and an element, each value made for its key's own schema
(a number in its range, a word of its set, a colour, an id the game defines, a text with markup,
icons and runs of spaces), an ``{{ expression }}`` in keys that take one, and items from a CSV or
.xlsx sheet. Most are refused, each at its line; those that pass validate must build.

    case(seed, n) -> (files, what)      one folder's files (name -> text or bytes), a pure function
"""

from __future__ import annotations

import io
import random
from typing import Any

import generator.build.loading  # noqa: F401 - the component and element kinds the format names
from generator.model import format as fmt
from generator.source.schema import Later, ListOf, Map, MapOf, OneOf, Scalar, resolved

KINDS = ("card", "token", "counter", "hex-tile", "square-tile", "board", "sheet", "die")
HEADER = """format: 1
game: {id: prop, title: Property, author: A, licence: CC0, source: generated, players: [2, 4]}
colours:
  - {id: red, name: Red, fill: "#c62828", cue: R}
  - {id: blue, name: Blue, fill: "#1565c0", ink: "#ffffff", cue: B}
terrain:
  forest: {name: Forest, fill: "#2e7d32", pattern: dots, icon: forest}
  sea: {name: Sea, fill: "#4fc3f7", pattern: waves}
icons:
  gem:
    - {circle: [50, 50, 40]}
texts:
  rule: "Draw a card."
values: {v: 3, c: "#aa3344", word: Rally}
"""
IDS = ["red", "blue", "forest", "sea", "gem", "sword", "rule", "red", "forest", "nope"]
TEXTS = ["Scout", "0", "+3", "  two  spaces ", "**bold** and *italic*", "{icon:gem} gem", "{icon:sword} x",
         "{text:rule}", "line\none", "", "A" * 60, "{icon:nope}", "Ünïcode ★", "12", "x"]
COLOURS = ["#000000", "#ffffff", "#123456", "#c62828", "player", "player-ink", "none", "ink", "contrast", "#12345"]
FIELDS = {"VP": [0, 1, 3], "Cost": ["2", "0", ""], "Art": ["gem", "sword", "forest"]}
EXPRESSIONS = ["{{ v }}", "{{ c }}", "{{ v + 1 }}", "{{ word }}", "{{ 'x' if v else 'y' }}", "{{ nope }}"]
SHEET_EXPRESSIONS = ["{{ VP }}", "{{ Cost }}", "{{ 'x' if VP else 'y' }}", "VP {{ VP }}", "{{ row['Cost'] }}",
                     "{{ VP * 2 }}", "{{ Art }}"]


def case(seed: int, n: int) -> tuple[dict[str, Any], str]:
    """The files of game ``n`` of ``seed`` and a word on what it holds."""
    rng = random.Random(f"format {seed} {n}")
    maker = _Maker(rng)
    components = []
    sheet = rng.random() < 0.35
    for kind in rng.sample(KINDS, rng.randint(1, 3)):
        components.append(maker.component(kind, len(components), sheet))
    files: dict[str, Any] = {"game.yaml": HEADER + "components:\n" + "".join(components)}
    if sheet:
        name, data = _sheet(rng)
        files[name] = data
        files["game.yaml"] = files["game.yaml"].replace("SHEET_FILE", name)
    files["art.svg"] = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="9" height="9"/></svg>'
    return files, f"{len(components)} components{' from a sheet' if sheet else ''}"


def _sheet(rng: random.Random) -> tuple[str, Any]:
    rows = [["Name", "Count", *FIELDS]] + [[f"Item {i}", rng.choice([1, 2, 1, 3, 1, 2, 0, "two"])] +
                                          [rng.choice(v) for v in FIELDS.values()] for i in range(rng.randint(1, 4))]
    if rng.random() < 0.3:
        import openpyxl

        book = openpyxl.Workbook()
        for row in rows:
            book.active.append(row)
        out = io.BytesIO()
        book.save(out)
        return "items.xlsx", out.getvalue()
    return "items.csv", "\n".join(",".join(str(c) for c in row) for row in rows) + "\n"


class _Maker:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.fields = False  # the component's items come from the sheet: its columns are fields

    def component(self, kind: str, index: int, sheet: bool) -> str:
        rng = self.rng
        keys: dict[str, Any] = {"id": f"c{index}", "name": f"Part {index}", "kind": kind}
        size = {"card": {"size": "poker"}, "board": {"size_mm": [rng.choice([80, 150, 420]), 100]},
                "die": {"size_mm": 16, "sides": rng.choice([6, 8, 20])}}.get(kind, {"size_mm": rng.choice([16, 25.4, 40])})
        keys.update(size)
        self.fields = sheet and kind not in ("board", "sheet")
        spec = fmt.COMPONENT
        for key in rng.sample(sorted(spec.keys), rng.randint(0, 2)):
            if key not in keys and key not in ("extend", "pack_with", "generator", "params", "items_csv", "items_from",
                                               "layout", "items"):
                keys[key] = self.value(spec.keys[key].schema, 1, key)
        if kind != "sheet":
            keys["face"] = self.mapping(fmt.FACE, 1, templated=True)
        if kind == "die":
            keys["faces"] = list(range(1, keys["sides"] + 1))
        if kind in ("board", "sheet"):
            keys.pop("items", None)
            if kind == "board":
                keys["elements"] = [self.element() for _ in range(rng.randint(1, 3))]
        elif self.fields:
            keys["items_from"] = "SHEET_FILE"
        else:
            keys["items"] = [self.item() for _ in range(rng.randint(1, 3))]
        return _yaml_item(keys)

    def item(self) -> dict[str, Any]:
        out = self.mapping(fmt.ITEM, 1, templated=True)
        out["count"] = self.rng.choice([1, 1, 2, 3])
        out.setdefault("name", self.rng.choice(TEXTS[:5]))
        return out

    def element(self) -> dict[str, Any]:
        schema = resolved(fmt.ELEMENT)
        kind = self.rng.choice(sorted(schema.keys["type"].schema.json.get("enum", ["text", "box", "line"])))
        out = self.mapping(schema, 2, templated=True, must=("type", "at_mm"))
        out["type"] = kind
        out["at_mm"] = [self.rng.choice([0, 5, 10.5, 30]), self.rng.choice([0, 8, 20])]
        return out

    def mapping(self, schema: Map, depth: int, templated: bool = False, must: tuple = ()) -> dict[str, Any]:
        rng = self.rng
        out: dict[str, Any] = {}
        for key, spec in schema.keys.items():
            if spec.required or key in must:
                out[key] = self.value(spec.schema, depth + 1, key, templated)
        optional = [k for k in sorted(schema.keys) if k not in out]
        for key in rng.sample(optional, min(len(optional), rng.randint(0, 3 if depth <= 2 else 1))):
            out[key] = self.value(schema.keys[key].schema, depth + 1, key, templated)
        for group in schema.exactly_one:
            given = [k for k in group if k in out]
            if not given:
                key = rng.choice(group)
                out[key] = self.value(schema.keys[key].schema, depth + 1, key, templated)
            for extra in given[1:]:
                del out[extra]
        return out

    def value(self, schema: Any, depth: int, key: str = "", templated: bool = False) -> Any:
        rng = self.rng
        schema = schema.get() if isinstance(schema, Later) else schema
        if templated and rng.random() < 0.08:
            return rng.choice(EXPRESSIONS + (SHEET_EXPRESSIONS * 2 if self.fields else []))
        if isinstance(schema, Scalar):
            return self.scalar(schema, key)
        if isinstance(schema, OneOf):
            return self.value(rng.choice(schema.options), depth, key, templated)
        if isinstance(schema, ListOf):
            n = max(schema.min_items, rng.randint(0, 2 if depth < 4 else 0))
            return [self.value(schema.item, depth + 1, key, templated) for _ in range(n)]
        if isinstance(schema, MapOf):
            return {rng.choice(IDS): self.value(schema.value, depth + 1, key, templated) for _ in range(rng.randint(1, 2))}
        if isinstance(schema, Map):
            if depth > 4:
                return {k: self.value(s.schema, depth + 1, k, templated) for k, s in schema.keys.items() if s.required}
            if schema is resolved(fmt.ELEMENT):
                return self.element()
            return self.mapping(schema, depth, templated)
        return rng.choice(TEXTS)

    def scalar(self, schema: Scalar, key: str) -> Any:
        """A value the scalar's own test accepts, tried among values of its kind; now and then one it
        refuses (a refusal is a result too)."""
        rng = self.rng
        j = schema.json or {}
        if "enum" in j:
            return rng.choice(j["enum"])
        lo, hi = j.get("minimum", -5), j.get("maximum", 60)
        lo, hi = max(lo, -200), min(hi, 200)
        pool: list[Any] = [round(rng.uniform(lo, hi), 1), int(rng.uniform(lo, hi)), lo, hi, 0, 1]
        pool += rng.sample(TEXTS, 4) + rng.sample(COLOURS, 3) + rng.sample(IDS, 3) + ["art.svg", True, False]
        if key.endswith("_mm") or key in ("at", "points_mm"):
            pool = [round(rng.uniform(0, 60), 1), 5, 12.5] + pool
        if rng.random() < 0.05:
            return rng.choice(pool)
        rng.shuffle(pool)
        for candidate in pool:
            if schema.test(candidate) is None:
                return candidate
        return pool[0]


def _yaml_item(keys: dict[str, Any]) -> str:
    """A component as a YAML list item (JSON flow style is YAML; numbers and texts as Python writes them)."""
    import json

    return "  - " + json.dumps(keys, ensure_ascii=False) + "\n"
