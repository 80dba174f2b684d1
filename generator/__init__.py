"""pnpforge: print-and-play kits from YAML game data.

data/<game>/*.yaml --load+validate--> model --> components --draw--> Surface --> PDF | SVG
                                                     \\--> layout (sheets, marks, duplex, tiling)
"""

__version__ = "0.1.0"
