"""The words of the data format's closed sets that several of its parts use (pieces, faces, elements)."""

PATTERNS = ("none", "dots", "lines", "hatch", "cross", "waves", "triangles", "bricks")
SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "pentagon")
FONTS = ("regular", "bold", "italic", "bolditalic")
ORIENTATIONS = ("flat", "pointy")
PAGE_ORIENTATIONS = ("portrait", "landscape")  # a board's or sheet's pages (component orientation:)
