"""The card pool: card files on disk (``sources``), the sets and definitions
in play (``registry``), the semantic checks of ``dioses-lint`` (``lint``,
``lint_context``, ``lint_setup``) and loading a checked pool (``load``).
Nothing here knows of boards, scoring or games."""
