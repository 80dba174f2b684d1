"""``python3 -m generator`` runs the same command line as the installed ``pnpforge``."""

from .cli.entry import main

main()
