"""``--format html`` (and every default build): a static page for each kit, ``<game>/index.html``, and
one over every kit built, ``index.html``.

Each component is shown with previews of its faces (JPEG, drawn by the same code as the PDFs, at its
cut size; each distinct picture is one file, which every face showing it refers to), its count, its
size in mm, the files and pages it is printed on, the item notes; the page also carries the credits,
the edition notes, links to every PDF and SVG, and the printing and cutting instructions of the
contents page. No script: plain HTML and CSS from jinja2 templates in
``templates/gallery/``, laid out for a phone first.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ..fileio import write_atomic
from ..layout.page import PRINT_NOTE
from ..layout.textpage import BOTH_SIDES_NOTES, print_notes
from ..model import Component, Game
from ..resources import templates_dir
from .faces import PIECE_KINDS, Face, face_size_mm, item_faces, whole_face
from .raster import Shot, same_picture, take

PREVIEW_DPI = 150.0  # 1.56 pixels a CSS pixel at the real size it is shown at: sharp on a phone
PREVIEW_MAX_PX = 1600  # boards and mats (shown at most about 1,100 CSS pixels wide)
CSS_PX_PER_MM = 96 / 25.4  # the size a face is shown at: its real size on a 96 dpi screen
SHEET_CSS_PX = 210  # text sheets are shown as a small page, this many CSS pixels wide ...
SHEET_DPI = 2 * SHEET_CSS_PX / (210 / 25.4)  # ... drawn at two pixels a CSS pixel (A4 is 210 mm wide)


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
        if comp.kind in PIECE_KINDS and comp.items:
            out.append((comp, item_faces(game, comp)))
        elif comp.kind in ("board", "sheet"):
            out.append((comp, [(whole_face(comp), None)]))
    return out


def _shot(face: Face) -> Shot:
    if face.kind == "sheet":
        return Shot(face, 0.0, SHEET_DPI, encoding="jpeg")
    return Shot(face, 0.0, PREVIEW_DPI, max_px=PREVIEW_MAX_PX, encoding="jpeg")


def _rel(path: Path, base: Path) -> str:
    return path.relative_to(base).as_posix()


def _exists(path: Path, files: dict[Path, bytes]) -> bool:
    return path in files or path.is_file()


def _shots(groups) -> list[Shot]:
    shots: list[Shot] = []
    for comp, pairs in groups:
        for front, back in pairs:
            shots.append(_shot(front))
            if back is not None:
                shots.append(_shot(back))
    return shots


def _picture_path(face: Face) -> Path:
    return Path("gallery") / face.comp.id / f"{face.item}-{face.side}.jpg"


def _distinct(shots: list[Shot]) -> dict[tuple, Shot]:
    """The first shot of each distinct picture (faces that look alike: a deck's shared back, a piece
    kind repeated per player), by what the picture depends on; its face names the picture's file."""
    first: dict[tuple, Shot] = {}
    for shot in shots:
        first.setdefault(same_picture(shot), shot)
    return first


def gallery_pictures(game: Game, components: list[Component], share: int, shares: int) -> dict[str, bytes]:
    """Share ``share`` of ``shares`` of the gallery's distinct pictures (by path in the game's folder):
    every ``shares``-th one, taken in this process."""
    mine = list(_distinct(_shots(_preview_faces(game, components))).values())[share::shares]
    return {_picture_path(shot.face).as_posix(): data for shot, data in zip(mine, take(game, mine, 1))}


def game_gallery(game: Game, components: list[Component], out_root: Path, opts: Any, entry: dict[str, Any],
                 files: dict[Path, bytes], jobs: int | None) -> dict[Path, bytes]:
    """``<game>/index.html`` and its preview images (taken here unless the build's parts took them and
    put them in ``files``; a picture there that repeats another's bytes is taken out of ``files``)."""
    folder = out_root / game.id
    groups = _preview_faces(game, components)
    shots = _shots(groups)
    first = _distinct(shots)
    out: dict[Path, bytes] = {}
    if not all(folder / _picture_path(shot.face) in files for shot in first.values()):
        distinct = list(first.values())
        taken = take(game, distinct, jobs)
        out.update((folder / _picture_path(shot.face), data) for shot, data in zip(distinct, taken))
    # One file a distinct picture. Faces that look alike were taken once (``first``); faces whose looks
    # differ only in what they do not show (the player of a card's plain back, an army unit's two
    # like sides) give the same bytes, and keep the first of their files.
    seen: dict[bytes, Path] = {}
    file_of: dict[tuple, Path] = {}
    for key, shot in first.items():
        path = folder / _picture_path(shot.face)
        kept = seen.setdefault(out[path] if path in out else files[path], path)
        if kept != path:
            out.pop(path, None)
            files.pop(path, None)  # taken by a part of the build: not written either
        file_of[key] = kept
    by_key: dict[str, dict[str, Any]] = {}
    for shot in shots:
        face = shot.face
        rel = file_of[same_picture(shot)].relative_to(folder)  # the one file of every face that shows it
        w_px, h_px = shot.size_px()
        if face.kind == "sheet":
            css_w = float(SHEET_CSS_PX)
        else:
            w_mm, _ = face_size_mm(face, 0.0)
            css_w = w_mm * CSS_PX_PER_MM
        by_key[face.key] = {"src": rel.as_posix(), "width": round(css_w), "height": round(css_w * h_px / w_px),
                            "alt": f"{face.label}, {face.side}"}

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
            where.setdefault(cid, []).append({"file": doc["file"], "link": link, "pages": _ranges(pages)})
    posters = []
    for comp in components:
        if comp.kind == "board":
            p = folder / "poster" / f"{game.id}-{comp.id}-true-size.pdf"
            if _exists(p, files):
                posters.append({"name": comp.name, "link": _rel(p, folder)})

    comps = []
    for comp, pairs in groups:
        items = []
        notes = {i.id: i.note for i in comp.items if getattr(i, "note", "")}
        for front, back in pairs:
            items.append({"name": front.label, "count": front.count, "front": by_key[front.key],
                          "back": by_key[back.key] if back is not None else None,
                          "note": next((n for iid, n in notes.items() if front.item == iid), "")})
        comps.append({"id": comp.id, "name": comp.name, "kind": comp.kind.replace("-", " "),
                      "count": comp.count if comp.kind not in ("board", "sheet") else 1,
                      "size": comp.size_text(long=True), "where": where.get(comp.id, []), "items": items,
                      "double_sided": comp.double_sided, "whole": comp.kind in ("board", "sheet")})

    printing = [PRINT_NOTE + ". Check it with a ruler before you cut."] + print_notes(True)[1:2]
    extras = []
    if _exists(folder / "tts" / f"{game.id}.json", files):
        extras.append({"label": "Tabletop Simulator saved object", "link": f"tts/{game.id}.json"})
    if any(p.parent.parent == folder / "png" for p in files):
        extras.append({"label": "PNG of every face (print-on-demand)", "link": None,
                       "text": f"png/<component>/<item>-front.png, at {getattr(opts, 'dpi', 300):g} dpi"})
    # the picture on the page over all kits: the first board, or else the first piece
    picture = next((pairs[0][0] for c, pairs in groups if c.kind == "board"), groups[0][1][0][0] if groups else None)
    if picture is not None:
        entry["gallery_picture"] = f"{game.id}/{by_key[picture.key]['src']}"
    html = _env().get_template("game.html.j2").render(
        game=game, meta=game.meta, credits=game.credits, notes=game.notes, documents=documents, posters=posters,
        components=comps, printing=printing, duplex_notes=BOTH_SIDES_NOTES[:3],
        single_note=print_notes(False)[-1], extras=extras,
        total=sum(c.count for c in components if c.kind in PIECE_KINDS))
    out[folder / "index.html"] = html.encode("utf-8")
    return out


def _ranges(pages: list[int]) -> str:
    """[3, 4, 5, 9] -> "3-5, 9"."""
    out = []
    pages = sorted(pages)
    start = prev = pages[0]
    for p in pages[1:] + [None]:
        if p is not None and p == prev + 1:
            prev = p
            continue
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
        if p is not None:
            start = prev = p
    return ", ".join(out)


def index_gallery(out_root: Path, entries: list[dict[str, Any]]) -> dict[Path, bytes]:
    """``index.html`` over every kit built (those with a gallery)."""
    games = []
    for e in entries:
        if not e.get("gallery"):
            continue
        thumb = e.get("gallery_picture")
        games.append({"id": e["id"], "title": e["title"], "credits": e["credits"], "link": e["gallery"],
                      "thumb": thumb, "components": len(e["components"]),
                      "pieces": sum(c["count"] for c in e["components"] if c["kind"] not in ("board", "sheet"))})
    if not games:
        return {}
    html = _env().get_template("index.html.j2").render(games=games)
    return {out_root / "index.html": html.encode("utf-8")}


def write_index(out_root: Path, entries: list[dict[str, Any]]) -> None:
    for path, data in index_gallery(out_root, entries).items():
        write_atomic(path, data)
