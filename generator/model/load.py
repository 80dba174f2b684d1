"""Load a game folder: every ``*.yaml`` in it, checked against :mod:`format`, references resolved,
player copies expanded. All problems are collected and raised together as ``DataErrors``."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..art.colour import ink_for
from ..base.errors import DataError, DataErrors, UsageError, show
from ..base.vocabulary import ORIENTATIONS, PAGE_ORIENTATIONS, Orientation
from ..source.resources import data_dir
from ..source.schema import check
from ..source.yamlsrc import YList, YMap, load_yaml
from . import checks, dice, limits
from . import format as fmt
from .cells import read_cells
from .colourcheck import ink_warnings, pair_warnings
from .edges import EDGE_KEYS, EdgeKinds, expand_edges, read_edge_kinds
from .expand import (
    Sources,
    expand,
    expand_game_drawings,
    needs_expanding,
    templated_files,
)
from .extend import resolve_extends
from .files import (
    DrawingChecks,
    check_files,
    display_path,  # the commands show paths as the model does
    read_fonts,
    svg_tinted,
)
from .fit import check_markers
from .game import Colour, Component, Game, Item
from .ids import canonical_refs, norm, normalise_keys
from .kinds import ComponentKind, Family, Outline, declared, kind_of
from .layouts import resolve_layouts
from .maps import check_elements, check_refs, shared_icons_note, unknown_icon
from .own_icons import resolve_own_icons
from .texts import substitute
from .units import centre, prescale
from .variants import apply_variant

META_TEXTS = ("title", "short", "author", "licence", "source", "publisher")
NOT_FACE = ("count", "back", "id", "note", "colour", "group")  # an item's keys that are not drawn on its face
SAME = "__front__"  # a back face that is drawn as a front (back: same)
MAX_BOARD_MM = 2000.0
SQRT3 = math.sqrt(3.0)
IN_MM = 25.4


def discover_games(root: Path | None = None) -> list[Path]:
    """Bundled game folders (those with a game.yaml), sorted by name."""
    root = root or data_dir()
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "game.yaml").is_file())


def resolve_game(name: str) -> Path:
    """A game id (bundled) or a path to a folder or its game.yaml."""
    path = Path(name)
    if path.is_file() and path.name.endswith((".yaml", ".yml")):
        return path.parent
    if path.is_dir():
        if not (path / "game.yaml").is_file():
            raise UsageError(f"no game.yaml in folder {display_path(path)}")
        return path
    for folder in discover_games():
        if folder.name == name or folder.name == name.replace("-", "_"):
            return folder
    known = ", ".join(p.name for p in discover_games())
    raise UsageError(f"unknown game {show(name)}; bundled games: {known} (or give a folder path)")


def _common_icons(errors: list[DataError]) -> dict[str, Any]:
    path = data_dir() / "icons.yaml"
    if not path.is_file():
        return {}
    doc = load_yaml(path, display_path(path))
    check(doc, fmt.ICONS_FILE, errors, (display_path(path), 1), "")
    return dict(doc.get("icons", {})) if isinstance(doc, dict) else {}


class GameIcons(Mapping):
    """A game's icons: the shared ones (data/icons.yaml), then the game's own (a name of both is the
    game's). The shared file is read and checked the first time any icon is looked up, not for every
    game that names none (most decks)."""

    __slots__ = ("own", "_all")

    def __init__(self, own: dict[str, Any]):
        self.own = own
        self._all: dict[str, Any] | None = None

    def _icons(self) -> dict[str, Any]:
        icons = self._all
        if icons is None:
            errors: list[DataError] = []
            icons = _common_icons(errors)
            if errors:  # the bundled file itself is broken
                raise DataErrors(errors)
            icons.update(self.own)
            self._all = icons
        return icons

    def forget(self) -> None:
        """The game's own icons changed: merge them again when next looked up."""
        self._all = None

    def __getitem__(self, name: str) -> Any:
        return self._icons()[name]

    def __contains__(self, name: object) -> bool:
        return name in self._icons()

    def get(self, name: str, default: Any = None) -> Any:
        return self._icons().get(name, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._icons())

    def __len__(self) -> int:
        return len(self._icons())

    def __repr__(self) -> str:
        return repr(self._icons())


NOT_GAME_DATA = ("pnpforge.yaml",)  # the project config (config.py), when a game folder holds it


def _read_files(folder: Path, errors: list[DataError]) -> list[tuple[str, Any]]:
    files = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()
                   and p.name not in NOT_GAME_DATA)
    docs: list[tuple[str, Any]] = []
    main = folder / "game.yaml"
    for path in [main] + [p for p in files if p != main]:
        name = display_path(path)
        try:
            doc = load_yaml(path, name)
        except DataError as exc:
            errors.append(exc)
            continue
        if doc is None:
            errors.append(DataError("file is empty", name, 1))
            continue
        schema = fmt.GAME_FILE if path == main else fmt.PART_FILE
        prescale(doc, errors)  # a component's units: px or in, read as millimetres from here on
        check(doc, schema, errors, (name, 1), "")
        docs.append((name, doc))
    return docs


def read_game(folder: str | Path, drawing: DrawingChecks | None = None, variant: str | None = None,
              ready: Callable[[Game], None] | None = None) -> Game:
    """Read and check the game in ``folder`` (as its ``variant``, if given); with ``drawing``, also what
    only the drawing side can check (:func:`generator.build.loading.load_game` hands it in). Raises
    DataErrors listing every problem. ``ready(game)``: called once the game is whole and nothing is
    refused, before the last checks, which only warn (the game's warnings are then complete when
    this returns)."""
    folder = Path(folder)
    errors: list[DataError] = []
    if not (folder / "game.yaml").is_file():
        raise DataError("no game.yaml here", display_path(folder))
    docs = _read_files(folder, errors)
    if errors:
        raise DataErrors(errors)
    main_name, main = docs[0]
    if variant is not None:
        main = apply_variant(main, variant, errors)
        check(main, fmt.GAME_FILE, errors, (main_name, 1), "")
        docs[0] = (main_name, main)
        if errors:
            raise DataErrors(errors)
    layouts = resolve_layouts([doc for _, doc in docs], errors)
    terrain, icons, comp_specs = _shared_parts(docs, folder, errors)
    substitute(comp_specs, dict(main.get("texts") or {}), errors)
    comp_specs = resolve_extends(comp_specs, errors)
    game = _game(main, variant, folder, terrain, icons, errors, drawing)
    sources = Sources(folder, layouts, dict(main.get("values") or {}), variant or "", game.colours)
    comp_specs = _expanded(comp_specs, sources, game, errors)
    edge_defs = expand_game_drawings(main.get("edge_kinds"), sources, "edge kind", errors)
    _components(comp_specs, game, read_edge_kinds(edge_defs, game.icons, game.terrain, errors), errors)
    checks.check_colours(main, game.colours, errors)
    pairs_at = len(game.warnings)  # the colours that look alike are said here, found last (see below)
    game.warnings.extend(ink_warnings(game, main, errors))
    game.warnings.extend(checks.player_copies(main, game))
    if not limits.check_pieces(game.components, errors):  # before every face is laid out: refused quickly
        raise DataErrors(errors)
    limits.check_work(game, errors)
    if any(limits.SEE in e.message for e in errors):
        raise DataErrors(errors)
    _checks(game, comp_specs, errors, drawing)
    check_markers(game, errors)
    if errors:
        shared_icons_note(errors)
        raise DataErrors(errors)
    for comp in game.components:
        _drop_item_maps(comp)
    if ready is not None:
        ready(game)
    # Colours that look alike, with coloraide's simulations (importing it costs 0.07 s, so a build's
    # workers start on the game first); said where the colour checks are, and then the accepted pairs
    # that no longer come near
    game.warnings[pairs_at:pairs_at] = pair_warnings(game, main)
    game.warnings.extend(game.accepted_colours.unused())
    # a check of a face made from each spreadsheet row finds a layout's problem once a row: said once
    game.warnings[:] = list({str(w): w for w in game.warnings}.values())
    return game


def _shared_parts(docs: list[tuple[str, Any]], folder: Path, errors: list[DataError]
                  ) -> tuple[dict[str, Any], GameIcons, list[YMap]]:
    """The terrain, icons and components of every file of the game, terrain and icons checked."""
    terrain: dict[str, Any] = {}
    own_icons: dict[str, Any] = {}
    icon_where: dict[str, tuple[YMap, Any]] = {}  # where each of the game's own icons is defined
    comp_specs: list[YMap] = []
    for _, doc in docs:
        terrain.update(doc.get("terrain", {}) or {})
        own_icons.update(doc.get("icons", {}) or {})
        for key in doc.get("icons", {}) or {}:
            icon_where[norm(str(key))] = (doc["icons"], key)
        comp_specs.extend(doc.get("components", []) or [])
    terrain = normalise_keys(terrain, "terrain", errors)
    own_icons = normalise_keys(own_icons, "icon", errors)
    canonical_refs(terrain)
    icons = GameIcons(own_icons)
    resolve_own_icons(own_icons, icons, folder, icon_where, errors)
    for tdef in terrain.values():  # a terrain's icon must exist, or its tiles print without it
        if isinstance(tdef, YMap) and isinstance(tdef.get("icon"), str) and tdef["icon"] not in icons:
            errors.append(tdef.error(unknown_icon(tdef["icon"], icons), "icon"))
    return terrain, icons, comp_specs


def _game(main: YMap, variant: str | None, folder: Path, terrain: dict[str, Any], icons: GameIcons,
          errors: list[DataError], drawing: DrawingChecks | None) -> Game:
    """The game record, before its components: its meta, colours, fonts and shared texts."""
    colours = [Colour(norm(c["id"]), str(c["name"]), c["fill"], c.get("ink") or ink_for(c["fill"]), str(c["cue"]),
                      c.get("shape", "circle")) for c in main.get("colours", []) or []]
    meta = dict(main["game"])
    for key in META_TEXTS:  # a title written as a number (title: 1830) is still a text
        if key in meta and not isinstance(meta[key], str):
            meta[key] = str(meta[key])
    game_id = f"{meta['id']}-{variant}" if variant else meta["id"]  # a variant's files carry its name
    game = Game(id=game_id, title=meta["title"], meta=meta, colours=colours, terrain=terrain,
                icons=icons, components=[], folder=str(folder), notes=list(meta.get("notes", [])))
    game.fonts, game.refused_fonts = read_fonts(main, folder, errors, drawing)
    game.texts = {str(k): str(v) for k, v in (main.get("texts") or {}).items()}
    game.map_features = {str(k): dict(v) for k, v in (main.get("map_features") or {}).items()}
    return game


def _expanded(comp_specs: list[YMap], sources: Sources, game: Game, errors: list[DataError]) -> list[YMap]:
    """The components with their templates, layouts and sheets made into plain items; one whose
    templates could not be read is said and left out."""
    templated = templated_files(Path(game.folder))
    unexpanded: set[int] = set()
    comp_specs = [dice.one_die(spec) for spec in comp_specs]  # a die without items: its templates are that die's
    for spec in comp_specs:
        if spec.file in templated and needs_expanding(spec):
            if not expand(spec, sources, errors, game.warnings):
                unexpanded.add(id(spec))
            substitute([spec], game.texts, errors)  # {text:NAME} that a cell or template gave
        canonical_refs(spec)  # ids as written (Heavy Cavalry) in their compared form (heavy-cavalry)
    return [spec for spec in comp_specs if id(spec) not in unexpanded]


def _components(comp_specs: list[YMap], game: Game, edge_kinds: EdgeKinds, errors: list[DataError]) -> None:
    """Each component read into the game (an id given twice is refused at the second)."""
    seen: dict[str, YMap] = {}
    for spec in comp_specs:
        if spec["id"] in seen:
            errors.append(spec.error(f"component id {show(spec['id'])} is used twice "
                                     f"(first at line {seen[spec['id']].line} of {seen[spec['id']].file})"))
            continue
        seen[spec["id"]] = spec
        try:
            comp = _component(dice.prepared(spec, errors), game, errors, edge_kinds)
            game.components.append(dice.finished(comp, game, errors))
        except DataError as exc:
            errors.append(exc)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            # a value of a shape no check expected: refused at its component, never an internal error
            errors.append(spec.error(f"component {show(spec.get('id'))} cannot be read: {type(exc).__name__}: "
                                     f"{show(str(exc))}"))


def _drop_item_maps(comp: Component) -> None:
    """Once a component's items are read and checked, its spec no longer holds their mappings as
    written: each item keeps its own file and line, and a deck of 10,000 cards no longer keeps a second
    copy of every card (the mapping, its lines of keys) for the whole build."""
    spec = comp.spec
    if isinstance(spec, YMap) and isinstance(spec.get("items"), YList) and spec["items"]:
        read = YList()
        read.file, read.line = spec["items"].file, spec["items"].line
        spec["items"] = read


def _checks(game: Game, specs: list[YMap], errors: list[DataError], drawing: DrawingChecks | None) -> None:
    """Keys that would print nothing on their kind, things outside their board, ragged tables,
    pictures, fonts and inline icons that do not exist."""
    for spec in specs:
        check_files(game, spec, errors, drawing)
        checks.check_whole(spec, errors)
    if not errors and drawing is not None:
        drawing.fit_problems(game, errors)
    by_id = {c.id: c for c in game.components}
    for spec in specs:
        word: Any = spec.get("kind")
        kind = kind_of(word)
        family = kind.family if kind is not None else None
        backs = checks.backs_of(spec)
        for face in checks.faces_of(spec):
            checks.check_face_keys(kind, face, errors, back=id(face) in backs)
            if family == Family.CARD:
                checks.check_card_rotate(face, errors)
            comp = by_id.get(spec.get("id") or "")  # no id: no component
            box = None
            if comp is not None and family in (Family.PIECE, Family.CARD):
                w, h = comp.size_mm
                box = (-w / 2, -h / 2, w / 2, h / 2)
            _element_problems(face.get("elements"), box, f"{word}'s face", errors, game.warnings, False, drawing)
        if family == Family.BOARD and spec.get("id") in by_id and not spec.get("per_player"):
            w, h = by_id[spec["id"]].size_mm
            _element_problems(spec.get("elements"), (0.0, 0.0, w, h), "board", errors, game.warnings, False, drawing)
        else:
            _element_problems(spec.get("elements"), None, "board", errors, game.warnings,
                              family == Family.BOARD and bool(spec.get("per_player")), drawing)
        checks.ragged_tables(spec, game.warnings)
    checks.check_pack_with(specs, by_id, errors)
    checks.check_sheet_keys(specs, by_id, errors)


def _size(spec: YMap, kind: ComponentKind) -> tuple[float, float]:
    """A component's size in mm (width, height): a hex's across its corners and flats as it lies."""
    raw_mm = spec.get("size_mm")
    raw_in = spec.get("size_in")
    if raw_mm is not None and raw_in is not None:
        raise spec.error("give size_mm or size_in, not both", "size_in")
    across = raw_in if isinstance(raw_in, dict) else raw_mm if isinstance(raw_mm, dict) else None
    if across is not None:  # a hex measured {flats: X} or {points: X}
        return _hex_across(spec, kind, across, across is raw_in)
    if raw_in is not None:
        raw = [v * IN_MM for v in raw_in] if isinstance(raw_in, list) else raw_in * IN_MM
    else:
        raw = raw_mm
    key = "size_mm" if raw_mm else "size_in"
    if kind.family == Family.CARD:
        return _card_size(spec, raw, key)
    if kind.family == Family.BOARD:
        return _board_size(spec, raw, key if raw_mm else None)
    if kind.family in (Family.SHEET, Family.GENERATED):
        return (float(raw[0]), float(raw[1])) if isinstance(raw, list) else (0.0, 0.0)
    return _piece_size(spec, kind, raw)


def _hex_across(spec: YMap, kind: ComponentKind, across: dict, inches: bool) -> tuple[float, float]:
    key = "size_in" if inches else "size_mm"
    if kind.outline != Outline.HEX:
        raise spec.error(f"{{flats: ...}} and {{points: ...}} measure hexes; a {kind.word}'s {key} is a "
                         f"number or [width, height]", key)
    if len(across) != 1:
        raise spec.error("give a hex's size across the flats or across the points, not both", key)
    from ..geometry.hexmap import flats_of  # a hex size: a deck of cards never loads hexmap

    return _hex_size(spec, flats_of(dict(across), inches=inches))


def _hex_size(spec: YMap, flats: float) -> tuple[float, float]:
    corners = flats * 2 / SQRT3
    return (corners, flats) if spec.get("orientation", Orientation.FLAT) == Orientation.FLAT else (flats, corners)


def _card_size(spec: YMap, raw: Any, key: str) -> tuple[float, float]:
    if raw is None:
        w, h = fmt.NAMED_SIZES_MM[spec.get("size", "poker")]
        return (w, h)
    if not isinstance(raw, list):
        raise spec.error("a card's size is [width, height]", key)
    return (float(raw[0]), float(raw[1]))


def _board_size(spec: YMap, raw: Any, key: str | None) -> tuple[float, float]:
    if not isinstance(raw, list):
        raise spec.error("a board needs size_mm: [width, height]", key)
    if max(raw[0], raw[1]) > MAX_BOARD_MM:
        raise spec.error(f"a board of {raw[0]:.0f} x {raw[1]:.0f} mm is too large to tile for home printing; "
                         f"at most {MAX_BOARD_MM:.0f} mm a side (A0 is 841 x 1189)", "size_mm")
    return (float(raw[0]), float(raw[1]))


def _piece_size(spec: YMap, kind: ComponentKind, raw: Any) -> tuple[float, float]:
    if raw is None:
        raise spec.error(f"a {kind.word} needs a size: size_mm or size_in")
    if isinstance(raw, list):
        if kind.outline in (Outline.HEX, Outline.ROUND):
            raise spec.error(f"a {kind.word}'s size is one number ("
                             f"{'across the flats' if kind.outline == Outline.HEX else 'diameter'})")
        return (float(raw[0]), float(raw[1]))
    flats = float(raw)
    return _hex_size(spec, flats) if kind.outline == Outline.HEX else (flats, flats)


def _face_refs(face: dict[str, Any], where: YMap, game: Game, errors: list[DataError]) -> None:
    terrain = face.get("terrain")
    if terrain is not None and terrain not in game.terrain:
        known = ", ".join(sorted(game.terrain)) or "none defined"
        errors.append(where.error(f"unknown terrain {show(terrain)} (known: {known})", "terrain"))
    icon = face.get("icon")
    if icon is not None and icon not in game.icons:
        errors.append(where.error(unknown_icon(icon, game.icons), "icon"))


def _place(raw: Any) -> str:
    """Where an item is given, as a message names it: line 12 of a YAML or CSV file, or a workbook's row."""
    line = getattr(raw, "line", 0)
    return f"{raw.file}:{line}" if line else str(getattr(raw, "file", ""))


def _label_hint(raw: Any) -> str:
    """For an id a sheet's column gave: how to keep that column as a label only."""
    column = getattr(raw, "labels", {}).get("id")
    if not column or column.startswith("from "):  # a template's place, not a sheet's column
        return ""
    return (f"; if the column {column!r} is only a label, keep it from filling ids: items_from: {{file: ..., "
            f"columns: {{{column}: none}}}}")


def _element_problems(elements: Any, box: tuple[float, float, float, float] | None, what: str,
                      errors: list[DataError], warnings: list[DataError], per_player: bool,
                      drawing: DrawingChecks | None) -> None:
    """What the element kinds find wrong with a list of elements (none given: their drawing not loaded)."""
    if isinstance(elements, YList) and elements:
        fmt.element_kinds().element_problems(elements, box, what, errors, warnings, per_player,
                                             drawing.text_width_mm if drawing is not None else None)


def _component(spec: YMap, game: Game, errors: list[DataError], edge_kinds: EdgeKinds | None = None) -> Component:
    kind = declared(spec["kind"])
    size = _size(spec, kind)
    if kind.family != Family.BOARD:
        centre(spec, size)  # units: px or in: a face's elements from its centre, as every face's are
    defaults = dict(spec.get("face") or {})
    if spec.get("face"):
        _face_refs(defaults, spec["face"], game, errors)
    comp_back = spec.get("back")
    if isinstance(comp_back, YMap):
        _face_refs(comp_back, comp_back, game, errors)
        check_elements(comp_back.get("elements"), errors)
    colours = _players(spec, game, errors)
    _component_keys(spec, kind, game, errors)
    prepared = []
    shared: list[Any] = [None]  # the deck's one back, made once for every item without its own
    ids: dict[str, str] = {}  # an item id -> where it was first given
    for index, raw in enumerate(spec.get("items") or []):
        face = _item_face(raw, defaults, spec, kind, size, game, edge_kinds, errors)
        name = str(raw.get("name") or raw.get("title") or f"{spec['name']} {index + 1}")
        if kind.family == Family.CARD:
            face.setdefault("title", name)
        if raw.get("back") is None and isinstance(comp_back, dict):  # the deck's back: one dict for all
            if shared[0] is None:
                shared[0] = merge_back(face, comp_back, None)
            back_face = shared[0]
        else:
            back_face = merge_back(face, comp_back, raw.get("back"))
        item_id = _item_id(raw, name, spec, ids, errors)
        if raw.get("count", 1) == 0:
            game.warnings.append(raw.error(f"{name} has count: 0 and prints nothing; remove the item or "
                                           f"give it a count", "count"))
        prepared.append((raw, face, back_face, name, item_id))
    items = _player_items(prepared, colours, game, errors) if spec.get("per_player") else \
        [_item(raw, face, back_face, name, item_id, game, errors) for raw, face, back_face, name, item_id in prepared]
    return Component(id=spec["id"], name=str(spec["name"]), kind=kind.word, size_mm=size, items=items, spec=spec,
                     file=spec.file, line=spec.line, orientation=_hex_orientation(spec, kind, errors),
                     corner_mm=float(spec.get("corner_mm", kind.corner_mm)))


def _players(spec: YMap, game: Game, errors: list[DataError]) -> list[Colour]:
    """The player colours a component's pieces are made in (``players:``, else every colour)."""
    colours = game.colours
    if spec.get("players"):
        wanted = spec["players"]
        known = {c.id for c in game.colours}
        for i, cid in enumerate(wanted):
            if cid not in known:
                errors.append(wanted.error(f"unknown player colour {show(cid)}", i))
        colours = [c for c in game.colours if c.id in wanted]
    if spec.get("per_player") and not colours:
        errors.append(spec.error("per_player needs player colours (colours: in game.yaml)", "per_player"))
    return colours


def _component_keys(spec: YMap, kind: ComponentKind, game: Game, errors: list[DataError]) -> None:
    """The component's own elements and keys, checked where they print (or refused where they do not)."""
    folder = Path(game.folder)
    check_elements(spec.get("elements"), errors, folder)
    check_elements((spec.get("face") or {}).get("elements"), errors, folder)
    read_cells(spec.get("elements"), folder, errors)
    if spec.get("elements") is not None and kind.pieces:
        errors.append(spec.error(f"elements at a {kind.word} component print nowhere; give them under face: (on "
                                 f"every piece), back: or an item (on that piece alone)", "elements"))
    if "copies" in spec and not kind.whole:
        errors.append(spec.error(f"copies prints only on a board or a sheet; a {kind.word}'s number of pieces is "
                                 f"each item's count", "copies"))
    check_refs(spec.get("elements"), game.icons, game.terrain, errors, game.map_features)
    check_refs((spec.get("face") or {}).get("elements"), game.icons, game.terrain, errors, game.map_features)
    if kind.family in (Family.PIECE, Family.CARD) and not spec.get("items"):
        errors.append(spec.error(f"a {kind.word} component needs items (each with a count)"))


def _item_face(raw: Any, defaults: dict[str, Any], spec: YMap, kind: ComponentKind, size: tuple[float, float], game: Game,
               edge_kinds: EdgeKinds | None, errors: list[DataError]) -> dict[str, Any]:
    """An item's front: its keys over the component's face (but for those of the item alone), its
    edges drawn out."""
    check_elements(raw.get("elements"), errors)  # an item's own: hexes it places things at, links
    if isinstance(raw.get("back"), dict):
        check_elements(raw["back"].get("elements"), errors)
    _face_refs(raw, raw, game, errors)
    if isinstance(raw.get("back"), dict):
        _face_refs(raw["back"], raw["back"], game, errors)
    face = {**defaults, **raw}
    for key in NOT_FACE:
        if key in raw:
            if key in defaults:
                face[key] = defaults[key]
            else:
                del face[key]
    _tint_on_svg(face, (raw, spec.get("face")), errors)
    item_back, comp_back = raw.get("back"), spec.get("back")
    if isinstance(item_back, dict):
        _tint_on_svg({**(comp_back if isinstance(comp_back, dict) else {}), **item_back}, (item_back, comp_back),
                     errors)
    if any(k in face for k in EDGE_KEYS):
        where = raw if any(k in raw for k in EDGE_KEYS) else spec.get("face") or spec
        face = expand_edges(face, where, kind, str(spec.get("orientation", "flat")), size,
                            edge_kinds or EdgeKinds({}), errors)
    return face


def _tint_on_svg(face: dict[str, Any], layers: tuple[Any, ...], errors: list[DataError]) -> None:
    """``image_tint`` given at one level (an item, its component's face) and an SVG ``image`` at the
    other: an SVG prints in its own colours, so the tint is refused at its line (given together in one
    mapping, the file check refuses it)."""
    image, tint = face.get("image"), face.get("image_tint")
    if not tint or not isinstance(image, str) or not image.lower().endswith(".svg"):
        return
    owner = next((layer for layer in layers if isinstance(layer, dict) and "image_tint" in layer), None)
    if owner is None or "image" in owner or not hasattr(owner, "error"):
        return
    errors.append(owner.error(svg_tinted("image_tint", image, elsewhere=True), "image_tint"))


def _item_id(raw: Any, name: str, spec: YMap, ids: dict[str, str], errors: list[DataError]) -> str:
    """An item's id: its own (each once in the component), else made from its name (numbered if two
    items are named alike)."""
    item_id = norm(str(raw["id"])) if raw.get("id") is not None else _slug(name)
    if item_id in ids:
        if raw.get("id") is not None:
            errors.append(raw.error(f"item id {item_id!r} is used twice in {spec['name']} (first at "
                                    f"{ids[item_id]}); each item needs its own id{_label_hint(raw)}", "id"))
        else:  # two items named alike without ids: number the second
            n = 2
            while f"{item_id}-{n}" in ids:
                n += 1
            item_id = f"{item_id}-{n}"
    ids.setdefault(item_id, _place(raw))
    return item_id


def _player_items(prepared: list[tuple], colours: list[Colour], game: Game, errors: list[DataError]) -> list[Item]:
    """A player's whole set together, colour by colour, so each player's pieces share sheets."""
    items = []
    for colour in colours:
        for raw, face, back_face, name, item_id in prepared:
            if getattr(raw, "player", None) not in (None, colour.id):
                continue  # an item made for another player ({{ player }} in its templates)
            items.append(Item(f"{item_id}-{colour.id}", name, raw.get("count", 1), face, back_face, colour,
                              raw.file, raw.line, str(raw.get("note", "")), str(raw.get("group") or "")))
    return items


def _item(raw: Any, face: dict[str, Any], back_face: Any, name: str, item_id: str, game: Game,
          errors: list[DataError]) -> Item:
    colour = None
    if raw.get("colour"):
        try:
            colour = game.colour(raw["colour"])
        except KeyError:
            errors.append(raw.error(f"unknown player colour {show(raw['colour'])}", "colour"))
    return Item(item_id, name, raw.get("count", 1), face, back_face, colour, raw.file, raw.line,
                str(raw.get("note", "")), str(raw.get("group") or ""))


def _hex_orientation(spec: YMap, kind: ComponentKind, errors: list[DataError]) -> str:
    """A component's hexes' orientation (flat or pointy); ``orientation:`` portrait or landscape is a
    board's or sheet's pages (layout/plan.py) and is refused on other kinds, as flat or pointy is on them."""
    given = spec.get("orientation")
    pages = kind.whole
    if given is not None and (given in PAGE_ORIENTATIONS) != pages:
        if pages:
            message = f"orientation: {given} is for hex tiles; a {kind.word}'s pages are portrait or landscape"
        else:
            message = (f"orientation: {given} is for the pages of a board or sheet (for landscape pages of every "
                       f"kind: build --orientation landscape)")
        errors.append(spec.error(message, "orientation"))
    return Orientation(given) if given in ORIENTATIONS else Orientation.FLAT


def merge_back(face: dict[str, Any], comp_back: Any, item_back: Any) -> dict[str, Any] | None:
    """An item's back merged over its component's back, key by key, as an item's face merges over
    the component's face. ``same`` is the item's own front (marked so it is drawn as a front)."""
    back = comp_back if item_back is None else item_back
    if back in (None, "none"):
        return None
    if back == "same":
        return {**face, SAME: True}
    if item_back is not None and isinstance(comp_back, dict):
        return {**comp_back, **item_back}
    if item_back is not None and comp_back == "same":
        return {**face, **item_back, SAME: True}
    return dict(back)


_NOT_ALNUM = re.compile("[^a-z0-9]+")


def _slug(text: str) -> str:
    if text.isascii():  # most names: the same slug, made by one regular expression
        return _NOT_ALNUM.sub("-", text.lower()).strip("-") or "item"
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in text)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-") or "item"
