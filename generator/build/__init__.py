"""One build: load a game (with what only the upper layers know), render its parts, stage its files
and swap them into the output folder whole."""
