"""``--format html`` (and every default build): a static page for each kit, ``<game>/index.html``, and
one over every kit built, ``index.html``.

Each component is a fold (details/summary: its name, count and kinds; closed, so a phone shows the
whole kit in a few screens) with previews of its faces (JPEG, drawn by the same code as the PDFs, at
its cut size; each distinct picture is one file, which every face showing it refers to; a back every
item shares is shown once, named for its component), its count, its size in mm, the files and pages it
is printed on, the item notes, and each face's PNG where ``--format png`` made one. Every picture links
to a large picture of its own (``-large.jpg``, twice the resolution; a board's own picture); a small script shows it over the page with
next and previous, and without the script the link opens the picture. The page also carries the
credits, the edition notes, links to every PDF and SVG and the TTS saved object with its import steps,
and the printing and cutting instructions of the contents page. HTML and CSS from jinja2 templates in
``templates/gallery/``, laid out for a phone first.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..art.richtext import words
from ..layout.page import PRINT_NOTE
from ..layout.textpage import BOTH_SIDES_NOTES, DICE_NOTE, page_ranges, print_notes
from ..model import Component, Game
from ..model.kinds import Family, Outline, kind_of
from ..source.fileio import write_atomic
from ..source.resources import templates_dir
from .faces import Face, face_size_mm, item_faces, piece_word, whole_face
from .raster import Shot, same_picture, take

PREVIEW_DPI = 150.0  # 1.56 pixels a CSS pixel at the real size it is shown at: sharp on a phone
PREVIEW_MAX_PX = 1600  # boards and mats (shown at most about 1,100 CSS pixels wide)
CSS_PX_PER_MM = 96 / 25.4  # the size a face is shown at: its real size on a 96 dpi screen
SHEET_CSS_PX = 210  # text sheets are shown as a small page, this many CSS pixels wide ...
SHEET_DPI = 2 * SHEET_CSS_PX / (210 / 25.4)  # ... drawn at two pixels a CSS pixel (A4 is 210 mm wide)
# The large view: the face drawn at LARGE times the preview's resolution (a poker card 750 x 1050 px, a
# board at most 3,200 px; a text sheet three times, 1260 x 1782 px), the preview made from it (each
# preview pixel the mean of LARGE x LARGE): one drawing for both
LARGE = 2
SHEET_LARGE = 3


@functools.lru_cache(maxsize=None)
def _env():
    """One environment a process: it keeps its compiled templates (compiling the page's templates took
    longer than rendering them, for every game)."""
    import jinja2  # lazy: a worker that takes the pictures never renders the page

    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / "gallery")),
                              autoescape=True, trim_blocks=True, lstrip_blocks=True,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def _preview_faces(game: Game, components: list[Component]) -> list[tuple[Component, list[tuple[Face, Face | None]]]]:
    out = []
    for comp in components:
        if comp.declaration.pieces and comp.items:
            out.append((comp, item_faces(game, comp)))
        elif comp.declaration.whole:
            out.append((comp, [(whole_face(comp), None)]))
    return out


def _shot(face: Face) -> Shot:
    """The preview's picture as it would be drawn on its own (its size, resolution)."""
    if face.comp.family == Family.SHEET:
        return Shot(face, 0.0, SHEET_DPI, encoding="jpeg")
    return Shot(face, 0.0, PREVIEW_DPI, max_px=PREVIEW_MAX_PX, encoding="jpeg")


def _large(face: Face) -> Shot:
    """The large view's picture, which also makes the preview (``Shot.reduce``). A board's preview is
    its large view: up to 1,600 px, shown on the page at its real size (a phone shows it smaller)."""
    if face.comp.family == Family.BOARD:
        return _shot(face)
    if face.comp.family == Family.SHEET:
        return Shot(face, 0.0, SHEET_DPI * SHEET_LARGE, encoding="jpeg", reduce=SHEET_LARGE)
    return Shot(face, 0.0, PREVIEW_DPI * LARGE, max_px=PREVIEW_MAX_PX * LARGE, encoding="jpeg", reduce=LARGE)


def _preview_px(shot: Shot) -> tuple[int, int]:
    w, h = shot.size_px()
    return (-(-w // shot.reduce), -(-h // shot.reduce))  # Pillow's reduce rounds up


def _rel(path: Path, base: Path) -> str:
    return path.relative_to(base).as_posix()


def _exists(path: Path, files: dict[Path, bytes]) -> bool:
    return path in files or path.is_file()


Named = tuple[Path, Path, Shot]  # a picture's preview and large paths in the game's folder, and its shot


def _one_back(pairs: list[tuple[Face, Face | None]]) -> bool:
    """Whether every item of a component (more than one) shows the same back picture."""
    backs = [b for _, b in pairs]
    return len(backs) > 1 and None not in backs and len({same_picture(_large(b)) for b in backs}) == 1  # type: ignore[arg-type]


def _named(groups) -> list[tuple[Face, Named]]:
    """Every face of the page with its preview and its large picture, in page order. A back that every
    item of its component shows is ``gallery/<component>/back.jpg``, not named for the first item."""
    out = []
    for comp, pairs in groups:
        shared = _one_back(pairs)
        for front, back in pairs:
            for face in (front, back):
                if face is None:
                    continue
                stem = "back" if face.side == "back" and shared else f"{face.item}-{face.side}"
                folder = Path("gallery") / comp.id
                shot = _large(face)
                large = folder / (f"{stem}-large.jpg" if shot.reduce > 1 else f"{stem}.jpg")
                out.append((face, (folder / f"{stem}.jpg", large, shot)))
    return out


def _distinct(named: list[tuple[Face, Named]]) -> dict[tuple, Named]:
    """The first of each distinct picture (faces that look alike: a deck's shared back, a piece kind
    repeated per player), by what the picture depends on; the first names the picture's files."""
    first: dict[tuple, Named] = {}
    for _, pic in named:
        first.setdefault(same_picture(pic[2]), pic)
    return first


def picture_files(path: str, taken: tuple[bytes, bytes] | bytes) -> dict[str, bytes]:
    """The files one taken picture of :func:`picture_shots` makes: its large view at ``path`` and its
    preview (one file for a board)."""
    if isinstance(taken, bytes):
        return {path: taken}
    large, preview = taken
    return {path: large, path[:-len("-large.jpg")] + ".jpg": preview}


def gallery_pictures(game: Game, components: list[Component], share: int, shares: int) -> dict[str, bytes]:
    """Share ``share`` of ``shares`` of the gallery's distinct pictures (by path in the game's folder):
    every ``shares``-th one, taken in this process."""
    mine = list(picture_shots(game, components).items())[share::shares]
    out: dict[str, bytes] = {}
    for (path, _), taken in zip(mine, take(game, [shot for _, shot in mine], 1)):
        out.update(picture_files(path, taken))
    return out


def picture_shots(game: Game, components: list[Component]) -> dict[str, Shot]:
    """Every distinct picture of the gallery, by the path of its large view in the game's folder (what a
    part of the build or ``pnpforge watch`` takes, or finds already taken, before :func:`game_gallery`
    writes the page); :func:`picture_files` gives the files each makes."""
    return {large.as_posix(): shot for _, large, shot in _distinct(_named(_preview_faces(game, components))).values()}


@dataclass
class GalleryPage:
    """A game's gallery page: its files (the page and the pictures taken or renamed here), the files of
    the build it leaves out (a picture that repeats another's bytes), and the picture the page over all
    kits shows for the game (its path in the output folder), if any."""

    files: dict[Path, bytes]
    dropped: set[Path]
    picture: str | None


def game_gallery(game: Game, components: list[Component], out_root: Path, opts: Any, entry: Mapping[str, Any],
                 given: Mapping[Path, bytes], jobs: int | None) -> GalleryPage:
    """``<game>/index.html`` and its preview images (taken here unless the build's parts took them and
    put them in ``given``, the build's files so far, which this reads and does not change)."""
    files = dict(given)  # the build's files as this page leaves them (see GalleryPage.dropped)
    folder = out_root / game.id
    groups = _preview_faces(game, components)
    named = _named(groups)
    first = _distinct(named)
    out: dict[Path, bytes] = {}
    if not all(folder / preview in files and folder / large in files for preview, large, _ in first.values()):
        distinct = list(first.values())
        taken = take(game, [shot for *_, shot in distinct], jobs)
        for (_, large, _), pair in zip(distinct, taken):
            out.update((folder / p, data) for p, data in picture_files(large.as_posix(), pair).items())
    file_of = _one_file_a_picture(first, folder, out, files)
    _name_shared_backs(groups, folder, file_of, out, files)
    by_key = _pictures_by_face(named, file_of, folder, files)
    documents, where = _documents(entry, folder, files)
    posters = [{"name": comp.name, "link": _rel(p, folder)} for comp in components if comp.family == Family.BOARD
               for p in [folder / "poster" / f"{game.id}-{comp.id}-true-size.pdf"] if _exists(p, files)]
    comps = [_component_entry(comp, pairs, by_key, where) for comp, pairs in groups]
    printing = [PRINT_NOTE + ". Check it with a ruler before you cut."] + print_notes(True)[1:2] + \
        ([DICE_NOTE] if any(c.family == Family.DIE and c.spec.get("print") == "net" for c, _ in groups) else [])
    # the picture on the page over all kits: the first board, or else the first piece
    picture = next((pairs[0][0] for c, pairs in groups if c.family == Family.BOARD), groups[0][1][0][0] if groups else None)
    shown = f"{game.id}/{by_key[picture.key]['src']}" if picture is not None else None
    html = _env().get_template("game.html.j2").render(
        game=game, meta=game.meta, credits=words(game.credits), notes=[words(n) for n in game.notes],
        documents=documents, posters=posters,
        components=comps, printing=printing, duplex_notes=BOTH_SIDES_NOTES[:3],
        single_note=print_notes(False)[-1], extras=_extras(game, folder, files, entry, opts), hexes=any(c.outline == Outline.HEX for c, _ in groups),
        duplex=any(c.double_sided for c, _ in groups), visions=_visions(),
        total=sum(c.count for c in components if c.declaration.pieces))
    out[folder / "index.html"] = html.encode("utf-8")
    return GalleryPage(out, {p for p in given if p not in files}, shown)


def _one_file_a_picture(first: dict, folder: Path, out: dict[Path, bytes], files: dict[Path, bytes]
                        ) -> dict[tuple, tuple[Path, Path]]:
    """One file a distinct picture. Faces that look alike were taken once (``first``); faces whose looks
    differ only in what they do not show (the player of a card's plain back, an army unit's two like
    sides) give the same bytes, and keep the first of their files."""
    seen: dict[bytes, tuple[Path, Path]] = {}
    file_of: dict[tuple, tuple[Path, Path]] = {}
    for key, (preview, large, _) in first.items():
        path, big = folder / preview, folder / large
        kept = seen.setdefault(out[path] if path in out else files[path], (path, big))
        if kept[0] != path:
            for p in {path, big}:
                out.pop(p, None)
                files.pop(p, None)  # taken by a part of the build: not written either
        file_of[key] = kept
    return file_of


def _pictures_by_face(named: list, file_of: dict[tuple, tuple[Path, Path]], folder: Path,
                      files: dict[Path, bytes]) -> dict[str, dict[str, Any]]:
    """Each face's picture in the page: its file, size in CSS pixels, words and PNG (if built)."""
    by_key: dict[str, dict[str, Any]] = {}
    png_dir = folder / "png"
    pngs = png_dir.is_dir() or any(p.parent.parent == png_dir for p in files)  # PNGs built, now or before
    rels: dict[Path, str] = {}  # a picture's path in the page (many faces show one picture)
    for face, (_, _, shot) in named:
        kept, big = file_of[same_picture(shot)]  # the one file of every face that shows it
        for p in (kept, big):
            if p not in rels:
                rels[p] = p.relative_to(folder).as_posix()
        w_px, h_px = _preview_px(shot)
        css_w = float(SHEET_CSS_PX) if face.comp.family == Family.SHEET else face_size_mm(face, 0.0)[0] * CSS_PX_PER_MM
        png = None
        if pngs:
            png = png_dir / face.comp.id / f"{face.item}-{face.side}.png"
            if face.side == "back" and not _exists(png, files):  # a back every item shares: written once
                png = png.with_name("back.png")
        by_key[face.key] = {"src": rels[kept], "width": round(css_w), "height": round(css_w * h_px / w_px),
                            "alt": f"{face.label}, {face.side}", "large": rels[big],
                            "png": _rel(png, folder) if png is not None and _exists(png, files) else None}
    return by_key


def _documents(entry: Mapping[str, Any], folder: Path, files: dict[Path, bytes]
               ) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """The kit's PDFs (their SVG pages) and, by component, where its pages are."""
    where: dict[str, list[dict[str, Any]]] = {}
    documents = []
    for doc in entry.get("documents", []):
        pdf = folder / doc["file"]
        paper = doc["paper"]
        stem = Path(doc["file"]).stem
        svgs = [folder / paper / "svg" / f"{stem}-{i:03d}.svg" for i in range(1, doc["pages"] + 1)]
        link = _rel(pdf, folder) if _exists(pdf, files) else None
        documents.append({"file": doc["file"], "link": link, "paper": paper.upper() if paper == "a4" else paper.title(),
                          "pages": doc["pages"], "duplex": doc["duplex"],
                          "svgs": [{"n": i, "link": _rel(p, folder)} for i, p in enumerate(svgs, 1)
                                   if _exists(p, files)]})
        for cid, pages in doc["component_pages"].items():
            where.setdefault(cid, []).append({"file": doc["file"], "link": link, "pages": page_ranges(pages)})
    return documents, where


def _component_entry(comp: Component, pairs: list, by_key: dict[str, dict[str, Any]],
                     where: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    items = []
    notes = {i.id: i.note for i in comp.items if getattr(i, "note", "")}
    backs = [by_key[back.key] for _, back in pairs if back is not None]
    shared_back = None
    if len(pairs) > 1 and len(backs) == len(pairs) and len({b["src"] for b in backs}) == 1:
        # one back for every item: shown once, named for the component
        shared_back = {**backs[0], "alt": f"{comp.name}, back (every {piece_word(comp)})",
                       "png": next((b["png"] for b in backs if b["png"]), None)}
    for front, back in pairs:
        items.append({"name": front.label, "count": front.count, "front": by_key[front.key],
                      "back": by_key[back.key] if back is not None and shared_back is None else None,
                      "note": next((n for iid, n in notes.items() if front.item == iid), "")})
    return {"id": comp.id, "name": comp.name, "kind": comp.kind.replace("-", " "), "count": comp.count,
            "size": comp.size_text(long=True), "where": where.get(comp.id, []), "items": items,
            "shared_back": shared_back, "piece_word": piece_word(comp),
            "double_sided": comp.double_sided, "whole": comp.declaration.whole}


def _extras(game: Game, folder: Path, files: dict[Path, bytes], entry: Mapping[str, Any], opts: Any) -> list[dict[str, Any]]:
    """The kit's other files a player may want: the Tabletop Simulator object, the PNGs."""
    extras: list[dict[str, Any]] = []
    if _exists(folder / "tts" / f"{game.id}.json", files):
        extras.append({"label": "Tabletop Simulator saved object", "link": f"tts/{game.id}.json",
                       "steps": tts_steps(game.id, entry.get("tts", {}).get("url_base", "file:///"))})
    if _exists(folder / "png" / "print-on-demand.txt", files):
        extras.append({"label": "PNG of every face for a print-on-demand shop: the files and quantities, deck by deck",
                       "link": "png/print-on-demand.txt"})
    elif any(p.parent.parent == folder / "png" for p in files):
        extras.append({"label": "PNG of every face (print-on-demand)", "link": None,
                       "text": f"png/<component>/<item>-front.png, at {getattr(opts, 'dpi', 300):g} dpi"})
    return extras


def _name_shared_backs(groups, folder: Path, file_of: dict[tuple, tuple[Path, Path]], out: dict[Path, bytes],
                       files: dict[Path, bytes]) -> None:
    """A back every item of a component shows, pixel for pixel, is ``gallery/<component>/back.jpg`` even
    when the items' backs differ in what is not printed (a player's colour on a plain back)."""
    for comp, pairs in groups:
        keys = [same_picture(_large(b)) for _, b in pairs if b is not None]
        kept = {file_of[k] for k in keys}
        if len(pairs) < 2 or len(keys) != len(pairs) or len(kept) != 1:
            continue
        preview, big = kept.pop()
        target = folder / "gallery" / comp.id / "back.jpg"
        if preview == target:
            continue
        moved = (target, target.with_name("back-large.jpg"))
        for old, new in zip((preview, big), moved):
            out[new] = out.pop(old) if old in out else files.pop(old)
        for k, v in file_of.items():
            if v == (preview, big):
                file_of[k] = moved


def tts_steps(game_id: str, url_base: str) -> list[str]:
    """How to bring the saved object into Tabletop Simulator (docs/tabletop-simulator.md)."""
    steps = [f"Copy tts/{game_id}.json and tts/{game_id}.png into Tabletop Simulator's Saves/Saved Objects "
             "folder (Windows: Documents\\My Games\\Tabletop Simulator; macOS: ~/Library/Tabletop Simulator; "
             "Linux: ~/.local/share/Tabletop Simulator).",
             "In the game: Objects > Saved Objects, then click the kit to put it on the table."]
    if url_base.startswith("file:"):
        steps.append("Its pictures are files on this computer, so only you see them: to play with others, upload "
                     f"the tts folder as URL/{game_id}/ and build again with --tts-url-base URL.")
    else:
        steps.append(f"Its pictures are read from {url_base}: upload this kit's tts folder there first.")
    return steps


def _visions() -> list[dict[str, Any]]:
    """The page's "seen as" choices: each vision's word and its SVG filter's matrix (art/vision.py, the
    simulations validate's colour check uses); normal vision has none."""
    from ..art.vision import Vision, filter_matrix  # lazy: --format html only

    return [{"slug": v.slug, "word": v.word,
             "matrix": " ".join(f"{x:g}" for x in filter_matrix(v)) if v != Vision.NORMAL else ""} for v in Vision]


def _whole(word: str) -> bool:
    """Whether a manifest's kind word is a board's or a sheet's (printed whole, not as pieces)."""
    kind = kind_of(word)
    return kind is not None and kind.whole


def index_gallery(out_root: Path, entries: list[dict[str, Any]]) -> dict[Path, bytes]:
    """``index.html`` over every kit built (those with a gallery)."""
    games = []
    for e in entries:
        if not e.get("gallery"):
            continue
        thumb = e.get("gallery_picture")
        games.append({"id": e["id"], "title": e["title"], "credits": words(e["credits"]), "link": e["gallery"],
                      "thumb": thumb, "components": len(e["components"]),
                      "pieces": sum(c["count"] for c in e["components"] if not _whole(c["kind"]))})
    if not games:
        return {}
    html = _env().get_template("index.html.j2").render(games=games)
    return {out_root / "index.html": html.encode("utf-8")}


def write_index(out_root: Path, entries: list[dict[str, Any]]) -> None:
    for path, data in index_gallery(out_root, entries).items():
        write_atomic(path, data)
