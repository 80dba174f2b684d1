"""The command line and the designer's loop: commands, options and pnpforge.yaml, worker processes,
watch and its local server."""
