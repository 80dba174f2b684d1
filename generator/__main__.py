"""``python3 -m generator`` runs the same command line as the installed ``pnpforge``."""

from .entry import main

main()
