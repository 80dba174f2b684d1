"""Outputs for screens and print shops, all drawn by the same component code as the PDFs:

- ``png``: one PNG a face at a chosen resolution (``faces`` + ``raster``),
- ``tts``: Tabletop Simulator deck sheets, tile and token images and a saved object (``tts``),
- ``html``: a static gallery of each kit and of all kits (``gallery``).

Every face is drawn through :class:`generator.draw.pdf.PdfSurface` onto a page of its own (the cut size
plus its bleed, rounded to whole pixels) and rasterised with pypdfium2: no second renderer.
"""

SCREEN_FORMATS = ("png", "tts", "html")
