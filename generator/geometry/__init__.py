"""Geometry in real units: hexes and hex maps, polyhedra (dice), paper sizes and tiling, SVG path
data and the type scale."""
