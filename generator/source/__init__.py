"""Reading input safely: YAML with file:line, the declarative checker (schema), expressions in the
jinja2 sandbox (template), pictures a game names, bundled resources, and writing files atomically."""
