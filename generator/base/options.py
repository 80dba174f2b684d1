"""How to build a kit: the command line's options (and the config file's), as one record."""

from __future__ import annotations

from dataclasses import dataclass

from .record import Value
from .vocabulary import Duplex, Marks, PieceLayout


@dataclass
class Options(Value):
    """How to build (the command line's options), changed by ``replace``."""

    papers: tuple[str, ...] = ("a4", "letter")
    formats: tuple[str, ...] = ("pdf", "svg")
    seed: int = 1
    duplex: str = Duplex.LONG  # long | short | none: how backs pages are mirrored (none: no backs)
    back_offset_mm: tuple[float, float] = (0.0, 0.0)  # added to every backs page (printer correction)
    layout: str = PieceLayout.DUPLEX  # duplex | gutter-fold (fronts and backs side by side, fold between)
    ink_saver: bool = False
    bleed_mm: float | None = None  # overrides every component's bleed
    marks: str = Marks.CROP  # crop | lines | none
    dpi: float = 300.0  # --format png (and the TTS images, within TTS's 4096 px sheets)
    tts_url_base: str | None = None  # --format tts: where the images will be hosted (default: file:///)
    jobs: int | None = None  # worker processes (--jobs; None: the cores), also for the PNG pictures
    print_shop: bool = False  # --print-shop: one CMYK PDF/X-1a page per face in <game>/print-shop/
    cut_files: bool = False  # --cut-files: registration marks, and an SVG cut file a page of pieces
    orientation: str = "portrait"  # portrait | landscape: the pages (a board's or sheet's own wins)

    @property
    def suffix(self) -> str:
        """Tells the variants apart in file names, so they never overwrite the standard kit."""
        return "-inksaver" if self.ink_saver else ""
