"""Names vulture (.ci/run step 5) reports but the program uses.

    .venv/bin/vulture dioses_rules cli/dioses_cli tools/vulture_whitelist.py --min-confidence 80

At 80% confidence vulture reports unused imports, variables and unreachable
code; below that nearly every finding is a dispatcher method (``@x.on``),
a click command or an attrs field, reached by a table, not a name.
"""

# click passes every option to its command: `dioses lsp --stdio` is accepted
# because editors pass it, and means the default.
stdio
