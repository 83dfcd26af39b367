"""Editor support: what a language server says about a card file being
edited (diagnostics, hover, completion, definitions, formatting) and the
Pygments lexer, for a text and a position. No editor protocol here: the
``dioses lsp`` command wires this to pygls (docs/editors.md)."""
