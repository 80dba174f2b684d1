"""terrain-chart: a terrain effects chart, a table whose rows each start with a swatch (the terrain's
fill and pattern as its hexes print, or a hexside or route feature's line) and its name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.colour import mix
from ..art.paint import terrain_pattern
from ..art.richtext import draw_text, named_fonts, widest
from ..base.notices import warn
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from .hexgrid import casing_style, feature_style, route_line
from .keys import (
    AT,
    AT_MM,
    FILL,
    FONT,
    HEADER,
    INK,
    LABEL,
    OVER_MAP,
    ROWS,
    SIZE_MM,
    SIZE_PT,
    STROKE,
    WIDTHS,
)
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game


class TerrainChart(Element, kind="terrain-chart"):
    COVERS = True
    NEEDS = ("rows",)  # without them it prints an empty frame
    at_mm: list[float] = field(AT_MM)  # the top-left corner
    at: Any = field(AT)
    over_map: bool = field(OVER_MAP, False)
    size_mm: list[float] = field(SIZE_MM, [100, 40])
    rows: list[Any] | None = field(ROWS)
    header: list[Any] | None = field(HEADER)
    widths: list[float] | None = field(WIDTHS)  # the columns' relative widths (default: equal)
    label: Any = field(LABEL)  # a heading over the chart
    size_pt: float = field(SIZE_PT, 9)  # the largest size; smaller to fit
    font: str | None = field(FONT)
    ink: str | None = field(INK)
    fill: str = field(FILL, "#ffffff")  # a feature's swatch ground
    stroke: str | None = field(STROKE)  # the frame; default: the ink

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        from ..geometry.hexmap import map_features  # it loads dataclasses: a game without maps never does

        features = {**map_features(game.map_features, "hexside"), **map_features(game.map_features, "route")}

        x, y = self.at_mm[:2]
        w, h = self.size_mm[:2]
        ink = self.ink_or(ink)
        fam, base = named_fonts(game, self.font)
        rows = [list(r) if isinstance(r, list) else [r] for r in self.rows or []]
        header = [str(c) for c in self.header or []]
        ncol = max([len(r) for r in rows] + [len(header), 1])
        weights = [float(v) for v in self.widths or []]
        weights = (weights + [1.0] * ncol)[:ncol]
        widths = [w * v / sum(weights) for v in weights]
        xs = [x + sum(widths[:i]) for i in range(ncol)]
        size = float(self.size_pt)
        top = y
        if self.label:
            draw_text(s, x, y + size * 1.08 * MM_PER_PT * 0.95, str(self.label), size * 1.08, ink=ink, family=fam,
                      base="bold", icons=game.icons)
            top += size * 1.08 * MM_PER_PT * 1.5
        lines = len(rows) + (1 if header else 0)
        row_h = (y + h - top) / max(1, lines)
        swatch_h = max(1.5, row_h - 1.0)
        swatch_w = min(swatch_h * 1.7, widths[0] * 0.45)
        cells: list[tuple[float, str, str]] = []  # (width available, text, style) for the size check
        named = []
        for row in rows:
            key = str(row[0]) if row else ""
            t = game.terrain.get(key)
            name = str(t["name"]) if t else str(features.get(key, {}).get("name", key))
            named.append([name] + [str(c) for c in row[1:]])
        for i, head in enumerate(header):
            cells.append((widths[i] - 1.5, head, "bold"))
        for row in named:
            for i, cell in enumerate(row):
                cells.append((widths[i] - 1.5 - (swatch_w + 1.2 if i == 0 else 0), cell, base))
        size = min(size, row_h / MM_PER_PT / 1.3)
        while size > 5 and any(widest(text, size, fam, style) > room for room, text, style in cells):
            size = round(size - 0.25, 2)
        if size < 5 or any(widest(text, size, fam, style) > room + 0.05 for room, text, style in cells):
            warn(self.where, f"the terrain chart's text does not fit its rows at {max(size, 5):g} pt (the smallest "
                             f"allowed); make the chart (size_mm) larger or its words fewer")
            size = max(size, 5)
        rule = Style(stroke=mix(ink, "#ffffff", 0.55), width_mm=0.2)
        cy = top
        if header:
            s.rect(x, cy, w, row_h, Style(fill=mix(ink, "#ffffff", 0.88)))
            for i, head in enumerate(header):
                draw_text(s, xs[i] + 0.8, cy + row_h / 2 + size * MM_PER_PT * 0.35, head, size, ink=ink, family=fam,
                          base="bold", icons=game.icons)
            cy += row_h
        base_fill = self.fill
        for raw, row in zip(rows, named):
            key = str(raw[0]) if raw else ""
            sx, sy = x + 0.6, cy + (row_h - swatch_h) / 2
            box = Path.rect(sx, sy, swatch_w, swatch_h)
            t = game.terrain.get(key)
            if t:
                s.draw(box, Style(fill=t["fill"]))
                terrain_pattern(s, t, box, (sx, sy, sx + swatch_w, sy + swatch_h), t["fill"], ink,
                                step_mm=max(1.2, min(3.0, swatch_h / 2.2)))
            else:
                s.draw(box, Style(fill=base_fill))
                feature = features.get(key)
                if feature:
                    flats = swatch_h * 1.6
                    mid = sy + swatch_h / 2
                    line = feature_style({}, feature, flats)
                    ends = [(sx + 0.4, mid), (sx + swatch_w - 0.4, mid)]
                    with s.saved():
                        s.clip(box)
                        if feature.get("casing"):  # a bordered road's swatch shows its border
                            s.line(*ends[0], *ends[1], casing_style(feature["casing"], line))
                        route_line(s, ends, feature, line, flats)
            s.draw(box, Style(stroke=ink, width_mm=0.2))
            baseline = cy + row_h / 2 + size * MM_PER_PT * 0.35
            for i, cell in enumerate(row):
                tx = xs[i] + (0.6 + swatch_w + 1.2 if i == 0 else 0.8)
                draw_text(s, tx, baseline, cell, size, ink=ink, family=fam, base=base, icons=game.icons)
            cy += row_h
            s.line(x, cy, x + w, cy, rule)
        s.draw(Path.rect(x, top, w, y + h - top), Style(stroke=self.el.get("stroke", ink), width_mm=0.3))
