"""The fuzzers behind tools/fuzz.py (issue #23): hostile inputs (hostile),
what each kind feeds and how it judges the answer (targets, web, lsp), and
the watched, seeded run that writes reproducers (runner)."""
