"""``manifest.json``: each game's (its components, files and documents, written with its kit) and the
summary over every game of a build."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..layout.document import Document
from ..layout.page import Paper
from ..model import Component
from ..source.fileio import write_atomic


def manifest_component(comp: Component) -> dict[str, Any]:
    """A component as the game's manifest lists it."""
    out: dict[str, Any] = {"id": comp.id, "name": comp.name, "kind": comp.kind, "count": comp.count,
                           "size_mm": [round(comp.size_mm[0], 3), round(comp.size_mm[1], 3)],
                           "double_sided": comp.double_sided}
    if comp.items:
        out["items"] = [{"id": i.id, "name": i.name, "count": i.count} for i in comp.items]
    return out


def manifest_doc(doc: Document, paper: Paper) -> dict[str, Any]:
    """A PDF as the game's manifest lists it: its file, paper, pages, and the pages of each component."""
    pages: dict[str, list[int]] = {}
    offset = 2 if doc.duplex else 1
    for n, job in enumerate(doc.pages, start=offset + 1):
        for comp in job.comps:
            pages.setdefault(comp.id, []).append(n)
    return {"file": f"{paper.name}/{doc.stem}.pdf", "paper": paper.name, "duplex": doc.duplex,
            "pages": offset + len(doc.pages), "component_pages": pages}


def manifest_json(entry: dict[str, Any]) -> bytes:
    """A game's ``manifest.json``, as bytes."""
    return (json.dumps(entry, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def manifest_summary(entries: list[dict[str, Any]]) -> bytes:
    """The top-level manifest.json: the summary of this build's games (each game's own manifest went
    in with its kit)."""
    summary = {"games": [{"id": e["id"], "title": e["title"], "manifest": f"{e['id']}/manifest.json"}
                         for e in entries]}
    return (json.dumps(summary, indent=2, sort_keys=True) + "\n").encode("utf-8")


def write_manifest(out_root: Path, entries: list[dict[str, Any]]) -> Path:
    """The top-level manifest.json written on its own (the command line swaps it in with the kits)."""
    return write_atomic(out_root / "manifest.json", manifest_summary(entries))
