"""Command-line front end of dioses-rules: ``dioses`` and ``dioses-lint``."""
